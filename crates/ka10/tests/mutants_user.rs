//! User mode on the bare machine: effective-address calculations, the
//! stack and the byte instructions under the KT10A's relocation and
//! protection (System Reference Manual, 1968, 2.13 and 2.16: an
//! instruction that violates protection is abandoned and the APR's
//! protection flag set). Written for mutation testing (docs/mutants.md).

use ka10::{Cpu, ErrorKind, Exit, NoHandler, NoTrace};
use pdp10_isa::Word;
mod support;
use support::{get, halt, ins, io, machine};

const MOVE: u64 = 0o200;
const PUSH: u64 = 0o261;
const POP: u64 = 0o262;
const POPJ: u64 = 0o263;
const ILDB: u64 = 0o134;
const JSP: u64 = 0o265;
const JRST: u64 = 0o254;
const CALL: u64 = 0o040;
const DATAO: u64 = 3;
const CONI: u64 = 5;
const APR: u64 = 0o000;

const INDIRECT: u64 = 1 << 22;
const FLAG_PROTECTION: u64 = 0o20000;

/// Low segment 0-1777 at physical 20000 (DATAO APR: low relocation 10 in
/// bits 18-25, no protection bits: limit 1777).
const LOW_1K_AT_20000: u64 = 0o10 << 10;

/// Runs `program` in user mode from virtual 100 (physical 20100) with
/// `user_words` placed at their physical addresses and `acs` set; the
/// program ends with a CALL back to exec, where 41 (JSP 7,600) saves the
/// PC word in AC 7 and CONI APR goes to AC 6. Returns the machine.
fn user_run(program: &[u64], user_words: &[(u32, u64)], acs: &[(u8, u64)]) -> Cpu {
    let mut memory = vec![
        (0o1010, LOW_1K_AT_20000),
        (0o41, ins(JSP, 7, 0o600)),
        (0o600, io(APR, CONI, 6)),
        (0o601, halt(0o601)),
    ];
    for (i, &w) in program.iter().enumerate() {
        memory.push((0o20100 + i as u32, w));
    }
    memory.push((0o20100 + program.len() as u32, ins(CALL, 0, 0)));
    for &(a, w) in user_words {
        memory.push((0o20000 + a, w));
    }
    let mut cpu = machine(&[io(APR, DATAO, 0o1010), ins(JRST, 1, 0o100)], &memory);
    for &(n, v) in acs {
        cpu.set_ac(n, Word::new(v));
    }
    match cpu.run(&mut NoHandler, &mut NoTrace, 100) {
        Ok(Exit::Halt { pc: 0o601 }) => {}
        other => panic!("{other:?} at PC {:o}", cpu.pc()),
    }
    cpu
}

fn protection(cpu: &Cpu) -> bool {
    get(cpu, 6) & FLAG_PROTECTION != 0
}

#[test]
fn user_indirect_words_are_read_through_the_relocation() {
    // MOVE 1,@200(2), AC 2 = 3: the indirect word at virtual 203 is
    // 300(2), so E = 303; each read relocated.
    let cpu = user_run(
        &[ins(MOVE, 1, 0o200) | INDIRECT | 2 << 18],
        &[(0o203, 0o000002_000300), (0o303, 0o4711), (0o300, 0o1)],
        &[(2, 3)],
    );
    assert_eq!(get(&cpu, 1), 0o4711);
    assert!(!protection(&cpu));
}

#[test]
fn user_indexing_wraps_in_18_bits() {
    // MOVE 1,777700(2), AC 2 = 200: E = 100 (mod 2^18), relocated.
    let cpu = user_run(&[ins(MOVE, 1, 0o777700) | 2 << 18], &[], &[(2, 0o200)]);
    assert_eq!(
        get(&cpu, 1),
        ins(MOVE, 1, 0o777700) | 2 << 18,
        "its own word at 100"
    );
}

#[test]
fn a_user_indirect_word_outside_the_limits_is_a_violation() {
    let cpu = user_run(
        &[ins(MOVE, 1, 0o200) | INDIRECT],
        &[(0o200, 0o5000 | INDIRECT)],
        &[(1, 0o55)],
    );
    assert_eq!(get(&cpu, 1), 0o55, "abandoned");
    assert!(protection(&cpu));
}

#[test]
fn an_endless_user_indirection_is_an_error() {
    let mut cpu = machine(
        &[io(APR, DATAO, 0o1010), ins(JRST, 1, 0o100)],
        &[
            (0o1010, LOW_1K_AT_20000),
            (0o20100, ins(MOVE, 1, 0o300) | INDIRECT),
            (0o20300, 0o300 | INDIRECT),
        ],
    );
    let err = cpu.run(&mut NoHandler, &mut NoTrace, 100).unwrap_err();
    assert_eq!(err.kind, ErrorKind::EndlessChain);
    assert_eq!(err.pc, 0o100);
}

#[test]
fn a_push_beyond_the_limit_leaves_the_pointer() {
    // The stack pointer's next word, 2000, is outside the 1K segment.
    let cpu = user_run(
        &[ins(PUSH, 1, 0o200)],
        &[(0o200, 0o5)],
        &[(1, 0o777000_001777)],
    );
    assert_eq!(get(&cpu, 1), 0o777000_001777);
    assert!(protection(&cpu));
}

#[test]
fn a_pop_into_a_protected_word_leaves_the_pointer() {
    let cpu = user_run(
        &[ins(POP, 1, 0o3000)],
        &[(0o300, 0o5)],
        &[(1, 0o777000_000300)],
    );
    assert_eq!(get(&cpu, 1), 0o777000_000300);
    assert!(protection(&cpu));
}

#[test]
fn user_push_and_popj_go_through_the_relocation() {
    // PUSH 1,200 then POPJ 1, returning to what 200 held (110: the CALL).
    let cpu = user_run(
        &[ins(PUSH, 1, 0o200), ins(POPJ, 1, 0)],
        &[(0o200, 0o102), (0o300, 0)],
        &[(1, 0o777000_000277)],
    );
    assert_eq!(get(&cpu, 0o20300), 0o102, "pushed at virtual 300");
    assert_eq!(get(&cpu, 1), 0o777000_000277);
    assert_eq!(get(&cpu, 7) & 0o777777, 0o103, "returned to 102, the CALL");
}

#[test]
fn an_ildb_whose_byte_is_protected_keeps_its_first_part_done() {
    // The pointer (at virtual 200) is incremented and stored, then the
    // byte's word, 5000, violates protection: the instruction stops with
    // BIS (first part done) set, which the saved PC word shows.
    let cpu = user_run(
        &[ins(ILDB, 1, 0o200)],
        &[(0o200, 0o440700_005000)],
        &[(1, 0o66)],
    );
    assert_eq!(get(&cpu, 0o20200), 0o350700_005000, "incremented once");
    assert_eq!(get(&cpu, 1), 0o66);
    assert!(protection(&cpu));
    assert_eq!(get(&cpu, 7) >> 18 & 0o020000, 0o020000, "BIS");
}
