//! Ours against the crates.io `sudoku` crate 0.8 (a port of JCZSolve) on
//! the same one-line puzzles, the whole job each time: reading the file a
//! line at a time, proving uniqueness (solutions up to 2) and printing the
//! first solution through a buffered writer (to nowhere when timed).
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
//! the files, the solutions to standard output and how many were unique to
//! standard error: a whole process, for `perf stat` and callgrind (see
//! docs/speed.md). `theirs-grid` does the same with the crate on a file of
//! 9-line grids, to set against `pdp10 solve` on such a file.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::time::Duration;

const DEFAULT_SETS: [&str; 2] = [
    "puzzles/corpora/17_clue_49158.txt",
    "puzzles/corpora/magictour_top1465.txt",
];

/// One side of the comparison: reads the file at the path a line at a
/// time, writes the solutions to the writer, gives how many were unique.
type Side = fn(&str, &mut dyn Write) -> usize;

/// The file, read as a stream (as `pdp10 solve` reads it), through the
/// same buffer size on both sides.
fn open(path: &str) -> BufReader<std::fs::File> {
    // Benches run in the crate's folder; the corpora are at the top.
    let top = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    let file = std::fs::File::open(path)
        .or_else(|_| std::fs::File::open(format!("{top}{path}")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    BufReader::with_capacity(1 << 16, file)
}

/// Ours, as `pdp10 solve` drives the library on a file of one-line
/// puzzles: each line read (`parse_line`), solved with a count limit of 2
/// (`solve_with`), the solution printed (`write_line`), in turn.
fn ours(path: &str, out: &mut dyn Write) -> usize {
    let mut input = open(path);
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let (mut line, mut number, mut unique) = (String::new(), 0, 0);
    while input.read_line(&mut line).expect("file read") > 0 {
        number += 1;
        let text = line
            .strip_suffix('\n')
            .map_or(&line[..], |l| l.strip_suffix('\r').unwrap_or(l));
        if let Some(puzzle) = sudoku::parse_line(text, path, number).expect("puzzle read") {
            if let sudoku::Outcome::Found { solutions, count } =
                sudoku::solve_with(&puzzle.grid, 2, 1)
            {
                if let Some(first) = solutions.first() {
                    unique += (count == 1) as usize;
                    sudoku::write::write_line(&mut out, first).expect("written");
                }
            }
        }
        line.clear();
    }
    out.flush().expect("written");
    unique
}

/// The `sudoku` crate, driven the same way: read each line, parse it, ask
/// for up to two solutions, print the first.
fn theirs(path: &str, out: &mut dyn Write) -> usize {
    let mut input = open(path);
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let (mut line, mut unique) = (String::new(), 0);
    while input.read_line(&mut line).expect("file read") > 0 {
        let text = line.trim_end_matches(['\n', '\r']);
        if !(text.trim().is_empty() || text.starts_with('#')) {
            let puzzle = sudoku_crate::Sudoku::from_str_line(text).expect("puzzle read");
            let solutions = puzzle.solutions_up_to(2);
            if let Some(first) = solutions.first() {
                unique += (solutions.len() == 1) as usize;
                writeln!(out, "{}", first.to_str_line()).expect("written");
            }
        }
        line.clear();
    }
    out.flush().expect("written");
    unique
}

/// The `sudoku` crate on a file of grids of 9 lines (`|` and `---+---+---`
/// allowed) separated by blank lines, as `pdp10 solve` reads them: each
/// block read with `from_str_block`, then solved and printed as above.
fn theirs_grid(path: &str, out: &mut dyn Write) -> usize {
    let mut input = open(path);
    let mut out = BufWriter::with_capacity(1 << 16, out);
    let (mut line, mut block, mut unique) = (String::new(), String::new(), 0);
    loop {
        line.clear();
        let more = input.read_line(&mut line).expect("file read") > 0;
        if more && !line.trim().is_empty() {
            block.push_str(&line);
            continue;
        }
        if !block.is_empty() {
            let puzzle = sudoku_crate::Sudoku::from_str_block(&block).expect("puzzle read");
            let solutions = puzzle.solutions_up_to(2);
            if let Some(first) = solutions.first() {
                unique += (solutions.len() == 1) as usize;
                writeln!(out, "{}", first.to_str_line()).expect("written");
            }
            block.clear();
        }
        if !more {
            break;
        }
    }
    out.flush().expect("written");
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

fn timed(f: Side, path: &str) -> (Duration, usize) {
    let start = cpu_now();
    let unique = f(path, &mut std::io::sink());
    (cpu_now() - start, unique)
}

fn median(mut v: Vec<Duration>) -> Duration {
    v.sort();
    v[v.len() / 2]
}

fn main() {
    // `cargo bench` passes `--bench`; ignore flags.
    let mut args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with("--"))
        .collect();
    let side = match args.first().map(String::as_str) {
        Some("ours") => Some(ours as Side),
        Some("theirs") => Some(theirs as Side),
        Some("theirs-grid") => Some(theirs_grid as Side),
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
        if let Some(f) = side {
            // The whole job as a command does it: solutions to standard
            // output, the count to standard error.
            let unique = f(file, &mut std::io::stdout().lock());
            eprintln!("{file}: {unique} unique");
            continue;
        }
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for _ in 0..rounds {
            let (t, ua) = timed(ours, file);
            a.push(t);
            let (t, ub) = timed(theirs, file);
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
