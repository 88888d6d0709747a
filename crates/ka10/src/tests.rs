//! Whole-CPU tests: small programs run through [`Cpu::run`], checking the
//! System Reference Manual's definitions where the unit tests of each
//! group cannot (effective addresses, XCT, traps, the stack, user mode).

use super::*;
use std::sync::{Arc, Mutex};

/// A machine with `words` at 100, 101, ..., PC at 100.
fn machine(words: &[u64]) -> Cpu {
    let mut cpu = Cpu::new(0o10000);
    for (i, w) in words.iter().enumerate() {
        assert!(cpu.write(0o100 + i as u32, Word::new(*w)));
    }
    cpu.set_pc(0o100);
    cpu
}

fn run(cpu: &mut Cpu, max: u64) -> Result<Exit<std::convert::Infallible>, Error> {
    cpu.run(&mut NoHandler, &mut NoTrace, max)
}

fn put(cpu: &mut Cpu, address: u32, w: u64) {
    assert!(cpu.write(address, Word::new(w)));
}

fn get(cpu: &Cpu, address: u32) -> u64 {
    cpu.read(address).unwrap().raw()
}

const HALT: u64 = 0o254200_000000;

#[test]
fn halt_stops_with_its_address() {
    // MOVEI 1,5 / HALT 200
    let mut cpu = machine(&[0o201040_000005, 0o254200_000200]);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o101 }));
    assert_eq!(cpu.ac(1).raw(), 5);
    assert_eq!(cpu.pc(), 0o200, "after HALT the PC is its E");
    assert_eq!(cpu.instructions(), 2);
}

#[test]
fn indexing_and_indirect_chains() {
    // MOVE 1,@200(2) with AC2 = 3: C(203) = @300(3) -> C(303) = 400, E = 400.
    let mut cpu = machine(&[0o200062_000200, HALT]);
    cpu.set_ac(2, Word::new(3));
    cpu.set_ac(3, Word::new(0o777777_000003)); // -1,,3: only the right half counts
    put(&mut cpu, 0o203, 0o000023_000300); // @300(3)
    put(&mut cpu, 0o303, 0o000000_000400);
    put(&mut cpu, 0o400, 0o123);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o101 }));
    assert_eq!(cpu.ac(1).raw(), 0o123);
    // Indexing wraps at 18 bits: MOVEI 1,-1(4) with AC4 = 0 gives 777777.
    let mut cpu = machine(&[0o201044_777777, HALT]);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o101 }));
    assert_eq!(cpu.ac(1).raw(), 0o777777);
}

#[test]
fn memory_0_to_17_is_the_accumulators() {
    // A program in the ACs: JRST 5; at 5: MOVEI 1,7 / HALT.
    let mut cpu = machine(&[0o254000_000005]);
    cpu.set_ac(5, Word::new(0o201040_000007));
    cpu.set_ac(6, Word::new(HALT | 6));
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 6 }));
    assert_eq!(get(&cpu, 1), 7);
    // MOVEM to address 3 is AC3.
    let mut cpu = machine(&[0o202040_000003, HALT]);
    cpu.set_ac(1, Word::new(42));
    run(&mut cpu, 10).unwrap();
    assert_eq!(cpu.ac(3).raw(), 42);
}

#[test]
fn xct_skips_relative_to_itself() {
    // XCT 200 / HALT / HALT, with SKIPA at 200: the XCT skips.
    let mut cpu = machine(&[0o256000_000200, HALT | 0o101, HALT | 0o102]);
    put(&mut cpu, 0o200, 0o334000_000000);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o102 }));
    // XCT of JSP saves XCT+1.
    let mut cpu = machine(&[0o256000_000200, HALT]);
    put(&mut cpu, 0o200, 0o265040_000300);
    put(&mut cpu, 0o300, HALT | 0o300);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o300 }));
    assert_eq!(cpu.ac(1).raw() & 0o777777, 0o101);
    assert_eq!(cpu.instructions(), 2, "XCT and its target count once");
}

#[test]
fn endless_chains_are_errors_not_hangs() {
    // JRST @100 at 100: the indirect word is itself.
    let mut cpu = machine(&[0o254020_000100]);
    let err = run(&mut cpu, 10).unwrap_err();
    assert_eq!(err.kind, ErrorKind::EndlessChain);
    assert_eq!(err.pc, 0o100);
    // XCT 100 at 100.
    let mut cpu = machine(&[0o256000_000100]);
    assert_eq!(run(&mut cpu, 10).unwrap_err().kind, ErrorKind::EndlessChain);
}

#[test]
fn local_uuo_goes_through_40_and_41() {
    // LUUO 1,@X... here: 001040,,150 at 100; JSR 200 at 41.
    let mut cpu = machine(&[0o001040_000150, HALT]);
    put(&mut cpu, 0o41, 0o264000_000200);
    put(&mut cpu, 0o201, HALT | 0o201);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o201 }));
    assert_eq!(get(&cpu, 0o40), 0o001040_000150);
    assert_eq!(get(&cpu, 0o200) & 0o777777, 0o101, "JSR in 41 saves UUO+1");
}

#[test]
fn stack_and_pushdown_overflow() {
    // PUSHJ 17,200 with AC17 = -1,,300: the count reaches 0: overflow.
    let mut cpu = machine(&[0o260740_000200, HALT]);
    cpu.set_ac(0o17, Word::new(0o777777_000300));
    put(&mut cpu, 0o200, 0o263740_000000); // POPJ 17,
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o101 }));
    assert!(cpu.pushdown_overflow(), "PUSHJ to a count of 0 overflows");
    assert_eq!(get(&cpu, 0o301), 0o000000_000101);
    assert_eq!(cpu.ac(0o17).raw(), 0o777777_000300, "POPJ undoes PUSHJ");
    // PUSH and POP with room: no overflow; POP from a count of 0 overflows.
    let mut cpu = machine(&[0o261740_000001, 0o262740_000002, HALT]);
    cpu.set_ac(0o17, Word::new(0o777776_000300));
    cpu.set_ac(1, Word::new(0o55));
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o102 }));
    assert!(!cpu.pushdown_overflow());
    assert_eq!(cpu.ac(2).raw(), 0o55);
    let mut cpu = machine(&[0o262740_000002, HALT]);
    cpu.set_ac(0o17, Word::new(0o000000_000300));
    run(&mut cpu, 10).unwrap();
    assert!(cpu.pushdown_overflow());
    assert_eq!(cpu.ac(0o17).raw(), 0o777777_000277);
}

#[test]
fn aobjn_carries_into_the_left_half() {
    // AOBJN 1,100 with AC1 = -1,,777777: 1,,0 on the KA10 (no jump).
    let mut cpu = machine(&[0o253040_000200, HALT]);
    cpu.set_ac(1, Word::new(0o777777_777777));
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o101 }));
    assert_eq!(cpu.ac(1).raw(), 0o000001_000000);
}

#[test]
fn blt_copies_and_leaves_the_ac() {
    // BLT 1,302 with AC1 = 200,,300.
    let mut cpu = machine(&[0o251040_000302, HALT]);
    cpu.set_ac(1, Word::new(0o000200_000300));
    for i in 0..3 {
        put(&mut cpu, 0o200 + i, 0o700 + i as u64);
    }
    run(&mut cpu, 10).unwrap();
    assert_eq!(
        [get(&cpu, 0o300), get(&cpu, 0o301), get(&cpu, 0o302)],
        [0o700, 0o701, 0o702]
    );
    assert_eq!(get(&cpu, 0o303), 0);
    assert_eq!(cpu.ac(1).raw(), 0o000200_000300);
}

#[test]
fn ildb_walks_a_string_across_words() {
    // ILDB 2,1 five times then once more: into the next word.
    let mut program = vec![0o134100_000001; 6];
    program.push(HALT);
    let mut cpu = machine(&program);
    cpu.set_ac(1, Word::new(0o440700_000200)); // 7-bit bytes of 200
    put(
        &mut cpu,
        0o200,
        u64::from_str_radix("101102103104105", 8).unwrap() << 1,
    );
    put(&mut cpu, 0o201, 0o141 << 29);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o106 }));
    assert_eq!(cpu.ac(2).raw(), 0o141);
    assert_eq!(cpu.ac(1).raw(), 0o350700_000201);
}

#[test]
fn jrstf_restores_flags_from_the_indirect_word() {
    // JRST 2,@200 with C(200) = AROV|CRY0,,300.
    let mut cpu = machine(&[0o254120_000200]);
    put(&mut cpu, 0o200, 0o600000_000300);
    put(&mut cpu, 0o300, 0o255600_000400); // JFCL 14,400: AROV or CRY0 -> jump
    put(&mut cpu, 0o400, HALT | 0o400);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o400 }));
    assert_eq!(cpu.flags(), 0, "JFCL clears what it tests");
}

#[test]
fn add_overflow_flags_and_jfcl() {
    // MOVE 1,[377777,,777777] / ADDI 1,1 / JOV 200 / HALT
    let mut cpu = machine(&[0o200040_000110, 0o271040_000001, 0o255400_000200, HALT]);
    put(&mut cpu, 0o110, 0o377777_777777);
    put(&mut cpu, 0o200, HALT | 0o200);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o200 }));
    assert_eq!(cpu.ac(1).raw(), 0o400000_000000);
    assert_eq!(cpu.flags(), flags::CRY1, "JOV cleared AROV only");
}

/// A handler that records traps and answers from a script.
struct Recorder {
    traps: Vec<Trap>,
    answers: Vec<Resume<&'static str>>,
}

impl TrapHandler for Recorder {
    type Stop = &'static str;
    fn trap(&mut self, cpu: &mut Cpu, trap: Trap) -> Resume<&'static str> {
        self.traps.push(trap);
        cpu.set_ac(0o10, Word::new(self.traps.len() as u64));
        self.answers.remove(0)
    }
}

#[test]
fn user_mode_traps_go_to_the_handler() {
    // In user mode: .CALL-like MUUO 043040,,@150(2) skips; I/O traps; HALT
    // traps; then an unimplemented opcode stops the run.
    let mut cpu = machine(&[
        0o043062_000150, // MUUO 43 1,@150(2)
        0o254200_000000, // HALT (skipped)
        0o700200_000000, // CONO APR,0
        0o254200_000000, // HALT in user mode
        0o105000_000007, // ADJSP: not on a KA10
    ]);
    cpu.set_ac(2, Word::new(1));
    put(&mut cpu, 0o151, 0o000000_000400);
    cpu.set_user_mode(true);
    let mut handler = Recorder {
        traps: vec![],
        answers: vec![
            Resume::Skip,
            Resume::Next,
            Resume::Jump(0o104),
            Resume::Stop("done"),
        ],
    };
    let exit = cpu.run(&mut handler, &mut NoTrace, 100);
    assert_eq!(exit, Ok(Exit::Handler("done")));
    let kinds: Vec<_> = handler
        .traps
        .iter()
        .map(|t| (t.kind, t.pc, t.effective_address))
        .collect();
    assert_eq!(
        kinds,
        vec![
            (TrapKind::MonitorUuo, 0o100, 0o400),
            (TrapKind::Io, 0o102, 0),
            (TrapKind::Io, 0o103, 0),
            (TrapKind::Unimplemented, 0o104, 7),
        ]
    );
    assert_eq!(handler.traps[0].instruction.raw(), 0o043062_000150);
    assert_eq!(cpu.ac(0o10).raw(), 4);
    // Without a handler (the bare machine) the same MUUO traps to exec 40
    // and 41: see tests/machine.rs.
}

#[test]
fn luuo_in_user_mode_uses_the_programs_own_40() {
    let mut cpu = machine(&[0o002000_000123, HALT]);
    put(&mut cpu, 0o41, 0o201040_000005); // MOVEI 1,5 in 41
    cpu.set_user_mode(true);
    let mut handler = Recorder {
        traps: vec![],
        answers: vec![Resume::Stop("halt trapped")],
    };
    // The LUUO runs 41 and continues at 101, whose HALT traps in user mode.
    assert_eq!(
        cpu.run(&mut handler, &mut NoTrace, 10),
        Ok(Exit::Handler("halt trapped"))
    );
    assert_eq!(get(&cpu, 0o40), 0o002000_000123);
    assert_eq!(cpu.ac(1).raw(), 5);
    assert_eq!(handler.traps[0].kind, TrapKind::Io);
}

#[test]
fn jrst_1_enters_user_mode() {
    let mut cpu = machine(&[0o254040_000200]);
    put(&mut cpu, 0o200, 0o040000_000000);
    let mut handler = Recorder {
        traps: vec![],
        answers: vec![Resume::Stop("uuo")],
    };
    assert_eq!(
        cpu.run(&mut handler, &mut NoTrace, 10),
        Ok(Exit::Handler("uuo"))
    );
    assert!(cpu.user_mode());
    assert_eq!(handler.traps[0].kind, TrapKind::MonitorUuo);
    assert_eq!(handler.traps[0].pc, 0o200);
}

#[test]
fn errors_carry_pc_and_instruction() {
    // MOVE 1,20000 beyond a 4K memory, under a handler (on the bare
    // machine it sets the APR's NXM flag instead: tests/machine.rs).
    let mut cpu = machine(&[0o200040_020000]);
    let mut handler = Recorder {
        traps: vec![],
        answers: vec![],
    };
    let err = cpu.run(&mut handler, &mut NoTrace, 10).unwrap_err();
    assert_eq!(err.kind, ErrorKind::NonexistentMemory { address: 0o20000 });
    assert_eq!(err.pc, 0o100);
    assert_eq!(
        err.to_string(),
        "reference to nonexistent memory 20000 at PC 000100: 200040020000 (MOVE 1,20000)"
    );
    // Budget: JRST . forever.
    let mut cpu = machine(&[0o254000_000100]);
    let err = run(&mut cpu, 1000).unwrap_err();
    assert_eq!(err.kind, ErrorKind::BudgetExhausted { executed: 1000 });
    assert_eq!(cpu.instructions(), 1000);
}

#[derive(Clone, Default)]
struct Capture(Arc<Mutex<Vec<u8>>>);

impl std::io::Write for Capture {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[test]
fn console_output_and_polling() {
    // CONSO TTY,10 / JRST .-1 / DATAO TTY,200 / HALT, with "A" at 200.
    let mut cpu = machine(&[0o712340_000010, 0o254000_000100, 0o712140_000200, HALT]);
    put(&mut cpu, 0o200, 0o101);
    let capture = Capture::default();
    cpu.set_console(Box::new(capture.clone()));
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o103 }));
    assert_eq!(capture.0.lock().unwrap().as_slice(), b"A");
    assert_eq!(
        cpu.instructions(),
        3,
        "output done at once: the poll falls through"
    );
}

#[test]
fn apr_and_pi_state() {
    // CONO PI,2377 (on, levels 1-7) / CONI PI,200 / CONO APR,400000 / HALT
    let mut cpu = machine(&[0o700600_002377, 0o700640_000200, 0o700200_400000, HALT]);
    cpu.set_pushdown_overflow(true);
    run(&mut cpu, 10).unwrap();
    assert_eq!(get(&cpu, 0o200), 0o377);
    assert!(!cpu.pushdown_overflow(), "CONO APR,400000 clears it");
}

#[test]
fn memory_size_bounds_references() {
    let mut cpu = Cpu::new(0o2000);
    assert_eq!(cpu.memory_size(), 0o2000);
    assert!(!cpu.write(0o2000, Word::new(1)));
    assert!(cpu.write(0o1777, Word::new(1)));
    cpu.set_memory_size(0o1000);
    cpu.set_memory_size(0o2000);
    assert_eq!(get(&cpu, 0o1777), 0, "memory given back comes back zeroed");
    cpu.set_memory_size(1 << 30);
    assert_eq!(cpu.memory_size(), MAX_MEMORY);
    assert_eq!(cpu.read(1 << 18), None);
}

mod random_images {
    use super::*;
    use proptest::prelude::*;

    /// A tracer that records nothing: being enabled, it makes the run loop
    /// execute every instruction through the general path.
    struct StepByStep;

    impl Tracer for StepByStep {
        fn before(&mut self, _: &Cpu, _: u32, _: Word) {}
        fn after(&mut self, _: &Cpu) {}
    }

    /// A 256-word machine holding `words`, biased toward instructions whose
    /// addresses land in it, with the PC and flags given.
    fn image(words: &[u64], start: u32, flags: u32, user: bool) -> Cpu {
        let mut cpu = Cpu::new(0o400);
        for (i, w) in words.iter().enumerate() {
            let w = if i % 2 == 0 { w & !0o777400 } else { *w };
            cpu.write(i as u32, Word::new(w));
        }
        cpu.set_console(Box::new(std::io::sink()));
        cpu.set_flags(flags);
        cpu.set_user_mode(user);
        cpu.set_pc(start);
        cpu
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]
        /// Any memory image, any start, any flags: the run ends in a HALT,
        /// a trap error, an error or the budget, never a panic.
        #[test]
        fn never_panics(
            words in proptest::collection::vec(any::<u64>(), 64),
            start in 0u32..64,
            flags in any::<u32>(),
            user in any::<bool>(),
        ) {
            let mut cpu = image(&words, start, flags, user);
            let _ = cpu.run(&mut NoHandler, &mut NoTrace, 2000);
            let mut tracer = trace::TraceWriter::new(std::io::sink());
            cpu.set_pc(start);
            let _ = cpu.run(&mut NoHandler, &mut tracer, 200);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        /// The inner loop (direct and one-level indirect addressing, the
        /// common instructions) and the general path are separate code:
        /// from any image they must leave the same machine, the same way.
        #[test]
        fn inner_loop_agrees_with_the_general_path(
            words in proptest::collection::vec(any::<u64>(), 256),
            start in 0u32..256,
            flags in any::<u32>(),
            user in any::<bool>(),
        ) {
            let mut fast = image(&words, start, flags, user);
            let mut general = image(&words, start, flags, user);
            let fast_exit = fast.run(&mut NoHandler, &mut NoTrace, 500);
            let general_exit = general.run(&mut NoHandler, &mut StepByStep, 500);
            prop_assert_eq!(fast_exit, general_exit);
            prop_assert_eq!(fast.pc(), general.pc());
            prop_assert_eq!(fast.flags(), general.flags());
            prop_assert_eq!(fast.instructions(), general.instructions());
            for address in 0..0o400 {
                prop_assert_eq!(fast.read(address), general.read(address), "word {:o}", address);
            }
        }
    }
}
