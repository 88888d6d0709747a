//! The priority interrupt system (PI, device 004): seven levels, 1 the
//! highest (System Reference Manual, 1968, 3.2; bits as SIMH's
//! `kx10_cpu.c` has them for the KA10).
//!
//! A level interrupts when the system is on, something requests it (a
//! program request set by CONO PI,4000, whatever the level's enable; or a
//! device, on an enabled level), and no level at or above it is held. The
//! interrupt executes the instruction at 40+2n; unless that is a BLKI,
//! BLKO, DATAI or DATAO the level is then held, and lower levels wait,
//! until JRST 10, (JEN) dismisses it. See `exec::interrupt`.
//!
//! CONO PI: 29-35 select levels for 26 (disable them), 25 (enable them)
//! and 24 (request them); 28/27 system on/off; 23 clear the system; 21/20
//! parity interrupt enable on/off. CONI PI: 29-35 levels enabled, 28 system
//! on, 21-27 levels held, 20 parity interrupt enable.

/// PI state.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Pi {
    /// The system is on (CONO PI,200).
    pub(crate) on: bool,
    /// Levels enabled for device requests, bit 100 = level 1.
    enabled: u8,
    /// Program requests pending.
    requested: u8,
    /// Levels held (in progress).
    held: u8,
    /// Parity error interrupt enabled.
    parity_enable: bool,
}

impl Pi {
    /// CONO PI.
    pub(crate) fn cono(&mut self, v: u64) {
        let levels = (v & 0o177) as u8;
        if v & 0o10000 != 0 {
            // Clear the PI system.
            *self = Pi::default();
        }
        if v & 0o200 != 0 {
            self.on = true;
        }
        if v & 0o400 != 0 {
            self.on = false;
        }
        if v & 0o1000 != 0 {
            self.enabled &= !levels;
        }
        if v & 0o2000 != 0 {
            self.enabled |= levels;
        }
        if v & 0o4000 != 0 {
            // A held level's request flop is kept clear (DAKAH: "PIH(1)
            // CLR PIR"): a request there is lost.
            self.requested |= levels & !self.held;
        }
        if v & 0o40000 != 0 {
            self.parity_enable = true;
        }
        if v & 0o100000 != 0 {
            self.parity_enable = false;
        }
    }

    /// CONI PI.
    pub(crate) fn coni(&self) -> u64 {
        self.enabled as u64
            | (self.on as u64) << 7
            | (self.held as u64) << 8
            | (self.parity_enable as u64) << 15
    }

    /// The level (1-7) that interrupts now, given the device request lines
    /// (bit 100 = level 1), if any.
    pub(crate) fn next_level(&self, lines: u8) -> Option<u32> {
        if !self.on {
            return None;
        }
        let wanted = (lines & self.enabled) | self.requested;
        for level in 1..=7u32 {
            let bit = 0o200u8 >> level;
            if self.held & bit != 0 {
                return None;
            }
            if wanted & bit != 0 {
                return Some(level);
            }
        }
        None
    }

    /// Level `level`'s interrupt has started: its program request is done.
    pub(crate) fn begin(&mut self, level: u32) {
        self.requested &= !(0o200u8 >> level);
    }

    /// Holds level `level`: it and the levels below wait for its dismissal.
    pub(crate) fn hold(&mut self, level: u32) {
        self.held |= 0o200u8 >> level;
    }

    /// JRST 10, (JEN): dismisses the highest held level. Nothing when the
    /// system is off.
    pub(crate) fn dismiss(&mut self) {
        if !self.on || self.held == 0 {
            return;
        }
        // Level 1 is bit 100, the highest bit a level has.
        let highest = 1u8 << (7 - self.held.leading_zeros());
        self.held &= !highest;
        self.requested &= !highest;
    }
}
