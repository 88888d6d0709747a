//! Undefined symbols: real MIDAS 433 says "Undefined", takes 0 and
//! writes its binary all the same (checked with `pdp10 midas-oracle`).
//! Here they are errors, and the binary real MIDAS makes comes with them
//! (`midas::Error::written`); after any other error there is none.

mod support;

fn refused(source: &str) -> midas::Error {
    let text = format!("{source}\nEND\n");
    match midas::assemble_str("t.mid", &text) {
        Ok(a) => panic!("{source} assembled: {:?}", a.words),
        Err(e) => e,
    }
}

#[test]
fn an_undefined_symbol_is_0_and_the_binary_is_written() {
    // Real MIDAS 433: MOVEI 1, ; 0 ; ,,5 ; ,,3 ; ,,1 ; MOVE 2,[0] ;
    // MOVE 2,@(3) for these uses of an undefined FOO.
    let e = refused("GO: MOVEI 1,FOO\nFOO\nFOO+5\nFOO,,3\n<FOO*2>+1\nMOVE 2,[FOO]\nMOVE 2,@FOO(3)");
    assert_eq!(e.diagnostics.len(), 1, "{e}");
    assert_eq!(e.diagnostics[0].kind, midas::ErrorKind::UndefinedSymbol);
    let a = e.written.expect("the binary real MIDAS writes");
    let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(
        w,
        vec![
            0o201040_000000,
            0,
            5,
            3,
            1,
            0o200100_000107,
            0o200123_000000,
            0
        ]
    );
}

#[test]
fn after_another_error_no_binary_is_written() {
    let e = refused("FOO\n1,,2,,3,,4");
    assert!(e.diagnostics.len() >= 2, "{e}");
    assert!(e.written.is_none());
}

#[test]
fn an_undefined_symbol_in_a_byte_of_size_0_is_a_warning() {
    // The value goes nowhere, so the binary is real MIDAS's whatever it
    // is: the assembly succeeds, with the complaint as a warning.
    let a = support::assembled("1\n.BYTE 0\nFOO\n.BYTE\n2");
    let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(w, vec![1, 2]);
    assert_eq!(a.warnings.len(), 1);
    assert_eq!(a.warnings[0].kind, midas::ErrorKind::UndefinedSymbol);
    // A later use that is put somewhere is still an error.
    let e = refused("1\n.BYTE 0\nFOO\n.BYTE\nFOO");
    assert_eq!(
        e.diagnostics.iter().filter(|d| !d.warning).count(),
        1,
        "{e}"
    );
}

#[test]
fn an_undefined_symbol_in_a_literal_of_a_dropped_byte_is_an_error() {
    // The literal's word goes into the constants area all the same.
    let e = refused("1\n.BYTE 0\n[FOO]\n.BYTE\n2");
    assert!(!e.diagnostics[0].warning, "{e}");
    let a = e.written.expect("written as real MIDAS writes it");
    let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(w, vec![1, 2, 0]);
}

#[test]
fn crfoff_and_crfon_make_nothing() {
    // CREF control (real MIDAS 433's A.CRFFF / A.CRFN): no value.
    assert_eq!(support::words("1\n.CRFOFF\n2\n.CRFON\n3"), vec![1, 2, 3]);
}

#[test]
fn a_pseudo_op_of_real_midas_we_lack_writes_no_binary() {
    // .DECSAV chooses another output format in real MIDAS: here it is an
    // undefined symbol, and the binary would not be real MIDAS's.
    let e = refused(".DECSAV\nGO: MOVEI 1,FOO");
    assert!(
        e.to_string()
            .contains("a pseudo-op or built-in symbol of real MIDAS"),
        "{e}"
    );
    assert!(e.written.is_none());
}

#[test]
fn literals_merged_after_a_later_definition_are_merged_also_with_undefined_symbols() {
    // Real MIDAS 433 (oracle) merges the third [JRST FOO] into the first
    // on pass 1 (FOO defined by then): no gap before X. An undefined BAR
    // elsewhere must not change that (the binary is written after it).
    let e = refused(
        "GO: MOVE 1,[JRST FOO]\nCAME 1,[JRST FOO]\nFOO: MOVEI BAR\nCAME 1,[JRST FOO]\nCONSTANTS\nX: MOVEI X",
    );
    let a = e.written.expect("written as real MIDAS writes it");
    let placed: Vec<(u32, u64)> = a.words.iter().map(|(at, w)| (*at, w.raw())).collect();
    assert_eq!(placed.last(), Some(&(0o105, 0o201000_000105)), "{placed:?}");
}

#[test]
fn on_pass_2_literals_whose_undefined_symbols_became_0_are_one_word() {
    // Real MIDAS 433 (midas-oracle): on pass 1 [FOO], [BAR], [FOO*2] and
    // [0] are four constants (each refers to other unknowns), on pass 2 an
    // undefined symbol is a plain 0 and they share one word, as [BAR,,1]
    // and [1] share another; the area keeps its pass-1 size of 6, so AFTER
    // is at 114 (hello;hello.fai's [47B8], [51B8] and [CALLI 0]).
    let e = refused(
        "GO: MOVEI 1,[FOO]\nMOVEI 2,[BAR]\nMOVEI 3,[FOO*2]\nMOVEI 4,[0]\n\
         MOVEI 5,[BAR,,1]\nMOVEI 6,[1]\nCONSTANTS\nAFTER: JRST GO",
    );
    assert!(
        e.diagnostics
            .iter()
            .all(|d| d.kind == midas::ErrorKind::UndefinedSymbol),
        "{e}"
    );
    let a = e.written.expect("the binary real MIDAS writes");
    let placed: Vec<(u32, u64)> = a.words.iter().map(|&(at, w)| (at, w.raw())).collect();
    assert_eq!(
        placed,
        vec![
            (0o100, 0o201040_000106),
            (0o101, 0o201100_000106),
            (0o102, 0o201140_000106),
            (0o103, 0o201200_000106),
            (0o104, 0o201240_000107),
            (0o105, 0o201300_000107),
            (0o106, 0),
            (0o107, 1),
            (0o114, 0o254000_000100),
        ]
    );
}
