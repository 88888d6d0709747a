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
//! the end of host input reads as one ^C, which a job types to end its
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
        }
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
    /// [`TtyError::NotAscii`].
    pub fn get(&mut self) -> Result<u8, TtyError> {
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
        if matches!(self.input, Input::Stream(_)) {
            // Whatever the job typed must be seen before it waits for input.
            self.flush_output()?;
        }
        let byte = match &mut self.input {
            Input::Bytes(q) => q.pop_front(),
            Input::Stream(s) => {
                let buf = s.fill_buf()?;
                let b = buf.first().copied();
                if b.is_some() {
                    s.consume(1);
                }
                b
            }
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
        match &mut self.input {
            Input::Bytes(q) => q.len(),
            // Only what the host stream has already buffered: asking for
            // more would wait for the user to type.
            Input::Stream(_) => 0,
        }
    }

    /// Throws away input not yet read (`.RESET` on the console).
    pub fn reset_input(&mut self) {
        self.input_after_cr = false;
        if let Input::Bytes(q) = &mut self.input {
            q.clear();
        }
    }
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
mod tests {
    use super::*;

    fn render(chars: &[u8], image: bool, display: bool) -> String {
        let mut t = Terminal::new(
            Input::Bytes(Default::default()),
            Output::Capture(Vec::new()),
        );
        let mut esc = Escape::None;
        for &c in chars {
            t.put(c, image, display, &mut esc).unwrap();
        }
        String::from_utf8(t.take_captured()).unwrap()
    }

    #[test]
    fn crlf_is_the_host_line_end() {
        assert_eq!(render(b"HI\r\nTHERE\r\n", false, false), "HI\nTHERE\n");
        assert_eq!(render(b"A\rB\nC", false, false), "A\nB\nC");
        assert_eq!(render(b"\x01\x1b\x7f\t\x07", false, false), "^A$^?\t\x07");
        assert_eq!(render(b"A\r\n", true, false), "A\r\n");
    }

    #[test]
    fn display_codes_become_ansi() {
        assert_eq!(render(b"\x10C", false, true), "\x1b[H\x1b[2J");
        // ^PV with line 2, ^PH with column 5.
        assert_eq!(
            render(b"\x10V\x0a\x10H\x0dX", false, true),
            "\x1b[3d\x1b[6GX"
        );
        assert_eq!(render(b"AB\x10A\x10A", false, true), "AB\n");
        // Without %TJDIS, ^P is just a control character.
        assert_eq!(render(b"\x10C", false, false), "^PC");
        let mut t = Terminal::new(
            Input::Bytes(Default::default()),
            Output::Capture(Vec::new()),
        );
        let mut esc = Escape::None;
        t.put(0o020, false, true, &mut esc).unwrap();
        assert!(matches!(
            t.put(b'9', false, true, &mut esc),
            Err(TtyError::Ioc(IocError::ILLEGAL_DISPLAY_CODE))
        ));
    }

    #[test]
    fn host_line_ends_read_as_one_cr_and_non_ascii_is_refused() {
        let mut t = Terminal::new(
            Input::Bytes(b"a\r\nb\rc\n\nd\r\r\n\xc3\xa9".iter().copied().collect()),
            Output::Capture(Vec::new()),
        );
        let mut got = Vec::new();
        let error = loop {
            match t.get() {
                Ok(c) => got.push(c),
                Err(e) => break e,
            }
        };
        assert_eq!(got, b"a\rb\rc\r\rd\r\r");
        let TtyError::NotAscii { byte, offset } = error else {
            panic!("{error}")
        };
        assert_eq!((byte, offset), (0xc3, 12));
        assert!(
            error.to_string().contains("byte 13: 0xc3 is not ASCII"),
            "{error}"
        );
    }

    #[test]
    fn input_line_end_is_cr_and_eof_is_one_control_c() {
        let mut t = Terminal::new(
            Input::Bytes(b"a\n".iter().copied().collect()),
            Output::Capture(Vec::new()),
        );
        assert_eq!(t.pending(), 2);
        assert_eq!(t.get().unwrap(), b'a');
        assert_eq!(t.get().unwrap(), 0o15);
        assert_eq!(t.get().unwrap(), 0o3);
        // Once: reading on would wait for ever on ITS.
        assert!(matches!(t.get(), Err(TtyError::InputEnded)));
        assert!(matches!(t.get(), Err(TtyError::InputEnded)));
    }
}
