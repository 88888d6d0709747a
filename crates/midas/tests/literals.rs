//! Constants: which literals real MIDAS 433 merges, each source checked
//! against the words it makes (run on the ITS shim with
//! `pdp10 midas-oracle`).

mod support;
use support::whole_placed as words;

#[test]
fn pass_1_keeps_apart_literals_that_use_forward_references_non_linearly() {
    // [A+B] twice is one constant on pass 1; [A*2] or [#A] twice are two
    // (merged on pass 2, leaving a gap), so X is at 113, not 111.
    let src = "MOVE 1,[A*2]\nMOVE 2,[A*2]\nMOVE 3,[A+B]\nMOVE 4,[A+B]\nMOVE 5,[#A]\n\
               MOVE 6,[#A]\nCONSTANTS\nX: 0\nA=1\nB=2\nEND\n";
    assert_eq!(
        words(src),
        vec![
            (0o100, 0o200040_000106),
            (0o101, 0o200100_000106),
            (0o102, 0o200140_000107),
            (0o103, 0o200200_000107),
            (0o104, 0o200240_000110),
            (0o105, 0o200300_000110),
            (0o106, 2),
            (0o107, 3),
            (0o110, 0o777777_777776),
            (0o113, 0),
        ]
    );
}

#[test]
fn an_assignment_with_colon_inside_a_literal() {
    // inet.139's METER: `MR%n==:<.,,[ASCIZ NAME]>` in a literal. Real MIDAS
    // 433 (oracle): the literal is its two instructions, X is defined
    // (. is the location of the word holding the literal).
    let src = "GO: JRST [ MOVEI 1,1\nX==:<.,,0>\n JRST GO]\nX\nEND GO\n";
    assert_eq!(
        support::whole_words(src),
        vec![
            0o254000_000102,
            0o100_000000,
            0o201040_000001,
            0o254000_000100
        ]
    );
}

#[test]
fn assignments_in_a_literal_are_done_in_order_among_its_words() {
    // inet.139's METER inside a literal: `AOS MTRCNT+N` then `N==N+1`.
    // Real MIDAS 433 (oracle): the AOS uses N before the assignment.
    let src = "N==0\nGO: JRST [ AOS 200+N\nN==N+1\n JRST GO]\n JRST [ AOS 200+N\nN==N+1\n JRST GO]\nEND GO\n";
    assert_eq!(
        support::whole_words(src),
        vec![
            0o254000_000102,
            0o254000_000104,
            0o350000_000200,
            0o254000_000100,
            0o350000_000201,
            0o254000_000100
        ]
    );
}
