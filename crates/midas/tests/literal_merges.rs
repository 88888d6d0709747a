//! A literal equal to an earlier one whose forward references have been
//! defined in between shares its word already on pass 1, so the constants
//! area leaves no gap; when the references are defined only after both
//! literals, the pass-1 area keeps both words and pass 2 leaves a gap.
//! Every expected word is what real MIDAS 433 made of the same lines
//! (`pdp10 midas-oracle`); BAZ shows where the area ended.

mod support;
use support::words;

#[test]
fn a_label_defined_between_two_equal_literals() {
    // sysen1;gmsgs writes `[CALL INCI ...]` before and after INCI:.
    assert_eq!(
        words("GO:\tMOVE 1,[FOO]\nFOO:\tMOVE 2,[FOO]\n\tJRST GO\nCONSTANTS\nBAZ:\tBAZ"),
        vec![
            0o200040_000103,
            0o200100_000103,
            0o254000_000100,
            0o101,
            0o104
        ]
    );
}

#[test]
fn nested_literals_and_an_assignment_in_between() {
    assert_eq!(
        words(
            "GO:\tMOVE 1,[PUSHJ X,[FOO]]\nFOO:\tMOVE 2,[PUSHJ X,[FOO]]\nX==3\n\
             \tMOVE 3,[X]\n\tMOVE 4,[3]\nCONSTANTS\nBAZ:\tBAZ"
        ),
        vec![
            0o200040_000105,
            0o200100_000105,
            0o200140_000106,
            0o200200_000106,
            0o101,
            0o260140_000104,
            3,
            0o107
        ]
    );
}

#[test]
fn symbols_defined_after_both_literals_leave_a_gap() {
    assert_eq!(
        words("GO:\tMOVE 1,[FOO]\n\tMOVE 2,[BAR]\nFOO==5\nBAR==5\nCONSTANTS\nBAZ:\tBAZ"),
        vec![0o200040_000102, 0o200100_000102, 5, 0o104]
    );
    assert_eq!(
        words(
            "GO:\tMOVE 1,[FOO]\n\tMOVE 2,[5]\nFOO==5\n\tMOVE 3,[5]\n\tMOVE 4,[FOO]\n\
             CONSTANTS\nBAZ:\tBAZ"
        ),
        vec![
            0o200040_000104,
            0o200100_000104,
            0o200140_000104,
            0o200200_000104,
            5,
            0o106
        ]
    );
}

#[test]
fn a_word_of_a_longer_literal_is_fixed_up_on_its_own() {
    // sysen2;msend.141: `[PUSHJ P,RUBFLS]` meets the same word inside a
    // longer literal whose other words still wait for a later label. Real
    // MIDAS fixes up each word of a constant when its own symbols are
    // defined, so the one-word literal shares it on pass 1: no gap, BAZ
    // right after the two-word constant.
    assert_eq!(
        words(
            ".MLLIT==1\nGO:\tMOVE 1,[JRST LATER\n\tPUSHJ 17,SUBR]\nSUBR:\tPOPJ 17,\n\
             \tMOVE 1,[PUSHJ 17,SUBR]\nLATER:\tJRST GO\nCONSTANTS\nBAZ:\tBAZ"
        ),
        vec![
            0o200040_000104,
            0o263740_000000,
            0o200040_000105,
            0o254000_000100,
            0o254000_000103,
            0o260740_000101,
            0o106
        ]
    );
}

#[test]
fn byte_functions_of_arguments_not_yet_defined() {
    // Real MIDAS 433 (oracle): on pass 1 the same call merges
    // (`[.BP A_22,MS(W)]` twice, `[.LDB 300600,FOO]` twice), a call of
    // another argument does not, nor a later equal one made once the
    // argument is defined: five words on pass 1, two on pass 2, X at 117.
    let src = "W=5\nGO: LDB 1,[.BP A_22,MS(W)]\nLDB 2,[.BP A_22,MS(W)]\nLDB 3,[.LDB 300600,FOO]\n\
               LDB 3,[.LDB 300600,FOO]\nMOVEI 4,.BM FOO\nMOVEI 4,[.BM FOO]\nMOVEI 4,[.BM 440600]\n\
               MS: 0\nA==100000\nFOO=440600\nLDB 1,[.BP A_22,MS(W)]\nLDB 3,[.LDB 300600,FOO]\n\
               CONSTANTS\nX: MOVEI X";
    let w = words(src);
    assert_eq!(w[..2], [0o135040_000112, 0o135100_000112]);
    assert_eq!(w[10..], [0o410105_000107, 0, 0o201000_000117]);
    // Two calls of different arguments not yet defined stay apart on
    // pass 1 (three words then, X at 115).
    let src = "W=5\nD=4\nGO: MOVSI 1,A\nLDB 1,[.BP A_22,MS(W)]\nLDB 2,[.BP B_22,MS(W)]\n\
               DPB 2,[140100,,D]\nMS: 0\nA==100000\nB==200000\nLDB 1,[.BP A_22,MS(W)]\n\
               LDB 2,[.BP B_22,MS(W)]\nDPB 2,[140100,,D]\nCONSTANTS\nX: MOVEI X";
    assert_eq!(words(src).last(), Some(&0o201000_000115));
}

#[test]
fn a_byte_function_keeps_the_undefined_symbols_of_its_arguments() {
    // Real MIDAS 433 (oracle): `[.LDB 300600,FOO]` twice is one word on
    // pass 1 but not the same word as `[0]` (X at 105); `[.BM FOO]`
    // merges with `[.LDB 300600,FOO]` (both 0, both of FOO).
    let w = words(
        "GO: MOVEI 1,[.LDB 300600,FOO]\nMOVEI 1,[.LDB 300600,FOO]\nMOVEI 1,[0]\n\
                   CONSTANTS\nX: MOVEI X\nFOO=440600",
    );
    assert_eq!(w.last(), Some(&0o201000_000105));
    let w = words(
        "GO: MOVEI 1,[.LDB 300600,FOO]\nMOVEI 1,[.BM FOO]\nCONSTANTS\nX: MOVEI X\nFOO=440600",
    );
    assert_eq!(w.last(), Some(&0o201000_000103));
}

#[test]
fn a_byte_function_of_an_opaque_argument_never_merges_on_pass_1() {
    // `.BP A_22` with A undefined: the shift makes the argument opaque;
    // real MIDAS 433 (oracle) keeps the two equal literals apart on pass
    // 1 (its.1648's `[.BP BULGOS_22,APRC(TT)]`), X at 104; `[.BP A]`
    // twice is merged, X at 103.
    let w = words(
        "TT=6\nGO: LDB 1,[.BP A_22,APRC(TT)]\nLDB 1,[.BP A_22,APRC(TT)]\nCONSTANTS\n\
                   X: MOVEI X\nAPRC: 0\nA==400",
    );
    assert_eq!(w[2..], [0o320106_000105, 0o201000_000104, 0]);
    let w = words("GO: MOVEI 1,[.BP A]\nMOVEI 1,[.BP A]\nCONSTANTS\nX: MOVEI X\nA=440600");
    assert_eq!(w.last(), Some(&0o201000_000103));
}

#[test]
fn a_constant_is_not_fixed_up_through_a_divide_shift_or_xor() {
    // `[W op k]`, `W=3`, `[W op k]`, CONSTANTS: real MIDAS 433 shares the
    // word on pass 1 through `*`, `&`, `-`, `+` (one word in the area), not
    // through `/`, `_`, `#`, `\` (two; chprog;ocdis's [-10,,TVBBAS/2000]).
    // Each L is the word after its area.
    let ops = [
        "W*2", "2*W", "W/2", "2000/W", "W_3", "3_W", "W&7", "7&W", "W#7", "W\\7", "-W", "W+1",
        "W-1", "1-W", "<W*2>+1", "<W/2>+1",
    ];
    let mut src = String::from("TITLE OQ\n");
    for (i, op) in ops.iter().enumerate() {
        let e = op.replace('W', &format!("W{i}"));
        src += &format!("A{i}:\tMOVE 1,[{e}]\nW{i}=3\n\tMOVE 1,[{e}]\nCONSTANTS\nL{i}:\t0\n");
    }
    src += "END A0\n";
    let a = midas::assemble_str("t.mid", &src).unwrap_or_else(|e| panic!("{e}"));
    let l: Vec<u64> = (0..ops.len())
        .map(|i| {
            let name = format!("L{i}");
            a.symbols
                .iter()
                .find(|s| s.name == name)
                .unwrap()
                .value
                .raw()
        })
        .collect();
    assert_eq!(
        l,
        [
            0o103, 0o107, 0o114, 0o121, 0o126, 0o133, 0o137, 0o143, 0o150, 0o155, 0o161, 0o165,
            0o171, 0o175, 0o201, 0o206
        ]
    );
}
