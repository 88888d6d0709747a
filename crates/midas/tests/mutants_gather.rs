//! How a statement's characters are gathered, as the MIDAS manual
//! describes it (`doc/info/midas`, node Syllables: `^c` is the ASCII code
//! of c AND 77; node Lexical: `;` comments to the end of the line): what
//! is special in code is plain text in a comment or after `^`. Written for
//! mutation testing (docs/mutants.md).

mod support;
use support::*;

#[test]
fn brackets_and_quotes_in_a_comment_are_comment() {
    assert_eq!(words("1 ; a [ opens nothing here\n2"), vec![1, 2]);
    assert_eq!(words("3 ; don't \"quote\n4"), vec![3, 4]);
}

#[test]
fn the_character_after_a_caret_is_taken_as_it_is() {
    // `;` is 073 and `[` 133 in ASCII: ^; is 73 and ^[ is 33, not a
    // comment or a literal.
    assert_eq!(words("^;"), vec![0o73]);
    assert_eq!(words("^["), vec![0o33]);
    assert_eq!(words("^M"), vec![0o15]);
    // After a number `^` is its exponent: 2 * 8^3.
    assert_eq!(words("2^3"), vec![0o2000]);
}

#[test]
fn subttl_ignores_its_line() {
    // Node Pseudos: "SUBTTL <line> ignores the line."
    assert_eq!(words("SUBTTL Part 2: the [ tables, 'quoted'\n5"), vec![5]);
}
