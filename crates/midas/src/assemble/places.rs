//! Where symbols go: variables (placed by VARIABLES), blocks (`.BEGIN`,
//! `.END`), and the symbol table written for DDT.

use super::{Assembler, Sym, SymKind};
use crate::ddt_symbols::{BlockInfo, DdtSymbol};
use crate::diag::ErrorKind;
use crate::parse::Pseudo;
use crate::source::Span;
use crate::symtab::BlockError;
use crate::symtab::Place;
use pdp10_isa::squoze;
use pdp10_isa::{Word, HALF_MASK};

impl Assembler<'_> {
    /// Notes a variable (`FOO'`, `.SCALAR`, `.VECTOR`) of the current
    /// block to be placed by the next VARIABLES or END, unless already
    /// placed in this pass.
    pub fn note_variable(&mut self, name: &str, size: u64) {
        let place = self.variable_place(name);
        let id = (self.symbols.target(&place), place.key.clone());
        if self.placed_vars.contains(&id) || self.pending_vars.iter().any(|(p, _)| *p == place) {
            return;
        }
        if let Some(s) = self.symbols.get_for_define(&place) {
            if s.kind != SymKind::Variable && s.kind != SymKind::Predefined && s.pass == self.pass {
                return;
            }
        }
        // Real MIDAS makes the variable's entry (undefined variable) now.
        self.symbols.make_entry(&place);
        self.pending_vars.push((place, size.min(HALF_MASK)));
    }

    /// The variable `name'` (or `.SCALAR name`) stands for: a variable of
    /// that name visible from here (one declared in an outer block, placed
    /// or not, is the same variable), else a new one in the current block.
    /// Checked with real MIDAS 433: `.SCALAR A` in `.MAIN` and again inside
    /// `.BEGIN B` make one word; an undefined plain `A` in `.MAIN` does not
    /// stop `A'` in B from being B's own (sysen2;mldev's USENCP).
    pub(crate) fn variable_place(&mut self, name: &str) -> Place {
        let local = self.symbols.resolve_local(name);
        if name.contains('"') {
            return local;
        }
        for b in self.symbols.in_scope() {
            let p = Place {
                block: Some(b),
                key: local.key.clone(),
            };
            if self.pending_vars.iter().any(|(q, _)| *q == p) {
                return p;
            }
            match self.symbols.entry_at(b, &local.key) {
                Some(Some(s)) if s.kind == SymKind::Variable => return p,
                Some(_) => break,
                None => {}
            }
        }
        local
    }

    /// The variable not yet placed that a reference to `p` sees: for a
    /// plain name, if the innermost block in scope holding anything of that
    /// name holds such a variable; for `BLOCK"NAME`, if that block does.
    /// Real MIDAS's literals note the symbol-table entry an undefined word
    /// refers to: `[341000,,BUF]` before `.VECTOR BUF` (a plain undefined
    /// symbol) and after it (a variable of the current block) are two
    /// constants on pass 1 (syseng;netwrk's PKTBUF, sysen2;mlslv), and
    /// `[341000,,B"BUF]` from outside is the second (sysen2;name).
    pub(crate) fn pending_variable(&self, p: &Place) -> Option<Place> {
        let blocks = match p.block {
            Some(b) => vec![b],
            None => self.symbols.in_scope(),
        };
        for b in blocks {
            if self.symbols.entry_at(b, &p.key).is_some() {
                return None;
            }
            let v = Place {
                block: Some(b),
                key: p.key.clone(),
            };
            if self.pending_vars.iter().any(|(q, _)| *q == v) {
                return Some(v);
            }
        }
        None
    }

    /// VARIABLES (and END): places the variables noted since the last
    /// area. On pass 2 the area keeps its pass-1 size and each variable its
    /// pass-1 address, whatever `'`s and `.SCALAR`s this pass saw (real
    /// MIDAS's AVARIAB: `IFNDEF X, .SCALAR X` declares X on pass 1 only,
    /// and its word is still kept on pass 2).
    pub(super) fn place_variables(&mut self, at: Span) {
        if self.reloc.on && self.reloc.global_loc {
            self.place_global_variables(at);
            return;
        }
        let origin = self.loc;
        let index = self.var_index;
        self.var_index += 1;
        let mut size = 0u64;
        for (place, n) in std::mem::take(&mut self.pending_vars) {
            let old = self
                .symbols
                .get_for_define(&place)
                .filter(|s| s.kind == SymKind::Variable && s.pass == 1)
                .map(|s| s.value);
            let value = match (self.pass, old) {
                (2, Some(v)) => v,
                (2, None) => {
                    self.error(at, ErrorKind::Phase, "variables area size phase error");
                    self.dot()
                }
                _ => (self.dot() + size) & HALF_MASK,
            };
            self.symbols.define(
                &place,
                Sym {
                    value,
                    kind: SymKind::Variable,
                    half_killed: false,
                    pass: self.pass,
                    io: false,
                    rel: self.dot_rel(),
                },
            );
            self.placed_vars
                .insert((self.symbols.target(&place), place.key));
            size += n;
        }
        if self.pass == 1 {
            self.var_areas.push((origin, size));
        } else if let Some(&(was, pass1_size)) = self.var_areas.get(index) {
            if was != origin {
                self.error(
                    at,
                    ErrorKind::Phase,
                    format!("variables area at {origin:o} on pass 2 but at {was:o} on pass 1"),
                );
            }
            size = pass1_size;
        }
        self.loc = ((origin as u64 + size) & HALF_MASK) as u32;
    }

    /// `.BEGIN [name]` (by default the last label's name) and `.END [name]`.
    pub(super) fn block(&mut self, op: Pseudo, names: &[(String, usize)], at: Span) {
        if self.refuse_in_relocatable(".BEGIN and .END blocks", at) {
            return;
        }
        let name = names.first().map(|(n, _)| n.clone());
        let result = if op == Pseudo::Begin {
            match name.or_else(|| self.last_label.clone()) {
                Some(n) => self.symbols.begin(&n, self.pass),
                None => {
                    self.error(at, ErrorKind::Syntax, ".BEGIN needs a block name");
                    return;
                }
            }
        } else {
            self.symbols.end(name.as_deref())
        };
        match result {
            Ok(()) => {}
            Err(BlockError::Twice(n)) => self.error(
                at,
                ErrorKind::MultiplyDefined,
                format!("{n}: multiply defined BLOCK"),
            ),
            Err(BlockError::Unmatched(n)) => self.error(
                at,
                ErrorKind::Syntax,
                format!("{n}: unmatched .BEGIN - .END"),
            ),
        }
    }

    /// The symbols for DDT: every one the program defined, in the order
    /// real MIDAS's hash table holds them as far as known (docs/0004).
    pub(crate) fn ddt_symbols(&self) -> Vec<DdtSymbol> {
        let initial = crate::symbol_order::initial_in_order();
        let slots = crate::symbol_slots::slots(&initial, self.symbols.hash_events());
        let out: Vec<(usize, DdtSymbol)> = self
            .symbols
            .program_symbols()
            // `.TTYFLG==1` sets MIDAS's own variable: not written.
            .filter(|(_, name, ..)| !self.symbols.is_midas_own(name))
            .map(|(block, name, s, global)| {
                // Real MIDAS marks a symbol local (4.7), or global (4.6) if
                // named in .GLOBAL or defined as `FOO":`, and a half-killed
                // one 4.9 as well (checked with the oracle).
                let flags = if global || self.globals.contains(name) {
                    squoze::GLOBAL
                } else {
                    squoze::LOCAL
                } | if s.half_killed {
                    squoze::HALF_KILLED
                } else {
                    0
                };
                let name_word = squoze::encode(name).unwrap_or(0) | flags;
                let slot = slots
                    .get(&(block, name.to_string()))
                    .copied()
                    .unwrap_or(usize::MAX);
                let symbol = DdtSymbol {
                    block,
                    name: name_word,
                    value: s.value,
                };
                (slot, symbol)
            })
            .collect();
        crate::ddt_symbols::table_order(out)
    }

    /// The block of the first slot's entry in real MIDAS's hash table (see
    /// [`crate::symbol_slots::first_slot_block`]); without blocks, only
    /// `.INIT` (0) counts, the others not being written.
    pub(crate) fn ddt_first_slot_block(&self) -> usize {
        let initial = crate::symbol_order::initial_in_order();
        crate::symbol_slots::first_slot_block(&initial, self.symbols.hash_events())
    }

    /// The blocks for DDT's table, as the symbol table knows them.
    pub(crate) fn ddt_blocks(&self) -> Vec<BlockInfo> {
        self.symbols
            .blocks()
            .map(|(name, parent, level)| BlockInfo {
                name: name.to_string(),
                parent,
                level,
            })
            .collect()
    }

    /// The program's name for DDT (real MIDAS's PRGNM): TITLE's first
    /// name, `.MAIN` without one.
    pub(crate) fn program_name(&self) -> String {
        let title = self.title.as_deref().unwrap_or("");
        let name: String = title
            .chars()
            .take_while(|&c| squoze::code(c.to_ascii_uppercase()).is_some() && c != ' ')
            .take(6)
            .collect();
        if name.is_empty() {
            ".MAIN".into()
        } else {
            name.to_ascii_uppercase()
        }
    }

    /// The symbols for DDT as (name, flags, value), sorted by name.
    pub fn program_symbols(&self) -> Vec<pdp10_isa::sblk::Symbol> {
        let mut out: Vec<_> = self
            .ddt_symbols()
            .into_iter()
            .map(|s| pdp10_isa::sblk::Symbol {
                name: squoze::decode(s.name & squoze::NAME_MASK),
                flags: s.name & !squoze::NAME_MASK,
                value: Word::new(s.value),
            })
            .collect();
        out.sort_by(|a, b| (&a.name, a.value).cmp(&(&b.name, b.value)));
        out
    }
}
