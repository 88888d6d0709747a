//! [`Value`]: a word and what MIDAS tracks beside it while it assembles.

use pdp10_isa::{HALF_MASK, WORD_MASK};

/// A value with what MIDAS tracks beside it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Value {
    pub w: u64,
    /// The same value computed with each undefined symbol standing for a
    /// number of its own (see [`virtual_value`]) instead of 0: two pass-1
    /// words with equal `w` and `shadow` refer to the same undefined
    /// symbols in the same way. Real MIDAS keeps such references beside a
    /// constant ("globals") and merges equal literals on pass 1 when the
    /// word and the references agree (SCON); this is how we tell.
    pub shadow: u64,
    /// Depends on a symbol not (yet) defined.
    pub undefined: bool,
    /// Holds an I/O instruction.
    pub io: bool,
    /// Undefined because of a symbol, not only because of a literal whose
    /// area is not placed yet (see [`Assembler::assign`]).
    pub by_symbol: bool,
    /// Made from an undefined value by an operation other than adding,
    /// subtracting, negating or placing it in a word's fields: real MIDAS
    /// cannot note such a reference beside a constant, and on pass 1 never
    /// merges a literal holding one (it does `[A+B]`, not `[A*2]`,
    /// `[A\B]` or `[#A]`).
    pub opaque: bool,
    /// In a relocatable assembly, how many times the loader's relocation
    /// is added to each half: left half count,,right half count, computed
    /// alongside `w` (a label is 0,,1; `A,,B` of two labels 1,,1).
    pub rel: u64,
    /// References to relocatable global symbols (a relocatable assembly).
    pub glob: super::global_terms::GlobalTerms,
}

/// The stand-in value of an undefined thing (a symbol, a literal whose
/// area is not placed yet) in a [`Value::shadow`]: a 36-bit hash of its name.
fn virtual_value(name: &str) -> u64 {
    // FNV-1a: deterministic, so the same program assembles the same way.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in name.bytes() {
        h = (h ^ b as u64).wrapping_mul(0x0100_0000_01b3);
    }
    (h ^ (h >> 36)) & WORD_MASK
}

impl Value {
    pub fn new(w: u64) -> Value {
        Value {
            w: w & WORD_MASK,
            shadow: w & WORD_MASK,
            ..Value::default()
        }
    }
    /// An undefined value (pass 1) standing for the symbol `name`.
    pub fn unknown(name: &str) -> Value {
        Value {
            by_symbol: true,
            ..Value::unplaced(name)
        }
    }
    /// The value on pass 1 of a literal whose area is not placed yet.
    pub fn unplaced(name: &str) -> Value {
        Value {
            w: 0,
            shadow: virtual_value(name),
            undefined: true,
            io: false,
            by_symbol: false,
            opaque: false,
            rel: 0,
            glob: Default::default(),
        }
    }
    /// An undefined value (pass 1) computed by a function from arguments
    /// not all defined: `w` as computed, `shadow` standing for the call.
    pub fn function_unknown(w: u64, shadow: u64) -> Value {
        Value {
            w: w & WORD_MASK,
            shadow: shadow & WORD_MASK,
            ..Value::unknown("")
        }
    }
    pub fn map(self, f: impl Fn(u64) -> u64) -> Value {
        Value {
            w: f(self.w) & WORD_MASK,
            shadow: f(self.shadow) & WORD_MASK,
            rel: f(self.rel) & WORD_MASK,
            ..self
        }
    }
    /// Two values combined by `f`, which is applied to the values and to
    /// their shadows alike.
    pub fn op2(a: Value, b: Value, f: impl Fn(u64, u64) -> u64) -> Value {
        Value {
            w: f(a.w, b.w) & WORD_MASK,
            shadow: f(a.shadow, b.shadow) & WORD_MASK,
            undefined: a.undefined || b.undefined,
            io: a.io || b.io,
            by_symbol: a.by_symbol || b.by_symbol,
            opaque: a.opaque || b.opaque,
            rel: f(a.rel, b.rel) & WORD_MASK,
            glob: a.glob.merge(b.glob, 1),
        }
    }
}

/// The relocation count of a half (`rel`'s left or right half), as a
/// signed number.
pub(crate) fn half_count(half: u64) -> i64 {
    let h = (half & HALF_MASK) as i64;
    if h >= 1 << 17 {
        h - (1 << 18)
    } else {
        h
    }
}

/// Relocation words are added half by half: a carry out of the right half's
/// count is not the left half's (`A,,-A` is relocated 1 and -1 times).
pub(crate) fn rel_add(a: u64, b: u64) -> u64 {
    let left = ((a >> 18) + (b >> 18)) & HALF_MASK;
    let right = ((a & HALF_MASK) + (b & HALF_MASK)) & HALF_MASK;
    left << 18 | right
}

/// The relocation word of a negated value, half by half.
pub(crate) fn rel_neg(a: u64) -> u64 {
    let left = (a >> 18).wrapping_neg() & HALF_MASK;
    let right = (a & HALF_MASK).wrapping_neg() & HALF_MASK;
    left << 18 | right
}
