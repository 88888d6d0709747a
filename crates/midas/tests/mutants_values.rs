//! Values of expressions and words beyond `mutants_eval.rs`: multiplication
//! as IMUL, byte mode in literals, `@` and `(index)`, SQUOZE, assignments
//! inside literals and groups, and literals with forward references. Each
//! expected word checked against real MIDAS 433 (`pdp10 midas-oracle`).
//! Written for mutation testing (docs/mutants.md).

mod support;
use support::{fails, placed, words};

#[test]
fn multiplication_is_imul() {
    // The low 35 bits of the product, negated when it is negative; an AC
    // (right operand) of 400000,,0 counts as positive (the KA10's IMUL;
    // what real MIDAS 433 makes of these, run on this project's KA10).
    assert_eq!(words("-1*-1"), vec![1]);
    // The bit above the low 35 is lost (dump.442's <60>*010101010101).
    assert_eq!(words("60*010101010101"), vec![0o206060_606060]);
    assert_eq!(words("-3*<300000,,0>"), vec![0o700000_000000]);
    assert_eq!(words("<400000,,0>*<400000,,0>"), vec![0o400000_000000]);
    assert_eq!(words("<-123456>*654321"), vec![0o672035_331562]);
    assert_eq!(words("<400000,,0>*2"), vec![0o400000_000000]);
    assert_eq!(words("3*<-5>"), vec![0o777777_777761]);
    assert_eq!(words("<200000,,0>*4"), vec![0]);
    assert_eq!(words("<-1>*<400000,,0>"), vec![0o400000_000000]);
}

#[test]
fn byte_mode_in_literals() {
    // `[.BYTE 7]` with no bytes is one zero word; sizes are used in turn.
    assert_eq!(
        words("[.BYTE 7]\n[.BYTE 7,3 ? 1 ? 2 ? 3 ? 4]"),
        vec![0o102, 0o103, 0, 0o005007_000000]
    );
    // A 36-bit byte fills a word; the next starts another.
    assert_eq!(words("[.BYTE 44 ? -1 ? 5]"), vec![0o101, ONES, 5]);
    // Sizes go from 0 (a byte put nowhere, as real MIDAS 433) to 44.
    let e = fails(".BYTE 45");
    assert!(e.contains(".BYTE size"), "{e}");
}

const ONES: u64 = 0o777777_777777;

#[test]
fn indirect_and_index() {
    assert_eq!(words("MOVE 1,@2(3)"), vec![0o200063_000002]);
    // `(x)` adds x with its halves swapped.
    assert_eq!(words("MOVE 1,(1,,2)"), vec![0o200042_000001]);
    assert_eq!(words("MOVE 1,5(<1,,2>)"), vec![0o200042_000006]);
}

#[test]
fn squoze_puts_the_flags_above_the_name() {
    assert_eq!(words("SQUOZE 4,RUG"), vec![0o065754_305000]);
    // SQUOZE of a name: six characters, blanks (0) after it, in base 50.
    assert_eq!(words("SQUOZE 0,A"), vec![0o13 * 0o50u64.pow(5)]);
}

#[test]
fn assignments_inside_literals_and_groups() {
    // An assignment among a literal's words makes no word.
    assert_eq!(
        placed("[B=5 ? B]\n0"),
        vec![(0o100, 0o102), (0o101, 0), (0o102, 5)]
    );
    // In a group it is also the group's value.
    assert_eq!(words("<C=6>+1\nC"), vec![7, 6]);
}

#[test]
fn literals_with_forward_references() {
    // [A*2] is not shared on pass 1 (real MIDAS cannot note A*2 beside
    // a constant), [A+2] is; on pass 2 both pairs share their word and
    // the area keeps pass 1's size.
    assert_eq!(
        placed("MOVE 1,[A*2]\nMOVE 2,[A*2]\nMOVE 3,[A+2]\nMOVE 4,[A+2]\n0\nA=1"),
        vec![
            (0o100, 0o200040_000105),
            (0o101, 0o200100_000105),
            (0o102, 0o200140_000106),
            (0o103, 0o200200_000106),
            (0o104, 0),
            (0o105, 2),
            (0o106, 3),
        ]
    );
}

#[test]
fn literals_of_different_later_symbols_stay_apart() {
    // [A+2] and [B+2] with A and B defined later are two constants on
    // both passes.
    assert_eq!(
        placed("MOVE 1,[A+2]\nMOVE 2,[B+2]\nA=1\nB=2"),
        vec![
            (0o100, 0o200040_000102),
            (0o101, 0o200100_000103),
            (0o102, 3),
            (0o103, 4)
        ]
    );
}
