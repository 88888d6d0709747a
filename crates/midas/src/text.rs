//! Values of text and numbers: ASCII and SIXBIT packing, PDP-10 floating
//! point, ITS dates.

/// Packs 7-bit characters five to a word, left-justified, bit 35 zero
/// (DEC System Reference Manual 2.3, byte pointers 440700), padding the last
/// word with `pad`.
pub(crate) fn pack_ascii(chars: &[u8], pad: u8) -> Vec<u64> {
    chars
        .chunks(5)
        .map(|chunk| {
            let mut w = 0u64;
            for k in 0..5 {
                let c = chunk.get(k).copied().unwrap_or(pad) as u64 & 0o177;
                w = (w << 7) | c;
            }
            w << 1
        })
        .collect()
}

/// The words of `ASCII`, `ASCIZ` and `ASCIC` text. ASCIZ ends with at least
/// one NUL and ASCIC with at least one ^C (its padding, too); an empty ASCII
/// string still gives one (zero) word so that it has a value.
pub(crate) fn text_words(kind: TextKind, text: &str) -> Vec<u64> {
    let mut chars: Vec<u8> = Vec::with_capacity(text.len() + 1);
    for c in text.chars() {
        // A host newline is the end of an ITS line: CR LF.
        if c == '\n' {
            chars.push(0o15);
        }
        chars.push((c as u32 & 0o177) as u8);
    }
    match kind {
        TextKind::Ascii => {
            if chars.is_empty() {
                return vec![0];
            }
            pack_ascii(&chars, 0)
        }
        TextKind::Asciz => {
            chars.push(0);
            pack_ascii(&chars, 0)
        }
        TextKind::Ascic => {
            chars.push(3);
            pack_ascii(&chars, 3)
        }
        TextKind::Sixbit => {
            let six: Vec<u64> = chars.iter().map(|&c| sixbit_char(c)).collect();
            if six.is_empty() {
                return vec![0];
            }
            six.chunks(6)
                .map(|chunk| {
                    (0..6).fold(0u64, |w, k| (w << 6) | chunk.get(k).copied().unwrap_or(0))
                })
                .collect()
        }
    }
}

/// The kinds of text pseudo-op.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TextKind {
    Ascii,
    Asciz,
    Ascic,
    Sixbit,
}

/// The SIXBIT code of an ASCII character: lower case folded, then minus 40.
/// Folding takes all of 140-177 to 100-137, so `~` is 76 like `^` (real
/// MIDAS 433: `SIXBIT /~`{|}a/` is 764073,,747541; sysen2;fcdev's
/// `[sixbit/~/]` and `[sixbit />/]` are two constants).
pub(crate) fn sixbit_char(c: u8) -> u64 {
    let c = if c >= 0o140 { c - 0o40 } else { c };
    ((c as u64).wrapping_sub(0o40)) & 0o77
}

/// The (position, size) of a byte pointer, or of its left half given in
/// the right half (manual node Bytes).
fn position_size(bp: u64) -> (u32, u32) {
    let bp = if bp >> 18 == 0 { bp << 18 } else { bp };
    (((bp >> 30) & 0o77) as u32, ((bp >> 24) & 0o77) as u32)
}

/// `.BM`: the mask of the byte a byte pointer selects.
pub(crate) fn byte_mask(bp: u64) -> u64 {
    let (pos, size) = position_size(bp);
    if pos >= 36 {
        return 0;
    }
    let ones = if size >= 64 {
        u64::MAX
    } else {
        (1u64 << size) - 1
    };
    (ones << pos) & pdp10_isa::WORD_MASK
}

/// `.BP`: the byte pointer (address 0) to the field a mask covers.
pub(crate) fn byte_pointer(mask: u64) -> u64 {
    let mask = mask & pdp10_isa::WORD_MASK;
    if mask == 0 {
        return 0;
    }
    let pos = mask.trailing_zeros() as u64;
    let size = 36 - pos - (mask.leading_zeros() as u64 - 28);
    (pos << 30) | (size << 24)
}

/// `.IBP`: a byte pointer advanced as the IBP instruction does (a left
/// half given in the right half is swapped first).
pub(crate) fn increment_byte_pointer(bp: u64) -> u64 {
    let bp = if bp >> 18 == 0 { bp << 18 } else { bp };
    let (pos, size) = position_size(bp);
    let rest = bp & 0o007777_777777;
    if pos >= size {
        ((pos - size) as u64) << 30 | rest
    } else {
        let addr = (rest + 1) & 0o777777;
        ((36 - size) as u64) << 30 | (rest & !0o777777) | addr
    }
}

/// The characters of a SIXBIT word, trailing blanks dropped (`.TYO6`).
pub(crate) fn sixbit_text(w: u64) -> String {
    let mut s: String = (0..6)
        .map(|k| char::from((((w >> (30 - 6 * k)) & 0o77) as u8) + 0o40))
        .collect();
    s.truncate(s.trim_end_matches(' ').len());
    s
}

/// SIXBIT of up to six characters, left-justified (`SIXBIT /DSK/`).
pub(crate) fn sixbit_word(s: &str) -> u64 {
    let mut w = 0;
    for k in 0..6 {
        let c = s.as_bytes().get(k).copied().map_or(0, sixbit_char);
        w = (w << 6) | c;
    }
    w
}

/// A PDP-10 single-precision floating-point word (System Reference Manual
/// 2.6): sign, 8-bit excess-128 exponent, 27-bit fraction normalised to
/// [1/2, 1); a negative number is the two's complement of the positive one.
/// The fraction is rounded to nearest.
pub(crate) fn float_word(value: f64) -> Option<u64> {
    if !value.is_finite() {
        return None;
    }
    if value == 0.0 {
        return Some(0);
    }
    let negative = value < 0.0;
    let mut fraction = value.abs();
    let mut exponent: i32 = 0;
    while fraction >= 1.0 {
        fraction /= 2.0;
        exponent += 1;
    }
    while fraction < 0.5 {
        fraction *= 2.0;
        exponent -= 1;
    }
    let mut mantissa = (fraction * (1u64 << 27) as f64).round() as u64;
    if mantissa == 1 << 27 {
        mantissa >>= 1;
        exponent += 1;
    }
    let biased = exponent + 128;
    if !(0..=255).contains(&biased) {
        return None;
    }
    let word = ((biased as u64) << 27) | mantissa;
    Some(if negative {
        word.wrapping_neg() & pdp10_isa::WORD_MASK
    } else {
        word
    })
}

/// An ITS disk-format date and time (as in file directories and MIDAS's
/// assembly-information block): year - 1900 in bits 3-9, month in 10-13, day
/// in 14-17, and the half-seconds since midnight in the right half.
pub(crate) fn its_date(unix_seconds: u64) -> u64 {
    let days = (unix_seconds / 86_400) as i64;
    let secs = unix_seconds % 86_400;
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u64;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u64;
    let year = (yoe + era * 400 + i64::from(month <= 2)) as u64;
    let left = (((year.saturating_sub(1900)) & 0o177) << 9) | (month << 5) | day;
    (left << 18) | (secs * 2)
}

/// What ITS's `.RDATIM` gives at `unix_seconds`: the time as SIXBIT
/// `HHMMSS` and the date as SIXBIT `YYMMDD` (UTC).
pub(crate) fn rdatim(unix_seconds: u64) -> (u64, u64) {
    let d = its_date(unix_seconds);
    let (left, secs) = (d >> 18, (d & 0o777777) / 2);
    let (year, month, day) = ((left >> 9) % 100, (left >> 5) & 0o17, left & 0o37);
    let time = format!("{:02}{:02}{:02}", secs / 3600, secs / 60 % 60, secs % 60);
    let date = format!("{year:02}{month:02}{day:02}");
    (sixbit_word(&time), sixbit_word(&date))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ascii_forms() {
        // "ABCDE" = 101 102 103 104 105 packed: 203 205 207 211 212 shifted.
        assert_eq!(text_words(TextKind::Ascii, "ABCDE"), vec![0o406050_342212]);
        assert_eq!(
            text_words(TextKind::Asciz, "ABCDE"),
            vec![0o406050_342212, 0]
        );
        assert_eq!(text_words(TextKind::Asciz, "A"), vec![0o404000_000000]);
        // ASCIC pads with ^C: "A" ^C ^C ^C ^C.
        assert_eq!(text_words(TextKind::Ascic, "A"), vec![0o404060_301406]);
        assert_eq!(text_words(TextKind::Ascii, "\n"), vec![0o064240_000000]);
    }

    #[test]
    fn sixbit() {
        assert_eq!(text_words(TextKind::Sixbit, "DSK"), vec![0o446353_000000]);
        assert_eq!(text_words(TextKind::Sixbit, "tty"), vec![0o646471_000000]);
        // Real MIDAS 433 folds all of 140-177 (checked with midas-oracle).
        assert_eq!(
            text_words(TextKind::Sixbit, "~`{|}a"),
            vec![0o764073_747541]
        );
        assert_eq!(sixbit_word("VISIB1"), 0o665163_514221);
        assert_eq!(text_words(TextKind::Sixbit, "ABCDEFG").len(), 2);
    }

    #[test]
    fn floats() {
        // 1.0 = 201400,,0; 1.5 = 201600,,0; 0.5 = 200400,,0; -1.0 = 576400,,0.
        assert_eq!(float_word(1.0), Some(0o201400_000000));
        assert_eq!(float_word(1.5), Some(0o201600_000000));
        assert_eq!(float_word(0.5), Some(0o200400_000000));
        assert_eq!(float_word(-1.0), Some(0o576400_000000));
        assert_eq!(float_word(3000.0), Some(0o214567_000000));
        assert_eq!(float_word(0.0), Some(0));
    }

    #[test]
    fn dates() {
        // 2018-04-20 20:49:54, as in a real MIDAS assembly-information block.
        assert_eq!(its_date(1_524_257_394), 0o166224_444744);
    }
}
