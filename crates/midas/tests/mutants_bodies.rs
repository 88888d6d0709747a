//! Macro bodies and `\` arguments (`doc/info/midas`, nodes Body, Quote,
//! Concatenation, Calls-2b): each checked against real MIDAS 433 (`pdp10
//! midas-oracle`). Written for mutation testing (docs/mutants.md).

mod support;
use support::*;

/// SIXBIT of up to six characters, left-justified.
fn sixbit(s: &str) -> u64 {
    s.bytes()
        .chain(std::iter::repeat(b' '))
        .take(6)
        .fold(0, |w, c| (w << 6) | (c - 0o40) as u64)
}

const NORM: &str = "DEFINE NORM A,B\n\tSIXBIT /A/ ? B\nTERMIN\n";

#[test]
fn a_backslash_argument_is_written_in_the_current_radix() {
    assert_eq!(
        words(&format!("{NORM}RADIX 10.\nNORM \\<12>,5")),
        vec![sixbit("12"), 5]
    );
    assert_eq!(
        words(&format!("{NORM}NORM \\<12>,5")),
        vec![sixbit("12"), 5]
    );
    assert_eq!(
        words(&format!("{NORM}NORM \\<10.>,5")),
        vec![sixbit("12"), 5]
    );
    // A negative value is its 36-bit word's twelve digits.
    assert_eq!(
        words(&format!("{NORM}NORM \\-1,6")),
        vec![sixbit("777777"), sixbit("777777"), 6]
    );
    assert_eq!(words(&format!("{NORM}NORM \\0,6")), vec![sixbit("0"), 6]);
}

#[test]
fn termin_is_found_only_as_a_whole_name() {
    // FOOTERMIN is the symbol FOOTER, no TERMIN.
    assert_eq!(words("DEFINE M\nFOOTERMIN=5\nTERMIN\nM\nFOOTER"), vec![5]);
}

#[test]
fn concatenation_marks_next_to_dummies() {
    // Node Constructs: A!!B concatenates as A!B does; A!!!B keeps one.
    assert_eq!(
        words("DEFINE CAT A,B\nA!!B ? A!!!B\nTERMIN\nCAT 1,2"),
        vec![0o12, 0o12]
    );
}

#[test]
fn quote_in_a_body_hides_dummies() {
    // Node Quote: the text of `.QUOTE /A/` stays `A`, even where A is a
    // dummy; blanks before the delimiter are skipped.
    assert_eq!(
        words("DEFINE QQ A\n.QUOTE /A/ ? A\nTERMIN\nA=7\nQQ 3"),
        vec![7, 3]
    );
    assert_eq!(
        words("DEFINE QQ A\n1 ? .QUOTE\t|A| ? A\nTERMIN\nA=7\nQQ 3"),
        vec![1, 7, 3]
    );
    // TERMIN inside a .QUOTE does not end the body.
    assert_eq!(
        words("DEFINE QQ\nSIXBIT .QUOTE \"/TERMIN/\"\nTERMIN\nQQ"),
        vec![sixbit("TERMIN")]
    );
}

#[test]
fn gensyms_count_in_octal_whatever_the_radix() {
    // Node Gensymmed: G and .GSCNT, incremented before each gensym, "in
    // the current radix"; real MIDAS 433 writes the count in octal under
    // RADIX 10. too (its DDT table for 9 gensymmed labels there holds
    // G00001 to G00011): the ninth is G00011, the tenth G00012.
    let src = "DEFINE G \\A\nSIXBIT /A/\nTERMIN\nREPEAT 8,[G\n]\nG";
    assert_eq!(*words(src).last().unwrap(), sixbit("G00011"));
    let src = "RADIX 10.\nDEFINE G \\A\nSIXBIT /A/\nTERMIN\nREPEAT 9,[G\n]\nG";
    assert_eq!(*words(src).last().unwrap(), sixbit("G00012"));
}

#[test]
fn a_semicolon_ends_a_call_before_its_arguments() {
    // Calls-2d: a `;` (blanks before it too) leaves every dummy
    // unspecified, so defaulted.
    let two = "DEFINE 2STRS *A=UGH,B*\n\tASCIZ /A,B/\nTERMIN\n";
    assert_eq!(words(&format!("{two}2STRS ;c")), words("ASCIZ /UGH,/"));
    assert_eq!(words(&format!("{two}2STRS   ;c")), words("ASCIZ /UGH,/"));
    let norm = "DEFINE N A=5\nA\nTERMIN\n";
    assert_eq!(words(&format!("{norm}N;c\nN 6")), vec![5, 6]);
}

#[test]
fn blanks_before_a_semicolon_are_dropped_before_an_eol_kept() {
    // Node Calls-2e: "tabs and spaces before a semicolon are ignored";
    // real MIDAS 433 keeps those before an EOL.
    let q = "DEFINE Q A\nASCIZ /A/\nTERMIN\n";
    assert_eq!(words(&format!("{q}Q AB  ;c")), words("ASCIZ /AB/"));
    assert_eq!(words(&format!("{q}Q CD  ")), words("ASCIZ /CD  /"));
    assert_eq!(words(&format!("{q}Q EF\t")), words("ASCIZ /EF\t/"));
    // A macro without dummies reads no arguments: `(3)` follows it.
    assert_eq!(words("DEFINE Z\n5\nTERMIN\nZ(3)"), vec![5, 0o3_000000]);
    // A default ends at a semicolon.
    assert_eq!(words("DEFINE M A=5;C\nA\nTERMIN\nM"), vec![5]);
}
