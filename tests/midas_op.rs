//! End-to-end tests of `.OP` and `.AOP` in `pdp10 midas`: the instruction
//! runs on the binary's KA10. Expected words are what real MIDAS 433 made
//! of the same lines (`pdp10 midas-oracle`, word for word).

use crate::common::{pdp10_in, scratch};
use pdp10_isa::evacuated;
use pdp10_isa::sblk::Sblk;

/// Assembles `body` (LOC 100 before it, END after) with `pdp10 midas`:
/// the words, or the messages when it is refused.
fn assemble(test: &str, body: &str) -> Result<Vec<u64>, String> {
    let dir = scratch("midas-op", test);
    std::fs::write(dir.join("t.mid"), format!("LOC 100\n{body}\nEND\n")).unwrap();
    let out = pdp10_in(&dir)
        .args(["midas", "t.mid", "-o", "-"])
        .env("SOURCE_DATE_EPOCH", "1524257394")
        .output()
        .unwrap();
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let sblk = Sblk::parse(&evacuated::decode(&out.stdout).unwrap()).unwrap();
    let mut placed: Vec<(u32, u64)> = sblk
        .blocks
        .iter()
        .flat_map(|b| (b.address..).zip(b.words.iter().map(|w| w.raw())))
        .collect();
    placed.sort_unstable();
    Ok(placed.into_iter().map(|(_, w)| w).collect())
}

#[test]
fn fixed_point_op_runs_on_midas_accumulators_2_and_3() {
    // Manual: `.OP SUB,5,2` is 3. LSH by E = 3 (B); MUL's low word in B;
    // MOVE (200) and CAIE (302) have none of bits 3-6 and are not run.
    let src = "\t.OP SUB,5,2\n\t.OP SUBM,5,2\n\t.AVAL2\n\t.OP LSH,3,1\n\t.OP LSH 3\n\
               \t.OP ADDI,7,5\n\t.OP <ADDI 7>,5\n\t.OP MUL,3,5\n\t.AVAL2\n\
               \t.OP MOVE,5,9\n\t.OP IMUL,3,4\n\t.OP HRLZ,1,<3,,4>\n\t.OP IDIVI 3,17\n\
               \t.AVAL2\n\t.OP CAIE,3,3\n\t.AOP ADD,2,3\n\t.AVAL1\n\t.OP <ROT @> 1234,8\n\
               \t.OP ASHC,<200000,,0>,1\n\t.AVAL2\n\t.OP EXCH,1,2\n\t.AVAL2\n\
               \t.OP MOVNI,5,0\n\t.OP SETCM,0,<123,,456>\n\t.OP ANDCA,707,<777>";
    assert_eq!(
        assemble("fixed", src),
        Ok(vec![
            3,
            5,
            3,
            0o30,
            0o30,
            0o12,
            0o14,
            0,
            0o17,
            5,
            0o14,
            0o4_000000,
            1,
            0,
            3,
            5,
            0o516000,
            0,
            0o10,
            2,
            1,
            0o777777_777775,
            0o777654_777321,
            0o70
        ])
    );
}

#[test]
fn floating_point_op_is_the_ka10s() {
    // Fields separated by blanks, as spcwar and teco write them. FADRI's
    // operand is E,,0 = 3,,0 (E is B), so 1.0 stays; UFA leaves its sum in B.
    let src = "\t.OP FAD 1,0\n\t.OP FSB <32000,,1>,0\n\t.OP FAD <32000,,1>,1\n\
               \t.OP FDVR 20.0 2.714\n\t.OP FMPR 15.0 1.1415\n\t.OP FDVR -3.14159265 2.0\n\
               \t.OP FMPR <.OP FDVR 4.069 1.0^6> 60.0\n\t.OP <FSC -22>,86400.0,0\n\
               \tMOVE 1,[.OP FDVR 6442450994.0 440.0]\n\t.OP FADRI,1.0,2.0\n\
               \t.OP UFA,<201400,,0>,<202400,,0>\n\t.AVAL2\n\t.OP DFN,1,2\n\t.AVAL2";
    assert_eq!(
        assemble("float", src),
        Ok(vec![
            0o346400_000000,
            0o000400_000000,
            0o000400_000001,
            0o203727_501656,
            0o205421_753412,
            0o576155_700453,
            0o164777_777250,
            0o177521_400000,
            0o200040_000116,
            0o201400_000000,
            0o201400_000000,
            0o202600_000000,
            0o777777_777776,
            0o000777_777776,
            0o230676_654161
        ])
    );
}

#[test]
fn skips_and_byte_pointers_leave_askip_and_aval2() {
    // CAIGE 2,3 with 5 skips; SOSGE of 0 does not; TLCE does not skip
    // when the bits were not all zero. IBP advances the pointer in B.
    let src = "\t.OP SKIPA,1,2\n\t.ASKIP\n\t.OP CAIGE,5,7\n\t.ASKIP\n\t.OP <CAIGE 5>,7\n\
               \t.ASKIP\n\t.OP SOSGE,0,0\n\t.ASKIP\n\t.OP TLCE,<1,,0>,<3,,0>\n\t.ASKIP\n\
               \t.AOP IBP,1,<440700,,5>\n\t.AVAL1\n\t.AVAL2\n\t.AOP IBP,1,<010700,,5>\n\t.AVAL2";
    let all = 0o777777_777777;
    assert_eq!(
        assemble("skips", src),
        Ok(vec![
            2,
            all,
            5,
            all,
            7,
            all,
            all,
            0,
            0o2_000000,
            0,
            1,
            0o350700_000005,
            0o350700_000006
        ])
    );
}

#[test]
fn op_that_would_run_real_midas_itself_is_an_error() {
    // A jump, another AC, memory, and JFFO (a jump that the check of the
    // instruction lets through: the KA10 run refuses it).
    for (test, src) in [
        ("jrst", "\t.OP JRST 100"),
        ("ac4", "\t.OP <ADD 4,>,1,2"),
        ("memory", "\t.OP <MOVN 2,100>,1"),
        ("jffo", "\t.OP <JFFO 200>,1,0"),
    ] {
        let e = assemble(test, src).expect_err(src);
        assert!(e.contains(".OP of") && e.contains("refused"), "{src}: {e}");
    }
}

#[test]
fn pdp10_run_of_a_source_assembles_op_on_the_ka10_too() {
    // The program stops on an illegal instruction unless .OP ADD,5,2 is 7.
    let dir = scratch("midas-op", "run");
    let src = "GO:\tMOVE 1,[.OP ADD,5,2]\n\tCAIE 1,7\n\t 0\n\t.LOGOUT 1,\nEND GO\n";
    std::fs::write(dir.join("op.mid"), src).unwrap();
    let out = pdp10_in(&dir).args(["run", "op.mid"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
}

#[test]
fn nested_op_in_a_macro_and_e_through_b() {
    // The FLOAT-by-FADR macro shape of rg;c and chprog;ocm; E through an
    // index or indirect word in B (B holds 2, and AC 2 holds 5).
    let src = "DEFINE FLT A\n<.OP FADR <.OP TLC A 233000 > 0 >TERMIN\n\tFLT 5\n\tFLT 12345\n\
               ZQ==.OP FMP 2.0 3.0\n\tZQ\n\t.OP <ADD @>,5,2\n\t.OP <ADD 2,(3)>,5,2";
    assert_eq!(
        assemble("nested", src),
        Ok(vec![
            0o371600_001200,
            0o371602_471200,
            0o203600_000000,
            0o12,
            0o12
        ])
    );
}
