//! How fast can any interpreter run aoj-loop, `AOJL 1,.`, on this
//! machine? A loop that does only the work each emulated instruction
//! cannot avoid, and nothing else, timed beside the emulator itself.
//!
//! The loop keeps memory (with the ACs in it) in a 256K-word array and, per
//! instruction: counts down the budget, checks the PC against the memory
//! size, fetches the word, checks that it is AOJL with neither index nor
//! indirect (there is no dispatch), adds 1 to the AC in memory with ADD's
//! carry flags, and jumps with a branch (not a conditional move, which
//! would put the AC on the PC's path). It is not an emulator: it exists to
//! measure the machine. The loop runs with AOJL at 1001, as in the
//! benchmark, and at 101: at 1001 the instruction is exactly 4 KiB after
//! AC1 in host memory, and the processor may hold each fetch behind the
//! previous AC store (4K aliasing). Five runs of each (environment variable
//! `KA10_BENCH_RUNS`), interleaved, so that both see the same moments of a
//! shared machine; medians, best and worst.
//!
//! ```text
//! cargo bench -p ka10 --bench ceiling
//! ```

mod common;

use ka10::{Cpu, Exit, NoHandler, NoTrace, MAX_MEMORY};
use pdp10_isa::Word;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// N = 300,000,000: AOJL runs from -N to 0.
const N: u64 = 300_000_000;
const AOJL_1: u64 = 0o341040_001001;
const MOVN_1_N: u64 = 0o210040_001003;
const HALT: u64 = 0o254200_001002;
const FULL: u64 = (1 << 36) - 1;

/// The minimal loop; returns the instructions run (it stops at the word
/// after the loop, which it does not execute).
fn minimal(mem: &mut [u64; MAX_MEMORY], size: u32, mut pc: u32) -> (u64, u32) {
    let mut left = u64::MAX;
    let mut flags = 0u32;
    loop {
        if left == 0 || pc >= size {
            break;
        }
        let w = mem[pc as usize];
        if w >> 27 != 0o341 || w & (0o37 << 18) != 0 {
            break;
        }
        left -= 1;
        pc = (pc + 1) & 0o777777;
        let ac = ((w >> 23) & 0o17) as usize;
        let a = mem[ac];
        let mut sum = a + 1;
        let carries = (a ^ 1 ^ sum) >> 35;
        if carries != 0 {
            flags |= carries as u32;
            sum &= FULL;
        }
        mem[ac] = sum;
        if sum >> 35 != 0 {
            ka10::hint::keep_branch();
            pc = (w & 0o777777) as u32;
        }
    }
    (u64::MAX - left, flags)
}

fn main() {
    let runs = common::runs();
    let mut floor = Vec::new();
    let mut floor_101 = Vec::new();
    let mut emulator = Vec::new();
    for _ in 0..runs {
        // The minimal loop, from AC1 = -N, at 1001 and at 101.
        for (at, times) in [(0o1001u32, &mut floor), (0o101, &mut floor_101)] {
            let mut mem = vec![0u64; MAX_MEMORY].into_boxed_slice();
            let mem: &mut [u64; MAX_MEMORY] = (&mut *mem).try_into().expect("256K words");
            mem[at as usize] = 0o341040_000000 | at as u64;
            mem[1] = N.wrapping_neg() & FULL;
            let began = Instant::now();
            let (count, _) = black_box(minimal(black_box(mem), MAX_MEMORY as u32, at));
            times.push(began.elapsed());
            assert_eq!(count, N);
        }
        // The emulator, on the same program: MOVN 1,N / AOJL 1,. / HALT.
        let mut cpu = Cpu::new(MAX_MEMORY);
        for (address, w) in [
            (0o1000, MOVN_1_N),
            (0o1001, AOJL_1),
            (0o1002, HALT),
            (0o1003, N),
        ] {
            cpu.write(address, Word::new(w));
        }
        cpu.set_pc(0o1000);
        let began = Instant::now();
        let exit = cpu.run(&mut NoHandler, &mut NoTrace, u64::MAX);
        emulator.push(began.elapsed());
        assert!(matches!(exit, Ok(Exit::Halt { .. })), "{exit:?}");
    }
    let report = |name: &str, times: &mut Vec<Duration>| {
        times.sort();
        let mips = |d: Duration| N as f64 / d.as_secs_f64() / 1e6;
        println!(
            "{name:16} median {:.1} MIPS (best {:.1}, worst {:.1}; {runs} runs)",
            mips(times[runs / 2]),
            mips(times[0]),
            mips(times[runs - 1]),
        );
    };
    report("minimal at 1001", &mut floor);
    report("minimal at 101", &mut floor_101);
    report("emulator aoj-loop", &mut emulator);
}
