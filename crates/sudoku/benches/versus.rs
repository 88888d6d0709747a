//! Ours against the crates.io `sudoku` crate 0.8 (a port of JCZSolve) on
//! the same one-line puzzles, the whole job each time: reading the text,
//! proving uniqueness (solutions up to 2) and printing the first solution.
//!
//! `cargo bench -p sudoku --bench versus [-- ROUNDS [FILE...]]`
//!
//! The two run in interleaved pairs (ours, theirs, ours, theirs...) so that
//! a busy machine slows both alike; the medians and their ratio are printed.
//! What is timed is the CPU time of this thread (`CLOCK_THREAD_CPUTIME_ID`,
//! on Unix; wall time elsewhere): on a loaded machine wall time measures the
//! other jobs as much as this one.
//! Without files it runs the 17-clue set and magictour's top1465. With
//! `ours` or `theirs` as the first argument it runs that side once over
//! the files and prints a checksum, for callgrind (see docs/speed.md).

use std::fmt::Write as _;
use std::time::Duration;

const DEFAULT_SETS: [&str; 2] = [
    "puzzles/corpora/17_clue_49158.txt",
    "puzzles/corpora/magictour_top1465.txt",
];

/// Ours, as `pdp10 solve` drives the library: read every puzzle, solve each
/// with a count limit of 2, print the solution in the puzzle's layout.
fn ours(text: &str, out: &mut String) -> usize {
    let puzzles = sudoku::parse_str(text, "bench").expect("puzzles read");
    let mut unique = 0;
    for p in &puzzles {
        if let sudoku::Verdict::Solved {
            solution,
            unique: u,
        } = sudoku::verdict(&p.grid)
        {
            unique += u as usize;
            out.push_str(&sudoku::write::format(
                &solution,
                p.layout,
                p.title.as_deref(),
            ));
        }
    }
    unique
}

/// The `sudoku` crate, driven the same way: parse each line, ask for up to
/// two solutions, print the first.
fn theirs(text: &str, out: &mut String) -> usize {
    let mut unique = 0;
    for line in text.lines() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let puzzle = sudoku_crate::Sudoku::from_str_line(line).expect("puzzle read");
        let solutions = puzzle.solutions_up_to(2);
        if let Some(first) = solutions.first() {
            unique += (solutions.len() == 1) as usize;
            let _ = writeln!(out, "{}", first.to_str_line());
        }
    }
    unique
}

/// This thread's CPU time so far.
#[cfg(unix)]
fn cpu_now() -> Duration {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid timespec for the call to fill in.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID)");
    Duration::new(t.tv_sec as u64, t.tv_nsec as u32)
}

/// Wall time where there is no thread CPU clock.
#[cfg(not(unix))]
fn cpu_now() -> Duration {
    use std::sync::OnceLock;
    use std::time::Instant;
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed()
}

fn timed(f: fn(&str, &mut String) -> usize, text: &str) -> (Duration, usize, usize) {
    let mut out = String::with_capacity(text.len());
    let start = cpu_now();
    let unique = f(text, &mut out);
    let took = cpu_now() - start;
    (took, unique, out.len())
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn read(path: &str) -> String {
    // Benches run in the crate's folder; the corpora are at the top.
    let top = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    std::fs::read_to_string(path)
        .or_else(|_| std::fs::read_to_string(format!("{top}{path}")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn main() {
    // `cargo bench` passes `--bench`; ignore flags.
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let side = match args.first().map(String::as_str) {
        Some("ours") => Some(ours as fn(&str, &mut String) -> usize),
        Some("theirs") => Some(theirs as fn(&str, &mut String) -> usize),
        _ => None,
    };
    if side.is_some() {
        args.remove(0);
    }
    let rounds: usize = match args.first().and_then(|a| a.parse().ok()) {
        Some(n) => {
            args.remove(0);
            n
        }
        None => 7,
    };
    let files: Vec<String> = if args.is_empty() {
        DEFAULT_SETS.iter().map(|s| s.to_string()).collect()
    } else {
        args
    };
    for file in &files {
        let text = read(file);
        if let Some(f) = side {
            let (took, unique, bytes) = timed(f, &text);
            println!("{file}: {unique} unique, {bytes} bytes out, {took:.2?}");
            continue;
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let (t, ua, _) = timed(ours, &text);
            a.push(t);
            let (t, ub, _) = timed(theirs, &text);
            b.push(t);
            assert_eq!(ua, ub, "{file}: the two disagree on how many are unique");
        }
        let (a, b) = (median(a), median(b));
        println!(
            "{file}: ours {a:.3?}, sudoku crate {b:.3?} CPU, ours / theirs = {:.3} (median of {rounds} pairs)",
            a.as_secs_f64() / b.as_secs_f64()
        );
    }
}
