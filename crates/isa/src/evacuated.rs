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
    let mut packer = Packer::default();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b >= 0o360 {
            if packer.count != 0 {
                return Err(DecodeError::RawWordInsideText { offset: i });
            }
            let Some(raw) = bytes.get(i..i + 5) else {
                return Err(DecodeError::TruncatedRawWord { offset: i });
            };
            let v = raw[1..]
                .iter()
                .fold((b & 0o17) as u64, |acc, &x| (acc << 8) | x as u64);
            words.push(Word::new(v));
            i += 5;
            continue;
        }
        let (first, second) = chars_of(b);
        packer.push(first, &mut words);
        if let Some(c) = second {
            packer.push(c, &mut words);
        }
        i += 1;
    }
    while packer.count != 0 {
        packer.push(0o003, &mut words);
    }
    Ok(words)
}

/// Five 7-bit characters to a word, left to right, bit 35 zero.
#[derive(Default)]
struct Packer {
    pending: u64,
    count: usize,
}

impl Packer {
    fn push(&mut self, c: u8, words: &mut Vec<Word>) {
        self.pending = (self.pending << 7) | c as u64;
        self.count += 1;
        if self.count == 5 {
            words.push(Word::new(self.pending << 1));
            self.pending = 0;
            self.count = 0;
        }
    }
}

/// The ITS characters (7-bit) that host text stands for, as itstar's
/// `unpack.c` reads it: LF is CR LF, CR a bare LF, 356 a bare CR, and 177
/// and 200-357 the rubout escapes. A byte 360-377 starts a raw word, which
/// text cannot hold: the error gives its offset.
pub fn its_chars(host: &[u8]) -> Result<Vec<u8>, DecodeError> {
    let mut chars = Vec::with_capacity(host.len() + host.len() / 32);
    for (offset, &b) in host.iter().enumerate() {
        if b >= 0o360 {
            return Err(DecodeError::RawWordInsideText { offset });
        }
        let (first, second) = chars_of(b);
        chars.push(first);
        chars.extend(second);
    }
    Ok(chars)
}

/// Host text for ITS characters (7-bit; the top bit of each byte is
/// ignored): the inverse of [`its_chars`], so that
/// `its_chars(&host_text(c)) == c` for every sequence.
pub fn host_text(chars: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(chars.len());
    let mut encoder = CharEncoder::default();
    for &c in chars {
        encoder.push(c & 0o177, &mut out);
    }
    encoder.finish(&mut out);
    out
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

/// ITS characters to host bytes. CR and rubout are held until the next
/// character shows whether the pair has a one-byte form (CR LF is LF, 177 c
/// an escape); what is left alone is a bare CR (356) or rubout (357).
#[derive(Default)]
struct CharEncoder {
    held: Option<u8>,
}

impl CharEncoder {
    fn push(&mut self, c: u8, out: &mut Vec<u8>) {
        match self.held {
            Some(0o015) if c == 0o012 => {
                self.held = None;
                out.push(0o012);
                return;
            }
            Some(0o177) => {
                if let Some(b) = after_rubout(c) {
                    self.held = None;
                    out.push(b);
                    return;
                }
                self.finish(out);
            }
            Some(_) => self.finish(out),
            None => {}
        }
        match c {
            0o015 | 0o177 => self.held = Some(c),
            0o012 => out.push(0o015),
            _ => out.push(c),
        }
    }

    /// Writes a held character out alone.
    fn finish(&mut self, out: &mut Vec<u8>) {
        match self.held.take() {
            Some(0o015) => out.push(0o356),
            Some(_) => out.push(0o357),
            None => {}
        }
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
    let mut encoder = CharEncoder::default();
    let mut last_word_start = 0;
    for w in words {
        let v = w.raw();
        if v & 1 != 0 {
            encoder.finish(&mut out);
            last_word_start = out.len();
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
        for k in 0..5 {
            encoder.push(((v >> (29 - 7 * k)) & 0o177) as u8, &mut out);
        }
    }
    encoder.finish(&mut out);
    if trim_padding {
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

    /// itstar's table, written out from its description rather than
    /// derived from `chars_of`: what each host byte 000-357 reads as.
    fn itstar_reading(b: u8) -> Vec<u8> {
        match b {
            0o012 => vec![0o015, 0o012],
            0o015 => vec![0o012],
            0o177 => vec![0o177, 0o007],
            0o207 => vec![0o177, 0o177],
            0o212 => vec![0o177, 0o015],
            0o215 => vec![0o177, 0o012],
            0o356 => vec![0o015],
            0o357 => vec![0o177],
            0o200..=0o355 => vec![0o177, b - 0o200],
            _ => vec![b],
        }
    }

    #[test]
    fn every_host_byte_reads_as_itstar_says_and_round_trips() {
        for b in 0..=0o357u8 {
            let chars = its_chars(&[b]).unwrap();
            assert_eq!(chars, itstar_reading(b), "byte {b:o}");
            assert_eq!(host_text(&chars), vec![b], "byte {b:o} back");
        }
        for b in 0o360..=0o377u8 {
            assert_eq!(
                its_chars(&[b'A', b]),
                Err(DecodeError::RawWordInsideText { offset: 1 })
            );
        }
    }

    #[test]
    fn every_pair_of_its_characters_round_trips() {
        for a in 0..0o200u8 {
            for b in 0..0o200u8 {
                let chars = [a, b];
                let host = host_text(&chars);
                assert_eq!(its_chars(&host).unwrap(), chars, "{a:o} {b:o} as {host:?}");
            }
        }
    }

    #[test]
    fn line_ends_and_escapes_in_host_text() {
        assert_eq!(its_chars(b"A\nB").unwrap(), b"A\r\nB");
        assert_eq!(its_chars(b"A\rB").unwrap(), b"A\nB");
        assert_eq!(its_chars(b"A\r\nB").unwrap(), b"A\n\r\nB");
        assert_eq!(host_text(b"A\rB\r\n\n\x7f"), b"A\xeeB\n\r\xef");
        // The same text as words and as characters agree.
        let text = b"LINE\r\n\x7fX\r\rLF\n";
        let host = host_text(text);
        assert_eq!(
            decode(&host).unwrap(),
            ascii(std::str::from_utf8(text).unwrap())
        );
        assert_eq!(encode_text(&decode(&host).unwrap()), host);
    }
}
