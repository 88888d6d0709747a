//! SQUOZE: six characters of a symbol in 32 bits, base 40 (octal 50).
//!
//! Code 0 is space, 1-12 the digits, 13-44 the letters, 45 `.`, 46 `$`,
//! 47 `%` (all octal). DDT symbol tables keep four flag bits above the 32
//! bits of name (bits 0-3 of the word).

/// Flag bit 4.9 (bit 0): half-killed, not typed out by DDT.
pub const HALF_KILLED: u64 = 0o400000 << 18;
/// Flag bit 4.8 (bit 1): killed.
pub const KILLED: u64 = 0o200000 << 18;
/// Flag bit 4.7 (bit 2): local to its block.
pub const LOCAL: u64 = 0o100000 << 18;
/// Flag bit 4.6 (bit 3): global.
pub const GLOBAL: u64 = 0o040000 << 18;
/// The 32 name bits of a squoze word.
pub const NAME_MASK: u64 = (1 << 32) - 1;

/// The squoze code of a character, upper case; `None` if it has none.
pub const fn code(c: char) -> Option<u64> {
    Some(match c {
        ' ' => 0,
        '0'..='9' => c as u64 - '0' as u64 + 1,
        'A'..='Z' => c as u64 - 'A' as u64 + 0o13,
        'a'..='z' => c as u64 - 'a' as u64 + 0o13,
        '.' => 0o45,
        '$' => 0o46,
        '%' => 0o47,
        _ => return None,
    })
}

/// The character of a squoze code (0-47 octal).
pub const fn char_of(code: u64) -> char {
    const CHARS: &[u8; 40] = b" 0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ.$%";
    CHARS[(code % 40) as usize] as char
}

/// The squoze value of the first six characters of `name` (the 32 name bits,
/// no flags); `None` if a character has no squoze code.
pub fn encode(name: &str) -> Option<u64> {
    let mut value = 0;
    let mut n = 0;
    for c in name.chars().take(6) {
        value = value * 40 + code(c)?;
        n += 1;
    }
    // Names shorter than six characters are padded with spaces on the right.
    for _ in n..6 {
        value *= 40;
    }
    Some(value)
}

/// The name in the low 32 bits of `word`, trailing spaces removed.
pub fn decode(word: u64) -> String {
    let mut value = word & NAME_MASK;
    let mut chars = [' '; 6];
    for slot in chars.iter_mut().rev() {
        *slot = char_of(value % 40);
        value /= 40;
    }
    chars.iter().collect::<String>().trim_end().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn global_block_name() {
        // MIDAS's symbol table header pair names the block GLOBAL: 015315,,513316.
        assert_eq!(encode("GLOBAL"), Some(0o015315_513316));
        assert_eq!(decode(0o015315_513316), "GLOBAL");
    }

    #[test]
    fn round_trip_and_flags() {
        for name in ["A", "FOO", "..RJCL", "%TJDIS", "$X1", "ZZZZZZ"] {
            let v = encode(name).unwrap();
            assert!(v <= NAME_MASK);
            assert_eq!(
                decode(v | HALF_KILLED | LOCAL),
                name.chars().take(6).collect::<String>()
            );
        }
        assert_eq!(encode("a"), encode("A"));
        assert_eq!(encode("CONSTANTS"), encode("CONSTA"));
        assert_eq!(encode("A-B"), None);
    }
}
