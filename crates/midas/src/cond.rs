//! Conditional assembly (manual node Cond): IFE and its kin, IFDEF, IFB,
//! IFSE, IF1/IF2, .ELSE/.ALSO, NULL, IFSQ; the conditionalized text, one
//! line, `[...]` or `{...}`.

use crate::assemble::Assembler;
use crate::assemble::ListRow;
use crate::diag::ErrorKind;
use crate::gather::Gathered;
use crate::parse::Body;
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

    /// `.SUCCESS==v`: what .ELSE and .ALSO test next. Real MIDAS 433
    /// (oracle): after `.SUCCESS==-1`, `.SUCCESS` is -1 and `.ELSE` fails.
    /// Other values than 0 and -1 are refused (we keep only the truth).
    pub(crate) fn set_success(&mut self, v: u64, at: Span) {
        match v {
            0 => self.last_condition = false,
            0o777777_777777 => self.last_condition = true,
            _ => self.error(
                at,
                ErrorKind::Syntax,
                format!(".SUCCESS set to {v:o}, neither 0 nor -1, is not supported"),
            ),
        }
    }

    /// Whether `=` follows (after blanks) in the input: the name just read
    /// is being assigned.
    pub(crate) fn assignment_follows(&mut self) -> bool {
        self.reader.peek_skipping_blanks() == Some('=')
    }

    pub(crate) fn conditional(&mut self, cond: Cond, at: Span) {
        let taken = match cond {
            Cond::Value(test) => match self.condition_expression(at) {
                Some(v) => test(v),
                None => {
                    self.rest_of_line();
                    return;
                }
            },
            Cond::Defined(want) => {
                let name = self.raw_argument(at);
                let place = self.symbols.resolve(&name_key(name.trim()));
                let builtin = place.block.is_none()
                    && (crate::parse::is_builtin_name(&place.key)
                        || self.aliases.contains_key(&place.key));
                let defined = self.symbols.get(&place).is_some()
                    || self.symbols.macro_for(&place).is_some()
                    || builtin;
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
        let (mut body, origin, bracketed) = if taken && self.reader.peek() == Some('[') {
            self.reader.next();
            let origin = self.reader.origin_here();
            (self.read_taken_body(at), origin, true)
        } else {
            self.body_text(at)
        };
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

    /// A taken conditional's bracketed body, its `[` read, up to the `]`
    /// real MIDAS's syllable reader would close it with (see
    /// [`crate::taken_body`]); a failed one's is `body_text`'s.
    fn read_taken_body(&mut self, at: Span) -> String {
        let mut scan = crate::taken_body::TakenBody::default();
        loop {
            let Some((c, sp)) = self.reader.next() else {
                self.error(at, ErrorKind::Unterminated, "unterminated [");
                return scan.text;
            };
            if !self.charge(sp) {
                return scan.text;
            }
            if scan.closes(c) {
                return scan.text;
            }
        }
    }

    /// Consumes the space or comma that ends a pseudo-op with no argument.
    pub(crate) fn skip_terminator(&mut self) {
        if matches!(self.reader.peek(), Some(' ' | '\t' | ',')) {
            self.reader.next();
        }
    }
}

/// Where the outermost literal still open in a statement's text begins
/// (the offset just after its `[`).
fn open_literal(text: &str) -> Option<usize> {
    let mut open = Vec::new();
    for (i, c) in text.char_indices() {
        match c {
            '[' => open.push(i + 1),
            ']' => {
                open.pop();
            }
            _ => {}
        }
    }
    open.first().copied()
}

/// The lines from `start` on, as (offset, text); a line ends at a CR, a
/// bare LF or CR, a `?` or a `[` that is not closed on the same line (a
/// literal closed there is part of the line: `.ARG.==<[8.]>`).
fn literal_lines(text: &str, start: usize) -> Vec<(usize, &str)> {
    let mut lines = Vec::new();
    let mut from = start;
    let mut depth = 0usize;
    for (i, c) in text[start..].char_indices() {
        let ends = match c {
            '[' if closes_on_its_line(&text[start + i + 1..]) => {
                depth += 1;
                false
            }
            ']' if depth > 0 => {
                depth -= 1;
                false
            }
            '?' if depth > 0 => false,
            '\n' | '?' | '[' | crate::source::BARE_LF | crate::source::BARE_CR => true,
            _ => false,
        };
        if ends {
            lines.push((from, &text[from..start + i]));
            from = start + i + c.len_utf8();
            depth = 0;
        }
    }
    lines.push((from, &text[from..]));
    lines
}

/// Whether a `[` just before `rest` is closed before the line ends.
fn closes_on_its_line(rest: &str) -> bool {
    let mut depth = 1usize;
    for c in rest.chars() {
        match c {
            '[' => depth += 1,
            ']' => {
                depth -= 1;
                if depth == 0 {
                    return true;
                }
            }
            '\n' | crate::source::BARE_LF | crate::source::BARE_CR => return false,
            _ => {}
        }
    }
    false
}

/// Whether `text` is inside a literal at the start of one of its lines
/// (only blanks since the line began).
pub(crate) fn at_literal_line_start(text: &str) -> bool {
    open_literal(text).is_some_and(|start| {
        literal_lines(text, start)
            .last()
            .is_some_and(|(_, l)| l.trim_matches([' ', '\t', '\u{c}']).is_empty())
    })
}

/// Whether the literals in `text` before `at` are all still open there:
/// then a literal in an assignment done early is entered into its
/// constants area in the order real MIDAS enters it (each literal when its
/// `]` is read).
fn no_closed_literal_before(text: &str, at: usize) -> bool {
    !text[..at].contains(']')
}

/// Whether the text before an open literal is one word with no other
/// brackets, so that `.` in an assignment inside it is the location the
/// statement starts at (real MIDAS 433: `MOVEI 1,[ R==.` makes R the
/// MOVEI's address, on pass 1 too).
fn first_word(text: &str, start: usize) -> bool {
    !text[..start.saturating_sub(1)].contains([
        '?',
        '<',
        '(',
        '\n',
        crate::source::BARE_LF,
        crate::source::BARE_CR,
    ])
}

/// Whether a line is `SYM=...` or `SYM==...` (an assignment).
fn is_assignment(line: &str) -> bool {
    let line = line.trim_start();
    let name = line
        .find(|c: char| !is_squoze(c) && c != '"')
        .unwrap_or(line.len());
    name > 0 && crate::parse::is_symbol(&line[..name]) && line[name..].trim_start().starts_with('=')
}

/// Whether a value's text uses `.` (the location) as a syllable.
fn uses_location(text: &str) -> bool {
    text.split(|c: char| !is_squoze(c)).any(|run| run == ".")
}

/// Whether a literal still open in a statement's text holds an assignment.
pub(crate) fn assigned_in_open_literal(text: &str) -> bool {
    open_literal(text).is_some_and(|start| {
        literal_lines(text, start)
            .iter()
            .any(|(_, l)| is_assignment(l))
    })
}

impl Assembler<'_> {
    /// Does the assignments of the literals still open in `g` now, before
    /// a pseudo-op that evaluates an expression at reading time (IFE,
    /// REPEAT ...) uses them, and blanks them out of the text. Real MIDAS
    /// reads a literal line by line, so such a conditional sees the
    /// assignment (mrc;macros's CLCTL.: `TEMP%%==CTL` then
    /// `IFN TEMP%%&%LHALF` in a SYSCAL's literal); here the literal's words
    /// are evaluated once it is gathered. An assignment makes no word, so
    /// doing it early changes nothing else unless its value depends on
    /// where the literal's words are (`.`, a label or a literal in it), or
    /// a word of the statement uses the symbol (checked when the statement
    /// is gathered, [`Assembler::check_early_assignments`]). Where its
    /// value depends on places, nothing is done and false returned.
    pub(crate) fn assign_in_literal_early(&mut self, g: &mut Gathered) -> bool {
        let Some(start) = open_literal(&g.text) else {
            return true;
        };
        if g.radix_start.is_some() {
            // Its lines were read in more than one radix: not followed.
            return false;
        }
        // The last line is still being read.
        let mut lines: Vec<(usize, String)> = literal_lines(&g.text, start)
            .into_iter()
            .map(|(i, l)| (i, l.to_string()))
            .collect();
        lines.pop();
        let mut assignments = Vec::new();
        for (i, line) in &lines {
            if !is_assignment(line) {
                if line.contains(':') {
                    return false;
                }
                continue;
            }
            if uses_location(line) && !first_word(&g.text, start) {
                return false;
            }
            if line.contains('[') && !no_closed_literal_before(&g.text, *i) {
                return false;
            }
            assignments.push((*i, line.clone()));
        }
        for (i, line) in assignments {
            let mut sub = Gathered::new(g.span_at(i));
            for (k, c) in line.char_indices() {
                sub.push(c, g.span_at(i + k));
            }
            match crate::parse::statement(&sub.text, self.radix) {
                Ok(s) if s.labels.is_empty() => {
                    let Body::Assign { name, .. } = &s.body else {
                        return false;
                    };
                    self.early_assigned.push(crate::parse::name_key(name));
                    let mut row = ListRow {
                        span: sub.start,
                        words: Vec::new(),
                    };
                    self.body(&s.body, &sub, &mut row);
                }
                _ => return false,
            }
            g.blank_out(i, line.len());
        }
        true
    }

    /// A statement whose literal had assignments done early (see
    /// [`Assembler::assign_in_literal_early`]) may not use their symbols
    /// in its words: real MIDAS would give a word before the assignment
    /// the old value. An error, not a different binary.
    pub(crate) fn check_early_assignments(&mut self, g: &Gathered) {
        if self.early_assigned.is_empty() {
            return;
        }
        let names = std::mem::take(&mut self.early_assigned);
        // Uses read after the assignment have its value already; a use
        // left by name was read before it. An assignment's target is no use.
        let text = &g.text;
        let mut used = None;
        let mut from = 0;
        for run in text.split(|c: char| !is_squoze(c)) {
            let end = from + run.len();
            let assigned = text[end..].trim_start().starts_with('=');
            if !assigned && names.contains(&name_key(run)) {
                used = Some(run);
                break;
            }
            from = end + text[end..].chars().next().map_or(0, char::len_utf8);
        }
        if let Some(name) = used {
            self.error(
                g.start,
                ErrorKind::Syntax,
                format!("{name} is used in a literal before an assignment that a conditional after it needs; not supported"),
            );
        }
    }
}
