//! A DEC KA10 processor (the CPU of MIT's AI Lab PDP-10).
//!
//! API skeleton fixed for the other crates; the ka10 work fills it in.
//! Start at [`Cpu`]: memory (ACs are addresses 0-17), PC, flags, and
//! [`Cpu::run`], generic over a [`TrapHandler`] (who answers monitor UUOs,
//! unimplemented opcodes and user-mode I/O: the ITS shim) and a [`Tracer`].
#![deny(missing_docs)]

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
pub trait TrapHandler {
    /// What a handler's stop carries (an exit status, a message...).
    type Stop;
    /// Handles one trap.
    fn trap(&mut self, cpu: &mut Cpu, trap: Trap) -> Resume<Self::Stop>;
}

/// A handler that takes no trap: every trap ends the run with
/// [`ErrorKind::UnhandledTrap`]. Used by bare-metal runs, where exec mode
/// traps through 40/41 and 60/61 and user mode should not be reached.
pub struct NoHandler;

/// Per-instruction observation. [`NoTrace`] compiles away.
pub trait Tracer {
    /// Called before each instruction with its PC and word.
    fn before(&mut self, cpu: &Cpu, pc: u32, instruction: Word);
    /// Called after each instruction.
    fn after(&mut self, cpu: &Cpu);
}

/// No tracing.
pub struct NoTrace;

impl Tracer for NoTrace {
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
    /// An I/O instruction for a device this machine does not have (exec mode).
    NoSuchDevice {
        /// The device code.
        device: u16,
    },
    /// The instruction budget ran out.
    BudgetExhausted {
        /// Instructions executed.
        executed: u64,
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
            ErrorKind::NoSuchDevice { device } => write!(f, "no such device {device:o}")?,
            ErrorKind::BudgetExhausted { executed } => {
                write!(f, "instruction budget exhausted after {executed} instructions")?
            }
        }
        write!(f, " at PC {:06o}: {} ({})", self.pc, self.instruction, text)
    }
}

impl std::error::Error for Error {}

/// The processor and its memory.
///
/// Memory holds up to 256K words; addresses 0-17 are the accumulators, for
/// data, instruction fetch and indexing alike.
pub struct Cpu {
    // Filled in by the ka10 work; the public methods below are the contract.
}

/// The full KA10 address space, in words.
pub const MAX_MEMORY: usize = 1 << 18;

// The contract other crates code against (bodies come with the ka10 work):
//
// impl Cpu {
//     pub fn new(memory_words: usize) -> Cpu;          // zeroed, exec mode, PC 0
//     pub fn memory_size(&self) -> usize;
//     pub fn set_memory_size(&mut self, words: usize); // grow/shrink (.CORE); <= MAX_MEMORY
//     pub fn read(&self, address: u32) -> Option<Word>; // None beyond memory
//     pub fn write(&mut self, address: u32, w: Word) -> bool; // false beyond memory
//     pub fn ac(&self, n: u8) -> Word;                 // n & 0o17
//     pub fn set_ac(&mut self, n: u8, w: Word);
//     pub fn pc(&self) -> u32;
//     pub fn set_pc(&mut self, pc: u32);
//     pub fn flags(&self) -> u32;                      // left-half flag bits (see `flags`)
//     pub fn set_flags(&mut self, flags: u32);
//     pub fn user_mode(&self) -> bool;                 // USER flag
//     pub fn set_user_mode(&mut self, user: bool);
//     pub fn instructions(&self) -> u64;               // executed so far
//     pub fn run<H: TrapHandler, T: Tracer>(&mut self, handler: &mut H, tracer: &mut T,
//                                          max_instructions: u64)
//         -> Result<Exit<H::Stop>, Error>;
// }
