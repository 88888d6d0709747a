//! Undefined global symbols in a relocatable assembly: the loader fills
//! them in. Real MIDAS 433 (PWRD, AEND5 in midas.458) writes a reference
//! to one in a word's right half, when it can, as an address link: the
//! word's right half holds the address of the previous such word (0 for
//! the first), and at END a link request (code 6) gives the loader the
//! name and the last word's address. Other references are the general
//! ones (code 4 or 5 and the name). See docs/0004-stink-format.md.

use super::global_terms::{GlobalTerms, AC_HIGH, LEFT, MOST, RIGHT};
use super::{halves, Assembler};
use crate::diag::ErrorKind;
use crate::source::Span;
use crate::stink::Event;
use pdp10_isa::HALF_MASK;

impl Assembler<'_> {
    /// A storage word took a reference to the undefined global `key`.
    pub(super) fn took_loose(&mut self, key: &str) {
        if let Some(k) = self.reloc.loose.iter().position(|l| l == key) {
            self.reloc.loose.remove(k);
        }
    }

    /// The end of a statement (pass 2): a reference to an undefined
    /// global no storage word took (an `=` value, a pseudo-op's argument,
    /// a literal) is refused: real MIDAS makes other loader blocks of
    /// some of them, not made here.
    pub(super) fn refuse_loose_globals(&mut self, at: Span) {
        if let Some(key) = self.reloc.loose.first().cloned() {
            self.reloc.loose.clear();
            self.error(
                at,
                ErrorKind::Syntax,
                format!(
                    "undefined global symbol {key} other than in a storage word (an = value, a \
                     pseudo-op's argument, a literal) in a relocatable assembly is not supported yet"
                ),
            );
        }
    }

    /// Whether the word's one undefined global in the right half is
    /// address-linked, as real MIDAS's PWRD decides: the word's right
    /// half is 0 and not relocated, and every global in it is undefined,
    /// added once, in the left half, the AC field or (one only) the right
    /// half. If so its reference is taken out of `refs`, the word's right
    /// half becomes the chain's last address and the result is that
    /// address's relocation bit (else 0).
    pub(super) fn address_link(
        &mut self,
        w: &mut u64,
        rel: u64,
        glob: GlobalTerms,
        undefined: &[bool; MOST],
        refs: &mut [(u8, u64); MOST],
    ) -> u8 {
        if *w & HALF_MASK != 0
            || halves(rel).1 != 0
            || self.reloc.global_loc
            || self.reloc.load_conditions > 0
        {
            return 0;
        }
        let mut right = None;
        for (k, t) in glob.terms.iter().enumerate().filter(|(_, t)| t.id != 0) {
            if !undefined[k] || t.count != 1 {
                return 0;
            }
            match t.field {
                RIGHT if right.is_none() => right = Some(k),
                LEFT | AC_HIGH => {}
                _ => return 0,
            }
        }
        let Some(k) = right else {
            return 0;
        };
        let key = self.global_ids[glob.terms[k].id as usize - 1].clone();
        let here = (self.loc, self.reloc.loc == 1);
        let (last, relocated) = self.reloc.links.insert(key, here).unwrap_or((0, false));
        refs[k] = (0, 0);
        *w = (*w & !HALF_MASK) | last as u64;
        relocated as u8
    }

    /// END of a relocatable assembly (pass 2, after the constants): a
    /// link request for each undefined global with a chain, in the order
    /// of real MIDAS's symbol table (AEND5 walks it).
    pub(crate) fn undefined_globals(&mut self, _at: Span) {
        if !self.reloc.on || self.pass != 2 {
            return;
        }
        let entries = self.st_entries_now();
        let mut chains: Vec<(String, (u32, bool))> = self.reloc.links.drain().collect();
        chains.sort_by_key(|(k, _)| (entries.get(k).copied().unwrap_or(usize::MAX), k.clone()));
        for (key, (last, relocated)) in chains {
            let symbol = match self.loader_valued(&key) {
                // An EXPUNGEd one is no longer in real MIDAS's table,
                // which AEND5 walks: no request.
                Some(false) if !self.st_live(&key) => continue,
                Some(false) => self.st_address(&key),
                _ => crate::stink::squoze_with(&key, 1),
            };
            self.reloc.events.push(Event::Link {
                address: self.loc,
                symbol,
                word: (relocated as u64) << 33 | last as u64,
            });
        }
    }

    /// A literal's word's globals (pass 2): its undefined ones are taken
    /// by the constant (written when its area is); a global under another
    /// operation is refused here, at the literal.
    pub(crate) fn constant_globals(&mut self, glob: GlobalTerms, at: Span) {
        if self.pass != 2 || glob.is_empty() {
            return;
        }
        if glob.spoiled {
            self.refuse_globals(
                glob,
                "a literal, under an operation other than + and -,",
                at,
            );
            return;
        }
        for t in glob.terms.iter().filter(|t| t.id != 0) {
            let key = self.global_ids[t.id as usize - 1].clone();
            if self.loader_valued(&key).is_some() {
                // A symbol only the loader knows is a reference in the
                // constant, as in a word (no definition to write); a
                // literal of a constants area placed where the location
                // is global, inside another literal, is not followed.
                if crate::assemble::is_area_key(&key) {
                    self.error(
                        at,
                        ErrorKind::Syntax,
                        format!(
                            "{}, whose value only the loader knows, in a literal is not supported yet",
                            crate::assemble::loader_key_name(&key)
                        ),
                    );
                }
                continue;
            }
            let place = self.symbols.resolve(&key);
            if self.symbols.get(&place).is_none() {
                self.took_loose(&key);
            } else if !self.reloc.punched.contains(&key) && !self.reloc.pending.contains(&key) {
                // Its definition is written at the reference (GVDG1),
                // before the statement's next word.
                self.reloc.pending.push(key);
            }
        }
    }
}
