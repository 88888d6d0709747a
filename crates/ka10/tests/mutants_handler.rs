//! The host's side of a run (`lib.rs`'s `TrapHandler` contract): what a
//! handler sees of an executed trap, where each `Resume` goes on, and the
//! errors a run reports with their PC and instruction. Written for
//! mutation testing (docs/mutants.md).

use ka10::{Cpu, ErrorKind, Exit, NoTrace, Resume, Trap, TrapHandler, TrapKind};
use pdp10_isa::Word;
mod support;
use support::{halt, ins, io, machine};

const MOVEI: u64 = 0o201;
const XCT: u64 = 0o256;
const CALL: u64 = 0o040;
const DATAO: u64 = 3;
const TTY: u64 = 0o120;

/// Records each trap with the PC the CPU shows during it, and answers
/// from a script.
struct Script {
    seen: Vec<(Trap, u32)>,
    answers: Vec<Resume<u32>>,
}

impl TrapHandler for Script {
    type Stop = u32;
    fn trap(&mut self, cpu: &mut Cpu, trap: Trap) -> Resume<u32> {
        self.seen.push((trap, cpu.pc()));
        self.answers.remove(0)
    }
}

fn user_machine(words: &[u64], extra: &[(u32, u64)]) -> Cpu {
    let mut cpu = machine(words, extra);
    cpu.set_user_mode(true);
    cpu
}

#[test]
fn an_executed_uuo_reaches_the_handler_with_the_targets_address() {
    // XCT 2000 at 1000, 2000 holding CALL 1,123: the trap names 2000 and
    // the CALL; during it the PC is 1001, after the XCT, where Next goes.
    let mut cpu = user_machine(
        &[ins(XCT, 0, 0o2000), ins(MOVEI, 2, 7), ins(CALL, 0, 0)],
        &[(0o2000, ins(CALL, 1, 0o123))],
    );
    let mut handler = Script {
        seen: vec![],
        answers: vec![Resume::Next, Resume::Stop(9)],
    };
    assert_eq!(
        cpu.run(&mut handler, &mut NoTrace, 100),
        Ok(Exit::Handler(9))
    );
    let (trap, pc) = handler.seen[0];
    assert_eq!(trap.kind, TrapKind::MonitorUuo);
    assert_eq!(trap.pc, 0o2000);
    assert_eq!(trap.instruction.raw(), ins(CALL, 1, 0o123));
    assert_eq!(trap.effective_address, 0o123);
    assert_eq!(pc, 0o1001);
    assert_eq!(cpu.ac(2).raw(), 7, "Next went on at 1001");
    assert_eq!(handler.seen[1].0.pc, 0o1002);
}

#[test]
fn skip_and_jump_resume_relative_to_the_trapping_instruction() {
    // Skip: from the CALL at 1000 to 1002. Jump: to the address given,
    // 18 bits of it.
    let mut cpu = user_machine(
        &[
            ins(CALL, 0, 0),
            ins(MOVEI, 3, 1), // skipped
            ins(CALL, 0, 1),
        ],
        &[(0o3000, ins(CALL, 0, 2))],
    );
    let mut handler = Script {
        seen: vec![],
        answers: vec![Resume::Skip, Resume::Jump(0o7_003000), Resume::Stop(1)],
    };
    assert_eq!(
        cpu.run(&mut handler, &mut NoTrace, 100),
        Ok(Exit::Handler(1))
    );
    let pcs: Vec<u32> = handler.seen.iter().map(|(t, _)| t.pc).collect();
    assert_eq!(pcs, [0o1000, 0o1002, 0o3000]);
    assert_eq!(cpu.ac(3).raw(), 0);
}

/// A console that refuses every write.
struct BrokenConsole;

impl std::io::Write for BrokenConsole {
    fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("the line is down"))
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn a_console_that_fails_ends_the_run_with_its_message_and_the_pc() {
    let mut cpu = machine(
        &[ins(MOVEI, 1, 0o101), io(TTY, DATAO, 1), halt(0o1002)],
        &[],
    );
    cpu.set_console(Box::new(BrokenConsole));
    let err = cpu
        .run(&mut ka10::NoHandler, &mut NoTrace, 100)
        .unwrap_err();
    assert_eq!(
        err.kind,
        ErrorKind::ConsoleOutput {
            message: "the line is down".into()
        }
    );
    assert_eq!(err.pc, 0o1001);
    assert_eq!(err.instruction.raw(), io(TTY, DATAO, 1));
    assert_eq!(cpu.pc(), 0o1001, "left at the instruction");
    let text = err.to_string();
    assert!(
        text.contains("console output failed: the line is down"),
        "{text}"
    );
    assert!(text.contains("at PC 001001"), "{text}");
}

#[test]
fn a_budget_error_names_the_next_instruction() {
    // Two MOVEIs and a budget of 2: the error names the third word, where
    // the PC stands.
    let mut cpu = machine(&[ins(MOVEI, 1, 1), ins(MOVEI, 1, 2), halt(0o1002)], &[]);
    let err = cpu.run(&mut ka10::NoHandler, &mut NoTrace, 2).unwrap_err();
    assert_eq!(err.kind, ErrorKind::BudgetExhausted { executed: 2 });
    assert_eq!(err.pc, 0o1002);
    assert_eq!(err.instruction, Word::new(halt(0o1002)));
    assert_eq!(
        err.to_string(),
        "instruction budget exhausted after 2 instructions at PC 001002: 254200001002 (HALT 1002)"
    );
}

#[test]
fn in_exec_mode_a_monitor_uuo_goes_through_40_not_to_the_handler() {
    // Only user mode hands monitor UUOs to the host; in exec mode the
    // KA10 stores the UUO in 40 and executes 41 (SRM 2.10), handler or no.
    let mut cpu = machine(
        &[ins(CALL, 1, 0o123), halt(0o1001)],
        &[(0o41, ins(MOVEI, 3, 7))],
    );
    let mut handler = Script {
        seen: vec![],
        answers: vec![Resume::Stop(1)],
    };
    assert_eq!(
        cpu.run(&mut handler, &mut NoTrace, 10),
        Ok(Exit::Halt { pc: 0o1001 })
    );
    assert!(handler.seen.is_empty());
    assert_eq!(cpu.read(0o40).unwrap().raw(), ins(CALL, 1, 0o123));
    assert_eq!(cpu.ac(3).raw(), 7);
}
