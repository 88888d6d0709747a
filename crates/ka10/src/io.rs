//! Exec-mode I/O: the I/O instructions and the devices this machine has.
//!
//! [`DEVICES`] lists them: the arithmetic processor (APR, device 000,
//! in `apr`), the priority interrupt system (PI, 004, in `pi`), the DK10
//! real-time clock (070, in `dk10`) and the console teletype (TTY, 120). Any other device code is absent, and an
//! absent device behaves as on the KA10, where nothing answers on the I/O
//! bus: CONO and DATAO do nothing, CONI and DATAI read 0, so CONSZ always
//! skips and CONSO never does (System Reference Manual, 1968, 2.11 and
//! 3.1: "If no device responds, the data read is zero"). DEC's DAKAH relies
//! on that with device 774.
//!
//! I/O instruction format: 7 in bits 0-2, device in 3-9, function in 10-12
//! (BLKI, DATAI, BLKO, DATAO, CONO, CONI, CONSZ, CONSO).

use crate::dk10::DK10;
use crate::memory::{Event, Regs, FULL, RMASK};
use std::io::Write;

/// APR device code.
pub(crate) const APR: u16 = 0o000;
/// PI device code.
pub(crate) const PI: u16 = 0o004;
/// Console teletype device code.
pub(crate) const TTY: u16 = 0o120;

/// The devices this machine emulates, by device code; every other code is
/// an absent device (reads 0, ignores writes).
pub const DEVICES: &[(u16, &str)] = &[
    (
        APR,
        "APR: arithmetic processor (flags, clock, relocation and protection)",
    ),
    (PI, "PI: priority interrupt system"),
    (
        DK10,
        "DK10: real-time clock (100 kHz counter, interval interrupt)",
    ),
    (TTY, "TTY: console teletype (output only)"),
];

/// TTY CONI: output done (the teleprinter is ready for a character).
const TTY_OUTPUT_DONE: u64 = 0o010;

/// 1,,1: what BLKI and BLKO add to their pointer.
const ONE_ONE: u64 = 0o000001_000001;

/// Device state.
#[derive(Default)]
pub(crate) struct Devices {
    /// APR: pushdown overflow (CONI bit 200000).
    pub(crate) pushdown_overflow: bool,
    /// The APR's other state: flags, enables, clock, relocation.
    pub(crate) apr: crate::apr::Apr,
    /// The priority interrupt system.
    pub(crate) pi: crate::pi::Pi,
    /// The DK10 real-time clock.
    pub(crate) dk10: crate::dk10::Dk10,
    /// TTY: interrupt assignment.
    tty_pia: u64,
    /// Where console output goes; standard output when `None`.
    pub(crate) console: Option<Box<dyn Write + Send>>,
    /// Why console output last failed.
    pub(crate) console_error: Option<String>,
    /// The pages a job may not write (ITS pure pages; the bare machine's
    /// are all free).
    pub(crate) write_protect: crate::memory::WriteProtect,
    /// The ITS pager's JPC: the address after the last jump instruction
    /// (what the PC held while it ran; [`crate::Cpu::jpc`] subtracts the
    /// 1, which the jumps then need not do).
    pub(crate) jpc_next: u32,
    /// Whether jumps are recorded in the JPC (an ITS job's pager).
    pub(crate) records_jumps: bool,
}

/// Whether BLKI/BLKO pointer `pointer` counts out when 1,,1 is added: the
/// KA10 adds it as one 36-bit number and skips only when no carry comes
/// out of bit 0 (System Reference Manual 2.11: "if the count in the left
/// half has not reached zero, skip").
#[inline]
pub(crate) fn block_counts_out(pointer: u64) -> bool {
    (pointer + ONE_ONE) > FULL
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// An I/O instruction in exec mode (or in user mode with USERIO).
    #[inline]
    pub(crate) fn io_op(&mut self, w: u64, e: u32) -> Result<(), Event> {
        let device = ((w >> 24) & 0o774) as u16;
        let function = (w >> 23) & 7;
        match function {
            0 | 2 => {
                // BLKI, BLKO: 1,,1 added to the pointer in E, then a DATAI
                // or DATAO at its right half; skip unless the add carried
                // out of the left half.
                let old = self.load(e)?;
                let pointer = (old + ONE_ONE) & FULL;
                self.store(e, pointer)?;
                let address = (pointer & RMASK) as u32;
                if function == 0 {
                    let v = self.datai(device);
                    self.store(address, v)?;
                } else {
                    let v = self.load(address)?;
                    self.datao(device, v)?;
                }
                if !block_counts_out(old) {
                    self.skip();
                }
            }
            1 => {
                let v = self.datai(device);
                self.store(e, v)?;
            }
            3 => {
                let v = self.load(e)?;
                self.datao(device, v)?;
            }
            4 => self.cono(device, e as u64),
            5 => {
                let v = self.coni(device);
                self.store(e, v)?;
            }
            6 => {
                if self.coni(device) & e as u64 == 0 {
                    self.skip();
                }
            }
            _ => {
                if self.coni(device) & e as u64 != 0 {
                    self.skip();
                }
            }
        }
        Ok(())
    }

    /// DATAI: the DK10's counter; 0 from every other device. The APR's
    /// is the console data switches, all off here; PI and TTY have no
    /// DATAI; absent devices read 0.
    fn datai(&mut self, device: u16) -> u64 {
        match device {
            DK10 => {
                let now = self.io.apr.clock.now();
                self.io.dk10.datai(now)
            }
            _ => 0,
        }
    }

    fn datao(&mut self, device: u16, v: u64) -> Result<(), Event> {
        match device {
            APR => self.io.apr.datao(v),
            DK10 => {
                let now = self.io.apr.clock.now();
                self.io.dk10.datao(v, now);
            }
            // PI: the console lights.
            TTY => return self.type_out((v & 0o177) as u8),
            _ => {}
        }
        Ok(())
    }

    fn cono(&mut self, device: u16, v: u64) {
        match device {
            APR => self.cono_apr(v),
            PI => self.io.pi.cono(v),
            DK10 => {
                let now = self.io.apr.clock.now();
                self.io.dk10.cono(v, now);
            }
            TTY => self.io.tty_pia = v & 0o7,
            _ => {}
        }
    }

    fn coni(&mut self, device: u16) -> u64 {
        match device {
            APR => self.coni_apr(),
            PI => self.io.pi.coni(),
            DK10 => {
                let now = self.io.apr.clock.now();
                self.io.dk10.coni(now)
            }
            TTY => self.io.tty_pia | TTY_OUTPUT_DONE,
            _ => 0,
        }
    }

    /// I/O reset (CONO APR,200000): the PI system and the devices (the
    /// DK10 as by CONO DK10,1000).
    pub(crate) fn io_reset(&mut self) {
        self.io.pi = crate::pi::Pi::default();
        let now = self.io.apr.clock.now();
        self.io.dk10.cono(0o1000, now);
        self.io.tty_pia = 0;
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
