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
