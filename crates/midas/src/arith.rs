//! `.I` and `.F`, MIDAS's fixed- and floating-point arithmetic statements
//! (node Arithmetic of `.INFO.;MIDAS`, first AI Memo 179): `.I X=A-B*C`
//! becomes the instructions that compute the right side in the
//! accumulators the program calls `A0`, `A1` ... and store it. Real MIDAS
//! writes those instructions as text and assembles them, so this module
//! does the same; the code below is what MIDAS 433 made of each form
//! (`midas-oracle`, the tests in `tests/arithmetic.rs`). Forms whose code
//! was not checked (`\\`, a power of a power, a minus before a power) are
//! refused, not guessed.

use crate::diag::ErrorKind;
use crate::source::Span;

/// The function a power with an exponent other than 1 to 4 calls.
const EXPLOG: &str = "EXPLOG";

/// A form `.I` does not translate, at a byte offset of its text.
#[derive(Debug, PartialEq, Eq)]
pub(crate) struct ArithError {
    pub offset: usize,
    pub message: String,
}

/// The accumulators are `A0` to `A9` (MIDAS names them by one digit).
const MAX_LEVEL: usize = 9;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div,
}

impl Op {
    /// The instruction with an accumulator or memory operand.
    fn mnemonic(self, mode: Mode) -> &'static str {
        match (mode, self) {
            (Mode::Fixed, Op::Add) => "ADD",
            (Mode::Fixed, Op::Sub) => "SUB",
            (Mode::Fixed, Op::Mul) => "IMUL",
            (Mode::Fixed, Op::Div) => "IDIV",
            (Mode::Float, Op::Add) => "FADR",
            (Mode::Float, Op::Sub) => "FSBR",
            (Mode::Float, Op::Mul) => "FMPR",
            (Mode::Float, Op::Div) => "FDVR",
        }
    }

    /// With an immediate operand MIDAS 433 writes the fixed-point
    /// instruction in `.F` too (`.F X=A+2` is `ADDI A0,2`).
    fn immediate(self) -> &'static str {
        match self {
            Op::Add => "ADDI",
            Op::Sub => "SUBI",
            Op::Mul => "IMULI",
            Op::Div => "IDIVI",
        }
    }
}

/// `.I` computes in fixed point, `.F` in floating point.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Mode {
    Fixed,
    Float,
}

/// A variable or number, as MIDAS is given it.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Operand {
    text: String,
    /// Used as the address of an immediate instruction (`MOVEI`, `ADDI`).
    immediate: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Expr {
    Leaf(Operand),
    Neg(Box<Expr>),
    Bin(Op, Box<Expr>, Box<Expr>),
    /// `F<a,,b>`: a function and its arguments (an empty one loads nothing).
    Call(String, Vec<Option<Expr>>),
    /// `x^n`, n a single digit 1 to 4: multiplied in line.
    Power(Box<Expr>, u8),
    /// `.F`'s unary `/`: 1.0 divided by it.
    Reciprocal(Box<Expr>),
    /// `NAME=...` inside an expression: stored as soon as computed.
    Store(String, Box<Expr>),
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    /// `#`: the next operand is used immediately.
    Hash,
    Op(char),
}

/// The instructions `.I text` (or `.F text`) stands for, one a line.
pub(crate) fn translate(text: &str, mode: Mode) -> Result<Vec<String>, ArithError> {
    let tokens = tokenize(text)?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        end: text.len(),
        mode,
    };
    let mut code = Vec::new();
    let mut stores = Vec::new();
    let mut level = 0;
    loop {
        if level > MAX_LEVEL {
            return Err(parser.error("more than ten statements (accumulators A0-A9)"));
        }
        // Targets of `=` are stored last, the last named first (MIDAS 433:
        // `X=A,Y=B` is MOVE A0,A; MOVE A1,B; MOVEM A1,Y; MOVEM A0,X).
        while let Some(name) = parser.target() {
            stores.push(format!("MOVEM A{level},{name}"));
        }
        // An empty statement loads nothing: `,,X=A/B` computes in A2, and
        // `X=,Y=` stores what A0 and A1 hold (MIDAS 433; bkph;lines).
        if !matches!(parser.peek(), None | Some(Token::Op(','))) {
            let e = parser.sum()?;
            if parser.peek() == Some(&Token::Op(',')) && stores_inside(&e) {
                // MIDAS 433 reads the statements after the comma into the
                // `=`'s value (`VYLOW-Y=VYLOW+Y-VYABS,VYABS=Y` in bkph;lines
                // stores both only before the SUB).
                return Err(parser.error("a `=` inside an expression followed by another statement in .I is not supported"));
            }
            load(&e, level, mode, &mut code)
                .map_err(|message| ArithError { offset: 0, message })?;
        }
        match parser.next() {
            None => break,
            Some((Token::Op(','), _)) => level += 1,
            Some((_, at)) => return Err(parser.error_at(at, "unexpected text in .I")),
        }
    }
    code.extend(stores.into_iter().rev());
    Ok(code)
}

fn tokenize(text: &str) -> Result<Vec<(Token, usize)>, ArithError> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut word_at = 0;
    let mut brackets = 0u32;
    for (i, c) in text.char_indices() {
        // Blanks are ignored everywhere, also inside a name (MIDAS 433
        // reads `MOVEI 5` as MOVEI5).
        if c == ' ' || c == '\t' {
            continue;
        }
        let op = match c {
            // A number may hold `^` before its exponent (node Arithmetic):
            // `A^2^2` raises A to 200.
            '^' if brackets == 0 && starts_numeric(&word) => None,
            '=' | '(' | ')' | '/' | '*' | '+' | '-' | ',' | '<' | '>' | '^' if brackets == 0 => {
                Some(Token::Op(c))
            }
            '#' if brackets == 0 => Some(Token::Hash),
            // `[V]` passes V by name: MIDAS writes it as it is, a literal
            // (`F<[A],B>` loads A0 from the literal [A]).
            '[' => {
                brackets += 1;
                None
            }
            ']' if brackets > 0 => {
                brackets -= 1;
                None
            }
            _ if brackets > 0 => None,
            // `@` and `'` may be part of a name (node Arithmetic).
            c if c.is_ascii_alphanumeric() || matches!(c, '.' | '%' | '\'' | '@') => None,
            '\\' => return Err(refuse(i, "`\\` (absolute value) in .I is not supported")),
            _ => {
                return Err(refuse(
                    i,
                    &format!("`{c}` in a .I statement is not supported"),
                ))
            }
        };
        match op {
            None => {
                if word.is_empty() {
                    word_at = i;
                }
                word.push(c);
            }
            Some(t) => {
                if !word.is_empty() {
                    out.push((Token::Word(std::mem::take(&mut word)), word_at));
                }
                out.push((t, i));
            }
        }
    }
    if brackets > 0 {
        return Err(refuse(word_at, "`[` without its `]` in .I"));
    }
    if !word.is_empty() {
        out.push((Token::Word(word), word_at));
    }
    Ok(out)
}

fn refuse(offset: usize, message: &str) -> ArithError {
    ArithError {
        offset,
        message: message.to_string(),
    }
}

struct Parser {
    tokens: Vec<(Token, usize)>,
    pos: usize,
    end: usize,
    mode: Mode,
}

impl Parser {
    fn peek(&self) -> Option<&Token> {
        self.tokens.get(self.pos).map(|(t, _)| t)
    }

    fn next(&mut self) -> Option<(Token, usize)> {
        let t = self.tokens.get(self.pos).cloned();
        self.pos += 1;
        t
    }

    fn at(&self) -> usize {
        self.tokens.get(self.pos).map_or(self.end, |&(_, at)| at)
    }

    fn error(&self, message: &str) -> ArithError {
        refuse(self.at(), message)
    }

    fn error_at(&self, at: usize, message: &str) -> ArithError {
        refuse(at, message)
    }

    /// `NAME=` (or `V(sub)=`) at the start of a statement: the name.
    fn target(&mut self) -> Option<String> {
        let start = self.pos;
        if let Some((Token::Word(w), _)) = self.tokens.get(self.pos) {
            let w = w.clone();
            if !starts_numeric(&w) {
                self.pos += 1;
                if let Ok(name) = self.subscripted(w) {
                    if self.peek() == Some(&Token::Op('=')) {
                        self.pos += 1;
                        return Some(name);
                    }
                }
            }
        }
        self.pos = start;
        None
    }

    /// A name and, if a `(` follows, its subscript (node Arithmetic):
    /// `V(AC+NUM)` or `V(-NUM+AC)` is `V+NUM(AC)` to MIDAS 433, `V(NUM)`
    /// is `V+NUM` and `V(AC)` is `V(AC)`.
    fn subscripted(&mut self, name: String) -> Result<String, ArithError> {
        if self.peek() != Some(&Token::Op('(')) || starts_numeric(&name) {
            return Ok(name);
        }
        let at = self.at();
        self.pos += 1;
        let mut inside = Vec::new();
        loop {
            match self.next() {
                Some((Token::Op(')'), _)) => break,
                Some((t, _)) if inside.len() < 4 => inside.push(t),
                _ => {
                    return Err(refuse(
                        at,
                        "a subscript in .I is AC+NUM, AC-NUM, +NUM+AC or -NUM+AC",
                    ))
                }
            }
        }
        let sign = |c: char| if c == '-' { "-" } else { "+" };
        let text = match inside.as_slice() {
            [Token::Word(n)] if starts_numeric(n) => format!("{name}+{n}"),
            [Token::Word(ac)] => format!("{name}({ac})"),
            [Token::Word(ac), Token::Op(c @ ('+' | '-')), Token::Word(n)]
                if !starts_numeric(ac) && starts_numeric(n) =>
            {
                format!("{name}{}{n}({ac})", sign(*c))
            }
            [Token::Op(c @ ('+' | '-')), Token::Word(n), Token::Op('+'), Token::Word(ac)]
                if !starts_numeric(ac) && starts_numeric(n) =>
            {
                format!("{name}{}{n}({ac})", sign(*c))
            }
            _ => {
                return Err(refuse(
                    at,
                    "a subscript in .I is AC+NUM, AC-NUM, +NUM+AC or -NUM+AC",
                ))
            }
        };
        Ok(text)
    }

    fn sum(&mut self) -> Result<Expr, ArithError> {
        let mut e = self.product()?;
        while let Some(Token::Op(c @ ('+' | '-'))) = self.peek() {
            let op = if *c == '+' { Op::Add } else { Op::Sub };
            self.pos += 1;
            e = Expr::Bin(op, Box::new(e), Box::new(self.product()?));
        }
        Ok(e)
    }

    fn product(&mut self) -> Result<Expr, ArithError> {
        let mut e = self.unary()?;
        while let Some(Token::Op(c @ ('*' | '/'))) = self.peek() {
            let op = if *c == '*' { Op::Mul } else { Op::Div };
            self.pos += 1;
            e = Expr::Bin(op, Box::new(e), Box::new(self.unary()?));
        }
        Ok(e)
    }

    /// Unary `+` and `*` are ignored, `-` is 0.0- and `/` 1.0/ (node
    /// Arithmetic; MIDAS 433 refuses an integer unary divide).
    fn unary(&mut self) -> Result<Expr, ArithError> {
        match self.peek() {
            Some(Token::Op('+' | '*')) => {
                self.pos += 1;
                self.unary()
            }
            Some(Token::Op('-')) => {
                self.pos += 1;
                let e = self.unary()?;
                let refused = matches!(e, Expr::Neg(_) | Expr::Power(..) | Expr::Store(..))
                    || matches!(&e, Expr::Call(name, _) if name == EXPLOG);
                if refused {
                    return Err(self
                        .error("a minus before a minus, a power or a `=` in .I is not supported"));
                }
                Ok(Expr::Neg(Box::new(e)))
            }
            Some(Token::Op('/')) if self.mode == Mode::Float => {
                self.pos += 1;
                Ok(Expr::Reciprocal(Box::new(self.unary()?)))
            }
            Some(Token::Op('/')) => {
                Err(self.error("an integer unary divide in .I (MIDAS: \"INTEGER UNARY DIVIDE\")"))
            }
            _ => self.power(),
        }
    }

    /// A primary and its power: `^` and a digit 1 to 4 multiply in line,
    /// any other exponent calls `EXPLOG` with the two (node Arithmetic).
    fn power(&mut self) -> Result<Expr, ArithError> {
        let base = self.primary()?;
        if self.peek() != Some(&Token::Op('^')) {
            return Ok(base);
        }
        self.pos += 1;
        if let Some(Token::Word(w)) = self.peek() {
            if let Some(n @ 1..=4) = w.parse::<u8>().ok().filter(|_| w.len() == 1) {
                self.pos += 1;
                return self.no_second_power(Expr::Power(Box::new(base), n));
            }
        }
        let exponent = self.primary()?;
        self.no_second_power(Expr::Call(EXPLOG.into(), vec![Some(base), Some(exponent)]))
    }

    /// MIDAS 433 makes no sense of `A^B^2` (it squares an accumulator it
    /// never loaded): refused.
    fn no_second_power(&self, e: Expr) -> Result<Expr, ArithError> {
        if self.peek() == Some(&Token::Op('^')) {
            return Err(self.error("a power of a power in .I is not supported"));
        }
        Ok(e)
    }

    fn primary(&mut self) -> Result<Expr, ArithError> {
        let at = self.at();
        match self.next() {
            // `<` not right after a name groups as `(` does (node
            // Arithmetic).
            Some((Token::Op(open @ ('(' | '<')), _)) => {
                let close = if open == '(' { ')' } else { '>' };
                let e = self.sum()?;
                match self.next() {
                    Some((Token::Op(c), _)) if c == close => Ok(e),
                    _ => Err(refuse(at, &format!("`{open}` without its `{close}` in .I"))),
                }
            }
            Some((Token::Word(w), _)) if self.peek() == Some(&Token::Op('<')) => {
                self.pos += 1;
                self.arguments(w, at)
            }
            // `=` stores the value of everything to its right (node
            // Arithmetic: `ARM-LOSS=FOO*BARF`), right away (MIDAS 433:
            // `X=A-Y=B*C` stores Y before the SUB, X after).
            Some((Token::Word(w), _)) => {
                let name = self.subscripted(w)?;
                if self.peek() != Some(&Token::Op('=')) {
                    return Ok(Expr::Leaf(operand(name)));
                }
                if starts_numeric(&name) {
                    return Err(refuse(at, "`=` after a number in .I"));
                }
                self.pos += 1;
                Ok(Expr::Store(name, Box::new(self.sum()?)))
            }
            Some((Token::Hash, _)) => match self.next() {
                Some((Token::Word(w), _)) => Ok(Expr::Leaf(Operand {
                    text: w,
                    immediate: true,
                })),
                _ => Err(refuse(at, "`#` not followed by a name or number in .I")),
            },
            _ => Err(refuse(at, "a name, number or `(` expected in .I")),
        }
    }
}

impl Parser {
    /// A function's arguments after its `<`, up to the `>`.
    fn arguments(&mut self, name: String, at: usize) -> Result<Expr, ArithError> {
        if starts_numeric(&name) {
            return Err(refuse(
                at,
                "a function name in .I must not begin as a number does",
            ));
        }
        let mut args = Vec::new();
        if self.peek() == Some(&Token::Op('>')) {
            self.pos += 1;
            return Ok(Expr::Call(name, args));
        }
        loop {
            let arg = match self.peek() {
                Some(Token::Op(',' | '>')) => None,
                _ => Some(self.sum()?),
            };
            args.push(arg);
            match self.next() {
                Some((Token::Op(','), _)) => {}
                Some((Token::Op('>'), _)) => return Ok(Expr::Call(name, args)),
                _ => return Err(refuse(at, "a function's `<` without its `>` in .I")),
            }
        }
    }
}

/// MIDAS takes a string beginning with a character before `@` (a digit,
/// `.`, `%` ...) for a number: `%C` is the literal `[%C]`, and `%C=` is
/// refused ("'=' follows number").
fn starts_numeric(w: &str) -> bool {
    w.bytes().next().is_some_and(|b| b < b'@')
}

/// A number is immediate when it has at most five characters, none after
/// `@`, and nothing after a `.` (MIDAS 433: `12345` and `10.` are `MOVEI`,
/// `123456`, `1.5`, `7777777` and `%C` come from a literal).
fn operand(w: String) -> Operand {
    if !starts_numeric(&w) {
        return Operand {
            text: w,
            immediate: false,
        };
    }
    let body = w.strip_suffix('.').unwrap_or(&w);
    if w.len() <= 5 && body.bytes().all(|b| b <= b'@' && b != b'.') {
        Operand {
            text: w,
            immediate: true,
        }
    } else {
        Operand {
            text: format!("[{w}]"),
            immediate: false,
        }
    }
}

/// The code that leaves `e` in accumulator `A<level>`.
fn load(e: &Expr, level: usize, mode: Mode, code: &mut Vec<String>) -> Result<(), String> {
    if level > MAX_LEVEL {
        return Err(TOO_DEEP.into());
    }
    let i = |o: &Operand| if o.immediate { "I" } else { "" };
    let multiply = Op::Mul.mnemonic(mode);
    match e {
        Expr::Leaf(o) => code.push(format!("MOVE{} A{level},{}", i(o), o.text)),
        Expr::Neg(inner) => match &**inner {
            Expr::Leaf(o) => code.push(format!("MOVN{} A{level},{}", i(o), o.text)),
            _ => {
                load(inner, level, mode, code)?;
                code.push(format!("MOVNS A{level}"));
            }
        },
        Expr::Call(name, args) => call(name, args, level, mode, code)?,
        Expr::Store(name, value) => {
            load(value, level, mode, code)?;
            code.push(format!("MOVEM A{level},{name}"));
        }
        Expr::Power(base, n) => {
            load(base, level, mode, code)?;
            let next = level + 1;
            match n {
                2 => code.push(format!("{multiply} A{level},A{level}")),
                3 if next > MAX_LEVEL => return Err(TOO_DEEP.into()),
                3 => code.extend([
                    format!("MOVE A{next},A{level}"),
                    format!("{multiply} A{next},A{next}"),
                    format!("{multiply} A{level},A{next}"),
                ]),
                4 => code.extend([
                    format!("{multiply} A{level},A{level}"),
                    format!("{multiply} A{level},A{level}"),
                ]),
                _ => {}
            }
        }
        // 1.0 is HRLZI's 201400; an operand that is no name or number is
        // computed first and moved up (MIDAS 433: `.F X=/(A+B)`).
        Expr::Reciprocal(inner) => match &**inner {
            Expr::Leaf(o) => {
                code.push(format!("HRLZI A{level},201400"));
                code.push(format!("{} A{level},{}", divide(o, mode), o.text));
            }
            _ => {
                if level + 1 > MAX_LEVEL {
                    return Err(TOO_DEEP.into());
                }
                load(inner, level, mode, code)?;
                code.push(format!("MOVE A{},A{level}", level + 1));
                code.push(format!("HRLZI A{level},201400"));
                code.push(format!("FDVR A{level},A{}", level + 1));
            }
        },
        Expr::Bin(op, l, r) => {
            load(l, level, mode, code)?;
            match &**r {
                Expr::Leaf(o) if o.immediate => {
                    code.push(format!("{} A{level},{}", op.immediate(), o.text))
                }
                Expr::Leaf(o) => code.push(format!("{} A{level},{}", op.mnemonic(mode), o.text)),
                _ => {
                    load(r, level + 1, mode, code)?;
                    code.push(format!("{} A{level},A{}", op.mnemonic(mode), level + 1));
                }
            }
        }
    }
    Ok(())
}

const TOO_DEEP: &str = "the .I expression needs more than ten accumulators (A0-A9)";

/// The divide for `/x` with x a name or number.
fn divide(o: &Operand, mode: Mode) -> &'static str {
    if o.immediate {
        Op::Div.immediate()
    } else {
        Op::Div.mnemonic(mode)
    }
}

/// Whether a `=` is somewhere inside `e`, other than as an argument.
fn stores_inside(e: &Expr) -> bool {
    match e {
        Expr::Leaf(_) => false,
        Expr::Store(..) => true,
        Expr::Neg(x) | Expr::Power(x, _) | Expr::Reciprocal(x) => stores_inside(x),
        Expr::Bin(_, l, r) => stores_inside(l) || stores_inside(r),
        // A `=` that is an argument is stored before the call.
        Expr::Call(_, args) => args.iter().flatten().any(|a| match a {
            Expr::Store(_, value) => stores_inside(value),
            _ => stores_inside(a),
        }),
    }
}

/// A call of `name` whose value is left in `A<level>`: its arguments
/// are loaded into the accumulators from `A<level>` on; the function takes
/// them in `A0` and up and leaves its value in `A0` (node Arithmetic), so
/// below level 0 each is exchanged with the one that many down before the
/// `PUSHJ` and back after it, in reverse order (MIDAS 433's MORFMC and
/// MORFNC; a call with no argument exchanges one).
fn call(
    name: &str,
    args: &[Option<Expr>],
    level: usize,
    mode: Mode,
    code: &mut Vec<String>,
) -> Result<(), String> {
    if level + args.len().max(1) - 1 > MAX_LEVEL {
        return Err(TOO_DEEP.into());
    }
    // An argument that is a `=` is stored after all are loaded, the last
    // first (MIDAS 433: `F<Y=A+B,Z=C+D>` stores Z, then Y, then calls).
    let mut stores = Vec::new();
    for (j, arg) in args.iter().enumerate() {
        match arg {
            Some(Expr::Store(name, value)) => {
                load(value, level + j, mode, code)?;
                stores.push(format!("MOVEM A{},{name}", level + j));
            }
            Some(e) => load(e, level + j, mode, code)?,
            None => {}
        }
    }
    if level > 0 && args.len() > 1 && !stores.is_empty() {
        // MIDAS 433 then exchanges fewer accumulators than it loaded.
        return Err("a `=` among several arguments of a function called inside an expression in .I is not supported".into());
    }
    code.extend(stores.into_iter().rev());
    let exchanges: Vec<String> = (0..args.len().max(1))
        .map(|j| format!("EXCH A{j},A{}", level + j))
        .collect();
    if level > 0 {
        code.extend(exchanges.iter().cloned());
    }
    code.push(format!("PUSHJ P,{name}"));
    if level > 0 {
        code.extend(exchanges.into_iter().rev());
    }
    Ok(())
}

impl crate::assemble::Assembler<'_> {
    /// `.I` (its instructions are read next, as a macro's body would be)
    /// or `.F` (refused).
    pub(crate) fn arithmetic_statement(&mut self, pseudo: &str, at: Span) {
        let mut text = self.rest_of_line();
        // `$` right before the line end continues the statement on the next
        // line after its `.I` or `.F` and a blank (node Arithmetic).
        while text.ends_with('$') {
            text.pop();
            self.reader.next();
            let next = self.rest_of_line();
            let Some(more) = [".I", ".F", ".i", ".f"]
                .iter()
                .find_map(|p| next.strip_prefix(p))
                .filter(|m| m.starts_with([' ', '\t']))
            else {
                let message = "a `$` continuation line must begin with .I or .F and a blank";
                return self.error(at, ErrorKind::Syntax, message);
            };
            text.push_str(more);
        }
        let mode = if pseudo == ".F" {
            Mode::Float
        } else {
            Mode::Fixed
        };
        match translate(&text, mode) {
            Ok(code) => self.push_macro(code.join("\n"), at),
            Err(e) => self.error(at, ErrorKind::Syntax, e.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{translate, Mode};

    #[test]
    fn precedence_and_accumulators() {
        assert_eq!(
            translate("X=A-B*C/E", Mode::Fixed).unwrap(),
            [
                "MOVE A0,A",
                "MOVE A1,B",
                "IMUL A1,C",
                "IDIV A1,E",
                "SUB A0,A1",
                "MOVEM A0,X"
            ]
        );
    }

    #[test]
    fn refusals_name_their_place() {
        let e = translate("X=A\\B", Mode::Fixed).unwrap_err();
        assert_eq!(e.offset, 3);
        for bad in [
            "X=SIN<A", "X=[A", "X=(A", "X=A B C)", "X=--A", "X=A^B^2", "X=/A",
        ] {
            assert!(translate(bad, Mode::Fixed).is_err(), "{bad}");
        }
    }
}
