//! The processor `pdp10 midas` gives MIDAS for `.OP` and `.AOP`: real
//! MIDAS executes the instruction on the machine it runs on (A.OP1), here
//! a KA10 of the `ka10` crate set up for that one instruction. MIDAS has
//! already refused what would touch anything but accumulators 2 and 3
//! (see crates/midas/docs/0003-op-at-assembly-time.md); this checks again
//! after the instruction that nothing else changed and that it did not jump.

use ka10::{Cpu, ErrorKind, NoHandler, NoTrace};
use midas::{AssemblyTimeOp, OpResult, OP_AC, OP_MEMORY};
use pdp10_isa::Word;

/// Where the instruction is placed in the little machine.
const AT: u32 = 0o100;
/// Held by the accumulators the instruction must not touch.
const UNTOUCHED: u64 = 0o525252_525252;

/// `midas::Options::default()` with this processor, for assemblies made
/// by other commands (`pdp10 run FILE.mid`, DDT's `$L`).
pub fn options() -> midas::Options {
    midas::Options {
        processor: Ka10Op::processor(),
        ..midas::Options::default()
    }
}

/// `midas::assemble_file` with this processor.
pub fn assemble_file(path: &std::path::Path) -> Result<midas::Assembly, midas::Error> {
    midas::assemble(path, &midas::FsLoader, &options())
}

/// A KA10 that runs one instruction per `.OP`.
#[derive(Debug, Default)]
pub struct Ka10Op;

impl Ka10Op {
    /// Options for `midas` with this processor.
    pub fn processor() -> Option<std::sync::Arc<dyn AssemblyTimeOp>> {
        Some(std::sync::Arc::new(Ka10Op))
    }
}

impl AssemblyTimeOp for Ka10Op {
    fn execute(&self, insn: u64, ac: u64, mem: u64) -> Result<OpResult, String> {
        let mut cpu = Cpu::new(ka10::PAGE_WORDS as usize);
        for n in 0..16u8 {
            cpu.set_ac(n, Word::new(UNTOUCHED));
        }
        cpu.set_ac(OP_AC, Word::new(ac));
        cpu.set_ac(OP_MEMORY, Word::new(mem));
        cpu.write(AT, Word::new(insn));
        cpu.set_pc(AT);
        match cpu.run(&mut NoHandler, &mut NoTrace, 1) {
            Err(err) if matches!(err.kind, ErrorKind::BudgetExhausted { .. }) => {}
            Err(err) => return Err(format!("the KA10 stopped: {err}")),
            Ok(_) => return Err("the instruction halted the KA10".into()),
        }
        let skipped = match cpu.pc() {
            p if p == AT + 1 => false,
            p if p == AT + 2 => true,
            _ => return Err("the instruction jumps into real MIDAS".into()),
        };
        let others_kept = (0..16u8)
            .filter(|&n| n != OP_AC && n != OP_MEMORY)
            .all(|n| cpu.ac(n).raw() == UNTOUCHED);
        if !others_kept || cpu.read(AT).map(Word::raw) != Some(insn) {
            return Err("the instruction changes real MIDAS's own state".into());
        }
        Ok(OpResult {
            ac: cpu.ac(OP_AC).raw(),
            mem: cpu.ac(OP_MEMORY).raw(),
            skipped,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::Ka10Op;
    use midas::AssemblyTimeOp;

    fn run(insn: u64, ac: u64, mem: u64) -> Result<(u64, u64, bool), String> {
        Ka10Op
            .execute(insn, ac, mem)
            .map(|r| (r.ac, r.mem, r.skipped))
    }

    #[test]
    fn executes_on_accumulators_2_and_3() {
        // SUBM 2,3 with 5 and 2: 3 in memory (manual: .OP SUBM,5,2).
        assert_eq!(run(0o276100_000003, 5, 2), Ok((5, 3, false)));
        // LSH 2,3: shifts by 3.
        assert_eq!(run(0o242100_000003, 3, 1), Ok((0o30, 1, false)));
        // MUL 2,3: the low word in AC 3.
        assert_eq!(run(0o224100_000003, 3, 5), Ok((0, 0o17, false)));
        // SKIPA 2,3 skips.
        assert_eq!(run(0o334100_000003, 1, 2), Ok((2, 2, true)));
    }

    #[test]
    fn a_jump_or_a_change_elsewhere_is_refused() {
        // JUMPN 2,200 jumps; MOVEM 2,4 writes AC 4; JRST 4, halts.
        assert!(run(0o326100_000200, 1, 0).is_err());
        assert!(run(0o202100_000004, 1, 0).is_err());
        assert!(run(0o254200_000000, 0, 0).is_err());
    }
}
