//! `.OP` and `.AOP` (the instruction executed on real MIDAS 433's
//! accumulators A=2 and B=3), `.GLOBAL` in an absolute assembly and `SBLK`. Expected words are what
//! real MIDAS 433 made of the same lines (run with `pdp10 midas-oracle`).

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
fn op_executes_the_instruction_as_real_midas_does() {
    // Real MIDAS 433 (oracle): the AC is A=2 and the memory word B=3, so
    // `.OP LSH,3,1` shifts by 3 and `.OP ADDI,7,5` adds 3; MUL's low word
    // is left in B (.AVAL2); MOVE and CAIE (no opcode bit 3-6) are not
    // executed and do not skip.
    let src = "\t.OP SUB,5,2\n\t.OP SUBM,5,2\n\t.AVAL2\n\t.OP LSH,3,1\n\t.OP LSH 3\n\
               \t.OP ADDI,7,5\n\t.OP <ADDI 7>,5\n\t.OP MUL,3,5\n\t.AVAL2\n\
               \t.OP SKIPA,1,2\n\t.ASKIP\n\t.OP MOVE,5,9\n\t.ASKIP\n\t.OP IMUL,3,4\n\
               \t.OP HRLZ,1,<3,,4>\n\t.OP IDIVI 3,17\n\t.AVAL2\n\t.OP FAD 1,0\n\
               \t.OP FSB <32000,,1>,0\n\t.OP FAD <32000,,1>,1\n\t.OP CAIE,3,3\n\t.ASKIP\n\
               \t.AOP ADD,2,3\n\t.AVAL1";
    assert_eq!(
        words(src),
        vec![
            3,
            5,
            3,
            0o30,
            0o30,
            0o12,
            0o14,
            0,
            0o17,
            2,
            0o777777_777777,
            5,
            0,
            0o14,
            0o000004_000000,
            1,
            0,
            0o346400_000000,
            0o000400_000000,
            0o000400_000001,
            3,
            0,
            5
        ]
    );
}

#[test]
fn op_that_would_use_real_midas_itself_is_an_error() {
    // A jump, MIDAS's own AC 4 or location 100, an I/O instruction, an
    // ITS call other than the time ones, a fourth field.
    for src in [
        "\t.OP JRST 100",
        "\t.OP <ADD 4,>,1,2",
        "\t.OP <MOVN 2,100>,1",
        "\t.OP <710000,,0>,1",
        "\t.OP .OPER+@,0,.IOT",
        "\t.OP ADDI 7,5,100",
    ] {
        let e = fails(src);
        assert!(e.contains(".OP"), "{src}: {e}");
    }
}

#[test]
fn an_at_sign_after_an_operator_is_the_indirect_bit() {
    // Real MIDAS 433 (oracle): `1+@2` is 20,,3 (its.1648's `.OPER+@`).
    assert_eq!(
        words("\t1+@2\n\t.OPER+@\n\t3+@\n\tMOVE+@ 1,2\n\t5*@3"),
        vec![
            0o000020_000003,
            0o042020_000000,
            0o000020_000003,
            0o200060_000002,
            0o000020_000017
        ]
    );
}

#[test]
fn op_of_its_time_calls_gives_the_assembly_time() {
    // its.1648: ASTIME==.OP .OPER+@,0,.RTIME and ASDATE (uuos.114: SIXBIT
    // HHMMSS and YYMMDD). 2017-01-10 12:34:56 UTC.
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
