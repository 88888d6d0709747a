//! DDT's type-in arithmetic and type-out modes, checked against DDT ORDER
//! (`doc/_info_/ddtord.1462`): `&` and `#` (and, exclusive or), `!`
//! (divides), fields after the AC field added into the right half, `@`
//! complementing the indirect bit; `$#` and `$"` typing control
//! characters and rubout. Written for mutation testing (docs/mutants.md).

mod mutants_support;
use ddt::{Mode, SymbolTable, TypeOut};
use mutants_support::*;
use pdp10_isa::Word;

/// What DDT types for `expr=`: the value in octal, or `?`.
fn value_of(name: &str, expr: &str) -> String {
    let mut s = session(name, COUNT);
    let out = typed(&mut s, &format!("{expr}="));
    let value = out
        .strip_prefix(&format!("{expr}="))
        .or_else(|| out.strip_prefix(expr))
        .unwrap_or_else(|| panic!("{out:?}"));
    value.trim_end().to_string()
}

#[test]
fn and_and_exclusive_or() {
    // "& if not first thing typed, does logical-and"; "# if there is
    // anything before the #, it means exclusive-or".
    assert_eq!(value_of("and", "6&3"), "2");
    assert_eq!(value_of("xor", "6#3"), "5");
    // & has priority 3, above + (priority 1).
    assert_eq!(value_of("andplus", "1+6&3"), "3");
}

#[test]
fn exclamation_point_divides_signed_numbers() {
    // "! divides. Priority 2." Integer division of signed words (IDIV).
    assert_eq!(value_of("div", "7!2"), "3");
    assert_eq!(value_of("divneg", "-10!2"), "777777777774");
    assert_eq!(value_of("divhigh", "400000000000!2"), "600000000000");
    // Division by zero is refused, not a crash.
    // IDIV by zero sets no-divide and leaves the dividend (DEC System
    // Reference Manual, IDIV); DDT's ! (NEXCLM) is an IDIV, so 10!0 is 10.
    assert_eq!(value_of("div0", "10!0"), "10");
}

#[test]
fn an_operator_after_an_operator_is_refused() {
    assert_eq!(value_of("opop", "1*+2"), "?");
    assert_eq!(value_of("opop2", "1**2"), "?");
    assert_eq!(value_of("opop3", "*2"), "?");
}

#[test]
fn fields_after_the_ac_field_go_into_the_right_half() {
    // "Usually the value of the word is that of the first field, with all
    // the other fields added into the RH ... if followed by one comma, it
    // is put in the AC field."
    assert_eq!(value_of("acrh", "1,2,3"), "40000005");
    assert_eq!(value_of("acrh2", "1,2 3"), "40000005");
    // <insn> <ac>,<addr> and one more field: added into the RH too.
    assert_eq!(value_of("insnrh", "MOVE 1,2 3"), "200040000005");
    // The right half wraps within its 18 bits.
    assert_eq!(value_of("rhwrap", "1,777777 2"), "40000001");
    // <lh>,, truncates <lh> to 18 bits.
    assert_eq!(value_of("lh", "-1,,0"), "777777000000");
    assert_eq!(value_of("lh2", "1000003,,4"), "3000004");
}

#[test]
fn at_sign_complements_the_indirect_bit() {
    // "@ complements the indirect bit in the word in which it appears."
    assert_eq!(value_of("at1", "JRST @100"), "254020000100");
    assert_eq!(value_of("at2", "JRST @@100"), "254000000100");
}

#[test]
fn a_close_parenthesis_without_an_open_one_is_refused() {
    assert_eq!(value_of("paren", "5)"), "?");
}

fn type_out(mode: Mode, w: u64) -> String {
    let symbols = SymbolTable::new([("A", 1, false), ("P", 0o17, false), ("X", 0o100, false)]);
    TypeOut {
        mode,
        ..TypeOut::default()
    }
    .word(Word::new(w), &symbols)
}

#[test]
fn control_characters_and_rubout_in_character_modes() {
    // $#: "MIDAS's ^A (uparrow-a) is typed out as $1#^A. Rubout comes out
    // as uparrow-questionmark."
    assert_eq!(type_out(Mode::Character, 1), "$1#^A");
    assert_eq!(type_out(Mode::Character, 0o37), "$1#^_");
    assert_eq!(type_out(Mode::Character, 0o40), "$1# ");
    assert_eq!(type_out(Mode::Character, 0o177), "$1#^?");
    // $": "Other control characters are typed out as an uparrow followed
    // by the un-controlified character. Rubout is typed out as ^?".
    // ASCII/A^?^@B/: 101, 177, 0, 102, 0 and the low bit 1.
    let w = (0o101 << 29) | (0o177 << 22) | (0o102 << 8) | 1;
    assert_eq!(type_out(Mode::Ascii, w), "$1\"A^?^@B^@$");
    // SIXBIT: each 6-bit code plus 40; code 0 is a space, 77 is `_`.
    assert_eq!(type_out(Mode::Sixbit, 0o007700_000001), "$1' _   !$");
}

#[test]
fn instruction_fields_in_symbolic_mode() {
    // An index register with no address: ITS DDT types the address only
    // when it is not 0 (and the index in parentheses when not 0).
    assert_eq!(type_out(Mode::Symbolic, 0o200057_000000), "MOVE A,(P)");
    // An address with an index register.
    assert_eq!(type_out(Mode::Symbolic, 0o200057_000100), "MOVE A,X(P)");
    // Indirect through an AC-less, index-less word.
    assert_eq!(type_out(Mode::Symbolic, 0o254020_000100), "JRST @X");
    // An AC field and nothing else.
    assert_eq!(type_out(Mode::Symbolic, 0o200040_000000), "MOVE A,");
}

#[test]
fn bytes_of_every_size() {
    // $nT: bytes of n bits from the left; the last one what is left.
    assert_eq!(type_out(Mode::Bytes(36), 0o123456_701234), "123456701234");
    assert_eq!(type_out(Mode::Bytes(18), 0o000001_000002), "1 2");
    assert_eq!(
        type_out(Mode::Bytes(5), 0o777777_777777),
        "37 37 37 37 37 37 37 1"
    );
}

#[test]
fn decimal_radix_types_signed_numbers_with_a_point() {
    let decimal = |w: u64| {
        TypeOut {
            mode: Mode::Constant,
            radix: 10,
            absolute: false,
        }
        .word(Word::new(w), &SymbolTable::new([]))
    };
    assert_eq!(decimal(0o377777_777777), "34359738367.");
    assert_eq!(decimal(0o400000_000000), "-34359738368.");
    // $2R and $16R: other radixes are unsigned.
    let radix = |r: u32, w: u64| {
        TypeOut {
            mode: Mode::Constant,
            radix: r,
            absolute: false,
        }
        .word(Word::new(w), &SymbolTable::new([]))
    };
    assert_eq!(radix(2, 5), "101");
    assert_eq!(radix(16, 0o777), "1FF");
    assert_eq!(radix(16, 0), "0");
}
