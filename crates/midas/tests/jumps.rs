//! `.GO` and `.TAG` (manual node Jumping), and a field that goes on after
//! an `(index)`. Each source was assembled by real MIDAS 433 on the ITS
//! shim (`pdp10 midas-oracle`); the expected words are what it made.

mod support;
use support::{fails, words};

#[test]
fn go_jumps_back_to_a_tag_in_the_same_macro() {
    // The manual's example: BLETCH (here BAR itself) five times.
    let src = "DEFINE FOO\nBAR==5\n .TAG BARF\nBAR==BAR-1\nBAR\nIFN BAR,.GO BARF\nTERMIN\nFOO";
    assert_eq!(words(src), vec![4, 3, 2, 1, 0]);
}

#[test]
fn go_leaves_a_macro_without_the_tag_for_the_one_that_called_it() {
    // ksc;out's OUTCOD: a missing argument defaults to $$, whose .GO HO
    // skips the rest of the caller up to its .TAG HO (and the .ERR).
    let src =
        "DEFINE $$\n.GO HO\nTERMIN\nDEFINE M A=$$,B=$$\nA\nB\n.ERR never\n.TAG HO\n77\nTERMIN\nM 1";
    assert_eq!(words(src), vec![1, 0o77]);
}

#[test]
fn go_in_a_repeat_skips_the_rest_of_that_pass_only() {
    let src = "REPEAT 3,[ 10+.RPCNT\nIFE .RPCNT-1,.GO OUT\n 20\n.TAG OUT\n]";
    assert_eq!(words(src), vec![0o10, 0o20, 0o11, 0o12, 0o20]);
}

#[test]
fn go_with_no_tag_anywhere_is_an_error() {
    assert!(fails("DEFINE M\n.GO NOWHERE\nTERMIN\nM").contains(".GO NOWHERE"));
    assert!(fails(".GO NOWHERE").contains("no .TAG NOWHERE"));
}

#[test]
fn an_operator_after_an_index_goes_on_with_the_field_before_it() {
    // ksc;out: `SKIPA U1,-10.(U4)+["A ? "B ...]`.
    assert_eq!(words("SKIPA 1,-10.(4)+5"), vec![0o334044_777773]);
    assert_eq!(
        words("SKIPA 1,-10.(4)+[\"A ? \"B]"),
        vec![0o334044_000067, 0o101, 0o102]
    );
}
