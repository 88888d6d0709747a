//! `.RYEAR`'s daylight-saving bit (uuos.114: 4.7 "Daylight savings time is
//! in effect"), which only a host clock in a zone with DST can set, so the
//! jobs of tests/mutants_system.rs (fixed clock, UTC) never see it.
//! Written for mutation testing (docs/mutants.md).

use super::Civil;

#[test]
fn ryear_says_when_daylight_saving_time_is_in_effect() {
    // 2026-07-01 12:00 UTC seen four hours west (EDT), DST in effect.
    let summer = Civil::at(1_782_907_200, -4 * 3600, true).ryear();
    assert_eq!(summer >> 33 & 1, 1, "4.7 daylight saving");
    assert_eq!(summer >> 18 & 0o37, 4, "4 hours west");
    let winter = Civil::at(1_782_907_200, -5 * 3600, false).ryear();
    assert_eq!(winter >> 33 & 1, 0);
}

#[test]
fn host_zone_flags_daylight_saving_only_where_the_offset_moves() {
    // Whatever the host's zone: where January and July have the same
    // offset there is no daylight saving time (UTC, for one); elsewhere
    // exactly one of them has it, and that one is the further east.
    // 2026-01-15 and 2026-07-15, 12:00 UTC.
    let (jan, jan_dst) = super::host_zone(1_768_478_400);
    let (jul, jul_dst) = super::host_zone(1_784_116_800);
    if jan == jul {
        assert!(!jan_dst && !jul_dst, "{jan} {jan_dst} {jul_dst}");
    } else {
        assert_ne!(jan_dst, jul_dst);
        let (summer, winter) = if jan_dst { (jan, jul) } else { (jul, jan) };
        assert!(summer > winter, "{summer} {winter}");
    }
}

#[test]
fn ryear_knows_the_zone_only_in_whole_hours() {
    // uuos.114 .RYEAR: 4.4 "the timezone is known" with its hours in 4.3
    // and 3.5-3.1. A zone 5 1/2 hours east is no whole number of hours:
    // 4.4, the sign and the hours stay 0.
    let india = Civil::at(1_782_907_200, 5 * 3600 + 1800, false).ryear();
    assert_eq!(india >> 30 & 1, 0, "4.4 {india:o}");
    assert_eq!(india >> 29 & 1, 0, "4.3 {india:o}");
    assert_eq!(india >> 18 & 0o37, 0, "3.5-3.1 {india:o}");
    let east = Civil::at(1_782_907_200, 3 * 3600, false).ryear();
    assert_eq!(east >> 29 & 3, 3, "known, east {east:o}");
    assert_eq!(east >> 18 & 0o37, 3);
}
