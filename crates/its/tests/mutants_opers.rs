//! The `.OPER` family (opcode 042, the member chosen by E) against ITS's
//! `doc/sysdoc/uuos.114`: .ITYIC and .ITYI, .SETMSK and .SETM2, .IOPUSH,
//! .IOPOP and .IOPDL with their IOC errors, .DIETIM, .RSYSI, .RDTIME, and
//! members the shim lacks or that do not exist. Written for mutation
//! testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

#[test]
fn ityic_fails_without_an_interrupt_character() {
    // .ITYIC/.ITYI skip only if an interrupt character is pending; typed
    // input is no interrupt character here. AC keeps the channel number.
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'TTY]\n\t .LOSE\n\
         \tMOVEI A,1\n\tSETZ D,\n\t.ITYIC A,\n\t MOVEI D,1\n\
         \tSETZ C,\n\t.ITYI B,\n\t MOVEI C,1\n\t.LOGOUT 1,",
    );
    let ran = run_in(
        &scratch("ityic"),
        &src,
        Setup {
            input: b"X",
            ..Setup::default()
        },
    );
    ran.finished();
    assert_eq!(ran.word("D"), 1, "no skip");
    assert_eq!(ran.word("C"), 1, "no skip");
    assert_eq!(ran.word("A"), 1);
}

#[test]
fn setmsk_and_setm2_set_the_masks_from_acs() {
    // .SETMSK ac,: .MASK from AC; .SETM2 ac,: .MASK and .MSK2 from AC and
    // AC+1 (with AC 17, AC+1 is AC 0).
    let src = prog(
        "GO:\tMOVEI A,%PIMPV\n\t.SETMSK A,\n\t.SUSET [.RMASK,,M1]\n\
         \tMOVEI 17,%PIIOC\n\tMOVEI 0,30\n\t.SETM2 17,\n\
         \t.SUSET [.RMASK,,M2]\n\t.SUSET [.RMSK2,,M3]\n\
         \tMOVEI C,%PIILO\n\tMOVEI D,5\n\t.SETM2 C,\n\
         \t.SUSET [.RMASK,,M4]\n\t.SUSET [.RMSK2,,M5]\n\
         \t.LOGOUT 1,\nM1:\t0\nM2:\t0\nM3:\t0\nM4:\t0\nM5:\t0",
    );
    let ran = run("setmsk", &src);
    ran.finished();
    assert_eq!(ran.word("M1"), 0o20000);
    assert_eq!(ran.word("M2"), 0o400);
    assert_eq!(ran.word("M3"), 0o30);
    assert_eq!(ran.word("M4"), 0o40);
    assert_eq!(ran.word("M5"), 0o5);
}

#[test]
fn iopush_and_iopop_move_a_channel_with_its_status() {
    // .IOPUSH leaves the channel not open; .IOPOP puts the top entry into
    // the channel named (maybe another), closing that one first; the
    // status and access pointer come back with it.
    let dsk = scratch("iopush");
    std::fs::write(dsk.join("puzzle/in.text"), b"ABCDEF").unwrap();
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \t.IOT 1,A\n\t.STATUS 1,S0\n\
         \t.IOPUSH 1,\n\t.STATUS 1,S1\n\
         \t.OPEN 2,[.UAI,,'NUL]\n\t .LOSE\n\
         \t.IOPOP 2,\n\t.STATUS 2,S2\n\t.IOT 2,B\n\
         \t.LOGOUT 1,\nS0:\t0\nS1:\t-1\nS2:\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("S1"), 0, "not open while pushed");
    assert_eq!(ran.word("S2"), ran.word("S0"), "DSK again, on channel 2");
    assert_eq!(ran.word("B"), b'B' as u64, "the access pointer kept");
}

#[test]
fn iopdl_pops_each_entry_into_its_own_channel() {
    // .IOPDL: "just enough .IOPOP's (possibly none) to clear the I/O pdl,
    // popping each entry into the channel it was pushed from"; an empty
    // pdl is fine.
    let src = prog(
        "GO:\t.IOPDL\n\
         \t.OPEN 3,[.UAI,,'NUL]\n\t .LOSE\n\t.OPEN 5,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.STATUS 3,S3\n\t.STATUS 5,S5\n\
         \t.IOPUSH 3,\n\t.IOPUSH 5,\n\t.IOPUSH 7,\n\
         \t.OPEN 5,[.UII,,'NUL]\n\t .LOSE\n\
         \t.IOPDL\n\
         \t.STATUS 3,T3\n\t.STATUS 5,T5\n\t.STATUS 7,T7\n\
         \t.LOGOUT 1,\nS3:\t0\nS5:\t0\nT3:\t0\nT5:\t0\nT7:\t-1",
    );
    let ran = run("iopdl", &src);
    ran.finished();
    assert_eq!(ran.word("T3"), ran.word("S3"));
    assert_eq!(
        ran.word("T5"),
        ran.word("S5"),
        "the NUL opened on 5 was closed"
    );
    assert_eq!(ran.word("T7"), 0, "7 was pushed closed");
}

#[test]
fn iopop_of_an_empty_pdl_and_a_ninth_iopush_are_io_channel_errors() {
    // uuos.114: empty pdl: IOC error 5 on the channel; full (eight
    // entries): IOC error 6.
    let ran = run("iopopempty", &prog("GO:\t.IOPOP 4,\n\t.LOGOUT 1,"));
    let m = ran.outcome.message().unwrap().to_string();
    assert!(
        m.starts_with("IOC;") && m.contains("error 5 on channel 4"),
        "{m}"
    );
    let mut body = String::from("GO:");
    for _ in 0..8 {
        body.push_str("\t.IOPUSH 1,\n");
    }
    let ran = run("iopush8", &prog(&format!("{body}\t.LOGOUT 1,")));
    ran.finished();
    let ran = run(
        "iopush9",
        &prog(&format!("{body}\t.IOPUSH 2,\n\t.LOGOUT 1,")),
    );
    let m = ran.outcome.message().unwrap().to_string();
    assert!(
        m.starts_with("IOC;") && m.contains("error 6 on channel 2"),
        "{m}"
    );
}

#[test]
fn dietim_rsysi_and_rdtime() {
    // .DIETIME: -1, not going down; .RSYSI: the version, as SSTATU's
    // seventh value; .RDTIME: the time up in thirtieths (0 at once on the
    // fixed clock).
    let src = prog(
        "GO:\t.DIETIM A,\n\t.RSYSI B,\n\tSETOM C\n\t.RDTIME C,\n\
         \t.CALL [SETZ ? SIXBIT /SSTATU/ ? %CLOUT,,X ? %CLOUT,,X ? %CLOUT,,X ? %CLOUT,,X ? %CLOUT,,X\n\
         \t\t%CLOUT,,X ? SETZM VERS]\n\t .LOSE\n\
         \t.LOGOUT 1,\nX:\t0\nVERS:\t0",
    );
    let ran = run("dietim", &src);
    ran.finished();
    assert_eq!(ran.word("A"), 0o777777_777777);
    assert_eq!(ran.word("B"), ran.word("VERS"));
    assert_ne!(ran.word("B"), 0);
    assert_eq!(ran.word("C"), 0);
}

#[test]
fn oper_members_lacking_or_missing() {
    // .SHUTDN and .GUN exist in ITS (named, not implemented); an .OPER
    // number past the family is an illegal instruction. The member is E,
    // also when it is computed by indexing.
    let ran = run("opergun", &prog("GO:\t.GUN A,\n\t.LOGOUT 1,"));
    assert_eq!(ran.outcome.exit_status(), 3);
    assert!(ran.outcome.message().unwrap().contains(".GUN"));
    let ran = run("oper7777", &prog("GO:\t.OPER 7777\n\t.LOGOUT 1,"));
    assert_eq!(ran.outcome.exit_status(), 2);
    assert!(ran.outcome.message().unwrap().contains("no .OPER 7777"));
    // .OPER 0(B) with B = 37 is .RESET: fine, no skip.
    let src = prog("GO:\tMOVEI B,37\n\t.OPER 0(B)\n\tMOVEI C,1\n\t.LOGOUT 1,");
    let ran = run("operindex", &src);
    ran.finished();
    assert_eq!(ran.word("C"), 1);
}

#[test]
fn dot_rchst_fills_a_block_with_the_channels_status() {
    // uuos.114 .RCHST: AC channel,,address; word 0 the device name in the
    // right half, then FN1, FN2, SNAME, the access pointer in words; an
    // illegal channel number is an illegal operation.
    let dsk = scratch("dotrchst");
    std::fs::write(dsk.join("puzzle/in.text"), b"ABCDEFGHIJ").unwrap();
    let src = prog(
        "GO:\t.OPEN 3,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \tMOVEI B,6\nRD:\t.IOT 3,C\n\tSOJG B,RD\n\
         \tMOVE A,[3,,BLK]\n\t.RCHST A,\n\t.LOGOUT 1,\nBLK:\tBLOCK 6",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(
        [0, 1, 2, 3, 4, 5].map(|k| ran.at("BLK", k)),
        [
            six("DSK") >> 18,
            six("IN"),
            six("TEXT"),
            six("PUZZLE"),
            1,
            0
        ]
    );
    let ran = run(
        "dotrchstbad",
        &prog("GO:\tMOVE A,[20,,BLK]\n\t.RCHST A,\n\t.LOGOUT 1,\nBLK:\tBLOCK 5"),
    );
    assert!(
        ran.outcome.message().unwrap().starts_with("ILOPR;"),
        "{:?}",
        ran.outcome
    );
}
