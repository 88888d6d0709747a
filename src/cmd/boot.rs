//! `pdp10 boot FILE`: run a bare-metal program in exec mode until it halts.
//!
//! FILE is an SBLK binary in ITS evacuated encoding (what SIMH's KA10 loads
//! with `load -i`), or a text image of `ADDR: WORD` lines and a
//! `start: ADDR` line (see `ka10::image`). After the run the stop reason,
//! the PC and the 16 ACs are printed in octal, then any `--examine`d words.

use anyhow::{bail, Context};
use ka10::trace::TraceWriter;
use ka10::{ClockMode, Cpu, Exit, NoHandler, NoTrace, MAX_MEMORY};
use pdp10_isa::sblk::{Sblk, SblkError};
use pdp10_isa::{disassemble, NoSymbols, Word};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

/// Arguments of `pdp10 boot`.
#[derive(clap::Args)]
pub struct Args {
    /// The program: an SBLK file (evacuated encoding) or a text image.
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
    /// Stop with an error after N instructions.
    #[arg(long, value_name = "N")]
    max_insns: Option<u64>,
    /// Print instructions executed, wall time and MIPS on standard error.
    #[arg(long)]
    stats: bool,
    /// Print one line per instruction on standard error.
    #[arg(long)]
    trace: bool,
    /// How the APR's line-frequency clock keeps time: `emulated` (60 ticks
    /// a second of emulated KA10 time: runs repeat exactly) or `real` (the
    /// host's time).
    #[arg(long, value_enum, default_value_t = Clock::Emulated)]
    clock: Clock,
}

/// `--clock`.
#[derive(Clone, Copy, clap::ValueEnum)]
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

/// Loads FILE into `cpu`; returns the start address.
fn load(cpu: &mut Cpu, path: &Path) -> anyhow::Result<u32> {
    let bytes = std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
    let words = pdp10_isa::evacuated::decode(&bytes);
    let sblk = words.as_ref().map_err(|e| e.to_string()).and_then(|w| {
        Sblk::parse(w).map_err(|e| match e {
            SblkError::NoJrst1 => String::new(),
            e => e.to_string(),
        })
    });
    match sblk {
        Ok(sblk) => {
            for block in &sblk.blocks {
                for (i, w) in block.words.iter().enumerate() {
                    let address = block.address as usize + i;
                    if address >= MAX_MEMORY || !cpu.write(address as u32, *w) {
                        bail!(
                            "{}: block at {:o} extends beyond memory",
                            path.display(),
                            block.address
                        );
                    }
                }
            }
            Ok(sblk.start_address())
        }
        // Not SBLK at all: a text image.
        Err(not_sblk) if not_sblk.is_empty() => {
            let text = std::str::from_utf8(&bytes).map_err(|_| {
                anyhow::anyhow!(
                    "{}: neither an SBLK file (no JRST 1) nor a text image",
                    path.display()
                )
            })?;
            let image = ka10::image::parse(text).map_err(|e| {
                anyhow::anyhow!("{}:{}:{}: {}", path.display(), e.line, e.column, e.message)
            })?;
            for (address, w) in image.words {
                if !cpu.write(address, w) {
                    bail!("{}: address {address:o} is beyond memory", path.display());
                }
            }
            Ok(image.start)
        }
        Err(message) => bail!("{}: bad SBLK file: {message}", path.display()),
    }
}

/// Runs `pdp10 boot`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let mut cpu = Cpu::new(args.memory);
    cpu.set_clock_mode(match args.clock {
        Clock::Emulated => ClockMode::Emulated,
        Clock::Real => ClockMode::RealTime,
    });
    let start = load(&mut cpu, &args.file)?;
    for (address, w) in &args.deposit {
        if !cpu.write(*address, *w) {
            bail!("--deposit: address {address:o} is beyond memory");
        }
    }
    for (n, w) in &args.ac {
        cpu.set_ac(*n, *w);
    }
    cpu.set_pc(start);
    let budget = args.max_insns.unwrap_or(u64::MAX);

    let began = Instant::now();
    let result = if args.trace {
        let mut tracer = TraceWriter::new(io::BufWriter::new(io::stderr().lock()));
        let result = cpu.run(&mut NoHandler, &mut tracer, budget);
        tracer.finish().context("writing the trace")?;
        result
    } else {
        cpu.run(&mut NoHandler, &mut NoTrace, budget)
    };
    let elapsed = began.elapsed();

    let mut out = io::stdout().lock();
    // Console output came first: keep it apart from the report.
    out.flush()?;
    let failed = match &result {
        Ok(Exit::Halt { pc }) => {
            let word = cpu.read(*pc).unwrap_or_default();
            writeln!(out, "halted at {pc:06o}: {}", disassemble(word, &NoSymbols))?;
            None
        }
        Ok(Exit::Handler(never)) => match *never {},
        Err(err) => {
            writeln!(out, "stopped: {err}")?;
            Some(err)
        }
    };
    writeln!(out, "PC {:06o}  flags {:06o}", cpu.pc(), cpu.flags())?;
    for row in 0..4u8 {
        write!(out, "AC{:02o}-{:02o}", row * 4, row * 4 + 3)?;
        for n in row * 4..row * 4 + 4 {
            write!(out, " {}", cpu.ac(n))?;
        }
        writeln!(out)?;
    }
    for &(lo, hi) in &args.examine {
        for address in lo..=hi {
            match cpu.read(address) {
                Some(w) => writeln!(out, "{address:06o}: {w}")?,
                None => writeln!(out, "{address:06o}: nonexistent")?,
            }
        }
    }
    out.flush()?;

    if args.stats {
        let executed = cpu.instructions();
        let seconds = elapsed.as_secs_f64();
        eprintln!("instructions: {executed}");
        eprintln!("wall time: {seconds:.3} s");
        eprintln!("MIPS: {:.1}", executed as f64 / seconds.max(1e-9) / 1e6);
    }
    match failed {
        None => Ok(ExitCode::SUCCESS),
        Some(err) => {
            eprintln!("pdp10: boot: {err}");
            Ok(ExitCode::from(1))
        }
    }
}
