//! Macros (MIDAS manual, node Macros): definitions with their dummies'
//! bind classes, bodies with dummies recognised at definition time, and
//! calls with MIDAS's argument syntaxes.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::parse::{is_squoze, key};
use crate::source::Span;

/// How a dummy's argument is read from a call (manual node Calls-2 to 7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Syntax {
    Normal,
    Balanced,
    Strung,
    KeepStrung,
    Evaluated,
    WholeLine,
}

/// Around `.QUOTE` text in a body as read (see [`Macro::new`]).
pub(crate) const QUOTE_OPEN: char = '\u{E000}';
/// The end of `.QUOTE` text.
pub(crate) const QUOTE_CLOSE: char = '\u{E001}';

#[derive(Clone, Debug)]
pub(crate) struct Dummy {
    pub name: String,
    pub syntax: Syntax,
    pub gensym: bool,
    pub default: Option<String>,
    /// By keyword (`+` in DEFINE): a call gives it as `name=value`, the
    /// name as written there, compared in full and case and all (real MIDAS
    /// 433: `sense=` does not select a dummy `SENSE`).
    pub keyword: Option<String>,
}

/// A piece of a macro body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Piece {
    Text(String),
    Dummy(usize),
}

#[derive(Clone, Debug)]
pub(crate) struct Macro {
    pub dummies: Vec<Dummy>,
    pub body: Vec<Piece>,
}

impl Macro {
    /// Builds a macro from its dummies and raw body text: dummy names
    /// surrounded by non-squoze characters become [`Piece::Dummy`], and a `!`
    /// beside one is dropped (node Concatenation).
    pub fn new(dummies: Vec<Dummy>, body: &str) -> Macro {
        let names: Vec<String> = dummies.iter().map(|d| key(&d.name)).collect();
        let mut pieces: Vec<Piece> = Vec::new();
        let mut text = String::new();
        let chars: Vec<char> = body.chars().collect();
        let mut i = 0;
        let mut after_dummy = false;
        while i < chars.len() {
            let c = chars[i];
            if c == QUOTE_OPEN {
                // .QUOTE text: as it is, no dummies looked for.
                i += 1;
                while i < chars.len() && chars[i] != QUOTE_CLOSE {
                    text.push(chars[i]);
                    i += 1;
                }
                i += 1;
                after_dummy = false;
                continue;
            }
            if is_squoze(c) {
                let start = i;
                while i < chars.len() && is_squoze(chars[i]) {
                    i += 1;
                }
                let run: String = chars[start..i].iter().collect();
                if let Some(d) = names.iter().position(|n| *n == key(&run)) {
                    if text.ends_with('!') {
                        text.pop();
                    }
                    if !text.is_empty() {
                        pieces.push(Piece::Text(std::mem::take(&mut text)));
                    }
                    pieces.push(Piece::Dummy(d));
                    after_dummy = true;
                } else {
                    text.push_str(&run);
                    after_dummy = false;
                }
                continue;
            }
            if c == '!' && after_dummy {
                after_dummy = false;
                i += 1;
                continue;
            }
            after_dummy = false;
            text.push(c);
            i += 1;
        }
        if !text.is_empty() {
            pieces.push(Piece::Text(text));
        }
        Macro {
            dummies,
            body: pieces,
        }
    }

    /// The body with each dummy replaced by its argument.
    pub fn expand(&self, args: &[String]) -> String {
        let mut out = String::new();
        for p in &self.body {
            match p {
                Piece::Text(t) => out.push_str(t),
                Piece::Dummy(d) => out.push_str(args.get(*d).map_or("", |s| s.as_str())),
            }
        }
        out
    }
}

/// Parses a DEFINE line after the macro name: dummy names with the bind
/// class delimiters of node define-b (`(`..`)` balanced, `*` strung, `&`
/// keep-strung, `#` evaluated, `?` balanced, `-` and `/` whole-line, `\`
/// gensymmed, `+` by keyword, `:` defaults, `=` a default).
pub(crate) fn parse_dummies(line: &str) -> Vec<Dummy> {
    let mut out = Vec::new();
    // One syntax at a time, as MIDAS keeps it in one field of the dummy's
    // descriptor (midas.458 DEFN9): a delimiter selects its syntax, or
    // normal if that syntax is already selected. So in `*A*,#B,*C*` C is
    // strung, not evaluated (syseng;mulseg's `MS%AS`).
    let mut syntax = Syntax::Normal;
    let mut gensym = false;
    let mut by_keyword = false;
    let toggle = |now: Syntax, to: Syntax| if now == to { Syntax::Normal } else { to };
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        match c {
            ';' => break,
            '(' | '[' | '{' | '<' => syntax = Syntax::Balanced,
            ')' | ']' | '}' | '>' => syntax = Syntax::Normal,
            '*' => syntax = toggle(syntax, Syntax::Strung),
            '&' => syntax = toggle(syntax, Syntax::KeepStrung),
            '#' => syntax = toggle(syntax, Syntax::Evaluated),
            '?' => syntax = toggle(syntax, Syntax::Balanced),
            '-' | '/' => syntax = toggle(syntax, Syntax::WholeLine),
            '\\' => gensym = !gensym,
            '+' => by_keyword = !by_keyword,
            ':' => {
                syntax = Syntax::Normal;
                gensym = false;
                by_keyword = false;
            }
            c if is_squoze(c) => {
                let start = i;
                while i < chars.len() && is_squoze(chars[i]) {
                    i += 1;
                }
                let name: String = chars[start..i].iter().collect();
                // "FOO/" is "-FOO": a `/` right after the name turns
                // wholelineness over before it (node define-b).
                if chars.get(i) == Some(&'/') {
                    syntax = toggle(syntax, Syntax::WholeLine);
                    i += 1;
                }
                let mut default = None;
                if chars.get(i) == Some(&'=') {
                    let s = i + 1;
                    i = s;
                    // A bracketed default holds its commas (real MIDAS 433,
                    // oracle: its.1648's `HOR=[72.-IFN MCOND AIKA,[1]]`).
                    let mut depth = 0i32;
                    while i < chars.len() && (depth > 0 || !matches!(chars[i], ',' | ';')) {
                        match chars[i] {
                            '[' if i == s || depth > 0 => depth += 1,
                            ']' if depth > 0 => depth -= 1,
                            _ => {}
                        }
                        i += 1;
                    }
                    let mut e = i;
                    if chars.get(i) == Some(&';') {
                        // As in a call's normal argument, blanks before a
                        // semicolon are dropped (real MIDAS 433, oracle:
                        // sysnet;webser's `DEFINE REG NAME,(N=1<tabs>;`
                        // then `IFG %%REG+N-%%RMAX,...`).
                        while e > s && matches!(chars[e - 1], ' ' | '\t') {
                            e -= 1;
                        }
                    }
                    default = Some(bracketed_default(&chars[s..e]));
                }
                out.push(Dummy {
                    name: key(&name),
                    syntax,
                    gensym,
                    default,
                    keyword: by_keyword.then_some(name),
                });
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

/// A default value read "with the normal argument syntax" (node define-b):
/// one in brackets is their inside (real MIDAS 433, oracle: sysnet;webser's
/// `DEFINE $ASC $PRE=[],...` makes an unspecified $PRE empty, not `[]`).
fn bracketed_default(text: &[char]) -> String {
    if text.first() == Some(&'[') {
        let mut depth = 0i32;
        for (k, &c) in text.iter().enumerate() {
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return text[1..k].iter().collect();
                    }
                }
                _ => {}
            }
        }
    }
    text.iter().collect()
}

/// What ended the scan of one argument.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum End {
    /// A comma: more arguments may follow.
    Comma,
    /// The call is over; the remaining dummies are unspecified.
    Call,
    /// A `;` ended an argument: a whole-line dummy right after takes the
    /// rest of the line from the `;`, comment and all; otherwise the call
    /// is over (real MIDAS 433, oracle: with `DEFINE F A,B/`, `F X ; c`
    /// gives B `; c`; with `A,B,C/` B and C are empty). its.1648's
    /// `BUG HALT ;comment` prints the comment.
    Semicolon,
}

/// Whether `m`'s dummy `k` is a whole-line one read in order (not by
/// keyword).
fn whole_line_at(m: &Macro, k: usize) -> bool {
    m.dummies
        .get(k)
        .is_some_and(|d| d.syntax == Syntax::WholeLine && d.keyword.is_none())
}

impl Assembler<'_> {
    /// Reads the arguments of a call to `m` (node Calls-1), the macro name
    /// just read. Returns one string per dummy.
    pub(crate) fn macro_args(&mut self, m: &Macro, at: Span) -> Vec<String> {
        let n = m.dummies.len();
        let mut args: Vec<Option<String>> = vec![None; n];
        let mut nullspecified = vec![false; n];
        if n > 0 {
            let mut parens = 0usize;
            match self.reader.peek() {
                None => {}
                // A degenerate call. The EOL stays and ends the statement:
                // real MIDAS 433 assembles `D` (body `1 TERMIN`) and `20`
                // on the next line as two words, whatever node Calls-1b
                // says; so for every argument but a whole-line one.
                Some('\n') => {}
                Some(';') => {}
                // A close right after the name ends the call, every
                // argument unspecified, and stays to close its bracket
                // (midas.458 MACCL: "un-read the following character"):
                // comsat's `JRST [ ... DISMIS]`.
                Some(')' | '>' | ']' | crate::cond::SUCCESS) => {}
                Some(c) => {
                    // An OPEN right after the name makes a parenthesized
                    // call (node Calls-1d).
                    if matches!(c, '(' | '[' | '<' | '{') {
                        parens = 1;
                    }
                    // A strung first argument right after the name keeps
                    // that character as its delimiter (real MIDAS 433:
                    // binprt's `out/` CR LF `/` is the string CR LF).
                    // Any other character is read again as the first
                    // argument's first (MACCL): `ONE-3` passes `-3`, and a
                    // comma there ends an empty first argument (`M,5,SIX`
                    // is M with "", 5 and SIX; inquir;inqexm's
                    // `GTOKEN,KGROUN,SIX`).
                    if parens > 0 || matches!(c, ' ' | '\t') {
                        self.reader.next();
                    }
                    let mut k = 0;
                    while k < n {
                        if m.dummies[k].keyword.is_some() {
                            // A run of keyword dummies (node Calls-1c).
                            let run = k..m.dummies[k..]
                                .iter()
                                .position(|d| d.keyword.is_none())
                                .map_or(n, |j| k + j);
                            k = run.end;
                            if self.keyword_args(m, run, &mut args, at, parens > 0) == End::Call {
                                break;
                            }
                            continue;
                        }
                        let last = k + 1 == n;
                        let (value, end) = self.one_arg(&m.dummies[k], at, parens > 0, last);
                        match value {
                            Some(v) => args[k] = Some(v),
                            None => nullspecified[k] = end == End::Comma,
                        }
                        if end == End::Call || (end == End::Semicolon && !whole_line_at(m, k + 1)) {
                            break;
                        }
                        k += 1;
                    }
                    if parens > 0 {
                        self.skip_to_close(at);
                    }
                }
            }
        }
        m.dummies
            .iter()
            .zip(args)
            .zip(nullspecified)
            .map(|((d, a), null)| match a {
                Some(a) => a,
                None => match &d.default {
                    Some(def) => def.clone(),
                    None if d.gensym && !null => {
                        // G and .GSCNT in octal, whatever the radix (real
                        // MIDAS 433's MACGEN divides by 8; the manual's node
                        // Gensymmed says the current radix): six characters.
                        self.gensym += 1;
                        let n = radix_string(self.gensym, 8);
                        format!("G{n:0>5}")
                    }
                    None => String::new(),
                },
            })
            .collect()
    }

    fn skip_to_close(&mut self, at: Span) {
        let mut depth = 1;
        while let Some((c, s)) = self.reader.next() {
            if !self.charge(s) {
                return;
            }
            match c {
                '(' | '[' | '<' | '{' => depth += 1,
                ')' | ']' | '>' | '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return;
                    }
                }
                _ => {}
            }
        }
        self.error(at, ErrorKind::Unterminated, "unterminated macro call");
    }

    /// Skips blanks; `true` if a `;` follows them (the call ends there).
    fn blanks_before_semicolon(&mut self) -> bool {
        while let Some(c) = self.reader.peek() {
            if c == ' ' || c == '\t' {
                self.reader.next();
            } else {
                return c == ';';
            }
        }
        false
    }

    /// Reads one argument; `None` if unspecified or nullspecified.
    pub(crate) fn one_arg(
        &mut self,
        d: &crate::macros::Dummy,
        at: Span,
        in_parens: bool,
        last: bool,
    ) -> (Option<String>, End) {
        match d.syntax {
            Syntax::WholeLine => {
                let mut s = String::new();
                while let Some(c) = self.reader.peek() {
                    self.reader.next();
                    if c == '\n' {
                        break;
                    }
                    s.push(c);
                }
                // The EOL is thrown away but does not end the call: the
                // next dummy is scanned for on the next line (node
                // Calls-4; real MIDAS 433 gives `OFF 1,2` / `3,4` with
                // `-A-B` the arguments `1,2` and `3`).
                (Some(s), End::Comma)
            }
            Syntax::Strung | Syntax::KeepStrung => {
                if self.blanks_before_semicolon() {
                    return (None, End::Call);
                }
                let Some(delim) = self.reader.peek() else {
                    return (None, End::Call);
                };
                match delim {
                    ',' => {
                        self.reader.next();
                        return (None, End::Comma);
                    }
                    '\n' => return (None, End::Call),
                    ')' | ']' | '>' | '}' => return (None, End::Call),
                    _ => {}
                }
                self.reader.next();
                let mut s = String::new();
                loop {
                    match self.reader.next() {
                        None => {
                            self.error(at, ErrorKind::Unterminated, "unterminated string argument");
                            return (Some(s), End::Call);
                        }
                        Some((c, _)) if c == delim => break,
                        Some((c, sp)) => {
                            if !self.charge(sp) {
                                return (Some(s), End::Call);
                            }
                            s.push(c)
                        }
                    }
                }
                if d.syntax == Syntax::KeepStrung {
                    s = format!("{delim}{s}{delim}");
                }
                (Some(s), self.after_strung(at, last, in_parens))
            }
            Syntax::Evaluated => {
                if self.call_ends_here() {
                    return (None, End::Call);
                }
                let text = self.field_text();
                let v = self.eval_text(&text, at);
                (Some(radix_string(v, self.radix)), self.arg_terminator())
            }
            Syntax::Normal | Syntax::Balanced => {
                let mut blanks = String::new();
                while let Some(c @ (' ' | '\t')) = self.reader.peek() {
                    self.reader.next();
                    blanks.push(c);
                }
                if self.reader.peek() == Some(';') {
                    return (None, End::Call);
                }
                // A `[` or `\` is special only right where the argument
                // begins: after a blank it is plain text (a `[` then makes
                // a literal; real MIDAS 433, checked with midas-oracle:
                // `SYSCAL RENAME, [0(A) ? ...]` in inquir;inqupd).
                let blank = !blanks.is_empty();
                match self.reader.peek() {
                    None => (None, End::Call),
                    // Blanks before a comma or an EOL are the argument
                    // (node Calls-2e; real MIDAS 433 gives dump.442's
                    // `PRINT` and six blanks the argument of five blanks,
                    // and `D` and blanks not D's default).
                    Some(',') => {
                        self.reader.next();
                        (blank.then_some(blanks), End::Comma)
                    }
                    Some('\n') => (blank.then_some(blanks), End::Call),
                    // The `]` that closed a bracketed conditional around
                    // the call (written as SUCCESS) ends it.
                    Some(crate::cond::SUCCESS) => (None, End::Call),
                    Some('[') if d.syntax == Syntax::Normal && !blank => {
                        self.reader.next();
                        let s = self.read_bracketed(at);
                        // The next dummy's scan starts after the `]`
                        // (node Calls-2a): after the last one, what follows
                        // (an EOL ending the statement) is read after the
                        // expansion.
                        // An EOL right after the `]` ends the call (real
                        // MIDAS 433: with `DEFINE W P,-R-,\T` the call
                        // `W [6]` CR LF leaves R empty and the next line
                        // alone; syseng;what).
                        if last || matches!(self.reader.peek(), None | Some('\n')) {
                            return (Some(s), End::Call);
                        }
                        // Whatever follows the `]` is where the next
                        // dummy's scan begins: `LTEST [AM]MR2A` gives the
                        // second dummy MR2A (sysen2;tags), and in `[A],X` the
                        // comma nullspecifies it (real MIDAS 433).
                        (Some(s), End::Comma)
                    }
                    Some('\\') if d.syntax == Syntax::Normal && !blank => {
                        self.reader.next();
                        if self.call_ends_here() {
                            return (None, End::Call);
                        }
                        let text = self.field_text();
                        let v = self.eval_text(&text, at);
                        (Some(radix_string(v, self.radix)), self.arg_terminator())
                    }
                    // An unmatched close where the argument would begin
                    // ends the call with this dummy unspecified, like an
                    // EOL (node Calls-3), so it is defaulted or gensymmed:
                    // real MIDAS 433 gives `DFL(1,)` its default.
                    Some(')' | ']' | '>' | '}') if d.syntax == Syntax::Balanced || in_parens => {
                        (None, End::Call)
                    }
                    // Blanks it begins with are part of it (node Calls-2e:
                    // "including the first character"; real MIDAS 433 gives
                    // tj6;otj6's `PRINT  INPUT` the argument ` INPUT`).
                    Some(_) => {
                        let (arg, end) = self.plain_arg(d.syntax == Syntax::Balanced || in_parens);
                        (arg.map(|a| blanks + &a), end)
                    }
                }
            }
        }
    }

    /// Whether a macro call's arguments end here: a line end, `;` or a
    /// close. Where a keyword argument or an evaluated one (`#` dummy, or
    /// `\` before a normal one) would begin, this ends the call, the dummy
    /// unspecified (real MIDAS 433's MACEVL/RARB: `ATOM \` at a line's end
    /// gives NAME nothing, not 0; sysen1;@.695's obarray).
    pub(crate) fn call_ends_here(&mut self) -> bool {
        matches!(
            self.reader.peek(),
            None | Some('\n' | ';' | ')' | '>' | ']' | '}' | crate::cond::SUCCESS)
        )
    }

    /// Text up to a comma, semicolon or EOL (and, balanced, not inside
    /// brackets; an unmatched close ends the call).
    fn plain_arg(&mut self, balanced: bool) -> (Option<String>, End) {
        let mut s = String::new();
        let mut depth = 0i32;
        let end = loop {
            let Some(c) = self.reader.peek() else {
                break End::Call;
            };
            match c {
                ',' if depth == 0 => {
                    self.reader.next();
                    break End::Comma;
                }
                // Blanks before an EOL stay in the argument; only those
                // before a semicolon are dropped (node Calls-2e; real MIDAS
                // 433 gives `Q CD  ` the argument `CD  `).
                '\n' if depth == 0 => return (Some(s), End::Call),
                ';' if depth == 0 => break End::Semicolon,
                crate::cond::SUCCESS => break End::Call,
                '(' | '[' | '<' | '{' if balanced => depth += 1,
                ')' | ']' | '>' | '}' if balanced => {
                    if depth == 0 {
                        break End::Call;
                    }
                    depth -= 1;
                }
                _ => {}
            }
            s.push(c);
            let (_, sp) = self.reader.next().expect("peeked");
            if !self.charge(sp) {
                break End::Call;
            }
        };
        if end != End::Comma {
            while s.ends_with([' ', '\t']) {
                s.pop();
            }
        }
        (Some(s), end)
    }

    /// After a strung argument that is not the last: blanks, then a comma
    /// continues the call, an EOL ends it, and anything else but a squoze
    /// character is where the next dummy's scan begins. Real MIDAS 433
    /// (oracle): with `DEFINE LOSE &S&,ARGS`, `[ LOSE "AB" ]` gives ARGS the
    /// `]` (nsalv.260; the `[ARGS]` in LOSE's body then closes its literal
    /// early). A squoze character there is "Garbage in ASCIZ-style macro
    /// arg" to real MIDAS: refused.
    fn after_strung(&mut self, at: Span, last: bool, in_parens: bool) -> End {
        if last {
            return self.arg_terminator();
        }
        self.reader.skip_blanks();
        match self.reader.peek() {
            None | Some('\n' | ';' | crate::cond::SUCCESS) => End::Call,
            Some(',') => {
                self.reader.next();
                End::Comma
            }
            Some(')' | ']' | '>' | '}') if in_parens => End::Call,
            Some(c) if crate::parse::is_squoze(c) => {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    "garbage after a strung macro argument (real MIDAS: \
                     \"Garbage in ASCIZ-style macro arg\")",
                );
                End::Call
            }
            Some(_) => End::Comma,
        }
    }

    /// After a bracketed, strung or evaluated argument: a comma continues
    /// the call, an EOL (thrown away) or anything else ends it.
    fn arg_terminator(&mut self) -> End {
        while let Some(c) = self.reader.peek() {
            match c {
                ' ' | '\t' => {
                    self.reader.next();
                }
                ',' => {
                    self.reader.next();
                    return End::Comma;
                }
                _ => return End::Call,
            }
        }
        End::Call
    }

    /// The raw text of a field, for `\expr` and evaluated dummies: up to a
    /// comma, blank, semicolon, EOL or unmatched close.
    fn field_text(&mut self) -> String {
        let mut s = String::new();
        let mut depth = 0;
        while let Some(c) = self.reader.peek() {
            if s.is_empty() && (c == ' ' || c == '\t') {
                self.reader.next();
                continue;
            }
            // A character syllable takes the character after its quote
            // whatever it is: `TYPECH ";` passes 73 (node Example-7). A
            // `'` after a digit is the octal suffix.
            if (c == '"' || c == '\'') && !s.ends_with(|p: char| p.is_ascii_alphanumeric()) {
                s.push(c);
                self.reader.next();
                if let Some(q) = self.reader.peek() {
                    s.push(q);
                    self.reader.next();
                }
                continue;
            }
            match c {
                '(' | '<' | '[' => depth += 1,
                ')' | '>' | ']' => {
                    if depth == 0 {
                        break;
                    }
                    depth -= 1;
                }
                ',' | ';' | '\n' | ' ' | '\t' if depth == 0 => break,
                _ => {}
            }
            s.push(c);
            self.reader.next();
        }
        s
    }

    /// Text up to the `]` matching an already-read `[`, brackets nested.
    pub(crate) fn read_bracketed(&mut self, at: Span) -> String {
        let mut depth = 1;
        let mut s = String::new();
        loop {
            let Some((c, sp)) = self.reader.next() else {
                self.error(at, ErrorKind::Unterminated, "unterminated [");
                return s;
            };
            if !self.charge(sp) {
                return s;
            }
            match c {
                '[' => depth += 1,
                ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return s;
                    }
                }
                _ => {}
            }
            s.push(c);
        }
    }
}

/// A number written in `radix`, as `\expr` arguments pass it.
pub(crate) fn radix_string(v: u64, radix: u64) -> String {
    let radix = radix.clamp(2, 36);
    if v == 0 {
        return "0".into();
    }
    let mut digits = Vec::new();
    let mut v = v;
    while v > 0 {
        digits.push(std::char::from_digit((v % radix) as u32, radix as u32).unwrap_or('0'));
        v /= radix;
    }
    digits
        .iter()
        .rev()
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dummies_and_concatenation() {
        let m = Macro::new(parse_dummies("A,B ;comment"), "MOVE A,B!X\nFOO!A AB\n");
        assert_eq!(m.dummies.len(), 2);
        assert_eq!(m.expand(&["1".into(), "2".into()]), "MOVE 1,2X\nFOO1 AB\n");
    }

    #[test]
    fn bind_classes() {
        let d = parse_dummies(r"\A#B\C:D,E=BAR,(F)*G*-H");
        let kinds: Vec<_> = d
            .iter()
            .map(|d| (d.name.as_str(), d.syntax, d.gensym))
            .collect();
        assert_eq!(
            kinds,
            vec![
                ("A", Syntax::Normal, true),
                ("B", Syntax::Evaluated, true),
                ("C", Syntax::Evaluated, false),
                ("D", Syntax::Normal, false),
                ("E", Syntax::Normal, false),
                ("F", Syntax::Balanced, false),
                ("G", Syntax::Strung, false),
                ("H", Syntax::WholeLine, false),
            ]
        );
        assert_eq!(d[4].default.as_deref(), Some("BAR"));
        assert_eq!(radix_string(0o17, 8), "17");
        assert_eq!(radix_string(15, 10), "15");
    }
}
