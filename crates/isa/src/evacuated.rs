//! The "evacuated" encoding of 36-bit words in 8-bit host files (Alan
//! Bawden's format, used by itstar, mlftp and SIMH's `load -i`).
//!
//! Bytes 000-357 stand for one or two 7-bit characters, packed five to a word
//! with bit 35 zero; the table maps host LF to ITS CR LF and host CR to ITS LF,
//! so ITS text reads as ordinary text on the host. A byte 360-377 starts a
//! word stored raw in five bytes. A partial last word is padded with ^C.

use crate::word::Word;
use std::fmt;

/// What went wrong decoding an evacuated file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DecodeError {
    /// A raw-word byte (360-377) arrived while a text word was half built.
    RawWordInsideText {
        /// Offset of the offending byte.
        offset: usize,
    },
    /// The file ended inside a raw word.
    TruncatedRawWord {
        /// Offset of the raw word's first byte.
        offset: usize,
    },
}

impl fmt::Display for DecodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DecodeError::RawWordInsideText { offset } => write!(
                f,
                "byte {offset}: a raw word (byte 360-377) starts inside a text word"
            ),
            DecodeError::TruncatedRawWord { offset } => {
                write!(f, "byte {offset}: the file ends inside a raw word")
            }
        }
    }
}

impl std::error::Error for DecodeError {}

/// The ITS characters a host byte 000-357 stands for (first, optional second).
const fn chars_of(byte: u8) -> (u8, Option<u8>) {
    match byte {
        0o012 => (0o015, Some(0o012)),
        0o015 => (0o012, None),
        0o000..=0o176 => (byte, None),
        0o177 => (0o177, Some(0o007)),
        0o207 => (0o177, Some(0o177)),
        0o212 => (0o177, Some(0o015)),
        0o215 => (0o177, Some(0o012)),
        0o200..=0o355 => (0o177, Some(byte - 0o200)),
        0o356 => (0o015, None),
        _ => (0o177, None), // 357
    }
}

/// Decodes an evacuated byte stream into words.
pub fn decode(bytes: &[u8]) -> Result<Vec<Word>, DecodeError> {
    let mut words = Vec::with_capacity(bytes.len() / 5 + 1);
    let mut pending: u64 = 0;
    let mut count = 0;
    let push = |c: u8, pending: &mut u64, count: &mut usize, words: &mut Vec<Word>| {
        *pending = (*pending << 7) | c as u64;
        *count += 1;
        if *count == 5 {
            words.push(Word::new(*pending << 1));
            *pending = 0;
            *count = 0;
        }
    };
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b >= 0o360 {
            if count != 0 {
                return Err(DecodeError::RawWordInsideText { offset: i });
            }
            let Some(raw) = bytes.get(i..i + 5) else {
                return Err(DecodeError::TruncatedRawWord { offset: i });
            };
            let value = raw.iter().fold(0u64, |acc, &byte| (acc << 8) | byte as u64);
            words.push(Word::new(value));
            i += 5;
            continue;
        }
        let (first, second) = chars_of(b);
        push(first, &mut pending, &mut count, &mut words);
        if let Some(second) = second {
            push(second, &mut pending, &mut count, &mut words);
        }
        i += 1;
    }
    while count != 0 {
        push(0o003, &mut pending, &mut count, &mut words);
    }
    Ok(words)
}

/// The single host byte for ITS `177` followed by `c`, where there is one.
const fn after_rubout(c: u8) -> Option<u8> {
    match c {
        0o007 => Some(0o177),
        0o177 => Some(0o207),
        0o015 => Some(0o212),
        0o012 => Some(0o215),
        0o000..=0o155 => Some(0o200 + c),
        _ => None,
    }
}

/// Encodes words so that ITS text comes out as host text; a word with bit 35
/// set is stored raw. Decoding the result gives back exactly `words`.
pub fn encode(words: &[Word]) -> Vec<u8> {
    encode_inner(words, false)
}

/// Like [`encode`], but drops the ^C padding at the end of the last word, as
/// tools do for text files (decoding pads it back).
pub fn encode_text(words: &[Word]) -> Vec<u8> {
    encode_inner(words, true)
}

fn encode_inner(words: &[Word], trim_padding: bool) -> Vec<u8> {
    let mut out = Vec::with_capacity(words.len() * 5);
    // A CR or rubout waiting to see whether the next character pairs with it.
    let mut held: Option<u8> = None;
    let flush_held = |held: &mut Option<u8>, out: &mut Vec<u8>| match held.take() {
        Some(0o015) => out.push(0o356),
        Some(_) => out.push(0o357),
        None => {}
    };
    let mut last_word_start = 0;
    // A raw last word is data, never padding: trimming its bytes would leave
    // a file that ends inside a raw word.
    let mut last_raw = false;
    for w in words {
        let v = w.raw();
        if v & 1 != 0 {
            flush_held(&mut held, &mut out);
            last_word_start = out.len();
            last_raw = true;
            out.extend_from_slice(&[
                0o360 | (v >> 32) as u8,
                (v >> 24) as u8,
                (v >> 16) as u8,
                (v >> 8) as u8,
                v as u8,
            ]);
            continue;
        }
        last_word_start = out.len();
        last_raw = false;
        for k in 0..5 {
            let c = ((v >> (29 - 7 * k)) & 0o177) as u8;
            match held {
                Some(0o015) if c == 0o012 => {
                    held = None;
                    out.push(0o012);
                    continue;
                }
                Some(0o177) => {
                    if let Some(b) = after_rubout(c) {
                        held = None;
                        out.push(b);
                        continue;
                    }
                    flush_held(&mut held, &mut out);
                }
                Some(_) => flush_held(&mut held, &mut out),
                None => {}
            }
            match c {
                0o015 | 0o177 => held = Some(c),
                0o012 => out.push(0o015),
                _ => out.push(c),
            }
        }
    }
    flush_held(&mut held, &mut out);
    if trim_padding && !last_raw {
        while out.len() > last_word_start && out.last() == Some(&0o003) {
            out.pop();
        }
    }
    out
}

/// Packs host text into ITS ASCII words: five 7-bit characters a word,
/// host LF as CR LF, the last word padded with ^C (the evacuated decoding of
/// a plain text file).
pub fn text_to_words(text: &[u8]) -> Vec<Word> {
    // Plain text never holds bytes 200-377 here; any that do are taken as
    // their low seven bits so that the result is still ITS text.
    let masked: Vec<u8> = text
        .iter()
        .map(|&b| if b >= 0o200 { b & 0o177 } else { b })
        .collect();
    decode(&masked).expect("bytes below 200 always decode")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ascii(s: &str) -> Vec<Word> {
        let mut chars: Vec<u8> = s.bytes().collect();
        while !chars.len().is_multiple_of(5) {
            chars.push(3);
        }
        chars
            .chunks(5)
            .map(|c| Word::new(c.iter().fold(0u64, |a, &b| (a << 7) | b as u64) << 1))
            .collect()
    }

    #[test]
    fn text_reads_as_host_text() {
        let words = ascii("HELLO\r\nWORLD\r\n");
        let bytes = encode_text(&words);
        assert_eq!(bytes, b"HELLO\nWORLD\n");
        assert_eq!(decode(&bytes).unwrap(), words);
        assert_eq!(text_to_words(b"HELLO\nWORLD\n"), words);
    }

    #[test]
    fn raw_words_and_odd_characters_round_trip() {
        let words = vec![
            Word::new(0o254000_000001),
            Word::new(0o777775_000100),
            ascii("A\rB\nC\x7f\x7f")[0],
            ascii("\x7fX\r")[0],
            Word::new(0),
            Word::new(0o000000_000003 << 1),
            ascii("\x7f")[0],
            Word::ONES,
        ];
        let bytes = encode(&words);
        assert_eq!(decode(&bytes).unwrap(), words);
    }

    #[test]
    fn raw_word_layout() {
        // 360 | bits 0-3, then the remaining 32 bits in four bytes.
        assert_eq!(
            encode(&[Word::new(0o777775_000101)]),
            vec![0o377, 0o377, 0o364, 0o000, 0o101]
        );
    }

    #[test]
    fn errors() {
        assert_eq!(
            decode(b"AB\xf0\0\0\0\0"),
            Err(DecodeError::RawWordInsideText { offset: 2 })
        );
        assert_eq!(
            decode(b"\xf0\0"),
            Err(DecodeError::TruncatedRawWord { offset: 0 })
        );
    }
}
