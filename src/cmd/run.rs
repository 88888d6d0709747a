//! `pdp10 run PROGRAM [JCL ...]`: run an ITS program as a host command.
//!
//! PROGRAM is an ITS name in two words (`TS SUDOKU`) or a host path (it
//! contains a `/` or a `.`). An ITS name is looked up as a DSK file in the
//! job's SNAME directory, then in `SYS;`; when `TS X` is found nowhere and
//! the DSK folder has `asm/x.mid`, that source is assembled in memory. With
//! the defaults (DSK = the current folder, SNAME = `PUZZLE`, which is the
//! host folder `puzzles/` seen through ITS's six-character names), running
//! `pdp10 run TS SUDOKU PUZZL1` from the repository's root finds
//! `asm/sudoku.mid` and gives the program the JCL `PUZZL1`, which it opens as
//! `PUZZL1 SUDOKU` = `puzzles/puzzl1.sudoku`.

use super::load;
use anyhow::{bail, Context};
use its::{Clock, Job, JobConfig, Outcome, Sixbit};
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `pdp10 run`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The host folder that is the DSK device.
    #[arg(long, value_name = "DIR", default_value = ".")]
    dsk: PathBuf,
    /// The job's default directory (.SNAME); `PUZZLE` is the folder
    /// `puzzles/`.
    #[arg(long, value_name = "NAME", default_value = "PUZZLE")]
    sname: String,
    /// Write one line per instruction executed to FILE (`-`: standard
    /// output).
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Log each system call on standard error: PC, call, arguments, result.
    #[arg(long)]
    syscalls: bool,
    /// With --syscalls, also log the ACs at each system call.
    #[arg(long, requires = "syscalls")]
    registers: bool,
    /// Most the job may write to DSK, all files together: bytes, or with K,
    /// M or G (1024-based), counted at five bytes a 36-bit word (what a
    /// word takes in the host file, and in the spool until it is closed)
    /// and a 1024-word block for each file opened; beyond, the job gets
    /// ITS's DEVICE FULL error.
    #[arg(long, value_name = "SIZE", default_value = "256M", value_parser = parse_size)]
    dsk_quota: u64,
    /// Stop after N instructions (exit status 4).
    #[arg(long, value_name = "N")]
    max_insns: Option<u64>,
    /// Print instructions executed, wall time and MIPS on standard error.
    #[arg(long)]
    stats: bool,
    /// Show what DDT would say when the job is killed (`:KILL`).
    #[arg(long)]
    verbose: bool,
    /// Fix the job's clock at this many seconds since 1970 (for
    /// reproducible runs).
    #[arg(long, value_name = "SECONDS", hide = true)]
    fixed_clock: Option<u64>,
    /// Give DDT's command line before the program starts (`$G` starts
    /// it, `$$Q` leaves); see the README.
    #[arg(long, conflicts_with_all = ["trace", "max_insns"])]
    ddt: bool,
    /// Show the job's memory live while it runs: the sudoku board, or
    /// `--watch=SYM[,N][/MODE]` for N words from SYM in a DDT mode.
    #[arg(long, value_name = "SPEC", num_args = 0..=1, require_equals = true,
          default_missing_value = "", conflicts_with_all = ["trace", "max_insns", "ddt"])]
    watch: Option<String>,
    /// The program (`TS SUDOKU` or a host path), then its JCL.
    #[arg(
        value_name = "PROGRAM [JCL]",
        required = true,
        num_args = 1..,
        trailing_var_arg = true,
        allow_hyphen_values = true
    )]
    words: Vec<String>,
}

/// A host failure during the run; a closed output pipe stays an
/// `io::Error` so that `main` treats `pdp10 run ... | head` as success.
fn host_error(e: its::Error) -> anyhow::Error {
    if let its::ErrorKind::Io { source, .. } = e.kind() {
        if source.kind() == std::io::ErrorKind::BrokenPipe {
            return std::io::Error::from(std::io::ErrorKind::BrokenPipe).into();
        }
    }
    e.into()
}

/// A size in bytes: digits, then optionally K, M or G (powers of 1024).
fn parse_size(s: &str) -> Result<u64, String> {
    let (digits, unit) = match s.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&s[..i], c.to_ascii_uppercase()),
        _ => (s, 'B'),
    };
    let shift = match unit {
        'B' => 0,
        'K' => 10,
        'M' => 20,
        'G' => 30,
        _ => return Err(format!("{s:?}: the unit is K, M or G")),
    };
    let n: u64 = digits
        .parse()
        .map_err(|_| format!("{s:?} is not a size (digits, then K, M or G)"))?;
    n.checked_mul(1 << shift)
        .ok_or_else(|| format!("{s:?} is too large"))
}

/// Runs `pdp10 run`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (names, jcl_words) = load::split_program(&args.words)?;
    let sname = load::sixbit(&args.sname, "--sname")?;
    // Checked first, so that a bad --dsk is named as such whatever the
    // program is (it was "setting up the job", the host error twice).
    its::names::DskRoot::new(&args.dsk)
        .with_context(|| format!("DSK folder {}", args.dsk.display()))?;
    if let (Some(trace), [program]) = (&args.trace, names.as_slice()) {
        if super::hostio::same_file(trace, Path::new(program)) {
            bail!("--trace {}: that is the program itself", trace.display());
        }
    }
    let program = load::find(&names, &args.dsk, sname)?;
    let jcl = (!jcl_words.is_empty()).then(|| jcl_words.join(" "));
    let uname = std::env::var("USER")
        .ok()
        .map(|u| Sixbit::lossy(&u))
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| Sixbit::new("USER").unwrap_or_default());
    let debugger = args.ddt.then(super::debug::Debugger::new);
    // Character mode for the plain run, until this function returns.
    let mut character_mode = None;
    let terminal = match &debugger {
        Some(d) => d.terminal(),
        None if args.watch.is_some() => super::watch::terminal(),
        None => {
            let (terminal, mode) = plain_terminal()?;
            character_mode = Some(mode);
            terminal
        }
    };
    let config = JobConfig {
        dsk: args.dsk.clone(),
        uname,
        jname: program.jname,
        sname,
        jcl,
        loaded_from: program.name,
        terminal,
        clock: args.fixed_clock.map_or(Clock::Host, Clock::Fixed),
        syscall_log: args
            .syscalls
            .then(|| Box::new(std::io::stderr()) as Box<dyn Write + Send>),
        log_registers: args.registers,
        verbose: args.verbose,
    };
    let mut job = Job::new(&program.image, config).context("setting up the job")?;
    job.set_dsk_quota(args.dsk_quota / 5);
    if let Some(debugger) = debugger {
        return debugger.run_job(job, &program);
    }
    if let Some(spec) = &args.watch {
        return super::watch::run_job(job, spec, &program);
    }
    let budget = args.max_insns.unwrap_or(u64::MAX);
    let started = Instant::now();
    super::interrupt::install()?;
    job.set_stop_flag(super::interrupt::stop_flag());
    let stop = super::interrupt::requested;
    let outcome = run_traced(&mut job, budget, args.trace.as_deref(), stop)?;
    let elapsed = started.elapsed();
    super::hostio::stdout().flush()?;
    if let Some(message) = outcome.message() {
        eprintln!("{message}");
    }
    if args.stats {
        print_stats(job.instructions(), elapsed);
    }
    drop(character_mode);
    Ok(ExitCode::from(match outcome {
        Outcome::Finished { .. } => 0,
        other => other.exit_status(),
    }))
}

/// The host terminal in character mode (when it is one) for a plain run:
/// typed characters reach the job while it computes, output is buffered.
/// The mode lasts as long as the returned guard.
fn plain_terminal() -> anyhow::Result<(its::tty::Terminal, super::character_mode::CharacterMode)> {
    let mode = super::character_mode::CharacterMode::enter()
        .context("putting the terminal in character mode")?;
    let stdin = super::interrupt::Waiting(BufReader::new(std::io::stdin()));
    // On a terminal, characters typed while the job computes
    // reach it then (its typed-character interrupts).
    let input = if mode.on() {
        its::tty::Input::Polled(Box::new(stdin))
    } else {
        its::tty::Input::Stream(Box::new(stdin))
    };
    let mut terminal = its::tty::Terminal::new(
        input,
        its::tty::Output::Stream(Box::new(BufWriter::new(super::hostio::stdout()))),
    );
    terminal.set_echo(mode.on());
    Ok((terminal, mode))
}

/// Runs the job to its end or the budget, tracing every instruction to
/// `trace` (`-` for standard output) when given.
fn run_traced(
    job: &mut Job,
    budget: u64,
    trace: Option<&Path>,
    stop: fn() -> bool,
) -> anyhow::Result<Outcome> {
    let Some(path) = trace else {
        return job
            .run_watched(budget, &mut ka10::NoTrace, stop)
            .map_err(host_error);
    };
    let sink: Box<dyn Write> = if path.as_os_str() == "-" {
        // Whole lines at a time, between the program's own output.
        Box::new(std::io::LineWriter::new(std::io::stdout()))
    } else {
        Box::new(File::create(path).with_context(|| format!("creating {}", path.display()))?)
    };
    let mut tracer = ka10::trace::TraceWriter::new(BufWriter::new(sink));
    let outcome = job.run_watched(budget, &mut tracer, stop);
    tracer
        .finish()
        .with_context(|| format!("writing {}", path.display()))?;
    outcome.map_err(host_error)
}

/// `--stats`: instructions, time and speed, and what a KA10 would take.
fn print_stats(n: u64, elapsed: std::time::Duration) {
    let secs = elapsed.as_secs_f64();
    let mips = if secs > 0.0 {
        n as f64 / secs / 1e6
    } else {
        0.0
    };
    eprintln!("{n} instructions in {secs:.3} s ({mips:.1} MIPS)");
    // The KA10's average, until DEC's instruction times are applied
    // (crates/ka10/docs/timing.md).
    let ka10_secs = ka10::timing::ka10_seconds(n);
    eprintln!("a real KA10 at 0.38 MIPS would have taken {ka10_secs:.3} s");
}
