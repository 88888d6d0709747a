//! `.OP insn,acdata,memdata` and `.AOP` (manual, node on the pseudo-ops:
//! "executes <insn> on an AC containing <acdata> and a memory location
//! containing <memdata>, and returns what this leaves in the AC"; see
//! `op_exec`), and `.GLOBAL` in an absolute assembly.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::gather::{mark, Gathered, Stop};
use crate::source::Span;

const WORD_MASK: u64 = (1 << 36) - 1;

impl Assembler<'_> {
    /// `.OP`: executes the instruction and leaves what it leaves in the AC
    /// in the statement.
    pub(crate) fn op_function(&mut self, at: Span, g: &mut Gathered) {
        let Some([insn, ac, mem]) = self.op_fields(at) else {
            return;
        };
        let value = self.execute_op(at, insn, ac, mem).unwrap_or(0);
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
            while matches!(self.reader.peek(), Some(' ' | '\t')) {
                self.reader.next();
            }
            if k > 0
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
    pub(crate) fn execute_op(&mut self, at: Span, insn: u64, ac: u64, mem: u64) -> Option<u64> {
        match crate::op_exec::execute(insn, ac, mem, self.options.time) {
            Ok(r) => {
                self.symbols.set_state(".AVAL1", r.ac);
                self.symbols.set_state(".AVAL2", r.mem);
                self.symbols
                    .set_state(".ASKIP", if r.skipped { WORD_MASK } else { 0 });
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
