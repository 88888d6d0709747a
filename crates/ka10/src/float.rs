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
mod tests {
    use super::*;

    /// The float conformance vectors (a copy of the shared set; see
    /// `tests/vectors/`), produced by SIMH's KA10.
    const VECTORS: &str = include_str!("../tests/vectors/float.txt");

    /// The machine state a float vector touches: the 16 ACs (a vector shows
    /// AC0-AC2; the rest must stay zero), M[1000], M[1001] and the flags.
    #[derive(Clone, Copy, PartialEq, Eq)]
    struct State {
        ac: [u64; 16],
        m: [u64; 2],
        flags: u32,
    }

    impl std::fmt::Debug for State {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "ac")?;
            let shown = if self.ac[3..].iter().any(|&w| w != 0) {
                16
            } else {
                3
            };
            for w in &self.ac[..shown] {
                write!(f, " {w:012o}")?;
            }
            write!(
                f,
                " m {:012o} {:012o} flags {:06o}",
                self.m[0], self.m[1], self.flags
            )
        }
    }

    /// Parses the six state columns starting at `at`.
    fn parse_state(fields: &[&str], at: usize, line: usize) -> State {
        let w = |i: usize| {
            u64::from_str_radix(fields[at + i], 8).unwrap_or_else(|_| {
                panic!("float.txt:{line}: bad octal field {:?}", fields[at + i])
            })
        };
        let mut ac = [0; 16];
        ac[..3].copy_from_slice(&[w(0), w(1), w(2)]);
        State {
            ac,
            m: [w(3), w(4)],
            flags: w(5) as u32,
        }
    }

    /// Runs one floating instruction on `state` the way the CPU wires these
    /// functions: E = 1000 (m0) except in the immediate mode, AC+1 modulo 16.
    fn execute(insn: u64, state: &mut State) {
        let opcode = (insn >> 27) as u32;
        let ac = ((insn >> 23) & 0o17) as usize;
        let next = (ac + 1) & 0o17;
        assert_eq!(insn & 0o37000000, 0, "{insn:012o}: indexed or indirect");
        let e = (insn & 0o777777) as u32;
        let a = state.ac[ac];
        let out = match opcode {
            0o130 => {
                let out = ufa(a, state.m[0]);
                state.ac[next] = out.lo;
                out
            }
            0o131 => {
                let out = dfn(a, state.m[0]);
                state.ac[ac] = out.hi;
                state.m[0] = out.lo;
                out
            }
            0o132 => {
                let out = fsc(a, e);
                state.ac[ac] = out.hi;
                out
            }
            0o140..=0o177 => {
                let mode = opcode & 7;
                let operand = if mode == 5 {
                    u64::from(e) << 18
                } else {
                    state.m[0]
                };
                let (round, long) = (mode >= 4, mode == 1);
                let out = match (opcode >> 3) & 3 {
                    0 => fad(a, operand, round, long),
                    1 => fsb(a, operand, round, long),
                    2 => fmp(a, operand, round, long),
                    _ => fdv(a, state.ac[next], operand, round, long),
                };
                if out.store {
                    match mode {
                        1 => {
                            state.ac[ac] = out.hi;
                            state.ac[next] = out.lo;
                        }
                        2 | 6 => state.m[0] = out.hi,
                        3 | 7 => {
                            state.m[0] = out.hi;
                            state.ac[ac] = out.hi;
                        }
                        _ => state.ac[ac] = out.hi,
                    }
                }
                out
            }
            _ => panic!("not a floating instruction: {insn:012o}"),
        };
        state.flags |= out.flags;
    }

    /// Every vector in float.txt; prints the pass count per opcode group
    /// and the mismatches, in octal.
    #[test]
    fn conformance_vectors() {
        let mut groups: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
        let mut failures = Vec::new();
        for (index, text) in VECTORS.lines().enumerate() {
            let line = index + 1;
            if text.starts_with('#') || text.trim().is_empty() {
                continue;
            }
            // insn, six state columns, "->", six state columns, outcome, pc.
            let fields: Vec<&str> = text.split(' ').collect();
            assert_eq!(fields.len(), 16, "float.txt:{line}: expected 16 fields");
            assert_eq!(fields[7], "->", "float.txt:{line}");
            assert_eq!(
                (fields[14], fields[15]),
                ("N", "002001"),
                "float.txt:{line}"
            );
            let insn = u64::from_str_radix(fields[0], 8).expect("octal instruction");
            let before = parse_state(&fields, 1, line);
            let want = parse_state(&fields, 8, line);
            let mut got = before;
            execute(insn, &mut got);
            let entry = groups.entry(group_name(insn)).or_default();
            entry.1 += 1;
            if got == want {
                entry.0 += 1;
            } else {
                failures.push(format!(
                    "float.txt:{line}: {insn:012o}\n  in   {before:?}\n  want {want:?}\n  got  {got:?}"
                ));
            }
        }
        let total: usize = groups.values().map(|g| g.1).sum();
        let passed: usize = groups.values().map(|g| g.0).sum();
        for (group, (ok, all)) in &groups {
            println!("{group:5} {ok:5}/{all}");
        }
        println!("float.txt: {passed}/{total} vectors pass");
        for failure in failures.iter().take(40) {
            println!("{failure}");
        }
        assert_eq!(total, 6150, "float.txt holds 6150 vectors");
        assert!(failures.is_empty(), "{} vectors fail", failures.len());
    }

    fn group_name(insn: u64) -> &'static str {
        match insn >> 27 {
            0o130 => "UFA",
            0o131 => "DFN",
            0o132 => "FSC",
            op => match ((op >> 3) & 3, op & 7 == 1) {
                (0, false) => "FAD",
                (0, true) => "FADL",
                (1, false) => "FSB",
                (1, true) => "FSBL",
                (2, false) => "FMP",
                (2, true) => "FMPL",
                (3, false) => "FDV",
                _ => "FDVL",
            },
        }
    }

    // ---- From the manual's definitions ----

    const ONE: u64 = 0o201400000000;
    const TWO: u64 = 0o202400000000;
    const HALF: u64 = 0o200400000000;
    const MINUS_ONE: u64 = 0o576400000000;

    fn word(out: FpOut) -> (u64, u32) {
        (out.hi, out.flags)
    }

    #[test]
    fn one_plus_one_is_two() {
        assert_eq!(word(fad(ONE, ONE, false, false)), (TWO, 0));
        assert_eq!(word(fsb(TWO, ONE, false, false)), (ONE, 0));
        assert_eq!(word(fmp(TWO, HALF, false, false)), (ONE, 0));
        assert_eq!(word(fdv(ONE, 0, TWO, false, false)), (HALF, 0));
    }

    #[test]
    fn negative_numbers_are_twos_complements_of_the_whole_word() {
        assert_eq!(MINUS_ONE, negate(ONE));
        assert_eq!(word(fsb(0, ONE, false, false)), (MINUS_ONE, 0));
        assert_eq!(word(fmp(ONE, MINUS_ONE, false, false)), (MINUS_ONE, 0));
        assert_eq!(word(fmp(MINUS_ONE, MINUS_ONE, false, false)), (ONE, 0));
        assert_eq!(word(fdv(ONE, 0, MINUS_ONE, false, false)), (MINUS_ONE, 0));
        // -1 + 1 is a true zero, not a word with an exponent.
        assert_eq!(word(fad(MINUS_ONE, ONE, false, false)), (0, 0));
        // -0.5 + -0.5 = -1.0
        let minus_half = negate(HALF);
        assert_eq!(
            word(fad(minus_half, minus_half, false, false)),
            (MINUS_ONE, 0)
        );
    }

    #[test]
    fn results_are_normalized() {
        // 1.0 - 0.75 = 0.25 = 177400000000 (one normalizing shift of two).
        let three_quarters = 0o200600000000;
        assert_eq!(
            word(fsb(ONE, three_quarters, false, false)),
            (0o177400000000, 0)
        );
        // An unnormalized operand comes out normalized: 0.25 as 201100000000.
        assert_eq!(
            word(fad(0o201100000000, 0, false, false)),
            (0o177400000000, 0)
        );
    }

    #[test]
    fn rounding_adds_half_an_lsb() {
        // 1 + 2^-27: 27 fraction bits hold 1.0 + 2^-26 at best, so the
        // extra bit is half an LSB: truncated without R, rounded up with R.
        let tiny = 0o146400000000; // 2^-27 (exponent 200 - 26)
        assert_eq!(word(fad(ONE, tiny, false, false)), (ONE, 0));
        assert_eq!(word(fad(ONE, tiny, true, false)), (ONE + 1, 0));
        // 1/3: 0.25252...; FDVR rounds the last bit.
        let three = 0o202600000000;
        assert_eq!(word(fdv(ONE, 0, three, false, false)), (0o177525252525, 0));
        assert_eq!(word(fdv(ONE, 0, three, true, false)), (0o177525252525, 0));
        let two_thirds = fdv(TWO, 0, three, true, false).hi;
        assert_eq!(two_thirds, 0o200525252525);
        // 1/7 = 0.100100...(2) * 2^-2: the 28th bit is 1, so FDVR rounds up.
        let seven = 0o203700000000;
        assert_eq!(word(fdv(ONE, 0, seven, false, false)), (0o176444444444, 0));
        assert_eq!(word(fdv(ONE, 0, seven, true, false)), (0o176444444445, 0));
        // A negative result exactly half-way rounds away from zero, like a
        // positive one: -(1 + 2^-27) becomes -(1 + 2^-26).
        let out = fad(MINUS_ONE, negate(tiny), true, false);
        assert_eq!(word(out), (negate(ONE + 1), 0));
        assert_eq!(
            word(fad(MINUS_ONE, negate(tiny), false, false)),
            (negate(ONE + 1), 0)
        );
        // Just below half-way it rounds toward zero: -(1 + 2^-28) -> -1.
        let quarter_lsb = 0o145400000000; // 2^-28
        let out = fad(MINUS_ONE, negate(quarter_lsb), true, false);
        assert_eq!(word(out), (MINUS_ONE, 0));
    }

    #[test]
    fn exponent_overflow_and_underflow() {
        let big = 0o377400000000; // 2^127 * 0.5
        let small = 0o000400000000; // 2^-128 * 0.5
        let out = fmp(big, big, false, false);
        assert_eq!(out.flags, AROV | FOV);
        // 0.25 * 2^254 = 0.5 * 2^253: the exponent 200+253 = 575 wraps by
        // 256 (modulo 400) and reads 175.
        assert_eq!(out.hi, 0o175400000000);
        let out = fmp(small, small, false, false);
        // 0.5 * 2^-257: exponent 200-257 = -201, which reads 577 and 177.
        assert_eq!(out.flags, AROV | FOV | FXU);
        assert_eq!(out.hi, 0o177400000000);
        // Division by zero: no divide, nothing stored.
        let out = fdv(ONE, 0, 0, false, false);
        assert_eq!((out.flags, out.store), (AROV | FOV | DCK, false));
        // Dividend fraction at least twice the divisor's (possible with an
        // unnormalized divisor): no divide too.
        let out = fdv(0o201400000000, 0, 0o201200000000, false, false);
        assert_eq!((out.flags, out.store), (AROV | FOV | DCK, false));
        // A zero-fraction dividend stores nothing and sets nothing.
        let out = fdv(0o201000000000, 0, ONE, false, false);
        assert_eq!((out.flags, out.store), (0, false));
    }

    #[test]
    fn fsc_233_floats_an_integer() {
        assert_eq!(word(fsc(1, 0o233)), (ONE, 0));
        assert_eq!(word(fsc(5, 0o233)), (0o203500000000, 0));
        // -1 as an integer is the word -1: floated it is -1.0.
        assert_eq!(word(fsc(0o777777777777, 0o233)), (MINUS_ONE, 0));
        assert_eq!(word(fsc(0, 0o233)), (0, 0));
        // A negative E scales down: 1.0 * 2^-1.
        assert_eq!(word(fsc(ONE, 0o777777)), (HALF, 0));
    }

    #[test]
    fn ufa_does_not_normalize() {
        // 1.0 + 2^-10 = 2 * (1/2 + 2^-11), into AC+1 only.
        let out = ufa(ONE, 0o167400000000);
        assert_eq!((out.hi, out.lo, out.flags), (ONE, 0o201400200000, 0));
        // 1.0 - 0.75 stays unnormalized: 0.25 with exponent 201.
        let out = ufa(ONE, negate(0o200600000000));
        assert_eq!(out.lo, 0o201100000000);
        // A carry out of the fraction still shifts right once.
        let out = ufa(ONE, ONE);
        assert_eq!(out.lo, TWO);
    }

    #[test]
    fn dfn_negates_a_double() {
        // High 1.0, low 2^-27 * 0.5: -(1.0 + 2^-28).
        let out = dfn(ONE, 0o145400000000);
        assert_eq!((out.hi, out.lo), (0o576377777777, 0o145400000000));
        // A zero low fraction carries into the high word.
        let out = dfn(ONE, 0);
        assert_eq!((out.hi, out.lo), (MINUS_ONE, 0));
        assert_eq!(out.flags, 0);
    }

    /// Words for the property test: random words and floating edge cases.
    fn words() -> impl Iterator<Item = u64> {
        const EDGES: [u64; 12] = [
            0,
            SIGN,
            WORD,
            0o000400000000,
            0o377777777777,
            0o400400000000,
            0o777000000000,
            0o201400000000,
            0o576400000000,
            0o576377777777,
            0o000000000001,
            0o200000000001,
        ];
        // xorshift64: deterministic, no dependency.
        let mut x = 0x2545_f491_4f6c_dd1d_u64;
        EDGES.into_iter().chain(std::iter::from_fn(move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            Some(x & WORD)
        }))
    }

    /// A word is normalized: zero, or its magnitude's fraction has bit 9.
    fn normalized(w: u64) -> bool {
        let magnitude = if w & SIGN != 0 { negate(w) } else { w };
        w == 0 || magnitude & BIT9 != 0
    }

    #[test]
    fn any_operands_give_normalized_36_bit_words() {
        let operands: Vec<u64> = words().take(300).collect();
        for &a in &operands {
            for &b in &operands {
                for round in [false, true] {
                    for out in [
                        fad(a, b, round, true),
                        fsb(a, b, round, true),
                        fmp(a, b, round, true),
                        fdv(a, b, b, round, false),
                    ] {
                        assert!(out.hi <= WORD && out.lo <= WORD, "{a:012o} {b:012o}");
                        if out.store {
                            assert!(normalized(out.hi), "{a:012o} {b:012o}: {:012o}", out.hi);
                        }
                    }
                }
                let out = fdv(a, b, b, false, true);
                assert!(out.hi <= WORD && out.lo <= WORD);
                assert!(!out.store || normalized(out.hi), "FDVL {a:012o} {b:012o}");
                let out = ufa(a, b);
                assert_eq!(out.hi, a);
                assert!(out.lo <= WORD);
                // DFN twice is the identity on the fraction bits it negates.
                let twice = dfn(dfn(a, b).hi, dfn(a, b).lo);
                assert_eq!((twice.hi, twice.lo & FRACTION), (a, b & FRACTION));
            }
            let e = (a & 0o777777) as u32;
            assert!(normalized(fsc(a, e).hi), "FSC {a:012o},{e:o}");
        }
    }

    /// The value of a floating word (a negative word is the negative of its
    /// two's complement).
    fn value(w: u64) -> f64 {
        if w & SIGN != 0 {
            return -value(negate(w));
        }
        let exponent = ((w >> 27) & 0o377) as i32 - 0o200;
        (w & FRACTION) as f64 * 2f64.powi(exponent - 27)
    }

    #[test]
    fn fdvl_leaves_quotient_and_remainder() {
        // 1.0 / 3.0: the quotient is 1/3 to 27 bits, the remainder in AC+1
        // makes up the difference exactly: dividend = q * divisor + r.
        let three = 0o202600000000;
        let out = fdv(ONE, 0, three, false, true);
        assert_eq!((out.hi, out.flags, out.store), (0o177525252525, 0, true));
        assert_eq!(value(out.hi) * 3.0 + value(out.lo), 1.0);
        assert_eq!(value(out.lo), 2f64.powi(-28));
        // Negative dividend (the double word negated with DFN): -1.0 / 3.0.
        let minus = dfn(ONE, 0);
        let out = fdv(minus.hi, minus.lo, three, false, true);
        assert_eq!(out.hi, negate(0o177525252525));
        assert_eq!(value(out.hi) * 3.0 + value(out.lo), -1.0);
        // FDVL by zero: no divide.
        let out = fdv(ONE, 0, 0, false, true);
        assert_eq!((out.flags, out.store), (AROV | FOV | DCK, false));
    }

    #[test]
    fn long_modes_keep_the_low_part() {
        // 1.0 + 2^-30: the high word is 1.0, the low word holds 2^-30 as
        // the fraction 2^-4 with exponent 201-27 = 146.
        let out = fad(ONE, 0o143400000000, false, true);
        assert_eq!((out.hi, out.lo), (ONE, 0o146040000000));
        // FMPL: (1 - 2^-27)^2 = 1 - 2^-26 + 2^-54; the low word is the next
        // 27 bits of the product, unnormalized, with exponent 200-27 = 145.
        let almost = 0o200777777777;
        let out = fmp(almost, almost, false, true);
        assert_eq!((out.hi, out.lo), (0o200777777776, 0o145000000001));
    }
}
