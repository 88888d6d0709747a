//! Emulated KA10 time: what the instructions executed would have taken on
//! a real KA10. The clocks (the APR's line clock, the DK10) tick in this
//! time in their emulated mode, and `pdp10 run --stats` and `pdp10
//! verify` report it.
//!
//! DEC published the KA10's instruction times (the PDP-10 System
//! Reference Manual's timing appendix; the KA10 maintenance manual), but
//! that table is not at hand here, so for now every instruction counts
//! the KA10's average, 0.38 MIPS (SIMH's `kx10_defs.h` figure), and this
//! module is the one place that figure lives. `docs/timing.md` says what
//! the table must give and how it will be applied; [`Profile`] counts, over
//! a run, what such a table prices (instructions by opcode, indexing,
//! indirect words, accumulator operands) without touching the inner loop.

use crate::{Cpu, Tracer};
use pdp10_isa::Word;

/// Instructions a second of an average KA10 program.
pub const AVERAGE_IPS: f64 = 380_000.0;

/// Nanoseconds an average KA10 instruction takes: 1 / [`AVERAGE_IPS`],
/// rounded to whole nanoseconds for the clocks' integer time.
pub const NS_PER_INSTRUCTION: u64 = 2_632;

/// Emulated nanoseconds for `instructions` instructions.
pub fn emulated_ns(instructions: u64) -> u64 {
    instructions * NS_PER_INSTRUCTION
}

/// Seconds a real KA10 would have taken for `instructions` instructions.
pub fn ka10_seconds(instructions: u64) -> f64 {
    instructions as f64 / AVERAGE_IPS
}

/// More indirect words than this in one instruction are not counted (the
/// run itself stops endless chains).
const INDIRECT_LIMIT: u64 = 1 << 10;

/// What an instruction's time depends on besides its opcode, counted over
/// a run by tracing it (`Cpu::run` with this as the tracer goes one
/// instruction at a time; the inner loop is not involved).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Profile {
    /// Instructions executed, by opcode (XCT's target counts as one more).
    pub by_opcode: Vec<u64>,
    /// Instructions and indirect words with an index register.
    pub indexed: u64,
    /// Indirect words fetched in effective-address calculations.
    pub indirect_words: u64,
    /// Instructions whose effective address is an accumulator (fast
    /// memory, 0-17), I/O instructions aside.
    pub ac_operands: u64,
}

impl Default for Profile {
    fn default() -> Profile {
        Profile {
            by_opcode: vec![0; 512],
            indexed: 0,
            indirect_words: 0,
            ac_operands: 0,
        }
    }
}

impl Profile {
    /// Instructions counted.
    pub fn instructions(&self) -> u64 {
        self.by_opcode.iter().sum()
    }
}

impl Tracer for Profile {
    fn before(&mut self, cpu: &Cpu, _pc: u32, instruction: Word) {
        let w = instruction.raw();
        let op = (w >> 27) as usize;
        self.by_opcode[op] += 1;
        // The effective-address calculation, read only (physical
        // addresses: exec mode or the ITS shim's unrelocated user mode).
        let mut word = w;
        let e = loop {
            let x = ((word >> 18) & 0o17) as u8;
            let mut e = word & 0o777777;
            if x != 0 {
                self.indexed += 1;
                e = (e + cpu.ac(x).raw()) & 0o777777;
            }
            if word & 1 << 22 == 0 || self.indirect_words >= INDIRECT_LIMIT {
                break e;
            }
            self.indirect_words += 1;
            match cpu.read(e as u32) {
                Some(next) => word = next.raw(),
                None => break e,
            }
        };
        if op < 0o700 && e < 0o20 {
            self.ac_operands += 1;
        }
    }

    fn after(&mut self, _cpu: &Cpu) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_clock_figure_is_the_average_rounded() {
        assert_eq!(NS_PER_INSTRUCTION, (1e9 / AVERAGE_IPS).round() as u64);
        assert_eq!(ka10_seconds(380_000), 1.0);
    }

    #[test]
    fn a_profile_counts_opcodes_indexing_indirection_and_ac_operands() {
        let mut cpu = Cpu::new(0o10000);
        let program = [
            0o201040_000005u64, // MOVEI 1,5        E = 5, an AC
            0o200101_001000,    // MOVE 2,1000(1)   indexed: E = 1005
            0o200160_001006,    // MOVE 3,@1006     indirect through 1006
            0o254200_001004,    // 1003: HALT 1004
            0,
            0o123,           // 1005
            0o000002_001007, // 1006: 1007(2), AC 2 = 123: E = 1132
        ];
        for (i, &w) in program.iter().enumerate() {
            cpu.write(0o1000 + i as u32, Word::new(w));
        }
        cpu.set_pc(0o1000);
        let mut profile = Profile::default();
        let exit = cpu.run(&mut crate::NoHandler, &mut profile, 100);
        assert_eq!(exit.ok(), Some(crate::Exit::Halt { pc: 0o1003 }));
        assert_eq!(profile.instructions(), 4);
        assert_eq!(profile.by_opcode[0o201], 1);
        assert_eq!(profile.by_opcode[0o200], 2);
        assert_eq!(profile.by_opcode[0o254], 1);
        assert_eq!(profile.indexed, 2, "MOVE 2,1000(1) and the word in 1006");
        assert_eq!(profile.indirect_words, 1);
        assert_eq!(profile.ac_operands, 1);
    }
}
