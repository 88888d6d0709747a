//! `pdp10 run --ddt` and `pdp10 boot --ddt`: DDT's command line over the
//! loaded program (the `ddt` crate), reading commands from the terminal or,
//! under a pipe, line by line with the commands echoed.
//!
//! Ctrl-C while the job runs stops it and returns to DDT; at DDT's command
//! line it leaves. The handler (interrupt.rs, the one for every command)
//! only sets flags: the job runs in slices and DDT looks at the flag
//! between them.

use super::load::Program;
use anyhow::Context;
use ddt::{BareMachine, ItsJob, Session, SymbolTable, Target};
use pdp10_isa::sblk::{Sblk, Symbol};
use pdp10_isa::squoze::HALF_KILLED;
use ratatui::crossterm::terminal;
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// Standard input, shared by DDT (whole lines) and the job (its TTY).
#[derive(Clone)]
struct SharedStdin(Arc<Mutex<BufReader<std::io::Stdin>>>);

impl Read for SharedStdin {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut input = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let available = input.fill_buf()?;
        let n = available.len().min(buf.len());
        buf[..n].copy_from_slice(&available[..n]);
        input.consume(n);
        Ok(n)
    }
}

/// What a DDT run needs before the job is made: the shared input.
pub struct Debugger {
    stdin: SharedStdin,
}

impl Debugger {
    /// A debugger on standard input and output.
    pub fn new() -> Debugger {
        Debugger {
            stdin: SharedStdin(Arc::new(Mutex::new(BufReader::new(std::io::stdin())))),
        }
    }

    /// The job's terminal: the same input as DDT's, output straight to
    /// standard output (so that it stays in order with DDT's).
    pub fn terminal(&self) -> its::tty::Terminal {
        its::tty::Terminal::new(
            its::tty::Input::Stream(Box::new(BufReader::with_capacity(1, self.stdin.clone()))),
            its::tty::Output::Stream(Box::new(std::io::stdout())),
        )
    }

    /// DDT over an ITS job.
    pub(super) fn run_job(self, job: its::Job, program: &Program) -> anyhow::Result<ExitCode> {
        let symbols = its_symbols(program);
        // Ctrl-C also ends a .SLEEP or a run of slow calls at once.
        let mut job = job;
        job.set_stop_flag(super::interrupt::stop_flag());
        self.session(ItsJob::new(job), symbols)
    }

    /// DDT over a bare machine.
    pub fn run_bare(self, cpu: ka10::Cpu, start: u32, file: &Path) -> anyhow::Result<ExitCode> {
        let symbols = std::fs::read(file)
            .ok()
            .and_then(|bytes| pdp10_isa::evacuated::decode(&bytes).ok())
            .and_then(|words| Sblk::parse(&words).ok())
            .map(|sblk| table(&sblk.symbols()))
            .unwrap_or_default();
        self.session(BareMachine::new(cpu, start), symbols)
    }

    fn session<T: Target>(self, target: T, symbols: SymbolTable) -> anyhow::Result<ExitCode> {
        let interactive = std::io::stdin().is_terminal();
        super::interrupt::install_for_ddt()?;
        if interactive {
            eprintln!("DDT: $G starts the program, $$Q or :KILL leaves ($ or ESC)");
        }
        let mut session = Session::new(target, symbols, std::io::stdout(), !interactive);
        session.set_loader(Box::new(program_from_file));
        if interactive {
            self.keys(&mut session)?;
        } else {
            self.lines(&mut session)?;
        }
        let (status, mut out) = session.finish()?;
        out.flush()?;
        Ok(ExitCode::from(status))
    }
}

impl Debugger {
    /// Commands from a pipe, a line at a time.
    fn lines<T: Target, W: Write>(&self, session: &mut Session<T, W>) -> anyhow::Result<()> {
        let mut bytes = Vec::new();
        for number in 1.. {
            bytes.clear();
            let n = {
                let mut input = self.stdin.0.lock().unwrap_or_else(|e| e.into_inner());
                // Bounded: a line without end (`< /dev/zero`) is refused,
                // not read until memory runs out.
                (&mut *input)
                    .take(MAX_COMMAND_LINE + 1)
                    .read_until(b'\n', &mut bytes)
                    .context("reading DDT commands")?
            };
            if n == 0 {
                return Ok(());
            }
            let text = command_text(&bytes, number)?;
            let text = text.trim_end_matches(['\n', '\r']);
            if run_commands(|i| session.line(text, i))? == ddt::Control::Quit {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Commands typed on a terminal, in raw mode: DDT acts on each command
    /// character as it is typed, as on ITS. The terminal is in its usual
    /// mode while DDT types and the job runs (its output, its input and
    /// Ctrl-C are the terminal's).
    fn keys<T: Target, W: Write>(&self, session: &mut Session<T, W>) -> anyhow::Result<()> {
        let raw = |on: bool| -> anyhow::Result<()> {
            if on {
                terminal::enable_raw_mode()
            } else {
                terminal::disable_raw_mode()
            }
            .context("setting the terminal's mode")
        };
        let mut typed = String::new();
        let result = (|| -> anyhow::Result<()> {
            loop {
                raw(true)?;
                let mut byte = [0u8];
                let n = self.stdin.clone().read(&mut byte)?;
                if n == 0 {
                    return Ok(());
                }
                let c = byte[0] as char;
                let mut out = std::io::stdout();
                match c {
                    '\u{7f}' | '\u{8}' => {
                        if let Some(gone) = typed.pop() {
                            for _ in 0..ddt::echo_of(gone).chars().count() {
                                out.write_all(b"\x08 \x08")?;
                            }
                            out.flush()?;
                        }
                        continue;
                    }
                    // ^C leaves; ^D and ^G forget what was typed (DDT types XXX?).
                    '\u{3}' => return Ok(()),
                    '\u{4}' | '\u{7}' => {
                        typed.clear();
                        out.write_all(b" XXX?\r\n")?;
                        out.flush()?;
                        continue;
                    }
                    '\r' => {
                        out.write_all(b"\r\n")?;
                        out.flush()?;
                        raw(false)?;
                        let control = run_commands(|i| session.line(&typed, i))?;
                        typed.clear();
                        if control == ddt::Control::Quit {
                            return Ok(());
                        }
                        continue;
                    }
                    _ => {}
                }
                typed.push(c);
                out.write_all(ddt::echo_of(c).as_bytes())?;
                out.flush()?;
                if ddt::command_complete(&typed) {
                    raw(false)?;
                    let control = run_commands(|i| session.keys(&typed, i))?;
                    typed.clear();
                    if control == ddt::Control::Quit {
                        return Ok(());
                    }
                }
            }
        })();
        raw(false)?;
        writeln!(std::io::stdout())?;
        result
    }
}

/// The longest DDT command line read from a pipe.
const MAX_COMMAND_LINE: u64 = 64 * 1024;

/// Command line `number` as text: ASCII (all DDT and ITS know), within
/// [`MAX_COMMAND_LINE`]; else an error naming the line and byte.
fn command_text(bytes: &[u8], number: usize) -> anyhow::Result<&str> {
    if bytes.len() as u64 > MAX_COMMAND_LINE {
        anyhow::bail!(
            "DDT command line {number}: longer than {} KiB",
            MAX_COMMAND_LINE >> 10
        );
    }
    if let Some(at) = bytes.iter().position(|b| !b.is_ascii()) {
        anyhow::bail!(
            "DDT command line {number}, byte {}: 0x{:02x} is not ASCII",
            at + 1,
            bytes[at]
        );
    }
    Ok(std::str::from_utf8(bytes).expect("ASCII is UTF-8"))
}

/// Runs DDT commands with Ctrl-C stopping the job rather than DDT.
fn run_commands(
    commands: impl FnOnce(&AtomicBool) -> Result<ddt::Control, ddt::Error>,
) -> anyhow::Result<ddt::Control> {
    use super::interrupt::{ddt_flag, job_running};
    job_running(true);
    ddt_flag().store(false, Ordering::SeqCst);
    let control = commands(ddt_flag());
    job_running(false);
    Ok(control?)
}

/// `$L FILE`: an SBLK or PDUMP file, or a MIDAS source assembled in memory.
fn program_from_file(name: &str) -> Result<ddt::Program, String> {
    let path = Path::new(name);
    let (image, symbols) = if path
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("mid"))
    {
        let assembly = crate::assembly_op::assemble_file(path).map_err(|e| e.to_string())?;
        let image =
            its::loader::load_words(&assembly.sblk_words()).map_err(|e| format!("{name}: {e}"))?;
        (image, assembly.symbols)
    } else {
        let bytes = std::fs::read(path).map_err(|e| format!("{name}: {e}"))?;
        let image = its::loader::load_bytes(&bytes).map_err(|e| format!("{name}: {e}"))?;
        let symbols = pdp10_isa::evacuated::decode(&bytes)
            .ok()
            .and_then(|words| Sblk::parse(&words).ok())
            .map(|sblk| sblk.symbols())
            .unwrap_or_default();
        (image, symbols)
    };
    Ok(ddt::Program {
        start: image.start_address(),
        core: image.core,
        blocks: image.blocks,
        symbols: table(&symbols),
        read_only: image.read_only,
        shared: image.shared,
    })
}

/// DDT's table from an SBLK symbol table: every symbol, half-killed ones
/// for type-in only.
fn table(symbols: &[Symbol]) -> SymbolTable {
    SymbolTable::new(
        symbols
            .iter()
            .map(|s| (s.name.as_str(), s.value.raw(), s.flags & HALF_KILLED != 0)),
    )
}

/// The program's whole symbol table (the loaded image keeps only the
/// address symbols): read again from the file it was loaded from
/// (`load::find` resolved its name), else the image's.
pub(super) fn its_symbols(program: &Program) -> SymbolTable {
    let path = &program.path;
    let symbols = if super::load::is_source(path) {
        crate::assembly_op::assemble_file(path)
            .ok()
            .map(|a| a.symbols)
    } else {
        std::fs::read(path)
            .ok()
            .and_then(|bytes| pdp10_isa::evacuated::decode(&bytes).ok())
            .and_then(|words| Sblk::parse(&words).ok())
            .map(|sblk| sblk.symbols())
    };
    match symbols {
        Some(symbols) if !symbols.is_empty() => table(&symbols),
        _ => SymbolTable::new(
            program
                .image
                .symbols
                .iter()
                .map(|(v, n)| (n.as_str(), *v as u64, false)),
        ),
    }
}
