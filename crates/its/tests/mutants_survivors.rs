//! The survivors of the fourth whole-crate sample of `its` (docs/mutants.md,
//! `--shard 21/28`), each checked through a small MIDAS job against ITS's
//! documentation: IPC opens (`src/system/itsmsp.30`'s mode bits and open
//! failures), user I/O instructions (AUIOT in `its.1652`), DISMIS's control
//! bits (`doc/sysdoc/intrup.108`, `_calls.127`), `.SUSET` of `.CNSL`, `.IOS`
//! and `.BCHN` (`usets.120`), `.REALT`'s %RLGET alone (`uuos.114`), and
//! which interrupts a handler gets (`intrup.108`).

mod mutants_support;
use its::Outcome;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// An old-style handler at TSINT (intrup.108) that keeps the interrupt
/// word and counts, then dismisses back to where the job was.
const TSINT: &str = "TSINT:\t0\n\t0\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\
                     \tAOS COUNT\n\t.DISMIS TSINT+1\n\
                     BITS:\t0\nCOUNT:\t0";

fn unimplemented(ran: &Ran) -> &str {
    match &ran.outcome {
        Outcome::Unimplemented { message, .. } => message,
        o => panic!("not stopped as unimplemented: {o:?} {}", ran.output),
    }
}

fn program_error(ran: &Ran) -> &str {
    match &ran.outcome {
        Outcome::ProgramError { message, .. } => message,
        o => panic!("not stopped as an error: {o:?} {}", ran.output),
    }
}

// ----- IPC (itsmsp.30) -----

/// `.CALL OPEN` of IPC in `mode` on channel 1: the error code (0 when it
/// opened), then a `.STATUS` of the channel.
fn ipc_open(name: &str, mode: u32) -> Ran {
    let src = prog(&format!(
        "GO:\t.CALL [SETZ ? SIXBIT /OPEN/ ? [{mode:o},,1] ? [SIXBIT /IPC/]\n\
         \t\t[SIXBIT /HIS/] ? %CLERR,,ERR ? SETZ [SIXBIT /NAME/]]\n\t JFCL\n\
         \t.STATUS 1,STS\n\t.LOGOUT 1,\nERR:\t0\nSTS:\t0"
    ));
    run(name, &src)
}

#[test]
fn ipc_reading_opens_and_sending_at_once_finds_nobody() {
    // itsmsp.30: mode 3.1 read from any job, 3.2 read from a given one:
    // the channel opens (the IPC device, code 31, in the status word);
    // 3.4 send immediately, with no job to receive: OPNL20; no mode bit:
    // OPNL12, not a legal mode. Reading wins over send-and-hang (3.3).
    for (mode, err) in [(0o1, 0), (0o2, 0), (0o5, 0), (0o10, 0o20), (0, 0o12)] {
        let ran = ipc_open(&format!("ipc{mode:o}"), mode);
        ran.finished();
        assert_eq!(ran.word("ERR"), err, "mode {mode:o}");
        if err == 0 {
            assert_eq!(ran.word("STS") & 0o77, 0o31, "mode {mode:o}: IPC device");
        } else {
            assert_eq!(ran.word("STS") & 0o77, 0, "mode {mode:o}: not open");
        }
    }
}

#[test]
fn ipc_send_and_hang_needs_another_job() {
    // itsmsp.30: 3.3 alone sends and waits for a reader; with one job it
    // would wait for ever, so the shim stops, naming it (issue 11: calls
    // needing other jobs stop as not implemented). .OPEN and SOPEN alike.
    let ran = ipc_open("ipc4", 0o4);
    assert!(
        unimplemented(&ran).contains("IPC send"),
        "{:?}",
        ran.outcome
    );
    let src = prog(
        "GO:\t.OPEN 1,[4,,'IPC\n\tSIXBIT /HIS/\n\tSIXBIT /NAME/]\n\t JFCL\n\
         \t.LOGOUT 1,",
    );
    let ran = run("ipcdot", &src);
    assert!(
        unimplemented(&ran).contains("IPC send"),
        "{:?}",
        ran.outcome
    );
}

#[test]
fn other_jobs_and_the_network_are_named_when_opened() {
    // Inferior jobs, device-handling jobs, pseudo-terminals and the
    // network are out of scope (issue 11): opening them stops the job as
    // not implemented, naming what it needs, never NO SUCH DEVICE.
    for (device, what) in [
        ("USR", "USR device"),
        ("JOB", "JOB/BOJ"),
        ("BOJ", "JOB/BOJ"),
        ("STY", "STY device"),
        ("NET", "network"),
        ("TCP", "network"),
        ("CHAOS", "network"),
    ] {
        let src = prog(&format!(
            "GO:\t.CALL [SETZ ? SIXBIT /OPEN/ ? [0,,1] ? [SIXBIT /{device}/]\n\
             \t\t[SIXBIT /A/] ? SETZ [SIXBIT /B/]]\n\t JFCL\n\t.LOGOUT 1,"
        ));
        let ran = run(&format!("oos{device}"), &src);
        assert!(
            unimplemented(&ran).contains(what),
            "{device}: {:?}",
            ran.outcome
        );
    }
}

#[test]
fn an_iot_on_an_ipc_reading_channel_is_an_io_channel_error() {
    // An open IPC read channel waits for messages that never come; the
    // shim has no transfer on it: an I/O channel error, class 2, fatal
    // when not enabled (intrup.108).
    for (name, iot) in [
        ("ipciot", ".IOT 1,A"),
        ("ipcblk", "MOVE A,[-1,,B]\n\t.IOT 1,A"),
    ] {
        let src = prog(&format!(
            "GO:\t.CALL [SETZ ? SIXBIT /OPEN/ ? [1,,1] ? [SIXBIT /IPC/]\n\
             \t\t[SIXBIT /HIS/] ? SETZ [SIXBIT /NAME/]]\n\t .LOSE\n\
             \t{iot}\n\t.LOGOUT 1,"
        ));
        let ran = run(name, &src);
        assert_eq!(ran.outcome.exit_status(), 2, "{name}: {:?}", ran.outcome);
    }
}

// ----- user I/O instructions (AUIOT, its.1652) -----

#[test]
fn datai_apr_reads_the_data_switches_as_zero() {
    // A job may read the APR (device 0): DATAI gives the console data
    // switches, all off here, and does not skip.
    let src = prog("GO:\tSETOM SW\n\tSETZ A,\n\tDATAI 0,SW\n\t MOVEI A,1\n\t.LOGOUT 1,\nSW:\t0");
    let ran = run("datai", &src);
    ran.finished();
    assert_eq!(ran.word("SW"), 0);
    assert_eq!(ran.word("A"), 1, "DATAI does not skip");
}

#[test]
fn blki_apr_counts_its_pointer_and_skips_until_it_runs_out() {
    // BLKI is DATAI through a block pointer: the pointer at E gets 1,,1
    // added, the datum goes to its new right half, and the instruction
    // skips unless the left half counted up to zero.
    let src = prog(
        "GO:\tSETOM BUF\n\tSETOM BUF+1\n\
         \tSETZ A,\n\tBLKI 0,PTR\n\t MOVEI A,1\n\
         \tMOVE C,PTR\n\tMOVEM C,PTR1\n\
         \tSETZ B,\n\tBLKI 0,PTR\n\t MOVEI B,1\n\
         \t.LOGOUT 1,\nPTR:\t-2,,BUF-1\nPTR1:\t0\nBUF:\t0\n\t0",
    );
    let ran = run("blki", &src);
    ran.finished();
    let buf = ran.address("BUF") as u64;
    assert_eq!(ran.word("PTR1"), halves(0o777777, buf));
    assert_eq!(ran.word("A"), 0, "skipped: the count is not out");
    assert_eq!(ran.word("PTR"), buf + 1);
    assert_eq!(ran.word("B"), 1, "no skip: the count ran out");
    assert_eq!(ran.at("BUF", 0), 0);
    assert_eq!(ran.at("BUF", 1), 0);
}

#[test]
fn coni_apr_is_not_given_and_other_io_is_illegal() {
    // CONI of the APR reads the processor's status, which ITS lets a job
    // do and the shim cannot give: not implemented, named. Writing the
    // APR (CONO, DATAO) and reading any other device (DATAI PI,) are
    // illegal operations.
    let ran = run("coni", &prog("GO:\tCONI 0,A\n\t.LOGOUT 1,"));
    assert!(unimplemented(&ran).contains("APR"), "{:?}", ran.outcome);
    for (name, insn) in [
        ("cono", "CONO 0,0"),
        ("datao", "DATAO 0,A"),
        ("datapi", "DATAI 4,A"),
        ("blkpi", "BLKI 4,A"),
    ] {
        let ran = run(name, &prog(&format!("GO:\t{insn}\n\t.LOGOUT 1,")));
        let message = program_error(&ran);
        assert!(message.contains("illegal"), "{insn}: {message}");
    }
}

// ----- DISMIS (intrup.108, _calls.127) -----

#[test]
fn dismis_pops_the_acs_its_control_bits_name() {
    // intrup.108: DISMIS pops 5 words (the two interrupt words, .DF1, .DF2
    // and the PC) and, when its control bits' 1.1-1.5 are nonzero, that
    // many more (ACs 1.7-2.1 on): with control bits 2 (ACs 0 and 1) and a
    // handler that pushed ACs 0 and 1 itself, P goes back by 7. The PC
    // comes from the stack.
    let src = prog(
        "LOC 42\n\t-6,,TABLE\nLOC 100\n\
         TABLE:\tP\n\t%PIILO ? 0 ? 0 ? 0 ? HANDLR\n\
         GO:\tMOVE P,[-40,,PDL-1]\n\tMOVEM P,P0\n\
         \t.SUSET [.SOPTION,,[%OPINT,,0]]\n\t.SUSET [.SMASK,,[%PIILO]]\n\
         \t.SUSET [.SIPIRQ,,[%PIILO]]\n\
         BACK:\tMOVEM P,P1\n\t.LOGOUT 1,\n\
         HANDLR:\tMOVEM P,PIN\n\tPUSH P,0\n\tPUSH P,1\n\
         \t.CALL [SETZ ? SIXBIT /DISMIS/ ? %CLBIT,,2 ? SETZ P]\n\t .LOSE\n\
         P0:\t0\nPIN:\t0\nP1:\t0\nPDL:\tBLOCK 40",
    );
    let ran = run("dismisacs", &src);
    ran.finished();
    let p0 = ran.word("P0");
    assert_eq!(ran.word("PIN"), p0 + 0o5_000005, "five words pushed");
    assert_eq!(ran.word("P1"), p0, "five and two popped");
}

// ----- .SUSET (usets.120) -----

#[test]
fn cnsl_is_the_consoles_number() {
    // usets.120 .CNSL: in a console-controlled tree, the console's number
    // (the shim's one job has terminal 0), even without owning it.
    let src = prog("GO:\tSETOM CNSL\n\t.SUSET [.RCNSL,,CNSL]\n\t.LOGOUT 1,\nCNSL:\t0");
    let ran = run("cnsl", &src);
    ran.finished();
    assert_eq!(ran.word("CNSL"), 0);
}

#[test]
fn ios_words_are_each_channels_status() {
    // usets.120 .IOS+<n>: channel n's status word, as .STATUS gives it;
    // zero for a closed channel.
    let src = prog(
        "GO:\t.OPEN 3,[0,,'TTY]\n\t .LOSE\n\
         \t.OPEN 5,[5,,'NUL]\n\t .LOSE\n\
         \t.STATUS 3,S3\n\t.STATUS 5,S5\n\
         \tSETOM I0\n\t.SUSET [.RIOS,,I0]\n\
         \t.SUSET [.RIOS+3,,I3]\n\t.SUSET [.RIOS+5,,I5]\n\
         \tSETOM I17\n\t.SUSET [.RIOS+17,,I17]\n\
         \t.LOGOUT 1,\nS3:\t0\nS5:\t0\nI0:\t0\nI3:\t0\nI5:\t0\nI17:\t0",
    );
    let ran = run("ios", &src);
    ran.finished();
    assert_eq!(ran.word("S5") & 0o777, 0o500 | 0o21, "NUL, image output");
    assert_eq!(ran.word("I5"), ran.word("S5"));
    assert_eq!(ran.word("I3"), ran.word("S3"));
    assert_ne!(ran.word("I3"), ran.word("I5"));
    assert_eq!(ran.word("I0"), 0, "closed");
    assert_eq!(ran.word("I17"), 0, "closed");
}

#[test]
fn bchn_holds_a_channel_number() {
    // usets.120: .BCHN is bits 4.4-4.1 of .APRC, a channel number: only
    // four bits of what is set stay.
    let src = prog(
        "GO:\t.SUSET [.SBCHN,,[-1]]\n\t.SUSET [.RBCHN,,B1]\n\
         \t.SUSET [.SBCHN,,[25]]\n\t.SUSET [.RBCHN,,B2]\n\
         \t.LOGOUT 1,\nB1:\t0\nB2:\t0",
    );
    let ran = run("bchn", &src);
    ran.finished();
    assert_eq!(ran.word("B1"), 0o17);
    assert_eq!(ran.word("B2"), 0o5);
}

// ----- .REALT (uuos.114) -----

#[test]
fn realt_get_alone_changes_nothing() {
    // uuos.114: %RLGET reads into words 2 and 3 "before interpreting the
    // other bits"; with none of %RLFLS, %RLSET, %RLUSR the facility stays
    // as it was: still seized, at high priority (word 3: -1,,priority),
    // the frame time kept. Seizing skips, a bare %RLGET does not.
    let src = prog(
        "GO:\tMOVE A,[%RLSET+%RLUSR,,BLK]\n\t.REALT A,\n\t .LOSE\n\
         \tMOVE A,[%RLGET,,BLK]\n\tSETZ D,\n\t.REALT A,\n\t MOVEI D,1\n\
         \tMOVE C,BLK+3\n\tMOVEM C,W3A\n\
         \tSETZM BLK+3\n\tSETZM BLK+2\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \t.LOGOUT 1,\nBLK:\t10\n\t2\n\t0\n\t0\nW3A:\t0",
    );
    let ran = run("realtget", &src);
    ran.finished();
    assert_eq!(ran.word("D"), 1, "a bare %RLGET does not skip");
    assert_eq!(ran.word("W3A"), halves(0o777777, 2));
    assert_eq!(ran.at("BLK", 3), halves(0o777777, 2));
    assert_eq!(ran.at("BLK", 2) & 0o777777, 0o10, "frame time");
}

// ----- interrupts (intrup.108) -----

#[test]
fn a_second_word_interrupt_keeps_its_own_bit_4_9() {
    // intrup.108: an old-style second-word interrupt stores the second
    // request word with its sign set; a request of bit 4.9 itself (with
    // 1.3) arrives as those two bits.
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMSK2,,[400000,,4]]\n\
         \t.SUSET [.SIFPIR,,[400000,,4]]\n\
         \t.LOGOUT 1,\n{TSINT}"
    ));
    let ran = run("ifpir49", &src);
    ran.finished();
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("BITS"), 0o400000_000004);
}

#[test]
fn a_class_2_error_is_fatal_when_another_bit_is_enabled() {
    // intrup.108: class 2 interrupts (MPV here) stop the job "unless
    // enabled and undeferred"; enabling %PIIOC does not enable %PIMPV.
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIIOC]]\n\
         \tMOVE A,777777\n\
         \t.LOGOUT 1,\n{TSINT}"
    ));
    let ran = run("mpvnotenabled", &src);
    assert_eq!(ran.outcome.exit_status(), 2, "{:?}", ran.outcome);
    assert_eq!(ran.word("COUNT"), 0);
}
