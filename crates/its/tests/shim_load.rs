//! The LOAD system call (`_calls.127`; its.1652 NLOAD) of a PDUMP file into
//! the job itself, as a LISP loads the pure pages it shares with its dumped
//! system: with a third argument of zero only the pure pages; otherwise
//! the pages of first,,last (rounded to pages), and the ACs from the map
//! page when first is below 20.

mod mutants_support;
use its::Outcome;
use mutants_support::*;
use pdp10_isa::{evacuated, Word};

/// A PDUMP file: page 5 pure with 123 at 12003, page 6 impure with 456 at
/// 14003, page 7 sharing page 5 read-only; AC 3 saved as 777.
fn pure_file() -> Vec<u8> {
    let mut file = vec![Word::ZERO; 1024];
    file[1 + 5] = Word::new(0o200000);
    file[1 + 6] = Word::new(0o600000);
    file[1 + 7] = Word::new(0o100000_200005);
    file[0o1003] = Word::new(0o777);
    let mut page5 = vec![Word::ZERO; 1024];
    page5[3] = Word::new(0o123);
    let mut page6 = vec![Word::ZERO; 1024];
    page6[3] = Word::new(0o456);
    file.extend(page5);
    file.extend(page6);
    evacuated::encode(&file)
}

/// Opens PURE BIN (image unit input, channel 1) and LOADs it into the job
/// with third argument `limits`.
fn open_and_load(limits: &str) -> String {
    format!(
        "\t.CALL [SETZ ? SIXBIT /OPEN/ ? [.UII,,1] ? [SIXBIT /DSK/] ? [SIXBIT /PURE/] ? SETZ [SIXBIT /BIN/]]\n\t .LOSE\n\
         \tMOVEI C,5\n\
         \t.CALL [SETZ ? SIXBIT /LOAD/ ? %CLIMM,,%JSELF ? %CLIMM,,1 ? %CLERR,,ERR ? SETZ [{limits}]]\n\t AOS FAILED\n"
    )
}

fn run_with_file(name: &str, body: &str) -> Ran {
    let dsk = scratch(name);
    std::fs::write(dsk.join("puzzle/pure.bin"), pure_file()).unwrap();
    run_in(&dsk, &format!("{HEAD}{body}\nEND GO\n"), Setup::default())
}

/// CORTYP of page `page` into the word at `at` (its access bits).
fn cortyp(page: u32, at: &str) -> String {
    format!("\t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,{page:o} ? SETZM {at}]\n\t .LOSE\n")
}

#[test]
fn a_pure_load_brings_in_the_pure_pages_read_only() {
    let body = format!(
        "LOC 100\nGO:{load}\tMOVE A,12003\n\tMOVEM A,P5\n\tMOVE A,16003\n\tMOVEM A,P7\n\
         \tMOVEM C,AC3\n{t5}{t6}{t7}STORE:\tMOVEM A,12004\n\t.LOGOUT 1,\n\
         P5:\t0\nP7:\t0\nAC3:\t0\nT5:\t0\nT6:\t0\nT7:\t0\nFAILED:\t0\nERR:\t0\n",
        load = open_and_load("0"),
        t5 = cortyp(5, "T5"),
        t6 = cortyp(6, "T6"),
        t7 = cortyp(7, "T7"),
    );
    let ran = run_with_file("load-pure", &body);
    assert_eq!(ran.word("FAILED"), 0, "error {:o}", ran.word("ERR"));
    assert_eq!(ran.word("P5"), 0o123);
    assert_eq!(ran.word("P7"), 0o123, "page 7 shares page 5");
    assert_eq!(ran.word("AC3"), 5, "a pure load leaves the ACs");
    let read_only = 0o200000 << 18;
    assert_eq!(ran.word("T5"), read_only);
    assert_eq!(ran.word("T6"), 0, "the impure page is not loaded");
    assert_eq!(ran.word("T7"), read_only);
    let (pc, message) = ran.program_error();
    assert_eq!(pc, ran.address("STORE"));
    assert!(message.starts_with("PURPG;"), "{message}");
}

#[test]
fn a_load_of_a_range_takes_its_pages_and_the_acs() {
    // 0,,15777 rounds to pages 0-6: pages 5 and 6 (not 7), and the ACs,
    // of which the file saved 777 as AC 3. Page 0 keeps the program.
    let body = format!(
        "LOC 100\nGO:{load}\tMOVEM C,AC3\n\tMOVE A,14003\n\tMOVEM A,P6\n\
         \tMOVEI A,1\n\tADDM A,14003\n{t7}\t.LOGOUT 1,\n\
         AC3:\t0\nP6:\t0\nT7:\t0\nFAILED:\t0\nERR:\t0\n",
        load = open_and_load("0,,15777"),
        t7 = cortyp(7, "T7"),
    );
    let ran = run_with_file("load-range", &body);
    ran.finished();
    assert_eq!(ran.word("FAILED"), 0, "error {:o}", ran.word("ERR"));
    assert_eq!(ran.word("AC3"), 0o777);
    assert_eq!(ran.word("P6"), 0o456);
    assert_eq!(
        ran.job.cpu().read(0o14003).unwrap().raw(),
        0o457,
        "page 6 is writable"
    );
    assert_eq!(ran.word("T7"), 0, "page 7 is beyond the range");
}

#[test]
fn load_refusals() {
    // First above last is error 33; a pure load of an SBLK file (this
    // program's own kind) is error 12; another job is not implemented.
    let body = format!(
        "LOC 100\nGO:{load}\tMOVE A,ERR\n\tMOVEM A,E1\n\
         \t.CALL [SETZ ? SIXBIT /OPEN/ ? [.UII,,2] ? [SIXBIT /DSK/] ? [SIXBIT /SBLK/] ? SETZ [SIXBIT /BIN/]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /LOAD/ ? %CLIMM,,%JSELF ? %CLIMM,,2 ? %CLERR,,ERR ? SETZ [0]]\n\t AOS FAILED\n\
         \tMOVE A,ERR\n\tMOVEM A,E2\n\
         OTHER:\t.CALL [SETZ ? SIXBIT /LOAD/ ? %CLIMM,,7 ? SETZI 1]\n\t .LOSE\n\t.LOGOUT 1,\n\
         E1:\t0\nE2:\t0\nFAILED:\t0\nERR:\t0\n",
        load = open_and_load("20,,17"),
    );
    let dsk = scratch("load-refusals");
    std::fs::write(dsk.join("puzzle/pure.bin"), pure_file()).unwrap();
    std::fs::write(
        dsk.join("puzzle/sblk.bin"),
        evacuated::encode(&[pdp10_isa::sblk::JRST_1, Word::new(0o254000_000100)]),
    )
    .unwrap();
    let ran = run_in(&dsk, &format!("{HEAD}{body}\nEND GO\n"), Setup::default());
    assert_eq!(ran.word("FAILED"), 2);
    assert_eq!(ran.word("E1"), 0o33);
    assert_eq!(ran.word("E2"), 0o12);
    match &ran.outcome {
        Outcome::Unimplemented { pc, message } => {
            assert_eq!(*pc, ran.address("OTHER"));
            assert!(message.contains("LOAD into another job"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}
