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
