//! `SQUOZE n,sym` as real MIDAS reads it: the name is a syllable, so
//! operator characters before it are skipped and the rest of the word works
//! on its value. Every expected word here is what real MIDAS 433 made of the
//! same lines (run on the emulator with `pdp10 midas-oracle`).

mod support;
use support::words;

#[test]
fn squoze_skips_a_delimiter_before_the_name() {
    // `[squoze 0,/sym/]` is how syslod and peek write it.
    assert_eq!(
        words("\tSQUOZE 0,/FOO/\n\tSQUOZE 0,FOO\n\tSQUOZE 0, /A/ ? SQUOZE 0,A"),
        vec![
            0o014544_175000,
            0o014544_175000,
            0o010310_700000,
            0o010310_700000
        ]
    );
}

#[test]
fn squoze_value_is_an_operand_of_the_rest_of_the_word() {
    assert_eq!(
        words(
            "\tSQUOZE 0,FOO+1\n\tSQUOZE 0,40/50+1\n\tSQUOZE 0,/FOO/+1\n\
             \tSQUOZE 0,B/50/50/50/50/50+1_40\n\tSQUOZE 0,FOO 1"
        ),
        vec![
            0o014544_175001,
            0o000061_045001,
            0o014544_175000,
            0o040000_000014,
            0o014544_175001,
        ]
    );
}

#[test]
fn squoze_of_digits_and_long_names() {
    assert_eq!(
        words("\tSQUOZE 10,1\n\tSQUOZE 0,5\n\tSQUOZE 0,A.B\n\tSQUOZE 0,LONGSYMBOL\n\tSQUOZE 0,%.$"),
        vec![
            0o101415_200000,
            0o004447_600000,
            0o011065_104000,
            0o021213_667353,
            0o036364_766000,
        ]
    );
}

#[test]
fn squoze_in_a_literal_from_a_macro() {
    // chadev's `symtab`: `sym',,[squoze 0,/sym/]` for each name.
    let src = "DEFINE SYMTAB SYMS\nIRP SYM,,[SYMS]\n\tSYM',,[SQUOZE 0,/SYM/]\nTERMIN\nTERMIN\n\
               \tSYMTAB [FOO,X]";
    let w = words(src);
    assert_eq!(&w[2..4], &[0o014544_175000, 0o031741_200000], "{w:?}");
}

#[test]
fn squoze_name_is_not_a_macro_call() {
    // netime: a macro TZONE and `[squoze 0,tzone]`; real MIDAS makes the
    // squoze of TZONE (checked with the oracle).
    let src = "DEFINE TZONE A,B\n\t777\nTERMIN\n\tMOVE 1,[SQUOZE 0,TZONE]\n\tSQUOZE 0,/TZONE/";
    assert_eq!(
        words(src),
        vec![0o200040_000102, 0o027454_441130, 0o027454_441130]
    );
}

#[test]
fn squozes_symbol_after_blanks_is_not_a_macro_call() {
    // An IRPW element keeps its leading tab: `SQUOZE 0,<tab>FOOBARX` is the
    // squoze of FOOBAR, not a call of the macro FOOBAR (real MIDAS 433).
    let src = "DEFINE FOOBAR\n 1\nTERMIN\nIRPW S,,[\tFOOBARX\n]\n SQUOZE 0,S\nTERMIN\nEND\n";
    assert_eq!(support::whole_words(src), vec![0o014544_243324]);
}

#[test]
fn squoze_inside_an_expression_is_a_syllable() {
    // midas;midas.458 writes `(GLOETY)+SQUOZE 0,$.`: the pseudo-op reads its
    // two arguments wherever it stands, and its value is a syllable.
    let src = "TITLE T\nX: MOVE 2,[SQUOZE 0,FOO]\n 5+SQUOZE 0,X\n (3)+SQUOZE 4,BAR\n \
               1,,SQUOZE 0,Y\n 100+SQUOZE 10,/Z/\n SQUOZE 0,X\n 7\n MOVEI 1,SQUOZE 0,Q+1\n\
               Y: 0\nEND X\n";
    let expected: Vec<(u32, u64)> = [
        0o200100_000111,
        0o031741_200005,
        0o051304_604000,
        0o000001_700000,
        0o133356_400100,
        0o031741_200000,
        0o000000_000007,
        0o201040_700001,
        0,
        0o014544_175000,
    ]
    .iter()
    .enumerate()
    .map(|(k, &w)| (0o100 + k as u32, w))
    .collect();
    assert_eq!(support::whole_placed(src), expected);
}
