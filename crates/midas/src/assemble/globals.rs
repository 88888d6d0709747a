//! Global symbols in a relocatable assembly (`NAME"`, `.GLOBAL`): their
//! definitions, which real MIDAS 433 writes into the data as loader
//! instructions (see docs/0004-stink-format.md, "Global symbols").

use super::global_terms::{AC_HIGH, MOST, OTHER, RIGHT, SWAPPED, WHOLE};
use super::{halves, Assembler, GlobalTerms, Sym, SymKind};
use crate::diag::ErrorKind;
use crate::source::Span;
use crate::stink::Event;
use pdp10_isa::{HALF_MASK, WORD_MASK};

impl Assembler<'_> {
    /// Whether the symbol `key` that `name` names is global in a
    /// relocatable assembly: `NAME"` makes it so (on both passes), as
    /// `.GLOBAL` does.
    pub(crate) fn note_global(&mut self, name: &str, key: &str) -> bool {
        if !self.reloc.on && !self.still_relocatable() {
            return false;
        }
        if name.ends_with('"') {
            self.globals.insert(key.to_string());
        }
        self.globals.contains(key)
    }

    /// Writes a global's definition (pass 2): code 7, the name with flags
    /// 04 (global), 10 (the value's right half relocated) and 40
    /// (half-killed), then code 0 (define) for a label or 4 (redefine) for
    /// `=`, and the value.
    pub(crate) fn punch_global(&mut self, key: &str, sym: &Sym, half_killed: bool, at: Span) {
        if self.pass != 2 {
            return;
        }
        let r = match halves(sym.rel) {
            (0, r @ (0 | 1)) => r as u64,
            (l, r) => {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    format!(
                        "global symbol {key} relocated {l} times in the left half and {r} in \
                         the right is not supported (0 or 1 in the right half only)"
                    ),
                );
                return;
            }
        };
        let flags = 1 | r << 1 | (half_killed as u64) << 3;
        let code = if sym.kind == SymKind::Label { 0 } else { 4 };
        self.reloc.events.push(Event::Define {
            address: self.loc,
            symbol: crate::stink::squoze_with(key, flags),
            code,
            value: sym.value,
        });
        self.reloc.punched.insert(key.to_string());
    }

    /// `.GLOBAL NAME` on pass 2 of a relocatable assembly: a name already
    /// defined (on pass 1) whose definition is not written yet this pass
    /// is written here (real MIDAS writes it again at its definition).
    pub(crate) fn global_declared(&mut self, name: &str, at: Span) {
        if !(self.reloc.on || self.still_relocatable()) || self.pass != 2 {
            return;
        }
        let place = self.symbols.resolve(name);
        if self.reloc.punched.contains(&place.key)
            || self.reloc.loader_valued.contains_key(&place.key)
        {
            return;
        }
        if let Some(sym) = self.symbols.get_for_define(&place).cloned() {
            self.punch_global(&place.key, &sym, false, at);
        }
    }

    /// Pass 2 before RELOCATABLE, pass 1 having been relocatable: real
    /// MIDAS 433 is still relocatable there (CONTRL stays from pass 1),
    /// and writes the definitions of globals (at `.GLOBAL` of a name
    /// defined on pass 1, and at their definitions) into the block pass 1
    /// left at its END, addressed by `.` (mudsys;arith, stbuil).
    pub(crate) fn still_relocatable(&self) -> bool {
        self.pass == 2 && !self.reloc.on && self.reloc.pass1_end.is_some()
    }

    /// A reference to a global symbol in a relocatable assembly: a
    /// relocatable one is a term of the value (its loader reference is
    /// made when the word is written); an absolute one is its value (its
    /// definition written before the statement's next word if not yet);
    /// an undefined one is a term of the value, which the loader fills in
    /// (a storage word must take it, see links.rs).
    pub(crate) fn global_reference(
        &mut self,
        key: &str,
        sym: Option<&Sym>,
        _at: Span,
    ) -> GlobalTerms {
        match sym {
            None => {
                if self.pass == 2 {
                    self.reloc.loose.push(key.to_string());
                }
                GlobalTerms::one(self.global_id(key))
            }
            Some(s) if s.rel != 0 => GlobalTerms::one(self.global_id(key)),
            Some(_) => {
                // In a storage word real MIDAS writes the definition first
                // (GVDG1); not in `=` values and pseudo-op arguments.
                let key = key.to_string();
                if self.pass == 2 && !self.reloc.pending.contains(&key) {
                    self.reloc.pending.push(key);
                }
                GlobalTerms::default()
            }
        }
    }

    /// Before a word: the definitions of the absolute globals its
    /// statement referred to, not written yet this pass.
    pub(crate) fn punch_pending(&mut self, at: Span) {
        for key in std::mem::take(&mut self.reloc.pending) {
            if self.reloc.punched.contains(&key) {
                continue;
            }
            let place = self.symbols.resolve(&key);
            if let Some(sym) = self.symbols.get(&place).cloned() {
                self.punch_global(&key, &sym, false, at);
            }
        }
    }

    /// The [`GlobalTerms`] id of the global `key`.
    pub(super) fn global_id(&mut self, key: &str) -> u32 {
        let at = match self.global_ids.iter().position(|k| k == key) {
            Some(at) => at,
            None => {
                self.global_ids.push(key.to_string());
                self.global_ids.len() - 1
            }
        };
        at as u32 + 1
    }

    /// A value with globals where this assembler cannot yet say what real
    /// MIDAS writes (`what`: a literal, a byte) is refused on pass 2.
    pub(crate) fn refuse_globals(&mut self, glob: GlobalTerms, what: &str, at: Span) {
        if !glob.is_empty() && self.pass == 2 {
            self.error(
                at,
                ErrorKind::Syntax,
                format!("a relocatable global symbol in {what} is not supported yet"),
            );
        }
    }

    /// The loader references of a word's globals (pass 2), each code 4
    /// (add) or 5 (subtract) and the name with the field's flags; the
    /// globals' values and relocation are taken out of `w` and `rel`,
    /// and a global's definition not written yet is written first. An
    /// undefined global in the right half may instead be address-linked
    /// (links.rs): then the second value is the relocation bit of the
    /// link in the word's right half.
    pub(crate) fn global_references(
        &mut self,
        w: &mut u64,
        rel: &mut u64,
        glob: GlobalTerms,
        at: Span,
    ) -> ([(u8, u64); MOST], u8) {
        let mut refs = [(0, 0); MOST];
        if glob.spoiled {
            self.error(at, ErrorKind::Syntax, "a relocatable global symbol under an operation other than + and -, or more than four in a word, is not supported");
            return (refs, 0);
        }
        let mut undefined = [false; MOST];
        for (k, t) in glob.terms.iter().enumerate().filter(|(_, t)| t.id != 0) {
            let key = self.global_ids[t.id as usize - 1].clone();
            if let Some(global) = self.loader_valued(&key) {
                // Only the loader knows its value: always a reference; a
                // local one may be address-linked (real MIDAS's PWRD
                // links a local undefined, not `$.` or a global).
                if !matches!(t.count, 1 | -1) || t.field == OTHER {
                    self.error(at, ErrorKind::Syntax, format!("{key}, whose value only the loader knows, {} times or in a field other than the word, left or right half, is not supported", t.count));
                    continue;
                }
                let field = if t.field == 0 { WHOLE } else { t.field };
                let code = if t.count == 1 { 4 } else { 5 };
                refs[k] = (code, self.loader_name(&key, field));
                undefined[k] = !global;
                continue;
            }
            let place = self.symbols.resolve(&key);
            let sym = self.symbols.get(&place).cloned();
            if sym.is_none() {
                self.took_loose(&key);
            }
            let field = if t.field == 0 { WHOLE } else { t.field };
            let allowed = field != OTHER && (field != AC_HIGH || sym.is_none());
            if !matches!(t.count, 1 | -1) || !allowed {
                self.error(at, ErrorKind::Syntax, format!("global symbol {key} {} times, or in a field other than the word, left or right half (or an undefined one's AC field), is not supported", t.count));
                continue;
            }
            let code = if t.count == 1 { 4 } else { 5 };
            refs[k] = (code, crate::stink::squoze_with(&key, field as u64));
            let Some(sym) = sym else {
                // Undefined: its value is the loader's, 0 here.
                undefined[k] = true;
                continue;
            };
            if !self.reloc.punched.contains(&key) {
                self.punch_global(&key, &sym, false, at);
            }
            let c = t.count as i64 as u64;
            let value = c.wrapping_mul(sym.value) & WORD_MASK;
            // Relocation counts are multiplied half by half.
            let half = |h: u64| c.wrapping_mul(h) & HALF_MASK;
            let reloc = half(sym.rel >> 18) << 18 | half(sym.rel);
            let swap = |x: u64| (x & HALF_MASK) << 18 | x >> 18;
            let (dw, drel) = match field {
                WHOLE => (value, reloc),
                SWAPPED => (swap(value), swap(reloc)),
                RIGHT => (value & HALF_MASK, reloc & HALF_MASK),
                _ => ((value & HALF_MASK) << 18, (reloc & HALF_MASK) << 18),
            };
            *w = if field == RIGHT {
                (*w & !HALF_MASK) | (w.wrapping_sub(dw) & HALF_MASK)
            } else {
                w.wrapping_sub(dw) & WORD_MASK
            };
            *rel = super::rel_add(*rel, super::rel_neg(drel));
        }
        let link = self.address_link(w, *rel, glob, &undefined, &mut refs);
        (refs, link)
    }
}
