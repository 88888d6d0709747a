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

use anyhow::{bail, Context};
use its::{loader, Clock, FileName, Image, Job, JobConfig, Outcome, Sixbit};
use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `pdp10 run`.
#[derive(clap::Args)]
pub struct Args {
    /// The host folder that is the DSK device.
    #[arg(long, value_name = "DIR", default_value = ".")]
    dsk: PathBuf,
    /// The job's default directory (.SNAME); `PUZZLE` is the folder
    /// `puzzles/`.
    #[arg(long, value_name = "NAME", default_value = "PUZZLE")]
    sname: String,
    /// Write one line per instruction executed to FILE.
    #[arg(long, value_name = "FILE")]
    trace: Option<PathBuf>,
    /// Log each system call on standard error: PC, call, arguments, result.
    #[arg(long)]
    syscalls: bool,
    /// With --syscalls, also log the ACs at each system call.
    #[arg(long, requires = "syscalls")]
    registers: bool,
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

/// A program found and loaded.
struct Program {
    image: Image,
    /// The second file name: the job's name.
    jname: Sixbit,
    /// Where it came from, as DDT's `..RLFI` tells it.
    name: FileName,
}

fn sixbit(text: &str, what: &str) -> anyhow::Result<Sixbit> {
    match Sixbit::new(text) {
        Some(s) if !s.is_empty() && text.chars().count() <= 6 => Ok(s),
        _ => bail!("{what} {text:?} is not an ITS name (one to six SIXBIT characters)"),
    }
}

/// Splits the words into the program's name and the JCL words.
fn split_program(words: &[String]) -> anyhow::Result<(Vec<String>, &[String])> {
    let first = &words[0];
    if first.contains('/') || first.contains('.') {
        return Ok((vec![first.clone()], &words[1..]));
    }
    if first.contains(' ') {
        let parts: Vec<String> = first.split_whitespace().map(str::to_string).collect();
        return Ok((parts, &words[1..]));
    }
    match words.get(1) {
        Some(second) => Ok((vec![first.clone(), second.clone()], &words[2..])),
        None => {
            bail!("PROGRAM is an ITS name in two words (`TS SUDOKU`) or a host path; got {first:?}")
        }
    }
}

fn load_host_file(path: &Path) -> anyhow::Result<Image> {
    if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mid"))
    {
        return assemble(path);
    }
    let bytes = std::fs::read(path).with_context(|| format!("reading {}", path.display()))?;
    let (image, warning) = loader::load_bytes_warning(&bytes)
        .with_context(|| format!("loading {}", path.display()))?;
    if let Some(w) = warning {
        eprintln!("pdp10 run: {}: {w}", path.display());
    }
    Ok(image)
}

/// Assembles a MIDAS source in memory.
fn assemble(path: &Path) -> anyhow::Result<Image> {
    let assembly = midas::assemble_file(path).map_err(|e| anyhow::anyhow!("{e}"))?;
    loader::load_words(&assembly.sblk_words())
        .with_context(|| format!("loading the assembly of {}", path.display()))
}

fn find_program(args: &Args, names: &[String], sname: Sixbit) -> anyhow::Result<Program> {
    let six = |s| Sixbit::new(s).unwrap_or_default();
    if names.len() == 1 {
        let path = PathBuf::from(&names[0]);
        let image = load_host_file(&path)?;
        let file = path
            .file_name()
            .and_then(|f| f.to_str())
            .unwrap_or_default();
        let (fn1, fn2) = its::names::its_parts_of_host_name(file);
        let (fn1, fn2) = if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("mid"))
        {
            ("TS".to_string(), fn1)
        } else {
            (fn1, fn2)
        };
        let jname = Sixbit::lossy(if fn2.is_empty() { &fn1 } else { &fn2 });
        return Ok(Program {
            image,
            jname,
            name: FileName {
                device: six("DSK"),
                dir: sname,
                fn1: Sixbit::lossy(&fn1),
                fn2: jname,
            },
        });
    }
    if names.len() != 2 {
        bail!("PROGRAM is an ITS name in two words (`TS SUDOKU`); got {names:?}");
    }
    let fn1 = sixbit(&names[0], "file name")?;
    let fn2 = sixbit(&names[1], "file name")?;
    let dsk = its::names::DskRoot::new(&args.dsk)
        .with_context(|| format!("DSK folder {}", args.dsk.display()))?;
    for dir in [sname, six("SYS")] {
        let name = FileName {
            device: six("DSK"),
            dir,
            fn1,
            fn2,
        };
        if let Ok(path) = dsk.existing_file(&name) {
            let image = load_host_file(&path)?;
            return Ok(Program {
                image,
                jname: fn2,
                name,
            });
        }
    }
    let source = args
        .dsk
        .join("asm")
        .join(format!("{}.mid", fn2.text().to_ascii_lowercase()));
    if fn1.text() == "TS" && source.is_file() {
        eprintln!(
            "pdp10 run: no {fn1} {fn2} in {sname}; or SYS;, assembling {} in memory",
            source.display()
        );
        let image = assemble(&source)?;
        let name = FileName {
            device: six("DSK"),
            dir: six("ASM"),
            fn1,
            fn2,
        };
        return Ok(Program {
            image,
            jname: fn2,
            name,
        });
    }
    bail!(
        "no file {fn1} {fn2} in {sname}; or SYS; under {} (nor a source asm/{}.mid)",
        args.dsk.display(),
        fn2.text().to_ascii_lowercase()
    )
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

/// Instructions a second of a real KA10 (SIMH's `kx10_defs.h`: 0.38 MIPS).
const REAL_KA10_IPS: f64 = 380_000.0;

/// Runs `pdp10 run`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let (names, jcl_words) = split_program(&args.words)?;
    let sname = sixbit(&args.sname, "--sname")?;
    let program = find_program(&args, &names, sname)?;
    let jcl = (!jcl_words.is_empty()).then(|| jcl_words.join(" "));
    let uname = std::env::var("USER")
        .ok()
        .map(|u| Sixbit::lossy(&u))
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| Sixbit::new("USER").unwrap_or_default());
    let terminal = its::tty::Terminal::new(
        its::tty::Input::Stream(Box::new(BufReader::new(std::io::stdin()))),
        its::tty::Output::Stream(Box::new(BufWriter::new(std::io::stdout()))),
    );
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
    // The error names the folder and the cause.
    let mut job = Job::new(&program.image, config).context("DSK folder")?;
    let budget = args.max_insns.unwrap_or(u64::MAX);
    let started = Instant::now();
    let outcome = match &args.trace {
        Some(path) => {
            let file =
                File::create(path).with_context(|| format!("creating {}", path.display()))?;
            let mut tracer = ka10::trace::TraceWriter::new(BufWriter::new(file));
            let outcome = job.run(budget, &mut tracer);
            tracer
                .finish()
                .with_context(|| format!("writing {}", path.display()))?;
            outcome.map_err(host_error)?
        }
        None => job.run(budget, &mut ka10::NoTrace).map_err(host_error)?,
    };
    let elapsed = started.elapsed();
    std::io::stdout().flush()?;
    if let Some(message) = outcome.message() {
        eprintln!("{message}");
    }
    if args.stats {
        let n = job.instructions();
        let secs = elapsed.as_secs_f64();
        let mips = if secs > 0.0 {
            n as f64 / secs / 1e6
        } else {
            0.0
        };
        eprintln!("{n} instructions in {secs:.3} s ({mips:.1} MIPS)");
        // ka10.md: a real KA10 ran about 0.38 million instructions a second.
        let ka10_secs = n as f64 / REAL_KA10_IPS;
        eprintln!("a real KA10 at 0.38 MIPS would have taken {ka10_secs:.3} s");
    }
    Ok(ExitCode::from(match outcome {
        Outcome::Finished { .. } => 0,
        other => other.exit_status(),
    }))
}
