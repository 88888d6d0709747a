//! Symbols as the MIDAS manual defines them (`doc/info/midas`, nodes
//! Symbols, Labels, Assignment, .KILL and the list of pseudo-ops) and as
//! they reach DDT's symbol table (`doc/sysdoc/binfmt.101`: SQUOZE name
//! with flag bits, then the value; 4.9 half-killed, 4.7 local). Written for
//! mutation testing (docs/mutants.md).

mod support;
use support::*;

use pdp10_isa::squoze;

/// The program's symbols for DDT: (name, flags, value).
fn table(source: &str) -> Vec<(String, u64, u64)> {
    assembled(source)
        .symbols
        .iter()
        .map(|s| (s.name.clone(), s.flags, s.value.raw()))
        .collect()
}

#[test]
fn a_symbol_is_its_first_six_characters() {
    // Node Symbols: only six characters count, in either case.
    assert_eq!(words("ABCDEFG=5\nABCDEFH"), vec![5]);
    assert_eq!(words("abcdef=6\nABCDEF"), vec![6]);
    // A run of squoze characters with two dots is a symbol, with one a
    // number (`1.` decimal) or the location.
    assert_eq!(words("..=7\n.."), vec![7]);
    assert_eq!(words("10."), vec![10]);
    assert_eq!(words("$=3 ? %X=4\n$ ? %X"), vec![3, 4]);
}

#[test]
fn labels_and_their_kinds_in_the_symbol_table() {
    let t = table("A: 1\nB:: 2\nC=3\nD==4\nE=:5");
    let local = squoze::LOCAL;
    let half = squoze::LOCAL | squoze::HALF_KILLED;
    assert_eq!(
        t,
        vec![
            ("A".into(), local, 0o100),
            ("B".into(), half, 0o101),
            ("C".into(), local, 3),
            ("D".into(), half, 4),
            ("E".into(), local, 5),
        ]
    );
}

#[test]
fn colon_equals_refuses_a_new_value() {
    // `=:` and `==:` define a symbol that may not be redefined.
    assert_eq!(words("E=:5\nE=:5\nE"), vec![5]);
    let e = fails("E=:5\nE=:6");
    assert!(e.contains("E"), "{e}");
    // An ordinary assignment may change its value.
    assert_eq!(words("F=1\nF=2\nF"), vec![2]);
}

#[test]
fn hkill_half_kills_and_kill_keeps_the_value() {
    // .HKILL half-kills the symbols named, separated by commas or blanks.
    let t = table("C=3\nD=4\nE=5\n.HKILL C,D");
    let half = squoze::LOCAL | squoze::HALF_KILLED;
    assert_eq!(
        t,
        vec![
            ("C".into(), half, 3),
            ("D".into(), half, 4),
            ("E".into(), squoze::LOCAL, 5)
        ]
    );
    assert_eq!(table("C=3\nD=4\n.HKILL C D")[1].1, half);
    // ".KILL ... MIDAS does not forget the value of a symbol".
    assert_eq!(words("A=1\n.KILL A\nA"), vec![1]);
}

#[test]
fn kill_leaves_the_symbol_out_of_ddts_table() {
    // Manual, .KILL: "The specified symbols will not go in the symbol
    // table" (real MIDAS 433's binary has no A); .HKILL only half-kills.
    let t = table("A=1\nB=2\nC=3\n.KILL A,C\n.HKILL B");
    let half = squoze::LOCAL | squoze::HALF_KILLED;
    assert_eq!(t, vec![("B".into(), half, 2)]);
}

#[test]
fn a_label_twice_is_an_error_an_assignment_twice_is_not() {
    let e = fails("X: 1\nX: 2");
    assert!(e.contains("X is multiply defined"), "{e}");
    assert_eq!(words("X=1\nX=1\nX"), vec![1]);
}

#[test]
fn dot_is_the_location() {
    assert_eq!(words("1\n.\n.+1"), vec![1, 0o101, 0o103]);
    assert_eq!(words(".=200\n."), vec![0o200]);
    assert_eq!(assembled(".=200\n5").words[0].0, 0o200);
}

#[test]
fn ignored_pseudo_ops_take_their_line() {
    // .XCREF, .AUXIL, .SYMTAB ... only steer listing and cross-reference:
    // nothing is assembled, whatever follows them on the line.
    assert_eq!(words(".XCREF A,B,C\n.AUXIL\nSUBTTL FOO BAR\n5"), vec![5]);
}

#[test]
fn scalar_and_vector_allocate_variables() {
    // .SCALAR A,B and .VECTOR V(3) are given places in the next VARIAB
    // area, one word each, a vector its size.
    let a = assembled(
        "MOVEI 1,A\nMOVEI 1,V\nMOVEI 1,B\n.SCALAR A,B\n.VECTOR V(3)\nVARIAB\nX: 0\nMOVEI 1,X",
    );
    let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw() & 0o777777).collect();
    let (a_, v, b) = (w[0], w[1], w[2]);
    let mut places = [a_, b, v];
    places.sort();
    // Three distinct places holding 1 + 1 + 3 words, all before X.
    let x = *w.last().unwrap();
    assert_eq!(x - places[0], 5, "{w:?}");
    assert!(places.windows(2).all(|p| p[0] < p[1]), "{w:?}");
}

#[test]
fn symbols_of_the_program_only_go_to_ddt() {
    // Real MIDAS 433 (its binary's symbol block): EQUALS FOO,MOVE puts FOO
    // in the table with MOVE's value; `.U"X` from the main block defines X
    // in .INIT, the initial symbols' block, which is not written.
    let t = table("EQUALS FOO,MOVE\n.U\"X=5\nY=6\nX");
    assert_eq!(
        t,
        vec![
            ("FOO".into(), squoze::LOCAL, 0o200000_000000),
            ("Y".into(), squoze::LOCAL, 6),
        ]
    );
}

#[test]
fn kill_and_half_kill_do_nothing_on_pass_1() {
    // Real MIDAS 433 (A.KILL, checked with midas-oracle): `IF1 .KILL FOO`
    // leaves FOO in DDT's table, and `IF1 .HKILL BAR` leaves BAR whole.
    let t = table("FOO: 1\nBAR: 2\nIF1 .KILL FOO\nIF1 .HKILL BAR\nIF2 .HKILL FOO");
    let names: Vec<(&str, bool)> = t
        .iter()
        .map(|(n, f, _)| (n.as_str(), f & squoze::HALF_KILLED != 0))
        .collect();
    assert!(names.contains(&("FOO", true)), "{t:?}");
    assert!(names.contains(&("BAR", false)), "{t:?}");
}
