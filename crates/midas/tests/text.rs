//! Text pseudo-ops, each source checked against the words real MIDAS 433
//! makes of it (run on the ITS shim with `pdp10 midas-oracle`).

fn words(src: &str) -> Vec<u64> {
    match midas::assemble_str("t.mid", src) {
        Ok(a) => a.words.iter().map(|(_, w)| w.raw()).collect(),
        Err(e) => panic!("{e}"),
    }
}

#[test]
fn first_and_nth_word_keep_one_word_of_the_text() {
    let src = "\t.1STWD ASCIZ /ABCDEFGHIJ/\n\tMOVE 1,[.1STWD SIXBIT /ABCDEFGHI/]\n\
               \t.NTHWD 2,ASCII /ABCDEFGHIJKL/\n\t.NTHWD 3,ASCII /AB/\n\t.1STWD ASCIC /X/\nEND\n";
    assert_eq!(
        words(src),
        vec![
            0o406050_342212,
            0o200040_000105,
            0o432171_044624,
            0,
            0o540060_301406,
            0o414243_444546
        ]
    );
}
