//! Macro calls and loops as the MIDAS manual describes them
//! (`doc/info/midas`, nodes Calls-1d parenthesized calls, Calls-3 balanced
//! and Calls-5 strung arguments, loops-C1 IRPC, Loops and REPEAT), one
//! small program per behaviour. `.LENGTH /text/` (the number of characters
//! of text) shows what a dummy was given. Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::*;

#[test]
fn a_parenthesized_call_ends_at_the_matching_close() {
    // Calls-1d: after the values, characters are thrown away up to and
    // including the CLOSE matching the OPEN after the name.
    assert_eq!(words("DEFINE SUM A,B\nA+B\nTERMIN\nSUM(1,2)"), vec![3]);
    // The body ends with its line; the text after the close follows it.
    assert_eq!(words("DEFINE SUM A,B\nA+B\nTERMIN\nSUM(1,2) 5"), vec![3, 5]);
}

#[test]
fn a_balanced_argument_keeps_commas_inside_brackets() {
    // Calls-3: a dummy after `(` in the DEFINE line is balanced: nothing
    // ends its argument while a bracket is open.
    let src = "DEFINE LEN (A),B\n.LENGTH /A/\n.LENGTH /B/\nTERMIN\nLEN (1,2),345";
    assert_eq!(words(src), vec![5, 3]);
}

#[test]
fn a_strung_argument_runs_to_its_second_delimiter() {
    // Calls-5: after `*` dummies are strung: the first character is the
    // delimiter, the value everything up to its next occurrence.
    let src = "DEFINE LEN *A\n.LENGTH |A|\nTERMIN\nLEN /HELLO/";
    assert_eq!(words(src), vec![5]);
    let src = "DEFINE LEN *A,B\n.LENGTH |A|\n.LENGTH |B|\nTERMIN\nLEN \"AB\",'XYZW'";
    assert_eq!(words(src), vec![2, 4]);
}

#[test]
fn irpc_gives_the_character_and_the_rest() {
    // loops-C1: the second dummy is the part of the string after the
    // character the first is set to.
    let src = "IRPC X,Y,[ABC]\n\"X\n.LENGTH /Y/\nTERMIN";
    assert_eq!(words(src), vec![0o101, 2, 0o102, 1, 0o103, 0]);
}

#[test]
fn irp_over_one_and_over_no_element() {
    assert_eq!(words("IRP X,,[7]\nX\nTERMIN"), vec![7]);
    assert_eq!(words("IRP X,,[5,6]\nX\nTERMIN"), vec![5, 6]);
    // An empty list: the body is not assembled at all.
    assert_eq!(words("1\nIRP X,,[]\nX+10\nTERMIN\n2"), vec![1, 2]);
}

#[test]
fn repeat_counts_beyond_the_address_space_are_refused() {
    assert_eq!(words("REPEAT 3,[.RPCNT\n]"), vec![0, 1, 2]);
    let e = fails("REPEAT 1000000,[0]");
    assert!(e.contains("too many"), "{e}");
}

#[test]
fn braced_conditionals_count_nested_braces() {
    // Cond-A3c: a braced conditional counts only braces when matching:
    // an inner `{...}` does not end it, brackets do not count at all.
    assert_eq!(words("IFN 0,{IFE 0,{2}\n3}\n4"), vec![4]);
    assert_eq!(words("IFE 0,{IFE 0,{2}\n3}\n4"), vec![2, 3, 4]);
    assert_eq!(words("IFN 0,{[}\n5"), vec![5]);
}
