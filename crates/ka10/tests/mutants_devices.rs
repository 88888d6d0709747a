//! The exec-mode devices bit by bit (System Reference Manual, 1968, 3.1
//! and 3.2; bit assignments as SIMH's `kx10_cpu.c` has them for the
//! KA10): every CONO APR and CONO PI bit as CONI reads it back, nested
//! interrupt levels and their dismissal, and the KT10A protection and
//! relocation registers at the edges of each segment. Written for
//! mutation testing (docs/mutants.md), one small program per behaviour.

use ka10::{flags, Cpu, Exit, NoHandler, NoTrace};
use pdp10_isa::Word;
mod support;
use support::{get, halt, ins, io, machine, put};

const MOVE: u64 = 0o200;
const MOVEI: u64 = 0o201;
const MOVEM: u64 = 0o202;
const JSR: u64 = 0o264;
const JSP: u64 = 0o265;
const JRST: u64 = 0o254;
/// A monitor UUO (CALL): in user mode it goes to exec 40/41.
const CALL: u64 = 0o040;

const DATAO: u64 = 3;
const CONO: u64 = 4;
const CONI: u64 = 5;
const APR: u64 = 0o000;
const PI: u64 = 0o004;

fn halts(cpu: &mut Cpu) -> u32 {
    match cpu.run(&mut NoHandler, &mut NoTrace, 1000) {
        Ok(Exit::Halt { pc }) => pc,
        other => panic!("expected a HALT, got {other:?} at PC {:o}", cpu.pc()),
    }
}

/// Runs `steps` as CONO `device`,value each followed by a CONI into 2000
/// on, and returns what the CONIs read.
fn cono_coni(cpu_setup: impl FnOnce(&mut Cpu), device: u64, steps: &[u64]) -> Vec<u64> {
    let mut program = Vec::new();
    for (i, &v) in steps.iter().enumerate() {
        program.push(io(device, CONO, v));
        program.push(io(device, CONI, 0o2000 + i as u64));
    }
    let end = 0o1000 + program.len() as u64;
    program.push(halt(end));
    let mut cpu = machine(&program, &[]);
    cpu_setup(&mut cpu);
    assert_eq!(halts(&mut cpu) as u64, end);
    (0..steps.len())
        .map(|i| get(&cpu, 0o2000 + i as u32))
        .collect()
}

#[test]
fn coni_apr_shows_each_cono_apr_bit_and_flag() {
    // CONI APR (SRM 3.1.2): 10 overflow, 20 its enable, 100 floating
    // overflow, 200 its enable, 2000 clock enable, 100000 USERIO, 200000
    // pushdown overflow, 7 the PIA. CONO APR: 20/40 overflow enable on/off,
    // 200/400 floating overflow enable on/off, 2000/4000 clock enable
    // on/off, 10 and 100 clear the flags, 400000 clears pushdown overflow.
    // The PI system stays off: nothing interrupts.
    let start = 0o300110; // AROV, FOV, USERIO, pushdown overflow
    let steps = [
        (0o0, start),
        (0o25, start | 0o25),
        (0o45, start | 0o5),
        (0o203, start | 0o203),
        (0o403, start | 0o3),
        (0o2000, start | 0o2000),
        (0o4007, start | 0o7),
        (0o10, 0o300100),
        (0o100, 0o300000),
        (0o400000, 0o100000),
        (0o1, 0o100001),
    ];
    let conos: Vec<u64> = steps.iter().map(|s| s.0).collect();
    let got = cono_coni(
        |cpu| {
            cpu.set_flags(flags::AROV | flags::FOV | flags::USERIO);
            cpu.set_pushdown_overflow(true);
        },
        APR,
        &conos,
    );
    for (i, (&(cono, want), got)) in steps.iter().zip(got).enumerate() {
        assert_eq!(got, want, "step {i}: CONI APR after CONO APR,{cono:o}");
    }
}

#[test]
fn only_cono_apr_200000_resets_the_pi_system() {
    // CONO APR bit 19 (200000) is the I/O reset: the PI system is cleared
    // with the devices. Other CONO APR bits leave the PI enables alone.
    let mut cpu = machine(
        &[
            io(PI, CONO, 0o2177), // enable every level, system off
            io(APR, CONO, 0o177777),
            io(PI, CONI, 0o2000),
            io(APR, CONO, 0o200000),
            io(PI, CONI, 0o2001),
            halt(0o1005),
        ],
        &[],
    );
    assert_eq!(halts(&mut cpu), 0o1005);
    assert_eq!(get(&cpu, 0o2000) & 0o177, 0o177, "no reset yet");
    assert_eq!(get(&cpu, 0o2001), 0, "reset: nothing enabled");
}

#[test]
fn coni_pi_shows_each_cono_pi_bit() {
    // CONI PI (SRM 3.2): 1-100 the levels enabled (level 1 is 100), 200
    // the system on, 100000 the parity interrupt enable. CONO PI: 2000
    // enables and 1000 disables the levels given, 200/400 system on/off,
    // 40000/100000 parity enable on/off, 10000 clears the PI system.
    // No device requests a level, so nothing interrupts.
    let steps = [
        (0o2125, 0o125), // levels 1, 3, 5, 7
        (0o1021, 0o104), // 3 and 7 off again
        (0o40000, 0o100104),
        (0o100000, 0o104),
        (0o200, 0o304),
        (0o400, 0o104),
        (0o2000, 0o104), // no levels named: no change
        (0o10000, 0),
        (0o12202, 0o202), // cleared first, then on and level 6 enabled
    ];
    let conos: Vec<u64> = steps.iter().map(|s| s.0).collect();
    let got = cono_coni(|_| {}, PI, &conos);
    for (i, (&(cono, want), got)) in steps.iter().zip(got).enumerate() {
        assert_eq!(got, want, "step {i}: CONI PI after CONO PI,{cono:o}");
    }
}

#[test]
fn a_higher_level_interrupts_a_held_lower_one_and_jen_dismisses_the_highest() {
    // Level 5 (52: JSR 700) is in progress when its routine requests
    // level 2 (44: JSR 600), which interrupts it at once. CONI PI there
    // shows both held (SRM 3.2: levels held in bits 21-27, level 1 =
    // 40000): 20000 (2) + 2000 (5). JRST 10, (JEN) dismisses the highest
    // level held, 2, and returns into 5's routine; the second JEN
    // dismisses 5.
    let mut cpu = machine(
        &[io(PI, CONO, 0o4204), io(PI, CONI, 3), halt(0o1002)],
        &[
            (0o52, ins(JSR, 0, 0o700)),
            (0o701, io(PI, CONO, 0o4240)),
            (0o702, io(PI, CONI, 2)),
            (0o703, ins(JRST, 0o10, 0o700) | 1 << 22),
            (0o44, ins(JSR, 0, 0o600)),
            (0o601, io(PI, CONI, 1)),
            (0o602, ins(JRST, 0o10, 0o600) | 1 << 22),
        ],
    );
    assert_eq!(halts(&mut cpu), 0o1002);
    assert_eq!(get(&cpu, 1), 0o22200, "2 and 5 held, system on");
    assert_eq!(get(&cpu, 2), 0o2200, "back in 5: only 5 held");
    assert_eq!(get(&cpu, 3), 0o200, "nothing held");
    assert_eq!(get(&cpu, 0o600) & 0o777777, 0o702);
    assert_eq!(get(&cpu, 0o700) & 0o777777, 0o1001);
}

#[test]
fn jen_with_no_level_held_is_a_jump() {
    // JRST 10, with the system on and nothing in progress: it dismisses
    // nothing and jumps.
    let mut cpu = machine(
        &[
            io(PI, CONO, 0o200),
            ins(JRST, 0o10, 0o1003),
            halt(0o1002),
            io(PI, CONI, 1),
            halt(0o1004),
        ],
        &[],
    );
    assert_eq!(halts(&mut cpu), 0o1004);
    assert_eq!(get(&cpu, 1), 0o200);
}

/// The DATAO APR word (KT10A, as SIMH's KA10 reads it): low protection
/// in bits 0-7, high protection 9-16, high write-protect 17, low
/// relocation 18-25, high relocation 27-34, each field in 1K-word units.
fn datao_word(
    low_limit_k: u64,
    high_limit_k: u64,
    read_only: bool,
    low_k: u64,
    high_k: u64,
) -> u64 {
    low_limit_k << 28 | high_limit_k << 19 | (read_only as u64) << 18 | low_k << 10 | high_k << 1
}

/// Low segment 0-3777 at physical 20000; high segment 400000-401777 at
/// physical 30000 (relocation 430000 wraps 400000 to 30000).
const LOW_2K_AT_20000: u64 = 1;
const HIGH_1K_AT_30000: u64 = 0o200;

/// Runs `op 1,address` in user mode under the registers `datao` (user
/// code at virtual 100, physical 20100), then a CALL back to exec, which
/// reads CONI APR into AC 3. Returns AC 1 and whether the memory
/// protection flag (CONI APR 20000) was set.
fn user_reference(datao: u64, op: u64, address: u64, extra: &[(u32, u64)]) -> (Cpu, u64, bool) {
    let mut memory = vec![
        (0o1010, datao),
        (0o20100, ins(op, 1, address)),
        (0o20101, ins(CALL, 0, 0)),
        (0o41, ins(JSP, 7, 0o600)),
        (0o600, io(APR, CONI, 3)),
        (0o601, halt(0o601)),
    ];
    memory.extend_from_slice(extra);
    let mut cpu = machine(&[io(APR, DATAO, 0o1010), ins(JRST, 1, 0o100)], &memory);
    cpu.set_ac(1, Word::new(0o525252));
    assert_eq!(halts(&mut cpu), 0o601);
    let ac1 = cpu.ac(1).raw();
    let protection = cpu.ac(3).raw() & 0o20000 != 0;
    (cpu, ac1, protection)
}

fn two_segments(read_only: bool) -> u64 {
    datao_word(LOW_2K_AT_20000, HIGH_1K_AT_30000, read_only, 0o10, 0o214)
}

#[test]
fn the_low_segment_ends_at_its_limit() {
    // A low protection of 1 (2K): 3777 is the last address, at physical
    // 23777; 4000 is a protection violation.
    let (_, value, protection) =
        user_reference(two_segments(false), MOVE, 0o3777, &[(0o23777, 0o111)]);
    assert_eq!((value, protection), (0o111, false));
    let (_, value, protection) =
        user_reference(two_segments(false), MOVE, 0o4000, &[(0o4000, 0o112)]);
    assert_eq!((value, protection), (0o525252, true));
}

#[test]
fn address_20_is_memory_and_relocated_17_is_an_accumulator() {
    // Only 0-17 are the ACs, never relocated; 20 is the first relocated
    // address (physical 20020).
    let memory = [(0o20, 0o777), (0o20020, 0o222)];
    let (_, value, protection) = user_reference(two_segments(false), MOVE, 0o20, &memory);
    assert_eq!((value, protection), (0o222, false));
    let (_, value, _) = user_reference(two_segments(false), MOVE, 0o17, &[(0o20017, 0o333)]);
    assert_eq!(value, 0, "AC 17, as the exec left it");
}

#[test]
fn the_high_segment_ends_at_its_limit() {
    let memory = [(0o31777, 0o444), (0o32000, 0o445)];
    let (_, value, protection) = user_reference(two_segments(false), MOVE, 0o401777, &memory);
    assert_eq!((value, protection), (0o444, false));
    let (_, value, protection) = user_reference(two_segments(false), MOVE, 0o402000, &memory);
    assert_eq!((value, protection), (0o525252, true));
}

#[test]
fn between_the_segments_is_no_memory_of_the_job() {
    // 200000 is above the low limit and below the high limit, but without
    // bit 18 it is not in the high segment.
    let (_, value, protection) = user_reference(two_segments(false), MOVE, 0o200000, &[]);
    assert_eq!((value, protection), (0o525252, true));
}

#[test]
fn a_high_segment_without_write_protection_takes_stores() {
    let (cpu, _, protection) = user_reference(two_segments(false), MOVEM, 0o400005, &[]);
    assert!(!protection);
    assert_eq!(get(&cpu, 0o30005), 0o525252);
    // The same store with the write-protect bit is refused.
    let (cpu, _, protection) = user_reference(two_segments(true), MOVEM, 0o400005, &[]);
    assert!(protection);
    assert_eq!(get(&cpu, 0o30005), 0);
    // Reads are allowed either way.
    let (_, value, protection) =
        user_reference(two_segments(true), MOVE, 0o400006, &[(0o30006, 0o7)]);
    assert_eq!((value, protection), (0o7, false));
}

#[test]
fn a_store_in_the_low_segment_goes_to_the_relocated_word() {
    let (cpu, _, protection) = user_reference(two_segments(false), MOVEM, 0o3000, &[]);
    assert!(!protection);
    assert_eq!(get(&cpu, 0o23000), 0o525252);
    assert_eq!(get(&cpu, 0o3000), 0);
}

#[test]
fn moving_immediate_needs_no_memory() {
    // MOVEI with an E beyond every limit is no reference at all.
    let (_, value, protection) = user_reference(two_segments(false), MOVEI, 0o777777, &[]);
    assert_eq!((value, protection), (0o777777, false));
}

#[test]
fn cpu_accessors_keep_their_fields() {
    let mut cpu = Cpu::new(0o1000);
    cpu.set_pc(0o1234567);
    assert_eq!(cpu.pc(), 0o234567, "the PC is 18 bits");
    cpu.set_flags(flags::AROV | flags::CRY1);
    assert_eq!(cpu.pc_word().raw(), 0o500000_234567, "flags,,PC");
    cpu.set_user_mode(true);
    assert!(cpu.user_mode());
    assert_eq!(cpu.flags(), flags::AROV | flags::CRY1 | flags::USER);
    cpu.set_user_mode(false);
    assert!(!cpu.user_mode());
    assert_eq!(cpu.flags(), flags::AROV | flags::CRY1);
    cpu.set_ac(0o21, Word::new(0o55));
    assert_eq!(cpu.ac(1).raw(), 0o55, "AC numbers are taken modulo 20");
    assert_eq!(cpu.ac(0o41).raw(), 0o55);
    assert_eq!(cpu.read(0o777).map(Word::raw), Some(0));
    assert_eq!(cpu.read(0o1000), None);
    assert!(cpu.write(0o777, Word::new(3)));
    assert!(!cpu.write(0o1000, Word::new(3)));
    assert_eq!(
        Cpu::new(0).memory_size(),
        16,
        "never fewer words than the ACs"
    );
}

#[test]
fn the_effective_address_follows_index_and_indirection() {
    let mut cpu = Cpu::new(0o1000);
    put(&mut cpu, 0o100, 0o000003_000200); // indirect word: 200(3)
    cpu.set_ac(3, Word::new(0o5));
    cpu.set_ac(2, Word::new(0o777776));
    // MOVE 1,@102(2): 102 - 2 = 100, then 200 + 5.
    let w = Word::new(ins(MOVE, 1, 0o102) | 1 << 22 | 2 << 18);
    assert_eq!(cpu.effective_address(w), Some(0o205));
    // Indirect through a word beyond memory: no address.
    let w = Word::new(ins(MOVE, 1, 0o5000) | 1 << 22);
    assert_eq!(cpu.effective_address(w), None);
    assert_eq!(
        cpu.effective_address(Word::new(ins(MOVEM, 1, 0o7))),
        Some(0o7)
    );
}

const DK10: u64 = 0o070;
const DATAI: u64 = 1;

#[test]
fn coni_dk10_shows_each_cono_dk10_bit() {
    // CONI DK10 (SIMH's kx10_dk.c): the interval in the left half; 7 the
    // PIA, 10 the interval flag, 20 overflow, 40 counting, 200 PI control.
    // CONO: 4000/10 set/clear the flag, 10000/20 set/clear overflow, 40/100
    // counting on/off, 200/400 PI control on/off; each CONO rewrites the
    // PIA and leaves the other bits. The PI system is off throughout.
    let steps = [
        (0o0, 0o0),
        (0o10003, 0o23),
        (0o0, 0o20),
        (0o20, 0o0),
        (0o4000, 0o10),
        (0o5, 0o15),
        (0o10, 0o0),
        (0o200, 0o200),
        (0o400, 0o0),
        (0o40, 0o40),
        (0o100, 0o0),
    ];
    let conos: Vec<u64> = steps.iter().map(|s| s.0).collect();
    let got = cono_coni(|_| {}, DK10, &conos);
    for (i, (&(cono, want), got)) in steps.iter().zip(got).enumerate() {
        assert_eq!(got, want, "step {i}: CONI DK10 after CONO DK10,{cono:o}");
    }
}

#[test]
fn the_dk10_interval_reads_back_in_the_left_half() {
    let mut cpu = machine(
        &[
            io(DK10, DATAO, 0o1003),
            io(DK10, CONI, 1),
            halt(0o1002),
            0o1_123456,
        ],
        &[],
    );
    assert_eq!(halts(&mut cpu), 0o1002);
    assert_eq!(get(&cpu, 1), 0o123456_000000, "18 bits of the DATAO word");
}

#[test]
fn counting_from_a_clear_counts_nothing_before_the_first_oscillator_step() {
    // CONO DK10,1040 clears and starts counting; a DATAI an instruction
    // later (2.6 us of emulated time, less than one 10 us count) reads 0.
    let mut cpu = machine(
        &[io(DK10, CONO, 0o1040), io(DK10, DATAI, 1), halt(0o1002)],
        &[],
    );
    cpu.set_ac(1, Word::new(0o777));
    assert_eq!(halts(&mut cpu), 0o1002);
    assert_eq!(get(&cpu, 1), 0);
}

#[test]
fn dk10_overflow_alone_interrupts_while_counting() {
    // CONO DK10,10042: overflow set, counting, PIA 2; the PI system on:
    // level 2 (44: JSP 7,600) comes right after the CONO PI.
    let mut cpu = machine(
        &[io(DK10, CONO, 0o10042), io(PI, CONO, 0o2377), halt(0o1002)],
        &[(0o44, ins(JSP, 7, 0o600)), (0o600, halt(0o600))],
    );
    assert_eq!(halts(&mut cpu), 0o600);
    assert_eq!(get(&cpu, 7) & 0o777777, 0o1002);
}

#[test]
fn a_level_both_requested_and_wanted_by_a_device_interrupts() {
    // The APR (PIA 3) requests level 3 for a pushdown overflow, and the
    // same CONO PI that turns the system on and enables 3 also requests
    // it by program: level 3's 46 (JSP 7,600) comes.
    let mut cpu = machine(
        &[io(APR, CONO, 0o3), io(PI, CONO, 0o6220), halt(0o1002)],
        &[(0o46, ins(JSP, 7, 0o600)), (0o600, halt(0o600))],
    );
    cpu.set_pushdown_overflow(true);
    assert_eq!(halts(&mut cpu), 0o600);
}

#[test]
fn two_devices_on_one_level_interrupt_once_together() {
    // The APR (pushdown overflow) and the DK10 (overflow, counting) both
    // request level 2; their requests are one level's: 44 (JSP 7,600).
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o2),
            io(DK10, CONO, 0o10042),
            io(PI, CONO, 0o2377),
            halt(0o1003),
        ],
        &[(0o44, ins(JSP, 7, 0o600)), (0o600, halt(0o600))],
    );
    cpu.set_pushdown_overflow(true);
    assert_eq!(halts(&mut cpu), 0o600);
}

#[test]
fn blko_whose_count_reaches_minus_one_does_not_count_out() {
    // 777776,,777776 + 1,,1 = 777777,,777777: no carry out of the left
    // half, so BLKO skips (SRM 2.11); 777777,,777777 + 1,,1 carries.
    const BLKO: u64 = 2;
    const ABSENT: u64 = 0o774;
    // A full 256K memory, so that the word the pointer reaches, 777777,
    // exists.
    let mut cpu = Cpu::new(1 << 18);
    let program = [
        io(ABSENT, BLKO, 0o2000),
        halt(0o1001), // skipped
        io(ABSENT, BLKO, 0o2000),
        halt(0o1003), // not skipped
    ];
    for (i, &w) in program.iter().enumerate() {
        put(&mut cpu, 0o1000 + i as u32, w);
    }
    put(&mut cpu, 0o2000, 0o777776_777776);
    cpu.set_pc(0o1000);
    assert_eq!(halts(&mut cpu), 0o1003);
    assert_eq!(get(&cpu, 0o2000), 0o000001_000000);
}

#[test]
fn an_interval_equal_to_the_counter_is_reached_only_after_the_wrap() {
    // Module notes (dk10.rs, after SIMH): an interval at or below the
    // counter is reached after the counter wraps. Three counts by hand
    // (CONO DK10,2000, counting off), the interval set to 3, one more
    // count: the counter goes on to 4 and no flag sets.
    let mut cpu = machine(
        &[
            io(DK10, CONO, 0o2000),
            io(DK10, CONO, 0o2000),
            io(DK10, CONO, 0o2000),
            io(DK10, DATAO, 0o2000),
            io(DK10, CONO, 0o2000),
            io(DK10, CONI, 1),
            io(DK10, DATAI, 2),
            halt(0o1007),
        ],
        &[(0o2000, 3)],
    );
    assert_eq!(halts(&mut cpu), 0o1007);
    assert_eq!(get(&cpu, 1), 0o3_000000, "interval 3, no flag");
    assert_eq!(get(&cpu, 2), 4);
}

#[test]
fn a_clear_late_in_a_run_starts_the_count_from_that_moment() {
    // 500 SOJGs (1.3 ms of emulated time) first; then CONO DK10,1040
    // clears the counter and starts counting: a DATAI right after reads
    // 0 (a count at most), not the time since the machine started.
    const MOVEI: u64 = 0o201;
    const SOJG: u64 = 0o367;
    let mut cpu = machine(
        &[
            ins(MOVEI, 1, 500),
            ins(SOJG, 1, 0o1001),
            io(DK10, CONO, 0o1040),
            io(DK10, DATAI, 2),
            halt(0o1004),
        ],
        &[],
    );
    assert_eq!(halts(&mut cpu), 0o1004);
    assert!(get(&cpu, 2) <= 1, "counter {}", get(&cpu, 2));
}
