//! The job's page map: CORBLK's block mode, sources and refusals, CORTYP's
//! arguments (`doc/sysdoc/_calls.127`), and `.CBLK`'s operations
//! (`doc/sysdoc/uuos.114`). Written for mutation testing (docs/mutants.md).

mod mutants_support;
use its::Outcome;
use mutants_support::*;
use std::fs;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// A CORBLK (arguments separated by " ? ") that must fail: its error code
/// goes to ERR.
fn corblk_err(args: &str) -> String {
    let (rest, last) = args.rsplit_once(" ? ").unwrap();
    format!(
        "\t.CALL [SETZ ? SIXBIT /CORBLK/ ? {rest} ? %CLERR,,ERR ? SETZ+<{last}>]\n\t SKIPA\n\t .LOSE\n"
    )
}

fn unimplemented(ran: &Ran) -> String {
    match &ran.outcome {
        Outcome::Unimplemented { message, .. } => message.clone(),
        o => panic!("not unimplemented: {o:?}"),
    }
}

#[test]
fn corblk_block_mode_does_each_page_and_writes_its_arguments_back() {
    // arg 3 negative: AOBJN over pages, arg 5 incremented, both written
    // back into the caller's core. Three fresh pages 4, 5, 6; then pages 4
    // and 5 deleted the same way.
    let src = prog(
        "GO:\tMOVE A,[-3,,4]\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? A ? SETZI 777773]\n\t .LOSE\n\
         \tMOVEM A,PTR1\n\t.SUSET [.RMEMT,,MEMT1]\n\
         \tMOVEI B,7\n\tMOVEM B,6*2000\n\
         \tMOVE A,[-2,,4]\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,0 ? %CLIMM,,777777 ? SETZ A]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,4 ? SETZM T4]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,5 ? SETZM T5]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,6 ? SETZM T6]\n\t .LOSE\n\
         \tMOVE C,6*2000\n\
         \t.LOGOUT 1,\nPTR1:\t0\nMEMT1:\t0\nT4:\t-1\nT5:\t-1\nT6:\t0",
    );
    let ran = run("corblkblock", &src);
    ran.finished();
    assert_eq!(ran.word("PTR1"), 7, "counted out: 0,,7");
    assert_eq!(ran.word("MEMT1"), 7 * 0o2000);
    assert_eq!(ran.word("A"), 6);
    assert_eq!(ran.word("T4"), 0, "deleted");
    assert_eq!(ran.word("T5"), 0, "deleted");
    assert_eq!(ran.word("T6") >> 34, 0o3, "page 6 kept, writable");
    assert_eq!(ran.word("C"), 7);
}

#[test]
fn corblk_block_mode_from_a_file_counts_the_file_page_too() {
    // Pages 3 and 4 from file pages 1 and 2 of a three-page image file:
    // arg 5 goes up with arg 3 and is written back.
    let dsk = scratch("corblkfile");
    let words: Vec<pdp10_isa::Word> = (0..3 * 1024u64).map(pdp10_isa::Word::new).collect();
    fs::write(
        dsk.join("puzzle/three.pages"),
        pdp10_isa::evacuated::encode(&words),
    )
    .unwrap();
    let src = prog(
        "GO:\t.OPEN 1,[.UII,,'DSK ? SIXBIT /THREE/ ? SIXBIT /PAGES/]\n\t .LOSE %LSFIL\n\
         \tMOVE A,[-2,,3]\n\tMOVEI B,1\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDR ? %CLIMM,,777777 ? A ? %CLIMM,,1 ? SETZ B]\n\t .LOSE\n\
         \tMOVE C,3*2000+5\n\tMOVE D,4*2000+5\n\
         \t.CALL [SETZ ? SIXBIT /RFPNTR/ ? %CLIMM,,1 ? SETZM PNT]\n\t .LOSE\n\
         \t.LOGOUT 1,\nPNT:\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("A"), 5);
    assert_eq!(ran.word("B"), 3);
    assert_eq!(ran.word("C"), 1024 + 5);
    assert_eq!(ran.word("D"), 2048 + 5);
    assert_eq!(ran.word("PNT"), 3 * 1024, "after the last page inserted");
}

#[test]
fn corblk_from_a_file_takes_the_page_at_its_access_pointer() {
    // Without arg 5 the page is the one the access pointer is in; on a
    // unit ASCII channel the pointer counts characters, five a word.
    let dsk = scratch("corblkptr");
    let mut text = vec![b'A'; 5 * 1024];
    text.extend(vec![b'B'; 5 * 1024]);
    fs::write(dsk.join("puzzle/two.text"), &text).unwrap();
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /TWO/ ? SIXBIT /TEXT/]\n\t .LOSE %LSFIL\n\
         \t.ACCESS 1,[5*2000+3]\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,2 ? SETZI 1]\n\t .LOSE\n\
         \tMOVE C,2*2000\n\
         \t.CALL [SETZ ? SIXBIT /RFPNTR/ ? %CLIMM,,1 ? SETZM PNT]\n\t .LOSE\n\
         \t.LOGOUT 1,\nPNT:\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    let b = b'B' as u64;
    assert_eq!(
        ran.word("C"),
        (b << 29 | b << 22 | b << 15 | b << 8 | b << 1)
    );
    assert_eq!(ran.word("PNT"), 5 * 2 * 1024);
}

#[test]
fn corblk_refusals() {
    // A page number beyond the 256 pages: MEANINGLESS ARGS (33); sharing
    // an absent page of this job: CAN'T GET ACCESS (32); a file page past
    // the end: 32; a channel not open: BAD CHANNEL (14); a channel open
    // on the terminal: WRONG TYPE DEVICE (34).
    let dsk = scratch("corblkerr");
    fs::write(dsk.join("puzzle/one.word"), b"X").unwrap();
    let cases = [
        (
            "%CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,400 ? %CLIMM,,777773",
            0o33,
        ),
        (
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? %CLIMM,,777777",
            0o32,
        ),
        (
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? %CLIMM,,1 ? %CLIMM,,1",
            0o32,
        ),
        (
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? %CLIMM,,5",
            0o14,
        ),
        (
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? %CLIMM,,2",
            0o34,
        ),
    ];
    for (k, (args, code)) in cases.iter().enumerate() {
        let src = prog(&format!(
            "GO:\t.OPEN 1,[.UII,,'DSK ? SIXBIT /ONE/ ? SIXBIT /WORD/]\n\t .LOSE %LSFIL\n\
             \t.OPEN 2,[.UAO,,'TTY]\n\t .LOSE\n{}\t.LOGOUT 1,\nERR:\t0",
            corblk_err(args)
        ));
        let ran = run_in(&dsk, &src, Setup::default());
        ran.finished();
        assert_eq!(ran.word("ERR"), *code, "case {k}: {args}");
    }
}

#[test]
fn corblk_of_what_needs_other_jobs_or_the_machine_is_named() {
    for (name, args, what) in [
        (
            "cbjob",
            "%CLIMM,,%CBNDW ? %CLIMM,,1 ? %CLIMM,,20 ? %CLIMM,,777773",
            "another job",
        ),
        (
            "cbabs",
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? %CLIMM,,777772",
            "absolute",
        ),
        (
            "cbsys",
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? [400000]",
            "absolute",
        ),
        (
            "cbinf",
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? %CLIMM,,100",
            "job 100",
        ),
        (
            "cbshare",
            "%CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,20 ? %CLIMM,,777777 ? %CLIMM,,0",
            "sharing page 0",
        ),
    ] {
        let src = prog(&format!("GO:{}\t.LOGOUT 1,\nERR:\t0", corblk_err(args)));
        let ran = run(name, &src);
        assert!(
            unimplemented(&ran).contains(what),
            "{name}: {}",
            unimplemented(&ran)
        );
    }
}

#[test]
fn corblk_writable_page_of_an_output_file_without_a_copy_is_named() {
    // A page mapped writable from a file being written would write through
    // to it: the shim does not; %CBCPY (a copy) or read-only is fine.
    let src = prog(
        "GO:\t.OPEN 1,[.UIO,,'DSK ? SIXBIT /OUT/ ? SIXBIT /WORDS/]\n\t .LOSE %LSFIL\n\
         \tMOVE A,[-2000,,0]\n\t.IOT 1,A\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,5 ? %CLIMM,,1 ? SETZI 0]\n\t .LOSE\n\
         \t.LOGOUT 1,",
    );
    let ran = run("cbwrite", &src);
    assert!(
        unimplemented(&ran).contains("writing through"),
        "{}",
        unimplemented(&ran)
    );
}

#[test]
fn cortyp_arguments() {
    // CORTYP: arg 1 the page, or arg 1 the job and arg 2 the page; a page
    // number past 377 is MEANINGLESS ARGS; another job needs inferiors.
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,777777 ? %CLIMM,,0 ? SETZM T0]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,400 ? %CLERR,,ERR ? SETZM T1]\n\t SKIPA\n\t .LOSE\n\
         \t.LOGOUT 1,\nT0:\t0\nT1:\t0\nERR:\t0",
    );
    let ran = run("cortypargs", &src);
    ran.finished();
    assert_eq!(ran.word("T0") >> 34, 0o3, "page 0: read and write");
    assert_eq!(ran.word("ERR"), 0o33);
    let src = prog("GO:\t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,1 ? %CLIMM,,0 ? SETZM T0]\n\t .LOSE\n\t.LOGOUT 1,\nT0:\t0");
    let ran = run("cortypjob", &src);
    assert!(unimplemented(&ran).contains("another job"));
}

#[test]
fn cblk_inserts_fresh_pages_deletes_and_refuses() {
    // uuos.114 .CBLK: 2.9 insert (else delete) page 2.8-2.1; operation 4 a
    // fresh page; 4.9 set: nothing done, no skip; operation 0 of an absent
    // page of one's own: no skip.
    let src = prog(
        "GO:\tMOVE A,[4000,,400000+<10_9>]\n\t.CBLK A,\n\t .LOSE\n\
         \tMOVEI B,5\n\tMOVEM B,10*2000+1\n\t.SUSET [.RMEMT,,MEMT1]\n\
         \tMOVE A,[0,,10_9]\n\t.CBLK A,\n\t .LOSE\n\t.SUSET [.RMEMT,,MEMT2]\n\
         \tSETZ C,\n\tMOVE A,[404000,,400000+<11_9>]\n\t.CBLK A,\n\t MOVEI C,1\n\
         \tSETZ D,\n\tMOVE A,[0,,400000+<12_9>+12]\n\t.CBLK A,\n\t MOVEI D,1\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,11 ? SETZM T11]\n\t .LOSE\n\
         \t.LOGOUT 1,\nMEMT1:\t0\nMEMT2:\t0\nT11:\t-1",
    );
    let src = src
        .replace("10_9", "10*1000")
        .replace("11_9", "11*1000")
        .replace("12_9", "12*1000");
    let ran = run("cblkops", &src);
    ran.finished();
    assert_eq!(ran.word("MEMT1"), 0o11 * 0o2000);
    assert_eq!(ran.word("MEMT2"), 0o2000, "back to page 0 only");
    assert_eq!(ran.word("C"), 1, "4.9: no skip");
    assert_eq!(ran.word("T11"), 0, "nothing inserted");
    assert_eq!(ran.word("D"), 1, "page 12 is absent: no skip");
    // Other operations need the machine's pages or other jobs.
    let ran = run(
        "cblkabs",
        &prog("GO:\tMOVE A,[1000,,400000]\n\t.CBLK A,\n\t JFCL\n\t.LOGOUT 1,"),
    );
    assert!(
        unimplemented(&ran).contains(".CBLK operation 1"),
        "{}",
        unimplemented(&ran)
    );
}

#[test]
fn deleting_the_page_the_job_runs_in_leaves_it_nothing_to_run() {
    // _calls.127 CORBLK with no access bits deletes the page: deleting
    // page 0 of a one-page job removes its code, so the job cannot go on
    // to its .LOGOUT (ITS: MPV at the next fetch; here the words are gone).
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,0 ? %CLIMM,,777777 ? SETZI 0]\n\t JFCL\n\
         \t.LOGOUT 1,",
    );
    let ran = run("delpage0", &src);
    assert_eq!(ran.outcome.exit_status(), 2, "{:?}", ran.outcome);
}
