//! Dates and times as ITS gives them, in the host's local time zone (ITS
//! kept local time): `.RDATIM`, `.RTIME`, `.RDATE`, `.RYEAR` (uuos.114),
//! RQDATE's disk-format date (`_calls.127`).

/// A civil date and time with what ITS says about the zone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Civil {
    pub year: u64,
    pub month: u64,
    pub day: u64,
    pub hour: u64,
    pub minute: u64,
    pub second: u64,
    /// Seconds east of UTC.
    pub offset: i64,
    /// Daylight saving time is in effect.
    pub dst: bool,
}

/// The civil date of `days` since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_date(days: i64) -> (u64, u64, u64) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y as u64, m as u64, d as u64)
}

impl Civil {
    /// `secs` since 1970 (UTC) seen `offset` seconds east of UTC.
    pub fn at(secs: u64, offset: i64, dst: bool) -> Civil {
        let local = secs as i64 + offset;
        let (year, month, day) = civil_date(local.div_euclid(86400));
        let rem = local.rem_euclid(86400) as u64;
        Civil {
            year,
            month,
            day,
            hour: rem / 3600,
            minute: rem / 60 % 60,
            second: rem % 60,
            offset,
            dst,
        }
    }

    /// `secs` since 1970 in the host's local time zone.
    pub fn local(secs: u64) -> Civil {
        let (offset, dst) = host_zone(secs);
        Civil::at(secs, offset, dst)
    }

    fn leap(&self) -> bool {
        let y = self.year;
        y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400))
    }

    /// Day of the week, Sunday 0.
    fn weekday(&self) -> u64 {
        let days = self.days_since_1970();
        (days + 4).rem_euclid(7) as u64 // 1970-01-01 was a Thursday.
    }

    fn days_since_1970(&self) -> i64 {
        Civil::days_from_civil(self.year as i64, self.month, self.day)
    }

    fn days_from_civil(y: i64, m: u64, d: u64) -> i64 {
        let y = if m <= 2 { y - 1 } else { y };
        let era = y.div_euclid(400);
        let yoe = y.rem_euclid(400);
        let mp = (m as i64 + 9) % 12;
        let doy = (153 * mp + 2) / 5 + d as i64 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// "HHMMSS" and "YYMMDD" in SIXBIT (`.RTIME`, `.RDATE`).
    pub fn sixbit_time(&self) -> pdp10_isa::Word {
        sixbit_digits(self.hour, self.minute, self.second)
    }

    /// "YYMMDD" in SIXBIT.
    pub fn sixbit_date(&self) -> pdp10_isa::Word {
        sixbit_digits(self.year % 100, self.month, self.day)
    }

    /// The disk-format date: year mod 100 in 4.7-4.1, month in 3.9-3.6,
    /// day in 3.5-3.1, half-seconds since midnight in the right half.
    pub fn disk_format(&self) -> u64 {
        let half_seconds = (self.hour * 3600 + self.minute * 60 + self.second) * 2;
        ((self.year % 100) << 27) | (self.month << 22) | (self.day << 18) | half_seconds
    }

    /// The `.RYEAR` word (uuos.114).
    pub fn ryear(&self) -> u64 {
        let mut w = self.year & 0o777777;
        let after_feb = (self.month, self.day) > (2, 28);
        if self.leap() {
            w |= 1 << 34;
        } else if after_feb {
            w |= 1 << 35;
        }
        if self.dst {
            w |= 1 << 33;
        }
        w |= 1 << 32; // the time of year is known
                      // The zone in hours west of Greenwich (EST = 5), when whole.
        if self.offset % 3600 == 0 && self.offset.abs() < 32 * 3600 {
            let west = -self.offset / 3600;
            w |= 1 << 30;
            if west < 0 {
                w |= 1 << 29;
            }
            w |= (west.unsigned_abs() & 0o37) << 18;
        }
        w |= self.weekday() << 26;
        let jan1 = Civil::days_from_civil(self.year as i64, 1, 1);
        w |= ((jan1 + 4).rem_euclid(7) as u64) << 23;
        w
    }
}

/// Two-digit decimal fields as SIXBIT ("YYMMDD", "HHMMSS").
fn sixbit_digits(a: u64, b: u64, c: u64) -> pdp10_isa::Word {
    let text = format!("{:02}{:02}{:02}", a % 100, b % 100, c % 100);
    crate::sixbit::Sixbit::new(&text).unwrap_or_default().0
}

/// The host's offset from UTC (seconds east) and DST flag at `secs`.
#[allow(unsafe_code)]
fn host_zone(secs: u64) -> (i64, bool) {
    let t = secs as libc::time_t;
    // SAFETY: localtime_r writes only the `tm` we give it and reads `t`;
    // an all-zero `tm` is a valid value of the plain C struct.
    let mut tm: libc::tm = unsafe { std::mem::zeroed() };
    let ok = unsafe { !libc::localtime_r(&t, &mut tm).is_null() };
    if ok {
        (tm.tm_gmtoff as i64, tm.tm_isdst > 0)
    } else {
        (0, false)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn civil_dates_and_zones() {
        // 2026-11-22 06:08:39 UTC.
        let c = Civil::at(1_795_327_719, 0, false);
        assert_eq!(
            (c.year, c.month, c.day, c.hour, c.minute, c.second),
            (2026, 11, 22, 6, 8, 39)
        );
        // Five hours west (EST): the evening before.
        let c = Civil::at(1_795_327_719, -5 * 3600, false);
        assert_eq!((c.day, c.hour), (22, 1));
        let c = Civil::at(1_795_327_719 - 7 * 3600, -5 * 3600, false);
        assert_eq!((c.month, c.day, c.hour), (11, 21, 18));
        assert_eq!(
            c.sixbit_date(),
            crate::sixbit::Sixbit::new("261121").unwrap().0
        );
        assert_eq!(
            c.sixbit_time(),
            crate::sixbit::Sixbit::new("180839").unwrap().0
        );
        let leap = Civil::at(951_782_400, 0, false);
        assert_eq!((leap.year, leap.month, leap.day), (2000, 2, 29));
    }

    #[test]
    fn ryear_and_disk_format_fields() {
        // Saturday 2026-11-21 18:08:39 EST; 1 January 2026 was a Thursday.
        let c = Civil::at(1_795_327_719 - 7 * 3600, -5 * 3600, false);
        let w = c.ryear();
        assert_eq!(w & 0o777777, 2026);
        assert_eq!(w >> 35, 1, "365 days and after February 28");
        assert_eq!(w >> 34 & 1, 0, "not a leap year");
        assert_eq!(w >> 32 & 1, 1, "time known");
        assert_eq!(w >> 30 & 1, 1, "zone known");
        assert_eq!(w >> 29 & 1, 0, "west of Greenwich");
        assert_eq!(w >> 18 & 0o37, 5, "EST is 5");
        assert_eq!(w >> 26 & 7, 6, "Saturday");
        assert_eq!(w >> 23 & 7, 4, "Thursday");
        // One hour east: the sign bit.
        let cet = Civil::at(1_795_327_719, 3600, false).ryear();
        assert_eq!((cet >> 29 & 1, cet >> 18 & 0o37), (1, 1));
        // 26 11 21, 18:08:39 = 65319 s = 130638 half-seconds.
        assert_eq!(
            c.disk_format(),
            (26 << 27) | (11 << 22) | (21 << 18) | 130_638
        );
        // A leap year, in January.
        let jan = Civil::at(946_684_800, 0, false).ryear(); // 2000-01-01
        assert_eq!((jan >> 35, jan >> 34 & 1), (0, 1));
    }
}

#[cfg(test)]
#[path = "clock_mutants.rs"]
mod mutants;
