//! KA10 floating point: FAD, FSB, FMP, FDV (every mode), FSC, UFA and DFN.
//!
//! A KA10 floating-point word is a sign (bit 0), an excess-200 exponent
//! (bits 1-8) and a 27-bit fraction (bits 9-35); a negative number is the
//! two's complement of the whole positive word, so its exponent field reads
//! as the one's complement of the exponent.  1.0 is 201400000000.
//!
//! The functions here are pure: they take the operands and return what the
//! instruction stores and which flags it sets; the CPU picks the destination
//! by mode (plain, L, M, B, R, RI, RM, RB).
//!
//! The arithmetic follows the KA10 bit for bit, including its corners (the
//! conformance vectors in `tests/vectors/float.txt` are the judge):
//! * Exponents are worked out in nine bits; a result whose exponent ends
//!   out of range (bit 0400 set) stores the low eight bits (it wraps by 256)
//!   and sets Overflow and Floating Overflow, and also Floating Underflow
//!   when the exponent came from below (under 200 before the normalizing
//!   shifts); an underflow also zeroes the low word of a long result.
//! * FAD/FSB/FMP/FSC/UFA work in a 64-bit two's-complement register holding
//!   the fraction with 34 bits below it (see the `register` module).  They normalize,
//!   keep one guard bit below the long low word, and round the rounded modes
//!   by adding half an LSB to the two's-complement fraction, except that a
//!   negative result exactly half-way gets nothing added, so that it rounds
//!   away from zero just as a positive one does.
//! * FDV divides the 27-bit magnitudes; "no divide" (the dividend's
//!   fraction at least twice the divisor's, which includes division by
//!   zero) sets Overflow, Floating Overflow and No Divide and stores nothing.
//!   A dividend with a zero fraction (other than 400000000000) stores
//!   nothing and sets no flag.
//! * The long modes leave the low-order part in AC+1 with its own exponent,
//!   27 less than the high word's, and a positive sign; it is zero when that
//!   exponent would be negative.

use crate::flags::{AROV, DCK, FOV, FXU};

/// Result of a floating instruction: `hi` goes to the AC (or memory, by mode), `lo` to AC+1
/// (long modes, UFA's AC+1, DFN's memory), `flags` are PC flag bits to OR in (AROV|FOV|FXU|DCK,
/// values as in crate::flags: AROV 0o400000, FOV 0o040000, FXU 0o000100, DCK 0o000040), `store` is
/// false when nothing may be stored (FDV no-divide).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct FpOut {
    /// The word for the AC, or for memory in the M and B modes (B: both).
    /// UFA: C(AC), unchanged (its result is in `lo`).
    pub hi: u64,
    /// The word for AC+1 in the long modes (FADL, FSBL, FMPL, FDVL) and for
    /// UFA; the word for memory E in DFN.  Zero where no such word exists.
    pub lo: u64,
    /// PC flags to OR into the flags (never cleared).
    pub flags: u32,
    /// False when the instruction stores nothing: FDV's no-divide, and FDV
    /// of a dividend whose fraction is zero (then `flags` is 0).
    pub store: bool,
}

/// Bit 0 of a word: the sign.
const SIGN: u64 = 1 << 35;
/// The 36 bits of a word.
const WORD: u64 = (1 << 36) - 1;
/// Bits 9-35: the fraction.
const FRACTION: u64 = (1 << 27) - 1;
/// Bits 1-8: the exponent.
const EXPONENT: u64 = 0o377 << 27;
/// Bit 9, the first fraction bit: set in a normalized positive fraction.
const BIT9: u64 = 1 << 26;
/// Bit 8, just above the fraction.
const BIT8: u64 = 1 << 27;
/// Bit 7.
const BIT7: u64 = 1 << 28;

/// The working register of FAD/FSB/FMP/FSC/UFA: a 64-bit two's-complement
/// number.  A word with its sign smeared through the exponent field is
/// shifted left 34 places, so bits 63-61 all copy the sign, bit 60 is the
/// first fraction bit (word bit 9), bits 60-34 are the fraction and bits
/// 33-0 extend it (the long low word and the rounding bit live there).
mod register {
    /// Bit 63: the extra sign copy kept by arithmetic right shifts.
    pub const HIGH: u64 = 1 << 63;
    /// Bit 62: the sign.
    pub const SIGN: u64 = 1 << 62;
    /// Bit 61: differs from the sign after a carry out of the fraction.
    pub const OVERFLOW: u64 = 1 << 61;
    /// Bit 60: the first fraction bit.
    pub const FIRST: u64 = 1 << 60;
    /// Bits 33-0: below the single-word fraction.
    pub const LOW: u64 = (1 << 34) - 1;
    /// Bit 33: the first bit below the fraction (half an LSB).
    pub const HALF: u64 = 1 << 33;
    /// Bit 34: the fraction's LSB.
    pub const LSB: u64 = 1 << 34;
    /// Bits 62-34: sign copy and fraction.
    pub const SIGN_AND_FRACTION: u64 = ((1 << 29) - 1) << 34;
    /// Bits 5-0: dropped after the first alignment (the KA10 keeps one bit
    /// below the 54-bit double fraction, no more).
    pub const BEYOND_GUARD: u64 = 0o77;
}

/// The sign, exponent and fraction of `word` as they enter the register.
fn to_register(word: u64) -> u64 {
    let smeared = if word & SIGN != 0 {
        word | EXPONENT
    } else {
        word & FRACTION
    };
    smeared << 34
}

/// The true exponent field (0-377) of a word: one's-complemented back when
/// the word is negative.
fn exponent(word: u64) -> i32 {
    let field = ((word >> 27) & 0o377) as i32;
    if word & SIGN != 0 {
        field ^ 0o377
    } else {
        field
    }
}

/// Bits 0-8 of a word (sign and exponent field), as a nine-bit number.
fn sign_and_exponent(word: u64) -> i32 {
    ((word >> 27) & 0o777) as i32
}

/// The nine-bit exponent of a word, its sign bit included, with the field
/// un-complemented when the word is negative (what FMP and FDV add up).
fn signed_exponent(word: u64) -> i32 {
    let nine = sign_and_exponent(word);
    if word & SIGN != 0 {
        nine ^ 0o777
    } else {
        nine
    }
}

/// Two's complement of a word, in 36 bits.
fn negate(word: u64) -> u64 {
    (WORD ^ word).wrapping_add(1) & WORD
}

/// Bit 0400 of a nine-bit exponent differs from bit 0200: the exponent is
/// 200-577, in the upper half of the range or above it.  Taken before the
/// normalizing shifts, it tells an overflow (true) from an underflow when
/// the final exponent is out of range.
fn in_upper_half(sc: i32) -> bool {
    (sc & 0o400 != 0) != (sc & 0o200 != 0)
}

/// How [`finish`] treats the register.
#[derive(Clone, Copy)]
struct Finish {
    /// Normalize (all but UFA).
    normalize: bool,
    /// Round (the R modes).
    round: bool,
    /// Produce the low-order word (FADL, FSBL, FMPL).
    long: bool,
}

/// Normalizes, rounds and packs the register `ar` with exponent `sc`;
/// `negative` is the result's sign.  Returns the high word, the low word
/// (long modes) and the flags.
fn finish(mut ar: u64, mut sc: i32, negative: bool, how: Finish) -> (u64, u64, u32) {
    use register::{BEYOND_GUARD, FIRST, HALF, HIGH, LOW, LSB, OVERFLOW, SIGN_AND_FRACTION};
    let mut flags = 0;
    // Whether the exponent was in the upper half before the normalizing
    // shifts: an out-of-range result is then an overflow, else an underflow.
    let mut started_high = false;
    // A carry out of the fraction: shift right once.
    if (ar & register::SIGN != 0) != (ar & OVERFLOW != 0) {
        sc += 1;
        ar = (ar & HIGH) | (ar >> 1);
    }
    let mut low;
    if ar != 0 {
        ar &= !BEYOND_GUARD;
        if in_upper_half(sc) {
            started_high = true;
        }
        if how.normalize {
            let mut rounded = false;
            // Normalize, round once, normalize again: two passes at most.
            // Normalizing takes fewer than 64 shifts (the register is
            // nonzero); the bounds only make termination evident.
            for _ in 0..2 {
                for _ in 0..64 {
                    let sign = ar & register::SIGN != 0;
                    if ar == 0 || sign != (ar & OVERFLOW != 0) || sign != (ar & FIRST != 0) {
                        break;
                    }
                    sc -= 1;
                    ar <<= 1;
                }
                // A negative fraction of exactly -1 (sign and overflow bits
                // set, nothing below): make it -1/2 with the exponent up.
                if ar & SIGN_AND_FRACTION == register::SIGN | OVERFLOW {
                    sc += 1;
                    ar = (ar & HIGH) | (ar >> 1);
                }
                if rounded || !how.round || ar & HALF == 0 {
                    break;
                }
                let first = ar & FIRST != 0;
                // A negative result exactly half-way is left as it is.
                if ar & register::SIGN == 0 || ar & LOW != HALF {
                    ar = ar.wrapping_add(LSB);
                }
                rounded = true;
                ar &= !LOW;
                if (ar & FIRST != 0) != first {
                    sc += 1;
                    ar = (ar & HIGH) | (ar >> 1);
                }
            }
        }
        low = ar & LOW;
        ar >>= 34;
        if negative {
            ar |= SIGN;
        }
    } else {
        ar = 0;
        low = 0;
        sc = 0;
    }
    if sc & 0o400 != 0 {
        flags |= AROV | FOV;
        if !started_high {
            flags |= FXU;
            low = 0;
        }
    }
    let field = if ar & SIGN != 0 { sc ^ 0o377 } else { sc };
    let mut hi = (ar & (SIGN | FRACTION)) | (((field & 0o377) as u64) << 27);
    let mut lo = 0;
    if how.long {
        let low_exponent = (sc - 27) & 0o777;
        if low_exponent & 0o400 != 0 {
            low = 0;
        }
        lo = (low >> 7) & FRACTION;
        if lo != 0 {
            lo |= ((low_exponent & 0o377) as u64) << 27;
        }
    }
    // A zero fraction makes the whole word zero.
    if hi & FRACTION == 0 {
        hi = 0;
    }
    (hi & WORD, lo, flags)
}

/// Adds two words in the register: `br` is the first operand (C(AC) for
/// FAD and UFA), `ar` the second.  Returns the sum, its exponent and sign.
fn add(mut ar: u64, mut br: u64) -> (u64, i32, bool) {
    // The nine-bit difference of the sign-and-exponent fields tells which
    // operand has the larger magnitude exponent and by how much.
    let same_sign = (br & SIGN) == (ar & SIGN);
    let mut scad = if same_sign {
        sign_and_exponent(br) + (sign_and_exponent(ar) ^ 0o777) + 1
    } else {
        sign_and_exponent(br) + sign_and_exponent(ar)
    } & 0o777;
    // Keep the operand with the larger exponent in `ar`.
    if (br & SIGN != 0) == (scad & 0o400 != 0) {
        std::mem::swap(&mut ar, &mut br);
    }
    let same_sign = (br & SIGN) == (ar & SIGN);
    if scad & 0o400 == 0 {
        scad = if same_sign {
            ((scad ^ 0o777) + 1) & 0o777
        } else {
            scad ^ 0o777
        };
    } else if !same_sign {
        scad = (scad + 1) & 0o777;
    }
    let sc = exponent(ar);
    let ar = to_register(ar);
    let mut br = to_register(br);
    // Align the smaller operand: arithmetic right shift by the difference.
    if scad & 0o400 != 0 {
        let shift = 0o1000 - scad;
        let fill = if br & register::SIGN != 0 { !0u64 } else { 0 };
        br = if shift < 61 {
            (br >> shift) | (fill << (61 - shift))
        } else if shift < 65 {
            fill
        } else {
            0
        };
    }
    let sum = ar.wrapping_add(br);
    (sum, sc, sum & register::SIGN != 0)
}

/// FAD/FSB/UFA after the operands are in place.
fn add_and_finish(ac: u64, operand: u64, how: Finish) -> (u64, u64, u32) {
    let (sum, sc, negative) = add(operand, ac);
    finish(sum, sc, negative, how)
}

/// FAD, FADL, FADM, FADB, FADR, FADRI, FADRM, FADRB: C(AC) + operand.
pub(crate) fn fad(ac: u64, operand: u64, round: bool, long: bool) -> FpOut {
    let how = Finish {
        normalize: true,
        round,
        long,
    };
    let (hi, lo, flags) = add_and_finish(ac, operand, how);
    FpOut {
        hi,
        lo,
        flags,
        store: true,
    }
}

/// FSB and its modes: C(AC) - operand, computed as C(AC) plus the two's
/// complement of the operand.
pub(crate) fn fsb(ac: u64, operand: u64, round: bool, long: bool) -> FpOut {
    let how = Finish {
        normalize: true,
        round,
        long,
    };
    // The negated operand enters where FAD takes C(AC), and C(AC) where FAD
    // takes the operand (which matters only to the choice of alignment).
    let (sum, sc, negative) = add(ac, negate(operand));
    let (hi, lo, flags) = finish(sum, sc, negative, how);
    FpOut {
        hi,
        lo,
        flags,
        store: true,
    }
}

/// The magnitude of a multiplier or divisor word and the exponent
/// adjustment: a negative word with a zero fraction counts as fraction 1/2
/// with the exponent one up (`step` = +1 for FMP, -1 for FDV).
fn magnitude(word: u64, sc: &mut i32, step: i32) -> u64 {
    if word & SIGN == 0 {
        word
    } else if word & FRACTION == 0 {
        *sc += step;
        BIT9
    } else {
        negate(word)
    }
}

/// FMP and its modes: C(AC) * operand.
pub(crate) fn fmp(ac: u64, operand: u64, round: bool, long: bool) -> FpOut {
    let mut sc = (signed_exponent(ac) + signed_exponent(operand) + 0o600) & 0o777;
    let negative = (ac & SIGN != 0) != (operand & SIGN != 0);
    let a = magnitude(operand, &mut sc, 1) & FRACTION;
    let b = magnitude(ac, &mut sc, 1) & FRACTION;
    // 27 x 27 bits, placed with the binary point at bit 61.
    let mut product = (a * b) << 7;
    if negative {
        product = (!product).wrapping_add(1);
    }
    let how = Finish {
        normalize: true,
        round,
        long,
    };
    let (hi, lo, flags) = finish(product, sc, negative, how);
    FpOut {
        hi,
        lo,
        flags,
        store: true,
    }
}

/// FDV's no-divide: Overflow, Floating Overflow and No Divide; nothing
/// stored.
const NO_DIVIDE: FpOut = FpOut {
    hi: 0,
    lo: 0,
    flags: AROV | FOV | DCK,
    store: false,
};

/// FDV and its modes: C(AC) / operand.  `long` is FDVL: the dividend is the
/// double word C(AC), C(AC+1) (`ac_low`), the quotient goes to AC and the
/// remainder, as a floating number, to AC+1.
pub(crate) fn fdv(ac: u64, ac_low: u64, operand: u64, round: bool, long: bool) -> FpOut {
    if long {
        return fdv_long(ac, ac_low, operand);
    }
    let mut sc = signed_exponent(ac);
    let divisor_exponent = signed_exponent(operand);
    let mut dividend = ac;
    if ac & FRACTION == 0 {
        if ac == SIGN {
            // 400000000000 (sign alone; its exponent reads 377) is taken
            // as the positive fraction 1/2 with the exponent one lower.
            dividend = BIT9;
            sc -= 1;
        } else {
            return FpOut {
                hi: 0,
                lo: 0,
                flags: 0,
                store: false,
            };
        }
    }
    let mut negative = false;
    if dividend & SIGN != 0 {
        dividend = negate(dividend);
        negative = true;
    }
    let divisor = if operand & SIGN != 0 {
        negative = !negative;
        magnitude(operand, &mut sc, -1)
    } else {
        operand
    };
    sc = (sc + ((0o777 ^ divisor_exponent) + 1) + 0o201) & 0o777;
    let divisor = divisor & FRACTION;
    let dividend = dividend & FRACTION;
    if dividend >= divisor << 1 {
        return NO_DIVIDE;
    }
    // 29 quotient bits: one more than the fraction, one for rounding.  The
    // dividend's fraction is nonzero and less than twice the divisor's, so
    // 2 < q < 2^29.
    let mut q = (dividend << 28) / divisor;
    if q & BIT7 != 0 {
        q >>= 1;
    } else {
        sc -= 1;
    }
    let started_high = in_upper_half(sc) || sc == 0o600;
    if round {
        q += 1;
    }
    q >>= 1;
    // Here 0 < q < 2^27, so a set bit reaches bit 9 within 26 shifts.
    for _ in 0..27 {
        if q & BIT9 != 0 {
            break;
        }
        q <<= 1;
        sc -= 1;
    }
    let mut flags = 0;
    if sc & 0o400 != 0 {
        flags |= AROV | FOV;
        if !started_high {
            flags |= FXU;
        }
    }
    if negative {
        q = (((q ^ FRACTION) + 1) & FRACTION) | SIGN;
    }
    let field = if q & SIGN != 0 { sc ^ 0o377 } else { sc };
    let hi = (q | (((field & 0o377) as u64) << 27)) & WORD;
    FpOut {
        hi,
        lo: 0,
        flags,
        store: true,
    }
}

/// FDVL: the double-length dividend C(AC), C(AC+1) divided by the operand;
/// quotient to AC, remainder to AC+1.
fn fdv_long(ac: u64, ac_low: u64, operand: u64) -> FpOut {
    let mut sc = signed_exponent(ac);
    // The divisor's exponent enters one's-complemented (minus, less one).
    let complement = if operand & SIGN != 0 { 0 } else { 0o777 };
    sc += (complement ^ sign_and_exponent(operand)) & 0o777;
    sc = (sc + 0o201) & 0o777;
    // The remainder's exponent: 26 below the dividend's.
    let mut fe = signed_exponent(ac) - 26;
    let mut high = ac;
    let mut low = ac_low;
    let mut negative = false;
    let mut dividend_negative = false;
    if high & SIGN != 0 {
        // Negate the double word: the low fraction, then the high word
        // with the carry out of it.
        low = (WORD ^ low).wrapping_add(1) & FRACTION;
        high ^= WORD;
        if low == 0 {
            high += 1;
        }
        negative = true;
        dividend_negative = true;
    }
    low &= FRACTION;
    let mut divisor = operand;
    if divisor & SIGN != 0 {
        divisor = (WORD ^ divisor) + 1;
        negative = !negative;
    }
    let divisor = divisor & FRACTION;
    let high = high & FRACTION;
    if high >= divisor << 1 {
        return NO_DIVIDE;
    }
    // Restoring division of the 54-bit dividend fraction, one quotient bit
    // per step.
    let mut remainder = (high << 27) + low;
    let divisor = divisor << 27;
    if remainder < divisor {
        remainder <<= 1;
        sc -= 1;
        fe -= 1;
    }
    let mut q = 0u64;
    for _ in 0..27 {
        q <<= 1;
        if remainder >= divisor {
            remainder -= divisor;
            q |= 1;
        }
        remainder <<= 1;
    }
    let mut rest = remainder >> 28;
    sc += 1;
    let mut upper_half = false;
    if q != 0 {
        if q & BIT8 != 0 {
            sc += 1;
            fe += 1;
            q >>= 1;
        }
        // q is nonzero, so a set bit reaches bit 9 within 27 shifts.
        for _ in 0..27 {
            if q & BIT9 != 0 {
                break;
            }
            q <<= 1;
            sc -= 1;
        }
        if in_upper_half(sc) {
            upper_half = true;
        }
        if negative {
            q = ((q ^ FRACTION) + 1) | SIGN;
        }
    } else {
        // A zero quotient (a dividend tiny beside the divisor) is a true
        // zero, whatever the signs.
        sc = 0;
        fe = 0;
    }
    let mut flags = 0;
    if sc & 0o400 != 0 {
        flags |= AROV | FOV;
        if !upper_half {
            flags |= FXU;
        }
    }
    let field = if q & SIGN != 0 { sc ^ 0o377 } else { sc };
    let hi = ((q & (SIGN | FRACTION)) | (((field & 0o377) as u64) << 27)) & WORD;
    if rest != 0 {
        rest &= FRACTION;
        if dividend_negative {
            rest = ((rest ^ FRACTION) + 1) | SIGN;
        }
        if fe < 0 {
            rest = 0;
            fe = 0;
        } else if dividend_negative {
            fe ^= 0o377;
        }
        rest |= ((fe & 0o377) as u64) << 27;
    }
    FpOut {
        hi,
        lo: rest & WORD,
        flags,
        store: true,
    }
}

/// FSC: scale C(AC) by 2^E (E's sign bit 18 and its low eight bits), then
/// normalize.  FSC AC,233 floats an integer of up to 27 bits.
pub(crate) fn fsc(ac: u64, e: u32) -> FpOut {
    // The count is E's sign (bit 18) as the nine-bit sign, with bits 28-35.
    let sign = if e & 0o400000 != 0 { 0o400 } else { 0 };
    let scale = sign | (e & 0o377) as i32;
    let sc = (exponent(ac) + scale) & 0o777;
    let how = Finish {
        normalize: true,
        round: false,
        long: false,
    };
    let (hi, _, flags) = finish(to_register(ac), sc, ac & SIGN != 0, how);
    FpOut {
        hi,
        lo: 0,
        flags,
        store: true,
    }
}

/// UFA: C(AC) + operand without normalizing (beyond the one right shift a
/// carry needs); the result goes to AC+1 (`lo`), C(AC) is unchanged (`hi`).
pub(crate) fn ufa(ac: u64, operand: u64) -> FpOut {
    let how = Finish {
        normalize: false,
        round: false,
        long: false,
    };
    let (sum, _, flags) = add_and_finish(ac, operand, how);
    FpOut {
        hi: ac,
        lo: sum,
        flags,
        store: true,
    }
}

/// DFN: negate the double-length number C(AC) (high), C(E) (low).  The
/// low word's fraction is negated and keeps the low word's own sign and
/// exponent bits; the high word is complemented, plus one when the low
/// fraction came out zero (the carry).  `hi` goes to AC, `lo` to E.
pub(crate) fn dfn(ac: u64, operand: u64) -> FpOut {
    let low_negated = negate(operand);
    let carry = u64::from(low_negated & FRACTION == 0);
    let hi = ((WORD ^ ac) + carry) & WORD;
    let lo = (low_negated & FRACTION) | (operand & !FRACTION & WORD);
    FpOut {
        hi,
        lo,
        flags: 0,
        store: true,
    }
}

#[cfg(test)]
#[path = "float_tests.rs"]
mod tests;
