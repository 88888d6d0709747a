//! The job's I/O channels as the old-style UUOs see them: `.OPEN`,
//! `.IOT`, `.ACCESS`, `.STATUS` words and the failing call's code
//! (`doc/sysdoc/uuos.114`).

use super::LastError;
use super::{Ending, Flow, Step, System};
use crate::channel::{self, Channel, Device};
use crate::codes::{CallError, IocError};
use crate::machine::{load, Machine};
use crate::names::FileName;
use crate::sixbit::Sixbit;
use pdp10_isa::Word;
use std::fmt::Write as _;

impl System {
    pub(super) fn close(&mut self, ch: usize) -> std::io::Result<()> {
        if let Some(mut channel) = self.channels[ch].take() {
            if let Device::Dsk(f) = &mut channel.device {
                f.finish()?;
            }
        }
        self.errors[ch] = 0;
        Ok(())
    }

    pub(super) fn status_word(&self, ch: usize) -> Word {
        let base = self.channels[ch].as_ref().map_or(0, |c| c.status().raw());
        Word::new(base | self.errors[ch])
    }

    // ----- the trap -----

    /// Records a failing call's code in the channel's status word.
    pub(super) fn fail(&mut self, ch: usize, code: CallError, file: Option<FileName>) {
        self.errors[ch] = (self.errors[ch] & !(0o77 << 18)) | ((code.0 as u64) << 18);
        self.vars.bchn = ch as u64;
        self.last_error = LastError { code: code.0, file };
        if self.log.is_some() {
            let _ = write!(self.note, " error {:o} ({})", code.0, code.message());
        }
    }

    pub(super) fn dot_iot(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        ch: usize,
        e: u32,
    ) -> Step {
        let Some(channel) = self.channels[ch].as_ref() else {
            return Err(self.ioc(pc, word, ch, IocError::CHANNEL_NOT_OPEN));
        };
        if matches!(channel.device, channel::Device::Tty) {
            match self.typein_before_read(ch) {
                // Given on the way out; the .IOT runs again after it.
                Ok(true) => return Ok(Flow::Jump(pc)),
                Ok(false) => {}
                Err(f) => return Err(self.fault(pc, word, ch, f)),
            }
        }
        let Some(channel) = self.channels[ch].as_mut() else {
            return Err(self.ioc(pc, word, ch, IocError::CHANNEL_NOT_OPEN));
        };
        let result = channel::iot(m, channel, &mut self.terminal, e);
        match result {
            Ok(()) => {
                if self.log.is_some() {
                    if let Some(w) = m.read(e) {
                        let _ = write!(self.note, " {e:o}/ {w:?}");
                    }
                }
                Ok(Flow::Next)
            }
            Err(f) => Err(self.fault(pc, word, ch, f)),
        }
    }

    pub(super) fn set_access(
        &mut self,
        pc: u32,
        word: Word,
        ch: usize,
        pointer: u64,
        uuo: bool,
    ) -> Result<(), Ending> {
        match self.channels[ch].as_mut() {
            None if uuo => Err(self.ioc(pc, word, ch, IocError::CHANNEL_NOT_OPEN)),
            None => Ok(()),
            Some(c) => {
                if let Device::Dsk(f) = &mut c.device {
                    f.pointer = pointer;
                }
                if self.log.is_some() {
                    let _ = write!(self.note, " channel {ch:o} pointer {pointer}");
                }
                Ok(())
            }
        }
    }

    pub(super) fn open_channel(
        &mut self,
        ch: usize,
        name: FileName,
        mode: u32,
    ) -> Result<(), Ending> {
        if self.log.is_some() {
            if name.device.text() == "DSK" {
                let _ = write!(self.note, " {name}");
            } else {
                let _ = write!(self.note, " {}:", name.device);
            }
            let _ = write!(self.note, " mode {mode:o} on channel {ch:o}");
        }
        // Opening a channel closes what was open on it.
        self.close(ch)
            .map_err(|e| Ending::Host(crate::Error::io(None, e)))?;
        let opened = if name.device.text() == "ERR" {
            self.open_err(name, mode)
        } else {
            channel::open(&self.dsk, name, mode)
        };
        match opened {
            Ok(c) => {
                self.channels[ch] = Some(c);
                self.errors[ch] = 0;
            }
            Err(code) => self.fail(ch, code, Some(name)),
        }
        Ok(())
    }

    /// The ERR device (`_calls.127`, OPEN): FN1 1 explains the status of
    /// channel .BCHN, 2 of the channel FN2, 3 the status word FN2 itself, 4
    /// the error code FN2 of a failed .CALL. The text is ITS's message for
    /// each error field, each ending in CR LF, then a form feed.
    pub(super) fn open_err(&self, name: FileName, mode: u32) -> Result<Channel, CallError> {
        if mode & (channel::MODE_OUTPUT | channel::MODE_IMAGE) != 0 {
            return Err(CallError::MODE_NOT_AVAILABLE);
        }
        let fn2 = name.fn2.0;
        let status = match name.fn1.0.raw() {
            1 => self.status_word(self.vars.bchn as usize & 0o17),
            2 => self.status_word(fn2.raw() as usize & 0o17),
            3 => fn2,
            4 => Word::from_halves(fn2.right(), fn2.left()),
            _ => return Err(CallError::MODE_NOT_AVAILABLE),
        };
        let s = status.raw();
        let mut text = String::new();
        // ITS's ERR1: the open loss field 220600, the IOC field 330400.
        let (open_loss, ioc) = ((s >> 18) & 0o77, (s >> 27) & 0o17);
        if open_loss != 0 {
            text.push_str(CallError(open_loss as u8).message());
            text.push_str("\r\n");
        }
        if ioc != 0 {
            text.push_str(IocError(ioc as u8).err_device_text());
            text.push_str("\r\n");
        }
        if s == 0 {
            text.push_str("ISE0\r\n");
        }
        text.push('\x0c');
        Ok(Channel {
            device: Device::Dsk(crate::dsk::DskFile::from_chars(text.as_bytes())),
            mode,
            name,
            escape: crate::tty::Escape::None,
            peeked: None,
        })
    }

    pub(super) fn dot_open(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        ch: usize,
        e: u32,
    ) -> Step {
        let mut block = [Word::ZERO; 3];
        for (k, slot) in block.iter_mut().enumerate() {
            *slot = load(m, (e + k as u32) & 0o777777).map_err(|f| self.mpv(pc, word, f))?;
        }
        let device = Sixbit::from_right_justified(block[0].right());
        let mut name = channel::resolve_device(device, self.vars.sname);
        name.fn1 = Sixbit(block[1]);
        name.fn2 = Sixbit(block[2]);
        let mode = block[0].left() as u32;
        if let Some(what) = channel::out_of_scope(&name, mode) {
            return Err(self.unimplemented(pc, word, &format!(".OPEN of {what}")));
        }
        self.open_channel(ch, name, mode)?;
        Ok(if self.channels[ch].is_some() {
            Flow::Skip
        } else {
            Flow::Next
        })
    }
}
