//! Dates over two centuries against an independent count: `.RDATIM`,
//! `.RYEAR` (`doc/sysdoc/uuos.114`: 4.9 a 365-day year after February 28,
//! 4.8 a leap year, 4.6 the time known, 4.4 the zone known, 4.2-3.9 the
//! weekday, 3.8-3.6 January 1's weekday, the full year) and RQDATE's disk
//! format (`_calls.127`), on the fixed clock (UTC). The reference here
//! counts days one year and one month at a time, so that it shares
//! nothing with the shim's closed-form algorithm. Written for mutation
//! testing (docs/mutants.md).

mod mutants_support;
use its::{Clock, Job, JobConfig};
use mutants_support::*;

fn leap(y: u64) -> bool {
    y.is_multiple_of(4) && (!y.is_multiple_of(100) || y.is_multiple_of(400))
}

fn month_days(y: u64, m: u64) -> u64 {
    match m {
        2 if leap(y) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// (year, month, day, weekday with Sunday 0, January 1's weekday) of day
/// `days` since 1970-01-01, a Thursday.
fn reference(days: u64) -> (u64, u64, u64, u64, u64) {
    let (mut y, mut left, mut jan1) = (1970, days, 4);
    loop {
        let len = if leap(y) { 366 } else { 365 };
        if left < len {
            break;
        }
        left -= len;
        jan1 = (jan1 + len) % 7;
        y += 1;
    }
    let weekday = (jan1 + left) % 7;
    let mut m = 1;
    while left >= month_days(y, m) {
        left -= month_days(y, m);
        m += 1;
    }
    (y, m, left + 1, weekday, jan1)
}

fn sixbit_digits(a: u64, b: u64, c: u64) -> u64 {
    six(&format!("{a:02}{b:02}{c:02}"))
}

#[test]
fn dates_agree_with_a_day_by_day_count() {
    let src = "TITLE T\nA=1\nB=2\n\
               GO:\t.RDATIM A,\n\tMOVEM A,TIME\n\tMOVEM B,DATE\n\t.RYEAR A,\n\tMOVEM A,YEAR\n\
               \t.CALL [SETZ ? SIXBIT /RQDATE/ ? %CLOUT,,DISK ? SETZM UP]\n\t .LOSE\n\
               \t.LOGOUT 1,\nTIME:\t0\nDATE:\t0\nYEAR:\t0\nDISK:\t0\nUP:\t0\n";
    let (image, symbols) = image(src);
    let dsk = scratch("dates");
    let mut secs_list = Vec::new();
    // Around the ends of February and of each year, 1970-2199.
    let mut days = 0u64;
    for y in 1970..2200 {
        let len = if leap(y) { 366 } else { 365 };
        let feb28 = days + 31 + 27;
        for d in [days, feb28, feb28 + 1, feb28 + 2, days + len - 1] {
            secs_list.push(d * 86400);
            secs_list.push(d * 86400 + 86399);
        }
        days += len;
    }
    // And scattered times in between.
    let mut x = 12345u64;
    for _ in 0..400 {
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        secs_list.push((x >> 20) % (days * 86400));
    }
    for secs in secs_list {
        let mut config = JobConfig::captured(&dsk, "TEST", None);
        config.clock = Clock::Fixed(secs);
        let mut job = Job::new(&image, config).unwrap();
        let outcome = job.run(1000, &mut ka10::NoTrace).unwrap();
        assert_eq!(outcome.exit_status(), 0, "{secs}: {outcome:?}");
        let at = |name: &str| job.cpu().read(symbols[name]).unwrap().raw();
        let (y, m, d, wd, jan1) = reference(secs / 86400);
        let s = secs % 86400;
        let (hh, mm, ss) = (s / 3600, s / 60 % 60, s % 60);
        assert_eq!(at("TIME"), sixbit_digits(hh, mm, ss), "{secs}");
        assert_eq!(at("DATE"), sixbit_digits(y % 100, m, d), "{secs}");
        let after_feb = (m, d) > (2, 28);
        let mut ryear = y | 1 << 32 | 1 << 30 | wd << 26 | jan1 << 23;
        if leap(y) {
            ryear |= 1 << 34;
        } else if after_feb {
            ryear |= 1 << 35;
        }
        assert_eq!(at("YEAR"), ryear, "{secs}: {y}-{m}-{d}");
        let disk = (y % 100) << 27 | m << 22 | d << 18 | (2 * s);
        assert_eq!(at("DISK"), disk, "{secs}");
        // The fixed clock's system came up at the same moment.
        assert_eq!(at("UP"), disk, "{secs}");
    }
}
