//! Reading statements: the character-level work MIDAS does before a
//! statement is parsed. Comments are dropped; macro calls, REPEAT, IRP and
//! conditionals are expanded; text pseudo-ops become values; `.INSRT`,
//! TITLE, PRINTX, DEFINE and EXPUNGE are done. The result is one statement
//! (up to an end of line or `?` outside brackets) for `parse`.

use crate::assemble::Assembler;
use crate::cond::{Cond, SUCCESS};
use crate::diag::ErrorKind;
use crate::parse::{is_squoze, is_symbol, key, MARK};
use crate::reader::Origin;
use crate::source::{Span, BARE_CR, BARE_LF, CTRL_Q};
use crate::symtab::Place;
use crate::text::TextKind;

/// ^K, which ends a statement.
const VERTICAL_TAB: char = '\u{0B}';

/// How deeply the arguments of IFE, REPEAT ... may hold further ones.
pub(crate) const MAX_ARGUMENT_DEPTH: u32 = 50;

/// One statement's text, with the position of each byte.
#[derive(Debug, Clone)]
pub(crate) struct Gathered {
    pub text: String,
    spans: Vec<Span>,
    pub start: Span,
    /// Whether only blanks have been pushed so far.
    blank: bool,
    /// The radix when the statement began, if a `RADIX` line of a literal
    /// in it has changed the radix since (`Assembler::radix_in_literal`).
    pub radix_start: Option<u64>,
}

impl Gathered {
    pub(crate) fn new(start: Span) -> Gathered {
        Gathered {
            text: String::new(),
            spans: Vec::new(),
            start,
            blank: true,
            radix_start: None,
        }
    }

    pub(crate) fn push(&mut self, c: char, at: Span) {
        if c == '\0' {
            // Real MIDAS 433 (oracle) skips a NUL in program text: `MO^@VE
            // 1,2` is MOVE 1,2 and `1^@2` is 12. Inside ASCII or SIXBIT
            // text, which is not gathered here, a NUL is a character.
            return;
        }
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
    /// The last character gathered.
    fn last(&self) -> Option<char> {
        self.text.chars().next_back()
    }

    pub(crate) fn push_str(&mut self, s: &str, at: Span) {
        for c in s.chars() {
            self.push(c, at);
        }
    }

    /// Replaces `len` bytes of text from `offset` by blanks (the positions
    /// stay).
    pub(crate) fn blank_out(&mut self, offset: usize, len: usize) {
        let blanks = " ".repeat(len);
        self.text.replace_range(offset..offset + len, &blanks);
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
pub(crate) enum Stop {
    /// Like `Field`, and also at a blank after the field's first
    /// character (`.OP`'s fields: `[.OP FDVR PIE 4.0]`).
    Word,
    /// At the end of the statement.
    Statement,
    /// At a comma outside brackets (the argument of IFE, REPEAT ...); an
    /// end of line is left unread.
    Comma,
    /// Like `Comma`, and also at a blank after the field's first
    /// character (a conditional's argument, node Cond-A3: "SPACE or
    /// COMMA"; real MIDAS 433 reads `IFE X+ 1 Y` as X+ then " 1 Y").
    Blank,
    /// Like `Comma`, and also at a `?` or at a closing bracket that closes
    /// nothing read here (the argument of `.BP`, `.LDB` ... inside `<>` or
    /// `[]`).
    Field,
    /// Like `Blank`, and also at a `?` or a close that closes nothing read
    /// here (a field in `.ASCII` text).
    Text,
}

impl Assembler<'_> {
    /// The next statement, or `None` at the end of the input.
    pub(crate) fn gather(&mut self) -> Option<Gathered> {
        self.reader.peek()?;
        let start = self.reader.span();
        let mut g = Gathered::new(start);
        self.early_assigned.clear();
        self.gather_into(&mut g, Stop::Statement);
        self.check_early_assignments(&g);
        Some(g)
    }

    pub(crate) fn gather_into(&mut self, g: &mut Gathered, stop: Stop) {
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
                // A ^Q ends a statement as a line end does (real MIDAS 433:
                // `MOVE 4,^Q5` is MOVE 4, then 5; syseng;imload's
                // `CAIN A,^Q`). Inside brackets it stays an error. So do a
                // vertical tab and `~` (MIDAS 433: `MOVEI 2,3^K4` and
                // `MOVEI 4,1~2` are two words each; syseng;crtsty's
                // `tyo ^K_9+100(nv)`).
                '\n' | BARE_LF | BARE_CR | CTRL_Q | VERTICAL_TAB | '~' => {
                    if depth > 0 && !self.multi_line_mode() {
                        // With .MLLIT not positive a line end closes the
                        // open literals (real MIDAS 433: `.MLLIT=0` then
                        // `MOVE 1,[5` is MOVE 1,[5]; syseng;ntsddt).
                        for _ in 0..depth {
                            g.push(']', at);
                        }
                        depth = 0;
                    }
                    // A line end inside `[]` (a multi-line literal) or inside
                    // `<>` or `()` (words of a group) does not end the statement.
                    if depth > 0 || nest > 0 {
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
                ' ' | '\t'
                    if depth == 0
                        && nest == 0
                        && matches!(stop, Stop::Blank | Stop::Text | Stop::Word)
                        && !g.blank =>
                {
                    return
                }
                '?' if depth == 0 && matches!(stop, Stop::Field | Stop::Word) => return,
                '?' if depth == 0 && nest == 0 && stop == Stop::Text => return,
                ']' if depth == 0 && matches!(stop, Stop::Field | Stop::Word | Stop::Text) => {
                    return
                }
                ']' if depth == 0 && stop == Stop::Statement => {
                    // Real MIDAS 433 (oracle: syseng;luser, timoon) says
                    // "Stray ]", skips it, and still writes the binary.
                    self.reader.next();
                    self.warn(at, ErrorKind::Syntax, "Stray ]");
                }
                ')' | '>' if nest == 0 && matches!(stop, Stop::Field | Stop::Word | Stop::Text) => {
                    return
                }
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
                    self.quoted('"', g, at);
                }
                '^' => {
                    self.reader.next();
                    // After a digit it is the exponent of a number;
                    // otherwise ^x is a control character.
                    let infix = g
                        .last()
                        .is_some_and(|p| p.is_ascii_alphanumeric() || p == '.');
                    if infix {
                        g.push(c, at);
                    } else {
                        self.quoted('^', g, at);
                    }
                }
                '\'' => {
                    self.reader.next();
                    let after_symbol = g.last().is_some_and(|p| is_squoze(p) || p == MARK);
                    if after_symbol {
                        g.push(c, at);
                    } else {
                        self.quoted('\'', g, at);
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
                // A form feed ends the statement as a line does (real MIDAS:
                // `MOVEI 1,2^L MOVEI 1,3` is two instructions); inside
                // brackets real MIDAS says "Formfeed within <>, () or []".
                '\u{c}' if depth == 0 && nest == 0 => {
                    if stop == Stop::Statement {
                        self.reader.next();
                    }
                    return;
                }
                '\u{c}' => {
                    self.reader.next();
                    self.error(at, ErrorKind::Syntax, "Formfeed within <>, () or []");
                    g.push(' ', at);
                }
                // In a statement `!` and `{` are nothing and `}` says the
                // last conditional succeeded (real MIDAS's DTB: RRL2 and
                // RBRAK2), so `TMPLOC 42,{-LTSINT,,TSINT}` assembles the
                // word inside.
                '!' | '{' => {
                    self.reader.next();
                }
                '}' => {
                    self.reader.next();
                    self.last_condition = true;
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
    pub(crate) fn token(&mut self, run: &str, at: Span, g: &mut Gathered) {
        if !is_symbol(run) || squoze_name_next(&g.text) || kill_name_next(&g.text) {
            g.push_str(run, at);
            return;
        }
        // `BLOCK"SYM` names SYM of a block, `SYM"` a global: the name is
        // left for the parser (as a key), unless it calls a macro.
        if self.reader.peek() == Some('"') {
            let name = self.qualified_name(run);
            let place = self.symbols.resolve(&name);
            if let Some(m) = self.symbols.macro_for(&place) {
                let args = self.macro_args(&m, at);
                let text = m.expand(&args);
                self.push_macro(text, at);
            } else {
                g.push_str(&name, at);
            }
            return;
        }
        let k = key(run);
        if self.early_assigned.contains(&k) && !matches!(self.reader.peek(), Some('=' | ':')) {
            // A symbol assigned ahead of its literal's words has, in the
            // words read after that, the value it has now (real MIDAS
            // evaluates a literal line by line), after the assignments
            // read before it.
            if !self.assign_in_literal_early(g) {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    format!("{run} after an assignment in the same literal is not supported"),
                );
            }
            let place = self.symbols.resolve(&k);
            if let Some(sym) = self.symbols.get(&place) {
                mark(g, sym.value, at);
                return;
            }
        }
        if let Some(original) = self.aliases.get(&k).cloned() {
            // A name EQUALS made for a pseudo-op is that pseudo-op, even
            // when the pseudo-op's own name is a macro by now (mrc;macros:
            // EQUALS %END,END then DEFINE END ... %END ADDR).
            return self.pseudo_token(&original, original.clone(), at, g);
        }
        if let Some(m) = self.symbols.macro_for(&Place {
            block: None,
            key: k.clone(),
        }) {
            let args = self.macro_args(&m, at);
            let text = m.expand(&args);
            self.push_macro(text, at);
            return;
        }
        if self.symbols.pseudo_expunged(&k) {
            g.push_str(run, at);
            return;
        }
        self.pseudo_token(run, k, at, g)
    }

    /// A name that is no macro: a pseudo-op done here, or text for the
    /// parser.
    fn pseudo_token(&mut self, run: &str, k: String, at: Span, g: &mut Gathered) {
        // The pseudo-ops that evaluate at reading time.
        let conditional = matches!(
            k.as_str(),
            "IFE"
                | "IFN"
                | "IFG"
                | "IFGE"
                | "IFL"
                | "IFLE"
                | "IFDEF"
                | "IFNDEF"
                | "REPEAT"
                | "IRPNC"
                | ".TYO"
                | ".TYO6"
        );
        if conditional
            && crate::cond::assigned_in_open_literal(&g.text)
            && !self.assign_in_literal_early(g)
        {
            // An error, not a different binary.
            self.error(
                at,
                ErrorKind::Syntax,
                format!("{run} after an assignment in the same literal is not supported"),
            );
        }
        match k.as_str() {
            "DEFINE" => self.define_macro(at),
            ".TTYMA" => self.tty_macro(at),
            "TERMIN" => self.error(at, ErrorKind::Syntax, "TERMIN without DEFINE or IRP"),
            "REPEAT" => self.repeat(at),
            "IRP" | "IRPC" | "IRPS" | "IRPW" | "IRPNC" => self.irp(&k, at),
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
            ".ASCII" => self.ascii_with_values(at),
            "SIXBIT" => self.text(TextKind::Sixbit, at),
            ".LENGT" => {
                if let Some(t) = self.delimited(at) {
                    // A line end is the two characters CR LF.
                    let n = t
                        .chars()
                        .map(|c| if c == '\n' { 2 } else { 1 })
                        .sum::<u64>();
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
            // SBLK selects the output format this assembler always writes;
            // real MIDAS types "SBLK Encountered" (midas.458, SRIM) and
            // goes on.
            "SBLK" => self.messages.push("SBLK Encountered\n".to_string()),
            // .SBLK is SBLK without the message (manual: ".SBLK").
            ".SBLK" => {}
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
            ".BP" | ".BM" | ".LDB" | ".DPB" | ".IBP" | ".LZ" | ".TZ" => {
                self.byte_function(&k, at, g)
            }
            ".ABSP" | ".RELP" => self.relocation_function(&k, at, g),
            ".SITE" => {
                if let Some(n) = self.function_argument(at, false) {
                    mark(g, crate::functions::site_word(n), at);
                }
            }
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
                    self.error(
                        at,
                        ErrorKind::Syntax,
                        format!("{run} outside a macro, REPEAT or IRP"),
                    );
                }
            }
            // `.ASCVL /c`: the character's ASCII value (manual: "Yes, only
            // one /"; real MIDAS 433: `.ASCVL /"` is 42).
            ".ASCVL" => {
                self.reader.skip_blanks();
                match (self.reader.next(), self.reader.next()) {
                    (Some(('/', _)), Some((c, _))) if c != '\n' => mark(g, c as u64 & 0o177, at),
                    _ => self.error(at, ErrorKind::Syntax, ".ASCVL needs /c"),
                }
            }
            ".GO" => self.go(at),
            ".TAG" => self.tag(),
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
            // Loader requests (manual: .LIBRARY, .LIBRQ) belong to
            // relocatable assemblies, and this one does not make them yet.
            ".LIBRA" | ".LIBRQ" => {
                let _ = self.rest_of_line();
                self.error(
                    at,
                    ErrorKind::Syntax,
                    format!("{k} (a loader request) is not supported yet"),
                );
            }
            ".TYPE" => {
                let t = self.symbol_type();
                mark(g, t, at);
            }
            ".PASS" => mark(g, self.pass as u64, at),
            // `.SUCCESS==X` sets it (its.1648's UENTRY saves and restores
            // it around its own conditionals): the name stays for the
            // assignment.
            ".SUCCE" if self.assignment_follows() => g.push_str(run, at),
            // -1 if the last conditional succeeded, else 0.
            ".SUCCE" => mark(
                g,
                if self.last_condition {
                    0o777777_777777
                } else {
                    0
                },
                at,
            ),
            "EQUALS" => self.equals(at),
            ".SYMTA" => {
                let t = self.rest_of_line();
                self.symbols.symtab(&t);
            }
            ".OP" => self.op_function(at, g),
            ".GLOBA" => self.global_names(),
            ".LIFS" => self.load_condition(at),
            ".LOP" => self.loader_op(at),
            ".LIFE" | ".LIFN" | ".LIFG" | ".LIFLE" | ".LIFGE" | ".LIFL" => {
                self.value_condition(&k, at)
            }
            ".ELDC" => self.end_load_condition(at),
            // The link requests END would write, written now (real
            // MIDAS's A.LNKOT: AEND5); END then has none left.
            ".LNKOT" => self.undefined_globals(at),
            // The block name is read as it is, not as a macro call (real
            // MIDAS's GETSLD; ksc;out has a macro OUT and `.BEGIN OUT`).
            ".BEGIN" | ".END" => {
                g.push_str(run, at);
                while let Some(c) = self.reader.peek().filter(|&c| c == ' ' || c == '\t') {
                    let (_, s) = self.reader.next().expect("peeked");
                    g.push(c, s);
                }
                while let Some(c) = self.reader.peek().filter(|&c| is_squoze(c)) {
                    let (_, s) = self.reader.next().expect("peeked");
                    g.push(c, s);
                }
            }
            "RADIX" if crate::cond::at_literal_line_start(&g.text) => self.radix_in_literal(at, g),
            ".FORMA" => self.set_format(at),
            // `.RADIX rdx,value,`: value read in radix rdx.
            ".RADIX" => {
                let Some(radix) = self.function_argument(at, false) else {
                    return;
                };
                if !(2..=36).contains(&radix) {
                    self.error(
                        at,
                        ErrorKind::Syntax,
                        format!(".RADIX {radix:o} is not 2 to 44"),
                    );
                    return;
                }
                let saved = std::mem::replace(&mut self.radix, radix);
                let v = self.function_argument(at, false);
                self.radix = saved;
                mark(g, v.unwrap_or(0), at);
            }
            ".1STWD" => self.nth_word = Some(1),
            ".NTHWD" => {
                if let Some(n) = self.comma_expression(at) {
                    self.nth_word = Some(n as usize);
                }
            }
            ".AOP" => self.assembly_op(at),
            ".ERR" => {
                let t = self.rest_of_line();
                let t = t.trim();
                // Real MIDAS 433 reports it and still writes the binary,
                // which the message does not change (nsalv.260's "Note:
                // Salvager is too moby for 128K"; checked with
                // midas-oracle): a warning here, so the output is written.
                self.warn(
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
            ".I" | ".F" => self.arithmetic_statement(&k, at),
            "EXPUNG" => {
                let t = self.rest_of_line();
                for name in t.split([' ', '\t', ',']).filter(|n| !n.is_empty()) {
                    let place = self.symbols.resolve(&crate::parse::name_key(name));
                    self.expunge_record(&place.key);
                    self.symbols.expunge_after_statement(place);
                }
            }
            ".BYTC" => {
                if let Some(n) = self.byte_count(at) {
                    mark(g, n, at);
                }
            }
            ".RPCNT" | ".IRPCN" => {
                let (rp, irp) = self.reader.counters();
                let v = if k == ".RPCNT" { rp } else { irp };
                // Outside every REPEAT (IRP), real MIDAS 433 has 777777
                // (`.RPCNT+1` is 1,,0): `Q: REPEAT 3,[.RPCNT]` is one
                // symbol read after the last pass, so it is 777777 too.
                mark(g, v.unwrap_or(0o777777), at);
            }
            ".FNAM1" => mark(g, self.fnames.0, at),
            ".FNAM2" => mark(g, self.fnames.1, at),
            _ => g.push_str(run, at),
        }
    }

    /// `run` and the `"name` parts that follow it, as a key: `BLOCK"SYM`,
    /// `A"B"SYM`, or `SYM"` (a global).
    fn qualified_name(&mut self, run: &str) -> String {
        let mut name = key(run);
        while self.reader.peek() == Some('"') {
            self.reader.next();
            name.push('"');
            let mut part = String::new();
            while let Some(q) = self.reader.peek().filter(|&q| is_squoze(q)) {
                part.push(q);
                self.reader.next();
            }
            if part.is_empty() {
                break;
            }
            name.push_str(&key(&part));
        }
        name
    }
}

/// Writes a computed value into the statement as a marker syllable.
pub(crate) fn mark(g: &mut Gathered, v: u64, at: Span) {
    g.push_str(&format!("{MARK}{v:o}{MARK}"), at);
}

/// Puts a value computed while reading from arguments not all defined
/// (pass 1): `v` as computed, the arguments' undefined part `symbolic`,
/// and whether one was opaque (see `Syllable::Unknowns`).
pub(crate) fn mark_unknowns(g: &mut Gathered, v: u64, symbolic: u64, opaque: bool, at: Span) {
    let kind = if opaque { '!' } else { '?' };
    g.push_str(&format!("{MARK}{v:o}{kind}{symbolic:o}{MARK}"), at);
}

/// Whether the statement so far ends in `SQUOZE flags,` (and operator
/// characters): the name read next is SQUOZE's symbol, which real MIDAS
/// reads as a name and never calls as a macro (ASQOZ's GETSLD; netime has a
/// macro TZONE and `[squoze 0,tzone]`).
fn squoze_name_next(text: &str) -> bool {
    // Blanks before the name are skipped as well (IRPW's elements keep
    // their leading tab: sysen1;sysmsg's ABSTAB).
    let before = text.trim_end_matches(['+', '-', '*', '/', '&', '!', '\\', ' ', '\t']);
    let Some(before) = before.strip_suffix(',') else {
        return false;
    };
    let start = before
        .rfind(['\n', ',', '[', '<', '(', '?'])
        .map_or(0, |k| k + 1);
    let field = before[start..].to_ascii_uppercase();
    field
        .match_indices("SQUOZE")
        .any(|(k, _)| !field[..k].ends_with(is_squoze) && field[k + 6..].starts_with([' ', '\t']))
}

/// Whether the statement so far is `.KILL`, `.HKILL`, `.XCREF` or `.BIND`
/// and names: the name read next is one of its names, which real MIDAS
/// reads as a name (A.KILL's GETSLD) and never calls as a macro. (After
/// `.XCREF UATOM` a macro UATOM was called: sysen2;@muddl, in sysen1;@.)
fn kill_name_next(text: &str) -> bool {
    let t = text.trim_start_matches([' ', '\t']);
    let end = t.find(|c: char| !is_squoze(c)).unwrap_or(t.len());
    let (op, rest) = t.split_at(end);
    matches!(key(op).as_str(), ".KILL" | ".HKILL" | ".XCREF" | ".BIND")
        && rest.starts_with([' ', '\t'])
        && rest
            .chars()
            .all(|c| is_squoze(c) || matches!(c, ' ' | '\t' | ','))
}
