//! The real-time facility and the run-time timer against ITS's
//! `doc/sysdoc/uuos.114` (.REALT: the AC's bits, the four-word block, the
//! legal frame and priority times, when it skips) and `usets.120` (.RTMR).
//! Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// Runs a .REALT with AC `bits,,BLK` and the block's words 0 and 1; then
/// %RLGET into BLK+2 and BLK+3. Returns the run and whether the first
/// .REALT skipped.
fn realt(name: &str, bits: &str, frame: &str, priority: &str) -> (Ran, bool) {
    let src = prog(&format!(
        "GO:\tSETZ D,\n\tMOVE A,[{bits},,BLK]\n\t.REALT A,\n\t SKIPA\n\t MOVEI D,1\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \t.LOGOUT 1,\nBLK:\t{frame}\n\t{priority}\n\t-1\n\t-1"
    ));
    let ran = run(name, &src);
    let skipped = ran.word("D") == 1;
    (ran, skipped)
}

fn illegal(ran: &Ran) -> bool {
    ran.outcome.exit_status() == 2 && ran.outcome.message().unwrap().starts_with("ILOPR;")
}

#[test]
fn seizing_with_a_legal_priority_skips() {
    // Priority below 15 octal and at most half the frame: seized, skip;
    // word 3 -1,,priority at high priority.
    let (ran, skipped) = realt("seize", "%RLSET+%RLUSR", "30", "14");
    ran.finished();
    assert!(skipped);
    assert_eq!(ran.at("BLK", 2) & 0o777777, 0o30);
    assert_eq!(ran.at("BLK", 3), 0o777777_000014);
    // The largest legal: 14 with a frame of 30; 1 with a frame of 2.
    let (ran, skipped) = realt("seize1", "%RLSET+%RLUSR", "2", "1");
    ran.finished();
    assert!(skipped);
}

#[test]
fn pseudo_real_time_does_not_skip() {
    // %RLPSD insists on pseudo-real time status: no skip ("only if the
    // facility was requested and successfully seized"); word 3's left half
    // 0 (low priority).
    let (ran, skipped) = realt("pseudo", "%RLSET+%RLUSR+%RLPSD", "10", "2");
    ran.finished();
    assert!(!skipped);
    assert_eq!(ran.at("BLK", 3), 2);
}

#[test]
fn setting_a_frame_alone_does_not_skip() {
    let (ran, skipped) = realt("frameonly", "%RLSET", "7", "0");
    ran.finished();
    assert!(!skipped);
    assert_eq!(ran.at("BLK", 2) & 0o777777, 0o7);
    assert_eq!(ran.at("BLK", 3), 0, "no priority time, low priority");
}

#[test]
fn illegal_frame_and_priority_times_are_illegal_operations() {
    // The frame time "must fit in the right half" and be positive; the
    // priority time below 15 octal, positive, at most half the frame.
    for (k, (frame, priority)) in [
        ("0", "1"),
        ("-5", "1"),
        ("1000000", "1"),
        ("40", "15"),
        ("40", "0"),
        ("40", "-1"),
        ("10", "5"),
    ]
    .iter()
    .enumerate()
    {
        let (ran, _) = realt(&format!("bad{k}"), "%RLSET+%RLUSR", frame, priority);
        assert!(
            illegal(&ran),
            "frame {frame}, priority {priority}: {:?}",
            ran.outcome
        );
    }
    // The edges that are legal: the largest frame, priority 14 and half.
    let (ran, _) = realt("edge1", "%RLSET+%RLUSR", "777777", "14");
    ran.finished();
    let (ran, _) = realt("edge2", "%RLSET+%RLUSR", "12", "5");
    ran.finished();
}

#[test]
fn release_turns_the_clock_off_and_zeroes_the_count() {
    // %RLFLS: "Turn off old clock rate, zero the tick count, and release
    // the real time facility": after it, word 2 is 0,,0 and word 3 0.
    let src = prog(
        "GO:\tMOVE A,[%RLSET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \tMOVEI B,100000.\nLOOP:\tSOJG B,LOOP\n\
         \tMOVE A,[%RLFLS,,BLK]\n\t.REALT A,\n\t SKIPA\n\t .LOSE\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \t.SUSET [.SAPIRQ,,[%PIRLT]]\n\
         \tMOVEI B,100000.\nLOOP2:\tSOJG B,LOOP2\n\t.SUSET [.RPIRQC,,PIRQC]\n\
         \t.LOGOUT 1,\nBLK:\t1\n\t0\n\t-1\n\t-1\nPIRQC:\t-1",
    );
    let ran = run_in(
        &scratch("realtfls"),
        &src,
        Setup {
            budget: 1_000_000,
            ..Setup::default()
        },
    );
    ran.finished();
    assert_eq!(ran.at("BLK", 2), 0);
    assert_eq!(ran.at("BLK", 3), 0);
    assert_eq!(ran.word("PIRQC") & 0o200000_000000, 0, "no more %PIRLT");
}

#[test]
fn realt_block_beyond_core_is_an_mpv() {
    let ran = run(
        "realtmpv",
        &prog("GO:\tMOVE A,[%RLGET,,377777]\n\t.REALT A,\n\t.LOGOUT 1,"),
    );
    assert_eq!(ran.outcome.exit_status(), 2);
    assert!(ran.outcome.message().unwrap().starts_with("MPV;"));
}

#[test]
fn rtmr_set_negative_is_off() {
    // usets.120 .RTMR: -1 when off; setting a negative value turns it off,
    // so no %PIRUN comes.
    let src = prog(
        "GO:\t.SUSET [.SRTMR,,[10.]]\n\t.SUSET [.SRTMR,,[-1]]\n\t.SUSET [.RRTMR,,R]\n\
         \tMOVEI B,3000.\nLOOP:\tSOJG B,LOOP\n\t.SUSET [.RPIRQC,,PIRQC]\n\
         \t.LOGOUT 1,\nR:\t0\nPIRQC:\t-1",
    );
    let ran = run("rtmroff", &src);
    ran.finished();
    assert_eq!(ran.word("R"), 0o777777_777777);
    assert_eq!(ran.word("PIRQC") & 0o100000_000000, 0);
}

#[test]
fn rtmr_interrupts_an_enabled_job_once() {
    // %PIRUN (4.7) enabled: the handler runs once when the time is up; the
    // timer is then off (-1).
    let src = prog(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIRUN]]\n\t.SUSET [.SRTMR,,[100.]]\n\
         \tMOVEI B,5000.\nLOOP:\tSOJG B,LOOP\n\t.SUSET [.RRTMR,,R]\n\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tAOS N\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\t.DISMIS TSINT+1\n\
         N:\t0\nBITS:\t0\nR:\t0",
    );
    let ran = run("rtmrint", &src);
    ran.finished();
    assert_eq!(ran.word("N"), 1);
    assert_eq!(ran.word("BITS"), 0o100000_000000);
    assert_eq!(ran.word("R"), 0o777777_777777);
}

#[test]
fn the_first_frame_begins_one_frame_time_after_the_clock_is_set() {
    // ITS's AREALT queues the clock block a frame time ahead (CLQADD of
    // UTIME's frame); UREALB then turns on %PIRLT. A job that runs for a
    // few milliseconds after setting a one-second frame sees no tick yet.
    let src = prog(
        "GO:\tMOVE A,[%RLSET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \tMOVEI B,3000.\nLOOP:\tSOJG B,LOOP\n\
         \t.SUSET [.RPIRQC,,PIRQC]\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \t.LOGOUT 1,\nBLK:\t60.\n\t0\n\t-1\n\t-1\nPIRQC:\t-1",
    );
    let ran = run("realtfirst", &src);
    ran.finished();
    assert_eq!(ran.word("PIRQC") & 0o200000_000000, 0, "no %PIRLT yet");
    assert_eq!(ran.at("BLK", 2), 60, "no tick counted, frame 60.");
}

#[test]
fn frames_begun_during_a_long_wait_are_each_counted_once() {
    // uuos.114 %RLGET: the tick count since last examined. On the host
    // clock a .SLEEP of half a second lets about 30 one-sixtieth frames
    // begin at once; the count afterwards is no more than the frames the
    // run lasted, however many looks follow.
    let src = prog(
        "GO:\tMOVE A,[%RLSET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \tMOVEI B,15.\n\t.SLEEP B,\n\
         \tMOVEI B,5000.\nLOOP:\tSOJG B,LOOP\n\
         \tMOVE A,[%RLGET,,BLK]\n\t.REALT A,\n\t JFCL\n\
         \t.LOGOUT 1,\nBLK:\t1\n\t0\n\t-1\n\t-1",
    );
    let start = std::time::Instant::now();
    let ran = run_in(
        &scratch("realtwait"),
        &src,
        Setup {
            clock: its::Clock::Host,
            budget: 10_000_000,
            ..Setup::default()
        },
    );
    let frames = start.elapsed().as_nanos() as u64 / (1_000_000_000 / 60);
    ran.finished();
    let ticks = ran.at("BLK", 2) >> 18;
    assert!(ticks >= 25, "{ticks} ticks");
    assert!(ticks <= frames + 1, "{ticks} ticks in {frames} frames");
}
