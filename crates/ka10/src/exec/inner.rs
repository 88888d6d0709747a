//! The inner loop: fetch, count and execute the common instructions until
//! one needs the general path or something happens.
//!
//! It is a function of its own, so that the PC, the flags and the
//! instruction countdown live in machine registers for the whole loop and
//! nothing outside sees them until it returns.
//!
//! Dispatch is a tree of tests of the opcode's bits whose 512 leaves each
//! call the general dispatch ([`Regs::dispatch_op`]) with the opcode as a
//! constant, so that every leaf compiles to just its instruction, with its
//! own test of the outcome. The tree costs a test and a branch per level,
//! but each branch is a conditional one, which this project's machines
//! predict well. Their indirect jumps they do not: on them (virtual
//! machines whose Spectre v2 mitigation is IBRS) a C interpreter loop of
//! three instructions ran at 91-105 million instructions a second in four
//! runs of five with a computed `goto`, and at 344-509 with a chain of
//! `if`s. This loop with a `match` (one jump table) executed fewer host
//! instructions per emulated one (callgrind: 28, 32 and 40 on benchmarks a,
//! b and c, against 43, 47 and 51 with the tree) yet ran slower: medians
//! of five interleaved runs of 115, 79 and 71 MIPS against 166, 123 and
//! 132.
//!
//! One level of indirect addressing is taken here (`@TABLE(X)` is 4
//! instructions in 10 of the MIDAS sudoku solver's): that took the solver
//! from 117 to 63 host instructions per emulated one.

use crate::memory::{Event, Regs, HALF};
use crate::MAX_MEMORY;

/// The loop. `left` counts down the instructions still allowed; the result
/// is why it stopped, with the instruction's address and word (0 when it
/// was not fetched).
macro_rules! inner_loop {
    ($r:ident, $left:ident) => {{
        let size = $r.size;
        loop {
            if $left == 0 {
                break (Event::Budget, $r.pc, 0);
            }
            let pc = $r.pc;
            if pc >= size {
                break (Event::nxm(pc), pc, 0);
            }
            let w = $r.mem[pc as usize];
            $r.pc = (pc + 1) & HALF;
            $left -= 1;
            let op = (w >> 27) as u32;
            // UUOs, floating point, bytes (000-177) and I/O (700-777).
            if !(0o200..0o700).contains(&op) {
                break (Event::Slow, pc, w);
            }
            if op < 0o400 {
                opcode_tree!($r, w, op, pc, 0o200; 0o100 0o40 0o20 0o10 0o4 0o2 0o1);
            } else if op < 0o600 {
                opcode_tree!($r, w, op, pc, 0o400; 0o100 0o40 0o20 0o10 0o4 0o2 0o1);
            } else {
                opcode_tree!($r, w, op, pc, 0o600; 0o40 0o20 0o10 0o4 0o2 0o1);
            }
        }
    }};
}

/// A tree of tests of `$opv`'s bits, given from the highest, over the
/// opcodes from `$op`: at each leaf, the general dispatch with the opcode
/// as a constant.
macro_rules! opcode_tree {
    ($r:ident, $w:ident, $opv:ident, $pc:ident, $op:expr;) => {
        if let Err(event) = $r.dispatch_op::<true>($op, $w) {
            break (event, $pc, $w);
        }
    };
    ($r:ident, $w:ident, $opv:ident, $pc:ident, $op:expr; $bit:literal $($rest:literal)*) => {
        if $opv & $bit != 0 {
            opcode_tree!($r, $w, $opv, $pc, $op + $bit; $($rest)*)
        } else {
            opcode_tree!($r, $w, $opv, $pc, $op; $($rest)*)
        }
    };
}

impl Regs<'_> {
    /// Runs the inner loop from `self.pc` for at most `*left` instructions,
    /// leaving the PC, the flags and `*left` as they are when it stops.
    /// Returns why it stopped, the instruction's address and its word.
    #[inline(never)]
    pub(super) fn inner_loop(&mut self, left: &mut u64) -> (Event, u32, u64) {
        let mut r = Regs {
            mem: &mut *self.mem,
            // Memory is never larger than the array, which the compiler
            // then knows when it indexes with the PC.
            size: self.size.min(MAX_MEMORY as u32),
            pc: self.pc,
            flags: self.flags,
            io: &mut *self.io,
        };
        let mut countdown = *left;
        let stop = inner_loop!(r, countdown);
        self.pc = r.pc;
        self.flags = r.flags;
        *left = countdown;
        stop
    }
}
