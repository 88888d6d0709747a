//! More system calls checked against ITS's documentation, for the
//! survivors of the fresh whole-crate sample (docs/mutants.md):
//! `doc/sysdoc/intrup.108` (old-style interrupts, the second word),
//! `doc/sysdoc/usets.120` (.TTY, .WHO1-.WHO3, .MEMT, .PICLR) and
//! `doc/sysdoc/_calls.127` (CORBLK, USRVAR).

mod mutants_support;
use its::Clock;
use mutants_support::*;
use std::time::{Duration, Instant};

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// An old-style handler at TSINT (intrup.108): it keeps the interrupt
/// word, the PC word and a count, then returns with `.DISMIS TSINT+1`.
const TSINT: &str = "TSINT:\t0\n\t0\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\
                     \tMOVE C,TSINT+1\n\tMOVEM C,PCW\n\tAOS COUNT\n\t.DISMIS TSINT+1\n\
                     BITS:\t0\nPCW:\t0\nCOUNT:\t0";

#[test]
fn an_interrupt_enabled_by_a_skipping_call_returns_after_the_skip() {
    // intrup.108: the PC stored in TSINT+1 is where the job was going to
    // run. A pending, enabled %PIMPV waits while .PICLR is 0; USRVAR
    // setting .PICLR to -1 skips (success), so the interrupt comes on the
    // way out of the call with the PC past the skipped .LOSE.
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SPICLR,,[0]]\n\t.SUSET [.SMASK,,[%PIMPV]]\n\
         \t.SUSET [.SIPIRQ,,[%PIMPV]]\n\
         \tMOVEI A,1\n\
         \t.CALL [SETZ ? SIXBIT /USRVAR/ ? %CLIMM,,777777 ? [SIXBIT /PICLR/] ? SETZ [-1]]\n\
         \t .LOSE\n\
         AFTER:\tMOVEI B,1\n\t.LOGOUT 1,\n{TSINT}"
    ));
    let ran = run("skipint", &src);
    ran.finished();
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("BITS"), 0o20000, "%PIMPV");
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("AFTER") as u64);
    assert_eq!(ran.word("B"), 1);
}

#[test]
fn second_word_interrupts_wait_for_their_mask() {
    // intrup.108: only pending *enabled* undeferred second-word interrupts
    // are given (.MSK2 enables, .DF2 defers); the word stored in TSINT is
    // the second request word with its sign set.
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SIFPIR,,[4]]\n\
         \t.SUSET [.SDF2,,[4]]\n\t.SUSET [.SMSK2,,[4]]\n\
         \tMOVE A,COUNT\n\
         \t.SUSET [.SDF2,,[0]]\n\
         AFTER:\tMOVEI B,1\n\t.LOGOUT 1,\n{TSINT}"
    ));
    let ran = run("msk2", &src);
    ran.finished();
    assert_eq!(ran.word("A"), 0, "pending but not enabled, then deferred");
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("BITS"), 0o400000_000004, "sign set, bit 4");
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("AFTER") as u64);
}

#[test]
fn deleting_the_top_page_leaves_the_pages_below() {
    // _calls.127 CORBLK with no access bits deletes the page; usets.120:
    // .MEMT is 1 plus the highest legal address, so after deleting page 3
    // of pages 0, 2 and 3 it is the top of page 2, whose words stay.
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,2 ? SETZI 777773]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,3 ? SETZI 777773]\n\t .LOSE\n\
         \tMOVEI A,17\n\tMOVEM A,2*2000+5\n\
         \t.SUSET [.RMEMT,,MEMT1]\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,0 ? %CLIMM,,777777 ? SETZI 3]\n\t .LOSE\n\
         \t.SUSET [.RMEMT,,MEMT2]\n\
         \tMOVE B,2*2000+5\n\tMOVEM B,KEPT\n\
         \t.LOGOUT 1,\nMEMT1:\t0\nMEMT2:\t0\nKEPT:\t0",
    );
    let ran = run("deltop", &src);
    ran.finished();
    assert_eq!(ran.word("MEMT1"), 4 * 0o2000);
    assert_eq!(ran.word("MEMT2"), 3 * 0o2000);
    assert_eq!(ran.word("KEPT"), 0o17);
}

#[test]
fn tty_variable_takes_only_the_jobs_bits_and_gives_them_back() {
    // usets.120 .TTY: %TBNVR (4.8) and %TBINT (4.7) are settable by the
    // job; %TBNOT (4.9) is the system's and %TBWAT (4.6) only the
    // superior's. Setting 0 afterwards clears what was set.
    let src = prog(
        "GO:\t.SUSET [.STTY,,[-1]]\n\t.SUSET [.RTTY,,T1]\n\
         \t.SUSET [.STTY,,[0]]\n\t.SUSET [.RTTY,,T2]\n\
         \t.LOGOUT 1,\nT1:\t0\nT2:\t0",
    );
    let ran = run("ttyvar", &src);
    ran.finished();
    let t1 = ran.word("T1");
    assert_eq!(t1 & 0o300000_000000, 0o300000_000000, "{t1:o}");
    assert_eq!(t1 & 0o440000_000000, 0, "{t1:o}");
    assert_eq!(t1 & 0o777777, 0, "{t1:o}");
    assert_eq!(ran.word("T2"), 0);
}

#[test]
fn who_line_variables_are_three_words() {
    // usets.120: .WHO1, .WHO2 and .WHO3 are three variables, each read
    // back as set.
    let src = prog(
        "GO:\t.SUSET [.SWHO1,,[111]]\n\t.SUSET [.SWHO2,,[222]]\n\t.SUSET [.SWHO3,,[333]]\n\
         \t.SUSET [.RWHO1,,W1]\n\t.SUSET [.RWHO2,,W2]\n\t.SUSET [.RWHO3,,W3]\n\
         \t.LOGOUT 1,\nW1:\t0\nW2:\t0\nW3:\t0",
    );
    let ran = run("who", &src);
    ran.finished();
    assert_eq!(
        [ran.word("W1"), ran.word("W2"), ran.word("W3")],
        [0o111, 0o222, 0o333]
    );
}

/// Runs `source` with `clock` in a thread; whether it finished, and how
/// long it took, or `None` when it is still running after `limit`.
fn timed(
    name: &'static str,
    source: String,
    clock: Clock,
    limit: Duration,
) -> Option<(bool, Duration)> {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let start = Instant::now();
        let ran = run_in(
            &scratch(name),
            &source,
            Setup {
                clock,
                ..Setup::default()
            },
        );
        let finished = ran.outcome == its::Outcome::Finished { message: None };
        let _ = tx.send((finished, start.elapsed()));
    });
    rx.recv_timeout(limit).ok()
}

#[test]
fn sleep_on_a_fixed_clock_returns_at_once() {
    // uuos.114 .SLEEP: a non-negative AC is a time in thirtieths of a
    // second, a negative one the system time to wake at. The fixed clock
    // never moves, so the shim returns at once (lib.rs `Clock::Fixed`):
    // an hour's sleep and a sleep until far ahead both end now.
    let src = prog(
        "GO:\tMOVEI A,30.*3600.\n\t.SLEEP A,\n\
         \tMOVE A,[-377777,,0]\n\t.SLEEP A,\n\t.LOGOUT 1,",
    );
    let ran = timed("sleepfix", src, Clock::Fixed(0), Duration::from_secs(10));
    let (finished, _) = ran.expect("slept on a fixed clock");
    assert!(finished);
}

#[test]
fn sleep_on_the_host_clock_waits_its_thirtieths() {
    // uuos.114 .SLEEP with AC 6: six thirtieths of a second (200 ms) at
    // least; the system time counts whole thirtieths, so at least five
    // of them have passed when the job goes on.
    let src = prog("GO:\tMOVEI A,6\n\t.SLEEP A,\n\t.LOGOUT 1,");
    let ran = timed("sleephost", src, Clock::Host, Duration::from_secs(10));
    let (finished, took) = ran.expect("a 200 ms sleep ended");
    assert!(finished);
    assert!(took >= Duration::from_millis(5 * 1000 / 30), "{took:?}");
}

#[test]
fn less_than_reads_the_least_name_when_none_is_a_number() {
    // uuos.114 / .INFO.;ITS PRIMER: "<" is the numerically smallest
    // version, ">" the largest; with no numeric second name the shim
    // takes the least (greatest) name in SIXBIT order, and ">" on output
    // the greatest name's trailing digits plus one (names.rs
    // `resolve_version`).
    let dsk = scratch("lessthan");
    std::fs::write(dsk.join("puzzle/foo.alpha"), "A").unwrap();
    std::fs::write(dsk.join("puzzle/foo.beta"), "B").unwrap();
    std::fs::write(dsk.join("puzzle/bar.ed27"), "E").unwrap();
    std::fs::write(dsk.join("puzzle/bar.abc"), "C").unwrap();
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /FOO/ ? SIXBIT /</]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,A\n\tMOVEM A,LEAST\n\
         \t.OPEN 2,[.UAI,,'DSK ? SIXBIT /FOO/ ? SIXBIT />/]\n\t .LOSE %LSFIL\n\
         \t.IOT 2,A\n\tMOVEM A,MOST\n\
         \t.OPEN 3,[.UAO,,'DSK ? SIXBIT /BAR/ ? SIXBIT />/]\n\t .LOSE %LSFIL\n\
         \t.IOT 3,[\"N]\n\t.CLOSE 3,\n\
         \t.LOGOUT 1,\nLEAST:\t0\nMOST:\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("LEAST"), u64::from(b'A'));
    assert_eq!(ran.word("MOST"), u64::from(b'B'));
    assert_eq!(std::fs::read(dsk.join("puzzle/bar.ed28")).unwrap(), b"N");
}

#[test]
fn addresses_are_named_within_1000_octal_of_a_symbol() {
    // DDT types an address as SYM+offset only near a symbol (loader.rs
    // `Image::symbolic`: within 1000 octal), else as a number.
    let (image, symbols) = image("TITLE T\nGO:\t0\n\tBLOCK 2000\nEND GO");
    let go = symbols["GO"];
    assert_eq!(image.symbolic(go + 0o777), "GO+777");
    assert_eq!(image.symbolic(go + 0o1000), format!("{:o}", go + 0o1000));
}

#[test]
fn core_takes_up_to_400_pages() {
    // uuos.114 .CORE: the effective address is a number of 1K blocks
    // between 0 and 400 octal (the whole address space); it skips when it
    // succeeds. 401 is no such number: no skip, memory unchanged.
    let src = prog(
        "GO:\t.CORE 400\n\t .LOSE\n\t.SUSET [.RMEMT,,MEMT1]\n\
         \t.CORE 401\n\t SKIPA\n\t .LOSE\n\t.SUSET [.RMEMT,,MEMT2]\n\
         \t.LOGOUT 1,\nMEMT1:\t0\nMEMT2:\t0",
    );
    let ran = run("core400", &src);
    ran.finished();
    assert_eq!(ran.word("MEMT1"), 0o1000000);
    assert_eq!(ran.word("MEMT2"), 0o1000000);
}

#[test]
fn the_logout_call_ends_the_job_as_logout_does() {
    // _calls.127 LOGOUT: no arguments (one present for the 4.9 bit); the
    // top-level job is gone, as after .LOGOUT 1,: the next instruction
    // never runs.
    let src = prog("GO:\t.CALL [SETZ ? SIXBIT /LOGOUT/ ? SETZI 0]\n\tMOVEI B,1\n\t.VALUE\n");
    let ran = run("logoutcall", &src);
    ran.finished();
    assert_eq!(ran.word("B"), 0);
}

#[test]
fn fdele_reads_its_five_word_block_in_order() {
    // uuos.114 .FDELE fblock: [1] delete: right-justified device, FN1,
    // FN2, 0; [3] rename: device, old FN1, FN2, new FN1, FN2. Skips
    // when it succeeds.
    let dsk = scratch("fdele");
    std::fs::write(dsk.join("puzzle/gone.file"), "GONE").unwrap();
    std::fs::write(dsk.join("puzzle/old.name"), "KEPT").unwrap();
    let src = prog(
        "GO:\t.FDELE DEL\n\t .LOSE\n\t.FDELE REN\n\t .LOSE\n\t.LOGOUT 1,\n\
         \t0\nDEL:\t'DSK\n\tSIXBIT /GONE/\n\tSIXBIT /FILE/\n\t0\n\t0\n\
         \t0\nREN:\t'DSK\n\tSIXBIT /OLD/\n\tSIXBIT /NAME/\n\tSIXBIT /NEW/\n\tSIXBIT /NAME/",
    );
    run_in(&dsk, &src, Setup::default()).finished();
    assert!(!dsk.join("puzzle/gone.file").exists());
    assert!(!dsk.join("puzzle/old.name").exists());
    assert_eq!(std::fs::read(dsk.join("puzzle/new.name")).unwrap(), b"KEPT");
}

#[test]
fn ttyset_leaves_the_systems_ttysts_bits_alone() {
    // _calls.127 TTYSET arg 4 sets TTYSTS, but not %TSFRE (4.9), %TSHDX
    // (4.7), %TSLCZ (3.3) and %TSCNS (3.1) (bit positions from bits.117;
    // an earlier version of the shim had 4.6, 3.6 and 3.9): TTYGET's third value keeps
    // them as they were whether all ones or all zeros are asked.
    let get = |at: &str| {
        format!(
            "\t.CALL [SETZ ? SIXBIT /TTYGET/ ? %CLIMM,,1 ? %CLOUT,,X ? %CLOUT,,X ? SETZM {at}]\n\t .LOSE\n"
        )
    };
    let set = |v: &str| {
        format!("\t.CALL [SETZ ? SIXBIT /TTYSET/ ? %CLIMM,,1 ? [0] ? [0] ? SETZ [{v}]]\n\t .LOSE\n")
    };
    let src = prog(&format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n{}{}{}{}{}\
         \t.LOGOUT 1,\nX:\t0\nSTS0:\t0\nSTS1:\t0\nSTS2:\t0",
        get("STS0"),
        set("-1"),
        get("STS1"),
        set("0"),
        get("STS2"),
    ));
    let ran = run("ttysts", &src);
    ran.finished();
    let fixed = (0o400000 | 0o100000 | 0o000004 | 0o000001) << 18;
    let sts0 = ran.word("STS0") & fixed;
    assert_eq!(ran.word("STS1") & fixed, sts0, "after -1");
    assert_eq!(ran.word("STS2") & fixed, sts0, "after 0");
    // The other bits of the left half did change.
    assert_ne!(ran.word("STS1") >> 18, ran.word("STS2") >> 18);
}

#[test]
fn ttyvar_width_reads_back_as_set() {
    // ttyvar.105 WIDTH: the usable print positions, as CNSGET's second
    // value (_calls.127); setting WIDTH 79 reads 79 back both ways.
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /WIDTH/] ? SETZ [79.]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /WIDTH/] ? SETZM W1]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSGET/ ? %CLIMM,,1 ? %CLOUT,,X ? SETZM W2]\n\t .LOSE\n\
         \t.LOGOUT 1,\nX:\t0\nW1:\t0\nW2:\t0",
    );
    let ran = run("width", &src);
    ran.finished();
    assert_eq!(ran.word("W1"), 79);
    assert_eq!(ran.word("W2"), 79);
}

#[test]
fn realt_counts_the_frames_begun() {
    // uuos.114 .REALT: %RLSET turns on a clock of word 0's frame time (in
    // sixtieths); %PIRLT (4.8) is requested at each frame begun; %RLGET
    // puts the frame time in word 2's right half and the ticks since last
    // examined in its left half (then zero), word 3's left half 0 at low
    // priority. No facility seized: no skip. On the fixed clock real time
    // is the emulated processor's (lib.rs `Clock::Fixed`).
    let src = prog(
        "GO:\tMOVE A,[%RLSET,,BLK]\n\t.REALT A,\n\t SKIPA\n\t .LOSE\n\
         \tMOVEI B,100000.\nLOOP:\tSOJG B,LOOP\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t SKIPA\n\t .LOSE\n\
         \tMOVE C,BLK+2\n\tMOVEM C,FIRST\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \t.SUSET [.RPIRQC,,PIRQC]\n\t.LOGOUT 1,\n\
         BLK:\t2\n\t0\n\t0\n\t0\nFIRST:\t0\nPIRQC:\t0",
    );
    let ran = run_in(
        &scratch("realt"),
        &src,
        Setup {
            budget: 1_000_000,
            ..Setup::default()
        },
    );
    ran.finished();
    let first = ran.word("FIRST");
    assert_eq!(first & 0o777777, 2, "frame time");
    let frame_ns = 2 * 1_000_000_000 / 60;
    let frames = ka10::timing::emulated_ns(ran.job.cpu().instructions()) / frame_ns;
    let ticks = first >> 18;
    assert!(
        ticks >= 1 && ticks <= frames + 1,
        "{ticks} ticks in {frames} frames"
    );
    // Read again at once: the count was zeroed.
    assert!(ran.at("BLK", 2) >> 18 <= 1, "{:o}", ran.at("BLK", 2));
    assert_eq!(ran.at("BLK", 3), 0);
    assert_eq!(ran.word("PIRQC") & 0o200000_000000, 0o200000_000000);
}

#[test]
fn rtmr_counts_down_in_4069_nanosecond_units() {
    // usets.120 .RTMR: initially -1; when set, the run time left until
    // %PIRUN (4.7 of .PIRQC), in 4.069 microsecond units on the KA10. Read
    // at once it is still close to what was set; after more than 1000
    // units of run time %PIRUN is requested.
    let src = prog(
        "GO:\t.SUSET [.RRTMR,,OFF]\n\
         \t.SUSET [.SRTMR,,[1000.]]\n\t.SUSET [.RRTMR,,LEFT]\n\
         \tMOVEI B,3000.\nLOOP:\tSOJG B,LOOP\n\
         \t.SUSET [.RPIRQC,,PIRQC]\n\t.LOGOUT 1,\n\
         OFF:\t0\nLEFT:\t0\nPIRQC:\t0",
    );
    let ran = run("rtmr", &src);
    ran.finished();
    assert_eq!(ran.word("OFF"), 0o777777_777777);
    let left = ran.word("LEFT");
    assert!((990..=1000).contains(&left), "{left}");
    assert_eq!(ran.word("PIRQC") & 0o100000_000000, 0o100000_000000);
}

#[test]
fn memt_and_df1_are_set_as_usets_says() {
    // usets.120 .MEMT: setting it is like .CORE <FOO+1777>_12 (pages
    // rounded up); .DF1 is the first word's defer bits, read back as set.
    let src = prog(
        "GO:\t.SUSET [.SMEMT,,[3000]]\n\t.SUSET [.RMEMT,,MEMT]\n\
         \t.SUSET [.SDF1,,[123]]\n\t.SUSET [.RDF1,,DF1]\n\
         \t.LOGOUT 1,\nMEMT:\t0\nDF1:\t0",
    );
    let ran = run("memtdf1", &src);
    ran.finished();
    assert_eq!(ran.word("MEMT"), 0o4000);
    assert_eq!(ran.word("DF1"), 0o123);
}

/// A PDL overflow with %PIPDL off, `wait` instructions (a loop), then
/// %PIPDL enabled and a loop: how many interrupts the job got.
fn stale_pdl_overflow(name: &str, wait: bool) -> u64 {
    let wait = if wait {
        "\tMOVEI B,20000.\nWAIT1:\tSOJG B,WAIT1\n"
    } else {
        ""
    };
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\tMOVE P,[-1,,PDL-1]\n\tPUSH P,A\n\tPUSH P,A\n{wait}\
         \t.SUSET [.SMASK,,[%PIPDL]]\n\
         \tMOVEI B,20000.\nWAIT2:\tSOJG B,WAIT2\n\
         \t.LOGOUT 1,\nPDL:\tBLOCK 4\n{TSINT}"
    ));
    let ran = run_in(
        &scratch(name),
        &src,
        Setup {
            budget: 1_000_000,
            ..Setup::default()
        },
    );
    ran.finished();
    ran.word("COUNT")
}

#[test]
fn a_pdl_overflow_while_pipdl_is_off_is_never_given() {
    // intrup.108: %PIPDL is class 3: "Class 3 interrupts will not even be
    // signaled if they are disabled". An overflow while it is off must
    // not come as an interrupt once the job enables it afterwards, at
    // once or after a while.
    assert_eq!(stale_pdl_overflow("stalepdl1", false), 0);
    assert_eq!(stale_pdl_overflow("stalepdl2", true), 0);
}

#[test]
fn a_pdl_overflow_while_pipdl_is_on_is_given() {
    // intrup.108: with %PIPDL enabled the overflow interrupts (old style:
    // the bit in TSINT).
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIPDL]]\n\
         \tMOVE P,[-1,,PDL-1]\n\tPUSH P,A\n\tPUSH P,A\n\
         \tMOVEI B,20000.\nWAIT2:\tSOJG B,WAIT2\n\
         \t.LOGOUT 1,\nPDL:\tBLOCK 4\n{TSINT}"
    ));
    let ran = run_in(
        &scratch("pdlon"),
        &src,
        Setup {
            budget: 1_000_000,
            ..Setup::default()
        },
    );
    ran.finished();
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("BITS"), 0o200000);
}

#[test]
fn realt_on_the_host_clock_counts_each_frame_once() {
    // uuos.114 .REALT: %PIRLT at the beginning of each frame, the ticks
    // counting the frames begun. On the host clock the job waits for two
    // frames to begin (clearing %PIRLT with .SAPIRQ in between); the count
    // is then at least 2 and no more than the frames the run lasted.
    let src = prog(
        "GO:\tMOVE A,[%RLSET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \tMOVEI D,2\n\
         WAIT:\t.SUSET [.RPIRQC,,C]\n\tTLNN C,(%PIRLT)\n\t JRST WAIT\n\
         \t.SUSET [.SAPIRQ,,[%PIRLT]]\n\tSOJG D,WAIT\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \t.LOGOUT 1,\nBLK:\t1\n\t0\n\t0\n\t0",
    );
    let start = Instant::now();
    let ran = run_in(
        &scratch("realthost"),
        &src,
        Setup {
            clock: Clock::Host,
            budget: 20_000_000,
            ..Setup::default()
        },
    );
    let frames = start.elapsed().as_nanos() as u64 / (1_000_000_000 / 60);
    ran.finished();
    let ticks = ran.at("BLK", 2) >> 18;
    assert!(
        ticks >= 2 && ticks <= frames + 1,
        "{ticks} ticks in {frames} frames"
    );
}

#[test]
fn the_slow_clock_ticks_every_half_second() {
    // usets.120 / intrup.108: %PICLK, the slow clock, every half second
    // of real time (the emulated processor's on the fixed clock). A job
    // that enables it and runs about 1.3 seconds gets two or three.
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PICLK]]\n\
         \tMOVE B,[500000.]\nWAIT:\tSOJG B,WAIT\n\
         \t.LOGOUT 1,\n{TSINT}"
    ));
    let ran = run_in(
        &scratch("slowclock"),
        &src,
        Setup {
            budget: 2_000_000,
            ..Setup::default()
        },
    );
    ran.finished();
    let seconds = ka10::timing::emulated_ns(ran.job.cpu().instructions()) as f64 / 1e9;
    let count = ran.word("COUNT");
    assert!((2..=3).contains(&count), "{count} in {seconds} s");
    assert_eq!(ran.word("BITS"), 0o10000, "%PICLK");
}

#[test]
fn open_with_a_directory_and_rchst_name_the_file() {
    // _calls.127 OPEN: arg 5, when given, is the directory (else the
    // SNAME). RCHST (obsolete): device, FN1, FN2, directory, access
    // pointer of the channel.
    let dsk = scratch("opendir");
    std::fs::create_dir_all(dsk.join("other")).unwrap();
    std::fs::write(dsk.join("other/foo.bar"), "XY").unwrap();
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /OPEN/ ? [.UAI,,1] ? [SIXBIT /DSK/] ? [SIXBIT /FOO/] ? [SIXBIT /BAR/] ? SETZ [SIXBIT /OTHER/]]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,A\n\tMOVEM A,FIRST\n\
         \t.CALL [SETZ ? SIXBIT /RCHST/ ? %CLIMM,,1 ? %CLOUT,,DEV ? %CLOUT,,FN1 ? %CLOUT,,FN2 ? %CLOUT,,DIR ? SETZM PTR]\n\t .LOSE\n\
         \t.LOGOUT 1,\nFIRST:\t0\nDEV:\t0\nFN1:\t0\nFN2:\t0\nDIR:\t0\nPTR:\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("FIRST"), u64::from(b'X'));
    assert_eq!(ran.word("DEV"), six("DSK"));
    assert_eq!(ran.word("FN1"), six("FOO"));
    assert_eq!(ran.word("FN2"), six("BAR"));
    assert_eq!(ran.word("DIR"), six("OTHER"));
}

#[test]
fn user_uuos_go_to_the_handler_at_41() {
    // The KA10 gives UUOs 001-037 to the job through 40 and 41; ITS gives
    // it 000 and 050-077 the same way (USRUUO): the instruction, with its
    // effective address, in 40; 41's JSR handler gets the return PC and
    // runs at handler+1.
    let src = prog(
        "LOC 41\n\tJSR UUOH\nLOC 100\n\
         GO:\t001040,,123\nBACK1:\t050040,,456\nBACK2:\tMOVEI B,1\n\t.LOGOUT 1,\n\
         UUOH:\t0\n\tAOS D,COUNT\n\tMOVE C,40\n\tMOVEM C,SAVED-1(D)\n\
         \tMOVE C,UUOH\n\tMOVEM C,RET-1(D)\n\tJRST @UUOH\n\
         COUNT:\t0\nSAVED:\t0\n\t0\nRET:\t0\n\t0",
    );
    let ran = run("useruuo", &src);
    ran.finished();
    assert_eq!(ran.word("COUNT"), 2);
    assert_eq!(ran.at("SAVED", 0), 0o001040_000123);
    assert_eq!(ran.at("SAVED", 1), 0o050040_000456);
    assert_eq!(ran.at("RET", 0) & 0o777777, ran.address("BACK1") as u64);
    assert_eq!(ran.at("RET", 1) & 0o777777, ran.address("BACK2") as u64);
    assert_eq!(ran.word("B"), 1);
}
