//! The I/O push-down list: `.IOPUSH`, `.IOPOP`, `.IOPDL` (uuos.114). Eight
//! entries; each keeps a channel as it was (open or not, its status and
//! access pointer) and the number it was pushed from.

use super::{Ending, System};
use crate::channel::Channel;
use crate::codes::IocError;
use pdp10_isa::Word;

/// Entries the I/O pdl holds.
pub const DEPTH: usize = 8;

/// One pushed channel.
pub struct Entry {
    /// The channel number it was pushed from.
    pub from: usize,
    /// What was open on it, if anything.
    pub channel: Option<Channel>,
    /// Its error bits.
    pub errors: u64,
}

impl System {
    /// `.IOPUSH ch,`: the channel goes on the pdl and is left not open
    /// (not closed: the transfer is only suspended). A full pdl is IOC
    /// error 6.
    pub(super) fn iopush(&mut self, pc: u32, word: Word, ch: usize) -> Result<(), Ending> {
        if self.iopdl.len() == DEPTH {
            return Err(self.ioc(pc, word, ch, IocError(0o6)));
        }
        self.iopdl.push(Entry {
            from: ch,
            channel: self.channels[ch].take(),
            errors: std::mem::take(&mut self.errors[ch]),
        });
        self.note(&format!(" channel {ch:o}, depth {}", self.iopdl.len()));
        Ok(())
    }

    /// `.IOPOP ch,`: closes `ch`, then puts the top entry there. An empty
    /// pdl is IOC error 5.
    pub(super) fn iopop(&mut self, pc: u32, word: Word, ch: usize) -> Result<(), Ending> {
        let Some(entry) = self.iopdl.pop() else {
            return Err(self.ioc(pc, word, ch, IocError(0o5)));
        };
        self.pop_into(ch, entry)
    }

    fn pop_into(&mut self, ch: usize, entry: Entry) -> Result<(), Ending> {
        self.close(ch)
            .map_err(|e| Ending::Host(crate::Error::io(None, e)))?;
        self.channels[ch] = entry.channel;
        self.errors[ch] = entry.errors;
        self.note(&format!(" channel {ch:o}"));
        Ok(())
    }

    /// `.IOPDL`: pops every entry into the channel it came from.
    pub(super) fn iopdl_reset(&mut self) -> Result<(), Ending> {
        while let Some(entry) = self.iopdl.pop() {
            let ch = entry.from;
            self.pop_into(ch, entry)?;
        }
        Ok(())
    }
}
