//! `.BYTE` and `.WALGN` inside a literal or group (manual node Bytes): a
//! grouping starts in word mode, and its words may switch byte mode on,
//! change the sizes, word-align or switch it off again, in any order.
//!
//! Real MIDAS 433 (checked with midas-oracle) makes
//! `[.BYTE 8 ? "X ? .WALGN ? "G ? 5 ? .BYTE 7 ? 1 ? 2 ? .BYTE]` three words
//! 260000,,0 216024,,020200 and `[1 ? .BYTE 6 ? 1 ? 2 ? .BYTE ? 3]` three
//! words 1 010200,,0 3: new sizes go on filling the word begun, `.WALGN`
//! and `.BYTE` alone end it, and words outside byte mode are whole words.

use crate::assemble::{Assembler, Value};
use crate::diag::ErrorKind;
use crate::gather::Gathered;
use crate::parse::{Expr, Item, Syllable, WordAst};
use pdp10_isa::WORD_MASK;

/// Whether a word is the pseudo-op `.WALGN` alone.
pub(crate) fn is_word_align(w: &WordAst) -> bool {
    let mut items = w.items.iter().filter(|i| !matches!(i, Item::Space));
    matches!(
        (items.next(), items.next()),
        (Some(Item::Field(Expr::Syllable(Syllable::Symbol(s), _))), None) if s == ".WALGN"
    )
}

/// The flag of a `.BYTE` size that is a hole (a negative size: so many
/// zero bits, not a byte). Real MIDAS 433 takes the first size after
/// `.BYTE` (or after `.WALGN`) as a byte's even when it is a hole; a hole
/// is a hole only when reached after a byte (A.BYTE's BYSET and BYTINR;
/// checked with midas-oracle: `<.BYTE -18.,-2,3 ...>` puts its first byte
/// in 18 bits).
pub(crate) const HOLE: u32 = 0o100;

/// The bits of a `.BYTE` size (a hole's too).
pub(crate) fn size_bits(size: u32) -> u32 {
    size & !HOLE
}

/// The holes that come next in `sizes` from `next` (at most one round of
/// them): their sizes in bits; `next` moves past them.
pub(crate) fn holes_after(sizes: &[u32], next: &mut usize) -> Vec<u32> {
    let mut out = Vec::new();
    while out.len() < sizes.len() && sizes[*next % sizes.len()] & HOLE != 0 {
        out.push(size_bits(sizes[*next % sizes.len()]));
        *next += 1;
    }
    out
}

/// The byte mode of a grouping: the sizes, which comes next, and the word
/// being filled from the left.
struct Packer {
    sizes: Vec<u32>,
    next: usize,
    word: Value,
    used: u32,
    /// The size of the last byte in `word` when new sizes came after it.
    carried: Option<u32>,
}

impl Packer {
    /// Puts a byte in; returns the word it completed, if the byte did not
    /// fit, and whether the byte fell in the case real MIDAS ORs into the
    /// word's left end (a size change where the new byte does not fit but
    /// one of the old size would), which is not done here.
    fn deposit(&mut self, b: Value) -> (Vec<Value>, bool) {
        let size = self.next_size();
        self.next += 1;
        let odd = self
            .carried
            .take()
            .is_some_and(|old| 36 - self.used < size && 36 - self.used >= old);
        let mut full = Vec::new();
        if self.used + size > 36 {
            full.push(std::mem::replace(&mut self.word, Value::new(0)));
            self.used = 0;
        }
        let shift = 36 - self.used - size;
        let mask = if size >= 36 {
            WORD_MASK
        } else {
            (1u64 << size) - 1
        };
        self.word = Value::op2(self.word, b, |w, x| w | ((x & mask) << shift));
        self.used += size;
        for hole in holes_after(&self.sizes, &mut self.next) {
            if self.used + hole > 36 {
                full.push(std::mem::replace(&mut self.word, Value::new(0)));
                self.used = 0;
            }
            self.used += hole;
        }
        (full, odd)
    }

    /// The size of the next byte.
    fn next_size(&self) -> u32 {
        size_bits(self.sizes[self.next % self.sizes.len()])
    }

    /// The size of the last byte deposited.
    fn last_size(&self) -> u32 {
        match self.carried {
            Some(old) if self.next == 0 => old,
            _ => size_bits(self.sizes[(self.next + self.sizes.len() - 1) % self.sizes.len()]),
        }
    }
}

impl Assembler<'_> {
    /// The values of the words of a literal or group (assignments already
    /// taken out), with `.BYTE` and `.WALGN` among them as in real MIDAS.
    pub(crate) fn grouping_values(&mut self, words: &[WordAst], stmt: &Gathered) -> Vec<Value> {
        let mut out: Vec<Value> = Vec::with_capacity(words.len());
        let mut mode: Option<Packer> = None;
        let mut any_bytes = false;
        // Inside a literal each word's references are kept apart: real
        // MIDAS fixes up each word of a constant on its own (merges.rs).
        let assignments = words.iter().filter(|w| is_assignment(w)).count();
        let per_word = words.len() - assignments > 1 && self.merges.collecting();
        let mut refs = Vec::new();
        for w in words {
            if self.literal_assignment(w, stmt) {
                // Done in order; no word.
            } else if is_word_align(w) {
                align(&mut mode, &mut out);
            } else if let Some(sizes) = self.byte_sizes(w, stmt) {
                any_bytes = true;
                let carry = mode.as_ref().filter(|m| m.used > 0 && !sizes.is_empty());
                match carry.map(|m| (m.word, m.used, m.last_size())) {
                    Some((word, used, last)) => {
                        mode = Some(Packer {
                            sizes,
                            next: 0,
                            word,
                            used,
                            carried: Some(last),
                        });
                    }
                    None => {
                        align(&mut mode, &mut out);
                        mode = (!sizes.is_empty()).then(|| Packer {
                            sizes,
                            next: 0,
                            word: Value::new(0),
                            used: 0,
                            carried: None,
                        });
                    }
                }
            } else {
                let outer = per_word.then(|| self.merges.begin_word());
                // A byte of size 0 goes nowhere (see byte_mode.rs); a word
                // in a group of such a byte neither.
                let dropping = self.dropping;
                self.dropping |= mode.as_ref().is_some_and(|m| m.next_size() == 0);
                let v = self.word(w, stmt);
                self.dropping = dropping;
                if let Some(outer) = outer {
                    refs.push(self.merges.end_word(outer));
                }
                match mode.as_mut() {
                    Some(m) => {
                        let (full, odd) = m.deposit(v);
                        if odd {
                            self.error(
                                stmt.span_at(w.at),
                                ErrorKind::Syntax,
                                "a .BYTE size change where the new byte does not fit but an old-size one would is not supported",
                            );
                        }
                        out.extend(full);
                    }
                    None => out.push(v),
                }
            }
        }
        align(&mut mode, &mut out);
        if any_bytes {
            // Real MIDAS 433 keeps one count for .BYTC (NBYTS), which a
            // .BYTE in a grouping also clears; we do not follow it there.
            self.bytes_since_byte = None;
        }
        if any_bytes && out.is_empty() {
            out.push(Value::new(0));
        }
        let word_refs = (per_word && !any_bytes && refs.len() == out.len()).then_some(refs);
        self.merges.set_word_refs(word_refs);
        out
    }
}

/// Whether a word of a literal is an assignment (`Item::Assign`).
fn is_assignment(w: &WordAst) -> bool {
    matches!(w.items.as_slice(), [Item::Assign { .. }])
}

/// `.WALGN`: the word being filled, if any, is complete.
fn align(mode: &mut Option<Packer>, out: &mut Vec<Value>) {
    if let Some(m) = mode.as_mut() {
        if m.used > 0 {
            out.push(std::mem::replace(&mut m.word, Value::new(0)));
            m.used = 0;
        }
    }
}

impl Assembler<'_> {
    /// `.BYTC` (manual node Bytes): the bytes put since `.BYTE` last came
    /// (real MIDAS 433: its NBYTS, cleared by every `.BYTE`, even one
    /// alone, and counted up by every byte put). Not known at the start of
    /// a pass (real MIDAS does not clear it there) nor after a `.BYTE`
    /// inside a literal or group: refused then.
    pub(crate) fn byte_count(&mut self, at: crate::source::Span) -> Option<u64> {
        if self.bytes_since_byte.is_none() {
            self.error(
                at,
                ErrorKind::Syntax,
                ".BYTC before any .BYTE in this pass, or after one in a literal or group, is not supported",
            );
        }
        self.bytes_since_byte
    }
}
