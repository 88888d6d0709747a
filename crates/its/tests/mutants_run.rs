//! How a run goes and ends: a memory violation the job handles (.MPVA,
//! `doc/sysdoc/usets.120`), the instruction budget counted over a sliced
//! run, a stop asked from outside, and JCL the job cannot take. Written
//! for mutation testing (docs/mutants.md).

mod mutants_support;
use its::{Job, JobConfig, Outcome};
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

#[test]
fn a_handled_mpv_sets_mpva_to_the_page_and_goes_on_after() {
    // usets.120 .MPVA: the address the violating instruction referenced,
    // on a KA10 rounded down to a page boundary (317435 gives 316000).
    let src = prog(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIMPV]]\n\
         \tMOVE A,317435\n\
         AFTER:\t.SUSET [.RMPVA,,MPVA]\n\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tMOVE C,TSINT+1\n\tMOVEM C,PCW\n\t.DISMIS TSINT+1\n\
         PCW:\t0\nMPVA:\t0",
    );
    let ran = run("mpva", &src);
    ran.finished();
    assert_eq!(ran.word("MPVA"), 0o316000);
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("AFTER") as u64);
}

#[test]
fn an_unhandled_mpv_names_the_address_and_the_core() {
    let ran = run("mpvstop", &prog("GO:\tMOVE A,5000\n\t.LOGOUT 1,"));
    assert_eq!(ran.outcome.exit_status(), 2);
    let m = ran.outcome.message().unwrap();
    assert!(m.starts_with("MPV; GO>>MOVE 1,5000"), "{m}");
    assert!(m.contains("memory reference to 5000"), "{m}");
    assert!(m.contains("first 2000 words"), "{m}");
}

#[test]
fn the_budget_counts_every_slice_of_a_sliced_run() {
    // With %PIPDL enabled the run goes in short slices; the budget is the
    // whole run's, and the message counts all of it.
    let src = prog("GO:\t.SUSET [.SMASK,,[%PIPDL]]\nLOOP:\tJRST LOOP");
    let ran = run_in(
        &scratch("budgetslices"),
        &src,
        Setup {
            budget: 50_000,
            ..Setup::default()
        },
    );
    match &ran.outcome {
        Outcome::BudgetExhausted { message, pc } => {
            assert!(message.contains("after 50000 instructions"), "{message}");
            assert!(message.contains("next: LOOP>>JRST"), "{message}");
            assert_eq!(*pc, ran.address("LOOP"));
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(ran.job.instructions(), 50_000);
}

#[test]
fn a_stop_from_outside_names_the_next_instruction() {
    let (image, symbols) = image(&prog("GO:\tMOVEI A,0\nLOOP:\tAOJA A,LOOP"));
    let config = JobConfig::captured(&scratch("stopnow"), "TEST", None);
    let mut job = Job::new(&image, config).unwrap();
    let outcome = job
        .run_watched(u64::MAX, &mut ka10::NoTrace, || true)
        .unwrap();
    match &outcome {
        Outcome::Interrupted { message, pc } => {
            assert_eq!(*pc, symbols["LOOP"]);
            assert!(message.starts_with("interrupted after "), "{message}");
            assert!(message.contains("next: LOOP>>AOJA 1,"), "{message}");
            let n: u64 = message["interrupted after ".len()..]
                .split(' ')
                .next()
                .unwrap()
                .parse()
                .unwrap();
            assert_eq!(n, job.instructions());
            // run_watched asks `stop` "every CHUNK_INSTRUCTIONS or so".
            assert!(n >= its::CHUNK_INSTRUCTIONS, "asked after {n}");
            assert!(n < 2 * its::CHUNK_INSTRUCTIONS, "asked after {n}");
        }
        o => panic!("{o:?}"),
    }
    assert_eq!(outcome.exit_status(), 130);
}

#[test]
fn jcl_that_is_not_ascii_is_refused_naming_the_character() {
    let (image, _) = image(&prog("GO:\t.LOGOUT 1,"));
    let config = JobConfig::captured(&scratch("jclascii"), "TEST", Some("caf\u{e9}"));
    let e = Job::new(&image, config).err().expect("refused").to_string();
    assert!(e.contains("U+00E9"), "{e}");
    assert!(e.contains("byte 3"), "{e}");
}

#[test]
fn the_job_starts_in_user_mode_at_the_start_address_with_its_options() {
    // usets.120 .OPTION: %OPBRK and %OPDDT (DDT is the superior), %OPCMD
    // only when there is a command line.
    let src = prog("GO:\tJSP A,.+1\n\t.SUSET [.ROPTION,,OPT]\n\t.LOGOUT 1,\nOPT:\t0");
    let ran = run("startstate", &src);
    ran.finished();
    assert_ne!(ran.word("A") >> 18 & ka10::flags::USER as u64, 0);
    assert_eq!(ran.word("A") & 0o777777, ran.address("GO") as u64 + 1);
    let opt = ran.word("OPT") >> 18;
    assert_eq!(opt & 0o30000, 0o30000, "%OPBRK, %OPDDT: {opt:o}");
    assert_eq!(opt & 0o40000, 0, "no %OPCMD without JCL");
}

#[test]
fn rdtime_counts_thirtieths_of_real_time_on_the_host_clock() {
    // uuos.114 .RDTIME: the time the system has been up, in thirtieths of
    // a second; .SLEEP 6 waits a fifth of a second of it.
    let src = prog("GO:\t.RDTIME A,\n\tMOVEI B,6\n\t.SLEEP B,\n\t.RDTIME C,\n\t.LOGOUT 1,");
    let start = std::time::Instant::now();
    let ran = run_in(
        &scratch("rdtimehost"),
        &src,
        Setup {
            clock: its::Clock::Host,
            ..Setup::default()
        },
    );
    let took = start.elapsed().as_millis() as u64 * 30 / 1000;
    ran.finished();
    let (a, c) = (ran.word("A"), ran.word("C"));
    assert!(a <= 1, "{a}");
    assert!(c >= 6 && c <= took + 1, "{c} thirtieths, {took} elapsed");
}

#[test]
fn setup_errors_name_the_folder_and_say_the_cause_once() {
    // A DSK folder that does not exist: the error names it, with the host
    // cause once (issue 11: "No such file or directory" was printed twice);
    // a file that is no binary says so.
    let (image, _) = image(&prog("GO:\t.LOGOUT 1,"));
    let missing = scratch("nodsk").join("not-there");
    let e = Job::new(&image, JobConfig::captured(&missing, "TEST", None))
        .err()
        .expect("refused");
    assert!(matches!(e.kind(), its::ErrorKind::Io { path: Some(p), .. } if *p == missing));
    let text = e.to_string();
    assert!(text.starts_with(&missing.display().to_string()), "{text}");
    assert!(text.contains(": "), "{text}");
    assert!(
        std::error::Error::source(&e).is_none(),
        "the cause is in the message"
    );
    let e = its::loader::load_bytes(b"").unwrap_err();
    assert!(e.to_string().starts_with("not a loadable binary: "), "{e}");
    assert!(matches!(e.kind(), its::ErrorKind::BadBinary(_)));
}
