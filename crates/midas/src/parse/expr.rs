//! Expressions: syllables (numbers, symbols, literals, groups), unary and
//! binary operators by precedence, and scaled numbers, for [`super::Parser`].

use super::*;

impl Parser<'_> {
    pub(super) fn expr<'a>(&self, i: In<'a>, min: u8, terms: &str) -> PResult<'a, Expr> {
        let (i, lhs) = self.unary(i, terms)?;
        self.expr_rest(i, lhs, min, terms)
    }

    /// Pushes a field's expression, then an `@` for each one read after an
    /// operator inside it.
    pub(super) fn push_field(&self, items: &mut Vec<Item>, e: Expr) {
        items.push(Item::Field(e));
        for _ in 0..self.indirects.replace(0) {
            items.push(Item::Indirect);
        }
    }

    /// The operators and operands after a first operand `lhs`.
    pub(super) fn expr_rest<'a>(
        &self,
        mut i: In<'a>,
        mut lhs: Expr,
        min: u8,
        terms: &str,
    ) -> PResult<'a, Expr> {
        while let Some(op) = i.fragment().chars().next() {
            if !OPERATORS.contains(op) || terms.contains(op) {
                break;
            }
            let p = precedence(op);
            if p < min {
                break;
            }
            if self.operators.get() >= MAX_OPERATORS {
                return fail(i, "too many operators in one statement");
            }
            self.operators.set(self.operators.get() + 1);
            // Blanks after an operator are skipped (`3+ 4` is 7), and a
            // missing operand is 0 (`10+` is 10, `<7*>` 0): real MIDAS 433.
            let (mut after, skipped) = blanks(adv(i, 1))?;
            // But a `(` after a blank is the index kind of parenthesized
            // word, added in at the end of the word, as it is wherever its
            // preceding character is no operator (node Syllables: "If the
            // preceeding character is an arithmetic operator ..."): real
            // MIDAS 433 makes `ROT 14,1+ (13)` 241613,,1 and `MOVE 1,2- (3)`
            // 200043,,2 (rg;c.562's `1+IFGE .RPCNT-16.,[10] (S)`).
            let index_after_blank =
                !skipped.fragment().is_empty() && after.fragment().starts_with('(');
            // An `@` there sets the indirect bit of the word and the
            // operand follows it; a blank after it ends the field (real
            // MIDAS 433: `1+@2` is 20,,3, `MOVE+@ 1,2` 200060,,2, its.1648's
            // `.OP .OPER+@,0,.RTIME`).
            let at_sign = after.fragment().starts_with('@');
            while after.fragment().starts_with('@') {
                self.indirects.set(self.indirects.get() + 1);
                after = adv(after, 1);
            }
            let missing = match after.fragment().chars().next() {
                None => true,
                Some(c) => {
                    terms.contains(c)
                        || ",)>]?\n;".contains(c)
                        || (at_sign && (c == ' ' || c == '\t'))
                        || index_after_blank
                }
            };
            let (r, rhs) = if missing {
                (
                    after,
                    Expr::Syllable(Syllable::Number(0), after.location_offset()),
                )
            } else {
                self.expr(after, p + 1, terms)?
            };
            lhs = Expr::Binary(op, Box::new(lhs), Box::new(rhs));
            i = r;
        }
        Ok((i, lhs))
    }

    /// Operators with no syllable before them, then a syllable. Real
    /// MIDAS 433 (GETFD5, XORF in midas.458) makes such an operator unary:
    /// its left operand is 0 (-1 for `#`, so `#x` is the complement of x)
    /// and it is done before any binary operator after it. A missing
    /// syllable is 0: `1++` is 1, `1+#` 0, `5-#` 6, `1+#+2` -2, `\5` 5.
    pub(super) fn unary<'a>(&self, i: In<'a>, terms: &str) -> PResult<'a, Expr> {
        let mut ops = Vec::new();
        let mut i = i;
        while let Some(c) = i.fragment().chars().next() {
            if !OPERATORS.contains(c) || terms.contains(c) {
                break;
            }
            if ops.len() as u32 >= MAX_NESTING {
                return fail(i, "too many signs or operators in a row");
            }
            ops.push(c);
            i = adv(i, 1);
        }
        let at = i.location_offset();
        // A sign with a blank after it is a field of its own, 0 (real MIDAS
        // 433: `+ 1,[5]` is 1,[5] with 1 in the AC field, `+1,[6]` is
        // 1+[6]; a REPEAT string can begin so, syseng;iec).
        let missing = match i.fragment().chars().next() {
            None => true,
            Some(c) => terms.contains(c) || " \t,)>]?\n;".contains(c),
        };
        let mut e = if !ops.is_empty() && missing {
            Expr::Syllable(Syllable::Number(0), at)
        } else if let Some(rest) = squoze_pseudo(i) {
            // SQUOZE inside an expression: a syllable of its own
            // (`5+SQUOZE 0,X`; at a word's start word_inner reads it).
            let (r, e) = self.squoze_arguments(rest, terms)?;
            i = r;
            e
        } else {
            let digit = i.fragment().starts_with(|c: char| c.is_ascii_digit());
            let (r, s) = self.syllable(i)?;
            i = r;
            let e = Expr::Syllable(s, at);
            if digit && i.fragment().starts_with('_') {
                let (r, e) = self.scaled(i, e)?;
                i = r;
                e
            } else {
                e
            }
        };
        for op in ops.into_iter().rev() {
            e = match op {
                '-' => Expr::Negate(Box::new(e)),
                '#' => Expr::Complement(Box::new(e)),
                '+' => e,
                _ => Expr::Binary(
                    op,
                    Box::new(Expr::Syllable(Syllable::Number(0), at)),
                    Box::new(e),
                ),
            };
        }
        Ok((i, e))
    }

    /// `N_M` after a number is part of the syllable (manual node Numbers):
    /// N shifted left M bits (right when M is negative), where M is a
    /// number, a symbol or `<...>`, after an optional `-`. With nothing
    /// there the shift is 0 (`3_` and `1_-` are 3 and 1). A second `_` after M is refused:
    /// real MIDAS 433 then splits the word (`3_2_1` is two words, 14 and 1).
    pub(super) fn scaled<'a>(&self, i: In<'a>, number: Expr) -> PResult<'a, Expr> {
        let under = i;
        let mut i = adv(i, 1);
        let minus = i.fragment().starts_with('-');
        if minus {
            i = adv(i, 1);
        }
        let at = i.location_offset();
        match i.fragment().chars().next() {
            Some(c) if is_squoze(c) || c == '<' || c == MARK => {}
            Some('_' | '"' | '\'' | '^' | '[' | '(') => {
                return fail(under, "this use of `_` after a number is not supported");
            }
            _ => return Ok((i, number)),
        }
        let (r, s) = self.syllable(i)?;
        if r.fragment().starts_with('_') {
            return fail(
                r,
                "a second `_` after a number is not supported (real MIDAS splits the word)",
            );
        }
        let mut shift = Expr::Syllable(s, at);
        if minus {
            shift = Expr::Negate(Box::new(shift));
        }
        Ok((r, Expr::Binary('_', Box::new(number), Box::new(shift))))
    }

    pub(super) fn syllable<'a>(&self, i: In<'a>) -> PResult<'a, Syllable> {
        let Some(c) = i.fragment().chars().next() else {
            return fail(i, "expected a value");
        };
        match c {
            MARK => {
                let (r, digits) = preceded(ch(MARK), take_while(|c: char| c.is_digit(8)))(i)?;
                let v = u64::from_str_radix(digits.fragment(), 8).unwrap_or(0);
                let v = v & pdp10_isa::WORD_MASK;
                let unknowns = pair(one_of("?!"), take_while(|c: char| c.is_digit(8)));
                let (r, unknowns) = opt(unknowns)(r)?;
                let (r, _) = ch(MARK)(r)?;
                match unknowns {
                    Some((kind, s)) => {
                        let s = u64::from_str_radix(s.fragment(), 8).unwrap_or(0);
                        Ok((r, Syllable::Unknowns(v, s, kind == '!')))
                    }
                    None => Ok((r, Syllable::Number(v))),
                }
            }
            '"' => {
                let (r, (_, c)) = pair(ch('"'), anychar)(i)?;
                Ok((r, Syllable::Number(c as u64 & 0o177)))
            }
            '^' => {
                // Lower case is folded first: ^q is ^Q, 21 (real MIDAS).
                let (r, (_, c)) = pair(ch('^'), anychar)(i)?;
                Ok((r, Syllable::Number(c.to_ascii_uppercase() as u64 & 0o77)))
            }
            '\'' => {
                let (r, (_, first)) = pair(ch('\''), anychar)(i)?;
                let (r, more) = take_while(is_squoze)(r)?;
                let mut v = crate::text::sixbit_char(first as u32 as u8);
                for c in more.fragment().chars() {
                    v = ((v << 6) | crate::text::sixbit_char(c as u8)) & pdp10_isa::WORD_MASK;
                }
                Ok((r, Syllable::Number(v)))
            }
            '<' => {
                let open = i.location_offset();
                // A line end inside `<>` separates words as `?` does (real
                // MIDAS 433: `<1+` CR LF `2>` is 2, `<3` CR LF `>` is 0).
                // `<a ? b>`: several words, the last gives the value (or,
                // after .BYTE, the bytes packed).
                let (r, mut words) = self.group_words(adv(i, 1), '>')?;
                if !r.fragment().starts_with('>') {
                    return fail_unterminated(open, "unterminated <");
                }
                if words.len() == 1 {
                    let w = words.pop().expect("one word");
                    return Ok((adv(r, 1), Syllable::Group(w)));
                }
                Ok((adv(r, 1), Syllable::Words(words)))
            }
            '(' => {
                let (r, w) = self.parenthesized(i)?;
                Ok((r, Syllable::Swapped(w)))
            }
            '[' => self.literal(i),
            c if is_squoze(c) => {
                let (r, run) = squoze_run(i)?;
                let s = *run.fragment();
                if s == "." {
                    return Ok((r, Syllable::Dot));
                }
                if is_symbol(s) {
                    let (r, name) = symbol_name(i)?;
                    if r.fragment().starts_with('\'') {
                        return Ok((adv(r, 1), Syllable::Variable(name)));
                    }
                    return Ok((r, Syllable::Symbol(name)));
                }
                self.number(i, run, r)
            }
            _ => fail(i, format!("unexpected {}", printable(c))),
        }
    }

    pub(super) fn literal<'a>(&self, i: In<'a>) -> PResult<'a, Syllable> {
        let open = i.location_offset();
        let mut i = adv(i, 1);
        let mut words = Vec::new();
        loop {
            let (r, _) = take_while(|c| {
                matches!(
                    c,
                    ' ' | '\t'
                        | '\n'
                        | '?'
                        | '\u{c}'
                        | crate::source::BARE_LF
                        | crate::source::BARE_CR
                )
            })(i)?;
            i = r;
            match i.fragment().chars().next() {
                None => return fail_unterminated(open, "unterminated literal"),
                Some(']') => return Ok((adv(i, 1), Syllable::Literal(words))),
                Some(RADIX_MARK) => i = self.radix_line(i)?.0,
                Some(_) => {
                    // A label inside a literal is an error in MIDAS.
                    let lab: PResult<'a, _> = pair(symbol_name, ch(':'))(i);
                    if lab.is_ok() {
                        return fail(i, "labels are not allowed inside a literal");
                    }
                    // An assignment inside a literal defines its symbol
                    // and assembles nothing.
                    let assign: PResult<'a, (String, In<'a>)> =
                        pair(symbol_name, preceded(blanks, alt((tag("=="), tag("=")))))(i);
                    if let Ok((rest, (name, op))) = assign {
                        // `==:` too (real MIDAS 433, oracle: inet.139's
                        // METER makes `MR%n==:<.,,[ASCIZ ...]>` in a literal).
                        let fixed = rest.fragment().starts_with(':');
                        let rest = if fixed { adv(rest, 1) } else { rest };
                        let at = i.location_offset();
                        let (rest, _) = blanks(rest)?;
                        let (r, value) = self.word(rest, "?\n]\u{10A}\u{10D}")?;
                        let item = Item::Assign {
                            name,
                            half_killed: op.fragment().starts_with("=="),
                            fixed,
                            value,
                        };
                        words.push(WordAst {
                            items: vec![item],
                            at,
                        });
                        i = r;
                        continue;
                    }
                    let (r, w) = self.word(i, "?\n]\u{10A}\u{10D}")?;
                    words.push(w);
                    i = r;
                }
            }
        }
    }
}

impl Parser<'_> {
    /// A literal's line `RADIX n` as the gatherer marked it: the numbers
    /// read after it are in radix n; a word after it on the line is the
    /// literal's, a comma is refused (not checked against real MIDAS).
    fn radix_line<'a>(&self, i: In<'a>) -> PResult<'a, ()> {
        let (r, digits) = nom::sequence::delimited(
            ch(RADIX_MARK),
            take_while1(|c: char| c.is_digit(8)),
            ch(RADIX_MARK),
        )(i)?;
        self.radix
            .set(u64::from_str_radix(digits.fragment(), 8).unwrap_or(8));
        let (after, _) = blanks(r)?;
        match after.fragment().chars().next() {
            Some(',') => fail(
                after,
                "a comma after RADIX's argument in a literal is not supported",
            ),
            _ => Ok((r, ())),
        }
    }
}

/// After the name SQUOZE and a blank, where its arguments begin.
fn squoze_pseudo(i: In<'_>) -> Option<In<'_>> {
    let (rest, name) = squoze_run(i).ok()?;
    (key(name.fragment()) == "SQUOZE" && rest.fragment().starts_with([' ', '\t'])).then_some(rest)
}

/// Parses a field-only expression (conditionals, REPEAT counts, `\expr`).
pub(crate) fn expression(text: &str, radix: u64) -> Result<WordAst, SyntaxError> {
    let input = In::new(text);
    let no_names = std::collections::HashSet::new();
    let p = Parser {
        expunged: &no_names,
        radix: std::cell::Cell::new(radix),
        depth: std::cell::Cell::new(0),
        operators: std::cell::Cell::new(0),
        indirects: std::cell::Cell::new(0),
    };
    let r = (|| {
        let (rest, _) = blanks(input)?;
        let (rest, w) = p.word(rest, "")?;
        let (rest, _) = blanks(rest)?;
        if !rest.fragment().is_empty() {
            return fail(rest, "unexpected text after the expression");
        }
        Ok((rest, w))
    })();
    match r {
        Ok((_, w)) => Ok(w),
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => Err(e),
        Err(nom::Err::Incomplete(_)) => Err(SyntaxError {
            offset: text.len(),
            message: "expression ends too soon".into(),
            unterminated: true,
        }),
    }
}
