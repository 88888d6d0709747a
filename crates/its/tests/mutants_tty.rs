//! The console as ITS renders it (`doc/sysdoc/itstty.41`: E/2/a for the
//! characters in ASCII mode, E/3 for the ^P display codes), on a host
//! terminal that understands ECMA-48 (ANSI) control sequences. Written for
//! mutation testing (docs/mutants.md).

use its::tty::{Escape, Input, Output, Terminal};

fn terminal(input: &[u8]) -> Terminal {
    Terminal::new(
        Input::Bytes(input.iter().copied().collect()),
        Output::Capture(Vec::new()),
    )
}

/// What `chars` look like on the host, sent in ASCII mode on a channel
/// with (`display`) or without ^P display codes.
fn ascii(chars: &[u8], display: bool) -> Vec<u8> {
    let mut t = terminal(b"");
    let mut escape = Escape::None;
    for &c in chars {
        t.put(c, false, display, &mut escape).unwrap();
    }
    t.take_captured()
}

fn image(chars: &[u8]) -> Vec<u8> {
    let mut t = terminal(b"");
    let mut escape = Escape::None;
    for &c in chars {
        t.put(c, true, false, &mut escape).unwrap();
    }
    t.take_captured()
}

#[test]
fn ascii_mode_characters() {
    // Graphic characters are sent as they are.
    assert_eq!(ascii(b"Hi there!", false), b"Hi there!");
    // CR is a new line; a LF right after it is ignored, a lone LF is not.
    assert_eq!(ascii(b"A\r\nB", false), b"A\nB");
    assert_eq!(ascii(b"A\rB", false), b"A\nB");
    assert_eq!(ascii(b"A\nB", false), b"A\nB");
    assert_eq!(ascii(b"A\r\n\nB", false), b"A\n\nB");
    assert_eq!(ascii(b"A\rX\nB", false), b"A\nX\nB");
    // ^G, backspace and tab go through; altmode shows as $.
    assert_eq!(ascii(b"\x07\x08\t\x1b", false), b"\x07\x08\t$");
    // Other control characters as ^X, rubout as ^?.
    assert_eq!(ascii(&[0o001, 0o014, 0o032, 0o037], false), b"^A^L^Z^_");
    assert_eq!(ascii(&[0o177], false), b"^?");
    // Only seven bits count.
    assert_eq!(ascii(&[0o301], false), b"A");
    // ^P is an ordinary control character on a channel without display mode.
    assert_eq!(ascii(b"\x10A", false), b"^PA");
}

#[test]
fn image_mode_passes_everything() {
    assert_eq!(image(b"\x01\r\n\x1b\x7f"), b"\x01\r\n\x1b\x7f");
    // A LF is ignored only right after an ASCII CR: an image character
    // between them ends that.
    let mut t = terminal(b"");
    let mut e = Escape::None;
    t.put(b'\r', false, false, &mut e).unwrap();
    t.put(b'X', true, false, &mut e).unwrap();
    t.put(b'\n', false, false, &mut e).unwrap();
    assert_eq!(t.take_captured(), b"\nX\n");
}

/// Output of `chars` on a display-mode channel, then `^PA`, so that the
/// result shows whether the cursor was at the start of a line.
fn then_fresh_line(chars: &[u8], image_mode: bool) -> Vec<u8> {
    let mut t = terminal(b"");
    let mut escape = Escape::None;
    for &c in chars {
        t.put(c, image_mode, !image_mode, &mut escape).unwrap();
    }
    t.take_captured();
    t.put(0o020, false, true, &mut escape).unwrap();
    t.put(b'A', false, true, &mut escape).unwrap();
    t.take_captured()
}

#[test]
fn fresh_line_knows_the_column() {
    // "A: Advance to a fresh line. If at beginning of line do nothing,
    // else act like a CRLF."
    let fresh: &[u8] = b"\n";
    let nothing: &[u8] = b"";
    assert_eq!(then_fresh_line(b"", false), nothing);
    assert_eq!(then_fresh_line(b"AB", false), fresh);
    assert_eq!(then_fresh_line(b"AB\r", false), nothing);
    assert_eq!(then_fresh_line(b"AB\r\n", false), nothing);
    assert_eq!(then_fresh_line(b"A\x08", false), nothing);
    assert_eq!(then_fresh_line(b"\x08", false), nothing);
    assert_eq!(then_fresh_line(b"AB\x08", false), fresh);
    assert_eq!(then_fresh_line(b"\t", false), fresh);
    assert_eq!(then_fresh_line(b"\x1b", false), fresh);
    assert_eq!(then_fresh_line(b"\x7f", false), fresh);
    assert_eq!(then_fresh_line(b"\x01", false), fresh);
    // In image mode a CR returns to the start of the line.
    assert_eq!(then_fresh_line(b"AB\r", true), nothing);
    assert_eq!(then_fresh_line(b"AB", true), fresh);
    // Display commands that move the cursor to column 0 or away from it.
    assert_eq!(then_fresh_line(b"AB\x10C", false), nothing);
    assert_eq!(then_fresh_line(b"AB\x10T", false), nothing);
    assert_eq!(then_fresh_line(b"AB\x10Z", false), nothing);
    assert_eq!(then_fresh_line(b"\x10F", false), fresh);
    assert_eq!(then_fresh_line(b"A\x10B", false), nothing);
    assert_eq!(then_fresh_line(b"AB\x10B", false), fresh);
    assert_eq!(then_fresh_line(b"A\x10X", false), nothing);
    assert_eq!(then_fresh_line(b"AB\x10X", false), fresh);
    assert_eq!(then_fresh_line(b"\x10IA", false), fresh);
    // ^PH takes the column plus 8.
    assert_eq!(then_fresh_line(b"AB\x10H\x08", false), nothing);
    assert_eq!(then_fresh_line(b"\x10H\x09", false), fresh);
}

#[test]
fn tabs_move_to_the_next_multiple_of_eight() {
    // After a tab from column 3 the cursor is at 8: eight ^PB bring it back
    // to the start of the line, seven do not.
    let mut back = b"ABC\t".to_vec();
    back.extend(b"\x10B".repeat(8));
    assert_eq!(then_fresh_line(&back, false), b"");
    let mut short = b"ABC\t".to_vec();
    short.extend(b"\x10B".repeat(7));
    assert_eq!(then_fresh_line(&short, false), b"\n");
    // From column 8 a tab goes to 16.
    let mut two = b"ABCDEFGH\t".to_vec();
    two.extend(b"\x10B".repeat(16));
    assert_eq!(then_fresh_line(&two, false), b"");
}

#[test]
fn display_codes_as_ansi() {
    let d = |s: &[u8]| ascii(s, true);
    assert_eq!(d(b"\x10B"), b"\x1b[D");
    assert_eq!(d(b"\x10C"), b"\x1b[H\x1b[2J");
    assert_eq!(d(b"\x10D"), b"\x1b[B");
    assert_eq!(d(b"\x10E"), b"\x1b[J");
    assert_eq!(d(b"\x10F"), b"\x1b[C");
    assert_eq!(d(b"\x10K"), b"\x1b[X");
    assert_eq!(d(b"\x10L"), b"\x1b[K");
    assert_eq!(d(b"\x10]"), b"\x1b[K", "] is the same as L");
    assert_eq!(d(b"\x10R"), b"\x1b8");
    assert_eq!(d(b"\x10S"), b"\x1b7");
    assert_eq!(d(b"\x10T"), b"\x1b[H");
    assert_eq!(d(b"\x10U"), b"\x1b[A");
    assert_eq!(d(b"\x10X"), b"\x1b[D\x1b[X", "B then K");
    assert_eq!(d(b"\x10Z"), b"\x1b[999;1H");
    assert_eq!(d(b"\x10["), b"\x1b[L");
    assert_eq!(d(b"\x10\\"), b"\x1b[M");
    assert_eq!(d(b"\x10^"), b"\x1b[@");
    assert_eq!(d(b"\x10_"), b"\x1b[P");
    // Codes are letters in either case.
    assert_eq!(d(b"\x10d"), b"\x1b[B");
    // P and Q output ^P and ^C themselves.
    assert_eq!(d(b"\x10P"), b"\x10");
    assert_eq!(d(b"\x10Q"), b"\x03");
    // M and N (--MORE-- waits) show nothing.
    assert_eq!(d(b"\x10MX\x10NY"), b"XY");
    // H and V take a position plus 8; I an image character.
    assert_eq!(d(b"\x10H\x0d"), b"\x1b[6G");
    assert_eq!(d(b"\x10V\x0a"), b"\x1b[3d");
    assert_eq!(d(b"\x10I\x01"), b"\x01");
    // After a command, characters are ordinary again.
    assert_eq!(d(b"\x10IAB\x10H\x08C"), b"AB\x1b[1GC");
}

#[test]
fn an_unknown_display_code_is_an_error() {
    let mut t = terminal(b"");
    let mut e = Escape::None;
    t.put(0o020, false, true, &mut e).unwrap();
    assert!(t.put(b'G', false, true, &mut e).is_err());
    // The escape is over: the next character prints.
    t.put(b'Y', false, true, &mut e).unwrap();
    assert_eq!(t.take_captured(), b"Y");
}

#[test]
fn messages_start_on_a_fresh_line() {
    let mut t = terminal(b"");
    let mut e = Escape::None;
    t.message("one\n").unwrap();
    t.put(b'X', false, false, &mut e).unwrap();
    t.message("two").unwrap();
    assert_eq!(t.take_captured(), b"one\nX\ntwo");
}

#[test]
fn input_reads_host_lines_as_cr_and_ends_with_control_c() {
    let mut t = terminal(b"A\nb");
    assert_eq!(t.pending(), 3);
    assert_eq!(t.get().unwrap(), b'A');
    assert_eq!(t.get().unwrap(), 0o015);
    assert_eq!(t.pending(), 1);
    assert_eq!(t.get().unwrap(), b'b');
    assert_eq!(t.pending(), 0);
    // The end of input is one ^C; reading on would wait for ever on ITS.
    assert_eq!(t.get().unwrap(), 0o003);
    for _ in 0..2 {
        assert!(matches!(t.get(), Err(its::tty::TtyError::InputEnded)));
    }
    // Throwing away unread input (.RESET on the console).
    let mut t = terminal(b"ABC");
    assert_eq!(t.get().unwrap(), b'A');
    t.reset_input();
    assert_eq!(t.pending(), 0);
    assert_eq!(t.get().unwrap(), 0o003);
}

/// A host stream that records what reached it and how often it was flushed.
#[derive(Clone, Default)]
struct Recorder(std::sync::Arc<std::sync::Mutex<(Vec<u8>, usize)>>);

impl std::io::Write for Recorder {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().0.extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.0.lock().unwrap().1 += 1;
        Ok(())
    }
}

#[test]
fn host_streams_are_flushed_before_input_and_on_request() {
    let rec = Recorder::default();
    let input: Box<dyn std::io::BufRead + Send> = Box::new(std::io::Cursor::new(b"Y".to_vec()));
    let mut t = Terminal::new(Input::Stream(input), Output::Stream(Box::new(rec.clone())));
    let mut e = Escape::None;
    t.put(b'?', false, false, &mut e).unwrap();
    let flushes = rec.0.lock().unwrap().1;
    // A prompt is seen before the job waits for what the user types.
    assert_eq!(t.get().unwrap(), b'Y');
    assert!(rec.0.lock().unwrap().1 > flushes, "flushed before reading");
    assert_eq!(t.get().unwrap(), 0o003, "end of input");
    // A stream has nothing captured, and nothing known to be pending.
    assert_eq!(t.pending(), 0);
    assert_eq!(t.take_captured(), b"");
    let before = rec.0.lock().unwrap().1;
    t.flush().unwrap();
    assert!(rec.0.lock().unwrap().1 > before, "flush reaches the host");
    t.message("hello").unwrap();
    assert_eq!(rec.0.lock().unwrap().0, b"?\nhello");
}
