//! A `]` that closes nothing, checked against real MIDAS 433 (run on the
//! ITS shim with `pdp10 midas-oracle`): it says "Stray ]", skips the
//! bracket and still writes the binary.

mod support;
use support::{assembled, fails};

#[test]
fn a_stray_close_bracket_is_skipped_with_a_warning() {
    let a = assembled("\tMOVE 1,2]3\n\tMOVE 2,[4]]\n]\n\t5]+6");
    let words: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(words, vec![0o200040_000023, 0o200100_000103, 0o000013, 4]);
    assert_eq!(a.warnings.len(), 4, "{:?}", a.warnings);
    assert!(
        a.warnings.iter().all(|w| w.to_string().contains("Stray ]")),
        "{:?}",
        a.warnings
    );
}

#[test]
fn a_close_bracket_inside_brackets_still_closes_them() {
    // Only a bracket outside all literals is stray: `[1]]` is one literal.
    let a = assembled("\tMOVE 1,[[1]]");
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
    // An unclosed literal remains an error.
    assert!(fails("\tMOVE 1,[2").contains('['));
}
