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
