//! What pass 2 keeps from pass 1: the size of each VARIABLES area and the
//! constants pass 1 could not merge. Each source was assembled by real
//! MIDAS 433 on the ITS shim (`pdp10 midas-oracle`) and the expected
//! words are what it made.

mod support;
use support::placed;

#[test]
fn a_variable_declared_on_pass_1_only_keeps_its_word_on_pass_2() {
    // A is undefined on pass 1, so `.SCALAR A` is done then and not on
    // pass 2; the area stays two words and C is at 104 (syseng;netwrk's
    // `IFNDEF ARPHST, .SCALAR ARPHST`).
    let src = "IFNDEF A, .SCALAR A\n.SCALAR B\nMOVE 1,A\nMOVE 2,B\nVARIABLES\nC: 0";
    assert_eq!(
        placed(src),
        vec![
            (0o100, 0o200040_000102),
            (0o101, 0o200100_000103),
            (0o104, 0)
        ]
    );
}

#[test]
fn a_variable_declared_again_in_an_inner_block_is_the_same_word() {
    // Real MIDAS makes one word of the two `.SCALAR A` (sysen2;mldev's
    // USENCP, declared by the program and again inside NETWRK).
    let src = ".SCALAR A\n.BEGIN B\n.SCALAR A\nMOVE 1,A\n.END B\nMOVE 2,A";
    assert_eq!(
        placed(src),
        vec![(0o100, 0o200040_000102), (0o101, 0o200100_000102)]
    );
}

#[test]
fn a_literal_before_and_after_an_inner_blocks_vector_is_two_constants_on_pass_1() {
    // Before `.VECTOR BUF` the literal refers to a plain undefined BUF,
    // after it to B's variable: two constants on pass 1, one on pass 2, so
    // the area keeps a gap and BUF is at 105 (syseng;netwrk's PKTBUF).
    let src = ".BEGIN B\nDPB 1,[341000,,BUF]\n.VECTOR BUF(10)\nDPB 1,[341000,,BUF]\n\
               DPB 1,[341000,,BUF]\n.END B\nCONSTANTS\nVARIABLES";
    assert_eq!(
        placed(src),
        vec![
            (0o100, 0o137040_000103),
            (0o101, 0o137040_000103),
            (0o102, 0o137040_000103),
            (0o103, 0o341000_000105)
        ]
    );
    // `B"BUF` from outside the block after the .VECTOR is B's variable too:
    // it shares the second constant (sysen2;name's `netwrk"pktbuf`).
    let src = ".BEGIN B\nDPB 1,[341000,,BUF]\n.VECTOR BUF(10)\nDPB 1,[341000,,BUF]\n\
               .END B\nDPB 1,[341000,,B\"BUF]\nCONSTANTS\nVARIABLES";
    assert_eq!(
        placed(src),
        vec![
            (0o100, 0o137040_000103),
            (0o101, 0o137040_000103),
            (0o102, 0o137040_000103),
            (0o103, 0o341000_000105)
        ]
    );
    // In one block the reference and the variable are one symbol: one
    // constant, BUF at 104.
    let src = "DPB 1,[341000,,BUF]\n.VECTOR BUF(10)\nDPB 1,[341000,,BUF]\nCONSTANTS\nVARIABLES";
    assert_eq!(
        placed(src),
        vec![
            (0o100, 0o137040_000102),
            (0o101, 0o137040_000102),
            (0o102, 0o341000_000103)
        ]
    );
}
