//! The KA10 as DEC's System Reference Manual describes it, one small
//! program per behaviour: the PC word's flags (bits 0-12: AROV, CRY0,
//! CRY1, FOV, BIS, USER, USERIO, then FXU and DCK; bits 7-10 are no KA10
//! flag), and the instructions a systematic mutation sample of the whole
//! crate showed untested. Written for mutation testing (docs/mutants.md).

use ka10::flags::{AROV, BIS, CRY0, CRY1, DCK, FOV, FXU, USER, USERIO};
use ka10::{Cpu, Exit, NoHandler, NoTrace};
mod support;
use support::{get, put, small_machine as machine};

/// Runs to a HALT, which must come within 1000 instructions; its address.
fn halts(cpu: &mut Cpu) -> u32 {
    match cpu.run(&mut NoHandler, &mut NoTrace, 1000).unwrap() {
        Exit::Halt { pc } => pc,
        other => panic!("no halt: {other:?}"),
    }
}

const HALT: u64 = 0o254200_000000;

/// Every bit of the PC word's left half that is a KA10 flag.
const KA10_FLAGS: u32 = 0o774140;

#[test]
fn only_ka10_flags_are_kept() {
    let each = [AROV, CRY0, CRY1, FOV, BIS, USER, USERIO, FXU, DCK];
    assert_eq!(each.iter().fold(0, |a, f| a | f), KA10_FLAGS);
    let mut cpu = Cpu::new(0o1000);
    cpu.set_flags(0o777777);
    assert_eq!(cpu.flags(), KA10_FLAGS);
    for f in each {
        cpu.set_flags(f | 0o001637);
        assert_eq!(cpu.flags(), f, "{f:o}");
    }
}

#[test]
fn jsr_stores_every_flag_but_clears_bis() {
    // JSR 200 with all flags but USER (exec mode): the PC word at 200
    // holds them (bits 7-10 and 13-17 zero), then BIS is cleared.
    let mut cpu = machine(&[0o264000_000200]);
    put(&mut cpu, 0o201, HALT | 0o201);
    cpu.set_flags(KA10_FLAGS & !USER);
    assert_eq!(halts(&mut cpu), 0o201);
    assert_eq!(
        get(&cpu, 0o200),
        ((KA10_FLAGS & !USER) as u64) << 18 | 0o101
    );
    assert_eq!(cpu.flags(), KA10_FLAGS & !USER & !BIS);
}
