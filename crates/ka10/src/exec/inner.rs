//! The inner loop: fetch, count and execute instructions until something
//! happens (a trap, an error, XCT, HALT, the budget).
//!
//! It is a function of its own, so that the PC, the flags and the
//! instruction countdown live in machine registers for the whole loop and
//! nothing outside sees them until it returns.
//!
//! Dispatch is a tree of tests of the opcode's bits whose leaves each call
//! the general dispatch ([`Regs::dispatch_op`]) with the opcode as a
//! constant, so that every leaf compiles to just its instruction, with its
//! own test of the outcome. The leaves cover every instruction but the
//! UUOs, floating point, I/O, XCT, BLT and JRST with an AC, with direct,
//! indexed or one-level indirect addressing (`@TABLE(X)` is 4 instructions
//! in 10 of the MIDAS sudoku solver's). The rest go to [`general_step`],
//! out of line but without leaving the loop.
//!
//! The tree costs a test and a branch per level, but conditional branches
//! are what this project's machines predict well; a jump table counted
//! fewer host instructions and ran slower on the sudoku solver. The
//! measurements are in `docs/speed.md`.

use crate::io::Devices;
use crate::memory::map::{DIRECT, DIRECT_JPC, PROTECTED, PROTECTED_JPC};
use crate::memory::{Event, Regs, HALF};
use crate::MAX_MEMORY;

/// The loop. `left` counts down the instructions still allowed; the result
/// is why it stopped, with the instruction's address and word (0 when it
/// was not fetched).
macro_rules! inner_loop {
    ($r:ident, $left:ident, $general_step:ident) => {{
        let size = $r.size;
        'fetch: loop {
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
            // Each leaf goes on to the next instruction by itself; what
            // comes out of this block is an instruction's event.
            let event = 'leaf: {
                if !(0o200..0o700).contains(&op) {
                    // The byte instructions; UUOs, floating point and I/O
                    // go to the general dispatch.
                    if (0o133..=0o137).contains(&op) {
                        opcode_tree!('leaf, $r, w, op, 0o130; 0o4 0o2 0o1);
                        continue 'fetch;
                    }
                    break 'leaf Event::Slow;
                }
                if op < 0o400 {
                    opcode_tree!('leaf, $r, w, op, 0o200; 0o100 0o40 0o20 0o10 0o4 0o2 0o1);
                } else if op < 0o600 {
                    opcode_tree!('leaf, $r, w, op, 0o400; 0o100 0o40 0o20 0o10 0o4 0o2 0o1);
                } else {
                    opcode_tree!('leaf, $r, w, op, 0o600; 0o40 0o20 0o10 0o4 0o2 0o1);
                }
                continue 'fetch;
            };
            if event != Event::Slow {
                break (event, pc, w);
            }
            // Not executed here (nothing done yet): the general dispatch,
            // out of line, with the registers passed by value so that the
            // loop's stay in machine registers.
            let (next, flags, outcome) =
                $general_step(&mut *$r.mem, &mut *$r.io, size, $r.pc, $r.flags, w);
            $r.pc = next;
            $r.flags = flags;
            if let Err(event) = outcome {
                break (event, pc, w);
            }
        }
    }};
}

/// A tree of tests of `$opv`'s bits, given from the highest, over the
/// opcodes from `$op`: at each leaf, the general dispatch with the opcode
/// as a constant, leaving the block `$leaf` with its event if it has one.
macro_rules! opcode_tree {
    ($leaf:lifetime, $r:ident, $w:ident, $opv:ident, $op:expr;) => {
        if let Err(event) = $r.dispatch_op::<true>($op, $w) {
            break $leaf event;
        }
    };
    ($leaf:lifetime, $r:ident, $w:ident, $opv:ident, $op:expr; $bit:literal $($rest:literal)*) => {
        if $opv & $bit != 0 {
            opcode_tree!($leaf, $r, $w, $opv, $op + $bit; $($rest)*)
        } else {
            opcode_tree!($leaf, $r, $w, $opv, $op; $($rest)*)
        }
    };
}

/// Executes `w` through the general dispatch on registers made from the
/// arguments, and gives back the PC, the flags and the outcome. I/O
/// instructions and JRST with flags are left to the run loop (outcome
/// [`Event::Slow`], nothing done), which keeps the clock for the one and
/// the machine's mode for the other; the test is here rather than in the
/// loop, whose code then stays as it was.
#[inline(always)]
fn general_step_mapped<const MAP: u8>(
    mem: &mut [u64; MAX_MEMORY],
    io: &mut Devices,
    size: u32,
    pc: u32,
    flags: u32,
    w: u64,
) -> (u32, u32, Result<(), Event>) {
    let op = (w >> 27) as u32;
    if op >= 0o700 || op == 0o254 {
        return (pc, flags, Err(Event::Slow));
    }
    let mut r = Regs::<MAP> {
        mem,
        size,
        pc,
        flags,
        io,
    };
    let outcome = r.dispatch::<false>(w);
    (r.pc, r.flags, outcome)
}

/// The four loops, each a function of its own that is not generic, so that
/// it is compiled here, in this crate, as it was before there were two
/// (a generic one is compiled in the caller's crate, where it came out
/// slower: docs/speed.md).
macro_rules! inner_loop_fn {
    ($map:ident, $name:ident, $general_step:ident, $doc:literal) => {
        /// [`general_step_mapped`] for the loop below.
        #[inline(never)]
        fn $general_step(
            mem: &mut [u64; MAX_MEMORY],
            io: &mut Devices,
            size: u32,
            pc: u32,
            flags: u32,
            w: u64,
        ) -> (u32, u32, Result<(), Event>) {
            general_step_mapped::<$map>(mem, io, size, pc, flags, w)
        }

        impl Regs<'_, $map> {
            /// Runs the inner loop from `self.pc` for at most `*left`
            /// instructions, leaving the PC, the flags and `*left` as they
            /// are when it stops. Returns why it stopped, the instruction's
            /// address and its word.
            #[doc = $doc]
            #[inline(never)]
            pub(super) fn $name(&mut self, left: &mut u64) -> (Event, u32, u64) {
                let mut r = Regs::<$map> {
                    mem: &mut *self.mem,
                    // Memory is never larger than the array, which the
                    // compiler then knows when it indexes with the PC.
                    size: self.size.min(MAX_MEMORY as u32),
                    pc: self.pc,
                    flags: self.flags,
                    io: &mut *self.io,
                };
                let mut countdown = *left;
                let stop = inner_loop!(r, countdown, $general_step);
                self.pc = r.pc;
                self.flags = r.flags;
                *left = countdown;
                stop
            }
        }
    };
}

inner_loop_fn!(
    DIRECT,
    inner_loop,
    general_step,
    "Every store goes straight to memory."
);
inner_loop_fn!(
    PROTECTED,
    inner_loop_protected,
    general_step_protected,
    "A store into a write-protected page ends it with [`Event::WriteProtected`]."
);
inner_loop_fn!(
    DIRECT_JPC,
    inner_loop_jpc,
    general_step_jpc,
    "Every store goes straight to memory; jumps are recorded in the JPC."
);
inner_loop_fn!(
    PROTECTED_JPC,
    inner_loop_protected_jpc,
    general_step_protected_jpc,
    "A store into a write-protected page ends it; jumps are recorded in the JPC."
);
