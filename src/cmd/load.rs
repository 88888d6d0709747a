//! Loading programs, for `run`, `verify` and `boot` alike: a host file is a
//! MIDAS source when its name ends in `.mid` (any case), assembled in
//! memory, and otherwise a binary in the evacuated encoding: SBLK or PDUMP
//! (`its::loader`), or, for `boot` only, a text image (`ka10::image`).
//!
//! [`find`] is the one place where an ITS program name (`TS SUDOKU`) or a
//! host path given on the command line becomes a loaded program.

use anyhow::{bail, Context};
use its::{loader, FileName, Image, Sixbit};
use pdp10_isa::sblk::{Sblk, SblkError};
use std::path::{Path, PathBuf};

/// `asm/sudoku.mid`, built into the binary: `pdp10 verify`'s default
/// program, whatever the current folder.
pub const SUDOKU_SOURCE: &str = include_str!("../../asm/sudoku.mid");

/// Whether `path` names a MIDAS source.
pub fn is_source(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mid"))
}

/// The program in the host file `path`: assembled when it is a source,
/// else read as SBLK or PDUMP.
pub fn load_program(path: &Path) -> anyhow::Result<Image> {
    match load(path, false)? {
        Loaded::Image(image) => Ok(image),
        Loaded::Text(_) => unreachable!("text images are not asked for"),
    }
}

/// The assembly of `text` (named `name` in messages), loaded.
pub fn assemble_text(name: &str, text: &str) -> anyhow::Result<Image> {
    let assembly = midas::assemble_str_with(name, text, &crate::assembly_op::options())
        .with_context(|| format!("assembling {name}"))?;
    loader::load_words(&assembly.sblk_words())
        .with_context(|| format!("loading the assembly of {name}"))
}

/// A program as `boot` takes it.
pub enum Loaded {
    /// A source or a binary.
    Image(Image),
    /// A text image of `ADDR: WORD` lines.
    Text(ka10::image::Image),
}

/// Loads `path`; a file that is neither a source nor SBLK/PDUMP is read
/// as a text image when `text_images` is set.
pub fn load(path: &Path, text_images: bool) -> anyhow::Result<Loaded> {
    let shown = path.display();
    if is_source(path) {
        super::hostio::check_source(path)?;
        let assembly = crate::assembly_op::assemble_file(path)
            .with_context(|| format!("assembling {shown}"))?;
        let image = loader::load_words(&assembly.sblk_words())
            .with_context(|| format!("loading the assembly of {shown}"))?;
        return Ok(Loaded::Image(image));
    }
    let bytes = super::hostio::read_program(path)?;
    let words = pdp10_isa::evacuated::decode(&bytes);
    // Neither PDUMP (first word zero) nor SBLK (no JRST 1 in the loader):
    // a text image, when one is allowed.
    let not_binary = match &words {
        Ok(w) => {
            w.first().is_some_and(|w| w.raw() != 0)
                && matches!(Sblk::parse(w), Err(SblkError::NoJrst1))
        }
        Err(_) => false,
    };
    if text_images && not_binary {
        let text = std::str::from_utf8(&bytes).map_err(|e| not_text(path, &bytes, e))?;
        return match ka10::image::parse(text) {
            Ok(image) => Ok(Loaded::Text(image)),
            Err(e) => bail!("{shown}:{}:{}: {}", e.line, e.column, e.message),
        };
    }
    if text_images && words.is_err() {
        // A text image with a stray byte (Latin-1, say) is no SBLK file.
        if let Err(e) = std::str::from_utf8(&bytes) {
            if looks_like_text_image(&bytes[..e.valid_up_to()]) {
                return Err(not_text(path, &bytes, e));
            }
        }
    }
    let words = words.with_context(|| format!("{shown}: bad SBLK file"))?;
    let (image, warning) =
        loader::load_words_warning(&words).with_context(|| format!("loading {shown}"))?;
    if let Some(w) = warning {
        eprintln!("pdp10: {shown}: {w}");
    }
    Ok(Loaded::Image(image))
}

/// Whether `text` starts as a text image does: its first line that is not
/// blank or a comment is `start:` or `ADDR:`.
fn looks_like_text_image(text: &[u8]) -> bool {
    let text = String::from_utf8_lossy(text);
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with(';') && !l.starts_with('#'));
    first.is_some_and(|l| match l.split_once(':') {
        Some((a, _)) => a == "start" || (!a.is_empty() && a.chars().all(|c| c.is_digit(8))),
        None => false,
    })
}

/// The error for a text image with a byte that is not UTF-8, at its line
/// and column.
fn not_text(path: &Path, bytes: &[u8], e: std::str::Utf8Error) -> anyhow::Error {
    let good = &bytes[..e.valid_up_to()];
    let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
    let column = good.len() - good.iter().rposition(|&b| b == b'\n').map_or(0, |p| p + 1) + 1;
    anyhow::anyhow!(
        "{}:{line}:{column}: byte {:#04x} is not UTF-8 text: neither a text image nor an SBLK file",
        path.display(),
        bytes[e.valid_up_to()]
    )
}

/// Loads `path` (a source, SBLK, PDUMP or a text image) into `cpu`'s
/// memory, for `boot`; returns the start address.
pub fn into_cpu(cpu: &mut ka10::Cpu, path: &Path) -> anyhow::Result<u32> {
    let shown = path.display();
    match load(path, true)? {
        Loaded::Image(image) => {
            for (address, words) in &image.blocks {
                for (i, w) in words.iter().enumerate() {
                    if !cpu.write(address + i as u32, *w) {
                        bail!("{shown}: block at {address:o} extends beyond memory");
                    }
                }
            }
            Ok(image.start_address())
        }
        Loaded::Text(image) => {
            for (address, w) in image.words {
                if !cpu.write(address, w) {
                    bail!("{shown}: address {address:o} is beyond memory");
                }
            }
            Ok(image.start)
        }
    }
}

/// A program found and loaded by [`find`].
pub struct Program {
    /// What goes in core.
    pub image: Image,
    /// The job's name: the program's second file name.
    pub jname: Sixbit,
    /// Where it came from, as DDT's `..RLFI` tells it.
    pub name: FileName,
    /// The host file it was loaded from (DDT reads its symbols there).
    pub path: PathBuf,
}

/// `text` as an ITS name, or an error naming `what`.
pub fn sixbit(text: &str, what: &str) -> anyhow::Result<Sixbit> {
    match Sixbit::new(text) {
        Some(s) if !s.is_empty() && text.chars().count() <= 6 => Ok(s),
        _ => bail!("{what} {text:?} is not an ITS name (one to six SIXBIT characters)"),
    }
}

fn six(text: &str) -> Sixbit {
    Sixbit::new(text).unwrap_or_default()
}

/// Splits command-line words into the program's name (one host path, or
/// the two words of an ITS name) and the JCL words.
pub fn split_program(words: &[String]) -> anyhow::Result<(Vec<String>, &[String])> {
    let Some(first) = words.first() else {
        bail!("no PROGRAM given");
    };
    if first.contains('/') || first.contains('.') {
        return Ok((vec![first.clone()], &words[1..]));
    }
    if first.contains(' ') {
        let parts: Vec<String> = first.split_whitespace().map(str::to_string).collect();
        return Ok((parts, &words[1..]));
    }
    match words.get(1) {
        Some(second) => Ok((vec![first.clone(), second.clone()], &words[2..])),
        None => {
            bail!("PROGRAM is an ITS name in two words (`TS SUDOKU`) or a host path; got {first:?}")
        }
    }
}

/// Finds and loads the program `names` (from [`split_program`]): a host
/// path; or an ITS name, looked up as a DSK file in `sname` then `SYS;`
/// under the folder `dsk`, and for `TS X` found nowhere, the source
/// `asm/x.mid` of that folder, assembled in memory.
pub fn find(names: &[String], dsk: &Path, sname: Sixbit) -> anyhow::Result<Program> {
    if let [host] = names {
        return host_program(Path::new(host), sname);
    }
    let [fn1, fn2] = names else {
        bail!("PROGRAM is an ITS name in two words (`TS SUDOKU`); got {names:?}");
    };
    let fn1 = sixbit(fn1, "file name")?;
    let fn2 = sixbit(fn2, "file name")?;
    let root =
        its::names::DskRoot::new(dsk).with_context(|| format!("DSK folder {}", dsk.display()))?;
    for dir in [sname, six("SYS")] {
        let name = FileName {
            device: six("DSK"),
            dir,
            fn1,
            fn2,
        };
        if let Ok(path) = root.existing_file(&name) {
            let image = load_program(&path)?;
            return Ok(Program {
                image,
                jname: fn2,
                name,
                path,
            });
        }
    }
    let lower = fn2.text().to_ascii_lowercase();
    let source: PathBuf = dsk.join("asm").join(format!("{lower}.mid"));
    if fn1.text() == "TS" && source.is_file() {
        eprintln!(
            "pdp10 run: no {fn1} {fn2} in {sname}; or SYS;, assembling {} in memory",
            source.display()
        );
        let image = load_program(&source)?;
        let name = FileName {
            device: six("DSK"),
            dir: six("ASM"),
            fn1,
            fn2,
        };
        return Ok(Program {
            image,
            jname: fn2,
            name,
            path: source,
        });
    }
    bail!(
        "no file {fn1} {fn2} in {sname}; or SYS; under {} (nor a source asm/{lower}.mid)",
        dsk.display()
    )
}

/// A program given as a host path: `x.mid` runs as `TS X`, `ts.x` as
/// `TS X`, and the job is named after the second name (the first when
/// there is no second).
fn host_program(path: &Path, sname: Sixbit) -> anyhow::Result<Program> {
    let image = load_program(path)?;
    let file = path
        .file_name()
        .and_then(|f| f.to_str())
        .unwrap_or_default();
    let (fn1, fn2) = its::names::its_parts_of_host_name(file);
    let (fn1, fn2) = if is_source(path) {
        ("TS".to_string(), fn1)
    } else {
        (fn1, fn2)
    };
    let jname = Sixbit::lossy(if fn2.is_empty() { &fn1 } else { &fn2 });
    Ok(Program {
        image,
        jname,
        name: FileName {
            device: six("DSK"),
            dir: sname,
            fn1: Sixbit::lossy(&fn1),
            fn2: jname,
        },
        path: path.to_path_buf(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch() -> tempfile::TempDir {
        tempfile::tempdir().unwrap()
    }

    const TINY: &str = "GO:\t.LOGOUT 1,\nEND GO\n";

    #[test]
    fn a_source_is_assembled_whatever_the_case_of_its_extension() {
        let dir = scratch();
        for name in ["a.mid", "b.MID", "c.Mid"] {
            let path = dir.path().join(name);
            std::fs::write(&path, TINY).unwrap();
            let image = load_program(&path).unwrap();
            assert_eq!(image, assemble_text(name, TINY).unwrap(), "{name}");
            assert_eq!(image.start_address(), image.symbols[0].0);
        }
    }

    #[test]
    fn a_binary_loads_as_the_assembly_it_was_written_from() {
        let dir = scratch();
        let path = dir.path().join("ts.tiny");
        let assembly = midas::assemble_str("tiny.mid", TINY).unwrap();
        std::fs::write(&path, assembly.to_bytes()).unwrap();
        assert_eq!(
            load_program(&path).unwrap(),
            assemble_text("tiny.mid", TINY).unwrap()
        );
        // Text is no binary, and only boot reads it as a text image.
        let text = dir.path().join("image.txt");
        std::fs::write(&text, "100: 254200000100\nstart: 100\n").unwrap();
        let err = format!("{:#}", load_program(&text).unwrap_err());
        assert!(err.contains("image.txt"), "{err}");
        assert!(matches!(load(&text, true).unwrap(), Loaded::Text(i) if i.start == 0o100));
    }

    #[test]
    fn boot_loads_sources_binaries_and_text_images_alike() {
        let dir = scratch();
        let source = dir.path().join("tiny.Mid");
        std::fs::write(&source, TINY).unwrap();
        let binary = dir.path().join("tiny.bin");
        std::fs::write(&binary, midas::assemble_str("t", TINY).unwrap().to_bytes()).unwrap();
        let text = dir.path().join("tiny.txt");
        std::fs::write(&text, "; the same\n100: 042040000033\nstart: 100\n").unwrap();
        let image = assemble_text("t", TINY).unwrap();
        assert_eq!(
            image.blocks,
            vec![(0o100, vec![pdp10_isa::Word::new(0o042040_000033)])]
        );
        for path in [&source, &binary, &text] {
            let mut cpu = ka10::Cpu::new(0o1000);
            assert_eq!(
                into_cpu(&mut cpu, path).unwrap(),
                0o100,
                "{}",
                path.display()
            );
            assert_eq!(cpu.read(0o100).unwrap().raw(), 0o042040_000033);
            // Beyond the memory given: an error naming the file.
            let mut small = ka10::Cpu::new(0o100);
            let err = format!("{:#}", into_cpu(&mut small, path).unwrap_err());
            assert!(
                err.contains("beyond memory") && err.contains("tiny"),
                "{err}"
            );
        }
    }

    #[test]
    fn devices_and_huge_files_are_no_programs() {
        let err = format!("{:#}", load_program(Path::new("/dev/zero")).unwrap_err());
        assert_eq!(
            err,
            "/dev/zero is not a regular file (a device?): give a program file"
        );
        let dir = scratch();
        let big = dir.path().join("big.bin");
        let file = std::fs::File::create(&big).unwrap();
        file.set_len(super::super::hostio::MAX_PROGRAM_BYTES + 1)
            .unwrap();
        let err = format!("{:#}", load_program(&big).unwrap_err());
        assert!(err.ends_with("not a PDP-10 program (256K words)"), "{err}");
        let mut cpu = ka10::Cpu::new(0o1000);
        assert!(into_cpu(&mut cpu, dir.path()).is_err());
    }

    #[test]
    fn program_names_resolve_to_a_job_name() {
        let words = |w: &[&str]| w.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let w = words(&["TS", "SUDOKU", "PUZZL1"]);
        let (names, jcl) = split_program(&w).unwrap();
        assert_eq!((names, jcl), (words(&["TS", "SUDOKU"]), &w[2..]));
        let w = words(&["TS SUDOKU", "X"]);
        assert_eq!(split_program(&w).unwrap().0, words(&["TS", "SUDOKU"]));
        let w = words(&["dir/x.MID", "X"]);
        assert_eq!(split_program(&w).unwrap().0, words(&["dir/x.MID"]));
        assert!(split_program(&words(&["SUDOKU"])).is_err());
        assert!(split_program(&[]).is_err());

        let dir = scratch();
        let path = dir.path().join("hello.MID");
        std::fs::write(&path, TINY).unwrap();
        let program = find(&[path.display().to_string()], dir.path(), six("USER")).unwrap();
        assert_eq!(program.jname, six("HELLO"));
        assert_eq!(program.name.fn1, six("TS"));
        let missing = find(&words(&["TS", "NOSUCH"]), dir.path(), six("USER"));
        let err = format!("{:#}", missing.err().unwrap());
        assert!(err.contains("no file TS NOSUCH in USER;"), "{err}");
        assert!(sixbit("TOOLONG", "x").is_err());
        assert!(sixbit("", "x").is_err());
    }

    #[test]
    fn the_built_in_solver_is_the_repository_source() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/asm/sudoku.mid");
        let on_disk = std::fs::read_to_string(path);
        assert_eq!(SUDOKU_SOURCE, on_disk.unwrap());
        assert!(assemble_text("sudoku.mid", SUDOKU_SOURCE).is_ok());
    }
}
