//! Old-style UUOs of the `.CALL` family the shim answers from uuos.114.

mod mutants_support;
use mutants_support::run_typed;

#[test]
fn display_start_is_an_illegal_operation_without_a_display() {
    // uuos.114 .DSTART: "If it has neither [display], the uuo is an
    // illegal operation and gives a %PIILO interrupt" (class 2: fatal
    // without a handler).
    for (name, uuo) in [("dstart", ".DSTART"), ("dstrtl", ".DSTRTL")] {
        let ran = run_typed(
            name,
            &format!("LOC 100\nGO:\t{uuo} LIST\n\t.LOGOUT 1,\nLIST:\t0\n"),
            b"",
        );
        let (pc, message) = ran.program_error();
        assert_eq!(pc, ran.address("GO"), "{uuo}");
        assert!(message.starts_with("ILOPR;"), "{uuo}: {message}");
        assert!(message.contains("display"), "{uuo}: {message}");
    }
}

#[test]
fn a_job_handling_illegal_operations_gets_piilo_for_dstart() {
    let ran = run_typed(
        "dstart-handled",
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIILO]]\nCALL:\t.DSTART LIST\n\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tMOVE A,TSINT\n\tMOVEM A,BITS\n\t.DISMIS TSINT+1\n\
         BITS:\t0\nLIST:\t0\n",
        b"",
    );
    ran.finished();
    // Old style, no %OPOPC: the PC saved is after the .DSTART.
    assert_eq!(ran.word("BITS"), 0o40, "%PIILO");
}
