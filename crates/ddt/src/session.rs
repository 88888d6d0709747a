//! DDT's state and its command reader.
//!
//! Commands are read a line at a time (see the crate documentation for
//! how a line's end stands for carriage return). The characters of a
//! line are taken in order, as DDT takes typed characters: syllables and
//! operators build an argument, and a command character acts on it.

use crate::expr::{Bad, Expr};
use crate::target::{Stop, Target};
use crate::typeout::{Mode, TypeOut};
use crate::{Error, SymbolTable};
use pdp10_isa::{Word, HALF_MASK};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Instructions run between looks at the interrupt flag.
const SLICE: u64 = 4_000_000;

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
    perm: TypeOut,
    /// Last byte size given to `$nT`.
    byte_size: u8,
    /// `.`: the last location opened.
    dot: u32,
    /// The open location, if any.
    open: Option<u32>,
    /// `$Q`: the last quantity typed or deposited.
    q: u64,
    pub(crate) breaks: [Option<Break>; 8],
    /// The breakpoint the job stopped at.
    stopped_at: Option<usize>,
    /// The job is gone (logged out or killed).
    dead: bool,
    /// The exit status the job's last stop stands for.
    status: u8,
    /// Echo the input, as a terminal would (for commands from a pipe).
    echo: bool,
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
fn is_altmode(c: char) -> bool {
    c == '$' || c == '\u{1b}'
}

fn is_symbol_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '.' || c == '%'
}

/// Turns DDT ORDER's `^X` (uparrow and a letter) into the control
/// character; `^` before anything else is the uparrow command.
fn controls(line: &str) -> Vec<char> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, chars.peek()) {
            ('^', Some(&n)) if n.is_ascii_alphabetic() || "[\\]_@".contains(n) => {
                out.push(((n.to_ascii_uppercase() as u8) ^ 0o100) as char);
                chars.next();
            }
            _ => out.push(c),
        }
    }
    out
}

/// Whether `typed` (characters typed at a terminal) ends with a command
/// character, so that DDT acts now, as it does on each typed character:
/// `/ [ ] = : ^` TAB LF `^N`, or an altmode command's letter; not inside
/// text type-in, nor in a colon command or after `$L`/`$Y` (those wait for
/// the line's end).
pub fn command_complete(typed: &str) -> bool {
    enum State {
        Normal,
        Alt { alts: u8, digits: bool },
        Text,
        Char,
        Line,
    }
    if typed.starts_with(':') {
        return false;
    }
    let mut state = State::Normal;
    let mut complete = false;
    for c in typed.chars() {
        complete = false;
        state = match state {
            State::Line => State::Line,
            State::Text if is_altmode(c) => State::Normal,
            State::Text => State::Text,
            State::Char => State::Normal,
            State::Normal if is_altmode(c) => State::Alt {
                alts: 1,
                digits: false,
            },
            State::Normal => {
                complete = "/[]=:^\t\n\u{e}".contains(c);
                State::Normal
            }
            State::Alt {
                alts: 1,
                digits: false,
            } if is_altmode(c) => State::Alt {
                alts: 2,
                digits: false,
            },
            State::Alt { alts, .. } if c.is_ascii_digit() => State::Alt { alts, digits: true },
            State::Alt { digits: true, .. } if c == '"' || c == '\'' => State::Text,
            State::Alt { digits: true, .. } if c == '#' => State::Char,
            State::Alt { .. } => match c.to_ascii_uppercase() {
                '.' | 'Q' => State::Normal,
                'L' | 'Y' => State::Line,
                _ => {
                    complete = true;
                    State::Normal
                }
            },
        };
    }
    complete
}

/// How DDT echoes a character it reads.
pub fn echo_of(c: char) -> String {
    match c {
        '\u{1b}' => "$".to_string(),
        '\t' | '\n' | '\r' => String::new(),
        c if (c as u32) < 0o40 => format!("^{}", ((c as u8) + 0o100) as char),
        c => c.to_string(),
    }
}

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

    fn echo_to(&mut self, r: &mut Reader, end: usize) -> std::io::Result<()> {
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
    fn altmode(
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
        // $L FILE and $Y FILE take the rest of the line.
        if letter == 'L' || letter == 'Y' {
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
                self.load_file(&name)?;
            } else {
                self.dump_file(&name)?;
            }
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
        let permanent = alts == 2;
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
        Ok(false)
    }

    /// Text type-in (DDT ORDER, `$"`, `$'`, `$#`): `$1#C` one character,
    /// `$n"TEXT$` five ASCII characters (n's low bit in bit 35), `$1'TEXT$`
    /// six SIXBIT ones; with `$$`, each five characters past the first
    /// five are deposited in the open location and the next is opened.
    fn text_syllable(
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

    fn set_mode(&mut self, mode: Mode, permanent: bool) {
        self.temp.mode = mode;
        if permanent {
            self.perm.mode = mode;
        }
    }

    fn set_style(&mut self, change: impl Fn(&mut TypeOut), permanent: bool) {
        change(&mut self.temp);
        if permanent {
            change(&mut self.perm);
        }
    }

    /// One command character.
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

    fn colon(&mut self, command: &str) -> Result<Control, Fail> {
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
    fn deposit(&mut self, arg: Option<u64>) -> Done {
        if let (Some(v), Some(a)) = (arg, self.open) {
            if !self.target.cpu_mut().write(a, Word::new(v)) {
                return Err(Fail::Bad);
            }
            self.q = v;
        }
        Ok(())
    }

    fn carriage_return(&mut self, arg: Option<u64>) -> Done {
        self.deposit(arg)?;
        self.open = None;
        self.temp = self.perm;
        if self.temp.mode == Mode::Bytes(0) {
            self.temp.mode = Mode::Symbolic;
        }
        Ok(())
    }

    /// Opens `address` and types its contents (`/`, `[`, `]`).
    fn open_at(&mut self, address: u32, mode: Option<Mode>) -> Done {
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
    fn next_line(&mut self, address: u32) -> Done {
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

    // ----- running -----

    /// `$G`, `ADDR$G`.
    fn go(&mut self, arg: Option<u64>, interrupt: &AtomicBool) -> Done {
        if self.dead {
            return Err(Fail::Bad);
        }
        let start = arg.map_or(self.target.start_address(), rh);
        self.target.cpu_mut().set_pc(start);
        self.stopped_at = None;
        self.run(interrupt)
    }

    /// `$P`, `N$P`: N is the proceed count of the breakpoint the job
    /// stopped at (DDT ORDER: "<n>$P").
    fn proceed_command(&mut self, arg: Option<u64>, interrupt: &AtomicBool) -> Done {
        if self.dead {
            return Err(Fail::Bad);
        }
        if let Some(b) = self.stopped_at.and_then(|n| self.breaks[n].as_mut()) {
            b.count = arg.map_or(1, |n| (n as u32).max(1));
        }
        self.run(interrupt)
    }

    /// Puts the break words in; returns the addresses that hold them.
    fn insert_breaks(&mut self) -> Vec<(usize, u32, Word)> {
        let mut inserted = Vec::new();
        for n in 0..8 {
            let Some(b) = self.breaks[n] else { continue };
            let word = self.target.break_word(n + 1);
            let cpu = self.target.cpu_mut();
            if let Some(original) = cpu.read(b.address) {
                if cpu.write(b.address, word) {
                    inserted.push((n, b.address, original));
                }
            }
        }
        inserted
    }

    /// Puts the original words back (DDT ORDER: "Breakpoint <n>
    /// Clobbered" when the program changed one).
    fn remove_breaks(&mut self, inserted: &[(usize, u32, Word)]) -> Done {
        for &(n, address, original) in inserted.iter().rev() {
            let word = self.target.break_word(n + 1);
            let cpu = self.target.cpu_mut();
            if cpu.read(address) == Some(word) {
                cpu.write(address, original);
            } else {
                self.out.fresh_line()?;
                self.out
                    .text(&format!("Breakpoint {} Clobbered\n", n + 1))?;
            }
        }
        Ok(())
    }

    fn break_at(&self, address: u32) -> Option<usize> {
        self.breaks
            .iter()
            .position(|b| b.is_some_and(|b| b.address == address))
    }

    /// Runs the job until it stops, a breakpoint's count runs out, or
    /// `interrupt`.
    fn run(&mut self, interrupt: &AtomicBool) -> Done {
        self.stopped_at = None;
        self.open = None;
        self.out.w.flush()?;
        loop {
            // Off a broken location first, with the original word in place.
            let pc = self.target.cpu().pc();
            let stop = if self.break_at(pc).is_some() {
                match self.target.run(1, &[])? {
                    Stop::Budget => match self.break_at(self.target.cpu().pc()) {
                        Some(n) => Stop::Breakpoint(self.breaks[n].map_or(0, |b| b.address)),
                        None => self.run_slice()?,
                    },
                    stop => stop,
                }
            } else {
                self.run_slice()?
            };
            match stop {
                Stop::Budget => {
                    if interrupt.swap(false, Ordering::SeqCst) {
                        return self.interrupted();
                    }
                }
                Stop::Breakpoint(address) => {
                    let Some(n) = self.break_at(address) else {
                        continue;
                    };
                    let b = self.breaks[n].as_mut().expect("break_at found it");
                    b.count = b.count.saturating_sub(1);
                    if b.count > 0 {
                        if interrupt.swap(false, Ordering::SeqCst) {
                            return self.interrupted();
                        }
                        continue;
                    }
                    b.count = 1;
                    self.stopped_at = Some(n);
                    self.show_output()?;
                    self.out.fresh_line()?;
                    let text = format!("${}B; {}   ", n + 1, self.where_is(address));
                    self.out.text(&text)?;
                    return Ok(());
                }
                stop @ Stop::Stopped { .. } => return self.stopped(stop),
            }
        }
    }

    fn run_slice(&mut self) -> Result<Stop, Fail> {
        let inserted = self.insert_breaks();
        let addresses: Vec<u32> = inserted.iter().map(|&(_, a, _)| a).collect();
        let stop = self.target.run(SLICE, &addresses);
        self.remove_breaks(&inserted)?;
        Ok(stop?)
    }

    /// The job's captured output, before DDT types anything.
    fn show_output(&mut self) -> Done {
        let output = self.target.take_output();
        if !output.is_empty() {
            self.out.text(&String::from_utf8_lossy(&output))?;
        }
        Ok(())
    }

    /// Ctrl-C: DDT types `PC)   INSTRUCTION` (DDT ORDER, "Returning to
    /// DDT", case 1).
    fn interrupted(&mut self) -> Done {
        self.show_output()?;
        self.out.fresh_line()?;
        let pc = self.target.cpu().pc();
        let text = self.where_is(pc).replacen(">>", ")   ", 1);
        self.out.text(&format!("^Z\n{text}   "))?;
        Ok(())
    }

    pub(crate) fn stopped(&mut self, stop: Stop) -> Done {
        self.show_output()?;
        if let Stop::Stopped {
            message,
            status,
            dead,
            ..
        } = stop
        {
            self.status = status;
            if dead {
                self.dead = true;
                self.target.finish()?;
            }
            self.out.fresh_line()?;
            match message {
                Some(m) => self.out.text(&format!("{m}   "))?,
                None if dead => self.out.text(":KILL   ")?,
                None => {}
            }
        }
        Ok(())
    }

    // ----- breakpoints -----

    /// `ADDR$B`, `ADDR$nB`, `$B` (list), `0$B` and `$$B` (clear all),
    /// `0$nB` (clear n), `ADDR$0B` (clear at ADDR).
    fn breakpoint_command(&mut self, arg: Option<u64>, n: Option<u32>, alts2: bool) -> Done {
        match (arg, n) {
            (None, None) if alts2 => self.breaks = [None; 8],
            (None, None) => self.list_breaks()?,
            (Some(0), None) => self.breaks = [None; 8],
            (Some(0), Some(n @ 1..=8)) => self.breaks[n as usize - 1] = None,
            (Some(a), Some(0)) => {
                if let Some(i) = self.break_at(rh(a)) {
                    self.breaks[i] = None;
                }
            }
            (Some(a), n) => {
                let address = rh(a);
                if self.target.cpu().read(address).is_none() {
                    return Err(Fail::Bad);
                }
                let slot = match n {
                    Some(n @ 1..=8) => n as usize - 1,
                    Some(_) => return Err(Fail::Bad),
                    None => match self.break_at(address) {
                        Some(i) => i,
                        None => self
                            .breaks
                            .iter()
                            .position(Option::is_none)
                            .ok_or(Fail::Bad)?,
                    },
                };
                if let Some(old) = self.break_at(address) {
                    self.breaks[old] = None;
                }
                self.breaks[slot] = Some(Break { address, count: 1 });
            }
            (None, Some(_)) => return Err(Fail::Bad),
        }
        Ok(())
    }

    fn list_breaks(&mut self) -> Done {
        for n in 0..8 {
            if let Some(b) = self.breaks[n] {
                let name = self.temp.address(b.address, &self.symbols);
                self.out.fresh_line()?;
                self.out.text(&format!("{name}${}B", n + 1))?;
            }
        }
        Ok(())
    }
}

/// The reader's place in a line.
struct Reader<'a> {
    chars: &'a [char],
    pos: usize,
    /// Characters echoed so far.
    echoed: usize,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }
}

fn rh(v: u64) -> u32 {
    (v & HALF_MASK) as u32
}

fn swap(v: u64) -> u64 {
    ((v & HALF_MASK) << 18) | (v >> 18)
}

#[cfg(test)]
mod tests {
    use super::command_complete;

    #[test]
    fn which_typed_characters_make_ddt_act() {
        for done in [
            "100/", "GO[", "5=", "FOO:", "\t", "\n", "^", "\u{e}", "$G", "100$1B", "$$S",
            "\u{1b}P", "3$10R",
        ] {
            assert!(command_complete(done), "{done:?}");
        }
        for not_yet in [
            "100", "GO+", "$", "$$", "$1", "$.", "$Q", "$1\"AB/", "$1#", ":KILL", "$L FOO/",
            "MOVE A,",
        ] {
            assert!(!command_complete(not_yet), "{not_yet:?}");
        }
        assert!(command_complete("$1\"AB$/"));
        assert!(command_complete("$1#//"));
    }
}
