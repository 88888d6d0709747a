//! The text memory-image format `pdp10 boot` reads, and octal words as the
//! command line writes them.
//!
//! ```text
//! ; comments run from ';' or '#' to the end of the line
//! 1000: 201040000000        ; MOVEI 1,0     one word at 1000
//! 1001: 271040,,1  315040,,1005   ; more words go to 1002, 1003, ...
//! start: 1000
//! ```
//!
//! Addresses and words are octal; a word is up to twelve digits, or two
//! half words `LEFT,,RIGHT`. A `start:` line is required, once.

use pdp10_isa::Word;
use std::fmt;

/// A memory image: words to deposit and where to start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Image {
    /// (address, word) in file order.
    pub words: Vec<(u32, Word)>,
    /// The start address.
    pub start: u32,
}

/// A syntax error in an image, at a 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    /// Line, from 1.
    pub line: usize,
    /// Column, from 1.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses an octal number of at most `max` (inclusive).
fn octal(text: &str, max: u64, what: &str) -> Result<u64, String> {
    if text.is_empty() || !text.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
        return Err(format!("{what}: expected an octal number, found {text:?}"));
    }
    match u64::from_str_radix(text, 8) {
        Ok(v) if v <= max => Ok(v),
        _ => Err(format!("{what}: {text} is more than {max:o}")),
    }
}

/// An octal address, 0-777777.
pub fn parse_address(text: &str) -> Result<u32, String> {
    octal(text, 0o777777, "address").map(|v| v as u32)
}

/// An octal word: up to twelve digits, or `LEFT,,RIGHT`.
pub fn parse_word(text: &str) -> Result<Word, String> {
    if let Some((left, right)) = text.split_once(",,") {
        let l = octal(left, 0o777777, "left half")?;
        let r = octal(right, 0o777777, "right half")?;
        return Ok(Word::from_halves(l, r));
    }
    octal(text, pdp10_isa::WORD_MASK, "word").map(Word::new)
}

/// Parses a text image.
pub fn parse(text: &str) -> Result<Image, ParseError> {
    let mut words = Vec::new();
    let mut start = None;
    for (index, raw) in text.lines().enumerate() {
        let line = index + 1;
        let code = raw.split([';', '#']).next().unwrap_or("");
        if code.trim().is_empty() {
            continue;
        }
        let error = |column: usize, message: String| ParseError {
            line,
            column,
            message,
        };
        let Some((label, rest)) = code.split_once(':') else {
            let column = code.len() - code.trim_start().len() + 1;
            return Err(error(
                column,
                "expected ADDRESS: WORD or start: ADDRESS".into(),
            ));
        };
        let label_column = label.len() - label.trim_start().len() + 1;
        let label = label.trim();
        // Tokens of the rest, with their columns.
        let offset = label.len() + label_column; // the ':' is at this column
        let tokens: Vec<(usize, &str)> = tokens(rest).map(|(at, t)| (offset + 1 + at, t)).collect();
        if label.eq_ignore_ascii_case("start") {
            let [(column, token)] = tokens[..] else {
                return Err(error(offset, "start: takes one address".into()));
            };
            if start.is_some() {
                return Err(error(label_column, "a second start: line".into()));
            }
            start = Some(parse_address(token).map_err(|m| error(column, m))?);
            continue;
        }
        let mut address = parse_address(label).map_err(|m| error(label_column, m))?;
        if tokens.is_empty() {
            return Err(error(offset, "no word after the address".into()));
        }
        for (column, token) in tokens {
            let word = parse_word(token).map_err(|m| error(column, m))?;
            words.push((address, word));
            address = (address + 1) & 0o777777;
        }
    }
    let start = start.ok_or(ParseError {
        line: text.lines().count().max(1),
        column: 1,
        message: "no start: line".into(),
    })?;
    Ok(Image { words, start })
}

/// Whitespace-separated tokens with their 0-based byte offsets.
fn tokens(s: &str) -> impl Iterator<Item = (usize, &str)> {
    s.split_whitespace()
        .map(move |t| (t.as_ptr() as usize - s.as_ptr() as usize, t))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_halves_comments_and_start() {
        let image =
            parse("; a program\n1000: 201040000005  254200,,1001 ; two words\n\nstart: 1000\n")
                .unwrap();
        assert_eq!(image.start, 0o1000);
        assert_eq!(
            image.words,
            vec![
                (0o1000, Word::new(0o201040_000005)),
                (0o1001, Word::new(0o254200_001001)),
            ]
        );
    }

    #[test]
    fn errors_name_line_and_column() {
        let err = parse("1000: 8\nstart: 1000\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:7: word: expected an octal number, found \"8\""
        );
        let err = parse("1000: 1\n").unwrap_err();
        assert_eq!(err.to_string(), "1:1: no start: line");
        let err = parse("  hello\n").unwrap_err();
        assert_eq!(
            err.to_string(),
            "1:3: expected ADDRESS: WORD or start: ADDRESS"
        );
        let err = parse("1000000: 1\n").unwrap_err();
        assert_eq!(err.to_string(), "1:1: address: 1000000 is more than 777777");
        let err = parse("1: 1000000000000\nstart: 1\n").unwrap_err();
        assert_eq!(err.line, 1);
        assert_eq!(err.column, 4);
        let err = parse("start: 1\nstart: 2\n").unwrap_err();
        assert_eq!(err.to_string(), "2:1: a second start: line");
    }
}
