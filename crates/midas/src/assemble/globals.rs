//! Global symbols in a relocatable assembly (`NAME"`, `.GLOBAL`): their
//! definitions, which real MIDAS 433 writes into the data as loader
//! instructions (see docs/0004-stink-format.md, "Global symbols").

use super::{halves, Assembler, Sym, SymKind};
use crate::diag::ErrorKind;
use crate::source::Span;
use crate::stink::Event;

impl Assembler<'_> {
    /// Whether the symbol `key` that `name` names is global in a
    /// relocatable assembly: `NAME"` makes it so (on both passes), as
    /// `.GLOBAL` does.
    pub(crate) fn note_global(&mut self, name: &str, key: &str) -> bool {
        if !self.reloc.on {
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
        if !self.reloc.on || self.pass != 2 {
            return;
        }
        let place = self.symbols.resolve(name);
        if self.reloc.punched.contains(&place.key) {
            return;
        }
        if let Some(sym) = self.symbols.get_for_define(&place).cloned() {
            self.punch_global(&place.key, &sym, false, at);
        }
    }

    /// A reference to a global symbol in a relocatable assembly (pass 2):
    /// what is not done yet is refused with its place.
    pub(crate) fn global_reference(&mut self, key: &str, sym: Option<&Sym>, at: Span) {
        if self.pass != 2 {
            return;
        }
        let why = match sym {
            None => "an undefined global symbol (a reference the loader fills in)",
            Some(s) if s.rel != 0 => "a reference to a relocatable global symbol",
            Some(_) if !self.reloc.punched.contains(key) => {
                "a reference to a global symbol before its definition"
            }
            Some(_) => return,
        };
        self.error(
            at,
            ErrorKind::Syntax,
            format!("{why} ({key}) in a relocatable assembly is not supported yet"),
        );
    }

    /// END of a relocatable assembly: a global never defined would need
    /// the loader's link block, not done yet.
    pub(crate) fn undefined_globals(&mut self, at: Span) {
        if !self.reloc.on || self.pass != 2 {
            return;
        }
        let mut undefined: Vec<String> = self.globals.iter().cloned().collect();
        undefined.retain(|k| {
            let place = self.symbols.resolve(k);
            self.symbols.get_for_define(&place).is_none()
        });
        undefined.sort();
        if let Some(first) = undefined.first() {
            self.error(
                at,
                ErrorKind::Syntax,
                format!(
                    "undefined global symbol {first} (the loader's link block) in a relocatable \
                     assembly is not supported yet"
                ),
            );
        }
    }
}
