//! SIXBIT as ITS writes names: six characters a word, each its ASCII code
//! minus 40 (octal), left-justified; `_` (137) is the last code, 77.
//! Written for mutation testing (docs/mutants.md).

use its::Sixbit;

#[test]
fn every_character_from_space_to_underscore() {
    for c in ' '..='_' {
        let s = Sixbit::new(&c.to_string()).unwrap();
        assert_eq!(s.0.raw(), (c as u64 - 0o40) << 30, "{c:?}");
    }
    assert_eq!(Sixbit::new("`"), None);
    assert_eq!(Sixbit::new("\u{7f}"), None);
    assert_eq!(Sixbit::new("\u{1f}"), None);
    // Lower case folds to upper case (` is not lower case).
    assert_eq!(Sixbit::new("a"), Sixbit::new("A"));
    assert_eq!(Sixbit::new("z"), Sixbit::new("Z"));
}

#[test]
fn six_characters_left_justified() {
    assert_eq!(Sixbit::new("ABCDEF").unwrap().0.raw(), 0o414243_444546);
    assert_eq!(Sixbit::new("ABCDEFG").unwrap().0.raw(), 0o414243_444546);
    assert_eq!(Sixbit::new("_").unwrap().0.raw(), 0o770000_000000);
    assert_eq!(Sixbit::new("A B").unwrap().text(), "A B");
    assert_eq!(Sixbit::new("AB  ").unwrap().text(), "AB");
    assert_eq!(Sixbit::new("").unwrap(), Sixbit::EMPTY);
    assert!(Sixbit::EMPTY.is_empty());
    assert!(!Sixbit::new("A").unwrap().is_empty());
    assert_eq!(Sixbit::new("FOO").unwrap().to_string(), "FOO");
    // A character beyond the sixth is still checked.
    assert_eq!(Sixbit::new("ABCDEF\u{1}"), None);
}

#[test]
fn lossy_names_keep_what_sixbit_holds() {
    assert_eq!(Sixbit::lossy("user-1").text(), "USER-1");
    assert_eq!(Sixbit::lossy("a{b}c").text(), "ABC");
    assert_eq!(Sixbit::lossy("verylongname").text(), "VERYLO");
    assert_eq!(Sixbit::lossy("\u{1}\u{2}"), Sixbit::EMPTY);
}

#[test]
fn right_justified_device_halves() {
    // The .OPEN block's device: up to three characters, right-justified.
    for (name, rj) in [
        ("TTY", 0o646471u64),
        ("DSK", 0o446353),
        ("A", 0o41),
        ("AB", 0o4142),
    ] {
        let s = Sixbit::new(name).unwrap();
        assert_eq!(s.right_justified(), rj, "{name}");
        assert_eq!(Sixbit::from_right_justified(rj), s, "{name}");
    }
    // Six characters are already right-justified.
    let full = Sixbit::new("ABCDEF").unwrap();
    assert_eq!(full.right_justified(), full.0.raw());
    assert_eq!(Sixbit::from_right_justified(full.0.raw()), full);
    // Only 36 bits count.
    assert_eq!(
        Sixbit::from_right_justified(1 << 36 | 0o41),
        Sixbit::new("A").unwrap()
    );
}
