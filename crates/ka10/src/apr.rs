//! The arithmetic processor as a device (APR, device 000): its flags and
//! their interrupt, the line-frequency clock, and the KA10's protection
//! and relocation registers (System Reference Manual, 1968, 3.1 and 2.13;
//! bit assignments as in SIMH's `kx10_cpu.c`, KA10 APR).
//!
//! CONI APR: 33-35 PIA, 32 overflow, 31 overflow enable, 29 floating
//! overflow, 28 its enable, 26 clock flag, 25 clock enable, 23 nonexistent
//! memory, 22 memory protection, 20 USERIO, 19 pushdown overflow. CONO APR:
//! 33-35 PIA, 32 clear overflow, 31/30 overflow enable on/off, 29 clear
//! floating overflow, 28/27 its enable on/off, 26 clear the clock flag,
//! 25/24 clock enable on/off, 23 clear NXM, 22 clear protection, 21 clear
//! address break, 19 I/O reset, 18 clear pushdown overflow.

use crate::flags::{AROV, FOV, USERIO};
use crate::memory::{Event, Regs, HALF};
use std::time::Instant;

/// Nanoseconds between ticks of the line-frequency clock (60 Hz).
pub(crate) const TICK_NS: u64 = 1_000_000_000 / 60;

/// How the APR clock keeps time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ClockMode {
    /// Ticks in emulated KA10 time (the instruction times of
    /// [`crate::timing`]): runs repeat exactly.
    #[default]
    Emulated,
    /// Ticks in the host's real time, as a real machine's would.
    RealTime,
}

/// The line-frequency clock: its flag sets at every tick and stays set
/// until CONO APR,1000 clears it. The flag is worked out when it is looked
/// at, from the time, so that the run loop does nothing per instruction.
#[derive(Debug)]
pub(crate) struct Clock {
    mode: ClockMode,
    /// When the real-time clock started.
    started: Instant,
    /// Emulated nanoseconds, brought up to date by the run loop before
    /// any instruction that can look at the clock.
    pub(crate) emulated_ns: u64,
    /// Emulated nanoseconds spent hung in endless indirection, waiting
    /// for a tick (counted beside the instructions' time).
    pub(crate) hung_ns: u64,
    /// The flag, once a tick has been seen.
    flag: bool,
    /// When the next tick comes.
    next_tick: u64,
}

impl Default for Clock {
    fn default() -> Clock {
        Clock {
            mode: ClockMode::Emulated,
            started: Instant::now(),
            emulated_ns: 0,
            hung_ns: 0,
            flag: false,
            next_tick: TICK_NS,
        }
    }
}

impl Clock {
    /// Now, in nanoseconds of the clock's time.
    pub(crate) fn now(&self) -> u64 {
        match self.mode {
            ClockMode::Emulated => self.emulated_ns,
            ClockMode::RealTime => self.started.elapsed().as_nanos() as u64,
        }
    }

    /// Whether the flag is set.
    pub(crate) fn flag(&mut self) -> bool {
        if !self.flag && self.now() >= self.next_tick {
            self.flag = true;
        }
        self.flag
    }

    /// Clears the flag; it sets again at the next tick.
    fn clear(&mut self) {
        self.flag = false;
        self.next_tick = (self.now() / TICK_NS + 1) * TICK_NS;
    }

    /// When (clock time) the flag next sets; `now` if it is set.
    pub(crate) fn next_tick(&mut self, now: u64) -> u64 {
        if self.flag() {
            now
        } else {
            self.next_tick
        }
    }

    /// Lets time run on to `when`, as a hung machine would (in real time,
    /// by sleeping); nothing if that time has come.
    pub(crate) fn wait_until(&mut self, when: u64) {
        let wait = when.saturating_sub(self.now());
        if self.mode == ClockMode::RealTime {
            std::thread::sleep(std::time::Duration::from_nanos(wait));
            return;
        }
        self.hung_ns += wait;
        self.emulated_ns += wait;
    }

    /// Switches the mode, keeping the phase: the next tick is one period
    /// from now.
    pub(crate) fn set_mode(&mut self, mode: ClockMode) {
        self.mode = mode;
        self.started = Instant::now();
        self.clear();
    }
}

/// The KA10's protection and relocation registers (KT10A, two segments),
/// loaded by DATAO APR. In user mode an address A at or below the low
/// limit is A + low relocation; an address with bit 18 set and at or below
/// the high limit is A + high relocation (no writes if the high segment is
/// write-protected); anything else is a memory-protection violation. The
/// accumulators, addresses 0-17, are never relocated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Relocation {
    /// Low segment: highest address.
    low_limit: u32,
    /// Low segment: added to the address.
    low_base: u32,
    /// High segment: highest address.
    high_limit: u32,
    /// High segment: added to the address.
    high_base: u32,
    /// High segment write-protected.
    high_read_only: bool,
}

impl Relocation {
    /// From the DATAO APR word, in DEC's bit numbers (bit 0 is the sign):
    /// 0-7 low protection, 9-16 high protection, 17 write-protect the high
    /// segment, 18-25 low relocation, 27-34 high relocation, each in units
    /// of 1K words (SIMH's `kx10_cpu.c` decodes the same fields).
    fn from_word(v: u64) -> Relocation {
        let field = |shift: u32| (((v >> shift) & 0o377) as u32) << 10;
        Relocation {
            low_limit: field(28) | 0o1777,
            low_base: field(10),
            high_limit: field(19) | 0o1777,
            high_base: field(1),
            high_read_only: (v >> 18) & 1 != 0,
        }
    }

    /// The physical address of user address `a`, or a protection
    /// violation.
    #[inline]
    pub(crate) fn map(&self, a: u32, write: bool) -> Result<u32, Event> {
        if a < 0o20 {
            return Ok(a);
        }
        if a <= self.low_limit {
            return Ok((a + self.low_base) & HALF);
        }
        if a & 0o400000 != 0 && a <= self.high_limit && !(write && self.high_read_only) {
            return Ok((a + self.high_base) & HALF);
        }
        Err(Event::Mpv(a))
    }
}

/// APR state other than the PC flags it reports and pushdown overflow.
#[derive(Debug, Default)]
pub(crate) struct Apr {
    /// Priority interrupt assignment (CONI bits 33-35).
    pia: u32,
    /// Overflow interrupt enabled.
    overflow_enable: bool,
    /// Floating overflow interrupt enabled.
    float_overflow_enable: bool,
    /// Clock interrupt enabled.
    clock_enable: bool,
    /// A reference to nonexistent memory happened.
    pub(crate) nxm: bool,
    /// A user-mode reference outside the protection limits happened.
    pub(crate) protection: bool,
    /// The line-frequency clock.
    pub(crate) clock: Clock,
    /// Protection and relocation (DATAO APR).
    pub(crate) relocation: Relocation,
}

impl Apr {
    /// DATAO APR: load protection and relocation.
    pub(crate) fn datao(&mut self, v: u64) {
        self.relocation = Relocation::from_word(v);
    }

    /// The PI level bit (200 >> PIA) the APR requests now, 0 for none:
    /// any of its error flags, overflow or floating overflow with their
    /// enable, or the clock flag with the clock enable.
    pub(crate) fn request(&mut self, flags: u32, pushdown_overflow: bool) -> u8 {
        if self.pia == 0 {
            return 0;
        }
        let wants = self.nxm
            || self.protection
            || pushdown_overflow
            || (flags & AROV != 0 && self.overflow_enable)
            || (flags & FOV != 0 && self.float_overflow_enable)
            || (self.clock_enable && self.clock.flag());
        if wants {
            0o200 >> self.pia
        } else {
            0
        }
    }

    /// Whether the clock will interrupt once its flag sets.
    pub(crate) fn clock_can_interrupt(&self) -> bool {
        self.pia != 0 && self.clock_enable
    }
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// CONO APR.
    pub(crate) fn cono_apr(&mut self, v: u64) {
        let apr = &mut self.io.apr;
        apr.pia = (v & 7) as u32;
        if v & 0o10 != 0 {
            self.flags &= !AROV;
        }
        if v & 0o20 != 0 {
            apr.overflow_enable = true;
        }
        if v & 0o40 != 0 {
            apr.overflow_enable = false;
        }
        if v & 0o100 != 0 {
            self.flags &= !FOV;
        }
        if v & 0o200 != 0 {
            apr.float_overflow_enable = true;
        }
        if v & 0o400 != 0 {
            apr.float_overflow_enable = false;
        }
        if v & 0o1000 != 0 {
            apr.clock.clear();
        }
        if v & 0o2000 != 0 {
            apr.clock_enable = true;
        }
        if v & 0o4000 != 0 {
            apr.clock_enable = false;
        }
        if v & 0o10000 != 0 {
            apr.nxm = false;
        }
        if v & 0o20000 != 0 {
            apr.protection = false;
        }
        if v & 0o400000 != 0 {
            self.io.pushdown_overflow = false;
        }
        if v & 0o200000 != 0 {
            self.io_reset();
        }
    }

    /// CONI APR.
    pub(crate) fn coni_apr(&mut self) -> u64 {
        let flags = self.flags;
        let apr = &mut self.io.apr;
        let bit = |set: bool, n: u32| (set as u64) << n;
        apr.pia as u64
            | bit(flags & AROV != 0, 3)
            | bit(apr.overflow_enable, 4)
            | bit(flags & FOV != 0, 6)
            | bit(apr.float_overflow_enable, 7)
            | bit(apr.clock.flag(), 9)
            | bit(apr.clock_enable, 10)
            | bit(apr.nxm, 12)
            | bit(apr.protection, 13)
            | bit(flags & USERIO != 0, 15)
            | bit(self.io.pushdown_overflow, 16)
    }
}
