//! Values only the loader knows, in a relocatable assembly: a LOC to a
//! global symbol (the location is then "global", `.` is the loader's
//! `$.`), and the symbols defined there or assigned a value with an
//! undefined global or `$.` in it. Real MIDAS 433 (ALOC2, GTVLP2, EQG1,
//! GCOL1, PDEFPT in midas.458) has the loader define such a symbol as
//! its location counter at that place ("define sym as $.", whatever the
//! value was) and refers to it as to a global. See
//! docs/0004-stink-format.md, "Global locations".

use super::global_terms::WHOLE;
use super::{Assembler, GlobalTerms, Sym, SymKind, Value};
use crate::diag::ErrorKind;
use crate::source::Span;
use crate::stink::Event;
use pdp10_isa::{HALF_MASK, WORD_MASK};

/// The address of real MIDAS 433's symbol table (ST) in its memory: the
/// loader knows a local symbol whose value only it knows by the address
/// of the symbol's entry (three words each). Found by reading the files
/// real MIDAS 433 wrote for such symbols (`pdp10 midas-oracle --keep`).
pub(crate) const ST_ADDRESS: u64 = 0o12535;

/// The loader's location counter, an initial global of real MIDAS.
pub(crate) const LOADER_DOT: &str = "$.";

impl Assembler<'_> {
    /// Whether the loader alone knows `key`'s value, and then whether it
    /// is global (`$.` is).
    pub(crate) fn loader_valued(&self, key: &str) -> Option<bool> {
        if !self.reloc.on {
            return None;
        }
        if key == LOADER_DOT {
            return Some(true);
        }
        self.reloc.loader_valued.get(key).copied()
    }

    /// A reference to `key`, whose value only the loader knows: 0 and the
    /// symbol as a global term.
    pub(crate) fn loader_value(&mut self, key: &str) -> Value {
        Value {
            glob: GlobalTerms::one(self.global_id(key)),
            ..Value::new(0)
        }
    }

    /// `.` while the location is global: `$.`.
    pub(crate) fn global_dot(&mut self) -> Option<Value> {
        if !self.reloc.on || !self.reloc.global_loc {
            return None;
        }
        Some(self.loader_value(LOADER_DOT))
    }

    /// The name the loader knows `key` by in a reference with field flags
    /// `field` (see global_terms.rs): a global's SQUOZE, or for a local
    /// the address of its symbol table entry (without the global flag).
    pub(crate) fn loader_name(&mut self, key: &str, field: u8) -> u64 {
        if self.loader_valued(key) == Some(true) {
            return crate::stink::squoze_with(key, field as u64);
        }
        let flags = (field & !WHOLE) as u64;
        flags << 32 | self.st_address(key)
    }

    /// The address of `key`'s entry in real MIDAS's symbol table.
    pub(crate) fn st_address(&mut self, key: &str) -> u64 {
        if self.reloc.st_entries.is_none() {
            let entries = crate::symbol_order::entries(self.symbols.symbols_seen());
            self.reloc.st_entries = Some(entries);
        }
        let entry = self
            .reloc
            .st_entries
            .as_ref()
            .and_then(|e| e.get(key))
            .copied();
        (ST_ADDRESS + 3 * entry.unwrap_or(0) as u64) & HALF_MASK
    }

    /// Whether a value's globals make an assignment the loader's: one is
    /// undefined, or only the loader knows its value.
    fn has_loader_terms(&mut self, glob: &GlobalTerms) -> bool {
        glob.terms.iter().filter(|t| t.id != 0).any(|t| {
            let key = self.global_ids[t.id as usize - 1].clone();
            let place = self.symbols.resolve(&key);
            self.loader_valued(&key).is_some() || self.symbols.get(&place).is_none()
        })
    }

    /// `name=value` in a relocatable assembly where the value holds an
    /// undefined global or a value only the loader knows (real MIDAS's
    /// EQG1): the loader defines the symbol as its location counter here.
    /// Returns whether it was so.
    pub(crate) fn loader_assignment(
        &mut self,
        name: &str,
        v: &Value,
        kind: SymKind,
        half_killed: bool,
        at: Span,
    ) -> bool {
        if !self.reloc.on || !self.has_loader_terms(&v.glob) {
            return false;
        }
        if v.glob.spoiled {
            self.refuse_globals(
                v.glob,
                "an = value, under an operation other than + and -,",
                at,
            );
            return true;
        }
        for t in v.glob.terms.iter().filter(|t| t.id != 0) {
            let key = self.global_ids[t.id as usize - 1].clone();
            self.took_loose(&key);
        }
        self.define_here(name, kind, half_killed, at);
        true
    }

    /// Defines `name` as the loader's location counter here (real MIDAS's
    /// VSM2LV then PDEFPT): a label while the location is global, or an
    /// assignment of a value only the loader knows.
    pub(crate) fn define_here(&mut self, name: &str, kind: SymKind, half_killed: bool, at: Span) {
        let place = self.symbols.resolve(name);
        let global = self.note_global(name, &place.key);
        if global && self.pass == 2 && self.reloc.links.contains_key(&place.key) {
            self.error(
                at,
                ErrorKind::Syntax,
                format!(
                    "{name}, an undefined global with address links, defined by the loader is \
                     not supported"
                ),
            );
        }
        self.symbols.define(
            &place,
            Sym {
                value: 0,
                kind,
                half_killed,
                pass: self.pass,
                io: false,
                rel: 0,
            },
        );
        if name.ends_with('"') {
            self.symbols.mark_global(&place);
        }
        if kind == SymKind::Label {
            self.last_label = Some(place.key.clone());
        }
        self.reloc.loader_valued.insert(place.key.clone(), global);
        if self.pass != 2 {
            return;
        }
        let symbol = if global {
            self.reloc.punched.insert(place.key.clone());
            crate::stink::squoze_with(&place.key, 1 | (half_killed as u64) << 3)
        } else {
            (half_killed as u64) << 35 | self.st_address(&place.key)
        };
        self.reloc.events.push(Event::DefineHere {
            address: self.loc,
            symbol,
        });
    }

    /// LOC (or `.=`) with `v` in a relocatable assembly: to a global (a
    /// loader command 2, then `.` is relocatable 0 of the global
    /// location), or back from one (loader command 4). Returns whether it
    /// was either.
    pub(crate) fn loader_location(&mut self, v: &Value, at: Span) -> bool {
        if !self.reloc.on || (v.glob.is_empty() && !self.reloc.global_loc) {
            return false;
        }
        self.end_data_block();
        let rel = self.location_rel(v.rel, at);
        if v.glob.is_empty() {
            self.loc = (v.w & HALF_MASK) as u32;
            self.reloc.loc = rel;
            self.reloc.global_loc = false;
            if self.pass == 2 {
                self.reloc.events.push(Event::EndGlobalLocation {
                    address: self.loc,
                    relocated: rel == 1,
                    word: v.w & WORD_MASK,
                    bits: rel as u8,
                });
            }
            return true;
        }
        // No address links in the command's word (real MIDAS's PWRDA).
        self.reloc.global_loc = true;
        if self.pass == 2 {
            let (mut w, mut r) = (v.w, v.rel);
            let (refs, _) = self.global_references(&mut w, &mut r, v.glob, at);
            let (bits, _) = self.relocation_code(r, at);
            self.reloc.events.push(Event::GlobalLocate {
                word: w & WORD_MASK,
                bits,
                refs,
            });
        }
        self.loc = 0;
        self.reloc.loc = 1;
        true
    }

    /// What real MIDAS does while the location is global and this
    /// assembler does not (constants or variables placed there, BLOCK,
    /// OFFSET, END): refused with its place.
    pub(crate) fn refuse_in_global_location(&mut self, what: &str, at: Span) {
        if self.reloc.on && self.reloc.global_loc && self.pass == 2 {
            self.error(
                at,
                ErrorKind::Syntax,
                format!("{what} while the location is global (after LOC to a global) is not supported yet"),
            );
        }
    }
}
