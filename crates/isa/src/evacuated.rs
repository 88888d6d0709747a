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
    let mut decoder = Decoder::new();
    decoder.push(bytes, &mut words)?;
    decoder.finish(&mut words)?;
    Ok(words)
}

/// The decoding a block of bytes at a time, for files too large to hold
/// in memory: pushing the blocks and finishing gives exactly the words
/// [`decode`] gives for the whole file (error offsets count from the
/// file's start).
#[derive(Debug, Default)]
pub struct Decoder {
    /// Characters of the word being built, and how many.
    pending: u64,
    count: usize,
    /// The bytes of a raw word cut by the end of a block, and where it
    /// started.
    raw: Vec<u8>,
    raw_offset: usize,
    /// Bytes pushed so far.
    offset: usize,
}

impl Decoder {
    /// A decoder at the start of a file.
    pub fn new() -> Decoder {
        Decoder::default()
    }

    fn put_char(&mut self, c: u8, words: &mut Vec<Word>) {
        self.pending = (self.pending << 7) | c as u64;
        self.count += 1;
        if self.count == 5 {
            words.push(Word::new(self.pending << 1));
            self.pending = 0;
            self.count = 0;
        }
    }

    /// Decodes the next block of bytes, appending whole words to `words`.
    pub fn push(&mut self, bytes: &[u8], words: &mut Vec<Word>) -> Result<(), DecodeError> {
        let mut i = 0;
        while i < bytes.len() {
            if !self.raw.is_empty() {
                self.raw.push(bytes[i]);
                i += 1;
                if self.raw.len() == 5 {
                    let value = self.raw.iter().fold(0u64, |acc, &b| (acc << 8) | b as u64);
                    words.push(Word::new(value));
                    self.raw.clear();
                }
                continue;
            }
            let b = bytes[i];
            if b >= 0o360 {
                if self.count != 0 {
                    return Err(DecodeError::RawWordInsideText {
                        offset: self.offset + i,
                    });
                }
                self.raw.push(b);
                self.raw_offset = self.offset + i;
                i += 1;
                continue;
            }
            let (first, second) = chars_of(b);
            self.put_char(first, words);
            if let Some(second) = second {
                self.put_char(second, words);
            }
            i += 1;
        }
        self.offset += bytes.len();
        Ok(())
    }

    /// Ends the file: pads a partial last word with ^C; returns how many
    /// ^C it added.
    pub fn finish(&mut self, words: &mut Vec<Word>) -> Result<usize, DecodeError> {
        if !self.raw.is_empty() {
            return Err(DecodeError::TruncatedRawWord {
                offset: self.raw_offset,
            });
        }
        let mut padding = 0;
        while self.count != 0 {
            self.put_char(0o003, words);
            padding += 1;
        }
        Ok(padding)
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
    let mut encoder = Encoder::new();
    for &w in words {
        encoder.push(w);
    }
    encoder.finish(trim_padding)
}

/// ITS characters to host bytes. CR and rubout are held until the next
/// character shows whether the pair has a one-byte form (CR LF is LF, 177 c
/// an escape); what is left alone is a bare CR (356) or rubout (357).
#[derive(Debug, Default)]
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

/// The encoding one word at a time, for files too large to hold in memory:
/// pushing words and taking the settled bytes as they come gives exactly
/// the bytes [`encode`] (or, finished with `trim_padding`, [`encode_text`])
/// gives for the whole file.
#[derive(Debug, Default)]
pub struct Encoder {
    out: Vec<u8>,
    chars: CharEncoder,
    /// Where the last word's bytes start in `out`: only they can still be
    /// trimmed of ^C padding.
    last_word_start: usize,
    /// A raw last word is data, never padding: trimming its bytes would
    /// leave a file that ends inside a raw word.
    last_raw: bool,
}

impl Encoder {
    /// An encoder at the start of a file.
    pub fn new() -> Encoder {
        Encoder::default()
    }

    /// Encodes the next word.
    pub fn push(&mut self, w: Word) {
        let v = w.raw();
        if v & 1 != 0 {
            self.chars.finish(&mut self.out);
            self.last_word_start = self.out.len();
            self.last_raw = true;
            self.out.extend_from_slice(&[
                0o360 | (v >> 32) as u8,
                (v >> 24) as u8,
                (v >> 16) as u8,
                (v >> 8) as u8,
                v as u8,
            ]);
            return;
        }
        self.last_word_start = self.out.len();
        self.last_raw = false;
        for k in 0..5 {
            let c = ((v >> (29 - 7 * k)) & 0o177) as u8;
            self.chars.push(c, &mut self.out);
        }
    }

    /// Removes and returns the bytes no later word can change (all but the
    /// last word's).
    pub fn take_settled(&mut self) -> Vec<u8> {
        let settled = self.out.drain(..self.last_word_start).collect();
        self.last_word_start = 0;
        settled
    }

    /// The remaining bytes at the end of the file; `trim_padding` drops the
    /// last word's ^C padding as [`encode_text`] does.
    pub fn finish(mut self, trim_padding: bool) -> Vec<u8> {
        self.chars.finish(&mut self.out);
        if trim_padding && !self.last_raw {
            while self.out.len() > self.last_word_start && self.out.last() == Some(&0o003) {
                self.out.pop();
            }
        }
        self.out
    }
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

    #[test]
    fn decoding_block_by_block_matches_the_whole() {
        let bytes = b"AB\nC\x7f\x8fD\rWXYZ\xf1\x02\x03\x04\x05EFGHIJKLMN\xf0\0\0\0\x07XY";
        let whole = decode(&bytes[..]).unwrap();
        for size in 1..bytes.len() {
            let mut d = Decoder::new();
            let mut words = Vec::new();
            for block in bytes.chunks(size) {
                d.push(block, &mut words).unwrap();
            }
            assert_eq!(d.finish(&mut words), Ok(3), "XY and three ^C");
            assert_eq!(words, whole, "blocks of {size}");
        }
        // Errors keep their place in the file.
        let mut d = Decoder::new();
        let mut words = Vec::new();
        d.push(b"\xf0\0\0", &mut words).unwrap();
        d.push(b"\0\0A", &mut words).unwrap();
        assert_eq!(
            d.push(b"\xf0", &mut words),
            Err(DecodeError::RawWordInsideText { offset: 6 })
        );
        let mut d = Decoder::new();
        d.push(b"ABCDE\xf0\0", &mut words).unwrap();
        assert_eq!(
            d.finish(&mut words),
            Err(DecodeError::TruncatedRawWord { offset: 5 })
        );
    }

    #[test]
    fn streamed_encoding_matches_the_whole() {
        // Words that end in CR or rubout and words that begin with what
        // pairs with them: the pairs straddle the words, and the stream is
        // taken after every word.
        let mut words = ascii("ABCD\r\nABC\r\nXYZ\x7f\x07EF\x7f\r\n\r\n\r\n\x7f");
        words.push(Word::new(0o254000_000001));
        words.extend(ascii("Q\x7f"));
        for trim in [false, true] {
            let mut e = Encoder::new();
            let mut streamed = Vec::new();
            for &w in &words {
                e.push(w);
                streamed.extend(e.take_settled());
            }
            streamed.extend(e.finish(trim));
            assert_eq!(streamed, encode_inner(&words, trim), "trim {trim}");
        }
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
