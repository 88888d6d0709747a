//! What DDT debugs: an ITS job, or a bare machine in exec mode.

use crate::Error;
use ka10::{Cpu, Exit, NoHandler, NoTrace, TrapKind};
use pdp10_isa::Word;

/// Where a slice of a run stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The slice's instruction budget ran out.
    Budget,
    /// A breakpoint instruction at this address; the PC is left there.
    Breakpoint(u32),
    /// The job stopped on its own.
    Stopped {
        /// Where (the instruction DDT shows).
        pc: u32,
        /// What DDT says about it, if anything.
        message: Option<String>,
        /// The host exit status this ending stands for.
        status: u8,
        /// The job is gone (logged out): it cannot be proceeded.
        dead: bool,
    },
}

/// A program to load with `$L`.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// Runs of words and where they go.
    pub blocks: Vec<(u32, Vec<Word>)>,
    /// The start address.
    pub start: u32,
    /// The core it needs, in words.
    pub core: usize,
    /// Its symbols.
    pub symbols: crate::SymbolTable,
    /// Pages that load read-only (a PDUMP file's pure pages).
    pub read_only: Vec<usize>,
    /// A PDUMP file's sharing entries: (page, the lower page it shares).
    pub shared: Vec<(usize, usize)>,
}

/// A machine DDT can examine, change and run.
pub trait Target {
    /// The processor.
    fn cpu(&self) -> &Cpu;
    /// The processor, to deposit in.
    fn cpu_mut(&mut self) -> &mut Cpu;
    /// Where `$G` starts.
    fn start_address(&self) -> u32;
    /// The word that stands for breakpoint `n` (1-8) while the job runs.
    fn break_word(&self, n: usize) -> Word;
    /// Runs at most `budget` instructions; `breaks` are the addresses
    /// holding break words.
    fn run(&mut self, budget: u64, breaks: &[u32]) -> Result<Stop, Error>;
    /// The job's terminal output kept in memory since the last call (a
    /// job whose terminal is the host's has none).
    fn take_output(&mut self) -> Vec<u8> {
        Vec::new()
    }
    /// Ends the job: files are written and closed.
    fn finish(&mut self) -> Result<(), Error> {
        Ok(())
    }
    /// Puts `program` in core in place of the job's (`$L`), the PC at its
    /// start.
    fn load(&mut self, program: &Program);
}

/// Memory cleared, `program`'s words stored, the PC at its start.
fn load_words(cpu: &mut Cpu, program: &Program) {
    let size = cpu.memory_size();
    for a in 0..size as u32 {
        cpu.write(a, Word::ZERO);
    }
    for (address, words) in &program.blocks {
        for (k, w) in words.iter().enumerate() {
            cpu.write(address + k as u32, *w);
        }
    }
    cpu.set_pc(program.start);
}

/// An ITS job: breakpoints are `.BREAK n,`, as ITS DDT puts them (DDT
/// ORDER, "Breakpoints"), caught before the ITS shim sees them.
pub struct ItsJob {
    job: its::Job,
}

impl ItsJob {
    /// DDT over `job`.
    pub fn new(job: its::Job) -> ItsJob {
        ItsJob { job }
    }

    /// The job.
    pub fn job(&self) -> &its::Job {
        &self.job
    }
}

/// `.BREAK` (ITS `.BREAK` is opcode 045).
const BREAK: u64 = 0o045 << 27;

impl Target for ItsJob {
    fn cpu(&self) -> &Cpu {
        self.job.cpu()
    }

    fn cpu_mut(&mut self) -> &mut Cpu {
        self.job.cpu_mut()
    }

    fn start_address(&self) -> u32 {
        self.job.image().start_address()
    }

    fn break_word(&self, n: usize) -> Word {
        Word::new(BREAK | ((n as u64 & 0o17) << 23))
    }

    fn run(&mut self, budget: u64, breaks: &[u32]) -> Result<Stop, Error> {
        let slice = self
            .job
            .run_slice(budget, &mut NoTrace, |trap: &ka10::Trap| {
                trap.kind == TrapKind::MonitorUuo
                    && trap.instruction.raw() >> 27 == 0o045
                    && breaks.contains(&trap.pc)
            })?;
        Ok(match slice {
            its::Slice::Budget => Stop::Budget,
            its::Slice::Caught(trap) => Stop::Breakpoint(trap.pc),
            its::Slice::Ended(outcome) => {
                let status = outcome.exit_status();
                let message = outcome.message().map(str::to_string);
                match outcome {
                    its::Outcome::Finished { .. } | its::Outcome::Failed { .. } => Stop::Stopped {
                        pc: self.job.cpu().pc(),
                        message,
                        status,
                        dead: true,
                    },
                    // Proceeding goes on after the .VALUE, as on ITS.
                    its::Outcome::Value { pc, .. } | its::Outcome::Interrupted { pc, .. } => {
                        Stop::Stopped {
                            pc,
                            message,
                            status,
                            dead: false,
                        }
                    }
                    // Proceeding tries the instruction again, as on ITS.
                    its::Outcome::ProgramError { pc, .. }
                    | its::Outcome::Unimplemented { pc, .. }
                    | its::Outcome::BudgetExhausted { pc, .. } => {
                        self.job.cpu_mut().set_pc(pc);
                        Stop::Stopped {
                            pc,
                            message,
                            status,
                            dead: false,
                        }
                    }
                }
            }
        })
    }

    fn take_output(&mut self) -> Vec<u8> {
        self.job.take_output()
    }

    fn load(&mut self, program: &Program) {
        let image = its::Image {
            blocks: program.blocks.clone(),
            start: Word::new(0o254000_000000 | program.start as u64),
            core: program.core,
            symbols: program
                .symbols
                .addresses()
                .iter()
                .filter(|(v, _)| *v >= 0o20)
                .cloned()
                .collect(),
            read_only: program.read_only.clone(),
            shared: program.shared.clone(),
        };
        self.job.load(&image);
    }

    fn finish(&mut self) -> Result<(), Error> {
        Ok(self.job.close_files()?)
    }
}

/// A bare machine in exec mode (`pdp10 boot`): breakpoints are `HALT`s.
pub struct BareMachine {
    cpu: Cpu,
    start: u32,
}

impl BareMachine {
    /// DDT over `cpu`, whose program starts at `start`.
    pub fn new(cpu: Cpu, start: u32) -> BareMachine {
        BareMachine { cpu, start }
    }
}

/// `JRST 4,` (HALT).
const HALT: u64 = 0o254200_000000;

impl Target for BareMachine {
    fn cpu(&self) -> &Cpu {
        &self.cpu
    }

    fn cpu_mut(&mut self) -> &mut Cpu {
        &mut self.cpu
    }

    fn start_address(&self) -> u32 {
        self.start
    }

    fn break_word(&self, n: usize) -> Word {
        // The address field tells the breakpoints apart; nothing reads it.
        Word::new(HALT | n as u64)
    }

    fn run(&mut self, budget: u64, breaks: &[u32]) -> Result<Stop, Error> {
        match self.cpu.run(&mut NoHandler, &mut NoTrace, budget) {
            Ok(Exit::Halt { pc }) if breaks.contains(&pc) => {
                self.cpu.set_pc(pc);
                Ok(Stop::Breakpoint(pc))
            }
            Ok(Exit::Halt { pc }) => Ok(Stop::Stopped {
                pc,
                message: Some(format!("HALT at {pc:06o}")),
                status: 0,
                dead: false,
            }),
            Ok(Exit::Handler(never)) => match never {},
            Err(e) if matches!(e.kind, ka10::ErrorKind::BudgetExhausted { .. }) => Ok(Stop::Budget),
            Err(e) => Ok(Stop::Stopped {
                pc: e.pc,
                message: Some(e.to_string()),
                status: 1,
                dead: false,
            }),
        }
    }

    fn load(&mut self, program: &Program) {
        load_words(&mut self.cpu, program);
        self.start = program.start;
    }
}
