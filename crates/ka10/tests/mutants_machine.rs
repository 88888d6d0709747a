//! The bare machine's corners (`exec/machine.rs`): what an interrupt or
//! trap instruction does when it is itself a trap, a HALT, a failed
//! reference or an endless chain; failed fetches; a hung machine waiting
//! for the first of two clocks. Each case is a small program checked
//! against the System Reference Manual (1968, 2.16 and 3.2: the
//! instruction at 40+2n runs in exec space, a BLKI/BLKO/DATAI/DATAO there
//! dismisses at once, any other holds the level). Written for mutation
//! testing (docs/mutants.md).

use ka10::{Cpu, ErrorKind, Exit, NoHandler, NoTrace};
use pdp10_isa::Word;
mod support;
use support::{get, halt, ins, io, machine};

const MOVE: u64 = 0o200;
const MOVEI: u64 = 0o201;
const JSP: u64 = 0o265;
const JRST: u64 = 0o254;
const XCT: u64 = 0o256;
const CALL: u64 = 0o040;

const DATAO: u64 = 3;
const DATAI: u64 = 1;
const CONO: u64 = 4;
const CONI: u64 = 5;
const APR: u64 = 0o000;
const PI: u64 = 0o004;
const DK10: u64 = 0o070;
const ABSENT: u64 = 0o774;

const INDIRECT: u64 = 1 << 22;

fn halts(cpu: &mut Cpu) -> u32 {
    match cpu.run(&mut NoHandler, &mut NoTrace, 1000) {
        Ok(Exit::Halt { pc }) => pc,
        other => panic!("expected a HALT, got {other:?} at PC {:o}", cpu.pc()),
    }
}

#[test]
fn a_monitor_uuo_as_interrupt_instruction_in_user_mode_traps_through_40() {
    // The user program (limit 1777) reads 5000: a protection violation,
    // and the APR interrupts on level 1. The instruction at 42 is a CALL,
    // which in user mode (the interrupt did not leave it) is a monitor
    // UUO: stored in 40, then 41 (JSP 7,600) runs and leaves user mode.
    let mut cpu = machine(
        &[
            io(APR, DATAO, 0o1010),
            io(APR, CONO, 0o1),
            io(PI, CONO, 0o2377),
            ins(JRST, 1, 0o100),
        ],
        &[
            (0o1010, 0),
            (0o100, ins(MOVE, 1, 0o5000)),
            (0o101, halt(0o101)),
            (0o42, ins(CALL, 0, 0o123)),
            (0o41, ins(JSP, 7, 0o600)),
            (0o600, halt(0o600)),
        ],
    );
    assert_eq!(halts(&mut cpu), 0o600);
    assert_eq!(get(&cpu, 0o40), 0o040000_000123);
    assert_eq!(get(&cpu, 7), 0o010000_000101, "USER,,the user's next PC");
    assert!(!cpu.user_mode());
}

#[test]
fn a_halt_as_interrupt_instruction_halts_there() {
    let mut cpu = machine(
        &[io(PI, CONO, 0o4210), halt(0o1001)],
        &[(0o50, halt(0o1234))],
    );
    assert_eq!(halts(&mut cpu), 0o50);
}

#[test]
fn a_failed_reference_by_the_interrupt_instruction_sets_nxm_and_holds_the_level() {
    // 50 (level 4) reads 300000, beyond the 64K memory: the NXM flag; the
    // level is held as for any instruction that is no BLKI/BLKO/DATAI/
    // DATAO, and the program goes on.
    let mut cpu = machine(
        &[
            io(PI, CONO, 0o4210),
            io(APR, CONI, 1),
            io(PI, CONI, 2),
            halt(0o1003),
        ],
        &[(0o50, ins(MOVE, 3, 0o300000))],
    );
    assert_eq!(halts(&mut cpu), 0o1003);
    assert_eq!(get(&cpu, 1) & 0o10000, 0o10000, "NXM");
    assert_eq!(get(&cpu, 2), 0o4200, "system on, level 4 held");
}

#[test]
fn datao_as_interrupt_instruction_dismisses_at_once_but_cono_holds() {
    // DATAO (function 3) is a data transfer: the interrupt is over when it
    // is done. CONO (function 4) is not: the level is held. Neither is
    // MOVEI 0, whose bits 10-12 (its AC) read as function 0.
    for (instruction, held) in [
        (io(ABSENT, DATAO, 0o100), 0),
        (io(ABSENT, CONO, 0o100), 0o4000),
        (ins(MOVEI, 0, 0o100), 0o4000),
    ] {
        let mut cpu = machine(
            &[io(PI, CONO, 0o4210), io(PI, CONI, 2), halt(0o1002)],
            &[(0o50, instruction)],
        );
        assert_eq!(halts(&mut cpu), 0o1002);
        assert_eq!(get(&cpu, 2) & 0o77400, held, "{instruction:012o} at 50");
    }
}

#[test]
fn an_endless_xct_chain_at_an_interrupt_location_is_an_error_there() {
    // XCT 50 at 50 would execute itself for ever; the error names 50 and
    // the PC stays at the interrupted program.
    let mut cpu = machine(
        &[io(PI, CONO, 0o4210), halt(0o1001)],
        &[(0o50, ins(XCT, 0, 0o50))],
    );
    let err = cpu.run(&mut NoHandler, &mut NoTrace, 100).unwrap_err();
    assert_eq!(err.kind, ErrorKind::EndlessChain);
    assert_eq!(err.pc, 0o50);
    assert_eq!(err.instruction.raw(), ins(XCT, 0, 0o50));
    assert_eq!(cpu.pc(), 0o1001);
}

#[test]
fn an_endless_indirection_in_an_interrupt_instruction_is_an_error_there() {
    let mut cpu = machine(
        &[io(PI, CONO, 0o4210), halt(0o1001)],
        &[
            (0o50, ins(MOVE, 1, 0o51) | INDIRECT),
            (0o51, 0o51 | INDIRECT),
        ],
    );
    let err = cpu.run(&mut NoHandler, &mut NoTrace, 100).unwrap_err();
    assert_eq!(err.kind, ErrorKind::EndlessChain);
    assert_eq!(err.pc, 0o50);
    assert_eq!(cpu.pc(), 0o1001);
}

#[test]
fn a_failed_fetch_interrupts_with_the_pc_at_the_missing_word() {
    // JRST 300000 in a 64K memory: the fetch from 300000 fails, the NXM
    // flag requests the APR's level 1, and 42 (JSP 7,600) saves 300000,
    // the instruction that was not done.
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o1),
            io(PI, CONO, 0o2377),
            ins(JRST, 0, 0o300000),
        ],
        &[(0o42, ins(JSP, 7, 0o600)), (0o600, halt(0o600))],
    );
    assert_eq!(halts(&mut cpu), 0o600);
    assert_eq!(get(&cpu, 7) & 0o777777, 0o300000);
}

#[test]
fn a_failed_fetch_without_an_interrupt_goes_on_past_it() {
    // The fetch from 177777 (the last word) works; its JRST 777776 goes
    // where no memory is: the NXM flag, and the machine goes on at 777777,
    // then wraps to 0, the ACs, where AC 0 halts.
    let mut cpu = machine(
        &[ins(JRST, 0, 0o177777)],
        &[(0o177777, ins(JRST, 0, 0o777776))],
    );
    cpu.set_ac(0, Word::new(halt(0o1234)));
    assert_eq!(halts(&mut cpu), 0);
    assert_eq!(
        cpu.instructions(),
        5,
        "JRST, JRST, two failed fetches, HALT"
    );
}

#[test]
fn an_endless_indirection_with_no_clock_to_interrupt_is_an_error() {
    // The PI system is on, but no clock is enabled: nothing could ever
    // interrupt the indirection.
    let mut cpu = machine(
        &[
            io(PI, CONO, 0o2377),
            ins(MOVE, 1, 0o1002) | INDIRECT,
            0o1002 | INDIRECT,
        ],
        &[],
    );
    let err = cpu.run(&mut NoHandler, &mut NoTrace, 100).unwrap_err();
    assert_eq!(err.kind, ErrorKind::EndlessChain);
    assert_eq!(err.pc, 0o1001);
}

#[test]
fn a_hung_machine_takes_the_first_of_two_clock_interrupts() {
    // The line clock (every 1/60 s) on level 1 and the DK10 (interval
    // 100 counts of 10 us: 1 ms) on level 2 can both end an endless
    // indirection; the DK10's comes first (44: JSP 7,700), although
    // level 1 is the higher.
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o3001),   // clear the clock flag, enable it, PIA 1
            io(DK10, DATAO, 0o1010), // interval 100
            io(DK10, CONO, 0o1042),  // clear, count, PIA 2
            io(PI, CONO, 0o2377),
            ins(MOVE, 1, 0o1005) | INDIRECT, // 1004
            0o1005 | INDIRECT,
        ],
        &[
            (0o1010, 0o100),
            (0o42, ins(JSP, 7, 0o600)),
            (0o600, halt(0o600)),
            (0o44, ins(JSP, 7, 0o700)),
            (0o700, halt(0o700)),
        ],
    );
    assert_eq!(halts(&mut cpu), 0o700);
    assert_eq!(get(&cpu, 7) & 0o777777, 0o1004);
}

#[test]
fn a_uuo_in_a_memory_without_location_40_sets_nxm_and_goes_on() {
    // A 16-word memory is the ACs alone: the LUUO at 0 cannot store its
    // word in 40; the NXM flag, and the program goes on at 1.
    let mut cpu = Cpu::new(16);
    cpu.set_ac(0, Word::new(ins(0o001, 0, 5)));
    cpu.set_ac(1, Word::new(io(APR, CONI, 5)));
    cpu.set_ac(2, Word::new(halt(2)));
    cpu.set_pc(0);
    assert_eq!(halts(&mut cpu), 2);
    assert_eq!(cpu.ac(5).raw() & 0o10000, 0o10000);
}

#[test]
fn an_executed_halt_halts() {
    // XCT 2000, 2000 holding HALT 3000: the machine stops, its PC at E of
    // the HALT (JRST 4, jumps, then stops).
    let mut cpu = machine(
        &[ins(XCT, 0, 0o2000), halt(0o1001)],
        &[(0o2000, halt(0o3000))],
    );
    assert!(matches!(
        cpu.run(&mut NoHandler, &mut NoTrace, 10),
        Ok(Exit::Halt { .. })
    ));
    assert_eq!(cpu.pc(), 0o3000);
    assert_eq!(cpu.instructions(), 1, "the XCT and its HALT count once");
}

#[test]
fn with_the_pi_system_on_a_failed_fetch_goes_on_past_it() {
    // The PI system is on (so the machine goes one instruction at a time)
    // but nothing is assigned a level: the fetches from 777775, 777776 and
    // 777777 fail, each sets NXM and the PC moves on, wrapping to AC 0.
    let mut cpu = machine(&[io(PI, CONO, 0o200), ins(JRST, 0, 0o777775)], &[]);
    cpu.set_ac(0, Word::new(halt(0o1234)));
    cpu.set_ac(1, Word::new(halt(0o1235)));
    assert_eq!(halts(&mut cpu), 0);
}

#[test]
fn a_hung_machine_waits_exactly_until_the_dk10_interval() {
    // The DK10 counts toward an interval of 100 (1 ms) on level 2; a loop
    // of 114 SOJGs (300 us of emulated time) brings the counter to about
    // 30 before an endless indirection hangs the machine. The interrupt
    // comes when the count reaches 100 and clears the counter: DATAI in
    // the interrupt routine reads a count or two, not 30 more.
    let mut cpu = machine(
        &[
            io(DK10, DATAO, 0o1010),         // interval 100
            io(DK10, CONO, 0o1042),          // clear, count, PIA 2
            io(PI, CONO, 0o2377),            // on, every level
            ins(MOVEI, 1, 114),              // 1003
            ins(0o367, 1, 0o1004),           // 1004: SOJG 1,.
            ins(MOVE, 2, 0o1006) | INDIRECT, // 1005
            0o1006 | INDIRECT,
        ],
        &[
            (0o1010, 0o144),
            (0o44, ins(JSP, 7, 0o600)),
            (0o600, io(DK10, DATAI, 3)),
            // Time goes on from the end of the hang: 100 more SOJGs (263
            // us) count about 26 more.
            (0o601, ins(MOVEI, 4, 100)),
            (0o602, ins(0o367, 4, 0o602)),
            (0o603, io(DK10, DATAI, 5)),
            (0o604, halt(0o604)),
        ],
    );
    assert_eq!(halts(&mut cpu), 0o604);
    assert_eq!(get(&cpu, 7) & 0o777777, 0o1005, "from the hang");
    assert!(get(&cpu, 3) < 5, "counter {}", get(&cpu, 3));
    let later = get(&cpu, 5);
    assert!((20..35).contains(&later), "counter {later} after 263 us");
}

/// Runs `setup`, then an endless indirection, with the DK10's interval
/// register loaded from 2000 = `interval` and 42 (JSP 7,600) and 44
/// (JSP 7,700) as level 1's and level 2's interrupt instructions; returns
/// where the machine halted.
fn hang_after(setup: &[u64], interval: u64) -> u32 {
    let mut words = vec![io(DK10, DATAO, 0o2000)];
    words.extend_from_slice(setup);
    let hang = 0o1000 + words.len() as u64;
    words.push(ins(MOVE, 1, hang + 1) | INDIRECT);
    words.push((hang + 1) | INDIRECT);
    let mut cpu = machine(
        &words,
        &[
            (0o2000, interval),
            (0o42, ins(JSP, 7, 0o600)),
            (0o600, halt(0o600)),
            (0o44, ins(JSP, 7, 0o700)),
            (0o700, halt(0o700)),
        ],
    );
    halts(&mut cpu)
}

#[test]
fn a_hung_machine_waits_past_a_line_clock_that_has_no_level() {
    // The line clock is enabled but assigned no level (CONO APR,2000): its
    // tick at 1/60 s interrupts nothing, and the machine waits on for the
    // DK10's interval of 50000 counts (0.5 s) on level 2.
    let setup = [
        io(APR, CONO, 0o3000),
        io(DK10, CONO, 0o1042),
        io(PI, CONO, 0o2377),
    ];
    assert_eq!(hang_after(&setup, 50000), 0o700);
}

#[test]
fn a_hung_machine_waits_past_a_dk10_that_has_no_level() {
    // The DK10 counts toward an interval of 1 ms but has no level: the
    // machine waits on for the line clock's tick on level 1.
    let setup = [
        io(APR, CONO, 0o3001),
        io(DK10, CONO, 0o1040),
        io(PI, CONO, 0o2377),
    ];
    assert_eq!(hang_after(&setup, 100), 0o600);
}

/// Runs `instruction` (exec mode, PI off) in a 64K memory with AC 0 = 555
/// and AC 1 = 1, then CONI APR into AC 2; returns AC 1 and whether the
/// NXM flag (CONI APR 10000) is set.
fn exec_reference(instruction: u64) -> (u64, bool) {
    let mut cpu = machine(&[instruction, io(APR, CONI, 2), halt(0o1002)], &[]);
    assert_eq!(cpu.memory_size(), 0o200000);
    cpu.set_ac(0, Word::new(0o555));
    cpu.set_ac(1, Word::new(1));
    assert_eq!(halts(&mut cpu), 0o1002);
    (get(&cpu, 1), get(&cpu, 2) & 0o10000 != 0)
}

#[test]
fn the_first_address_past_memory_is_nonexistent() {
    // 177777 is the last word of a 64K memory; 200000 is none.
    assert_eq!(exec_reference(ins(MOVE, 1, 0o177777)), (0, false));
    assert_eq!(exec_reference(ins(MOVE, 1, 0o200000)), (1, true));
    // An indirect word there: no word to take the address from, so the
    // instruction is abandoned rather than indirecting through 0.
    assert_eq!(exec_reference(ins(MOVE, 1, 0o200000) | INDIRECT), (1, true));
    assert_eq!(
        exec_reference(ins(MOVE, 1, 0o177777) | INDIRECT),
        (0o555, false)
    );
}

#[test]
fn a_store_at_the_first_address_past_memory_sets_nxm() {
    const MOVEM: u64 = 0o202;
    assert_eq!(exec_reference(ins(MOVEM, 1, 0o177777)), (1, false));
    assert_eq!(exec_reference(ins(MOVEM, 1, 0o200000)), (1, true));
}

#[test]
fn the_first_word_past_memory_is_no_instruction() {
    // A memory of 777000 words; JRST 777000 with the PI system on (one
    // instruction at a time) and off (the inner loop): each fetch from
    // 777000 to 777777 fails, then the PC wraps to AC 0's HALT.
    for pi in [0o200, 0o400] {
        let mut cpu = Cpu::new(0o777000);
        for (i, w) in [io(PI, CONO, pi), ins(JRST, 0, 0o777000)]
            .iter()
            .enumerate()
        {
            cpu.write(0o1000 + i as u32, Word::new(*w));
        }
        cpu.set_pc(0o1000);
        cpu.set_ac(0, Word::new(halt(0o1234)));
        assert_eq!(halts(&mut cpu), 0, "PI {pi:o}");
        assert_eq!(cpu.instructions(), 2 + 0o1000 + 1, "PI {pi:o}");
    }
}

#[test]
fn a_hung_machine_waits_for_the_wrap_when_the_interval_equals_the_counter() {
    // The counter at 3 (three counts by hand, counting off), then the
    // interval 3 (from AC 3) and counting on level 2: the next request is
    // the overflow at the wrap, 2^18 - 3 counts away, and the hung machine
    // waits for it; CONI DK10 then shows overflow without the flag.
    let mut cpu = machine(
        &[
            io(DK10, CONO, 0o2000),
            io(DK10, CONO, 0o2000),
            io(DK10, CONO, 0o2000),
            io(DK10, DATAO, 3),
            io(PI, CONO, 0o2377),
            io(DK10, CONO, 0o42),
            ins(MOVE, 1, 0o1007) | INDIRECT, // 1006
            0o1007 | INDIRECT,
        ],
        &[
            (0o44, ins(JSP, 7, 0o700)),
            (0o700, io(DK10, CONI, 2)),
            (0o701, halt(0o701)),
        ],
    );
    cpu.set_ac(3, Word::new(3));
    assert_eq!(halts(&mut cpu), 0o701);
    assert_eq!(get(&cpu, 7) & 0o777777, 0o1006);
    assert_eq!(
        get(&cpu, 2),
        0o3_000062,
        "interval 3,, overflow, counting, PIA 2"
    );
}
