//! Hard puzzles of any size, one at a time: the time to prove each unique
//! (solutions up to 2) and the guesses the search made.
//!
//! `cargo bench -p sudoku@0.1.0 --bench frisch [-- [--threads=N] FILE...]`
//! (default: Alain Frisch's 18 minimal 25x25 puzzles, each searched on as
//! many threads as `pdp10 solve` gives a lone puzzle: two where there are
//! two cores; `--threads=1` for one). Each solution is
//! checked with `sudoku::check_solution`; the exit status is 1 unless every
//! puzzle has exactly one solution that passes.

use std::io::Write as _;
use std::time::Instant;

/// Prints a line; when stdout is closed (piped into `head`), stops quietly
/// instead of panicking as `println!` does on a broken pipe.
macro_rules! say {
    ($($arg:tt)*) => {
        if writeln!(std::io::stdout(), $($arg)*).is_err() {
            std::process::exit(0);
        }
    };
}

/// This process's CPU time in seconds, all its threads (Linux, 10 ms
/// steps), which a busy machine does not inflate the way it does wall
/// time; `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses.
    let rest = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = rest.split(' ').collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let threads = args
        .iter()
        .find_map(|a| a.strip_prefix("--threads="))
        .map_or_else(
            || std::thread::available_parallelism().map_or(1, |n| n.get().min(2)),
            |n| n.parse().expect("--threads=N takes a number"),
        );
    let mut files: Vec<String> = args
        .iter()
        .filter(|a| !a.starts_with("--"))
        .cloned()
        .collect();
    if files.is_empty() {
        files.push("puzzles/corpora/gecode_25x25_frisch_18.txt".to_string());
    }
    let top = concat!(env!("CARGO_MANIFEST_DIR"), "/../../");
    for file in &files {
        let text = std::fs::read_to_string(file)
            .or_else(|_| std::fs::read_to_string(format!("{top}{file}")))
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        let puzzles = sudoku::parse_str(&text, file).expect("puzzles read");
        let mut total = 0.0;
        let mut failed = 0;
        for (i, p) in puzzles.iter().enumerate() {
            let start = Instant::now();
            let cpu_start = cpu_seconds();
            let mut search = sudoku::Solutions::with_threads(&p.grid, threads);
            let mut found = Vec::new();
            let mut first_at = 0;
            while found.len() < 2 {
                let Some(s) = search.next() else { break };
                if found.is_empty() {
                    first_at = search.conflicts();
                }
                found.push(s);
            }
            let wall = start.elapsed().as_secs_f64();
            let took = match (cpu_start, cpu_seconds()) {
                (Some(a), Some(b)) => b - a,
                _ => wall,
            };
            total += took;
            let checked = found
                .iter()
                .all(|s| sudoku::check_solution(&p.grid, s).is_ok());
            failed += usize::from(!checked || found.len() != 1);
            say!(
                "{file} #{:>2} (line {}): {} solution(s), checked {}, {:>7.2} s CPU ({:.2} s wall), {:>8} guesses, {:>8} conflicts (first solution after {})",
                i + 1,
                p.line,
                found.len(),
                if checked { "ok" } else { "FAILED" },
                took,
                wall,
                search.guesses(),
                search.conflicts(),
                first_at
            );
        }
        say!(
            "{file}: {} puzzles, each on up to {threads} thread(s), {total:.2} s CPU in all",
            puzzles.len()
        );
        if failed > 0 {
            eprintln!("{file}: {failed} puzzle(s) not uniquely solved or failing the check");
            std::process::exit(1);
        }
    }
}
