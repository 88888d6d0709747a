//! Statement syntax (`doc/info/midas`, nodes Words, Fields, Syllables,
//! Literals and the list of pseudo-ops): XWD, SQUOZE, groups of words,
//! signs, literals over lines, variables, and the errors for input that is
//! no statement. Written for mutation testing (docs/mutants.md).

mod support;
use support::{fails, placed, words};

const ONES: u64 = 0o777777_777777;

#[test]
fn xwd_puts_two_halves_together() {
    assert_eq!(words("XWD 1,2"), vec![0o000001_000002]);
    assert_eq!(words("XWD -1,<3,,4>"), vec![0o777777_000004]);
    assert_eq!(words("XWD <1,,2>,5"), vec![0o000002_000005]);
    let e = fails("XWD 1");
    assert!(e.contains("XWD needs two arguments"), "{e}");
    let e = fails("SQUOZE 0,");
    assert!(e.contains("SQUOZE needs a symbol"), "{e}");
}

#[test]
fn signs_in_a_row() {
    assert_eq!(words("--5"), vec![5]);
    assert_eq!(words("+5"), vec![5]);
    assert_eq!(words("#5"), vec![ONES - 5]);
    assert_eq!(words("-#0"), vec![1]);
    assert_eq!(words("#-1"), vec![0]);
    let many = "-".repeat(200) + "1";
    let e = fails(&many);
    assert!(e.contains("too many signs"), "{e}");
}

#[test]
fn groups_of_words_take_the_last_value() {
    // `<a ? b>`: several words, the group's value is the last.
    assert_eq!(words("<1 ? 2>"), vec![2]);
    assert_eq!(words("1+<5 ? 6 ? 7>"), vec![0o10]);
}

#[test]
fn literals_over_several_lines() {
    // Node Literals: a literal's words are separated by `?` or line ends.
    assert_eq!(
        placed("MOVE 1,[1\n2 ? 3\n]"),
        vec![(0o100, 0o200040_000101), (0o101, 1), (0o102, 2), (0o103, 3)]
    );
    // An empty literal is one zero word.
    assert_eq!(
        placed("MOVE 1,[]"),
        vec![(0o100, 0o200040_000101), (0o101, 0)]
    );
    let e = fails("MOVE 1,[FOO: 1]");
    assert!(e.contains("labels are not allowed inside a literal"), "{e}");
    let e = fails("MOVE 1,[1");
    assert!(e.contains("unterminated"), "{e}");
}

#[test]
fn a_variable_is_a_symbol_with_a_quote() {
    // `X'` makes X a variable of the current block, placed by VARIAB.
    assert_eq!(
        placed("MOVEI 1,X'\nMOVEI 2,X\nVARIAB"),
        vec![(0o100, 0o201040_000102), (0o101, 0o201100_000102)]
    );
}

#[test]
fn control_characters_fold_lower_case() {
    assert_eq!(words("^q"), vec![0o21]);
    assert_eq!(words("^["), vec![0o33]);
    assert_eq!(words("'a1"), vec![0o4121]);
}

#[test]
fn nesting_and_operators_are_bounded() {
    let deep = "<".repeat(50) + "1" + &">".repeat(50);
    assert_eq!(words(&deep), vec![1]);
    let deeper = "<".repeat(150) + "1" + &">".repeat(150);
    let e = fails(&deeper);
    assert!(e.contains("nested too deeply"), "{e}");
    let ops = "1".to_string() + &"+1".repeat(1500);
    assert_eq!(words(&ops), vec![1501]);
    let ops = "1".to_string() + &"+1".repeat(2500);
    let e = fails(&ops);
    assert!(e.contains("too many operators"), "{e}");
}

#[test]
fn brackets_must_match() {
    for (src, what) in [
        ("MOVE 1,(2", "unterminated ("),
        ("1+<2", "unterminated <"),
        ("1)", "unmatched )"),
        ("1>", "unmatched >"),
        (".VECTOR V(3", "unterminated ( in .VECTOR"),
        (".SCALAR 1", "expected a variable name"),
        ("FOO\"1", "a block name must be followed by a symbol"),
    ] {
        let e = fails(src);
        assert!(e.contains(what), "{src}: {e}");
    }
}

#[test]
fn a_statement_may_not_go_on_after_its_word() {
    let e = fails("A=1 B=2");
    assert!(e.contains("t.mid:1:6: error: unexpected"), "{e}");
}

#[test]
fn odd_characters_are_named() {
    let e = fails("1&=2");
    assert!(e.contains("unexpected '='"), "{e}");
}
