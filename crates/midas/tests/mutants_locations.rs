//! Where words go and what END, literals, byte mode and labels do, as the
//! MIDAS manual describes them (`doc/info/midas`, nodes Location, Literals,
//! Constants, Bytes, Labels, END and the list of pseudo-ops). Written for
//! mutation testing (docs/mutants.md).

mod support;
use support::{fails, placed, words};

fn assembled(source: &str) -> midas::Assembly {
    let text = format!("{source}\n");
    midas::assemble_str("t.mid", &text).unwrap_or_else(|e| panic!("{source}: {e}"))
}

#[test]
fn end_gives_the_start_instruction() {
    // END's argument is the start address, JRST to it; an instruction
    // given whole is kept.
    assert_eq!(assembled("GO: 0\nEND GO").start.raw(), 0o254000_000100);
    assert_eq!(assembled("0\nEND 200").start_address(), 0o200);
    assert_eq!(
        assembled("0\nEND <JRST 2,200>").start.raw(),
        0o254100_000200
    );
    assert_eq!(assembled("0\nEND").start.raw(), 0o254000_000000);
    assert_eq!(
        assembled("GO: 0\n1\nEND GO").summary(),
        "2 words assembled, start address 100"
    );
}

#[test]
fn block_may_reserve_all_of_memory_but_no_more() {
    // BLOCK 777777 from 0 leaves the next word at 777777 (real MIDAS 433).
    assert_eq!(placed("LOC 0\nBLOCK 777777\n5"), vec![(0o777777, 5)]);
}

#[test]
fn the_location_counter_wraps_in_18_bits() {
    assert_eq!(placed("LOC 777777\n1\n2"), vec![(0o777777, 1), (0, 2)]);
}

#[test]
fn offset_moves_dot_but_not_the_words() {
    // OFFSET: `.` is the location plus the offset; the words still go
    // where the location counter says.
    assert_eq!(
        placed("OFFSET 1000\n.\nFOO: FOO"),
        vec![(0o100, 0o1100), (0o101, 0o1101)]
    );
    // `.=` sets `.`: the location counter becomes that minus the offset.
    assert_eq!(placed("OFFSET 1000\n.=1200\n5"), vec![(0o200, 5)]);
    assert_eq!(placed("OFFSET -100\n."), vec![(0o100, 0)]);
}

#[test]
fn one_word_literals_are_shared_longer_ones_are_not() {
    // Node Literals: equal one-word constants share a word.
    assert_eq!(
        placed("MOVE 1,[5]\nMOVE 2,[5]\nMOVE 3,[6]"),
        vec![
            (0o100, 0o200040_000103),
            (0o101, 0o200100_000103),
            (0o102, 0o200140_000104),
            (0o103, 5),
            (0o104, 6),
        ]
    );
    assert_eq!(
        placed("MOVE 1,[5 ? 6]\nMOVE 2,[5 ? 6]"),
        vec![
            (0o100, 0o200040_000102),
            (0o101, 0o200100_000104),
            (0o102, 5),
            (0o103, 6),
            (0o104, 5),
            (0o105, 6),
        ]
    );
    // A literal's word that refers to a later symbol is shared on both
    // passes alike.
    assert_eq!(
        placed("MOVE 1,[FOO]\nMOVE 2,[FOO]\nFOO: 0"),
        vec![
            (0o100, 0o200040_000103),
            (0o101, 0o200100_000103),
            (0o102, 0),
            (0o103, 0o102)
        ]
    );
}

#[test]
fn constants_places_the_literals_so_far() {
    // Node Constants: CONSTANTS puts the literals read so far here; END
    // the rest.
    assert_eq!(
        placed("MOVE 1,[5]\nCONSTANTS\nMOVE 2,[6]"),
        vec![
            (0o100, 0o200040_000101),
            (0o101, 5),
            (0o102, 0o200100_000103),
            (0o103, 6)
        ]
    );
}

#[test]
fn byte_mode_fills_words_left_to_right() {
    // Node Bytes: five 7-bit bytes make a word (bit 35 left over); the
    // sixth starts the next word. A byte is cut to its size.
    assert_eq!(
        words(".BYTE 7\n101\n102\n103\n104\n105\n106\n.BYTE"),
        vec![0o406050_342212, 0o430000_000000]
    );
    assert_eq!(words(".BYTE 6\n177\n.BYTE"), vec![0o770000_000000]);
    // A 36-bit byte is a whole word.
    assert_eq!(words(".BYTE 36.\n-1\n5\n.BYTE"), vec![0o777777_777777, 5]);
    // (Checked against real MIDAS 433 with `pdp10 midas-oracle`.)
}

#[test]
fn a_label_may_not_be_a_pseudo_op_and_warns_over_an_initial_symbol() {
    // Real MIDAS: "Pseudo, macro or initial sym as label".
    let e = fails("LOC: 0");
    assert!(e.contains("Pseudo, macro or initial sym as label"), "{e}");
    let a = assembled("IBP: 0\nJRST IBP\nEND");
    assert_eq!(a.warnings.len(), 1, "{:?}", a.warnings);
    assert_eq!(a.words[1].1.raw(), 0o254000_000100);
    // An initial symbol that has the label's value already is no warning.
    let a = assembled("LOC 0\nZ: 0\nEND");
    assert!(a.warnings.is_empty(), "{:?}", a.warnings);
}

#[test]
fn a_runaway_expansion_is_stopped() {
    let options = midas::Options {
        read_limit: 1000,
        ..midas::Options::default()
    };
    let e = midas::assemble_str_with("t.mid", "REPEAT 100000,[ ]\nEND\n", &options).unwrap_err();
    assert!(e.to_string().contains("never ends"), "{e}");
    // A short program is within the same limit.
    assert!(midas::assemble_str_with("t.mid", "REPEAT 10,[1\n]\nEND\n", &options).is_ok());
}
