//! The 64 boolean (400-477), 64 half-word (500-577) and 64 test (600-677)
//! instructions (System Reference Manual 2.3, 2.8, 2.9).

use crate::memory::{Event, Regs, FULL, LMASK, RMASK};

/// The sixteen boolean functions of AC (`a`) and the memory operand (`m`),
/// numbered as bits 3-6 of the opcode number them: SETZ, AND, ANDCA, SETM,
/// ANDCM, SETA, XOR, IOR, ANDCB, EQV, SETCA, ORCA, SETCM, ORCM, ORCB, SETO.
///
/// The number is the function's truth table: bit 0 (value 1) is the result
/// for a=1 m=1, bit 1 for a=0 m=1, bit 2 for a=1 m=0, bit 3 for a=0 m=0
/// (AND = 1, IOR = 7, SETO = 17). Computed without branches.
#[inline(always)]
pub(crate) fn boolean(function: u32, a: u64, m: u64) -> u64 {
    let all = |bit: u32| 0u64.wrapping_sub(((function >> bit) & 1) as u64);
    let r = (all(0) & a & m) | (all(1) & !a & m) | (all(2) & a & !m) | (all(3) & !a & !m);
    r & FULL
}

/// Whether a boolean function reads its memory operand (SETZ, SETA, SETCA
/// and SETO do not, so they make no memory reference in basic mode).
#[inline(always)]
fn uses_memory(function: u32) -> bool {
    !matches!(function, 0 | 5 | 10 | 15)
}

/// A half-word transfer: `source` moved into `dest` according to the
/// opcode. Bit 040 of the opcode selects the destination half (right),
/// bit 004 takes the source from the other half, bits 030 say what
/// happens to the other half of the destination: kept, zeros, ones, or
/// extended with the sign of the half moved.
#[inline(always)]
pub(crate) fn half_word(op: u32, source: u64, dest: u64) -> u64 {
    let to_right = op & 0o40 != 0;
    let swap = op & 0o04 != 0;
    // The 18 bits moved.
    let half = if to_right != swap {
        source & RMASK
    } else {
        source >> 18
    };
    if op & 0o30 == 0 {
        // Keep the other half.
        return if to_right {
            (dest & LMASK) | half
        } else {
            (half << 18) | (dest & RMASK)
        };
    }
    // Z (010) zeros, O (020) ones, E (030) the sign of the half moved.
    let ones = if op & 0o10 == 0 {
        true
    } else {
        op & 0o20 != 0 && half & 0o400000 != 0
    };
    let other = if ones { RMASK } else { 0 };
    if to_right {
        (other << 18) | half
    } else {
        (half << 18) | other
    }
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// The boolean instructions: 16 functions x (basic, I, M, B).
    #[inline(always)]
    pub(crate) fn boolean_op(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        let function = (op >> 2) & 0o17;
        let a = self.get(ac);
        let m = if op & 3 == 1 {
            e as u64
        } else if uses_memory(function) {
            self.load(e)?
        } else {
            0
        };
        let r = boolean(function, a, m);
        self.put_by_mode(op, ac, e, r)
    }

    /// The half-word instructions: 16 transfers x (basic, I, M, S).
    #[inline(always)]
    pub(crate) fn half_word_op(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        if op & 2 == 0 {
            // Basic and immediate: into AC.
            let m = if op & 1 == 0 { self.load(e)? } else { e as u64 };
            let r = half_word(op, m, self.get(ac));
            self.put(ac, r);
        } else if op & 1 == 0 {
            // Memory: AC into E.
            let m = self.load(e)?;
            let r = half_word(op, self.get(ac), m);
            self.store(e, r)?;
        } else {
            // Self: E into E, and into AC when AC is not 0.
            let m = self.load(e)?;
            let r = half_word(op, m, m);
            self.store(e, r)?;
            if ac != 0 {
                self.put(ac, r);
            }
        }
        Ok(())
    }

    /// The test instructions: mask from E (TR: 0,,E; TL: E,,0; TD: C(E);
    /// TS: C(E) swapped), skip on the masked AC bits (never, all zero,
    /// always, not all zero), then modify the masked AC bits (none, zeros,
    /// complement, ones).
    #[inline(always)]
    pub(crate) fn test_op(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        // Bit 010: mask from memory; bit 001: swapped (L, S).
        let m = if op & 0o10 == 0 {
            e as u64
        } else {
            self.load(e)?
        };
        let mask = if op & 1 == 0 {
            m
        } else {
            ((m & RMASK) << 18) | (m >> 18)
        };
        let a = self.get(ac);
        let zero = a & mask == 0;
        // Bits 006: never, E (all zero), A (always), N (not all zero).
        let skip = if op & 2 == 0 {
            op & 4 != 0
        } else {
            zero != (op & 4 != 0)
        };
        // Bits 060: no change, Z, C, O.
        if op & 0o60 != 0 {
            let r = if op & 0o40 == 0 {
                a & !mask
            } else if op & 0o20 == 0 {
                a ^ mask
            } else {
                a | mask
            };
            self.put(ac, r);
        }
        if skip {
            crate::hint::keep_branch();
            self.skip();
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boolean_truth_tables() {
        // Each function on the four combinations a=1100, m=1010 (as the
        // System Reference Manual's table lays them out).
        let a = 0b1100;
        let m = 0b1010;
        let expected = [
            0b0000, 0b1000, 0b0010, 0b1010, 0b0100, 0b1100, 0b0110, 0b1110, 0b0001, 0b1001, 0b0011,
            0b1011, 0b0101, 0b1101, 0b0111, 0b1111,
        ];
        for (f, want) in expected.iter().enumerate() {
            assert_eq!(boolean(f as u32, a, m) & 0b1111, *want, "function {f}");
        }
        assert_eq!(boolean(15, 0, 0), FULL);
        assert_eq!(boolean(10, 0, 0), FULL);
    }

    #[test]
    fn half_words() {
        let src = 0o123456_765432;
        let dst = 0o111111_222222;
        assert_eq!(half_word(0o500, src, dst), 0o123456_222222); // HLL
        assert_eq!(half_word(0o504, src, dst), 0o765432_222222); // HRL
        assert_eq!(half_word(0o510, src, dst), 0o123456_000000); // HLLZ
        assert_eq!(half_word(0o524, src, dst), 0o765432_777777); // HRLO
        assert_eq!(half_word(0o534, src, dst), 0o765432_777777); // HRLE
        assert_eq!(half_word(0o530, src, dst), 0o123456_000000); // HLLE
        assert_eq!(half_word(0o540, src, dst), 0o111111_765432); // HRR
        assert_eq!(half_word(0o544, src, dst), 0o111111_123456); // HLR
        assert_eq!(half_word(0o554, src, dst), 0o000000_123456); // HLRZ
        assert_eq!(half_word(0o570, src, dst), 0o777777_765432); // HRRE
        assert_eq!(half_word(0o574, src, dst), 0o000000_123456); // HLRE
        assert_eq!(half_word(0o564, src, dst), 0o777777_123456); // HLRO
    }
}
