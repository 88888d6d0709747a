//! Program control as DEC's System Reference Manual describes it for the
//! KA10 (2.9, 2.10): JRST's AC bits and user mode, JRSTF's flag rules, JFCL,
//! the subroutine calls' saved PC words, AOBJN's and PUSH's full-word add,
//! BLT. Written for mutation testing (docs/mutants.md); the conformance
//! vectors run in executive mode and check results, not the user-mode rules.

use ka10::flags::{AROV, BIS, CRY0, CRY1, FOV, USER, USERIO};
use ka10::{Cpu, Exit, NoHandler, NoTrace, Resume, Trap, TrapHandler, TrapKind};
use pdp10_isa::Word;
mod support;
use support::{get, put, small_machine as machine};

/// Stops at the first trap, reporting its kind and address.
struct Catch;

impl TrapHandler for Catch {
    type Stop = (TrapKind, u32);
    fn trap(&mut self, _: &mut Cpu, trap: Trap) -> Resume<Self::Stop> {
        Resume::Stop((trap.kind, trap.pc))
    }
}

fn run(cpu: &mut Cpu) -> Exit<(TrapKind, u32)> {
    cpu.run(&mut Catch, &mut NoTrace, 100).unwrap()
}

const HALT_200: u64 = 0o254200_000200;

#[test]
fn halt_and_jen_trap_in_user_mode_without_userio() {
    for (insn, what) in [
        (0o254200_000200u64, "HALT"),
        (0o254600_000200, "JEN"),
        (0o254400_000200, "JRST 10,"),
    ] {
        let mut cpu = machine(&[insn]);
        cpu.set_user_mode(true);
        assert_eq!(
            run(&mut cpu),
            Exit::Handler((TrapKind::Io, 0o100)),
            "{what}"
        );
    }
    // With USERIO the job may halt.
    let mut cpu = machine(&[HALT_200]);
    cpu.set_user_mode(true);
    cpu.set_flags(cpu.flags() | USERIO);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o100 });
    // In exec mode HALT halts, JRST 10, just jumps.
    let mut cpu = machine(&[0o254400_000200]);
    put(&mut cpu, 0o200, HALT_200);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o200 });
}

#[test]
fn jrst_1_enters_user_mode() {
    // JRST 1,200: at 200 a HALT is now a user-mode HALT, which traps.
    let mut cpu = machine(&[0o254040_000200]);
    put(&mut cpu, 0o200, HALT_200);
    assert_eq!(run(&mut cpu), Exit::Handler((TrapKind::Io, 0o200)));
    assert!(cpu.user_mode());
}

#[test]
fn jrstf_restores_flags_from_the_last_word_of_the_address() {
    // JRSTF @300: C(300) = AROV CRY1,,200.
    let mut cpu = machine(&[0o254120_000300]);
    put(&mut cpu, 0o300, ((AROV | CRY1) as u64) << 18 | 0o200);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_flags(CRY0 | FOV);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o200 });
    assert_eq!(cpu.flags() & (AROV | CRY0 | CRY1 | FOV), AROV | CRY1);
    // In exec mode the word's USER bit enters user mode.
    let mut cpu = machine(&[0o254120_000300]);
    put(&mut cpu, 0o300, (USER as u64) << 18 | 0o200);
    put(&mut cpu, 0o200, HALT_200);
    assert_eq!(run(&mut cpu), Exit::Handler((TrapKind::Io, 0o200)));
}

#[test]
fn jrstf_in_user_mode_cannot_give_itself_user_io() {
    // The word asks for USERIO and leaves out USER: USER stays, USERIO is
    // not granted.
    let mut cpu = machine(&[0o254120_000300]);
    put(&mut cpu, 0o300, ((USERIO | FOV) as u64) << 18 | 0o200);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_user_mode(true);
    assert_eq!(run(&mut cpu), Exit::Handler((TrapKind::Io, 0o200)));
    assert_eq!(cpu.flags() & (USER | USERIO | FOV), USER | FOV);
    // It can give USERIO up.
    let mut cpu = machine(&[0o254120_000300]);
    put(&mut cpu, 0o300, (USER as u64) << 18 | 0o200);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_user_mode(true);
    cpu.set_flags(cpu.flags() | USERIO);
    assert_eq!(run(&mut cpu), Exit::Handler((TrapKind::Io, 0o200)));
    assert_eq!(cpu.flags() & USERIO, 0);
}

#[test]
fn jfcl_jumps_on_and_clears_the_flags_it_names() {
    let all = AROV | CRY0 | CRY1 | FOV;
    // JFCL 10,200 (JOV): AROV set, so jump and clear AROV only.
    let mut cpu = machine(&[0o255400_000200, 0o254200_000000]);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_flags(all);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o200 });
    assert_eq!(cpu.flags() & all, CRY0 | CRY1 | FOV);
    // JFCL 6,200 with only CRY1: jumps, clears it.
    let mut cpu = machine(&[0o255300_000200, 0o254200_000000]);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_flags(CRY1);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o200 });
    assert_eq!(cpu.flags() & all, 0);
    // JFCL 1,200 with FOV clear: no jump, nothing cleared.
    let mut cpu = machine(&[0o255040_000200, 0o254200_000000]);
    cpu.set_flags(AROV);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!(cpu.flags() & all, AROV);
    // JFCL 0, never jumps.
    let mut cpu = machine(&[0o255000_000200, 0o254200_000000]);
    cpu.set_flags(all);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!(cpu.flags() & all, all);
}

#[test]
fn subroutine_calls_save_flags_and_return_address() {
    // JSR 200: C(200) = flags,,101 (stored as they are), continue at 201;
    // then BIS is cleared.
    let mut cpu = machine(&[0o264000_000200]);
    put(&mut cpu, 0o201, HALT_200);
    cpu.set_flags(AROV | BIS);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o201 });
    assert_eq!(get(&cpu, 0o200), ((AROV | BIS) as u64) << 18 | 0o101);
    assert_eq!(cpu.flags() & BIS, 0);
    // JSP 1,200: AC1 = flags,,101.
    let mut cpu = machine(&[0o265040_000200]);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_flags(CRY0);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o200 });
    assert_eq!(cpu.ac(1).raw(), (CRY0 as u64) << 18 | 0o101);
    // JSA 1,200: C(200) = AC1, AC1 = 200,,101, continue at 201.
    let mut cpu = machine(&[0o266040_000200]);
    put(&mut cpu, 0o201, HALT_200);
    cpu.set_ac(1, Word::new(0o123));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o201 });
    assert_eq!(get(&cpu, 0o200), 0o123);
    assert_eq!(cpu.ac(1).raw(), 0o000200_000101);
    // PUSHJ 17,200: push flags,,101 and jump; POPJ 17, there returns.
    let mut cpu = machine(&[0o260740_000200, HALT_200]);
    put(&mut cpu, 0o200, 0o263740_000000);
    cpu.set_ac(0o17, Word::new(0o777776_000400));
    cpu.set_flags(CRY1);
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!(get(&cpu, 0o401), (CRY1 as u64) << 18 | 0o101);
    assert_eq!(cpu.ac(0o17).raw(), 0o777776_000400);
    // JRA 1,300: AC1 = C(left half of AC1), jump to 300.
    let mut cpu = machine(&[0o267040_000300]);
    put(&mut cpu, 0o300, HALT_200);
    put(&mut cpu, 0o200, 0o456);
    cpu.set_ac(1, Word::new(0o000200_000101));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o300 });
    assert_eq!(cpu.ac(1).raw(), 0o456);
}

#[test]
fn aobj_and_push_add_one_one_as_one_number() {
    // AOBJN 1,200 with AC1 = -1,,777777: the right half carries into the
    // left: 1,,0, not negative, so no jump.
    let mut cpu = machine(&[0o253040_000200, 0o254200_000000]);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_ac(1, Word::new(0o777777_777777));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!(cpu.ac(1).raw(), 0o000001_000000);
    // AOBJN with -2,,5: -1,,6, negative: jump.
    let mut cpu = machine(&[0o253040_000200, 0o254200_000000]);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_ac(1, Word::new(0o777776_000005));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o200 });
    assert_eq!(cpu.ac(1).raw(), 0o777777_000006);
    // AOBJP with -1,,5: 0,,6, not negative: jump.
    let mut cpu = machine(&[0o252040_000200, 0o254200_000000]);
    put(&mut cpu, 0o200, HALT_200);
    cpu.set_ac(1, Word::new(0o777777_000005));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o200 });
    // PUSH 17,300 with -1,,400: the pointer becomes 0,,401 and the
    // pushdown overflow flag is set.
    let mut cpu = machine(&[0o261740_000300, 0o254200_000000]);
    put(&mut cpu, 0o300, 0o777);
    cpu.set_ac(0o17, Word::new(0o777777_000400));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!(cpu.ac(0o17).raw(), 0o000000_000401);
    assert_eq!(get(&cpu, 0o401), 0o777);
    assert!(cpu.pushdown_overflow());
    // POP 17,300 with 0,,401: back to -1,,400, overflow again.
    let mut cpu = machine(&[0o262740_000300, 0o254200_000000]);
    put(&mut cpu, 0o401, 0o555);
    cpu.set_ac(0o17, Word::new(0o000000_000401));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!(cpu.ac(0o17).raw(), 0o777777_000400);
    assert_eq!(get(&cpu, 0o300), 0o555);
    assert!(cpu.pushdown_overflow());
    // A push that stays negative does not overflow.
    let mut cpu = machine(&[0o261740_000300, 0o254200_000000]);
    cpu.set_ac(0o17, Word::new(0o777770_000400));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert!(!cpu.pushdown_overflow());
}

#[test]
fn blt_moves_until_the_destination_reaches_e() {
    // BLT 1,502 with AC1 = 400,,500: three words; AC1 as it was.
    let mut cpu = machine(&[0o251040_000502, 0o254200_000000]);
    for k in 0..4 {
        put(&mut cpu, 0o400 + k, 0o11 * (k as u64 + 1));
    }
    cpu.set_ac(1, Word::new(0o000400_000500));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!(
        (
            get(&cpu, 0o500),
            get(&cpu, 0o501),
            get(&cpu, 0o502),
            get(&cpu, 0o503)
        ),
        (0o11, 0o22, 0o33, 0)
    );
    assert_eq!(cpu.ac(1).raw(), 0o000400_000500);
    // E below the destination: one word still moves.
    let mut cpu = machine(&[0o251040_000100, 0o254200_000000]);
    put(&mut cpu, 0o400, 0o7);
    cpu.set_ac(1, Word::new(0o000400_000500));
    assert_eq!(run(&mut cpu), Exit::Halt { pc: 0o101 });
    assert_eq!((get(&cpu, 0o500), get(&cpu, 0o501)), (0o7, 0));
}

#[test]
fn a_bare_machine_stops_on_a_trap_it_cannot_take() {
    let mut cpu = machine(&[HALT_200]);
    cpu.set_user_mode(true);
    assert!(cpu.run(&mut NoHandler, &mut NoTrace, 10).is_err());
}
