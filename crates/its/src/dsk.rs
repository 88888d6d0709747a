//! Files open on the DSK device: the whole file lives in memory as ITS
//! words while the channel is open, decoded from (and, for output, encoded
//! back to) the host file in the evacuated encoding.
//!
//! The access pointer counts bytes of the channel's size: characters in
//! unit ASCII mode (five a word), whole words otherwise (`.ACCESS` in
//! `doc/sysdoc/uuos.114`). An output file replaces the host file of that name
//! when the channel is closed, as ITS replaces the old file at `.CLOSE`.

use crate::codes::IocError;
use pdp10_isa::evacuated;
use pdp10_isa::Word;
use std::fs;
use std::io;
use std::path::PathBuf;

/// ITS's end-of-file character, which pads the last word of a text file.
pub const EOF_CHAR: u8 = 0o003;

/// The `i`th 7-bit character of packed ASCII `words` (five a word,
/// left-justified).
pub fn char_at(words: &[Word], i: u64) -> u8 {
    let w = words[(i / 5) as usize].raw();
    ((w >> (29 - 7 * (i % 5))) & 0o177) as u8
}

/// Stores character `c` as the `i`th of `words`, growing them as needed;
/// bit 35 of a word that receives a character is cleared, as ITS does.
pub fn set_char(words: &mut Vec<Word>, i: u64, c: u8) {
    let index = (i / 5) as usize;
    if words.len() <= index {
        words.resize(index + 1, Word::ZERO);
    }
    let shift = 29 - 7 * (i % 5);
    let w = words[index].raw() & !(0o177 << shift) & !1;
    words[index] = Word::new(w | ((c as u64 & 0o177) << shift));
}

/// How many ITS characters an evacuated host file holds: the words it
/// decodes to times five, less the ^C padding the decoding added to a
/// partial last word.
pub fn char_count(bytes: &[u8]) -> u64 {
    let mut chars = 0u64;
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        if b >= 0o360 {
            chars = chars.div_ceil(5) * 5 + 5;
            i += 5;
            continue;
        }
        chars += match b {
            0o012 | 0o177 | 0o200..=0o355 => 2,
            _ => 1,
        };
        i += 1;
    }
    chars
}

/// An open DSK file.
#[derive(Debug)]
pub struct DskFile {
    /// The host file read, or to be written at close.
    pub path: PathBuf,
    /// The file's words.
    pub words: Vec<Word>,
    /// Length in characters (meaningful in unit ASCII mode).
    pub chars: u64,
    /// The access pointer, in bytes of the channel's size.
    pub pointer: u64,
    /// Opened for output.
    pub output: bool,
    /// Unit ASCII mode: bytes are characters.
    pub unit_ascii: bool,
    /// ASCII mode (the host file is written as text).
    pub ascii: bool,
}

impl DskFile {
    /// Opens `path` for input.
    pub fn read(path: PathBuf, unit_ascii: bool, ascii: bool) -> io::Result<DskFile> {
        let bytes = fs::read(&path)?;
        let words = evacuated::decode(&bytes)
            .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e.to_string()))?;
        Ok(DskFile {
            path,
            chars: char_count(&bytes),
            words,
            pointer: 0,
            output: false,
            unit_ascii,
            ascii,
        })
    }

    /// An input file of ITS characters that exists only in memory (the ERR
    /// device's message).
    pub fn from_chars(chars: &[u8]) -> DskFile {
        let mut words = Vec::new();
        for (i, &c) in chars.iter().enumerate() {
            set_char(&mut words, i as u64, c);
        }
        let mut i = chars.len() as u64;
        while !i.is_multiple_of(5) {
            set_char(&mut words, i, EOF_CHAR);
            i += 1;
        }
        DskFile {
            path: PathBuf::new(),
            words,
            chars: chars.len() as u64,
            pointer: 0,
            output: false,
            unit_ascii: true,
            ascii: true,
        }
    }

    /// A new, empty output file to be written to `path` at close.
    pub fn create(path: PathBuf, unit_ascii: bool, ascii: bool) -> DskFile {
        DskFile {
            path,
            words: Vec::new(),
            chars: 0,
            pointer: 0,
            output: true,
            unit_ascii,
            ascii,
        }
    }

    /// The length in bytes of the channel's size.
    pub fn length(&self) -> u64 {
        if self.unit_ascii {
            self.chars
        } else {
            self.words.len() as u64
        }
    }

    /// Reads the next byte (character or word); `Ok(None)` at end of file,
    /// an IOC error when the pointer was set beyond it.
    pub fn next(&mut self) -> Result<Option<Word>, IocError> {
        let length = self.length();
        if self.pointer > length {
            return Err(IocError::PAST_END_OF_FILE);
        }
        if self.pointer == length {
            return Ok(None);
        }
        let datum = if self.unit_ascii {
            Word::new(char_at(&self.words, self.pointer) as u64)
        } else {
            self.words[self.pointer as usize]
        };
        self.pointer += 1;
        Ok(Some(datum))
    }

    /// Writes one byte at the pointer.
    pub fn put(&mut self, datum: Word) -> Result<(), IocError> {
        if self.pointer > self.length() {
            return Err(IocError::PAST_END_OF_FILE);
        }
        if self.unit_ascii {
            set_char(&mut self.words, self.pointer, (datum.raw() & 0o177) as u8);
            self.pointer += 1;
            self.chars = self.chars.max(self.pointer);
        } else {
            let i = self.pointer as usize;
            if i == self.words.len() {
                self.words.push(datum);
            } else {
                self.words[i] = datum;
            }
            self.pointer += 1;
            self.chars = self.words.len() as u64 * 5;
        }
        Ok(())
    }

    /// Finishes an output file: pads a partial last word of characters with
    /// ^C and replaces the host file (through a temporary file beside it,
    /// so a failure leaves the old file whole).
    pub fn finish(&mut self) -> io::Result<()> {
        if !self.output {
            return Ok(());
        }
        let mut i = self.chars;
        if self.unit_ascii {
            while !i.is_multiple_of(5) {
                set_char(&mut self.words, i, EOF_CHAR);
                i += 1;
            }
        }
        let bytes = if self.ascii {
            evacuated::encode_text(&self.words)
        } else {
            evacuated::encode(&self.words)
        };
        let mut temp = self.path.clone().into_os_string();
        temp.push(".its-tmp");
        let temp = PathBuf::from(temp);
        fs::write(&temp, bytes)?;
        fs::rename(&temp, &self.path)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::names::tests::scratch;

    #[test]
    fn characters_and_padding() {
        assert_eq!(char_count(b"HELLO\n"), 7); // LF is CR LF
        assert_eq!(char_count(b""), 0);
        assert_eq!(char_count(b"AB\xf0\0\0\0\x01"), 10); // raw word starts a new word
        let mut words = Vec::new();
        for (i, c) in b"ABCDEF".iter().enumerate() {
            set_char(&mut words, i as u64, *c);
        }
        assert_eq!(words.len(), 2);
        assert_eq!(char_at(&words, 5), b'F');
        // "ABCDE": 101 102 103 104 105, seven bits each, then bit 35 zero.
        assert_eq!(words[0], Word::new(0o406050_342212));
    }

    #[test]
    fn unit_ascii_read_stops_at_the_characters() {
        let dir = scratch("dsk");
        let path = dir.join("a.txt");
        fs::write(&path, "HI\n").unwrap();
        let mut f = DskFile::read(path, true, true).unwrap();
        let got: Vec<u64> = std::iter::from_fn(|| f.next().unwrap())
            .map(|w| w.raw())
            .collect();
        assert_eq!(got, vec![0o110, 0o111, 0o15, 0o12]);
        f.pointer = 9;
        assert_eq!(f.next(), Err(IocError::PAST_END_OF_FILE));
    }

    #[test]
    fn output_lands_as_host_text_or_raw_words() {
        let dir = scratch("dskw");
        let path = dir.join("out.txt");
        let mut f = DskFile::create(path.clone(), true, true);
        for c in b"OK\r\n" {
            f.put(Word::new(*c as u64)).unwrap();
        }
        f.finish().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"OK\n");
        let bin = dir.join("out.bin");
        let mut f = DskFile::create(bin.clone(), false, false);
        f.put(Word::new(0o254000_000101)).unwrap();
        f.finish().unwrap();
        assert_eq!(
            evacuated::decode(&fs::read(&bin).unwrap()).unwrap(),
            vec![Word::new(0o254000_000101)]
        );
    }
}
