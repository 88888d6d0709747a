//! The job's timers: the real-time facility (`.REALT`, uuos.114 and
//! AREALT in `src/system/its.1652`), which turns on %PIRLT at the start of
//! every frame, and the run-time timer `.RTMR` (usets.120, SEARRT), which
//! turns on %PIRUN once the job has run that long, and the slow clock,
//! %PICLK every half second.
//!
//! Real time is the host's with the host clock and the emulated KA10's
//! (`ka10::timing`) with a fixed clock, so that fixed-clock runs repeat
//! exactly; run time is always the emulated machine's. The run loop
//! ([`crate::Job::run_watched`]) runs in short slices while a timer is
//! set and calls [`System::tick`] between them, so that an interrupt comes
//! at most a slice late.

use super::{Ending, System};
use crate::machine::{load, store, Machine, Mpv};
use crate::Clock;
use pdp10_isa::its::bit_symbol;
use pdp10_isa::Word;

pub const PI_RLT: u64 = bit_symbol("%PIRLT");
pub const PI_RUN: u64 = bit_symbol("%PIRUN");
/// The slow clock (usets.120: every half second), given to jobs that
/// enable it.
pub const PI_CLK: u64 = bit_symbol("%PICLK");
/// The slow clock's period.
const SLOW_CLOCK_NS: u64 = 500_000_000;

/// .REALT's AC bits (left half): %RLFLS release, %RLSET new frame time,
/// %RLUSR seize (and set the priority time), %RLNPS no pseudo real time,
/// %RLPSD pseudo only, %RLGET read into words 2 and 3 first.
const RL_FLS: u64 = bit_symbol("%RLFLS") << 18;
const RL_SET: u64 = bit_symbol("%RLSET") << 18;
const RL_USR: u64 = bit_symbol("%RLUSR") << 18;
const RL_PSD: u64 = bit_symbol("%RLPSD") << 18;
const RL_GET: u64 = bit_symbol("%RLGET") << 18;

/// Nanoseconds in a sixtieth of a second, .REALT's unit.
const TICK_NS: u64 = 1_000_000_000 / 60;
/// Nanoseconds in a unit of .RTMR on the KA10: 4.069 microseconds.
const RTMR_UNIT_NS: u64 = 4_069;

/// The real-time facility's state.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Realt {
    /// Frame time in sixtieths (0: no clock).
    pub frame: u64,
    /// High-priority time in sixtieths (0: none asked).
    pub priority: u64,
    /// Frames begun since last examined (%RLGET).
    pub ticks: u64,
    /// When the next frame begins, in real-time nanoseconds; `None` when
    /// the clock is not running.
    pub next_ns: Option<u64>,
    /// The job holds the facility.
    pub seized: bool,
}

/// Whether a .REALT skips.
pub(crate) enum Seized {
    Yes,
    No,
}

impl System {
    /// Real time now, in nanoseconds since the job started: the host's or,
    /// with a fixed clock, the emulated processor's.
    pub(crate) fn real_ns(&self, instructions: u64) -> u64 {
        match self.clock {
            Clock::Host => self.started.elapsed().as_nanos() as u64,
            Clock::Fixed(_) => ka10::timing::emulated_ns(instructions),
        }
    }

    /// The job's run time in nanoseconds: the emulated processor's time.
    pub(crate) fn run_ns(instructions: u64) -> u64 {
        ka10::timing::emulated_ns(instructions)
    }

    /// Whether a timer is set, so that the run must go in slices.
    pub(crate) fn timers_set(&self) -> bool {
        self.realt.next_ns.is_some() || self.rtmr_deadline.is_some() || self.vars.mask & PI_CLK != 0
    }

    /// `.REALT ac,`: what ITS's AREALT does with the AC (see the module
    /// comment); `Err` is an illegal frame or priority time (ILOPR) or a
    /// reference beyond core.
    pub(super) fn realt(&mut self, m: &mut impl Machine, ac: Word) -> Result<Seized, RealtError> {
        let a = ac.raw();
        let block = (ac.right() as u32) & 0o777777;
        let at = |k: u32| (block + k) & 0o777777;
        if a & RL_GET != 0 {
            let r = self.realt;
            store(m, at(2), Word::from_halves(r.ticks & 0o777777, r.frame))?;
            let high = if r.seized && r.priority != 0 {
                0o777777
            } else {
                0
            };
            store(m, at(3), Word::from_halves(high, r.priority))?;
            self.realt.ticks = 0;
        }
        if a & (RL_FLS | RL_SET | RL_USR) == 0 {
            return Ok(Seized::No);
        }
        self.realt.seized = false;
        self.realt.priority = 0;
        self.realt.next_ns = None;
        if a & RL_FLS != 0 {
            self.realt.frame = 0;
            self.realt.ticks = 0;
        }
        if a & RL_SET != 0 {
            let frame = load(m, at(0))?.raw();
            // SKIPG: a positive frame time that fits the right half.
            if frame == 0 || frame & (1 << 35) != 0 || frame > 0o777777 {
                return Err(RealtError::Illegal("frame time"));
            }
            self.realt.frame = frame;
        }
        let mut seized = Seized::No;
        if a & RL_USR != 0 {
            let priority = load(m, at(1))?.signed();
            // SKIPLE, CAIL 13.: 1 to 12 sixtieths, at most half the frame.
            if !(1..13).contains(&priority) || priority as u64 > self.realt.frame / 2 {
                return Err(RealtError::Illegal("priority time"));
            }
            self.realt.priority = priority as u64;
            if a & RL_PSD == 0 {
                // One job: the facility is always free.
                self.realt.seized = true;
                seized = Seized::Yes;
            }
        }
        if self.realt.frame != 0 {
            let now = self.real_ns(m.instructions());
            self.realt.next_ns = Some(now + self.realt.frame * TICK_NS);
        }
        Ok(seized)
    }

    /// Sets .RTMR: `v` units of run time from now, or off when negative.
    pub(super) fn set_rtmr(&mut self, instructions: u64, v: Word) {
        self.rtmr_deadline =
            (!v.is_negative()).then(|| Self::run_ns(instructions) + v.raw() * RTMR_UNIT_NS);
    }

    /// .RTMR: the run time left, or -1 when off.
    pub(super) fn rtmr(&self, instructions: u64) -> u64 {
        match self.rtmr_deadline {
            None => pdp10_isa::WORD_MASK,
            Some(d) => d.saturating_sub(Self::run_ns(instructions)) / RTMR_UNIT_NS,
        }
    }

    /// Between two slices of the run: turns on %PIRLT at each frame begun
    /// and %PIRUN when the run-time timer ran out, then gives what is
    /// enabled; the handler's address if one was given.
    pub(crate) fn tick(&mut self, m: &mut impl Machine, pc: u32) -> Result<Option<u32>, Ending> {
        let instructions = m.instructions();
        let mut requested = 0;
        if let Some(mut next) = self.realt.next_ns {
            let now = self.real_ns(instructions);
            if now >= next {
                // Frames begun since the last look (several if the host
                // was slow): one interrupt, each counted.
                let frame = self.realt.frame * TICK_NS;
                let begun = (now - next) / frame + 1;
                requested |= PI_RLT;
                self.realt.ticks += begun;
                next += begun * frame;
                self.realt.next_ns = Some(next);
            }
        }
        if self.vars.mask & PI_CLK != 0 {
            // The system's slow clock ticks every half second of real
            // time, whether the job looks or not.
            let period = self.real_ns(instructions) / SLOW_CLOCK_NS;
            if period > *self.slow_clock_seen.get_or_insert(period) {
                requested |= PI_CLK;
            }
            self.slow_clock_seen = Some(period);
        }
        if let Some(d) = self.rtmr_deadline {
            if Self::run_ns(instructions) >= d {
                requested |= PI_RUN;
                self.rtmr_deadline = None;
            }
        }
        if requested == 0 {
            return Ok(None);
        }
        self.request(m, requested, pc)
    }

    /// Turns on first-word interrupt bits (ITS's IORM into PIRQC: they stay
    /// pending whether enabled or not) and gives the enabled ones.
    pub(crate) fn request(
        &mut self,
        m: &mut impl Machine,
        bits: u64,
        pc: u32,
    ) -> Result<Option<u32>, Ending> {
        self.vars.pirqc |= bits;
        self.give_pending(m, pc)
    }

    /// Gives the pending interrupts that are enabled and not deferred.
    pub(crate) fn give_pending(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
    ) -> Result<Option<u32>, Ending> {
        self.give(m, pc)
    }
}

/// How a .REALT fails.
pub(crate) enum RealtError {
    /// A frame or priority time ITS refuses: an illegal operation.
    Illegal(&'static str),
    /// The block is beyond core.
    Mpv(Mpv),
}

impl From<Mpv> for RealtError {
    fn from(m: Mpv) -> RealtError {
        RealtError::Mpv(m)
    }
}
