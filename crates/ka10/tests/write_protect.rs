//! Write-protected pages (`Cpu::set_write_protected`): the hook the ITS
//! shim uses for pure pages. A store into a read-only page stops the run
//! before anything is stored, with the PC at the instruction, on every
//! path an instruction can take (the inner loop, the general dispatch,
//! XCT, the tracer's one-at-a-time path); reads, the ACs and other pages
//! are untouched.

mod support;

use ka10::{Cpu, ErrorKind, Exit, NoTrace, Resume, Trap, TrapHandler, TrapKind};
use pdp10_isa::Word;
use support::{get, ins, put};

const MOVEI: u64 = 0o201;
const MOVE: u64 = 0o200;
const MOVEM: u64 = 0o202;
const AOS: u64 = 0o350;
const BLT: u64 = 0o251;
const XCT: u64 = 0o256;
const PUSHJ: u64 = 0o260;
const IDPB: u64 = 0o136;
const JRST: u64 = 0o254;

/// A user-mode job's handler: JRST 4, (an I/O trap in user mode) ends the
/// run; any other trap is a test failure.
struct Job;

impl TrapHandler for Job {
    type Stop = u32;
    fn trap(&mut self, _: &mut Cpu, trap: Trap) -> Resume<u32> {
        assert_eq!(trap.kind, TrapKind::Io, "unexpected trap {trap:?}");
        Resume::Stop(trap.pc)
    }
}

/// A user-mode machine of `words` words with `program` at 100.
fn job(words: usize, program: &[u64]) -> Cpu {
    let mut cpu = Cpu::new(words);
    for (k, w) in program.iter().enumerate() {
        put(&mut cpu, 0o100 + k as u32, *w);
    }
    cpu.set_pc(0o100);
    cpu.set_user_mode(true);
    cpu
}

fn run(cpu: &mut Cpu) -> Result<Exit<u32>, ka10::Error> {
    cpu.run(&mut Job, &mut NoTrace, 10_000)
}

/// The run stopped on a store into `address` by the instruction at `pc`.
fn assert_protected(outcome: Result<Exit<u32>, ka10::Error>, pc: u32, address: u32) {
    let e = outcome.expect_err("the store should have been refused");
    assert_eq!(e.kind, ErrorKind::WriteProtected { address });
    assert_eq!(e.pc, pc);
}

const HALT: u64 = ins(JRST, 4, 0);

#[test]
fn store_into_a_read_only_page_stops_before_storing() {
    let mut cpu = job(0o4000, &[ins(MOVEI, 1, 5), ins(MOVEM, 1, 0o2000), HALT]);
    cpu.set_write_protected(1, true);
    assert_protected(run(&mut cpu), 0o101, 0o2000);
    assert_eq!(get(&cpu, 0o2000), 0, "nothing stored");
    assert_eq!(cpu.ac(1).raw(), 5, "the instruction before ran");
    assert_eq!(cpu.pc(), 0o101, "PC at the instruction");
}

#[test]
fn the_same_store_into_a_writable_page_goes_through() {
    let mut cpu = job(0o4000, &[ins(MOVEI, 1, 5), ins(MOVEM, 1, 0o2000), HALT]);
    // Pages 0 and 2 protected, 1 not: only page 1's bit decides.
    cpu.set_write_protected(2, true);
    assert_eq!(run(&mut cpu), Ok(Exit::Handler(0o102)));
    assert_eq!(get(&cpu, 0o2000), 5);
}

#[test]
fn a_page_made_writable_again_takes_stores() {
    let mut cpu = job(0o4000, &[ins(MOVEI, 1, 5), ins(MOVEM, 1, 0o2000), HALT]);
    cpu.set_write_protected(1, true);
    assert!(cpu.write_protected(0o2777));
    cpu.set_write_protected(1, false);
    assert!(!cpu.write_protected(0o2000));
    assert_eq!(run(&mut cpu), Ok(Exit::Handler(0o102)));
    assert_eq!(get(&cpu, 0o2000), 5);
}

#[test]
fn reads_of_a_read_only_page_work() {
    let mut cpu = job(0o4000, &[ins(MOVE, 2, 0o2005), HALT]);
    put(&mut cpu, 0o2005, 0o123);
    cpu.set_write_protected(1, true);
    assert_eq!(run(&mut cpu), Ok(Exit::Handler(0o101)));
    assert_eq!(cpu.ac(2).raw(), 0o123);
}

#[test]
fn the_acs_are_never_protected_but_the_rest_of_page_0_is() {
    let mut cpu = job(
        0o4000,
        &[
            ins(MOVEI, 1, 7),
            ins(MOVEM, 1, 3),
            ins(MOVEM, 1, 0o20),
            HALT,
        ],
    );
    cpu.set_write_protected(0, true);
    assert_protected(run(&mut cpu), 0o102, 0o20);
    assert_eq!(cpu.ac(3).raw(), 7);
    assert_eq!(get(&cpu, 0o20), 0);
}

#[test]
fn read_modify_write_leaves_memory_as_it_was() {
    // AOS is in the inner loop; the word keeps its old value.
    let mut cpu = job(0o4000, &[ins(AOS, 0, 0o3000), HALT]);
    put(&mut cpu, 0o3000, 41);
    cpu.set_write_protected(1, true);
    assert_protected(run(&mut cpu), 0o100, 0o3000);
    assert_eq!(get(&cpu, 0o3000), 41);
}

#[test]
fn blt_through_the_general_dispatch_is_refused() {
    // BLT is not an inner-loop instruction: the general dispatch's stores
    // are checked too. The first word (into page 0) moves, the second
    // (into page 1) does not.
    let mut cpu = job(0o4000, &[ins(MOVE, 1, 0o110), ins(BLT, 1, 0o2000), HALT]);
    put(&mut cpu, 0o110, 0o500_001777);
    put(&mut cpu, 0o500, 0o11);
    put(&mut cpu, 0o501, 0o22);
    cpu.set_write_protected(1, true);
    assert_protected(run(&mut cpu), 0o101, 0o2000);
    assert_eq!(get(&cpu, 0o1777), 0o11);
    assert_eq!(get(&cpu, 0o2000), 0);
}

#[test]
fn an_executed_store_is_refused_with_the_xct_s_address() {
    let mut cpu = job(0o4000, &[ins(XCT, 0, 0o110), HALT]);
    put(&mut cpu, 0o110, ins(MOVEM, 0, 0o2001));
    cpu.set_ac(0, Word::new(9));
    cpu.set_write_protected(1, true);
    let e = run(&mut cpu).unwrap_err();
    assert_eq!(e.kind, ErrorKind::WriteProtected { address: 0o2001 });
    assert_eq!(get(&cpu, 0o2001), 0);
}

#[test]
fn a_push_onto_a_read_only_stack_is_refused() {
    let mut cpu = job(
        0o4000,
        &[ins(MOVE, 0o17, 0o110), ins(PUSHJ, 0o17, 0o120), HALT],
    );
    put(&mut cpu, 0o110, 0o777770_002000);
    cpu.set_write_protected(1, true);
    assert_protected(run(&mut cpu), 0o101, 0o2001);
    assert_eq!(get(&cpu, 0o2001), 0);
}

#[test]
fn a_byte_deposit_into_a_read_only_page_is_refused() {
    let mut cpu = job(0o4000, &[ins(MOVEI, 1, 0o101), ins(IDPB, 1, 0o110), HALT]);
    put(&mut cpu, 0o110, 0o440700_002000);
    cpu.set_write_protected(1, true);
    assert_protected(run(&mut cpu), 0o101, 0o2000);
    assert_eq!(get(&cpu, 0o2000), 0);
}

#[test]
fn the_last_page_of_a_full_memory_can_be_protected() {
    let mut cpu = job(1 << 18, &[ins(MOVEI, 1, 1), ins(MOVEM, 1, 0o777777), HALT]);
    cpu.set_write_protected(0o377, true);
    assert_protected(run(&mut cpu), 0o101, 0o777777);
    cpu.set_write_protected(0o377, false);
    cpu.set_pc(0o100);
    assert_eq!(run(&mut cpu), Ok(Exit::Handler(0o102)));
    assert_eq!(get(&cpu, 0o777777), 1);
}

/// Counts instructions: a tracer that is on sends the run one
/// instruction at a time through the general path.
struct Count(u32);

impl ka10::Tracer for Count {
    fn before(&mut self, _: &Cpu, _: u32, _: Word) {
        self.0 += 1;
    }
    fn after(&mut self, _: &Cpu) {}
}

#[test]
fn the_traced_path_refuses_the_store_too() {
    let mut cpu = job(0o4000, &[ins(MOVEI, 1, 5), ins(MOVEM, 1, 0o2000), HALT]);
    cpu.set_write_protected(1, true);
    let mut count = Count(0);
    let e = cpu.run(&mut Job, &mut count, 100).unwrap_err();
    assert_eq!(e.kind, ErrorKind::WriteProtected { address: 0o2000 });
    assert_eq!(e.pc, 0o101);
    assert_eq!(count.0, 2);
    assert_eq!(get(&cpu, 0o2000), 0);
}

#[test]
fn the_error_names_the_address() {
    let mut cpu = job(0o4000, &[ins(MOVEM, 1, 0o2345), HALT]);
    cpu.set_write_protected(1, true);
    let text = run(&mut cpu).unwrap_err().to_string();
    assert!(text.contains("read-only page at 2345"), "{text}");
    assert!(text.contains("PC 000100"), "{text}");
}
