//! Old-style UUOs of the `.CALL` family the shim answers from uuos.114.

mod mutants_support;
use mutants_support::run_typed;

#[test]
fn display_calls_return_without_a_skip_on_a_machine_without_a_display() {
    // its.1652 ("ILLUO NON-RELEVANT SYSTEM CALLS"): with neither a 340 nor
    // an E&S display, ADSTART, ADSTL, ALTPEN, ADSTOP, ADCLOS, ADSTEP,
    // ADCONT and ADWORD are URET, the return without a skip. Each of the
    // three that can skip counts its fall-through; the job goes on to the
    // end.
    let ran = run_typed(
        "display",
        "LOC 100\nGO:\t.DSTART LIST\n\tAOS NOSKIP\n\t.DSTRTL LIST\n\tAOS NOSKIP\n\
         \t.LTPEN LIST\n\tAOS NOSKIP\n\t.DSTOP\n\t.DCLOSE\n\t.DSTEP\n\t.DCONT\n\
         \t.DWORD A,\n\t.LOGOUT 1,\nNOSKIP:\t0\nLIST:\t0\n",
        b"",
    );
    ran.finished();
    assert_eq!(ran.word("NOSKIP"), 3);
    assert_eq!(ran.word("LIST"), 0, ".LTPEN stores nothing");
}

#[test]
fn a_job_handling_illegal_operations_gets_none_for_dstart() {
    // uuos.114 says %PIILO; the code of its.1652 gives none (URET).
    let ran = run_typed(
        "dstart-handled",
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIILO]]\nCALL:\t.DSTART LIST\n\tAOS NOSKIP\n\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tMOVE A,TSINT\n\tMOVEM A,BITS\n\t.DISMIS TSINT+1\n\
         BITS:\t0\nNOSKIP:\t0\nLIST:\t0\n",
        b"",
    );
    ran.finished();
    assert_eq!(ran.word("BITS"), 0, "no interrupt");
    assert_eq!(ran.word("NOSKIP"), 1);
}
