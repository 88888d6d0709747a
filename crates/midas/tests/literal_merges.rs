//! A literal equal to an earlier one whose forward references have been
//! defined in between shares its word already on pass 1, so the constants
//! area leaves no gap; when the references are defined only after both
//! literals, the pass-1 area keeps both words and pass 2 leaves a gap.
//! Every expected word is what real MIDAS 433 made of the same lines
//! (`pdp10 midas-oracle`); BAZ shows where the area ended.

mod support;
use support::words;

#[test]
fn a_label_defined_between_two_equal_literals() {
    // sysen1;gmsgs writes `[CALL INCI ...]` before and after INCI:.
    assert_eq!(
        words("GO:\tMOVE 1,[FOO]\nFOO:\tMOVE 2,[FOO]\n\tJRST GO\nCONSTANTS\nBAZ:\tBAZ"),
        vec![
            0o200040_000103,
            0o200100_000103,
            0o254000_000100,
            0o101,
            0o104
        ]
    );
}

#[test]
fn nested_literals_and_an_assignment_in_between() {
    assert_eq!(
        words(
            "GO:\tMOVE 1,[PUSHJ X,[FOO]]\nFOO:\tMOVE 2,[PUSHJ X,[FOO]]\nX==3\n\
             \tMOVE 3,[X]\n\tMOVE 4,[3]\nCONSTANTS\nBAZ:\tBAZ"
        ),
        vec![
            0o200040_000105,
            0o200100_000105,
            0o200140_000106,
            0o200200_000106,
            0o101,
            0o260140_000104,
            3,
            0o107
        ]
    );
}

#[test]
fn symbols_defined_after_both_literals_leave_a_gap() {
    assert_eq!(
        words("GO:\tMOVE 1,[FOO]\n\tMOVE 2,[BAR]\nFOO==5\nBAR==5\nCONSTANTS\nBAZ:\tBAZ"),
        vec![0o200040_000102, 0o200100_000102, 5, 0o104]
    );
    assert_eq!(
        words(
            "GO:\tMOVE 1,[FOO]\n\tMOVE 2,[5]\nFOO==5\n\tMOVE 3,[5]\n\tMOVE 4,[FOO]\n\
             CONSTANTS\nBAZ:\tBAZ"
        ),
        vec![
            0o200040_000104,
            0o200100_000104,
            0o200140_000104,
            0o200200_000104,
            5,
            0o106
        ]
    );
}
