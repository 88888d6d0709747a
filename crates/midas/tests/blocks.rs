//! Block structure (`.BEGIN`/`.END`, `BLOCK"SYM`), each source checked
//! against the words real MIDAS 433 makes of it (run on the ITS shim with
//! `pdp10 midas-oracle`), or the errors it reports.

mod support;
use support::whole_placed as words;

/// Every error message, in source order.
fn errors(src: &str) -> Vec<String> {
    match midas::assemble_str("t.mid", src) {
        Ok(_) => panic!("assembled without error"),
        Err(e) => e.diagnostics.iter().map(|d| d.to_string()).collect(),
    }
}

fn from_100(values: &[u64]) -> Vec<(u32, u64)> {
    values
        .iter()
        .enumerate()
        .map(|(k, &v)| (0o100 + k as u32, v))
        .collect()
}

#[test]
fn inner_definitions_are_seen_on_pass_2_from_the_begin() {
    // The manual's example (node Blocks): 1, 2, 2, 1 ... and a symbol
    // named in a block entered only later (C"X from FOO: the block C of
    // .MAIN, the one entered, wins on pass 2).
    let src = "A=1\nB=5\nA\n.BEGIN FOO\nA\nA=2\nA\nB\nC\"X\n.END FOO\nA\nFOO\"A\n\
               X=7\n.BEGIN C\nX=10\n.END C\nEND\n";
    assert_eq!(words(src), from_100(&[1, 2, 2, 5, 0o10, 1, 2]));
}

#[test]
fn outer_symbols_are_seen_in_nested_blocks() {
    let src = "A=1\nA\n.BEGIN FOO\nA\nA=2\nA\n.END FOO\nA\nB=3\n.BEGIN BAR\nB\n\
               .BEGIN BAZ\nB\nC=5\n.END BAZ\n.END BAR\nBAR\"BAZ\"C\nEND\n";
    assert_eq!(words(src), from_100(&[1, 2, 2, 1, 3, 3, 5]));
}

#[test]
fn macros_labels_and_variables_belong_to_their_block() {
    // SUB's TWICE hides .MAIN's inside SUB and INNER; CNT' is SUB's
    // variable, placed by .MAIN's VARIABLES.
    let src = "DEFINE TWICE X\nX\nX\nTERMIN\n\
               GO:\tJRST SUB\"ENTRY\n\tMOVEI 1,SUB\"TAB\n\
               .BEGIN SUB\nDEFINE TWICE X\nX+1\nTERMIN\n\
               ENTRY:\tTWICE 5\n\tMOVEI 2,CNT'\n\tJRST GO\nTAB:\t.M\"GO\n\
               .BEGIN INNER\n\tTWICE 7\n\t.U\"TAB\n.END INNER\n.END SUB\n\
               \tTWICE 3\n\tMOVEI 3,SUB\"CNT\nVARIAB\n\tCONSTANTS\nEND GO\n";
    assert_eq!(
        words(src),
        from_100(&[
            0o254000_000102,
            0o201040_000105,
            6,
            0o201100_000113,
            0o254000_000100,
            0o100,
            0o10,
            0o105,
            3,
            3,
            0o201140_000113,
        ])
    );
}

#[test]
fn a_reference_to_an_unknown_name_of_a_block_hides_outer_ones() {
    // Pass 1's SUB"INNER"ENTRY leaves an undefined ENTRY in INNER, which
    // hides SUB's ENTRY there on pass 2: real MIDAS says "ENTRY Undefined"
    // at both. Likewise .C"Q hides FOO's Q in BAR.
    let src = "GO:\tJRST SUB\"ENTRY\n.BEGIN SUB\nENTRY:\t0\n.BEGIN INNER\n\tENTRY\n\
               .END INNER\n.END SUB\n\tSUB\"INNER\"ENTRY\nEND GO\n";
    let e = errors(src);
    assert_eq!(e.len(), 2, "{e:?}");
    assert!(
        e[0].starts_with("t.mid:5:2: error: undefined symbol ENTRY"),
        "{e:?}"
    );
    assert!(e[1].contains("undefined symbol SUB\"INNER\"ENTRY"), "{e:?}");
    let src = ".BEGIN FOO\nQ=3\n.BEGIN BAR\nQ\n.C\"Q\n.END BAR\n.END FOO\nEND\n";
    assert_eq!(errors(src).len(), 2);
    // Without the .C"Q, Q of FOO is seen in BAR.
    let src = ".BEGIN FOO\nQ=3\n.BEGIN BAR\nQ\n.END BAR\n.END FOO\nEND\n";
    assert_eq!(words(src), from_100(&[3]));
}

#[test]
fn a_global_is_looked_for_in_the_current_block_only() {
    // A" in FOO does not see .MAIN's A (real MIDAS: "A Undefined").
    let e = errors("A=1\n.BEGIN FOO\nA\"\n.END FOO\nEND\n");
    assert_eq!(e.len(), 1);
    assert!(e[0].contains("undefined symbol A\""), "{e:?}");
    // In the block that defines it, SYM" is SYM; SYM": a label.
    assert_eq!(words("Y\":3\nY\nY\"\nEND\n"), from_100(&[3, 0o100, 0o100]));
}

#[test]
fn blocks_entered_twice_or_ended_wrongly_are_errors() {
    // Real MIDAS: "FOO Multiply defined BLOCK".
    let e = errors(".BEGIN FOO\n.END FOO\n.BEGIN FOO\n.END FOO\nEND\n");
    assert!(
        e[0].starts_with("t.mid:3:1: error: FOO: multiply defined BLOCK"),
        "{e:?}"
    );
    let e = errors(".BEGIN FOO\n.END BAR\nEND\n");
    assert!(e[0].contains("FOO: unmatched .BEGIN - .END"), "{e:?}");
    let e = errors(".END\nEND\n");
    assert!(e[0].contains("unmatched .BEGIN - .END"), "{e:?}");
    // .BEGIN alone names the block after the last label.
    assert_eq!(
        words("LIB:\t.BEGIN\nX=4\n.END LIB\nLIB\"X\nEND\n"),
        vec![(0o100, 4)]
    );
}

#[test]
fn a_block_name_is_no_macro_call() {
    // ksc;out: a macro OUT and `.BEGIN OUT`.
    let src = "DEFINE OUT\n77\nTERMIN\n.BEGIN OUT\nX=5\n.END OUT\n\tOUT\n\tOUT\"X\nEND\n";
    assert_eq!(words(src), from_100(&[0o77, 5]));
}

#[test]
fn equals_into_a_block_not_yet_begun() {
    // Real MIDAS 433 (oracle): `EQUALS FORMAT"FMTERR,LOSE` (nsalv.260)
    // gives the block FORMAT, begun later, the macro FMTERR; the name is
    // not cut to its first six characters.
    let src = "TITLE E\nA=1\nDEFINE LOSE\n 1\nTERMIN\nEQUALS FORMAT\"FMTERR,LOSE\n\
               GO:\tMOVE A,B\n.BEGIN FORMAT\n\tMOVEI A,BUF(A)\nBUF=5\n\tFMTERR\n.END\n\
               \tJRST GO\nB:\t0\nEND GO\n";
    assert_eq!(
        words(src),
        vec![
            (0o100, 0o200040_000104),
            (0o101, 0o201041_000005),
            (0o102, 1),
            (0o103, 0o254000_000100),
            (0o104, 0),
        ]
    );
}

#[test]
fn bind_makes_a_name_the_current_blocks_own() {
    // Real MIDAS 433 (oracle): in block B, `.BIND A` hides the outer A, so
    // `A` is B's A, defined after it (7); `IF1 .BIND %PIRQC` makes the
    // initial symbol the program's own label on pass 1 (syseng;carpet's
    // `if1 .bind %pc`), so both passes put the same words.
    let src =
        "TITLE BIND\nA=5\nGO:\t1\nIF1 .BIND %PIRQC\n\tMOVE 1,%PIRQC\n.BEGIN B\n.BIND A\n\tA\n\
               A=7\n.END\n\tA\n%PIRQC:\t3\nEND GO\n";
    let a = midas::assemble_str("t.mid", src).expect("assembles");
    let got: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(got, vec![1, 0o200040_000104, 7, 5, 3]);
}
