//! Shifts and rotates (240-246) and JFFO (System Reference Manual 2.5).
//!
//! The count is taken from E: bit 18 is its sign and only bits 28-35
//! count, so a shift moves at most 255 places. For ASH, LSH, ASHC and LSHC
//! a negative count is the two's complement of those 8 bits (E = 777400 is
//! a shift of 0); ROT and ROTC take 777400 as a rotation of 256 places
//! right (as SIMH's KA10, whose vectors show it).

use crate::flags::AROV;
use crate::memory::{Event, Regs, CMASK, FULL, SIGN};

/// Shift count for ASH, LSH, ASHC, LSHC: (right?, places 0-255).
#[inline(always)]
fn shift_count(e: u32) -> (bool, u32) {
    if e & 0o400000 != 0 {
        (true, e.wrapping_neg() & 0o377)
    } else {
        (false, e & 0o377)
    }
}

/// Rotation count for ROT, ROTC: (right?, places 0-256).
#[inline(always)]
fn rotate_count(e: u32) -> (bool, u32) {
    if e & 0o400000 != 0 {
        let low = e & 0o377;
        (
            true,
            if low == 0 {
                0o400
            } else {
                low.wrapping_neg() & 0o377
            },
        )
    } else {
        (false, e & 0o377)
    }
}

/// ASH: arithmetic shift. Left shifts keep the sign and set AROV if any bit
/// shifted out of bit 1 differs from it.
pub(crate) fn ash(a: u64, e: u32) -> (u64, u32) {
    let (right, n) = shift_count(e);
    if n == 0 {
        return (a, 0);
    }
    let sign = a & SIGN;
    if right {
        let v = pdp10_isa::Word::new(a).signed() >> n.min(63);
        return (v as u64 & FULL, 0);
    }
    let magnitude = a & CMASK;
    // The bits that leave through bit 1: the top min(n, 35) magnitude bits.
    let k = n.min(35);
    let lost = magnitude >> (35 - k);
    let expected = if sign != 0 { (1u64 << k) - 1 } else { 0 };
    // Beyond 35 places the zeros shifted in at bit 35 leave too: they
    // differ from a negative sign.
    let flags = if lost != expected || (n > 35 && sign != 0) {
        AROV
    } else {
        0
    };
    let shifted = if n >= 35 { 0 } else { (magnitude << n) & CMASK };
    (sign | shifted, flags)
}

/// ROT: rotate AC left (or right for a negative count).
pub(crate) fn rot(a: u64, e: u32) -> u64 {
    let (right, n) = rotate_count(e);
    let mut n = n % 36;
    if right {
        n = (36 - n) % 36;
    }
    if n == 0 {
        a
    } else {
        ((a << n) | (a >> (36 - n))) & FULL
    }
}

/// LSH: logical shift, zeros in.
pub(crate) fn lsh(a: u64, e: u32) -> u64 {
    let (right, n) = shift_count(e);
    if n > 35 {
        0
    } else if right {
        a >> n
    } else {
        (a << n) & FULL
    }
}

/// ASHC: arithmetic shift of the 70-bit magnitude in AC bits 1-35 and
/// AC+1 bits 1-35; both words get AC's sign in bit 0. Left shifts set AROV
/// if a bit shifted out of AC bit 1 differs from the sign.
pub(crate) fn ashc(high: u64, low: u64, e: u32) -> (u64, u64, u32) {
    let (right, n) = shift_count(e);
    if n == 0 {
        return (high, low, 0);
    }
    let sign = high & SIGN;
    let magnitude: u128 = (((high & CMASK) as u128) << 35) | (low & CMASK) as u128;
    let mask70: u128 = (1 << 70) - 1;
    let mut flags = 0;
    let result = if right {
        // Arithmetic right shift of the 71-bit signed value.
        let fill: u128 = if sign != 0 { !mask70 } else { 0 };
        let v = ((magnitude | fill) as i128) >> n.min(100);
        v as u128 & mask70
    } else {
        let k = n.min(70);
        let lost = magnitude >> (70 - k);
        let expected = if sign != 0 { (1u128 << k) - 1 } else { 0 };
        if lost != expected || (n > 70 && sign != 0) {
            flags = AROV;
        }
        if n >= 70 {
            0
        } else {
            (magnitude << n) & mask70
        }
    };
    (
        sign | (result >> 35) as u64,
        sign | (result as u64 & CMASK),
        flags,
    )
}

/// ROTC: rotate the 72 bits of AC,AC+1.
pub(crate) fn rotc(high: u64, low: u64, e: u32) -> (u64, u64) {
    let (right, n) = rotate_count(e);
    let mut n = n % 72;
    if right {
        n = (72 - n) % 72;
    }
    let v: u128 = ((high as u128) << 36) | low as u128;
    let mask72: u128 = (1 << 72) - 1;
    let r = if n == 0 {
        v
    } else {
        ((v << n) | (v >> (72 - n))) & mask72
    };
    ((r >> 36) as u64, r as u64 & FULL)
}

/// LSHC: logical shift of the 72 bits of AC,AC+1.
pub(crate) fn lshc(high: u64, low: u64, e: u32) -> (u64, u64) {
    let (right, n) = shift_count(e);
    let v: u128 = ((high as u128) << 36) | low as u128;
    let mask72: u128 = (1 << 72) - 1;
    let r = if n > 71 {
        0
    } else if right {
        v >> n
    } else {
        (v << n) & mask72
    };
    ((r >> 36) as u64, r as u64 & FULL)
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// ASH, ROT, LSH, JFFO, ASHC, ROTC, LSHC (240-246).
    #[inline(always)]
    pub(crate) fn shift_op(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        let a = self.get(ac);
        match op {
            0o240 => {
                let (r, f) = ash(a, e);
                self.flags |= f;
                self.put(ac, r);
            }
            0o241 => self.put(ac, rot(a, e)),
            0o242 => self.put(ac, lsh(a, e)),
            0o243 => {
                // JFFO: jump if AC is not zero, AC+1 = number of leading zeros.
                if a == 0 {
                    self.put(ac + 1, 0);
                } else {
                    self.put(ac + 1, (a.leading_zeros() - 28) as u64);
                    self.record_jump();
                    self.pc = e;
                }
            }
            _ => {
                let b = self.get(ac + 1);
                let (h, l) = match op {
                    0o244 => {
                        let (h, l, f) = ashc(a, b, e);
                        self.flags |= f;
                        (h, l)
                    }
                    0o245 => rotc(a, b, e),
                    _ => lshc(a, b, e),
                };
                self.put(ac, h);
                self.put(ac + 1, l);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEG: fn(u32) -> u32 = |n| (0o1000000 - n) & 0o777777;

    #[test]
    fn ash_edges() {
        assert_eq!(ash(1, 3), (8, 0));
        assert_eq!(ash(FULL - 7, NEG(2)), (FULL - 1, 0)); // -8 >> 2 = -2
        assert_eq!(ash(0o200000_000000, 1), (0, AROV)); // lost a 1 into the sign
                                                        // -1 by 35 is -2^35 and fits; by 36 a zero shifted in leaves.
        assert_eq!(ash(FULL, 35), (SIGN, 0));
        assert_eq!(ash(FULL, 36), (SIGN, AROV));
        assert_eq!(ash(FULL, 1), (FULL - 1, 0));
        // Documented result where SIMH differs (vectors README 6.2).
        assert_eq!(ash(0o777777_777000, 0o103), (SIGN, AROV));
        assert_eq!(ash(0o200000_000000, 30), (0, AROV));
        // E = 777400: a count of 0.
        assert_eq!(ash(5, 0o777400), (5, 0));
        // Counts beyond 35 right: all sign.
        assert_eq!(ash(SIGN, NEG(200)), (FULL, 0));
        assert_eq!(ash(CMASK, NEG(40)), (0, 0));
    }

    #[test]
    fn rotations_and_logical_shifts() {
        assert_eq!(rot(SIGN | 1, 1), 3);
        assert_eq!(rot(1, NEG(1)), SIGN);
        assert_eq!(rot(0o123, 36), 0o123);
        assert_eq!(rot(0o123, 0o777400), rot(0o123, NEG(256 % 36)));
        assert_eq!(lsh(FULL, NEG(35)), 1);
        assert_eq!(lsh(FULL, 36), 0);
        assert_eq!(lsh(FULL, 0o777400), FULL);
        assert_eq!(lshc(1, 0, NEG(36)), (0, 1));
        assert_eq!(lshc(0, SIGN, 1), (1, 0));
        assert_eq!(lshc(FULL, FULL, 72), (0, 0));
        assert_eq!(rotc(SIGN, 0, 1), (0, 1));
        assert_eq!(rotc(1, 2, 36), (2, 1));
        assert_eq!(rotc(1, 2, NEG(72)), (1, 2));
    }

    #[test]
    fn ashc_edges() {
        // 1 in AC+1 shifted left 35: into AC bit 35; AC+1 bit 0 gets the sign.
        assert_eq!(ashc(0, 1, 35), (1, 0, 0));
        // Negative numbers keep the sign in both words.
        assert_eq!(ashc(FULL, FULL, NEG(1)), (FULL, FULL, 0));
        assert_eq!(ashc(0o200000_000000, 0, 1), (0, 0, AROV));
        assert_eq!(ashc(0, 1, 70), (0, 0, AROV));
        assert_eq!(ashc(0, 0o17, NEG(2)), (0, 3, 0));
    }
}
