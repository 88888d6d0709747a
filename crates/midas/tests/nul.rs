//! A NUL character (^@) in a source, checked against the words real MIDAS
//! 433 makes (run on the ITS shim with `pdp10 midas-oracle`).

mod support;
use support::words;

#[test]
fn a_nul_in_program_text_is_skipped() {
    // Between or inside symbols and numbers, on a line of its own, and
    // after a form feed: as if it were not there.
    assert_eq!(
        words("\tMO\0VE 1,2\n\t1\x002\n\0\tMOVE\0 2,3\n\x0c\0"),
        vec![0o200040_000002, 0o12, 0o200100_000003]
    );
}

#[test]
fn a_nul_inside_text_is_a_character_of_it() {
    // ASCII /A^@B/ is A, NUL, B; SIXBIT /A^@B/ has NUL's code 40 between.
    assert_eq!(
        words("\tASCII /A\0B/\n\tSIXBIT /A\0B/"),
        vec![0o404010_200000, 0o414042_000000]
    );
}
