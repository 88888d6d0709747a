//! The ITS user-mode shim: run an ITS program (a TS file) on the emulated
//! KA10 as if DDT had loaded it on MIT's Incompatible Timesharing System.
//!
//! Start with [`Job`]: [`Job::new`] puts a program ([`loader::Image`], from an
//! SBLK or PDUMP file in the evacuated host encoding, see [`loader`]) in a
//! fresh job's core, and [`Job::run`] runs it until it logs out, stops or
//! fails, answering its system calls the way ITS does (`system`, `calls`,
//! `channel`). [`JobConfig`] says where the job's files and terminal are:
//! the DSK device is a host folder ([`names`] maps `DIR;FN1 FN2` to
//! `dir/fn1.fn2`), the TTY is a host stream or memory ([`tty`]).
//!
//! # Running one job in memory
//!
//! For callers that run many jobs at once (one per thread), [`run_captured`]
//! runs a program with given JCL and DSK folder, an instruction budget, a
//! fixed clock, no terminal input, and returns the [`Outcome`], the terminal
//! output as a `String` and the instruction count; it touches no host
//! stream.
//!
//! ```no_run
//! # fn main() -> Result<(), its::Error> {
//! let bytes = std::fs::read("puzzles/ts.sudoku").unwrap();
//! let image = its::loader::load_bytes(&bytes)?;
//! let run = its::run_captured(&image, "SUDOKU", Some("PUZZL1"), std::path::Path::new("."), 10_000_000)?;
//! assert_eq!(run.outcome.exit_status(), 0);
//! print!("{}", run.output);
//! # Ok(()) }
//! ```
//!
//! # How a run ends
//!
//! | [`Outcome`] | exit status | cause |
//! |---|---|---|
//! | `Finished` | 0 | `.LOGOUT 1,` (or 0), `.BREAK 16,`, LOGOUT |
//! | `Failed` | n−1 | `.LOGOUT n,` with n = 2 to 17: the program reports failure |
//! | `Value` | 1 | `.VALUE` (DDT's message), or ^Z typed (ITS stops the job for DDT) |
//! | `ProgramError` | 2 | illegal instruction or call, memory beyond core, I/O channel error, `.LOSE` |
//! | `Unimplemented` | 3 | a call ITS has and the shim does not |
//! | `BudgetExhausted` | 4 | the instruction budget ran out |
//! | `Interrupted` | 130 | stopped from outside (Ctrl-C), see [`Job::run_watched`] |
//!
//! Output files are installed only by `.CLOSE` (or the CLOSE call) and by
//! `.LOGOUT`/LOGOUT, which close every channel; when the run ends any
//! other way, files still open are dropped and the old files stay, as ITS
//! drops a dying job's unclosed `_DSK_ OUTPUT` files.
#![deny(missing_docs)]
// The one unsafe use is the host time zone (`system::clock::host_zone`).
#![deny(unsafe_code)]

mod call_block;
mod channel;
pub mod codes;
mod debug;
mod dsk;
mod error;
pub mod loader;
mod machine;
pub mod names;
mod served;
pub mod sixbit;
mod system;
pub mod tty;

pub use debug::Slice;
pub use dsk::DEFAULT_QUOTA_WORDS as DEFAULT_DSK_QUOTA_WORDS;
pub use error::{Error, ErrorKind};
pub use loader::Image;
pub use names::FileName;
pub use sixbit::Sixbit;

use std::io::Write;
use std::path::{Path, PathBuf};
use system::{Ending, System, Vars};

/// Where the job's clock comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// The host's clock (UTC); `.SLEEP` really sleeps.
    Host,
    /// Always this many seconds since 1970 (UTC); `.SLEEP` returns at once
    /// and `.RDTIME` is always 0. For reproducible runs.
    Fixed(u64),
}

/// How a run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The job logged out or returned to DDT (`.LOGOUT`, `.BREAK 16,`).
    Finished {
        /// DDT's `:KILL`, when the job asked to be killed and the run is
        /// verbose.
        message: Option<String>,
    },
    /// The job logged out reporting failure: `.LOGOUT n,` with n from 2
    /// to 17 (real ITS kills the job for any nonzero n).
    Failed {
        /// The host exit status: n − 1.
        status: u8,
        /// DDT's `:KILL`, when the run is verbose.
        message: Option<String>,
    },
    /// The job executed `.VALUE`, or ^Z (CALL) was typed, which ITS
    /// never gives the job but stops it with for its superior.
    Value {
        /// Address of the `.VALUE`.
        pc: u32,
        /// What DDT would print.
        message: String,
    },
    /// The job did something ITS stops a job for.
    ProgramError {
        /// Address of the instruction.
        pc: u32,
        /// The reason, the PC and the instruction.
        message: String,
    },
    /// The job used a system call the shim does not implement.
    Unimplemented {
        /// Address of the call.
        pc: u32,
        /// The call, the PC and the instruction.
        message: String,
    },
    /// The instruction budget ran out.
    BudgetExhausted {
        /// Address of the next instruction.
        pc: u32,
        /// The count and the place.
        message: String,
    },
    /// The run was stopped from outside (Ctrl-C).
    Interrupted {
        /// Address of the next instruction.
        pc: u32,
        /// The count and the place.
        message: String,
    },
}

impl Outcome {
    /// The host exit status for this ending (see the table in the crate
    /// documentation).
    pub fn exit_status(&self) -> u8 {
        match self {
            Outcome::Finished { .. } => 0,
            Outcome::Failed { status, .. } => *status,
            Outcome::Value { .. } => 1,
            Outcome::ProgramError { .. } => 2,
            Outcome::Unimplemented { .. } => 3,
            Outcome::BudgetExhausted { .. } => 4,
            Outcome::Interrupted { .. } => 130,
        }
    }

    /// The message to show the user, if any.
    pub fn message(&self) -> Option<&str> {
        match self {
            Outcome::Finished { message } | Outcome::Failed { message, .. } => message.as_deref(),
            Outcome::Value { message, .. }
            | Outcome::ProgramError { message, .. }
            | Outcome::Unimplemented { message, .. }
            | Outcome::BudgetExhausted { message, .. }
            | Outcome::Interrupted { message, .. } => Some(message),
        }
    }
}

/// Everything about a job but its program.
pub struct JobConfig {
    /// The host folder holding the DSK device.
    pub dsk: PathBuf,
    /// The user name (.UNAME, .XUNAME, .HSNAME).
    pub uname: Sixbit,
    /// The job name (.JNAME, .XJNAME): the program's second file name.
    pub jname: Sixbit,
    /// The default directory (.SNAME).
    pub sname: Sixbit,
    /// The command line, without the final CR; `None` for no JCL.
    pub jcl: Option<String>,
    /// Where the program was loaded from (DDT's `..RLFI`).
    pub loaded_from: FileName,
    /// The console.
    pub terminal: tty::Terminal,
    /// The job's clock.
    pub clock: Clock,
    /// Where to write one line per system call, if anywhere.
    pub syscall_log: Option<Box<dyn Write + Send>>,
    /// Also log the ACs at each system call.
    pub log_registers: bool,
    /// Report DDT's `:KILL`.
    pub verbose: bool,
}

impl JobConfig {
    /// A configuration with the given DSK folder, names and JCL, a terminal
    /// kept in memory with no input, a fixed clock and no log.
    pub fn captured(dsk: &Path, jname: &str, jcl: Option<&str>) -> JobConfig {
        let six = |s: &str| Sixbit::lossy(s);
        JobConfig {
            dsk: dsk.to_path_buf(),
            uname: six("USER"),
            jname: six(jname),
            sname: six("PUZZLE"),
            jcl: jcl.map(str::to_string),
            loaded_from: FileName::default(),
            terminal: tty::Terminal::new(
                tty::Input::Bytes(Default::default()),
                tty::Output::Capture(Vec::new()),
            ),
            clock: Clock::Fixed(0),
            syscall_log: None,
            log_registers: false,
            verbose: false,
        }
    }
}

impl ka10::TrapHandler for System {
    type Stop = Ending;
    fn trap(&mut self, cpu: &mut ka10::Cpu, trap: ka10::Trap) -> ka10::Resume<Ending> {
        match self.handle(cpu, trap) {
            Ok(resume) => resume,
            Err(ending) => ka10::Resume::Stop(ending),
        }
    }
}

/// How many instructions [`Job::run_watched`] runs between two looks at
/// its `stop` question: about a hundredth of a second.
pub const CHUNK_INSTRUCTIONS: u64 = 1 << 20;

/// Instructions run between looks at the pushdown-overflow flag (given as
/// %PIPDL when the job enables it) and at the timers (%PIRLT, %PIRUN):
/// about 2.6 ms of emulated KA10 time.
const PDL_SLICE: u64 = 1000;

/// A job: the processor with the program in core, and its ITS.
pub struct Job {
    cpu: ka10::Cpu,
    system: System,
}

impl Job {
    /// A job with `image` loaded, stopped at its start address, in user mode.
    pub fn new(image: &Image, config: JobConfig) -> Result<Job, Error> {
        Job::on_cpu(ka10::Cpu::new(image.core), image, config)
    }

    /// [`Job::new`] on a processor whose memory is all zero.
    fn on_cpu(mut cpu: ka10::Cpu, image: &Image, config: JobConfig) -> Result<Job, Error> {
        // ITS characters are seven bits: anything else would silently turn
        // into another character.
        if let Some(jcl) = &config.jcl {
            if let Some((at, c)) = jcl.char_indices().find(|(_, c)| !c.is_ascii()) {
                return Err(Error::new(ErrorKind::BadSetting(format!(
                    "the JCL {jcl:?} has {c:?} (U+{:04X}) at byte {at}: ITS takes only ASCII",
                    c as u32
                ))));
            }
        }
        let dsk =
            names::DskRoot::new(&config.dsk).map_err(|e| Error::io(Some(config.dsk.clone()), e))?;
        cpu.set_memory_size(image.core);
        for (address, words) in &image.blocks {
            for (k, w) in words.iter().enumerate() {
                cpu.write(address + k as u32, *w);
            }
        }
        cpu.set_pc(image.start_address());
        cpu.set_user_mode(true);
        // ITS's pager keeps the job's .JPC (sysdoc/usr.102).
        cpu.set_records_jumps(true);
        let mut option = system::OPBRK | system::OPDDT;
        if config.jcl.is_some() {
            option |= system::OPCMD;
        }
        let vars = Vars::new(config.uname, config.jname, config.sname, option);
        let mut system = System::new(
            dsk,
            config.terminal,
            vars,
            config.jcl.as_deref(),
            config.clock,
            image.clone(),
            config.loaded_from,
        );
        system.log = config.syscall_log;
        system.log_registers = config.log_registers;
        system.verbose = config.verbose;
        system.init_pages(cpu.memory_size());
        system.load_shared(&mut cpu, &image.shared);
        system.load_read_only(&mut cpu, &image.read_only);
        Ok(Job { cpu, system })
    }

    /// Limits what the job may write to DSK, all its files together, to
    /// `words` 36-bit words, each file opened for output counting a
    /// 1024-word block more; beyond, its writes fail with ITS's DEVICE
    /// FULL (an I/O channel error; an open, the call's error). The
    /// default is [`DEFAULT_DSK_QUOTA_WORDS`].
    pub fn set_dsk_quota(&mut self, words: u64) {
        self.system.dsk.set_quota(words);
    }

    /// A flag raised from outside (a signal handler) to stop the run:
    /// the job looks at it after each system call and while `.SLEEP`
    /// waits, then ends its slice, so that [`Job::run_watched`] asks its
    /// `stop` at once instead of after the next [`CHUNK_INSTRUCTIONS`].
    pub fn set_stop_flag(&mut self, flag: std::sync::Arc<std::sync::atomic::AtomicBool>) {
        self.system.stop_flag = Some(flag);
    }

    /// The processor (for tracing and inspection).
    pub fn cpu(&self) -> &ka10::Cpu {
        &self.cpu
    }

    /// Instructions executed so far.
    pub fn instructions(&self) -> u64 {
        self.cpu.instructions()
    }

    /// The terminal output kept by a captured console, emptied.
    pub fn take_output(&mut self) -> Vec<u8> {
        self.system.terminal.take_captured()
    }

    /// Runs the job for at most `max_instructions` more instructions,
    /// calling `tracer` around each. Output files still open when the run
    /// ends are dropped, as ITS drops a dying job's unclosed files (only
    /// `.CLOSE` and `.LOGOUT` install them).
    pub fn run<T: ka10::Tracer>(
        &mut self,
        max_instructions: u64,
        tracer: &mut T,
    ) -> Result<Outcome, Error> {
        self.run_watched(max_instructions, tracer, || false)
    }

    /// Like [`Job::run`], but asks `stop` every [`CHUNK_INSTRUCTIONS`] or
    /// so (between runs of the processor, never inside its loop); when it
    /// says yes the run ends as [`Outcome::Interrupted`], with the tracer's
    /// lines whole.
    pub fn run_watched<T: ka10::Tracer>(
        &mut self,
        max_instructions: u64,
        tracer: &mut T,
        mut stop: impl FnMut() -> bool,
    ) -> Result<Outcome, Error> {
        let first = self.cpu.instructions();
        let end = first.saturating_add(max_instructions);
        let mut next_look = first.saturating_add(CHUNK_INSTRUCTIONS);
        let result = loop {
            // The stop flag ended the slice early: look now.
            let mut look_now = false;
            let now = self.cpu.instructions();
            let left = end.saturating_sub(now);
            // With %PIPDL enabled or a timer set the run goes in slices,
            // so that a pushdown overflow or a timer is given soon after
            // it happens (a call that enables one ends the unsliced run:
            // Ending::Reslice).
            let mut slice = left.min(next_look.saturating_sub(now).max(1));
            if self.system.needs_slices() {
                slice = slice.min(PDL_SLICE);
            }
            match self.cpu.run(&mut self.system, tracer, slice) {
                Ok(ka10::Exit::Handler(Ending::Outcome(o))) => break Ok(o),
                Ok(ka10::Exit::Handler(Ending::Reslice(pc))) => {
                    self.cpu.set_pc(pc);
                    look_now = self.system.stop_asked() || self.system.typein_ready();
                }
                Ok(ka10::Exit::Handler(Ending::Host(e))) => break Err(e),
                Ok(ka10::Exit::Halt { pc }) => {
                    break Ok(Outcome::ProgramError {
                        pc,
                        message: format!("the processor halted at PC {pc:06o}"),
                    })
                }
                Err(mut e) => match self.interrupt(&e, slice < left) {
                    Ok(true) => {}
                    Ok(false) => {
                        if let ka10::ErrorKind::BudgetExhausted { executed } = &mut e.kind {
                            // Count the whole run, not its last slice.
                            *executed = self.cpu.instructions() - first;
                        }
                        break Ok(self.cpu_error(e));
                    }
                    Err(Ending::Outcome(o)) => break Ok(o),
                    Err(Ending::Reslice(pc)) => self.cpu.set_pc(pc),
                    Err(Ending::Host(h)) => break Err(h),
                },
            }
            if look_now || self.cpu.instructions() >= next_look {
                next_look = self.cpu.instructions().saturating_add(CHUNK_INSTRUCTIONS);
                if stop() {
                    break Ok(self.interrupted());
                }
                // A character typed on the terminal meanwhile interrupts.
                let pc = self.cpu.pc();
                match self.system.typein_poll(&mut self.cpu, pc) {
                    Ok(Some(handler)) => self.cpu.set_pc(handler),
                    Ok(None) => {}
                    Err(Ending::Outcome(o)) => break Ok(o),
                    Err(Ending::Reslice(pc)) => self.cpu.set_pc(pc),
                    Err(Ending::Host(h)) => break Err(h),
                }
            }
        };
        let dropped = self.system.discard_all();
        let outcome = result?;
        dropped.map_err(|e| Error::io(None, e))?;
        Ok(outcome)
    }

    fn interrupted(&self) -> Outcome {
        let pc = self.cpu.pc();
        let word = self.cpu.read(pc).unwrap_or_default();
        Outcome::Interrupted {
            pc,
            message: format!(
                "interrupted after {} instructions; next: {}>>{}   at PC {pc:06o}",
                self.cpu.instructions(),
                self.system.image.symbolic(pc),
                pdp10_isa::disassemble(word, &pdp10_isa::NoSymbols)
            ),
        }
    }

    /// Turns a processor stop into an interrupt the job handles, if it
    /// does: a reference beyond core is MPV (class 2); the end of a slice
    /// with the pushdown-overflow flag up is %PIPDL. True when the job
    /// goes on.
    fn interrupt(&mut self, e: &ka10::Error, slice_ended: bool) -> Result<bool, Ending> {
        match e.kind {
            // Both abort the instruction and leave the page's first
            // address in .MPVA (%pi.105: %PIMPV, %PIWRO).
            ka10::ErrorKind::NonexistentMemory { address } => {
                self.memory_interrupt(system::PI_MPV, address, e.pc)
            }
            ka10::ErrorKind::WriteProtected { address } => {
                self.memory_interrupt(system::PI_WRO, address, e.pc)
            }
            ka10::ErrorKind::BudgetExhausted { .. } if slice_ended => {
                if self.cpu.pushdown_overflow() && self.system.wants_pdl_overflow() {
                    self.cpu.set_pushdown_overflow(false);
                    let pc = self.cpu.pc();
                    if let system::Given::Handler(a) =
                        self.system
                            .signal(&mut self.cpu, system::PI_PDL, pc, pc, false)?
                    {
                        self.cpu.set_pc(a);
                    }
                }
                let pc = self.cpu.pc();
                if let Some(a) = self.system.tick(&mut self.cpu, pc)? {
                    self.cpu.set_pc(a);
                }
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    /// A memory interrupt (class 2) for a reference to `address` by the
    /// instruction at `pc`; true when the job's handler takes it.
    fn memory_interrupt(&mut self, bit: u64, address: u32, pc: u32) -> Result<bool, Ending> {
        self.system.vars.mpva = (address as u64) & !0o1777;
        let next = (pc + 1) & 0o777777;
        match self.system.signal(&mut self.cpu, bit, pc, next, true)? {
            system::Given::Handler(a) => {
                self.cpu.set_pc(a);
                Ok(true)
            }
            _ => Ok(false),
        }
    }

    fn cpu_error(&self, e: ka10::Error) -> Outcome {
        let at = format!(
            "{}>>{}",
            self.system.image.symbolic(e.pc),
            pdp10_isa::disassemble(e.instruction, &pdp10_isa::NoSymbols)
        );
        match e.kind {
            ka10::ErrorKind::BudgetExhausted { executed } => Outcome::BudgetExhausted {
                pc: e.pc,
                message: format!(
                    "instruction budget exhausted after {executed} instructions; next: {at}   at PC {:06o}",
                    e.pc
                ),
            },
            ka10::ErrorKind::NonexistentMemory { address } => Outcome::ProgramError {
                pc: e.pc,
                message: format!(
                    "MPV; {at}   memory reference to {address:o}, beyond the job's core (first {:o} words), at PC {:06o}",
                    self.cpu.memory_size(),
                    e.pc
                ),
            },
            // DDT's name for %PIWRO is PURPG.
            ka10::ErrorKind::WriteProtected { address } => Outcome::ProgramError {
                pc: e.pc,
                message: format!(
                    "PURPG; {at}   write into {address:o}, in read-only page {:o} (%PIWRO, not enabled), at PC {:06o}",
                    address >> 10,
                    e.pc
                ),
            },
            _ => Outcome::ProgramError {
                pc: e.pc,
                message: format!("{at}   {e}"),
            },
        }
    }
}

/// What [`run_captured`] returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Captured {
    /// How the run ended.
    pub outcome: Outcome,
    /// Everything the job typed on its terminal (CR LF as `\n`).
    pub output: String,
    /// Instructions executed.
    pub instructions: u64,
}

/// Runs `image` as job `jname` with JCL `jcl` on DSK folder `dsk`, for at
/// most `max_instructions`, with the terminal in memory (no input) and a
/// fixed clock; see the crate documentation.
pub fn run_captured(
    image: &Image,
    jname: &str,
    jcl: Option<&str>,
    dsk: &Path,
    max_instructions: u64,
) -> Result<Captured, Error> {
    let mut job = Job::new(image, JobConfig::captured(dsk, jname, jcl))?;
    let outcome = job.run(max_instructions, &mut ka10::NoTrace)?;
    let output = String::from_utf8_lossy(&job.take_output()).into_owned();
    Ok(Captured {
        outcome,
        output,
        instructions: job.instructions(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdp10_isa::Word;

    /// A hand-assembled program at 100: opens the TTY, types `H`, CR, LF,
    /// reads the JCL into 200 and types its first character, then logs out.
    fn image() -> Image {
        let words = [
            0o041040_000111u64, // 100 .OPEN 1,[.UAO,,'TTY]
            0o043100_001400,    // 101 .LOSE %LSFIL
            0o040040_000112,    // 102 .IOT 1,["H]
            0o040040_000113,    // 103 .IOT 1,[15]
            0o040040_000114,    // 104 .IOT 1,[12]
            0o045500_000115,    // 105 .BREAK 12,[..RJCL,,200]
            0o135040_000116,    // 106 LDB 1,[350700,,200]
            0o040040_000001,    // 107 .IOT 1,1
            0o042040_000033,    // 110 .LOGOUT 1,
            0o000001_646471,    // 111 literals
            0o110,
            0o15,
            0o12,
            0o000005_000200,
            0o350700_000200,
        ];
        Image {
            blocks: vec![(0o100, words.iter().map(|&w| Word::new(w)).collect())],
            start: Word::new(0o254000_000100),
            core: loader::PAGE,
            symbols: vec![(0o100, "GO".into())],
            read_only: vec![],
            shared: vec![],
        }
    }

    #[test]
    fn non_ascii_jcl_is_refused_by_name() {
        let dir = names::tests::scratch("jcl8");
        let Err(e) = run_captured(&image(), "TEST", Some("PUZZL\u{e9}"), &dir, 1000) else {
            panic!("a non-ASCII JCL ran");
        };
        assert!(e.to_string().contains("'é' (U+00E9) at byte 5"), "{e}");
    }

    #[test]
    fn captured_run_returns_output_status_and_count() {
        let dir = names::tests::scratch("lib");
        let run = run_captured(&image(), "TEST", Some("XYZ"), &dir, 1000).unwrap();
        assert_eq!(run.outcome, Outcome::Finished { message: None });
        assert_eq!(run.output, "H\nX");
        // Eight instructions before the .LOGOUT, which ends the run.
        assert_eq!(run.instructions, 8);
        // A budget too small: status 4, the next instruction named (the
        // .OPEN skipped over its .LOSE).
        let run = run_captured(&image(), "TEST", None, &dir, 3).unwrap();
        assert_eq!(run.outcome.exit_status(), 4);
        assert!(
            run.outcome.message().unwrap().contains("GO+4>>.IOT 1,114"),
            "{:?}",
            run.outcome
        );
    }
}
