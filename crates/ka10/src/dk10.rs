//! The DK10 real-time clock (device 070): an 18-bit counter of a 100 kHz
//! oscillator, an interval register, and an interrupt when the count
//! reaches the interval. It keeps the APR clock's time (`apr::Clock`), so
//! it counts in emulated KA10 time with `--clock emulated` and in the
//! host's time with `--clock real`; like the line clock, its state is
//! worked out when it is looked at, never per instruction.
//!
//! The bits follow SIMH's DK10 (`PDP10/kx10_dk.c`), the one public
//! description at hand. ITS never programs it: on the KA10 ITS keeps time
//! with the APR's line clock (`SYSTEM; ITS`: `CLK==0`, `CLKINT==1000`),
//! and its device 070 is the Stanford keyboard. DEC's monitors used it as
//! the interval timer it is.
//!
//! CONO: 33-35 PIA; 32 clear the interval flag; 31 clear overflow; 30/29
//! counting on/off; 28/27 the PI control flip-flop on/off; 26 clear the
//! counter and every flag (not the interval); 25 count one (only while counting is off); 24
//! set the interval flag; 23 set overflow. CONI: the interval register in
//! the left half; 33-35 PIA, 32 interval flag, 31 overflow, 30 counting,
//! 28 PI control. DATAO loads the interval register (18 bits), DATAI reads
//! the counter.
//!
//! Counting: each count adds one; when the counter then equals the
//! interval the flag sets and the counter clears, and a count out of 18
//! bits sets overflow and wraps to 0 (so an interval at or below the
//! counter is reached after the wrap, and an interval of 0 every 2^18
//! counts, with overflow). While counting is on, a set flag or overflow
//! requests an interrupt on the PIA; CONO clears the request with the
//! flags it clears.

/// DK10 device code.
pub(crate) const DK10: u16 = 0o070;

/// Nanoseconds between counts (100 kHz).
pub(crate) const COUNT_NS: u64 = 10_000;

/// One more than the largest count.
const WRAP: u64 = 1 << 18;

// CONO bits.
const CLEAR_FLAG: u64 = 0o10;
const CLEAR_OVERFLOW: u64 = 0o20;
const COUNT_ON: u64 = 0o40;
const COUNT_OFF: u64 = 0o100;
const PI_CONTROL_ON: u64 = 0o200;
const PI_CONTROL_OFF: u64 = 0o400;
const CLEAR_ALL: u64 = 0o1000;
const COUNT_ONE: u64 = 0o2000;
const SET_FLAG: u64 = 0o4000;
const SET_OVERFLOW: u64 = 0o10000;

// CONI bits.
const FLAG: u64 = 0o10;
const OVERFLOW: u64 = 0o20;
const COUNTING: u64 = 0o40;
const PI_CONTROL: u64 = 0o200;

/// DK10 state, as of `since` in the clock's time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Dk10 {
    /// Priority interrupt assignment.
    pia: u8,
    /// The counter reached the interval.
    flag: bool,
    /// The counter counted out of 18 bits.
    overflow: bool,
    /// The oscillator is counting.
    counting: bool,
    /// The PI control flip-flop (kept for CONI).
    pi_control: bool,
    /// The interval register.
    interval: u32,
    /// The counter, as of `since`.
    counter: u32,
    /// The clock time (ns) the counter is up to date with.
    since: u64,
}

impl Dk10 {
    /// Brings the counter up to `now`: the counts of the 100 kHz
    /// oscillator since `since`, if counting.
    fn update(&mut self, now: u64) {
        let counts = (now / COUNT_NS).saturating_sub(self.since / COUNT_NS);
        self.since = self.since.max(now);
        if self.counting {
            self.advance(counts);
        }
    }

    /// Adds `counts` counts, setting the flags the counter passes.
    fn advance(&mut self, mut counts: u64) {
        let interval = self.interval as u64;
        while counts > 0 {
            let counter = self.counter as u64;
            // The next event: the interval if it is ahead, else the wrap.
            let event = if interval > counter { interval } else { WRAP };
            let to_event = event - counter;
            if counts < to_event {
                self.counter = (counter + counts) as u32;
                return;
            }
            counts -= to_event;
            self.counter = 0;
            if event == WRAP {
                self.overflow = true;
                self.flag |= interval == 0;
            } else {
                self.flag = true;
            }
            // From 0 the events repeat with a period of the interval (or
            // the wrap): skip whole periods.
            let period = if interval == 0 { WRAP } else { interval };
            counts %= period;
        }
    }

    /// CONO DK10 at clock time `now`.
    pub(crate) fn cono(&mut self, v: u64, now: u64) {
        self.update(now);
        if v & CLEAR_ALL != 0 {
            // Everything but the interval register.
            *self = Dk10 {
                interval: self.interval,
                since: self.since,
                ..Dk10::default()
            };
        }
        self.pia = (v & 7) as u8;
        if v & COUNT_ONE != 0 && !self.counting {
            self.advance(1);
        }
        if v & COUNT_ON != 0 {
            self.counting = true;
        }
        if v & COUNT_OFF != 0 {
            self.counting = false;
        }
        if v & SET_OVERFLOW != 0 {
            self.overflow = true;
        }
        if v & CLEAR_OVERFLOW != 0 {
            self.overflow = false;
        }
        if v & SET_FLAG != 0 {
            self.flag = true;
        }
        if v & CLEAR_FLAG != 0 {
            self.flag = false;
        }
        if v & PI_CONTROL_ON != 0 {
            self.pi_control = true;
        }
        if v & PI_CONTROL_OFF != 0 {
            self.pi_control = false;
        }
    }

    /// CONI DK10 at clock time `now`.
    pub(crate) fn coni(&mut self, now: u64) -> u64 {
        self.update(now);
        let bit = |set: bool, b: u64| if set { b } else { 0 };
        (self.interval as u64) << 18
            | self.pia as u64
            | bit(self.flag, FLAG)
            | bit(self.overflow, OVERFLOW)
            | bit(self.counting, COUNTING)
            | bit(self.pi_control, PI_CONTROL)
    }

    /// DATAI DK10: the counter at clock time `now`.
    pub(crate) fn datai(&mut self, now: u64) -> u64 {
        self.update(now);
        self.counter as u64
    }

    /// DATAO DK10: the interval register, from clock time `now`.
    pub(crate) fn datao(&mut self, v: u64, now: u64) {
        self.update(now);
        self.interval = (v & (WRAP - 1)) as u32;
    }

    /// The PI level bit (200 >> PIA) the DK10 requests at clock time
    /// `now`, 0 for none.
    pub(crate) fn request(&mut self, now: u64) -> u8 {
        self.update(now);
        if self.pia != 0 && self.counting && (self.flag || self.overflow) {
            0o200 >> self.pia
        } else {
            0
        }
    }

    /// When (clock time, ns) the DK10 next requests an interrupt, if it
    /// will without the program's help: counting on a level, no flag up.
    pub(crate) fn next_request(&mut self, now: u64) -> Option<u64> {
        self.update(now);
        if self.pia == 0 || !self.counting || self.flag || self.overflow {
            return None;
        }
        let counter = self.counter as u64;
        let interval = self.interval as u64;
        let counts = if interval > counter {
            interval - counter
        } else {
            WRAP - counter
        };
        Some((now / COUNT_NS + counts) * COUNT_NS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn counting(interval: u32) -> Dk10 {
        let mut dk = Dk10::default();
        dk.datao(interval as u64, 0);
        dk.cono(COUNT_ON | 5, 0);
        dk
    }

    #[test]
    fn counts_at_100_khz_up_to_the_interval_then_from_zero() {
        let mut dk = counting(100);
        assert_eq!(dk.datai(99 * COUNT_NS + 9_999), 99);
        assert!(!dk.flag);
        assert_eq!(dk.datai(100 * COUNT_NS), 0, "cleared at the interval");
        assert!(dk.flag);
        assert_eq!(dk.datai(1_000 * COUNT_NS + 3 * COUNT_NS), 3);
        assert!(!dk.overflow);
    }

    #[test]
    fn an_interval_behind_the_counter_is_reached_after_the_wrap() {
        let mut dk = counting(0o777777);
        dk.advance(10);
        dk.datao(5, 0);
        dk.update(0);
        assert_eq!(dk.counter, 10);
        dk.advance(WRAP - 10 - 1);
        assert!(!dk.overflow && !dk.flag);
        dk.advance(1);
        assert!(dk.overflow && !dk.flag);
        dk.advance(5);
        assert!(dk.flag);
        assert_eq!(dk.counter, 0);
    }

    #[test]
    fn an_interval_of_zero_sets_both_flags_at_each_wrap() {
        let mut dk = counting(0);
        dk.advance(WRAP - 1);
        assert!(!dk.overflow && !dk.flag);
        dk.advance(1);
        assert!(dk.overflow && dk.flag);
        assert_eq!(dk.counter, 0);
    }

    #[test]
    fn the_next_request_is_the_interval_or_the_wrap_away() {
        let mut dk = counting(100);
        assert_eq!(dk.next_request(25 * COUNT_NS + 1), Some(100 * COUNT_NS));
        assert_eq!(dk.request(100 * COUNT_NS - 1), 0);
        assert_eq!(dk.request(100 * COUNT_NS), 0o200 >> 5);
        assert_eq!(dk.next_request(100 * COUNT_NS), None, "flag up");
    }
}
