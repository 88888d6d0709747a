//! Values of words, fields and syllables (MIDAS manual, nodes Words, Fields
//! and Syllables).

use crate::assemble::{Assembler, Value};
use crate::diag::ErrorKind;
use crate::gather::Gathered;
use crate::parse::{Expr, Item, Syllable, WordAst};
use pdp10_isa::{HALF_MASK, WORD_MASK};

/// A piece of a word, once its fields have values.
#[derive(Clone, Copy, Debug)]
enum Piece {
    Field(Value),
    Space,
    Comma,
    DoubleComma,
}

impl Assembler<'_> {
    /// The value of a word: its fields combined by the pattern of
    /// separators, then `@` and `(index)` merged in.
    pub(crate) fn word(&mut self, w: &WordAst, stmt: &Gathered) -> Value {
        let mut pieces: Vec<Piece> = Vec::new();
        let mut extra = Value::default();
        let mut indirect = false;
        for item in &w.items {
            match item {
                Item::Field(e) => {
                    let v = self.expr(e, stmt);
                    pieces.push(Piece::Field(v));
                }
                Item::Space => pieces.push(Piece::Space),
                Item::Comma => pieces.push(Piece::Comma),
                Item::DoubleComma => pieces.push(Piece::DoubleComma),
                Item::Indirect => indirect = true,
                Item::Index(inner) => {
                    let v = self.word(inner, stmt);
                    let swapped = v.map(|x| ((x & HALF_MASK) << 18) | (x >> 18));
                    extra = Value::op2(extra, swapped, u64::wrapping_add);
                }
                Item::Xwd(a, b) => {
                    let a = self.word(a, stmt);
                    let b = self.word(b, stmt);
                    let v = Value::op2(a, b, |x, y| ((x & HALF_MASK) << 18) | (y & HALF_MASK));
                    pieces.push(Piece::Field(v));
                }
                Item::Squoze(n, sym) => {
                    let n = self.word(n, stmt);
                    let code = pdp10_isa::squoze::encode(sym).unwrap_or(0);
                    pieces.push(Piece::Field(n.map(|n| ((n & 0o17) << 32) | code)));
                }
            }
        }
        let mut v = self.format(&pieces, w, stmt);
        v = Value::op2(v, extra, u64::wrapping_add);
        if indirect {
            v = v.map(|x| x | 1 << 22);
        }
        v
    }

    /// Applies the word formats of the manual's table (node Words).
    fn format(&mut self, pieces: &[Piece], w: &WordAst, stmt: &Gathered) -> Value {
        // Spaces next to commas, and at either end, do not count.
        let mut p: Vec<Piece> = Vec::new();
        for &piece in pieces {
            match piece {
                Piece::Space => {
                    if matches!(p.last(), Some(Piece::Field(_))) {
                        p.push(Piece::Space);
                    }
                }
                Piece::Comma | Piece::DoubleComma => {
                    if matches!(p.last(), Some(Piece::Space)) {
                        p.pop();
                    }
                    p.push(piece);
                }
                Piece::Field(_) => p.push(piece),
            }
        }
        if matches!(p.last(), Some(Piece::Space)) {
            p.pop();
        }
        let tr = |v: Value| v.map(|x| x & HALF_MASK);
        let add_rest = |mut acc: Value, rest: &[Piece]| {
            for piece in rest {
                if let Piece::Field(f) = piece {
                    acc = Assembler::add_right(acc, *f);
                }
            }
            acc
        };
        use Piece::*;
        match p.as_slice() {
            [] => Value::default(),
            [DoubleComma, Field(c), rest @ ..] => add_rest(tr(*c), rest),
            [Comma, Field(b), rest @ ..] => add_rest(tr(*b), rest),
            [Field(a)] | [Field(a), Comma] => *a,
            [Field(a), DoubleComma] => a.map(|x| (x & HALF_MASK) << 18),
            [Field(a), DoubleComma, Field(c), rest @ ..] => {
                let v = Value::op2(*a, *c, |x, y| ((x & HALF_MASK) << 18) | (y & HALF_MASK));
                add_rest(v, rest)
            }
            [Field(a), Space, Field(b), Comma, rest @ ..] => {
                // The AC field, or for an I/O instruction the device.
                let io = a.io;
                let v = Value::op2(*a, *b, |x, y| {
                    let ac = if io {
                        (y & 0o774) << 24
                    } else {
                        (y & 0o17) << 23
                    };
                    x.wrapping_add(ac)
                });
                add_rest(v, rest)
            }
            [Field(a), Comma, Field(b), rest @ ..] => add_rest(Assembler::add_right(*a, *b), rest),
            [Field(a), Space, rest @ ..] => add_rest(*a, rest),
            _ => {
                self.error(
                    stmt.span_at(w.at),
                    ErrorKind::Syntax,
                    "this pattern of fields and commas is not a MIDAS word format",
                );
                Value::default()
            }
        }
    }

    pub(crate) fn expr(&mut self, e: &Expr, stmt: &Gathered) -> Value {
        match e {
            Expr::Syllable(s, at) => self.syllable(s, *at, stmt),
            Expr::Negate(e) => self.expr(e, stmt).map(|x| x.wrapping_neg()),
            Expr::Complement(e) => self.expr(e, stmt).map(|x| !x),
            Expr::Binary(op, a, b) => {
                let a = self.expr(a, stmt);
                let b = self.expr(b, stmt);
                if *op == '/' && b.w == 0 && !(a.undefined || b.undefined) {
                    self.error(stmt.span_at(expr_at(e)), ErrorKind::Syntax, "division by zero");
                }
                Value::op2(a, b, |x, y| binary(*op, x, y))
            }
        }
    }

    fn syllable(&mut self, s: &Syllable, at: usize, stmt: &Gathered) -> Value {
        match s {
            Syllable::Number(n) => Value::new(*n),
            Syllable::Dot => Value::new(self.dot()),
            Syllable::Group(w) => self.word(w, stmt),
            Syllable::Swapped(w) => self
                .word(w, stmt)
                .map(|x| ((x & HALF_MASK) << 18) | (x >> 18)),
            Syllable::Symbol(name) => self.symbol_value(name, stmt.span_at(at)),
            Syllable::Variable(name) => {
                self.note_variable(name, 1);
                match self.symbols.get(name) {
                    Some(sym) => Value::new(sym.value),
                    None => Value::unknown(name),
                }
            }
            Syllable::Literal(words) => {
                let values: Vec<Value> = if words.is_empty() {
                    vec![Value::default()]
                } else {
                    words.iter().map(|w| self.word(w, stmt)).collect()
                };
                self.add_literal(&values, stmt.span_at(at))
            }
        }
    }

    /// A symbol's value; undefined ones are errors on pass 2 only, since
    /// pass 1 cannot know forward references.
    pub(crate) fn symbol_value(&mut self, name: &str, at: crate::source::Span) -> Value {
        match self.symbols.get(name) {
            Some(sym) => Value {
                io: sym.io,
                ..Value::new(sym.value)
            },
            None => {
                if self.pass == 2 {
                    self.error(
                        at,
                        ErrorKind::UndefinedSymbol,
                        format!("undefined symbol {name}"),
                    );
                }
                Value::unknown(name)
            }
        }
    }
}

/// The value of `x op y` on 36-bit words.
fn binary(op: char, x: u64, y: u64) -> u64 {
    match op {
        '+' => x.wrapping_add(y),
        '-' => x.wrapping_sub(y),
        '*' => ((signed(x) as i128 * signed(y) as i128) as u64) & WORD_MASK,
        // Division by zero (an error unless a value is still unknown)
        // gives 0.
        '/' if y == 0 => 0,
        '/' => (signed(x).wrapping_div(signed(y))) as u64,
        '&' => x & y,
        '#' => x ^ y,
        '\\' => x | y,
        // `_`: shift left (right when negative), a logical shift.
        _ => {
            let n = signed(y);
            if n >= 36 || n <= -36 {
                0
            } else if n >= 0 {
                x << n
            } else {
                x >> (-n)
            }
        }
    }
}

fn signed(w: u64) -> i64 {
    ((w << 28) as i64) >> 28
}

fn expr_at(e: &Expr) -> usize {
    match e {
        Expr::Syllable(_, at) => *at,
        Expr::Negate(e) | Expr::Complement(e) => expr_at(e),
        Expr::Binary(_, a, _) => expr_at(a),
    }
}
