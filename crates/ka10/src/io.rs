//! Exec-mode I/O: the arithmetic processor (APR, device 000), the priority
//! interrupt system (PI, 004) and the console teletype (TTY, 120), enough for
//! bare-metal programs. No interrupt is ever requested, so PI state is only
//! kept for CONI; the console's output is instant, so its output-done flag
//! is always up and polling loops fall through.
//!
//! I/O instruction format: 7 in bits 0-2, device in 3-9, function in 10-12
//! (BLKI, DATAI, BLKO, DATAO, CONO, CONI, CONSZ, CONSO).

use crate::flags::{AROV, FOV, USERIO};
use crate::memory::{Event, Regs, FULL, LMASK, RMASK};
use std::io::Write;

/// APR device code.
const APR: u16 = 0o000;
/// PI device code.
const PI: u16 = 0o004;
/// Console teletype device code.
const TTY: u16 = 0o120;

/// TTY CONI: output done (the teleprinter is ready for a character).
const TTY_OUTPUT_DONE: u64 = 0o010;

/// Device state.
#[derive(Default)]
pub(crate) struct Devices {
    /// APR: pushdown overflow (CONI bit 200000).
    pub(crate) pushdown_overflow: bool,
    /// APR: interrupt assignment (CONI bits 33-35).
    apr_pia: u64,
    /// APR: overflow interrupt enabled (CONI 000020).
    overflow_enable: bool,
    /// APR: floating overflow interrupt enabled (CONI 000200).
    float_overflow_enable: bool,
    /// APR: clock interrupt enabled (CONI 002000).
    clock_enable: bool,
    /// PI: levels enabled (CONI bits 29-35).
    pi_levels: u64,
    /// PI: system on (CONI 000200).
    pi_on: bool,
    /// PI: parity interrupt enabled (CONI 100000).
    parity_enable: bool,
    /// TTY: interrupt assignment.
    tty_pia: u64,
    /// Where console output goes; standard output when `None`.
    pub(crate) console: Option<Box<dyn Write + Send>>,
    /// Why console output last failed.
    pub(crate) console_error: Option<String>,
}

impl Regs<'_> {
    /// An I/O instruction in exec mode (or in user mode with USERIO).
    #[inline]
    pub(crate) fn io_op(&mut self, w: u64, e: u32) -> Result<(), Event> {
        let device = ((w >> 24) & 0o774) as u16;
        let function = (w >> 23) & 7;
        match function {
            0 | 2 => {
                // BLKI, BLKO: 1,,1 added to the pointer in E, then a DATAI
                // or DATAO at its right half; skip unless the count in the
                // left half has reached 0.
                let pointer = (self.load(e)? + 0o000001_000001) & FULL;
                self.store(e, pointer)?;
                let address = (pointer & RMASK) as u32;
                if function == 0 {
                    let v = self.datai(device)?;
                    self.store(address, v)?;
                } else {
                    let v = self.load(address)?;
                    self.datao(device, v)?;
                }
                if pointer & LMASK != 0 {
                    self.skip();
                }
            }
            1 => {
                let v = self.datai(device)?;
                self.store(e, v)?;
            }
            3 => {
                let v = self.load(e)?;
                self.datao(device, v)?;
            }
            4 => self.cono(device, e as u64)?,
            5 => {
                let v = self.coni(device)?;
                self.store(e, v)?;
            }
            6 => {
                if self.coni(device)? & e as u64 == 0 {
                    self.skip();
                }
            }
            _ => {
                if self.coni(device)? & e as u64 != 0 {
                    self.skip();
                }
            }
        }
        Ok(())
    }

    #[cold]
    fn no_such_device(device: u16) -> Event {
        Event::NoSuchDevice(device)
    }

    fn datai(&mut self, device: u16) -> Result<u64, Event> {
        match device {
            // APR: the console data switches, all off; PI and TTY: nothing.
            APR | PI | TTY => Ok(0),
            _ => Err(Self::no_such_device(device)),
        }
    }

    fn datao(&mut self, device: u16, v: u64) -> Result<(), Event> {
        match device {
            // APR: protection and relocation (none here); PI: the lights.
            APR | PI => Ok(()),
            TTY => self.type_out((v & 0o177) as u8),
            _ => Err(Self::no_such_device(device)),
        }
    }

    fn cono(&mut self, device: u16, v: u64) -> Result<(), Event> {
        let io = &mut self.io;
        match device {
            APR => {
                io.apr_pia = v & 0o7;
                if v & 0o000010 != 0 {
                    self.flags &= !AROV;
                }
                if v & 0o000020 != 0 {
                    io.overflow_enable = true;
                }
                if v & 0o000040 != 0 {
                    io.overflow_enable = false;
                }
                if v & 0o000100 != 0 {
                    self.flags &= !FOV;
                }
                if v & 0o000200 != 0 {
                    io.float_overflow_enable = true;
                }
                if v & 0o000400 != 0 {
                    io.float_overflow_enable = false;
                }
                if v & 0o002000 != 0 {
                    io.clock_enable = true;
                }
                if v & 0o004000 != 0 {
                    io.clock_enable = false;
                }
                if v & 0o200000 != 0 {
                    // I/O reset: the PI system and the devices.
                    io.pi_levels = 0;
                    io.pi_on = false;
                    io.tty_pia = 0;
                }
                if v & 0o400000 != 0 {
                    io.pushdown_overflow = false;
                }
            }
            PI => {
                if v & 0o010000 != 0 {
                    io.pi_levels = 0;
                    io.pi_on = false;
                    io.parity_enable = false;
                }
                if v & 0o000200 != 0 {
                    io.pi_on = true;
                }
                if v & 0o000400 != 0 {
                    io.pi_on = false;
                }
                if v & 0o001000 != 0 {
                    io.pi_levels &= !(v & 0o177);
                }
                if v & 0o002000 != 0 {
                    io.pi_levels |= v & 0o177;
                }
                if v & 0o040000 != 0 {
                    io.parity_enable = true;
                }
                if v & 0o100000 != 0 {
                    io.parity_enable = false;
                }
            }
            TTY => io.tty_pia = v & 0o7,
            _ => return Err(Self::no_such_device(device)),
        }
        Ok(())
    }

    fn coni(&mut self, device: u16) -> Result<u64, Event> {
        let io = &self.io;
        Ok(match device {
            APR => {
                io.apr_pia
                    | ((self.flags & AROV != 0) as u64) << 3
                    | (io.overflow_enable as u64) << 4
                    | ((self.flags & FOV != 0) as u64) << 6
                    | (io.float_overflow_enable as u64) << 7
                    | (io.clock_enable as u64) << 10
                    | ((self.flags & USERIO != 0) as u64) << 15
                    | (io.pushdown_overflow as u64) << 16
            }
            PI => io.pi_levels | (io.pi_on as u64) << 7 | (io.parity_enable as u64) << 15,
            TTY => io.tty_pia | TTY_OUTPUT_DONE,
            _ => return Err(Self::no_such_device(device)),
        })
    }

    /// One character to the console.
    #[cold]
    fn type_out(&mut self, c: u8) -> Result<(), Event> {
        let result = match &mut self.io.console {
            Some(sink) => sink.write_all(&[c]),
            None => std::io::stdout().write_all(&[c]),
        };
        result.map_err(|err| {
            self.io.console_error = Some(err.to_string());
            Event::Console
        })
    }
}
