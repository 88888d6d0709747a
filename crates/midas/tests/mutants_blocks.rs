//! Block names in symbols (`doc/info/midas`, node Blocks): `.M`, `.U`,
//! `.C`, a block named through its superior, and two blocks of one name in
//! different superiors; the words checked against real MIDAS 433 (`pdp10
//! midas-oracle`). Written for mutation testing (docs/mutants.md).

mod support;
use support::*;

#[test]
fn special_block_names_and_qualified_names() {
    let src = "\
.BEGIN FOO
.U\"X=5
.C\"Z=7
Z
BAR=2
.END FOO
X
FOO\"Z
.BEGIN A
.BEGIN B
.M\"Y=6
.END B
.END A
Y
BAR=1
FOO\".U\"BAR
.BEGIN B2
.U\"A\"Q=3
.END B2
A\"Q
.BEGIN UGH
.BEGIN FOO
BAR=4
.END FOO
.END UGH
UGH\"FOO\"BAR
FOO\"BAR";
    assert_eq!(words(src), vec![7, 5, 7, 6, 1, 3, 4, 2]);
}

#[test]
fn ends_must_match_begins() {
    let e = fails(".END");
    assert!(e.contains("unmatched"), "{e}");
    let e = fails(".BEGIN FOO\n.END BAR");
    assert!(e.contains("unmatched"), "{e}");
    let e = fails(".BEGIN FOO\n.END FOO\n.END FOO");
    assert!(e.contains("unmatched"), "{e}");
    assert_eq!(
        words(".BEGIN FOO\n.BEGIN BAR\n1\n.END BAR\n.END FOO\n2"),
        vec![1, 2]
    );
}

#[test]
fn begin_without_a_name_takes_the_last_labels() {
    assert_eq!(words("SUB: 0\n.BEGIN\nX=5\n.END\nSUB\"X"), vec![0, 5]);
    let e = fails(".BEGIN");
    assert!(e.contains(".BEGIN needs a block name"), "{e}");
}

#[test]
fn a_label_is_no_variable() {
    // `X'` of a symbol the program already defined on this pass is that
    // symbol; only a new name becomes a variable.
    assert_eq!(words("X: 0\nMOVEI 1,X'\nVARIAB"), vec![0, 0o201040_000100]);
    // A variable noted twice is placed once.
    assert_eq!(
        words("MOVEI 1,Y'\nMOVEI 2,Y'\nVARIAB\nZ: 0\nMOVEI 3,Z"),
        vec![0o201040_000102, 0o201100_000102, 0, 0o201140_000103]
    );
}

#[test]
fn a_name_midas_never_had_is_undefined() {
    // UJEN (100) is a KI10 name; MIDAS's initial symbols start at 104.
    let e = fails("UJEN");
    assert!(e.contains("undefined symbol UJEN"), "{e}");
    assert_eq!(words("JSYS"), vec![0o104000_000000]);
}
