//! Loading programs: PDUMP files as `doc/sysdoc/_calls.127` (PDUMP)
//! describes them (a zero word, the page map in words 1-400, the ACs in
//! 1000-1017, then the pages that have data, in order), SBLK files' reach,
//! and the symbols DDT names addresses with. Written for mutation testing
//! (docs/mutants.md).

mod mutants_support;
use its::loader::{load_words, load_words_warning, PAGE};
use pdp10_isa::Word;

fn w(v: u64) -> Word {
    Word::new(v)
}

/// A PDUMP file: `map` entries (page, word), `pages` data pages in order
/// (each filled with its number plus the word's index), then `tail`.
fn pdump(map: &[(usize, u64)], pages: &[u64], tail: &[u64]) -> Vec<Word> {
    let mut file = vec![Word::ZERO; PAGE];
    for &(page, entry) in map {
        file[1 + page] = w(entry);
    }
    for &p in pages {
        file.extend((0..PAGE as u64).map(|k| w(p << 18 | k)));
    }
    file.extend(tail.iter().map(|&t| w(t)));
    file
}

/// The word at `a` as the image would put it in core.
fn word_at(image: &its::Image, a: u32) -> u64 {
    image
        .blocks
        .iter()
        .rev()
        .find_map(|(base, d)| {
            (a >= *base && ((a - base) as usize) < d.len()).then(|| d[(a - base) as usize].raw())
        })
        .unwrap_or(0)
}

#[test]
fn pdump_pages_take_the_file_pages_in_order_skipping_nonexistent_ones() {
    // 2.9-2.8: 00 non-existent (no data in the file, even with other bits
    // set), 01 read-only, 10 and 11 read/write. Pages 0 (rw), 1
    // (non-existent), 2 (ro), 5 (rw): three data pages.
    let file = pdump(
        &[(0, 0o400000), (1, 0o000017), (2, 0o200000), (5, 0o600000)],
        &[0o10, 0o12, 0o15],
        &[0o254000_000100, 0o254000_000100],
    );
    let image = load_words(&file).unwrap();
    assert_eq!(image.core, 6 * PAGE, "up to page 5");
    assert_eq!(word_at(&image, 0o20), 0o10 << 18 | 0o20);
    assert_eq!(word_at(&image, 2 * 1024 + 3), 0o12 << 18 | 3);
    assert_eq!(word_at(&image, 5 * 1024 + 4), 0o15 << 18 | 4);
    assert_eq!(word_at(&image, 1024 + 4), 0, "page 1 has no data");
    assert_eq!(image.start_address(), 0o100);
}

#[test]
fn pdump_acs_come_from_words_1000_to_1017() {
    let mut file = pdump(&[(0, 0o600000)], &[1], &[0o254000_000100]);
    for k in 0..16 {
        file[0o1000 + k] = w(0o700 + k as u64);
    }
    file[0o1020] = w(0o777);
    let image = load_words(&file).unwrap();
    for k in 0..16 {
        assert_eq!(word_at(&image, k), 0o700 + k as u64);
    }
    assert_eq!(word_at(&image, 0o20), 1 << 18 | 0o20, "page 0's own word");
}

#[test]
fn pdump_without_a_start_instruction_starts_nowhere() {
    // The file may end with the last data page: no start address.
    let image = load_words(&pdump(&[(0, 0o600000)], &[1], &[])).unwrap();
    assert_eq!(image.start.raw(), 0);
    assert!(image.symbols.is_empty());
}

#[test]
fn pdump_refusals_name_the_page() {
    // Shorter than its map; data missing for a page; a shared page whose
    // page has no data; something after the data that is no start
    // instruction.
    let e = load_words(&[Word::ZERO; 10]).unwrap_err().to_string();
    assert!(e.contains("shorter than its page map"), "{e}");
    let e = load_words(&pdump(&[(0, 0o600000), (3, 0o600000)], &[1], &[]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("inside the data of page 3"), "{e}");
    let e = load_words(&pdump(&[(0, 0o600000), (4, 0o100000_200002)], &[1], &[]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("page 4 shares page 2"), "{e}");
    let e = load_words(&pdump(&[(0, 0o600000)], &[1], &[0o777770_000100, 1]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("after the PDUMP data pages"), "{e}");
}

#[test]
fn pdump_absolute_pages_below_the_top_read_as_zeros() {
    // 4.9: an absolute page, not in the file; below the job's top page it
    // is part of the job's core (zeros here), above it beyond core.
    let file = pdump(
        &[(0, 0o600000), (1, 0o400000_200001), (3, 0o600000)],
        &[1, 3],
        &[0o254000_000100],
    );
    let (image, warning) = load_words_warning(&file).unwrap();
    let warning = warning.unwrap();
    assert!(warning.contains("pages 1 "), "{warning}");
    assert!(warning.contains("read as zeros"), "{warning}");
    assert_eq!(image.core, 4 * PAGE);
    assert_eq!(
        word_at(&image, 3 * 1024),
        3 << 18,
        "page 3 took the second data page"
    );
    let file = pdump(
        &[(0, 0o600000), (7, 0o400000_200007)],
        &[1],
        &[0o254000_000100],
    );
    let (image, warning) = load_words_warning(&file).unwrap();
    assert!(warning.unwrap().contains("is an MPV"));
    assert_eq!(image.core, PAGE);
}

#[test]
fn an_empty_file_and_an_sblk_block_past_the_address_space_are_refused() {
    let e = load_words(&[]).unwrap_err().to_string();
    assert!(e.contains("empty"), "{e}");
    // JRST 1, then a block of 2 words at 777777.
    let header = w(0o777776_777777);
    let data = [w(1), w(2)];
    let mut file = vec![pdp10_isa::sblk::JRST_1, header];
    file.extend_from_slice(&data);
    file.push(pdp10_isa::sblk::checksum(header, &data));
    file.push(w(0o254000_000100));
    let e = load_words(&file).unwrap_err().to_string();
    assert!(e.contains("runs past the end of the address space"), "{e}");
}

#[test]
fn sblk_core_is_whole_pages_up_to_the_highest_word() {
    let header = w(0o777776_003776); // two words at 3776, 3777
    let data = [w(1), w(2)];
    let mut file = vec![pdp10_isa::sblk::JRST_1, header];
    file.extend_from_slice(&data);
    file.push(pdp10_isa::sblk::checksum(header, &data));
    file.push(w(0o254000_003776));
    let image = load_words(&file).unwrap();
    assert_eq!(image.core, 2 * PAGE);
    let header = w(0o777777_004000); // one word at 4000
    let mut file = vec![pdp10_isa::sblk::JRST_1, header, w(3)];
    file.push(pdp10_isa::sblk::checksum(header, &[w(3)]));
    file.push(w(0o254000_004000));
    assert_eq!(load_words(&file).unwrap().core, 3 * PAGE);
}

#[test]
fn ddt_names_addresses_by_the_nearest_program_symbol() {
    // Labels name addresses; symbols below 20 (ACs), with a left half, or
    // half-killed (==) do not. An offset up to 777 is typed SYM+off.
    let src = "TITLE T\nA=1\nWIDE=1,,200\nHIDDEN==101\nLOC 100\nGO:\tJFCL\n\tJFCL\n\tJFCL\n\
               LOC 1100\nLAST:\t0\nEND GO\n";
    let (image, symbols) = mutants_support::image(src);
    assert_eq!(symbols["GO"], 0o100);
    assert_eq!(image.symbolic(0o100), "GO");
    assert_eq!(image.symbolic(0o101), "GO+1", "HIDDEN is half-killed");
    assert_eq!(image.symbolic(0o200), "GO+100", "WIDE has a left half");
    assert_eq!(image.symbolic(0o1077), "GO+777");
    assert_eq!(image.symbolic(0o1100), "LAST");
    assert_eq!(image.symbolic(1), "1", "A is an AC");
    assert_eq!(image.symbolic(0o77), "77");
    let (image, _) = mutants_support::image("TITLE T\nLOC 100\nGO:\tJFCL\nLOC 1100\n\t0\nEND GO\n");
    assert_eq!(image.symbolic(0o1100), "1100", "1000 past GO");
}
