//! Fixed-point corners the random conformance vectors rarely reach.
//! Written for mutation testing (docs/mutants.md).
//!
//! IMUL (System Reference Manual 2.6): the product's low 35 bits with its
//! sign go to AC; overflow is set when the true product does not fit in
//! one signed word, -2^35 .. 2^35 - 1.

use ka10::{flags, NoHandler, NoTrace};
use pdp10_isa::Word;
mod support;
use support::{get, halt, ins, machine};

const IMUL: u64 = 0o220;

fn imul(a: u64, m: u64) -> (u64, u32) {
    let mut cpu = machine(&[ins(IMUL, 1, 0o2000), halt(0o1001)], &[(0o2000, m)]);
    cpu.set_ac(1, Word::new(a));
    assert!(cpu.run(&mut NoHandler, &mut NoTrace, 10).is_ok());
    (get(&cpu, 1), cpu.flags())
}

const TWO_17: u64 = 1 << 17;
const TWO_18: u64 = 1 << 18;
const MINUS_TWO_18: u64 = (1 << 36) - TWO_18;

#[test]
fn imul_reaching_minus_two_to_the_35_fits() {
    assert_eq!(imul(TWO_17, MINUS_TWO_18), (0o400000_000000, 0));
    assert_eq!(imul(MINUS_TWO_18, TWO_17), (0o400000_000000, 0));
}

#[test]
fn imul_one_past_either_end_overflows() {
    // 2^17 * 2^18 = 2^35: one more than the largest positive word.
    assert_eq!(imul(TWO_17, TWO_18).1, flags::AROV);
    // 2^17 * -(2^18 + 1) = -2^35 - 2^17: below the most negative word.
    assert_eq!(imul(TWO_17, MINUS_TWO_18 - 1).1, flags::AROV);
    // 2^17 * -(2^18 - 1) = -2^35 + 2^17: fits.
    assert_eq!(imul(TWO_17, MINUS_TWO_18 + 1), (0o400000_400000, 0));
    // A negative product that needs more than 35 bits with nothing in
    // its low 35: -2^36.
    assert_eq!(imul(TWO_18, (1 << 36) - TWO_18).1, flags::AROV);
}

const SETZ: u64 = 0o400;
const SETA: u64 = 0o424;
const SETCA: u64 = 0o450;
const SETO: u64 = 0o474;
const CONI: u64 = 5;
const APR: u64 = 0o000;

#[test]
fn setz_seta_setca_seto_reference_no_memory() {
    // SRM 2.5: these four take nothing from E, so an E beyond the 64K
    // memory is no nonexistent-memory reference (CONI APR 10000 clear).
    for (op, want) in [
        (SETZ, 0),
        (SETA, 0o123),
        (SETCA, 0o777777_777654),
        (SETO, 0o777777_777777),
    ] {
        let mut cpu = machine(
            &[
                ins(op, 1, 0o300000),
                support::io(APR, CONI, 2),
                halt(0o1002),
            ],
            &[],
        );
        cpu.set_ac(1, Word::new(0o123));
        assert!(cpu.run(&mut NoHandler, &mut NoTrace, 10).is_ok());
        assert_eq!(get(&cpu, 1), want, "{op:o}");
        assert_eq!(get(&cpu, 2) & 0o10000, 0, "{op:o}: no NXM");
    }
}

const ASHC: u64 = 0o244;
const LSHC: u64 = 0o246;

/// Runs `op 1,n` with AC 1, AC 2 = `high`, `low`; returns both and the
/// flags.
fn double_shift(op: u64, high: u64, low: u64, n: u64) -> (u64, u64, u32) {
    let mut cpu = machine(&[ins(op, 1, n), halt(0o1001)], &[]);
    cpu.set_ac(1, Word::new(high));
    cpu.set_ac(2, Word::new(low));
    assert!(cpu.run(&mut NoHandler, &mut NoTrace, 10).is_ok());
    (get(&cpu, 1), get(&cpu, 2), cpu.flags())
}

#[test]
fn ashc_of_minus_one_overflows_only_past_70_places() {
    // SRM 2.6: overflow when a bit shifted out of the 70-bit magnitude
    // differs from the sign. -1 shifted 70 places is -2^70, which the
    // double word holds (400000,,0 400000,,0); 71 places is too far.
    const ONES: u64 = 0o777777_777777;
    const SIGN: u64 = 0o400000_000000;
    assert_eq!(double_shift(ASHC, ONES, ONES, 70), (SIGN, SIGN, 0));
    assert_eq!(
        double_shift(ASHC, ONES, ONES, 71),
        (SIGN, SIGN, flags::AROV)
    );
}

#[test]
fn lshc_71_places_keeps_one_bit() {
    // The lowest bit of the 72 moves to the top; 72 places clear all.
    assert_eq!(double_shift(LSHC, 0, 1, 71), (0o400000_000000, 0, 0));
    assert_eq!(double_shift(LSHC, 0, 1, 72), (0, 0, 0));
}
