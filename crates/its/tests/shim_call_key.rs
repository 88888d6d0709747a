//! ^Z (CALL on TV terminals) typed at a job: ITS "interprets it itself,
//! and causes a special unconditionally fatal interrupt to the job that
//! has control of the terminal"; the job never reads it, and DDT, its
//! superior, takes the terminal back (doc/info/ddt.33). With no DDT the
//! run ends there, the job stopped as by a `.VALUE` (exit status 1), and a
//! message says so. In super-image input mode (%TSSII in TTYSTS,
//! bits.117) ^Z is an ordinary character.

mod mutants_support;
use its::Outcome;
use mutants_support::run_typed;

/// Opens the terminal, then reads characters into GOT, GOT+1, ... and
/// counts them, for ever (the end of input ends the run otherwise).
fn reader(setup: &str) -> String {
    format!(
        "GO:\t.OPEN 1,[.UAI,,'TTY]\n\t .LOSE\n{setup}\
         LOOP:\t.IOT 1,A\n\tMOVE D,COUNT\n\tMOVEM A,GOT(D)\n\tAOS COUNT\n\tJRST LOOP\n\
         COUNT:\t0\nGOT:\tBLOCK 10\nX:\t0\n\t0\nSTS:\t0"
    )
}

#[test]
fn control_z_stops_the_job_before_it_reads_it() {
    let ran = run_typed("call-key", &reader(""), b"AB\x1aCD");
    assert_eq!(ran.word("COUNT"), 2, "only A and B were read");
    assert_eq!(ran.word("GOT"), b'A' as u64);
    match &ran.outcome {
        Outcome::Value { pc, message } => {
            assert_eq!(*pc, ran.address("LOOP"), "stopped at the .IOT");
            assert!(message.contains("^Z"), "{message}");
        }
        o => panic!("not stopped by ^Z: {o:?}"),
    }
    assert_eq!(ran.outcome.exit_status(), 1);
}

#[test]
fn control_z_in_super_image_input_mode_is_read() {
    // TTYSET with TTYSTS's %TSSII set (the groups as TTYGET gave them).
    let setup = "\t.CALL [SETZ ? SIXBIT /TTYGET/ ? %CLIMM,,1 ? %CLOUT,,X ? %CLOUT,,X+1 ? SETZM STS]\n\t .LOSE\n\
                 \tMOVSI A,%TSSII\n\tIORM A,STS\n\
                 \t.CALL [SETZ ? SIXBIT /TTYSET/ ? %CLIMM,,1 ? X ? X+1 ? SETZ STS]\n\t .LOSE\n";
    let ran = run_typed("call-key-sii", &reader(setup), b"A\x1a");
    assert_eq!(ran.word("COUNT"), 3, "A, ^Z and the ^C of the input's end");
    assert_eq!(ran.at("GOT", 1), 0o32);
    assert!(
        matches!(ran.outcome, Outcome::ProgramError { .. }),
        "{:?}",
        ran.outcome
    );
}

#[test]
fn under_a_debugger_proceeding_after_control_z_reads_again() {
    // A debugger's slice (DDT's $G) ends at ^Z with the PC at the .IOT the
    // job was in, so that $P reads the next character, as on ITS.
    let src = format!("{}{}\nEND GO\n", mutants_support::HEAD, reader(""));
    let (image, symbols) = mutants_support::image(&src);
    let mut config =
        its::JobConfig::captured(&mutants_support::scratch("call-key-ddt"), "TEST", None);
    config.terminal = its::tty::Terminal::new(
        its::tty::Input::Bytes(b"A\x1aB".to_vec().into()),
        its::tty::Output::Capture(Vec::new()),
    );
    let mut job = its::Job::new(&image, config).unwrap();
    match job
        .run_slice(10_000, &mut ka10::NoTrace, |_| false)
        .unwrap()
    {
        its::Slice::Ended(Outcome::Value { pc, .. }) => assert_eq!(pc, symbols["LOOP"]),
        s => panic!("{s:?}"),
    }
    assert_eq!(job.cpu().pc(), symbols["LOOP"], "proceeds at the .IOT");
    // Proceeding: B is read, then the input's end.
    let _ = job
        .run_slice(10_000, &mut ka10::NoTrace, |_| false)
        .unwrap();
    let got = job.cpu().read(symbols["GOT"] + 1).unwrap().raw();
    assert_eq!(got, b'B' as u64);
}
