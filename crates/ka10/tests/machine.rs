//! The bare machine (no trap handler, as `pdp10 boot` runs it): absent
//! devices, BLKI/BLKO, the APR's flags and clock, the priority interrupt
//! system, user mode with protection and relocation, the DK10 clock. Each test is a small
//! program of its own, checked against the System Reference Manual's
//! definitions (1968, chapters 2 and 3).

use ka10::{ClockMode, Cpu, Exit, NoHandler, NoTrace};
use pdp10_isa::Word;
mod support;
use support::{halt, ins, io, machine};

// Opcodes.
const MOVE: u64 = 0o200;
const MOVEI: u64 = 0o201;
const MOVEM: u64 = 0o202;
const SETZ: u64 = 0o400;
const SETO: u64 = 0o474;
const JSR: u64 = 0o264;
const JSP: u64 = 0o265;
const JRST: u64 = 0o254;
const AOS: u64 = 0o350;
const AOJA: u64 = 0o344;
const SKIPA: u64 = 0o334;
const CAIGE: u64 = 0o305;
const SOJG: u64 = 0o367;
const ILDB: u64 = 0o134;

// I/O functions.
const BLKI: u64 = 0;
const DATAI: u64 = 1;
const BLKO: u64 = 2;
const DATAO: u64 = 3;
const CONO: u64 = 4;
const CONI: u64 = 5;
const CONSZ: u64 = 6;
const CONSO: u64 = 7;

// Devices.
const APR: u64 = 0o000;
const PI: u64 = 0o004;
const DK10: u64 = 0o070;
/// A device code nothing answers to.
const ABSENT: u64 = 0o774;

/// An indirect instruction: opcode, AC, @E.
fn ind(op: u64, ac: u64, e: u64) -> u64 {
    ins(op, ac, e) | 1 << 22
}

/// Runs to a HALT; its address.
fn halts(cpu: &mut Cpu, budget: u64) -> u32 {
    match cpu.run(&mut NoHandler, &mut NoTrace, budget) {
        Ok(Exit::Halt { pc }) => pc,
        other => panic!("expected a HALT, got {other:?} at PC {:o}", cpu.pc()),
    }
}

fn ac(cpu: &Cpu, n: u8) -> u64 {
    cpu.ac(n).raw()
}

fn mem(cpu: &Cpu, a: u32) -> u64 {
    cpu.read(a).unwrap().raw()
}

#[test]
fn an_absent_device_ignores_writes_and_reads_zero() {
    let mut cpu = machine(
        &[
            io(ABSENT, CONO, 0o777777),
            io(ABSENT, DATAO, 0o2000),
            io(ABSENT, CONI, 1),
            io(ABSENT, DATAI, 2),
            io(ABSENT, CONSZ, 0o777777), // 0 & mask is 0: skips
            halt(0o1005),
            io(ABSENT, CONSO, 0o777777), // never skips
            ins(SKIPA, 0, 0),
            halt(0o1010),
            halt(0o1011),
        ],
        &[],
    );
    cpu.set_ac(1, Word::new(0o123));
    cpu.set_ac(2, Word::new(0o456));
    assert_eq!(halts(&mut cpu, 100), 0o1011);
    assert_eq!((ac(&cpu, 1), ac(&cpu, 2)), (0, 0), "CONI and DATAI read 0");
    assert_eq!(ka10::DEVICES.len(), 4);
    assert!(ka10::DEVICES.iter().all(|&(code, _)| code != ABSENT as u16));
}

#[test]
fn blko_skips_only_without_a_carry_out_of_the_left_half() {
    // -1,,-1 + 1,,1 carries out of bit 0: no skip (DAKAH's case); 0 does
    // not; -2,,2000 counts to -1,,2001: skip.
    let mut cpu = machine(
        &[
            ins(SETO, 1, 0),
            io(ABSENT, BLKO, 1),
            ins(SKIPA, 0, 0),
            halt(0o1003), // skipped wrongly
            ins(SETZ, 2, 0),
            io(ABSENT, BLKO, 2),
            halt(0o1006), // did not skip
            io(ABSENT, BLKI, 3),
            halt(0o1010), // did not skip
            halt(0o1011),
        ],
        &[],
    );
    cpu.set_ac(3, Word::new(0o777776_002000));
    assert_eq!(halts(&mut cpu, 100), 0o1011);
    assert_eq!(
        ac(&cpu, 1),
        0o000001_000000,
        "the carry went into the left half"
    );
    assert_eq!(ac(&cpu, 2), 0o000001_000001);
    assert_eq!(ac(&cpu, 3), 0o777777_002001);
    assert_eq!(mem(&cpu, 0o2001), 0, "BLKI stored the absent device's 0");
}

#[test]
fn nonexistent_memory_sets_the_flag_and_goes_on() {
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o10000),  // clear NXM
            io(APR, CONSZ, 0o10000), // clear now: skip
            halt(0o1002),
            ins(MOVE, 1, 0o300000),  // beyond 200000 words
            io(APR, CONSO, 0o10000), // set now: skip
            halt(0o1005),
            io(APR, CONO, 0o10000),
            io(APR, CONI, 2),
            halt(0o1010),
        ],
        &[],
    );
    cpu.set_ac(1, Word::new(0o555));
    assert_eq!(halts(&mut cpu, 100), 0o1010);
    assert_eq!(ac(&cpu, 1), 0o555, "the reference failed, AC unchanged");
    assert_eq!(ac(&cpu, 2) & 0o10000, 0, "CONO APR,10000 cleared it");
}

#[test]
fn nonexistent_memory_interrupts_on_the_apr_level() {
    // APR on level 3, PI on with all levels; the reference at 1003 fails;
    // level 3's instruction (46: JSR 500) saves the PC of the next one.
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o3),
            io(PI, CONO, 0o2377),
            ins(MOVEI, 1, 7),
            ins(MOVE, 2, 0o300000),
            ins(MOVEI, 3, 7), // not reached before the interrupt
        ],
        &[(0o46, ins(JSR, 0, 0o500)), (0o501, halt(0o501))],
    );
    assert_eq!(halts(&mut cpu, 100), 0o501);
    assert_eq!(mem(&cpu, 0o500) & 0o777777, 0o1004);
    assert_eq!(ac(&cpu, 3), 0);
}

/// Clears the clock flag, then counts loop passes until it sets again.
fn clock_wait_program() -> Vec<u64> {
    vec![
        io(APR, CONO, 0o1000), // clear the flag
        ins(SETZ, 1, 0),
        io(APR, CONSO, 0o1000), // 1002: flag set? skip
        ins(AOJA, 1, 0o1002),
        halt(0o1004),
    ]
}

#[test]
fn the_clock_ticks_in_emulated_time_and_repeats() {
    let count = |mode: Option<ClockMode>| {
        let mut cpu = machine(&clock_wait_program(), &[]);
        if let Some(mode) = mode {
            cpu.set_clock_mode(mode);
        }
        assert_eq!(halts(&mut cpu, 10_000_000), 0o1004);
        (ac(&cpu, 1), cpu.instructions())
    };
    let (passes, instructions) = count(None);
    assert_eq!(count(Some(ClockMode::Emulated)), (passes, instructions));
    // 1/60 s at a few microseconds an instruction, two a pass.
    let ticks_ns = 1_000_000_000 / 60;
    assert!(
        (ticks_ns / 2 / 20_000..=ticks_ns / 2 / 500).contains(&passes),
        "{passes} passes in a tick"
    );
}

#[test]
fn the_clock_interrupts_when_enabled() {
    // Clock enabled on level 1, PI on: the loop at 1003 is left through
    // 42 (JSR 600); the flag is still set there.
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o3001),
            io(PI, CONO, 0o2377),
            ins(SETZ, 1, 0),
            ins(AOJA, 1, 0o1003),
        ],
        &[
            (0o42, ins(JSR, 0, 0o600)),
            (0o601, io(APR, CONI, 2)),
            (0o602, io(PI, CONI, 3)),
            (0o603, halt(0o603)),
        ],
    );
    assert_eq!(halts(&mut cpu, 10_000_000), 0o603);
    assert!(ac(&cpu, 1) > 100);
    assert_eq!(ac(&cpu, 2) & 0o3001, 0o3001, "flag, enable, level");
    assert_eq!(ac(&cpu, 3) & 0o77400, 0o40000, "level 1 held");
}

#[test]
fn a_program_request_interrupts_and_holds_its_level_until_dismissed() {
    // CONO PI,ACT+PIREQ+level 4 (bit 10): 50 holds AOS 10 (no jump: the
    // program goes on). A second request on 4 is lost while 4 is held (the
    // hold clears the request, as DAKAH checks); one on 6 waits, and comes
    // in (54: JSR 700) once JRST 10, dismisses 4.
    let mut cpu = machine(
        &[
            io(PI, CONO, 0o4210),
            io(PI, CONI, 1),
            io(PI, CONO, 0o4212),
            io(PI, CONI, 2),
            ins(JRST, 0o10, 0o1005),
            halt(0o1005),
        ],
        &[
            (0o50, ins(AOS, 0, 0o10)),
            (0o54, ins(JSR, 0, 0o700)),
            (0o701, io(PI, CONI, 3)),
            (0o702, halt(0o702)),
        ],
    );
    assert_eq!(halts(&mut cpu, 100), 0o702);
    assert_eq!(ac(&cpu, 0o10), 1, "level 4 once");
    assert_eq!(ac(&cpu, 1) & 0o77400, 0o4000, "level 4 held");
    assert_eq!(ac(&cpu, 2) & 0o77400, 0o4000, "6 waited");
    assert_eq!(mem(&cpu, 0o700) & 0o777777, 0o1005);
    assert_eq!(ac(&cpu, 3) & 0o77400, 0o1000, "only 6 held");
}

#[test]
fn the_highest_requested_level_goes_first() {
    // Requests on 2 and 5 at once: 2 (44: JSR 600) first.
    let mut cpu = machine(
        &[io(PI, CONO, 0o4244), halt(0o1001)],
        &[
            (0o44, ins(JSR, 0, 0o600)),
            (0o52, ins(JSR, 0, 0o700)),
            (0o601, io(PI, CONI, 1)),
            (0o602, ins(JRST, 0o10, 0o1001)), // dismiss 2: 5 comes in
            (0o701, halt(0o701)),
        ],
    );
    assert_eq!(halts(&mut cpu, 100), 0o701);
    assert_eq!(ac(&cpu, 1) & 0o77400, 0o20000, "level 2 held");
    assert_eq!(mem(&cpu, 0o700) & 0o777777, 0o1001);
}

#[test]
fn no_interrupt_while_the_system_is_off() {
    let mut cpu = machine(
        &[
            io(PI, CONO, 0o4100), // request level 1, system off
            io(PI, CONI, 1),
            halt(0o1002),
        ],
        &[(0o42, ins(MOVEI, 2, 0o42))],
    );
    assert_eq!(halts(&mut cpu, 100), 0o1002);
    assert_eq!(ac(&cpu, 2), 0);
    assert_eq!(ac(&cpu, 1) & 0o77600, 0);
}

#[test]
fn blko_as_an_interrupt_instruction() {
    // Level 1's 42 is BLKO to an absent device through the pointer in
    // 100. Count not out: the interrupt is over at once, no level held,
    // no skip. Count out: 43 (MOVEI 4,43) runs and the level is held.
    let mut cpu = machine(
        &[
            io(PI, CONO, 0o4300),
            ins(MOVEI, 1, 1),
            io(PI, CONI, 2),
            ins(SETO, 0, 0),
            ins(MOVEM, 0, 0o100), // pointer -1,,-1
            io(PI, CONO, 0o4300),
            io(PI, CONI, 3),
            halt(0o1007),
        ],
        &[
            (0o42, io(ABSENT, BLKO, 0o100)),
            (0o43, ins(MOVEI, 4, 0o43)),
            (0o100, 0o777776_000200),
        ],
    );
    assert_eq!(halts(&mut cpu, 100), 0o1007);
    assert_eq!(
        ac(&cpu, 1),
        1,
        "the program went on at the next instruction"
    );
    assert_eq!(ac(&cpu, 2) & 0o77400, 0, "no level held");
    assert_eq!(ac(&cpu, 4), 0o43);
    assert_eq!(ac(&cpu, 3) & 0o77400, 0o40000, "held after 43");
    assert_eq!(mem(&cpu, 0o100), 0o000001_000000);
}

#[test]
fn user_mode_relocates_and_a_monitor_uuo_leaves_it() {
    // Low segment: limit 1777 (1K), relocated by 20000. User code at
    // virtual 100 = physical 20100: MOVEI 1,321 / MOVEM 1,200 (physical
    // 20200) / MOVEM 1,5 (an AC, not relocated) / CALL (MUUO 040) -> exec
    // 40 (physical) and 41: JSP 7,600 leaves user mode.
    let mut cpu = machine(
        &[io(APR, DATAO, 0o1010), ins(JRST, 1, 0o100)],
        &[
            (0o1010, 0o000000_020000), // DATAO: low limit 0 (+1777), relocation 20000
            (0o20100, ins(MOVEI, 1, 0o321)),
            (0o20101, ins(MOVEM, 1, 0o200)),
            (0o20102, ins(MOVEM, 1, 5)),
            (0o20103, ins(0o040, 2, 0o123)),
            (0o41, ins(JSP, 7, 0o600)),
            (0o600, halt(0o600)),
        ],
    );
    assert_eq!(halts(&mut cpu, 100), 0o600);
    assert_eq!(mem(&cpu, 0o20200), 0o321);
    assert_eq!(mem(&cpu, 0o200), 0);
    assert_eq!(ac(&cpu, 5), 0o321);
    assert_eq!(mem(&cpu, 0o40), 0o040100_000123, "the MUUO in exec 40");
    assert_eq!(
        ac(&cpu, 7),
        0o010000_000104,
        "USER in the saved flags, user PC"
    );
    assert!(!cpu.user_mode());
}

#[test]
fn a_reference_outside_the_limits_sets_memory_protection() {
    // Limit 1777, no relocation; user code at 100 reads 5000: the
    // protection flag, and the APR's interrupt on level 1 (42: JSP 7,600)
    // leaves user mode. A user I/O instruction at interrupt level would
    // have trapped to 40 instead: 42 runs in exec space.
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
            (0o101, ins(MOVEI, 2, 1)),
            (0o42, ins(JSP, 7, 0o600)),
            (0o600, io(APR, CONI, 3)),
            (0o601, halt(0o601)),
        ],
    );
    assert_eq!(halts(&mut cpu, 100), 0o601);
    assert_eq!(ac(&cpu, 3) & 0o30000, 0o20000, "protection, not NXM");
    assert_eq!(ac(&cpu, 7), 0o010000_000101);
    assert_eq!(ac(&cpu, 2), 0);
}

#[test]
fn the_high_segment_can_be_write_protected() {
    // High segment 400000-401777 at physical 30000, write-protected; low
    // segment 0-1777 at 20000. MOVE from 400010 reads physical 30010;
    // MOVEM there violates; then CALL back to exec.
    // DATAO APR fields, each in 1K units: high limit 200 (401777), high
    // write-protect, low relocation 10 (20000), high relocation 214
    // (430000, which takes 400000 to 30000 modulo 2^18).
    let datao = 0o200 << 19 | 1 << 18 | 0o10 << 10 | 0o214 << 1;
    let mut cpu = machine(
        &[io(APR, DATAO, 0o1010), ins(JRST, 1, 0o100)],
        &[
            (0o1010, datao),
            (0o30010, 0o777),
            (0o20100, ins(MOVE, 1, 0o400010)),
            (0o20101, ins(MOVEM, 1, 0o400011)),
            (0o20102, ins(0o040, 0, 0)),
            (0o41, ins(JSP, 7, 0o600)),
            (0o600, io(APR, CONI, 3)),
            (0o601, halt(0o601)),
        ],
    );
    assert_eq!(halts(&mut cpu, 100), 0o601);
    assert_eq!(ac(&cpu, 1), 0o777);
    assert_eq!(mem(&cpu, 0o30011), 0, "the store was refused");
    assert_eq!(ac(&cpu, 3) & 0o20000, 0o20000);
}

#[test]
fn a_clock_interrupt_ends_an_endless_indirection() {
    // ILDB through a pointer that is indirect through itself (AC1 =
    // 440700,,1 with I set) hangs the machine until the clock interrupts
    // on level 1 (42: JSP 0,600); the saved flags have BIS (first part
    // done), and the saved PC is the ILDB's.
    let mut cpu = machine(
        &[io(APR, CONO, 0o3001), io(PI, CONO, 0o2377), ins(ILDB, 2, 1)],
        &[(0o42, ins(JSP, 0, 0o600)), (0o600, halt(0o600))],
    );
    cpu.set_ac(1, Word::new(0o440720_000001));
    assert_eq!(halts(&mut cpu, 100), 0o600);
    assert_eq!(ac(&cpu, 0), 0o020000_001002, "BIS,,the ILDB");
    assert_eq!(ac(&cpu, 1), 0o350720_000001, "incremented once");
}

#[test]
fn without_an_interrupt_to_come_an_endless_indirection_is_an_error() {
    let mut cpu = machine(&[ind(MOVE, 1, 0o1001), ind(0, 0, 0o1001)], &[]);
    let err = cpu.run(&mut NoHandler, &mut NoTrace, 100).unwrap_err();
    assert_eq!(err.kind, ka10::ErrorKind::EndlessChain);
}

// The DK10 real-time clock (device 070). CONO: 7 PIA, 10 clear the flag,
// 20 clear overflow, 40/100 counting on/off, 200/400 PI control on/off,
// 1000 clear all, 2000 count one, 4000 set the flag, 10000 set overflow.
// CONI: interval,,status (10 flag, 20 overflow, 40 counting, 200 PI
// control). DATAO: the interval; DATAI: the counter, 100,000 counts a
// second.

#[test]
fn the_dk10_is_one_of_the_machines_devices() {
    assert!(ka10::DEVICES.iter().any(|&(code, _)| code == 0o070));
}

#[test]
fn the_dk10_registers_read_back() {
    let mut cpu = machine(
        &[
            io(DK10, DATAO, 0o1011), // interval 1234 (from 1011)
            io(DK10, CONO, 0o4203),  // flag, PI control, PIA 3; not counting
            io(DK10, CONI, 1),
            io(DK10, CONO, 0o2000), // count one, three times
            io(DK10, CONO, 0o2000),
            io(DK10, CONO, 0o12000), // and overflow
            io(DK10, DATAI, 2),
            io(DK10, CONI, 3),
            halt(0o1010),
            0o1234,
        ],
        &[],
    );
    assert_eq!(halts(&mut cpu, 100), 0o1010);
    assert_eq!(ac(&cpu, 1), 0o1234_000213);
    assert_eq!(ac(&cpu, 2), 3, "three counts, by hand");
    assert_eq!(
        ac(&cpu, 3),
        0o1234_000230,
        "PIA rewritten (0), flag and PI control kept, overflow set"
    );
}

#[test]
fn an_io_reset_clears_the_dk10() {
    let mut cpu = machine(
        &[
            io(DK10, CONO, 0o2000),
            io(DK10, CONO, 0o14047),
            io(APR, CONO, 0o200000),
            io(DK10, CONI, 1),
            io(DK10, DATAI, 2),
            halt(0o1005),
        ],
        &[],
    );
    assert_eq!(halts(&mut cpu, 100), 0o1005);
    assert_eq!((ac(&cpu, 1), ac(&cpu, 2)), (0, 0));
}

/// Starts the DK10 counting from 0 (no interval), runs a loop of `passes`
/// two-instruction passes, and reads the counter into AC 2.
fn dk10_count_program(passes: u64) -> Vec<u64> {
    vec![
        io(DK10, CONO, 0o1040), // clear, count
        ins(MOVEI, 1, passes),
        ins(SOJG, 1, 0o1002), // 1002
        io(DK10, DATAI, 2),
        halt(0o1004),
    ]
}

#[test]
fn the_dk10_counts_in_emulated_time_and_repeats() {
    let count = |passes: u64| {
        let mut cpu = machine(&dk10_count_program(passes), &[]);
        assert_eq!(halts(&mut cpu, 1_000_000), 0o1004);
        ac(&cpu, 2)
    };
    let (short, long) = (count(1000), count(4000));
    assert_eq!(count(1000), short, "the same count every run");
    // 1000 passes of a few microseconds: some hundreds of counts of 10.
    assert!((50..5_000).contains(&short), "{short} counts");
    // Four times the passes, four times the counts (to a count or two).
    assert!(long.abs_diff(4 * short) <= 4, "{short} then {long}");
}

#[test]
fn the_dk10_counts_in_real_time_with_the_real_clock() {
    // Wait until the counter reaches 200 (2 ms).
    let mut cpu = machine(
        &[
            io(DK10, CONO, 0o1040),
            io(DK10, DATAI, 1), // 1001
            ins(CAIGE, 1, 200),
            ins(JRST, 0, 0o1001),
            halt(0o1004),
        ],
        &[],
    );
    cpu.set_clock_mode(ClockMode::RealTime);
    let started = std::time::Instant::now();
    assert_eq!(halts(&mut cpu, 1 << 40), 0o1004);
    // The oscillator counts at fixed 10 us steps of the clock, so the
    // 200th count can come up to one step less than 2 ms after the CONO.
    assert!(started.elapsed() >= std::time::Duration::from_micros(1990));
}

/// Interval 100 (1 ms) on level 2 (44: JSR 600), counting; the program
/// loops at 1004 counting passes in AC 1. At 601 CONI DK10 into AC 2, the
/// counter into AC 3, then CONO DK10 clears the flag and CONI into AC 4.
fn dk10_interrupt_program() -> (Vec<u64>, Vec<(u32, u64)>) {
    (
        vec![
            ins(MOVEI, 5, 100),
            io(DK10, DATAO, 5),
            io(DK10, CONO, 0o1042), // clear, count, PIA 2
            io(PI, CONO, 0o2377),
            ins(AOJA, 1, 0o1004), // 1004
        ],
        vec![
            (0o44, ins(JSR, 0, 0o600)),
            (0o601, io(DK10, CONI, 2)),
            (0o602, io(DK10, DATAI, 3)),
            (0o603, io(DK10, CONO, 0o52)),
            (0o604, io(DK10, CONI, 4)),
            (0o605, halt(0o605)),
        ],
    )
}

#[test]
fn the_dk10_interrupts_at_the_interval() {
    let run = || {
        let (words, extra) = dk10_interrupt_program();
        let mut cpu = machine(&words, &extra);
        assert_eq!(halts(&mut cpu, 1_000_000), 0o605);
        cpu
    };
    let cpu = run();
    assert_eq!(mem(&cpu, 0o600) & 0o777777, 0o1004, "from the loop");
    assert_eq!(ac(&cpu, 2), 0o144_000052, "interval,,flag, counting, PIA 2");
    assert!(ac(&cpu, 3) < 10, "the counter started again from 0");
    assert_eq!(ac(&cpu, 4), 0o144_000042, "flag cleared");
    // 1 ms of two-microsecond-odd instructions; the same every run.
    let passes = ac(&cpu, 1);
    assert!((100..1_000).contains(&passes), "{passes} passes");
    assert_eq!(ac(&run(), 1), passes);
}

#[test]
fn without_its_level_or_counting_the_dk10_does_not_interrupt() {
    for cono in [0o1040, 0o1002] {
        // Counting on no level, or on level 2 without counting: the loop
        // runs out its budget.
        let (mut words, extra) = dk10_interrupt_program();
        words[2] = io(DK10, CONO, cono);
        let mut cpu = machine(&words, &extra);
        let err = cpu.run(&mut NoHandler, &mut NoTrace, 100_000).unwrap_err();
        assert!(matches!(err.kind, ka10::ErrorKind::BudgetExhausted { .. }));
        assert_eq!(cpu.pc(), 0o1004, "CONO {cono:o}");
    }
}

#[test]
fn a_dk10_interrupt_ends_an_endless_indirection() {
    // As with the line clock, but only the DK10 can interrupt.
    let (mut words, extra) = dk10_interrupt_program();
    words[4] = ind(MOVE, 1, 0o1005);
    words.push(ind(0, 0, 0o1005));
    let mut cpu = machine(&words, &extra);
    assert_eq!(halts(&mut cpu, 100), 0o605);
    assert_eq!(mem(&cpu, 0o600) & 0o777777, 0o1004, "saved at the MOVE");
    assert_eq!(ac(&cpu, 2) & 0o77, 0o52, "the flag");
}
