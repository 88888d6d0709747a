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

#[test]
fn radix_as_a_line_of_a_literal_reads_the_lines_after_it_in_that_radix() {
    // Real MIDAS 433 (midas-oracle) reads a literal line by line: after
    // `RADIX 10.` a number and a macro's `\X` argument are decimal, up to
    // `RADIX 8`; the radix stays set after the statement (MOVEI 4,20 is
    // 24), also on a line separated by `?` (_teco_;teco.1213's SYSCAL).
    let src = "DEFINE SIX N\nSIXBIT /N/\nTERMIN\nX==12\n\
        GO:\tMOVEI 1,[10\n\tSIX \\X\n\tRADIX 10.\n\t10\n\tSIX \\X\n\
        \t\tRADIX 8 ; back\n\t10\n\tSIX \\X\n\t]\n\tMOVEI 2,10\n\
        \tMOVEI 3,[RADIX 10.\n\t20]\n\tMOVEI 4,20\n\tRADIX 8\n\
        \tMOVEI 5,[10 ? RADIX 10. ? 10 ? RADIX 8 ? 20]\n\tMOVEI 6,10\n\tEND GO\n";
    assert_eq!(
        support::whole_words(src),
        vec![
            0o201040_000106,
            0o201100_000010,
            0o201140_000114,
            0o201200_000024,
            0o201240_000115,
            0o201300_000010,
            0o10,
            0o212200_000000,
            0o12,
            0o212000_000000,
            0o10,
            0o212200_000000,
            0o24,
            0o10,
            0o12,
            0o20,
        ]
    );
}

#[test]
fn radix_ends_its_argument_at_a_blank_and_other_uses_in_a_literal_are_refused() {
    // Real MIDAS 433 ends RADIX's argument at a blank: in a literal the
    // rest of the line is a word of it, read in the new radix (oracle).
    assert_eq!(
        support::placed("MOVEI 1,[1 ? RADIX 10. 10]\nMOVEI 2,10"),
        vec![
            (0o100, 0o201040_000102),
            (0o101, 0o201100_000012),
            (0o102, 1),
            (0o103, 0o12)
        ]
    );
    // Not checked against real MIDAS: errors, not guesses. Outside a
    // literal the rest of the line would be a word (`RADIX 8 7` is a 7).
    let e = support::fails("RADIX 8 7");
    assert!(e.contains("text after RADIX"), "{e}");
    let e = support::fails("MOVEI 1,[1 ? RADIX 10.,5]");
    assert!(e.contains("a comma after RADIX"), "{e}");
    let e = support::fails("MOVEI 1,[1 ? 2 RADIX 10.]");
    assert!(e.contains("undefined symbol RADIX"), "{e}");
    // An assignment done early in a literal read in two radixes.
    let e = support::fails("MOVEI 1,[A==10 ? RADIX 10. ? IFE A-8,[1] ? 2]");
    assert!(e.contains("not supported"), "{e}");
}
