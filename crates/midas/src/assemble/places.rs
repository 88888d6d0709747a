//! Where symbols go: variables (placed by VARIABLES), blocks (`.BEGIN`,
//! `.END`), and the symbol table written for DDT.

use super::{Assembler, Sym, SymKind};
use crate::diag::ErrorKind;
use crate::parse::Pseudo;
use crate::source::Span;
use crate::symtab::BlockError;
use pdp10_isa::{Word, HALF_MASK};

impl Assembler<'_> {
    /// Notes a variable (`FOO'`, `.SCALAR`, `.VECTOR`) of the current
    /// block to be placed by the next VARIABLES or END, unless already
    /// placed in this pass.
    pub fn note_variable(&mut self, name: &str, size: u64) {
        let place = self.symbols.resolve_local(name);
        let id = (self.symbols.target(&place), place.key.clone());
        if self.placed_vars.contains(&id) || self.pending_vars.iter().any(|(p, _)| *p == place) {
            return;
        }
        if let Some(s) = self.symbols.get_for_define(&place) {
            if s.kind != SymKind::Variable && s.kind != SymKind::Predefined && s.pass == self.pass {
                return;
            }
        }
        self.pending_vars.push((place, size.min(HALF_MASK)));
    }

    pub(super) fn place_variables(&mut self) {
        for (place, size) in std::mem::take(&mut self.pending_vars) {
            let value = self.dot();
            self.symbols.define(
                &place,
                Sym {
                    value,
                    kind: SymKind::Variable,
                    half_killed: false,
                    pass: self.pass,
                    io: false,
                },
            );
            self.placed_vars
                .insert((self.symbols.target(&place), place.key));
            self.loc = ((self.loc as u64 + size) & HALF_MASK) as u32;
        }
    }

    /// `.BEGIN [name]` (by default the last label's name) and `.END [name]`.
    pub(super) fn block(&mut self, op: Pseudo, names: &[(String, usize)], at: Span) {
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

    /// The symbols for DDT: every one the program defined.
    pub fn program_symbols(&self) -> Vec<pdp10_isa::sblk::Symbol> {
        let mut out: Vec<_> = self
            .symbols
            .program_symbols()
            .map(|(name, s)| pdp10_isa::sblk::Symbol {
                name: name.to_string(),
                // Real MIDAS marks every symbol of a program without blocks
                // local (4.7), and half-killed ones 4.9 as well; one named
                // in .GLOBAL global (4.6) instead (checked with the oracle).
                flags: if self.globals.contains(name) {
                    pdp10_isa::squoze::GLOBAL
                } else {
                    pdp10_isa::squoze::LOCAL
                } | if s.half_killed {
                    pdp10_isa::squoze::HALF_KILLED
                } else {
                    0
                },
                value: Word::new(s.value),
            })
            .collect();
        out.sort_by(|a, b| (&a.name, a.value).cmp(&(&b.name, b.value)));
        out
    }
}
