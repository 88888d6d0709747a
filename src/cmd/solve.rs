//! `pdp10 solve`: the native solver on puzzle files, one result per puzzle
//! on standard output in input order, a summary on standard error.

use super::jobs;
use super::puzzles::{self, Inputs, Item};
use anyhow::Context;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::mpsc;
use std::time::{Duration, Instant};
use sudoku::{check_solution, write, Grid, Outcome, Puzzle};

/// Arguments of `pdp10 solve`.
#[derive(clap::Args, Debug)]
#[command(after_help = "\
Each file is read in the layout its first line shows: one puzzle per line (N*N cells), \
grids of N lines (with | - + = as decoration), dover's (\"R. C.\" then numbers each \
followed by a dot) or Project Euler 96's (\"Grid NN\" then 9 lines of digits).

Files are read as a stream, in any size; `-` is standard input. \
Output, one result per puzzle in input order: the solution, NO SOLUTION, or \
INVALID: <reason> when two givens conflict. A puzzle that cannot be read (or a file) \
is reported on standard error with its place (FILE:LINE:COLUMN), and the others are \
still solved. Exit status 0 when every puzzle was solved (or, with --check, valid), 1 \
otherwise, 2 when some input could not be read.")]
pub struct Args {
    /// Puzzle files; `-` is standard input.
    #[arg(required = true, value_name = "FILE")]
    files: Vec<PathBuf>,
    /// Print the number of solutions (up to --limit) instead of a solution.
    #[arg(long, conflicts_with_all = ["all", "check"])]
    count: bool,
    /// Print every solution, up to --limit (at most, and by default,
    /// 100000: they are kept in memory until printed).
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
    /// Worker threads (0: one per core, 9x9 puzzles beginning on one thread
    /// until the run has taken 20 ms; at most 256, and no more than there
    /// are puzzles); the output keeps the input order.
    #[arg(long, short, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Threads for each puzzle larger than 9x9 whose search is still open
    /// after some thousands of conflicts: 2 split it in halves that share
    /// what they learn (0: 2 when --jobs leaves a core for it, else 1; at
    /// most 2). Which solutions of a puzzle with several are printed
    /// depends on it, never on the scheduling of the threads.
    #[arg(long, value_name = "N", default_value_t = 0)]
    search_threads: usize,
}

/// Output layouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
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
    /// Bad puzzles and unreadable files.
    unreadable: usize,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.puzzles += other.puzzles;
        self.solved += other.solved;
        self.unique += other.unique;
        self.multiple += other.multiple;
        self.unsolvable += other.unsolvable;
        self.invalid += other.invalid;
        self.valid += other.valid;
        self.unreadable += other.unreadable;
    }
}

/// Runs `pdp10 solve`: puzzles read in order, solved (one at a time, or in
/// batches by a pool of threads) and printed in order as they come.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    if let (true, Some(n)) = (args.all, args.limit) {
        if n > MAX_ALL {
            anyhow::bail!(
                "--all --limit {n}: at most {MAX_ALL} solutions a puzzle are printed \
                 (they are kept in memory until the puzzle is done); --count counts more"
            );
        }
    }
    let mut job = Job {
        args: &args,
        start: Instant::now(),
        progress: Progress::new(&args.files),
        out: std::io::BufWriter::new(std::io::stdout().lock()),
        tally: Tally::default(),
        search_threads: 1,
    };
    let mut inputs = Inputs::new(&args.files, None).without_text();
    // The first batch tells whether the input has fewer puzzles than there
    // would be threads.
    let first: Vec<Item> = inputs.by_ref().take(FIRST_CHUNK).collect();
    let puzzles = first
        .iter()
        .filter(|i| matches!(i, Item::Puzzle { .. }))
        .count();
    let whole = first.len() < FIRST_CHUNK;
    // 9x9 puzzles solved to 2 solutions, each in well under a millisecond,
    // begin on this thread: a second thread costs 0.3-0.7 ms to start and
    // 4-9 % more CPU time on sets of a few thousand (docs/speed.md in
    // crates/sudoku), so the pool starts only once the run has taken
    // [`SOLO`] and there is more to do, or at the first larger puzzle.
    let quick = args.jobs == 0
        && limits(&args).0 <= 2
        && first.iter().all(|i| match i {
            Item::Puzzle { puzzle, .. } => puzzle.grid.shape() == sudoku::Shape::NINE,
            Item::Bad(_) => true,
        });
    let (threads, first) = match quick {
        true => match job.one_at_a_time(first, &mut inputs, true)? {
            Some(rest) => (jobs::threads("solve", 0, None), rest),
            None => (1, Vec::new()),
        },
        false => (
            jobs::threads("solve", args.jobs, whole.then_some(puzzles)),
            first,
        ),
    };
    job.search_threads = search_threads(args.search_threads, threads);
    match threads {
        1 => {
            job.one_at_a_time(first, &mut inputs, false)?;
        }
        threads => job.in_batches(threads, first, &mut inputs)?,
    }
    job.out.flush()?;
    drop(job.out);
    job.progress.finish();
    Ok(summary(
        &args,
        &job.tally,
        job.start.elapsed().as_secs_f64(),
    ))
}

/// The puzzles read before the threads are chosen.
const FIRST_CHUNK: usize = 256;

/// How long a run of quick 9x9 puzzles goes on one thread before the pool
/// starts: sets of up to a few thousand such puzzles (top1465, serg's
/// 10,000) end within it, at the CPU time of one thread.
const SOLO: Duration = Duration::from_millis(20);

/// How often (in puzzles) a solo run reads the clock and checks its puzzles'
/// size.
const SOLO_STRIDE: usize = 64;

/// The most puzzles read, solved and printed as one batch: at the rate of
/// easy 9x9 puzzles, a hundredth of a second.
const MAX_CHUNK: usize = 4096;

/// The parts a batch is cut into for each thread.
const PARTS_A_THREAD: usize = 8;

/// A run of `pdp10 solve` under way.
struct Job<'a> {
    args: &'a Args,
    start: Instant,
    progress: Progress,
    out: std::io::BufWriter<std::io::StdoutLock<'static>>,
    tally: Tally,
    /// The threads each puzzle's search may use (`--search-threads`).
    search_threads: usize,
}

impl Job<'_> {
    /// On this thread: each puzzle read, solved and printed in turn, so
    /// that nothing is held (a batch's thousands of grids cost the
    /// allocator more than one at a time). With `solo`, only while the
    /// puzzles are 9x9 and the run has taken less than [`SOLO`]: then the
    /// items not yet solved are returned for the pool (`None`: all done).
    fn one_at_a_time(
        &mut self,
        first: Vec<Item>,
        inputs: &mut Inputs,
        solo: bool,
    ) -> anyhow::Result<Option<Vec<Item>>> {
        let (limit, keep) = limits(self.args);
        let mut first = first.into_iter();
        // The bar is updated every `stride` puzzles: every one while they
        // are slow, more rarely (a clock read saved) while they are fast.
        let (mut stride, mut shown) = (1, Instant::now());
        while let Some(item) = first.next().or_else(|| inputs.next()) {
            if solo {
                let larger = matches!(&item, Item::Puzzle { puzzle, .. }
                    if puzzle.grid.shape() != sudoku::Shape::NINE);
                if larger
                    || (self.tally.puzzles.is_multiple_of(SOLO_STRIDE)
                        && self.start.elapsed() >= SOLO)
                {
                    return Ok(Some(std::iter::once(item).chain(first).collect()));
                }
            }
            let outcome = solve(self.args, limit, keep, self.search_threads, &item);
            print_item(
                &mut self.out,
                self.args,
                &item,
                outcome.as_ref(),
                &mut self.tally,
            )?;
            if self.tally.puzzles.is_multiple_of(stride) {
                let now = Instant::now();
                self.progress
                    .show(self.start, inputs.bytes_read(), self.tally.puzzles);
                if now - shown < Duration::from_millis(50) && stride < MAX_CHUNK {
                    stride *= 2;
                }
                shown = now;
            }
        }
        Ok(None)
    }

    /// On `threads` threads: batches read in order, each cut into parts,
    /// solved and formatted in parallel, and printed in order before the
    /// next is read. The workers wait for their next part on a channel,
    /// blocked (rayon's idle workers spun while this thread read and
    /// printed: 4-11 % more CPU time than one thread); this thread hands
    /// out the parts as the workers finish them, and solves parts itself
    /// in between. A part's outcomes are formatted and dropped on the
    /// thread that made them, into its reused buffer, and its items go back
    /// to this thread, which read them: nothing is freed by another thread.
    fn in_batches(
        &mut self,
        threads: usize,
        first: Vec<Item>,
        inputs: &mut Inputs,
    ) -> anyhow::Result<()> {
        let (args, search) = (self.args, self.search_threads);
        let (done, finished) = mpsc::channel::<Task>();
        std::thread::scope(|scope| {
            let mut workers = Vec::with_capacity(threads - 1);
            for _ in 1..threads {
                let (to_worker, parts) = mpsc::channel::<Task>();
                let done = done.clone();
                std::thread::Builder::new()
                    .spawn_scoped(scope, move || {
                        for mut task in parts {
                            task.error =
                                task.part.solve(args, search, &task.items, task.index).err();
                            if done.send(task).is_err() {
                                break;
                            }
                        }
                    })
                    .context("cannot start the worker threads")?;
                workers.push(to_worker);
            }
            self.run_batches(&workers, &finished, first, inputs)
            // Dropping `workers` closes their channels: the threads end and
            // the scope joins them.
        })
    }

    /// The batches of [`Job::in_batches`]: `workers` take parts, and give
    /// them back solved through `finished`.
    fn run_batches(
        &mut self,
        workers: &[mpsc::Sender<Task>],
        finished: &mpsc::Receiver<Task>,
        first: Vec<Item>,
        inputs: &mut Inputs,
    ) -> anyhow::Result<()> {
        let args = self.args;
        // Parts small enough that the threads end a batch at about the
        // same time, whatever the puzzles' difficulty.
        // With --all a puzzle may keep MAX_ALL solutions: one a thread.
        let count = (workers.len() + 1) * if args.all { 1 } else { PARTS_A_THREAD };
        let mut chunk = if args.all { 1 } else { FIRST_CHUNK };
        // All reused from batch to batch: memory stays put (no page
        // faults for each batch's fresh vectors).
        let mut tasks: Vec<Task> = (0..count).map(|_| Task::default()).collect();
        let mut first = first.into_iter();
        let mut size = first.len().max(chunk).div_ceil(count);
        loop {
            let began = Instant::now();
            let mut index = self.tally.puzzles;
            for (slot, task) in tasks.iter_mut().enumerate() {
                task.items.clear();
                task.items
                    .extend(first.by_ref().chain(inputs.by_ref()).take(size));
                (task.index, task.slot) = (index, slot);
                index += task
                    .items
                    .iter()
                    .filter(|i| matches!(i, Item::Puzzle { .. }))
                    .count();
            }
            // The parts with items: the rest keep their last batch's results.
            let parts = tasks.iter().take_while(|t| !t.items.is_empty()).count();
            if parts == 0 {
                return Ok(());
            }
            solve_parts(
                (args, self.search_threads),
                workers,
                finished,
                &mut tasks[..parts],
            )?;
            for task in &tasks[..parts] {
                self.print_part(&task.items, &task.part)?;
            }
            self.progress
                .show(self.start, inputs.bytes_read(), self.tally.puzzles);
            // Batches of up to a twentieth of a second keep the bar
            // moving; the ceiling keeps them in a megabyte or two.
            if began.elapsed() < Duration::from_millis(50) && chunk < MAX_CHUNK && !args.all {
                chunk *= 2;
            }
            size = chunk.div_ceil(count);
        }
    }

    /// Prints a part's formatted results in order, a bad puzzle's message
    /// in its place, and adds up its tally.
    fn print_part(&mut self, items: &[Item], part: &Part) -> std::io::Result<()> {
        let mut start = 0;
        for (item, &end) in items.iter().zip(&part.ends) {
            match item {
                Item::Bad(_) => print_item(&mut self.out, self.args, item, None, &mut self.tally)?,
                Item::Puzzle { .. } => self.out.write_all(&part.text[start..end])?,
            }
            start = end;
        }
        self.tally.add(&part.tally);
        Ok(())
    }
}

/// A part of a batch, sent to a worker and back.
#[derive(Default)]
struct Task {
    items: Vec<Item>,
    /// The index of its first puzzle in the run.
    index: usize,
    /// Its place in the batch, and the worker it was sent to.
    slot: usize,
    worker: usize,
    part: Part,
    /// What stopped the worker writing the part.
    error: Option<std::io::Error>,
}

/// Solves a batch's `tasks` on this thread and the `workers`: each worker
/// is given two parts to begin with and another each time one comes back
/// through `finished`; this thread solves the rest in between.
fn solve_parts(
    (args, search): (&Args, usize),
    workers: &[mpsc::Sender<Task>],
    finished: &mpsc::Receiver<Task>,
    tasks: &mut [Task],
) -> anyhow::Result<()> {
    let parts = tasks.len();
    let (mut next, mut out) = (0, 0);
    // Two parts a worker to begin with: one to do, one waiting, so
    // that it is not idle while this thread ends a part.
    for worker in (0..workers.len()).cycle().take(2 * workers.len()) {
        if next == parts {
            break;
        }
        tasks[next].worker = worker;
        workers[worker]
            .send(std::mem::take(&mut tasks[next]))
            .context("a worker thread stopped")?;
        (next, out) = (next + 1, out + 1);
    }
    while next < parts || out > 0 {
        let back = if next < parts {
            let task = &mut tasks[next];
            next += 1;
            task.part.solve(args, search, &task.items, task.index)?;
            finished.try_recv().ok()
        } else {
            Some(finished.recv().context("a worker thread stopped")?)
        };
        for mut task in back.into_iter().chain(finished.try_iter()) {
            out -= 1;
            if let Some(error) = task.error.take() {
                return Err(error.into());
            }
            let (worker, slot) = (task.worker, task.slot);
            tasks[slot] = task;
            if next < parts {
                tasks[next].worker = worker;
                workers[worker]
                    .send(std::mem::take(&mut tasks[next]))
                    .context("a worker thread stopped")?;
                (next, out) = (next + 1, out + 1);
            }
        }
    }
    Ok(())
}

/// One thread's share of a batch: its results formatted, where each
/// item's ends, and its tally (puzzles counted from the part's first).
#[derive(Default)]
struct Part {
    text: Vec<u8>,
    ends: Vec<usize>,
    tally: Tally,
}

impl Part {
    /// Solves and formats `items` (each search on up to `search` threads),
    /// the first puzzle being the `index`th of the run; a bad puzzle is left
    /// to the printing thread (its message goes to standard error in its
    /// place).
    fn solve(
        &mut self,
        args: &Args,
        search: usize,
        items: &[Item],
        index: usize,
    ) -> std::io::Result<()> {
        let (limit, keep) = limits(args);
        self.text.clear();
        self.ends.clear();
        self.tally = Tally {
            puzzles: index,
            ..Tally::default()
        };
        for item in items {
            if let Item::Puzzle { .. } = item {
                let outcome = solve(args, limit, keep, search, item);
                print_item(
                    &mut self.text,
                    args,
                    item,
                    outcome.as_ref(),
                    &mut self.tally,
                )?;
            }
            self.ends.push(self.text.len());
        }
        self.tally.puzzles -= index;
        Ok(())
    }
}

/// The most solutions `--all` prints for a puzzle: each is kept in memory
/// until the puzzle is done (an empty 9x9 grid has about 6.7e21).
const MAX_ALL: u64 = 100_000;

/// The limit on solutions counted, and how many are kept.
fn limits(args: &Args) -> (usize, usize) {
    let limit = match (args.limit, args.all) {
        (Some(n), _) => usize::try_from(n).unwrap_or(usize::MAX),
        (None, true) => MAX_ALL as usize,
        (None, false) => 2,
    };
    let keep = if args.all {
        limit
    } else if args.count {
        0
    } else {
        1
    };
    (limit, keep)
}

/// The threads each puzzle's search may use: `asked`, or with 0 the cores
/// that `workers` threads leave free, shared among them.
fn search_threads(asked: usize, workers: usize) -> usize {
    match asked {
        0 => {
            let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
            (cores / workers.max(1)).max(1)
        }
        n => n,
    }
}

/// Solves a puzzle (not with --check, nor a bad one), its search on up
/// to `search` threads.
fn solve(args: &Args, limit: usize, keep: usize, search: usize, item: &Item) -> Option<Outcome> {
    match item {
        Item::Puzzle { puzzle, .. } if !args.check => Some(sudoku::solve_with_threads(
            &puzzle.grid,
            limit,
            keep,
            search,
        )),
        _ => None,
    }
}

/// Prints an item's result; a bad puzzle's message goes to standard
/// error in its place.
fn print_item(
    out: &mut impl Write,
    args: &Args,
    item: &Item,
    outcome: Option<&Outcome>,
    tally: &mut Tally,
) -> std::io::Result<()> {
    match item {
        Item::Bad(message) => {
            tally.unreadable += 1;
            out.flush()?;
            // One write, not one a piece (standard error is unbuffered).
            // Cannot fail, as `eprintln!` (main.rs): there is nowhere to say so.
            let _ = std::io::stderr().write_all(format!("pdp10: {message}\n").as_bytes());
        }
        Item::Puzzle { file, puzzle, .. } => {
            let index = tally.puzzles;
            tally.puzzles += 1;
            match outcome {
                None => print_check(out, &puzzle.grid, tally)?,
                Some(outcome) => print_outcome(out, args, index, file, puzzle, outcome, tally)?,
            }
        }
    }
    Ok(())
}

/// A progress bar on standard error, shown when a run has taken a second
/// and standard error is a terminal: through the input's bytes when every
/// file has a known size, else a count of puzzles.
struct Progress {
    bar: ProgressBar,
    by_bytes: bool,
    shown: bool,
}

impl Progress {
    fn new(files: &[PathBuf]) -> Progress {
        let total = puzzles::total_bytes(files);
        let bar = ProgressBar::with_draw_target(total, ProgressDrawTarget::hidden());
        let template = match total {
            Some(_) => "{bar:40} {percent}% of the input, {elapsed} elapsed, {eta} left",
            None => "{pos} puzzles, {per_sec}, {elapsed} elapsed",
        };
        bar.set_style(ProgressStyle::with_template(template).expect("valid template"));
        Progress {
            bar,
            by_bytes: total.is_some(),
            shown: false,
        }
    }

    fn show(&mut self, start: Instant, bytes: u64, puzzles: usize) {
        self.bar
            .set_position(if self.by_bytes { bytes } else { puzzles as u64 });
        if !self.shown
            && start.elapsed() > Duration::from_secs(1)
            && std::io::stderr().is_terminal()
        {
            self.bar.set_draw_target(ProgressDrawTarget::stderr());
            self.shown = true;
        }
    }

    fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// `1 puzzle`, `2 puzzles`.
pub fn puzzles(n: usize) -> String {
    format!("{n} puzzle{}", if n == 1 { "" } else { "s" })
}

/// Prints the summary on standard error and gives the exit status: 2 when
/// some input could not be read, else 1 when a puzzle was unsolvable or
/// invalid, else 0.
fn summary(args: &Args, tally: &Tally, seconds: f64) -> ExitCode {
    let rate = if seconds > 0.0 {
        tally.puzzles as f64 / seconds
    } else {
        0.0
    };
    let unreadable = match tally.unreadable {
        0 => String::new(),
        n => format!(", {n} unreadable"),
    };
    let head = puzzles(tally.puzzles);
    // Formatted first, written at once: standard error is unbuffered, and
    // `eprintln!` would make a system call of each piece.
    let (line, ok) = if args.check {
        let line = format!(
            "{head}: {} valid, {} invalid{unreadable} in {seconds:.3} s ({rate:.0} puzzles/s)",
            tally.valid, tally.invalid
        );
        (line, tally.invalid == 0)
    } else {
        let line = format!(
            "{head}: {} solved ({} unique, {} multiple), {} unsolvable, {} invalid{unreadable} in {seconds:.3} s ({rate:.0} puzzles/s)",
            tally.solved, tally.unique, tally.multiple, tally.unsolvable, tally.invalid
        );
        (line, tally.unsolvable == 0 && tally.invalid == 0)
    };
    let _ = std::io::stderr().write_all(format!("{line}\n").as_bytes());
    if tally.unreadable > 0 {
        ExitCode::from(2)
    } else if ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn print_solution(out: &mut impl Write, grid: &Grid, format: Format) -> std::io::Result<()> {
    match format {
        Format::Line => write::write_line(out, grid),
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
                let more = if args.limit.is_none() && count as u64 == MAX_ALL {
                    " (there may be more: --all stops there without --limit)"
                } else {
                    ""
                };
                writeln!(
                    out,
                    "# puzzle {} ({file}:{}): {count} solution{plural}{more}",
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
