//! Emulated KA10 time: what the instructions executed would have taken on
//! a real KA10. The APR clock ticks in this time in its emulated mode.
//!
//! For now every instruction counts the KA10's average, 1/0.38 MIPS
//! (SIMH's `kx10_defs.h` figure for the KA10).

/// Nanoseconds an average KA10 instruction takes.
pub const NS_PER_INSTRUCTION: u64 = 2_632;

/// Emulated nanoseconds for `instructions` instructions.
pub fn emulated_ns(instructions: u64) -> u64 {
    instructions * NS_PER_INSTRUCTION
}
