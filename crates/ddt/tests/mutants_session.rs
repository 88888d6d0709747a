//! The command reader and the end of a session: ways to leave DDT, octal
//! and decimal numbers, `=` without an argument, a location beyond the
//! job's memory, and a job's files written when DDT kills it or the
//! session ends. Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;
use std::sync::atomic::AtomicBool;

#[test]
fn two_escapes_and_q_or_control_c_leave_ddt() {
    let quiet = AtomicBool::new(false);
    let mut s = session("quit1", COUNT);
    assert_eq!(s.line("\u{1b}\u{1b}Q", &quiet).unwrap(), ddt::Control::Quit);
    let mut s = session("quit2", COUNT);
    assert_eq!(s.line("^C", &quiet).unwrap(), ddt::Control::Quit);
    // Neither one escape and Q (the syllable $Q) nor text does.
    let mut s = session("quit3", COUNT);
    assert_eq!(s.line("\u{1b}Q", &quiet).unwrap(), ddt::Control::Continue);
    assert_eq!(s.line("Q", &quiet).unwrap(), ddt::Control::Continue);
}

#[test]
fn numbers_are_octal_unless_they_end_with_a_point() {
    // "Input radix is always 8 (or 10. for numbers ending in ".")."
    let mut s = session("radix", COUNT);
    let out = typed(&mut s, "12.=\n12=\n9=\n");
    assert_eq!(out, "12.=14   \n12=12   \n9=?   \n");
}

#[test]
fn equals_alone_retypes_the_last_quantity() {
    // $Q is what DDT last found in an opened location; = types it.
    let mut s = session("eq", COUNT);
    let out = typed(&mut s, "HALVES/\n=\n");
    assert_eq!(out, "HALVES/   3,,TEXT   \n=3000121   \n");
}

#[test]
fn a_location_beyond_memory_cannot_be_opened() {
    let mut s = session("nxm", COUNT);
    let out = typed(&mut s, "400000/\n5\n400000/\n");
    assert_eq!(out, "400000/   ?? \n5\n400000/   ?? \n");
}

/// OUTPUT writes "HI" to DSK:OUT TXT and stops without closing it.
const OUTPUT: &str = "TITLE OUTPUT
GO:\t.OPEN 1,[.UAO,,'DSK ? SIXBIT /OUT/ ? SIXBIT /TXT/]
\t .LOSE %LSFIL
\t.IOT 1,[\"H]
\t.IOT 1,[\"I]
\t.VALUE
\t.LOGOUT 1,
END GO
";

/// The job's DSK directory PUZZLE (the job's SNAME) for test `name`.
fn puzzle(name: &str) -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mutants-ddt")
        .join(name)
        .join("puzzle")
}

/// A session over OUTPUT with its directory there.
fn output_session(name: &str) -> Ddt {
    let s = session(name, OUTPUT);
    std::fs::create_dir_all(puzzle(name)).unwrap();
    s
}

fn written(name: &str) -> Option<Vec<u8>> {
    let dir = puzzle(name);
    std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .find(|e| e.file_name().to_string_lossy().to_ascii_lowercase() == "out.txt")
        .map(|e| std::fs::read(e.path()).unwrap())
}

#[test]
fn killing_the_job_closes_its_files() {
    let mut s = output_session("kill-files");
    let out = typed(&mut s, "$G\n:KILL\n");
    assert!(out.contains(".VALUE"), "{out}");
    let text = written("kill-files").expect("OUT TXT written by :KILL");
    assert!(text.starts_with(b"HI"), "{text:?}");
    // Finishing after :KILL changes nothing.
    s.finish().unwrap();
    assert!(written("kill-files").unwrap().starts_with(b"HI"));
}

#[test]
fn ending_the_session_closes_the_files_of_a_live_job() {
    let mut s = output_session("finish-files");
    typed(&mut s, "$G\n");
    s.finish().unwrap();
    let text = written("finish-files").expect("OUT TXT written by finish");
    assert!(text.starts_with(b"HI"), "{text:?}");
}

#[test]
fn a_job_that_logged_out_cannot_be_stepped_or_run() {
    // COUNT stops at its .VALUE, then types 6 and logs out: DDT says
    // :KILL, and there is no job left to step or to execute in.
    let mut s = session("dead", COUNT);
    let out = typed(&mut s, "$G\n$P\n^N\nJFCL$X\n$G\n");
    assert!(out.contains(":KILL   \n"), "{out}");
    assert!(out.ends_with("^N?   \nJFCL$X?   \n$G?   \n"), "{out}");
}
