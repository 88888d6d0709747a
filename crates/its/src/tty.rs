//! The job's console: ITS terminal output rendered on a host text stream,
//! and host input read as ITS characters (`doc/sysdoc/itstty.41`).
//!
//! Output in ASCII mode follows ITS's rules for a terminal whose TTYST
//! variables say "ASCII" for every character: a CR ends the line (shown as
//! the host's line end) and a LF right after it is dropped; other control
//! characters but ^G, ^H and TAB print as `^X`, altmode as `$`. On a channel
//! opened with %TJDIS, ^P starts a display command, turned into the ANSI
//! sequence with the same effect. Image-mode output is passed through.
//! Input maps the host's line end (LF, CR LF, or a lone CR) to CR; a byte
//! past ASCII (a UTF-8 character) is an error naming it, not two wrong
//! characters, as for the JCL. ITS terminal input never ends;
//! In character mode (a host terminal whose own echo and line editing are
//! off: `pdp10 run` sets it up) the console echoes each character as it
//! arrives, when its group's %TGPIE bit says to (itstty.41, D/1: PI
//! echo), and again as the job reads it (takes it out of the input
//! buffer) when its group's %TGMPE bit says to (MP echo: CLU asks for
//! that one only), the way ITS output shows it (CR as a new line, ^X, `$`).
//! The end of host input reads as one ^C, which a job types to end its
//! input (itstty.41, C/3/a: in block mode and SIOT "^C typed in will act
//! like end-of-file"). A job that reads the terminal again after that
//! would wait on ITS for a character that can never come: the read fails
//! with [`TtyError::InputEnded`], which ends the run, instead of giving ^C
//! for ever to a loop that spins on it.

use crate::codes::IocError;
use std::io::{self, BufRead, Write};

/// Where the console's characters come from.
pub enum Input {
    /// A host stream (standard input).
    Stream(Box<dyn BufRead + Send>),
    /// Fixed bytes (for runs that must not touch the host's terminal).
    Bytes(std::collections::VecDeque<u8>),
    /// A host terminal, which can say whether a character has been typed:
    /// typed characters then arrive while the job computes, as on ITS
    /// (`Terminal::poll`), not only when it reads.
    Polled(Box<dyn Polled>),
}

/// Host input that can tell, without waiting, whether a byte is there
/// (a terminal in character mode).
pub trait Polled: BufRead + Send {
    /// Whether a read would return at once (a byte is buffered or typed).
    fn ready(&mut self) -> bool;
}

/// Where the console's characters go.
pub enum Output {
    /// A host stream (standard output).
    Stream(Box<dyn Write + Send>),
    /// Kept in memory, to be taken with [`Terminal::take_captured`].
    Capture(Vec<u8>),
}

/// A display command waiting for its argument character.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Escape {
    /// Not inside a display command.
    #[default]
    None,
    /// After ^P.
    Command,
    /// After ^PH: the next character is the column plus 8.
    Column,
    /// After ^PV: the next character is the line plus 8.
    Line,
    /// After ^PI: the next character is printed as it is.
    Image,
}

/// The console: input, output and the little state ITS keeps per terminal.
pub struct Terminal {
    input: Input,
    output: Output,
    /// The last character output was a CR in ASCII mode: a LF now is dropped.
    after_cr: bool,
    /// The cursor column, for ^PA (fresh line).
    column: usize,
    /// The end of host input was seen and given to the job as ^C.
    at_eof: bool,
    /// Host input bytes taken so far (for messages).
    taken: u64,
    /// The last byte taken was a CR: a LF now is the rest of a CR LF.
    input_after_cr: bool,
    /// Character mode: the console echoes what it reads.
    echo: bool,
    /// TTYST1 and TTYST2: per character group, whether to echo.
    groups: (u64, u64),
    /// A character that has arrived (taken from the host and echoed, its
    /// interrupt given) but not yet read: [`Terminal::arrive`].
    ahead: Option<u8>,
    /// Taking a typed character failed while the job computed: its next
    /// read gets the error ([`Terminal::arrive_typed`]).
    failed: Option<TtyError>,
    /// %TSSII: ^Z is not ITS's.
    super_image: bool,
}

/// ^Z, CALL on TV terminals: ITS's own, never the job's.
const CALL: u8 = 0o032;

/// A group's bits (itstty.41, G/1/a): interrupt, activate, special,
/// image output, PI echo, MP echo.
pub const TG_INT: u64 = pdp10_isa::its::bit_symbol("%TGINT");
/// Echo at interrupt level (as the character arrives).
pub const TG_PIE: u64 = pdp10_isa::its::bit_symbol("%TGPIE");
/// Echo at main program level (as the job reads the character).
pub const TG_MPE: u64 = pdp10_isa::its::bit_symbol("%TGMPE");

/// TTYST1 and TTYST2 as DDT leaves them (TTYO4 in ts3tty: every group
/// echoing, activating and interrupting, but rubout, which only
/// activates and interrupts).
pub const DEFAULT_GROUPS: (u64, u64) = (0o232323_232323, 0o232323_230323);

/// The character group of ASCII character `c` (itstty.41, G/1/a; ^_, which
/// its list leaves out, is group 0 in GRPTBL of ts3tty), 0-13 octal: its
/// 6-bit byte is the group's in TTYST1 (0-5) or TTYST2 (6-13).
pub fn group(c: u8) -> usize {
    match c & 0o177 {
        0o007 | 0o023 => 0o6,
        0o012 | 0o011 => 0o7,
        0o033 => 0o10,
        0o015 => 0o11,
        0o177 => 0o12,
        b' ' | 0o010 => 0o13,
        0..=0o37 => 0,
        b'A'..=b'Z' | b'a'..=b'z' => 1,
        b'0'..=b'9' => 2,
        b'*' | b'+' | b'-' | b'/' | b'=' | b'^' | b'_' => 4,
        b'<' | b'>' | b'[' | b']' | b'(' | b')' | b'{' | b'}' => 5,
        _ => 3,
    }
}

/// The TTYST1/TTYST2 bits of `c`'s group.
pub fn group_bits(groups: (u64, u64), c: u8) -> u64 {
    let g = group(c);
    let (word, k) = if g < 6 {
        (groups.0, g)
    } else {
        (groups.1, g - 6)
    };
    (word >> (30 - 6 * k)) & 0o77
}

impl Terminal {
    /// A console on the given input and output.
    pub fn new(input: Input, output: Output) -> Terminal {
        Terminal {
            input,
            output,
            after_cr: false,
            column: 0,
            at_eof: false,
            taken: 0,
            input_after_cr: false,
            echo: false,
            groups: DEFAULT_GROUPS,
            ahead: None,
            failed: None,
            super_image: false,
        }
    }

    /// Sets super-image input mode (%TSSII in TTYSTS): ^Z is then an
    /// ordinary character.
    pub fn set_super_image(&mut self, on: bool) {
        self.super_image = on;
    }

    /// Whether a character that arrived while the job computed was ^Z
    /// ([`TtyError::Call`]), which stops the job at once.
    pub fn call_typed(&self) -> bool {
        matches!(self.failed, Some(TtyError::Call))
    }

    /// Makes the next character arrive without reading it, waiting for it
    /// if need be: `Some` the first time (the caller gives its input
    /// interrupt), `None` when it has arrived already. The next
    /// [`Terminal::get`] returns it.
    pub fn arrive(&mut self) -> Result<Option<u8>, TtyError> {
        if self.ahead.is_some() {
            return Ok(None);
        }
        let c = self.take_arrived()?;
        self.ahead = Some(c);
        Ok(Some(c))
    }

    /// [`Terminal::arrive`] for a character typed while the job computes
    /// ([`Terminal::typed`] said so): `None` on a failure, which the
    /// job's next read then gets, as it would have without the poll.
    pub fn arrive_typed(&mut self) -> Option<u8> {
        match self.arrive() {
            Ok(c) => c,
            Err(e) => {
                self.failed = Some(e);
                None
            }
        }
    }

    /// Turns the console's own echo on (character mode: the host terminal
    /// echoes nothing) or off.
    pub fn set_echo(&mut self, on: bool) {
        self.echo = on;
    }

    /// Takes the job's TTYST1 and TTYST2 (TTYSET), which say which
    /// character groups echo.
    pub fn set_groups(&mut self, st1: u64, st2: u64) {
        self.groups = (st1, st2);
    }

    /// The output kept so far by an [`Output::Capture`] console, emptied.
    pub fn take_captured(&mut self) -> Vec<u8> {
        match &mut self.output {
            Output::Capture(bytes) => std::mem::take(bytes),
            Output::Stream(_) => Vec::new(),
        }
    }

    /// The cursor's column on the host terminal (0 at a line's start),
    /// as ITS keeps it for RCPOS.
    pub fn column(&self) -> usize {
        self.column
    }

    /// Flushes host output.
    pub fn flush(&mut self) -> io::Result<()> {
        match &mut self.output {
            Output::Stream(s) => s.flush(),
            Output::Capture(_) => Ok(()),
        }
    }

    fn emit(&mut self, bytes: &[u8]) -> io::Result<()> {
        match &mut self.output {
            Output::Stream(s) => s.write_all(bytes),
            Output::Capture(v) => {
                v.extend_from_slice(bytes);
                Ok(())
            }
        }
    }

    /// Writes text for the shim itself (messages in DDT's style), starting
    /// on a fresh line.
    pub fn message(&mut self, text: &str) -> io::Result<()> {
        if self.column != 0 {
            self.emit(b"\n")?;
            self.column = 0;
        }
        self.emit(text.as_bytes())?;
        self.flush()
    }

    /// Outputs one character: `image` passes it through untouched,
    /// `display` honours ^P commands (the channel's `escape` state).
    pub fn put(
        &mut self,
        c: u8,
        image: bool,
        display: bool,
        escape: &mut Escape,
    ) -> Result<(), TtyError> {
        let c = c & 0o177;
        if display {
            match *escape {
                Escape::None if c == 0o020 => {
                    *escape = Escape::Command;
                    return Ok(());
                }
                Escape::None => {}
                Escape::Command => {
                    *escape = Escape::None;
                    return self.display_command(c, escape);
                }
                Escape::Column => {
                    *escape = Escape::None;
                    let col = c.saturating_sub(8) as usize;
                    self.column = col;
                    return Ok(self.emit(format!("\x1b[{}G", col + 1).as_bytes())?);
                }
                Escape::Line => {
                    *escape = Escape::None;
                    let line = c.saturating_sub(8) as usize;
                    return Ok(self.emit(format!("\x1b[{}d", line + 1).as_bytes())?);
                }
                Escape::Image => {
                    *escape = Escape::None;
                    self.column += 1;
                    return Ok(self.emit(&[c])?);
                }
            }
        }
        if image {
            self.after_cr = false;
            self.column = if c == 0o015 { 0 } else { self.column + 1 };
            return Ok(self.emit(&[c])?);
        }
        let after_cr = std::mem::replace(&mut self.after_cr, false);
        match c {
            0o015 => {
                self.after_cr = true;
                self.column = 0;
                self.emit(b"\n")?;
            }
            0o012 if after_cr => {}
            0o012 => self.emit(b"\n")?,
            0o007 => self.emit(b"\x07")?,
            0o010 => {
                self.column = self.column.saturating_sub(1);
                self.emit(b"\x08")?;
            }
            0o011 => {
                self.column = (self.column / 8 + 1) * 8;
                self.emit(b"\t")?;
            }
            0o033 => {
                self.column += 1;
                self.emit(b"$")?;
            }
            0o177 => {
                self.column += 2;
                self.emit(b"^?")?;
            }
            0..=0o37 => {
                self.column += 2;
                self.emit(&[b'^', c + 0o100])?;
            }
            _ => {
                self.column += 1;
                self.emit(&[c])?;
            }
        }
        Ok(())
    }

    /// One ^P display command (itstty.41, node E/3), as ANSI.
    fn display_command(&mut self, c: u8, escape: &mut Escape) -> Result<(), TtyError> {
        let seq: &[u8] = match c.to_ascii_uppercase() {
            b'A' => {
                if self.column == 0 {
                    return Ok(());
                }
                self.column = 0;
                b"\n"
            }
            b'B' => {
                self.column = self.column.saturating_sub(1);
                b"\x1b[D"
            }
            b'C' => {
                self.column = 0;
                b"\x1b[H\x1b[2J"
            }
            b'D' => b"\x1b[B",
            b'E' => b"\x1b[J",
            b'F' => {
                self.column += 1;
                b"\x1b[C"
            }
            b'H' => {
                *escape = Escape::Column;
                return Ok(());
            }
            b'V' => {
                *escape = Escape::Line;
                return Ok(());
            }
            b'I' => {
                *escape = Escape::Image;
                return Ok(());
            }
            b'K' => b"\x1b[X",
            b'L' | b']' => b"\x1b[K",
            b'M' | b'N' => b"",
            b'P' => b"\x10",
            b'Q' => b"\x03",
            b'R' => b"\x1b8",
            b'S' => b"\x1b7",
            b'T' => {
                self.column = 0;
                b"\x1b[H"
            }
            b'U' => b"\x1b[A",
            b'X' => {
                self.column = self.column.saturating_sub(1);
                b"\x1b[D\x1b[X"
            }
            b'Z' => {
                self.column = 0;
                b"\x1b[999;1H"
            }
            b'[' => b"\x1b[L",
            b'\\' => b"\x1b[M",
            b'^' => b"\x1b[@",
            b'_' => b"\x1b[P",
            _ => return Err(TtyError::Ioc(IocError::ILLEGAL_DISPLAY_CODE)),
        };
        Ok(self.emit(seq)?)
    }

    /// Reads one character: a host line end (LF, CR LF, CR) becomes CR;
    /// ^C at the end of input, once: a read after that is
    /// [`TtyError::InputEnded`]. A byte past ASCII is
    /// [`TtyError::NotAscii`]. The character arrives (PI echo) and
    /// leaves the input buffer (MP echo): [`Terminal::look`] then
    /// [`Terminal::remove`].
    pub fn get(&mut self) -> Result<u8, TtyError> {
        let c = self.look()?;
        self.remove(c)?;
        Ok(c)
    }

    /// The next character, arrived (PI echoed) but left in the input
    /// buffer, as a %TIPEK read sees it (itstty.41, C/3/b): no MP echo
    /// yet. Give it to [`Terminal::remove`] when the job reads it for good.
    pub fn look(&mut self) -> Result<u8, TtyError> {
        if let Some(e) = self.failed.take() {
            return Err(e);
        }
        match self.ahead.take() {
            Some(c) => Ok(c),
            None => self.take_arrived(),
        }
    }

    /// The job reads `c` out of the input buffer: MP echo, if its group
    /// asks for it (itstty.41, D/1: "MP echoing happens when the
    /// character is read in by the program").
    pub fn remove(&mut self, c: u8) -> Result<(), TtyError> {
        self.echo_for(c, TG_MPE)
    }

    /// Whether `c`'s group asks for MP echo (for %TIECH reads, which skip
    /// it and tell the job with %TXMPE).
    pub fn wants_mp_echo(&self, c: u8) -> bool {
        c != 0o003 && group_bits(self.groups, c) & TG_MPE != 0
    }

    /// The next host character, arrived: PI echo, if its group asks.
    fn take_arrived(&mut self) -> Result<u8, TtyError> {
        let c = self.take()?;
        self.echo_for(c, TG_PIE)?;
        Ok(c)
    }

    /// Echoes `c` in character mode when its group has `bit` (the ^C
    /// that stands for the end of host input is never echoed).
    fn echo_for(&mut self, c: u8, bit: u64) -> Result<(), TtyError> {
        if self.echo && c != 0o003 && group_bits(self.groups, c) & bit != 0 {
            self.put(c, false, false, &mut Escape::None)?;
            // An echoed CR is a whole CR LF: a LF the job outputs next is
            // not dropped (itstty.41, E/2/a/4: only after a CR "output in
            // ascii mode and not in echo mode").
            self.after_cr = false;
            self.flush()?;
        }
        Ok(())
    }

    /// The next host character, without echo.
    fn take(&mut self) -> Result<u8, TtyError> {
        loop {
            if self.at_eof {
                return Err(TtyError::InputEnded);
            }
            let byte = self.next_byte()?;
            let after_cr = std::mem::replace(&mut self.input_after_cr, byte == Some(b'\r'));
            return Ok(match byte {
                None => {
                    self.at_eof = true;
                    0o003
                }
                // The CR of a CR LF was the line end already (the LF is
                // not waited for after a CR: a terminal may send CR alone).
                Some(b'\n') if after_cr => continue,
                Some(b'\n') | Some(b'\r') => 0o015,
                Some(CALL) if !self.super_image => return Err(TtyError::Call),
                Some(byte) if !byte.is_ascii() => {
                    return Err(TtyError::NotAscii {
                        byte,
                        offset: self.taken - 1,
                    })
                }
                Some(b) => b,
            });
        }
    }

    /// The next host input byte; `None` at the end.
    fn next_byte(&mut self) -> Result<Option<u8>, TtyError> {
        if matches!(self.input, Input::Stream(_) | Input::Polled(_)) {
            // Whatever the job typed must be seen before it waits for input.
            self.flush_output()?;
        }
        let byte = match &mut self.input {
            Input::Bytes(q) => q.pop_front(),
            Input::Stream(s) => first_byte(s.as_mut())?,
            Input::Polled(s) => first_byte(s.as_mut())?,
        };
        self.taken += byte.is_some() as u64;
        Ok(byte)
    }

    fn flush_output(&mut self) -> io::Result<()> {
        match &mut self.output {
            Output::Stream(s) => s.flush(),
            Output::Capture(_) => Ok(()),
        }
    }

    /// How many characters are known to be waiting (for `.LISTEN`).
    pub fn pending(&mut self) -> usize {
        let ahead = self.ahead.is_some() as usize;
        ahead
            + match &mut self.input {
                Input::Bytes(q) => q.len(),
                // Only what the host stream has already buffered: asking
                // for more would wait for the user to type.
                Input::Stream(_) => 0,
                // At least one, when one has been typed.
                Input::Polled(s) => s.ready() as usize,
            }
    }

    /// Whether the host input has a character typed and not yet taken,
    /// without waiting: only a terminal ([`Input::Polled`]) says; a pipe or
    /// a file gives its characters when the job reads.
    pub fn typed(&mut self) -> bool {
        match &mut self.input {
            Input::Polled(s) => self.ahead.is_none() && self.failed.is_none() && s.ready(),
            _ => false,
        }
    }

    /// Throws away input not yet read (`.RESET` on the console).
    pub fn reset_input(&mut self) {
        self.input_after_cr = false;
        self.ahead = None;
        if let Input::Bytes(q) = &mut self.input {
            q.clear();
        }
    }
}

/// Takes the first byte of `s`, waiting for it; `None` at the end.
fn first_byte(s: &mut (impl BufRead + ?Sized)) -> io::Result<Option<u8>> {
    let buf = s.fill_buf()?;
    let b = buf.first().copied();
    if b.is_some() {
        s.consume(1);
    }
    Ok(b)
}

/// A console failure: a host I/O error or an ITS channel error.
#[derive(Debug)]
pub enum TtyError {
    /// The host stream failed.
    Host(io::Error),
    /// The job's output broke an ITS rule.
    Ioc(IocError),
    /// The job read the terminal again after the end of host input had
    /// been given to it as ^C: on ITS it would wait for ever.
    InputEnded,
    /// ^Z (CALL) was typed: ITS never gives it to the job, but stops the
    /// job with "a special unconditionally fatal interrupt" and gives the
    /// terminal to its superior, DDT (ddt.33, "^Z or CALL is interpreted
    /// by ITS itself"), unless the terminal is in super-image input mode
    /// (%TSSII, bits.117).
    Call,
    /// Host input had a byte that is not ASCII (a UTF-8 character, say),
    /// which no ITS terminal can type.
    NotAscii {
        /// The byte.
        byte: u8,
        /// How many bytes of host input came before it.
        offset: u64,
    },
}

impl std::fmt::Display for TtyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            TtyError::Host(e) => write!(f, "{e}"),
            TtyError::Ioc(c) => f.write_str(c.message()),
            TtyError::InputEnded => f.write_str("terminal input read after its end"),
            TtyError::Call => f.write_str("^Z (CALL) typed"),
            TtyError::NotAscii { byte, offset } => write!(
                f,
                "terminal input (standard input), byte {}: 0x{byte:02x} is not ASCII, which \
                 is all an ITS terminal types (a UTF-8 character?)",
                offset + 1
            ),
        }
    }
}

impl From<io::Error> for TtyError {
    fn from(e: io::Error) -> TtyError {
        TtyError::Host(e)
    }
}

#[cfg(test)]
#[path = "tty_tests.rs"]
mod tests;
