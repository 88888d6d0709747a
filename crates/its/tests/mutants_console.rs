//! The console calls, checked through small MIDAS programs against
//! `doc/sysdoc/_calls.127` (CNSGET, CNSSET, TTYVAR) and
//! `doc/sysdoc/ttyvar.105` (the TTY variables, and TTYVAR applying an
//! instruction to one). Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nE=5\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// `.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /name/] ? SETZM at]`
/// then `.LOSE` when it fails.
fn read_var(name: &str, at: &str) -> String {
    format!(
        "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /{name}/] ? SETZM {at}]\n\t .LOSE\n"
    )
}

#[test]
fn cnsset_sizes_come_back_from_cnsget_and_ttyvar() {
    // CNSSET's arguments are CNSGET's values: vertical size, horizontal
    // size, TCTYP; TTYVAR's HEIGHT and WIDTH are the same two sizes.
    let src = prog(&format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSSET/ ? %CLIMM,,1 ? [30.] ? [100.] ? SETZ [-1]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSGET/ ? %CLIMM,,1 ? %CLOUT,,V ? %CLOUT,,H ? SETZM T]\n\t .LOSE\n\
         {}{}\
         \t.CALL [SETZ ? SIXBIT /RSSIZE/ ? %CLIMM,,1 ? %CLOUT,,RV ? SETZM RH]\n\t .LOSE\n\
         \t.LOGOUT 1,\nV:\t0\nH:\t0\nT:\t0\nTH:\t0\nTW:\t0\nRV:\t0\nRH:\t0",
        read_var("HEIGHT", "TH"),
        read_var("WIDTH", "TW"),
    ));
    let ran = run("cnsset", &src);
    ran.finished();
    assert_eq!((ran.word("V"), ran.word("H")), (30, 100));
    assert_eq!((ran.word("TH"), ran.word("TW")), (30, 100));
    assert_eq!((ran.word("RV"), ran.word("RH")), (30, 100));
    // A negative TCTYP is left alone: a printing terminal (%TNPRT) here.
    assert_eq!(ran.word("T"), 0);
}

#[test]
fn ttyvar_sets_reads_and_refuses() {
    // %TNAAA (16) is ITS's last terminal type: 17 is MEANINGLESS ARGS.
    let src = prog(&format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TCTYP/] ? SETZ [16]]\n\t .LOSE\n\
         {}\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TCTYP/] ? %CLERR,,ERR ? SETZ [17]]\n\
         \t SKIPA\n\t  .LOSE\n\
         {}\
         \t.LOGOUT 1,\nT1:\t0\nT2:\t0\nERR:\t0",
        read_var("TCTYP", "T1"),
        read_var("TCTYP", "T2"),
    ));
    let ran = run("ttyvar", &src);
    ran.finished();
    assert_eq!(ran.word("T1"), 0o16);
    assert_eq!(ran.word("ERR"), 0o33, "MEANINGLESS ARGS");
    assert_eq!(ran.word("T2"), 0o16, "unchanged by the refused set");
}

#[test]
fn ttyvar_applies_an_instruction_to_a_variable() {
    // ttyvar.105: with a fourth argument, the instruction is done as if
    // the variable were in AC 0.
    let apply = |ins: &str| {
        format!(
            "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TTYOPT/] ? [0] ? SETZ [{ins}]]\n\t .LOSE\n"
        )
    };
    let src = prog(&format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         {}{}{}\
         {}{}{}\
         {}{}{}\
         {}{}{}\
         \t.LOGOUT 1,\nO1:\t0\nO2:\t0\nO3:\t0\nO4:\t0",
        apply("SETO 0,"),
        apply("TLZ 0,1"),
        read_var("TTYOPT", "O1"),
        apply("TRZ 0,3"),
        apply("ANDI 0,770"),
        read_var("TTYOPT", "O2"),
        apply("TLO 0,5"),
        apply("IORI 0,1"),
        read_var("TTYOPT", "O3"),
        apply("MOVEI 0,7"),
        apply("ADDI 0,2"),
        read_var("TTYOPT", "O4"),
    ));
    let ran = run("ttyvarins", &src);
    ran.finished();
    assert_eq!(ran.word("O1"), 0o777776_777777);
    assert_eq!(ran.word("O2"), 0o770);
    assert_eq!(ran.word("O3"), 0o000005_000771);
    assert_eq!(ran.word("O4"), 0o11);
}

#[test]
fn iot_call_control_bits_change_the_mode_for_that_transfer_only() {
    // _calls.127 IOT: arg 2 the word to output from (not immediate);
    // control bits (%CLBIT) are XORed into the channel's mode for this
    // transfer: %TJDIS makes ^P start a display
    // code (^PC clears the screen). Without them the channel's own mode
    // (printing) stays: ^P is typed as a character.
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /IOT/ ? %CLIMM,,1 ? SETZ [20]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /IOT/ ? %CLIMM,,1 ? SETZ [\"C]]\n\t .LOSE\n\
         \t.IOT 1,[\"|]\n\
         \t.CALL [SETZ ? SIXBIT /IOT/ ? %CLBIT,,%TJDIS ? %CLIMM,,1 ? SETZ [20]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /IOT/ ? %CLBIT,,%TJDIS ? %CLIMM,,1 ? SETZ [\"C]]\n\t .LOSE\n\
         \t.IOT 1,[\"|]\n\
         \t.IOT 1,[20]\n\t.IOT 1,[\"C]\n\
         \t.LOGOUT 1,",
    );
    let plain = run(
        "iotplain",
        &prog("GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\t.IOT 1,[20]\n\t.IOT 1,[\"C]\n\t.LOGOUT 1,"),
    );
    plain.finished();
    let ran = run("iotctl", &src);
    ran.finished();
    let printed = plain.output.clone();
    assert_eq!(ran.output, format!("{printed}|\u{1b}[H\u{1b}[2J|{printed}"));
}

#[test]
fn ttyset_and_reset_of_the_console() {
    // _calls.127: TTYSET sets TTYST1 and TTYST2, which TTYGET gives back;
    // RESET of a TTY input channel discards the characters typed ahead,
    // so LISTEN then counts none.
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYSET/ ? %CLIMM,,1 ? [123456,,654321] ? SETZ [010203,,040506]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYGET/ ? %CLIMM,,1 ? %CLOUT,,ST1 ? SETZM ST2]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /LISTEN/ ? %CLIMM,,1 ? SETZM BEFORE]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /RESET/ ? SETZI 1]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /LISTEN/ ? %CLIMM,,1 ? SETZM AFTER]\n\t .LOSE\n\
         \t.LOGOUT 1,\nST1:\t0\nST2:\t0\nBEFORE:\t0\nAFTER:\t0",
    );
    let ran = run_in(
        &scratch("ttyset"),
        &src,
        Setup {
            input: b"AB",
            ..Setup::default()
        },
    );
    ran.finished();
    assert_eq!(ran.word("ST1"), 0o123456_654321);
    assert_eq!(ran.word("ST2"), 0o010203_040506);
    assert_eq!(ran.word("BEFORE"), 2);
    assert_eq!(ran.word("AFTER"), 0);
}

#[test]
fn ttyvar_speeds_are_set_and_read_in_bits_per_second() {
    // ttyvar.105: ISPEED and OSPEED are the speeds in bits per second of
    // TTYTYP's speed codes; they may be set, TTYTYP itself not (DEVICE
    // WRITE-LOCKED, 26).
    let set = |name: &str, v: u32| {
        format!(
            "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /{name}/] ? SETZ [{v}.]]\n\t .LOSE\n"
        )
    };
    let src = prog(&format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n{}{}{}{}{}{}\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TTYTYP/] ? %CLERR,,ERR ? SETZ [0]]\n\
         \t SKIPA\n\t  .LOSE\n\
         \t.LOGOUT 1,\nIN:\t0\nOUT:\t0\nERR:\t0\nTYP1:\t0\nTYP2:\t0",
        read_var("TTYTYP", "TYP1"),
        set("ISPEED", 9600),
        set("OSPEED", 1200),
        read_var("ISPEED", "IN"),
        read_var("OSPEED", "OUT"),
        read_var("TTYTYP", "TYP2"),
    ));
    let ran = run("speeds", &src);
    ran.finished();
    assert_eq!(ran.word("IN"), 9600);
    assert_eq!(ran.word("OUT"), 1200);
    assert_eq!(ran.word("ERR"), 0o26);
    // Only the two speed codes (3.8-3.5 and 3.4-3.1 of TTYTYP) changed.
    let speeds = 0o17 << 22 | 0o17 << 18;
    assert_eq!(ran.word("TYP1") & !speeds, ran.word("TYP2") & !speeds);
}

#[test]
fn cnsset_changes_only_the_settable_ttycom_bits() {
    // _calls.127 CNSSET arg 5: %TCICO, %TCOCO, %TCRFS, %TCQRY, %TCMTR and
    // %TCINP (4.6-4.2, 3.9) may be set; "the remaining bits ... may not be
    // changed": 4.9 stays 0 and the right half -1 (not in communicate
    // mode).
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSSET/ ? %CLIMM,,1 ? [-1] ? [-1] ? [-1] ? SETZ [-1]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSGET/ ? %CLIMM,,1 ? %CLOUT,,X ? %CLOUT,,X ? %CLOUT,,X ? SETZM COM1]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSSET/ ? %CLIMM,,1 ? [-1] ? [-1] ? [-1] ? SETZ [0]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CNSGET/ ? %CLIMM,,1 ? %CLOUT,,X ? %CLOUT,,X ? %CLOUT,,X ? SETZM COM2]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TTYCOM/] ? SETZ [-1]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TTYCOM/] ? SETZM COM3]\n\t .LOSE\n\
         \t.LOGOUT 1,\nX:\t0\nCOM1:\t0\nCOM2:\t0\nCOM3:\t0",
    );
    let ran = run("ttycom", &src);
    ran.finished();
    assert_eq!(ran.word("COM1"), 0o076400_777777);
    assert_eq!(ran.word("COM2"), 0o000000_777777);
    // TTYVAR's TTYCOM (ttyvar.105) changes the same bits only.
    assert_eq!(ran.word("COM3"), 0o076400_777777);
}
