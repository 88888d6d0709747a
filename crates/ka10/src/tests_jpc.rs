//! The JPC (ITS `.JPC`): which instructions record their address, in each
//! of the run loop's ways of executing them (the inner loop, one at a time
//! under a tracer, with a write-protected page). The instructions that
//! load the KA10 ITS pager's JPC are SIMH's (`kx10_cpu.c`): the jumps when
//! they jump, JRST and the subroutine calls and returns always, never the
//! skips (sysdoc/usr.102, ".JPC - Last Jump Address").

use super::*;

/// Counts instructions; its presence makes the run loop take them one at
/// a time.
struct Every;

impl Tracer for Every {
    fn before(&mut self, _: &Cpu, _: u32, _: Word) {}
    fn after(&mut self, _: &Cpu) {}
}

/// Runs `words` (at 100) for `steps` instructions after `setup`, recording
/// jumps, and gives the JPC; the same in the three ways, or it fails.
fn jpc_after(words: &[u64], steps: u64, setup: impl Fn(&mut Cpu)) -> u32 {
    let mut seen = Vec::new();
    for way in ["inner loop", "traced", "protected page"] {
        let mut cpu = Cpu::new(0o10000);
        for (i, w) in words.iter().enumerate() {
            cpu.write(0o100 + i as u32, Word::new(*w));
        }
        cpu.set_pc(0o100);
        cpu.set_records_jumps(true);
        setup(&mut cpu);
        let exit = match way {
            "traced" => cpu.run(&mut NoHandler, &mut Every, steps),
            "protected page" => {
                cpu.set_write_protected(3, true);
                cpu.run(&mut NoHandler, &mut NoTrace, steps)
            }
            _ => cpu.run(&mut NoHandler, &mut NoTrace, steps),
        };
        assert!(
            matches!(&exit, Err(e) if matches!(e.kind, ErrorKind::BudgetExhausted { .. })),
            "{way}: {exit:?}"
        );
        seen.push(cpu.jpc());
    }
    assert!(
        seen.iter().all(|&j| j == seen[0]),
        "ways disagree: {seen:?}"
    );
    seen[0]
}

const JRST_200: u64 = 0o254000_000200;

#[test]
fn starts_at_zero_and_set_jpc_reads_back() {
    let mut cpu = Cpu::new(0o1000);
    assert_eq!(cpu.jpc(), 0);
    cpu.set_jpc(0o1234);
    assert_eq!(cpu.jpc(), 0o1234);
    cpu.set_jpc(0o777777);
    assert_eq!(cpu.jpc(), 0o777777);
    cpu.set_jpc(0);
    assert_eq!(cpu.jpc(), 0);
}

#[test]
fn unconditional_jumps_and_calls_record_their_address() {
    let stack = |cpu: &mut Cpu| {
        // P = -10,,5000 with C(5000) = 0,,300 for POPJ; JRA's AC left
        // half names 5000 too.
        cpu.set_ac(0o17, Word::new(0o777770_005000));
        cpu.set_ac(1, Word::new(0o005000_000000));
        cpu.write(0o5000, Word::new(0o300));
    };
    for (name, w) in [
        ("JRST", JRST_200),
        ("JRST 1, (to user mode)", 0o254040_000200),
        ("PUSHJ", 0o260740_000200),
        ("POPJ", 0o263740_000000),
        ("JSR", 0o264000_000200),
        ("JSP", 0o265040_000200),
        ("JSA", 0o266040_000200),
        ("JRA", 0o267040_000200),
        ("JUMPA", 0o324000_000200),
    ] {
        // A skip and an untaken jump first: they do not count.
        let words = [0o304000_000000, 0, 0o326000_000050, w];
        assert_eq!(jpc_after(&words, 3, stack), 0o103, "{name}");
        assert_eq!(jpc_after(&words, 2, stack), 0, "{name}: skips only");
    }
}

#[test]
fn conditional_jumps_record_only_when_they_jump() {
    // (instruction, AC1 that makes it jump, AC1 that does not)
    let cases = [
        ("JUMPE", 0o322040_000200, 0, 1),
        ("AOJA", 0o344040_000200, 0, 0),
        ("AOJL", 0o341040_000200, 0o777777_777776, 0),
        ("SOJG", 0o367040_000200, 2, 1),
        ("AOBJN", 0o253040_000200, 0o777776_000000, 0o777777_000000),
        ("AOBJP", 0o252040_000200, 0, 0o777776_000000),
        ("JFFO", 0o243040_000200, 1, 0),
    ];
    for (name, w, jumps, stays) in cases {
        let with = |ac1: u64| move |cpu: &mut Cpu| cpu.set_ac(1, Word::new(ac1));
        assert_eq!(jpc_after(&[w], 1, with(jumps)), 0o100, "{name} jumping");
        if name != "AOJA" {
            assert_eq!(jpc_after(&[w], 1, with(stays)), 0, "{name} not jumping");
        }
    }
    // JFCL 10, jumps on AROV, not without it.
    let jfcl = [0o255400_000200];
    let arov = |cpu: &mut Cpu| cpu.set_flags(flags::AROV);
    assert_eq!(jpc_after(&jfcl, 1, arov), 0o100);
    assert_eq!(jpc_after(&jfcl, 1, |_: &mut Cpu| {}), 0);
}

#[test]
fn skips_and_other_instructions_leave_it() {
    // JRST 101 at 100 sets it; SKIPA, CAIA, AOSA, MOVEI, a skipping
    // TRNE and a skipping SKIPE leave it at 100.
    let words = [
        0o254000_000101,
        0o334000_000000,
        0,
        0o304000_000000,
        0,
        0o354000_003000,
        0,
        0o201040_000005,
        0o602000_000000,
        0,
        0o332000_003001,
    ];
    assert_eq!(jpc_after(&words, 7, |_: &mut Cpu| {}), 0o100);
}

#[test]
fn an_executed_jump_records_the_xct_and_a_uuo_its_own_address() {
    // XCT 150 at 100, JRST 200 at 150: the PC is the XCT's.
    let mut words = vec![0o256000_000150];
    words.resize(0o51, 0);
    words[0o50] = JRST_200;
    assert_eq!(jpc_after(&words, 1, |_: &mut Cpu| {}), 0o100);
    // A local UUO at 100 with JRST 200 in 41: the UUO's address.
    let uuo = |cpu: &mut Cpu| {
        cpu.write(0o41, Word::new(JRST_200));
    };
    assert_eq!(jpc_after(&[0o001000_000000], 1, uuo), 0o100);
}

#[test]
fn nothing_is_recorded_when_recording_is_off() {
    let mut cpu = Cpu::new(0o1000);
    cpu.write(0o100, Word::new(JRST_200));
    cpu.set_pc(0o100);
    let _ = cpu.run(&mut NoHandler, &mut NoTrace, 1);
    assert_eq!(cpu.pc(), 0o200);
    assert_eq!(cpu.jpc(), 0);
}
