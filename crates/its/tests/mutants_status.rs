//! Where a channel's errors go in its status word and how the job learns
//! of them, against ITS's documentation: `doc/sysdoc/_calls.127` STATUS
//! (4.5-4.1 the I/O channel error, 3.6-3.1 the open failure), `usets.120`
//! (.BCHN, the channel most recently in error), and the ERR device
//! (`_calls.127` OPEN; ITS's ERR1 reads the I/O channel error from bits
//! 4.4-4.1, byte pointer 330400, where IOCERX deposits it with 330600).
//! Written for mutation testing (docs/mutants.md).

mod mutants_support;
use its::Outcome;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// An old-style handler (intrup.108) that notes the interrupt word and
/// goes on after the instruction that failed.
const TSINT: &str = "TSINT:\t0\n\t0\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\
                     \tAOS COUNT\n\t.DISMIS TSINT+1\n\
                     BITS:\t0\nCOUNT:\t0";

#[test]
fn an_io_channel_error_goes_in_bits_4_5_to_4_1() {
    // An .IOT on a channel that is not open is I/O channel error 10
    // (CHANNEL NOT OPEN, _calls.127's table); with %PIIOC enabled the job
    // gets the interrupt and goes on; then .BCHN names the channel and its
    // status word has 10 in 4.5-4.1 and nothing in 4.9-4.6.
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIIOC]]\n\
         \t.IOT 6,A\n\
         \t.SUSET [.RBCHN,,BCHN]\n\t.STATUS 6,STS\n\
         \t.SUSET [.RIOS+6,,IOS]\n\
         \t.LOGOUT 1,\nBCHN:\t0\nSTS:\t0\nIOS:\t0\n{TSINT}"
    ));
    let ran = run("iocbits", &src);
    ran.finished();
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("BITS"), 0o400, "%PIIOC");
    assert_eq!(ran.word("BCHN"), 6);
    let sts = ran.word("STS");
    assert_eq!(sts >> 27 & 0o37, 0o10, "{sts:o}");
    assert_eq!(sts >> 32, 0, "4.9-4.6 always zero: {sts:o}");
    assert_eq!(ran.word("IOS"), sts);
}

#[test]
fn an_open_failure_goes_in_bits_3_6_to_3_1_and_a_new_open_clears_it() {
    // _calls.127 STATUS: 3.6-3.1 the error code of the failing call (4,
    // FILE NOT FOUND); .BCHN the channel. A successful open clears it.
    let src = prog(
        "GO:\t.OPEN 5,[.UAI,,'DSK ? SIXBIT /NO/ ? SIXBIT /SUCH/]\n\t SKIPA\n\t .LOSE\n\
         \t.STATUS 5,S1\n\t.SUSET [.RBCHN,,BCHN]\n\
         \t.OPEN 5,[.UAI,,'NUL]\n\t .LOSE\n\t.STATUS 5,S2\n\
         \t.LOGOUT 1,\nS1:\t0\nS2:\t0\nBCHN:\t0",
    );
    let ran = run("openloss", &src);
    ran.finished();
    assert_eq!(ran.word("S1"), 0o4_000000);
    assert_eq!(ran.word("BCHN"), 5);
    assert_eq!(ran.word("S2"), 0o21, "NUL, unit ASCII input, no error");
}

/// The ERR device's text for first name `fn1`, second name `fn2`, read
/// with unit ASCII .IOTs up to the form feed that ends it, after `before`.
fn err_text(name: &str, before: &str, fn1: u64, fn2: u64) -> String {
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIIOC]]\n{before}\n\
         \t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.OPEN 2,[.UAI,,'ERR ? {fn1} ? {fn2:o}]\n\t .LOSE\n\
         LOOP:\t.IOT 2,A\n\tCAIN A,14\n\t JRST DONE\n\t.IOT 1,A\n\tJRST LOOP\n\
         DONE:\t.LOGOUT 1,\n{TSINT}"
    ));
    let ran = run(name, &src);
    ran.finished();
    ran.output.clone()
}

#[test]
fn err_explains_a_status_word_field_by_field() {
    // FN1 3: FN2 is a status word; ITS prints the open failure, then the
    // I/O channel error (4.4-4.1), each with CR LF; a zero word is ISE0.
    assert_eq!(
        err_text("err3a", "", 3, 0o001000_000000),
        "DEVICE HUNG OR REPORTING NON-DATA ERROR\n"
    );
    assert_eq!(err_text("err3b", "", 3, 0o002000_000000), "END OF FILE\n");
    assert_eq!(
        err_text("err3c", "", 3, 0o002004_000000),
        "FILE NOT FOUND\nEND OF FILE\n"
    );
    assert_eq!(err_text("err3d", "", 3, 0), "ISE0\n");
}

#[test]
fn err_explains_a_channel_by_number_or_the_last_one_in_error() {
    // FN1 2: the status of channel FN2; FN1 1: of channel .BCHN.
    let before = "\t.IOT 7,A";
    assert_eq!(err_text("err2", before, 2, 7), "CHNL NOT OPEN\n");
    assert_eq!(err_text("err1", before, 1, 0), "CHNL NOT OPEN\n");
    let before = "\t.OPEN 6,[.UAI,,'DSK ? SIXBIT /NO/ ? SIXBIT /SUCH/]\n\t JFCL";
    assert_eq!(err_text("err1f", before, 1, 0), "FILE NOT FOUND\n");
    // Channel 16 was never used: nothing to explain.
    assert_eq!(err_text("err2z", before, 2, 0o16), "ISE0\n");
}

#[test]
fn err_is_an_input_device_of_four_kinds() {
    // Output, image mode, or a first name other than 1-4: MODE NOT
    // AVAILABLE (12), as ITS's ERR2 refuses (OPNL11/12 in its tables).
    for (name, mode, fn1) in [
        ("erro", ".UAO", 3),
        ("erri", ".UII", 3),
        ("err5", ".UAI", 5),
    ] {
        let src = prog(&format!(
            "GO:\t.CALL [SETZ ? SIXBIT /OPEN/ ? [{mode},,2] ? [SIXBIT /ERR/] ? [{fn1}] ? %CLERR,,ERR ? SETZ [0]]\n\
             \t SKIPA\n\t .LOSE\n\t.LOGOUT 1,\nERR:\t0"
        ));
        let ran = run(name, &src);
        ran.finished();
        assert_ne!(ran.word("ERR"), 0, "{name}");
    }
}

#[test]
fn an_unhandled_io_channel_error_stops_the_job_naming_the_channel() {
    let ran = run("iocstop", &prog("GO:\t.IOT 11,A\n\t.LOGOUT 1,"));
    match &ran.outcome {
        Outcome::ProgramError { message, .. } => {
            assert!(message.starts_with("IOC;"), "{message}");
            assert!(message.contains("channel 11"), "{message}");
            assert!(message.contains("CHNL NOT OPEN"), "{message}");
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn a_second_open_failure_replaces_the_first() {
    // _calls.127 STATUS 3.6-3.1: the number of the (last) standard error:
    // FILE NOT FOUND (4), then NON-EXISTENT DIRECTORY (20) on the same
    // channel leaves 20, not the two or-ed.
    let src = prog(
        "GO:\t.OPEN 5,[.UAI,,'DSK ? SIXBIT /NO/ ? SIXBIT /SUCH/]\n\t JFCL\n\
         \t.STATUS 5,S1\n\
         \t.CALL [SETZ ? SIXBIT /OPEN/ ? [.UAI,,5] ? [SIXBIT /DSK/] ? [SIXBIT /A/] ? [SIXBIT /B/]\n\
         \t\tSETZ [SIXBIT /NODIR/]]\n\t JFCL\n\
         \t.STATUS 5,S2\n\t.LOGOUT 1,\nS1:\t0\nS2:\t0",
    );
    let ran = run("twoloss", &src);
    ran.finished();
    assert_eq!(ran.word("S1"), 0o4_000000);
    assert_eq!(ran.word("S2"), 0o20_000000);
}

#[test]
fn a_call_failure_keeps_the_io_channel_error_beside_it() {
    // The open-loss field (3.6-3.1) and the I/O channel error (4.5-4.1)
    // are separate fields: ITS deposits each alone (byte pointers 220600
    // and 330600). An IOC error handled on closed channel 2, then ACCESS
    // on it failing CHANNEL NOT OPEN (44): both numbers are in its status.
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIIOC]]\n\t.IOT 2,A\n\
         \t.CALL [SETZ ? SIXBIT /ACCESS/ ? [2] ? SETZ [0]]\n\t JFCL\n\
         \t.STATUS 2,STS\n\t.LOGOUT 1,\nSTS:\t0\n{TSINT}"
    ));
    let ran = run("bothfields", &src);
    ran.finished();
    assert_eq!(ran.word("STS"), 0o10 << 27 | 0o44 << 18);
}
