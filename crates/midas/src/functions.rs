//! Pseudo-ops that compute or define at read time: the byte functions,
//! file versions, EQUALS, .TTYMAC, and their arguments.

use crate::assemble::Assembler;
use crate::diag::ErrorKind;
use crate::gather::{mark, Gathered, Stop};
use crate::macros::{parse_dummies, Macro};
use crate::parse::{name_key, RADIX_MARK};
use crate::reader::Origin;
use crate::source::{Span, BARE_CR, BARE_LF};

/// The machine name `.SITE 0` gives: SIXBIT/KA/. Real MIDAS on ITS asks
/// the system (SSTATU's sixth value, A.SITE in `midas.324`), and the ITS
/// shim this project runs it on names the machine `KA`; so our `.SITE`
/// agrees with real MIDAS run by `pdp10 midas-oracle`.
const SITE_NAME: u64 = 0o534100_000000;

/// `.SITE n`: word `n` (origin 0) of the SIXBIT machine name, 0 when `n`
/// is out of range (manual: ".SITE <n>"); on ITS only word 0 is nonzero.
pub(crate) fn site_word(n: u64) -> u64 {
    if n == 0 {
        SITE_NAME
    } else {
        0
    }
}

impl Assembler<'_> {
    /// The argument of `.TYO` and `.TYO6`: a field (real MIDAS's AGETFD),
    /// ended by a comma (consumed), a blank, a `?` or the end of the line
    /// (survey;survey's `.tyo6 .ifnm1 ? .tyo 40 ? ...`).
    pub(crate) fn field_argument(&mut self, at: Span) -> Option<u64> {
        let mut g = Gathered::new(at);
        self.gather_into(&mut g, Stop::Word);
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

    /// `RADIX n` as a line of a literal (the assembler's RADIX does the
    /// others). Real MIDAS reads a literal line by line, so the lines
    /// after it are read in radix n, a macro's `\expr` argument there too
    /// (_teco_;teco.1213's `SYSCAL OPEN,[... RADIX 10. ? [SIXBNM \.FVERS]
    /// ? RADIX 8 ...]`), and the radix stays after the statement. Done here
    /// as the line is read, and marked for the parser ([`RADIX_MARK`]).
    pub(crate) fn radix_in_literal(&mut self, at: Span, g: &mut Gathered) {
        // Its argument is a field ended by a blank; the rest of the line
        // is the literal's (real MIDAS 433: `[1 ? RADIX 10. 5]` is 1, 5).
        let Some(radix) = self.function_value(at, true, Stop::Word).map(|v| v.w) else {
            return;
        };
        if !(2..=36).contains(&radix) {
            let message = format!("RADIX {radix:o} is not between 2 and 36");
            self.error(at, ErrorKind::Syntax, message);
            return;
        }
        g.radix_start.get_or_insert(self.radix);
        self.radix = radix;
        g.push_str(&format!("{RADIX_MARK}{radix:o}{RADIX_MARK}"), at);
    }

    /// One argument of a byte function: a field up to a comma (consumed
    /// unless `keep_comma`), `?`, the end of the line or an unmatched close.
    pub(crate) fn function_argument(&mut self, at: Span, keep_comma: bool) -> Option<u64> {
        self.function_value(at, keep_comma, Stop::Field)
            .map(|v| v.w)
    }

    /// [`Assembler::function_argument`] with what is known of the value,
    /// the field ending where `stop` says. With `Stop::Word` (the byte
    /// and relocation functions: real MIDAS 433 ends their field at a
    /// blank, oracle) a blank that ended it is read too unless
    /// `keep_comma`: a syllable right after it is then not separated from
    /// the value, an error as in real MIDAS ("Syllables not separated").
    fn function_value(
        &mut self,
        at: Span,
        keep_comma: bool,
        stop: Stop,
    ) -> Option<crate::assemble::Value> {
        let mut g = Gathered::new(at);
        self.gather_into(&mut g, stop);
        if !keep_comma && self.reader.peek() == Some(',') {
            self.reader.next();
        }
        if !keep_comma && stop == Stop::Word && matches!(self.reader.peek(), Some(' ' | '\t')) {
            self.reader.next();
        }
        match crate::parse::expression(g.text.trim(), self.radix) {
            Ok(w) => Some(self.word(&w, &g)),
            Err(e) => {
                self.error(g.span_at(e.offset), ErrorKind::Syntax, e.message);
                None
            }
        }
    }

    /// A field ended by a blank or a comma (read), with what is known of
    /// its value: an argument of `.LOP` (real MIDAS's RGETFD).
    pub(crate) fn function_value_of_field(&mut self, at: Span) -> Option<crate::assemble::Value> {
        self.function_value(at, false, Stop::Word)
    }

    /// A field ended by a comma (not read), `?` or the end of the line,
    /// with what is known of its value: the word of `.LIFE` and its kin.
    pub(crate) fn function_value_of_word(&mut self, at: Span) -> Option<crate::assemble::Value> {
        self.function_value(at, true, Stop::Field)
    }

    /// The byte functions of manual node Bytes: `.BP mask,` (the comma
    /// stays, as a space), `.BM bp`, `.LDB bp,word`, `.DPB byte,bp,word`,
    /// `.IBP bp`, `.LZ x`, `.TZ x`. On pass 1 a value computed from an
    /// argument not yet defined is marked so (`Syllable::Opaque`).
    pub(crate) fn byte_function(&mut self, k: &str, at: Span, g: &mut Gathered) {
        // What the arguments refer to that is not yet defined: the sum of
        // their shadows' parts (see `Value::shadow`), whether any is
        // undefined and whether any is opaque.
        let mut call = Unknowns::default();
        let mut arg = |asm: &mut Self, keep_comma: bool| {
            let v = asm.function_value(at, keep_comma, Stop::Word)?;
            call.add(&v);
            Some(v.w)
        };
        let v = match k {
            ".BP" => {
                let Some(mask) = arg(self, true) else { return };
                if self.reader.peek() == Some(',') {
                    self.reader.next();
                    self.mark_function(g, crate::text::byte_pointer(mask), &call, at);
                    g.push(' ', at);
                    return;
                }
                crate::text::byte_pointer(mask)
            }
            ".LDB" | ".DPB" => {
                let b = match k {
                    ".DPB" => {
                        let Some(b) = arg(self, false) else { return };
                        b
                    }
                    _ => 0,
                };
                let Some(bp) = arg(self, false) else { return };
                let Some(w) = arg(self, false) else { return };
                let mask = crate::text::byte_mask(bp);
                let shift = mask.trailing_zeros().min(36);
                if k == ".LDB" {
                    (w & mask) >> shift
                } else {
                    let placed = if shift >= 36 { 0 } else { (b << shift) & mask };
                    (w & !mask & pdp10_isa::WORD_MASK) | placed
                }
            }
            _ => {
                let Some(x) = arg(self, false) else { return };
                one_argument_function(k, x)
            }
        };
        self.mark_function(g, v, &call, at);
    }

    /// `.ABSP x` and `.RELP x` (manual, pseudo-ops): the absolute part of
    /// `x`, and its relocation (one count a half, as `x,,y` holds them), so
    /// that `x = .ABSP x + .RL1*.RELP x`. Both are 0-relocated values.
    pub(crate) fn relocation_function(&mut self, k: &str, at: Span, g: &mut Gathered) {
        let Some(v) = self.function_value(at, false, Stop::Word) else {
            return;
        };
        let mut call = Unknowns::default();
        call.add(&v);
        let out = match k {
            ".ABSP" => v.w,
            _ => v.rel,
        } & pdp10_isa::WORD_MASK;
        self.mark_function(g, out, &call, at);
    }

    /// Puts a byte function's value into the statement (see
    /// [`Assembler::byte_function`]), with what its arguments referred to
    /// that is not yet defined (pass 1).
    fn mark_function(&mut self, g: &mut Gathered, v: u64, call: &Unknowns, at: Span) {
        if call.undefined && self.pass == 1 {
            let symbolic = call.symbolic & pdp10_isa::WORD_MASK;
            crate::gather::mark_unknowns(g, v, symbolic, call.opaque, at);
        } else {
            mark(g, v, at);
        }
    }

    /// The version number of a file (manual node FileInfo): the digits of
    /// its second file name read in decimal.
    pub(crate) fn file_version(&self, file: Option<u32>) -> u64 {
        let Some(f) = file else { return 0 };
        let (_, fn2, _) = crate::source::its_names(&self.sources.file(f).path);
        fn2.chars()
            .filter_map(|c| c.to_digit(10))
            .fold(0u64, |v, d| (v * 10 + d as u64) & pdp10_isa::WORD_MASK)
    }

    /// `.FORMAT n,specs`: word format `n` (10 to 37) puts its fields where
    /// `specs` says (see [`crate::format`]).
    pub(crate) fn set_format(&mut self, at: Span) {
        let Some(n) = self.comma_expression(at) else {
            return;
        };
        let Some(specs) = self.field_argument(at) else {
            return;
        };
        match usize::try_from(n)
            .ok()
            .filter(|n| (0o10..=0o37).contains(n))
        {
            Some(n) => self.formats[n - 0o10] = specs,
            None => self.error(
                at,
                ErrorKind::Syntax,
                format!(".FORMAT {n:o}: a format number is 10 to 37"),
            ),
        }
    }

    /// The text up to the end of the statement (`?`, a line end or a
    /// comment), taken from the input; the end itself is left.
    fn rest_of_statement(&mut self) -> String {
        let mut line = String::new();
        while let Some(c) = self.reader.peek() {
            if matches!(c, '\n' | '?' | ';' | BARE_LF | BARE_CR) {
                break;
            }
            self.reader.next();
            line.push(c);
        }
        line
    }

    /// `EQUALS new,old`: `new` gets the definition of `old`, be it a
    /// symbol, a macro or a pseudo-op. Done here, before macros are
    /// expanded, so that a macro name is taken as a name.
    pub(crate) fn equals(&mut self, at: Span) {
        // The names, up to the end of the statement (`?`, a line end or a
        // comment).
        let line = self.rest_of_statement();
        let names: Vec<String> = line
            .split([',', ' ', '\t'])
            .filter(|n| !n.is_empty())
            .map(name_key)
            .collect();
        let [new, old] = names.as_slice() else {
            self.error(at, ErrorKind::Syntax, "EQUALS needs two symbols");
            return;
        };
        // A name EQUALS made for a pseudo-op is that pseudo-op, whatever
        // its own name means by now: muddle.315 saves END as E.END, makes
        // END a macro, and in it `EQUALS END,E.END` makes END the
        // pseudo-op again before calling it.
        let (old, via_alias) = match self.aliases.get(old) {
            Some(original) => (original.clone(), true),
            None => (old.clone(), false),
        };
        self.aliases.remove(new);
        let (new_place, old_place) = (self.symbols.resolve(new), self.symbols.resolve(&old));
        let old_macro = match via_alias {
            true => None,
            false => self.symbols.macro_for(&old_place),
        };
        if let Some(m) = old_macro {
            self.symbols.define_macro(&new_place, m);
        } else if via_alias || crate::parse::is_pseudo_name(&old) {
            self.symbols.remove_macro(&new_place);
            self.symbols.make_pseudo_copy(&new_place);
            // The pseudo-op's own name needs no alias.
            if *new != old {
                self.aliases.insert(new.clone(), old);
            }
        } else if let Some(s) = self.symbols.get(&old_place).cloned() {
            self.symbols.remove_macro(&new_place);
            let pass = self.pass;
            // A copy of an initial symbol is the program's own: real MIDAS
            // 433 writes `EQUALS FOO,MOVE`'s FOO to DDT's symbol table.
            let kind = match s.kind {
                crate::assemble::SymKind::Predefined => crate::assemble::SymKind::Assigned,
                k => k,
            };
            self.symbols
                .define(&new_place, crate::assemble::Sym { pass, kind, ..s });
        } else {
            self.error(
                at,
                ErrorKind::UndefinedSymbol,
                format!("undefined symbol {old}"),
            );
        }
    }

    /// `.TTYMAC dummies` / body / TERMIN: a macro without a name, called
    /// at once with arguments typed at the terminal (the next line of
    /// [`Options::terminal`](crate::Options::terminal)).
    pub(crate) fn tty_macro(&mut self, at: Span) {
        let line = self.rest_of_line();
        if self.reader.peek() == Some('\n') {
            self.reader.next();
        }
        let body = self.read_body(at);
        let m = Macro::new(parse_dummies(&line), &body);
        let Some(answer) = self.options.terminal.get(self.terminal_lines_read).cloned() else {
            self.error(
                at,
                ErrorKind::NoTerminalAnswer,
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
}

/// `.BM bp`, `.IBP bp`, `.LZ x`, `.TZ x`.
fn one_argument_function(k: &str, x: u64) -> u64 {
    match k {
        ".BM" => crate::text::byte_mask(x),
        ".IBP" => crate::text::increment_byte_pointer(x),
        ".LZ" if x == 0 => 36,
        ".LZ" => (x.leading_zeros() - 28) as u64,
        _ if x == 0 => 36,
        _ => x.trailing_zeros() as u64,
    }
}

/// What a byte function's arguments referred to that is not yet defined.
/// Real MIDAS 433 keeps the undefined symbols of the arguments beside the
/// value it computes from them as 0 (its "globals"), so on pass 1 two
/// calls merge in literals when the values and those symbols agree
/// (`[.LDB 300600,FOO]` twice, or with `[.BM FOO]`, both 0), not with a
/// plain 0; one whose argument is opaque (`.BP A_22` with A undefined)
/// never merges (all checked with midas-oracle).
#[derive(Default)]
struct Unknowns {
    /// The sum of the arguments' shadows less their values.
    symbolic: u64,
    undefined: bool,
    opaque: bool,
}

impl Unknowns {
    /// Takes in what one argument's value refers to.
    fn add(&mut self, v: &crate::assemble::Value) {
        self.symbolic = self.symbolic.wrapping_add(v.shadow.wrapping_sub(v.w));
        self.undefined |= v.undefined;
        self.opaque |= v.opaque;
    }
}
