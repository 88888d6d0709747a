//! User interrupts (`doc/sysdoc/intrup.108`): the request words .PIRQC and
//! .IFPIR, their masks and defer words, and giving them to the job the old
//! way (42 holds TSINT: the bits go to TSINT, the PC to TSINT+1, the job
//! goes on at TSINT+2 with .PICLR 0) or the new way (%OPINT: 42 holds an
//! AOBJN pointer to a table of groups; the bits, old defer words and PC
//! are pushed on the interrupt stack and the group's defer bits set).
//! `.DISMIS` and DISMIS return.
//!
//! The conditions given here: MPV, write into a read-only page, illegal
//! operation, I/O channel error (class 2: fatal unless enabled and not
//! deferred) and pushdown overflow
//! (class 3: ignored unless enabled).

use super::{CallFailure, Ending, System};
use crate::call_block::CallBlock;
use crate::machine::{load, store, Machine, Mpv};
use pdp10_isa::its::bit_symbol;
use pdp10_isa::Word;

pub const PI_MPV: u64 = bit_symbol("%PIMPV");
pub const PI_WRO: u64 = bit_symbol("%PIWRO");
pub const PI_ILO: u64 = bit_symbol("%PIILO");
pub const PI_IOC: u64 = bit_symbol("%PIIOC");
pub const PI_PDL: u64 = bit_symbol("%PIPDL");
/// .OPTION bits (left half): new-style interrupts; back the PC up to the
/// aborted instruction.
const OP_INT: u64 = bit_symbol("%OPINT") << 18;
const OP_OPC: u64 = bit_symbol("%OPOPC") << 18;

/// What became of a signalled interrupt.
pub enum Given {
    /// The job now runs its handler at this address.
    Handler(u32),
    /// Nothing to do now (a class 3 interrupt not enabled, or deferred).
    Later,
    /// Class 2 and not handled: the job stops.
    Fatal,
}

impl System {
    /// Signals first-word interrupt `bit` (class 2 when `fatal_unless_handled`)
    /// for the instruction at `pc` (`next` is the PC after it). Gives it to
    /// the job at once when enabled and not deferred.
    pub(crate) fn signal(
        &mut self,
        m: &mut impl Machine,
        bit: u64,
        pc: u32,
        next: u32,
        fatal_unless_handled: bool,
    ) -> Result<Given, Ending> {
        let enabled = self.vars.mask & bit != 0;
        let deferred = !self.vars.piclr || self.vars.df1 & bit != 0;
        if fatal_unless_handled && (!enabled || deferred) {
            return Ok(Given::Fatal);
        }
        if !enabled {
            return Ok(Given::Later);
        }
        self.vars.pirqc |= bit;
        // The old convention leaves the PC after the aborted instruction.
        let saved = if fatal_unless_handled && self.vars.option & OP_OPC != 0 {
            pc
        } else {
            next
        };
        match self.give(m, saved)? {
            Some(handler) => Ok(Given::Handler(handler)),
            None if fatal_unless_handled => Ok(Given::Fatal),
            None => Ok(Given::Later),
        }
    }

    /// Gives the pending, enabled, undeferred interrupts, the job having
    /// been about to run `pc`; the handler's address, if any were given.
    pub(super) fn give(&mut self, m: &mut impl Machine, pc: u32) -> Result<Option<u32>, Ending> {
        if !self.vars.piclr && self.vars.option & OP_INT == 0 {
            return Ok(None);
        }
        let w1 = self.vars.pirqc & self.vars.mask & !self.vars.df1;
        let w2 = self.vars.ifpir & self.vars.msk2 & !self.vars.df2;
        if w1 == 0 && w2 == 0 {
            return Ok(None);
        }
        let pc_word = Word::from_halves(m.flags() as u64, pc as u64);
        let pointer_at = (self.vars.forty_addr as u32 + 2) & 0o777777;
        let pointer = load(m, pointer_at).map_err(|x| self.bad_pi(x))?;
        let user = ka10::flags::USER | (m.flags() & ka10::flags::USERIO);
        if self.vars.option & OP_INT == 0 {
            // Old style: first-word interrupts if any, else second-word.
            let (bits, word) = if w1 != 0 {
                self.vars.pirqc &= !w1;
                (w1, w1)
            } else {
                self.vars.ifpir &= !w2;
                (w2, w2 | 1 << 35)
            };
            let tsint = pointer.right() as u32;
            if tsint == 0 {
                return Err(self.bad_pi(Mpv(0)));
            }
            store(m, tsint, Word::new(word)).map_err(|x| self.bad_pi(x))?;
            store(m, tsint + 1, pc_word).map_err(|x| self.bad_pi(x))?;
            self.vars.piclr = false;
            m.set_flags(user);
            self.typein_again();
            self.note(&format!(" interrupt {bits:o} to {tsint:o}"));
            return Ok(Some((tsint + 2) & 0o777777));
        }
        // New style: the first group that takes any of them.
        let table = pointer.right() as u32;
        let groups = ((0o1000000 - pointer.left()) & 0o777777).saturating_sub(1) / 5;
        let stack_at = load(m, table).map_err(|x| self.bad_pi(x))?;
        for g in 0..groups as u32 {
            let at = table + 1 + 5 * g;
            let word = |k: u32| load(m, at + k).map(|w| w.raw());
            let (g1, g2) = (word(0), word(1));
            let (g1, g2) = (
                g1.map_err(|x| self.bad_pi(x))?,
                g2.map_err(|x| self.bad_pi(x))?,
            );
            let (b1, b2) = (w1 & g1, w2 & g2);
            if b1 == 0 && b2 == 0 {
                continue;
            }
            let d1 = word(2).map_err(|x| self.bad_pi(x))?;
            let d2 = word(3).map_err(|x| self.bad_pi(x))?;
            let handler = word(4).map_err(|x| self.bad_pi(x))? as u32 & 0o777777;
            let p_at = stack_at.right() as u32;
            let mut p = load(m, p_at).map_err(|x| self.bad_pi(x))?;
            let mut push = |m: &mut _, w: u64| {
                p = Word::new(p.raw().wrapping_add(0o000001_000001) & pdp10_isa::WORD_MASK);
                store(m, p.right() as u32, Word::new(w))
            };
            for w in [b1, b2, self.vars.df1, self.vars.df2, pc_word.raw()] {
                push(m, w).map_err(|x| self.bad_pi(x))?;
            }
            // intrup.108: the stack word's LH asks for more, pushed after
            // the PC: ACs first, then .JPC, .SUUOH and LSPCL.
            let extra = Extra::from_bits(stack_at.left());
            for ac in extra.acs() {
                let w = load(m, ac).map_err(|x| self.bad_pi(x))?;
                push(m, w.raw()).map_err(|x| self.bad_pi(x))?;
            }
            if extra.debugging {
                // LSPCL is ITS's own record of where the job was last
                // stopped; a job run by the shim is never stopped, so 0.
                for w in [m.jpc() as u64, self.vars.suuoh, 0] {
                    push(m, w).map_err(|x| self.bad_pi(x))?;
                }
            }
            store(m, p_at, p).map_err(|x| self.bad_pi(x))?;
            self.vars.pirqc &= !b1;
            self.vars.ifpir &= !b2;
            self.vars.df1 |= d1;
            self.vars.df2 |= d2;
            m.set_flags(user);
            self.typein_again();
            self.note(&format!(" interrupt {b1:o},,{b2:o} to {handler:o}"));
            return Ok(Some(handler));
        }
        Ok(None)
    }

    /// The interrupt pointer or handler is unusable: BADPI, always fatal.
    fn bad_pi(&self, Mpv(address): Mpv) -> Ending {
        Ending::Outcome(crate::Outcome::ProgramError {
            pc: address,
            message: format!(
                "BADPI; the interrupt handler at 42 (or the table or stack it names) is unusable (reference to {address:o})"
            ),
        })
    }

    /// `.DISMIS E`: interrupts allowed again, the PC (and flags) from the
    /// word at E.
    pub(super) fn dot_dismis(&mut self, m: &mut impl Machine, e: u32) -> Result<u32, Mpv> {
        let w = load(m, e)?;
        self.vars.piclr = true;
        m.set_flags((w.left() as u32) | ka10::flags::USER);
        Ok(w.right() as u32)
    }

    /// DISMIS: pops the PC, .DF2 and .DF1 (and the two interrupt words)
    /// off the stack arg 1 names, arguments 2-4 overriding them.
    pub(super) fn dismis(
        &mut self,
        m: &mut impl Machine,
        block: &CallBlock,
    ) -> Result<u32, CallFailure> {
        block.require(1).map_err(|c| CallFailure::error(c, 0))?;
        let fault = |x| CallFailure::Fault {
            channel: 0,
            fault: crate::channel::Fault::Mpv(x),
        };
        let first = block.inputs[0];
        let (mut pc, mut df1, mut df2) = match first.address {
            None => {
                // Immediate: it points at the third of DF1, DF2, PC.
                let at = first.value.right() as u32;
                let get = |k: u32| load(m, (at - k) & 0o777777).map(|w| w.raw());
                (
                    get(0).map_err(fault)?,
                    get(2).map_err(fault)?,
                    get(1).map_err(fault)?,
                )
            }
            Some(p_at) => {
                let mut p = first.value;
                let mut pop = |m: &mut _| {
                    let w = load(m, p.right() as u32).map(|w| w.raw());
                    p = Word::new(p.raw().wrapping_sub(0o000001_000001) & pdp10_isa::WORD_MASK);
                    w
                };
                // intrup.108: the control bits say what else the
                // interrupt pushed, in the layout of the stack word's LH:
                // the three debugging words are thrown away, the ACs
                // restored (the last pushed first).
                let extra = Extra::from_bits(block.control as u64 & 0o777777);
                if extra.debugging {
                    for _ in 0..3 {
                        pop(m).map_err(fault)?;
                    }
                }
                for ac in extra.acs().rev() {
                    let w = pop(m).map_err(fault)?;
                    store(m, ac, Word::new(w)).map_err(fault)?;
                }
                let pc = pop(m).map_err(fault)?;
                let df2 = pop(m).map_err(fault)?;
                let df1 = pop(m).map_err(fault)?;
                pop(m).map_err(fault)?;
                pop(m).map_err(fault)?;
                store(m, p_at, p).map_err(fault)?;
                (pc, df1, df2)
            }
        };
        if let Some(w) = block.input(1) {
            pc = w.raw();
        }
        if let Some(w) = block.input(2) {
            df1 = w.raw();
        }
        if let Some(w) = block.input(3) {
            df2 = w.raw();
        }
        self.vars.df1 = df1;
        self.vars.df2 = df2;
        self.vars.piclr = true;
        m.set_flags(((pc >> 18) as u32) | ka10::flags::USER);
        Ok((pc & 0o777777) as u32)
    }
}

/// What an interrupt pushes beyond the minimum, and DISMIS pops: the LH of
/// the interrupt table's first word, or DISMIS's control bits (intrup.108).
struct Extra {
    /// Bits 3.7-4.1 (control bits 1.7-2.1): the first AC.
    first_ac: u32,
    /// Bits 3.5-3.1 (1.5-1.1): how many ACs.
    count: u32,
    /// Bit 4.9 (2.9): .JPC, .SUUOH and LSPCL.
    debugging: bool,
}

impl Extra {
    fn from_bits(half: u64) -> Extra {
        Extra {
            first_ac: ((half >> 6) & 0o17) as u32,
            count: (half & 0o37) as u32,
            debugging: half & 0o400000 != 0,
        }
    }

    /// The ACs, in the order they are pushed (wrapping past 17, as AC
    /// addresses do).
    fn acs(&self) -> impl DoubleEndedIterator<Item = u32> {
        let first = self.first_ac;
        (0..self.count).map(move |k| (first + k) & 0o17)
    }
}
