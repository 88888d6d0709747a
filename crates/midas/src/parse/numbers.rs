//! Numbers (manual node Numbers): integers in the current radix or
//! decimal, floating point, and the `^` and `_` scalings.

use super::*;

impl Parser<'_> {
    /// Numbers (manual node Numbers): `17` in the current radix, `17.`
    /// decimal, `17'` octal, `1.5` floating, `A^B` = A times radix^B,
    /// `1.5^3` = 1500.0, and `X_N` after a float gives a fixed result.
    pub(super) fn number<'a>(
        &self,
        start: In<'a>,
        run: In<'a>,
        rest: In<'a>,
    ) -> PResult<'a, Syllable> {
        let s = *run.fragment();
        let mut rest = rest;
        let dot = s.find('.');
        let is_float = matches!(dot, Some(d) if d + 1 < s.len());
        if is_float {
            let value: f64 = match s.parse() {
                Ok(v) => v,
                Err(_) => return fail(start, format!("bad number {s}")),
            };
            let mut value = value;
            // The exponent may be negative (`1.0^-32.` in DDT's table of
            // powers of ten).
            if let Ok((r, (minus, exp))) = preceded(
                ch::<In<'a>, SyntaxError>('^'),
                pair(opt(ch('-')), self.int_token()),
            )(rest)
            {
                let exp = (exp.min(1000) as i32) * if minus.is_some() { -1 } else { 1 };
                value *= 10f64.powi(exp);
                rest = r;
            }
            if let Ok((r, shift)) = preceded(ch::<In<'a>, SyntaxError>('_'), self.int_token())(rest)
            {
                let fixed = (value * 2f64.powi(shift as i32)) as i64;
                return Ok((r, Syllable::Number(fixed as u64 & pdp10_isa::WORD_MASK)));
            }
            return match float_word(value) {
                Some(w) => Ok((rest, Syllable::Number(w))),
                None => fail(start, format!("floating-point number {s} out of range")),
            };
        }
        let (digits, radix) = if let Some(d) = s.strip_suffix('.') {
            (d, 10)
        } else if rest.fragment().starts_with('\'') {
            rest = adv(rest, 1);
            (s, 8)
        } else {
            (s, self.radix.get())
        };
        let mut value: u64 = 0;
        for c in digits.chars() {
            let Some(d) = c.to_digit(10) else {
                return fail(start, format!("bad number {s}"));
            };
            value = value.wrapping_mul(radix).wrapping_add(d as u64) & pdp10_isa::WORD_MASK;
        }
        if let Ok((r, exp)) = preceded(ch::<In<'a>, SyntaxError>('^'), self.int_token())(rest) {
            for _ in 0..exp.min(64) {
                value = value.wrapping_mul(radix) & pdp10_isa::WORD_MASK;
            }
            rest = r;
        }
        Ok((rest, Syllable::Number(value)))
    }

    /// An unsigned integer in the current radix (or with `.`/`'`), as the
    /// exponent of `^` and the shift of `_` in numbers.
    fn int_token<'a>(&self) -> impl Fn(In<'a>) -> PResult<'a, u64> + '_ {
        move |i: In<'a>| {
            // A value computed while reading (`1.0^.RPCNT`, ksc;out's
            // table of powers of ten): the marker syllable holds it.
            if let Ok((r, digits)) = nom::sequence::delimited(
                ch::<In<'a>, SyntaxError>(MARK),
                take_while1(|c: char| c.is_digit(8)),
                ch(MARK),
            )(i)
            {
                let v = u64::from_str_radix(digits.fragment(), 8).unwrap_or(u64::MAX);
                return Ok((r, v));
            }
            let (r, digits) = take_while1(|c: char| c.is_ascii_digit())(i)?;
            let (r, suffix) = opt(one_of(".'"))(r)?;
            let radix = match suffix {
                Some('.') => 10,
                Some(_) => 8,
                None => self.radix.get(),
            };
            let mut v: u64 = 0;
            for c in digits.fragment().chars() {
                v = v
                    .saturating_mul(radix)
                    .saturating_add(c.to_digit(10).unwrap_or(0) as u64);
            }
            // `A^B` may not run on into a symbol.
            let (_, after) = peek(opt(take_while1(is_squoze)))(r)?;
            if after.is_some() {
                return Err(nom::Err::Error(SyntaxError::from_error_kind(
                    i,
                    NomKind::Digit,
                )));
            }
            Ok((r, v))
        }
    }
}
