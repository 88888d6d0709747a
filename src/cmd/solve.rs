//! `pdp10 solve`: the native solver on puzzle files, one result per puzzle
//! on standard output in input order, a summary on standard error.

use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use rayon::prelude::*;
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudoku::{check_solution, write, Grid, Outcome, Puzzle};

/// Arguments of `pdp10 solve`.
#[derive(clap::Args)]
#[command(after_help = "\
Each file is read in the layout its first line shows: one puzzle per line (N*N cells), \
grids of N lines (with | - + = as decoration), dover's (\"R. C.\" then numbers each \
followed by a dot) or Project Euler 96's (\"Grid NN\" then 9 lines of digits).

Output, one result per puzzle in input order: the solution, NO SOLUTION, or \
INVALID: <reason> when two givens conflict. Exit status 0 when every puzzle was solved \
(or, with --check, valid), 1 otherwise, 2 on an unreadable file.")]
pub struct Args {
    /// Puzzle files.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the number of solutions (up to --limit) instead of a solution.
    #[arg(long, conflicts_with_all = ["all", "check"])]
    count: bool,
    /// Print every solution (up to --limit when it is given).
    #[arg(long, conflicts_with = "check")]
    all: bool,
    /// Count no further than N solutions [default: 2, so that a count of 1 means unique].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    limit: Option<u64>,
    /// Check that each puzzle is a completely filled, valid grid instead of solving it.
    #[arg(long)]
    check: bool,
    /// Layout of the solutions printed.
    #[arg(long, value_enum, default_value_t = Format::Line)]
    format: Format,
    /// Worker threads (0: one per core); the output keeps the input order.
    #[arg(long, value_name = "N", default_value_t = 0)]
    jobs: usize,
}

/// Output layouts.
#[derive(Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// One line of N*N cells.
    Line,
    /// N lines with box separators.
    Grid,
}

/// Tallies for the summary.
#[derive(Default)]
struct Tally {
    puzzles: usize,
    solved: usize,
    unique: usize,
    multiple: usize,
    unsolvable: usize,
    invalid: usize,
    valid: usize,
}

/// Runs `pdp10 solve`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let start = Instant::now();
    let mut puzzles: Vec<(String, Puzzle)> = Vec::new();
    for file in &args.files {
        let name = file.display().to_string();
        let read = sudoku::parse_file(file)?;
        puzzles.extend(read.into_iter().map(|p| (name.clone(), p)));
    }
    let limit = match (args.limit, args.all) {
        (Some(n), _) => usize::try_from(n).unwrap_or(usize::MAX),
        (None, true) => usize::MAX,
        (None, false) => 2,
    };
    let keep = if args.all {
        limit
    } else if args.count {
        0
    } else {
        1
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.jobs)
        .build()
        .context("cannot start the worker threads")?;

    let progress =
        ProgressBar::with_draw_target(Some(puzzles.len() as u64), ProgressDrawTarget::hidden());
    progress.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} puzzles, {per_sec}, {eta} left")
            .expect("valid template"),
    );
    let mut shown = false;

    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut tally = Tally::default();
    let mut chunk = 256;
    let mut done = 0;
    while done < puzzles.len() {
        let end = (done + chunk).min(puzzles.len());
        let batch = &puzzles[done..end];
        let began = Instant::now();
        let outcomes: Vec<Outcome> = if args.check {
            Vec::new()
        } else if args.jobs == 1 {
            batch
                .iter()
                .map(|(_, p)| sudoku::solve_with(&p.grid, limit, keep))
                .collect()
        } else {
            pool.install(|| {
                batch
                    .par_iter()
                    .map(|(_, p)| sudoku::solve_with(&p.grid, limit, keep))
                    .collect()
            })
        };
        for (i, (file, puzzle)) in batch.iter().enumerate() {
            tally.puzzles += 1;
            let index = done + i;
            if args.check {
                print_check(&mut out, &puzzle.grid, &mut tally)?;
            } else {
                print_outcome(
                    &mut out,
                    &args,
                    index,
                    file,
                    puzzle,
                    &outcomes[i],
                    &mut tally,
                )?;
            }
        }
        done = end;
        progress.set_position(done as u64);
        if !shown && start.elapsed() > Duration::from_secs(1) && std::io::stderr().is_terminal() {
            progress.set_draw_target(ProgressDrawTarget::stderr());
            shown = true;
        }
        // Batches of about a tenth of a second keep the bar moving.
        if began.elapsed() < Duration::from_millis(50) && chunk < 1 << 16 {
            chunk *= 2;
        }
    }
    out.flush()?;
    drop(out);
    progress.finish_and_clear();

    let seconds = start.elapsed().as_secs_f64();
    let rate = if seconds > 0.0 {
        tally.puzzles as f64 / seconds
    } else {
        0.0
    };
    let ok = if args.check {
        eprintln!(
            "{} puzzles: {} valid, {} invalid in {seconds:.3} s ({rate:.0} puzzles/s)",
            tally.puzzles, tally.valid, tally.invalid
        );
        tally.invalid == 0
    } else {
        eprintln!(
            "{} puzzles: {} solved ({} unique, {} multiple), {} unsolvable, {} invalid in {seconds:.3} s ({rate:.0} puzzles/s)",
            tally.puzzles, tally.solved, tally.unique, tally.multiple, tally.unsolvable, tally.invalid
        );
        tally.unsolvable == 0 && tally.invalid == 0
    };
    Ok(if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

fn print_solution(out: &mut impl Write, grid: &Grid, format: Format) -> std::io::Result<()> {
    match format {
        Format::Line => {
            let mut line: Vec<u8> = grid
                .cells()
                .iter()
                .map(|&v| sudoku::grid::symbol(v) as u8)
                .collect();
            line.push(b'\n');
            out.write_all(&line)
        }
        Format::Grid => write!(out, "{}", write::to_grid(grid)),
    }
}

fn print_outcome(
    out: &mut impl Write,
    args: &Args,
    index: usize,
    file: &str,
    puzzle: &Puzzle,
    outcome: &Outcome,
    tally: &mut Tally,
) -> std::io::Result<()> {
    // Grids are separated by blank lines, as the grid reader wants them.
    let spaced = args.format == Format::Grid && !args.count;
    if spaced && index > 0 {
        writeln!(out)?;
    }
    match outcome {
        Outcome::Invalid(conflict) => {
            tally.invalid += 1;
            if args.all {
                writeln!(
                    out,
                    "# puzzle {} ({file}:{}): invalid",
                    index + 1,
                    puzzle.line
                )?;
            }
            writeln!(out, "INVALID: {conflict}")
        }
        Outcome::Found { solutions, count } => {
            let count = *count;
            match count {
                0 => tally.unsolvable += 1,
                1 => {
                    tally.solved += 1;
                    // With a limit of 1, a second solution was not looked for.
                    if args.limit != Some(1) {
                        tally.unique += 1;
                    }
                }
                _ => {
                    tally.solved += 1;
                    tally.multiple += 1;
                }
            }
            if args.count {
                return writeln!(out, "{count}");
            }
            if args.all {
                let plural = if count == 1 { "" } else { "s" };
                writeln!(
                    out,
                    "# puzzle {} ({file}:{}): {count} solution{plural}",
                    index + 1,
                    puzzle.line
                )?;
                for (i, s) in solutions.iter().enumerate() {
                    if spaced && i > 0 {
                        writeln!(out)?;
                    }
                    print_solution(out, s, args.format)?;
                }
                if count == 0 {
                    writeln!(out, "NO SOLUTION")?;
                }
                return Ok(());
            }
            match solutions.first() {
                Some(s) => print_solution(out, s, args.format),
                None => writeln!(out, "NO SOLUTION"),
            }
        }
    }
}

fn print_check(out: &mut impl Write, grid: &Grid, tally: &mut Tally) -> std::io::Result<()> {
    // A filled grid is its own givens: this checks that it is filled and
    // repeats no value in a row, column or box.
    match check_solution(grid, grid) {
        Ok(()) => {
            tally.valid += 1;
            writeln!(out, "VALID")
        }
        Err(e) => {
            tally.invalid += 1;
            writeln!(out, "INVALID: {e}")
        }
    }
}
