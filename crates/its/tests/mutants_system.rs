//! System variables, dates, interrupts, pages and ITS's own symbols, checked
//! through small MIDAS programs against ITS's documentation:
//! `doc/sysdoc/uuos.114` (.RDATIM, .RYEAR, .CBLK, .GETSYS, .EVAL, .DISMIS),
//! `doc/sysdoc/_calls.127` (RQDATE, CORBLK, DISMIS), `doc/sysdoc/usets.120`
//! (the .SUSET variables) and `doc/sysdoc/intrup.108` (new-style interrupt
//! tables). Written for mutation testing (docs/mutants.md).

mod mutants_support;
use its::Clock;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nE=5\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

fn dated(name: &str, secs: u64) -> Ran {
    let src = prog(
        "GO:\t.RDATIM A,\n\tMOVEM A,TIME\n\tMOVEM B,DATE\n\t.RYEAR A,\n\tMOVEM A,YEAR\n\
         \t.CALL [SETZ ? SIXBIT /RQDATE/ ? SETZM DISK]\n\t .LOSE\n\
         \t.RDATE A,\n\tMOVEM A,DATE2\n\t.RTIME A,\n\tMOVEM A,TIME2\n\t.LOGOUT 1,\n\
         TIME:\t0\nDATE:\t0\nYEAR:\t0\nDISK:\t0\nDATE2:\t0\nTIME2:\t0",
    );
    let ran = run_in(
        &scratch(name),
        &src,
        Setup {
            clock: Clock::Fixed(secs),
            ..Setup::default()
        },
    );
    ran.finished();
    ran
}

#[test]
fn dates_in_a_leap_year_on_february_29() {
    // 2000-02-29 12:34:56 UTC (a fixed clock is UTC), a Tuesday; 1 January
    // 2000 was a Saturday.
    let ran = dated("leapday", 951_782_400 + 45_296);
    // .RDATIM: the time in AC, the date in AC+1, "HHMMSS" and "YYMMDD".
    assert_eq!(ran.word("TIME"), six("123456"));
    assert_eq!(ran.word("DATE"), six("000229"));
    assert_eq!(ran.word("DATE2"), six("000229"));
    assert_eq!(ran.word("TIME2"), six("123456"));
    // .RYEAR: 4.8 a leap year, 4.6 the time known, 4.4 the zone known
    // (zone 0), 4.2-3.9 Tuesday (2), 3.8-3.6 Saturday (6), the year.
    let expected = 1 << 34 | 1 << 32 | 1 << 30 | 2 << 26 | 6 << 23 | 2000;
    assert_eq!(ran.word("YEAR"), expected);
    // RQDATE, the disk format: year mod 100 in 4.7-4.1, month 3.9-3.6,
    // day 3.5-3.1, half-seconds since midnight in the right half.
    assert_eq!(ran.word("DISK"), 2 << 22 | 29 << 18 | (2 * 45_296));
}

#[test]
fn dates_on_the_last_second_of_a_common_year() {
    // 2023-12-31 23:59:59 UTC, a Sunday; 1 January 2023 was a Sunday too.
    let ran = dated("newyear", 1_704_067_199);
    assert_eq!(ran.word("TIME"), six("235959"));
    assert_eq!(ran.word("DATE"), six("231231"));
    // 4.9: 365 days and after February 28.
    let expected = 1 << 35 | 1 << 32 | 1 << 30 | 2023;
    assert_eq!(ran.word("YEAR"), expected);
    assert_eq!(
        ran.word("DISK"),
        23 << 27 | 12 << 22 | 31 << 18 | (2 * 86_399)
    );
}

#[test]
fn dates_before_march_in_a_century_year() {
    // 1900 is no leap year but 2100 neither; take 2100-01-15 00:00:01 UTC,
    // a Friday; 1 January 2100 is a Friday too.
    let ran = dated("y2100", 4_103_654_401);
    assert_eq!(ran.word("DATE"), six("000115"));
    assert_eq!(ran.word("TIME"), six("000001"));
    let expected = 1 << 32 | 1 << 30 | 5 << 26 | 5 << 23 | 2100;
    assert_eq!(ran.word("YEAR"), expected);
}

#[test]
fn suset_variables_read_back() {
    // usets.120: .UPC is the PC the job would resume at (after the .SUSET)
    // with the user-mode flag; .MARPC and .JNAME read back what was set;
    // the A (and) variants clear bits, the I (inclusive or) ones set them.
    let src = prog(
        "GO:\t.SUSET [.RUPC,,UPC]\n\
         \t.SUSET [.SMARPC,,[123456]]\n\t.SUSET [.RMARPC,,MARPC]\n\
         \t.SUSET [.SJNAME,,[SIXBIT /NEWJOB/]]\n\t.SUSET [.RJNAME,,JNAME]\n\
         \t.SUSET [.SDF2,,[777]]\n\t.SUSET [.SADF2,,[70]]\n\t.SUSET [.RDF2,,DF2]\n\
         \t.SUSET [.SMASK,,[770]]\n\t.SUSET [.SAMASK,,[7]]\n\t.SUSET [.RMASK,,MASK1]\n\
         \t.SUSET [.SAMASK,,[700]]\n\t.SUSET [.RMASK,,MASK2]\n\
         \t.LOGOUT 1,\nUPC:\t0\nMARPC:\t0\nJNAME:\t0\nDF2:\t0\nMASK1:\t0\nMASK2:\t0",
    );
    let ran = run("suset", &src);
    ran.finished();
    let go = ran.address("GO") as u64;
    assert_eq!(ran.word("UPC") & 0o777777, go + 1);
    assert_eq!(ran.word("UPC") >> 18 & 0o010000, 0o010000, "user mode");
    assert_eq!(ran.word("MARPC"), 0o123456);
    assert_eq!(ran.word("JNAME"), six("NEWJOB"));
    assert_eq!(ran.word("DF2"), 0o707);
    assert_eq!(ran.word("MASK1"), 0o770);
    assert_eq!(ran.word("MASK2"), 0o070);
}

#[test]
fn getsys_and_eval_know_its_symbols() {
    // .EVAL: the value of a squoze symbol in ITS's symbol table (.IOT is
    // 40000,,0), skipping; .GETSYS CALLS gives that table as squoze-value
    // pairs; GETS names the areas there are.
    let src = prog(
        "GO:\tMOVE A,[SQUOZE 0,.IOT]\n\t.EVAL A,\n\t .LOSE\n\tMOVEM A,IOT\n\
         \tMOVE A,[SQUOZE 0,NOSUCH]\n\t.EVAL A,\n\t SKIPA\n\t .LOSE\n\
         \tMOVE A,[-3,,AREAS]\n\tMOVE B,[SIXBIT /GETS/]\n\t.GETSYS A,\n\t .LOSE\n\tMOVEM A,AFTER\n\
         \tSETZ A,\n\tMOVE B,[SIXBIT /CALLS/]\n\tHRRI A,TABLE\n\t.GETSYS A,\n\t .LOSE\n\
         \t.LOGOUT 1,\nIOT:\t0\nAFTER:\t0\nAREAS:\tBLOCK 3\nTABLE:\tBLOCK 4000",
    );
    let ran = run("getsys", &src);
    ran.finished();
    assert_eq!(ran.word("IOT"), 0o040000_000000);
    assert_eq!(ran.at("AREAS", 0), six("CALLS"));
    assert_eq!(ran.at("AREAS", 1), six("GETS"));
    assert_eq!(ran.at("AREAS", 2), six("NCALLS"));
    // The pointer counted up to 0,,AREAS+3.
    assert_eq!(ran.word("AFTER"), ran.address("AREAS") as u64 + 3);
    // .IOT is in the table, with its value after it.
    let squoze_iot = pdp10_isa::squoze::encode(".IOT").unwrap();
    let found = (0..0o4000u32 / 2).any(|k| {
        ran.at("TABLE", 2 * k) & 0o037777_777777 == squoze_iot
            && ran.at("TABLE", 2 * k + 1) == 0o040000_000000
    });
    assert!(found, ".IOT not in the CALLS table");
}

#[test]
fn new_style_interrupt_pushes_and_dismis_pops() {
    // intrup.108: with %OPINT, 42 holds -len,,table; the table's first
    // word names the interrupt PDL pointer, then groups of five words:
    // bits of word 1, bits of word 2, defer bits 1, 2, handler. The
    // interrupt pushes the bits taken, .DF1, .DF2 and the PC; DISMIS pops
    // them. An MPV returns after the faulting instruction without %OPOPC.
    let src = prog(
        "LOC 42\n\t-6,,TABLE\nLOC 100\n\
         GO:\t.SUSET [.SOPTION,,[%OPINT,,0]]\n\t.SUSET [.SMASK,,[%PIMPV]]\n\
         \tMOVE A,377777\n\
         AFTER:\tMOVEI B,1\n\
         \t.SUSET [.RDF1,,DF1B]\n\
         \t.LOGOUT 1,\n\
         TABLE:\tPDLP\n\t%PIMPV ? 0 ? %PIMPV ? 0 ? HANDLR\n\
         PDLP:\t-20,,PDL-1\n\
         HANDLR:\tJSP E,.+1\n\tMOVEM E,FLAGS\n\
         \t.SUSET [.RDF1,,DF1]\n\
         \t.CALL [SETZ ? SIXBIT /DISMIS/ ? SETZ PDLP]\n\t .LOSE\n\
         FLAGS:\t0\nDF1:\t0\nDF1B:\t0\nPDL:\tBLOCK 20",
    );
    let ran = run("newint", &src);
    ran.finished();
    // Pushed: the bit taken, none of word 2, .DF1 and .DF2 (0), the PC.
    assert_eq!(ran.at("PDL", 0), 0o20000, "%PIMPV");
    assert_eq!(ran.at("PDL", 1), 0);
    assert_eq!(ran.at("PDL", 4) & 0o777777, ran.address("AFTER") as u64);
    // The handler runs in user mode, without user I/O, its group deferred.
    let flags = ran.word("FLAGS") >> 18;
    assert_eq!(flags & ka10::flags::USER as u64, ka10::flags::USER as u64);
    assert_eq!(flags & ka10::flags::USERIO as u64, 0);
    assert_eq!(ran.word("DF1"), 0o20000);
    // DISMIS popped .DF1 back to 0 and resumed after the MOVE.
    assert_eq!(ran.word("DF1B"), 0);
    assert_eq!(ran.word("B"), 1);
    assert_eq!(
        ran.word("PDLP"),
        0o777760_000000 | (ran.address("PDL") as u64 - 1)
    );
}

#[test]
fn corblk_pages_fresh_read_only_and_from_a_file() {
    // _calls.127 CORBLK: %CBNDW gets a writable page, %CBNDR a readable
    // one; from a disk channel the page comes at the access pointer, which
    // is left after the last word inserted (5 characters a word in unit
    // ASCII mode, RFPNTR counting bytes).
    let dsk = scratch("corblk");
    let mut text = vec![b'A'; 5 * 1024];
    text.extend_from_slice(&[b'B'; 100]);
    std::fs::write(dsk.join("puzzle/two.pages"), &text).unwrap();
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,5 ? SETZI 777773]\n\t .LOSE\n\
         \tMOVEI A,17\n\tMOVEM A,5*2000+7\n\
         \t.OPEN 1,[.UAI,,'DSK ? SIXBIT /TWO/ ? SIXBIT /PAGES/]\n\t .LOSE %LSFIL\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,6 ? SETZI 1]\n\t .LOSE\n\
         \tMOVE A,6*2000\n\tMOVEM A,FIRST\n\
         \t.CALL [SETZ ? SIXBIT /RFPNTR/ ? %CLIMM,,1 ? SETZM PTR]\n\t .LOSE\n\
         \t.IOT 1,NEXT\n\
         \t.LOGOUT 1,\nFIRST:\t0\nPTR:\t0\nNEXT:\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(ran.job.cpu().read(5 * 1024 + 7).unwrap().raw(), 0o17);
    let a5 = (0..5).fold(0u64, |v, _| v << 7 | 0o101) << 1;
    assert_eq!(ran.word("FIRST"), a5);
    assert_eq!(ran.word("PTR"), 5 * 1024);
    assert_eq!(ran.word("NEXT"), u64::from(b'B'));
    // CORTYP: negative for a writable page, positive for a read-only one
    // (%CBRED), zero for none.
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDR ? %CLIMM,,777777 ? %CLIMM,,5 ? SETZI 777773]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,6 ? SETZI 777773]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,5 ? SETZM T5]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,6 ? SETZM T6]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,7 ? SETZM T7]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,6 ? %CLOUT,,T6B ? %CLOUT,,SHARE ? %CLOUT,,T6C ? SETZM COUNT]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,5 ? %CLOUT,,T6B ? %CLOUT,,T6B ? %CLOUT,,T6C ? SETZM COUNT5]\n\t .LOSE\n\
         \t.LOGOUT 1,\nT5:\t0\nT6:\t0\nT7:\t0\nSHARE:\t0\nCOUNT:\t0\nT6B:\t0\nT6C:\t0\nCOUNT5:\t0",
    );
    let ran = run("corblkro", &src);
    ran.finished();
    assert_eq!(ran.word("T5"), 0o200000_000000);
    assert_eq!(ran.word("T6"), 0o600000_000000);
    assert_eq!(ran.word("T7"), 0);
    // Val 2 -1: unshared; val 4: 4.9 the page is in core, one share.
    assert_eq!(ran.word("SHARE"), 0o777777_777777);
    assert_eq!(ran.word("COUNT"), 0o400000_000001);
    assert_eq!(
        ran.word("COUNT5"),
        0o400000_000001,
        "a read-only page is in core too"
    );
}

#[test]
fn cblk_public_and_private_keep_the_page() {
    // uuos.114 .CBLK: operations 6 and 7 (make my page public, private)
    // ignore bit 2.9 and skip for an existing page; with one job there is
    // nothing else to do. Page 0 holds this program.
    let src = prog(
        "GO:\tMOVE A,[6000,,0]\n\t.CBLK A,\n\t .LOSE\n\
         \tMOVE A,[7000,,0]\n\t.CBLK A,\n\t .LOSE\n\
         \tMOVE A,[6000,,37000]\n\t.CBLK A,\n\t SKIPA\n\t .LOSE\n\
         \tMOVEI B,1\n\t.LOGOUT 1,",
    );
    let ran = run("cblk", &src);
    ran.finished();
    assert_eq!(ran.word("B"), 1);
}

#[test]
fn corblk_copies_a_page_of_a_file_open_for_output() {
    // _calls.127 CORBLK cbits: 2.3 %CBCPY makes a copy (disk files only),
    // so a page of a file being written may be mapped writable (CORTYP
    // negative), holding the words written so far: file page 1 is words
    // 2000-3777, of which 2000-2077 were written (each its own index).
    let src = prog(
        "GO:\t.OPEN 1,[.UIO,,'DSK ? SIXBIT /OUT/ ? SIXBIT /WORDS/]\n\t .LOSE %LSFIL\n\
         \tSETZ A,\n\
         WR:\t.IOT 1,A\n\tADDI A,1\n\tCAIGE A,2100\n\t JRST WR\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW+%CBCPY ? %CLIMM,,777777 ? %CLIMM,,5\n\
         \t\t%CLIMM,,1 ? SETZI 1]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,5 ? SETZM TYPE]\n\t .LOSE\n\
         \tMOVE B,12000\n\tMOVEM B,FIRST\n\tMOVE B,12077\n\tMOVEM B,LAST\n\
         \tMOVE B,12100\n\tMOVEM B,AFTER\n\
         \t.CLOSE 1,\n\t.LOGOUT 1,\nTYPE:\t0\nFIRST:\t-1\nLAST:\t-1\nAFTER:\t-1",
    );
    let ran = run("corblkcpy", &src);
    ran.finished();
    assert_eq!(ran.word("TYPE"), 0o600000_000000);
    assert_eq!(ran.word("FIRST"), 0o2000);
    assert_eq!(ran.word("LAST"), 0o2077);
    assert_eq!(ran.word("AFTER"), 0);
}

#[test]
fn dates_after_march_in_a_century_year_that_is_not_leap() {
    // 2100-03-01 00:00 UTC, a Monday (2100 is no leap year: February has
    // 28 days); 1 January 2100 was a Friday.
    let ran = dated("y2100mar", 4_107_542_400);
    assert_eq!(ran.word("DATE"), six("000301"));
    let expected = 1 << 35 | 1 << 32 | 1 << 30 | 1 << 26 | 5 << 23 | 2100;
    assert_eq!(ran.word("YEAR"), expected);
}

#[test]
fn cblk_from_self_is_read_only_unless_write_is_asked() {
    // uuos.114 .CBLK operation 0 (a page from self, block number in
    // 1.9-1.1; 2.9 insert): 3.9 asks for write permission. Page 0 put
    // back over itself without, then with it: CORTYP says read-only
    // (positive), then writable (negative).
    let src = prog(
        "GO:\tMOVE A,[0,,400000]\n\t.CBLK A,\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,0 ? SETZM T1]\n\t .LOSE\n\
         \tMOVE A,[400,,400000]\n\t.CBLK A,\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,0 ? SETZM T2]\n\t .LOSE\n\
         \t.LOGOUT 1,\nT1:\t0\nT2:\t0",
    );
    let ran = run("cblkself", &src);
    ran.finished();
    assert_eq!(ran.word("T1"), 0o200000_000000, "read-only");
    assert_eq!(ran.word("T2"), 0o600000_000000, "writable");
}

#[test]
fn old_style_interrupt_stores_bits_and_pc_at_tsint() {
    // intrup.108, the old way: 42 holds JSR TSINT (or any word whose right
    // half is TSINT): the interrupt's bits go to TSINT, the PC to TSINT+1,
    // the handler runs at TSINT+2; .DISMIS TSINT+1 returns.
    let src = prog(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIMPV]]\n\
         \tMOVE A,377777\n\
         AFTER:\tMOVEI B,1\n\
         \t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\tMOVE C,TSINT+1\n\tMOVEM C,PCW\n\
         \t.DISMIS TSINT+1\n\
         BITS:\t0\nPCW:\t0",
    );
    let ran = run("oldint", &src);
    ran.finished();
    assert_eq!(ran.word("BITS"), 0o20000, "%PIMPV");
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("AFTER") as u64);
    assert_eq!(ran.word("B"), 1);
}

#[test]
fn suset_second_word_requests_and_short_getsys_areas() {
    // usets.120: .SIFPIR sets, .SAIFPI clears bits of the second
    // interrupt request word. uuos.114 .GETSYS: an area too small gets no
    // skip and minus the length needed in AC's left half.
    let src = prog(
        "GO:\t.SUSET [.SIFPIR,,[7]]\n\t.SUSET [.SAIFPI,,[2]]\n\t.SUSET [.RIFPIR,,IFPIR]\n\
         \tMOVE A,[-4,,AREA]\n\tMOVE B,[SIXBIT /CALLS/]\n\t.GETSYS A,\n\t SKIPA\n\t .LOSE\n\
         \tMOVEM A,SHORT\n\t.LOGOUT 1,\nIFPIR:\t0\nSHORT:\t0\nAREA:\tBLOCK 4",
    );
    let ran = run("ifpir", &src);
    ran.finished();
    assert_eq!(ran.word("IFPIR"), 5);
    // CALLS (ITS's symbol table, pairs of words) does not fit in four
    // words: -length,,AREA, the length even and more than 4.
    let short = ran.word("SHORT");
    assert_eq!(short & 0o777777, ran.address("AREA") as u64);
    let needed = 0o1000000 - (short >> 18);
    assert!(
        short >> 35 == 1 && needed > 4 && needed.is_multiple_of(2),
        "{short:o}"
    );
}
