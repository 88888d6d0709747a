//! The text memory-image format `pdp10 boot` reads (`ka10::image`): what
//! its module documents, and errors that name the line and column (1-based)
//! of what is wrong. Written for mutation testing (docs/mutants.md).

use ka10::image::{parse, parse_address, parse_word};
use pdp10_isa::Word;

fn error(text: &str) -> String {
    parse(text).unwrap_err().to_string()
}

#[test]
fn words_run_on_past_777777_to_0() {
    let image = parse("777777: 1 2\nstart: 0\n").unwrap();
    assert_eq!(
        image.words,
        vec![(0o777777, Word::new(1)), (0, Word::new(2))]
    );
    assert_eq!(image.start, 0);
}

#[test]
fn indented_lines_and_hash_comments() {
    let image = parse("  start: 1000 # where it begins\n\t1000: 5 ; five\n").unwrap();
    assert_eq!(image.start, 0o1000);
    assert_eq!(image.words, vec![(0o1000, Word::new(5))]);
}

#[test]
fn a_bad_word_is_named_at_its_own_column() {
    // "1000:  5 77x": the third token starts in column 10.
    assert_eq!(
        error("1000:  5 77x\nstart: 1000\n"),
        "1:10: word: expected an octal number, found \"77x\""
    );
    assert_eq!(
        error("start: 1000\n  2000: 1,,1000000\n"),
        "2:9: right half: 1000000 is more than 777777"
    );
    assert_eq!(
        error("start: 1000\n2000: 1000000,,1\n"),
        "2:7: left half: 1000000 is more than 777777"
    );
}

#[test]
fn a_line_missing_its_words_is_named_at_its_colon() {
    assert_eq!(
        error("  1000:\nstart: 1\n"),
        "1:7: no word after the address"
    );
    assert_eq!(error("start: 1 2\n"), "1:6: start: takes one address");
    assert_eq!(error("start:\n"), "1:6: start: takes one address");
    assert_eq!(
        error("1000: 1\nstart: 1000000\n"),
        "2:8: address: 1000000 is more than 777777"
    );
}

#[test]
fn a_missing_start_is_named_on_the_last_line() {
    assert_eq!(error("1000: 1\n2000: 2\n"), "2:1: no start: line");
    assert_eq!(error(""), "1:1: no start: line");
}

#[test]
fn words_and_addresses_at_their_limits() {
    assert_eq!(parse_address("777777"), Ok(0o777777));
    assert!(parse_address("").is_err());
    assert_eq!(parse_word("777777777777"), Ok(Word::new(0o777777_777777)));
    assert_eq!(parse_word("777777,,0"), Ok(Word::new(0o777777_000000)));
    assert_eq!(parse_word("0,,777777"), Ok(Word::new(0o777777)));
    assert!(parse_word("1,2").is_err());
}
