//! End-to-end tests of `pdp10 midas` and `pdp10 disasm`: listings and
//! disassemblies of the programs in `tests/data/midas` (insta snapshots),
//! word-for-word agreement with binaries the real MIDAS wrote, error
//! reports, file naming, and the round trip assemble -> SBLK -> disassemble
//! -> assemble.

use pdp10_isa::sblk::Sblk;
use pdp10_isa::{disassemble, evacuated, NoSymbols, Word};
use std::path::{Path, PathBuf};
use std::process::Command;

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/midas")
        .join(name)
}

/// A fresh empty directory for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("pdp10-midas-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn pdp10(args: &[&str], cwd: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(args)
        .current_dir(cwd)
        .env("SOURCE_DATE_EPOCH", "1524257394")
        .env("USER", "TESTER")
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

/// Assembles a test program with the CLI; returns (listing, disassembly,
/// stderr).
fn assemble_and_disassemble(name: &str) -> (String, String, String) {
    let dir = scratch(name);
    let src = data(&format!("{name}.mid"));
    let out = pdp10(
        &["midas", src.to_str().unwrap(), "--listing", "list.txt"],
        &dir,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listing = std::fs::read_to_string(dir.join("list.txt")).unwrap();
    let ts = dir.join(format!("ts.{name}"));
    assert!(ts.exists(), "default output ts.{name}");
    let dis = pdp10(&["disasm", ts.to_str().unwrap()], &dir);
    assert!(dis.status.success(), "{}", text(&dis.stderr));
    let _ = std::fs::remove_dir_all(&dir);
    (listing, text(&dis.stdout), text(&out.stderr))
}

macro_rules! program_snapshots {
    ($($name:ident),*) => {$(
        #[test]
        fn $name() {
            let (listing, disasm, stderr) = assemble_and_disassemble(stringify!($name));
            insta::assert_snapshot!(concat!(stringify!($name), "_listing"), listing);
            insta::assert_snapshot!(concat!(stringify!($name), "_disasm"), disasm);
            assert!(stderr.contains("words assembled, start address"), "{stderr}");
        }
    )*};
}

program_snapshots!(words, literals, macros, insrt);

/// The words of an evacuated SBLK file.
fn sblk_of(bytes: &[u8]) -> Sblk {
    Sblk::parse(&evacuated::decode(bytes).unwrap()).unwrap()
}

/// Our programs of the kinds real MIDAS assembled give the same loader,
/// data blocks, start instruction, symbol table and file layout, word for
/// word; of the assembly-information block only the user, date, device and
/// directory may differ (they describe the machine the assembly ran on).
#[test]
fn same_words_as_real_midas() {
    for name in ["visib1", "visib2", "visib3"] {
        let real_bytes = std::fs::read(data(&format!("real/{name}.bin"))).unwrap();
        let real = sblk_of(&real_bytes);
        let options = midas::Options {
            user: "ATS".into(),
            time: 1_524_257_394,
            ..midas::Options::default()
        };
        let ours = midas::assemble(data(&format!("{name}.mid")), &midas::FsLoader, &options)
            .unwrap_or_else(|e| panic!("{e}"));
        let mine = &ours.sblk;
        assert_eq!(mine.loader, real.loader, "{name}: RIM10 loader");
        assert_eq!(mine.blocks, real.blocks, "{name}: data blocks");
        assert_eq!(mine.start, real.start, "{name}: start instruction");
        assert_eq!(mine.trailer.len(), 2);
        assert_eq!(mine.trailer[1], real.trailer[1], "{name}: DDT symbol table");
        let (info, real_info) = (&mine.trailer[0], &real.trailer[0]);
        assert_eq!(info.address, 3);
        assert_eq!(info.words.len(), real_info.words.len());
        for k in [0, 1, 4, 5] {
            assert_eq!(info.words[k], real_info.words[k], "{name}: info word {k}");
        }
        assert_eq!(
            info.words[2].left(),
            real_info.words[2].left(),
            "{name}: date"
        );
        // The file's layout: the sample's words, except that the MIDAS that
        // made these samples repeats the start word once more at the end;
        // MIDAS 433 (midas-oracle) and most of PDP-10/its's binaries write
        // it once after the symbol table.
        let (mine_words, real_words) = (ours.sblk_words(), evacuated::decode(&real_bytes).unwrap());
        assert_eq!(mine_words.len() + 1, real_words.len());
        assert_eq!(real_words[real_words.len() - 2..], [real.start, real.start]);
        assert_eq!(mine_words[mine_words.len() - 1], mine.start);
        assert_ne!(mine_words[mine_words.len() - 2], mine.start);
    }
}

/// The evacuated encoder writes real MIDAS binaries back byte for byte.
#[test]
fn evacuated_encoding_of_real_binaries_round_trips() {
    for name in ["visib1", "visib2", "visib3"] {
        let bytes = std::fs::read(data(&format!("real/{name}.bin"))).unwrap();
        assert_eq!(
            evacuated::encode(&evacuated::decode(&bytes).unwrap()),
            bytes,
            "{name}"
        );
    }
}

/// The worked example of the reference: JFCL / JRST 100 / JRST 123 at 100
/// is the block 777775,,100 ... with checksum 267750,,1327.
#[test]
fn worked_example_block() {
    let a = midas::assemble_str("x.mid", "LOC 100\nB: JFCL\nJRST B\nJRST 123\nEND B\n").unwrap();
    let w = a.sblk_words();
    assert_eq!(w[38], Word::new(0o254000_000001));
    let block: Vec<u64> = w[39..44].iter().map(|w| w.raw()).collect();
    assert_eq!(
        block,
        [
            0o777775_000100,
            0o255000_000000,
            0o254000_000100,
            0o254000_000123,
            0o267750_001327
        ]
    );
    assert_eq!(w[44], Word::new(0o254000_000100));
}

#[test]
fn disasm_reads_real_midas_binaries() {
    let dir = scratch("real");
    let out = pdp10(&["disasm", data("real/visib2.bin").to_str().unwrap()], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    insta::assert_snapshot!("real_visib2_disasm", text(&out.stdout));
}

#[test]
fn errors_are_all_reported_with_places_and_no_output() {
    let dir = scratch("errors");
    std::fs::copy(data("errors.mid"), dir.join("errors.mid")).unwrap();
    let out = pdp10(&["midas", "errors.mid"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.join("ts.errors").exists(), "no output on error");
    insta::assert_snapshot!("errors_stderr", text(&out.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_names() {
    let dir = scratch("names");
    std::fs::write(dir.join("Hello.MID"), "GO: JRST GO\nEND GO\n").unwrap();
    let out = pdp10(&["midas", "Hello.MID"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(dir.join("ts.hello").exists());
    assert_eq!(
        text(&out.stderr),
        "ts.hello: 1 words assembled, start address 100\n"
    );
    let out = pdp10(&["midas", "Hello.MID", "-o", "other.bin"], &dir);
    assert!(out.status.success());
    assert!(dir.join("other.bin").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn missing_source_is_a_clear_error() {
    let dir = scratch("missing");
    let out = pdp10(&["midas", "nosuch.mid"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "nosuch.mid: error: no such file\npdp10 midas: 1 error, no output written\n"
    );
}

#[test]
fn undefined_symbols_are_errors_and_the_binary_is_written_as_real_midas_writes_it() {
    // Real MIDAS 433 says "Undefined", takes 0 and writes its binary: so
    // do we, with exit status 1; after any other error, no binary.
    let dir = scratch("undefined");
    std::fs::write(dir.join("u.mid"), "GO: MOVEI 1,FOO\nEND GO\n").unwrap();
    let out = pdp10(&["midas", "u.mid", "-o", "u.bin"], &dir);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let err = text(&out.stderr);
    assert!(err.contains("error: undefined symbol FOO"), "{err}");
    assert!(
        err.contains("the binary is written as real MIDAS writes it"),
        "{err}"
    );
    let words = evacuated::decode(&std::fs::read(dir.join("u.bin")).unwrap()).unwrap();
    let sblk = Sblk::parse(&words).unwrap();
    assert_eq!(sblk.blocks[0].words[0].raw(), 0o201040_000000);
    std::fs::write(dir.join("v.mid"), "GO: MOVEI 1,FOO\n1,,2,,3,,4\nEND GO\n").unwrap();
    let out = pdp10(&["midas", "v.mid", "-o", "v.bin"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no output written"));
    assert!(!dir.join("v.bin").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn output_to_standard_output_and_never_half_written() {
    let dir = scratch("stdout");
    std::fs::write(dir.join("h.mid"), "GO: JRST GO\nEND GO\n").unwrap();
    let out = pdp10(&["midas", "h.mid", "-o", "-"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        !dir.join("-").exists(),
        "`-` is standard output, not a file"
    );
    let words = evacuated::decode(&out.stdout).unwrap();
    assert_eq!(Sblk::parse(&words).unwrap().start_address(), 0o100);
    // Where the binary cannot be put (a folder holding a file is in the
    // way), nothing is left behind: no temporary file, the folder as it was.
    std::fs::create_dir(dir.join("ts.h")).unwrap();
    std::fs::write(dir.join("ts.h/keep"), "x").unwrap();
    let out = pdp10(&["midas", "h.mid"], &dir);
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let mut left: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    left.sort();
    assert_eq!(left, ["h.mid", "ts.h"]);
    assert!(dir.join("ts.h/keep").exists());
    // An old binary is replaced only by a whole new one.
    std::fs::write(dir.join("old.bin"), "old").unwrap();
    // (An error other than an undefined symbol, after which real MIDAS
    // too would write no binary: a word with three `,,`.)
    std::fs::write(dir.join("bad.mid"), "1,,2,,3,,4\nEND\n").unwrap();
    let out = pdp10(&["midas", "bad.mid", "-o", "old.bin"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(std::fs::read(dir.join("old.bin")).unwrap(), b"old");
    let out = pdp10(&["midas", "h.mid", "-o", "old.bin"], &dir);
    assert!(out.status.success());
    assert_eq!(std::fs::read(dir.join("old.bin")).unwrap(), out_bytes(&dir));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The binary `pdp10 midas h.mid -o -` writes.
fn out_bytes(dir: &Path) -> Vec<u8> {
    pdp10(&["midas", "h.mid", "-o", "-"], dir).stdout
}

/// Assemble -> SBLK -> parse -> disassemble -> assemble gives the same words.
#[test]
fn round_trip_through_the_disassembler() {
    for name in ["words", "literals", "macros", "insrt", "visib2"] {
        let a =
            midas::assemble_file(data(&format!("{name}.mid"))).unwrap_or_else(|e| panic!("{e}"));
        let parsed = Sblk::parse(&evacuated::decode(&a.to_bytes()).unwrap()).unwrap();
        assert_eq!(parsed, a.sblk, "{name}: SBLK parse of what was written");
        let mut src = String::new();
        // The disassembler names devices; MIDAS predefines none.
        for (device, code) in pdp10_isa::opcodes::DEVICES {
            src.push_str(&format!("{device}=={code:o}\n"));
        }
        for block in &parsed.blocks {
            src.push_str(&format!("LOC {:o}\n", block.address));
            for w in &block.words {
                src.push_str(&format!("{}\n", disassemble(*w, &NoSymbols)));
            }
        }
        src.push_str(&format!("END {:o}\n", parsed.start_address()));
        let again =
            midas::assemble_str("again.mid", &src).unwrap_or_else(|e| panic!("{name}: {e}\n{src}"));
        for ((addr, w), (addr2, w2)) in a.words.iter().zip(&again.words) {
            assert_eq!(
                (addr, w),
                (addr2, w2),
                "{name}: {:06o} {} reassembled from {:?}",
                addr,
                w,
                disassemble(*w, &NoSymbols).to_string()
            );
        }
        assert_eq!(a.words.len(), again.words.len());
        assert_eq!(again.start, a.start);
    }
}

/// A program assembled here runs on the emulator: `pdp10 midas` then
/// `pdp10 boot` (bare-metal, exec mode) halts where it should with the sum
/// 1+...+10 (67 octal) in AC 1 and in its variable, and a literal's ASCII
/// in AC 3.
#[test]
fn assembled_program_runs_with_boot() {
    let dir = scratch("boot");
    let out = pdp10(&["midas", data("boot.mid").to_str().unwrap()], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let run = pdp10(&["boot", "ts.boot", "--examine", "122-122"], &dir);
    let stdout = text(&run.stdout);
    assert!(run.status.success(), "{stdout}{}", text(&run.stderr));
    assert!(stdout.contains("halted at 000107: HALT 107"), "{stdout}");
    assert!(
        stdout.contains("AC00-03 000000000000 000000000067 000000000000 442131446236"),
        "{stdout}"
    );
    assert!(stdout.contains("000122: 000000000067"), "{stdout}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// `asm/sudoku.mid` is taken by real MIDAS unchanged: no complaint at all
/// (it once used `IBP:`, an instruction, as a label).
#[test]
fn sudoku_mid_assembles_without_complaint() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("asm/sudoku.mid");
    let a = midas::assemble_file(&src).unwrap_or_else(|e| panic!("{e}"));
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
}

/// `.TTYMAC` questions are answered from `--tty FILE`, one line each; with
/// no answers left the assembly fails and says how to give them.
#[test]
fn terminal_answers_from_a_file() {
    let dir = scratch("tty");
    std::fs::write(
        dir.join("q.mid"),
        "IF1 [PRINTX /SIZE? /\n.TTYMAC N\nSIZE==N\nTERMIN\n]\nBLOCK SIZE\nGO: JRST GO\nEND GO\n",
    )
    .unwrap();
    std::fs::write(dir.join("answers"), "10\n").unwrap();
    let out = pdp10(&["midas", "q.mid", "--tty", "answers"], &dir);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("start address 110"),
        "{}",
        text(&out.stderr)
    );
    let out = pdp10(&["midas", "q.mid"], &dir);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("--tty FILE"),
        "{}",
        text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `pdp10 midas` with standard input a pipe that stays open for the
/// whole run unless `answers` are given (then written and closed).
fn midas_with_stdin(dir: &Path, source: &str, answers: Option<&[u8]>) -> std::process::Output {
    use std::io::Write;
    use std::process::Stdio;
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["midas", source])
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stdin = child.stdin.take().unwrap();
    let kept = match answers {
        Some(text) => {
            let mut stdin = stdin;
            stdin.write_all(text).unwrap();
            None
        }
        None => Some(stdin),
    };
    // A run that waits on the open pipe never ends: give it 60 s.
    let started = std::time::Instant::now();
    while child.try_wait().unwrap().is_none() {
        if started.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("pdp10 midas {source} still running after 60 s: it waits on standard input");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    drop(kept);
    child.wait_with_output().unwrap()
}

/// A source without `.TTYMAC` never reads standard input: an open pipe
/// (CI, ssh, `yes |`) must not keep the assembly waiting.
#[test]
fn standard_input_is_not_read_without_ttymac() {
    let dir = scratch("stdin-open");
    std::fs::write(dir.join("one.mid"), "A: 1\nEND A\n").unwrap();
    let out = midas_with_stdin(&dir, "one.mid", None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(dir.join("ts.one").exists());
}

/// A `.TTYMAC` takes its answers from standard input, one a line; bytes
/// that are not text are refused with their line.
#[test]
fn ttymac_answers_come_from_standard_input() {
    let dir = scratch("stdin-ttymac");
    std::fs::write(
        dir.join("ask.mid"),
        ".TTYMAC N\nX==N\nTERMIN\nA: X\nEND A\n",
    )
    .unwrap();
    let out = midas_with_stdin(&dir, "ask.mid", Some(b"5\n5\n")); // one answer a pass
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let words =
        Sblk::parse(&evacuated::decode(&std::fs::read(dir.join("ts.ask")).unwrap()).unwrap())
            .unwrap()
            .blocks
            .iter()
            .flat_map(|b| b.words.clone())
            .map(|w| w.raw())
            .collect::<Vec<_>>();
    assert!(words.contains(&5), "{words:?}");
    let out = midas_with_stdin(&dir, "ask.mid", Some(b"5\n\xff\n"));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(
        text(&out.stderr).contains("standard input:2: byte 0o377 is not text"),
        "{}",
        text(&out.stderr)
    );
}
