//! `pdp10 verify FILE... [--jobs N]`: every puzzle through the emulated MIDAS
//! solver (`asm/sudoku.mid` on the KA10 under the ITS shim) and through the
//! native one (`crates/sudoku`), and the two outcomes compared.
//!
//! Each puzzle is written, in the layout its file used, to a file of its own
//! in a scratch DSK folder and solved by a fresh job (`:SUDOKU VFY`), so the
//! instruction count of a puzzle is the whole run of the program on it:
//! reading the command line and the file, building the tables, the search
//! and the output. One emulated machine runs per thread.

use anyhow::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;
use sudoku::{Grid, Layout, Puzzle, Verdict};

/// Instructions per second of a real KA10 (SIMH's `kx10_defs.h`).
const KA10_IPS: f64 = 380_000.0;

/// Arguments of `pdp10 verify`.
#[derive(clap::Args)]
pub struct Args {
    /// Puzzle files, in any layout the native reader takes.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Threads, each running its own emulated machine (default: one per core).
    #[arg(long, short, value_name = "N")]
    jobs: Option<usize>,
    /// The PDP-10 solver: a MIDAS source (assembled first) or an SBLK binary.
    #[arg(long, value_name = "FILE", default_value = "asm/sudoku.mid")]
    program: PathBuf,
    /// Instruction budget for each puzzle.
    #[arg(long, value_name = "N", default_value_t = 1_000_000_000)]
    max_insns: u64,
    /// Take only the first N puzzles of each file.
    #[arg(long, value_name = "N")]
    first: Option<usize>,
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

/// A puzzle and where it came from.
struct Item {
    file: PathBuf,
    puzzle: Puzzle,
}

/// Runs `pdp10 verify`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let image = load_program(&args.program)?;
    let mut items = Vec::new();
    for file in &args.files {
        let puzzles = sudoku::parse_file(file).map_err(|e| anyhow::anyhow!("{e}"))?;
        let take = args.first.unwrap_or(usize::MAX);
        items.extend(puzzles.into_iter().take(take).map(|puzzle| Item {
            file: file.clone(),
            puzzle,
        }));
    }
    anyhow::ensure!(!items.is_empty(), "no puzzles in {:?}", args.files);
    let threads = args
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, items.len());

    let started = Instant::now();
    let results = check_all(&image, &items, threads, args.max_insns)?;
    let wall = started.elapsed().as_secs_f64();

    let disagreements: Vec<(&Item, &String)> = items
        .iter()
        .zip(&results)
        .filter_map(|(item, r)| r.disagreement.as_ref().map(|d| (item, d)))
        .collect();
    summary(&items, &results, disagreements.len(), wall, threads);
    for (item, why) in disagreements.iter().take(args.show) {
        println!();
        println!("{}:{}: disagreement", item.file.display(), item.puzzle.line);
        println!("{why}");
    }
    Ok(if disagreements.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    })
}

/// The solver's image: assembled from a `.mid` source, or read as SBLK.
fn load_program(path: &Path) -> anyhow::Result<its::Image> {
    if path.extension().is_some_and(|e| e == "mid") {
        let assembly = midas::assemble_file(path).map_err(|e| anyhow::anyhow!("{e}"))?;
        its::loader::load_bytes(&assembly.to_bytes()).map_err(|e| anyhow::anyhow!("{e}"))
    } else {
        let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
        its::loader::load_bytes(&bytes).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))
    }
}

/// Checks every item on `threads` threads, results in the items' order.
fn check_all(
    image: &its::Image,
    items: &[Item],
    threads: usize,
    budget: u64,
) -> anyhow::Result<Vec<Checked>> {
    let next = AtomicUsize::new(0);
    let per_thread: Vec<anyhow::Result<Vec<(usize, Checked)>>> = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                let next = &next;
                scope.spawn(move || -> anyhow::Result<Vec<(usize, Checked)>> {
                    let dsk = Scratch::new(t)?;
                    let mut done = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        let Some(item) = items.get(i) else { break };
                        done.push((i, check(image, &dsk, &item.puzzle, budget)?));
                    }
                    Ok(done)
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("a verify thread panicked"))
            .collect()
    });
    let mut all = Vec::with_capacity(items.len());
    for part in per_thread {
        all.extend(part?);
    }
    all.sort_by_key(|(i, _)| *i);
    Ok(all.into_iter().map(|(_, c)| c).collect())
}

/// A thread's DSK folder, holding `puzzle/vfy.sudoku` (`PUZZLE;VFY SUDOKU`).
struct Scratch {
    root: PathBuf,
}

impl Scratch {
    fn new(thread: usize) -> anyhow::Result<Scratch> {
        let root =
            std::env::temp_dir().join(format!("pdp10-verify-{}-{thread}", std::process::id()));
        std::fs::create_dir_all(root.join("puzzle"))
            .with_context(|| format!("creating {}", root.display()))?;
        Ok(Scratch { root })
    }

    fn puzzle_file(&self) -> PathBuf {
        self.root.join("puzzle").join("vfy.sudoku")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.root);
    }
}

/// Solves one puzzle both ways and compares.
fn check(
    image: &its::Image,
    dsk: &Scratch,
    puzzle: &Puzzle,
    budget: u64,
) -> anyhow::Result<Checked> {
    let text = sudoku::write::format(&puzzle.grid, puzzle.layout, puzzle.title.as_deref());
    std::fs::write(dsk.puzzle_file(), &text)
        .with_context(|| format!("writing {}", dsk.puzzle_file().display()))?;
    let run = its::run_captured(image, "SUDOKU", Some("VFY"), &dsk.root, budget)
        .map_err(|e| anyhow::anyhow!("running the emulated solver: {e}"))?;
    let native = native_answer(&puzzle.grid);
    // Status 1 is the solver's own verdict (`.LOGOUT 2,`: a puzzle was
    // invalid or had no solution), compared below like any answer.
    let finished = matches!(
        run.outcome,
        its::Outcome::Finished { .. } | its::Outcome::Failed { status: 1, .. }
    );
    let disagreement = if !finished {
        Some(format!(
            "puzzle:\n{text}native:   {native}\nemulated: the run failed (status {}): {}\noutput:\n{}",
            run.outcome.exit_status(),
            run.outcome.message().unwrap_or(""),
            run.output
        ))
    } else {
        match emulated_answer(&run.output, puzzle.layout) {
            Ok(emulated) if agree(&puzzle.grid, &native, &emulated) => None,
            Ok(emulated) => Some(format!(
                "puzzle:\n{text}native:   {native}\nemulated: {emulated}\noutput:\n{}",
                run.output
            )),
            Err(why) => Some(format!(
                "puzzle:\n{text}native:   {native}\nemulated: unreadable output ({why}):\n{}",
                run.output
            )),
        }
    };
    Ok(Checked {
        instructions: run.instructions,
        disagreement,
    })
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

fn summary(items: &[Item], results: &[Checked], disagree: usize, wall: f64, threads: usize) {
    let n = results.len();
    let mut counts: Vec<u64> = results.iter().map(|r| r.instructions).collect();
    counts.sort_unstable();
    let total: u64 = counts.iter().sum();
    let mean = total as f64 / n as f64;
    let median = if n % 2 == 1 {
        counts[n / 2] as f64
    } else {
        (counts[n / 2 - 1] + counts[n / 2]) as f64 / 2.0
    };
    let (max_at, max) = results
        .iter()
        .enumerate()
        .map(|(i, r)| (i, r.instructions))
        .max_by_key(|&(i, c)| (c, std::cmp::Reverse(i)))
        .expect("at least one puzzle");
    println!("puzzles:   {n}");
    println!("agree:     {}", n - disagree);
    println!("disagree:  {disagree}");
    println!(
        "emulated instructions per puzzle: mean {mean:.0}, median {median:.0}, max {max} ({}:{})",
        items[max_at].file.display(),
        items[max_at].puzzle.line
    );
    println!(
        "wall time: {wall:.3} s on {threads} thread{}, {:.0} puzzles/s, {:.1} emulated MIPS",
        if threads == 1 { "" } else { "s" },
        n as f64 / wall,
        total as f64 / wall / 1e6
    );
    println!(
        "a real KA10 at 0.38 MIPS: {:.3} s in all, {:.1} ms a puzzle",
        total as f64 / KA10_IPS,
        mean / KA10_IPS * 1e3
    );
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
