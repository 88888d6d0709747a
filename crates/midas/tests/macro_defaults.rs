//! Default values of macro dummies (manual node define-b), each source
//! checked against the words real MIDAS 433 makes (run on the ITS shim with
//! `pdp10 midas-oracle`).

mod support;
use support::words;

#[test]
fn blanks_before_a_comment_are_not_part_of_a_default() {
    // N defaults to 1, not "1<tabs>": `IFG R+N-16,...` reads R+1-16 as one
    // field, so the first call moves R to 7 (R=16 at first).
    let src =
        "R==16\nDEFINE REG NAME,(N=1\t\t; comment\n IFG R+N-16,R==7\n NAME==R\n R==R+N\nTERMIN\n\
               REG A\nREG B\nREG C,3\nA\nB\nC\nR";
    assert_eq!(words(src), vec![0o7, 0o10, 0o11, 0o14]);
}

#[test]
fn blanks_before_the_end_of_the_line_stay_in_a_default() {
    // With no comment N is "1<tabs>": IFG's field ends at the blank, 1 is
    // greater than 0, and the rest, `-1,[5]`, is assembled.
    let src = "DEFINE F A,(N=1\t\t\n IFG N-1,[5]\n 6\nTERMIN\nF Q";
    assert_eq!(words(src), vec![0o101, 6, 5]);
}

#[test]
fn a_default_in_brackets_is_their_inside() {
    // $PRE=[] is empty: no literal's address before the text's bytes.
    let src =
        "DEFINE ASC PRE=[],*STR*,POST=[]\n .BYTE 7\n PRE\n IRPC C,,[STR]\n  .ASCVL /C ? TERMIN\n \
               POST\n .BYTE ? TERMIN\nMOVE 1,[ASC ,\"AB\",15]";
    assert_eq!(words(src), vec![0o200040_000101, 0o406041_500000]);
}

#[test]
fn keyword_dummies_take_name_equals_value_in_any_order() {
    // Real MIDAS 433 (oracle): B and C by keyword between A and D by
    // order; a lone comma ends the run of keywords.
    let src = "DEFINE KW A=1,+B=2,C=3,+D=4\n A ? B ? C ? D\nTERMIN\n\
               KW 100,,200\nKW 10,C=11\nKW ,B=20,C=21,,40\nKW 7, C = 13";
    assert_eq!(
        words(src),
        vec![0o100, 2, 3, 0o200, 0o10, 2, 0o11, 4, 1, 0o20, 0o21, 0o40, 7, 2, 0o13, 4]
    );
}

#[test]
fn a_keyword_is_compared_as_written() {
    // Real MIDAS 433: "Arg with undefined keyword" for `sense=` when the
    // dummy is SENSE.
    let e = support::fails("DEFINE KW X,+SENSE=6\n X ? SENSE\nTERMIN\nKW 7,sense=11");
    assert!(e.contains("Arg with undefined keyword"), "{e}");
}

#[test]
fn a_bracketed_keyword_default_holds_its_commas() {
    // its.1648's TTDDPT: `HOR=[72.-IFN MCOND AIKA,[1]]`. Real MIDAS 433
    // (oracle): X1 is 72. (110), X2 the 5 given, Y1 the next default.
    let src = "DEFINE FOO N,+HOR=[72.-IFN 0,[1]],S=0\nX!N==HOR\nY!N==S\nTERMIN\nFOO 1\n\
               FOO 2,HOR=5\nGO: X1\nX2\nY1\nEND GO\n";
    assert_eq!(support::whole_words(src), vec![0o110, 5, 0]);
}
