//! The 36-bit word.
//!
//! Bits are numbered as DEC numbers them: bit 0 is the sign (most significant),
//! bit 35 the least significant. The left half is bits 0-17, the right half
//! bits 18-35. A [`Word`] always holds a value below 2^36.

use std::fmt;

/// All 36 bits of a word.
pub const WORD_MASK: u64 = (1 << 36) - 1;
/// All 18 bits of a half word.
pub const HALF_MASK: u64 = (1 << 18) - 1;
/// The sign bit (bit 0), 400000,,0.
pub const SIGN_BIT: u64 = 1 << 35;

/// A 36-bit PDP-10 word, stored in the low bits of a `u64`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
#[repr(transparent)]
pub struct Word(u64);

impl Word {
    /// The word 0.
    pub const ZERO: Word = Word(0);
    /// The word -1 (all ones).
    pub const ONES: Word = Word(WORD_MASK);

    /// A word from the low 36 bits of `value`; higher bits are dropped.
    #[inline(always)]
    pub const fn new(value: u64) -> Word {
        Word(value & WORD_MASK)
    }

    /// A word from its left and right halves (each truncated to 18 bits).
    #[inline(always)]
    pub const fn from_halves(left: u64, right: u64) -> Word {
        Word(((left & HALF_MASK) << 18) | (right & HALF_MASK))
    }

    /// A word holding the two's complement of `value`, truncated to 36 bits.
    #[inline(always)]
    pub const fn from_i64(value: i64) -> Word {
        Word(value as u64 & WORD_MASK)
    }

    /// The 36 bits as an unsigned number.
    #[inline(always)]
    pub const fn raw(self) -> u64 {
        self.0
    }

    /// The word as a signed 36-bit number.
    #[inline(always)]
    pub const fn signed(self) -> i64 {
        ((self.0 << 28) as i64) >> 28
    }

    /// Bits 0-17.
    #[inline(always)]
    pub const fn left(self) -> u64 {
        self.0 >> 18
    }

    /// Bits 18-35.
    #[inline(always)]
    pub const fn right(self) -> u64 {
        self.0 & HALF_MASK
    }

    /// Whether bit 0 is set.
    #[inline(always)]
    pub const fn is_negative(self) -> bool {
        self.0 & SIGN_BIT != 0
    }

    /// The halves exchanged (what MOVS does).
    #[inline(always)]
    pub const fn swapped(self) -> Word {
        Word((self.0 >> 18) | ((self.0 & HALF_MASK) << 18))
    }
}

impl fmt::Debug for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:06o},,{:06o}", self.left(), self.right())
    }
}

/// Twelve octal digits, as SIMH and the vectors print a word.
impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:012o}", self.0)
    }
}

impl From<Word> for u64 {
    fn from(w: Word) -> u64 {
        w.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halves_and_sign() {
        let w = Word::from_halves(0o400000, 0o777777);
        assert_eq!(w.raw(), 0o400000_777777);
        assert_eq!(w.left(), 0o400000);
        assert_eq!(w.right(), 0o777777);
        assert!(w.is_negative());
        assert_eq!(Word::ONES.signed(), -1);
        assert_eq!(Word::from_i64(-2).raw(), 0o777777_777776);
        assert_eq!(w.swapped().raw(), 0o777777_400000);
        assert_eq!(format!("{w:?}"), "400000,,777777");
        assert_eq!(format!("{}", Word::new(0o1234)), "000000001234");
        assert_eq!(Word::new(1 << 40 | 5).raw(), 5);
    }
}
