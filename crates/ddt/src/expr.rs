//! DDT's type-in arithmetic: syllables joined by `+ - * !` (and `&`, `#`
//! for and and xor), fields separated by space, `,` and `,,`, `(X)` and
//! `@`, as DDT ORDER describes under ", (comma)", "(" and "@".

use pdp10_isa::{HALF_MASK, WORD_MASK};

const INDIRECT: u64 = 1 << 22;

/// One field: terms joined by `+ -` (priority 1), each term factors joined
/// by `* !` (priority 2), each factor syllables joined by `& #` (priority
/// 3), left to right within a priority (DDT ORDER under `+`, `*`, `&`; DDT's
/// EFIELD executes a pending operator when the next is of no higher
/// priority).
#[derive(Clone, Debug, Default)]
struct Field {
    /// The sum of the terms before the current one.
    sum: u64,
    /// The current term's sign.
    negative: bool,
    /// The current term's factors before the current one, with the
    /// operator that joins the current factor to them.
    product: Option<(u64, char)>,
    /// The current factor, if one has begun.
    factor: Option<u64>,
    /// The `&` or `#` that will join the next syllable into the factor.
    pending: Option<char>,
}

impl Field {
    fn term(&self) -> u64 {
        let factor = self.factor.unwrap_or(0);
        match self.product {
            Some((p, '*')) => p.wrapping_mul(factor) & WORD_MASK,
            // IDIV: a zero divisor sets no-divide and leaves the dividend
            // (DEC System Reference Manual, IDIV), which DDT's `!` returns.
            Some((p, _)) if factor == 0 => p,
            Some((p, _)) => signed(p).wrapping_div(signed(factor)) as u64 & WORD_MASK,
            None => factor,
        }
    }

    fn value(&self) -> u64 {
        let term = self.term();
        let term = if self.negative {
            term.wrapping_neg()
        } else {
            term
        };
        self.sum.wrapping_add(term) & WORD_MASK
    }

    fn is_empty(&self) -> bool {
        self.factor.is_none() && self.product.is_none() && self.sum == 0 && !self.negative
    }

    /// An operator needs a finished operand before it.
    fn operand_ready(&self) -> bool {
        self.factor.is_some() && self.pending.is_none()
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
        let v = v & WORD_MASK;
        f.factor = Some(match (f.factor, f.pending.take()) {
            (Some(a), Some('&')) => a & v,
            (Some(a), Some(_)) => a ^ v,
            (Some(_), None) => return Err(Bad),
            (None, _) => v,
        });
        Ok(())
    }

    /// An operator: `+ - * ! & #`.
    pub fn operator(&mut self, op: char) -> Result<(), Bad> {
        self.typed = true;
        let f = &mut self.field;
        match op {
            '+' | '-' => {
                if f.pending.is_some() || (f.product.is_some() && f.factor.is_none()) {
                    return Err(Bad);
                }
                f.sum = f.value();
                f.product = None;
                f.factor = None;
                f.negative = op == '-';
            }
            '*' | '!' => {
                if !f.operand_ready() {
                    return Err(Bad);
                }
                f.product = Some((f.term(), op));
                f.factor = None;
            }
            _ => {
                if !f.operand_ready() {
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

    #[test]
    fn and_and_xor_bind_tighter_than_times_and_divide() {
        // DDT ORDER: & is priority 3, * and ! priority 2, + and - 1; DDT's
        // operator table gives # the priority of &.
        assert_eq!(eval("2*6&3"), Some(4));
        assert_eq!(eval("6&3*2"), Some(4));
        assert_eq!(eval("2*6#3"), Some(0o12));
        assert_eq!(eval("14!6&3"), Some(6));
        assert_eq!(eval("1+6&3"), Some(3));
        assert_eq!(eval("7&3#1"), Some(2));
        assert_eq!(eval("2*3*4"), Some(0o30));
        assert_eq!(eval("30!2!3"), Some(4));
        assert_eq!(eval("-2*3"), Some(WORD_MASK - 5));
    }
}
