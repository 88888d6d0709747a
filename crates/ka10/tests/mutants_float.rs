//! Floating-point corners the random conformance vectors rarely reach.
//! Written for mutation testing (docs/mutants.md); results as the System
//! Reference Manual (1968, 2.7) states them: a result whose fraction is
//! zero is a zero word, and the exponent flags come only from an exponent
//! out of range.

use ka10::{NoHandler, NoTrace};
use pdp10_isa::Word;
mod support;
use support::{get, halt, ins, machine};

const UFA: u64 = 0o130;
const FAD: u64 = 0o140;
const FADL: u64 = 0o141;
const FADR: u64 = 0o144;
const FSB: u64 = 0o150;

/// Runs `op 1,2000` with AC 1 = `ac`, C(2000) = `operand`; returns AC 1,
/// AC 2 and the flags.
fn float_op(op: u64, ac: u64, operand: u64) -> (u64, u64, u32) {
    let mut cpu = machine(&[ins(op, 1, 0o2000), halt(0o1001)], &[(0o2000, operand)]);
    cpu.set_ac(1, Word::new(ac));
    cpu.set_ac(2, Word::new(0o123));
    let exit = cpu.run(&mut NoHandler, &mut NoTrace, 10);
    assert!(exit.is_ok(), "{exit:?}");
    (get(&cpu, 1), get(&cpu, 2), cpu.flags())
}

/// A zero fraction with exponent 67 (an unnormalized zero), and 1/2 with
/// exponent 0: aligned to the larger exponent, the half moves 55 places
/// right, below the one guard bit the KA10 keeps, and the sum's fraction
/// is zero.
const ZERO_EXP_67: u64 = 0o067_000000000;
const HALF_EXP_0: u64 = 0o000_400000000;

#[test]
fn a_sum_lost_below_the_guard_bit_is_a_plain_zero() {
    // Zero, and no flag: the exponent (67) never left its range, so no
    // normalizing shifts may push it below 0.
    for op in [FAD, FADR] {
        assert_eq!(
            float_op(op, ZERO_EXP_67, HALF_EXP_0),
            (0, 0o123, 0),
            "{op:o}"
        );
        assert_eq!(
            float_op(op, HALF_EXP_0, ZERO_EXP_67),
            (0, 0o123, 0),
            "{op:o} swapped"
        );
    }
    // FSB of the negated half: the same sum.
    assert_eq!(float_op(FSB, ZERO_EXP_67, 0o777_400000000), (0, 0o123, 0));
    // FADL: both words zero.
    assert_eq!(float_op(FADL, ZERO_EXP_67, HALF_EXP_0), (0, 0, 0));
    // UFA leaves AC alone and puts the zero in AC+1.
    assert_eq!(float_op(UFA, ZERO_EXP_67, HALF_EXP_0), (ZERO_EXP_67, 0, 0));
}

#[test]
fn a_sum_kept_by_the_guard_bits_is_normalized() {
    // The same zero with exponent 236 and 1/2 at exponent 200: 30 places
    // apart, the half survives the alignment and normalizes to itself.
    assert_eq!(
        float_op(FAD, 0o236_000000000, 0o200_400000000),
        (0o200_400000000, 0o123, 0)
    );
    // Exponent 36 and 1/2 at exponent 0: normalized back to exponent 0,
    // the bottom of the range, which is no underflow.
    assert_eq!(
        float_op(FAD, 0o036_000000000, HALF_EXP_0),
        (HALF_EXP_0, 0o123, 0)
    );
}

const FDVL: u64 = 0o171;

/// Two's complement of a word.
fn negate(w: u64) -> u64 {
    ((1 << 36) - w) & ((1 << 36) - 1)
}

#[test]
fn an_operand_aligned_65_or_more_places_away_is_nothing() {
    // 1.0 plus -1/2 with an exponent 65 lower: the KA10's alignment shift
    // gives up past 64 places, so FAD leaves 1.0 exactly. 64 places away
    // the negative operand still takes its sign's ones, one unit below the
    // guard bit, and FAD (truncating) lands just below 1.0.
    const ONE: u64 = 0o201_400000000;
    assert_eq!(float_op(FAD, ONE, negate(0o100_400000000)), (ONE, 0o123, 0));
    let (below, _, _) = float_op(FAD, ONE, negate(0o101_400000000));
    assert_eq!(below, 0o200_777777777);
}

#[test]
fn fdvl_of_a_number_by_itself_is_one_with_no_remainder() {
    // AC,AC+1 = 3/4 (low word 0) divided by 3/4.
    let mut cpu = machine(
        &[ins(FDVL, 1, 0o2000), halt(0o1001)],
        &[(0o2000, 0o200_600000000)],
    );
    cpu.set_ac(1, Word::new(0o200_600000000));
    cpu.set_ac(2, Word::new(0));
    assert!(cpu.run(&mut NoHandler, &mut NoTrace, 10).is_ok());
    assert_eq!((get(&cpu, 1), get(&cpu, 2)), (0o201_400000000, 0));
    assert_eq!(cpu.flags(), 0);
}
