//! TTYVAR's instructions and variables, against ITS's
//! `doc/sysdoc/_calls.127` (TTYVAR: "executed as if the variable was in
//! ac 0"; MOVE sets it, MOVEM reads it) and `ttyvar.105` (the variables).
//! Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

/// TTYVAR on channel 1 (the TTY) applying `ins` to `var`, then reading
/// `var` into `into`.
fn apply(var: &str, ins: &str, into: &str) -> String {
    format!(
        "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /{var}/] ? [0] ? SETZ [{ins}]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /{var}/] ? SETZM {into}]\n\t .LOSE\n"
    )
}

fn run_body(name: &str, body: &str, data: &str) -> Ran {
    let src = format!("{HEAD}GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n{body}\t.LOGOUT 1,\n{data}\n");
    run(name, &src)
}

#[test]
fn move_sets_and_movem_reads() {
    let body = [
        apply("TTYSMT", "MOVE 0,NEW", "V1"),
        apply("TTYSMT", "MOVEM 0,OUT", "V2"),
        apply("TTYSMT", "SUBI 0,5", "V3"),
        apply("TTYSMT", "ANDCMI 0,70", "V4"),
        apply("TTYSMT", "TRO 0,600", "V5"),
        apply("TTYSMT", "SETZ 0,", "V6"),
    ]
    .concat();
    let ran = run_body(
        "ttyvarmove",
        &body,
        "NEW:\t123456,,654321\nOUT:\t0\nV1:\t0\nV2:\t0\nV3:\t0\nV4:\t0\nV5:\t0\nV6:\t-1",
    );
    ran.finished();
    assert_eq!(ran.word("V1"), 0o123456_654321);
    assert_eq!(ran.word("OUT"), 0o123456_654321, "MOVEM stored it");
    assert_eq!(ran.word("V2"), 0o123456_654321, "MOVEM leaves it");
    assert_eq!(ran.word("V3"), 0o123456_654314);
    assert_eq!(ran.word("V4"), 0o123456_654304);
    assert_eq!(ran.word("V5"), 0o123456_654704);
    assert_eq!(ran.word("V6"), 0);
}

#[test]
fn ttyrol_is_read_and_set() {
    // ttyvar.105 TTYROL: lines a scroll moves, read and set with TTYVAR;
    // a printing terminal moves one line.
    let body = [
        "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TTYROL/] ? SETZM V1]\n\t .LOSE\n"
            .to_string(),
        "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TTYROL/] ? SETZ [3]]\n\t .LOSE\n"
            .to_string(),
        "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TTYROL/] ? SETZM V2]\n\t .LOSE\n"
            .to_string(),
        "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /IDLTIM/] ? SETZM V3]\n\t .LOSE\n"
            .to_string(),
    ]
    .concat();
    let ran = run_body("ttyrol", &body, "V1:\t0\nV2:\t0\nV3:\t-1");
    ran.finished();
    assert_eq!(ran.word("V1"), 1);
    assert_eq!(ran.word("V2"), 3);
}

#[test]
fn unknown_variables_read_only_ones_and_other_instructions_fail() {
    // A name ITS does not have: ILLEGAL FILE NAME (11) as ts3tty's NTTYVR
    // fails; TTYTYP and IDLTIM may only be read: DEVICE WRITE-LOCKED (26);
    // an instruction outside the allowed ones (a skip): MEANINGLESS (33).
    let fail = |args: &str, err: &str| {
        format!(
            "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? {args} ? %CLERR,,{err} ? SETZ ]\n\t SKIPA\n\t .LOSE\n"
        )
    };
    let body = [
        fail("[SIXBIT /NOSUCH/]", "E1").replace("SETZ ]", "SETZ [0]]"),
        fail("[SIXBIT /TTYTYP/]", "E2").replace("SETZ ]", "SETZ [0]]"),
        fail("[SIXBIT /IDLTIM/]", "E3").replace("SETZ ]", "SETZ [0]]"),
        fail("[SIXBIT /TTYOPT/] ? [0]", "E4").replace("SETZ ]", "SETZ [SKIPA 0,]]"),
    ]
    .concat();
    let ran = run_body("ttyvarfail", &body, "E1:\t0\nE2:\t0\nE3:\t0\nE4:\t0");
    ran.finished();
    assert_eq!(
        [
            ran.word("E1"),
            ran.word("E2"),
            ran.word("E3"),
            ran.word("E4")
        ],
        [0o11, 0o26, 0o26, 0o33]
    );
}

#[test]
fn ttyvar_block_mode_is_named() {
    let body = "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? SETZ [-1,,BLK]]\n\t JFCL\n";
    let ran = run_body(
        "ttyvarblk",
        body,
        "BLK:\tSIXBIT /TTYOPT/\n\tMOVEM 0,X\nX:\t0",
    );
    assert_eq!(ran.outcome.exit_status(), 3, "{:?}", ran.outcome);
    assert!(ran.outcome.message().unwrap().contains("block mode"));
}

#[test]
fn tty_arguments_name_the_console_by_channel_or_number() {
    // A TTY argument: a channel open on the TTY, -1 (%JSELF), or 400000
    // plus the terminal number (ours is 0; others do not exist here: NO
    // SUCH DEVICE); a channel open on something else: WRONG TYPE DEVICE;
    // a closed one: CHANNEL NOT OPEN; past 17: BAD CHANNEL.
    let read = |arg: &str, err: &str| {
        format!(
            "\t.CALL [SETZ ? SIXBIT /TTYVAR/ ? {arg} ? [SIXBIT /TTYROL/] ? %CLERR,,{err} ? SETZM V]\n\t JFCL\n"
        )
    };
    let body = [
        "\t.OPEN 2,[.UAI,,'NUL]\n\t .LOSE\n".to_string(),
        read("%CLIMM,,777777", "E1"),
        read("[400000]", "E2"),
        read("[400001]", "E3"),
        read("%CLIMM,,2", "E4"),
        read("%CLIMM,,3", "E5"),
        read("%CLIMM,,20", "E6"),
    ]
    .concat();
    let ran = run_body(
        "ttyargs",
        &body,
        "V:\t0\nE1:\t-1\nE2:\t-1\nE3:\t0\nE4:\t0\nE5:\t0\nE6:\t0",
    );
    ran.finished();
    assert_eq!(
        ["E1", "E2", "E3", "E4", "E5", "E6"].map(|e| ran.word(e)),
        [0, 0, 0o1, 0o34, 0o44, 0o14]
    );
}

#[test]
fn styget_and_ttyget_name_this_job_as_the_owner() {
    // _calls.127 STYGET: val 1 0 (no STY), val 2 the user index of the
    // job owning the TTY, val 3 4.7 (logged in) and the top-level job's
    // index, val 4 no waits. TTYGET's third value, TTYSTS, has the
    // owner's index in its right half.
    let body = "\t.SUSET [.RUIND,,UIND]\n\
                \t.CALL [SETZ ? SIXBIT /STYGET/ ? %CLIMM,,1 ? %CLOUT,,S1 ? %CLOUT,,S2 ? %CLOUT,,S3 ? SETZM S4]\n\t .LOSE\n\
                \t.CALL [SETZ ? SIXBIT /TTYGET/ ? %CLIMM,,1 ? %CLOUT,,X ? %CLOUT,,X ? SETZM STS]\n\t .LOSE\n";
    let ran = run_body(
        "styget",
        body,
        "UIND:\t-1\nS1:\t-1\nS2:\t0\nS3:\t0\nS4:\t-1\nX:\t0\nSTS:\t0",
    );
    ran.finished();
    let uind = ran.word("UIND");
    assert_eq!(ran.word("S1"), 0);
    assert_eq!(ran.word("S2"), uind);
    assert_eq!(ran.word("S3"), 1 << 33 | uind);
    assert_eq!(ran.word("S4"), 0);
    assert_eq!(ran.word("STS") & 0o777777, uind);
}

#[test]
fn cnsset_refuses_a_terminal_type_past_the_last() {
    // CNSSET arg 4, TCTYP: %TNAAA (16) is ITS's last type; 17 is
    // MEANINGLESS ARGS (33) and changes nothing.
    let body = "\t.CALL [SETZ ? SIXBIT /CNSSET/ ? %CLIMM,,1 ? [-1] ? [-1] ? SETZ [16]]\n\t .LOSE\n\
                \t.CALL [SETZ ? SIXBIT /CNSSET/ ? %CLIMM,,1 ? [-1] ? [-1] ? %CLERR,,ERR ? SETZ [17]]\n\t SKIPA\n\t .LOSE\n\
                \t.CALL [SETZ ? SIXBIT /TTYVAR/ ? %CLIMM,,1 ? [SIXBIT /TCTYP/] ? SETZM T]\n\t .LOSE\n";
    let ran = run_body("cnssettype", body, "ERR:\t0\nT:\t0");
    ran.finished();
    assert_eq!(ran.word("ERR"), 0o33);
    assert_eq!(ran.word("T"), 0o16);
}
