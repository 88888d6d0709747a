//! Parenthesized groups of several words (`(a ? b)`), as `<a ? b>`: the
//! last word is the value, and `.BYTE` packs them. The expected words are
//! what real MIDAS 433 made of each source on the ITS shim
//! (`pdp10 midas-oracle`).

mod support;
use support::words;

#[test]
fn a_parenthesized_byte_group_packs_its_bytes_then_swaps() {
    // sysen1;sender's `movsi t,(.byte 7 ? ^M ? ^M)`.
    assert_eq!(words("MOVSI 1,(.BYTE 7 ? ^M ? ^M)"), vec![0o205040_064320]);
    assert_eq!(words("MOVSI 4,(.BYTE 8 ? 3 ? 0)"), vec![0o205200_006000]);
}

#[test]
fn a_parenthesized_group_of_words_is_its_last_word() {
    assert_eq!(words("MOVE 2,(1 ? 2)"), vec![0o200102_000000]);
}

#[test]
fn each_word_of_a_group_may_be_an_assignment() {
    // sysen1;sysmsg's pass-2 macro `(MOD)<ZZZ==A ? A==[.,,ZZZ] ? ZZZ>`:
    // real MIDAS 433 chains each use to the one before through a literal.
    let src = "A==0\nMOVE 1,<ZZZ==A ? A==[.,,ZZZ] ? ZZZ>\nMOVE 2,<ZZZ==A ? A==[.,,ZZZ] ? ZZZ>\n\
               MOVE 3,(1 ? B=5 ? B)";
    assert_eq!(
        words(src),
        vec![
            0o200040_000000,
            0o200100_000103,
            0o200145_000000,
            0o000100_000000,
            0o000101_000103
        ]
    );
}
