//! How a job asks DDT for things and how it stops: `.LOSE`'s lossage codes
//! and `.VALUE`'s commands (`doc/sysdoc/uuos.114`), `.BREAK 16,` and
//! `.BREAK 12,` (`uuos.114`, `doc/info/ddt.33`), the rest of the `.CALL`
//! family (opcode 043, its members by AC), `.USET` without a USR channel and
//! user UUOs (opcodes 050-077). Written for mutation testing
//! (docs/mutants.md).

mod mutants_support;
use its::{Image, Job, JobConfig, Outcome, Sixbit};
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

fn message(ran: &Ran) -> String {
    ran.outcome.message().unwrap_or_default().to_string()
}

// ----- .LOSE (uuos.114) -----

#[test]
fn lose_with_an_error_code_names_that_error() {
    // %LSSYS+errcode: the call error <errcode> describes the problem.
    let ran = run("lose1004", &prog("GO:\t.LOSE 1004"));
    assert_eq!(ran.outcome.exit_status(), 2);
    let m = message(&ran);
    assert!(m.starts_with("ERROR;"), "{m}");
    assert!(m.contains(".LOSE 1004: FILE NOT FOUND"), "{m}");
}

#[test]
fn lose_sys_names_the_last_failing_calls_error() {
    // %LSSYS (1000): the last error code returned by a failing call; the
    // file's names only with %LSFIL (1400).
    let open = "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /NO/ ? SIXBIT /SUCH/]\n";
    let ran = run("losesys", &prog(&format!("{open}\t.LOSE 1000")));
    let m = message(&ran);
    assert!(m.contains(".LOSE 1000: FILE NOT FOUND"), "{m}");
    assert!(!m.contains("NO SUCH"), "{m}");
    let ran = run("losefil", &prog(&format!("{open}\t.LOSE 1400")));
    let m = message(&ran);
    assert!(
        m.contains(".LOSE 1400: DSK:PUZZLE;NO SUCH - FILE NOT FOUND"),
        "{m}"
    );
    // %LSFIL+errcode: that code, with the file's names.
    let ran = run("losefil6", &prog(&format!("{open}\t.LOSE 1406")));
    let m = message(&ran);
    assert!(m.contains(".LOSE 1406: DSK:PUZZLE;NO SUCH - "), "{m}");
    assert!(!m.contains("FILE NOT FOUND"), "{m}");
}

#[test]
fn lose_with_other_codes_gives_the_code() {
    for code in ["0", "777", "2000", "1+.LZ %PIMPV"] {
        let ran = run("loseother", &prog(&format!("GO:\t.LOSE {code}")));
        assert_eq!(ran.outcome.exit_status(), 2);
        let m = message(&ran);
        assert!(m.starts_with("ERROR;"), "{code}: {m}");
        assert!(!m.contains(": "), "{code}: no error message: {m}");
    }
}

#[test]
fn lose_right_after_a_failed_eval_says_what_was_asked() {
    // A .LOSE just after an .EVAL that did not skip names the symbol; one
    // further on does not.
    let ran = run(
        "loseeval",
        &prog("GO:\tMOVE A,[SQUOZE 0,NOSUCH]\n\t.EVAL A,\n\t .LOSE"),
    );
    let m = message(&ran);
    assert!(m.contains("after .EVAL of NOSUCH"), "{m}");
    let ran = run(
        "loseeval2",
        &prog("GO:\tMOVE A,[SQUOZE 0,NOSUCH]\n\t.EVAL A,\n\t JFCL\n\t.LOSE"),
    );
    let m = message(&ran);
    assert!(!m.contains(".EVAL"), "{m}");
}

// ----- .VALUE (uuos.114) -----

#[test]
fn value_zero_and_value_commands() {
    // .VALUE 0 returns to DDT with nothing to do; :KILL in any case, and
    // $$U (DDT's logout), kill the job; other text is shown.
    let ran = run("val0", &prog("GO:\t.VALUE 0"));
    assert_eq!(ran.outcome.exit_status(), 1);
    assert!(message(&ran).starts_with(".VAL 0;"), "{}", message(&ran));
    let ran = run("valkill", &prog("GO:\t.VALUE [ASCIZ /  :kill /]"));
    ran.finished();
    let ran = run("valu", &prog("GO:\t.VALUE [154672500000]"));
    ran.finished();
    let ran = run("valg", &prog("GO:\t.VALUE [ASCIZ /1234567890:GO/]"));
    assert_eq!(ran.outcome.exit_status(), 1);
    assert!(
        message(&ran).contains("\"1234567890:GO\""),
        "{}",
        message(&ran)
    );
}

#[test]
fn value_text_stops_at_the_end_of_core() {
    // An unterminated string running into the end of the job's core: the
    // text up to there.
    let ran = run(
        "valend",
        &prog("GO:\t.VALUE 1777\nLOC 1777\n\tASCII /ABCDE/"),
    );
    assert_eq!(ran.outcome.exit_status(), 1);
    assert!(message(&ran).contains("\"ABCDE\""), "{}", message(&ran));
}

// ----- .BREAK 16, (ddt.33) -----

/// Runs `src` verbose (the shim then says what DDT would type).
fn verbose(name: &str, src: &str) -> Ran {
    run_in(
        &scratch(name),
        src,
        Setup {
            verbose: true,
            ..Setup::default()
        },
    )
}

#[test]
fn break_16_kills_with_bits_2_6_or_2_5_unless_2_3() {
    // 2.6 (40000) kill the job, 2.5 (20000) kill as soon as possible: DDT
    // types ":KILL " unless 2.3 (4000). Without either it is only a return
    // to DDT.
    for (e, kill) in [
        ("160000", true),
        ("40000", true),
        ("20000", true),
        ("164000", false),
        ("100000", false),
        ("0", false),
    ] {
        let ran = verbose(&format!("b16{e}"), &prog(&format!("GO:\t.BREAK 16,{e}")));
        let want = Outcome::Finished {
            message: kill.then(|| ":KILL".to_string()),
        };
        assert_eq!(ran.outcome, want, ".BREAK 16,{e}");
    }
    // Quiet runs say nothing.
    let ran = run("b16quiet", &prog("GO:\t.BREAK 16,160000"));
    assert_eq!(ran.outcome, Outcome::Finished { message: None });
}

#[test]
fn logout_with_an_ac_reports_failure_and_says_kill_when_verbose() {
    let ran = verbose("logout5", &prog("GO:\t.LOGOUT 5,"));
    assert_eq!(
        ran.outcome,
        Outcome::Failed {
            status: 4,
            message: Some(":KILL".into())
        }
    );
    let ran = verbose("logout0", &prog("GO:\t.LOGOUT"));
    assert_eq!(
        ran.outcome,
        Outcome::Finished {
            message: Some(":KILL".into())
        }
    );
}

#[test]
fn other_breaks_are_ddt_breakpoints() {
    let ran = run("b15", &prog("GO:\t.BREAK 15,"));
    assert_eq!(ran.outcome.exit_status(), 3);
    assert!(message(&ran).contains(".BREAK 15,"), "{}", message(&ran));
}

// ----- .BREAK 12, (uuos.114, ddt.33) -----

/// Runs `source` as if loaded from DSK:GAMES;TS FOO.
fn run_loaded(name: &str, source: &str) -> Ran {
    let (image, symbols): (Image, _) = image(source);
    let dsk = scratch(name);
    let mut config = JobConfig::captured(&dsk, "TEST", Some("ARGS"));
    config.loaded_from = its::FileName {
        device: Sixbit::lossy("DSK"),
        dir: Sixbit::lossy("GAMES"),
        fn1: Sixbit::lossy("TS"),
        fn2: Sixbit::lossy("FOO"),
    };
    let mut job = Job::new(&image, config).unwrap();
    let outcome = job.run(100_000, &mut ka10::NoTrace).unwrap();
    let output = String::from_utf8_lossy(&job.take_output()).into_owned();
    Ran {
        job,
        outcome,
        output,
        symbols,
        dsk,
    }
}

#[test]
fn break_12_reads_start_file_symbols_and_names() {
    // ..RSTA (1): the start address; ..RLFI (2): the four names the
    // program was loaded from; ..RSTP (3): minus the symbol table's length
    // (two words a symbol) in the left half; 11 and 12: XUNAME, XJNAME.
    let src = prog(
        "GO:\t.BREAK 12,[1,,STA]\n\t.BREAK 12,[2,,LFI]\n\t.BREAK 12,[3,,STP]\n\
         \t.BREAK 12,[11,,XUN]\n\t.BREAK 12,[12,,XJN]\n\
         \t.LOGOUT 1,\nSTA:\t0\nSTP:\t0\nXUN:\t0\nXJN:\t0\nLFI:\tBLOCK 4",
    );
    let ran = run_loaded("break12", &src);
    ran.finished();
    assert_eq!(ran.word("STA") & 0o777777, ran.address("GO") as u64);
    assert_eq!(
        [0, 1, 2, 3].map(|k| ran.at("LFI", k)),
        [six("DSK"), six("GAMES"), six("TS"), six("FOO")]
    );
    let stp = ran.word("STP");
    assert_eq!(stp & 0o777777, 0);
    let symbols = image(&src).0.symbols.len() as u64;
    assert!(symbols >= 6, "at least the six labels");
    assert_eq!(0o1000000 - (stp >> 18), 2 * symbols, "{stp:o}");
    assert_eq!(ran.word("XUN"), six("USER"));
    assert_eq!(ran.word("XJN"), six("TEST"));
}

#[test]
fn break_12_takes_an_aobjn_pointer_to_specs() {
    // Bit 4.8 of the word at E: it is an AOBJN pointer to spec words,
    // counted as they are done. ..SJCL (400005) clears the command line:
    // ..RJCL then gives one zero word; .OPTION's %OPCMD goes.
    let src = prog(
        "GO:\t.SUSET [.ROPTION,,OPT1]\n\
         \tMOVE A,[-2,,SPECS]\n\tMOVEM A,PTR\n\t.BREAK 12,PTR\n\
         \tSETOM JCL2\n\t.BREAK 12,[5,,JCL2]\n\t.SUSET [.ROPTION,,OPT2]\n\
         \t.LOGOUT 1,\nPTR:\t200000,,0\nSPECS:\t11,,XUN\n\t400005,,0\n\
         XUN:\t0\nJCL2:\t0\n\t-1\nOPT1:\t0\nOPT2:\t0",
    );
    let src = src.replace(
        "\tMOVEM A,PTR\n\t.BREAK 12,PTR",
        "\tTLO A,200000\n\tMOVEM A,PTR\n\t.BREAK 12,PTR",
    );
    let ran = run_in(
        &scratch("break12blk"),
        &src,
        Setup {
            jcl: Some("HELLO"),
            ..Setup::default()
        },
    );
    ran.finished();
    assert_eq!(ran.word("XUN"), six("USER"));
    assert_eq!(ran.word("JCL2"), 0);
    assert_eq!(ran.at("JCL2", 1), 0o777777_777777, "one word only");
    assert_ne!(ran.word("OPT1") & 0o40000 << 18, 0, "%OPCMD with JCL");
    assert_eq!(ran.word("OPT2") & 0o40000 << 18, 0, "%OPCMD cleared");
    // The pointer counted out: 0,,SPECS+2 with bit 4.8 carried along.
    assert_eq!(ran.word("PTR") & 0o777777, ran.address("SPECS") as u64 + 2);
}

#[test]
fn break_12_without_jcl_gives_a_zero_word() {
    let src = prog("GO:\tSETOM BUF\n\t.BREAK 12,[5,,BUF]\n\t.LOGOUT 1,\nBUF:\t0\n\t-1");
    let ran = run("nojcl", &src);
    ran.finished();
    assert_eq!(ran.word("BUF"), 0);
    assert_eq!(ran.at("BUF", 1), 0o777777_777777);
}

#[test]
fn rjcl_stops_before_a_nonzero_word() {
    // ddtord: "until a non-zero is about to be transferred into".
    let src = prog("GO:\t.BREAK 12,[5,,BUF]\n\t.LOGOUT 1,\nBUF:\t0\n\t-1\n\t0");
    let ran = run_in(
        &scratch("rjclstop"),
        &src,
        Setup {
            jcl: Some("ABCDEFGHIJ"),
            ..Setup::default()
        },
    );
    ran.finished();
    assert_ne!(ran.word("BUF"), 0);
    assert_eq!(ran.at("BUF", 1), 0o777777_777777, "not overwritten");
}

#[test]
fn break_12_of_other_kinds_is_named() {
    let ran = run(
        "break12x",
        &prog("GO:\t.BREAK 12,[7,,BUF]\n\t.LOGOUT 1,\nBUF:\t0"),
    );
    assert_eq!(ran.outcome.exit_status(), 3);
    assert!(
        message(&ran).contains(".BREAK 12, request"),
        "{}",
        message(&ran)
    );
}

// ----- the .CALL family (opcode 043 by AC) and .USET -----

#[test]
fn call_family_members_the_shim_lacks_are_named() {
    for (insn, name) in [
        (".TRANAD", ".TRANAD"),
        (".UTRAN", ".UTRAN"),
        (".CALL 16,", ".POTSET"),
    ] {
        let ran = run("family", &prog(&format!("GO:\t{insn}\n\t.LOGOUT 1,")));
        assert_eq!(ran.outcome.exit_status(), 3, "{insn}");
        assert!(message(&ran).contains(name), "{insn}: {}", message(&ran));
    }
    // .CALL 17, is no call at all.
    let ran = run("call17", &prog("GO:\t.CALL 17,\n\t.LOGOUT 1,"));
    assert_eq!(ran.outcome.exit_status(), 2);
    assert!(message(&ran).starts_with("ILOPR;"), "{}", message(&ran));
}

#[test]
fn uset_needs_a_usr_channel() {
    // usets.120: .USET's AC is a channel with a job open on it (USR, JOB
    // or BOJ); there is none: I/O channel error 7.
    let ran = run("uset", &prog("GO:\t.USET 3,[.RVAL,,A]\n\t.LOGOUT 1,"));
    let m = message(&ran);
    assert!(m.starts_with("IOC;"), "{m}");
    assert!(m.contains("error 7 on channel 3"), "{m}");
}

#[test]
fn status_and_access_of_a_closed_channel() {
    // .STATUS of a closed channel: zero. .ACCESS of one: not open, an I/O
    // channel error.
    let src = prog("GO:\tSETOM S\n\t.STATUS 4,S\n\t.LOGOUT 1,\nS:\t0");
    let ran = run("statclosed", &src);
    ran.finished();
    assert_eq!(ran.word("S"), 0);
    let ran = run("accclosed", &prog("GO:\t.ACCESS 4,[0]\n\t.LOGOUT 1,"));
    assert!(message(&ran).starts_with("IOC;"), "{}", message(&ran));
}

#[test]
fn iot_of_a_closed_channel_is_an_io_channel_error() {
    let ran = run("iotclosed", &prog("GO:\t.IOT 4,A\n\t.LOGOUT 1,"));
    assert!(message(&ran).contains("channel 4"), "{}", message(&ran));
}
