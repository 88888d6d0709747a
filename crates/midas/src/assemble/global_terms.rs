//! [`GlobalTerms`]: the references to relocatable global symbols a value
//! holds beside its word, and the field of the word each ended up in.
//! Real MIDAS 433 leaves such a global's value out of a storage word and
//! has the loader add it (GVDG2, "generate a global ref if global is
//! relocatable"), naming the field in the reference's flags.

/// The field flags (the top four bits of the reference's SQUOZE word):
/// the whole word (04).
pub(crate) const WHOLE: u8 = 0o1;
/// The right half (14).
pub(crate) const RIGHT: u8 = 0o3;
/// The left half (64).
pub(crate) const LEFT: u8 = 0o15;
/// The whole word swapped (44): a parenthesized index `(A)`.
pub(crate) const SWAPPED: u8 = 0o11;
/// An instruction's AC field (74): only for an undefined global (the
/// loader puts its value there).
pub(crate) const AC_HIGH: u8 = 0o17;
/// A field other than those (the index field, a byte): not done.
pub(crate) const OTHER: u8 = 0o377;

/// Most globals a value may hold.
pub(crate) const MOST: usize = 4;

/// One global's part in a value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GlobalTerm {
    /// 1 + its index in the assembler's list of global names; 0: none.
    pub id: u32,
    /// How many times its value is added (negative: subtracted).
    pub count: i32,
    /// The field it is in (see [`WHOLE`]); 0 while not placed in a word.
    pub field: u8,
}

/// The globals of a value, each once added or subtracted: at most
/// [`MOST`]; more, or a global under an operation other than `+`, `-`
/// and placing in a field, is `spoiled`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct GlobalTerms {
    pub terms: [GlobalTerm; MOST],
    pub spoiled: bool,
}

impl GlobalTerms {
    /// A value that is the global `id` once.
    pub fn one(id: u32) -> GlobalTerms {
        let mut g = GlobalTerms::default();
        g.terms[0] = GlobalTerm {
            id,
            count: 1,
            field: 0,
        };
        g
    }

    /// Whether the value holds no global.
    pub fn is_empty(&self) -> bool {
        !self.spoiled && self.terms.iter().all(|t| t.id == 0)
    }

    /// The terms of `self`, then those of `other` times `sign`. Terms are
    /// not combined: real MIDAS writes `A+A-A` as three references.
    pub fn merge(self, other: GlobalTerms, sign: i32) -> GlobalTerms {
        let mut g = self;
        g.spoiled |= other.spoiled;
        for t in other.terms.iter().filter(|t| t.id != 0) {
            let count = t.count * sign;
            match g.terms.iter_mut().find(|u| u.id == 0) {
                Some(u) => *u = GlobalTerm { count, ..*t },
                None => g.spoiled = true,
            }
        }
        g
    }

    /// The terms negated.
    pub fn negate(self) -> GlobalTerms {
        GlobalTerms::default().merge(self, -1)
    }

    /// Spoiled if it holds a global (an operation the loader cannot do).
    pub fn spoil(self) -> GlobalTerms {
        GlobalTerms {
            spoiled: !self.is_empty(),
            ..self
        }
    }

    /// The terms of a parenthesized index (its halves swapped): the left
    /// half becomes the right and back, the whole word the whole word
    /// swapped (real MIDAS's LEFTP complements SWAPF); other fields spoil.
    pub fn swap(self) -> GlobalTerms {
        let mut g = self;
        for t in g.terms.iter_mut().filter(|t| t.id != 0) {
            t.field = match t.field {
                0 | WHOLE => SWAPPED,
                SWAPPED => WHOLE,
                LEFT => RIGHT,
                RIGHT => LEFT,
                _ => {
                    g.spoiled = true;
                    t.field
                }
            };
        }
        g
    }

    /// The terms in one order (by name, field, count), so that equal sets
    /// compare equal.
    pub fn canonical(self) -> GlobalTerms {
        let mut g = self;
        g.terms.sort_by_key(|t| (t.id == 0, t.id, t.field, t.count));
        g
    }

    /// The terms of a group `<...>` used as a syllable: placed as the
    /// whole word inside, not placed yet outside (the word they end up in
    /// places them); placed otherwise (`<A,,B>`), not done: spoiled.
    pub fn unplace(self) -> GlobalTerms {
        let mut g = self;
        for t in g.terms.iter_mut().filter(|t| t.id != 0) {
            match t.field {
                0 | WHOLE => t.field = 0,
                _ => g.spoiled = true,
            }
        }
        g
    }

    /// The terms not yet placed put in `field`.
    pub fn place(self, field: u8) -> GlobalTerms {
        let mut g = self;
        for t in g.terms.iter_mut().filter(|t| t.id != 0 && t.field == 0) {
            t.field = field;
        }
        g
    }
}

/// Real MIDAS's GLOTB flags (left half) of a global in `field`: HFWDF
/// 100000 a half, SWAPF 200000 swapped (the left half), ACF 40000 the
/// AC field.
pub(crate) fn glotb_flags(field: u8) -> u64 {
    match field {
        RIGHT => 0o100000,
        LEFT => 0o300000,
        SWAPPED => 0o200000,
        AC_HIGH => 0o240000,
        _ => 0,
    }
}

/// The field a format byte spec (position and size, see format.rs) puts
/// a global in.
pub(crate) fn field_of_spec(spec: u64) -> u8 {
    match spec {
        0o0044 => WHOLE,
        0o0022 => RIGHT,
        0o2222 => LEFT,
        0o2704 => AC_HIGH,
        _ => OTHER,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_kept_apart_in_order_and_too_many_spoil() {
        let a = GlobalTerms::one(1);
        let two = a.place(LEFT).merge(a.place(RIGHT), -1);
        assert_eq!(two.terms[1].field, RIGHT);
        assert_eq!(two.terms[1].count, -1);
        assert!(!two.spoiled);
        assert!(!two.merge(two, 1).spoiled);
        assert!(two.merge(two, 1).merge(a, 1).spoiled);
        assert!(a.spoil().spoiled && !GlobalTerms::default().spoil().spoiled);
        assert_eq!(a.swap().terms[0].field, SWAPPED);
        assert_eq!(two.swap().terms[1].field, LEFT);
        assert_eq!(a.swap().swap().terms[0].field, WHOLE);
    }
}
