//! SQUOZE as DDT's symbol tables use it: base 50 (octal), space 0, digits
//! 1-12, letters 13-44, `.` 45, `$` 46, `%` 47; the name in the low 32
//! bits, flags in bits 0-3 (4.9 half-killed, 4.8 killed, 4.7 local, 4.6
//! global). Written for mutation testing (docs/mutants.md).

use pdp10_isa::squoze::{
    char_of, code, decode, encode, GLOBAL, HALF_KILLED, KILLED, LOCAL, NAME_MASK,
};

#[test]
fn every_character_has_its_code() {
    assert_eq!(code(' '), Some(0));
    for (k, c) in "0123456789".chars().enumerate() {
        assert_eq!(code(c), Some(1 + k as u64), "{c}");
    }
    for (k, c) in ('A'..='Z').enumerate() {
        assert_eq!(code(c), Some(0o13 + k as u64), "{c}");
        assert_eq!(code(c.to_ascii_lowercase()), Some(0o13 + k as u64), "{c}");
    }
    assert_eq!(code('.'), Some(0o45));
    assert_eq!(code('$'), Some(0o46));
    assert_eq!(code('%'), Some(0o47));
    for c in ['-', '/', '_', '@', '[', '`', '{', ':'] {
        assert_eq!(code(c), None, "{c:?}");
    }
}

#[test]
fn codes_back_to_characters() {
    let all = " 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.$%";
    for (k, c) in all.chars().enumerate() {
        assert_eq!(char_of(k as u64), c);
        assert_eq!(code(c), Some(k as u64));
    }
}

#[test]
fn names_are_six_characters_base_50() {
    // The first character is the most significant digit; short names are
    // padded with spaces on the right.
    assert_eq!(encode("A"), Some(0o13 * 0o50u64.pow(5)));
    assert_eq!(encode("     0"), Some(1));
    assert_eq!(encode("    10"), Some(2 * 0o50 + 1));
    assert_eq!(encode("%%%%%%"), Some(0o50u64.pow(6) - 1));
    assert!(encode("%%%%%%").unwrap() <= NAME_MASK);
    assert_eq!(encode("0"), Some(0o50u64.pow(5)));
    assert_eq!(encode("9"), Some(0o12 * 0o50u64.pow(5)));
    assert_eq!(encode(""), Some(0));
    assert_eq!(decode(0o13 * 0o50u64.pow(5)), "A");
    assert_eq!(decode(1), "     0");
    assert_eq!(decode(0), "");
    for name in ["A1B2C3", "X", ".$%", "Z9", "0"] {
        assert_eq!(decode(encode(name).unwrap()), name);
    }
}

#[test]
fn flags_are_bits_0_to_3() {
    assert_eq!(HALF_KILLED, 1 << 35);
    assert_eq!(KILLED, 1 << 34);
    assert_eq!(LOCAL, 1 << 33);
    assert_eq!(GLOBAL, 1 << 32);
    assert_eq!(NAME_MASK, (1 << 32) - 1);
    // Decoding looks at the name bits only.
    let foo = encode("FOO").unwrap();
    assert_eq!(decode(foo | HALF_KILLED | KILLED | LOCAL | GLOBAL), "FOO");
}
