//! Values of words, fields and syllables (MIDAS manual, nodes Words, Fields
//! and Syllables).

use crate::assemble::{rel_add, rel_neg, Assembler, Value};
use crate::diag::ErrorKind;
use crate::format::Piece;
use crate::gather::Gathered;
use crate::parse::{Expr, Item, Syllable, WordAst};
use pdp10_isa::{HALF_MASK, WORD_MASK};

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
                    let mut swapped = v.map(|x| ((x & HALF_MASK) << 18) | (x >> 18));
                    swapped.glob = swapped.glob.swap();
                    extra = Value::op2(extra, swapped, u64::wrapping_add);
                }
                Item::Xwd(a, b) => {
                    let mut a = self.word(a, stmt);
                    let mut b = self.word(b, stmt);
                    a.glob = a.glob.place(crate::assemble::LEFT);
                    b.glob = b.glob.place(crate::assemble::RIGHT);
                    let v = Value::op2(a, b, |x, y| ((x & HALF_MASK) << 18) | (y & HALF_MASK));
                    pieces.push(Piece::Field(v));
                }
                // Only a literal's words hold these (see `words_of`).
                Item::Assign { .. } => {}
                Item::GroupAssign {
                    name,
                    half_killed,
                    fixed,
                    value,
                } => {
                    let v = self.word(value, stmt);
                    if self.assign_defined(name, v) {
                        let kind = if *fixed {
                            crate::assemble::SymKind::Fixed
                        } else {
                            crate::assemble::SymKind::Assigned
                        };
                        self.define(name, v.w, kind, *half_killed, stmt.span_at(value.at));
                    }
                    pieces.push(Piece::Field(v));
                }
            }
        }
        // Real MIDAS adds a parenthesized term into the word as it reads
        // it (LEFTP, LSSTH1 in midas.458), before the fields are put in:
        // so the address field's no-carry sum takes it in too
        // (`HRLOI A,(TRN)-1` is 525040,,577777, checked with midas-oracle).
        let mut v = self.format(&pieces, w, stmt, extra);
        if indirect {
            v.w |= 1 << 22;
            v.shadow |= 1 << 22;
        }
        v
    }

    /// Puts the fields together by the format table (node Words).
    fn format(&mut self, pieces: &[Piece], w: &WordAst, stmt: &Gathered, initial: Value) -> Value {
        crate::format::combine(pieces, &self.formats, initial).unwrap_or_else(|why| {
            let message = match why {
                crate::format::Refusal::CommaPastThird => "Comma past the 3rd field of a word",
                crate::format::Refusal::Undefined => {
                    "Undefined format: this pattern of fields and commas is not a MIDAS word format"
                }
            };
            self.error(stmt.span_at(w.at), ErrorKind::Syntax, message);
            Value::default()
        })
    }

    pub(crate) fn expr(&mut self, e: &Expr, stmt: &Gathered) -> Value {
        match e {
            Expr::Syllable(s, at) => self.syllable(s, *at, stmt),
            Expr::Negate(e) => {
                let v = self.expr(e, stmt);
                Value {
                    rel: rel_neg(v.rel),
                    glob: v.glob.negate(),
                    ..v.map(|x| x.wrapping_neg())
                }
            }
            Expr::Complement(e) => {
                let v = self.expr(e, stmt);
                self.refuse_relocation(v, '^', stmt);
                Value {
                    opaque: v.opaque || v.undefined,
                    rel: 0,
                    glob: v.glob.spoil(),
                    ..v.map(|x| !x)
                }
            }
            Expr::Binary(op, a, b) => {
                let mut a = self.expr(a, stmt);
                let b = self.expr(b, stmt);
                if !matches!(op, '+' | '-') && (a.undefined || b.undefined) {
                    a.opaque = true;
                    // Real MIDAS 433 does not fix a constant up through
                    // `/`, `_`, `#` or `\` of a symbol defined later, so a
                    // later equal literal does not share it on pass 1 (it
                    // does through `*` and `&`; checked with midas-oracle,
                    // chprog;ocdis's `[-10,,TVBBAS/2000]`).
                    if matches!(op, '/' | '_' | '#' | '\\') {
                        self.merges.unknown_not_symbol();
                    }
                }
                let rel = self.binary_rel(*op, a, b, stmt);
                let glob = match op {
                    '+' => a.glob.merge(b.glob, 1),
                    '-' => a.glob.merge(b.glob, -1),
                    _ => a.glob.merge(b.glob, 1).spoil(),
                };
                Value {
                    rel,
                    glob,
                    ..Value::op2(a, b, |x, y| binary(*op, x, y))
                }
            }
        }
    }

    fn syllable(&mut self, s: &Syllable, at: usize, stmt: &Gathered) -> Value {
        match s {
            Syllable::Number(n) => Value::new(*n),
            Syllable::Unknowns(n, symbolic, opaque) => {
                // See functions.rs's Unknowns: no definition fixes such a
                // value up.
                self.merges.unknown_not_symbol();
                Value {
                    opaque: *opaque,
                    ..Value::function_unknown(*n, n.wrapping_add(*symbolic))
                }
            }
            Syllable::Dot if self.reloc.on && self.reloc.global_loc => {
                self.global_dot().unwrap_or_default()
            }
            Syllable::Dot => match self.label_value() {
                Some(v) => Value {
                    rel: self.dot_rel(),
                    ..Value::new(v)
                },
                None => {
                    self.error(
                        stmt.span_at(at),
                        ErrorKind::Syntax,
                        "`.` in .BYTE mode where new sizes do not fit in the word begun is not supported",
                    );
                    Value::new(self.dot())
                }
            },
            Syllable::Group(w) => {
                let mut v = self.word(w, stmt);
                v.glob = v.glob.unplace();
                v
            }
            Syllable::Swapped(w) => {
                let v = self.word(w, stmt);
                Value {
                    glob: v.glob.spoil(),
                    ..v.map(|x| ((x & HALF_MASK) << 18) | (x >> 18))
                }
            }
            Syllable::Symbol(name) => self.symbol_value(name, stmt.span_at(at)),
            Syllable::Variable(name) => {
                self.note_variable(name, 1);
                let place = self.variable_place(name);
                if self.loader_valued(&place.key).is_some() {
                    return self.loader_value(&place.key);
                }
                match self.symbols.get(&place) {
                    Some(sym) => Value {
                        rel: sym.rel,
                        ..Value::new(sym.value)
                    },
                    None => Value::unknown(&format!("{:?}", place)),
                }
            }
            Syllable::Literal(words) => {
                // A literal's words go into a constants area, even when
                // the word holding its address is dropped.
                let dropping = std::mem::replace(&mut self.dropping, false);
                let outer = self.merges.begin_literal();
                let mut values = self.words_of(words, stmt);
                // The constant's globals are the loader's when the area is
                // written (its words are storage words then).
                for v in &values {
                    self.constant_globals(v.glob, stmt.start);
                }
                if values.is_empty() {
                    values.push(Value::new(0));
                }
                let refs = self.merges.end_literal(outer);
                self.merges.set_next_refs(refs);
                let v = self.add_literal(&values, stmt.span_at(at));
                if self.pass == 1 {
                    // The literal's own address is not known yet: a literal
                    // holding it cannot be fixed up by symbols alone.
                    self.merges.unknown_not_symbol();
                }
                self.dropping = dropping;
                v
            }
            Syllable::Words(words) => {
                let mut v = self.words_of(words, stmt).pop().unwrap_or_default();
                v.glob = v.glob.unplace();
                v
            }
            Syllable::Squoze(n, sym) => {
                let n = self.word(n, stmt);
                // Left-justified, blank padded (`SQUOZE 0,5` is 004447,,600000),
                // and the flags go in at bit 30 (real MIDAS: SQUOZE 4,RUG is
                // 065754,,305000).
                let code = pdp10_isa::squoze::encode(sym).unwrap_or(0);
                self.refuse_relocation(n, 'S', stmt);
                Value {
                    rel: 0,
                    ..n.map(|n| (n << 30).wrapping_add(code))
                }
            }
        }
    }

    /// The values of the words of a literal or group: `.BYTE sizes` makes
    /// the words after it bytes of those sizes, packed into words from the
    /// left, a byte that does not fit starting the next word (manual node
    /// Bytes; see bytes.rs); the mode ends with the bracket.
    fn words_of(&mut self, words: &[WordAst], stmt: &Gathered) -> Vec<Value> {
        // Assignments in a literal are done in order among its words (real
        // MIDAS 433, oracle: inet.139's METER has `AOS MTRCNT+%%%MTR` then
        // `%%%MTR==%%%MTR+1`), and make no words (see grouping_values).
        let values = self.grouping_values(words, stmt);
        if values.len() > 1 && !self.multi_line_mode() {
            // Real MIDAS ends a grouping after its first word when .MLLIT
            // is not positive (SAVAS2/ASSEMC in midas.458): refused here.
            let at = words.first().map_or(stmt.start, |w| stmt.span_at(w.at));
            self.error(
                at,
                ErrorKind::Syntax,
                "a literal or group of more than one word needs .MLLIT positive (multi-line mode)",
            );
        }
        values
    }

    /// Whether `.MLLIT` is positive, the multi-line mode real MIDAS starts
    /// in (manual: "set positive to allow multi-line [], (), and <>").
    pub(crate) fn multi_line_mode(&self) -> bool {
        let v = self.symbols.state(".MLLIT");
        v != 0 && v >> 35 == 0
    }

    /// The byte sizes of a `.BYTE` word (empty for `.BYTE` alone), or None
    /// if the word is no `.BYTE`. A size may be 0: such a byte is
    /// evaluated and put nowhere (see `Assembler::dropping`).
    pub(crate) fn byte_sizes(&mut self, w: &WordAst, stmt: &Gathered) -> Option<Vec<u32>> {
        let mut items = w.items.iter();
        match items.next()? {
            Item::Field(Expr::Syllable(Syllable::Symbol(s), _)) if s == ".BYTE" => {}
            _ => return None,
        }
        let mut sizes = Vec::new();
        for item in items {
            if let Item::Field(e) = item {
                let v = self.expr(e, stmt).w;
                // A negative size is a hole: that many zero bits right
                // after the byte before it (node Bytes; real MIDAS keeps
                // the magnitude and a flag, as `HOLE` here).
                if v >> 35 == 1 && (1u64 << 36) - v <= 36 {
                    sizes.push(((1u64 << 36) - v) as u32 | crate::bytes::HOLE);
                    continue;
                }
                if v > 36 {
                    self.error(
                        stmt.span_at(w.at),
                        ErrorKind::Syntax,
                        format!(".BYTE size {v:o} is not 0 to 44 (octal)"),
                    );
                    return Some(vec![36]);
                }
                sizes.push(v as u32);
            }
        }
        Some(sizes)
    }

    /// A symbol's value; undefined ones are errors on pass 2 only, since
    /// pass 1 cannot know forward references.
    pub(crate) fn symbol_value(&mut self, name: &str, at: crate::source::Span) -> Value {
        let place = self.symbols.resolve(name);
        if name.ends_with('"') && !self.reloc.on {
            // A reference `FOO"` makes FOO global, as `FOO":` does, even
            // when FOO is later defined as a plain label (real MIDAS 433:
            // chprog;ocaux's `PUSHJ P,FILEST"` then `FILEST:`).
            self.symbols.mark_global(&place);
        }
        if self.loader_valued(&place.key).is_some() {
            // Entered in the symbol table where first seen, as any name.
            let _ = self.symbols.reference(&place);
            return self.loader_value(&place.key);
        }
        let mut glob = crate::assemble::GlobalTerms::default();
        if self.note_global(name, &place.key) {
            let sym = self.symbols.get(&place).cloned();
            glob = self.global_reference(&place.key, sym.as_ref(), at);
        }
        if let Some(var) = self.pending_variable(&place) {
            self.merges.unknown_not_symbol();
            return Value::unknown(&format!("{var:?}"));
        }
        match self.symbols.reference(&place) {
            Ok(sym) => Value {
                io: sym.io,
                rel: sym.rel,
                glob,
                ..Value::new(sym.value)
            },
            // An undefined global: the loader's, 0 here (real MIDAS's
            // GVGLT1, on both passes).
            Err(_) if !glob.is_empty() => Value {
                glob,
                ..Value::new(0)
            },
            Err(unknown) => {
                if self.pass == 2 && self.dropping {
                    // Real MIDAS says "Undefined" and makes its binary,
                    // which the value cannot change: a warning.
                    self.warn(
                        at,
                        ErrorKind::UndefinedSymbol,
                        format!("undefined symbol {name} (in a .BYTE 0 byte, which puts nothing)"),
                    );
                }
                // One report a symbol, at its first use: an unknown
                // pseudo-op used a thousand times is one error.
                else if self.pass == 2 && self.undefined_reported.insert(name.to_string()) {
                    self.undefined_symbol(name, at);
                }
                self.merges.unknown_symbol(&unknown);
                Value::unknown(&unknown)
            }
        }
    }
}

impl Assembler<'_> {
    /// Reports an undefined symbol on pass 2. Real MIDAS 433 takes 0 and
    /// writes its binary, and so do we, unless the name is one of real
    /// MIDAS's own (a pseudo-op this assembler does not implement, whose
    /// binary is not known).
    fn undefined_symbol(&mut self, name: &str, at: crate::source::Span) {
        if crate::real_names::is_real_midas_name(&crate::parse::key(name)) {
            self.error(
                at,
                ErrorKind::UndefinedSymbol,
                format!("undefined symbol {name}: a pseudo-op or built-in symbol of real MIDAS this assembler does not implement"),
            );
        } else {
            self.error_but_written(
                at,
                ErrorKind::UndefinedSymbol,
                format!("undefined symbol {name}"),
            );
        }
    }

    /// The relocation of `a op b`: sums and differences add and subtract
    /// relocations, a product multiplies one by the other operand when
    /// only one is relocatable; anything else of a relocatable value is
    /// refused (real MIDAS makes a loader expression of some of them).
    fn binary_rel(&mut self, op: char, a: Value, b: Value, stmt: &Gathered) -> u64 {
        match op {
            '+' => rel_add(a.rel, b.rel),
            '-' => rel_add(a.rel, rel_neg(b.rel)),
            '*' if b.rel == 0 => imul(a.rel, b.w),
            '*' if a.rel == 0 => imul(a.w, b.rel),
            _ => {
                self.refuse_relocation(a, op, stmt);
                self.refuse_relocation(b, op, stmt);
                0
            }
        }
    }

    /// The error for a relocatable operand of an operation a relocatable
    /// assembly here cannot express.
    fn refuse_relocation(&mut self, v: Value, op: char, stmt: &Gathered) {
        if v.rel != 0 && self.pass == 2 {
            let what = match op {
                '^' => "complement (^ or -1-) of".to_string(),
                'S' => "SQUOZE flags made of".to_string(),
                _ => format!("operator {op} on"),
            };
            self.error(
                stmt.start,
                ErrorKind::Syntax,
                format!("{what} a relocatable value is not supported"),
            );
        }
    }
}

/// The value of `x op y` on 36-bit words.
fn binary(op: char, x: u64, y: u64) -> u64 {
    match op {
        '+' => x.wrapping_add(y),
        '-' => x.wrapping_sub(y),
        '*' => imul(x, y),
        // Real MIDAS divides with IDIV, which leaves the dividend when
        // the divisor is 0 (no error: 5/0 is 5 in MIDAS 433).
        '/' if y == 0 => x,
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

/// `x*y` as real MIDAS 433 multiplies: `IMUL A,GETFLV(P)` with the right
/// operand in the AC (MULTP in midas.458), on a KA10. The result is the
/// low 35 bits of the product's magnitude, negated when it is negative
/// (`60*010101010101` is 206060,,606060: the bit above is lost, dump.442).
/// KA10 quirk: an AC of 400000,,0 counts as positive 2^35, so
/// `<-1>*<400000,,0>` is 400000,,0 (checked with `pdp10 midas-oracle`, as
/// are <400000,,0>*2 = 400000,,0 and <200000,,0>*4 = 0).
fn imul(left: u64, right: u64) -> u64 {
    const SIGN: u64 = 1 << 35;
    const LOW: u64 = SIGN - 1;
    let magnitude = |w: u64| {
        if w & SIGN != 0 {
            w.wrapping_neg() & WORD_MASK
        } else {
            w
        }
    };
    let (m, a) = (magnitude(left), magnitude(right));
    if m == 0 || a == 0 {
        return 0;
    }
    let negative = (left & SIGN != 0) ^ (right & SIGN != 0) ^ (right == SIGN);
    let low = (m as u128 * a as u128) as u64 & LOW;
    if negative {
        (low ^ LOW).wrapping_add(1) & LOW | SIGN
    } else {
        low
    }
}

/// Bytes packed into words from the left, a byte that does not fit
/// starting the next word; the sizes are used in turn, cyclically.
pub(crate) fn signed(w: u64) -> i64 {
    ((w << 28) as i64) >> 28
}

impl Assembler<'_> {
    /// `SYM=value` as a word of a literal (`Item::Assign`): done when met,
    /// as real MIDAS does; false if the word is no assignment.
    pub(crate) fn literal_assignment(&mut self, w: &WordAst, stmt: &Gathered) -> bool {
        let [Item::Assign {
            name,
            half_killed,
            fixed,
            value,
        }] = w.items.as_slice()
        else {
            return false;
        };
        let v = self.word(value, stmt);
        if self.assign_defined(name, v) {
            let kind = match fixed {
                true => crate::assemble::SymKind::Fixed,
                false => crate::assemble::SymKind::Assigned,
            };
            self.define(name, v.w, kind, *half_killed, stmt.span_at(w.at));
        }
        true
    }
}
