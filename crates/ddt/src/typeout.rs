//! DDT's type-out modes (DDT ORDER: `$S`, `$C`, `$H`, `$nT`, `$"`, `$'`,
//! `$#`, `$A`/`$R`, `$nR`).

use crate::SymbolTable;
use pdp10_isa::{disassemble, Instruction, NoSymbols, Word};

const HALF: u64 = 0o777777;

/// How a word is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// `$S`: as an instruction, or as data when it is none.
    Symbolic,
    /// `$C`: a number in the current radix.
    Constant,
    /// `$H`: two half words, `LH,,RH`.
    Halfword,
    /// `$nT`: bytes of n bits from the left, each in the current radix.
    Bytes(u8),
    /// `$"`: five 7-bit characters, `$0"ABCDE$` (the digit is bit 35).
    Ascii,
    /// `$'`: six SIXBIT characters, `$1'FOOBAR$`.
    Sixbit,
    /// `$#`: one character, `$1#A`.
    Character,
}

/// A type-out mode with its radix and address style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TypeOut {
    /// How words are typed.
    pub mode: Mode,
    /// Output radix (`$nR`); input is always octal, decimal with a point.
    pub radix: u32,
    /// `$A`: addresses as numbers rather than `SYM+n` (`$R`).
    pub absolute: bool,
}

impl Default for TypeOut {
    fn default() -> TypeOut {
        TypeOut {
            mode: Mode::Symbolic,
            radix: 8,
            absolute: false,
        }
    }
}

impl TypeOut {
    /// A number: unsigned in most radixes; in decimal signed, with a
    /// point (DDT's TOC).
    pub fn number(&self, v: u64) -> String {
        let v = v & pdp10_isa::WORD_MASK;
        if self.radix == 10 {
            let signed = if v >> 35 != 0 {
                v as i64 - (1 << 36)
            } else {
                v as i64
            };
            return format!("{signed}.");
        }
        radix_digits(v, self.radix)
    }

    /// An address: `SYM+n` in relative mode when a symbol is near
    /// (`SYM` alone for an exact AC symbol), else a number.
    pub fn address(&self, a: u32, symbols: &SymbolTable) -> String {
        if !self.absolute {
            if let Some(s) = symbols.relative(a) {
                return s;
            }
        }
        self.number(a as u64)
    }

    /// A half word of data: like an address, but AC symbols only name
    /// instruction fields.
    fn half(&self, h: u64, symbols: &SymbolTable) -> String {
        if h >= 0o20 {
            self.address(h as u32, symbols)
        } else {
            self.number(h)
        }
    }

    /// `w` in this mode.
    pub fn word(&self, w: Word, symbols: &SymbolTable) -> String {
        match self.mode {
            // A negative number is never taken for an instruction (it
            // would be a CONSO with every field full).
            Mode::Symbolic if w.left() >= 0o777000 => self.data(w, symbols),
            Mode::Symbolic => self
                .instruction(w, symbols)
                .unwrap_or_else(|| self.data(w, symbols)),
            Mode::Constant => self.number(w.raw()),
            Mode::Halfword => self.halves(w, symbols),
            Mode::Bytes(n) => self.bytes(w, n),
            Mode::Ascii => ascii(w),
            Mode::Sixbit => sixbit(w),
            Mode::Character => self.character_mode(w, symbols),
        }
    }

    /// `$#`: the low 7 bits as a character; anything above them first, as
    /// `$S` types it (DDT ORDER under `$#`: MOVEI B,101 is `MOVEI B, $1#A`).
    fn character_mode(&self, w: Word, symbols: &SymbolTable) -> String {
        let low = format!("$1#{}", quoted(w.raw() as u8 & 0o177));
        let rest = w.raw() & !0o177;
        if rest == 0 {
            return low;
        }
        let symbolic = TypeOut {
            mode: Mode::Symbolic,
            ..*self
        };
        format!("{} {low}", symbolic.word(Word::new(rest), symbols))
    }

    fn halves(&self, w: Word, symbols: &SymbolTable) -> String {
        format!(
            "{},,{}",
            self.half(w.left(), symbols),
            self.half(w.right(), symbols)
        )
    }

    /// Data in symbolic mode: a small number or address as such, a small
    /// negative number with a minus, else half words.
    fn data(&self, w: Word, symbols: &SymbolTable) -> String {
        match w.left() {
            0 => self.half(w.right(), symbols),
            HALF if w.right() != 0 => format!("-{}", self.number((1 << 18) - w.right())),
            HALF => self.halves(w, symbols),
            // A pushdown or AOBJN pointer: -count,,address.
            l if l >= 0o777000 => format!(
                "-{},,{}",
                self.number((1 << 18) - l),
                self.half(w.right(), symbols)
            ),
            _ => self.halves(w, symbols),
        }
    }

    fn bytes(&self, w: Word, size: u8) -> String {
        let size = size.clamp(1, 36) as u32;
        let mut out = String::new();
        let mut used = 0;
        while used < 36 {
            let n = size.min(36 - used);
            let byte = (w.raw() >> (36 - used - n)) & ((1 << n) - 1);
            out.push_str(&self.number(byte));
            out.push(' ');
            used += n;
        }
        out.pop();
        out
    }

    /// An instruction with symbolic fields, or `None` for a word that is
    /// no instruction (op-code 0, unassigned, local UUOs).
    fn instruction(&self, w: Word, symbols: &SymbolTable) -> Option<String> {
        let full = disassemble(w, &NoSymbols).to_string();
        if full == "0" || full.contains(",,") {
            return None;
        }
        let i = Instruction(w);
        // I/O instructions and .OPER family members whose E is their
        // number are typed as the disassembler has them.
        if i.is_io() || (i.opcode() == 0o042 && !i.indirect() && i.index() == 0) {
            return Some(full);
        }
        let bare = disassemble(Word::new(w.raw() & 0o777740_000000), &NoSymbols).to_string();
        let ac = i.ac();
        let mut text = match bare.strip_suffix(&format!(" {ac:o},")) {
            Some(name) if ac != 0 => format!("{name} {},", self.ac_field(ac as u64, symbols)),
            _ => bare,
        };
        if i.indirect() || i.index() != 0 || i.y() != 0 {
            if !text.ends_with(',') {
                text.push(' ');
            }
            if i.indirect() {
                text.push('@');
            }
            let y = i.y() as u64;
            if i.index() != 0 && y >= 0o777000 {
                text.push_str(&format!("-{}", self.number((1 << 18) - y)));
            } else if y != 0 {
                // ITS DDT types the address only when it is not zero:
                // `JRST @` for 254020,,0 and `MOVE 1,(2)` for 200042,,0.
                text.push_str(&self.address(y as u32, symbols));
            }
            if i.index() != 0 {
                text.push_str(&format!("({})", self.ac_field(i.index() as u64, symbols)));
            }
        }
        Some(text)
    }

    fn ac_field(&self, n: u64, symbols: &SymbolTable) -> String {
        match symbols.exact(n as u32) {
            Some(s) if !self.absolute => s.to_string(),
            _ => self.number(n),
        }
    }
}

fn radix_digits(mut v: u64, radix: u32) -> String {
    let radix = radix.clamp(2, 36) as u64;
    let mut digits = Vec::new();
    loop {
        digits.push(std::char::from_digit((v % radix) as u32, radix as u32).unwrap_or('?'));
        v /= radix;
        if v == 0 {
            break;
        }
    }
    digits.iter().rev().collect::<String>().to_ascii_uppercase()
}

/// One ASCII character as DDT types it: controls as `^X`, rubout `^?`.
fn character(c: u8) -> String {
    match c {
        0o177 => "^?".to_string(),
        0..=0o37 => format!("^{}", (c + 0o100) as char),
        _ => (c as char).to_string(),
    }
}

/// A character of `$"` or `$#` typeout: ^Q and `^` get a ^Q in front, so
/// that they read back as themselves (DDT ORDER under `$"`).
fn quoted(c: u8) -> String {
    match c {
        0o21 | b'^' => format!("^Q{}", character(c)),
        _ => character(c),
    }
}

fn ascii(w: Word) -> String {
    let mut s = format!("${}\"", w.raw() & 1);
    for k in 0..5 {
        s.push_str(&quoted(((w.raw() >> (29 - 7 * k)) & 0o177) as u8));
    }
    s.push('$');
    s
}

fn sixbit(w: Word) -> String {
    let mut s = "$1'".to_string();
    for k in 0..6 {
        s.push((((w.raw() >> (30 - 6 * k)) & 0o77) as u8 + 0o40) as char);
    }
    s.push('$');
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn syms() -> SymbolTable {
        SymbolTable::new([("P", 0o17, false), ("A", 1, false), ("LOOP", 0o100, false)])
    }

    fn t(mode: Mode, w: u64) -> String {
        TypeOut {
            mode,
            ..TypeOut::default()
        }
        .word(Word::new(w), &syms())
    }

    #[test]
    fn symbolic() {
        assert_eq!(t(Mode::Symbolic, 0o260740_000102), "PUSHJ P,LOOP+2");
        assert_eq!(t(Mode::Symbolic, 0o200057_777777), "MOVE A,-1(P)");
        assert_eq!(t(Mode::Symbolic, 0o254020_000100), "JRST @LOOP");
        // A zero address is not typed (ITS DDT's PIN2 skips it).
        assert_eq!(t(Mode::Symbolic, 0o254020_000000), "JRST @");
        assert_eq!(t(Mode::Symbolic, 0o200042_000000), "MOVE A,(2)");
        assert_eq!(t(Mode::Symbolic, 0o263740_000000), "POPJ P,");
        assert_eq!(t(Mode::Symbolic, 0o254200_000000), "HALT");
        assert_eq!(t(Mode::Symbolic, 0o045140_000000), ".BREAK 3,");
        assert_eq!(t(Mode::Symbolic, 0o040040_000100), ".IOT A,LOOP");
        assert_eq!(t(Mode::Symbolic, 0o700200_400000), "CONO APR,400000");
        assert_eq!(t(Mode::Symbolic, 5), "5");
        assert_eq!(t(Mode::Symbolic, 0o100), "LOOP");
        assert_eq!(t(Mode::Symbolic, pdp10_isa::WORD_MASK), "-1");
        assert_eq!(t(Mode::Symbolic, 0o000003_000100), "3,,LOOP");
        assert_eq!(t(Mode::Symbolic, 0o777761_000100), "-17,,LOOP");
    }

    #[test]
    fn numbers_halves_bytes_text() {
        assert_eq!(t(Mode::Constant, 0o260740_000102), "260740000102");
        assert_eq!(t(Mode::Halfword, 0o000100_000005), "LOOP,,5");
        assert_eq!(t(Mode::Bytes(6), 0o010203_040506), "1 2 3 4 5 6");
        assert_eq!(t(Mode::Bytes(7), 0o777777_777777), "177 177 177 177 177 1");
        assert_eq!(t(Mode::Ascii, 0o406050_342024), "$0\"ABCD^J$");
        assert_eq!(t(Mode::Sixbit, 0o465757_424162), "$1'FOOBAR$");
        assert_eq!(t(Mode::Character, 0o101), "$1#A");
        // DDT ORDER under $#: a value over 7 bits is the rest symbolically,
        // then the character; MOVEI B,101 is "MOVEI B, $1#A" (A is AC 1 here).
        assert_eq!(t(Mode::Character, 0o201040_000101), "MOVEI A, $1#A");
        assert_eq!(t(Mode::Character, 0o000001_000141), "1,,0 $1#a");
        // ^Q and ^ are typed with a ^Q in front (DDT ORDER under $").
        assert_eq!(t(Mode::Character, 0o136), "$1#^Q^");
        assert_eq!(t(Mode::Character, 0o21), "$1#^Q^Q");
        assert_eq!(t(Mode::Ascii, 0o570000_000000), "$0\"^Q^^@^@^@^@$");
        let decimal = TypeOut {
            mode: Mode::Constant,
            radix: 10,
            absolute: false,
        };
        assert_eq!(decimal.word(Word::ONES, &syms()), "-1.");
        assert_eq!(decimal.word(Word::new(12), &syms()), "12.");
    }
}
