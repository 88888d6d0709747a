//! `.SCALAR` and `.VECTOR` sizes as real MIDAS 433 reads them (expected
//! addresses from real MIDAS run on the emulator with `pdp10 midas-oracle`).

mod support;
use support::whole_placed;

#[test]
fn a_size_may_follow_the_name_after_blanks() {
    // syseng;byelib writes `.scalar inbuf (insiz)`.
    let src = "A:\tMOVEI 1,FOO\n\tMOVEI 1,BAR\n\tMOVEI 1,BAZ\n\
               .SCALAR FOO (3)\n.SCALAR BAR  (2),BAZ\nVARIAB\nQ:\t0\nEND A\n";
    assert_eq!(
        whole_placed(src),
        vec![
            (0o100, 0o201040_000103),
            (0o101, 0o201040_000106),
            (0o102, 0o201040_000110),
            (0o111, 0),
        ]
    );
}
