//! `.BREAK`, the job's requests to DDT, its superior (`doc/sysdoc/uuos.114`
//! and DDT's `.BREAK 12,` spec words).

use super::{
    Ending, Flow, Step, System, BREAK_KILL, BREAK_QUIET, BREAK_RETURN, BREAK_VARIABLES, OPCMD,
};
use crate::machine::{load, store, Machine};
use crate::Outcome;
use pdp10_isa::Word;
use std::fmt::Write as _;

impl System {
    pub(super) fn dot_break(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        ac: u8,
        e: u32,
    ) -> Step {
        match ac {
            BREAK_RETURN => {
                let kill = e & BREAK_KILL != 0 && e & BREAK_QUIET == 0;
                Err(Ending::Outcome(Outcome::Finished {
                    message: (self.verbose && kill).then(|| ":KILL".to_string()),
                }))
            }
            BREAK_VARIABLES => {
                self.each_spec(m, pc, word, e, Self::break12)?;
                Ok(Flow::Next)
            }
            _ => Err(self.unimplemented(pc, word, &format!(".BREAK {ac:o}, (a DDT breakpoint)"))),
        }
    }

    /// Runs `f` on the spec word at `e`, or on each spec an AOBJN pointer
    /// at `e` points to when bit 4.8 is set (.SUSET and .BREAK 12).
    pub(super) fn each_spec<M: Machine>(
        &mut self,
        m: &mut M,
        pc: u32,
        word: Word,
        e: u32,
        f: fn(&mut Self, &mut M, u32, Word, Word) -> Result<(), Ending>,
    ) -> Result<(), Ending> {
        let spec = load(m, e).map_err(|x| self.mpv(pc, word, x))?;
        if spec.raw() & 0o200000_000000 == 0 {
            return f(self, m, pc, word, spec);
        }
        let mut pointer = spec;
        while pointer.is_negative() {
            let s = load(m, pointer.right() as u32).map_err(|x| self.mpv(pc, word, x))?;
            f(self, m, pc, word, s)?;
            pointer = Word::new(pointer.raw().wrapping_add(0o000001_000001));
            store(m, e, pointer).map_err(|x| self.mpv(pc, word, x))?;
        }
        Ok(())
    }

    pub(super) fn break12(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        spec: Word,
    ) -> Result<(), Ending> {
        let write = spec.is_negative();
        let kind = spec.left() & 0o177777;
        let at = spec.right() as u32;
        let mpv = |s: &Self, x| s.mpv(pc, word, x);
        match (kind, write) {
            (5, false) => {
                // ..RJCL: at least one word; then until a zero word has gone
                // or a non-zero word is about to be overwritten.
                let words = self.jcl.clone().unwrap_or_else(|| vec![Word::ZERO]);
                let mut i = 0usize;
                loop {
                    let w = words.get(i).copied().unwrap_or(Word::ZERO);
                    let a = (at + i as u32) & 0o777777;
                    store(m, a, w).map_err(|x| mpv(self, x))?;
                    i += 1;
                    if w.raw() == 0 {
                        break;
                    }
                    let next = (at + i as u32) & 0o777777;
                    if load(m, next).map_err(|x| mpv(self, x))?.raw() != 0 {
                        break;
                    }
                }
                if self.log.is_some() {
                    let _ = write!(self.note, " ..RJCL {i} words at {at:o}");
                }
                Ok(())
            }
            (5, true) => {
                self.jcl = None;
                self.vars.option &= !OPCMD;
                Ok(())
            }
            // ..RSTA/..SSTA: the start instruction (JRST addr, or 0 for
            // none), not just its address (ddt.33, .BREAK 12 type 1).
            (1, false) => store(m, at, self.image.start).map_err(|x| mpv(self, x)),
            (1, true) => {
                self.image.start = load(m, at).map_err(|x| mpv(self, x))?;
                Ok(())
            }
            (2, false) => {
                let n = self.loaded_name;
                for (k, w) in [n.device.0, n.dir.0, n.fn1.0, n.fn2.0]
                    .into_iter()
                    .enumerate()
                {
                    store(m, (at + k as u32) & 0o777777, w).map_err(|x| mpv(self, x))?;
                }
                Ok(())
            }
            (3, false) => {
                // ..RSTP: minus the length of DDT's symbol table for the
                // job (two words a symbol),,where it is in DDT, which
                // programs may not use (ddt.33): 0 here.
                let words = (2 * self.image.symbols.len() as u64) & 0o777777;
                let left = (0o1000000 - words) & 0o777777;
                store(m, at, Word::from_halves(left, 0)).map_err(|x| mpv(self, x))
            }
            (0o11, false) => store(m, at, self.vars.xuname.0).map_err(|x| mpv(self, x)),
            (0o12, false) => store(m, at, self.vars.xjname.0).map_err(|x| mpv(self, x)),
            _ => Err(self.unimplemented(pc, word, &format!(".BREAK 12, request {spec:?}"))),
        }
    }

    // ----- symbolic .CALL -----
}
