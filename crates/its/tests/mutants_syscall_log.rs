//! The system-call log (`pdp10 run --syscalls`, README: one line a call:
//! PC, call, arguments, result; `--registers` adds the ACs before each),
//! in the format of the binary's snapshots (tests/snapshots/tests__run__*),
//! checked here through the crate's own `JobConfig::syscall_log`. Written
//! for mutation testing (docs/mutants.md).

mod mutants_support;
use its::{Job, JobConfig};
use mutants_support::*;
use std::io::Write;
use std::sync::{Arc, Mutex};

/// A writer whose bytes the test can read afterwards.
#[derive(Clone, Default)]
struct Shared(Arc<Mutex<Vec<u8>>>);

impl Write for Shared {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

/// Runs `body` with the log on; its lines.
fn logged(name: &str, body: &str, registers: bool, jcl: Option<&str>) -> Vec<String> {
    let (image, _) = image(&format!("{HEAD}{body}\n"));
    let dsk = scratch(name);
    std::fs::write(dsk.join("puzzle/in.text"), b"AB").unwrap();
    let log = Shared::default();
    let mut config = JobConfig::captured(&dsk, "TEST", jcl);
    config.syscall_log = Some(Box::new(log.clone()));
    config.log_registers = registers;
    let mut job = Job::new(&image, config).unwrap();
    job.run(100_000, &mut ka10::NoTrace).unwrap();
    let text = String::from_utf8(log.0.lock().unwrap().clone()).unwrap();
    text.lines().map(str::to_string).collect()
}

#[test]
fn each_call_is_one_line_with_its_result() {
    let lines = logged(
        "logcalls",
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.OPEN 2,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \t.IOT 2,A\n\
         \t.STATUS 2,B\n\
         \t.ACCESS 2,[1]\n\
         \t.CLOSE 2,\n\
         \t.SUSET [.SMASK,,[%PIIOC]]\n\
         \t.SUSET [.RMASK,,C]\n\
         \t.CALL [SETZ ? SIXBIT /RFNAME/ ? %CLBIT,,5 ? [1] ? SETZM D]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /DELETE/ ? [SIXBIT /DSK/] ? [SIXBIT /NO/] ? SETZ [SIXBIT /SUCH/]]\n\t JFCL\n\
         \t.CORE 1\n\t .LOSE\n\
         \t.LOSE 1004",
        false,
        None,
    );
    assert_eq!(lines.len(), 12, "{lines:#?}");
    let l = &lines;
    assert!(l[0].starts_with("000100  .OPEN 1,"), "{}", l[0]);
    assert!(
        l[0].ends_with("TTY: mode 1 on channel 1 => skip"),
        "{}",
        l[0]
    );
    assert!(
        l[1].ends_with("DSK:PUZZLE;IN TEXT mode 0 on channel 2 => skip"),
        "{}",
        l[1]
    );
    assert!(l[2].starts_with("000104  .IOT 2,1"), "{}", l[2]);
    assert!(l[2].ends_with(" 1/ 000000,,000101 => no skip"), "{}", l[2]);
    assert!(l[3].contains(" status "), "{}", l[3]);
    assert!(
        l[4].ends_with(" channel 2 pointer 1 => no skip"),
        "{}",
        l[4]
    );
    assert!(l[5].ends_with(" channel 2 => no skip"), "{}", l[5]);
    assert!(l[6].contains(" set .SMASK := "), "{}", l[6]);
    assert!(l[7].contains(" .RMASK = "), "{}", l[7]);
    assert!(l[8].contains(" RFNAME ["), "{}", l[8]);
    assert!(l[8].contains(" control 5"), "{}", l[8]);
    assert!(l[8].contains(" -> "), "{}", l[8]);
    assert!(l[8].ends_with(" => skip"), "{}", l[8]);
    assert!(!l[9].contains(" -> "), "{}", l[9]);
    assert!(l[9].contains(" error 4 (FILE NOT FOUND)"), "{}", l[9]);
    assert!(l[9].ends_with(" => no skip"), "{}", l[9]);
    assert!(l[10].ends_with(" 1 pages => skip"), "{}", l[10]);
    assert!(l[11].ends_with(" => stop (exit 2)"), "{}", l[11]);
}

#[test]
fn jumps_interrupts_and_pages_are_noted() {
    let lines = logged(
        "logjumps",
        "LOC 41\n\tJSR UUOH\n\tJSR TSINT\nLOC 100\n\
         GO:\t.BREAK 12,[5,,BUF]\n\
         \t.SUSET [.SMASK,,[%PIIOC]]\n\
         \t.IOT 7,A\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,4 ? SETZI 777773]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,0 ? %CLIMM,,777777 ? SETZI 4]\n\t .LOSE\n\
         \tMOVE A,[SQUOZE 0,.IOT]\n\t.EVAL A,\n\t .LOSE\n\
         \t.IOPUSH 3,\n\
         \t060000,,0\n\
         \t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\t.DISMIS TSINT+1\n\
         UUOH:\t0\n\tJRST 2,@UUOH\nBUF:\tBLOCK 4",
        false,
        Some("HI"),
    );
    let all = lines.join("\n");
    assert!(all.contains(" ..RJCL 2 words at "), "{all}");
    assert!(all.contains(" interrupt 400 to "), "{all}");
    assert!(all.contains(" fresh page 4 => skip"), "{all}");
    assert!(all.contains(" delete page 4 => skip"), "{all}");
    assert!(
        all.contains(".EVAL 1,") && all.contains(" .IOT AC 1 := 040000,,000000 => skip"),
        "{all}"
    );
    assert!(all.contains(" channel 3, depth 1 => no skip"), "{all}");
    assert!(all.contains(" user UUO to "), "{all}");
    assert!(all.contains(" => jump to "), "{all}");
}

#[test]
fn registers_are_logged_before_each_call() {
    let lines = logged(
        "logregs",
        "GO:\tMOVEI A,5\n\tMOVE P,[-1,,7]\n\t.LOGOUT 1,",
        true,
        None,
    );
    assert_eq!(lines.len(), 3, "{lines:#?}");
    assert_eq!(
        lines[0],
        "        ACs 0-7:   0,,0 0,,5 0,,0 0,,0 0,,0 0,,0 0,,0 0,,0"
    );
    assert_eq!(
        lines[1],
        "        ACs 10-17: 0,,0 0,,0 0,,0 0,,0 0,,0 0,,0 0,,0 777777,,7"
    );
    assert!(lines[2].starts_with("000102  .LOGOUT 1,"), "{}", lines[2]);
    assert!(lines[2].ends_with(" => stop (exit 0)"), "{}", lines[2]);
}
