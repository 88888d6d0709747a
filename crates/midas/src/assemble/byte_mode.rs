//! `.BYTE` mode outside literals and groups (manual node Bytes): words
//! become bytes of the sizes given, packed into words from the left.
//! A size may be 0 (its1648's `.BYTE 0` around the symbols user programs
//! `.EVAL`): real MIDAS 433 evaluates such a byte and puts it nowhere,
//! so the location does not move (checked with midas-oracle).

use super::{Assembler, ListRow};
use crate::diag::ErrorKind;
use crate::gather::Gathered;
use crate::parse::WordAst;
use crate::source::Span;
use pdp10_isa::WORD_MASK;

/// `.BYTE` mode: the byte sizes, which one comes next, and the word
/// being filled (its bits used from the left).
#[derive(Clone, Debug)]
pub(crate) struct ByteMode {
    pub(super) sizes: Vec<u32>,
    pub(super) next: usize,
    pub(super) word: u64,
    pub(super) used: u32,
    /// The size of the last byte put into `word`, when a `.BYTE` with new
    /// sizes came after it: the next byte goes on in the same word.
    pub(super) carried: Option<u32>,
}

impl ByteMode {
    /// The size of the next byte.
    pub(crate) fn next_size(&self) -> u32 {
        crate::bytes::size_bits(self.sizes[self.next % self.sizes.len()])
    }
}

impl Assembler<'_> {
    /// A statement that is a word: `.WALGN`, `.BYTE`, or a word, put as
    /// a byte in byte mode.
    pub(super) fn word_statement(&mut self, w: &WordAst, stmt: &Gathered, row: &mut ListRow) {
        if crate::bytes::is_word_align(w) {
            // .WALGN: a fresh word in byte mode, nothing otherwise
            // (manual node Bytes).
            self.word_align(row);
            return;
        }
        if let Some(sizes) = self.byte_sizes(w, stmt) {
            self.byte_statement(sizes, row);
            return;
        }
        // A byte of size 0 goes nowhere: what it refers to cannot
        // change the binary (see `symbol_value`).
        self.dropping = self.byte_mode.as_ref().is_some_and(|m| m.next_size() == 0);
        let v = self.word(w, stmt);
        self.dropping = false;
        if self.byte_mode.is_some() {
            self.refuse_globals(v.glob, "a byte", stmt.start);
            if v.rel != 0 && self.pass == 2 {
                self.error(
                    stmt.start,
                    ErrorKind::Syntax,
                    "a relocatable value in a .BYTE byte is not supported",
                );
            }
            self.deposit_byte(v.w, row, stmt.start);
        } else {
            self.emit_rel(v.w, v.rel, v.glob, row);
        }
    }

    /// `.BYTE sizes`: words that follow are bytes; `.BYTE` alone ends the
    /// mode, word-aligned (node Bytes). New sizes go on filling the word
    /// begun (real MIDAS 433, checked with midas-oracle: maint;tst342).
    fn byte_statement(&mut self, sizes: Vec<u32>, row: &mut ListRow) {
        let carry = self.byte_mode.as_ref().filter(|m| m.used > 0);
        let carry = carry.filter(|_| !sizes.is_empty()).map(|m| {
            let last = match m.carried {
                Some(old) if m.next == 0 => old,
                _ => crate::bytes::size_bits(m.sizes[(m.next + m.sizes.len() - 1) % m.sizes.len()]),
            };
            (m.word, m.used, last)
        });
        if carry.is_none() {
            self.word_align(row);
        }
        self.bytes_since_byte = Some(0);
        let (word, used, carried) = match carry {
            Some((w, u, last)) => (w, u, Some(last)),
            None => (0, 0, None),
        };
        self.byte_mode = (!sizes.is_empty()).then_some(ByteMode {
            sizes,
            next: 0,
            word,
            used,
            carried,
        });
    }

    /// Puts a byte into the word being filled in `.BYTE` mode, first
    /// writing that word out if the byte does not fit.
    fn deposit_byte(&mut self, v: u64, row: &mut ListRow, at: Span) {
        let Some(mut m) = self.byte_mode.take() else {
            return;
        };
        let size = m.next_size();
        m.next += 1;
        if let Some(old) = m.carried.take() {
            // Real MIDAS 433 (checked with midas-oracle): the first byte
            // after a size change goes into the rest of the word when it
            // fits, or a new word when not even a byte of the old size
            // fit; in between it ORs the byte into the same word's left
            // end, which is not done here.
            if 36 - m.used < size && 36 - m.used >= old {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    format!(
                        ".BYTE {size}. after {old}.-bit bytes with {}. bits left in the word is not supported",
                        36 - m.used
                    ),
                );
            }
        }
        if m.used + size > 36 {
            self.emit_rel(m.word, 0, Default::default(), row);
            m.word = 0;
            m.used = 0;
        }
        let mask = if size >= 36 {
            WORD_MASK
        } else {
            (1u64 << size) - 1
        };
        m.word |= (v & mask) << (36 - m.used - size);
        m.used += size;
        for hole in crate::bytes::holes_after(&m.sizes, &mut m.next) {
            if m.used + hole > 36 {
                self.emit_rel(m.word, 0, Default::default(), row);
                m.word = 0;
                m.used = 0;
            }
            m.used += hole;
        }
        self.byte_mode = Some(m);
        self.bytes_since_byte = self.bytes_since_byte.map(|n| n + 1);
    }

    /// `.WALGN`: in `.BYTE` mode, the word being filled is written out and
    /// the next byte starts a new word.
    pub(super) fn word_align(&mut self, row: &mut ListRow) {
        if let Some(m) = self.byte_mode.as_mut() {
            if m.used > 0 {
                let w = m.word;
                m.word = 0;
                m.used = 0;
                self.emit_rel(w, 0, Default::default(), row);
            }
        }
    }
}
