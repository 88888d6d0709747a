//! Values of expressions and words, checked against the MIDAS manual
//! (`doc/info/midas`, nodes Words, Fields and Syllables): the operators and
//! their binding, the word formats, `@`, `(index)`, I/O device fields,
//! numbers, characters and text pseudo-ops. Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::*;

/// The one word `expr` assembles to.
fn value(expr: &str) -> u64 {
    let w = words(expr);
    assert_eq!(w.len(), 1, "{expr}: {w:?}");
    w[0]
}

const ONES: u64 = 0o777777_777777;

#[test]
fn arithmetic_is_36_bit_twos_complement() {
    assert_eq!(value("1+2"), 3);
    assert_eq!(value("5-7"), ONES - 1);
    assert_eq!(value("-3"), ONES - 2);
    assert_eq!(value("3*4"), 0o14);
    assert_eq!(value("-3*4"), ONES - 0o13);
    assert_eq!(value("400000*2"), 0o1000000);
    assert_eq!(value("17/4"), 3);
    // Division truncates toward zero (IDIV).
    assert_eq!(value("-17/4"), ONES - 2);
    assert_eq!(value("17/-4"), ONES - 2);
    assert_eq!(value("377777777777+1"), 0o400000_000000);
    assert_eq!(value("777777777777+1"), 0);
}

#[test]
fn division_by_zero_leaves_the_dividend() {
    // Real MIDAS 433 divides with IDIV, which leaves its AC alone when
    // the divisor is 0 (checked with midas-oracle: 5/0 is 5, <-5>/0 is
    // -5, 10/ is 10; syseng;carpet's [.FNAM1/], sysen2;record's 'TTY/).
    assert_eq!(value("5/0"), 5);
    assert_eq!(value("<-5>/0"), ONES - 4);
    assert_eq!(value("7/<3-3>"), 7);
    assert_eq!(value("10/"), 0o10);
}

#[test]
fn logical_operators() {
    assert_eq!(value("12&7"), 2);
    assert_eq!(value("12#7"), 0o15);
    assert_eq!(value("12\\7"), 0o17);
    // `_` shifts left, or right for a negative count; 36 or more gives 0.
    assert_eq!(value("1_3"), 0o10);
    assert_eq!(value("10_-3"), 1);
    assert_eq!(value("1_43"), 0o400000_000000);
    assert_eq!(value("1_44"), 0);
    assert_eq!(value("777777777777_-1"), 0o377777_777777);
    assert_eq!(value("777777777777_-43"), 1);
    assert_eq!(value("777777777777_-44"), 0);
}

#[test]
fn operators_bind_as_the_manual_says() {
    // Tightest first: _ & # \ then * / then + -.
    assert_eq!(value("1+2*3"), 7);
    assert_eq!(value("1_2*3"), 0o14);
    assert_eq!(value("1+1_2"), 5);
    assert_eq!(value("4\\2&1"), 4);
    assert_eq!(value("1#3&2"), 3);
    assert_eq!(value("1\\3#1"), 3);
    assert_eq!(value("2*1\\2"), 6);
    assert_eq!(value("10-2-1"), 5);
    assert_eq!(value("20/2/2"), 4);
    assert_eq!(value("<1+2>*3"), 0o11);
}

#[test]
fn numbers_and_characters() {
    assert_eq!(value("23."), 0o27);
    assert_eq!(value("-1."), ONES);
    assert_eq!(value("1^3"), 0o1000);
    assert_eq!(value("\"A"), 0o101);
    assert_eq!(value("^M"), 0o15);
    assert_eq!(value("'TTY"), 0o646471);
}

#[test]
fn floating_point_numbers() {
    // Exponent excess 200 in bits 1-8, a normalised 27-bit fraction; a
    // negative number is the two's complement of the whole word.
    assert_eq!(value("1.0"), 0o201400_000000);
    assert_eq!(value("0.5"), 0o200400_000000);
    assert_eq!(value("2.0"), 0o202400_000000);
    assert_eq!(value("3.0"), 0o202600_000000);
    assert_eq!(value("0.1"), 0o175631_463146);
    assert_eq!(value("-1.0"), 0o576400_000000);
    assert_eq!(value("0.0"), 0);
    assert_eq!(value("1.5"), 0o201600_000000);
    assert_eq!(value("-0.5"), 0o577400_000000);
    // A fraction that rounds up to 1 becomes the next power of two.
    assert_eq!(value("1.9999999999"), 0o202400_000000);
}

#[test]
fn word_formats() {
    // A B, = A + (B&17)_23.
    assert_eq!(value("MOVE 1,"), 0o200040_000000);
    assert_eq!(value("MOVE 21,"), 0o200040_000000);
    // A B,C = A + (B&17)_23. ++ TR(C)
    assert_eq!(value("MOVE 17,-1"), 0o200740_777777);
    // A,,C and ,,C
    assert_eq!(value("1,,2"), 0o000001_000002);
    assert_eq!(value("-1,,-1"), ONES);
    assert_eq!(value("1000001,,2"), 0o000001_000002);
    assert_eq!(value(",,5"), 5);
    assert_eq!(value(",,-1"), 0o777777);
    assert_eq!(value("3,,"), 0o000003_000000);
    // A B = A ++ TR(B): no carry from the right half into the left.
    assert_eq!(value("1,,0 -1"), 0o000001_777777);
    assert_eq!(value("1,,1 777777"), 0o000001_000000);
    // A B C = A ++ TR(B) ++ TR(C)
    assert_eq!(value("1 2 3"), 6);
    assert_eq!(value("0 777777 1"), 0);
    // Spaces next to commas do not count.
    assert_eq!(value("MOVE 1 , 2"), 0o200040_000002);
}

#[test]
fn indirect_index_and_swapped_groups() {
    assert_eq!(value("MOVE @5"), 0o200020_000005);
    assert_eq!(value("MOVE 1,@5(2)"), 0o200062_000005);
    assert_eq!(value("@MOVE 1,5"), 0o200060_000005);
    // -1(P): P,,777777 added in.
    assert_eq!(value("MOVE 2,-1(17)"), 0o200117_777777);
    assert_eq!(value("((SETZ))"), 0o400000_000000);
    // After an operator, (x) is x with its halves swapped.
    assert_eq!(value("1+(2)"), 0o000002_000001);
    // Each index is added in: 17,,0 + 1,,0 is 20,,0, the indirect bit.
    assert_eq!(value("MOVE (17)(1)"), 0o200020_000000);
}

#[test]
fn io_instructions_take_a_device() {
    // The device goes in bits 3-9 (as written, with two zero bits below).
    assert_eq!(value("CONO 4,100"), 0o700600_000100);
    assert_eq!(value("DATAI 120,5"), 0o712040_000005);
    // Real MIDAS predefines no device names: a program defines its own.
    assert_eq!(value("PI=4\nCONO PI,1"), 0o700600_000001);
    assert_eq!(value("TTY=120\nDATAO TTY,@5(1)"), 0o712161_000005);
    // An ordinary instruction keeps only four bits of its AC.
    assert_eq!(value("MOVE 124,"), 0o200200_000000);
}

#[test]
fn xwd_and_squoze() {
    assert_eq!(value("XWD 1,2"), 0o000001_000002);
    assert_eq!(value("XWD -1,1000002"), 0o777777_000002);
    assert_eq!(value("SQUOZE 0,GLOBAL"), 0o015315_513316);
    // The flags are added shifted left 30 places, as real MIDAS 433
    // assembles them (run on the emulator: SQUOZE 4,RUG is 065754,,305000).
    assert_eq!(value("SQUOZE 4,GLOBAL"), 0o055315_513316);
    assert_eq!(value("SQUOZE 10,GLOBAL"), 0o115315_513316);
    assert_eq!(value("SQUOZE 30,GLOBAL"), 0o315315_513316);
}

#[test]
fn text_pseudo_ops() {
    // Five 7-bit characters a word, left-justified, bit 35 zero.
    assert_eq!(words("ASCII /ABCDE/"), vec![0o406050_342212]);
    assert_eq!(
        words("ASCII /ABCDEF/"),
        vec![0o406050_342212, 0o430000_000000]
    );
    // ASCIZ: at least one NUL, an extra word when the text fills the last.
    assert_eq!(words("ASCIZ /ABCDE/"), vec![0o406050_342212, 0]);
    assert_eq!(words("ASCIZ /AB/"), vec![0o406040_000000]);
    // ASCIC pads with ^C.
    assert_eq!(words("ASCIC /A/"), vec![0o404060_301406]);
    assert_eq!(
        words("ASCIC /ABCDE/"),
        vec![0o406050_342212, 0o014060_301406]
    );
    // A line end inside the text is CR LF.
    assert_eq!(words("ASCII /A\nB/"), vec![0o404321_241000]);
    // SIXBIT: six 6-bit characters, char - 40, lower case folded.
    assert_eq!(words("SIXBIT /DSK/"), vec![0o446353_000000]);
    assert_eq!(words("SIXBIT /tty/"), vec![0o646471_000000]);
    assert_eq!(
        words("SIXBIT /ABCDEFG/"),
        vec![0o414243_444546, 0o470000_000000]
    );
    // The delimiter is the first non-blank character.
    assert_eq!(words("ASCII  \"A\""), vec![0o404000_000000]);
    // .LENGTH counts characters.
    assert_eq!(value(".LENGTH /HELLO/"), 5);
}
