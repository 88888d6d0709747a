//! Word formats and `.FORMAT`, each source checked against the words real
//! MIDAS 433 makes of it (run on the ITS shim with `pdp10 midas-oracle`).

mod support;
use support::whole_words as words;

#[test]
fn format_changes_how_fields_are_put_together() {
    // rms;macros: `A,` and `A,B` take A as the AC field; then `A B` made
    // left half and right half.
    let src = ".FORMAT 30,2704_24.\n.FORMAT 34,00222704_12.\n\t5,\n\t3,100\n\tMOVE 1,2\n\
               \t1,,2\n\tDATAO 120,5\n.FORMAT 24,0044_24.+0022_12.\n\t1 2\nEND\n";
    assert_eq!(
        words(src),
        vec![
            0o000240_000000,
            0o000140_000100,
            0o200040_000002,
            0o000001_000002,
            0o712140_000005,
            3
        ]
    );
}

#[test]
fn a_format_number_outside_the_table_is_an_error() {
    let e = midas::assemble_str("t.mid", ".FORMAT 40,0\nEND\n").unwrap_err();
    assert!(e.to_string().contains("a format number is 10 to 37"), "{e}");
}

#[test]
fn blanks_after_an_operator_are_skipped_and_a_missing_operand_is_zero() {
    let src = "\t10+\n\t5-\n\tMOVE 1,2+\n\t3+ 4\n\t1,,2+\n\t<7*>\n\t6+ ;c\n\t[2+]\nEND\n";
    assert_eq!(
        words(src),
        vec![0o10, 5, 0o200040_000002, 7, 0o000001_000002, 0, 6, 0o110, 2]
    );
}

#[test]
fn braces_and_exclamation_marks_in_a_statement_are_nothing() {
    // `}` also says the last conditional succeeded (so .ELSE fails).
    let src = "A=1\n\t{A+1}\n\t1!2\n\tMOVE 1,{[3]}\nIFE 1,2\n}.ELSE 5\nEND\n";
    assert_eq!(words(src), vec![2, 0o12, 0o200040_000103, 3]);
}

#[test]
fn radix_reads_one_value_in_another_radix() {
    // `.RADIX rdx,value,` (list of pseudo-ops); .SCALAR of a block's name.
    let src = "\t.RADIX 10.,10\n\t<.RADIX 10.,<12>>+1\n\t.RADIX 2,101,\n.BEGIN D\n.END D\n\
               .SCALAR D\"V\n\tMOVEI 1,D\"V\nEND\n";
    assert_eq!(words(src), vec![0o12, 0o15, 5, 0o201040_000104]);
}

#[test]
fn an_assignment_in_a_group_defines_and_gives_its_value() {
    // `.vector pdl(lpdl==:100.)` (sysen2;msplit), `<LUFD==:2000>+1`.
    let src = ".vector pdl(lpdl==:100.)\n\tMOVE 1,[-lpdl,,pdl-1]\n.VECTOR UFD(<LUFD==:2000>+1)\n\
               \tLUFD\n\tMOVEI 1,UFD\nX==<Y==:5>\n\tX+Y\n\t(Z=3)\nEND\n";
    assert_eq!(
        words(src),
        vec![
            0o200040_002252,
            0o2000,
            0o201040_000251,
            0o12,
            0o000003_000000,
            0o777634_000104
        ]
    );
}

#[test]
fn a_comma_past_the_third_field_is_refused_as_real_midas_does() {
    // Real MIDAS 433 reports "Comma past the 3rd field of a word" for each
    // of these (and makes a word of its own); `1,2,3` is only "Undefined
    // format".
    for src in [
        " 1,2,3,4",
        " 1 2,3,4",
        " 1,,2,3",
        " MOVE 1,2,3",
        " MOVE 1,2,3,4",
    ] {
        let e = support::fails(src);
        assert!(
            e.contains("Comma past the 3rd field of a word"),
            "{src}: {e}"
        );
    }
    let e = support::fails(" 1,2,3");
    assert!(e.contains("Undefined format"), "{e}");
    assert!(!e.contains("Comma past"), "{e}");
    // Two commas with a third field are fine (`A,,C`, `A B,C`).
    assert_eq!(
        words(" 1,,2\n MOVE 1,2\nEND\n"),
        vec![0o1_000002, 0o200040_000002]
    );
}

#[test]
fn a_parenthesized_term_is_in_the_word_before_the_fields_go_in() {
    // Real MIDAS 433 (oracle) adds `(x)` into the word when it reads it,
    // then the fields: the address field's sum without carry takes the
    // term in, so no carry reaches the left half (syseng;system.gen's
    // `HRLOI A,(TRN)-1`).
    let src = "A=1\nGO: HRLOI A,(TRN)-1\n1,(TRN)-1\nMOVE A,(400000,,0)-1\n5,,(TRN)-1\n\
               MOVE 1,5(2)-1\nEND GO\n";
    assert_eq!(
        words(src),
        vec![
            0o525040_577777,
            0o000000_600000,
            0o200040_377777,
            0o000005_577777,
            0o200042_000004,
        ]
    );
}
