//! `.I`, MIDAS's fixed-point arithmetic statement (node Arithmetic of
//! `.INFO.;MIDAS`, first AI Memo 179): `.I X=A-B*C` becomes the
//! instructions that compute the right side in the accumulators the
//! program calls `A0`, `A1` ... and store it. Real MIDAS writes those
//! instructions as text and assembles them, so this module does the same;
//! the code below is what MIDAS 433 made of each form (`midas-oracle`,
//! the tests in `tests/arithmetic.rs`). Forms whose code was not checked
//! (functions `F<...>`, subscripts `V(AC)`, `^`, `\`, `$` continuation
//! lines, and `.F`'s floating point) are refused, not guessed.

use crate::diag::ErrorKind;
use crate::source::Span;

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
    fn mnemonic(self) -> &'static str {
        match self {
            Op::Add => "ADD",
            Op::Sub => "SUB",
            Op::Mul => "IMUL",
            Op::Div => "IDIV",
        }
    }
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
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Token {
    Word(String),
    /// `#`: the next operand is used immediately.
    Hash,
    Op(char),
}

/// The instructions `.I text` stands for, one a line.
pub(crate) fn translate(text: &str) -> Result<Vec<String>, ArithError> {
    let tokens = tokenize(text)?;
    let mut parser = Parser {
        tokens,
        pos: 0,
        end: text.len(),
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
        let e = parser.sum()?;
        load(&e, level, &mut code).map_err(|message| ArithError { offset: 0, message })?;
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
    for (i, c) in text.char_indices() {
        // Blanks are ignored everywhere, also inside a name (MIDAS 433
        // reads `MOVEI 5` as MOVEI5).
        if c == ' ' || c == '\t' {
            continue;
        }
        let op = match c {
            '=' | '(' | ')' | '/' | '*' | '+' | '-' | ',' => Some(Token::Op(c)),
            '#' => Some(Token::Hash),
            c if c.is_ascii_alphanumeric() || matches!(c, '.' | '%' | '\'') => None,
            '<' | '>' => return Err(refuse(i, "functions (`F<...>`) in .I are not supported")),
            '^' => return Err(refuse(i, "`^` (a power) in .I is not supported")),
            '\\' => return Err(refuse(i, "`\\` (absolute value) in .I is not supported")),
            '$' => return Err(refuse(i, "`$` (a continued .I statement) is not supported")),
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

    /// `NAME=` at the start of a statement: the name.
    fn target(&mut self) -> Option<String> {
        match (self.tokens.get(self.pos), self.tokens.get(self.pos + 1)) {
            (Some((Token::Word(w), _)), Some((Token::Op('='), _))) if !starts_numeric(w) => {
                let w = w.clone();
                self.pos += 2;
                Some(w)
            }
            _ => None,
        }
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

    fn unary(&mut self) -> Result<Expr, ArithError> {
        match self.peek() {
            Some(Token::Op('+')) => {
                self.pos += 1;
                self.unary()
            }
            Some(Token::Op('-')) => {
                self.pos += 1;
                let e = self.unary()?;
                if matches!(e, Expr::Neg(_)) {
                    return Err(self.error("a double minus in .I is not supported"));
                }
                Ok(Expr::Neg(Box::new(e)))
            }
            _ => self.primary(),
        }
    }

    fn primary(&mut self) -> Result<Expr, ArithError> {
        let at = self.at();
        match self.next() {
            Some((Token::Op('('), _)) => {
                let e = self.sum()?;
                match self.next() {
                    Some((Token::Op(')'), _)) => Ok(e),
                    _ => Err(refuse(at, "`(` without its `)` in .I")),
                }
            }
            Some((Token::Hash, _)) => match self.next() {
                Some((Token::Word(w), _)) => Ok(Expr::Leaf(Operand {
                    text: w,
                    immediate: true,
                })),
                _ => Err(refuse(at, "`#` not followed by a name or number in .I")),
            },
            Some((Token::Word(w), _)) => Ok(Expr::Leaf(operand(w))),
            _ => Err(refuse(at, "a name, number or `(` expected in .I")),
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
fn load(e: &Expr, level: usize, code: &mut Vec<String>) -> Result<(), String> {
    if level > MAX_LEVEL {
        return Err("the .I expression needs more than ten accumulators (A0-A9)".into());
    }
    let i = |o: &Operand| if o.immediate { "I" } else { "" };
    match e {
        Expr::Leaf(o) => code.push(format!("MOVE{} A{level},{}", i(o), o.text)),
        Expr::Neg(inner) => match &**inner {
            Expr::Leaf(o) => code.push(format!("MOVN{} A{level},{}", i(o), o.text)),
            _ => {
                load(inner, level, code)?;
                code.push(format!("MOVNS A{level}"));
            }
        },
        Expr::Bin(op, l, r) => {
            load(l, level, code)?;
            match &**r {
                Expr::Leaf(o) => {
                    code.push(format!("{}{} A{level},{}", op.mnemonic(), i(o), o.text))
                }
                _ => {
                    load(r, level + 1, code)?;
                    code.push(format!("{} A{level},A{}", op.mnemonic(), level + 1));
                }
            }
        }
    }
    Ok(())
}

impl crate::assemble::Assembler<'_> {
    /// `.I` (its instructions are read next, as a macro's body would be)
    /// or `.F` (refused).
    pub(crate) fn arithmetic_statement(&mut self, pseudo: &str, at: Span) {
        let text = self.rest_of_line();
        if pseudo == ".F" {
            let message = ".F (floating-point arithmetic statements) is not supported";
            return self.error(at, ErrorKind::Syntax, message);
        }
        match translate(&text) {
            Ok(code) => self.push_macro(code.join("\n"), at),
            Err(e) => self.error(at, ErrorKind::Syntax, e.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::translate;

    #[test]
    fn precedence_and_accumulators() {
        assert_eq!(
            translate("X=A-B*C/E").unwrap(),
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
        let e = translate("X=SIN<A>").unwrap_err();
        assert_eq!(e.offset, 5);
        assert!(translate("X=").is_err());
        assert!(translate("X=(A").is_err());
        assert!(translate("X=A B C)").is_err());
        assert!(translate("X=--A").is_err());
    }
}
