//! `.GLOBAL` in an absolute assembly, and `.OP insn,acdata,memdata` (manual, node on the pseudo-ops: "executes
//! <insn> on an AC containing <acdata> and a memory location containing
//! <memdata>, and returns what this leaves in the AC"). Real MIDAS runs the
//! instruction on the machine it runs on; this assembler does not run
//! instructions (it never depends on the CPU), so it does the one use the
//! real sources make of it whose result is exact without a CPU: FAD of a
//! nonnegative word and 0, which normalizes the word (syseng;jsf macros's
//! FLGBP finds a flag's bit this way). Any other instruction is an error.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::gather::{mark, Gathered, Stop};
use crate::source::Span;

/// FAD's opcode (node on the instruction set; DEC's KA10 manual).
const FAD: u64 = 0o140;

impl Assembler<'_> {
    /// Reads `.OP`'s three fields (each ended by a blank or a comma; a
    /// missing memdata is 0) and leaves its value in the statement.
    pub(crate) fn op_function(&mut self, at: Span, g: &mut Gathered) {
        let mut fields = [0u64; 3];
        for (k, field) in fields.iter_mut().enumerate() {
            while matches!(self.reader.peek(), Some(' ' | '\t')) {
                self.reader.next();
            }
            if k == 2
                && !self
                    .reader
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || "<(-+[.#".contains(c))
            {
                break;
            }
            // The instruction ends at a blank (`.OP FAD <32000,,1>,0`); the
            // data fields at a comma or a bracket they do not open.
            let mut f = Gathered::new(at);
            self.gather_into(&mut f, if k == 0 { Stop::Blank } else { Stop::Field });
            let text = f.text.trim().to_string();
            match crate::parse::expression(&text, self.radix) {
                Ok(w) => *field = self.word(&w, &f).w,
                Err(e) => {
                    self.error(f.span_at(e.offset), ErrorKind::Syntax, e.message);
                    return;
                }
            }
            if matches!(self.reader.peek(), Some(',' | ' ' | '\t')) && k < 2 {
                self.reader.next();
            }
        }
        let [insn, ac, mem] = fields;
        match fad_of_zero(insn, ac, mem) {
            Some(v) => mark(g, v, at),
            None => {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    ".OP is supported only for FAD of a nonnegative word and 0 (real MIDAS runs the instruction)",
                );
                mark(g, 0, at);
            }
        }
    }
}

impl Assembler<'_> {
    /// `.GLOBAL a,b,...` in an absolute assembly: the names are marked
    /// global in the symbol table DDT gets (their values are unchanged).
    pub(crate) fn global_names(&mut self) {
        loop {
            while matches!(self.reader.peek(), Some(' ' | '\t')) {
                self.reader.next();
            }
            let mut name = String::new();
            while let Some(c) = self.reader.peek().filter(|&c| crate::parse::is_squoze(c)) {
                name.push(c);
                self.reader.next();
            }
            if !name.is_empty() {
                self.globals.insert(crate::parse::key(&name));
            }
            while matches!(self.reader.peek(), Some(' ' | '\t')) {
                self.reader.next();
            }
            if self.reader.peek() != Some(',') {
                break;
            }
            self.reader.next();
        }
    }
}

/// What `FAD AC,M` leaves in AC when M holds 0 and AC holds the
/// nonnegative `ac`: `ac` normalized (the fraction, bits 9-35, shifted left
/// until bit 9 is set, the exponent, bits 1-8, reduced by the shift; a zero
/// fraction gives 0). None when the result is not that (another
/// instruction, other operands, an exponent underflow).
pub(crate) fn fad_of_zero(insn: u64, ac: u64, mem: u64) -> Option<u64> {
    const FRACTION: u64 = 0o777_777_777;
    if insn != FAD << 27 || mem != 0 || ac >> 35 != 0 {
        return None;
    }
    let mut fraction = ac & FRACTION;
    let exponent = (ac >> 27) & 0o377;
    if fraction == 0 {
        return Some(0);
    }
    let shift = u64::from(fraction.leading_zeros()) - (64 - 27);
    if shift > exponent {
        return None;
    }
    fraction <<= shift;
    Some(((exponent - shift) << 27) | fraction)
}

#[cfg(test)]
mod tests {
    use super::fad_of_zero;

    #[test]
    fn fad_of_zero_normalizes() {
        // Real MIDAS 433 (oracle): .OP FAD <32000,,1>,0 is 000400,,000000.
        assert_eq!(
            fad_of_zero(0o140 << 27, 0o032000_000001, 0),
            Some(0o000400_000000)
        );
        assert_eq!(
            fad_of_zero(0o140 << 27, 0o032000_400000, 0),
            Some(0o021400_000000)
        );
        assert_eq!(fad_of_zero(0o140 << 27, 0o032000_000000, 0), Some(0));
        // Underflow, another instruction, a nonzero memory word: refused.
        assert_eq!(fad_of_zero(0o140 << 27, 1, 0), None);
        assert_eq!(fad_of_zero(0o144 << 27, 0o032000_000001, 0), None);
        assert_eq!(fad_of_zero(0o140 << 27, 0o032000_000001, 1), None);
    }
}
