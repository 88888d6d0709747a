//! Altmode commands and syllables, checked against DDT ORDER
//! (`doc/_info_/ddtord.1462`): `$.` (the PC), `$T` remembering the byte
//! size, `$<n>T` and `$<n>R` limits, `$R` undoing `$A`, text type-in in
//! SIXBIT and ASCII, ESC and `^[` as altmodes, and how DDT echoes typed
//! characters. Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

#[test]
fn dollar_point_is_the_pc() {
    // "$. has as its value the current job's user mode PC." COUNT stops
    // at its breakpoint at BUMP, which is 115.
    let mut s = session("dot", COUNT);
    let out = typed(&mut s, "BUMP$B\n$G\n$.=\n$.+1=\n");
    assert!(out.contains("\n$.=115   \n"), "{out}");
    assert!(out.contains("\n$.+1=116   \n"), "{out}");
}

#[test]
fn dollar_t_keeps_the_last_byte_size() {
    // "$T ... selects typeout as bytes, using the most recently specified
    // byte size". TEXT holds ASCII/HELLO/: 442131,,446236.
    let mut s = session("bytesize", COUNT);
    let out = typed(&mut s, "$6T\nTEXT/\n\n$T\nTEXT/\n\n$$12T\nTEXT/\n\nTEXT/\n");
    let six = "TEXT/   44 21 31 44 62 36   \n";
    assert_eq!(out.matches(six).count(), 2, "{out}");
    // $$ makes it permanent: the carriage return does not undo it.
    let twelve = "TEXT/   4421 3144 6236   \n";
    assert_eq!(out.matches(twelve).count(), 2, "{out}");
}

#[test]
fn a_byte_size_or_radix_out_of_range_is_refused() {
    // "$<n>T (where <n> is between 1 and 36.)".
    let mut s = session("badsize", COUNT);
    let out = typed(&mut s, "$0T\n$37T\n$36T\n");
    assert_eq!(out, "$0T?   \n$37T?   \n$36T\n");
    // A radix below 2 types nothing sensible: refused too.
    let out = typed(&mut s, "$1R\n$2R\n5=\n");
    assert_eq!(out, "$1R?   \n$2R\n5=101   \n");
}

#[test]
fn dollar_r_undoes_absolute_mode_for_a_while() {
    // "$R or $$R temporarily or permanently selects relative address
    // typeout mode"; "$A ... addresses are always typed out as numbers".
    let mut s = session("relative", COUNT);
    let out = typed(
        &mut s,
        "$$A\nHALVES/\n$R\nHALVES/\n\nHALVES/\n$$R\n\nHALVES/\n",
    );
    assert_eq!(
        out,
        "$$A\nHALVES/   3,,121   \n$R\nHALVES/   3,,TEXT   \n\nHALVES/   3,,121   \n$$R\n\nHALVES/   3,,TEXT   \n"
    );
}

#[test]
fn sixbit_type_in_is_upper_case() {
    // SIXBIT has no lower case: $1'abc$ is SIXBIT/ABC/.
    let mut s = session("sixlower", COUNT);
    let out = typed(&mut s, "$1'abc$=\n$1'A B$=\n");
    assert!(out.contains("$1'abc$=414243000000   \n"), "{out}");
    assert!(out.contains("$1'A B$=410042000000   \n"), "{out}");
}

#[test]
fn text_type_in_needs_its_closing_altmode() {
    let mut s = session("unclosed", COUNT);
    let out = typed(&mut s, "$1\"AB=\n");
    assert!(out.trim_end().ends_with('?'), "{out}");
}

#[test]
fn five_characters_with_two_altmodes_fill_the_open_word_only() {
    // $$"...$ deposits each five characters past the first five in the
    // open location and opens the next; five characters fit in one word,
    // so the open location stays where it was.
    let mut s = session("five", COUNT);
    let out = typed(&mut s, "PDL/\n$$0\"HELLO$\n.=\nPDL/\n$\"\nPDL/\n");
    assert!(out.contains("\n.=124   \n"), "{out}");
    assert!(out.ends_with("PDL/   $0\"HELLO$   \n"), "{out}");
}

#[test]
fn escape_and_uparrow_bracket_are_altmodes() {
    // DDT's altmode is ESC; `$` stands for it, and so does `^[` (the
    // control character uparrow-[ names).
    let mut s = session("esc", COUNT);
    let out = typed(&mut s, "\u{1b}1#A=\n^[1#B=\n");
    assert!(out.contains("1#A=101   \n"), "{out}");
    assert!(out.contains("1#B=102   \n"), "{out}");
}

#[test]
fn control_characters_echo_as_uparrow_and_letter() {
    assert_eq!(ddt::echo_of('\u{1}'), "^A");
    assert_eq!(ddt::echo_of('\u{1f}'), "^_");
    assert_eq!(ddt::echo_of('\u{0}'), "^@");
    assert_eq!(ddt::echo_of(' '), " ");
    assert_eq!(ddt::echo_of('A'), "A");
    assert_eq!(ddt::echo_of('\u{1b}'), "$");
    assert_eq!(ddt::echo_of('\r'), "");
}
