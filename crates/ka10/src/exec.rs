//! The run loop and the one dispatch on the 9-bit opcode.
//!
//! [`Cpu::run`] spends its time in an inner loop ([`inner`]) that executes
//! most instructions with a constant opcode (the general dispatch below,
//! `dispatch_op::<true>`), and the rest through the general path
//! (`dispatch::<false>`, the same code with every arm enabled). Only
//! events leave it: traps, errors, HALT, XCT and the exec-mode UUO
//! instructions in 41 and 61 (which the run loop executes as part of the
//! instruction), and the budget. With a tracer on, every instruction goes
//! through the general path. The conformance test runs every vector both
//! ways (directly and by XCT), and a property test runs random memory
//! images both ways and compares the machines.
//!
//! Dispatch is by tests and branches, never a jump table: see [`inner`] for
//! the measurements. The general dispatch is a tree of range and bit tests
//! on the opcode following the opcode map; group code tests opcode bits
//! rather than using `match`es of four or more arms, which LLVM makes into
//! jump tables. The ranges are those of `pdp10_isa::opcodes::class`, which
//! a unit test checks.
//!
//! During an instruction, `self.pc` already holds the address of the next
//! one: skips add 1, jumps replace it, and an instruction executed by XCT
//! (or from 41/61 by a trap) sees the same PC as the XCT, so its skips and
//! saved return addresses are relative to the XCT, as on the hardware.

mod inner;
mod machine;

use crate::flags::{USER, USERIO};
use crate::float::{self, FpOut};
use crate::memory::map::{DIRECT, DIRECT_JPC, PROTECTED, PROTECTED_JPC, RELOCATED};
use crate::memory::{Event, Regs, CHAIN_LIMIT, HALF};
use crate::{Cpu, Error, ErrorKind, Exit, Resume, Tracer, Trap, TrapHandler, TrapKind};
use pdp10_isa::Word;

/// The word a UUO leaves in 40 (or 60): opcode and AC, I and X cleared, E.
#[inline(always)]
fn uuo_word(op: u32, ac: u32, e: u32) -> u64 {
    ((op as u64) << 27) | ((ac as u64) << 23) | e as u64
}

impl Cpu {
    /// Runs from the PC until HALT, a stop from the handler, an error, or
    /// `max_instructions` instructions (then [`ErrorKind::BudgetExhausted`],
    /// with the PC at the next instruction).
    pub fn run<H: TrapHandler, T: Tracer>(
        &mut self,
        handler: &mut H,
        tracer: &mut T,
        max_instructions: u64,
    ) -> Result<Exit<H::Stop>, Error> {
        // Executed instructions are counted in a local; `self.instructions`
        // is brought up to date whenever anything outside can look at it.
        let base = self.instructions;
        let mut executed: u64 = 0;
        let result = loop {
            if T::ENABLED || self.machine_watch::<H>() {
                // One instruction at a time: the tracer sees each, and on
                // the bare machine interrupts and relocation are served.
                if executed == max_instructions {
                    break Err(self.budget_exhausted(executed));
                }
                match self.one_instruction(handler, tracer, base, &mut executed) {
                    Ok(None) => continue,
                    Ok(Some(exit)) => break Ok(exit),
                    Err(err) => break Err(err),
                }
            }
            // The inner loop, until an event (a trap, an error, HALT, XCT,
            // the budget).
            let mut left = max_instructions - executed;
            let (stop, pc, w, next, flags) = match self.loop_kind() {
                DIRECT => {
                    let mut r = self.regs();
                    let (stop, pc, w) = r.inner_loop(&mut left);
                    (stop, pc, w, r.pc, r.flags)
                }
                PROTECTED => {
                    let mut r = self.regs_mapped::<PROTECTED>();
                    let (stop, pc, w) = r.inner_loop_protected(&mut left);
                    (stop, pc, w, r.pc, r.flags)
                }
                DIRECT_JPC => {
                    let mut r = self.regs_mapped::<DIRECT_JPC>();
                    let (stop, pc, w) = r.inner_loop_jpc(&mut left);
                    (stop, pc, w, r.pc, r.flags)
                }
                _ => {
                    let mut r = self.regs_mapped::<PROTECTED_JPC>();
                    let (stop, pc, w) = r.inner_loop_protected_jpc(&mut left);
                    (stop, pc, w, r.pc, r.flags)
                }
            };
            executed = max_instructions - left;
            self.commit(next, flags);
            if !H::TAKES_TRAPS && stop == Event::Nxm(pc) && next == pc {
                // A failed fetch is a step of the bare machine (it goes on
                // past it), counted as the one-at-a-time path counts it.
                executed += 1;
            }
            self.instructions = base + executed;
            let outcome = match stop {
                Event::Budget => {
                    break Err(self.budget_exhausted(executed));
                }
                // Instructions the inner loop leaves to this loop (I/O,
                // JRST with flags, which can change the mode): nothing has
                // been done yet.
                Event::Slow => {
                    self.sync_clock();
                    self.step(w)
                }
                event => Err(event),
            };
            match self.settle(outcome, w, pc, handler) {
                Ok(None) => {}
                Ok(Some(exit)) => break Ok(exit),
                Err(err) => break Err(err),
            }
        };
        self.instructions = base + executed;
        result
    }

    /// Executes `w` (already fetched, PC advanced) through the general
    /// dispatch.
    #[inline]
    fn step(&mut self, w: u64) -> Result<(), Event> {
        self.step_mapped(w, false)
    }

    /// [`Cpu::step`], with user references relocated when `reloc`, and
    /// stores into write-protected pages refused.
    #[inline]
    pub(crate) fn step_mapped(&mut self, w: u64, reloc: bool) -> Result<(), Event> {
        if reloc {
            return self.dispatch_mapped::<RELOCATED>(w);
        }
        match self.loop_kind() {
            DIRECT => self.dispatch_mapped::<DIRECT>(w),
            PROTECTED => self.dispatch_mapped::<PROTECTED>(w),
            DIRECT_JPC => self.dispatch_mapped::<DIRECT_JPC>(w),
            _ => self.dispatch_mapped::<PROTECTED_JPC>(w),
        }
    }

    /// The `MAP` of an unrelocated run: [`DIRECT`], or [`PROTECTED`]
    /// while some page is write-protected, each recording jumps when the
    /// JPC is on.
    #[inline]
    fn loop_kind(&self) -> u8 {
        let protected = if self.io.write_protect.any() {
            PROTECTED
        } else {
            DIRECT
        };
        if self.io.records_jumps {
            protected | crate::memory::map::JPC
        } else {
            protected
        }
    }

    /// Executes `w` with memory reached as `MAP` says, and keeps the PC
    /// and flags it leaves.
    #[inline(always)]
    fn dispatch_mapped<const MAP: u8>(&mut self, w: u64) -> Result<(), Event> {
        let mut r = self.regs_mapped::<MAP>();
        let outcome = r.dispatch::<false>(w);
        let (pc, flags) = (r.pc, r.flags);
        self.commit(pc, flags);
        outcome
    }

    /// Everything but the plain completion of an instruction: XCT and trap
    /// chains (executing the next word, which may chain again), HALT, traps
    /// for the handler, and errors. `Ok(Some(exit))` ends the run.
    #[inline]
    fn settle<H: TrapHandler>(
        &mut self,
        outcome: Result<(), Event>,
        first: u64,
        pc: u32,
        handler: &mut H,
    ) -> Result<Option<Exit<H::Stop>>, Error> {
        let Err(mut event) = outcome else {
            return Ok(None);
        };
        let mut w = first;
        let mut address = pc;
        let mut steps = 0;
        let reloc = !H::TAKES_TRAPS && self.user_mode();
        while let Event::Execute(next) = event {
            steps += 1;
            if steps > CHAIN_LIMIT {
                return Err(self.error(Event::Endless, pc, first));
            }
            address = next;
            w = match self.fetch(next, reloc) {
                Ok(w) => w,
                Err(fault) => {
                    event = fault;
                    break;
                }
            };
            match self.step_mapped(w, reloc) {
                Ok(()) => return Ok(None),
                Err(again) => event = again,
            }
        }
        match event {
            Event::Halt => Ok(Some(Exit::Halt { pc })),
            Event::Trap(kind) if H::TAKES_TRAPS => {
                let trap = Trap {
                    kind,
                    pc: address,
                    instruction: Word::new(w),
                    effective_address: self.ea(w).unwrap_or(0),
                };
                Ok(self.take_trap(handler, trap).map(Exit::Handler))
            }
            // The bare machine: what the hardware does.
            Event::Trap(kind) if !H::TAKES_TRAPS => self.hardware_trap(kind, w, reloc),
            Event::Nxm(_) | Event::Mpv(_) if !H::TAKES_TRAPS => {
                self.memory_fault(event, pc);
                Ok(None)
            }
            Event::Endless if !H::TAKES_TRAPS && self.hang_until_interrupt() => {
                self.pc = pc;
                Ok(None)
            }
            _ => Err(self.error(event, pc, first)),
        }
    }

    /// Hands a trap to the handler and applies its answer; `Some` to stop.
    #[cold]
    #[inline]
    fn take_trap<H: TrapHandler>(&mut self, handler: &mut H, trap: Trap) -> Option<H::Stop> {
        let next = self.pc;
        match handler.trap(self, trap) {
            Resume::Next => self.pc = next,
            Resume::Skip => self.pc = (next + 1) & HALF,
            Resume::Jump(address) => self.pc = address & HALF,
            Resume::Stop(stop) => return Some(stop),
        }
        None
    }

    /// The error for `event` at `pc`; the PC is left at the instruction.
    #[cold]
    #[inline]
    fn error(&mut self, event: Event, pc: u32, word: u64) -> Error {
        self.pc = pc;
        let kind = match event {
            Event::Nxm(address) => ErrorKind::NonexistentMemory { address },
            Event::Trap(kind) => ErrorKind::UnhandledTrap(kind),
            Event::Endless => ErrorKind::EndlessChain,
            Event::Mpv(address) => ErrorKind::MemoryProtection { address },
            Event::WriteProtected(address) => ErrorKind::WriteProtected { address },
            Event::Console => ErrorKind::ConsoleOutput {
                message: self.io.console_error.take().unwrap_or_default(),
            },
            Event::Halt | Event::Execute(_) | Event::Slow | Event::Budget => {
                unreachable!("not an error: {event:?}")
            }
        };
        Error {
            kind,
            pc,
            instruction: Word::new(word),
        }
    }

    #[cold]
    #[inline]
    fn budget_exhausted(&self, executed: u64) -> Error {
        Error {
            kind: ErrorKind::BudgetExhausted { executed },
            pc: self.pc,
            instruction: self.read(self.pc).unwrap_or_default(),
        }
    }
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// Executes instruction word `word`. XCT and the exec-mode traps end in
    /// [`Event::Execute`], naming the word to execute next. With `FAST`,
    /// only the instructions the inner loop keeps inline are executed; the
    /// rest end in [`Event::Slow`] before changing anything.
    #[inline(always)]
    pub(super) fn dispatch<const FAST: bool>(&mut self, word: u64) -> Result<(), Event> {
        self.dispatch_op::<FAST>((word >> 27) as u32, word)
    }

    /// [`Regs::dispatch`] with the opcode given: the inner loop gives it as
    /// a constant, so that the tree below folds to the one instruction.
    #[inline(always)]
    pub(super) fn dispatch_op<const FAST: bool>(
        &mut self,
        op: u32,
        word: u64,
    ) -> Result<(), Event> {
        let ac = ((word >> 23) & 0o17) as u32;
        // The inner loop takes one indirect word at most, and leaves longer
        // chains to the general path.
        let e = if FAST {
            self.ea_one_level(word)?
        } else {
            self.ea(word)?
        };
        // Every arm that calls out of line starts with `slow!()`, so that the
        // inner loop's registers are never passed to a call.
        macro_rules! slow {
            () => {
                if FAST {
                    return Err(Event::Slow);
                }
            };
        }
        if op >= 0o400 {
            if op < 0o600 {
                if op < 0o500 {
                    self.boolean_op(op, ac, e)?;
                } else {
                    self.half_word_op(op, ac, e)?;
                }
            } else if op < 0o700 {
                self.test_op(op, ac, e)?;
            } else {
                slow!();
                if self.flags & (USER | USERIO) == USER {
                    return Err(Event::Trap(TrapKind::Io));
                }
                self.io_op(word, e)?;
            }
            return Ok(());
        }
        if op >= 0o250 {
            if op >= 0o300 {
                self.compare_jump_skip(op, ac, e)?;
            } else if op >= 0o270 {
                self.add_sub(op, ac, e)?;
            } else if op >= 0o260 {
                // 260-267, by bits: PUSHJ PUSH POP POPJ JSR JSP JSA JRA.
                if op & 4 == 0 {
                    if op & 2 == 0 {
                        if op & 1 == 0 {
                            self.pushj(ac, e)?;
                        } else {
                            self.push(ac, e)?;
                        }
                    } else if op & 1 == 0 {
                        self.pop(ac, e)?;
                    } else {
                        self.popj(ac)?;
                    }
                } else if op & 2 == 0 {
                    if op & 1 == 0 {
                        self.jsr(e)?;
                    } else {
                        self.jsp(ac, e);
                    }
                } else if op & 1 == 0 {
                    self.jsa(ac, e)?;
                } else {
                    self.jra(ac, e)?;
                }
            } else if op & 4 == 0 {
                // 250-253: EXCH BLT AOBJP AOBJN.
                if op & 2 != 0 {
                    self.aobj(op, ac, e);
                } else if op & 1 == 0 {
                    self.exch(ac, e)?;
                } else {
                    slow!();
                    self.blt(ac, e)?;
                }
            } else if op & 2 == 0 {
                // 254 JRST, 255 JFCL.
                if op & 1 == 0 {
                    if ac == 0 {
                        self.record_jump();
                        self.pc = e;
                    } else {
                        slow!();
                        self.jrst(ac, e, word)?;
                    }
                } else {
                    self.jfcl(ac, e);
                }
            } else if op & 1 == 0 {
                // XCT: execute the word at E in this instruction.
                slow!();
                return Err(Event::Execute(e));
            }
            // 257, MAP: a KI10 instruction; the KA10 (in SIMH) does nothing.
            return Ok(());
        }
        if op >= 0o200 {
            if op < 0o220 {
                self.moves(op, ac, e)?;
            } else if op < 0o240 {
                if op < 0o230 {
                    self.multiply(op, ac, e)?;
                } else {
                    self.divide(op, ac, e)?;
                }
            } else {
                if op == 0o247 {
                    slow!();
                    return self.unimplemented(op, ac, e);
                }
                self.shift_op(op, ac, e)?;
            }
            return Ok(());
        }
        if (0o133..=0o137).contains(&op) {
            self.byte_op(op, ac, e)?;
            return Ok(());
        }
        slow!();
        if op >= 0o130 {
            self.float_op(op, ac, e)?;
            return Ok(());
        }
        if op >= 0o100 {
            return self.unimplemented(op, ac, e);
        }
        if op == 0 || op >= 0o40 {
            // A monitor UUO: the host's in user mode, 40/41 in exec mode.
            if self.flags & USER != 0 {
                return Err(Event::Trap(TrapKind::MonitorUuo));
            }
        }
        // A local UUO: the word into 40, then the instruction in 41.
        self.store(0o40, uuo_word(op, ac, e))?;
        Err(Event::Execute(0o41))
    }

    /// An opcode the KA10 lacks, in exec mode: the word into 60, then the
    /// instruction in 61. As SIMH's KA10 does (vectors README 3), the PC has
    /// been advanced once more when 61 executes.
    #[inline]
    fn unimplemented(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        if self.flags & USER != 0 {
            return Err(Event::Trap(TrapKind::Unimplemented));
        }
        self.store(0o60, uuo_word(op, ac, e))?;
        self.skip();
        Err(Event::Execute(0o61))
    }

    /// UFA, DFN, FSC and FAD/FSB/FMP/FDV in their eight modes: xx0 basic,
    /// xx1 long (AC,AC+1), xx2 memory, xx3 both, xx4-xx7 the same rounded
    /// with xx5 immediate (operand E,,0) instead of long.
    #[inline]
    fn float_op(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        let a = self.get(ac);
        let out: FpOut = match op {
            0o130 => {
                let out = float::ufa(a, self.load(e)?);
                self.flags |= out.flags;
                if out.store {
                    self.put(ac + 1, out.lo);
                }
                return Ok(());
            }
            0o131 => {
                let out = float::dfn(a, self.load(e)?);
                self.flags |= out.flags;
                if out.store {
                    self.put(ac, out.hi);
                    self.store(e, out.lo)?;
                }
                return Ok(());
            }
            0o132 => float::fsc(a, e),
            _ => {
                let mode = op & 7;
                let round = mode >= 4;
                let long = mode == 1;
                let operand = if mode == 5 {
                    (e as u64) << 18
                } else {
                    self.load(e)?
                };
                match (op >> 3) & 3 {
                    0 => float::fad(a, operand, round, long),
                    1 => float::fsb(a, operand, round, long),
                    2 => float::fmp(a, operand, round, long),
                    _ => float::fdv(a, self.get(ac + 1), operand, round, long),
                }
            }
        };
        self.flags |= out.flags;
        if !out.store {
            return Ok(());
        }
        let mode = if op == 0o132 { 0 } else { op & 7 };
        match mode {
            0 | 4 | 5 => self.put(ac, out.hi),
            1 => {
                self.put(ac, out.hi);
                self.put(ac + 1, out.lo);
            }
            2 | 6 => self.store(e, out.hi)?,
            _ => {
                self.store(e, out.hi)?;
                self.put(ac, out.hi);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdp10_isa::opcodes::{class, OpClass};

    /// Every opcode the dispatch treats as a trap is one the opcode table
    /// classes as such, and the other way round: run each opcode in exec
    /// mode with catchers at 41 and 61 and see where it went.
    #[test]
    fn dispatch_traps_follow_the_opcode_classes() {
        for op in 0..0o700u64 {
            let mut cpu = Cpu::new(0o10000);
            // JRST 1000 / JRST 2000 at 41 and 61; HALT there.
            cpu.write(0o41, Word::new(0o254000_001000));
            cpu.write(0o61, Word::new(0o254000_002000));
            cpu.write(0o1000, Word::new(0o254200_001000));
            cpu.write(0o2000, Word::new(0o254200_002000));
            cpu.write(0o3000, Word::new(0o254200_003000));
            cpu.write(0o3001, Word::new(0o254200_003001));
            // The instruction at 100 with AC 0 and E 3000 (data 0).
            cpu.write(0o100, Word::new(op << 27 | 0o3000));
            cpu.write(0o101, Word::new(0o254200_000101));
            cpu.write(0o102, Word::new(0o254200_000102));
            cpu.set_pc(0o100);
            let exit = cpu.run(&mut crate::NoHandler, &mut crate::NoTrace, 2);
            let went = match exit {
                Ok(Exit::Halt { pc: 0o1000 }) => "40",
                Ok(Exit::Halt { pc: 0o2000 }) => "60",
                _ => "run",
            };
            let expected = match class(op as u16) {
                OpClass::LocalUuo | OpClass::MonitorUuo => "40",
                OpClass::Unimplemented => "60",
                _ => "run",
            };
            assert_eq!(went, expected, "opcode {op:03o}: {exit:?}");
        }
    }
}
