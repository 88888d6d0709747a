//! Altmode commands: `$` or `$$`, a number, a letter (modes, `$G`, `$P`,
//! `$B`, `$X`, `$L`, `$Y`), and the syllables `$.`, `$Q` and text type-in.

use crate::expr::Expr;
use crate::keys::{is_altmode, Reader};
use crate::session::{swap, Fail, Session};
use crate::target::Target;
use crate::typeout::{Mode, TypeOut};
use pdp10_isa::{Word, HALF_MASK};
use std::io::Write;
use std::sync::atomic::AtomicBool;

impl<T: Target, W: Write> Session<T, W> {
    pub(crate) fn altmode(
        &mut self,
        r: &mut Reader,
        expr: &mut Expr,
        interrupt: &AtomicBool,
    ) -> Result<bool, Fail> {
        let mut alts = 1;
        if r.peek().is_some_and(is_altmode) {
            r.pos += 1;
            alts = 2;
        }
        let start = r.pos;
        while r.peek().is_some_and(|c| c.is_ascii_digit()) {
            r.pos += 1;
        }
        let n: Option<u32> = (r.pos > start)
            .then(|| {
                r.chars[start..r.pos]
                    .iter()
                    .collect::<String>()
                    .parse()
                    .ok()
            })
            .flatten();
        let Some(letter) = r.peek() else {
            return Err(Fail::Bad);
        };
        r.pos += 1;
        let letter = letter.to_ascii_uppercase();
        if n.is_some() && matches!(letter, '"' | '\'' | '#') {
            let value = self.text_syllable(r, letter, n.unwrap_or(0), alts == 2)?;
            expr.syllable(value)?;
            return Ok(false);
        }
        if letter == 'L' || letter == 'Y' {
            self.file_command(r, expr, letter)?;
            return Ok(false);
        }
        // Syllables: $. (the PC) and $Q.
        match letter {
            '.' => {
                expr.syllable(self.target.cpu().pc() as u64)?;
                return Ok(false);
            }
            'Q' => {
                let q = if alts == 2 { swap(self.q) } else { self.q };
                expr.syllable(q)?;
                return Ok(false);
            }
            _ => {}
        }
        if expr.unbalanced() {
            return Err(Fail::Bad);
        }
        let arg = expr.value();
        *expr = Expr::default();
        self.echo_to(r, r.pos)?;
        self.altmode_command(letter, n, arg, alts == 2, interrupt)?;
        Ok(false)
    }

    /// The command an altmode and a letter make, with its argument.
    fn altmode_command(
        &mut self,
        letter: char,
        n: Option<u32>,
        arg: Option<u64>,
        permanent: bool,
        interrupt: &AtomicBool,
    ) -> Result<(), Fail> {
        match letter {
            'S' => self.set_mode(Mode::Symbolic, permanent),
            'C' => self.set_mode(Mode::Constant, permanent),
            'H' => self.set_mode(Mode::Halfword, permanent),
            '"' => self.set_mode(Mode::Ascii, permanent),
            '\'' => self.set_mode(Mode::Sixbit, permanent),
            '#' => self.set_mode(Mode::Character, permanent),
            'T' => {
                if let Some(n) = n {
                    if !(1..=36).contains(&n) {
                        return Err(Fail::Bad);
                    }
                    self.byte_size = n as u8;
                }
                self.set_mode(Mode::Bytes(self.byte_size), permanent)
            }
            'A' => self.set_style(|t| t.absolute = true, permanent),
            'D' => self.set_style(|t| t.radix = 10, permanent),
            'O' => self.set_style(|t| t.radix = 8, permanent),
            'R' => match n {
                Some(radix) if (2..=36).contains(&radix) => {
                    self.set_style(|t| t.radix = radix, permanent)
                }
                Some(_) => return Err(Fail::Bad),
                None => self.set_style(|t| t.absolute = false, permanent),
            },
            'G' => self.go(arg, interrupt)?,
            'P' => self.proceed_command(arg, interrupt)?,
            'B' => self.breakpoint_command(arg, n, permanent)?,
            'X' => self.execute(arg.ok_or(Fail::Bad)?)?,
            _ => return Err(Fail::Bad),
        }
        Ok(())
    }

    /// `$L FILE` and `$Y FILE`: the file is the rest of the line.
    fn file_command(&mut self, r: &mut Reader, expr: &Expr, letter: char) -> Result<(), Fail> {
        let name: String = r.chars[r.pos..]
            .iter()
            .collect::<String>()
            .trim()
            .to_string();
        r.pos = r.chars.len();
        self.echo_to(r, r.pos)?;
        if expr.any() {
            return Err(Fail::Bad);
        }
        if letter == 'L' {
            self.load_file(&name)
        } else {
            self.dump_file(&name)
        }
    }

    /// Text type-in (DDT ORDER, `$"`, `$'`, `$#`): `$1#C` one character,
    /// `$n"TEXT$` five ASCII characters (n's low bit in bit 35), `$1'TEXT$`
    /// six SIXBIT ones; with `$$`, each five characters past the first
    /// five are deposited in the open location and the next is opened.
    pub(crate) fn text_syllable(
        &mut self,
        r: &mut Reader,
        kind: char,
        n: u32,
        multi: bool,
    ) -> Result<u64, Fail> {
        if kind == '#' {
            let c = r.peek().ok_or(Fail::Bad)?;
            r.pos += 1;
            return Ok(c as u64 & 0o177);
        }
        let start = r.pos;
        while r.peek().is_some_and(|c| !is_altmode(c)) {
            r.pos += 1;
        }
        if r.peek().is_none() {
            return Err(Fail::Bad);
        }
        let text: Vec<char> = r.chars[start..r.pos].to_vec();
        r.pos += 1;
        if kind == '\'' {
            let mut w = 0u64;
            for k in 0..6 {
                let c = text.get(k).map_or(' ', |c| c.to_ascii_uppercase());
                w = (w << 6) | ((c as u64).wrapping_sub(0o40) & 0o77);
            }
            return Ok(w);
        }
        let ascii = |chunk: &[char]| {
            let mut w = 0u64;
            for k in 0..5 {
                w = (w << 7) | chunk.get(k).map_or(0, |&c| c as u64 & 0o177);
            }
            w << 1
        };
        let mut rest: &[char] = &text;
        if multi {
            while rest.len() > 5 {
                let address = self.open.ok_or(Fail::Bad)?;
                if !self
                    .target
                    .cpu_mut()
                    .write(address, Word::new(ascii(&rest[..5])))
                {
                    return Err(Fail::Bad);
                }
                let next = (address + 1) & HALF_MASK as u32;
                self.open = Some(next);
                self.dot = next;
                rest = &rest[5..];
            }
        }
        Ok(ascii(rest) | (n as u64 & 1))
    }

    pub(crate) fn set_mode(&mut self, mode: Mode, permanent: bool) {
        self.temp.mode = mode;
        if permanent {
            self.perm.mode = mode;
        }
    }

    pub(crate) fn set_style(&mut self, change: impl Fn(&mut TypeOut), permanent: bool) {
        change(&mut self.temp);
        if permanent {
            change(&mut self.perm);
        }
    }
}
