//! `.OP` and `.AOP` (the instruction, with real MIDAS 433's defaults, handed
//! to the `Options::processor`, here a test double; without one, FAD of a
//! nonnegative word and 0, ROT and LSH), `.GLOBAL` in an absolute assembly
//! and `SBLK`. Expected words are what real MIDAS 433 made of the same lines
//! (run with `pdp10 midas-oracle`); the double's are its own.

mod support;
use support::{fails, words};

#[test]
fn op_fad_of_zero_normalizes() {
    assert_eq!(
        words(
            "\t.OP FAD <32000,,1>,0\n\t.OP FAD <32000,,2>,0\n\t.OP FAD <32000,,400000>,0\n\
             \t.OP FAD <32000,,100>,0\n\t.OP FAD <32000,,0>,0"
        ),
        vec![
            0o000400_000000,
            0o001400_000000,
            0o021400_000000,
            0o006400_000000,
            0
        ]
    );
}

#[test]
fn op_in_a_byte_pointer_macro() {
    // The shape of syseng;jsf macros's FLGBP, which pdset uses.
    let src = "LHF=777777,,0\nDEFINE FLGBP FLAG\n\
               <.OP FAD <32000,,FLAG>,0 >_3+220*<<FLAG>&LHF>-(3700)+<<FLAG>_<-27>>&17 TERMIN\n\
               A=1\n\tDPB A,[FLGBP 1,]\n\tDPB A,[FLGBP 40,]\n\tDPB A,[FLGBP 400000,]\n\
               \tMOVE A,[.OP FAD,<32000,,4>]";
    assert_eq!(
        words(src),
        vec![
            0o137040_000104,
            0o137040_000105,
            0o137040_000106,
            0o200040_000107,
            0o000100_000000,
            0o050100_000000,
            0o210100_000000,
            0o002400_000000,
        ]
    );
}

#[test]
fn op_without_a_processor_does_only_fad_of_zero_rot_and_lsh() {
    // Real MIDAS would run these; an error is better than a guess.
    for src in [
        "\t.OP FAD 1,0",
        "\t.OP FSB <32000,,1>,0",
        "\t.OP FAD <32000,,1>,1",
        "\t.OP ADD,5,2",
    ] {
        let e = fails(src);
        assert!(e.contains("no processor"), "{src}: {e}");
    }
}

#[test]
fn global_marks_the_symbols_global_for_ddt() {
    // Real MIDAS 433 (oracle): `.GLOBAL FOO,BAR` in an absolute assembly
    // gives FOO and BAR squoze flags 04 (global) rather than 10 (local) in
    // the symbol table; START stays local. Words are unchanged.
    let a = support::assembled(".GLOBAL FOO,BAR\nSTART:\tMOVEI 1,2\nFOO:\t0\nBAR==5");
    assert_eq!(support::words_of(&a), vec![0o201040_000002, 0]);
    let table: Vec<u64> = a.sblk_words().iter().map(|w| w.raw()).collect();
    for (flagged, value) in [
        (0o451301_604000, 5),
        (0o054544_175000, 0o101),
        (0o126547_750660, 0o100),
    ] {
        assert!(
            table.windows(2).any(|p| p == [flagged, value]),
            "{flagged:o} {value:o} not in {table:?}"
        );
    }
}

#[test]
fn sblk_is_the_format_already_written_and_is_typed_out() {
    // Real MIDAS 433 (oracle): `SBLK` in a TS assembly changes no word and
    // types "SBLK Encountered" each time it is read (both passes).
    let a = support::assembled("SBLK\nSTART:\tMOVEI 1,2\n\tSBLK\nX:\t0");
    assert_eq!(support::words_of(&a), vec![0o201040_000002, 0]);
    let typed = a.messages.concat();
    assert_eq!(typed.matches("SBLK Encountered").count(), 4, "{typed}");
}

#[test]
fn op_of_rot_and_lsh_is_done() {
    // Real MIDAS 433 (midas-oracle): its register A holds acdata, B (3)
    // memdata; `<ROT @>` shifts by memdata, a bare LSH by 3.
    let src = "LOC 100\nW==1234\nA: .OP <ROT @> W,8\n .OP LSH 3,3\n .OP <LSH 10> 7,0\nEND A\n";
    assert_eq!(support::whole_words(src), vec![0o516000, 0o30, 0o3400]);
}

#[test]
fn an_at_sign_after_an_operator_is_the_indirect_bit() {
    // Real MIDAS 433 (oracle): `1+@2` is 20,,3; a blank after the `@`
    // ends the field (`MOVE+@ 1,2`).
    assert_eq!(
        words("\t1+@2\n\t.OPER+@\n\t3+@\n\tMOVE+@ 1,2\n\t5*@3\n\t<1+@2>\n\t1-@@1"),
        vec![
            0o000020_000003,
            0o042020_000000,
            0o000020_000003,
            0o200060_000002,
            0o000020_000017,
            0o000020_000003,
            0o000020_000000
        ]
    );
}

#[test]
fn op_of_its_time_calls_gives_the_assembly_time() {
    // its.1648: ASTIME==.OP .OPER+@,0,.RTIME (E is the address in B,
    // .RTIME's 45; uuos: SIXBIT HHMMSS, YYMMDD). 2017-01-10 12:34:56 UTC.
    let options = midas::Options {
        time: 1_484_051_696,
        ..midas::Options::default()
    };
    let text = "A==.OP .OPER+@,0,.RTIME\nB==.OP .OPER+@,0,.RDATE\n\tA\n\tB\nEND\n";
    let a = midas::assemble_str_with("t.mid", text, &options).expect("assembles");
    let sixbit = |s: &str| s.bytes().fold(0u64, |w, c| (w << 6) | u64::from(c - 0o40));
    let got: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(got, vec![sixbit("123456"), sixbit("170110")]);
}
