//! Program control: EXCH, BLT, AOBJP/AOBJN, JRST, JFCL (250-255), the
//! stack (PUSHJ, PUSH, POP, POPJ), JSR, JSP, JSA, JRA (260-267), and the
//! compare, jump and skip families (300-377). System Reference Manual 2.6,
//! 2.9, 2.10.
//!
//! On the KA10 the stack and AOBJ instructions add or subtract 1,,1 as one
//! 36-bit number: a carry out of the right half goes into the left. The
//! carry out of bit 0 is the pushdown-overflow condition (an APR flag).

use crate::arith::add_with_flags;
use crate::flags::{AROV, BIS, CRY0, CRY1, DCK, FOV, FXU, USER, USERIO};
use crate::hint::keep_branch;
use crate::memory::map::{DIRECT_JPC, PROTECTED_JPC};
use crate::memory::{Event, Regs, C1, FULL, HALF, RMASK, SIGN};

/// 1,,1.
const ONE_ONE: u64 = 0o000001_000001;
/// -1,,-1 as the KA10 adds it: 777776,,777777.
const MINUS_ONE_ONE: u64 = 0o777776_777777;

/// Whether a condition (low three bits of the opcode: never, L, E, LE, A,
/// GE, N, G) holds for a value that is `less` than, or `equal` to, the
/// other (0 for the jump and skip families).
#[inline(always)]
pub(crate) fn condition(op: u32, less: bool, equal: bool) -> bool {
    let f = (less as u32 | (equal as u32) << 1) & op;
    (op & 4 != 0) == (f == 0)
}

/// Signed 36-bit `a < b`.
#[inline(always)]
fn signed_less(a: u64, b: u64) -> bool {
    (a ^ SIGN) < (b ^ SIGN)
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// Records a jump for the JPC: called by every jump instruction (taken
    /// jumps only, for the conditional ones) before it changes the PC, so
    /// `self.pc` is still the address after the jump instruction (after
    /// the XCT, for an executed one, and after the UUO for the
    /// instruction in 41: the PC the hardware holds then). The KA10 ITS
    /// pager loads its JPC register on JUMPx, AOJx, SOJx, AOBJx, JFFO,
    /// JFCL (taken), and on JRST, PUSHJ, POPJ, JSR, JSP, JSA and JRA
    /// (SIMH's KA10, `kx10_cpu.c`; sysdoc/usr.102 ".JPC - Last Jump
    /// Address"). Only the `JPC` instances of `Regs` do it (an ITS job's;
    /// `docs/speed.md` has the cost).
    #[inline(always)]
    pub(crate) fn record_jump(&mut self) {
        // One switch on `MAP`, as in `Regs::load`.
        #[allow(clippy::single_match)]
        match MAP {
            DIRECT_JPC | PROTECTED_JPC => self.io.jpc_next = self.pc,
            _ => {}
        }
    }

    /// The PC word JSR, JSP and PUSHJ store: flags,,return address.
    #[inline(always)]
    fn return_word(&self) -> u64 {
        ((self.flags as u64) << 18) | self.pc as u64
    }

    /// CAI, CAM, JUMP, SKIP, AOJ, AOS, SOJ, SOS (300-377), told apart by
    /// opcode bits 040 (AOx/SOx), 020 (JUMP, SKIP, SOx) and 010 (CAM,
    /// SKIP, AOS, SOS: memory).
    #[inline(always)]
    pub(crate) fn compare_jump_skip(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        if op & 0o40 == 0 {
            if op & 0o20 == 0 {
                // CAI (0,,E) and CAM (C(E)): compare AC with it, skip.
                let m = if op & 0o10 == 0 {
                    e as u64
                } else {
                    self.load(e)?
                };
                let a = self.get(ac);
                if condition(op, signed_less(a, m), a == m) {
                    keep_branch();
                    self.skip();
                }
            } else if op & 0o10 == 0 {
                // JUMP: test AC, jump.
                let a = self.get(ac);
                if condition(op, a & SIGN != 0, a == 0) {
                    keep_branch();
                    self.record_jump();
                    self.pc = e;
                }
            } else {
                // SKIP: test C(E), load it into a non-zero AC, skip.
                let m = self.load(e)?;
                if ac != 0 {
                    self.put(ac, m);
                }
                if condition(op, m & SIGN != 0, m == 0) {
                    keep_branch();
                    self.skip();
                }
            }
            return Ok(());
        }
        // Add +-1 with ADD's flags (SOx adds 777777,,777777).
        let delta = if op & 0o20 == 0 { 1 } else { FULL };
        if op & 0o10 == 0 {
            // AOJ, SOJ: AC, then jump.
            let (r, f) = add_with_flags(self.get(ac), delta, 0);
            self.flags |= f;
            self.put(ac, r);
            if condition(op, r & SIGN != 0, r == 0) {
                keep_branch();
                self.record_jump();
                self.pc = e;
            }
        } else {
            // AOS, SOS: memory, to AC too when AC is not 0, then skip.
            let (r, f) = add_with_flags(self.load(e)?, delta, 0);
            self.flags |= f;
            if ac != 0 {
                self.put(ac, r);
            }
            self.store(e, r)?;
            if condition(op, r & SIGN != 0, r == 0) {
                keep_branch();
                self.skip();
            }
        }
        Ok(())
    }

    /// EXCH: C(AC) and C(E) exchanged.
    #[inline(always)]
    pub(crate) fn exch(&mut self, ac: u32, e: u32) -> Result<(), Event> {
        let m = self.load(e)?;
        self.store(e, self.get(ac))?;
        self.put(ac, m);
        Ok(())
    }

    /// BLT: copy from the left half of AC to the right half, word by word,
    /// until the destination reaches E. At least one word always moves, and
    /// the KA10 leaves AC as it was at the end.
    #[inline]
    pub(crate) fn blt(&mut self, ac: u32, e: u32) -> Result<(), Event> {
        let mut pointer = self.get(ac);
        loop {
            let source = ((pointer >> 18) & RMASK) as u32;
            let dest = (pointer & RMASK) as u32;
            let w = self.load(source)?;
            self.store(dest, w)?;
            pointer = (pointer + ONE_ONE) & FULL;
            if dest >= e {
                return Ok(());
            }
        }
    }

    /// AOBJP (252) and AOBJN (253): AC + 1,,1 (a full-word add), jump on
    /// the sign of the result.
    #[inline(always)]
    pub(crate) fn aobj(&mut self, op: u32, ac: u32, e: u32) {
        let r = (self.get(ac) + ONE_ONE) & FULL;
        self.put(ac, r);
        if (r & SIGN != 0) == (op == 0o253) {
            keep_branch();
            self.record_jump();
            self.pc = e;
        }
    }

    /// JRST (254). AC bits: 1 enter user mode, 2 restore flags from the
    /// left half of the last word of the effective-address calculation,
    /// 4 HALT, 10 dismiss the highest held interrupt level. In user
    /// mode without USERIO, HALT and JEN are illegal: they trap.
    #[inline]
    pub(crate) fn jrst(&mut self, ac: u32, e: u32, w: u64) -> Result<(), Event> {
        if ac & 0o14 != 0 && self.flags & (USER | USERIO) == USER {
            return Err(Event::Trap(crate::TrapKind::Io));
        }
        if ac & 2 != 0 {
            let (_, last) = self.ea_indexed(w)?;
            self.restore_flags((last >> 18) as u32);
        }
        if ac & 1 != 0 {
            self.flags |= USER;
        }
        if ac & 0o10 != 0 {
            self.io.pi.dismiss();
        }
        self.record_jump();
        self.pc = e;
        if ac & 4 != 0 {
            return Err(Event::Halt);
        }
        Ok(())
    }

    /// JRSTF's flag restore. In exec mode USER and USERIO come from the
    /// word; in user mode USER stays set and USERIO can be cleared but not
    /// set.
    fn restore_flags(&mut self, new: u32) {
        const RESTORED: u32 = AROV | CRY0 | CRY1 | FOV | BIS | FXU | DCK;
        self.flags &= !RESTORED;
        if self.flags & USER == 0 {
            self.flags |= new & (USER | USERIO);
        }
        if new & USERIO == 0 {
            self.flags &= !USERIO;
        }
        self.flags |= new & RESTORED;
    }

    /// JFCL (255): jump if any flag selected by AC (10 AROV, 4 CRY0,
    /// 2 CRY1, 1 FOV) is set; clear the selected flags.
    #[inline(always)]
    pub(crate) fn jfcl(&mut self, ac: u32, e: u32) {
        let selected = ac << 14;
        if self.flags & selected != 0 {
            keep_branch();
            self.record_jump();
            self.pc = e;
        }
        self.flags &= !selected;
    }

    /// PUSHJ (260): push flags,,return address, jump to E.
    #[inline(always)]
    pub(crate) fn pushj(&mut self, ac: u32, e: u32) -> Result<(), Event> {
        let word = self.return_word();
        self.flags &= !BIS;
        let pointer = self.get(ac) + ONE_ONE;
        if pointer & C1 != 0 {
            self.io.pushdown_overflow = true;
        }
        self.store((pointer & RMASK) as u32, word)?;
        self.put(ac, pointer & FULL);
        self.record_jump();
        self.pc = e;
        Ok(())
    }

    /// PUSH (261): push C(E).
    #[inline(always)]
    pub(crate) fn push(&mut self, ac: u32, e: u32) -> Result<(), Event> {
        let m = self.load(e)?;
        let pointer = self.get(ac) + ONE_ONE;
        if pointer & C1 != 0 {
            self.io.pushdown_overflow = true;
        }
        self.store((pointer & RMASK) as u32, m)?;
        self.put(ac, pointer & FULL);
        Ok(())
    }

    /// POP (262): pop into E. The KA10 stores the AC before memory, which
    /// shows when E is the stack AC itself.
    #[inline(always)]
    pub(crate) fn pop(&mut self, ac: u32, e: u32) -> Result<(), Event> {
        let old = self.get(ac);
        let m = self.load((old & RMASK) as u32)?;
        let pointer = old + MINUS_ONE_ONE;
        self.put(ac, pointer & FULL);
        if let Err(fault) = self.store(e, m) {
            self.put(ac, old);
            return Err(fault);
        }
        if pointer & C1 == 0 {
            self.io.pushdown_overflow = true;
        }
        Ok(())
    }

    /// POPJ (263): pop the return address into the PC.
    #[inline(always)]
    pub(crate) fn popj(&mut self, ac: u32) -> Result<(), Event> {
        let old = self.get(ac);
        let m = self.load((old & RMASK) as u32)?;
        let pointer = old + MINUS_ONE_ONE;
        self.record_jump();
        self.pc = (m & RMASK) as u32;
        if pointer & C1 == 0 {
            self.io.pushdown_overflow = true;
        }
        self.put(ac, pointer & FULL);
        Ok(())
    }

    /// JSR (264): flags,,return address into E, jump to E+1.
    #[inline(always)]
    pub(crate) fn jsr(&mut self, e: u32) -> Result<(), Event> {
        self.store(e, self.return_word())?;
        self.flags &= !BIS;
        self.record_jump();
        self.pc = (e + 1) & HALF;
        Ok(())
    }

    /// JSP (265): flags,,return address into AC, jump to E.
    #[inline(always)]
    pub(crate) fn jsp(&mut self, ac: u32, e: u32) {
        let word = self.return_word();
        self.flags &= !BIS;
        self.put(ac, word);
        self.record_jump();
        self.pc = e;
    }

    /// JSA (266): C(AC) into E, E,,return address into AC, jump to E+1.
    #[inline(always)]
    pub(crate) fn jsa(&mut self, ac: u32, e: u32) -> Result<(), Event> {
        let old = self.get(ac);
        self.put(ac, ((e as u64) << 18) | self.pc as u64);
        self.store(e, old)?;
        self.record_jump();
        self.pc = (e + 1) & HALF;
        Ok(())
    }

    /// JRA (267): AC from the word its left half addresses, jump to E.
    #[inline(always)]
    pub(crate) fn jra(&mut self, ac: u32, e: u32) -> Result<(), Event> {
        let m = self.load((self.get(ac) >> 18) as u32)?;
        self.put(ac, m);
        self.record_jump();
        self.pc = e;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn conditions() {
        // (less, equal) for a negative, zero and positive value.
        let cases = [(true, false), (false, true), (false, false)];
        let expect: [[bool; 3]; 8] = [
            [false, false, false], // never
            [true, false, false],  // L
            [false, true, false],  // E
            [true, true, false],   // LE
            [true, true, true],    // A
            [false, true, true],   // GE
            [true, false, true],   // N
            [false, false, true],  // G
        ];
        for (op, row) in expect.iter().enumerate() {
            for (case, want) in cases.iter().zip(row) {
                assert_eq!(condition(op as u32, case.0, case.1), *want, "{op} {case:?}");
            }
        }
        assert!(signed_less(SIGN, 0));
        assert!(signed_less(FULL, 0));
        assert!(!signed_less(0, SIGN));
        assert!(signed_less(SIGN, SIGN + 1));
    }
}
