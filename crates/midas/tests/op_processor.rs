//! `.OP` and `.AOP` with an `Options::processor`: a test double records the
//! instruction and operands MIDAS hands it and answers with words made from
//! them, so these tests check what is handed over (real MIDAS 433's A.OP1
//! defaults: AC 2 holds acdata, 3 memdata), what is refused before, and
//! that .OP, .AVAL1, .AVAL2 and .ASKIP are what it answered. The real
//! processor (a KA10) is tested end to end in the root crate.

use midas::{AssemblyTimeOp, OpResult, Options};
use std::sync::{Arc, Mutex};

/// Answers AC := ac + mem, memory := insn's address, skips on SKIPA.
#[derive(Debug, Default)]
struct Double {
    calls: Mutex<Vec<Call>>,
}

impl AssemblyTimeOp for Double {
    fn execute(&self, insn: u64, ac: u64, mem: u64) -> Result<OpResult, String> {
        self.calls.lock().unwrap().push((insn, ac, mem));
        if insn >> 27 == 0o272 {
            return Err("ADDM is not done by this double".into());
        }
        Ok(OpResult {
            ac: (ac + mem) & 0o777777_777777,
            mem: insn & 0o777777,
            skipped: insn >> 27 == 0o334,
        })
    }
}

/// One call of the double: instruction, acdata, memdata.
type Call = (u64, u64, u64);

/// The words of `src` (END added) and the calls the double got.
fn run(src: &str) -> (Result<Vec<u64>, String>, Vec<Call>) {
    let double = Arc::new(Double::default());
    let options = Options {
        processor: Some(double.clone()),
        ..Options::default()
    };
    let text = format!("{src}\nEND\n");
    let words = match midas::assemble_str_with("t.mid", &text, &options) {
        Ok(a) => Ok(a.words.iter().map(|(_, w)| w.raw()).collect()),
        Err(e) => Err(e.to_string()),
    };
    let calls = double.calls.lock().unwrap().clone();
    (words, calls)
}

#[test]
fn the_instruction_gets_ac_2_and_address_3_when_it_has_none() {
    // Each call happens on both passes.
    for (src, insn, ac, mem) in [
        ("\t.OP LSH,3,1", 0o242100_000003, 3, 1),
        ("\t.OP <ADDI 7>,5", 0o271100_000007, 5, 0),
        ("\t.OP <SUB 3,>,5,2", 0o274140_000003, 5, 2),
        ("\t.OP <ADD 2,(3)>,5,2", 0o270103_000000, 5, 2),
        ("\t.OP <ADD @>,5,2", 0o270120_000003, 5, 2),
        (
            "\t.OP FAD <32000,,1>,0",
            0o140100_000003,
            0o032000_000001,
            0,
        ),
        (
            "\t.AOP IBP,1,<440700,,5>",
            0o133100_000003,
            1,
            0o440700_000005,
        ),
    ] {
        let (words, calls) = run(src);
        assert!(words.is_ok(), "{src}: {words:?}");
        assert_eq!(calls, vec![(insn, ac, mem); 2], "{src}");
    }
}

#[test]
fn op_aval1_aval2_and_askip_are_what_the_processor_answered() {
    let src = "\t.OP ADD,5,2\n\t.AVAL1\n\t.AVAL2\n\t.ASKIP\n\
               \t.OP SKIPA,1,2\n\t.ASKIP\n\t.AOP <ADDI 10>,3,4\n\t.AVAL1\n\t.AVAL2";
    let (words, _) = run(src);
    assert_eq!(words, Ok(vec![7, 7, 3, 0, 3, 0o777777_777777, 7, 0o10]));
}

#[test]
fn opcodes_without_bits_3_to_6_are_not_executed() {
    // Real MIDAS 433 (oracle): `.OP MOVE,5,9` is 5 and does not skip;
    // CAIE 3,3 neither (TLNE T,74000).
    let (words, calls) = run("\t.OP MOVE,5,11\n\t.ASKIP\n\t.OP CAIE,3,3\n\t.AVAL2");
    assert_eq!(words, Ok(vec![5, 0, 3, 3]));
    assert!(calls.is_empty(), "{calls:?}");
}

#[test]
fn its_time_calls_are_answered_without_the_processor() {
    // uuos: .RTIME is SIXBIT HHMMSS; 2017-01-10 12:34:56 UTC.
    let double = Arc::new(Double::default());
    let options = Options {
        processor: Some(double.clone()),
        time: 1_484_051_696,
        ..Options::default()
    };
    let text = "\t.OP .OPER@,0,.RTIME\n\t.OP .RDATE\nEND\n";
    let a = midas::assemble_str_with("t.mid", text, &options).expect("assembles");
    let sixbit = |s: &str| s.bytes().fold(0u64, |w, c| (w << 6) | u64::from(c - 0o40));
    let got: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(got, vec![sixbit("123456"), sixbit("170110")]);
    assert!(double.calls.lock().unwrap().is_empty());
}

#[test]
fn what_would_use_real_midas_itself_never_reaches_the_processor() {
    // A jump, MIDAS's own AC 4 or location 100, an index register of its
    // own, I/O, BLT, a byte load, an ITS call other than the time ones,
    // MUL into AC 3 (it would write AC 4), a fourth field.
    for src in [
        "\t.OP JRST 100",
        "\t.OP <ADD 4,>,1,2",
        "\t.OP <MOVN 2,100>,1",
        "\t.OP <ADD 2,(5)>,1",
        "\t.OP <710000,,0>,1",
        "\t.OP BLT,1,2",
        "\t.OP LDB,1,2",
        "\t.OP .OPER@,0,.IOT",
        "\t.OP <MUL 3,>,1,2",
        "\t.OP ADDI 7,5,100",
    ] {
        let (words, calls) = run(src);
        let e = words.expect_err(src);
        assert!(e.contains(".OP"), "{src}: {e}");
        assert!(calls.is_empty(), "{src}: {calls:?}");
    }
}

#[test]
fn a_refusal_by_the_processor_is_an_error_naming_its_reason() {
    let (words, calls) = run("\t.OP ADDM,1,2");
    let e = words.expect_err("refused");
    assert!(e.contains("ADDM is not done by this double"), "{e}");
    assert!(!calls.is_empty());
    assert!(
        calls.iter().all(|&c| c == (0o272100_000003, 1, 2)),
        "{calls:?}"
    );
}
