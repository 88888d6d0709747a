//! Byte pointers as SIOT steps them (the processor's ILDB/IDPB rules,
//! DEC's System Reference Manual 2.2: P drops by S while the byte fits,
//! else the next word with P = 36 - S), for byte sizes other than 7, and
//! the .CALL block's argument forms (`doc/sysdoc/_calls.127`). Written for
//! mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;
use std::fs;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

#[test]
fn six_bit_bytes_fill_the_word_exactly() {
    // 440600: six bytes at P 30, 24, 18, 12, 6, 0 (the last one fits at
    // P = 0), the seventh at P 30 of the next word.
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \tMOVE A,[440600,,W]\n\tMOVEI B,6\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [1] ? A ? SETZ B]\n\t .LOSE\n\
         \tMOVEM A,P6\n\tMOVEI B,1\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [1] ? A ? SETZ B]\n\t .LOSE\n\
         \t.LOGOUT 1,\nW:\tSIXBIT /ABCDEF/\n\tSIXBIT /G/\nP6:\t0",
    );
    let ran = run("bytes6", &src);
    ran.finished();
    let w = ran.address("W") as u64;
    assert_eq!(ran.output, "!\"#$%&'");
    assert_eq!(ran.word("P6"), 0o000600 << 18 | w, "P = 0, same word");
    assert_eq!(ran.word("A"), 0o360600 << 18 | (w + 1));
}

#[test]
fn eight_and_thirty_six_bit_bytes_are_deposited_in_their_fields() {
    // 441000 (S = 8): bytes at P 28, 20, 12, 4, then P 28 of the next
    // word; the four low bits of each word stay as they were. 444400
    // (S = 36): each byte a whole word, P 0.
    let dsk = scratch("bytes8");
    fs::write(dsk.join("puzzle/in.text"), b"ABCDE").unwrap();
    let words = [
        pdp10_isa::Word::new(0o123456_654321),
        pdp10_isa::Word::new(0o7),
    ];
    fs::write(
        dsk.join("puzzle/in.words"),
        pdp10_isa::evacuated::encode(&words),
    )
    .unwrap();
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \tMOVE A,[441000,,W8]\n\tMOVEI B,5\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [1] ? A ? SETZ B]\n\t .LOSE\n\
         \t.OPEN 2,[.UII,,'DSK ? SIXBIT /IN/ ? SIXBIT /WORDS/]\n\t .LOSE\n\
         \tMOVE C,[444400,,W36]\n\tMOVEI D,2\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [2] ? C ? SETZ D]\n\t .LOSE\n\
         \t.LOGOUT 1,\nW8:\t17\n\t17\nW36:\t0\n\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    let (a, b, c, d, e) = (0o101u64, 0o102, 0o103, 0o104, 0o105);
    assert_eq!(ran.at("W8", 0), a << 28 | b << 20 | c << 12 | d << 4 | 0o17);
    assert_eq!(ran.at("W8", 1), e << 28 | 0o17);
    assert_eq!(
        ran.word("A"),
        0o341000 << 18 | (ran.address("W8") as u64 + 1)
    );
    assert_eq!(ran.at("W36", 0), 0o123456_654321);
    assert_eq!(ran.at("W36", 1), 0o7);
    assert_eq!(
        ran.word("C"),
        0o004400 << 18 | (ran.address("W36") as u64 + 1)
    );
}

#[test]
fn byte_pointers_may_be_indexed_and_indirect() {
    // The pointer's I, X and Y give the word (SRM 2.1): Y plus index
    // register B, or through the word at Y.
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \tMOVEI B,1\n\tMOVE A,[440700,,W-1(B)]\n\tMOVEI C,2\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [1] ? A ? SETZ C]\n\t .LOSE\n\
         \tMOVE A,[440700,,@IND]\n\tMOVEI C,2\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [1] ? A ? SETZ C]\n\t .LOSE\n\
         \t.LOGOUT 1,\nW:\tASCII /AB/\nV:\tASCII /CD/\nIND:\tV",
    );
    let ran = run("bytesix", &src);
    ran.finished();
    assert_eq!(ran.output, "ABCD");
}

#[test]
fn call_blocks_take_outputs_errors_and_control_bits_in_any_form() {
    // _calls.127: 6000 and 7000 act as 2000 (output) and 3000 (error);
    // control bits from a word (4000) and immediate (5000) are XORed; an
    // error argument is zeroed when the call succeeds.
    let src = prog(
        "GO:\tSETOM ERR\n\
         \t.CALL [SETZ ? SIXBIT /RFNAME/ ? [1] ? 6000,,O1 ? 7000,,ERR ? SETZM O2]\n\t .LOSE\n\
         \t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /IOT/ ? 4000,,[TJDIS] ? 5000,,TJDIS ? [1] ? SETZ [^P]]\n\t .LOSE\n\
         \t.LOGOUT 1,\nERR:\t0\nO1:\t-1\nO2:\t-1\nTJDIS=4000",
    );
    let ran = run("callforms", &src);
    ran.finished();
    assert_eq!(ran.word("ERR"), 0, "zeroed on success");
    assert_eq!(ran.word("O1"), 0, "closed channel: device 0");
    // The two control bits cancel: ^P is typed as a character, no display
    // code (mutants_console.rs: with %TJDIS it starts one).
    assert_eq!(ran.output.as_bytes(), b"^P");
}

#[test]
fn a_call_block_without_setz_or_with_too_many_arguments() {
    // A block not starting with SETZ: illegal operation. Ten inputs or two
    // error arguments: TOO MANY ARGUMENTS (15), stored in the error
    // argument.
    let ran = run(
        "notsetz",
        &prog("GO:\t.CALL [0 ? SIXBIT /RFNAME/ ? SETZ [1]]\n\t.LOGOUT 1,"),
    );
    assert_eq!(ran.outcome.exit_status(), 2);
    assert!(ran.outcome.message().unwrap().starts_with("ILOPR;"));
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /RFNAME/ ? %CLERR,,ERR ? [1] ? [1] ? [1] ? [1] ? [1] ? [1] ? [1] ? [1] ? [1] ? SETZ [1]]\n\
         \t SKIPA\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /RFNAME/ ? %CLERR,,ERR2 ? %CLERR,,ERR3 ? SETZ [1]]\n\t SKIPA\n\t .LOSE\n\
         \t.LOGOUT 1,\nERR:\t0\nERR2:\t0\nERR3:\t0",
    );
    let ran = run("toomany", &src);
    ran.finished();
    assert_eq!(ran.word("ERR"), 0o15);
    assert_eq!(ran.word("ERR2"), 0o15);
}

#[test]
fn ten_bit_bytes_start_the_next_word_at_p_26() {
    // 441200 (S = 10): bytes at P 26, 16, 6; the fourth does not fit (6 - 10
    // < 0) and goes to P 36 - 10 = 26 of the next word.
    let dsk = scratch("bytes10");
    fs::write(dsk.join("puzzle/in.text"), b"ABCD").unwrap();
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \tMOVE A,[441200,,W]\n\tMOVEI B,4\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [1] ? A ? SETZ B]\n\t .LOSE\n\
         \t.LOGOUT 1,\nW:\t0\n\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    let (a, b, c, d) = (0o101u64, 0o102, 0o103, 0o104);
    assert_eq!(ran.at("W", 0), a << 26 | b << 16 | c << 6);
    assert_eq!(ran.at("W", 1), d << 26);
    assert_eq!(
        ran.word("A"),
        0o321200 << 18 | (ran.address("W") as u64 + 1)
    );
}
