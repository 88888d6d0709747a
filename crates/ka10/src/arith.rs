//! Fixed-point arithmetic: MOVE/MOVS/MOVN/MOVM (200-217), IMUL/MUL/IDIV/DIV
//! (220-237), ADD/SUB (270-277), and the carry and overflow flags they set
//! (System Reference Manual 2.4 and 2.6).
//!
//! Modes are the low two bits of the opcode: 0 basic (AC, C(E)), 1 immediate
//! (AC, 0,,E), 2 memory (result to E), 3 both (self for the moves: result to
//! E, and to AC when AC is not 0).

use crate::flags::{AROV, CRY0, CRY1, DCK};
use crate::memory::{Event, Regs, C1, CMASK, FULL, RMASK, SIGN};

/// `a + b + carry_in` on 36 bits, with the flags an ADD sets: CRY0 is the
/// carry out of bit 0, CRY1 the carry out of bit 1 into bit 0, and AROV is
/// set when they differ (the signed result does not fit).
#[inline(always)]
pub(crate) fn add_with_flags(a: u64, b: u64, carry_in: u64) -> (u64, u32) {
    let sum = a + b + carry_in;
    // The carry into bit 0 is bit 35 of a ^ b ^ sum; the carry out of it is
    // bit 36 of the sum, which is also bit 36 of a ^ b ^ sum as a and b have
    // only 36 bits. So the two carries are (a ^ b ^ sum) >> 35, and both are
    // 0 in nearly every add: testing that with a branch the compiler must
    // keep (see `unlikely`) costs 5 host instructions instead of 9 for the
    // table look-up (callgrind, `AOJL 1,.`).
    //
    // With no carry out of bit 0 the sum already fits in 36 bits, so it is
    // masked only on the rare side: in `AOJL 1,.` the AC goes from one
    // instruction to the next through memory, and the mask would be one
    // more step on that chain.
    let carries = (a ^ b ^ sum) >> 35;
    let mut flags = 0;
    let mut sum = sum;
    if carries != 0 {
        crate::hint::keep_branch();
        flags = ADD_FLAGS[carries as usize & 3];
        sum &= FULL;
    }
    (sum, flags)
}

/// The flags of an add by (carry out of bit 0, carry into bit 0).
const ADD_FLAGS: [u32; 4] = [0, AROV | CRY1, AROV | CRY0, CRY0 | CRY1];

/// `a - b` as the KA10 does it, `a + ~b + 1`, with ADD's flags.
#[inline(always)]
pub(crate) fn sub_with_flags(a: u64, b: u64) -> (u64, u32) {
    add_with_flags(a, !b & FULL, 1)
}

/// Two's complement negation with flags (MOVN, MOVM): `~x + 1`. Negating 0
/// sets CRY0 and CRY1; negating 400000,,0 sets AROV and CRY1.
#[inline(always)]
pub(crate) fn negate_with_flags(x: u64) -> (u64, u32) {
    add_with_flags(!x & FULL, 0, 1)
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// The MOVE family's transformation by opcode bits 010 and 004: MOVE
    /// as is, MOVS swapped, MOVN negated, MOVM magnitude.
    #[inline(always)]
    fn move_transform(&mut self, op: u32, x: u64) -> u64 {
        if op & 0o10 == 0 {
            if op & 0o4 == 0 {
                x
            } else {
                ((x & RMASK) << 18) | (x >> 18)
            }
        } else if op & 0o4 == 0 || x & SIGN != 0 {
            let (r, f) = negate_with_flags(x);
            self.flags |= f;
            r
        } else {
            x
        }
    }

    /// MOVE, MOVS, MOVN, MOVM in all four modes (200-217).
    #[inline(always)]
    pub(crate) fn moves(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        if op & 2 == 0 {
            // Basic (C(E)) and immediate (0,,E) to AC.
            let m = if op & 1 == 0 { self.load(e)? } else { e as u64 };
            let r = self.move_transform(op, m);
            self.put(ac, r);
        } else if op & 1 == 0 {
            // Memory: AC to E.
            let r = self.move_transform(op, self.get(ac));
            self.store(e, r)?;
        } else {
            // Self: E to E, and to AC when AC is not 0.
            let r = self.move_transform(op, self.load(e)?);
            self.store(e, r)?;
            if ac != 0 {
                self.put(ac, r);
            }
        }
        Ok(())
    }

    /// ADD and SUB in all four modes (270-277).
    #[inline(always)]
    pub(crate) fn add_sub(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        let m = if op & 3 == 1 { e as u64 } else { self.load(e)? };
        let a = self.get(ac);
        let (r, f) = if op & 4 == 0 {
            add_with_flags(a, m, 0)
        } else {
            sub_with_flags(a, m)
        };
        self.flags |= f;
        self.put_by_mode(op, ac, e, r)
    }

    /// IMUL (220-223) and MUL (224-227).
    #[inline(always)]
    pub(crate) fn multiply(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        let m = if op & 3 == 1 { e as u64 } else { self.load(e)? };
        let a = self.get(ac);
        let (hi, lo, f) = if op & 4 == 0 {
            let (lo, f) = imul(a, m);
            (lo, lo, f)
        } else {
            mul(a, m)
        };
        self.flags |= f;
        if op & 4 == 0 {
            // IMUL: the single-word product.
            match op & 3 {
                0 | 1 => self.put(ac, lo),
                2 => self.store(e, lo)?,
                _ => {
                    self.store(e, lo)?;
                    self.put(ac, lo);
                }
            }
        } else {
            // MUL: AC,AC+1; MULM stores only the high word.
            match op & 3 {
                0 | 1 => {
                    self.put(ac + 1, lo);
                    self.put(ac, hi);
                }
                2 => self.store(e, hi)?,
                _ => {
                    self.store(e, hi)?;
                    self.put(ac + 1, lo);
                    self.put(ac, hi);
                }
            }
        }
        Ok(())
    }

    /// IDIV (230-233) and DIV (234-237). No divide sets AROV and DCK and
    /// changes neither AC nor memory.
    #[inline(always)]
    pub(crate) fn divide(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        let m = if op & 3 == 1 { e as u64 } else { self.load(e)? };
        let a = self.get(ac);
        let result = if op & 4 == 0 {
            idiv(a, m)
        } else {
            div(a, self.get(ac + 1), m)
        };
        let Some((q, r)) = result else {
            self.flags |= AROV | DCK;
            return Ok(());
        };
        match op & 3 {
            0 | 1 => {
                self.put(ac, q);
                self.put(ac + 1, r);
            }
            2 => self.store(e, q)?,
            _ => {
                self.store(e, q)?;
                self.put(ac, q);
                self.put(ac + 1, r);
            }
        }
        Ok(())
    }
}

/// The KA10 multiplier: magnitudes multiplied into a 70-bit product.
/// Returns the product's bits 0-35 (its high part), its low 35 bits, and
/// whether the result is negative; the callers apply the sign.
///
/// The KA10 quirk (DEC KA10 maintenance documentation; SIMH `kx10_cpu.c`):
/// when C(AC) is 400000,,0 its magnitude 2^35 is taken as positive, so the
/// product comes out with the wrong sign. `-2^35 * -2^35` thus gives
/// `-2^70` with AROV, which the System Reference Manual documents.
#[inline(always)]
fn magnitude_product(a: u64, m: u64) -> (u64, u64, bool) {
    let mut negative = false;
    let mut ar = m;
    let mut br = a;
    if ar & SIGN != 0 {
        ar = (!ar).wrapping_add(1) & FULL;
        negative = true;
    }
    if br & SIGN != 0 {
        br = (!br).wrapping_add(1) & FULL;
        negative = !negative;
    }
    if ar == 0 || br == 0 {
        return (0, 0, false);
    }
    if br == SIGN {
        negative = !negative;
    }
    let product = ar as u128 * br as u128;
    ((product >> 35) as u64, product as u64 & CMASK, negative)
}

/// IMUL: the low word of the product, sign in bit 0, and AROV when the
/// product does not fit in 36 bits: "set Overflow if the product is
/// greater than or equal to 2^35 or less than -2^35" (System Reference
/// Manual 2.6; SIMH misses the negative case, see the vectors' divergent
/// file). With C(AC) = 400000,,0 the KA10 quirk above applies, and the
/// overflow test is the hardware's (high part greater than the sign bit).
fn imul(a: u64, m: u64) -> (u64, u32) {
    let (high, low, negative) = magnitude_product(a, m);
    let overflow = if a == SIGN {
        high > negative as u64
    } else if negative {
        high > 1 || (high == 1 && low != 0)
    } else {
        high != 0
    };
    let result = if negative {
        ((low ^ CMASK) + 1) & CMASK | SIGN
    } else {
        low
    };
    // A negative product of magnitude 0 mod 2^35 comes out as 400000,,0 with
    // the carry into bit 0 lost, as the hardware's 35-bit MQ does.
    (result & FULL, if overflow { AROV } else { 0 })
}

/// MUL: the 70-bit product in AC (sign and high 35 bits) and AC+1 (sign and
/// low 35 bits). AROV only when the product is -2^35 * -2^35 (the one that
/// does not fit), which with the KA10 quirk shows as any product of
/// 400000,,0 that comes out negative.
fn mul(a: u64, m: u64) -> (u64, u64, u32) {
    let (mut high, mut low, negative) = magnitude_product(a, m);
    let mut f = 0;
    if high & SIGN != 0 {
        f = AROV;
    }
    if negative {
        high ^= FULL;
        low ^= CMASK;
        low += 1;
        if low & SIGN != 0 {
            high += 1;
            low &= CMASK;
        }
    }
    high &= FULL;
    low = (low & !SIGN) | (high & SIGN);
    if a == SIGN && high & SIGN != 0 {
        f = AROV;
    }
    (high, low, f)
}

/// IDIV: quotient and remainder (sign of the dividend), or `None` for no
/// divide: a divisor of 0, and on the KA10 400000,,0 divided by +-1 too.
fn idiv(a: u64, m: u64) -> Option<(u64, u64)> {
    let divisor = pdp10_isa::Word::new(m).signed();
    if divisor == 0 || (a == SIGN && (divisor == 1 || divisor == -1)) {
        return None;
    }
    let dividend = pdp10_isa::Word::new(a).signed();
    Some((
        (dividend / divisor) as u64 & FULL,
        (dividend % divisor) as u64 & FULL,
    ))
}

/// DIV: the 70-bit dividend in AC,AC+1 (bit 0 of AC+1 ignored) divided by
/// C(E). No divide when the high part of the dividend's magnitude is not
/// below the divisor's magnitude (the quotient would not fit in 35 bits).
fn div(high: u64, low: u64, m: u64) -> Option<(u64, u64)> {
    let negative_dividend = high & SIGN != 0;
    // The dividend as a 71-bit two's complement number, then its magnitude.
    let mut dividend: u128 = ((high as u128) << 35) | (low & CMASK) as u128;
    if negative_dividend {
        dividend = (!dividend).wrapping_add(1) & ((1u128 << 71) - 1);
    }
    let divisor = pdp10_isa::Word::new(m).signed();
    let magnitude = divisor.unsigned_abs() as u128;
    if dividend >> 35 >= magnitude {
        return None;
    }
    let mut q = (dividend / magnitude) as u64;
    let mut r = (dividend % magnitude) as u64;
    if negative_dividend != (divisor < 0) {
        q = (!q).wrapping_add(1) & FULL;
    }
    if negative_dividend {
        r = (!r).wrapping_add(1) & FULL;
    }
    Some((q, r))
}

/// `C1` must be the carry out of a 36-bit add.
const _: () = assert!(C1 == FULL + 1);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn add_flags_from_the_manual() {
        // 377777,,777777 + 1: overflow into the sign, CRY1 without CRY0.
        assert_eq!(
            add_with_flags(0o377777_777777, 1, 0),
            (0o400000_000000, AROV | CRY1)
        );
        // -1 + 1 = 0 with both carries, no overflow.
        assert_eq!(add_with_flags(FULL, 1, 0), (0, CRY0 | CRY1));
        // 400000,,0 + 400000,,0 = 0, CRY0 only: overflow.
        assert_eq!(add_with_flags(SIGN, SIGN, 0), (0, AROV | CRY0));
        assert_eq!(add_with_flags(2, 3, 0), (5, 0));
        // SUB: 0 - 1 = -1, no carries; 5 - 5 = 0 with both carries.
        assert_eq!(sub_with_flags(0, 1), (FULL, 0));
        assert_eq!(sub_with_flags(5, 5), (0, CRY0 | CRY1));
        // 400000,,0 - 1 overflows.
        assert_eq!(sub_with_flags(SIGN, 1), (CMASK, AROV | CRY0));
    }

    #[test]
    fn negate_edge_cases() {
        assert_eq!(negate_with_flags(0), (0, CRY0 | CRY1));
        assert_eq!(negate_with_flags(SIGN), (SIGN, AROV | CRY1));
        assert_eq!(negate_with_flags(1), (FULL, 0));
    }

    #[test]
    fn multiply() {
        assert_eq!(imul(3, 5), (15, 0));
        assert_eq!(imul(FULL, 5), (FULL - 4, 0));
        // 2^18 * 2^18 = 2^36: overflow, low bits 0.
        assert_eq!(imul(1 << 18, 1 << 18).1, AROV);
        // MUL 3 * -2 = -6 as a double word: AC all ones, AC+1 sign set.
        assert_eq!(mul(3, FULL - 1), (FULL, (FULL - 5) & FULL, 0));
        // -2^35 * -2^35 = 2^70 does not fit: documented AROV.
        let (_, _, f) = mul(SIGN, SIGN);
        assert_eq!(f, AROV);
        // The KA10 quirk: 400000,,0 * -1 gives AC = -1, AC+1 = 400000,,0.
        assert_eq!(mul(SIGN, FULL), (FULL, SIGN, AROV));
    }

    #[test]
    fn division() {
        assert_eq!(idiv(7, 2), Some((3, 1)));
        assert_eq!(idiv(FULL - 6, 2), Some((FULL - 2, FULL)));
        assert_eq!(idiv(7, 0), None);
        assert_eq!(idiv(SIGN, 1), None);
        assert_eq!(idiv(SIGN, FULL), None);
        assert_eq!(idiv(SIGN, 2), Some((0o600000_000000, 0)));
        // DIV: (0,,0 ; 0,,10) / 3.
        assert_eq!(div(0, 8, 3), Some((2, 2)));
        // High word >= divisor: no divide.
        assert_eq!(div(3, 0, 3), None);
        assert_eq!(div(0, 0, 0), None);
        // -1 (AC = -1, AC+1 = 400000,,777777... i.e. -1 as a double) / 1.
        assert_eq!(div(FULL, FULL, 1), Some((FULL, 0)));
    }
}
