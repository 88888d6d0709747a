//! The tracers: `TraceWriter`'s line per instruction (the format its
//! module documents) and `timing::Profile`'s counts of what an instruction
//! time table prices. Written for mutation testing (docs/mutants.md).

use ka10::timing::Profile;
use ka10::trace::TraceWriter;
use ka10::{Cpu, Exit, NoHandler};
use pdp10_isa::Word;
mod support;
use support::{halt, ins, io, machine};

const MOVE: u64 = 0o200;
const MOVEI: u64 = 0o201;
const MOVNI: u64 = 0o211;
const ADDI: u64 = 0o271;
const CONO: u64 = 4;
const APR: u64 = 0o000;

#[test]
fn a_trace_line_per_instruction_in_the_documented_format() {
    // PC, word, disassembly padded to 22, E, the AC before -> after, flags.
    let mut cpu = machine(
        &[
            ins(MOVEI, 1, 5),
            ins(MOVNI, 2, 1),
            ins(ADDI, 2, 1), // -1 + 1: carry 0 and carry 1
            halt(0o1003),
        ],
        &[],
    );
    let mut tracer = TraceWriter::new(Vec::new());
    let exit = cpu.run(&mut NoHandler, &mut tracer, 100);
    assert_eq!(exit.ok(), Some(Exit::Halt { pc: 0o1003 }));
    let text = String::from_utf8(tracer.finish().unwrap()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines,
        [
            "001000  201040000005  MOVEI 1,5               E=000005  AC1 000000000000 -> 000000000005  F=000000",
            "001001  211100000001  MOVNI 2,1               E=000001  AC2 000000000000 -> 777777777777  F=000000",
            "001002  271100000001  ADDI 2,1                E=000001  AC2 777777777777 -> 000000000000  F=300000",
            "001003  254200001003  HALT 1003               E=001003  AC4 000000000000 -> 000000000000  F=300000",
        ]
    );
}

#[test]
fn an_effective_address_in_nonexistent_memory_is_question_marks() {
    // MOVE 3,@3000 in a 1K memory: the indirect word does not exist.
    let mut cpu = Cpu::new(0o2000);
    cpu.write(0o100, Word::new(ins(MOVE, 3, 0o3000) | 1 << 22));
    cpu.write(0o101, Word::new(halt(0o101)));
    cpu.set_pc(0o100);
    let mut tracer = TraceWriter::new(Vec::new());
    let _ = cpu.run(&mut NoHandler, &mut tracer, 100);
    let text = String::from_utf8(tracer.finish().unwrap()).unwrap();
    let first = text.lines().next().expect("a line for the MOVE");
    assert!(first.starts_with("000100  200160003000  "), "{first}");
    assert!(first.contains("  E=??????  AC3 "), "{first}");
}

/// Runs `words` from 1000 under a profile; returns it.
fn profile(words: &[u64], extra: &[(u32, u64)], acs: &[(u8, u64)]) -> Profile {
    let mut cpu = machine(words, extra);
    for &(n, v) in acs {
        cpu.set_ac(n, Word::new(v));
    }
    let mut profile = Profile::default();
    let exit = cpu.run(&mut NoHandler, &mut profile, 100);
    assert!(matches!(exit, Ok(Exit::Halt { .. })), "{exit:?}");
    profile
}

#[test]
fn a_profile_counts_an_indexed_address_that_wraps_into_the_accumulators() {
    // MOVE 1,777773(2) with AC 2 = 10: E = 3, an AC (18-bit wrap).
    let p = profile(
        &[ins(MOVE, 1, 0o777773) | 2 << 18, halt(0o1001)],
        &[],
        &[(2, 0o10)],
    );
    assert_eq!(p.indexed, 1);
    assert_eq!(p.ac_operands, 1);
}

#[test]
fn a_profile_counts_ac_operands_below_20_only_and_not_for_io() {
    // E = 17 is an AC, E = 20 is memory; CONO APR,0 has an E of 0 but is
    // an I/O instruction (its E is data, no operand).
    let p = profile(
        &[
            ins(MOVEI, 1, 0o17),
            ins(MOVE, 1, 0o20),
            io(APR, CONO, 0),
            halt(0o1003),
        ],
        &[],
        &[],
    );
    assert_eq!(p.instructions(), 4);
    assert_eq!(p.by_opcode[0o700], 1, "CONO APR is opcode 700");
    assert_eq!(p.ac_operands, 1, "only MOVEI 1,17");
    assert_eq!(p.indexed, 0);
    assert_eq!(p.indirect_words, 0);
}

#[test]
fn a_profile_stops_counting_an_endless_indirection() {
    // MOVE 1,@1000 where 1000 points at itself with I set: the run ends
    // in an error; the profile counts at most 1024 indirect words.
    let mut cpu = machine(&[ins(MOVE, 1, 0o1000) | 1 << 22], &[]);
    let mut profile = Profile::default();
    assert!(cpu.run(&mut NoHandler, &mut profile, 10).is_err());
    assert_eq!(profile.indirect_words, 1024);
}
