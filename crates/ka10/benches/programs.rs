//! Emulation speed on the three benchmark programs of issue 2, without a
//! benchmarking framework (`harness = false`).
//!
//! Method: each program in `benches/programs/*.txt` (a `pdp10 boot` text
//! image of at least 300 million instructions) is loaded into a fresh
//! 256K-word machine and run to its HALT with no trap handler and no
//! tracer, timing only `Cpu::run`. Each is run `RUNS` times (default 5,
//! environment variable `KA10_BENCH_RUNS`), and the median wall time and
//! millions of instructions per second are printed with the minimum and
//! maximum. Wall time, not CPU time: run it on a quiet machine.
//!
//! ```text
//! cargo bench -p ka10 --bench programs
//! ```
//!
//! The same figures come from the command line with
//! `pdp10 boot crates/ka10/benches/programs/NAME.txt --stats`.

mod common;

use ka10::{Cpu, Exit, NoHandler, NoTrace, MAX_MEMORY};
use std::path::Path;
use std::time::{Duration, Instant};

fn main() {
    let runs = common::runs();
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("benches/programs");
    for name in ["add-loop", "aoj-loop", "call-loop"] {
        let path = dir.join(format!("{name}.txt"));
        let text = std::fs::read_to_string(&path).expect("benchmark program");
        let image = ka10::image::parse(&text).expect("benchmark program parses");
        let mut times: Vec<(Duration, u64)> = (0..runs)
            .map(|_| {
                let mut cpu = Cpu::new(MAX_MEMORY);
                for (address, w) in &image.words {
                    cpu.write(*address, *w);
                }
                cpu.set_pc(image.start);
                let began = Instant::now();
                let exit = cpu.run(&mut NoHandler, &mut NoTrace, u64::MAX);
                let elapsed = began.elapsed();
                assert!(matches!(exit, Ok(Exit::Halt { .. })), "{name}: {exit:?}");
                (elapsed, cpu.instructions())
            })
            .collect();
        times.sort();
        let (median, instructions) = times[runs / 2];
        let mips = |d: Duration| instructions as f64 / d.as_secs_f64() / 1e6;
        println!(
            "{name:10} {instructions} instructions: median {:.3} s = {:.1} MIPS \
             (best {:.1}, worst {:.1}; {runs} runs)",
            median.as_secs_f64(),
            mips(median),
            mips(times[0].0),
            mips(times[runs - 1].0),
        );
    }
}
