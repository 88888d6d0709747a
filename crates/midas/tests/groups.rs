//! Parenthesized groups of several words (`(a ? b)`), as `<a ? b>`: the
//! last word is the value, and `.BYTE` packs them. The expected words are
//! what real MIDAS 433 made of each source on the ITS shim
//! (`pdp10 midas-oracle`).

mod support;
use support::words;

#[test]
fn a_parenthesized_byte_group_packs_its_bytes_then_swaps() {
    // sysen1;sender's `movsi t,(.byte 7 ? ^M ? ^M)`.
    assert_eq!(words("MOVSI 1,(.BYTE 7 ? ^M ? ^M)"), vec![0o205040_064320]);
    assert_eq!(words("MOVSI 4,(.BYTE 8 ? 3 ? 0)"), vec![0o205200_006000]);
}

#[test]
fn a_parenthesized_group_of_words_is_its_last_word() {
    assert_eq!(words("MOVE 2,(1 ? 2)"), vec![0o200102_000000]);
}

#[test]
fn each_word_of_a_group_may_be_an_assignment() {
    // sysen1;sysmsg's pass-2 macro `(MOD)<ZZZ==A ? A==[.,,ZZZ] ? ZZZ>`:
    // real MIDAS 433 chains each use to the one before through a literal.
    let src = "A==0\nMOVE 1,<ZZZ==A ? A==[.,,ZZZ] ? ZZZ>\nMOVE 2,<ZZZ==A ? A==[.,,ZZZ] ? ZZZ>\n\
               MOVE 3,(1 ? B=5 ? B)";
    assert_eq!(
        words(src),
        vec![
            0o200040_000000,
            0o200100_000103,
            0o200145_000000,
            0o000100_000000,
            0o000101_000103
        ]
    );
}

#[test]
fn a_binary_operator_with_nothing_before_it_has_0_there() {
    // syseng;ut's `CAIN CH,\`; real MIDAS 433 makes these words.
    assert_eq!(words("CAIN 2,\\5"), vec![0o306100_000005]);
    assert_eq!(words("CAIN 2,\\"), vec![0o306100_000000]);
    assert_eq!(words("MOVE 1,&7"), vec![0o200040_000000]);
    assert_eq!(words("MOVE 1,*3"), vec![0o200040_000000]);
    // its.1648's `ZZ,,SNXXX_14+IDX` with SNXXX empty (oracle).
    assert_eq!(
        words("3,,_14+5\n_3\n1,,_14"),
        vec![0o000003_000005, 0, 0o000001_000000]
    );
}

#[test]
fn a_control_q_ends_the_statement() {
    // syseng;imload's `CAIN A,^Q` (a raw ^Q); real MIDAS 433 makes
    // `MOVE 4,^Q5` two words, MOVE 4, and 5.
    assert_eq!(words("MOVE 3,\u{11}\n7"), vec![0o200140_000000, 7]);
    assert_eq!(words("MOVE 4,\u{11}5"), vec![0o200200_000000, 5]);
    assert_eq!(words("MOVE 5,6\u{11}\n7"), vec![0o200240_000006, 7]);
}

#[test]
fn ascvl_is_the_ascii_value_of_the_character_after_the_slash() {
    // sysnet;webser's `CAIN U.E,.ASCVL /"`; real MIDAS 433's words.
    assert_eq!(words("CAIN 6,.ASCVL /\""), vec![0o306300_000042]);
    assert_eq!(words("MOVEI 1,.ASCVL /A+1"), vec![0o201040_000102]);
}

#[test]
fn with_mllit_zero_a_line_end_closes_the_open_literals() {
    // syseng;ntsddt's `.MLLIT=0` then `LDB T,[(100)PRNC`: real MIDAS 433
    // makes these words.
    let src = ".MLLIT=0\nMOVE 1,[5\nMOVE 2,3\nMOVE 3,[SIXBIT /ABC/]\nIFE .MLLIT,7";
    assert_eq!(
        words(src),
        vec![
            0o200040_000104,
            0o200100_000003,
            0o200140_000105,
            7,
            5,
            0o414243_000000
        ]
    );
}

#[test]
fn with_mllit_zero_a_literal_of_several_words_is_refused() {
    // Real MIDAS ends a grouping after one word in that mode; we refuse
    // rather than guess.
    let e = support::fails(".MLLIT=0\nMOVE 1,[5 ? 6]");
    assert!(e.contains(".MLLIT positive"), "{e}");
}

#[test]
fn a_repeat_count_is_a_field_ended_by_a_blank_or_a_comma() {
    // Node loops-A1; syseng;iec's `REPEAT NMAXCH <1_<.RPCNT>>`. Real MIDAS
    // 433's words: the string after `REPEAT 1 ` is `+ 1,[5]`.
    assert_eq!(words("N==3\nREPEAT N <1_<.RPCNT>>\n7"), vec![1, 2, 4, 7]);
    assert_eq!(
        words("REPEAT 1 + 1,[5]\nREPEAT 2, 6"),
        vec![0o000040_000103, 6, 6, 5]
    );
}

#[test]
fn a_sign_followed_by_a_blank_is_a_field_of_0() {
    // Real MIDAS 433: `+ 1,[5]` puts 1 in the AC field; `+1,[6]` adds.
    assert_eq!(
        words("+ 1,[5]\n+1,[6]\n- 1,[7]"),
        vec![0o000040_000103, 0o000000_000105, 0o000040_000105, 5, 6, 7]
    );
}
