//! Interrupts on typed characters (`doc/sysdoc/itstty.41`, D/4): a
//! character whose group has %TGINT in TTYST1/TTYST2 interrupts, when the
//! job has enabled %PITYI (first word, the console; obsolete) or the
//! second-word bit of a TTY input channel (.MSK2; one channel only, the
//! lowest enabled). Both are class 3. `.ITYIC` then reads the characters
//! that interrupted, in order, each once.
//!
//! A character arrives when it is typed on a host terminal (the shim looks
//! between two runs of the processor, about every hundredth of a second:
//! [`System::typein_poll`]), and otherwise (a pipe, a file, or typed ahead)
//! when the job reads the terminal: a TTY input `.IOT` first makes the next
//! character arrive, echoed, its interrupt
//! made pending; if it is to interrupt, the `.IOT` "waits until the
//! character has been processed at interrupt level" unless the channel
//! has %TIINT or .PICLR is 0: the interrupt is given on the way out of
//! the `.IOT`, with the PC at the `.IOT`, which the job executes again
//! when the handler dismisses, and then reads the character.

use super::System;
use crate::channel::{Device, Fault, MODE_OUTPUT};
use crate::tty::{group_bits, TG_INT};
use pdp10_isa::its::bit_symbol;

pub const PI_TYI: u64 = bit_symbol("%PITYI");
/// Per-channel TTY input bit: may read a character that is to interrupt
/// before it has.
const TI_INT: u32 = bit_symbol("%TIINT") as u32;

impl System {
    /// The bits a character typed now would set: %PITYI in the first
    /// word, and the lowest TTY input channel enabled in .MSK2.
    fn typein_bits(&self) -> (u64, u64) {
        let first = self.vars.mask & PI_TYI;
        let second = self
            .channels
            .iter()
            .enumerate()
            .filter(|(_, c)| {
                c.as_ref()
                    .is_some_and(|c| matches!(c.device, Device::Tty) && c.mode & MODE_OUTPUT == 0)
            })
            .map(|(k, _)| 1u64 << k)
            .find(|bit| self.vars.msk2 & bit != 0)
            .unwrap_or(0);
        (first, second)
    }

    /// Before a `.IOT` on TTY channel `ch`, if it is an input channel: lets the next character
    /// arrive when a typed-character interrupt is enabled. True when the
    /// `.IOT` must wait for the interrupt (the caller executes it again).
    pub(super) fn typein_before_read(&mut self, ch: usize) -> Result<bool, Fault> {
        let input = self.channels[ch]
            .as_ref()
            .is_some_and(|c| c.mode & MODE_OUTPUT == 0);
        let (first, second) = self.typein_bits();
        if !input || (first == 0 && second == 0) {
            return Ok(false);
        }
        let Some(c) = self.terminal.arrive()? else {
            return Ok(false);
        };
        if !self.typein_arrived(c, first, second) {
            return Ok(false);
        }
        let may_read = self.channels[ch]
            .as_ref()
            .is_some_and(|c| c.mode & TI_INT != 0);
        Ok(self.vars.piclr && !may_read)
    }

    /// Between two runs of the processor: a character typed on a host
    /// terminal while the job computes arrives now, as ITS takes it at
    /// interrupt level when it is typed (itstty.41, D/4), if a
    /// typed-character interrupt is enabled (otherwise it waits in the
    /// host's buffer, as in ITS's, for the job to read it). Its interrupt
    /// is given at once when not deferred: the handler's address, the job
    /// having been about to run `pc`.
    pub(crate) fn typein_poll(
        &mut self,
        m: &mut impl crate::machine::Machine,
        pc: u32,
    ) -> Result<Option<u32>, super::Ending> {
        let (first, second) = self.typein_bits();
        if first == 0 && second == 0 || !self.terminal.typed() {
            return Ok(None);
        }
        let Some(c) = self.terminal.arrive_typed() else {
            if self.terminal.call_typed() {
                let word = m.read(pc).unwrap_or_default();
                return Err(self.call_typed(pc, word));
            }
            return Ok(None);
        };
        if !self.typein_arrived(c, first, second) {
            return Ok(None);
        }
        self.give(m, pc)
    }

    /// Whether a character typed on the terminal waits to arrive with an
    /// interrupt enabled for it: a `.SLEEP` then ends early (its AC left
    /// for the rest), so that the interrupt is given at once, as ITS
    /// interrupts a sleeping job.
    pub(crate) fn typein_ready(&mut self) -> bool {
        let (first, second) = self.typein_bits();
        (first != 0 || second != 0) && self.terminal.typed()
    }

    /// Character `c` has arrived: when its group interrupts, it is queued
    /// for `.ITYIC` and its interrupt (`first`, `second`: the bits) made
    /// pending; true then.
    fn typein_arrived(&mut self, c: u8, first: u64, second: u64) -> bool {
        let groups = (self.console.st1, self.console.st2);
        if group_bits(groups, c) & TG_INT == 0 {
            return false;
        }
        self.ityic.push_back(c);
        if self.vars.pirqc & first != 0 || self.vars.ifpir & second != 0 {
            // Still pending from an earlier character: "a separate
            // interrupt will occur for each character" (D/4).
            self.typein_owed += 1;
        }
        self.vars.pirqc |= first;
        self.vars.ifpir |= second;
        self.note(&format!(" typed {c:o} interrupts"));
        true
    }

    /// After an interrupt was given: the next typed character's interrupt
    /// that had to wait for the bit to clear is made pending.
    pub(super) fn typein_again(&mut self) {
        if self.typein_owed == 0 {
            return;
        }
        let (first, second) = self.typein_bits();
        if self.vars.pirqc & first == 0 && self.vars.ifpir & second == 0 {
            self.vars.pirqc |= first;
            self.vars.ifpir |= second;
            self.typein_owed -= 1;
        }
    }

    /// `.ITYIC AC,`: the next character that interrupted, for the TTY
    /// input channel in AC; `None` (no skip) when there is none or the
    /// channel has no TTY open.
    pub(super) fn ityic(&mut self, ch: u64) -> Option<u8> {
        let tty = usize::try_from(ch)
            .ok()
            .and_then(|k| self.channels.get(k))
            .and_then(|c| c.as_ref())
            .is_some_and(|c| matches!(c.device, Device::Tty));
        if !tty {
            return None;
        }
        self.ityic.pop_front()
    }
}
