//! The bare machine: what the KA10 does where a host handler (the ITS
//! shim) would otherwise step in. Used when the handler takes no traps
//! ([`crate::NoHandler`], `pdp10 boot`).
//!
//! - Nonexistent memory and memory-protection violations set their APR
//!   flags, and the instruction is abandoned (the PC goes on past it); the
//!   APR interrupts if its PIA is set and the PI system is on.
//! - In user mode, references are relocated and checked against the
//!   protection registers (`apr::Relocation`); monitor UUOs, I/O
//!   instructions without USERIO, HALT and JEN trap to exec 40/41, and
//!   unimplemented opcodes to 60/61.
//! - Interrupts: between instructions, the highest requested level not
//!   held executes the instruction at 40+2n (see `pi`).
//!
//! The instruction a trap or an interrupt executes (at 41, 61, 40+2n,
//! 41+2n) runs in exec space: its references are not relocated, and an
//! I/O instruction there does not trap. If it is one that saves the PC
//! (JSR, JSP, PUSHJ, JSA), user mode ends, the saved flags still showing
//! USER; any other instruction leaves the mode as it was (System Reference
//! Manual, 1968, 2.16 and 3.2; DEC's DAKAH checks each of these).
//!
//! None of this is on the inner loop's path: the run loop takes it one
//! instruction at a time whenever the machine is in user mode or the PI
//! system is on, and the inner loop never runs then.

use crate::flags::{USER, USERIO};
use crate::io::block_counts_out;
use crate::memory::map::RELOCATED;
use crate::memory::{Event, CHAIN_LIMIT, HALF};
use crate::{ClockMode, Cpu, Error, Exit, Tracer, TrapHandler, TrapKind};
use pdp10_isa::Word;

/// JSR, JSP, PUSHJ, JSA: the instructions that leave user mode when a
/// trap or an interrupt executes them.
fn saves_pc(op: u32) -> bool {
    matches!(op, 0o260 | 0o264 | 0o265 | 0o266)
}

impl Cpu {
    /// Sets how the APR clock keeps time.
    pub fn set_clock_mode(&mut self, mode: ClockMode) {
        self.sync_clock();
        self.io.apr.clock.set_mode(mode);
    }

    /// Whether the run loop must go one instruction at a time to serve the
    /// bare machine: in user mode (relocation) or with the PI system on.
    #[inline(always)]
    pub(super) fn machine_watch<H: TrapHandler>(&self) -> bool {
        !H::TAKES_TRAPS && (self.flags & USER != 0 || self.io.pi.on)
    }

    /// Brings the emulated clock up to the instructions executed.
    pub(super) fn sync_clock(&mut self) {
        let clock = &mut self.io.apr.clock;
        clock.emulated_ns = crate::timing::emulated_ns(self.instructions) + clock.hung_ns;
    }

    /// The word at `address` for an instruction fetch, relocated when
    /// `reloc`.
    pub(super) fn fetch(&mut self, address: u32, reloc: bool) -> Result<u64, Event> {
        if reloc {
            self.regs_mapped::<RELOCATED>().load(address)
        } else {
            self.load(address)
        }
    }

    /// One instruction, or one interrupt, with the tracer seeing it;
    /// `executed` (instructions since `base`) counts it. On the bare
    /// machine an interrupt and a failed fetch count as a step each.
    pub(super) fn one_instruction<H: TrapHandler, T: Tracer>(
        &mut self,
        handler: &mut H,
        tracer: &mut T,
        base: u64,
        executed: &mut u64,
    ) -> Result<Option<Exit<H::Stop>>, Error> {
        let bare = !H::TAKES_TRAPS;
        self.instructions = base + *executed;
        if bare {
            self.sync_clock();
            if let Some(level) = self.interrupt_level() {
                *executed += 1;
                self.instructions = base + *executed;
                return self.interrupt(level);
            }
        }
        let pc = self.pc;
        let reloc = bare && self.user_mode();
        let w = match self.fetch(pc, reloc) {
            Ok(w) => w,
            Err(event) if bare => {
                *executed += 1;
                self.instructions = base + *executed;
                return self.fetch_fault(event, pc);
            }
            Err(event) => return Err(self.error(event, pc, 0)),
        };
        if T::ENABLED {
            tracer.before(self, pc, Word::new(w));
        }
        *executed += 1;
        self.instructions = base + *executed;
        self.pc = (pc + 1) & HALF;
        let outcome = self.step_mapped(w, reloc);
        let settled = self.settle(outcome, w, pc, handler);
        if T::ENABLED && settled.is_ok() {
            tracer.after(self);
        }
        settled
    }

    /// The PI level that interrupts now, if any.
    fn interrupt_level(&mut self) -> Option<u32> {
        if !self.io.pi.on {
            return None;
        }
        let now = self.io.apr.clock.now();
        let lines =
            self.io.apr.request(self.flags, self.io.pushdown_overflow) | self.io.dk10.request(now);
        self.io.pi.next_level(lines)
    }

    /// Sets the APR flag for a failed reference.
    fn set_fault_flag(&mut self, event: Event) {
        match event {
            Event::Nxm(_) => self.io.apr.nxm = true,
            Event::Mpv(_) => self.io.apr.protection = true,
            _ => {}
        }
    }

    /// A failed instruction fetch: the flag, then an interrupt right away
    /// if it brings one (the PC still at the instruction), else on past it.
    fn fetch_fault<S>(&mut self, event: Event, pc: u32) -> Result<Option<Exit<S>>, Error> {
        self.set_fault_flag(event);
        if let Some(level) = self.interrupt_level() {
            return self.interrupt(level);
        }
        self.pc = (pc + 1) & HALF;
        Ok(None)
    }

    /// A failed reference during the instruction at `pc`: the flag; the
    /// instruction is abandoned. A failed fetch (from the inner loop, the
    /// PC still at it) goes on past it.
    pub(super) fn memory_fault(&mut self, event: Event, pc: u32) {
        self.set_fault_flag(event);
        if let Event::Nxm(address) | Event::Mpv(address) = event {
            if address == pc && self.pc == pc {
                self.pc = (pc + 1) & HALF;
            }
        }
    }

    /// An endless indirection: the hardware loops until an interrupt. If
    /// a clock (the line clock or the DK10) can bring one, the emulated
    /// time moves on to the first of them (in real time, the host waits
    /// for it) and the instruction is taken again (BIS keeps a byte
    /// instruction from incrementing twice); false if no interrupt would
    /// come (the machine would hang for ever).
    pub(super) fn hang_until_interrupt(&mut self) -> bool {
        if !self.io.pi.on {
            return false;
        }
        self.sync_clock();
        let now = self.io.apr.clock.now();
        let line = self
            .io
            .apr
            .clock_can_interrupt()
            .then(|| self.io.apr.clock.next_tick(now));
        let when = match (line, self.io.dk10.next_request(now)) {
            (Some(a), Some(b)) => a.min(b),
            (Some(a), None) | (None, Some(a)) => a,
            (None, None) => return false,
        };
        self.io.apr.clock.wait_until(when);
        // Go on only if the interrupt will now be taken (its level might be
        // held): otherwise the machine would hang for ever.
        self.interrupt_level().is_some()
    }

    /// A trap on the bare machine: the instruction word with its E into 40
    /// (60 for an unimplemented opcode, the PC then advanced once more, as
    /// in exec mode), then the instruction in 41 (61).
    pub(super) fn hardware_trap<S>(
        &mut self,
        kind: TrapKind,
        w: u64,
        reloc: bool,
    ) -> Result<Option<Exit<S>>, Error> {
        let Some(vector) = self.trap_store(kind, w, reloc) else {
            return Ok(None);
        };
        let outcome = self.execute_vector(vector);
        self.absorb(outcome, vector)
    }

    /// Stores the trap word of `w` in 40 or 60; the address of the
    /// instruction to execute next, or `None` if 40 or 60 does not exist
    /// (the NXM flag is set).
    fn trap_store(&mut self, kind: TrapKind, w: u64, reloc: bool) -> Option<u32> {
        let e = if reloc {
            self.regs_mapped::<RELOCATED>().ea(w)
        } else {
            self.ea(w)
        };
        let e = e.unwrap_or(0);
        let word = (w & 0o777740_000000) | e as u64;
        let base = if kind == TrapKind::Unimplemented {
            self.pc = (self.pc + 1) & HALF;
            0o60
        } else {
            0o40
        };
        match self.regs().store(base, word) {
            Ok(()) => Some(base + 1),
            Err(event) => {
                self.set_fault_flag(event);
                None
            }
        }
    }

    /// Executes the word at physical `address` as a trap or interrupt
    /// instruction (see the module notes).
    fn execute_vector(&mut self, address: u32) -> Result<(), Event> {
        let w = self.load(address)?;
        let op = (w >> 27) as u32;
        let saved = self.flags;
        if op >= 0o700 {
            self.flags |= USERIO;
        }
        let outcome = self.step_mapped(w, false);
        if op >= 0o700 {
            self.flags = (self.flags & !USERIO) | (saved & USERIO);
        }
        if saves_pc(op) {
            self.flags &= !USER;
        }
        outcome
    }

    /// What comes of a trap or interrupt instruction at `address`: failed
    /// references set their flags; HALT halts; an XCT there, or a trap
    /// from it, goes on in exec space (for at most [`CHAIN_LIMIT`] steps).
    fn absorb<S>(
        &mut self,
        mut outcome: Result<(), Event>,
        mut address: u32,
    ) -> Result<Option<Exit<S>>, Error> {
        let mut steps = 0;
        loop {
            let event = match outcome {
                Ok(()) => return Ok(None),
                Err(event) => event,
            };
            steps += 1;
            match event {
                Event::Nxm(_) | Event::Mpv(_) => {
                    self.set_fault_flag(event);
                    return Ok(None);
                }
                Event::Halt => return Ok(Some(Exit::Halt { pc: address })),
                Event::Execute(next) if steps <= CHAIN_LIMIT => address = next,
                Event::Trap(kind) if steps <= CHAIN_LIMIT => {
                    let w = self.read(address).map_or(0, Word::raw);
                    match self.trap_store(kind, w, false) {
                        Some(vector) => address = vector,
                        None => return Ok(None),
                    }
                }
                Event::Execute(_) | Event::Trap(_) => {
                    return Err(self.vector_error(Event::Endless, address))
                }
                event => return Err(self.vector_error(event, address)),
            }
            outcome = self.execute_vector(address);
        }
    }

    /// The error for `event` at the trap or interrupt instruction at
    /// `address`; the PC stays where the program was.
    #[cold]
    fn vector_error(&mut self, event: Event, address: u32) -> Error {
        let w = self.read(address).map_or(0, Word::raw);
        let pc = self.pc;
        let err = self.error(event, address, w);
        self.pc = pc;
        err
    }

    /// Takes an interrupt on `level`: the instruction at 40+2n. A BLKI or
    /// BLKO whose count runs out goes on to 41+2n; a BLKI, BLKO, DATAI or
    /// DATAO otherwise dismisses the interrupt at once (the interrupted
    /// program goes on, no skip); any other instruction holds the level.
    fn interrupt<S>(&mut self, level: u32) -> Result<Option<Exit<S>>, Error> {
        self.io.pi.begin(level);
        let vector = 0o40 + 2 * level;
        let interrupted = self.pc;
        let w = self.read(vector).map(Word::raw).unwrap_or(0);
        let function = (w >> 23) & 7;
        let block_or_data = w >> 33 == 7 && function < 4;
        let counts_out = block_or_data
            && function & 1 == 0
            && self
                .ea(w)
                .and_then(|e| self.load(e))
                .is_ok_and(block_counts_out);
        let outcome = self.execute_vector(vector);
        let exit = self.absorb(outcome, vector)?;
        if exit.is_some() {
            return Ok(exit);
        }
        if block_or_data {
            self.pc = interrupted;
            if !counts_out {
                return Ok(None);
            }
            let outcome = self.execute_vector(vector + 1);
            self.io.pi.hold(level);
            return self.absorb(outcome, vector + 1);
        }
        self.io.pi.hold(level);
        Ok(None)
    }
}
