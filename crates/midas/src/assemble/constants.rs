//! Literals: the constants area being collected, and CONSTANTS (and
//! END) placing it.

use super::{Area, Assembler, ListRow, Value};
use crate::diag::ErrorKind;
use crate::source::Span;
use pdp10_isa::HALF_MASK;

impl Assembler<'_> {
    /// Adds a literal's words to the constants area being collected and
    /// returns its address: a one-word literal shares any equal word already
    /// there, a longer one never does (manual node Literals). On pass 1 a
    /// word that refers to undefined symbols is equal to one that refers to
    /// the same symbols in the same way (real MIDAS merges three
    /// `[440700,,BUF]` with BUF defined later into one word).
    pub fn add_literal(&mut self, words: &[Value], at: Span) -> Value {
        let call = self.merges.next_call(self.pass);
        let index = if words.len() == 1 && !words[0].opaque {
            let (w, shadow, rel) = (words[0].w, words[0].shadow, words[0].rel);
            let forced = match self.pass {
                1 => self.merges.forced_entry(call),
                _ => None,
            };
            let found = forced.or_else(|| {
                self.literals
                    .iter()
                    .position(|&(x, s, r)| x == w && s == shadow && r == rel)
            });
            if self.pass == 2 {
                self.merges.check_pass2(call, found);
            }
            let i = match found {
                Some(i) => i,
                None => {
                    self.literals.push((w, shadow, rel));
                    self.literals.len() - 1
                }
            };
            self.merges.landed(call, i, 1);
            if self.pass == 1 {
                let symbols = &self.symbols;
                self.merges
                    .note_candidates(call, |r| symbols.is_defined_now(r));
            }
            i
        } else {
            let first = self.literals.len();
            for w in words {
                self.literals.push((w.w, w.shadow, w.rel));
            }
            self.merges.landed(call, first, words.len());
            first
        };
        if self.literals.len() > HALF_MASK as usize {
            self.error(at, ErrorKind::Limit, "too many constants");
            self.fatal = true;
        }
        // Addresses are known once pass 1 has placed the area.
        match (self.pass, self.areas.get(self.area_index)) {
            (2, Some(area)) => Value {
                rel: area.rel,
                ..Value::new((area.dot + index as u64) & HALF_MASK)
            },
            // Until then the literal is a reference to word `index` of area
            // `area_index`, like a symbol not yet defined.
            _ => Value::unplaced(&format!("constant {} {index}", self.area_index)),
        }
    }

    pub(super) fn place_constants(&mut self, at: Span, row: &mut ListRow) {
        self.merges.area_placed();
        let words = std::mem::take(&mut self.literals);
        let index = self.area_index;
        self.area_index += 1;
        let origin = self.loc;
        if self.pass == 1 {
            self.areas.push(Area {
                origin,
                dot: self.dot(),
                rel: self.dot_rel(),
                size: words.len(),
            });
            self.loc = ((origin as usize + words.len()) & HALF_MASK as usize) as u32;
            return;
        }
        let Some(area) = self.areas.get(index).copied() else {
            self.error(
                at,
                ErrorKind::Phase,
                "more CONSTANTS areas on pass 2 than on pass 1",
            );
            return;
        };
        if words.len() > area.size {
            self.error(
                at,
                ErrorKind::Phase,
                format!(
                    "more constants on pass 2 than on pass 1 ({} > {})",
                    words.len(),
                    area.size
                ),
            );
        }
        if area.origin != origin {
            self.error(
                at,
                ErrorKind::Phase,
                format!(
                    "constants area at {:o} on pass 2 but at {:o} on pass 1",
                    origin, area.origin
                ),
            );
        }
        for &(w, _, rel) in &words {
            self.emit_rel(w, rel, Default::default(), row);
        }
        // Fewer constants than on pass 1 leave a gap: the area keeps its size.
        self.loc = ((origin as usize + area.size.max(words.len())) & HALF_MASK as usize) as u32;
    }
}
