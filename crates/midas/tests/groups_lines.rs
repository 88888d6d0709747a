//! A line end inside `<>` separates the words of the group as `?` does,
//! and the statement goes on to the closing `>`. Expected words are what
//! real MIDAS 433 made of the same lines (`pdp10 midas-oracle`);
//! syseng;tctyp writes `[%TOMVB+...,,<` CR LF `%TPORS+...>]`.

mod support;
use support::{fails, words};

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
fn a_line_end_inside_parentheses_is_refused() {
    // Real MIDAS takes it as `?` there too (`(1+` CR LF `2)` is (2)); this
    // assembler says so rather than guess.
    let e = fails("\tMOVE 2,(1+\n2)");
    assert!(e.contains("unterminated ("), "{e}");
}
