//! How statements are read (`doc/info/midas`, node Constructs and the list
//! of pseudo-ops): `"text` and `'text` with and without .QMTCH, comments,
//! form feeds, `!` `{` `}`, macros named through their block, and the
//! errors of DEFINE and of arguments. Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::*;

#[test]
fn quoted_text_without_qmtch() {
    // `"<text>`: at least one character, then every squoze character.
    assert_eq!(words("\"ABC"), vec![0o101 << 14 | 0o102 << 7 | 0o103]);
    assert_eq!(words("\"A+1"), vec![0o102]);
    // `'<text>` likewise in SIXBIT.
    assert_eq!(words("'AB+1"), vec![0o4143]);
    // A SIXBIT character must be printable.
    let e = fails("'\u{7}");
    assert!(e.contains("character not SIXBIT"), "{e}");
}

#[test]
fn quoted_text_with_qmtch() {
    // `.QMTCH` nonzero: `"<text>"`, the delimiter doubled for itself.
    assert_eq!(words(".QMTCH=1\n\"AB\""), vec![0o101 << 7 | 0o102]);
    assert_eq!(words(".QMTCH=1\n\"A\"\"\""), vec![0o101 << 7 | 0o42]);
    assert_eq!(words(".QMTCH=1\n'A B'"), vec![0o410042]);
    // `^x` is not affected.
    assert_eq!(words(".QMTCH=1\n^A"), vec![1]);
    let e = fails(".QMTCH=1\n\"AB");
    assert!(e.contains("unterminated text constant"), "{e}");
}

#[test]
fn comments_form_feeds_and_ignored_characters() {
    // `;` to the end of the line; a form feed ends the statement as a line
    // does (real MIDAS 433 on the oracle: `MOVEI 1,2^L MOVEI 1,3` is two
    // words), and inside brackets it is an error.
    assert_eq!(words("1 ;2\n3"), vec![1, 3]);
    assert_eq!(words("1\u{c}2"), vec![1, 2]);
    assert_eq!(
        words("\tMOVEI 1,2\u{c}\tMOVEI 1,3\n\u{c}FOO:\tJRST FOO"),
        vec![0o201040_000002, 0o201040_000003, 0o254000_000102]
    );
    let e = fails("\tMOVE 1,[2\u{c} 3]");
    assert!(e.contains("Formfeed within <>, () or []"), "{e}");
    // In a statement `!` and `{` are nothing; `}` says the last
    // conditional succeeded.
    assert_eq!(words("1!2"), vec![0o12]);
    assert_eq!(words("{5}"), vec![5]);
    assert_eq!(words("IFE 1,2\n}.ELSE 5"), Vec::<u64>::new());
}

#[test]
fn see_takes_its_names_up_to_a_question_mark() {
    assert_eq!(words(".SEE FOO,BAR ? 5"), vec![5]);
}

#[test]
fn a_macro_may_be_named_through_its_block() {
    let src = ".BEGIN LIB\nDEFINE TWICE X\nX ? X\nTERMIN\n.END LIB\nLIB\"TWICE 3";
    assert_eq!(words(src), vec![3, 3]);
}

#[test]
fn define_needs_a_name() {
    let e = fails("DEFINE\n1\nTERMIN");
    assert!(e.contains("DEFINE needs a macro name"), "{e}");
    let e = fails("DEFINE 123\n1\nTERMIN");
    assert!(e.contains("DEFINE needs a macro name"), "{e}");
    let e = fails("TERMIN");
    assert!(e.contains("TERMIN without DEFINE or IRP"), "{e}");
}

#[test]
fn arguments_of_conditionals_and_repeat() {
    // A conditional's argument ends at a blank as well as at a comma (node
    // Cond-A3; real MIDAS 433 assembles `IFE 1 2` to nothing and `IFE 0 3`
    // to 3, no error).
    assert_eq!(words("IFE 1 2"), Vec::<u64>::new());
    assert_eq!(words("IFE 0 3"), vec![3]);
    // A conditional inside the argument of another.
    assert_eq!(words("IFE <IFE 0,[0]>,5"), vec![5]);
}

#[test]
fn expansions_nest_only_so_deep() {
    let e = fails("DEFINE F\nF\nTERMIN\nF");
    assert!(e.contains("nested too deeply"), "{e}");
    let e = fails("DEFINE F\nIFE <F>,1\nTERMIN\nF");
    assert!(e.contains("too deeply"), "{e}");
}

#[test]
fn length_counts_a_line_end_as_two() {
    assert_eq!(words(".LENGTH /AB/"), vec![2]);
    assert_eq!(words(".LENGTH /A\nB/"), vec![4]);
}

#[test]
fn fnam1_and_fnam2_are_the_main_files_names() {
    // `t.mid` is the ITS file T MID: SIXBIT T and SIXBIT MID.
    assert_eq!(
        words(".FNAM1\n.FNAM2"),
        vec![0o640000_000000, 0o555144_000000]
    );
}
