//! RCPOS (`doc/sysdoc/_calls.127`: the cursor positions of the main and
//! echo areas, vertical,,horizontal) after each kind of output: printing
//! characters, control characters typed as ^X (two columns), altmode as $
//! (one), rubout as ^? (two), tabs to the next multiple of 8, backspace,
//! CR, image output and ^P display commands (`.INFO.;ITS TTY`). SCML
//! (`_calls.127`) takes fewer lines than the screen. Written for mutation
//! testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

/// Types the octal characters `chars` on a TTY channel opened in `mode`,
/// then gives RCPOS's two values.
fn column_after(name: &str, mode: &str, chars: &[u8]) -> (u64, u64) {
    let mut body = format!("GO:\t.OPEN 1,[{mode},,'TTY]\n\t .LOSE\n");
    for c in chars {
        body.push_str(&format!("\t.IOT 1,[{c:o}]\n"));
    }
    body.push_str(
        "\t.CALL [SETZ ? SIXBIT /RCPOS/ ? %CLIMM,,1 ? %CLOUT,,MAIN ? SETZM ECHO]\n\t .LOSE\n\
         \t.LOGOUT 1,\nMAIN:\t-1\nECHO:\t-1\n",
    );
    let ran = run(name, &format!("{HEAD}{body}"));
    ran.finished();
    (ran.word("MAIN"), ran.word("ECHO"))
}

#[test]
fn printing_and_control_characters() {
    let col = |name: &str, chars: &[u8]| column_after(name, ".UAO", chars).0;
    assert_eq!(col("rc0", b""), 0);
    assert_eq!(col("rc1", b"ABC"), 3);
    assert_eq!(col("rc2", b"A\x01"), 3, "^A is two columns");
    assert_eq!(col("rc3", b"A\x1b"), 2, "altmode is $");
    assert_eq!(col("rc4", b"A\x7f"), 3, "rubout is ^?");
    assert_eq!(col("rc5", b"ABC\t"), 8);
    assert_eq!(col("rc6", b"ABCDEFGH\t"), 16);
    assert_eq!(col("rc7", b"ABC\x08"), 2);
    assert_eq!(col("rc8", b"\x08"), 0);
    assert_eq!(col("rc9", b"ABC\r\nD"), 1);
    let (main, echo) = column_after("rc10", ".UAO", b"XY");
    assert_eq!(main, echo, "no echo area apart");
}

#[test]
fn image_output_counts_every_character_but_cr() {
    let col = |name: &str, chars: &[u8]| column_after(name, ".UIO", chars).0;
    assert_eq!(col("ri1", b"A\x01B"), 3);
    assert_eq!(col("ri2", b"AB\rC"), 1);
}

#[test]
fn display_commands_move_the_cursor() {
    // Display mode (open bit 1.5): ^PF forward, ^PB back, ^PX back and
    // erase, ^PH to a column (plus 8), ^PI one image character, ^PT home,
    // ^PC clear.
    let col = |name: &str, chars: &[u8]| column_after(name, "20+.UAO", chars).0;
    assert_eq!(col("rd1", b"\x10F\x10F"), 2);
    assert_eq!(col("rd2", b"ABC\x10B"), 2);
    assert_eq!(col("rd3", b"ABC\x10X"), 2);
    assert_eq!(col("rd4", b"\x10H\x0d"), 5);
    assert_eq!(col("rd5", b"A\x10I\x01"), 2);
    assert_eq!(col("rd6", b"ABC\x10T"), 0);
    assert_eq!(col("rd7", b"ABC\x10C"), 0);
    assert_eq!(col("rd8", b"ABC\x10Z"), 0);
    assert_eq!(col("rd9", b"ABC\x10AX"), 1, "fresh line, then X");
}

#[test]
fn scml_takes_fewer_command_lines_than_the_screen() {
    // _calls.127 SCML: the number of command lines "must be less than the
    // height of the screen"; the job's console is TTY channel 1 here.
    let src = format!(
        "{HEAD}GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSSET/ ? %CLIMM,,1 ? SETZ [10.]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /SCML/ ? %CLIMM,,1 ? SETZ [4]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /SCML/ ? %CLIMM,,1 ? SETZ [100.]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /SCML/ ? %CLIMM,,3 ? %CLERR,,ERR ? SETZ [4]]\n\t SKIPA\n\t .LOSE\n\
         \t.LOGOUT 1,\nERR:\t0\n"
    );
    let ran = run("scml", &src);
    ran.finished();
    assert_eq!(ran.word("ERR"), 0o44, "channel 3 is not open");
}
