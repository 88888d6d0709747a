//! The PDP-10 instruction set as every other crate of the workspace sees it.
//!
//! Start with [`Word`] (a 36-bit word) and [`Instruction`] (its fields), then
//! [`opcodes`], the one opcode table from which the CPU's dispatch, the
//! disassembler ([`disasm`]) and the MIDAS assembler's predefined symbols are
//! all derived. [`squoze`], [`evacuated`] and [`sblk`] are the encodings ITS
//! uses for symbols, host files and binaries.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod disasm;
pub mod evacuated;
pub mod instruction;
pub mod its;
pub mod opcodes;
pub mod read_in;
pub mod sblk;
pub mod squoze;
pub mod word;

pub use disasm::{disassemble, Disassembly, NoSymbols, Symbols};
pub use instruction::Instruction;
pub use word::{Word, HALF_MASK, WORD_MASK};
