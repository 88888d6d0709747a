//! Quoted syllables as statements are read: `"x` (ASCII), `'x` (SIXBIT)
//! and `^x` (control characters), written into the statement's text as a
//! value mark (node Syllables).

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::gather::{mark, Gathered};
use crate::parse::is_squoze;
use crate::source::Span;

impl Assembler<'_> {
    /// A quoted syllable, its `"`, `'` or `^` just read (node Syllables):
    /// at least one character, then the squoze characters after it, as
    /// ASCII, SIXBIT or control characters; a `"`, `'` or `^` right after
    /// them goes on with the same syllable in that kind (real MIDAS's
    /// QOTCON: `'AM'@` is SIXBIT AM@). Its value is written as a mark.
    pub(crate) fn quoted(&mut self, kind: char, g: &mut Gathered, at: Span) {
        let mut kind = kind;
        let mut v: u64 = 0;
        let add = |me: &mut Self, kind: char, c: char, v: &mut u64| {
            let c = c as u64 & 0o177;
            let upper = if c >= 0o140 { c - 0o40 } else { c };
            *v = match kind {
                '"' => (*v << 7) | c,
                '^' => (*v << 7) | (upper & 0o77),
                _ => {
                    if c < 0o40 {
                        me.error(at, ErrorKind::Syntax, "character not SIXBIT");
                    }
                    (*v << 6) | (upper.wrapping_sub(0o40) & 0o77)
                }
            } & pdp10_isa::WORD_MASK;
        };
        if kind != '^' && self.symbols.state(".QMTCH") != 0 {
            // .QMTCH mode (QOTCO4): up to the closing delimiter, which is
            // doubled to stand for itself.
            loop {
                match self.reader.next() {
                    None => {
                        self.error(at, ErrorKind::Unterminated, "unterminated text constant");
                        break;
                    }
                    Some((c, _)) if c == kind => {
                        if self.reader.peek() != Some(kind) {
                            break;
                        }
                        self.reader.next();
                        add(self, kind, c, &mut v);
                    }
                    Some(('\n', _)) => {
                        add(self, kind, '\r', &mut v);
                        add(self, kind, '\u{a}', &mut v);
                    }
                    Some((c, _)) => add(self, kind, c, &mut v),
                }
            }
            mark(g, v, at);
            return;
        }
        loop {
            match self.reader.peek() {
                None => break,
                // A line end is read as its CR, and still ends the line.
                Some('\n') => {
                    add(self, kind, '\r', &mut v);
                    break;
                }
                Some(c) => {
                    self.reader.next();
                    add(self, kind, c, &mut v);
                }
            }
            while let Some(q) = self.reader.peek().filter(|&q| is_squoze(q)) {
                self.reader.next();
                add(self, kind, q, &mut v);
            }
            match self.reader.peek() {
                Some(k @ ('"' | '\'' | '^')) => {
                    self.reader.next();
                    kind = k;
                }
                _ => break,
            }
        }
        mark(g, v, at);
    }
}
