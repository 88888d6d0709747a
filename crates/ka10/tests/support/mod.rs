//! Helpers shared by the program tests: instruction words and machines
//! loaded with a small program.

#![allow(dead_code)] // each test file uses some of them

use ka10::Cpu;
use pdp10_isa::Word;

/// The instruction word `op ac,e`.
pub const fn ins(op: u64, ac: u64, e: u64) -> u64 {
    op << 27 | ac << 23 | e
}

/// The I/O instruction word `function device,e` (function 0-7: BLKI ...
/// CONSO).
pub const fn io(device: u64, function: u64, e: u64) -> u64 {
    0o700 << 27 | (device >> 2) << 26 | function << 23 | e
}

/// HALT E (JRST 4,E).
pub const fn halt(e: u64) -> u64 {
    ins(0o254, 4, e)
}

/// A 64K machine with `words` from 1000 and the PC there, plus `extra`
/// words elsewhere.
pub fn machine(words: &[u64], extra: &[(u32, u64)]) -> Cpu {
    let mut cpu = Cpu::new(0o200000);
    for (i, w) in words.iter().enumerate() {
        assert!(cpu.write(0o1000 + i as u32, Word::new(*w)));
    }
    for &(a, w) in extra {
        put(&mut cpu, a, w);
    }
    cpu.set_pc(0o1000);
    cpu
}

/// A 4K machine with `words` at 100 on, PC at 100, in exec mode.
pub fn small_machine(words: &[u64]) -> Cpu {
    let mut cpu = Cpu::new(0o10000);
    for (i, w) in words.iter().enumerate() {
        put(&mut cpu, 0o100 + i as u32, *w);
    }
    cpu.set_pc(0o100);
    cpu
}

pub fn put(cpu: &mut Cpu, address: u32, w: u64) {
    assert!(cpu.write(address, Word::new(w)));
}

pub fn get(cpu: &Cpu, address: u32) -> u64 {
    cpu.read(address).unwrap().raw()
}
