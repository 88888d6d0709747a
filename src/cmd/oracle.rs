//! `pdp10 midas-oracle --its CHECKOUT SOURCE...`: the real MIDAS as the
//! assembler's oracle. Each source is assembled twice: by MIT's MIDAS
//! (`bin/minsys/sys/ts.midas` of the user's PDP-10/its checkout) running on
//! the emulated KA10 under the ITS shim, with the command line a user types
//! on ITS, and by `pdp10 midas`. The two binaries' loaded words and start
//! instructions are compared word for word, their DDT symbol tables
//! apart (`oracle_symbols`; the assembly-information block is not
//! compared), and a Markdown table is printed. A relocatable program's
//! files (`RELOCATABLE`, STINK format) are compared whole, word for word,
//! symbols included.
//!
//! Nothing of MIT's is part of the project: the checkout is the user's.

use super::oracle_symbols::{self, DdtTable};
use anyhow::{bail, Context};
use its::{loader, Image, Job, JobConfig, Outcome, Sixbit};
use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `pdp10 midas-oracle`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A PDP-10/its checkout (its `bin/minsys/sys/ts.midas` is MIDAS 433).
    #[arg(long, value_name = "DIR")]
    its: PathBuf,
    /// Where ITS directories are for `.INSRT` (`DIR;FN1 FN2` is
    /// `<root>/dir/fn1.fn2`), for both assemblers.
    #[arg(long, value_name = "DIR")]
    dsk_root: Option<PathBuf>,
    /// The ITS directory the source is put in (real MIDAS's SNAME), for
    /// both assemblers: `.INSRT FOO` without a directory looks there.
    #[arg(long, value_name = "NAME", default_value = "USER")]
    dir: String,
    /// Keep each work folder (the DSK real MIDAS ran on) and print where.
    #[arg(long)]
    keep: bool,
    /// Also write real MIDAS's symbol hash table, as it stands when it
    /// starts the DDT symbol table, to `midas.symtab` in the work folder
    /// (slower: every instruction is watched).
    #[arg(long)]
    symtab: bool,
    /// Text typed at real MIDAS's terminal (answers to the questions some
    /// sources ask with `.TTYMAC`); by default it reads end of input.
    #[arg(long, value_name = "FILE")]
    tty_input: Option<PathBuf>,
    /// Most instructions real MIDAS may run per source.
    #[arg(long, value_name = "N", default_value_t = 2_000_000_000)]
    max_insns: u64,
    /// MIDAS sources.
    #[arg(required = true)]
    sources: Vec<PathBuf>,
}

/// One assembler's result.
enum Result1 {
    /// An SBLK file: what it loads, its DDT symbols, its words.
    Binary(Image, DdtTable, Vec<u64>),
    /// A relocatable (STINK) file's words.
    Relocatable(Vec<u64>),
    /// A `RIM10` or `RIM` file's words.
    ReadIn(Vec<u64>),
    Failed(String),
}

/// Runs `pdp10 midas-oracle`; exit status 0 when every source agrees.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let midas = args.its.join("bin/minsys/sys/ts.midas");
    let midas_bytes = fs::read(&midas).with_context(|| {
        format!(
            "real MIDAS in the PDP-10/its checkout ({})",
            midas.display()
        )
    })?;
    let real_midas =
        loader::load_bytes(&midas_bytes).with_context(|| format!("loading {}", midas.display()))?;
    let dir = Sixbit::new(&args.dir)
        .filter(|s| !s.is_empty() && args.dir.len() <= 6)
        .with_context(|| format!("--dir {:?} is not an ITS name", args.dir))?;
    println!(
        "| source | real MIDAS 433 | pdp10 midas | words identical | first difference | symbols |"
    );
    println!("|---|---|---|---|---|---|");
    let mut all_agree = true;
    for (n, source) in args.sources.iter().enumerate() {
        // Removed when dropped, unless --keep keeps it.
        let folder = tempfile::Builder::new()
            .prefix(&format!("pdp10-oracle-{n}-"))
            .tempdir()
            .context("creating a work folder")?;
        let work = folder.path().to_path_buf();
        // Both assemblers read the same DSK: the source's copy in DIR.
        let (real, ours) = match work_dsk(&args, dir, source, &work) {
            Ok(disk) => (
                real_assembly(&args, &real_midas, &disk),
                our_assembly(&args, &disk, source),
            ),
            Err(e) => (Err(e), Ok(Result1::Failed("-".into()))),
        };
        let (real_text, ours_text) = (describe(&real), describe(&ours));
        let (same, first, symbols) = match (&real, &ours) {
            (Ok(Result1::Binary(r, rs, rw)), Ok(Result1::Binary(o, os, ow))) => {
                let (same, mut first) = compare(r, o);
                if first.is_empty() {
                    // The same memory, also the same file: its blocks, the
                    // start instruction after the symbols.
                    first = compare_files(rw, ow);
                }
                (same, first, oracle_symbols::compare(rs, os))
            }
            (Ok(Result1::Relocatable(r)), Ok(Result1::Relocatable(o)))
            | (Ok(Result1::ReadIn(r)), Ok(Result1::ReadIn(o))) => {
                let (same, first) = compare_words(r, o);
                (same, first, "in the words".into())
            }
            _ => ("-".into(), "-".into(), "-".into()),
        };
        all_agree &= first.is_empty();
        println!(
            "| {} | {real_text} | {ours_text} | {same} | {first} | {} |",
            source.display(),
            symbols.replace('|', "\\|")
        );
        if args.keep {
            let work = folder.keep();
            eprintln!("{}: work folder {}", source.display(), work.display());
        }
    }
    Ok(if all_agree {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn describe(r: &anyhow::Result<Result1>) -> String {
    match r {
        Ok(Result1::Binary(..)) => "assembled".into(),
        Ok(Result1::Relocatable(_)) => "assembled (relocatable)".into(),
        Ok(Result1::ReadIn(_)) => "assembled (read-in mode)".into(),
        Ok(Result1::Failed(why)) => why.replace('|', "\\|"),
        Err(e) => format!("{e:#}").replace('|', "\\|"),
    }
}

/// The host spelling of an ITS name part (PDP-10/its's: `.` is `_`, `_`
/// is `}`), lower case.
fn host_part(its: &str) -> String {
    its.chars()
        .map(|c| match c {
            '.' => '_',
            '_' => '}',
            c => c.to_ascii_lowercase(),
        })
        .collect()
}

/// The DSK both assemblers read: where it is on the host, the folder of
/// the source's ITS directory, and the source's ITS names there.
struct WorkDsk {
    work: PathBuf,
    dir: Sixbit,
    dsk: PathBuf,
    host_dir: PathBuf,
    fn1: String,
    fn2: String,
}

impl WorkDsk {
    /// The source's copy on the DSK.
    fn source(&self) -> PathBuf {
        self.host_dir
            .join(format!("{}.{}", host_part(&self.fn1), host_part(&self.fn2)))
    }
}

/// A fresh DSK: the `--dsk-root` tree (hard links), the folder `sys`, and
/// the source copied into DIR (`--dir`), where real MIDAS finds it as the
/// job's SNAME and where `.INSRT FOO` without a directory looks for both.
fn work_dsk(args: &Args, dir: Sixbit, source: &Path, work: &Path) -> anyhow::Result<WorkDsk> {
    let dsk = work.join("dsk");
    let _ = fs::remove_dir_all(work);
    fs::create_dir_all(&dsk).with_context(|| format!("making {}", dsk.display()))?;
    if let Some(root) = &args.dsk_root {
        link_tree(root, &dsk).with_context(|| format!("copying {}", root.display()))?;
    }
    let host_dir = dsk.join(host_part(&dir.text()));
    fs::create_dir_all(dsk.join("sys"))?;
    fs::create_dir_all(&host_dir)?;
    let base = source
        .file_name()
        .and_then(|f| f.to_str())
        .with_context(|| format!("{} has no file name", source.display()))?;
    let (fn1, fn2) = its::names::its_parts_of_host_name(base);
    if fn1.is_empty() || fn2.is_empty() {
        bail!("{base}: an ITS source needs two names (FOO.MID)");
    }
    let disk = WorkDsk {
        work: work.to_path_buf(),
        dir,
        dsk,
        host_dir,
        fn1,
        fn2,
    };
    let copy = disk.source();
    // The DSK is hard links to `--dsk-root`: when the source is the file
    // already linked there, copying onto the link would truncate the
    // original. Unlink first, so the root is never written.
    let _ = fs::remove_file(&copy);
    fs::copy(source, &copy).with_context(|| format!("reading {}", source.display()))?;
    keep_its_line_ends(&copy)?;
    Ok(disk)
}

/// Writes each host CR LF of the source's copy as CR, byte 356, CR: the
/// same ITS characters (LF CR LF, as itstar writes them and `pdp10
/// midas` reads them), in a form the DSK's text mode does not take for a
/// DOS line end (`its::dsk::host_line_ends`), so real MIDAS reads what
/// ours does (nova;time.machin has such lines).
fn keep_its_line_ends(copy: &Path) -> anyhow::Result<()> {
    let bytes = fs::read(copy).with_context(|| format!("reading {}", copy.display()))?;
    if !bytes.windows(2).any(|w| w == b"\r\n") {
        return Ok(());
    }
    // A LF after a CR (a CR LF pair, or one this makes) becomes 356 CR,
    // the same ITS CR LF: no CR LF is left.
    let mut out: Vec<u8> = Vec::with_capacity(bytes.len() + bytes.len() / 16);
    for &b in &bytes {
        if b == b'\n' && out.last() == Some(&b'\r') {
            out.extend_from_slice(&[0o356, b'\r']);
        } else {
            out.push(b);
        }
    }
    fs::write(copy, out).with_context(|| format!("writing {}", copy.display()))
}

/// Real MIDAS on the work DSK, `SYS;TS MIDAS`, with the command line
/// `FN1 BIN_FN1 FN2`, the job's SNAME being DIR.
fn real_assembly(args: &Args, midas: &Image, disk: &WorkDsk) -> anyhow::Result<Result1> {
    let (fn1, fn2, dsk) = (&disk.fn1, &disk.fn2, &disk.dsk);
    let out_fn2 = if fn2 == "BIN" { "RBIN" } else { "BIN" };
    let jcl = format!("{fn1} {out_fn2}_{fn1} {fn2}");
    let mut config = JobConfig::captured(dsk, "MIDAS", Some(&jcl));
    if let Some(input) = &args.tty_input {
        let typed = fs::read(input).with_context(|| format!("reading {}", input.display()))?;
        config.terminal = its::tty::Terminal::new(
            its::tty::Input::Bytes(typed.into_iter().collect()),
            its::tty::Output::Capture(Vec::new()),
        );
    }
    config.sname = disk.dir;
    config.uname = Sixbit::lossy("USER");
    let before = dir_names(&disk.host_dir);
    let mut job = Job::new(midas, config)?;
    let outcome = if args.symtab {
        let mut dump = super::oracle_symtab::Dump::default();
        let outcome = job.run(args.max_insns, &mut dump)?;
        let lines = dump.lines.unwrap_or_default();
        fs::write(disk.work.join("midas.symtab"), lines.join("\n") + "\n")?;
        outcome
    } else {
        job.run(args.max_insns, &mut ka10::NoTrace)?
    };
    let transcript = String::from_utf8_lossy(&job.take_output()).into_owned();
    fs::write(disk.work.join("midas.out"), &transcript)?;
    if !matches!(outcome, Outcome::Finished { .. }) {
        let why = outcome.message().unwrap_or("stopped").to_string();
        return Ok(Result1::Failed(format!("stopped: {why}")));
    }
    let mut out = disk
        .host_dir
        .join(format!("{}.{}", host_part(fn1), host_part(out_fn2)));
    if !out.exists() {
        // The program named its output itself (`.OFNM2=SIXBIT/STK/`): the
        // one file the run made.
        let made: Vec<_> = dir_names(&disk.host_dir)
            .difference(&before)
            .cloned()
            .collect();
        if let [name] = made.as_slice() {
            out = disk.host_dir.join(name);
        }
    }
    match fs::read(&out) {
        Ok(bytes) if is_relocatable(&bytes) => Ok(Result1::Relocatable(raw_words(&bytes)?)),
        Ok(bytes) => match loader::load_bytes(&bytes) {
            Ok(image) => Ok(Result1::Binary(
                image,
                oracle_symbols::table_of_bytes(&bytes),
                raw_words(&bytes)?,
            )),
            Err(_) if is_read_in(&bytes) => Ok(Result1::ReadIn(raw_words(&bytes)?)),
            Err(e) => Err(e.into()),
        },
        Err(_) => Ok(Result1::Failed(format!(
            "no output; it said: {}",
            transcript.lines().take(3).collect::<Vec<_>>().join(" / ")
        ))),
    }
}

/// The names of the files in `dir`.
fn dir_names(dir: &Path) -> std::collections::BTreeSet<std::ffi::OsString> {
    fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name()).collect())
        .unwrap_or_default()
}

/// Hard-links (or copies) the tree `from` into `to`; links are skipped (a
/// DSK refuses links that leave it).
fn link_tree(from: &Path, to: &Path) -> std::io::Result<()> {
    for entry in fs::read_dir(from)? {
        let entry = entry?;
        let kind = entry.file_type()?;
        let target = to.join(entry.file_name());
        if kind.is_dir() {
            fs::create_dir_all(&target)?;
            link_tree(&entry.path(), &target)?;
        } else if kind.is_file() && fs::hard_link(entry.path(), &target).is_err() {
            fs::copy(entry.path(), &target)?;
        }
    }
    Ok(())
}

/// `pdp10 midas` on the source's copy in the work DSK, with the work DSK
/// as its `--dsk-root`: what real MIDAS reads, ours reads.
/// Its messages name `source`, not the copy.
fn our_assembly(args: &Args, disk: &WorkDsk, source: &Path) -> anyhow::Result<Result1> {
    // The same answers as real MIDAS's terminal gets, one a line.
    let terminal = match &args.tty_input {
        Some(path) => super::midas::terminal_answers(
            fs::File::open(path).with_context(|| format!("reading {}", path.display()))?,
            &path.display().to_string(),
        )?,
        None => Vec::new(),
    };
    let options = midas::Options {
        terminal,
        dsk_root: Some(disk.dsk.clone()),
        user: "USER".into(),
        processor: crate::assembly_op::Ka10Op::processor(),
        ..midas::Options::default()
    };
    // Errors after which the binary is written all the same, as real
    // MIDAS writes its own, leave a binary to compare like real MIDAS's.
    let written = |a: &midas::Assembly| -> anyhow::Result<Result1> {
        Ok(match a.relocatable {
            Some(_) => Result1::Relocatable(raw(&a.output_words())),
            None if a.file.kind != midas::FileKind::Sblk => Result1::ReadIn(raw(&a.output_words())),
            None => {
                // The file written: without symbols after NOSYMS.
                let words = a.output_words();
                Result1::Binary(
                    loader::load_words(&words)?,
                    oracle_symbols::table_of_words(&words),
                    raw(&words),
                )
            }
        })
    };
    match midas::assemble(disk.source(), &midas::FsLoader, &options) {
        Ok(a) => written(&a),
        Err(midas::Error {
            written: Some(a), ..
        }) => written(&a),
        Err(e) => Ok(Result1::Failed(format!(
            "{} errors, first: {}",
            e.diagnostics.len(),
            e.to_string().lines().next().unwrap_or("").replace(
                &disk.source().display().to_string(),
                &source.display().to_string()
            )
        ))),
    }
}

/// Whether an output file is relocatable (STINK format): its first word
/// is a block header of type 1 to 4 rather than an SBLK file's RIM10
/// loader (`-n,,addr` or an instruction, 4.9 or opcode set). A block
/// holds up to 37 (octal) words: 36 and a word that may not be parted
/// from the one before (mudsys;arith's first block, global definitions
/// written before RELOCATABLE on pass 2).
fn is_relocatable(bytes: &[u8]) -> bool {
    let Ok(words) = pdp10_isa::evacuated::decode(bytes) else {
        return false;
    };
    words.first().is_some_and(|w| {
        let w = w.raw();
        (1..=4).contains(&(w >> 25)) && (w >> 18) & 0o177 <= 0o37
    })
}

/// The first difference between two SBLK files whose memory is the same,
/// word by word apart from the assembly-information block (who assembled
/// it, when, on which machine): empty when there is none.
fn compare_files(real: &[u64], ours: &[u64]) -> String {
    let (r, o) = (without_info_block(real), without_info_block(ours));
    match r.iter().zip(&o).position(|(a, b)| a != b) {
        Some(k) => format!("file word {k}: real {:012o} ours {:012o}", r[k], o[k]),
        None if r.len() != o.len() => {
            format!(
                "file: real {} words, ours {} (same memory)",
                r.len(),
                o.len()
            )
        }
        None => String::new(),
    }
}

/// An SBLK file's words without its assembly-information block.
fn without_info_block(words: &[u64]) -> Vec<u64> {
    let info = pdp10_isa::sblk::ASSEMBLY_INFO_BLOCK as u64;
    let Some(jrst1) = words.iter().position(|&w| w == 0o254000_000001) else {
        return words.to_vec();
    };
    let mut out = words[..=jrst1].to_vec();
    let mut i = jrst1 + 1;
    let mut after_start = false;
    while i < words.len() {
        let w = words[i];
        if w >> 35 == 0 {
            // The start instruction.
            after_start = true;
            out.push(w);
            i += 1;
            continue;
        }
        let end = (i + 2 + ((1 << 18) - (w >> 18)) as usize).min(words.len());
        if !(after_start && w & 0o777777 == info) {
            out.extend_from_slice(&words[i..end]);
        }
        i = end;
    }
    out
}

/// The words of a file in the evacuated encoding.
fn raw_words(bytes: &[u8]) -> anyhow::Result<Vec<u64>> {
    Ok(raw(&pdp10_isa::evacuated::decode(bytes)?))
}

fn raw(words: &[pdp10_isa::Word]) -> Vec<u64> {
    words.iter().map(|w| w.raw()).collect()
}

/// Whether a file that is not an SBLK file is in a read-in mode format:
/// RIM10's loader or RIM's `DATAI PTR,address` first.
fn is_read_in(bytes: &[u8]) -> bool {
    let Ok(words) = pdp10_isa::evacuated::decode(bytes) else {
        return false;
    };
    words.first().is_some_and(|w| {
        *w == pdp10_isa::read_in::RIM10_SBLK_LOADER[0]
            || w.raw() >> 18 == pdp10_isa::read_in::DATAI_PTR >> 18
    })
}

/// "N/M" identical words of two relocatable files, compared by position,
/// and the first difference, empty when there is none.
fn compare_words(real: &[u64], ours: &[u64]) -> (String, String) {
    let show = |w: Option<&u64>| {
        w.map_or("-".to_string(), |w| {
            format!("{:06o},,{:06o}", w >> 18, w & 0o777777)
        })
    };
    let n = real.len().max(ours.len());
    let same = (0..n).filter(|&i| real.get(i) == ours.get(i)).count();
    let first = (0..n)
        .find(|&i| real.get(i) != ours.get(i))
        .map(|i| {
            format!(
                "word {i}: real {} ours {}",
                show(real.get(i)),
                show(ours.get(i))
            )
        })
        .unwrap_or_default();
    (format!("{same}/{n}"), first)
}

/// Loaded words by address.
fn memory(image: &Image) -> BTreeMap<u32, u64> {
    let mut m = BTreeMap::new();
    for (address, words) in &image.blocks {
        for (k, w) in words.iter().enumerate() {
            m.insert(address + k as u32, w.raw());
        }
    }
    m
}

/// "N/M" identical words (the start instruction counted as one) and the
/// first difference, empty when there is none.
fn compare(real: &Image, ours: &Image) -> (String, String) {
    let (r, o) = (memory(real), memory(ours));
    let mut addresses: Vec<u32> = r.keys().chain(o.keys()).copied().collect();
    addresses.sort_unstable();
    addresses.dedup();
    let show = |w: Option<&u64>| {
        w.map_or("-".to_string(), |w| {
            format!("{:06o},,{:06o}", w >> 18, w & 0o777777)
        })
    };
    let mut first = String::new();
    let mut same = 0;
    for a in &addresses {
        if r.get(a) == o.get(a) {
            same += 1;
        } else if first.is_empty() {
            first = format!("{a:06o}: real {} ours {}", show(r.get(a)), show(o.get(a)));
        }
    }
    if real.start == ours.start {
        same += 1;
    } else if first.is_empty() {
        first = format!("start: real {:?} ours {:?}", real.start, ours.start);
    }
    (format!("{same}/{}", addresses.len() + 1), first)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_host_cr_lf_is_kept_as_its_lf_cr_lf() {
        let tmp = tempfile::tempdir().unwrap();
        let f = tmp.path().join("t.mid");
        fs::write(&f, b"A\r\nB\n\r\r\n\nC\n").unwrap();
        keep_its_line_ends(&f).unwrap();
        let got = fs::read(&f).unwrap();
        assert_eq!(got, b"A\r\xee\rB\n\r\r\xee\r\xee\rC\n");
        // The same ITS characters as the strict reading of the original.
        let its = |b: &[u8]| pdp10_isa::evacuated::decode(b).unwrap();
        assert_eq!(its(&got), its(b"A\r\nB\n\r\r\n\nC\n"));
        // No CR LF: nothing changes.
        fs::write(&f, b"A\nB\r C\n").unwrap();
        keep_its_line_ends(&f).unwrap();
        assert_eq!(fs::read(&f).unwrap(), b"A\nB\r C\n");
    }

    #[test]
    fn a_relocatable_file_is_told_from_an_sblk_file() {
        let words = |ws: &[u64]| {
            let ws: Vec<pdp10_isa::Word> = ws.iter().map(|&w| pdp10_isa::Word::new(w)).collect();
            pdp10_isa::evacuated::encode(&ws)
        };
        assert!(is_relocatable(&words(&[0o000600_000006, 0o777177_777771])));
        assert!(is_relocatable(&words(&[0o000637_000100])));
        assert!(!is_relocatable(&words(&[0o000640_000100])));
        let sblk: Vec<u64> = pdp10_isa::sblk::RIM10_LOADER
            .iter()
            .map(|w| w.raw())
            .collect();
        assert!(!is_relocatable(&words(&sblk)));
    }

    #[test]
    fn files_are_compared_without_their_assembly_information() {
        // JRST 1, a block of one word at 100, the start, an information
        // block (kind 3), a symbol block (kind 0), the start.
        let file = |who: u64, sym: u64| {
            vec![
                0o254000_000001,
                0o777777_000100,
                5,
                0o11,
                0o254000_000100,
                0o777777_000003,
                who,
                0o22,
                0o777777_000000,
                sym,
                0o33,
                0o254000_000100,
            ]
        };
        assert_eq!(without_info_block(&file(1, 2)).len(), 9);
        assert_eq!(compare_files(&file(1, 2), &file(7, 2)), "");
        assert!(compare_files(&file(1, 2), &file(1, 3)).starts_with("file word 6:"));
        let mut longer = file(1, 2);
        longer.push(0o254000_000100);
        assert!(compare_files(&file(1, 2), &longer).contains("real 9 words, ours 10"));
    }

    #[test]
    fn read_in_files_are_told_from_sblk_files() {
        let words = |ws: &[u64]| {
            let ws: Vec<pdp10_isa::Word> = ws.iter().map(|&w| pdp10_isa::Word::new(w)).collect();
            pdp10_isa::evacuated::encode(&ws)
        };
        assert!(is_read_in(&words(&[0o777761_000000, 0o710600_000060])));
        assert!(is_read_in(&words(&[0o710440_001000, 5])));
        assert!(!is_read_in(&words(&[0o254000_000001])));
    }

    #[test]
    fn relocatable_files_are_compared_by_position() {
        assert_eq!(
            compare_words(&[1, 2, 3], &[1, 2, 3]),
            ("3/3".into(), String::new())
        );
        let (same, first) = compare_words(&[1, 2, 3], &[1, 5]);
        assert_eq!(same, "1/3");
        assert!(
            first.starts_with("word 1: real 000000,,000002 ours 000000,,000005"),
            "{first}"
        );
    }

    fn args(dsk_root: &Path, dir: &str, source: &Path) -> Args {
        Args {
            its: PathBuf::from("unused"),
            dsk_root: Some(dsk_root.to_path_buf()),
            dir: dir.into(),
            keep: false,
            symtab: false,
            tty_input: None,
            max_insns: 1,
            sources: vec![source.to_path_buf()],
        }
    }

    /// The DSK real MIDAS would run on: the root's files, then the source.
    fn disk_for(root: &Path, dir: &str, source: &Path, work: &Path) -> WorkDsk {
        let args = args(root, dir, source);
        work_dsk(&args, Sixbit::lossy(dir), source, work).unwrap()
    }

    /// `.INSRT FOO` without a directory reads FOO from the directory the
    /// source is put in (`--dir`), for ours as for real MIDAS (manual
    /// .INSRT: "If the sname of the file to be inserted is not specified,
    /// that of the file being read"), not from beside the host file.
    #[test]
    fn ours_reads_inserts_from_the_dir_real_midas_runs_in() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("root");
        fs::create_dir_all(root.join("lib")).unwrap();
        fs::write(root.join("lib/foo.1"), "FOO==123\n").unwrap();
        let elsewhere = tmp.path().join("elsewhere");
        fs::create_dir_all(&elsewhere).unwrap();
        // A FOO beside the host file that must not be read.
        fs::write(elsewhere.join("foo.1"), "FOO==456\n").unwrap();
        let source = elsewhere.join("prog.mid");
        fs::write(&source, "TITLE PROG\n.INSRT FOO\nA:\tFOO\nEND A\n").unwrap();

        let disk = disk_for(&root, "LIB", &source, &tmp.path().join("work"));
        assert_eq!(disk.source(), disk.dsk.join("lib/prog.mid"));
        let Ok(Result1::Binary(image, ..)) =
            our_assembly(&args(&root, "LIB", &source), &disk, &source)
        else {
            panic!("ours did not assemble");
        };
        assert_eq!(memory(&image).get(&0o100), Some(&0o123));
        // The root itself is linked, never written.
        assert!(!root.join("lib/prog.mid").exists());
    }

    /// A relocatable program whose only errors are undefined symbols is
    /// written, as real MIDAS writes it (checked with this command: 25/25
    /// words), and compared as a relocatable file, not as SBLK.
    #[test]
    fn a_relocatable_binary_written_despite_errors_is_compared_as_relocatable() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("root");
        fs::create_dir_all(root.join("user")).unwrap();
        let source = tmp.path().join("ru.mid");
        fs::write(
            &source,
            "TITLE RU\nRELOCATABLE\nA: MOVE 1,FOO\nB: JRST A\nEND B\n",
        )
        .unwrap();
        let disk = disk_for(&root, "USER", &source, &tmp.path().join("work"));
        match our_assembly(&args(&root, "USER", &source), &disk, &source) {
            Ok(Result1::Relocatable(words)) => assert!(words.len() > 2, "{words:?}"),
            Ok(Result1::Binary(..) | Result1::ReadIn(_)) => panic!("compared as absolute"),
            Ok(Result1::Failed(why)) => panic!("not written: {why}"),
            Err(e) => panic!("{e}"),
        }
    }

    /// Ours names the user's source in its messages, not the copy.
    #[test]
    fn our_errors_name_the_users_source() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("root");
        fs::create_dir_all(&root).unwrap();
        let source = tmp.path().join("bad.mid");
        // (Not an undefined symbol: after those the binary is written, as
        // real MIDAS writes it.)
        fs::write(&source, "TITLE BAD\n\t1,,2,,3,,4\nEND\n").unwrap();
        let disk = disk_for(&root, "USER", &source, &tmp.path().join("work"));
        let Ok(Result1::Failed(why)) = our_assembly(&args(&root, "USER", &source), &disk, &source)
        else {
            panic!("ours assembled a word with three ,,");
        };
        let shown = format!("first: {}:2:", source.display());
        assert!(why.contains(&shown), "{why}");
    }

    /// `--tty-input` answers ours's `.TTYMAC` as it answers real MIDAS's.
    #[test]
    fn ours_gets_the_terminal_answers_too() {
        let tmp = tempfile::tempdir().unwrap();
        let root = tmp.path().join("root");
        fs::create_dir_all(&root).unwrap();
        let source = tmp.path().join("ask.mid");
        fs::write(
            &source,
            "TITLE ASK\n.TTYMAC X\nY==X\nTERMIN\nA:\tY\nEND A\n",
        )
        .unwrap();
        let answers = tmp.path().join("tty.txt");
        fs::write(&answers, "5\n5\n").unwrap();
        let disk = disk_for(&root, "USER", &source, &tmp.path().join("work"));
        let mut with = args(&root, "USER", &source);
        with.tty_input = Some(answers);
        let Ok(Result1::Binary(image, ..)) = our_assembly(&with, &disk, &source) else {
            panic!("ours did not take the answer");
        };
        assert_eq!(memory(&image).get(&0o100), Some(&5));
    }
}
