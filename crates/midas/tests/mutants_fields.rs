//! Where a field argument ends, comments against bare line ends, and the
//! smaller pseudo-op details (`doc/info/midas`, nodes Bytes, Numbers,
//! Terminal and the list of pseudo-ops). Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::*;

#[test]
fn a_byte_function_argument_ends_at_a_close_or_question_mark() {
    assert_eq!(words("MOVE 1,[.LZ 1]"), vec![0o200040_000101, 35]);
    assert_eq!(words("1+<.LZ 1>"), vec![36]);
    assert_eq!(words(".LZ 1 ? 2"), vec![35, 2]);
    assert_eq!(words("<.TZ 10>+<.TZ 4>"), vec![5]);
}

#[test]
fn a_comment_ends_at_a_carriage_return_not_a_bare_line_feed() {
    // Host text: LF is ITS CR LF, a host CR a bare LF (which does not end
    // a comment), byte 356 a bare CR (which does).
    assert_eq!(words("1 ;c\r2\n3"), vec![1, 3]);
    assert_eq!(words("1 ;c\u{ee}2\n3"), vec![1, 2, 3]);
}

#[test]
fn a_decimal_number_may_be_scaled() {
    // `10.^2` is 10 times 10^2 (decimal), `10^2` 10 times 8^2.
    assert_eq!(words("10.^2"), vec![1000]);
    assert_eq!(words("10^2"), vec![0o1000]);
}

#[test]
fn tyo_types_seven_bits() {
    let a = assembled("IF1 [.TYO 301,.TYO 102]");
    assert_eq!(a.messages.concat(), "AB");
}

#[test]
fn text_must_be_terminated() {
    let e = fails("ASCII /AB");
    assert!(e.contains("unterminated string"), "{e}");
    assert_eq!(words("ASCII \t/A/"), vec![0o404000_000000]);
}

#[test]
fn many_conditionals_in_a_row_are_no_nesting() {
    let src = "REPEAT 100.,[IFE 0,[IFE 0,1]\n]";
    assert_eq!(words(src).len(), 100);
}
