//! Constructs found in real MIDAS sources outside the breadth list, each
//! snippet's expected words taken from real MIDAS 433 (run on the ITS shim
//! with `pdp10 midas-oracle`). Where the exact behaviour is not done, the
//! construct must be an error, never a different binary.

mod support;
use support::whole_words as words;

fn error_of(src: &str) -> String {
    match midas::assemble_str("t.mid", src) {
        Ok(a) => panic!("assembled: {:?}", a.words),
        Err(e) => e.to_string(),
    }
}

#[test]
fn new_byte_sizes_go_on_filling_the_word_begun() {
    // maint;tst342 switches from .BYTE 18. to .BYTE 6 in mid-word.
    let src = ".BYTE 18.\n1\n.BYTE 6\n2\n3\n4\n5\n.BYTE 12.\n6\n7\n.BYTE\n10\nEND\n";
    assert_eq!(
        words(src),
        vec![0o000001_020304, 0o050006_000700, 0o000000_000010]
    );
}

#[test]
fn a_byte_of_the_new_size_starts_a_new_word_when_one_of_the_old_did_not_fit() {
    let src = ".BYTE 18.\n1\n2\n.BYTE 6\n2\n.BYTE 9.\n5\n6\n7\n.BYTE 7\n11\n12\n.BYTE\nEND\n";
    assert_eq!(
        words(src),
        vec![0o000001_000002, 0o020050_060070, 0o044240_000000]
    );
}

#[test]
fn sizes_of_one_byte_statement_start_a_new_word_as_before() {
    assert_eq!(
        words(".BYTE 10.,33.\n1\n7\n.BYTE\nEND\n"),
        vec![0o000400_000000, 0o000000_000070]
    );
}

#[test]
fn a_bigger_new_size_that_does_not_fit_where_the_old_did_is_an_error() {
    // Real MIDAS makes 000400,,000070 here (the 33-bit byte ORed into the
    // same word); that is not done, so it must not assemble.
    let e = error_of(".BYTE 10.\n1\n.BYTE 33.\n7\n.BYTE\nEND\n");
    assert!(
        e.contains("t.mid:4:1") && e.contains(".BYTE 33. after 10.-bit bytes"),
        "{e}"
    );
}

#[test]
fn a_bracket_after_a_blank_is_a_literal_not_a_bracketed_argument() {
    // inquir;inqupd's `SYSCAL RENAME, [0(A) ? ...]`: only a `[` right after
    // the comma (or the one blank after the macro's name) is stripped.
    let src = "DEFINE FOO A,B\n A ? B\nTERMIN\nFOO 1, [2 ? 3]\nFOO 1,[4 ? 5]\n\
               FOO 1,\t[6 ? 7]\nFOO [10 ? 11]\nFOO  [12 ? 13]\nEND\n";
    assert_eq!(
        words(src),
        vec![1, 0o112, 1, 4, 5, 1, 0o114, 0o10, 0o11, 0o116, 2, 3, 6, 7, 0o12, 0o13]
    );
}

#[test]
fn blanks_an_argument_begins_with_are_part_of_it() {
    // tj6;otj6's `PRINT  INPUT` (node Calls-2e: "including the first
    // character"); the one blank after the name only ends the name. Words
    // from real MIDAS 433 via midas-oracle.
    let src = "DEFINE P A\n ASCII /!A!/\nTERMIN\nP  X\nP\tY\nP Z\nP   W ;c\nEND\n";
    assert_eq!(
        words(src),
        vec![
            0o202600_000000,
            0o544000_000000,
            0o550000_000000,
            0o201012_700000
        ]
    );
}

#[test]
fn a_backslash_after_a_blank_is_plain_text() {
    // Node Calls-2b: only a `\` that is the first character is evaluated.
    // Words from real MIDAS 433 via midas-oracle.
    let src = "X==5\nDEFINE P A,B\n ASCII /!A!B!/\nTERMIN\nP 1,\\X\nP 1, \\X\nP  \\X\nP \\X\nEND\n";
    assert_eq!(
        words(src),
        vec![
            0o305520_000000,
            0o305013_454000,
            0o202713_000000,
            0o324000_000000
        ]
    );
}
