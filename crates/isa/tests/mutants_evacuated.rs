//! The evacuated encoding checked against its definition: Alan Bawden's
//! message "Storing 36-Bit Words In 8-Bit Bytes" (1992), whose decoding
//! table PDP-10/itstar's `unpack.c` quotes, and itstar's `pack.c` as the
//! encoder that makes text read as host text. Written for mutation testing
//! (docs/mutants.md): every row of the table and every escape is checked.

use pdp10_isa::evacuated::{decode, encode, encode_text, DecodeError};
use pdp10_isa::Word;

/// The documented table for bytes 000-357 (all octal):
///
/// ```text
///   input byte   1st output   2nd output
///     0 --  11     0 --  11   none
///    12           15           12
///    13 --  14    13 --  14   none
///    15           12          none
///    16 -- 176    16 -- 176   none
///   177          177            7
///   200 -- 206   177            0 --   6
///   207          177          177
///   210 -- 211   177           10 --  11
///   212          177           15
///   213 -- 214   177           13 --  14
///   215          177           12
///   216 -- 355   177           16 -- 155
///   356           15          none
///   357          177          none
/// ```
fn table(byte: u8) -> Vec<u8> {
    match byte {
        0o000..=0o011 | 0o013..=0o014 | 0o016..=0o176 => vec![byte],
        0o012 => vec![0o015, 0o012],
        0o015 => vec![0o012],
        0o177 => vec![0o177, 0o007],
        0o200..=0o206 | 0o210..=0o211 | 0o213..=0o214 | 0o216..=0o355 => {
            vec![0o177, byte - 0o200]
        }
        0o207 => vec![0o177, 0o177],
        0o212 => vec![0o177, 0o015],
        0o215 => vec![0o177, 0o012],
        0o356 => vec![0o015],
        0o357 => vec![0o177],
        _ => unreachable!("raw-word bytes are not in the table"),
    }
}

/// Seven-bit characters packed five a word in the usual PDP-10 byte order
/// (first character in bits 0-6), bit 35 zero, the last word padded with ^C.
fn pack(chars: &[u8]) -> Vec<Word> {
    let mut padded = chars.to_vec();
    while !padded.len().is_multiple_of(5) {
        padded.push(0o003);
    }
    padded
        .chunks(5)
        .map(|c| Word::new(c.iter().fold(0u64, |a, &b| (a << 7) | b as u64) << 1))
        .collect()
}

#[test]
fn every_text_byte_decodes_as_the_table_says() {
    for byte in 0o000..=0o357u8 {
        assert_eq!(
            decode(&[byte]),
            Ok(pack(&table(byte))),
            "byte {byte:03o} alone"
        );
        // After four characters the first output ends the word and a second
        // one starts the next word: the two outputs are kept in order.
        let mut expected = b"ABCD".to_vec();
        expected.extend(table(byte));
        let mut input = b"ABCD".to_vec();
        input.push(byte);
        assert_eq!(decode(&input), Ok(pack(&expected)), "ABCD then {byte:03o}");
    }
}

#[test]
fn characters_fill_words_from_bit_0_and_leave_bit_35_zero() {
    // "HELLO" is one word: H=110 E=105 L=114 L=114 O=117.
    let hello = 0o110u64 << 29 | 0o105 << 22 | 0o114 << 15 | 0o114 << 8 | 0o117 << 1;
    assert_eq!(decode(b"HELLO"), Ok(vec![Word::new(hello)]));
    // Six characters: a second word padded with four ^C.
    let x_pad = 0o130u64 << 29 | 0o003 << 22 | 0o003 << 15 | 0o003 << 8 | 0o003 << 1;
    assert_eq!(
        decode(b"HELLOX"),
        Ok(vec![Word::new(hello), Word::new(x_pad)])
    );
    assert_eq!(decode(b""), Ok(vec![]));
    // Ten characters: exactly two words, no padding word.
    assert_eq!(decode(b"HELLOHELLO").unwrap().len(), 2);
}

#[test]
fn raw_words_follow_the_figure() {
    // byte: 000011111111222222 223333333344444444
    //  bit: 321076543210765432 107654321076543210
    // The low four bits of the first byte are bits 0-3 of the word.
    let bytes = [0o361, 0o002, 0o003, 0o004, 0o005];
    let expected = 1u64 << 32 | 2 << 24 | 3 << 16 | 4 << 8 | 5;
    assert_eq!(decode(&bytes), Ok(vec![Word::new(expected)]));
    // The high four bits of the first byte carry nothing.
    assert_eq!(
        decode(&[0o377, 0, 0, 0, 0]),
        Ok(vec![Word::new(0o17 << 32)])
    );
    assert_eq!(decode(&[0o360, 0, 0, 0, 0]), Ok(vec![Word::ZERO]));
    // A raw word after a whole text word, and text after a raw word.
    let mut input = b"HELLO".to_vec();
    input.extend_from_slice(&bytes);
    input.push(b'A');
    let mut expected_words = decode(b"HELLO").unwrap();
    expected_words.push(Word::new(expected));
    expected_words.extend(pack(b"A"));
    assert_eq!(decode(&input), Ok(expected_words));
}

#[test]
fn a_raw_word_inside_a_text_word_is_an_error() {
    // "It is an error to encounter such a byte when there is a partially
    // assembled output word."
    assert_eq!(
        decode(&[b'A', 0o360, 0, 0, 0, 0]),
        Err(DecodeError::RawWordInsideText { offset: 1 })
    );
    // Byte 012 gives two characters: after "ABCD" the word is full and the
    // LF starts the next one, so a raw word may not follow.
    assert_eq!(
        decode(&[b'A', b'B', b'C', b'D', 0o012, 0o360, 0, 0, 0, 0]),
        Err(DecodeError::RawWordInsideText { offset: 5 })
    );
    // Byte 215 (177 then 12) after "ABC" fills the word exactly.
    assert_eq!(
        decode(&[b'A', b'B', b'C', 0o215, 0o360, 0, 0, 0, 7]),
        Ok(vec![
            pack(&[b'A', b'B', b'C', 0o177, 0o012])[0],
            Word::new(7)
        ])
    );
}

#[test]
fn a_file_ending_inside_a_raw_word_is_an_error() {
    for cut in 1..5 {
        let bytes = [0o360, 1, 2, 3, 4];
        assert_eq!(
            decode(&bytes[..cut]),
            Err(DecodeError::TruncatedRawWord { offset: 0 }),
            "{cut} bytes"
        );
    }
    let mut two = vec![0o360, 1, 2, 3, 4];
    two.extend_from_slice(&[0o360, 1, 2]);
    assert_eq!(
        decode(&two),
        Err(DecodeError::TruncatedRawWord { offset: 5 })
    );
}

#[test]
fn errors_name_the_byte() {
    let inside = DecodeError::RawWordInsideText { offset: 7 }.to_string();
    assert!(inside.starts_with("byte 7:"), "{inside}");
    let cut = DecodeError::TruncatedRawWord { offset: 9 }.to_string();
    assert!(cut.starts_with("byte 9:"), "{cut}");
    assert_ne!(inside, cut);
}

/// The single byte the table decodes to 177 followed by `c`, if any.
fn escape_of(c: u8) -> Option<u8> {
    (0o177..=0o357u8).find(|&b| table(b) == [0o177, c])
}

#[test]
fn rubout_pairs_encode_as_their_single_escape_byte() {
    // A good encoder writes 177 c as the one byte the table decodes to it
    // (itstar's pack.c), and 177 alone as 357 where there is none.
    for c in 0o000..=0o177u8 {
        let words = pack(&[0o177, c, b'A', b'B', b'C']);
        let bytes = encode(&words);
        let expected: Vec<u8> = match escape_of(c) {
            Some(b) => vec![b, b'A', b'B', b'C'],
            None => vec![0o357, c, b'A', b'B', b'C'],
        };
        assert_eq!(bytes, expected, "177 then {c:03o}");
        assert_eq!(decode(&bytes), Ok(words), "177 then {c:03o} back");
    }
    // The escapes the issue lists, spelled out.
    assert_eq!(escape_of(0o007), Some(0o177));
    assert_eq!(escape_of(0o177), Some(0o207));
    assert_eq!(escape_of(0o015), Some(0o212));
    assert_eq!(escape_of(0o012), Some(0o215));
    assert_eq!(escape_of(0o101), Some(0o301));
    assert_eq!(escape_of(0o156), None);
}

#[test]
fn plain_characters_encode_as_themselves_and_lines_as_host_lines() {
    for c in 0o000..=0o176u8 {
        if c == 0o012 || c == 0o015 {
            continue;
        }
        let words = pack(&[c, b'A', b'B', b'C', b'D']);
        assert_eq!(encode(&words), vec![c, b'A', b'B', b'C', b'D'], "{c:03o}");
    }
    // CR LF is host LF; a bare LF is host CR; a bare CR is 356.
    assert_eq!(encode(&pack(b"A\r\nBC")), b"A\nBC".to_vec());
    assert_eq!(encode(&pack(b"A\nBCD")), b"A\rBCD".to_vec());
    assert_eq!(
        encode(&pack(b"A\rBCD")),
        vec![b'A', 0o356, b'B', b'C', b'D']
    );
    // CR then rubout: the CR stays alone, the rubout pairs with what follows.
    assert_eq!(
        encode(&pack(&[b'A', 0o015, 0o177, b'B', b'C'])),
        vec![b'A', 0o356, 0o302, b'C']
    );
    // A CR or rubout ending the last word stands alone.
    assert_eq!(
        encode(&pack(b"ABCD\r")),
        vec![b'A', b'B', b'C', b'D', 0o356]
    );
    assert_eq!(
        encode(&pack(&[b'A', b'B', b'C', b'D', 0o177])),
        vec![b'A', b'B', b'C', b'D', 0o357]
    );
}

#[test]
fn pairs_span_word_boundaries() {
    // CR at the end of one word and LF at the start of the next are one
    // host line end; the same for a rubout escape.
    let words = pack(b"ABCD\r\nEFGH");
    assert_eq!(encode(&words), b"ABCD\nEFGH".to_vec());
    let words = pack(&[b'A', b'B', b'C', b'D', 0o177, b'X', b'E', b'F', b'G', b'H']);
    assert_eq!(
        encode(&words),
        vec![b'A', b'B', b'C', b'D', 0o330, b'E', b'F', b'G', b'H']
    );
    // A CR held before a raw word is written before it, alone.
    let mut words = pack(b"ABCD\r");
    words.push(Word::new(0o000000_000001));
    assert_eq!(
        encode(&words),
        vec![b'A', b'B', b'C', b'D', 0o356, 0o360, 0, 0, 0, 1]
    );
    assert_eq!(decode(&encode(&words)), Ok(words));
}

#[test]
fn words_with_bit_35_set_are_stored_raw() {
    let w = Word::new(0o123456_701235);
    let v = w.raw();
    assert_eq!(
        encode(&[w]),
        vec![
            0o360 | (v >> 32) as u8,
            (v >> 24) as u8,
            (v >> 16) as u8,
            (v >> 8) as u8,
            v as u8
        ]
    );
    assert_eq!(
        encode(&[Word::ONES]),
        vec![0o377, 0o377, 0o377, 0o377, 0o377]
    );
}

#[test]
fn every_two_character_sequence_round_trips() {
    // Decoding what was encoded gives the words back, whatever position a
    // pair takes in the word.
    for a in 0..=0o177u8 {
        let mut words = Vec::new();
        for b in 0..=0o177u8 {
            words.extend(pack(&[a, b, a, b, a]));
            words.extend(pack(&[b, a, b, a, b]));
        }
        assert_eq!(decode(&encode(&words)), Ok(words.clone()), "{a:03o}");
        assert_eq!(decode(&encode_text(&words)), Ok(words), "{a:03o} text");
    }
}

#[test]
fn text_encoding_drops_only_the_last_words_padding() {
    assert_eq!(encode_text(&pack(b"AB")), b"AB".to_vec());
    assert_eq!(encode(&pack(b"AB")), vec![b'A', b'B', 3, 3, 3]);
    // ^C inside the text, or in an earlier word, is kept.
    let words = pack(&[b'A', 3, 3, 3, 3, b'B']);
    assert_eq!(encode_text(&words), vec![b'A', 3, 3, 3, 3, b'B']);
    let words = pack(&[b'A', b'B', b'C', b'D', 3]);
    let mut two = words.clone();
    two.extend(pack(b"E"));
    assert_eq!(encode_text(&two), vec![b'A', b'B', b'C', b'D', 3, b'E']);
    // A last word that is all ^C is dropped whole, never the word before.
    let mut words = pack(b"ABCDE");
    words.extend(pack(&[3, 3, 3, 3, 3]));
    assert_eq!(encode_text(&words), b"ABCDE".to_vec());
    let mut words = pack(&[b'A', b'B', b'C', b'D', 3]);
    words.extend(pack(&[3, 3, 3, 3, 3]));
    assert_eq!(encode_text(&words), vec![b'A', b'B', b'C', b'D', 3]);
    // A raw last word is never trimmed, even when it ends in byte 003.
    let raw = Word::new(0o000000_001403);
    assert_eq!(raw.raw() & 0o377, 3);
    assert_eq!(encode_text(&[raw]), encode(&[raw]));
    assert_eq!(encode_text(&[raw]).len(), 5);
    assert_eq!(decode(&encode_text(&[raw])), Ok(vec![raw]));
}
