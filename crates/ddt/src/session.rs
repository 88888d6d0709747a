//! DDT's state and its command reader.
//!
//! Commands are read a line at a time (see the crate documentation for
//! how a line's end stands for carriage return). The characters of a
//! line are taken in order, as DDT takes typed characters: syllables and
//! operators build an argument, and a command character acts on it.

use crate::expr::{Bad, Expr};
use crate::keys::{controls, echo_of, is_altmode, is_symbol_char, Reader};
use crate::target::Target;
use crate::typeout::{Mode, TypeOut};
use crate::{Error, SymbolTable};
use pdp10_isa::{Word, HALF_MASK};
use std::io::Write;
use std::sync::atomic::AtomicBool;

/// Instructions run between looks at the interrupt flag.
pub(crate) const SLICE: u64 = 4_000_000;

/// What the caller does after a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Control {
    /// Read the next line.
    Continue,
    /// Leave DDT (`:KILL`, `$$Q`, `^C`).
    Quit,
}

/// A breakpoint: its address and proceed count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Break {
    pub(crate) address: u32,
    pub(crate) count: u32,
}

/// Output that knows whether it stands at the start of a line.
pub(crate) struct Out<W: Write> {
    pub(crate) w: W,
    fresh: bool,
}

impl<W: Write> Out<W> {
    pub(crate) fn text(&mut self, s: &str) -> std::io::Result<()> {
        if let Some(last) = s.chars().last() {
            self.fresh = last == '\n';
        }
        self.w.write_all(s.as_bytes())
    }

    pub(crate) fn fresh_line(&mut self) -> std::io::Result<()> {
        if !self.fresh {
            self.text("\n")?;
        }
        Ok(())
    }
}

/// A DDT session over a target.
pub struct Session<T: Target, W: Write> {
    pub(crate) target: T,
    pub(crate) out: Out<W>,
    pub(crate) symbols: SymbolTable,
    /// The current (temporary) type-out mode, and the permanent one.
    pub(crate) temp: TypeOut,
    pub(crate) perm: TypeOut,
    /// Last byte size given to `$nT`.
    pub(crate) byte_size: u8,
    /// `.`: the last location opened.
    pub(crate) dot: u32,
    /// The open location, if any.
    pub(crate) open: Option<u32>,
    /// `$Q`: the last quantity typed or deposited.
    pub(crate) q: u64,
    pub(crate) breaks: [Option<Break>; 8],
    /// The breakpoint the job stopped at.
    pub(crate) stopped_at: Option<usize>,
    /// The job is gone (logged out or killed).
    pub(crate) dead: bool,
    /// The exit status the job's last stop stands for.
    pub(crate) status: u8,
    /// Echo the input, as a terminal would (for commands from a pipe).
    pub(crate) echo: bool,
    /// Reads a program for `$L`.
    pub(crate) loader: Option<Loader>,
}

/// Reads the program a file name names (`$L`), or says why not.
pub type Loader = Box<dyn FnMut(&str) -> Result<crate::Program, String>>;

/// A command failed: DDT types this and forgets the rest of the line.
pub(crate) enum Fail {
    /// `?`: a bad command.
    Bad,
    /// `?U?`: an undefined symbol.
    Undefined,
    /// The host failed.
    Host(Error),
    /// DDT says why (a file that cannot be read...) and `?`.
    Said(String),
}

impl From<Bad> for Fail {
    fn from(_: Bad) -> Fail {
        Fail::Bad
    }
}

impl From<std::io::Error> for Fail {
    fn from(e: std::io::Error) -> Fail {
        Fail::Host(Error::Io(e))
    }
}

impl From<Error> for Fail {
    fn from(e: Error) -> Fail {
        Fail::Host(e)
    }
}

pub(crate) type Done = Result<(), Fail>;

/// `$` and ESC both stand for altmode.
impl<T: Target, W: Write> Session<T, W> {
    /// A session over `target` with `symbols`, typing on `out`; `echo`
    /// when the commands come from a pipe rather than a terminal.
    pub fn new(target: T, symbols: SymbolTable, out: W, echo: bool) -> Session<T, W> {
        let start = target.start_address();
        let mut session = Session {
            target,
            out: Out {
                w: out,
                fresh: true,
            },
            symbols,
            temp: TypeOut::default(),
            perm: TypeOut::default(),
            byte_size: 36,
            dot: start,
            open: None,
            q: 0,
            breaks: [None; 8],
            stopped_at: None,
            dead: false,
            status: 0,
            echo,
            loader: None,
        };
        session.target.cpu_mut().set_pc(start);
        session
    }

    /// Sets how `$L` reads a program.
    pub fn set_loader(&mut self, loader: Loader) {
        self.loader = Some(loader);
    }

    /// After `$L`: a live job at `start`, nothing open.
    pub(crate) fn revive(&mut self, start: u32) {
        self.dead = false;
        self.stopped_at = None;
        self.open = None;
        self.dot = start;
    }

    /// The target.
    pub fn target(&self) -> &T {
        &self.target
    }

    /// The host exit status of the job's last stop (0 if it never
    /// stopped on its own).
    pub fn status(&self) -> u8 {
        self.status
    }

    /// The writer.
    pub fn output(&mut self) -> &mut W {
        &mut self.out.w
    }

    /// Ends the session: the job's files are written and closed.
    pub fn finish(mut self) -> Result<(u8, W), Error> {
        if !self.dead {
            self.target.finish()?;
        }
        self.out.w.flush()?;
        Ok((self.status, self.out.w))
    }

    /// Takes one line of commands (without its line end). `interrupt`
    /// stops a running job between slices (Ctrl-C); it is cleared when
    /// seen.
    pub fn line(&mut self, line: &str, interrupt: &AtomicBool) -> Result<Control, Error> {
        self.take(line, true, interrupt)
    }

    /// Takes commands typed on a terminal character by character, up to
    /// and including a command character (see [`command_complete`]): no
    /// line end, and the cursor stays where DDT's typing left it.
    pub fn keys(&mut self, keys: &str, interrupt: &AtomicBool) -> Result<Control, Error> {
        self.take(keys, false, interrupt)
    }

    fn take(
        &mut self,
        line: &str,
        end_of_line: bool,
        interrupt: &AtomicBool,
    ) -> Result<Control, Error> {
        let chars = controls(line);
        let mut reader = Reader {
            chars: &chars,
            pos: 0,
            echoed: 0,
        };
        let result = self.commands(&mut reader, end_of_line, interrupt);
        let control = match result {
            Ok(c) => c,
            Err(fail) => {
                self.echo_to(&mut reader, chars.len())?;
                match fail {
                    Fail::Bad => self.out.text("?   ")?,
                    Fail::Undefined => self.out.text("?U?   ")?,
                    Fail::Said(m) => self.out.text(&format!("   {m}?   "))?,
                    Fail::Host(e) => return Err(e),
                }
                Control::Continue
            }
        };
        self.echo_to(&mut reader, chars.len())?;
        if !end_of_line {
            // The cursor is after what was typed and what DDT typed.
            self.out.fresh = false;
        } else if self.echo {
            self.out.text("\n")?;
        } else {
            // The terminal echoed the line end.
            self.out.fresh = true;
        }
        self.out.w.flush()?;
        Ok(control)
    }

    pub(crate) fn echo_to(&mut self, r: &mut Reader, end: usize) -> std::io::Result<()> {
        if self.echo && end > r.echoed {
            let text: String = r.chars[r.echoed..end].iter().map(|&c| echo_of(c)).collect();
            self.out.text(&text)?;
        }
        r.echoed = r.echoed.max(end);
        Ok(())
    }

    fn commands(
        &mut self,
        r: &mut Reader,
        end_of_line: bool,
        interrupt: &AtomicBool,
    ) -> Result<Control, Fail> {
        let mut expr = Expr::default();
        let trimmed: String = r
            .chars
            .iter()
            .collect::<String>()
            .trim_matches(' ')
            .to_ascii_uppercase();
        if let Some(colon) = trimmed.strip_prefix(':').filter(|_| end_of_line) {
            r.pos = r.chars.len();
            self.echo_to(r, r.chars.len())?;
            return self.colon(colon.trim());
        }
        if trimmed.is_empty() && end_of_line {
            self.carriage_return(None)?;
            return Ok(Control::Continue);
        }
        if trimmed == "$$Q" || trimmed == "\u{1b}\u{1b}Q" || r.chars == ['\u{3}'] {
            return Ok(Control::Quit);
        }
        while let Some(c) = r.peek() {
            if is_symbol_char(c) {
                self.syllable(r, &mut expr)?;
                continue;
            }
            r.pos += 1;
            match c {
                ' ' => expr.space(),
                ',' if r.peek() == Some(',') => {
                    r.pos += 1;
                    expr.comma(true);
                }
                ',' => expr.comma(false),
                '@' => expr.at(),
                '(' => expr.open_paren(),
                ')' => expr.close_paren()?,
                '+' | '-' | '*' | '!' | '&' | '#' => expr.operator(c)?,
                c if is_altmode(c) => {
                    let quit = self.altmode(r, &mut expr, interrupt)?;
                    if quit {
                        return Ok(Control::Quit);
                    }
                }
                _ => {
                    if expr.unbalanced() {
                        return Err(Fail::Bad);
                    }
                    let arg = expr.value();
                    expr = Expr::default();
                    self.echo_to(r, r.pos)?;
                    match self.command(c, arg, interrupt)? {
                        Control::Quit => return Ok(Control::Quit),
                        Control::Continue => {}
                    }
                }
            }
        }
        // The line's end is a carriage return when an argument waits.
        if expr.any() && end_of_line {
            if expr.unbalanced() {
                return Err(Fail::Bad);
            }
            self.echo_to(r, r.pos)?;
            self.carriage_return(expr.value())?;
        }
        Ok(Control::Continue)
    }

    /// A number, `.`, or a symbol (defined by a following `:`).
    fn syllable(&mut self, r: &mut Reader, expr: &mut Expr) -> Done {
        let start = r.pos;
        while r.peek().is_some_and(is_symbol_char) {
            r.pos += 1;
        }
        let text: String = r.chars[start..r.pos]
            .iter()
            .collect::<String>()
            .to_ascii_uppercase();
        if r.peek() == Some(':') && !text.starts_with(|c: char| c.is_ascii_digit()) {
            r.pos += 1;
            self.echo_to(r, r.pos)?;
            let value = expr.value().unwrap_or(self.dot as u64);
            *expr = Expr::default();
            self.symbols.define(&text, value);
            return Ok(());
        }
        let value = if text == "." {
            self.dot as u64
        } else if let Some(decimal) = text
            .strip_suffix('.')
            .filter(|d| d.bytes().all(|b| b.is_ascii_digit()))
        {
            decimal.parse::<u64>().map_err(|_| Fail::Bad)?
        } else if text.bytes().all(|b| b.is_ascii_digit()) {
            u64::from_str_radix(&text, 8).map_err(|_| Fail::Bad)?
        } else {
            match self.symbols.lookup(&text) {
                Some(v) => v,
                None => {
                    self.echo_to(r, r.pos)?;
                    return Err(Fail::Undefined);
                }
            }
        };
        expr.syllable(value)?;
        Ok(())
    }

    /// `$`, `$$`, with a number, then the command letter. Returns true to
    /// leave DDT.
    fn command(
        &mut self,
        c: char,
        arg: Option<u64>,
        interrupt: &AtomicBool,
    ) -> Result<Control, Fail> {
        match c {
            '/' => self.open_at(rh(arg.unwrap_or(self.q)), None)?,
            '[' => self.open_at(rh(arg.unwrap_or(self.q)), Some(Mode::Constant))?,
            ']' => self.open_at(rh(arg.unwrap_or(self.q)), Some(Mode::Symbolic))?,
            '\n' => {
                self.deposit(arg)?;
                self.next_line(self.dot.wrapping_add(1) & HALF_MASK as u32)?;
            }
            '^' => {
                self.deposit(arg)?;
                self.next_line(self.dot.wrapping_sub(1) & HALF_MASK as u32)?;
            }
            '\t' => {
                self.deposit(arg)?;
                self.next_line(rh(arg.unwrap_or(self.q)))?;
            }
            '\r' => self.carriage_return(arg)?,
            '=' => {
                let v = arg.unwrap_or(self.q);
                self.q = v;
                let text = self.temp.number(v);
                self.out.text(&format!("{text}   "))?;
            }
            '\u{e}' => self.step(arg.unwrap_or(1), interrupt)?,
            '\u{3}' => return Ok(Control::Quit),
            _ => return Err(Fail::Bad),
        }
        Ok(Control::Continue)
    }

    pub(crate) fn colon(&mut self, command: &str) -> Result<Control, Fail> {
        match command.split_whitespace().next().unwrap_or("") {
            "KILL" => {
                if !self.dead {
                    self.target.finish()?;
                    self.dead = true;
                }
                Ok(Control::Quit)
            }
            _ => Err(Fail::Bad),
        }
    }

    /// Stores `arg` in the open location, if both.
    pub(crate) fn deposit(&mut self, arg: Option<u64>) -> Done {
        if let (Some(v), Some(a)) = (arg, self.open) {
            if !self.target.cpu_mut().write(a, Word::new(v)) {
                return Err(Fail::Bad);
            }
            self.q = v;
        }
        Ok(())
    }

    pub(crate) fn carriage_return(&mut self, arg: Option<u64>) -> Done {
        self.deposit(arg)?;
        self.open = None;
        self.temp = self.perm;
        if self.temp.mode == Mode::Bytes(0) {
            self.temp.mode = Mode::Symbolic;
        }
        Ok(())
    }

    /// Opens `address` and types its contents (`/`, `[`, `]`).
    pub(crate) fn open_at(&mut self, address: u32, mode: Option<Mode>) -> Done {
        self.dot = address;
        self.open = Some(address);
        let typeout = TypeOut {
            mode: mode.unwrap_or(self.temp.mode),
            ..self.temp
        };
        match self.target.cpu().read(address) {
            Some(w) => {
                self.q = w.raw();
                let text = typeout.word(w, &self.symbols);
                self.out.text(&format!("   {text}   "))?;
                Ok(())
            }
            None => {
                self.open = None;
                self.out.text("   ?? ")?;
                Ok(())
            }
        }
    }

    /// LF, `^`, TAB: on a new line, types the address and opens it.
    pub(crate) fn next_line(&mut self, address: u32) -> Done {
        self.out.fresh_line()?;
        let name = self.temp.address(address, &self.symbols);
        self.out.text(&format!("{name}/"))?;
        self.open_at(address, None)
    }

    /// `PC>>INSTRUCTION`, as DDT types where a job stands.
    pub(crate) fn where_is(&self, pc: u32) -> String {
        let name = self.temp.address(pc, &self.symbols);
        match self.target.cpu().read(pc) {
            Some(w) => format!(
                "{name}>>{}",
                TypeOut {
                    mode: Mode::Symbolic,
                    ..self.temp
                }
                .word(w, &self.symbols)
            ),
            None => format!("{name}>>??"),
        }
    }

    pub(crate) fn dead(&self) -> bool {
        self.dead
    }

    /// Closes the open location.
    pub(crate) fn close(&mut self) {
        self.open = None;
    }
}

pub(crate) fn rh(v: u64) -> u32 {
    (v & HALF_MASK) as u32
}

pub(crate) fn swap(v: u64) -> u64 {
    ((v & HALF_MASK) << 18) | (v >> 18)
}
