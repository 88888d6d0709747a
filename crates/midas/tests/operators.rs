//! Operators with no syllable before them and `_` after a number. Each
//! source was assembled by real MIDAS 433 on the ITS shim (`pdp10
//! midas-oracle`) and the expected words are what it made.

mod support;
use support::{fails, words};

const M: u64 = 0o777777_777777;

#[test]
fn an_operator_with_nothing_before_it_is_unary() {
    // The left operand is 0 (-1 for `#`), and a missing right operand 0.
    let src =
        " 1++\n 1+#\n 5-#\n 1-+\n 2*#\n 1+#+2\n 5-#,,3\n 1+*5\n 1+\\5\n *\n #\n -\n #,,#\n 3*+";
    assert_eq!(
        words(src),
        vec![1, 0, 6, 1, M - 1, M - 1, 0o6_000003, 1, 6, 0, M, 0, M, 0]
    );
}

#[test]
fn a_unary_operator_is_done_before_the_binary_ones_after_it() {
    // `#1&3` is (#1)&3, not #(1&3); `2*#+1` is 2*(#(+1)).
    let src = "B=3\n #1&3\n \\5&3\n 1+-#2\n #B_2\n #B&5\n 2*#+1";
    assert_eq!(words(src), vec![2, 1, 4, M - 0o17, 4, M - 3]);
}

#[test]
fn a_shift_after_a_number_is_part_of_its_syllable() {
    // `#3_2` is #<3_2>; the shift may be negative, a symbol or bracketed.
    let src = "B=3\n #3_2\n 3_-2\n 100_-3\n 3_B\n 3_<1+1>\n 3_2+1\n #3_2&5\n 3_\n 1_-\n 3_<-1>\n -3_1\n B_2_1";
    assert_eq!(
        words(src),
        vec![M - 0o14, 0, 0o10, 0o30, 0o14, 0o15, 1, 3, 1, 1, M - 5, 0o60]
    );
}

#[test]
fn a_second_shift_after_a_number_is_refused() {
    // Real MIDAS makes two words of `3_2_1` (14 and 1) and of `3__2`.
    assert!(fails(" 3_2_1").contains("second `_`"));
    assert!(fails(" 3__2").contains("not supported"));
}

#[test]
fn a_parenthesized_word_after_an_operator_and_a_blank_is_an_index() {
    // Node Syllables: `(word)` is swapped and acted on by the operator only
    // when the character before it is the operator; after a blank it is
    // added in at the end of the word (rg;c.562's
    // `ROT T1,1+IFGE .RPCNT-16.,[10] (S)`, the conditional failing).
    let src = "X: ROT 14,1+ (13)\n ROT 14,1 (13)\n MOVE 1,2+ 3\n MOVE 1,2- (3)\n \
               MOVE 1,2+ [5]\n ROT 14,1+IFGE -1,[10] (13)\n MOVE 1,2+IFN 0,[5](3)\nEND X\n";
    assert_eq!(
        words(src),
        vec![
            0o241613_000001,
            0o241613_000001,
            0o200040_000005,
            0o200043_000002,
            0o200040_000111,
            0o241613_000001,
            0o200040_000002,
            5,
        ]
    );
}
