//! What MIDAS knows of its surroundings: `.SITE`, `.SBLK`, and ITS file
//! names in `.INSRT`. Every expected word here is what real MIDAS 433 made
//! of the same lines, run on the emulator with `pdp10 midas-oracle`.

mod support;
use support::{assemble, scratch, words, words_of};

#[test]
fn site_zero_is_the_machine_name_and_other_words_are_zero() {
    // The ITS shim names the machine KA (SSTATU), so real MIDAS says
    // SIXBIT/KA/ there; word 1 and beyond of the name are 0 (manual .SITE).
    assert_eq!(
        words(
            "\t.SITE 0\n\t.SITE 1\n\t.SITE 0,\n\
             \tIFE <.SITE 0>-<SIXBIT /KA/>,[5]\n\t1+.SITE 0"
        ),
        vec![0o534100_000000, 0, 0o534100_000000, 5, 0o534100_000001]
    );
}

#[test]
fn sblk_dot_selects_the_format_without_a_word() {
    assert_eq!(words("\t.SBLK\n\t1\n\tIFDEF .SBLK,[2]"), vec![1, 2]);
}

#[test]
fn insert_names_keep_six_characters() {
    // `.INSRT SYSEN2;@MUDDLE` reads SYSEN2;@MUDDL on ITS: a name is six
    // SIXBIT characters, and MIDAS drops the rest.
    let dir = scratch("six");
    std::fs::create_dir_all(dir.join("lib")).unwrap();
    std::fs::write(dir.join("lib/abcdef.1"), "FOO==123\n").unwrap();
    std::fs::write(dir.join("ghijkl.2"), "BAR==7\n").unwrap();
    let main = dir.join("long.mid");
    std::fs::write(
        &main,
        "TITLE LONG\n.INSRT LIB;ABCDEFGH\n.INSRT GHIJKLMN >\nA:\tFOO\n\tBAR\nEND A\n",
    )
    .unwrap();
    let a = assemble(&main, Some(&dir)).unwrap();
    assert_eq!(words_of(&a), vec![0o123, 7]);
}
