//! Conditional bodies (`doc/info/midas`, node Cond-A3: `[...]`, `{...}`
//! or the rest of the line), IFDEF of a macro, and EQUALS (list of
//! pseudo-ops: "EQUALS new,old"). Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::*;

#[test]
fn one_line_bodies_run_to_the_end_of_the_line() {
    assert_eq!(words("IFE 0,1 ? 2\n3"), vec![1, 2, 3]);
    assert_eq!(words("IFN 0,1 ? 2\n3"), vec![3]);
    // A comment on a failing line goes with it.
    assert_eq!(words("IFN 0,1 ;x\n3"), vec![3]);
}

#[test]
fn braced_bodies_count_only_braces() {
    assert_eq!(words("IFE 0,{ {1} ? 2 }\n3"), vec![1, 2, 3]);
    assert_eq!(words("IFN 0,{ {1} ? [2 }\n3"), vec![3]);
    assert_eq!(words("IFN 0,[ [1] ? 2 ]\n3"), vec![3]);
    let e = fails("IFN 0,{ 1");
    assert!(e.contains("unterminated {"), "{e}");
    let e = fails("IFN 0,[ 1");
    assert!(e.contains("unterminated ["), "{e}");
}

#[test]
fn bodies_over_several_lines() {
    assert_eq!(words("IFE 0,[1\n2\n]\n3"), vec![1, 2, 3]);
    assert_eq!(words("IFE 1,[1\n2\n]\n3"), vec![3]);
}

#[test]
fn ifdef_sees_macros_too() {
    assert_eq!(words("DEFINE M\nTERMIN\nIFDEF M,5\nIFNDEF M,6"), vec![5]);
    assert_eq!(words("IFDEF NOSUCH,5\nIFNDEF NOSUCH,6"), vec![6]);
}

#[test]
fn equals_copies_symbols_macros_and_pseudo_ops() {
    assert_eq!(words("EQUALS FOO,MOVE\nFOO 1,2"), vec![0o200040_000002]);
    assert_eq!(words("EQUALS TEXT,ASCII\nTEXT /A/"), vec![0o404000_000000]);
    assert_eq!(words("DEFINE M\n7\nTERMIN\nEQUALS N,M\nN"), vec![7]);
    assert_eq!(words("A=3\nEQUALS B A\nA=4\nB"), vec![3]);
    let e = fails("EQUALS B,NOSUCH");
    assert!(e.contains("undefined symbol NOSUCH"), "{e}");
    let e = fails("EQUALS B");
    assert!(e.contains("EQUALS needs two symbols"), "{e}");
    // A symbol made a macro's name again is no longer that macro.
    assert_eq!(words("DEFINE M\n7\nTERMIN\nA=5\nEQUALS M,A\nM"), vec![5]);
}

#[test]
fn a_format_number_is_10_to_37() {
    assert_eq!(words(".FORMAT 10,0044_24.\n1,"), vec![1]);
    assert_eq!(words(".FORMAT 37,0022_24.+0022_12.+0022\n1,2,3"), vec![6]);
    for n in ["7", "40"] {
        let e = fails(&format!(".FORMAT {n},0"));
        assert!(e.contains("a format number is 10 to 37"), "{n}: {e}");
    }
}
