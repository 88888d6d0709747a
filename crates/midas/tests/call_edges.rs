//! Where a macro call's arguments begin and end, in two cases real
//! sources use: a strung (`&`) first argument written right after the name
//! (its delimiter is that character), and an EOL right after a bracketed
//! argument (it ends the call). Expected words are what real MIDAS 433 made
//! of the same lines (`pdp10 midas-oracle`); sysen1;binprt writes `out/`
//! CR LF `/`, syseng;what `what [weather,a day]` CR LF.

mod support;
use support::words;

#[test]
fn strung_argument_delimited_right_after_the_name() {
    let src = "DEFINE OUT &STRING\n\tMOVE 1,[440700,,[ASCIZ STRING]]\nTERMIN\n\
               \tOUT/\n/\n\tOUT /AB/\n\tOUT\t/E/";
    assert_eq!(
        words(src),
        vec![
            0o200040_000104,
            0o200040_000106,
            0o200040_000110,
            0o064240_000000,
            0o440700_000103,
            0o406040_000000,
            0o440700_000105,
            0o424000_000000,
            0o440700_000107,
        ]
    );
}

#[test]
fn an_eol_right_after_a_bracketed_argument_ends_the_call() {
    // Real MIDAS 433: `W [6]` CR LF leaves the whole-line R empty and T
    // gensymmed, and the next line is not read as arguments.
    let src = "DEFINE W P,-R-,\\T,U\nT:\tMOVEI 1,P\nIFSN [R],[ASCIZ /R/]\n\tJRST T\nTERMIN\n\
               \tW 7\n\tMOVEI 1,2\n\tW [6]\n\tMOVEI 1,4";
    assert_eq!(
        words(src),
        vec![
            0o201040_000007,
            0o254000_000100,
            0o201040_000002,
            0o201040_000006,
            0o254000_000103,
            0o201040_000004,
        ]
    );
}

#[test]
fn gsset_sets_the_gensym_count() {
    // `.GSSET n`: the next gensym is n+1, in the radix (real MIDAS 433's
    // words: G00001, G00101, G00010).
    let src = "DEFINE FOO \\A\n\tSIXBIT /A/\nTERMIN\n\tFOO\n.GSSET 100\n\tFOO\n.GSSET 7\n\tFOO";
    assert_eq!(
        words(src),
        vec![0o472020202021, 0o472020212021, 0o472020202120]
    );
}
