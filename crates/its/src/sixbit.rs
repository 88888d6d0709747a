//! SIXBIT: six characters a word, each the ASCII code minus 040 (space is
//! 0), as ITS writes device, file, directory and job names.

use pdp10_isa::Word;

/// A word of SIXBIT text: up to six characters, left-justified.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct Sixbit(pub Word);

impl Sixbit {
    /// The empty name (a zero word).
    pub const EMPTY: Sixbit = Sixbit(Word::ZERO);

    /// Packs `text`, left-justified: lower case folds to upper case and
    /// characters past the sixth are dropped. `None` when a character has
    /// no SIXBIT code (a control character, or anything beyond ASCII).
    pub fn new(text: &str) -> Option<Sixbit> {
        let mut value = 0u64;
        let mut count = 0;
        for c in text.chars() {
            let c = c.to_ascii_uppercase();
            if !(' '..='_').contains(&c) {
                return None;
            }
            if count < 6 {
                value |= ((c as u64) - 0o40) << (30 - 6 * count);
                count += 1;
            }
        }
        Some(Sixbit(Word::new(value)))
    }

    /// Like [`Sixbit::new`], but skips characters SIXBIT cannot hold
    /// (used for host names such as the login name).
    pub fn lossy(text: &str) -> Sixbit {
        let kept: String = text
            .chars()
            .map(|c| c.to_ascii_uppercase())
            .filter(|c| (' '..='_').contains(c))
            .collect();
        Sixbit::new(&kept).unwrap_or_default()
    }

    /// Packs up to three characters right-justified, the way MIDAS's
    /// `'TTY` and the `.OPEN` block's device half word are written.
    pub fn right_justified(self) -> u64 {
        let mut v = self.0.raw();
        if v == 0 {
            return 0;
        }
        while v & 0o77 == 0 {
            v >>= 6;
        }
        v
    }

    /// The name left-justified from a right-justified device half word
    /// (`000000,,646471` is `TTY`).
    pub fn from_right_justified(mut v: u64) -> Sixbit {
        v &= pdp10_isa::WORD_MASK;
        if v == 0 {
            return Sixbit::EMPTY;
        }
        while v & (0o77 << 30) == 0 {
            v <<= 6;
        }
        Sixbit(Word::new(v))
    }

    /// Whether the word is zero.
    pub fn is_empty(self) -> bool {
        self.0.raw() == 0
    }

    /// The characters, trailing spaces dropped.
    pub fn text(self) -> String {
        let v = self.0.raw();
        let s: String = (0..6)
            .map(|k| (((v >> (30 - 6 * k)) & 0o77) as u8 + 0o40) as char)
            .collect();
        s.trim_end().to_string()
    }
}

impl std::fmt::Display for Sixbit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packs_left_justified() {
        assert_eq!(Sixbit::new("DSK").unwrap().0.raw(), 0o446353_000000);
        assert_eq!(Sixbit::new("sudoku").unwrap().text(), "SUDOKU");
        assert_eq!(Sixbit::new("TOOLONGNAME").unwrap().text(), "TOOLON");
        assert_eq!(Sixbit::new("a\tb"), None);
        assert_eq!(Sixbit::lossy("j\u{e9}rome").text(), "JROME");
    }

    #[test]
    fn right_justified_device_names() {
        // MIDAS: 'TTY = 646471.
        let tty = Sixbit::new("TTY").unwrap();
        assert_eq!(tty.right_justified(), 0o646471);
        assert_eq!(Sixbit::from_right_justified(0o646471), tty);
        assert_eq!(Sixbit::from_right_justified(0), Sixbit::EMPTY);
        assert_eq!(Sixbit::EMPTY.right_justified(), 0);
    }
}
