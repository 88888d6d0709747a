//! Sessions over a bare machine, in memory: what needs no ITS job and no
//! binary (the interrupt flag, clobbered breakpoints, proceed counts).

use crate::{BareMachine, Session, SymbolTable};
use ka10::Cpu;
use pdp10_isa::Word;
use std::sync::atomic::AtomicBool;

/// 1000: MOVEI 1,3; 1001 LOOP: ADDI 2,1; SOJG 1,LOOP; HALT;
/// 1004 SPIN: JRST SPIN; 1010: MOVEI 3,7; MOVEM 3,LOOP; HALT.
fn session() -> Session<BareMachine, Vec<u8>> {
    session_echoing(true)
}

fn session_echoing(echo: bool) -> Session<BareMachine, Vec<u8>> {
    let mut cpu = Cpu::new(0o10000);
    let words = [
        (0o1000, 0o201040_000003u64),
        (0o1001, 0o271100_000001),
        (0o1002, 0o367040_001001),
        (0o1003, 0o254200_000000),
        (0o1004, 0o254000_001004),
        (0o1010, 0o201140_000007),
        (0o1011, 0o202140_001001),
        (0o1012, 0o254200_000000),
    ];
    for (a, w) in words {
        cpu.write(a, Word::new(w));
    }
    let symbols = SymbolTable::new([("LOOP", 0o1001, false), ("SPIN", 0o1004, false)]);
    Session::new(BareMachine::new(cpu, 0o1000), symbols, Vec::new(), echo)
}

fn typed(s: &mut Session<BareMachine, Vec<u8>>, lines: &[&str], interrupt: &AtomicBool) -> String {
    for line in lines {
        s.line(line, interrupt).unwrap();
    }
    String::from_utf8(std::mem::take(s.output())).unwrap()
}

#[test]
fn ctrl_c_stops_a_running_job_with_its_pc() {
    let mut s = session();
    let interrupt = AtomicBool::new(true);
    let out = typed(&mut s, &["SPIN$G"], &interrupt);
    assert_eq!(out, "SPIN$G\n^Z\nSPIN)   JRST SPIN   \n");
    assert!(
        !interrupt.load(std::sync::atomic::Ordering::SeqCst),
        "the flag is cleared"
    );
}

#[test]
fn proceed_counts_and_clobbered_breakpoints() {
    let mut s = session();
    let quiet = AtomicBool::new(false);
    let out = typed(&mut s, &["LOOP$B", "$G", "2$P", "2/"], &quiet);
    assert!(
        out.contains("2$P\n$1B; LOOP>>ADDI 2,1   2/   2   \n2/   2"),
        "{out}"
    );
    // The program overwrites the broken word: DDT says so and leaves it.
    let out = typed(&mut s, &["1010$G", "LOOP/"], &quiet);
    assert!(out.contains("Breakpoint 1 Clobbered\n"), "{out}");
    assert!(out.contains("LOOP/   7   "), "{out}");
    // A HALT stops the job; the original words are back everywhere else.
    let out = typed(
        &mut s,
        &["LOOP/", "ADDI 2,1", "0$B", "1000$G", "1002/"],
        &quiet,
    );
    assert!(out.contains("HALT at 001003"), "{out}");
    assert!(out.contains("1002/   SOJG 1,LOOP"), "{out}");
    assert_eq!(s.status(), 0);
}

#[test]
fn execute_skip_and_modes() {
    let mut s = session();
    let quiet = AtomicBool::new(false);
    let out = typed(
        &mut s,
        &[
            "CAIE 1,3$X",
            "CAIN 1,3$X",
            "MOVEI 1,12.$X",
            "$D",
            "1/",
            "$$O",
            "1/",
        ],
        &quiet,
    );
    assert!(out.contains("CAIE 1,3$X   \n"), "{out}");
    assert!(out.contains("CAIN 1,3$X   <SKIP>   \n"), "{out}");
    assert!(out.contains("MOVEI 1,12.$X   1/   14   \n"), "{out}");
    assert!(out.contains("$D\n1/   12.   \n"), "{out}");
    assert!(out.contains("$$O\n1/   14   \n"), "{out}");
}

/// On a terminal DDT acts on each command character: the terminal shows
/// what was typed (not echoed here), DDT's typing follows it on the line.
#[test]
fn keys_typed_on_a_terminal() {
    let mut s = session_echoing(false);
    let quiet = AtomicBool::new(false);
    // LOOP/ then LF; then 5 and CR deposits in LOOP+1.
    s.keys("LOOP/", &quiet).unwrap();
    s.keys("\n", &quiet).unwrap();
    s.line("5", &quiet).unwrap();
    s.keys("LOOP+1[", &quiet).unwrap();
    let out = String::from_utf8(std::mem::take(s.output())).unwrap();
    assert_eq!(out, "   ADDI 2,1   \nLOOP+1/   SOJG 1,LOOP      5   ");
}
