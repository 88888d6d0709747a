//! `pdp10 boot FILE`: run a bare-metal program in exec mode until it halts.
//!
//! FILE is an SBLK binary in ITS evacuated encoding (what SIMH's KA10 loads
//! with `load -i`), or a text image of `ADDR: WORD` lines and a
//! `start: ADDR` line (see `ka10::image`). After the run the stop reason,
//! the PC and the 16 ACs are printed in octal, then any `--examine`d words.
//! Exit status: 0 after a HALT, 2 on an error (nonexistent memory, an
//! absent device, ...), 4 when `--max-insns` ran out, 130 on Ctrl-C, as
//! `pdp10 run` gives for the same events.

use super::interrupt::{run_cpu, Stop};
use anyhow::{bail, Context};
use ka10::trace::TraceWriter;
use ka10::{ClockMode, Cpu, Exit, NoHandler, NoTrace, MAX_MEMORY};
use pdp10_isa::{disassemble, NoSymbols, Word};
use std::io::{self, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `pdp10 boot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The program: an SBLK file (evacuated encoding) or a text image
    /// (`-`: standard input).
    file: PathBuf,
    /// Print memory words LO through HI (octal) after the run; repeatable.
    #[arg(long, value_name = "LO-HI", value_parser = parse_range)]
    examine: Vec<(u32, u32)>,
    /// Set accumulator N (octal) to WORD before the run; repeatable.
    #[arg(long, value_name = "N=WORD", value_parser = parse_ac)]
    ac: Vec<(u8, Word)>,
    /// Deposit WORD at ADDR (octal) before the run; repeatable.
    #[arg(long, value_name = "ADDR=WORD", value_parser = parse_deposit)]
    deposit: Vec<(u32, Word)>,
    /// Words of memory (octal, at most 1000000 = 256K); a reference beyond
    /// sets the APR's nonexistent-memory flag, as on a KA10.
    #[arg(long, value_name = "WORDS", default_value = "1000000", value_parser = parse_memory)]
    memory: usize,
    /// Stop after N instructions (exit status 4).
    #[arg(long, value_name = "N")]
    max_insns: Option<u64>,
    /// Print instructions executed, wall time and MIPS on standard error.
    #[arg(long)]
    stats: bool,
    /// Print one line per instruction on standard error.
    #[arg(long)]
    trace: bool,
    /// Give DDT's command line before the program starts (`$G` starts
    /// it, `$$Q` leaves); see the README.
    #[arg(long, conflicts_with_all = ["trace", "max_insns", "examine"])]
    ddt: bool,
    /// How the clocks (the APR's 60 Hz line clock, the DK10) keep time:
    /// `emulated` (emulated KA10 time: runs repeat exactly) or `real` (the
    /// host's time).
    #[arg(long, value_enum, default_value_t = Clock::Emulated)]
    clock: Clock,
}

/// `--clock`.
#[derive(Clone, Copy, Debug, clap::ValueEnum)]
enum Clock {
    Emulated,
    Real,
}

fn parse_range(s: &str) -> Result<(u32, u32), String> {
    let (lo, hi) = s.split_once('-').unwrap_or((s, s));
    let lo = ka10::image::parse_address(lo)?;
    let hi = ka10::image::parse_address(hi)?;
    if hi < lo {
        return Err(format!("{hi:o} is below {lo:o}"));
    }
    Ok((lo, hi))
}

fn parse_memory(s: &str) -> Result<usize, String> {
    let n = u64::from_str_radix(s, 8).map_err(|_| format!("not an octal number: {s}"))?;
    if !(0o20..=MAX_MEMORY as u64).contains(&n) {
        return Err(format!(
            "memory must be 20 to 1000000 (octal) words, not {s}"
        ));
    }
    Ok(n as usize)
}

fn parse_ac(s: &str) -> Result<(u8, Word), String> {
    let (n, w) = s.split_once('=').ok_or("expected N=WORD")?;
    let n = ka10::image::parse_address(n)?;
    if n > 0o17 {
        return Err(format!("AC {n:o}: accumulators are 0-17"));
    }
    Ok((n as u8, ka10::image::parse_word(w)?))
}

fn parse_deposit(s: &str) -> Result<(u32, Word), String> {
    let (a, w) = s.split_once('=').ok_or("expected ADDR=WORD")?;
    Ok((ka10::image::parse_address(a)?, ka10::image::parse_word(w)?))
}

/// Runs `pdp10 boot`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut cpu = Cpu::new(args.memory);
    cpu.set_clock_mode(match args.clock {
        Clock::Emulated => ClockMode::Emulated,
        Clock::Real => ClockMode::RealTime,
    });
    let start = super::load::into_cpu(&mut cpu, &args.file)?;
    for (address, w) in &args.deposit {
        if !cpu.write(*address, *w) {
            bail!("--deposit: address {address:o} is beyond memory");
        }
    }
    for (n, w) in &args.ac {
        cpu.set_ac(*n, *w);
    }
    cpu.set_pc(start);
    if args.ddt {
        return super::debug::Debugger::new().run_bare(cpu, start, &args.file);
    }
    let budget = args.max_insns.unwrap_or(u64::MAX);

    super::interrupt::install()?;
    let began = Instant::now();
    let stop = if args.trace {
        let mut tracer = TraceWriter::new(io::BufWriter::new(io::stderr().lock()));
        let stop = run_cpu(&mut cpu, &mut NoHandler, &mut tracer, budget);
        tracer.finish().context("writing the trace")?;
        stop
    } else {
        run_cpu(&mut cpu, &mut NoHandler, &mut NoTrace, budget)
    };
    let elapsed = began.elapsed();

    let status = report(&cpu, &stop, &args.examine)?;

    if args.stats {
        let executed = cpu.instructions();
        let seconds = elapsed.as_secs_f64();
        eprintln!("instructions: {executed}");
        eprintln!("wall time: {seconds:.3} s");
        eprintln!("MIPS: {:.1}", executed as f64 / seconds.max(1e-9) / 1e6);
    }
    Ok(status.map_or(ExitCode::SUCCESS, ExitCode::from))
}

/// Prints the report on standard output (why the machine stopped, PC,
/// flags, ACs and the words `--examine` asks for) and returns the exit
/// status when it did not stop at a HALT. The reason for such a stop goes
/// to standard error first, so that it is the first line of the two
/// together (`2>&1`), where scripts such as the DAKA runner look for it.
fn report(
    cpu: &Cpu,
    stop: &Stop<std::convert::Infallible>,
    examine: &[(u32, u32)],
) -> anyhow::Result<Option<u8>> {
    let mut out = super::hostio::stdout();
    // Console output came first: keep it apart from the report.
    out.flush()?;
    let at = |pc: u32| {
        let word = cpu.read(pc).unwrap_or_default();
        format!("{pc:06o}: {}", disassemble(word, &NoSymbols))
    };
    // The report on standard output; why it stopped, when that is not a
    // HALT, once on standard error, with the exit status `pdp10 run` gives
    // for the same event.
    let (first, failed) = match stop {
        Stop::Ran(Ok(Exit::Halt { pc })) => (format!("halted at {}", at(*pc)), None),
        Stop::Ran(Ok(Exit::Handler(never))) => match *never {},
        Stop::Ran(Err(err)) => {
            let text = disassemble(err.instruction, &NoSymbols);
            let status = match err.kind {
                ka10::ErrorKind::BudgetExhausted { .. } => 4,
                _ => 2,
            };
            let first = format!("stopped at {:06o}: {text}", err.pc);
            (first, Some((err.to_string(), status)))
        }
        Stop::Interrupted => {
            let message = format!(
                "interrupted (Ctrl-C) after {} instructions at PC {:06o}",
                cpu.instructions(),
                cpu.pc()
            );
            let first = format!("interrupted at {}", at(cpu.pc()));
            (first, Some((message, super::interrupt::EXIT_STATUS)))
        }
    };
    if let Some((message, _)) = &failed {
        eprintln!("pdp10: boot: {message}");
    }
    writeln!(out, "{first}")?;
    writeln!(out, "PC {:06o}  flags {:06o}", cpu.pc(), cpu.flags())?;
    for row in 0..4u8 {
        write!(out, "AC{:02o}-{:02o}", row * 4, row * 4 + 3)?;
        for n in row * 4..row * 4 + 4 {
            write!(out, " {}", cpu.ac(n))?;
        }
        writeln!(out)?;
    }
    for &(lo, hi) in examine {
        for address in lo..=hi {
            match cpu.read(address) {
                Some(w) => writeln!(out, "{address:06o}: {w}")?,
                None => writeln!(out, "{address:06o}: nonexistent")?,
            }
        }
    }
    out.flush()?;
    Ok(failed.map(|(_, status)| status))
}
