//! The 36-bit word as DEC numbers it: bit 0 the sign, the left half bits
//! 0-17, the right half bits 18-35, negative numbers in two's complement.
//! Written for mutation testing (docs/mutants.md).

use pdp10_isa::word::SIGN_BIT;
use pdp10_isa::{Word, HALF_MASK, WORD_MASK};

#[test]
fn signed_values_are_twos_complement_in_36_bits() {
    assert_eq!(Word::new(0).signed(), 0);
    assert_eq!(Word::new(5).signed(), 5);
    assert_eq!(Word::new(0o377777_777777).signed(), (1 << 35) - 1);
    assert_eq!(Word::new(0o400000_000000).signed(), -(1 << 35));
    assert_eq!(Word::new(0o777777_777776).signed(), -2);
    assert_eq!(Word::ONES.signed(), -1);
    assert_eq!(Word::from_i64(-(1 << 35)).raw(), 0o400000_000000);
    assert_eq!(Word::from_i64(1 << 36).raw(), 0, "truncated to 36 bits");
    assert_eq!(Word::from_i64(7).raw(), 7);
}

#[test]
fn the_sign_is_bit_0() {
    assert_eq!(SIGN_BIT, 0o400000_000000);
    assert!(Word::new(0o400000_000000).is_negative());
    assert!(!Word::new(0o377777_777777).is_negative());
    assert!(!Word::ZERO.is_negative());
}

#[test]
fn halves() {
    assert_eq!(WORD_MASK, 0o777777_777777);
    assert_eq!(HALF_MASK, 0o777777);
    let w = Word::new(0o123456_654321);
    assert_eq!(w.left(), 0o123456);
    assert_eq!(w.right(), 0o654321);
    assert_eq!(w.swapped(), Word::new(0o654321_123456));
    assert_eq!(w.swapped().swapped(), w);
    // Each half is cut to 18 bits.
    assert_eq!(
        Word::from_halves(0o1_123456, 0o7_654321),
        Word::new(0o123456_654321)
    );
    assert_eq!(Word::new(1 << 36 | 0o17).raw(), 0o17);
    assert_eq!(u64::from(w), 0o123456_654321);
}

#[test]
fn words_print_as_halves_or_twelve_digits() {
    assert_eq!(format!("{:?}", Word::new(0o1_000002)), "000001,,000002");
    assert_eq!(format!("{}", Word::new(0o1_000002)), "000001000002");
    assert_eq!(format!("{}", Word::ONES), "777777777777");
    assert_eq!(format!("{:?}", Word::ZERO), "000000,,000000");
}
