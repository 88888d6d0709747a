//! DDT's type-in arithmetic: syllables joined by `+ - * !` (and `&`, `#`
//! for and and xor), fields separated by space, `,` and `,,`, `(X)` and
//! `@`, as DDT ORDER describes under ", (comma)", "(" and "@".

use pdp10_isa::{HALF_MASK, WORD_MASK};

const INDIRECT: u64 = 1 << 22;

#[derive(Clone, Debug, Default)]
struct Field {
    /// The sum of the terms before the current one.
    sum: u64,
    /// The current term, if one has begun.
    term: Option<u64>,
    /// Its sign.
    negative: bool,
    /// The operator that will combine the next syllable into the term.
    pending: Option<char>,
}

impl Field {
    fn value(&self) -> u64 {
        let term = self.term.unwrap_or(0);
        let term = if self.negative {
            term.wrapping_neg()
        } else {
            term
        };
        self.sum.wrapping_add(term) & WORD_MASK
    }

    fn is_empty(&self) -> bool {
        self.term.is_none() && self.sum == 0 && !self.negative
    }
}

/// An expression being typed.
#[derive(Clone, Debug, Default)]
pub struct Expr {
    /// Fields finished (the word built so far).
    word: u64,
    /// Fields finished so far.
    fields: u32,
    /// The first field was ended by a space (an instruction).
    spaced: bool,
    field: Field,
    /// Something was typed.
    typed: bool,
    /// Expressions outside open parentheses.
    outer: Vec<Expr>,
}

/// A malformed expression (DDT types `?`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bad;

impl Expr {
    /// Whether anything was typed.
    pub fn any(&self) -> bool {
        self.typed
    }

    /// Adds a syllable's value.
    pub fn syllable(&mut self, v: u64) -> Result<(), Bad> {
        self.typed = true;
        let f = &mut self.field;
        f.term = Some(match (f.term, f.pending.take()) {
            (Some(t), Some('*')) => t.wrapping_mul(v) & WORD_MASK,
            (Some(t), Some('!')) if v != 0 => signed(t).wrapping_div(signed(v)) as u64 & WORD_MASK,
            (Some(t), Some('&')) => t & v,
            (Some(t), Some('#')) => t ^ v,
            (Some(_), _) => return Err(Bad),
            (None, _) => v & WORD_MASK,
        });
        Ok(())
    }

    /// An operator: `+ - * ! & #`.
    pub fn operator(&mut self, op: char) -> Result<(), Bad> {
        self.typed = true;
        let f = &mut self.field;
        match op {
            '+' | '-' => {
                if f.pending.is_some() {
                    return Err(Bad);
                }
                f.sum = f.value();
                f.term = None;
                f.negative = op == '-';
            }
            _ => {
                if f.term.is_none() || f.pending.is_some() {
                    return Err(Bad);
                }
                f.pending = Some(op);
            }
        }
        Ok(())
    }

    /// A space: after the first field it makes an instruction of it.
    pub fn space(&mut self) {
        if self.fields == 0 && !self.field.is_empty() {
            self.word = self.field.value();
            self.fields = 1;
            self.spaced = true;
            self.field = Field::default();
        } else if !self.field.is_empty() {
            self.add_right();
        }
    }

    fn add_right(&mut self) {
        let rh = (self.word + self.field.value()) & HALF_MASK;
        self.word = (self.word & !HALF_MASK) | rh;
        self.field = Field::default();
        self.fields += 1;
    }

    /// `,` or `,,`.
    pub fn comma(&mut self, double: bool) {
        self.typed = true;
        let v = self.field.value();
        if double {
            self.word = self.word.wrapping_add((v & HALF_MASK) << 18) & WORD_MASK;
        } else if self.fields == 0 || self.spaced {
            // `AC,` or `INSN AC,`: into the AC field.
            self.word = self.word.wrapping_add((v & 0o17) << 23) & WORD_MASK;
        } else {
            let rh = (self.word + v) & HALF_MASK;
            self.word = (self.word & !HALF_MASK) | rh;
        }
        self.spaced = false;
        self.fields += 1;
        self.field = Field::default();
    }

    /// `@`: complements the indirect bit.
    pub fn at(&mut self) {
        self.typed = true;
        self.word ^= INDIRECT;
    }

    /// `(`.
    pub fn open_paren(&mut self) {
        self.typed = true;
        let outer = std::mem::take(self);
        self.outer = outer.outer.clone();
        self.outer.push(Expr {
            outer: Vec::new(),
            ..outer
        });
    }

    /// `)`: the inside, halves swapped, added into the outer word.
    pub fn close_paren(&mut self) -> Result<(), Bad> {
        let inner = self.value().unwrap_or(0);
        let mut outer = self.outer.pop().ok_or(Bad)?;
        outer.outer = std::mem::take(&mut self.outer);
        let swapped = ((inner & HALF_MASK) << 18) | (inner >> 18);
        outer.word = outer.word.wrapping_add(swapped) & WORD_MASK;
        outer.typed = true;
        *self = outer;
        Ok(())
    }

    /// The value, if anything was typed.
    pub fn value(&self) -> Option<u64> {
        if !self.typed {
            return None;
        }
        let v = if self.fields == 0 {
            self.word.wrapping_add(self.field.value()) & WORD_MASK
        } else {
            let rh = (self.word + self.field.value()) & HALF_MASK;
            (self.word & !HALF_MASK) | rh
        };
        Some(v)
    }

    /// Whether parentheses are still open.
    pub fn unbalanced(&self) -> bool {
        !self.outer.is_empty()
    }
}

fn signed(v: u64) -> i64 {
    if v >> 35 != 0 {
        v as i64 - (1 << 36)
    } else {
        v as i64
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Evaluates a string of numbers (octal) and separators.
    fn eval(text: &str) -> Option<u64> {
        let mut e = Expr::default();
        let mut chars = text.chars().peekable();
        while let Some(c) = chars.next() {
            match c {
                '0'..='7' => {
                    let mut v = c.to_digit(8).unwrap() as u64;
                    while let Some(d) = chars.peek().and_then(|d| d.to_digit(8)) {
                        v = v * 8 + d as u64;
                        chars.next();
                    }
                    e.syllable(v).unwrap();
                }
                ' ' => e.space(),
                ',' if chars.peek() == Some(&',') => {
                    chars.next();
                    e.comma(true)
                }
                ',' => e.comma(false),
                '@' => e.at(),
                '(' => e.open_paren(),
                ')' => e.close_paren().unwrap(),
                op => e.operator(op).unwrap(),
            }
        }
        e.value()
    }

    #[test]
    fn fields_as_ddt_order_describes_them() {
        assert_eq!(eval(""), None);
        assert_eq!(eval("5"), Some(5));
        assert_eq!(eval("1+2*3"), Some(7));
        assert_eq!(eval("-1"), Some(WORD_MASK));
        assert_eq!(eval("10-3"), Some(5));
        assert_eq!(eval("3,,5"), Some(0o3_000005));
        assert_eq!(eval("1,5"), Some(0o000040_000005));
        // MOVE 1,5(17)
        assert_eq!(eval("200000000000 1,5(17)"), Some(0o200057_000005));
        assert_eq!(eval("254000000000 @100"), Some(0o254020_000100));
        assert_eq!(eval("200000000000 1,-1"), Some(0o200040_777777));
        assert_eq!(eval("10!2"), Some(4));
    }
}
