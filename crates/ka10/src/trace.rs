//! A [`Tracer`] that writes one line per instruction.
//!
//! Format (fields separated by two spaces, all numbers octal):
//!
//! ```text
//! PC      WORD          DISASSEMBLY             E         AC BEFORE -> AFTER                 FLAGS
//! 001000  201040000005  MOVEI 1,5               E=000005  AC1 000000000000 -> 000000000005  F=000000
//! ```
//!
//! `PC` is the instruction's address, `WORD` the instruction word,
//! then its MIDAS-syntax disassembly (padded to 22 columns), `E` its
//! effective address as computed before it ran (`E=??????` if that
//! references nonexistent memory), the AC named by the AC field before and
//! after, and the PC flags after the instruction (left-half bits: 400000
//! AROV, 200000 CRY0, 100000 CRY1, 040000 FOV, 020000 BIS, 010000 USER,
//! 004000 USERIO, 000100 FXU, 000040 DCK).

use crate::{Cpu, Tracer};
use pdp10_isa::{disassemble, NoSymbols, Word};
use std::io::{self, Write};

/// Writes a trace line per instruction to `W`. The first write error stops
/// the output; [`TraceWriter::finish`] returns it.
pub struct TraceWriter<W: Write> {
    out: W,
    error: Option<io::Error>,
    pc: u32,
    word: Word,
    e: Option<u32>,
    ac_before: Word,
}

impl<W: Write> TraceWriter<W> {
    /// A tracer writing to `out`.
    pub fn new(out: W) -> TraceWriter<W> {
        TraceWriter {
            out,
            error: None,
            pc: 0,
            word: Word::ZERO,
            e: None,
            ac_before: Word::ZERO,
        }
    }

    /// Flushes and returns the writer, or the first error.
    pub fn finish(mut self) -> io::Result<W> {
        if let Some(err) = self.error.take() {
            return Err(err);
        }
        self.out.flush()?;
        Ok(self.out)
    }

    fn ac_number(&self) -> u8 {
        pdp10_isa::Instruction(self.word).ac()
    }
}

impl<W: Write> Tracer for TraceWriter<W> {
    fn before(&mut self, cpu: &Cpu, pc: u32, instruction: Word) {
        self.pc = pc;
        self.word = instruction;
        self.e = cpu.effective_address(instruction);
        self.ac_before = cpu.ac(self.ac_number());
    }

    fn after(&mut self, cpu: &Cpu) {
        if self.error.is_some() {
            return;
        }
        let text = disassemble(self.word, &NoSymbols).to_string();
        let e = match self.e {
            Some(e) => format!("{e:06o}"),
            None => "??????".to_string(),
        };
        let ac = self.ac_number();
        let result = writeln!(
            self.out,
            "{:06o}  {}  {:<22}  E={}  AC{:o} {} -> {}  F={:06o}",
            self.pc,
            self.word,
            text,
            e,
            ac,
            self.ac_before,
            cpu.ac(ac),
            cpu.flags()
        );
        if let Err(err) = result {
            self.error = Some(err);
        }
    }
}
