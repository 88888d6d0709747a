//! `Job::set_stop_flag`: a stop raised from outside (Ctrl-C) is taken
//! while `.SLEEP` waits and right after a system call, not only between
//! chunks of a million instructions; the interrupted `.SLEEP` leaves in
//! its AC minus the time to wake up, as ITS does (uuos.114, `.HANG`).

use its::{loader, Clock, Image, Job, JobConfig, Outcome};
use pdp10_isa::Word;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// `GO: MOVE 1,[377777,,777777] / .SLEEP 1, / JRST GO`.
fn sleeper() -> Image {
    let words = [
        0o200040_000103u64, // 100 MOVE 1,103
        0o042040_000003,    // 101 .SLEEP 1,
        0o254000_000100,    // 102 JRST 100
        0o377777_777777,    // 103 the longest sleep
    ];
    Image {
        blocks: vec![(0o100, words.into_iter().map(Word::new).collect())],
        start: Word::new(0o254000_000100),
        core: loader::PAGE,
        symbols: vec![(0o100, "GO".into())],
        read_only: vec![],
        shared: vec![],
    }
}

#[test]
fn a_stop_ends_a_sleep_with_the_wake_up_time_in_its_ac() {
    let dir = std::env::temp_dir().join(format!("its-stop-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut config = JobConfig::captured(&dir, "TEST", None);
    config.clock = Clock::Host;
    let mut job = Job::new(&sleeper(), config).unwrap();
    let flag = Arc::new(AtomicBool::new(false));
    job.set_stop_flag(Arc::clone(&flag));
    let raise = {
        let flag = Arc::clone(&flag);
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(200));
            flag.store(true, Ordering::SeqCst);
        })
    };
    let started = Instant::now();
    let outcome = job
        .run_watched(u64::MAX, &mut ka10::NoTrace, || flag.load(Ordering::SeqCst))
        .unwrap();
    raise.join().unwrap();
    assert!(started.elapsed() < Duration::from_secs(10));
    let Outcome::Interrupted { pc, .. } = outcome else {
        panic!("{outcome:?}")
    };
    // At the .SLEEP, to sleep the rest when run again.
    assert_eq!(pc, 0o101);
    let ac = job.cpu().read(1).unwrap().signed();
    assert!(
        ac < 0 && -ac >= 0o377777_777777 && -ac < 0o377777_777777 + 30 * 10,
        "{ac:o}"
    );
}
