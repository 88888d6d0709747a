//! Where a taken conditional's bracketed body ends. Real MIDAS reads such a
//! body in place (midas.458 COND6 counts it in SCNDEP) and the `]` that
//! closes it is one its syllable reader meets (RBRAK): not one in a
//! comment, a character syllable or a text pseudo-op's string. A failed
//! conditional's body is skipped counting every bracket (RARGBR), and so is
//! the bracketed argument of a macro, an IRP, a REPEAT or a conditional
//! inside the body. The assembler reads the body ahead, so this scan sorts
//! the brackets as those readers would: a `[` where an operand begins
//! (after a comma, an operator, an open, or an instruction's name and a
//! blank) opens a literal, read by the syllable reader; one on a line
//! that began a conditional, REPEAT or IRP is read raw.

use crate::parse::{is_squoze, name_key};

#[derive(Default)]
pub(crate) struct TakenBody {
    pub text: String,
    /// The brackets open inside the body, innermost last.
    open: Vec<Bracket>,
    /// The squoze run being read, for pseudo-ops' names.
    run: String,
    /// After a text pseudo-op's name: blanks, then its delimiter.
    text_next: bool,
    /// Inside a text pseudo-op's string, up to this delimiter.
    in_text: Option<char>,
    in_comment: bool,
    /// The next character is a `"`, `'` or `^` syllable's.
    quoted: bool,
    /// This line began a pseudo-op whose bracketed arguments are raw.
    raw_line: bool,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bracket {
    /// Read by the syllable reader, as the body itself is.
    Literal,
    /// Read counting brackets only.
    Raw,
}

/// The pseudo-ops whose argument is a delimited string (6-character keys).
const TEXT_PSEUDOS: [&str; 9] = [
    "ASCII", "ASCIZ", "ASCIC", "SIXBIT", ".ASCII", "PRINTX", "PRINTC", "COMMEN", ".LENGT",
];

/// The pseudo-ops whose bracketed arguments are read raw (6-character keys).
const RAW_PSEUDOS: [&str; 24] = [
    "IFE", "IFN", "IFG", "IFGE", "IFL", "IFLE", "IFDEF", "IFNDEF", "IFB", "IFNB", "IFSE", "IFSN",
    "IFSQ", "IFNSQ", "IF1", "IF2", ".ELSE", ".ALSO", "REPEAT", "IRP", "IRPC", "IRPS", "IRPW",
    "IRPNC",
];

impl TakenBody {
    /// Takes `c`; `true` when it is the `]` that closes the body (not kept).
    pub(crate) fn closes(&mut self, c: char) -> bool {
        let lexical = self.open.iter().all(|b| *b == Bracket::Literal);
        let in_run = is_squoze(c) && !self.in_comment && self.in_text.is_none() && !self.quoted;
        if !in_run && !self.run.is_empty() {
            let key = name_key(&self.run);
            // A name the statement ends right after is no text pseudo-op
            // here (midas;midas.458's `EQUALS DEFSTR,SIXBIT]`).
            self.text_next = lexical
                && !matches!(c, ']' | ',' | ';' | '\n' | '>' | ')' | '?')
                && TEXT_PSEUDOS.contains(&key.as_str());
            self.raw_line |= RAW_PSEUDOS.contains(&key.as_str());
            self.run.clear();
        }
        if self.quoted {
            self.quoted = false;
        } else if self.in_comment {
            self.in_comment = c != '\n';
            self.raw_line &= self.in_comment;
        } else if let Some(d) = self.in_text {
            if c == d {
                self.in_text = None;
            }
        } else if in_run {
            self.run.push(c);
        } else if self.text_next && !matches!(c, ' ' | '\t') {
            self.text_next = false;
            self.in_text = Some(c);
        } else {
            let before = self.text.trim_end_matches([' ', '\t']);
            // Where an operand begins: after a comma, an operator or an
            // open (after a name and a blank a `"` may begin a macro's
            // strung argument: syseng;crtsty's `ascnt "..."`).
            let operand =
                before.ends_with([',', '+', '-', '*', '/', '&', '!', '#', '\\', '(', '<', '[']);
            let after_name = before.len() < self.text.len() && before.ends_with(is_squoze);
            match c {
                ';' if lexical => self.in_comment = true,
                '"' | '\'' | '^' if operand && lexical => self.quoted = true,
                '[' => self
                    .open
                    .push(if lexical && !self.raw_line && (operand || after_name) {
                        Bracket::Literal
                    } else {
                        Bracket::Raw
                    }),
                ']' if self.open.pop().is_none() => return true,
                '\n' => self.raw_line = false,
                _ => {}
            }
        }
        self.text.push(c);
        false
    }
}
