//! Reading statements: the character-level work MIDAS does before a
//! statement is parsed. Comments are dropped; macro calls, REPEAT, IRP and
//! conditionals are expanded; text pseudo-ops become values; `.INSRT`,
//! TITLE, PRINTX, DEFINE and EXPUNGE are done. The result is one statement
//! (up to an end of line or `?` outside brackets) for `parse`.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::macros::{parse_dummies, Macro};
use crate::parse::{is_squoze, is_symbol, key, MARK};
use crate::reader::{Origin, MAX_DEPTH};
use crate::source::{insrt_candidates, parse_its_file_spec, SourceFile, Span, BARE_CR, BARE_LF};
use crate::text::{text_words, TextKind};
use std::rc::Rc;

/// Written after a successful bracketed conditional's body, followed by
/// `T`: sets the condition's result again when the body has been read.
const SUCCESS: char = '\u{2}';

/// How deeply the arguments of IFE, REPEAT ... may hold further ones.
const MAX_ARGUMENT_DEPTH: u32 = 50;

/// One statement's text, with the position of each byte.
#[derive(Debug, Clone)]
pub(crate) struct Gathered {
    pub text: String,
    spans: Vec<Span>,
    pub start: Span,
    /// Whether only blanks have been pushed so far.
    blank: bool,
}

impl Gathered {
    fn new(start: Span) -> Gathered {
        Gathered {
            text: String::new(),
            spans: Vec::new(),
            start,
            blank: true,
        }
    }

    fn push(&mut self, c: char, at: Span) {
        // A statement is placed where its first non-blank character is.
        if self.blank {
            self.start = at;
            self.blank = c.is_whitespace();
        }
        self.text.push(c);
        for _ in 0..c.len_utf8() {
            self.spans.push(at);
        }
    }

    /// The character before the one pushed last.
    fn before_last(&self) -> Option<char> {
        let mut chars = self.text.chars();
        chars.next_back();
        chars.next_back()
    }

    fn push_str(&mut self, s: &str, at: Span) {
        for c in s.chars() {
            self.push(c, at);
        }
    }

    /// The source position of a byte offset into the text.
    pub fn span_at(&self, offset: usize) -> Span {
        self.spans
            .get(offset)
            .or(self.spans.last())
            .copied()
            .unwrap_or(self.start)
    }
}

/// Where gathering stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stop {
    /// At the end of the statement.
    Statement,
    /// At a comma outside brackets (the argument of IFE, REPEAT ...); an
    /// end of line is left unread.
    Comma,
    /// Like `Comma`, and also at a `?` or at a closing bracket that closes
    /// nothing read here (the argument of `.BP`, `.LDB` ... inside `<>` or
    /// `[]`).
    Field,
}

/// The conditional pseudo-ops.
#[derive(Clone, Copy, Debug)]
enum Cond {
    Value(fn(i64) -> bool),
    Defined(bool),
    Blank(bool),
    Same(bool),
    Pass(u8),
    Else,
    Also,
    /// NULL: a conditional that always fails.
    Never,
    /// IFSQ/IFNSQ: whether the string is all SQUOZE characters.
    Squoze(bool),
}

impl Assembler<'_> {
    /// Takes the next source character into `g` as it is (the character
    /// after a quote or a control-character `^`).
    fn gather_next(&mut self, g: &mut Gathered) {
        if let Some((c, at)) = self.reader.next() {
            g.push(c, at);
        }
    }

    /// The next statement, or `None` at the end of the input.
    pub(crate) fn gather(&mut self) -> Option<Gathered> {
        self.reader.peek()?;
        let start = self.reader.span();
        let mut g = Gathered::new(start);
        self.gather_into(&mut g, Stop::Statement);
        Some(g)
    }

    fn gather_into(&mut self, g: &mut Gathered, stop: Stop) {
        let mut depth = 0i32; // [ ] nesting
        let mut nest = 0i32; // ( < nesting, for Stop::Comma
        while let Some(c) = self.reader.peek() {
            if self.fatal {
                return;
            }
            let at = self.reader.span();
            if !self.charge(at) {
                return;
            }
            match c {
                ';' => {
                    // A comment ends at a carriage return (manual: ";"), so
                    // a bare line feed does not end it.
                    while let Some(c) = self.reader.peek() {
                        if c == '\n' || c == BARE_CR {
                            break;
                        }
                        self.reader.next();
                    }
                }
                '\n' | BARE_LF | BARE_CR => {
                    if depth > 0 {
                        self.reader.next();
                        g.push(c, at);
                    } else {
                        if stop == Stop::Statement {
                            self.reader.next();
                        }
                        return;
                    }
                }
                // Inside `<>` or `()` a `?` separates the words of the
                // group (`<.BYTE 7 ? 15 ? 12>`).
                '?' if depth == 0 && nest == 0 && stop == Stop::Statement => {
                    self.reader.next();
                    return;
                }
                ',' if depth == 0 && nest == 0 && stop != Stop::Statement => return,
                '?' if depth == 0 && stop == Stop::Field => return,
                ']' if depth == 0 && stop == Stop::Field => return,
                ')' | '>' if nest == 0 && stop == Stop::Field => return,
                '[' | ']' | '(' | ')' | '<' | '>' => {
                    match c {
                        '[' => depth += 1,
                        ']' => depth = (depth - 1).max(0),
                        '(' | '<' => nest += 1,
                        _ => nest = (nest - 1).max(0),
                    }
                    self.reader.next();
                    g.push(c, at);
                }
                '"' => {
                    self.reader.next();
                    g.push(c, at);
                    self.gather_next(g);
                }
                '^' => {
                    self.reader.next();
                    g.push(c, at);
                    // After a digit it is the exponent of a number;
                    // otherwise ^x is a control character.
                    let infix = g
                        .before_last()
                        .is_some_and(|p| p.is_ascii_alphanumeric() || p == '.');
                    if !infix {
                        self.gather_next(g);
                    }
                }
                '\'' => {
                    self.reader.next();
                    g.push(c, at);
                    let after_symbol = g.before_last().is_some_and(|p| is_squoze(p) || p == MARK);
                    if !after_symbol {
                        // 'TTY: a SIXBIT quote, read raw so that TTY is
                        // not taken for a macro.
                        self.gather_next(g);
                        while let Some(q) = self.reader.peek() {
                            if !is_squoze(q) {
                                break;
                            }
                            let (q, s) = self.reader.next().expect("peeked");
                            g.push(q, s);
                        }
                    }
                }
                SUCCESS => {
                    self.reader.next();
                    if let Some((c, _)) = self.reader.next() {
                        self.last_condition = c == 'T';
                    }
                }
                MARK => {
                    self.reader.next();
                    g.push(c, at);
                    while let Some((q, s)) = self.reader.next() {
                        g.push(q, s);
                        if q == MARK {
                            break;
                        }
                    }
                }
                c if is_squoze(c) => {
                    let mut run = String::new();
                    while let Some(q) = self.reader.peek() {
                        if !is_squoze(q) {
                            break;
                        }
                        run.push(q);
                        self.reader.next();
                    }
                    self.token(&run, at, g);
                }
                '\u{c}' => {
                    self.reader.next();
                    g.push(' ', at);
                }
                _ => {
                    self.reader.next();
                    g.push(c, at);
                }
            }
        }
    }

    /// A squoze run just read: a macro call, a pseudo-op done here, or text
    /// for the parser.
    fn token(&mut self, run: &str, at: Span, g: &mut Gathered) {
        if !is_symbol(run) {
            g.push_str(run, at);
            return;
        }
        // `BLOCK"SYM` names SYM of a block. Blocks are not kept apart here
        // (every symbol is global), so the block name is dropped, and in
        // any case never taken for a macro call; `SYM":` keeps SYM.
        if self.reader.peek() == Some('"') {
            self.reader.next();
            if !self.reader.peek().is_some_and(is_squoze) {
                g.push_str(run, at);
            }
            return;
        }
        let k = key(run);
        if let Some(original) = self.aliases.get(&k).cloned() {
            // A name EQUALS made for a pseudo-op is that pseudo-op.
            return self.token(&original, at, g);
        }
        if let Some(m) = self.macros.get(&k).cloned() {
            let args = self.macro_args(&m, at);
            let text = m.expand(&args);
            self.push_macro(text, at);
            return;
        }
        match k.as_str() {
            "DEFINE" => self.define_macro(at),
            ".TTYMA" => self.tty_macro(at),
            "TERMIN" => self.error(at, ErrorKind::Syntax, "TERMIN without DEFINE or IRP"),
            "REPEAT" => self.repeat(at),
            "IRP" | "IRPC" | "IRPS" => self.irp(&k, at),
            "IFE" => self.conditional(Cond::Value(|v| v == 0), at),
            "IFN" => self.conditional(Cond::Value(|v| v != 0), at),
            "IFG" => self.conditional(Cond::Value(|v| v > 0), at),
            "IFGE" => self.conditional(Cond::Value(|v| v >= 0), at),
            "IFL" => self.conditional(Cond::Value(|v| v < 0), at),
            "IFLE" => self.conditional(Cond::Value(|v| v <= 0), at),
            "IFDEF" => self.conditional(Cond::Defined(true), at),
            "IFNDEF" => self.conditional(Cond::Defined(false), at),
            "IFB" => self.conditional(Cond::Blank(true), at),
            "IFNB" => self.conditional(Cond::Blank(false), at),
            "IFSE" => self.conditional(Cond::Same(true), at),
            "IFSN" => self.conditional(Cond::Same(false), at),
            "IF1" => self.conditional(Cond::Pass(1), at),
            "IF2" => self.conditional(Cond::Pass(2), at),
            ".ELSE" => self.conditional(Cond::Else, at),
            ".ALSO" => self.conditional(Cond::Also, at),
            "ASCII" => self.text(TextKind::Ascii, at),
            "ASCIZ" => self.text(TextKind::Asciz, at),
            "ASCIC" => self.text(TextKind::Ascic, at),
            "SIXBIT" => self.text(TextKind::Sixbit, at),
            ".LENGT" => {
                if let Some(t) = self.delimited(at) {
                    // A line end is the two characters CR LF.
                    let n = t.chars().map(|c| if c == '\n' { 2 } else { 1 }).sum::<u64>();
                    mark(g, n, at);
                }
            }
            // PRINTX is PRINTC without the `!` characters (manual, list of
            // pseudo-ops).
            "PRINTX" => {
                if let Some(t) = self.delimited(at) {
                    self.messages.push(t.replace('!', ""));
                }
            }
            "PRINTC" => {
                if let Some(t) = self.delimited(at) {
                    self.messages.push(t);
                }
            }
            "COMMEN" => {
                self.delimited(at);
            }
            ".TYO" | ".TYO6" => {
                if let Some(v) = self.field_argument(at) {
                    let text = if k == ".TYO" {
                        char::from((v & 0o177) as u8).to_string()
                    } else {
                        crate::text::sixbit_text(v)
                    };
                    self.messages.push(text);
                }
            }
            ".BP" | ".BM" | ".LDB" | ".DPB" | ".IBP" | ".LZ" | ".TZ" => self.byte_function(&k, at, g),
            ".INEOF" => self.reader.end_file(),
            // .SEE only makes cross-reference entries: its names are
            // dropped, wherever on a line it stands.
            ".SEE" => {
                while let Some(c) = self.reader.peek() {
                    if matches!(c, '\n' | '?' | ';' | BARE_LF | BARE_CR) {
                        break;
                    }
                    self.reader.next();
                }
            }
            // Outside a macro body .QUOTE's text is simply read.
            ".QUOTE" => {
                if let Some(t) = self.delimited(at) {
                    self.push_text(t, Origin::Expansion(at), at);
                }
            }
            ".STOP" | ".ISTOP" => {
                if !self.reader.stop(k == ".ISTOP") {
                    self.error(at, ErrorKind::Syntax, format!("{run} outside a macro, REPEAT or IRP"));
                }
            }
            "NULL" => self.conditional(Cond::Never, at),
            "IFSQ" => self.conditional(Cond::Squoze(true), at),
            "IFNSQ" => self.conditional(Cond::Squoze(false), at),
            ".FVERS" => {
                let v = self.file_version(Some(self.main_file));
                mark(g, v, at)
            }
            ".IFVRS" => {
                let v = self.file_version(self.reader.insert_file());
                mark(g, v, at)
            }
            ".IFNM1" | ".IFNM2" => {
                let names = self
                    .reader
                    .insert_file()
                    .map(|f| crate::source::its_names(&self.sources.file(f).path));
                let (fn1, fn2, _) = names.unwrap_or_default();
                let name = if k == ".IFNM1" { fn1 } else { fn2 };
                mark(g, crate::text::sixbit_word(&name), at)
            }
            ".OSMID" => mark(g, crate::text::sixbit_word("ITS"), at),
            ".PASS" => mark(g, self.pass as u64, at),
            // -1 if the last conditional succeeded, else 0.
            ".SUCCE" => mark(g, if self.last_condition { 0o777777_777777 } else { 0 }, at),
            "EQUALS" => self.equals(at),
            ".ERR" => {
                let t = self.rest_of_line();
                let t = t.trim();
                self.error(
                    at,
                    ErrorKind::User,
                    if t.is_empty() {
                        ".ERR".to_string()
                    } else {
                        t.to_string()
                    },
                );
            }
            ".INSRT" => self.insert_file(at),
            "TITLE" => {
                let t = self.rest_of_line();
                if self.title.is_none() {
                    self.title = t.split_whitespace().next().map(str::to_ascii_uppercase);
                }
            }
            "SUBTTL" => {
                self.rest_of_line();
            }
            "EXPUNG" => {
                let t = self.rest_of_line();
                for name in t.split([' ', '\t', ',']).filter(|n| !n.is_empty()) {
                    let k = key(name);
                    self.symbols.remove(&k);
                    self.macros.remove(&k);
                }
            }
            ".RPCNT" | ".IRPCN" => {
                let (rp, irp) = self.reader.counters();
                let v = if k == ".RPCNT" { rp } else { irp };
                match v {
                    Some(v) => mark(g, v, at),
                    None => mark(g, 0, at),
                }
            }
            ".FNAM1" => mark(g, self.fnames.0, at),
            ".FNAM2" => mark(g, self.fnames.1, at),
            _ => g.push_str(run, at),
        }
    }

    /// Pushes text to be read next, unless expansions nest too deeply.
    fn push_text(&mut self, text: String, origin: Origin, at: Span) -> bool {
        if self.reader.depth() >= MAX_DEPTH {
            self.error(
                at,
                ErrorKind::Limit,
                "macros, REPEATs or .INSRTs nested too deeply",
            );
            self.fatal = true;
            return false;
        }
        if !text.is_empty() {
            self.reader.push(text.into(), origin);
        }
        true
    }

    /// Pushes a macro's expansion (the frame `.STOP` ends), even an empty
    /// one.
    fn push_macro(&mut self, text: String, at: Span) {
        if self.push_text(String::new(), Origin::Expansion(at), at) {
            self.reader.push(text.into(), Origin::Expansion(at)).macro_body = true;
        }
    }

    /// The rest of the line up to a `;` comment (the end of line is left).
    fn rest_of_line(&mut self) -> String {
        let mut s = String::new();
        let mut comment = false;
        while let Some(c) = self.reader.peek() {
            if c == '\n' {
                break;
            }
            self.reader.next();
            if c == ';' {
                comment = true;
            }
            if !comment {
                s.push(c);
            }
        }
        s
    }

    /// A string between delimiters, the first non-blank character being the
    /// delimiter (as ASCII takes it).
    fn delimited(&mut self, at: Span) -> Option<String> {
        while let Some(c) = self.reader.peek() {
            if c == ' ' || c == '\t' {
                self.reader.next();
            } else {
                break;
            }
        }
        let Some((delim, _)) = self.reader.next() else {
            self.error(at, ErrorKind::Unterminated, "unterminated string");
            return None;
        };
        let mut s = String::new();
        loop {
            match self.reader.next() {
                None => {
                    self.error(at, ErrorKind::Unterminated, "unterminated string");
                    return None;
                }
                Some((c, sp)) => {
                    if !self.charge(sp) {
                        return None;
                    }
                    if c == delim {
                        return Some(s);
                    }
                    s.push(c);
                }
            }
        }
    }

    /// ASCII, ASCIZ, ASCIC, SIXBIT: the words, one a line, read next.
    fn text(&mut self, kind: TextKind, at: Span) {
        let Some(t) = self.delimited(at) else { return };
        let words = text_words(kind, &t);
        let text: Vec<String> = words.iter().map(|w| format!("{MARK}{w:o}{MARK}")).collect();
        self.push_text(text.join("\n"), Origin::Expansion(at), at);
    }

    /// Reads and evaluates an expression up to a comma (IFE, REPEAT).
    fn comma_expression(&mut self, at: Span) -> Option<i64> {
        // A conditional or REPEAT inside the argument of another (a macro
        // can make that endless) reads it through this function again.
        if self.argument_depth >= MAX_ARGUMENT_DEPTH {
            self.error(
                at,
                ErrorKind::Limit,
                "conditionals nested too deeply in an argument",
            );
            self.fatal = true;
            return None;
        }
        self.argument_depth += 1;
        let mut g = Gathered::new(at);
        self.gather_into(&mut g, Stop::Comma);
        self.argument_depth -= 1;
        let value = match crate::parse::expression(&g.text, self.radix) {
            Ok(w) => self.word(&w, &g),
            Err(e) => {
                let kind = if e.unterminated {
                    ErrorKind::Unterminated
                } else {
                    ErrorKind::Syntax
                };
                self.error(g.span_at(e.offset), kind, e.message);
                return None;
            }
        };
        if self.reader.peek() == Some(',') {
            self.reader.next();
        } else {
            let here = self.reader.span();
            self.error(here, ErrorKind::Syntax, "expected a comma");
            return None;
        }
        Some(((value.w << 28) as i64) >> 28)
    }

    /// The argument of `.TYO` and `.TYO6`: a field, ended by a comma
    /// (consumed) or the end of the line.
    fn field_argument(&mut self, at: Span) -> Option<u64> {
        let mut g = Gathered::new(at);
        self.gather_into(&mut g, Stop::Comma);
        if self.reader.peek() == Some(',') {
            self.reader.next();
        }
        match crate::parse::expression(g.text.trim(), self.radix) {
            Ok(w) => Some(self.word(&w, &g).w),
            Err(e) => {
                self.error(g.span_at(e.offset), ErrorKind::Syntax, e.message);
                None
            }
        }
    }

    /// One argument of a byte function: a field up to a comma (consumed
    /// unless `keep_comma`), `?`, the end of the line or an unmatched close.
    fn function_argument(&mut self, at: Span, keep_comma: bool) -> Option<u64> {
        let mut g = Gathered::new(at);
        self.gather_into(&mut g, Stop::Field);
        if !keep_comma && self.reader.peek() == Some(',') {
            self.reader.next();
        }
        match crate::parse::expression(g.text.trim(), self.radix) {
            Ok(w) => Some(self.word(&w, &g).w),
            Err(e) => {
                self.error(g.span_at(e.offset), ErrorKind::Syntax, e.message);
                None
            }
        }
    }

    /// The byte functions of manual node Bytes: `.BP mask,` (the comma
    /// stays, as a space), `.BM bp`, `.LDB bp,word`, `.DPB byte,bp,word`,
    /// `.IBP bp`, `.LZ x`, `.TZ x`.
    fn byte_function(&mut self, k: &str, at: Span, g: &mut Gathered) {
        use crate::text::{byte_mask, byte_pointer, increment_byte_pointer};
        let v = match k {
            ".BP" => {
                let Some(mask) = self.function_argument(at, true) else { return };
                let v = byte_pointer(mask);
                mark(g, v, at);
                if self.reader.peek() == Some(',') {
                    self.reader.next();
                    g.push(' ', at);
                }
                return;
            }
            ".BM" => {
                let Some(bp) = self.function_argument(at, false) else { return };
                byte_mask(bp)
            }
            ".LDB" => {
                let Some(bp) = self.function_argument(at, false) else { return };
                let Some(w) = self.function_argument(at, false) else { return };
                let mask = byte_mask(bp);
                (w & mask) >> mask.trailing_zeros().min(36)
            }
            ".DPB" => {
                let Some(b) = self.function_argument(at, false) else { return };
                let Some(bp) = self.function_argument(at, false) else { return };
                let Some(w) = self.function_argument(at, false) else { return };
                let mask = byte_mask(bp);
                let shift = mask.trailing_zeros().min(36);
                let placed = if shift >= 36 { 0 } else { (b << shift) & mask };
                (w & !mask & pdp10_isa::WORD_MASK) | placed
            }
            ".IBP" => {
                let Some(bp) = self.function_argument(at, false) else { return };
                increment_byte_pointer(bp)
            }
            ".LZ" => {
                let Some(x) = self.function_argument(at, false) else { return };
                if x == 0 { 36 } else { (x.leading_zeros() - 28) as u64 }
            }
            _ => {
                let Some(x) = self.function_argument(at, false) else { return };
                if x == 0 { 36 } else { x.trailing_zeros() as u64 }
            }
        };
        mark(g, v, at);
    }

    /// The version number of a file (manual node FileInfo): the digits of
    /// its second file name read in decimal.
    fn file_version(&self, file: Option<u32>) -> u64 {
        let Some(f) = file else { return 0 };
        let (_, fn2, _) = crate::source::its_names(&self.sources.file(f).path);
        fn2.chars()
            .filter_map(|c| c.to_digit(10))
            .fold(0u64, |v, d| (v * 10 + d as u64) & pdp10_isa::WORD_MASK)
    }

    /// Evaluates the text of a field (for `\expr` arguments).
    pub(crate) fn eval_text(&mut self, text: &str, at: Span) -> u64 {
        // The field is read as any other text is, so that `.RPCNT`, a
        // macro call or a text pseudo-op in it have their values.
        if !self.push_text(format!("{text}\n"), Origin::Expansion(at), at) {
            return 0;
        }
        let mut g = Gathered::new(at);
        self.gather_into(&mut g, Stop::Statement);
        match crate::parse::expression(g.text.trim(), self.radix) {
            Ok(w) => self.word(&w, &g).w,
            Err(e) => {
                self.error(at, ErrorKind::Syntax, e.message);
                0
            }
        }
    }

    /// Raw text up to a comma at bracket depth 0 (IFB, IFSE arguments);
    /// `[...]` around it is removed.
    fn raw_argument(&mut self, at: Span) -> String {
        while let Some(c) = self.reader.peek() {
            if c == ' ' || c == '\t' {
                self.reader.next();
            } else {
                break;
            }
        }
        if self.reader.peek() == Some('[') {
            self.reader.next();
            let s = self.read_bracketed(at);
            while let Some(c) = self.reader.peek() {
                if c == ' ' || c == '\t' {
                    self.reader.next();
                } else {
                    break;
                }
            }
            if self.reader.peek() == Some(',') {
                self.reader.next();
            }
            return s;
        }
        let mut s = String::new();
        while let Some(c) = self.reader.peek() {
            if c == '\n' {
                break;
            }
            self.reader.next();
            if c == ',' {
                break;
            }
            s.push(c);
        }
        s
    }

    /// The body of a conditional or REPEAT (manual node Cond-A3): from the
    /// first character after the argument's terminator, `[...]` (brackets
    /// counted, removed), `{...}` (only braces counted), or the rest of the
    /// line. Returns the text, where it came from, and whether it was
    /// bracketed.
    fn body_text(&mut self, at: Span) -> (String, Origin, bool) {
        match self.reader.peek() {
            Some('[') => {
                self.reader.next();
                let origin = self.reader.origin_here();
                (self.read_bracketed(at), origin, true)
            }
            Some('{') => {
                self.reader.next();
                let origin = self.reader.origin_here();
                let mut depth = 1;
                let mut s = String::new();
                loop {
                    let Some((c, sp)) = self.reader.next() else {
                        self.error(at, ErrorKind::Unterminated, "unterminated {");
                        break;
                    };
                    if !self.charge(sp) {
                        break;
                    }
                    match c {
                        '{' => depth += 1,
                        '}' => {
                            depth -= 1;
                            if depth == 0 {
                                break;
                            }
                        }
                        _ => {}
                    }
                    s.push(c);
                }
                (s, origin, true)
            }
            _ => {
                let origin = self.reader.origin_here();
                let mut s = String::new();
                while let Some(c) = self.reader.peek() {
                    if c == '\n' {
                        break;
                    }
                    let (_, sp) = self.reader.next().expect("peeked");
                    if !self.charge(sp) {
                        break;
                    }
                    s.push(c);
                }
                (s, origin, false)
            }
        }
    }

    fn conditional(&mut self, cond: Cond, at: Span) {
        let taken = match cond {
            Cond::Value(test) => match self.comma_expression(at) {
                Some(v) => test(v),
                None => {
                    self.rest_of_line();
                    return;
                }
            },
            Cond::Defined(want) => {
                let name = self.raw_argument(at);
                let k = key(name.trim());
                let defined = self.symbols.contains_key(&k) || self.macros.contains_key(&k);
                defined == want
            }
            Cond::Blank(want) => {
                let arg = self.raw_argument(at);
                arg.trim().is_empty() == want
            }
            Cond::Same(want) => {
                let a = self.raw_argument(at);
                let b = self.raw_argument(at);
                a.eq_ignore_ascii_case(&b) == want
            }
            Cond::Pass(p) => {
                self.skip_terminator();
                self.pass == p
            }
            Cond::Else => {
                self.skip_terminator();
                !self.last_condition
            }
            Cond::Never => {
                self.skip_terminator();
                false
            }
            Cond::Squoze(want) => {
                let arg = self.raw_argument(at);
                arg.chars().all(is_squoze) == want
            }
            Cond::Also => {
                self.skip_terminator();
                self.last_condition
            }
        };
        self.last_condition = taken;
        if taken && !matches!(self.reader.peek(), Some('[' | '{')) {
            // A successful one-line conditional: the rest of the line is
            // simply read on (so a string in it may run over lines).
            return;
        }
        let (mut body, origin, bracketed) = self.body_text(at);
        if taken {
            // After the closing bracket the condition's result holds again
            // (.SUCCESS, node Cond-A4), whatever the body did meanwhile.
            if bracketed {
                body.push(SUCCESS);
                body.push('T');
            }
            self.push_text(body, origin, at);
        }
    }

    /// Consumes the space or comma that ends a pseudo-op with no argument.
    fn skip_terminator(&mut self) {
        if matches!(self.reader.peek(), Some(' ' | '\t' | ',')) {
            self.reader.next();
        }
    }

    /// REPEAT n,body: the body n times, `.RPCNT` counting from 0.
    fn repeat(&mut self, at: Span) {
        let Some(n) = self.comma_expression(at) else {
            self.rest_of_line();
            return;
        };
        let (mut body, origin, bracketed) = self.body_text(at);
        if !bracketed {
            // A one-line REPEAT string gets the line's end (node loops-A1).
            if self.reader.peek() == Some('\n') {
                self.reader.next();
            }
            body.push('\n');
        }
        if n <= 0 || body.is_empty() {
            return;
        }
        if n > 0o777777 {
            self.error(
                at,
                ErrorKind::Limit,
                format!("REPEAT {n:o} times is too many"),
            );
            return;
        }
        // Each repetition costs at least a character of the read budget, so
        // that nested REPEATs of huge counts stop early.
        self.read_count += n as u64;
        if !self.charge(at) {
            return;
        }
        self.push_iterations(vec![body.into(); n as usize], origin, at, true);
    }

    fn push_iterations(&mut self, texts: Vec<Rc<str>>, origin: Origin, at: Span, repeat: bool) {
        if self.reader.depth() >= MAX_DEPTH {
            self.error(
                at,
                ErrorKind::Limit,
                "macros, REPEATs or .INSRTs nested too deeply",
            );
            self.fatal = true;
            return;
        }
        let mut it = texts.into_iter();
        let Some(first) = it.next() else { return };
        let frame = self.reader.push(first, origin);
        if repeat {
            frame.rpcnt = Some(0);
        } else {
            frame.irpcnt = Some(0);
        }
        frame.then(it);
    }

    /// DEFINE name dummies / body / TERMIN.
    fn define_macro(&mut self, at: Span) {
        let line = self.rest_of_line();
        if self.reader.peek() == Some('\n') {
            self.reader.next();
        }
        let trimmed = line.trim_start();
        let name_len = trimmed.find(|c| !is_squoze(c)).unwrap_or(trimmed.len());
        let name = &trimmed[..name_len];
        let body = self.read_body(at);
        if name.is_empty() || !is_symbol(name) {
            self.error(at, ErrorKind::Syntax, "DEFINE needs a macro name");
            return;
        }
        let dummies = parse_dummies(&trimmed[name_len..]);
        self.macros
            .insert(key(name), Rc::new(Macro::new(dummies, &body)));
    }

    /// `EQUALS new,old`: `new` gets the definition of `old`, be it a
    /// symbol, a macro or a pseudo-op. Done here, before macros are
    /// expanded, so that a macro name is taken as a name.
    fn equals(&mut self, at: Span) {
        // The names, up to the end of the statement (`?`, a line end or a
        // comment).
        let mut line = String::new();
        while let Some(c) = self.reader.peek() {
            if matches!(c, '\n' | '?' | ';' | BARE_LF | BARE_CR) {
                break;
            }
            self.reader.next();
            line.push(c);
        }
        let names: Vec<String> = line
            .split([',', ' ', '\t'])
            .filter(|n| !n.is_empty())
            .map(key)
            .collect();
        let [new, old] = names.as_slice() else {
            self.error(at, ErrorKind::Syntax, "EQUALS needs two symbols");
            return;
        };
        let old = self.aliases.get(old).cloned().unwrap_or_else(|| old.clone());
        self.aliases.remove(new);
        if let Some(m) = self.macros.get(&old).cloned() {
            self.macros.insert(new.clone(), m);
        } else if crate::parse::is_pseudo_name(&old) {
            self.macros.remove(new);
            self.aliases.insert(new.clone(), old);
        } else if let Some(s) = self.symbols.get(&old).cloned() {
            self.macros.remove(new);
            let pass = self.pass;
            self.symbols.insert(new.clone(), crate::assemble::Sym { pass, ..s });
        } else {
            self.error(at, ErrorKind::UndefinedSymbol, format!("undefined symbol {old}"));
        }
    }

    /// `.TTYMAC dummies` / body / TERMIN: a macro without a name, called
    /// at once with arguments typed at the terminal (the next line of
    /// [`Options::terminal`](crate::Options::terminal)).
    fn tty_macro(&mut self, at: Span) {
        let line = self.rest_of_line();
        if self.reader.peek() == Some('\n') {
            self.reader.next();
        }
        let body = self.read_body(at);
        let m = Macro::new(parse_dummies(&line), &body);
        let Some(answer) = self.options.terminal.get(self.terminal_lines_read).cloned() else {
            self.error(
                at,
                ErrorKind::MissingFile,
                format!(
                    ".TTYMAC wants line {} from the terminal and none is left \
                     (give the answers with --tty FILE)",
                    self.terminal_lines_read + 1
                ),
            );
            self.fatal = true;
            return;
        };
        self.terminal_lines_read += 1;
        // The line is read as the arguments of a call, after the blank
        // that follows a macro's name.
        if !self.push_text(format!(" {answer}\n"), Origin::Expansion(at), at) {
            return;
        }
        let args = self.macro_args(&m, at);
        let text = m.expand(&args);
        self.push_macro(text, at);
    }

    /// IRP, IRPC, IRPS: `IRP X,Y,[list]` / body / TERMIN.
    fn irp(&mut self, kind: &str, at: Span) {
        // The header may hold a bracketed list over several lines.
        let mut header = String::new();
        let mut depth = 0;
        while let Some((c, sp)) = self.reader.next() {
            if !self.charge(sp) {
                return;
            }
            match c {
                '[' => depth += 1,
                ']' => depth -= 1,
                '\n' if depth <= 0 => break,
                _ => {}
            }
            header.push(c);
        }
        let body = self.read_body(at);
        // X , Y , list
        let (x, rest) = header.split_once(',').unwrap_or((header.as_str(), ""));
        let (y, list) = rest.split_once(',').unwrap_or((rest, ""));
        let list = list.trim_start();
        let list = if let Some(inner) = list.strip_prefix('[') {
            let mut depth = 1;
            let mut end = inner.len();
            for (i, c) in inner.char_indices() {
                match c {
                    '[' => depth += 1,
                    ']' => {
                        depth -= 1;
                        if depth == 0 {
                            end = i;
                            break;
                        }
                    }
                    _ => {}
                }
            }
            inner[..end].to_string()
        } else {
            list.split(';').next().unwrap_or("").trim_end().to_string()
        };
        let dummy = |s: &str| crate::macros::Dummy {
            name: key(s.trim()),
            syntax: crate::macros::Syntax::Normal,
            gensym: false,
            default: None,
        };
        let mut dummies = vec![dummy(x)];
        if !y.trim().is_empty() {
            dummies.push(dummy(y));
        }
        let m = Macro::new(dummies, &body);
        let pairs: Vec<(String, String)> = match kind {
            "IRPC" => {
                let chars: Vec<char> = list.chars().collect();
                (0..chars.len())
                    .map(|i| (chars[i].to_string(), chars[i + 1..].iter().collect()))
                    .collect()
            }
            "IRPS" => {
                let mut out = Vec::new();
                let chars: Vec<char> = list.chars().collect();
                let mut i = 0;
                while i < chars.len() {
                    if is_squoze(chars[i]) {
                        let s = i;
                        while i < chars.len() && is_squoze(chars[i]) {
                            i += 1;
                        }
                        let sym: String = chars[s..i].iter().collect();
                        let delim = chars.get(i).map(|c| c.to_string()).unwrap_or_default();
                        out.push((sym, delim));
                    } else {
                        i += 1;
                    }
                }
                out
            }
            _ => {
                let items = split_list(&list);
                (0..items.len())
                    .map(|i| (items[i].clone(), items[i + 1..].join(",")))
                    .collect()
            }
        };
        let texts: Vec<Rc<str>> = pairs
            .iter()
            .map(|(a, b)| m.expand(&[a.clone(), b.clone()]).into())
            .collect();
        self.push_iterations(texts, Origin::Expansion(at), at, false);
    }

    /// .INSRT dev:dir;fn1 fn2
    fn insert_file(&mut self, at: Span) {
        // `;` ends a directory name here, so the comment is found by the
        // file-name parser.
        let mut spec_text = String::new();
        while let Some(c) = self.reader.peek() {
            if c == '\n' {
                break;
            }
            self.reader.next();
            spec_text.push(c);
        }
        let Some(spec) = parse_its_file_spec(spec_text.trim()) else {
            self.error(at, ErrorKind::Syntax, ".INSRT needs a file name");
            return;
        };
        let including = self.sources.file(at.file).path.clone();
        let dir = including
            .parent()
            .map(|p| p.to_path_buf())
            .unwrap_or_default();
        let root = self.dsk_root();
        let candidates = match insrt_candidates(&spec, &dir, &root) {
            Ok(c) => c,
            Err(e) => {
                self.error(at, ErrorKind::MissingFile, e);
                return;
            }
        };
        for path in &candidates {
            // The same file on pass 2 reuses the pass-1 copy.
            let known = self.sources.files.iter().position(|f| f.path == *path);
            let id = match known {
                Some(id) => id as u32,
                None => match self.loader.read(path) {
                    Ok(raw) => {
                        let name = path.display().to_string();
                        match SourceFile::new(name, path.clone(), &raw) {
                            Ok(file) => self.sources.add(file),
                            Err(e) => {
                                self.error(
                                    at,
                                    ErrorKind::MissingFile,
                                    format!(".INSRT {spec}: {}: {e}", path.display()),
                                );
                                return;
                            }
                        }
                    }
                    Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                    Err(e) => {
                        self.error(
                            at,
                            ErrorKind::MissingFile,
                            format!(".INSRT {spec}: {}: {e}", path.display()),
                        );
                        return;
                    }
                },
            };
            let chain = self.reader.file_chain();
            if chain.contains(&id) {
                let names: Vec<&str> = chain
                    .iter()
                    .chain(std::iter::once(&id))
                    .map(|&f| self.sources.file(f).name.as_str())
                    .collect();
                self.error(
                    at,
                    ErrorKind::Limit,
                    format!(".INSRT of a file being read: {}", names.join(" -> ")),
                );
                self.fatal = true;
                return;
            }
            let text: Rc<str> = self.sources.file(id).text.as_str().into();
            if self.reader.depth() < MAX_DEPTH {
                self.reader.push_file(id, text);
            } else {
                self.error(at, ErrorKind::Limit, ".INSRT nested too deeply");
                self.fatal = true;
            }
            return;
        }
        let tried: Vec<String> = candidates.iter().map(|p| p.display().to_string()).collect();
        self.error(
            at,
            ErrorKind::MissingFile,
            format!(
                ".INSRT file {} not found (tried {})",
                spec,
                tried.join(", ")
            ),
        );
    }

    /// Where ITS directories are on the host: `--dsk-root`, or else the
    /// main source's folder.
    fn dsk_root(&self) -> std::path::PathBuf {
        match &self.options.dsk_root {
            Some(r) => r.clone(),
            None => self
                .sources
                .file(self.main_file)
                .path
                .parent()
                .map(|p| p.to_path_buf())
                .unwrap_or_default(),
        }
    }
}

/// Writes a computed value into the statement as a marker syllable.
fn mark(g: &mut Gathered, v: u64, at: Span) {
    g.push_str(&format!("{MARK}{v:o}{MARK}"), at);
}

/// Splits an IRP list at commas outside brackets; `[a,b]` items lose their
/// brackets.
fn split_list(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let mut depth = 0;
    for c in list.chars() {
        match c {
            '[' => {
                depth += 1;
                if depth == 1 {
                    continue;
                }
            }
            ']' => {
                depth -= 1;
                if depth == 0 {
                    continue;
                }
            }
            ',' if depth == 0 => {
                out.push(std::mem::take(&mut cur).trim().to_string());
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    if !cur.trim().is_empty() || !out.is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}
