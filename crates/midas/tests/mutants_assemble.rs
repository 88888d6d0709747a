//! Statements as the MIDAS manual describes them (`doc/info/midas`, nodes
//! Bytes, Pseudos, Literals, Macros, Loops and Cond), one small program per
//! behaviour, and the clear errors the assembler gives where it refuses a
//! source. Written for mutation testing (docs/mutants.md): each test kills
//! a mutant a systematic sample of the whole crate showed alive.

mod support;
use support::{fails, placed, words};

#[test]
fn labels_in_byte_mode() {
    // Node Bytes: `.BYTE` packs the "words" that follow into bytes; a label
    // is a byte pointer to the next byte (real MIDAS 433, midas-oracle), so
    // MOVEI takes its address.
    let w = placed(".BYTE 18.,18.\nFOO: 1\n2\n.BYTE\nMOVEI 1,FOO\nFOO");
    assert_eq!(
        w,
        vec![
            (0o100, 0o000001_000002),
            (0o101, 0o201040_000100),
            (0o102, 0o442200_000100)
        ]
    );
    let w = placed(".BYTE 18.,18.\n1\nBAR: 2\n.BYTE\nBAR");
    assert_eq!(w, vec![(0o100, 0o000001_000002), (0o101, 0o222200_000100)]);
}

#[test]
fn block_moves_the_location_by_its_arguments_right_half() {
    assert_eq!(placed("1\nBLOCK 10\n2"), vec![(0o100, 1), (0o111, 2)]);
    // Its argument is a word truncated to the right half (midas.458 ABLKRG,
    // as for LOC), so the location wraps in 18 bits: real MIDAS 433 puts 2
    // and then 3 at 101 and 4 at 105, with no error.
    assert_eq!(
        placed("1\nBLOCK 1000000\n2\nBLOCK -1\n3\nBLOCK 1,,3\n4\nBLOCK (72./5+1)\n5"),
        vec![(0o100, 1), (0o101, 2), (0o101, 3), (0o105, 4), (0o106, 5)]
    );
}

#[test]
fn byte_mode_inside_a_literal() {
    // Node Bytes: byte mode in a grouping is the grouping's own, and a byte
    // that does not fit starts the next word; the last word, partly
    // filled, is kept.
    assert_eq!(
        words("MOVEI 1,[.BYTE 18. ? 1 ? 2 ? 3]"),
        vec![0o201040_000101, 0o000001_000002, 0o000003_000000]
    );
    // The manual's own example: `[.BYTE 7 ? ^M ? ^J]` is CR LF in ASCII.
    assert_eq!(
        words("MOVEI 1,[.BYTE 7 ? ^M ? ^J]"),
        vec![0o201040_000101, (0o15 << 29) | (0o12 << 22)]
    );
}

#[test]
fn a_literal_may_hold_any_number_of_words() {
    // Node Constructs, `[`: "There may be any number of lines or words in
    // the literal." Far more words than brackets may nest.
    let body: Vec<String> = (1..=150).map(|n| format!("{n:o}")).collect();
    let w = words(&format!("MOVEI 1,[{}]", body.join("\n")));
    assert_eq!(w.len(), 151);
    assert_eq!(w[0], 0o201040_000101);
    assert_eq!(w[1..], (1..=150).collect::<Vec<u64>>()[..]);
}

#[test]
fn a_stray_control_character_is_named_in_the_error() {
    // A control character has no meaning in a field: the error names it
    // the way a PDP-10 hacker types it, ^G for BEL.
    let e = fails("MOVE 1,\u{7}2");
    assert!(e.contains("unexpected character ^G"), "{e}");
}

#[test]
fn a_label_has_only_one_value() {
    // Node Symbols: "If a symbol is defined as a label, it can have only
    // one value." Node LocnCtr's OFFSET example relies on a label that
    // disagrees with an earlier `=` reporting a multiply-defined symbol.
    for src in ["FOO=5\nFOO: 0", "FOO: 0\nFOO=5"] {
        let e = fails(src);
        assert!(e.contains("FOO is multiply defined"), "{src:?}: {e}");
    }
    // Agreeing definitions are no error: the first word is at 100.
    assert_eq!(
        words("FOO=100\nFOO: 0\nMOVEI FOO"),
        vec![0, 0o201000_000100]
    );
    // Plain assignments may change as often as they like.
    assert_eq!(words("FOO=1\nFOO=2\nFOO"), vec![2]);
}

#[test]
fn the_summary_counts_words_and_names_the_start() {
    // The line `pdp10 midas` prints on standard error.
    let a = midas::assemble_str("t.mid", "GO: MOVEI 1,5\nJRST GO\nEND GO\n").unwrap();
    assert_eq!(a.summary(), "2 words assembled, start address 100");
}
