//! SBLK files checked against ITS's `doc/sysdoc/binfmt.101` and the DDT
//! symbol table layout real MIDAS writes (a block-name pair `SQUOZE 0,GLOBAL`
//! and `-len,,0`, where len counts every word of the block: the real
//! `visib1.bin` of larsbrinkhoff/pdp10-its-disassembler has a ten-word
//! symbol block whose second word is 777766,,0). Written for mutation
//! testing (docs/mutants.md).

use pdp10_isa::sblk::{
    checksum, data_blocks, symbol_table_block, Block, Sblk, SblkError, Symbol, JRST_1,
    MAX_BLOCK_WORDS, RIM10_LOADER, SYMBOL_TABLE_BLOCK,
};
use pdp10_isa::squoze;
use pdp10_isa::Word;

fn sym(name: &str, flags: u64, value: u64) -> Symbol {
    Symbol {
        name: name.into(),
        flags,
        value: Word::new(value),
    }
}

#[test]
fn the_symbol_block_starts_with_global_and_minus_its_length() {
    for n in 0..4u64 {
        let symbols: Vec<Symbol> = (0..n)
            .map(|k| sym(&format!("S{k}"), squoze::LOCAL, 0o100 + k))
            .collect();
        let block = symbol_table_block(&symbols);
        assert_eq!(block.address, SYMBOL_TABLE_BLOCK);
        assert_eq!(block.words.len() as u64, 2 + 2 * n);
        assert_eq!(
            block.words[0],
            Word::new(0o015315_513316),
            "SQUOZE 0,GLOBAL"
        );
        // -len,,0: the length of the whole block, as the block header says.
        assert_eq!(
            block.words[1],
            Word::from_halves(0o1000000 - (2 + 2 * n), 0),
            "{n} symbols"
        );
        assert_eq!(block.words[1].left(), block.header().left());
    }
}

#[test]
fn symbols_are_pairs_of_squoze_with_flags_and_value_sorted_by_value() {
    let symbols = [
        sym("ZETA", squoze::GLOBAL, 0o300),
        sym("ALPHA", squoze::LOCAL, 0o200),
        sym("BETA", squoze::LOCAL | squoze::HALF_KILLED, 0o200),
    ];
    let block = symbol_table_block(&symbols);
    let pairs: Vec<(u64, u64)> = block.words[2..]
        .chunks(2)
        .map(|p| (p[0].raw(), p[1].raw()))
        .collect();
    let sq = |s: &str| squoze::encode(s).unwrap();
    assert_eq!(
        pairs,
        vec![
            (sq("ALPHA") | squoze::LOCAL, 0o200),
            (sq("BETA") | squoze::LOCAL | squoze::HALF_KILLED, 0o200),
            (sq("ZETA") | squoze::GLOBAL, 0o300),
        ]
    );
}

/// A file of the loader, `JRST 1`, `blocks`, the start instruction,
/// `trailer` and the start instruction again (binfmt.101, A).
fn file(blocks: &[Block], start: Word, trailer: &[Block]) -> Vec<Word> {
    Sblk {
        loader: vec![],
        blocks: blocks.to_vec(),
        start,
        trailer: trailer.to_vec(),
    }
    .to_words()
}

#[test]
fn reading_skips_block_names_but_keeps_every_symbol() {
    // A block-name entry is a name with no flags and a value -n,,level. A
    // symbol whose value is merely negative, or has flags, is a symbol.
    let words = vec![
        Word::new(squoze::encode("GLOBAL").unwrap()),
        Word::from_halves(0o777770, 0),
        Word::new(squoze::encode("NEG").unwrap()),
        Word::new(0o777777_777777),
        Word::new(squoze::encode("HIGH").unwrap() | squoze::LOCAL),
        Word::from_halves(0o777770, 0),
        Word::new(squoze::encode("ZERO").unwrap()),
        Word::new(0),
    ];
    let start = Word::new(0o254000_000100);
    let block = Block {
        address: 0,
        words: words.clone(),
    };
    // A kind-3 block (assembly information) holds no symbols.
    let info = Block {
        address: 3,
        words: vec![Word::new(squoze::encode("INFO").unwrap()), Word::new(1)],
    };
    let s = Sblk::parse(&file(&[], start, &[info, block])).unwrap();
    let names: Vec<(String, u64, Word)> = s
        .symbols()
        .into_iter()
        .map(|s| (s.name, s.flags, s.value))
        .collect();
    assert_eq!(
        names,
        vec![
            ("NEG".into(), 0, Word::new(0o777777_777777)),
            ("HIGH".into(), squoze::LOCAL, Word::from_halves(0o777770, 0)),
            ("ZERO".into(), 0, Word::ZERO),
        ]
    );
}

#[test]
fn checksum_rotates_then_adds_without_end_around_carry() {
    // One word: the header rotated left one place plus the word.
    assert_eq!(
        checksum(Word::new(0o400000_000001), &[Word::new(5)]),
        Word::new(0o000000_000003 + 5)
    );
    // The sum wraps at 2^36 and drops the carry.
    assert_eq!(
        checksum(Word::new(0o377777_777777), &[Word::new(2)]),
        Word::new(0)
    );
    // No data words: the header itself.
    assert_eq!(
        checksum(Word::new(0o777777_000100), &[]),
        Word::new(0o777777_000100)
    );
    // Order matters: rotation happens before each word is added.
    let a = checksum(Word::ZERO, &[Word::new(1), Word::new(2)]);
    let b = checksum(Word::ZERO, &[Word::new(2), Word::new(1)]);
    assert_eq!(a, Word::new(4));
    assert_eq!(b, Word::new(5));
}

#[test]
fn block_headers_are_minus_count_and_address() {
    let b = Block {
        address: 0o1234,
        words: vec![Word::ZERO; 3],
    };
    assert_eq!(b.header(), Word::new(0o777775_001234));
    let words = file(std::slice::from_ref(&b), Word::new(0o254000_001234), &[]);
    assert_eq!(words[0], JRST_1);
    assert_eq!(words[1], Word::new(0o777775_001234));
    assert_eq!(words[5], checksum(b.header(), &b.words));
    // The start instruction, then once more after the (empty) trailer.
    assert_eq!(&words[6..], &[Word::new(0o254000_001234); 2]);
}

#[test]
fn data_blocks_break_at_gaps_and_at_the_limit() {
    // 30 words at most a block, as MIDAS writes them.
    assert_eq!(MAX_BLOCK_WORDS, 30);
    let mut words: Vec<(u32, Word)> = (0..61).map(|k| (0o100 + k, Word::new(k as u64))).collect();
    // A word at the same address as the last is a new block too.
    words.push((0o100 + 60, Word::new(7)));
    let shape: Vec<(u32, usize)> = data_blocks(&words)
        .iter()
        .map(|b| (b.address, b.words.len()))
        .collect();
    assert_eq!(
        shape,
        vec![(0o100, 30), (0o136, 30), (0o174, 1), (0o174, 1)]
    );
    // Addresses wrap at 777777 and the next word still follows on.
    let wrap = [(0o777777, Word::new(1)), (0, Word::new(2))];
    assert_eq!(data_blocks(&wrap).len(), 1);
    assert!(data_blocks(&[]).is_empty());
}

#[test]
fn the_loader_ends_at_jrst_1_and_is_kept() {
    let mut words = RIM10_LOADER.to_vec();
    words.extend(file(&[], Word::new(0o254000_000100), &[]));
    let s = Sblk::parse(&words).unwrap();
    assert_eq!(s.loader, RIM10_LOADER.to_vec());
    assert_eq!(s.start_address(), 0o100);
    // The RIM10 loader is 38 words and ends with its last instruction.
    assert_eq!(RIM10_LOADER.len(), 38);
    assert_ne!(RIM10_LOADER[37], JRST_1);
}

#[test]
fn jrst_1_must_come_within_the_first_256_words() {
    let mut words = vec![Word::new(0o710440_000000); 255];
    words.extend(file(&[], Word::new(0o254000_000100), &[]));
    assert_eq!(Sblk::parse(&words).unwrap().loader.len(), 255);
    let mut words = vec![Word::new(0o710440_000000); 256];
    words.extend(file(&[], Word::new(0o254000_000100), &[]));
    assert_eq!(Sblk::parse(&words), Err(SblkError::NoJrst1));
}

#[test]
fn trailer_blocks_end_at_the_repeated_start_or_at_the_end_of_file() {
    let info = Block {
        address: 3,
        words: vec![Word::new(1), Word::new(2)],
    };
    let start = Word::new(0o254000_000100);
    let mut words = file(&[], start, std::slice::from_ref(&info));
    let s = Sblk::parse(&words).unwrap();
    assert_eq!(s.trailer, vec![info.clone()]);
    // Older files end after the trailer with no repeated start.
    words.truncate(words.len() - 1);
    assert_eq!(Sblk::parse(&words).unwrap().trailer, vec![info.clone()]);
    // A trailer block with a bad checksum is refused, naming its offset.
    let mut words = file(&[], start, std::slice::from_ref(&info));
    let at = 2; // JRST 1, start, then the block
    let end = at + 1 + info.words.len();
    words[end] = Word::new(words[end].raw() ^ 1);
    assert!(matches!(
        Sblk::parse(&words),
        Err(SblkError::BadChecksum { offset: 2, .. })
    ));
    // A trailer block that runs past the end of the file.
    let words = file(&[], start, std::slice::from_ref(&info));
    assert_eq!(
        Sblk::parse(&words[..4]),
        Err(SblkError::Truncated { offset: 2 })
    );
}

#[test]
fn a_block_that_ends_exactly_at_the_end_of_the_file_lacks_its_checksum() {
    let b = Block {
        address: 0o100,
        words: vec![Word::new(1), Word::new(2)],
    };
    let words = file(std::slice::from_ref(&b), Word::new(0o254000_000100), &[]);
    // JRST 1, header, 2 words: the checksum is missing.
    assert_eq!(
        Sblk::parse(&words[..4]),
        Err(SblkError::Truncated { offset: 1 })
    );
    // With the checksum but no start instruction.
    assert_eq!(Sblk::parse(&words[..5]), Err(SblkError::NoStartInstruction));
}

#[test]
fn errors_say_what_and_where() {
    let bad = SblkError::BadChecksum {
        offset: 0o12,
        found: Word::new(1),
        computed: Word::new(2),
    }
    .to_string();
    assert!(bad.starts_with("word 12:"), "{bad}");
    assert!(
        bad.contains("000000000001") && bad.contains("000000000002"),
        "{bad}"
    );
    let cut = SblkError::Truncated { offset: 0o10 }.to_string();
    assert!(cut.starts_with("word 10:"), "{cut}");
    assert!(SblkError::NoJrst1.to_string().contains("JRST 1"));
    assert!(SblkError::NoStartInstruction
        .to_string()
        .contains("start instruction"));
}
