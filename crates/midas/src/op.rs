//! `.OP insn,acdata,memdata` and `.AOP` (manual, node on the pseudo-ops:
//! "executes <insn> on an AC containing <acdata> and a memory location
//! containing <memdata>, and returns what this leaves in the AC"; see
//! `op_exec`), and `.GLOBAL` in an absolute assembly. Without a
//! [`processor`](crate::Options::processor), two uses the real sources make
//! of `.OP` are still done here, their result being exact without one: FAD
//! of a nonnegative word and 0, which normalizes the word (syseng;jsf
//! macros's FLGBP finds a flag's bit this way), and ROT and LSH by a count
//! in the instruction or in memdata (sysen2;ipljob).

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::gather::{mark, Gathered, Stop};
use crate::source::Span;

/// FAD's opcode (node on the instruction set; DEC's KA10 manual).
const FAD: u64 = 0o140;

impl Assembler<'_> {
    /// `.OP`: executes the instruction and leaves what it leaves in the AC
    /// in the statement (0 when it is refused).
    pub(crate) fn op_function(&mut self, at: Span, g: &mut Gathered) {
        let value = match self.op_fields(at) {
            Some([insn, ac, mem]) => self.execute_op(at, insn, ac, mem).unwrap_or(0),
            None => 0,
        };
        mark(g, value, at);
    }

    /// `.AOP`: executes the instruction; nothing is left in the statement.
    pub(crate) fn assembly_op(&mut self, at: Span) {
        if let Some([insn, ac, mem]) = self.op_fields(at) {
            self.execute_op(at, insn, ac, mem);
        }
    }

    /// Reads `.OP`'s three fields (each ended by a blank or a comma; a
    /// missing acdata or memdata is 0).
    fn op_fields(&mut self, at: Span) -> Option<[u64; 3]> {
        let mut fields = [0u64; 3];
        for (k, field) in fields.iter_mut().enumerate() {
            self.reader.skip_blanks();
            if k > 0
                && !self
                    .reader
                    .peek()
                    .is_some_and(|c| c.is_ascii_alphanumeric() || "<(-+[.#".contains(c))
            {
                break;
            }
            // Each field ends at a blank (`.OP FDVR 20.0 2.714`), a comma
            // or a bracket it does not open (`[.OP FDVR PIE 4.0]`).
            let mut f = Gathered::new(at);
            self.gather_into(&mut f, Stop::Word);
            let text = f.text.trim().to_string();
            match crate::parse::expression(&text, self.radix) {
                Ok(w) => *field = self.word(&w, &f).w,
                Err(e) => {
                    self.error(f.span_at(e.offset), ErrorKind::Syntax, e.message);
                    return None;
                }
            }
            if matches!(self.reader.peek(), Some(',' | ' ' | '\t')) && k < 2 {
                self.reader.next();
            }
        }
        // A fourth field: real MIDAS 433 does not add it to the value
        // (`.OP ADDI 7,5,100` is 12); refused rather than guessed.
        if self.reader.peek() == Some(',') {
            self.error(
                at,
                ErrorKind::Syntax,
                ".OP takes three fields: insn,acdata,memdata",
            );
            return None;
        }
        Some(fields)
    }

    /// Executes a `.OP` or `.AOP`: sets .AVAL1, .AVAL2 and .ASKIP and
    /// returns .AVAL1; None (and an error) when it is refused.
    fn execute_op(&mut self, at: Span, insn: u64, ac: u64, mem: u64) -> Option<u64> {
        let fallback = || fad_of_zero(insn, ac, mem).or_else(|| shift(insn, ac, mem));
        let cpu = self.options.processor.as_deref();
        match crate::op_exec::a_op1(insn, ac, mem, self.options.time, cpu, fallback) {
            Ok(r) => {
                self.symbols.set_state(".AVAL1", r.ac);
                self.symbols.set_state(".AVAL2", r.mem);
                let skip = if r.skipped { pdp10_isa::WORD_MASK } else { 0 };
                self.symbols.set_state(".ASKIP", skip);
                Some(r.ac)
            }
            Err(why) => {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    format!(".OP of {insn:012o} is refused: {why} (real MIDAS executes it)"),
                );
                None
            }
        }
    }
}

impl Assembler<'_> {
    /// The squoze characters next in the input, `!`s among them skipped.
    pub(crate) fn name_without_bangs(&mut self) -> String {
        let mut name = String::new();
        while let Some(c) = self
            .reader
            .peek()
            .filter(|&c| crate::parse::is_squoze(c) || c == '!')
        {
            if c != '!' {
                name.push(c);
            }
            self.reader.next();
        }
        name
    }

    /// `.GLOBAL a,b,...`: the names are global (in an absolute assembly,
    /// marked so in the symbol table DDT gets; their values are
    /// unchanged), each entered in real MIDAS's symbol table if new.
    pub(crate) fn global_names(&mut self) {
        let at = self.reader.span();
        loop {
            self.reader.skip_blanks();
            // `!` is nothing here as in a statement (a macro's `$!T!B`
            // declares `$T` and B's value, muddle.347's TYPMAK).
            let name = self.name_without_bangs();
            if !name.is_empty() {
                // Real MIDAS's A.GLOB reads the name as GETVAL does a
                // symbol's: a name not in its table gets an entry there
                // (a global exit until defined). Six characters count
                // (`.GLOBAL IMPURIFY` is IMPURI).
                let key = crate::parse::key(&name);
                let place = self.symbols.resolve(&key);
                self.symbols.note_named(&place);
                self.globals.insert(key.clone());
                self.global_declared(&key, at);
            }
            self.reader.skip_blanks();
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

/// What `.OP` of ROT or LSH leaves in the AC, where that does not depend
/// on MIDAS's own registers: the AC is A (acdata), and E, worked out as
/// A.OP1 does ([`op_exec`](crate::op_exec)), is the count (ipljob's
/// `.OP <ROT @> W,8` rotates W left 8 bits). The count is E's bits 28-35,
/// negative (right) when bit 18 is set (node on the instruction set; DEC's
/// KA10 manual); only counts from 0 to 255 left are taken.
pub(crate) fn shift(insn: u64, ac: u64, mem: u64) -> Option<u64> {
    const ROT: u64 = 0o241;
    const LSH: u64 = 0o242;
    let t = crate::op_exec::with_defaults(insn);
    let op = t >> 27;
    if !matches!(op, ROT | LSH) || (t >> 23) & 0o17 != crate::op_exec::OP_AC as u64 {
        return None;
    }
    let e = crate::op_exec::effective_address(t, &[ac, mem]).ok()?;
    if e > 0o377 {
        return None;
    }
    let n = e as u32;
    Some(if op == ROT {
        let n = n % 36;
        ((ac << n) | (ac >> ((36 - n) % 36))) & pdp10_isa::WORD_MASK
    } else if n >= 36 {
        0
    } else {
        (ac << n) & pdp10_isa::WORD_MASK
    })
}

#[cfg(test)]
mod tests {
    use super::{fad_of_zero, shift};

    #[test]
    fn rot_and_lsh_through_memdata_or_their_own_address() {
        // Real MIDAS 433 (oracle): .OP <ROT @> 1234,8 is 516000, .OP
        // <LSH 10> 7,0 is 3400, .OP LSH 3,3 is 30 (E is MIDAS's register B,
        // 3); an AC field or an index is refused.
        assert_eq!(
            shift(0o241_000_000_000 | 1 << 22, 0o1234, 8),
            Some(0o516000)
        );
        assert_eq!(shift(0o242_000_000_010, 7, 0), Some(0o3400));
        assert_eq!(shift(0o242_000_000_000, 3, 0o3), Some(0o30));
        assert_eq!(shift(0o241_000_000_000 | 0o17 << 18, 5, 0), None);
        assert_eq!(shift(0o241_040_000_003, 5, 0), None);
    }

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
