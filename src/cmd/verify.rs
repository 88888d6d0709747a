//! `pdp10 verify FILE... [-j N]`: every puzzle through the emulated MIDAS
//! solver (`asm/sudoku.mid`, built into the binary, on the KA10 under the
//! ITS shim) and through the native one (`crates/sudoku`), and the two
//! outcomes compared.
//!
//! The program is assembled once. Each puzzle's lines, the user's bytes as
//! they are, are served from memory as the DSK file `PUZZLE;VFY SUDOKU` to
//! a job started afresh on a reused machine (`its::Job::reuse`) with the
//! JCL `VFY`, so the instruction count of a puzzle is the whole run of the
//! program on it: reading the command line and the file, building the
//! tables, the search and the output. The DSK folder is an empty temporary
//! one: the program sees none of the user's files. Puzzles are read as a
//! stream and checked in batches, in parallel (rayon), in input order.

use super::jobs;
use super::load;
use super::puzzles::{Inputs, Item};
use anyhow::Context;
use its::{FileName, Image, Job, JobConfig, Sixbit};
use rayon::prelude::*;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::{Duration, Instant};
use sudoku::{Grid, Layout, Verdict};

/// Instructions per second of a real KA10 (the average `ka10::timing` keeps).
const KA10_IPS: f64 = ka10::timing::AVERAGE_IPS;

/// Arguments of `pdp10 verify`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Each puzzle's lines, exactly as they are in the file, are the DSK file PUZZLE;VFY SUDOKU \
of a fresh job (on an empty DSK) whose JCL is VFY. A puzzle (or file) that cannot be read \
is reported on standard error with its place, and the others are still checked. Exit \
status 0 when the solvers agree on every puzzle, 1 on a disagreement, 2 when some input \
could not be read.")]
pub struct Args {
    /// Puzzle files, in any layout the native reader takes; `-` is standard
    /// input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Threads, each running its own emulated machine (0 or none: one per
    /// core; at most 256, and no more than there are puzzles).
    #[arg(long, short, value_name = "N")]
    jobs: Option<usize>,
    /// The PDP-10 solver: a MIDAS source (assembled first) or an SBLK
    /// binary [default: asm/sudoku.mid, built into pdp10].
    #[arg(long, value_name = "FILE")]
    program: Option<PathBuf>,
    /// Instruction budget for each puzzle.
    #[arg(long, value_name = "N", default_value_t = 1_000_000_000)]
    max_insns: u64,
    /// Take only the first N puzzles of each file (N at least 1).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    first: Option<u64>,
    /// How many disagreements to show in full.
    #[arg(long, value_name = "N", default_value_t = 5)]
    show: usize,
}

/// What one solver said about a puzzle.
#[derive(Clone, PartialEq, Eq)]
enum Answer {
    Solved { solution: Grid, unique: bool },
    NoSolution,
    Invalid(String),
}

impl std::fmt::Display for Answer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Answer::Solved { solution, unique } => {
                let tag = if *unique { "unique" } else { "not unique" };
                write!(f, "{solution} ({tag})")
            }
            Answer::NoSolution => f.write_str("NO SOLUTION"),
            Answer::Invalid(why) => write!(f, "INVALID: {why}"),
        }
    }
}

/// One puzzle's check.
struct Checked {
    instructions: u64,
    /// Why the solvers disagree, in full; `None` when they agree.
    disagreement: Option<String>,
}

/// What the run found, over all batches.
#[derive(Default)]
struct Totals {
    /// Each puzzle's instruction count, in input order.
    counts: Vec<u64>,
    /// The most instructions and the puzzle's place.
    most: Option<(u64, String)>,
    disagreements: usize,
    /// The first `--show` disagreements: place and reason.
    shown: Vec<(String, String)>,
    unreadable: usize,
}

/// Runs `pdp10 verify`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let image = match &args.program {
        Some(path) => load::load_program(path)?,
        None => load::assemble_text("sudoku.mid", load::SUDOKU_SOURCE)?,
    };
    // The jobs' DSK: empty, so that the program reads only the puzzle.
    let dsk = tempfile::tempdir().context("creating a temporary DSK folder")?;
    let started = Instant::now();
    let first = args.first.map(|n| usize::try_from(n).unwrap_or(usize::MAX));
    let mut inputs = Inputs::new(&args.files, first);
    let mut totals = Totals::default();
    let mut pool = None;
    let mut threads = 1;
    let mut chunk = 64;
    loop {
        let batch: Vec<Item> = inputs.by_ref().take(chunk).collect();
        if batch.is_empty() {
            break;
        }
        let began = Instant::now();
        if pool.is_none() {
            let puzzles = batch.iter().filter(|i| matches!(i, Item::Puzzle { .. }));
            let last = batch.len() < chunk;
            let work = last.then(|| puzzles.count());
            threads = jobs::threads("verify", args.jobs.unwrap_or(0), work);
            pool = Some(jobs::pool(threads)?);
        }
        let pool = pool.as_ref().expect("just made");
        let checked = check_batch(pool, &batch, &image, dsk.path(), args.max_insns);
        for (item, checked) in batch.iter().zip(checked) {
            totals.add(item, checked?, args.show);
        }
        if began.elapsed() < Duration::from_millis(100) && chunk < 1 << 12 {
            chunk *= 2;
        }
    }
    let wall = started.elapsed().as_secs_f64();
    anyhow::ensure!(
        !totals.counts.is_empty() || totals.unreadable > 0,
        "no puzzles in {}",
        args.files
            .iter()
            .map(|f| f.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    );
    // Written with `?`, so that a closed pipe (`| head`) ends quietly.
    let mut out = std::io::stdout().lock();
    summary(&mut out, &totals, wall, threads)?;
    for (place, why) in &totals.shown {
        writeln!(out, "\n{place}: disagreement\n{why}")?;
    }
    out.flush()?;
    Ok(if totals.unreadable > 0 {
        ExitCode::from(2)
    } else if totals.disagreements > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    })
}

/// Checks a batch on the pool, in its order: one machine for each of
/// rayon's pieces of work, reused from puzzle to puzzle.
fn check_batch(
    pool: &rayon::ThreadPool,
    batch: &[Item],
    image: &Image,
    dsk: &Path,
    budget: u64,
) -> Vec<anyhow::Result<Option<Checked>>> {
    pool.install(|| {
        batch
            .par_iter()
            .map_init(|| None, |job, item| check(job, image, dsk, item, budget))
            .collect()
    })
}

impl Totals {
    fn add(&mut self, item: &Item, checked: Option<Checked>, show: usize) {
        let (Item::Puzzle { file, puzzle, .. }, Some(checked)) = (item, checked) else {
            if let Item::Bad(message) = item {
                eprintln!("pdp10: {message}");
                self.unreadable += 1;
            }
            return;
        };
        let place = || format!("{file}:{}", puzzle.line);
        if self
            .most
            .as_ref()
            .is_none_or(|(m, _)| checked.instructions > *m)
        {
            self.most = Some((checked.instructions, place()));
        }
        self.counts.push(checked.instructions);
        if let Some(why) = checked.disagreement {
            self.disagreements += 1;
            if self.shown.len() < show {
                self.shown.push((place(), why));
            }
        }
    }
}

/// The DSK file the puzzle is served as: `PUZZLE;VFY SUDOKU`, which the
/// JCL `VFY` names in the job's default directory.
fn puzzle_file() -> FileName {
    let six = |s| Sixbit::new(s).unwrap_or_default();
    FileName {
        device: six("DSK"),
        dir: six("PUZZLE"),
        fn1: six("VFY"),
        fn2: six("SUDOKU"),
    }
}

/// Solves one puzzle both ways and compares, on the machine in `slot`
/// (made on first use, then reused); `None` for a bad item.
fn check(
    slot: &mut Option<Job>,
    image: &Image,
    dsk: &Path,
    item: &Item,
    budget: u64,
) -> anyhow::Result<Option<Checked>> {
    let Item::Puzzle { puzzle, text, .. } = item else {
        return Ok(None);
    };
    let config = JobConfig::captured(dsk, "SUDOKU", Some("VFY"));
    let mut job = match slot.take() {
        Some(job) => job.reuse(image, config)?,
        None => Job::new(image, config)?,
    };
    job.serve_file(puzzle_file(), text.as_bytes());
    let before = job.instructions();
    let outcome = job
        .run(budget, &mut ka10::NoTrace)
        .context("running the emulated solver")?;
    let output = String::from_utf8_lossy(&job.take_output()).into_owned();
    let instructions = job.instructions() - before;
    *slot = Some(job);
    let native = native_answer(&puzzle.grid);
    // Status 1 is the solver's own verdict (`.LOGOUT 2,`: a puzzle was
    // invalid or had no solution), compared below like any answer.
    let finished = matches!(
        outcome,
        its::Outcome::Finished { .. } | its::Outcome::Failed { status: 1, .. }
    );
    let disagreement = if !finished {
        Some(format!(
            "puzzle:\n{text}native:   {native}\nemulated: the run failed (status {}): {}\noutput:\n{output}",
            outcome.exit_status(),
            outcome.message().unwrap_or(""),
        ))
    } else {
        match emulated_answer(&output, puzzle.layout) {
            Ok(emulated) if agree(&puzzle.grid, &native, &emulated) => None,
            Ok(emulated) => Some(format!(
                "puzzle:\n{text}native:   {native}\nemulated: {emulated}\noutput:\n{output}"
            )),
            Err(why) => Some(format!(
                "puzzle:\n{text}native:   {native}\nemulated: unreadable output ({why}):\n{output}"
            )),
        }
    };
    Ok(Some(Checked {
        instructions,
        disagreement,
    }))
}

fn native_answer(grid: &Grid) -> Answer {
    match sudoku::verdict(grid) {
        Verdict::Solved { solution, unique } => Answer::Solved { solution, unique },
        Verdict::NoSolution => Answer::NoSolution,
        Verdict::Invalid(conflict) => Answer::Invalid(conflict.to_string()),
    }
}

/// Reads what the PDP-10 program printed for one puzzle: `INVALID: ...`,
/// `NO SOLUTION`, or the solution in `layout`, followed by `NOT UNIQUE`
/// (on the same line for the one-line layout, else on a line of its own)
/// when a second solution exists.
fn emulated_answer(output: &str, layout: Layout) -> Result<Answer, String> {
    let trimmed = output.trim_end();
    if let Some(why) = trimmed.strip_prefix("INVALID: ") {
        if why.contains('\n') {
            return Err("more than one line after INVALID".into());
        }
        return Ok(Answer::Invalid(why.to_string()));
    }
    if trimmed == "NO SOLUTION" {
        return Ok(Answer::NoSolution);
    }
    let (text, unique) = match trimmed.strip_suffix("NOT UNIQUE") {
        Some(rest) => (rest.trim_end().to_string() + "\n", false),
        None => (trimmed.to_string() + "\n", true),
    };
    let puzzles =
        sudoku::parse_str_as(&text, "emulated output", layout).map_err(|e| e.to_string())?;
    match puzzles.as_slice() {
        [one] if one.grid.is_filled() => Ok(Answer::Solved {
            solution: one.grid.clone(),
            unique,
        }),
        [_] => Err("the solution has empty cells".into()),
        _ => Err(format!("{} grids where one was expected", puzzles.len())),
    }
}

/// The two agree when they give the same kind of answer and, for a solved
/// puzzle, the same uniqueness and a valid solution of the givens: the same
/// one when it is unique (with several, each solver may find another first).
fn agree(givens: &Grid, native: &Answer, emulated: &Answer) -> bool {
    match (native, emulated) {
        (Answer::NoSolution, Answer::NoSolution) | (Answer::Invalid(_), Answer::Invalid(_)) => true,
        (
            Answer::Solved { solution, unique },
            Answer::Solved {
                solution: theirs,
                unique: their_unique,
            },
        ) => {
            unique == their_unique
                && sudoku::check_solution(givens, theirs).is_ok()
                && (!unique || solution == theirs)
        }
        _ => false,
    }
}

fn summary(
    out: &mut impl Write,
    totals: &Totals,
    wall: f64,
    threads: usize,
) -> std::io::Result<()> {
    let n = totals.counts.len();
    writeln!(out, "puzzles:   {n}")?;
    writeln!(out, "agree:     {}", n - totals.disagreements)?;
    writeln!(out, "disagree:  {}", totals.disagreements)?;
    if totals.unreadable > 0 {
        writeln!(out, "unreadable: {}", totals.unreadable)?;
    }
    let Some((max, max_at)) = &totals.most else {
        return Ok(());
    };
    let mut counts = totals.counts.clone();
    counts.sort_unstable();
    let total: u64 = counts.iter().sum();
    let mean = total as f64 / n as f64;
    let median = if n % 2 == 1 {
        counts[n / 2] as f64
    } else {
        (counts[n / 2 - 1] + counts[n / 2]) as f64 / 2.0
    };
    writeln!(out, "emulated instructions per puzzle: mean {mean:.0}, median {median:.0}, max {max} ({max_at})")?;
    writeln!(
        out,
        "wall time: {wall:.3} s on {threads} thread{}, {:.0} puzzles/s, {:.1} emulated MIPS",
        if threads == 1 { "" } else { "s" },
        n as f64 / wall,
        total as f64 / wall / 1e6
    )?;
    writeln!(
        out,
        "a real KA10 at 0.38 MIPS: {:.3} s in all, {:.1} ms a puzzle",
        total as f64 / KA10_IPS,
        mean / KA10_IPS * 1e3
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grid(line: &str) -> Grid {
        sudoku::parse_str(line, "test").unwrap()[0].grid.clone()
    }

    const PUZZLE: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
    const SOLUTION: &str =
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

    #[test]
    fn reads_the_programs_answers() {
        let solved = emulated_answer(&format!("{SOLUTION}\n"), Layout::Line).unwrap();
        assert!(
            solved
                == Answer::Solved {
                    solution: grid(SOLUTION),
                    unique: true
                }
        );
        let twice = emulated_answer(&format!("{SOLUTION} NOT UNIQUE\n"), Layout::Line).unwrap();
        assert!(
            twice
                == Answer::Solved {
                    solution: grid(SOLUTION),
                    unique: false
                }
        );
        assert!(emulated_answer("NO SOLUTION\n", Layout::Line).unwrap() == Answer::NoSolution);
        let bad = emulated_answer(
            "INVALID: R1C1 AND R1C5 BOTH HOLD 2 IN ROW 1\n",
            Layout::Line,
        );
        assert!(bad.unwrap() == Answer::Invalid("R1C1 AND R1C5 BOTH HOLD 2 IN ROW 1".into()));
        assert!(emulated_answer("123\n", Layout::Line).is_err());
        assert!(emulated_answer("", Layout::Line).is_err());
    }

    #[test]
    fn agreement_needs_the_same_kind_and_a_valid_solution() {
        let givens = grid(PUZZLE);
        let right = Answer::Solved {
            solution: grid(SOLUTION),
            unique: true,
        };
        assert!(agree(&givens, &right, &right));
        let not_unique = Answer::Solved {
            solution: grid(SOLUTION),
            unique: false,
        };
        assert!(!agree(&givens, &right, &not_unique));
        assert!(!agree(&givens, &right, &Answer::NoSolution));
        // A full grid that breaks the givens is no solution.
        let mut wrong = SOLUTION.to_string();
        wrong.replace_range(0..2, "84");
        let wrong = Answer::Solved {
            solution: grid(&wrong),
            unique: true,
        };
        assert!(!agree(&givens, &right, &wrong));
        assert!(agree(
            &givens,
            &Answer::Invalid("a".into()),
            &Answer::Invalid("b".into())
        ));
    }
}
