//! Single steps and `$X` on a bare machine: which operands DDT opens for
//! the next instruction (the AC and the memory word it uses, as the DEC
//! System Reference Manual defines each instruction), what a step or `$X`
//! shows as changed (a PUSH's new stack word), `$X` of an instruction
//! that reads the top of core, and steps into a HALT. Written for
//! mutation testing (docs/mutants.md).

use std::sync::atomic::AtomicBool;

type Bare = ddt::Session<ddt::BareMachine, Vec<u8>>;

/// A bare machine (exec mode, 10000 words) with `words` stored, DDT over
/// it from 1000, no symbols.
fn bare(words: &[(u32, u64)]) -> Bare {
    let mut cpu = ka10::Cpu::new(0o10000);
    for &(a, w) in words {
        cpu.write(a, pdp10_isa::Word::new(w));
    }
    let table = ddt::SymbolTable::new([]);
    ddt::Session::new(ddt::BareMachine::new(cpu, 0o1000), table, Vec::new(), true)
}

fn typed(s: &mut Bare, commands: &str) -> String {
    let quiet = AtomicBool::new(false);
    for line in commands.lines() {
        s.line(line, &quiet).unwrap();
    }
    String::from_utf8(std::mem::take(s.output())).unwrap()
}

/// After a step over a JFCL at 1000, what DDT types after showing
/// `1001>>INSTRUCTION`: the operands it opens.
fn opened(instruction: u64) -> String {
    let mut s = bare(&[(0o1000, 0o255000_000000), (0o1001, instruction)]);
    let out = typed(&mut s, "^N\n");
    let (_, after) = out.split_once("1001>>").unwrap_or_else(|| panic!("{out}"));
    let (_, operands) = after.split_once("   ").unwrap_or(("", ""));
    operands.trim_end().to_string()
}

/// What DDT opens after showing an instruction: `(AC, memory)`.
fn uses(instruction: u64) -> (bool, bool) {
    let text = opened(instruction);
    let ac = text.starts_with("1/");
    let memory = text.contains("100/");
    assert_eq!(
        text.is_empty(),
        !ac && !memory,
        "{instruction:012o}: {text:?}"
    );
    (ac, memory)
}

#[test]
fn operands_of_arithmetic_floating_and_byte_instructions() {
    assert_eq!(uses(0o200040_000100), (true, true)); // MOVE 1,100
    assert_eq!(uses(0o202040_000100), (true, true)); // MOVEM 1,100
    assert_eq!(uses(0o205040_000100), (true, false)); // MOVSI 1,100
    assert_eq!(uses(0o270040_000100), (true, true)); // ADD 1,100
    assert_eq!(uses(0o271040_000100), (true, false)); // ADDI 1,100
    assert_eq!(uses(0o140040_000100), (true, true)); // FAD 1,100
    assert_eq!(uses(0o132040_000100), (true, false)); // FSC 1,100: E is a count
    assert_eq!(uses(0o134040_000100), (true, true)); // ILDB 1,100: a pointer
    assert_eq!(uses(0o500040_000100), (true, true)); // HLL 1,100
    assert_eq!(uses(0o501040_000100), (true, false)); // HLLI 1,100
    assert_eq!(uses(0o436040_000100), (true, true)); // IORM 1,100
}

#[test]
fn operands_of_shifts_stack_and_jump_instructions() {
    assert_eq!(uses(0o240040_000100), (true, false)); // ASH 1,100
    assert_eq!(uses(0o253040_000100), (true, false)); // AOBJN 1,100
    assert_eq!(uses(0o250040_000100), (true, true)); // EXCH 1,100
    assert_eq!(uses(0o261040_000100), (true, true)); // PUSH 1,100
    assert_eq!(uses(0o262040_000100), (true, true)); // POP 1,100
    assert_eq!(uses(0o256000_000100), (false, true)); // XCT 100
    assert_eq!(uses(0o254000_000100), (false, false)); // JRST 100
    assert_eq!(uses(0o255040_000100), (false, false)); // JFCL 1,100: flags
    assert_eq!(uses(0o265040_000100), (true, false)); // JSP 1,100
    assert_eq!(uses(0o266040_000100), (true, true)); // JSA 1,100: AC to E
    assert_eq!(uses(0o267040_000100), (true, false)); // JRA 1,100
    assert_eq!(uses(0o263040_000100), (true, false)); // POPJ 1,
}

#[test]
fn operands_of_compare_skip_jump_and_test_instructions() {
    assert_eq!(uses(0o300040_000100), (true, false)); // CAI 1,100
    assert_eq!(uses(0o312040_000100), (true, true)); // CAME 1,100
    assert_eq!(uses(0o322040_000100), (true, false)); // JUMPE 1,100
                                                      // With AC 0, JUMP, SKIP, AOJ, AOS, SOJ and SOS change no AC.
    assert_eq!(uses(0o322000_000100), (false, false)); // JUMPE 100
    assert_eq!(uses(0o332000_000100), (false, true)); // SKIPE 100
    assert_eq!(uses(0o332040_000100), (true, true)); // SKIPE 1,100
    assert_eq!(uses(0o341040_000100), (true, false)); // AOJL 1,100
    assert_eq!(uses(0o370000_000100), (false, true)); // SOS 100
    assert_eq!(uses(0o603040_000100), (true, false)); // TLNE 1,100
    assert_eq!(uses(0o613040_000100), (true, true)); // TSNE 1,100
    assert_eq!(uses(0o100040_000100), (false, false)); // op-code 100: none
    assert_eq!(uses(0o047040_000100), (false, false)); // a monitor UUO
}

#[test]
fn execute_shows_the_new_stack_word_of_a_push() {
    // PUSH adds one to both halves of the AC, then stores at its new
    // right half: DDT shows the AC and that word as changed.
    let mut s = bare(&[]);
    let out = typed(&mut s, "MOVEI 1,5$X\nMOVEI 17,100$X\nPUSH 17,1$X\n");
    assert!(
        out.ends_with("PUSH 17,1$X   17/   1,,101   101/   5   \n"),
        "{out}"
    );
}

#[test]
fn execute_reads_the_top_of_core_unharmed() {
    // $X runs the instruction from a word at the top of core; an
    // instruction that reads that word still reads what was there.
    let mut s = bare(&[(0o7777, 5), (0o7776, 6)]);
    let out = typed(
        &mut s,
        "MOVE 1,7777$X\nMOVE 2,7776$X\n7777/\n7776/\n7775/\n",
    );
    assert!(out.contains("MOVE 1,7777$X   1/   5   \n"), "{out}");
    assert!(out.contains("MOVE 2,7776$X   2/   6   \n"), "{out}");
    assert!(
        out.contains("7777/   5   \n7776/   6   \n7775/   0   \n"),
        "{out}"
    );
}

#[test]
fn a_step_into_a_halt_stops_there() {
    let mut s = bare(&[(0o1000, 0o254200_000000)]);
    let out = typed(&mut s, "^N\n");
    assert!(out.contains("HALT at 001000"), "{out}");
    // Sixteen steps (20 octal) are each shown; seventeen (21) only end.
    let mut s = bare(&[(0o1000, 0o254000_001000)]);
    let out = typed(&mut s, "20^N\n");
    assert_eq!(out.matches("1000>>JRST 1000").count(), 16, "{out}");
    let mut s = bare(&[(0o1000, 0o254000_001000)]);
    let out = typed(&mut s, "21^N\n");
    assert_eq!(out.matches("1000>>JRST 1000").count(), 1, "{out}");
}
