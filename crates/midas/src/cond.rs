//! Conditional assembly (manual node Cond): IFE and its kin, IFDEF, IFB,
//! IFSE, IF1/IF2, .ELSE/.ALSO, NULL, IFSQ; the conditionalized text, one
//! line, `[...]` or `{...}`.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::parse::{is_squoze, name_key};
use crate::reader::Origin;
use crate::source::Span;

/// Written after a successful bracketed conditional's body, followed by
/// `T`: sets the condition's result again when the body has been read.
pub(crate) const SUCCESS: char = '\u{2}';

/// The conditional pseudo-ops.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Cond {
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
    /// Raw text up to a comma at bracket depth 0 (IFB, IFSE arguments),
    /// the comma consumed; or `[...]`, without its brackets.
    pub(crate) fn raw_argument(&mut self, at: Span) -> String {
        while let Some(c) = self.reader.peek() {
            if c == ' ' || c == '\t' {
                self.reader.next();
            } else {
                break;
            }
        }
        if self.reader.peek() == Some('[') {
            // What follows the `]` is read next as it is: a comma there
            // starts the next argument (nullspecified) or the text (manual
            // node String Conditionals: `IFSE FOO,[BAR],[BLETCH]`
            // conditionalizes ",[BLETCH]").
            self.reader.next();
            return self.read_bracketed(at);
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
    pub(crate) fn body_text(&mut self, at: Span) -> (String, Origin, bool) {
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

    pub(crate) fn conditional(&mut self, cond: Cond, at: Span) {
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
                let place = self.symbols.resolve(&name_key(name.trim()));
                let defined =
                    self.symbols.get(&place).is_some() || self.symbols.macro_for(&place).is_some();
                defined == want
            }
            Cond::Blank(want) => {
                // Blank is "no SQUOZE character" (node Blankness
                // Conditionals; real MIDAS 433: `IFB [ +- ]` succeeds).
                let arg = self.raw_argument(at);
                arg.chars().any(is_squoze) != want
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
    pub(crate) fn skip_terminator(&mut self) {
        if matches!(self.reader.peek(), Some(' ' | '\t' | ',')) {
            self.reader.next();
        }
    }
}

/// Whether the innermost literal still open in `text` (gathered statement
/// text) holds an assignment (`SYM=` or `SYM==` starting a line or `?`).
pub(crate) fn assigned_in_open_literal(text: &str) -> bool {
    let mut open = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '[' => open.push(i),
            ']' => {
                open.pop();
            }
            _ => {}
        }
    }
    let Some(&start) = open.last() else {
        return false;
    };
    text[start + 1..]
        .split(['\n', '?', crate::source::BARE_LF, crate::source::BARE_CR])
        .any(|line| {
            let line = line.trim_start();
            let name = line
                .find(|c: char| !is_squoze(c) && c != '"')
                .unwrap_or(line.len());
            name > 0
                && crate::parse::is_symbol(&line[..name])
                && line[name..].trim_start().starts_with('=')
        })
}
