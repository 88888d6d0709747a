//! Echo on a console in character mode (itstty.41, D/1): a group's %TGPIE
//! echoes its characters as they arrive, %TGMPE as the job reads them (CLU
//! asks for MP echo only: its type-in showed nothing before), both echo
//! twice; a %TIPEK read leaves the character in the buffer, so its MP echo
//! waits for the read that takes it; a %TIECH read skips the MP echo and
//! says so with %TXMPE. An echoed CR is a whole CR LF (E/2/a/3-4).

mod mutants_support;
use its::{Job, JobConfig, Outcome, Sixbit};
use mutants_support::{image, scratch, HEAD};

/// TTYST2 as DDT leaves it (every group PI echoed and activating).
const ST2: &str = "232323,,230323";

/// Runs `body` (after [`HEAD`], channel 1 TTY input and 2 TTY output
/// open, TTYST1 set to `st1`) with `typed` on a console that echoes; the
/// console's output and the words the job read.
fn run_echoing(name: &str, st1: &str, body: &str, typed: &[u8]) -> (String, Ran) {
    let source = format!(
        "{HEAD}LOC 100\n\
         GO:\t.OPEN 1,[0,,'TTY]\n\t .LOSE\n\t.OPEN 2,[1,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYSET/ ? %CLIMM,,1 ? [{st1}] ? SETZ [{ST2}]]\n\t .LOSE\n\
         {body}\t.LOGOUT 1,\n\
         PEEK:\t0\nGOT:\t0\nEND GO\n"
    );
    let (image, symbols) = image(&source);
    let mut config = JobConfig::captured(&scratch(name), "TEST", None);
    config.terminal = its::tty::Terminal::new(
        its::tty::Input::Bytes(typed.to_vec().into()),
        its::tty::Output::Capture(Vec::new()),
    );
    config.terminal.set_echo(true);
    config.uname = Sixbit::lossy("USER");
    let mut job = Job::new(&image, config).unwrap();
    let outcome = job.run(100_000, &mut ka10::NoTrace).unwrap();
    let output = String::from_utf8_lossy(&job.take_output()).into_owned();
    assert_eq!(outcome, Outcome::Finished { message: None }, "{output}");
    let word = |name: &str| job.cpu().read(symbols[name]).unwrap().raw();
    let ran = Ran {
        peek: word("PEEK"),
        got: word("GOT"),
    };
    (output, ran)
}

/// What the job read: with %TIPEK (or the second read), and the first.
struct Ran {
    peek: u64,
    got: u64,
}

/// Peeks at the next character (IOT with %TIPEK) into PEEK, types "-",
/// reads it into GOT, types ".".
const PEEK_THEN_READ: &str =
    "\t.CALL [SETZ ? SIXBIT /IOT/ ? 5000,,20000 ? %CLIMM,,1 ? 402000,,PEEK]\n\t .LOSE\n\
     \t.IOT 2,[\"-]\n\t.IOT 1,GOT\n\t.IOT 2,[\".]\n";

/// TTYST1 with the letters' group (1) set to `bits`, the others as DDT.
fn letters(bits: &str) -> String {
    format!("23{bits}23,,232323")
}

#[test]
fn pi_echo_comes_as_the_character_arrives() {
    // %TGPIE|%TGACT (22): echoed when the peek makes it arrive.
    let (out, _) = run_echoing("echo-pi", &letters("22"), PEEK_THEN_READ, b"a");
    assert_eq!(out, "a-.");
}

#[test]
fn mp_echo_comes_as_the_job_reads_the_character() {
    // %TGMPE|%TGACT (42), as CLU sets every group: not at the peek, which
    // leaves it in the buffer; at the read that takes it.
    let (out, ran) = run_echoing("echo-mp", &letters("42"), PEEK_THEN_READ, b"a");
    assert_eq!(out, "-a.");
    assert_eq!((ran.peek, ran.got), (b'a' as u64, b'a' as u64));
}

#[test]
fn both_echoes_echo_twice() {
    // "It is permitted to specify that a character ... be echoed in both
    // ways (PI and MP)."
    let (out, _) = run_echoing("echo-both", &letters("62"), PEEK_THEN_READ, b"a");
    assert_eq!(out, "a-a.");
}

#[test]
fn no_echo_bit_no_echo() {
    let (out, _) = run_echoing("echo-none", &letters("02"), PEEK_THEN_READ, b"a");
    assert_eq!(out, "-.");
}

#[test]
fn a_tiech_read_skips_the_mp_echo_and_returns_txmpe() {
    // %TIECH (40000): "MP echoing will certainly not be done", and the
    // character comes with %TXMPE=400000 "saying MP echo was desired".
    let body = "\t.CALL [SETZ ? SIXBIT /IOT/ ? 5000,,40000 ? %CLIMM,,1 ? 402000,,GOT]\n\t .LOSE\n\
                \t.IOT 2,[\".]\n\t.CALL [SETZ ? SIXBIT /IOT/ ? 5000,,40000 ? %CLIMM,,1 ? 402000,,PEEK]\n\t .LOSE\n";
    let (out, ran) = run_echoing("echo-tiech", &letters("42"), body, b"a1");
    assert_eq!(
        out, ".1",
        "the letter not echoed; the digit's group PI echoes"
    );
    assert_eq!(ran.got, 0o400000 | b'a' as u64, "a with %TXMPE");
    assert_eq!(ran.peek, b'1' as u64, "the digit: no MP echo wanted");
}

#[test]
fn a_tiech_peek_shows_the_owed_mp_echo_and_the_read_after_it_echoes() {
    // %TIPEK|%TIECH: the character stays in the buffer with %TXMPE (its MP
    // echo still owed); the plain read that takes it does the echo.
    let (out, ran) = run_echoing(
        "echo-tiech-peek",
        &letters("42"),
        &PEEK_THEN_READ.replace("5000,,20000", "5000,,60000"),
        b"a",
    );
    assert_eq!(out, "-a.");
    assert_eq!(ran.peek, 0o400000 | b'a' as u64);
    assert_eq!(ran.got, b'a' as u64);
}

#[test]
fn a_block_mode_read_echoes_the_character_a_peek_left() {
    // Channel 3, block-mode TTY input: a SIOT with %TIPEK looks at "a"
    // (no MP echo), the block .IOT takes it (MP echo) and stops at the
    // end of input (^C).
    let body = "\t.OPEN 3,[2,,'TTY]\n\t .LOSE\n\
                \t.CALL [SETZ ? SIXBIT /SIOT/ ? 5000,,20000 ? %CLIMM,,3 ? BP ? SETZ CNT]\n\t .LOSE\n\
                \t.IOT 2,[\"-]\n\t.IOT 3,PTR\n\t.IOT 2,[\".]\n\t.LOGOUT 1,\n\
                BP:\t440700,,PEEK\nCNT:\t1\nPTR:\t-1,,GOT\n";
    let (out, ran) = run_echoing("echo-block", &letters("42"), body, b"a");
    assert_eq!(out, "-a.");
    assert_eq!(ran.peek >> 29, b'a' as u64, "the SIOT's byte");
    assert_eq!(
        ran.got >> 29,
        b'a' as u64,
        "the block read's first character"
    );
}

#[test]
fn an_echoed_cr_is_a_whole_line_end_and_a_lf_after_it_shows() {
    // The job reads a CR (echoed: CR LF), then outputs LF and X: the LF is
    // a line of its own, not the dropped LF of an ascii-mode CR LF.
    let body = "\t.IOT 1,GOT\n\t.IOT 2,[12]\n\t.IOT 2,[\"X]\n";
    let (out, _) = run_echoing("echo-cr", &letters("22"), body, b"\r");
    assert_eq!(out, "\n\nX");
}
