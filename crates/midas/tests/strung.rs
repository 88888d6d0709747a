//! A strung (`&`) first argument written right after the macro name: the
//! character after the name is its delimiter, not thrown away. Expected
//! words are what real MIDAS 433 made of the same lines (`pdp10
//! midas-oracle`); sysen1;binprt writes `out/` CR LF `/`.

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
