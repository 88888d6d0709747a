//! `.TYPE sym`, checked against real MIDAS 433 (run on the emulator with
//! `pdp10 midas-oracle`): the words below are the ones it assembled.

mod support;
use support::whole_words as words;

#[test]
fn type_tells_what_a_name_is() {
    let src = "A=1\nB:\t.TYPE A\n\t.TYPE B\n\t.TYPE C\n\t.TYPE MOVE\n\t.TYPE LOC\n\t.TYPE 12\n\
               \t.TYPE F\nF=3\n\t.TYPE X\n\t.SCALAR X\n\t.TYPE X\nDEFINE MAC\nTERMIN\n\t.TYPE MAC\n\
               .GLOBAL G\nG=5\n\t.TYPE G\nIF1 [Q==.TYPE F\n]\n\tQ\n\t.TYPE .TYPE\n\t.TYPE A+1\n\
               \t<.TYPE A>+1\nEND B\n";
    // Local symbols 2, not seen 17, pseudo-ops and macros 1, a number -1,
    // variables 4, globals 10; `.TYPE A+1` is `<.TYPE A>+1`.
    assert_eq!(
        words(src),
        vec![
            2,
            2,
            0o17,
            2,
            1,
            0o777777_777777,
            2,
            4,
            4,
            1,
            0o10,
            2,
            1,
            3,
            3
        ]
    );
}

#[test]
fn type_of_a_name_seen_but_not_yet_defined_is_3() {
    // Pass 1 sees F used before it is defined (muddle's DEFMAI tests
    // `.TYPE MAIN` for 17 to default MAIN to 0).
    let src = "IF1 [IFN F,[]\nQ==.TYPE F\nR==.TYPE MAIN\n]\nF=1\n\tQ\n\tR\nEND\n";
    assert_eq!(words(src), vec![3, 0o17]);
}
