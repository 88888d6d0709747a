//! The text a pseudo-op reads after its name: the rest of a line, a
//! delimited string, a text constant, an expression up to a comma or a
//! field's end; text pushed to be read next (macro expansions); and
//! DEFINE's macro definition. Used by [`crate::gather`].

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::gather::{Gathered, Stop, MAX_ARGUMENT_DEPTH};
use crate::macros::{parse_dummies, Macro, QUOTE_CLOSE, QUOTE_OPEN};
use crate::parse::{is_squoze, is_symbol, key, MARK};
use crate::reader::{Origin, MAX_DEPTH};
use crate::source::Span;
use crate::text::{text_words, TextKind};
use std::rc::Rc;

impl Assembler<'_> {
    /// Whether one more text may be pushed; when expansions already nest
    /// too deeply, an error that ends the pass, and false.
    pub(crate) fn room_to_nest(&mut self, at: Span) -> bool {
        if self.reader.depth() < MAX_DEPTH {
            return true;
        }
        self.error(
            at,
            ErrorKind::Limit,
            "macros, REPEATs or .INSRTs nested too deeply",
        );
        self.fatal = true;
        false
    }

    /// Pushes text to be read next, unless expansions nest too deeply.
    pub(crate) fn push_text(&mut self, text: String, origin: Origin, at: Span) -> bool {
        if !self.room_to_nest(at) {
            return false;
        }
        if !text.is_empty() {
            self.reader.push(text.into(), origin);
        }
        true
    }

    /// Pushes a macro's expansion (the frame `.STOP` ends), even an empty
    /// one.
    pub(crate) fn push_macro(&mut self, text: String, at: Span) {
        if self.push_text(String::new(), Origin::Expansion(at), at) {
            self.reader
                .push(text.into(), Origin::Expansion(at))
                .macro_body = true;
        }
    }

    /// The rest of the line up to a `;` comment (the end of line is left).
    pub(crate) fn rest_of_line(&mut self) -> String {
        self.line_and_comment().0
    }

    /// The rest of the line without its comment, and whether it had one.
    pub(crate) fn line_and_comment(&mut self) -> (String, bool) {
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
        (s, comment)
    }

    /// A string between delimiters, the first non-blank character being the
    /// delimiter (as ASCII takes it).
    pub(crate) fn delimited(&mut self, at: Span) -> Option<String> {
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
    pub(crate) fn text(&mut self, kind: TextKind, at: Span) {
        let Some(t) = self.delimited(at) else { return };
        let mut words = text_words(kind, &t);
        if let Some(n) = self.nth_word.take() {
            // .1STWD / .NTHWD n: that word of the text only.
            words = vec![words.get(n.wrapping_sub(1)).copied().unwrap_or(0)];
        }
        let text: Vec<String> = words.iter().map(|w| format!("{MARK}{w:o}{MARK}")).collect();
        self.push_text(text.join("\n"), Origin::Expansion(at), at);
    }

    /// `.ASCII /text/`: ASCIZ, but a `!` and the field after it are the
    /// field's value in digits of the current radix (manual, list of
    /// pseudo-ops). The character that ends the field is read again, as
    /// text (real MIDAS 433's AASC2 re-reads it). An undefined field is -1
    /// on pass 1 (all its digits) and an error on pass 2, as there.
    pub(crate) fn ascii_with_values(&mut self, at: Span) {
        self.reader.skip_blanks();
        let Some((delim, _)) = self.reader.next() else {
            self.error(at, ErrorKind::Unterminated, "unterminated string");
            return;
        };
        let mut s = String::new();
        loop {
            let Some((c, sp)) = self.reader.next() else {
                self.error(at, ErrorKind::Unterminated, "unterminated string");
                return;
            };
            if !self.charge(sp) {
                return;
            }
            if c == delim {
                break;
            }
            if c != '!' {
                s.push(c);
                continue;
            }
            let Some(v) = self.ascii_field(sp) else {
                return;
            };
            s.push_str(&ascii_digits(v, self.radix));
        }
        let mut words = text_words(TextKind::Asciz, &s);
        if let Some(n) = self.nth_word.take() {
            words = vec![words.get(n.wrapping_sub(1)).copied().unwrap_or(0)];
        }
        let text: Vec<String> = words.iter().map(|w| format!("{MARK}{w:o}{MARK}")).collect();
        self.push_text(text.join("\n"), Origin::Expansion(at), at);
    }

    /// The field after a `!` in `.ASCII` text, what ended it left unread:
    /// a blank, comma, `?`, line end or a close (`)`, `]`, `>`) that closes
    /// nothing in the field (real MIDAS 433, oracle: each is then text, or
    /// the closing delimiter; chprog;ocaux's `(#=*O!T)`). Other ends (`;`)
    /// are refused: we have not checked what real MIDAS makes of them.
    fn ascii_field(&mut self, at: Span) -> Option<u64> {
        if !(2..=36).contains(&self.radix) {
            self.error(
                at,
                ErrorKind::Syntax,
                ".ASCII digits in a radix not 2 to 44",
            );
            return None;
        }
        let mut g = Gathered::new(at);
        self.gather_into(&mut g, Stop::Text);
        if !matches!(
            self.reader.peek(),
            Some(' ' | '\t' | ',' | '?' | '\n' | ')' | ']' | '>')
        ) {
            let here = self.reader.span();
            self.error(
                here,
                ErrorKind::Syntax,
                "a field in .ASCII text must end with a blank, comma, ?, close or line end",
            );
            return None;
        }
        let v = match crate::parse::expression(&g.text, self.radix) {
            Ok(w) => self.word(&w, &g),
            Err(e) => {
                self.error(g.span_at(e.offset), ErrorKind::Syntax, e.message);
                return None;
            }
        };
        if !v.undefined {
            return Some(v.w & 0o777777_777777);
        }
        if self.pass == 2 {
            self.error(at, ErrorKind::UndefinedSymbol, "undefined in .ASCII");
            return None;
        }
        Some(0o777777_777777)
    }

    /// Reads and evaluates an expression up to a comma (IFE, REPEAT).
    pub(crate) fn comma_expression(&mut self, at: Span) -> Option<i64> {
        self.argument_expression(at, Stop::Comma, false)
    }

    /// The argument of IFE and its kin: a field ended by a comma or a
    /// blank, which is consumed.
    pub(crate) fn field_expression(&mut self, at: Span) -> Option<i64> {
        self.argument_expression(at, Stop::Blank, false)
    }

    /// A conditional's field may also end at the end of the line, left
    /// unread: its text is then empty. Real MIDAS 433 (oracle) takes
    /// `IFN 0` alone on a line and goes on with the next, and so `IFN X,[`
    /// with a macro X whose body is `IFN 0` (the inner conditional takes
    /// the `,[...]` and the outer one's field ends after the `]`; sysen1;@).
    pub(crate) fn condition_expression(&mut self, at: Span) -> Option<i64> {
        self.argument_expression(at, Stop::Blank, true)
    }

    fn argument_expression(&mut self, at: Span, stop: Stop, eol_ends: bool) -> Option<i64> {
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
        self.gather_into(&mut g, stop);
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
        let blank = stop == Stop::Blank && matches!(self.reader.peek(), Some(' ' | '\t'));
        let at_eol = eol_ends && self.reader.peek() == Some('\n');
        if self.reader.peek() == Some(',') || blank {
            self.reader.next();
        } else if !at_eol {
            let here = self.reader.span();
            self.error(here, ErrorKind::Syntax, "expected a comma");
            return None;
        }
        Some(((value.w << 28) as i64) >> 28)
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

    /// DEFINE name dummies / body / TERMIN.
    pub(crate) fn define_macro(&mut self, at: Span) {
        let (mut line, comment) = self.line_and_comment();
        if comment {
            // Blanks before the comment do not end a default value.
            line.push(';');
        }
        if self.reader.peek() == Some('\n') {
            self.reader.next();
        }
        let trimmed = line.trim_start();
        let name_len = trimmed
            .find(|c| !is_squoze(c) && c != '"')
            .unwrap_or(trimmed.len());
        let name = &trimmed[..name_len];
        let body = self.read_body(at);
        if name.is_empty() || !is_symbol(name) {
            self.error(at, ErrorKind::Syntax, "DEFINE needs a macro name");
            return;
        }
        let dummies = parse_dummies(&trimmed[name_len..]);
        let name = crate::parse::name_key(name);
        // A name EQUALS made a pseudo-op is a macro from now on
        // (`EQUALS FOO,END` then `DEFINE FOO`: real MIDAS 433 expands FOO).
        self.aliases.remove(&name);
        let place = self.symbols.resolve(&name);
        self.symbols
            .define_macro(&place, Rc::new(Macro::new(dummies, &body)));
    }

    /// The text of a macro or IRP body: up to the TERMIN that matches,
    /// counting DEFINE, IRP, IRPC, IRPS and TERMIN wherever they appear
    /// (node Body). The character after TERMIN is thrown away, and a `!`
    /// right before it.
    pub(crate) fn read_body(&mut self, at: Span) -> String {
        let mut s = String::new();
        let mut level = 0;
        loop {
            let Some((c, sp)) = self.reader.next() else {
                self.error(
                    at,
                    ErrorKind::Unterminated,
                    "unterminated macro definition: no TERMIN",
                );
                return s;
            };
            if !self.charge(sp) {
                return s;
            }
            if is_squoze(c) && !s.ends_with(is_squoze) {
                let mut run = String::from(c);
                while let Some(n) = self.reader.peek() {
                    if !is_squoze(n) {
                        break;
                    }
                    run.push(n);
                    self.reader.next();
                }
                match key(&run).as_str() {
                    ".QUOTE" => {
                        // Manual node Quote: the text follows the character
                        // before the `.` (a `!` there is dropped), and no
                        // TERMIN, DEFINE or dummy is seen inside it.
                        if s.ends_with('!') {
                            s.pop();
                        }
                        // Blanks before the delimiter are skipped, as
                        // ASCII skips them (real MIDAS 433: `.QUOTE /A/`).
                        self.reader.skip_blanks();
                        match self.reader.next() {
                            Some((delim, _)) => {
                                s.push(QUOTE_OPEN);
                                loop {
                                    match self.reader.next() {
                                        Some((c, _)) if c == delim => break,
                                        Some((c, _)) => s.push(c),
                                        None => {
                                            self.error(
                                                at,
                                                ErrorKind::Unterminated,
                                                "unterminated .QUOTE",
                                            );
                                            return s;
                                        }
                                    }
                                }
                                s.push(QUOTE_CLOSE);
                            }
                            None => return s,
                        }
                        continue;
                    }
                    "DEFINE" | "IRP" | "IRPC" | "IRPS" | "IRPW" | "IRPNC" | ".TTYMA" => level += 1,
                    "TERMIN" => {
                        if level == 0 {
                            // The character thrown away; when TERMIN ends
                            // the body of a taken conditional, that is its
                            // closing bracket, already taken out (the mark
                            // that stands after it stays: `IFE 0,{IRP
                            // ... TERMIN}`, survey;survey's HOST macro).
                            if self.reader.peek() != Some(crate::cond::SUCCESS) {
                                self.reader.next();
                            }
                            if s.ends_with('!') {
                                s.pop();
                            }
                            return s;
                        }
                        level -= 1;
                    }
                    _ => {}
                }
                s.push_str(&run);
                continue;
            }
            s.push(c);
        }
    }
}

/// `v` as real MIDAS 433's AASC6 writes it for `.ASCII`: unsigned, most
/// significant digit first, each digit `0` plus its value (so 10 is `:`
/// in a radix above ten).
fn ascii_digits(v: u64, radix: u64) -> String {
    let mut digits = Vec::new();
    let mut v = v;
    loop {
        digits.push(char::from(b'0' + (v % radix) as u8));
        v /= radix;
        if v == 0 {
            break;
        }
    }
    digits.iter().rev().collect()
}
