//! Text pseudo-ops, each source checked against the words real MIDAS 433
//! makes of it (run on the ITS shim with `pdp10 midas-oracle`).

mod support;
use support::whole_words as words;

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

/// A ^C that is not the padding at the end of the file is a character in
/// text (`ASCII "^C^C^C^C^C"` is 014060,,301406 as real MIDAS makes it,
/// checked with `pdp10 midas-oracle`) and ignored between statements and
/// after an operand; the ^C padding after `END` is still not text.
#[test]
fn control_c_inside_the_file_is_a_character() {
    let src = "TT=1\nSTART:\tMOVE TT,[ASCII \"\u{3}\u{3}\u{3}\u{3}\u{3}\"]\n\
               \tMOVE TT,[ASCIZ /A\u{3}B/]\n\tMOVEI TT,\"\u{3}\n\u{3}\n\tMOVEI TT,2\u{3}\n\
               END START\n\u{c}\u{3}\u{3}";
    assert_eq!(
        words(src),
        vec![
            0o200040_000104,
            0o200040_000105,
            0o201040_000003,
            0o201040_000002,
            0o014060_301406,
            0o404070_200000,
        ]
    );
}

/// The characters of ASCII words, five to a word.
fn chars_of(words: &[u64]) -> String {
    words
        .iter()
        .flat_map(|w| (0..5).map(move |k| ((w >> (29 - 7 * k)) & 0o177) as u8 as char))
        .collect()
}

#[test]
fn dot_ascii_writes_a_field_after_a_bang_in_digits() {
    // Real MIDAS 433 (oracle): the blank, comma, `?` or line end that ends
    // the field is read again as text (or as the closing delimiter); the
    // digits are in the current radix, unsigned; .ASCII ends like ASCIZ.
    let src = "A=5\nB=123\n\t.ASCII /X=!A Y/\n\t.ASCII ?C=!A ,D=!B_?\n\t.ASCII /X=!B?Y/\n\
               \t.ASCII /X=!<A+B>,Y/\n\t.RADIX 10.,.ASCII /!B /\n\t.ASCII /!-1 /\n\
               \t.ASCII /A=!A\nB/\nEND\n";
    let w = words(src);
    assert_eq!(
        chars_of(&w),
        "X=5 Y\0\0\0\0\0C=5 ,D=123\0\0\0\0\0X=123?Y\0\0\0X=130,Y\0\0\083 \0\0\
         777777777777 \0\0A=5\r\nB\0\0\0\0"
    );
    assert_eq!(w.len(), 15);
}

#[test]
fn a_dot_ascii_field_ends_at_a_close_that_stays_text() {
    // chprog;ocaux's `.ASCII ?... (#=*O!T) ...?`: the `)` after T ends the
    // field and is a character of the string, as `]` and `>` are.
    let src = "TITLE QB\nT=5\nA:\t.ASCII ?(#=*O!T) X?\n\t.ASCII ?A!T,B?\n\t.ASCII ?C!T D?\n\
               \t.ASCII ?E!T]F?\n\t.ASCII ?G!T>H?\nEND A\n";
    assert_eq!(
        words(src),
        [
            0o241067_525236,
            0o325224_054000,
            0o405525_441000,
            0o415524_042000,
            0o425533_543000,
            0o435527_644000
        ]
    );
}
