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
use std::collections::HashMap;

/// The address of real MIDAS 433's symbol table (ST) in its memory: the
/// loader knows a local symbol whose value only it knows by the address
/// of the symbol's entry (three words each). Found by reading the files
/// real MIDAS 433 wrote for such symbols (`pdp10 midas-oracle --keep`).
pub(crate) const ST_ADDRESS: u64 = 0o12535;

/// The name real MIDAS 433 gives its first constants area (SQUOZE `$`
/// plus 1, its CSQZ), the next ones counting up.
const AREA_NAME: u64 = 0o34773600001;

/// The address (in real MIDAS's symbol table's terms) of its table of
/// constants areas (PCNTB), three words an area.
const AREA_TABLE: u64 = 0o20535;

/// The prefix of the key that stands for a constants area in
/// [`GlobalTerms`] (a space: no symbol has one).
const AREA_KEY: &str = "$CONSTANTS ";

/// Each live name's entry in real MIDAS's symbol table at the end
/// (symbol_slots.rs).
pub(crate) fn st_entries(symbols: &crate::symtab::Symbols) -> HashMap<String, usize> {
    let initial = crate::symbol_order::initial_in_order();
    let slots = crate::symbol_slots::slots(&initial, symbols.hash_events());
    let mut entries: HashMap<String, (usize, usize)> = HashMap::new();
    for ((block, key), slot) in slots {
        let e = entries.entry(key).or_insert((block, slot));
        if block < e.0 {
            *e = (block, slot);
        }
    }
    entries
        .into_iter()
        .map(|(k, (_, slot))| (k, slot))
        .collect()
}

/// Whether a key of [`GlobalTerms`] stands for a constants area placed
/// where the location is global.
pub(crate) fn is_area_key(key: &str) -> bool {
    key.starts_with(AREA_KEY)
}

/// How a key of [`GlobalTerms`] reads in a message: a constants area's
/// is "a literal of a constants area placed where the location is
/// global".
pub(crate) fn loader_key_name(key: &str) -> String {
    if key.starts_with(AREA_KEY) {
        "a literal of a constants area placed where the location is global".to_string()
    } else {
        key.to_string()
    }
}

/// The loader's location counter, an initial global of real MIDAS.
pub(crate) const LOADER_DOT: &str = "$.";

/// What the loader's last `.LOP` computed, an initial global of real MIDAS.
const LOADER_OP_VALUE: &str = ".LVAL1";

impl Assembler<'_> {
    /// Whether the loader alone knows `key`'s value, and then whether it
    /// is global (`$.` is).
    pub(crate) fn loader_valued(&self, key: &str) -> Option<bool> {
        if !self.reloc.on {
            return None;
        }
        if key == LOADER_DOT || key == LOADER_OP_VALUE {
            return Some(true);
        }
        if key.starts_with(AREA_KEY) {
            // Never address-linked (PWRD: below the symbol table).
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
        let flags = (field & !WHOLE) as u64;
        if let Some(area) = key.strip_prefix(AREA_KEY) {
            let area: u64 = area.parse().unwrap_or(0);
            return flags << 32 | (AREA_NAME + area);
        }
        if self.loader_valued(key) == Some(true) {
            return crate::stink::squoze_with(key, field as u64);
        }
        flags << 32 | self.st_address(key)
    }

    /// A literal in a constants area placed where the location was global
    /// (pass 2): word `index` of the area, which the loader knows by its
    /// name (real MIDAS's CONND6).
    pub(crate) fn global_constant(&mut self, area: usize, index: usize) -> Value {
        Value {
            glob: GlobalTerms::one(self.global_id(&format!("{AREA_KEY}{area}"))),
            ..Value::new(index as u64 & HALF_MASK)
        }
    }

    /// The start of constants area `area` placed where the location is
    /// global: "define as `$.`" the area's entry in real MIDAS's table of
    /// areas, half-killed (CNST2).
    pub(crate) fn define_area_here(&mut self, area: usize) {
        self.reloc.events.push(Event::DefineHere {
            address: self.loc,
            symbol: 1 << 35 | ((AREA_TABLE + 3 * area as u64) & HALF_MASK),
        });
    }

    /// Real MIDAS's symbol table as it stands now (pass 2).
    fn replay(&mut self) -> &crate::symbol_slots::Replay {
        let events = self.symbols.hash_events();
        let replay = self.reloc.st_entries.get_or_insert_with(|| {
            let initial = crate::symbol_order::initial_in_order();
            Box::new(crate::symbol_slots::Replay::new(&initial))
        });
        replay.catch_up(events);
        replay
    }

    /// Each live name's entry in real MIDAS's symbol table now (pass 2):
    /// the order in which it walks the table.
    pub(crate) fn st_entries_now(&mut self) -> HashMap<String, usize> {
        self.replay().entries()
    }

    /// Whether `key` has an entry in real MIDAS's symbol table now.
    pub(crate) fn st_live(&mut self, key: &str) -> bool {
        self.replay().entry(key).is_some()
    }

    /// The address of `key`'s entry in real MIDAS's symbol table now.
    pub(crate) fn st_address(&mut self, key: &str) -> u64 {
        let entry = self.replay().entry(key).unwrap_or(0);
        (ST_ADDRESS + 3 * entry as u64) & HALF_MASK
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
        if !self.reloc.on || (self.reloc.load_conditions == 0 && !self.has_loader_terms(&v.glob)) {
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
            // A local undefined with a chain of references made earlier in
            // this pass: its link request first (real MIDAS's EQGUL), and
            // none at END.
            if let Some((last, relocated)) = self.reloc.links.remove(&place.key) {
                let symbol = self.st_address(&place.key);
                self.reloc.events.push(Event::Link {
                    address: self.loc,
                    symbol,
                    word: (relocated as u64) << 33 | last as u64,
                });
            }
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

    /// BLOCK n while the location is global (real MIDAS's ABLKG): the
    /// loader's location counter moves on, by a loader command 2 whose
    /// word is n with `$.` added in as a right-half reference (HFWDF; a
    /// `LOC $.+n` refers to the whole word); `.` is then relocatable 0 of
    /// the new place. With an OFFSET (which ABLKG subtracts, or a global
    /// one's `$L.`), or a size that is relocatable or has globals: refused.
    pub(crate) fn block_in_global_location(&mut self, v: &Value, at: Span) {
        if self.offset != 0 || !v.glob.is_empty() || v.rel != 0 {
            let message = "BLOCK with an OFFSET, or of a relocatable or global size, while the \
                           location is global is not supported";
            self.error(at, ErrorKind::Syntax, message);
            return;
        }
        let mut dot = self.loader_value(LOADER_DOT);
        dot.glob.terms[0].field = super::RIGHT;
        dot.w = v.w & HALF_MASK;
        self.loader_location(&dot, at);
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

    /// VARIABLES (or END) while the location is global (real MIDAS's
    /// AVAR3A): each variable, in symbol table order, is defined as `$.`
    /// and gets a zero word (one, whatever its size); then `.` moves past
    /// the area as usual.
    pub(crate) fn place_global_variables(&mut self, at: Span) {
        let origin = self.loc;
        let index = self.var_index;
        self.var_index += 1;
        let mut vars = std::mem::take(&mut self.pending_vars);
        let mut size: u64 = vars.iter().map(|(_, n)| n).sum();
        if self.pass == 2 {
            let entries = self.st_entries_now();
            vars.sort_by_key(|(p, _)| entries.get(&p.key).copied().unwrap_or(usize::MAX));
        }
        let mut row = super::ListRow {
            span: at,
            words: Vec::new(),
        };
        for (place, _) in vars {
            self.define_here(&place.key, SymKind::Variable, false, at);
            self.placed_vars
                .insert((self.symbols.target(&place), place.key));
            self.emit_rel(0, 0, GlobalTerms::default(), &mut row);
        }
        if self.pass == 1 {
            self.var_areas.push((origin, size));
        } else if let Some(&(_, pass1_size)) = self.var_areas.get(index) {
            size = pass1_size;
        }
        self.loc = ((origin as u64 + size) & HALF_MASK) as u32;
    }

    /// `.LIFS names` (real MIDAS's A.LIB with block type 11): the names,
    /// separated by `+`, `-` or `,`, go to the loader in a block of their
    /// own, and what follows up to `.ELDC` is loaded only if they are
    /// (not, after `-`) defined: a load-time conditional, where labels and
    /// assignments are the loader's (see [`Assembler::define_here`]).
    pub(crate) fn load_condition(&mut self, at: Span) {
        if !self.reloc.on {
            self.error(at, ErrorKind::Syntax, ".LIFS in an absolute assembly");
            return;
        }
        let mut names = [0u64; crate::stink::LOAD_CONDITION_NAMES];
        let (mut count, mut flags) = (0, 0u64);
        loop {
            self.reader.skip_blanks();
            let name = self.name_without_bangs();
            if self.reader.peek() == Some('"') {
                self.reader.next();
                self.globals.insert(crate::parse::key(&name));
            }
            if !name.is_empty() {
                if count == names.len() {
                    self.error(at, ErrorKind::Limit, "more than 8 names in a .LIFS");
                    return;
                }
                names[count] = crate::stink::squoze_with(&crate::parse::key(&name), flags | 1);
                count += 1;
                flags &= !0o10;
            }
            self.reader.skip_blanks();
            match self.reader.peek() {
                Some(',') => flags = 0o10,
                Some('+') => flags &= !0o4,
                Some('-') => flags |= 0o4,
                _ => break,
            }
            self.reader.next();
        }
        self.reloc.load_conditions += 1;
        if self.pass == 2 {
            self.reloc.events.push(Event::LoadCondition {
                address: self.loc,
                count,
                names,
            });
        }
    }

    /// `.LOP op a b` (real MIDAS's A.LOP): three fields, ended by blanks
    /// or commas, for the loader, which executes `op` on `a` and `b` and
    /// keeps the result as `.LVAL1` (mudsys;bufmod: `.LOP ANDCM HERE
    /// 1777` then `STRBUF==.LVAL1`). The data block begun ends first.
    pub(crate) fn loader_op(&mut self, at: Span) {
        if !self.reloc.on {
            self.error(at, ErrorKind::Syntax, ".LOP in an absolute assembly");
            return;
        }
        let mut fields = [(0, 0, 0, [(0, 0); super::MOST_GLOBALS]); 3];
        for field in &mut fields {
            self.reader.skip_blanks();
            let v = self.function_value_of_field(at).unwrap_or_default();
            let (mut w, mut r) = (v.w, v.rel);
            if self.pass == 2 {
                let (refs, _) = self.global_references(&mut w, &mut r, v.glob, at);
                let (bits, extra) = self.relocation_code(r, at);
                *field = (w & WORD_MASK, bits, extra, refs);
            }
        }
        self.end_data_block();
        if self.pass == 2 {
            self.reloc.events.push(Event::LoaderOp { fields });
        }
    }

    /// `.LIFE word` and `.LIFN`, `.LIFG`, `.LIFLE`, `.LIFGE`, `.LIFL`
    /// (real MIDAS's A.LDCV): what follows up to `.ELDC` is loaded if the
    /// word, which the loader computes, passes the test (mudsys;initm's
    /// `.LIFG <TVBASE+TVLNT-TVLOC>`): a load-time conditional.
    pub(crate) fn value_condition(&mut self, name: &str, at: Span) {
        if !self.reloc.on {
            self.error(
                at,
                ErrorKind::Syntax,
                format!("{name} in an absolute assembly"),
            );
            return;
        }
        // The low three bits of the JUMP that real MIDAS's table gives it.
        let test = match name {
            ".LIFL" => 1,
            ".LIFE" => 2,
            ".LIFLE" => 3,
            ".LIFGE" => 5,
            ".LIFN" => 6,
            _ => 7,
        };
        self.reader.skip_blanks();
        let v = self.function_value_of_word(at).unwrap_or_default();
        if self.reader.peek() == Some(',') {
            let message = format!("a comma in {name}'s word is not supported");
            self.error(at, ErrorKind::Syntax, message);
        }
        self.reloc.load_conditions += 1;
        if self.pass == 2 {
            let (mut w, mut r) = (v.w, v.rel);
            let (refs, _) = self.global_references(&mut w, &mut r, v.glob, at);
            let (bits, extra) = self.relocation_code(r, at);
            let field = (w & WORD_MASK, bits, extra, refs);
            self.reloc
                .events
                .push(Event::ValueCondition { test, field });
        }
    }

    /// `.ELDC`: the end of a load-time conditional (block type 12).
    pub(crate) fn end_load_condition(&mut self, at: Span) {
        if !self.reloc.on {
            self.error(at, ErrorKind::Syntax, ".ELDC in an absolute assembly");
            return;
        }
        self.reloc.load_conditions = self.reloc.load_conditions.saturating_sub(1);
        if self.pass == 2 {
            self.reloc.events.push(Event::EndLoadCondition);
        }
    }

    /// EXPUNGE `key` in a relocatable assembly (pass 2): real MIDAS
    /// writes code 7, code 2 (CLGLO), the entry's address (flag 40) and a
    /// null new name, for a name not in its table in some cases (see
    /// [`crate::symbol_slots::expunge_record`]).
    pub(crate) fn expunge_record(&mut self, key: &str) {
        if !self.reloc.on || self.pass != 2 {
            return;
        }
        let Some(entry) = self.replay().expunge_record(key) else {
            return;
        };
        self.reloc.events.push(Event::Recover {
            address: self.loc,
            symbol: 1 << 35 | ((ST_ADDRESS + 3 * entry as u64) & HALF_MASK),
            name: 1 << 35,
        });
    }
}
