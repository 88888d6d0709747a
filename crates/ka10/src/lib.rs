//! A DEC KA10 processor (the CPU of MIT's AI Lab PDP-10).
//!
//! Start at [`Cpu`]: memory (ACs are addresses 0-17), PC, flags, and
//! [`Cpu::run`], generic over a [`TrapHandler`] (who answers monitor UUOs,
//! unimplemented opcodes and user-mode I/O: the ITS shim) and a [`Tracer`]
//! ([`NoTrace`] compiles away; [`trace::TraceWriter`] prints one line per
//! instruction).
//!
//! Inside, `exec` holds the run loop and the one dispatch on the 9-bit
//! opcode (a tree of branches, no jump table: see `docs/speed.md`); each
//! instruction group has its own module (`arith`, `logic`, `shift`,
//! `bytes`, `jump`, `float`), `memory` the address checks and the
//! effective-address calculation, `io` the exec-mode devices (APR, PI,
//! the DK10 clock, console TTY). [`image`] reads the text memory images `pdp10 boot` takes.
#![deny(missing_docs)]

mod apr;
mod arith;
mod bytes;
mod dk10;
mod exec;
mod float;
pub mod hint;
pub mod image;
mod io;
mod jump;
mod logic;
mod memory;
mod pi;
mod shift;
pub mod timing;
pub mod trace;

pub use apr::ClockMode;
pub use io::DEVICES;
pub use memory::PAGE_WORDS;
use pdp10_isa::Word;
use std::fmt;

/// PC-word flag bits, as they stand in the left half of the PC word.
pub mod flags {
    /// Overflow.
    pub const AROV: u32 = 0o400000;
    /// Carry 0.
    pub const CRY0: u32 = 0o200000;
    /// Carry 1.
    pub const CRY1: u32 = 0o100000;
    /// Floating overflow.
    pub const FOV: u32 = 0o040000;
    /// Byte increment suppression (first part done).
    pub const BIS: u32 = 0o020000;
    /// User mode.
    pub const USER: u32 = 0o010000;
    /// User I/O.
    pub const USERIO: u32 = 0o004000;
    /// Floating exponent underflow.
    pub const FXU: u32 = 0o000100;
    /// No divide.
    pub const DCK: u32 = 0o000040;
    /// Every flag the KA10 has.
    pub const ALL: u32 = AROV | CRY0 | CRY1 | FOV | BIS | USER | USERIO | FXU | DCK;
}

/// Why a trap reached the host's [`TrapHandler`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrapKind {
    /// A monitor UUO: opcode 000 or 040-077.
    MonitorUuo,
    /// An opcode the KA10 does not implement (100-127, 247).
    Unimplemented,
    /// An I/O instruction (700-777) in user mode, or JRST 4/JRST 10 in user mode.
    Io,
}

/// A trapped instruction, as the handler receives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    /// What kind of trap.
    pub kind: TrapKind,
    /// Address of the trapping instruction (for an XCTed one, of the XCT's target).
    pub pc: u32,
    /// The instruction word as fetched.
    pub instruction: Word,
    /// Its effective address, after indexing and indirection.
    pub effective_address: u32,
}

/// What the CPU does after the handler returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Resume<S> {
    /// Continue at the instruction after the trapping one (PC+1).
    Next,
    /// Skip: continue at PC+2 (ITS calls skip on success).
    Skip,
    /// Continue at this address.
    Jump(u32),
    /// Stop the run; [`Cpu::run`] returns [`Exit::Handler`] with the value.
    Stop(S),
}

/// The host side of traps: the ITS shim implements system calls here. The
/// handler may read and write the CPU's memory, ACs, PC and flags.
///
/// While [`TrapHandler::trap`] runs, [`Cpu::pc`] is the address after the
/// trapping instruction (after the XCT, for an executed one): what
/// [`Resume::Next`] continues at. The [`Resume`] value decides where the run
/// goes on; a PC set by the handler is overridden by it.
pub trait TrapHandler {
    /// What a handler's stop carries (an exit status, a message...).
    type Stop;
    /// Whether this handler takes traps at all. When false, [`Cpu::run`]
    /// never calls [`TrapHandler::trap`] and ends with
    /// [`ErrorKind::UnhandledTrap`] instead (what [`NoHandler`] does).
    const TAKES_TRAPS: bool = true;
    /// Handles one trap.
    fn trap(&mut self, cpu: &mut Cpu, trap: Trap) -> Resume<Self::Stop>;
}

/// A handler that takes no trap: every trap ends the run with
/// [`ErrorKind::UnhandledTrap`]. Used by bare-metal runs, where exec mode
/// traps through 40/41 and 60/61 and user mode should not be reached.
pub struct NoHandler;

impl TrapHandler for NoHandler {
    type Stop = std::convert::Infallible;
    const TAKES_TRAPS: bool = false;
    fn trap(&mut self, _: &mut Cpu, _: Trap) -> Resume<Self::Stop> {
        // Never called: `run` checks TAKES_TRAPS first.
        Resume::Next
    }
}

/// Per-instruction observation. [`NoTrace`] compiles away.
pub trait Tracer {
    /// Whether the run loop calls the tracer at all; [`NoTrace`] says no,
    /// so that the loop has no trace code in it.
    const ENABLED: bool = true;
    /// Called before each instruction with its PC and word.
    fn before(&mut self, cpu: &Cpu, pc: u32, instruction: Word);
    /// Called after each instruction.
    fn after(&mut self, cpu: &Cpu);
}

/// No tracing.
pub struct NoTrace;

impl Tracer for NoTrace {
    const ENABLED: bool = false;
    #[inline(always)]
    fn before(&mut self, _: &Cpu, _: u32, _: Word) {}
    #[inline(always)]
    fn after(&mut self, _: &Cpu) {}
}

/// How a run ended without error.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Exit<S> {
    /// A HALT (JRST 4,) in exec mode; `pc` is the address of the HALT.
    Halt {
        /// Address of the HALT instruction.
        pc: u32,
    },
    /// The trap handler stopped the run.
    Handler(S),
}

/// What went wrong, with the PC and the instruction.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A reference to an address beyond the memory.
    NonexistentMemory {
        /// The address referenced.
        address: u32,
    },
    /// A trap with no handler to take it.
    UnhandledTrap(TrapKind),
    /// A user-mode reference outside the protection and relocation limits,
    /// with no handler to take it.
    MemoryProtection {
        /// The user address referenced.
        address: u32,
    },
    /// A store into a page the job may not write ([`Cpu::set_write_protected`]);
    /// nothing was stored, and the PC is at the instruction.
    WriteProtected {
        /// The address written.
        address: u32,
    },
    /// The instruction budget ran out.
    BudgetExhausted {
        /// Instructions executed.
        executed: u64,
    },
    /// An effective-address calculation or a chain of XCTs and UUO
    /// instructions that never ends (`JRST @.`, `XCT .`): more steps than
    /// there are words in memory, so the chain must repeat. The hardware
    /// would hang; the emulator stops.
    EndlessChain,
    /// Writing console (device 120) output failed.
    ConsoleOutput {
        /// The host's error message.
        message: String,
    },
}

/// A CPU error: its kind, the PC and the instruction there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What happened.
    pub kind: ErrorKind,
    /// Address of the instruction.
    pub pc: u32,
    /// The instruction word.
    pub instruction: Word,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text = pdp10_isa::disassemble(self.instruction, &pdp10_isa::NoSymbols);
        match &self.kind {
            ErrorKind::NonexistentMemory { address } => {
                write!(f, "reference to nonexistent memory {address:o}")?
            }
            ErrorKind::UnhandledTrap(kind) => write!(f, "unhandled trap ({kind:?})")?,
            ErrorKind::MemoryProtection { address } => {
                write!(f, "memory protection violation at {address:o}")?
            }
            ErrorKind::WriteProtected { address } => {
                write!(f, "write into the read-only page at {address:o}")?
            }
            ErrorKind::BudgetExhausted { executed } => write!(
                f,
                "instruction budget exhausted after {executed} instructions"
            )?,
            ErrorKind::EndlessChain => write!(
                f,
                "endless indirection or XCT chain (the machine would hang)"
            )?,
            ErrorKind::ConsoleOutput { message } => write!(f, "console output failed: {message}")?,
        }
        write!(f, " at PC {:06o}: {} ({})", self.pc, self.instruction, text)
    }
}

impl std::error::Error for Error {}

/// The full KA10 address space, in words.
pub const MAX_MEMORY: usize = 1 << 18;

/// The fewest words a memory can have: the 16 accumulators.
pub const MIN_MEMORY: usize = 16;

/// The processor and its memory.
///
/// Memory holds up to 256K words; addresses 0-17 are the accumulators, for
/// data, instruction fetch and indexing alike. The backing store is always
/// the full 256K words, so that an 18-bit address indexes it without a
/// bounds check; the memory size (the job's core limit) is a separate bound.
pub struct Cpu {
    /// All 256K words; the first 16 are the ACs.
    mem: Box<[u64; MAX_MEMORY]>,
    /// Words addressable (a reference at or beyond is nonexistent memory).
    size: u32,
    /// The PC: during a run, the address of the next instruction.
    pc: u32,
    /// PC-word flags, left-half positions (see [`flags`]).
    flags: u32,
    /// Instructions executed since the CPU was made.
    instructions: u64,
    /// APR, PI and console state.
    io: io::Devices,
}

impl Cpu {
    /// A machine with `memory_words` words of zeroed memory (clamped to
    /// [`MIN_MEMORY`]..=[`MAX_MEMORY`]), in exec mode, PC 0, flags clear.
    pub fn new(memory_words: usize) -> Cpu {
        let mem: Box<[u64; MAX_MEMORY]> = vec![0u64; MAX_MEMORY]
            .into_boxed_slice()
            .try_into()
            .unwrap_or_else(|_| unreachable!("the vector has MAX_MEMORY words"));
        let mut cpu = Cpu {
            mem,
            size: memory_words.clamp(MIN_MEMORY, MAX_MEMORY) as u32,
            pc: 0,
            flags: 0,
            instructions: 0,
            io: io::Devices::default(),
        };
        cpu.set_jpc(0);
        cpu
    }

    /// Words of memory (addresses 0 to size-1 exist).
    pub fn memory_size(&self) -> usize {
        self.size as usize
    }

    /// Grows or shrinks memory (ITS `.CORE`), clamped to
    /// [`MIN_MEMORY`]..=[`MAX_MEMORY`]. Words that leave memory are zeroed, so
    /// memory that comes back is zero, as fresh core is.
    pub fn set_memory_size(&mut self, words: usize) {
        let new = words.clamp(MIN_MEMORY, MAX_MEMORY) as u32;
        if new < self.size {
            self.mem[new as usize..self.size as usize].fill(0);
        }
        self.size = new;
    }

    /// The word at `address`, or `None` beyond memory.
    pub fn read(&self, address: u32) -> Option<Word> {
        (address < self.size).then(|| Word::new(self.mem[address as usize]))
    }

    /// Stores `w` at `address`; false (nothing stored) beyond memory.
    pub fn write(&mut self, address: u32, w: Word) -> bool {
        if address < self.size {
            self.mem[address as usize] = w.raw();
            if address >= 0o20 {
                self.io
                    .write_protect
                    .mirror(&mut self.mem, self.size, address, w.raw());
            }
            true
        } else {
            false
        }
    }

    /// Makes page `page` (of [`PAGE_WORDS`] words, the ITS pager's, 0-255)
    /// read-only or writable again. A store into a read-only page (an
    /// instruction's; [`Cpu::write`] is the host's and always writes)
    /// stops the run with [`ErrorKind::WriteProtected`] before anything is
    /// stored, the PC at the instruction. The ACs (0-17) are never
    /// protected. With no page protected the run loop has no test of it.
    pub fn set_write_protected(&mut self, page: usize, read_only: bool) {
        self.io.write_protect.set(page, read_only);
    }

    /// Whether the page holding `address` is read-only.
    pub fn write_protected(&self, address: u32) -> bool {
        self.io.write_protect.protected(address)
    }

    /// Makes page `page` (1-255) the same words as page `with` (ITS's
    /// CORBLK of a job's own page at another address): `with`'s words are
    /// copied into `page`, and from then on a store through either
    /// address, an instruction's or [`Cpu::write`], changes both. Each
    /// address keeps its own write protection. Page 0 cannot be shared:
    /// its first 16 addresses are the ACs, not words of the page; false
    /// (nothing done) for it. Like write protection, sharing puts the run
    /// loop on its protected path; the bare machine never pays for it.
    pub fn share_page(&mut self, with: usize, page: usize) -> bool {
        let pages = MAX_MEMORY / PAGE_WORDS as usize;
        if with == 0 || page == 0 || with >= pages || page >= pages {
            return false;
        }
        self.io.write_protect.unshare(page);
        let words = PAGE_WORDS as usize;
        let (from, to) = (with * words, page * words);
        self.mem.copy_within(from..from + words, to);
        self.io.write_protect.share(with, page);
        true
    }

    /// Takes page `page` out of the pages sharing its words: its words
    /// stay as they are, but no longer follow the others' stores.
    pub fn unshare_page(&mut self, page: usize) {
        self.io.write_protect.unshare(page);
    }

    /// The next page in the circular list of pages sharing `page`'s
    /// words, or `None` if it shares them with none.
    pub fn next_sharer(&self, page: usize) -> Option<usize> {
        self.io.write_protect.next_sharer(page)
    }

    /// The JPC of MIT's KA10 pager, which ITS gives a job as `.JPC`: the
    /// address of the last jump instruction executed (of the XCT, for an
    /// executed one; of the UUO, for the instruction in 41), 0 before the
    /// first, and while [`Cpu::set_records_jumps`] is off. Jumps are JUMPx, AOJx, SOJx, AOBJx, JFFO and JFCL when they
    /// jump, and JRST, PUSHJ, POPJ, JSR, JSP, JSA and JRA always; skips
    /// are not.
    pub fn jpc(&self) -> u32 {
        self.io.jpc_next.wrapping_sub(1) & memory::HALF
    }

    /// Turns the recording of jumps in the JPC on (an ITS job's pager) or
    /// off (the bare KA10's, the default). Off, the run loop has no code
    /// for it.
    pub fn set_records_jumps(&mut self, on: bool) {
        self.io.records_jumps = on;
    }

    /// Sets the JPC (ITS `.SUSET` of `.JPC`; 18 bits are kept).
    pub fn set_jpc(&mut self, address: u32) {
        self.io.jpc_next = (address + 1) & memory::HALF;
    }

    /// Accumulator `n & 0o17`.
    pub fn ac(&self, n: u8) -> Word {
        Word::new(self.mem[(n & 0o17) as usize])
    }

    /// Sets accumulator `n & 0o17`.
    pub fn set_ac(&mut self, n: u8, w: Word) {
        self.mem[(n & 0o17) as usize] = w.raw();
    }

    /// The PC (the next instruction to execute).
    pub fn pc(&self) -> u32 {
        self.pc
    }

    /// Sets the PC (18 bits are kept).
    pub fn set_pc(&mut self, pc: u32) {
        self.pc = pc & memory::HALF;
    }

    /// The PC-word flags, in their left-half positions (see [`flags`]).
    pub fn flags(&self) -> u32 {
        self.flags
    }

    /// Sets the flags; bits that are no KA10 flag are dropped.
    pub fn set_flags(&mut self, flags: u32) {
        self.flags = flags & flags::ALL;
    }

    /// The PC word as JSR, JSP and PUSHJ would store it: flags,,PC.
    pub fn pc_word(&self) -> Word {
        Word::from_halves(self.flags as u64, self.pc as u64)
    }

    /// Whether the USER flag is set.
    pub fn user_mode(&self) -> bool {
        self.flags & flags::USER != 0
    }

    /// Sets or clears the USER flag.
    pub fn set_user_mode(&mut self, user: bool) {
        if user {
            self.flags |= flags::USER;
        } else {
            self.flags &= !flags::USER;
        }
    }

    /// Instructions executed so far (an XCT and the instruction it executes
    /// count once; a UUO and the instruction in 41 count once).
    pub fn instructions(&self) -> u64 {
        self.instructions
    }

    /// Whether the pushdown-overflow condition is set (an APR flag on the
    /// KA10, CONI APR bit 200000; ITS turns it into %PIPDL).
    pub fn pushdown_overflow(&self) -> bool {
        self.io.pushdown_overflow
    }

    /// Sets or clears the pushdown-overflow condition (CONO APR,400000
    /// clears it).
    pub fn set_pushdown_overflow(&mut self, set: bool) {
        self.io.pushdown_overflow = set;
    }

    /// Sends console (DATAO TTY) output to `sink` instead of standard
    /// output.
    pub fn set_console(&mut self, sink: Box<dyn std::io::Write + Send>) {
        self.io.console = Some(sink);
    }

    /// The effective address `instruction` would compute now, or `None` if
    /// the calculation references nonexistent memory or never ends. Reads
    /// only; used by tracers.
    pub fn effective_address(&self, instruction: Word) -> Option<u32> {
        self.ea(instruction.raw()).ok()
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_jpc;
#[cfg(test)]
mod tests_shared;
