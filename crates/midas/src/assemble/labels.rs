//! Labels: the value a label gets (a byte pointer in .BYTE mode) and the
//! names a label may not take.

use super::Assembler;
use crate::diag::ErrorKind;
use crate::source::Span;
use pdp10_isa::HALF_MASK;

impl Assembler<'_> {
    /// A label's value and `.`: the location, or in .BYTE mode a byte
    /// pointer to the next byte as ILDB takes it. Real MIDAS 433 (checked
    /// with midas-oracle): after `.BYTE 4` at 100 a label before the first
    /// byte is 440400,,100, after three bytes 300400,,100; the size is the
    /// next byte's (after `.BYTE 1,5,5,1` and one byte, 430500,,100), also
    /// when new sizes go on in a word begun. When the next byte does not
    /// fit, it points before the next word (440400,,101 after nine 4-bit
    /// bytes at 100); None if new sizes came after bytes of the word then
    /// (real MIDAS may put the byte in the word's left end; not known).
    pub(crate) fn label_value(&self) -> Option<u64> {
        let Some(m) = &self.byte_mode else {
            return Some(self.dot());
        };
        let size = *m.sizes.get(m.next % m.sizes.len().max(1))?;
        let (position, word) = if 36 - m.used >= size {
            (36 - m.used, self.dot())
        } else if m.carried.is_none() {
            (36, self.dot() + 1)
        } else {
            return None;
        };
        Some((u64::from(position) << 30) | (u64::from(size) << 24) | (word & HALF_MASK))
    }

    /// Real MIDAS's error "Pseudo, macro or initial sym as label" (COLON3):
    /// a label may not take the name of a pseudo-op or of a symbol MIDAS
    /// knows from the start (an instruction such as `IBP`), unless the
    /// initial symbol already has the label's value. (A macro's name is
    /// expanded before its colon is seen.)
    pub(super) fn check_label_name(&mut self, name: &str, value: u64, at: Span) {
        let place = self.symbols.resolve(name);
        let initial = self.symbols.block_of(&place) == Some(crate::symtab::INIT)
            && self.symbols.get(&place).is_some_and(|s| s.value != value);
        let message = format!("{name}: Pseudo, macro or initial sym as label");
        let key = crate::parse::key(name);
        if crate::parse::is_pseudo_name(&key) && !self.symbols.pseudo_expunged(&key) {
            // The label could never be used: the name stays a pseudo-op.
            self.error(at, ErrorKind::Syntax, message);
        } else if initial {
            // Real MIDAS says so and lets the label shadow the symbol.
            self.warn(at, ErrorKind::Syntax, message);
        }
    }
}

impl Assembler<'_> {
    /// `.BIND names` (manual node Blocks): each name not yet in the
    /// current (or named) block becomes an undefined symbol of that block,
    /// hiding what outer blocks have, initial symbols included (real MIDAS
    /// 433's A.KILL with no bit, on both passes: ESDEF then an undefined
    /// local). So after `.BIND %PC` in `.MAIN`, %PC is the program's own
    /// symbol (syseng;carpet). Pseudo-op and macro names are refused: not
    /// followed.
    pub(crate) fn bind(&mut self, names: &[(String, usize)], at: Span) {
        for (name, _) in names {
            let place = self.symbols.resolve(name);
            let block = self.symbols.target(&place);
            if self.symbols.entry_at(block, &place.key).is_some() {
                continue;
            }
            if crate::parse::is_pseudo_name(&place.key) || self.symbols.macro_for(&place).is_some()
            {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    format!(".BIND of the pseudo-op or macro {name} is not supported"),
                );
                continue;
            }
            self.symbols.undefine(&place);
        }
    }
}
