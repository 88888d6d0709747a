//! Whole-CPU tests: small programs run through [`Cpu::run`].

use super::*;

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

#[test]
fn halt_stops_with_its_address() {
    // MOVEI 1,5 / HALT 200
    let mut cpu = machine(&[0o201040_000005, 0o254200_000200]);
    assert_eq!(run(&mut cpu, 10), Ok(Exit::Halt { pc: 0o101 }));
    assert_eq!(cpu.ac(1).raw(), 5);
    assert_eq!(cpu.pc(), 0o200);
    assert_eq!(cpu.instructions(), 2);
}
