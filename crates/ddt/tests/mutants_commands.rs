//! DDT's expressions and a few commands, checked against ITS DDT's
//! documentation (`doc/_info_/ddtord.1462`, DDT ORDER): fields separated
//! by spaces and commas, `,,` halfwords, parentheses swapping halves,
//! `$$Q`, `$$B`, and the operands DDT opens after a step. Written for
//! mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;
use std::sync::atomic::AtomicBool;

/// The value `expr=` types, in octal.
fn value_of(name: &str, expr: &str) -> String {
    let mut s = session(name, COUNT);
    let out = typed(&mut s, &format!("{expr}="));
    let value = out
        .strip_prefix(&format!("{expr}="))
        .unwrap_or_else(|| panic!("{out:?}"));
    value.trim_end().to_string()
}

#[test]
fn fields_commas_and_halfwords() {
    // "Usually the value of the word is that of the first field, with all
    // the other fields added into the RH."
    assert_eq!(value_of("f1", "1 2 3"), "6");
    assert_eq!(value_of("f1b", "1 2 3 4"), "12");
    // <lh>,,<rh>: halfword type-in.
    assert_eq!(value_of("f2", "3,,4"), "3000004");
    // <insn> <ac>,<addr>: the AC field.
    assert_eq!(value_of("f3", "MOVE 1,100"), "200040000100");
    // A space between two fields and a comma after the second: the second
    // goes into the AC field.
    assert_eq!(value_of("f4", "MOVE 2,"), "200100000000");
}

#[test]
fn parentheses_swap_halves() {
    // "if the ( is preceded by an arithmetic operator, the parentheses and
    // all between them act like one syllable whose value is the value of
    // that word with its right and left halves interchanged. Otherwise,
    // the two halves of that word are added into the opposite halves".
    assert_eq!(value_of("p1", "5+(1,,2)"), "2000006");
    assert_eq!(value_of("p2", "(1,,2)"), "2000001");
    // The index field: MOVE 1,100(2).
    assert_eq!(value_of("p3", "MOVE 1,100(2)"), "200042000100");
    assert_eq!(value_of("p4", "((1,,2))"), "1000002");
}

#[test]
fn dollar_dollar_q_is_the_last_value_with_halves_swapped() {
    // DDT ORDER: "$$Q is $Q with its halves swapped".
    let mut s = session("q", COUNT);
    let out = typed(&mut s, "HALVES/\n$$Q=\n");
    // HALVES holds 3,,TEXT and TEXT is 121.
    assert!(out.contains("$$Q=121000003"), "{out}");
}

#[test]
fn two_altmodes_q_leaves_and_two_altmodes_b_clears_every_breakpoint() {
    let mut s = session("qb", COUNT);
    let out = typed(&mut s, "BUMP$B\nLOOP$2B\n$$B\n$B\n");
    // The list after $$B is empty: nothing follows its echo.
    assert!(out.ends_with("$$B\n$B\n"), "{out}");
    let quiet = AtomicBool::new(false);
    assert_eq!(s.line("$$Q", &quiet).unwrap(), ddt::Control::Quit);
}

#[test]
fn a_step_opens_the_memory_operand_of_push_and_pop() {
    // After a step DDT opens the AC and the memory word the next
    // instruction uses: PUSH and POP use both (a memory word: E).
    let src = "TITLE P\nA=1\nP=17\nGO:\tMOVE P,[-10,,PDL-1]\n\tMOVEI A,5\n\tPUSH P,A\n\tPOP P,B\n\t.LOGOUT 1,\n\
               B:\t0\nPDL:\tBLOCK 10\nEND GO\n";
    let mut s = session("push", src);
    let out = typed(&mut s, "GO+2$B\n$G\n^N\n");
    assert!(out.contains(">>PUSH P,A   P/   "), "{out}");
    assert!(out.contains("   A/   5"), "{out}");
    assert!(out.contains(">>POP P,B   P/   "), "{out}");
    assert!(out.contains("   B/   0"), "{out}");
}

#[test]
fn a_leading_space_is_no_field() {
    // Spaces separate fields; before the first one there is no field, so
    // " -1" is the full word -1, not -1 added into a right half.
    assert_eq!(value_of("lead", " -1"), value_of("nolead", "-1"));
    assert_eq!(value_of("minus", "-1"), "777777777777");
}

/// A bare machine (exec mode, 10000 words) with `words` stored, DDT over it.
fn bare(words: &[(u32, u64)], symbols: &[(&str, u64)]) -> ddt::Session<ddt::BareMachine, Vec<u8>> {
    let mut cpu = ka10::Cpu::new(0o10000);
    for &(a, w) in words {
        cpu.write(a, pdp10_isa::Word::new(w));
    }
    let table = ddt::SymbolTable::new(symbols.iter().map(|&(n, v)| (n, v, false)));
    ddt::Session::new(ddt::BareMachine::new(cpu, 0o1000), table, Vec::new(), true)
}

fn bare_typed(s: &mut ddt::Session<ddt::BareMachine, Vec<u8>>, commands: &str) -> String {
    let quiet = AtomicBool::new(false);
    for line in commands.lines() {
        s.line(line, &quiet).unwrap();
    }
    String::from_utf8(std::mem::take(s.output())).unwrap()
}

#[test]
fn absolute_mode_names_a_changed_memory_word_by_number() {
    // $$A: "addresses will be typed as numbers". After a step DDT shows
    // the words that changed: location 20 (the first that is no AC) by
    // number even though the symbol X names it.
    let mut s = bare(
        &[
            (0o1000, 0o201040_000005),
            (0o1001, 0o202040_000020),
            (0o1002, 0o254200_000000),
        ],
        &[("X", 0o20)],
    );
    let out = bare_typed(&mut s, "1001$B\n$G\n$$A\n^N\n");
    assert!(out.contains("   20/   5"), "{out}");
}

#[test]
fn a_bare_machine_stops_where_the_processor_gives_up() {
    // A processor stop other than the end of a slice (here the KA10
    // refuses the zero word at 1001 in exec mode) ends $G: DDT types why
    // and where, and reads the next command.
    let mut s = bare(&[(0o1000, 0o201040_000005)], &[]);
    let out = bare_typed(&mut s, "$G\n1/\n");
    assert!(out.contains("at PC 001001"), "{out}");
    assert!(out.ends_with("1/   5   \n"), "{out}");
}

#[test]
fn oper_family_calls_are_typed_by_their_names() {
    // The .OPER family (op-code 42, E the call's number) is typed by the
    // call's own name, as MIDAS defines them: GO+14 of COUNT holds
    // `.LOGOUT 1,`.
    let mut s = session("oper", COUNT);
    let out = typed(&mut s, "GO+14/\n");
    assert_eq!(out, "GO+14/   .LOGOUT 1,   \n");
}
