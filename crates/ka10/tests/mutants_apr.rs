//! The arithmetic processor's CONO/CONI bits and the interrupts it
//! requests (System Reference Manual, 1968, 3.1: overflow, pushdown
//! overflow, each condition interrupting only with its enable). Written for
//! mutation testing (docs/mutants.md), one small program per behaviour.

use ka10::{Cpu, Exit, NoHandler, NoTrace};
mod support;
use support::{halt, ins, io, machine};

const MOVE: u64 = 0o200;
const MOVEI: u64 = 0o201;
const ADDI: u64 = 0o271;
const SETO: u64 = 0o474;
const JSP: u64 = 0o265;
const PUSH: u64 = 0o261;
const JSR: u64 = 0o264;
const JRST: u64 = 0o254;

const CONO: u64 = 4;
const CONI: u64 = 5;
const DATAO: u64 = 3;
const APR: u64 = 0o000;
const PI: u64 = 0o004;

/// CONI APR: nonexistent memory, memory protection.
const NXM: u64 = 0o10000;
const PROTECTION: u64 = 0o20000;
/// CONI APR: pushdown overflow.
const PDL_OVERFLOW: u64 = 0o200000;

fn halts(cpu: &mut Cpu) -> u32 {
    match cpu.run(&mut NoHandler, &mut NoTrace, 1000) {
        Ok(Exit::Halt { pc }) => pc,
        other => panic!("expected a HALT, got {other:?} at PC {:o}", cpu.pc()),
    }
}

fn ac(cpu: &Cpu, n: u8) -> u64 {
    cpu.ac(n).raw()
}

/// Level 3's interrupt instruction (46) is JSR 500, and 501 halts.
const LEVEL_3: [(u32, u64); 2] = [(0o46, ins(JSR, 0, 0o500)), (0o501, 0o254200_000501)];

#[test]
fn overflow_interrupts_only_when_enabled() {
    // APR on level 3 without the overflow enable: the ADDI's overflow sets
    // AROV but requests nothing; CONO APR,23 enables it, and the level-3
    // interrupt comes after that CONO (JSR saves 1005).
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o3),
            io(PI, CONO, 0o2377),
            ins(MOVE, 1, 0o2000),
            ins(ADDI, 1, 1),
            io(APR, CONO, 0o23),
            halt(0o1005),
        ],
        &[LEVEL_3[0], LEVEL_3[1], (0o2000, 0o377777_777777)],
    );
    assert_eq!(halts(&mut cpu), 0o501);
    assert_eq!(cpu.read(0o500).unwrap().right(), 0o1005);
}

/// JRSTF @2001: the flags come from the left half of 2001.
const JRSTF_AT_2001: u64 = 0o254120_002001;

/// CONO APR enable bits for overflow and floating overflow (System
/// Reference Manual 3.1.2), and the PC flags they watch.
const OVERFLOW: [(u64, u64, &str); 2] = [(0o20, 0o400000, "AROV"), (0o200, 0o040000, "FOV")];

#[test]
fn each_overflow_interrupts_only_when_enabled() {
    for (enable, flag, what) in OVERFLOW {
        // The flag set by JRSTF requests nothing without its enable; CONO
        // APR with the enable brings the interrupt right after it.
        let mut cpu = machine(
            &[
                io(APR, CONO, 0o3),
                io(PI, CONO, 0o2377),
                JRSTF_AT_2001,
                io(APR, CONO, enable | 0o3),
                halt(0o1004),
            ],
            &[LEVEL_3[0], LEVEL_3[1], (0o2001, flag << 18 | 0o1003)],
        );
        assert_eq!(halts(&mut cpu), 0o501, "{what}");
        assert_eq!(cpu.read(0o500).unwrap().right(), 0o1004, "{what}");
    }
}

#[test]
fn the_overflow_enables_alone_request_nothing() {
    for (enable, _, what) in OVERFLOW {
        let mut cpu = machine(
            &[
                io(PI, CONO, 0o2377),
                io(APR, CONO, enable | 0o3),
                ins(MOVEI, 1, 1),
                halt(0o1003),
            ],
            &LEVEL_3,
        );
        assert_eq!(halts(&mut cpu), 0o1003, "{what}");
    }
}

#[test]
fn a_pending_overflow_interrupts_once_the_pi_system_is_on() {
    // The APR's request is a level: AROV with its enable, while the PI
    // system is off, interrupts as soon as CONO PI turns the system on
    // (JSR saves 1004, the instruction after that CONO).
    let mut cpu = machine(
        &[
            io(APR, CONO, 0o23),
            ins(MOVE, 1, 0o2000),
            ins(ADDI, 1, 1),
            io(PI, CONO, 0o2377),
            halt(0o1004),
        ],
        &[LEVEL_3[0], LEVEL_3[1], (0o2000, 0o377777_777777)],
    );
    assert_eq!(halts(&mut cpu), 0o501);
    assert_eq!(cpu.read(0o500).unwrap().right(), 0o1004);
}

#[test]
fn pushdown_overflow_stays_until_cono_apr_400000() {
    // PUSH with the pointer's count at -1 leaves a count of 0: pushdown
    // overflow. CONO APR,0 leaves the flag; with it,
    // the flag is cleared. No PI level is assigned: nothing interrupts.
    let mut cpu = machine(
        &[
            ins(SETO, 0o17, 0),
            ins(PUSH, 0o17, 0o1),
            io(APR, CONI, 2),
            io(APR, CONO, 0),
            io(APR, CONI, 3),
            io(APR, CONO, 0o400000),
            io(APR, CONI, 4),
            halt(0o1007),
        ],
        &[],
    );
    assert_eq!(halts(&mut cpu), 0o1007);
    assert_eq!(ac(&cpu, 2) & PDL_OVERFLOW, PDL_OVERFLOW, "set by PUSH");
    assert_eq!(ac(&cpu, 3) & PDL_OVERFLOW, PDL_OVERFLOW, "kept");
    assert_eq!(ac(&cpu, 4) & PDL_OVERFLOW, 0, "cleared");
}

#[test]
fn nxm_and_protection_stay_until_their_own_cono_bit() {
    // Exec mode reads beyond the 64K memory: nonexistent memory. Then user
    // mode (limit 1777, no relocation) reads 5000: memory protection. A
    // CALL (MUUO 040) comes back to exec through 41 (JSP 7,600). There,
    // CONO APR,0 clears neither; 10000 clears NXM only; 20000 the other.
    let mut cpu = machine(
        &[
            ins(MOVE, 1, 0o300000),
            io(APR, DATAO, 0o1010),
            ins(JRST, 1, 0o100),
        ],
        &[
            (0o1010, 0),
            (0o100, ins(MOVE, 1, 0o5000)),
            (0o101, ins(0o040, 0, 0)),
            (0o41, ins(JSP, 7, 0o600)),
            (0o600, io(APR, CONI, 2)),
            (0o601, io(APR, CONO, 0)),
            (0o602, io(APR, CONI, 3)),
            (0o603, io(APR, CONO, NXM)),
            (0o604, io(APR, CONI, 4)),
            (0o605, io(APR, CONO, PROTECTION)),
            (0o606, io(APR, CONI, 5)),
            (0o607, halt(0o607)),
        ],
    );
    assert_eq!(halts(&mut cpu), 0o607);
    let both = NXM | PROTECTION;
    assert_eq!(ac(&cpu, 2) & both, both, "both set");
    assert_eq!(ac(&cpu, 3) & both, both, "CONO APR,0 kept them");
    assert_eq!(ac(&cpu, 4) & both, PROTECTION, "10000 cleared NXM");
    assert_eq!(ac(&cpu, 5) & both, 0, "20000 cleared protection");
}

#[test]
fn an_unimplemented_opcode_as_interrupt_instruction_goes_through_60_and_61() {
    // A program request on level 4 (CONO PI,4210: system on, request,
    // level 4) executes 50, here opcode 100, which the KA10 does not
    // implement: it is stored in 60 (opcode, AC and E) and 61 is
    // executed, in exec space (JSR 600, then HALT).
    let mut cpu = machine(
        &[io(PI, CONO, 0o4210), halt(0o1001)],
        &[
            (0o50, 0o100100_000123),
            (0o61, ins(JSR, 0, 0o600)),
            (0o601, halt(0o601)),
        ],
    );
    assert_eq!(halts(&mut cpu), 0o601);
    assert_eq!(cpu.read(0o60).unwrap().raw(), 0o100100_000123);
}

#[test]
fn a_trap_from_the_trap_instruction_is_taken_too() {
    // Level 4's instruction at 50 is a monitor UUO (stored in 40, 41
    // executed); 41 holds opcode 100, which traps in turn (stored in 60,
    // 61 executed: JSR 600, then HALT).
    let mut cpu = machine(
        &[io(PI, CONO, 0o4210), halt(0o1001)],
        &[
            (0o50, 0o040100_000123),
            (0o41, 0o100000_000456),
            (0o61, ins(JSR, 0, 0o600)),
            (0o601, halt(0o601)),
        ],
    );
    assert_eq!(halts(&mut cpu), 0o601);
    assert_eq!(cpu.read(0o40).unwrap().raw(), 0o040100_000123);
    assert_eq!(cpu.read(0o60).unwrap().raw(), 0o100000_000456);
}
