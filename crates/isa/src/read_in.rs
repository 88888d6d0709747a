//! MIDAS's read-in mode output formats, chosen by the pseudo-ops `RIM10`
//! and `RIM` (manual node Outformats). Both end as an SBLK file written
//! by real MIDAS 433 does after its data: the start instruction, then,
//! unless the program said `NOSYMS`, the DDT symbol table block and the
//! start instruction again (no assembly-information block). Checked word
//! for word against MIDAS 433's output with `pdp10 midas-oracle`.

use crate::sblk::Block;
use crate::Word;

/// The SBLK loader in the PDP-10's hardware read-in format, which RIM10
/// files begin with: `IOWD 17,,1` and the fifteen words it loads into
/// locations 1-17, as real MIDAS 433 writes them.
#[rustfmt::skip]
pub const RIM10_SBLK_LOADER: [Word; 16] = [
    Word::new(0o777761_000000), Word::new(0o710600_000060),
    Word::new(0o541440_000004), Word::new(0o710740_000010),
    Word::new(0o254000_000003), Word::new(0o241011_777776),
    Word::new(0o710471_000010), Word::new(0o256011_000010),
    Word::new(0o256011_000013), Word::new(0o364440_000000),
    Word::new(0o312000_000017), Word::new(0o270017_000000),
    Word::new(0o331740_000000), Word::new(0o254200_000001),
    Word::new(0o253740_000003), Word::new(0o254000_000002),
];

/// `DATAI PTR,0`: in RIM format each word is preceded by this with the
/// word's address in its right half.
pub const DATAI_PTR: u64 = 0o710440_000000;

/// A RIM10 file: the loader, the SBLK data blocks (no `JRST 1` between),
/// then the ending (see the module).
pub fn rim10_words(blocks: &[Block], start: Word, symbols: Option<&Block>) -> Vec<Word> {
    let mut out = RIM10_SBLK_LOADER.to_vec();
    for b in blocks {
        b.push_to(&mut out);
    }
    push_ending(&mut out, start, symbols);
    out
}

/// A RIM (PDP-6 read-in mode) file: `DATAI PTR,address` and the word, for
/// every word in the order it was assembled, then the ending.
pub fn rim_words(words: &[(u32, Word)], start: Word, symbols: Option<&Block>) -> Vec<Word> {
    let mut out = Vec::with_capacity(2 * words.len() + 3);
    for &(address, word) in words {
        out.push(Word::new(DATAI_PTR | address as u64 & 0o777777));
        out.push(word);
    }
    push_ending(&mut out, start, symbols);
    out
}

fn push_ending(out: &mut Vec<Word>, start: Word, symbols: Option<&Block>) {
    out.push(start);
    if let Some(table) = symbols {
        table.push_to(out);
        out.push(start);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rim_pairs_each_word_with_its_address() {
        let w = rim_words(
            &[(0o1000, Word::new(5)), (0o500, Word::new(6))],
            Word::new(0o254000_001000),
            None,
        );
        let raw: Vec<u64> = w.iter().map(|w| w.raw()).collect();
        assert_eq!(
            raw,
            [0o710440_001000, 5, 0o710440_000500, 6, 0o254000_001000]
        );
    }
}
