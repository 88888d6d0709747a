//! A line end inside `<>` or `()` separates the words of the group as `?` does,
//! and the statement goes on to the closing `>`. Expected words are what
//! real MIDAS 433 made of the same lines (`pdp10 midas-oracle`);
//! syseng;tctyp writes `[%TOMVB+...,,<` CR LF `%TPORS+...>]`.

mod support;
use support::words;

#[test]
fn a_line_end_inside_angle_brackets_separates_words() {
    assert_eq!(
        words("\tMOVE 2,[1+2,,<\n\t\t3+4>]\n\tMOVE 2,<1+\n2>\n\tMOVEI 1,2"),
        vec![
            0o200100_000103,
            0o200100_000002,
            0o201040_000002,
            0o000003_000007
        ]
    );
    assert_eq!(
        words("\tMOVE 2,<3\n>\n\tMOVE 2,<\n4 ? 5\n6>"),
        vec![0o200100_000000, 0o200100_000006]
    );
}

#[test]
fn a_line_end_inside_parentheses_separates_words() {
    // As inside `<>`; real MIDAS 433 (midas-oracle) makes these words.
    assert_eq!(
        words("\tMOVE 2,(1+\n2)\n\tMOVE 3,(4 ? 5)\n\tMOVE 2,(3\n)"),
        vec![0o200102_000000, 0o200145_000000, 0o200100_000000]
    );
}
