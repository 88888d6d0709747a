//! Values of text, floating point, byte pointers and dates, checked against
//! the MIDAS manual (`doc/info/midas`, nodes Numbers, Bytes and Pseudos),
//! the DEC System Reference Manual (floating-point format 2.6, byte
//! pointers 2.3) and ITS's disk-format date (`doc/sysdoc/_calls.127`,
//! RQDATE) and `.RDATIM` (`doc/sysdoc/uuos.114`). Written for mutation
//! testing (docs/mutants.md): the expected words are worked out from those
//! formats by hand, not taken from the assembler.

mod support;
use support::fails;

use pdp10_isa::sblk::Sblk;

fn assembled_with(source: &str, options: &midas::Options) -> midas::Assembly {
    let text = format!("{source}\nEND\n");
    midas::assemble_str_with("t.mid", &text, options).unwrap_or_else(|e| panic!("{source}: {e}"))
}

/// The words `source` assembles to, in order.
fn words(source: &str) -> Vec<u64> {
    let a = assembled_with(source, &midas::Options::default());
    a.words.iter().map(|(_, w)| w.raw()).collect()
}

fn value(expr: &str) -> u64 {
    let w = words(expr);
    assert_eq!(w.len(), 1, "{expr}: {w:?}");
    w[0]
}

/// SIXBIT of up to six characters, left-justified: each character minus 40.
fn sixbit(s: &str) -> u64 {
    s.bytes()
        .chain(std::iter::repeat(b' '))
        .take(6)
        .fold(0, |w, c| (w << 6) | (c - 0o40) as u64)
}

#[test]
fn a_float_scaled_by_a_power_of_ten() {
    // Node Numbers: `1.5^3` is 1500.0 = .732421875 * 2^11: exponent
    // 128+11 = 213, fraction 567000000.
    assert_eq!(value("1.5^3"), 0o213567_000000);
    assert_eq!(value("1.0^2"), value("100.0"));
}

#[test]
fn a_fraction_that_rounds_up_to_one_is_renormalised() {
    // 0.99999999999 rounds to 2^27 / 2^27: the word of 1.0, 201400,,0.
    assert_eq!(value("0.99999999999"), 0o201400_000000);
    assert_eq!(value("1.99999999999"), 0o202400_000000);
}

#[test]
fn negative_floats_are_twos_complements() {
    // 0.75 = 200600,,0; its negative is 1000000,,0 - 200600,,0.
    assert_eq!(value("0.75"), 0o200600_000000);
    assert_eq!(value("-0.75"), 0o577200_000000);
    // A fraction below one half: .25 is .5 * 2^-1, exponent 177.
    assert_eq!(value("0.25"), 0o177400_000000);
    assert_eq!(value("0.1"), 0o175631_463146);
}

#[test]
fn the_largest_exponent_is_377_and_beyond_it_is_an_error() {
    // 1.0^38. (decimal exponent) = 1.0E38 = .5877 * 2^127: exponent 128+127 = 377.
    assert_eq!(value("1.0^38.") >> 27, 0o377);
    let e = fails("1.0^39.");
    assert!(e.contains("out of range"), "{e}");
}

#[test]
fn byte_masks_of_the_manual() {
    // Node Bytes: `.BM` of a pointer whose byte runs past bit 0 keeps the
    // bits inside the word; position 44 selects no byte.
    assert_eq!(value(".BM <420700,,0>"), 0o600000_000000);
    assert_eq!(value(".BM <440700,,0>"), 0);
    assert_eq!(value(".BM <000600,,0>"), 0o77);
    assert_eq!(value(".BM 301400"), 0o777700_000000);
    // `.BP` of a whole word and of no bits.
    assert_eq!(value(".BP -1"), 0o004400_000000);
    assert_eq!(value(".BP 0"), 0);
    assert_eq!(value(".BP <770000,,0>"), 0o360600_000000);
}

#[test]
fn ldb_and_dpb_take_the_byte_a_pointer_selects() {
    // Node Bytes: .LDB and .DPB as the LDB and DPB instructions.
    assert_eq!(value(".LDB <360600,,0>,<123456,,654321>"), 0o12);
    assert_eq!(value(".LDB <000600,,0>,<123456,,654321>"), 0o21);
    assert_eq!(value(".DPB 77,<360600,,0>,0"), 0o770000_000000);
    assert_eq!(value(".DPB 0,<360600,,0>,-1"), 0o007777_777777);
    // A byte wider than its field is cut to the field.
    assert_eq!(value(".DPB 777,<000600,,0>,0"), 0o77);
    // Position 44: no byte at all, the word unchanged.
    assert_eq!(value(".DPB 77,<440600,,0>,5"), 5);
    assert_eq!(value(".LDB <440600,,0>,-1"), 0);
}

#[test]
fn ibp_advances_to_the_next_word_and_keeps_index_and_indirect() {
    // IBP (System Reference Manual 2.3): P - S when a byte is left,
    // else P = 36 - S and Y + 1, I and X unchanged; Y wraps in 18 bits.
    assert_eq!(value(".IBP <010724,,5>"), 0o350724_000006);
    assert_eq!(value(".IBP <070700,,5>"), 0o000700_000005);
    assert_eq!(value(".IBP <000700,,777777>"), 0o350700_000000);
    assert_eq!(value(".IBP <350620,,5>"), 0o270620_000005);
}

#[test]
fn lz_and_tz_count_zeros_of_a_36_bit_word() {
    assert_eq!(value(".LZ 1"), 35);
    assert_eq!(value(".TZ 1"), 0);
    assert_eq!(value(".LZ 400"), 27);
    assert_eq!(value(".TZ 400"), 8);
    assert_eq!(value(".LZ -1"), 0);
}

#[test]
fn tyo6_types_a_sixbit_word_without_its_trailing_blanks() {
    let a = assembled_with(
        "IF1 .TYO6 SIXBIT /A B/\nIF1 .TYO6 SIXBIT /XYZ123/",
        &Default::default(),
    );
    assert_eq!(a.messages.concat(), "A BXYZ123");
}

#[test]
fn aop_rdatim_gives_time_and_date_in_sixbit() {
    // uuos.114: .RDATIM is .RTIME (SIXBIT HHMMSS) and .RDATE (SIXBIT
    // YYMMDD); .AOP leaves them in .AVAL1 and .AVAL2.
    let at = |time: u64| {
        let options = midas::Options {
            time,
            ..midas::Options::default()
        };
        let a = assembled_with(".AOP .RDATIM 1,\n.AVAL1\n.AVAL2", &options);
        a.words.iter().map(|(_, w)| w.raw()).collect::<Vec<_>>()
    };
    // 2018-04-20 20:49:54 UTC.
    assert_eq!(at(1_524_257_394), vec![sixbit("204954"), sixbit("180420")]);
    // 2009-01-02 03:04:05 UTC: leading zeros kept.
    assert_eq!(at(1_230_865_445), vec![sixbit("030405"), sixbit("090102")]);
    // A jump is never executed at assembly time.
    let e = fails(".AOP JRST 100");
    assert!(e.contains(".OP"), "{e}");
}

/// The assembly-information block's date word of an assembly at `time`.
fn info_date(time: u64) -> u64 {
    let options = midas::Options {
        time,
        ..midas::Options::default()
    };
    let a = assembled_with("GO: MOVEI 1,5", &options);
    let sblk = Sblk::parse(&a.sblk_words()).unwrap();
    sblk.trailer.iter().find(|b| b.address == 3).unwrap().words[2].raw()
}

/// RQDATE's disk format: year - 1900 in 4.7-4.1, month 3.9-3.6, day
/// 3.5-3.1, half-seconds since midnight in the right half.
fn disk_date(year: u64, month: u64, day: u64, seconds: u64) -> u64 {
    ((((year - 1900) & 0o177) << 9 | month << 5 | day) << 18) | (seconds * 2)
}

#[test]
fn disk_dates_across_leap_years_and_centuries() {
    assert_eq!(info_date(68_256_000), disk_date(1972, 3, 1, 0));
    assert_eq!(info_date(951_868_799), disk_date(2000, 2, 29, 86_399));
    assert_eq!(info_date(951_868_800), disk_date(2000, 3, 1, 0));
    assert_eq!(info_date(978_307_201), disk_date(2001, 1, 1, 1));
    assert_eq!(
        info_date(1_735_626_600),
        disk_date(2024, 12, 31, 6 * 3600 + 1800)
    );
    // 2100 is no leap year: March 1st follows February 28th. (Its year
    // does not fit the seven bits; month, day and time still do.)
    assert_eq!(
        info_date(4_107_585_600) & 0o777_777777,
        disk_date(2100, 3, 1, 43_200) & 0o777_777777
    );
    assert_eq!(
        info_date(4_107_499_200) & 0o777_777777,
        disk_date(2100, 2, 28, 43_200) & 0o777_777777
    );
}

#[test]
fn the_evacuated_file_holds_the_sblk_words() {
    // The host file is the SBLK file in ITS's evacuated encoding (as
    // itstar writes it): decoding it gives back every word.
    let a = assembled_with("GO: MOVEI 1,5", &Default::default());
    let bytes = a.to_bytes();
    assert!(!bytes.is_empty());
    let back = pdp10_isa::evacuated::decode(&bytes).unwrap();
    assert_eq!(back, a.sblk_words());
}
