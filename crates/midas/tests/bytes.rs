//! `.BYTE` and `.WALGN` (manual node Bytes), each source checked against
//! the words real MIDAS 433 makes of it (run on the ITS shim with
//! `pdp10 midas-oracle`).

mod support;
use support::{placed, words};

#[test]
fn walgn_starts_a_fresh_word_in_byte_mode_and_does_nothing_otherwise() {
    // 12-bit bytes 1 2 3 fill a word; 4 starts the next, .WALGN ends it,
    // 5 is alone in a third; a second .WALGN and the one before byte mode
    // make no word.
    let src = ".WALGN\n1\n.BYTE 12.\n1\n2\n3\n4\n.WALGN\n5\n.WALGN\n.WALGN\n.BYTE\n7";
    assert_eq!(
        placed(src),
        vec![
            (0o100, 1),
            (0o101, 0o000100_020003),
            (0o102, 0o000400_000000),
            (0o103, 0o000500_000000),
            (0o104, 7),
        ]
    );
}

#[test]
fn byte_mode_goes_on_and_off_inside_a_literal() {
    // .BYTE alone ends byte mode inside the brackets, written in any case,
    // with a blank before the closing bracket.
    assert_eq!(
        words("MOVE 1,[.byte 8 ? \"X ? \"G ? .byte ]")[1..],
        [0o260434_000000]
    );
    // .WALGN inside a literal; new sizes go on filling the word begun.
    assert_eq!(
        words("MOVE 2,[.BYTE 8 ? \"X ? .WALGN ? \"G ? 5 ? .BYTE 7 ? 1 ? 2 ? .BYTE]")[1..],
        [0o260000_000000, 0o216024_020200]
    );
    // Words before and after byte mode are whole words.
    assert_eq!(
        words("MOVE 3,[1 ? .BYTE 6 ? 1 ? 2 ? .BYTE ? 3]")[1..],
        [1, 0o010200_000000, 3]
    );
}

#[test]
fn a_literal_inside_a_literal_may_hold_bytes_over_two_lines() {
    // The shape of `[[ .byte 8 <line end> "X ? ... ? .byte ],,addr]`.
    assert_eq!(
        words("MOVE 1,[[ .BYTE 8\n \"X ? \"G ? .BYTE ],,100]"),
        vec![0o200040_000102, 0o260434_000000, 0o000101_000100]
    );
}
