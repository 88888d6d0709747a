//! Statements as nom parses them, after macros, conditionals and text
//! pseudo-ops have been expanded (see `gather`).
//!
//! The input is one gathered statement: labels, then an assignment, a
//! pseudo-op or a word. Words are made of fields separated by spaces and
//! commas (MIDAS manual, node Words); fields are expressions over syllables
//! (nodes Fields, Syllables, Numbers). Positions are byte offsets into the
//! statement, mapped back to files by the caller.

use crate::text::float_word;
use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{anychar, char as ch, one_of};
use nom::combinator::{opt, peek, recognize};
use nom::error::{ErrorKind as NomKind, ParseError};
use nom::sequence::{pair, preceded};
use nom::IResult;
use nom_locate::LocatedSpan;

/// Parser input: the gathered statement text with positions.
pub(crate) type In<'a> = LocatedSpan<&'a str>;

/// A parse failure: where and what.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SyntaxError {
    pub offset: usize,
    pub message: String,
    pub unterminated: bool,
}

impl<'a> ParseError<In<'a>> for SyntaxError {
    fn from_error_kind(input: In<'a>, _kind: NomKind) -> Self {
        SyntaxError {
            offset: input.location_offset(),
            message: "bad syntax".into(),
            unterminated: false,
        }
    }
    fn append(_: In<'a>, _: NomKind, other: Self) -> Self {
        other
    }
}

type PResult<'a, T> = IResult<In<'a>, T, SyntaxError>;

fn fail<T>(at: In<'_>, message: impl Into<String>) -> PResult<'_, T> {
    Err(nom::Err::Failure(SyntaxError {
        offset: at.location_offset(),
        message: message.into(),
        unterminated: false,
    }))
}

fn fail_unterminated<T>(at: usize, message: impl Into<String>) -> PResult<'static, T> {
    Err(nom::Err::Failure(SyntaxError {
        offset: at,
        message: message.into(),
        unterminated: true,
    }))
}

/// The marker the gatherer writes for a value it computed (text pseudo-ops,
/// `.RPCNT`, `\expr` arguments): `\u{1}` octal digits `\u{1}`.
pub(crate) const MARK: char = '\u{1}';

/// The marker the gatherer writes for `RADIX n` read as a line of a
/// literal (`\u{110}` octal digits of n `\u{110}`): numbers after it in
/// the statement are read in that radix, as real MIDAS reads a literal
/// line by line (see `Assembler::radix_in_literal`).
pub(crate) const RADIX_MARK: char = '\u{110}';

/// Whether `c` is in the SQUOZE character set (letters, digits, `.$%`).
pub(crate) fn is_squoze(c: char) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, '.' | '$' | '%')
}

/// A symbol's key: upper case, first six characters.
pub(crate) fn key(name: &str) -> String {
    name.chars()
        .take(6)
        .map(|c| c.to_ascii_uppercase())
        .collect()
}

/// The key of a name that may name its block (`BLOCK"SYM`, `SYM"`): each
/// part a [`key`].
pub(crate) fn name_key(name: &str) -> String {
    name.split('"').map(key).collect::<Vec<_>>().join("\"")
}

/// Whether a run of squoze characters is a symbol rather than a number or
/// `.`: it has a letter, `$` or `%`, or at least two dots.
pub(crate) fn is_symbol(run: &str) -> bool {
    run.chars()
        .any(|c| c.is_ascii_alphabetic() || c == '$' || c == '%')
        || run.chars().filter(|&c| c == '.').count() >= 2
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Statement {
    pub labels: Vec<Label>,
    pub body: Body,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Label {
    pub name: String,
    pub half_killed: bool,
    pub at: usize,
}

/// Pseudo-ops that are statements of their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Pseudo {
    Loc,
    Block,
    Constants,
    Variables,
    End,
    Radix,
    /// `.GSSET n`: the macro gensym counter set to n.
    GenSymSet,
    Offset,
    /// `WORD`: a word put straight into the binary file.
    Word,
    Kill,
    HalfKill,
    /// `.BIND`: names made local to the current block.
    Bind,
    /// `.BEGIN`: enter a block.
    Begin,
    /// `.END`: leave it.
    BlockEnd,
    /// `RELOCATABLE`: relocatable (STINK) output.
    Relocate,
    /// `SBLK`, `RIM10`, `RIM`: the absolute file's format.
    Format(crate::output::FileKind),
    /// `NOSYMS`: no symbol table in the file.
    NoSymbols,
    Ignored,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Body {
    Empty,
    Assign {
        name: String,
        at: usize,
        half_killed: bool,
        no_redefine: bool,
        value: WordAst,
    },
    SetLocation(WordAst),
    Pseudo {
        op: Pseudo,
        at: usize,
        args: Vec<WordAst>,
        names: Vec<(String, usize)>,
    },
    /// `.SCALAR A,B` and `.VECTOR A(10)`: (name, position, size).
    Variables(Vec<(String, usize, Option<WordAst>)>),
    Word(WordAst),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct WordAst {
    pub items: Vec<Item>,
    pub at: usize,
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Item {
    Field(Expr),
    Space,
    Comma,
    DoubleComma,
    Indirect,
    /// `(word)` not after an operator: swapped and added into the word.
    Index(WordAst),
    /// `XWD a,b`.
    Xwd(WordAst, WordAst),
    /// `SYM=value` (`==` half-killed, `=:` not to be redefined) standing
    /// as a word of a literal: it assembles no word.
    Assign {
        name: String,
        half_killed: bool,
        fixed: bool,
        value: WordAst,
    },
    /// `SYM==:value` as the word of a group: defines SYM, and the group's
    /// value is the value.
    GroupAssign {
        name: String,
        half_killed: bool,
        fixed: bool,
        value: WordAst,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Expr {
    Syllable(Syllable, usize),
    Negate(Box<Expr>),
    Complement(Box<Expr>),
    Binary(char, Box<Expr>, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Syllable {
    Number(u64),
    Symbol(String),
    /// `FOO'`: a variable.
    Variable(String),
    Dot,
    Group(WordAst),
    Swapped(WordAst),
    /// `[...]`: the words of the literal, one entry a line or `?`.
    Literal(Vec<WordAst>),
    /// `<a ? b ...>`: several words in a group.
    Words(Vec<WordAst>),
    /// `SQUOZE n,sym`: the flags word and the symbol.
    Squoze(Box<WordAst>, String),
    /// A byte function's value (`.BP` ...) computed on pass 1 from
    /// arguments not all defined: the value as computed, the arguments'
    /// undefined part and whether one was opaque (see
    /// `gather::mark_unknowns`).
    Unknowns(u64, u64, bool),
}

/// Parses one gathered statement.
pub(crate) fn statement(text: &str, radix: u64) -> Result<Statement, SyntaxError> {
    statement_with(text, radix, &std::collections::HashSet::new())
}

/// Parses one gathered statement, the pseudo-ops named in `expunged`
/// being ordinary symbols (EXPUNGE).
pub(crate) fn statement_with(
    text: &str,
    radix: u64,
    expunged: &std::collections::HashSet<String>,
) -> Result<Statement, SyntaxError> {
    let input = In::new(text);
    let p = Parser {
        expunged,
        radix: std::cell::Cell::new(radix),
        depth: std::cell::Cell::new(0),
        operators: std::cell::Cell::new(0),
        indirects: std::cell::Cell::new(0),
    };
    match p.statement(input) {
        Ok((_, s)) => Ok(s),
        Err(nom::Err::Error(e)) | Err(nom::Err::Failure(e)) => Err(e),
        Err(nom::Err::Incomplete(_)) => Err(SyntaxError {
            offset: text.len(),
            message: "statement ends too soon".into(),
            unterminated: true,
        }),
    }
}

/// `i` without its first `n` bytes.
fn adv(i: In<'_>, n: usize) -> In<'_> {
    nom::Slice::slice(&i, n..)
}

fn blanks(i: In<'_>) -> PResult<'_, In<'_>> {
    // ^C outside text is ignored by real MIDAS (its reader treats a ^C
    // that is not the end of the file like ^@; checked with the oracle).
    take_while(|c| c == ' ' || c == '\t' || c == '\u{c}' || c == '\u{3}')(i)
}

fn squoze_run(i: In<'_>) -> PResult<'_, In<'_>> {
    take_while1(is_squoze)(i)
}

/// A symbol's name as the gatherer writes it: `SYM`, `BLOCK"SYM` (any
/// number of blocks) or `SYM"` (a global), as a key (see
/// [`crate::symtab`]).
fn symbol_name(i: In<'_>) -> PResult<'_, String> {
    let (mut i, run) = squoze_run(i)?;
    if !is_symbol(run.fragment()) {
        return Err(nom::Err::Error(SyntaxError::from_error_kind(
            i,
            NomKind::Verify,
        )));
    }
    let mut name = key(run.fragment());
    while i.fragment().starts_with('"') {
        i = adv(i, 1);
        name.push('"');
        match squoze_run(i) {
            Ok((r, run)) if is_symbol(run.fragment()) => {
                name.push_str(&key(run.fragment()));
                i = r;
            }
            Ok(_) => return fail(i, "a block name must be followed by a symbol"),
            // `SYM"`: a global.
            Err(_) => break,
        }
    }
    Ok((i, name))
}

mod expr;
pub(crate) use expr::expression;
mod numbers;
mod pseudos;
use pseudos::pseudo;
pub(crate) use pseudos::{is_builtin_name, is_pseudo_name};

struct Parser<'s> {
    /// Pseudo-ops the program expunged: their names are symbols.
    expunged: &'s std::collections::HashSet<String>,
    /// The current radix; a `RADIX n` line of a literal changes it.
    radix: std::cell::Cell<u64>,
    /// How deep `<`, `(`, `[` are nested here, to refuse input that would
    /// overflow the stack.
    depth: std::cell::Cell<u32>,
    /// Binary operators read so far: a bound on how deep the expression
    /// trees get.
    operators: std::cell::Cell<u32>,
    /// `@`s read after an operator inside a field's expression, for the
    /// word the field is in (see `expr_rest`).
    indirects: std::cell::Cell<u32>,
}

/// The most binary operators a statement may have.
const MAX_OPERATORS: u32 = 2000;

/// The deepest nesting of brackets a statement may have.
const MAX_NESTING: u32 = 100;

const OPERATORS: &str = "_&#\\*/+-";

fn precedence(op: char) -> u8 {
    match op {
        '_' => 5,
        '&' => 4,
        '#' => 3,
        '\\' => 2,
        '*' | '/' => 1,
        _ => 0,
    }
}

impl Parser<'_> {
    fn statement<'a>(&self, mut i: In<'a>) -> PResult<'a, Statement> {
        let mut labels = Vec::new();
        loop {
            let (r, _) = blanks(i)?;
            let at = r.location_offset();
            let lab: PResult<'a, (String, In<'a>)> =
                pair(symbol_name, recognize(pair(ch(':'), opt(ch(':')))))(r);
            match lab {
                Ok((rest, (name, colons))) => {
                    labels.push(Label {
                        name,
                        half_killed: colons.fragment().len() == 2,
                        at,
                    });
                    i = rest;
                }
                _ => {
                    i = r;
                    break;
                }
            }
        }
        let (i, body) = self.body(i)?;
        let (i, _) = blanks(i)?;
        if !i.fragment().is_empty() {
            return fail(i, "unexpected text at the end of the statement");
        }
        Ok((i, Statement { labels, body }))
    }

    fn body<'a>(&self, i: In<'a>) -> PResult<'a, Body> {
        if i.fragment().trim().is_empty() {
            return Ok((i, Body::Empty));
        }
        let at = i.location_offset();
        // Assignments: SYM=, SYM==, SYM=:, SYM==:, and .=
        let target = |i| -> PResult<'a, String> {
            match symbol_name(i) {
                Ok(x) => Ok(x),
                Err(_) => {
                    let (r, _) = tag(".")(i)?;
                    Ok((r, ".".to_string()))
                }
            }
        };
        let op = preceded(
            blanks,
            recognize(pair(alt((tag("=="), tag("="))), opt(ch(':')))),
        );
        let assign: PResult<'a, (String, In<'a>)> = pair(target, op)(i);
        if let Ok((rest, (name, op))) = assign {
            let (rest, _) = blanks(rest)?;
            let (rest, value) = self.word(rest, "")?;
            if name == "." {
                return Ok((rest, Body::SetLocation(value)));
            }
            return Ok((
                rest,
                Body::Assign {
                    name,
                    at,
                    half_killed: op.fragment().starts_with("=="),
                    no_redefine: op.fragment().ends_with(':'),
                    value,
                },
            ));
        }
        if let Ok((rest, name)) = squoze_run(i) {
            let k = key(name.fragment());
            let next = rest.fragment().chars().next();
            if next.is_none_or(|c| c == ' ' || c == '\t') {
                if let Some(op) = pseudo(&k).filter(|_| !self.expunged.contains(&k)) {
                    return self.pseudo_args(op, at, rest);
                }
                if k == ".SCALA" || k == ".VECTO" {
                    return self.variables(rest);
                }
            }
        }
        let (rest, w) = self.word(i, "")?;
        Ok((rest, Body::Word(w)))
    }

    fn pseudo_args<'a>(&self, op: Pseudo, at: usize, i: In<'a>) -> PResult<'a, Body> {
        let (mut i, _) = blanks(i)?;
        let mut args = Vec::new();
        let mut names = Vec::new();
        let rest = match op {
            Pseudo::Kill | Pseudo::HalfKill | Pseudo::Bind => loop {
                let (r, _) = take_while(|c| c == ' ' || c == '\t' || c == ',')(i)?;
                if r.fragment().is_empty() {
                    break r;
                }
                let pos = r.location_offset();
                let (r, name) = symbol_name(r)?;
                names.push((name, pos));
                i = r;
            },
            Pseudo::Begin | Pseudo::BlockEnd => {
                // `.BEGIN [name]`, `.END [name]`.
                if let Ok((r, name)) = squoze_run(i) {
                    names.push((key(name.fragment()), i.location_offset()));
                    i = r;
                }
                i
            }
            Pseudo::Ignored => take_while(|_| true)(i)?.0,
            // Real MIDAS 433 ends RADIX's argument at a blank and reads the
            // rest of the line as a word (`RADIX 8 7` is radix 8 and a 7):
            // not done here.
            Pseudo::Radix if i.fragment().trim().contains([' ', '\t']) => {
                return fail(i, "text after RADIX's argument is not supported");
            }
            Pseudo::Constants
            | Pseudo::Variables
            | Pseudo::Relocate
            | Pseudo::Format(_)
            | Pseudo::NoSymbols => i,
            _ => {
                if !i.fragment().trim().is_empty() {
                    let (r, w) = self.word(i, "")?;
                    args.push(w);
                    i = r;
                }
                i
            }
        };
        Ok((
            rest,
            Body::Pseudo {
                op,
                at,
                args,
                names,
            },
        ))
    }

    fn variables<'a>(&self, mut i: In<'a>) -> PResult<'a, Body> {
        let mut vars = Vec::new();
        loop {
            let (r, _) = take_while(|c| c == ' ' || c == '\t' || c == ',')(i)?;
            if r.fragment().is_empty() {
                return Ok((r, Body::Variables(vars)));
            }
            let pos = r.location_offset();
            let (r, name) = match symbol_name(r) {
                Ok(x) => x,
                Err(_) => return fail(r, "expected a variable name"),
            };
            // Blanks may stand before the size (real MIDAS 433:
            // `.SCALAR FOO (3)` reserves 3 words, syseng;byelib).
            let (sized, _) = take_while(|c| c == ' ' || c == '\t')(r)?;
            let (r, size) = if sized.fragment().starts_with('(') {
                let r = sized;
                let (r2, w) = self.group_word(adv(r, 1), ")\n")?;
                if !r2.fragment().starts_with(')') {
                    return fail_unterminated(pos, "unterminated ( in .VECTOR");
                }
                (adv(r2, 1), Some(w))
            } else {
                (r, None)
            };
            vars.push((name, pos, size));
            i = r;
        }
    }

    /// The word inside `<>` or `()`: it may be an assignment, whose value
    /// is the group's (`.VECTOR PDL(LPDL==:100.)`, `<LUFD==:2000>+1`).
    fn group_word<'a>(&self, i: In<'a>, terms: &str) -> PResult<'a, WordAst> {
        let at = i.location_offset();
        let (i2, _) = blanks(i)?;
        let op = recognize(pair(alt((tag("=="), tag("="))), opt(ch(':'))));
        let assign: PResult<'a, (String, In<'a>)> = pair(symbol_name, preceded(blanks, op))(i2);
        if let Ok((rest, (name, op))) = assign {
            let (rest, _) = blanks(rest)?;
            let (rest, value) = self.word(rest, terms)?;
            let item = Item::GroupAssign {
                name,
                half_killed: op.fragment().starts_with("=="),
                fixed: op.fragment().ends_with(':'),
                value,
            };
            return Ok((
                rest,
                WordAst {
                    items: vec![item],
                    at,
                },
            ));
        }
        self.word(i, terms)
    }

    /// The words of a `<>` or `()` group up to `close`, separated by `?` or
    /// a line end; each may be an assignment (sysen1;sysmsg's
    /// `<ZZZ==A ? A==[.,,ZZZ] ? ZZZ>`).
    fn group_words<'a>(&self, i: In<'a>, close: char) -> PResult<'a, Vec<WordAst>> {
        use crate::source::{BARE_CR, BARE_LF};
        let terms = match close {
            ')' => ")?\n\u{10A}\u{10D}",
            _ => ">?\n\u{10A}\u{10D}",
        };
        let (mut r, w) = self.group_word(i, terms)?;
        let mut words = vec![w];
        while r.fragment().starts_with(['?', '\n', BARE_LF, BARE_CR]) {
            let sep = r.fragment().chars().next().map_or(1, char::len_utf8);
            let (r2, w) = self.group_word(adv(r, sep), terms)?;
            words.push(w);
            r = r2;
        }
        Ok((r, words))
    }

    /// `(...)`: a word, or several separated by `?` whose last gives the
    /// value, as in `<...>` (so `(.BYTE 7 ? ^M ? ^M)` packs the bytes:
    /// real MIDAS 433 makes `MOVSI 1,(.BYTE 7 ? ^M ? ^M)` 205040,,064320).
    fn parenthesized<'a>(&self, i: In<'a>) -> PResult<'a, WordAst> {
        let open = i.location_offset();
        // A line end separates words as `?` does, as inside `<>` (real
        // MIDAS 433: `(1+` CR LF `2)` is (2)).
        let (r, mut words) = self.group_words(adv(i, 1), ')')?;
        if !r.fragment().starts_with(')') {
            return fail_unterminated(open, "unterminated (");
        }
        let w = if words.len() == 1 {
            words.pop().expect("one word")
        } else {
            WordAst {
                items: vec![Item::Field(Expr::Syllable(Syllable::Words(words), open))],
                at: open,
            }
        };
        Ok((adv(r, 1), w))
    }

    /// A word: items up to the end of the input or one of `terms`.
    fn word<'a>(&self, i: In<'a>, terms: &str) -> PResult<'a, WordAst> {
        if self.depth.get() >= MAX_NESTING {
            return fail(i, "brackets nested too deeply");
        }
        self.depth.set(self.depth.get() + 1);
        let r = self.word_inner(i, terms);
        self.depth.set(self.depth.get() - 1);
        r
    }

    /// `XWD left,right` after its name: each half is a field (real MIDAS's
    /// XGETFD), so a blank ends the left one as a comma does, and blanks
    /// before or after the comma are skipped (`XWD DSKCOR 201`, `XWD 7 ,6`
    /// in mrc;ten50; checked with midas-oracle). The right half is the
    /// rest of the word, as before.
    fn xwd<'a>(&self, rest: In<'a>, at: usize, terms: &str) -> PResult<'a, WordAst> {
        let (rest, _) = blanks(rest)?;
        let comma_terms = format!("{terms},");
        let left_at = rest.location_offset();
        let (rest, left) = if rest.fragment().starts_with(',') {
            (rest, Vec::new())
        } else {
            let (r, e) = self.expr(rest, 0, &comma_terms)?;
            (r, vec![Item::Field(e)])
        };
        let (rest, _) = blanks(rest)?;
        let rest = match rest.fragment().strip_prefix(',') {
            Some(_) => blanks(adv(rest, 1))?.0,
            None if rest
                .fragment()
                .chars()
                .next()
                .is_none_or(|c| terms.contains(c)) =>
            {
                return fail(rest, "XWD needs two arguments");
            }
            None => rest,
        };
        let (rest, b) = self.word(rest, terms)?;
        let a = WordAst {
            items: left,
            at: left_at,
        };
        Ok((
            rest,
            WordAst {
                items: vec![Item::Xwd(a, b)],
                at,
            },
        ))
    }

    /// SQUOZE's arguments after its name, wherever it is in a word (its
    /// value is a syllable: `(GLOETY)+SQUOZE 0,$.` in midas;midas.458).
    pub(super) fn squoze_arguments<'a>(&self, rest: In<'a>, terms: &str) -> PResult<'a, Expr> {
        let (rest, _) = blanks(rest)?;
        let comma_terms = format!("{terms},");
        let (rest, a) = self.word(rest, &comma_terms)?;
        if !rest.fragment().starts_with(',') {
            return fail(rest, "SQUOZE needs two arguments separated by a comma");
        }
        let rest = adv(rest, 1);
        let (rest, _) = blanks(rest)?;
        // Real MIDAS (ASQOZ, GETSLD) reads the symbol as a syllable:
        // it skips operator characters before it (`SQUOZE 0,/FOO/`),
        // and the squoze is a value the rest of the word works on
        // (`SQUOZE 0,B/50+1`); digits are squoze characters too.
        let sym_at = rest.location_offset();
        let delim = rest
            .fragment()
            .chars()
            .take_while(|&c| OPERATORS.contains(c) && !terms.contains(c))
            .count();
        let skipped: String = rest.fragment().chars().take(delim).collect();
        let rest = adv(rest, skipped.len());
        let (mut rest, sym) = match squoze_run(rest) {
            Ok(x) => x,
            Err(_) => return fail(rest, "SQUOZE needs a symbol"),
        };
        // `/FOO/`: the closing delimiter before the end of the word
        // has no right operand, and real MIDAS leaves FOO unchanged.
        if !skipped.is_empty() && rest.fragment().starts_with(skipped.as_str()) {
            let (after, _) = blanks(adv(rest, skipped.len()))?;
            if after
                .fragment()
                .chars()
                .next()
                .is_none_or(|c| terms.contains(c) || ",)>]?\n;".contains(c))
            {
                rest = after;
            }
        }
        let squoze = Syllable::Squoze(Box::new(a), sym.fragment().to_ascii_uppercase());
        Ok((rest, Expr::Syllable(squoze, sym_at)))
    }

    fn word_inner<'a>(&self, i: In<'a>, terms: &str) -> PResult<'a, WordAst> {
        let at = i.location_offset();
        let mut items: Vec<Item> = Vec::new();
        let mut i = i;
        // XWD and SQUOZE take the whole word as their arguments.
        if let Ok((rest, name)) = squoze_run(i) {
            let k = key(name.fragment());
            if k == "XWD" && rest.fragment().starts_with([' ', '\t']) {
                return self.xwd(rest, at, terms);
            }
            if k == "SQUOZE" && rest.fragment().starts_with([' ', '\t']) {
                let (rest, lhs) = self.squoze_arguments(rest, terms)?;
                let (rest, e) = self.expr_rest(rest, lhs, 0, terms)?;
                items.push(Item::Field(e));
                i = rest;
            }
        }
        while let Some(c) = i.fragment().chars().next() {
            if terms.contains(c) {
                break;
            }
            match c {
                // A ^C between syllables is no separator: real MIDAS drops it.
                '\u{3}' => i = adv(i, 1),
                ' ' | '\t' | '\u{c}' => {
                    let (r, _) = blanks(i)?;
                    items.push(Item::Space);
                    i = r;
                }
                ',' => {
                    if i.fragment().starts_with(",,") {
                        items.push(Item::DoubleComma);
                        i = adv(i, 2);
                    } else {
                        items.push(Item::Comma);
                        i = adv(i, 1);
                    }
                }
                '@' => {
                    items.push(Item::Indirect);
                    i = adv(i, 1);
                }
                '(' => {
                    let (r, w) = self.parenthesized(i)?;
                    i = r;
                    // `-10.(U4)+[...]` (ksc;out): an operator after the
                    // index goes on with the field before it (real MIDAS
                    // 433: `SKIPA 1,-10.(4)+5` is 334044,,777773).
                    let continues = i
                        .fragment()
                        .chars()
                        .next()
                        .is_some_and(|c| OPERATORS.contains(c) && !terms.contains(c));
                    if continues && matches!(items.last(), Some(Item::Field(_))) {
                        let Some(Item::Field(lhs)) = items.pop() else {
                            unreachable!("just matched");
                        };
                        let (r, e) = self.expr_rest(i, lhs, 0, terms)?;
                        self.push_field(&mut items, e);
                        i = r;
                    }
                    items.push(Item::Index(w));
                }
                ')' | '>' | ']' => return fail(i, format!("unmatched {c}")),
                '?' | '\n' => {
                    return fail(
                        i,
                        format!(
                            "unexpected {}",
                            if c == '\n' {
                                "end of line".to_string()
                            } else {
                                c.to_string()
                            }
                        ),
                    )
                }
                _ => {
                    let (r, e) = self.expr(i, 0, terms)?;
                    self.push_field(&mut items, e);
                    i = r;
                }
            }
        }
        Ok((i, WordAst { items, at }))
    }
}

fn printable(c: char) -> String {
    match c {
        '\n' => "end of line".into(),
        c if (c as u32) < 0o40 || matches!(c, crate::source::CTRL_A | crate::source::CTRL_B) => {
            format!("character ^{}", (((c as u32 & 0o37) as u8) + 0o100) as char)
        }
        c => format!("{c:?}"),
    }
}

#[cfg(test)]
mod tests;
