//! Literals: the constants area being collected, and CONSTANTS (and
//! END) placing it.

use super::{Area, Assembler, GlobalTerms, ListRow, Value};
use crate::diag::ErrorKind;
use crate::source::Span;
use pdp10_isa::HALF_MASK;

impl Assembler<'_> {
    /// Adds a literal's words to the constants area being collected and
    /// returns its address: a one-word literal shares any equal word already
    /// there, a longer one never does (manual node Literals). On pass 1 a
    /// word that refers to undefined symbols is equal to one that refers to
    /// the same symbols in the same way (real MIDAS merges three
    /// `[440700,,BUF]` with BUF defined later into one word). On pass 2 an
    /// undefined symbol is a plain 0 (midas.458 GVUNDF: "Undefined in
    /// literal", then CABPOP, no GLOTB entry), so a word holding one is
    /// equal to any word of the same value (hello;hello.fai's `[47B8]` and
    /// `[51B8]` are one zero word there, though two on pass 1).
    pub fn add_literal(&mut self, words: &[Value], at: Span) -> Value {
        let call = self.merges.next_call(self.pass);
        let plain = self.pass == 2;
        let index = if words.len() == 1 && (plain || !words[0].opaque) {
            let (w, rel) = (words[0].w, words[0].rel);
            let shadow = if plain { w } else { words[0].shadow };
            let glob = words[0].glob.canonical();
            let forced = match self.pass {
                1 => self.merges.forced_entry(call),
                _ => None,
            };
            let found = forced.or_else(|| {
                self.literals
                    .iter()
                    .position(|&(x, s, r, g)| x == w && s == shadow && r == rel && g == glob)
            });
            if self.pass == 2 {
                self.merges.check_pass2(call, found);
            }
            let i = match found {
                Some(i) => i,
                None => {
                    self.literals.push((w, shadow, rel, glob));
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
                let shadow = if plain { w.w } else { w.shadow };
                self.literals.push((w.w, shadow, w.rel, w.glob));
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
            (2, Some(area)) if area.global => self.global_constant(self.area_index, index),
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
                global: self.reloc.on && self.reloc.global_loc,
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
        if area.global {
            self.define_area_here(index);
        }
        let order = words
            .iter()
            .any(|l| !l.3.is_empty())
            .then(|| self.st_entries_now());
        for &(w, _, rel, glob) in &words {
            let glob = match &order {
                Some(entries) => self.constant_order(glob, entries),
                None => glob,
            };
            self.emit_rel(w, rel, glob, row);
        }
        // Fewer constants than on pass 1 leave a gap: the area keeps its size.
        self.loc = ((origin as usize + area.size.max(words.len())) & HALF_MASK as usize) as u32;
    }

    /// A constant's globals in the order real MIDAS 433 writes them: it
    /// sorts a constant's GLOTB entries (LSORT), each its flags (the
    /// field, MINF when subtracted) in the left half and the address of
    /// the name's symbol table entry in the right.
    fn constant_order(
        &self,
        glob: GlobalTerms,
        entries: &std::collections::HashMap<String, usize>,
    ) -> GlobalTerms {
        let mut g = glob;
        let key = |t: &super::global_terms::GlobalTerm| {
            let flags = super::global_terms::glotb_flags(t.field) | ((t.count < 0) as u64) << 13;
            let name = &self.global_ids[t.id as usize - 1];
            (flags, entries.get(name).copied().unwrap_or(usize::MAX))
        };
        let mut terms: Vec<_> = g.terms.iter().copied().filter(|t| t.id != 0).collect();
        terms.sort_by_key(|t| key(t));
        g.terms = Default::default();
        for (k, t) in terms.into_iter().enumerate() {
            g.terms[k] = t;
        }
        g
    }
}
