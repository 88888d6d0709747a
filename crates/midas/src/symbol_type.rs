//! `.TYPE sym`: what MIDAS knows of a name (manual, list of pseudo-ops:
//! "Find definition status of symbol"), checked with real MIDAS 433.

use crate::assemble::{Assembler, SymKind};
use crate::parse::{is_builtin_name, is_squoze, is_symbol, name_key};
use pdp10_isa::WORD_MASK;

/// `.TYPE`'s values (manual): a number, a pseudo-op or macro, a local
/// symbol (defined, undefined), a local variable (defined, undefined), a
/// global symbol (defined, undefined), a name not seen.
const NUMBER: u64 = WORD_MASK;
const PSEUDO_OR_MACRO: u64 = 1;
const LOCAL: u64 = 2;
const VARIABLE: u64 = 4;
const GLOBAL: u64 = 0o10;
const UNDEFINED: u64 = 1;
const NOT_SEEN: u64 = 0o17;

impl Assembler<'_> {
    /// Reads `.TYPE`'s argument, a name (or number) ending at the first
    /// character that is not SQUOZE, and gives its type.
    pub(crate) fn symbol_type(&mut self) -> u64 {
        self.reader.skip_blanks();
        let mut name = String::new();
        while let Some(c) = self.reader.peek().filter(|&c| is_squoze(c) || c == '"') {
            name.push(c);
            self.reader.next();
        }
        self.type_of(&name)
    }

    fn type_of(&mut self, name: &str) -> u64 {
        if !is_symbol(name.trim_end_matches('"')) {
            return NUMBER;
        }
        let place = self.symbols.resolve(&name_key(name));
        let global = |me: &Self| me.globals.contains(&place.key) || name.ends_with('"');
        if self.symbols.macro_for(&place).is_some()
            || (place.block.is_none()
                && (is_builtin_name(&place.key) || self.aliases.contains_key(&place.key)))
        {
            return PSEUDO_OR_MACRO;
        }
        if let Some(s) = self.symbols.get(&place) {
            return match s.kind {
                SymKind::Variable => VARIABLE,
                _ if global(self) => GLOBAL,
                _ => LOCAL,
            };
        }
        if self.pending_variable(&place).is_some() {
            return VARIABLE + UNDEFINED;
        }
        let seen = self
            .symbols
            .in_scope()
            .into_iter()
            .any(|b| self.symbols.entry_at(b, &place.key).is_some());
        match (seen, global(self)) {
            (true, true) => GLOBAL + UNDEFINED,
            (true, false) => LOCAL + UNDEFINED,
            _ => NOT_SEEN,
        }
    }
}
