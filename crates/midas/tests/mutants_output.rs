//! The assembly-information block MIDAS writes after the start instruction
//! (`doc/sysdoc/binfmt.101`: `-n,,3` holding the sub-block `-6,,1`, then
//! the user's SIXBIT name, the time of assembly in disk format, and the
//! source's device, FN1, FN2 and SNAME) with the disk-format date of
//! RQDATE (`doc/sysdoc/_calls.127`: year in 4.7-4.1, month in 3.9-3.6, day
//! in 3.5-3.1, half-seconds after midnight in the right half). Written for
//! mutation testing (docs/mutants.md).

use pdp10_isa::sblk::Sblk;

/// The assembly-information words of `source` assembled at `time`
/// (seconds since 1970, UTC) by `user`.
fn info(time: u64, user: &str) -> Vec<u64> {
    let options = midas::Options {
        time,
        user: user.into(),
        ..midas::Options::default()
    };
    let a = midas::assemble_str_with("hello.mid", "GO: MOVEI 1,5\nEND GO\n", &options).unwrap();
    let sblk = Sblk::parse(&a.sblk_words()).unwrap();
    let block = sblk
        .trailer
        .iter()
        .find(|b| b.address == 3)
        .expect("an assembly-information block");
    block.words.iter().map(|w| w.raw()).collect()
}

fn sixbit(s: &str) -> u64 {
    s.bytes()
        .chain(std::iter::repeat(b' '))
        .take(6)
        .fold(0, |w, c| (w << 6) | (c.to_ascii_uppercase() - 0o40) as u64)
}

/// A disk-format date.
fn date(year: u64, month: u64, day: u64, half_seconds: u64) -> u64 {
    ((year % 100) << 9 | month << 5 | day) << 18 | half_seconds
}

#[test]
fn the_block_names_the_user_and_the_source() {
    let w = info(0, "hacker");
    assert_eq!(w[0], 0o777772_000001, "-6,,1");
    assert_eq!(w[1], sixbit("HACKER"));
    assert_eq!(w[3], sixbit("DSK"));
    assert_eq!(w[4], sixbit("HELLO"));
    assert_eq!(w[5], sixbit("MID"));
}

#[test]
fn the_time_is_in_disk_format() {
    assert_eq!(info(0, "U")[2], date(70, 1, 1, 0));
    // 1985-06-15 12:00:00: noon is 86400 half-seconds.
    assert_eq!(info(487_684_800, "U")[2], date(85, 6, 15, 86_400));
    // A leap day, one second after midnight.
    assert_eq!(info(446_860_801, "U")[2], date(84, 2, 29, 2));
    // The last second of 1999.
    assert_eq!(info(946_684_799, "U")[2], date(99, 12, 31, 172_798));
}
