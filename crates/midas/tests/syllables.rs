//! Quoted syllables (`"`, `'`, `^`), each source checked against the words
//! real MIDAS 433 makes of it (run on the ITS shim with `pdp10 midas-oracle`).

mod support;
use support::whole_words as words;

#[test]
fn a_quote_after_the_text_goes_on_with_the_syllable() {
    // QOTCON: 'AM'@ is SIXBIT AM@ (sysen3;date), "AB"C is ASCII ABC; ^AB
    // is two control characters; lower case is folded for ' and ^, and {
    // in SIXBIT is [.
    let src = "\tXORI 2,'AM'@\n\t'AM'+1\n\t'A\n\t'AB'C\n\t\"AB\"C\n\t^AB\n\t^q\n\t\"a\n\t'ab\n\t'{\nEND\n";
    assert_eq!(
        words(src),
        vec![
            0o431100_415540,
            0o000041_551321,
            0o41,
            0o414243,
            0o000004_060503,
            0o202,
            0o21,
            0o141,
            0o4142,
            0o73
        ]
    );
}

#[test]
fn a_character_below_space_is_not_sixbit() {
    let e = midas::assemble_str("t.mid", "'\u{7}\nEND\n").unwrap_err();
    assert!(e.to_string().contains("character not SIXBIT"), "{e}");
}

#[test]
fn qmtch_makes_quotes_run_to_a_closing_delimiter() {
    // .QMTCH nonzero (syseng;netwrk sets it): 'text' and "text", a doubled
    // delimiter standing for itself; one setting for every block.
    let src = "\t'A\n.QMTCH==-1\n\tCAIN 1,'-'\n\t\"0\"\n\t\"AB\"\"C\"\n\t'ab'+1\n\
               .BEGIN X\n.QMTCH==0\n.END X\n\t'AB'C\n\t.QMTCH\nEND\n";
    assert_eq!(
        words(src),
        vec![
            0o41,
            0o306040_000015,
            0o60,
            0o001014_110503,
            0o4143,
            0o414243,
            0
        ]
    );
}

#[test]
fn a_floating_number_may_have_a_negative_power_of_ten() {
    // DDT's table of powers of ten (`1.0^-32.`); the words real MIDAS 433
    // makes of these.
    let src = "TITLE F\n\
1.0^8\n\
1.0^4\n\
1.0^0\n\
1.0^-32.\n\
1.0^-16.\n\
1.0^-8\n\
1.0^-4\n\
1.0^-2\n\
1.0^-1\n\
1.0^-38.\n\
3.7^-5\n\
1.0^38.\n\
2.5^-10.\n\
END\n\
";
    assert_eq!(
        words(src),
        vec![
            0o233575_360400,
            0o216470_400000,
            0o201400_000000,
            0o026637_304365,
            0o113715_126246,
            0o146527_461671,
            0o163643_334273,
            0o172507_534122,
            0o175631_463146,
            0o002663_437347,
            0o162466_301624,
            0o377454_732313,
            0o141422_701372,
        ]
    );
}

#[test]
fn the_exponent_of_a_number_may_be_a_value_computed_while_reading() {
    // Real MIDAS 433 (oracle): `1.0^.RPCNT` is 1.0, 10.0, 100.0 (ksc;out's
    // table of powers of ten); the radix of `1^` and `2.^` stays theirs.
    let src = "GO:\tREPEAT 3,1.0^.RPCNT\n\tREPEAT 3,1^.RPCNT\n\tREPEAT 2,2.^.RPCNT\nEND GO\n";
    assert_eq!(
        words(src),
        vec![
            0o201400_000000,
            0o204500_000000,
            0o207620_000000,
            1,
            0o10,
            0o100,
            2,
            0o24
        ]
    );
}

#[test]
fn an_expunged_pseudo_ops_name_is_an_ordinary_symbol() {
    // aap;tenth's `EXPUNGE .SWAP,.BEGIN,.END,.ELSE,.I`, then labels and
    // words of those names (real MIDAS 433's words).
    let src = "TITLE EX\nEXPUNGE .SWAP,.BEGIN,.END,.ELSE,.I\n.ELSE:\t1\n.BEGIN:\t2\n.I:\t.ELSE\n\
               \t.BEGIN\n.END:\t.END\nEND .ELSE\n";
    let a = midas::assemble_str("t.mid", src).unwrap_or_else(|e| panic!("{e}"));
    let words: Vec<(u32, u64)> = a.words.iter().map(|(at, w)| (*at, w.raw())).collect();
    assert_eq!(
        words,
        [
            (0o100, 1),
            (0o101, 2),
            (0o102, 0o100),
            (0o103, 0o101),
            (0o104, 0o104)
        ]
    );
}

#[test]
fn xwds_halves_are_fields_a_blank_ends_the_left_one() {
    // mrc;ten50's `XWD DSKCOR 201` and `XWD -200 MONBUF+1` (real MIDAS
    // 433's XGETFD: a blank ends a field; blanks around the comma go).
    let src = "TITLE XW\nB=3\nA:\tXWD 5 201\n\tXWD -200 B+1\n\tXWD A+B 3\n\tXWD 1,2\n\
               \tMOVE 1,[XWD B B]\n\tXWD 7 ,6\n\tXWD 4, 5\nEND A\n";
    assert_eq!(
        words(src),
        [
            0o000005_000201,
            0o777600_000004,
            0o000103_000003,
            0o000001_000002,
            0o200040_000107,
            0o000007_000006,
            0o000004_000005,
            0o000003_000003
        ]
    );
}
