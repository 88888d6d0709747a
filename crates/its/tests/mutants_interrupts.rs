//! How interrupts are given and dismissed, against ITS's
//! `doc/sysdoc/intrup.108` and `_calls.127` (DISMIS): new-style tables
//! with several groups, the second word, %OPOPC, interrupts no group
//! takes, an unusable handler (BADPI), the order of the two words in the
//! old style, and DISMIS's immediate form and overriding arguments.
//! Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nE=5\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

#[test]
fn the_first_group_that_takes_an_interrupt_gets_it() {
    // intrup.108: groups are looked at in turn; the one whose bits include
    // the interrupt pushes it (second-word bits in its second word), sets
    // its defer words and runs its handler. Here %PIIOC's group is first,
    // the second-word group second: a second-word interrupt skips the
    // first group.
    let src = prog(
        "LOC 42\n\t-13,,TABLE\nLOC 100\n\
         TABLE:\tPDLP\n\t%PIIOC ? 0 ? 0 ? 0 ? H1\n\
         \t0 ? 10 ? 0 ? 30 ? H2\n\
         GO:\t.SUSET [.SOPTION,,[%OPINT,,0]]\n\t.SUSET [.SMSK2,,[10]]\n\
         \t.SUSET [.SIFPIR,,[10]]\n\
         AFTER:\tMOVEI B,1\n\t.LOGOUT 1,\n\
         H1:\t.VALUE\n\
         H2:\t.SUSET [.RDF2,,DF2]\n\t.SUSET [.RIFPIR,,IFPIR]\n\
         \t.CALL [SETZ ? SIXBIT /DISMIS/ ? SETZ PDLP]\n\t .LOSE\n\
         PDLP:\t-20,,PDL-1\nDF2:\t0\nIFPIR:\t-1\nPDL:\tBLOCK 20",
    );
    let ran = run("groups", &src);
    ran.finished();
    assert_eq!(ran.at("PDL", 0), 0, "no first-word bits");
    assert_eq!(ran.at("PDL", 1), 0o10, "the second-word bit");
    assert_eq!(ran.at("PDL", 4) & 0o777777, ran.address("AFTER") as u64);
    assert_eq!(ran.word("DF2"), 0o30, "the group's defer bits");
    assert_eq!(ran.word("IFPIR"), 0, "taken off the request word");
    assert_eq!(ran.word("B"), 1);
}

#[test]
fn an_enabled_error_no_group_takes_is_fatal() {
    // intrup.108: "pending enabled undeferred interrupts not included in
    // any group ... are considered immediately fatal".
    let src = prog(
        "LOC 42\n\t-6,,TABLE\nLOC 100\n\
         TABLE:\tPDLP\n\t%PIIOC ? 0 ? 0 ? 0 ? H1\n\
         GO:\t.SUSET [.SOPTION,,[%OPINT,,0]]\n\t.SUSET [.SMASK,,[%PIMPV+%PIIOC]]\n\
         \tMOVE A,377777\n\t.LOGOUT 1,\n\
         H1:\t.VALUE\nPDLP:\t-20,,PDL-1\nPDL:\tBLOCK 20",
    );
    let ran = run("nogroup", &src);
    assert_eq!(ran.outcome.exit_status(), 2, "{:?}", ran.outcome);
    assert!(ran.outcome.message().unwrap().starts_with("MPV;"));
    assert_eq!(
        ran.word("PDLP") & 0o777777,
        ran.address("PDL") as u64 - 1,
        "nothing pushed"
    );
}

#[test]
fn opopc_leaves_the_pc_at_the_aborted_instruction() {
    // intrup.108 / usets.120 .OPTION %OPOPC: the PC saved for a class 2
    // error is the instruction's own, not the one after it.
    let tsint = "TSINT:\t0\n\t0\n\tMOVE C,TSINT+1\n\tMOVEM C,PCW\n\t.DISMIS [AFTER]\nPCW:\t0";
    let src = prog(&format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SOPTION,,[%OPOPC,,0]]\n\t.SUSET [.SMASK,,[%PIMPV]]\n\
         BAD:\tMOVE A,377777\n\
         AFTER:\t.LOGOUT 1,\n{tsint}"
    ));
    let ran = run("opopc", &src);
    ran.finished();
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("BAD") as u64);
    // Without it, the PC after.
    let src = src.replace("\t.SUSET [.SOPTION,,[%OPOPC,,0]]\n", "\tJFCL\n");
    let ran = run("noopopc", &src);
    ran.finished();
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("AFTER") as u64);
}

#[test]
fn a_class_2_error_deferred_is_fatal() {
    // intrup.108 class 2: fatal "unless enabled and undeferred"; .DF1.
    let src = prog(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIMPV]]\n\t.SUSET [.SDF1,,[%PIMPV]]\n\
         \tMOVE A,377777\n\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\t.DISMIS TSINT+1",
    );
    let ran = run("deferred", &src);
    assert_eq!(ran.outcome.exit_status(), 2, "{:?}", ran.outcome);
    assert_eq!(ran.word("TSINT"), 0, "not given");
}

#[test]
fn an_interrupt_with_no_handler_at_42_is_badpi() {
    // Old style: 42 holds the JSR to TSINT; a zero there leaves nowhere to
    // put the interrupt: the job stops.
    let src = prog("GO:\t.SUSET [.SMASK,,[%PIMPV]]\n\tMOVE A,377777\n\t.LOGOUT 1,");
    let ran = run("badpi", &src);
    assert_eq!(ran.outcome.exit_status(), 2, "{:?}", ran.outcome);
    assert!(
        ran.outcome.message().unwrap().starts_with("BADPI"),
        "{:?}",
        ran.outcome
    );
}

#[test]
fn old_style_gives_the_first_word_before_the_second() {
    // intrup.108 old style: the first word's pending interrupts, if any,
    // are given first; the second word's (with 4.9 set) after the .DISMIS.
    let src = prog(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SPICLR,,[0]]\n\
         \t.SUSET [.SMASK,,[%PIRLT]]\n\t.SUSET [.SMSK2,,[2]]\n\
         \t.SUSET [.SPIRQC,,[%PIRLT]]\n\t.SUSET [.SIFPIR,,[2]]\n\
         \t.SUSET [.SPICLR,,[-1]]\n\
         \t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tAOS N\n\tMOVE C,N\n\tMOVE D,TSINT\n\tMOVEM D,W(C)\n\t.DISMIS TSINT+1\n\
         N:\t0\nW:\t0\n\t0\n\t0",
    );
    let ran = run("twowords", &src);
    ran.finished();
    assert_eq!(ran.word("N"), 2);
    assert_eq!(ran.at("W", 1), 0o200000_000000, "%PIRLT first");
    assert_eq!(ran.at("W", 2), 0o400000_000002, "then the second word");
}

#[test]
fn dismis_immediate_takes_df1_df2_and_pc_from_three_words() {
    // intrup.108: .CALL [SETZ ? 'DISMIS ? SETZI 2+[DF1 ? DF2 ? PC]]: the
    // defer words and the PC from the three words, nothing popped.
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /DISMIS/ ? SETZI 2+[11 ? 22 ? THERE]]\n\t .LOSE\n\
         \t.VALUE\n\
         THERE:\t.SUSET [.RDF1,,DF1]\n\t.SUSET [.RDF2,,DF2]\n\t.SUSET [.RPICLR,,PICLR]\n\
         \t.LOGOUT 1,\nDF1:\t0\nDF2:\t0\nPICLR:\t0",
    );
    let ran = run("dismisimm", &src);
    ran.finished();
    assert_eq!(ran.word("DF1"), 0o11);
    assert_eq!(ran.word("DF2"), 0o22);
    assert_eq!(ran.word("PICLR"), 0o777777_777777, "interrupts on again");
}

#[test]
fn dismis_arguments_2_to_4_override_the_stack() {
    // _calls.127 DISMIS: arg 2 the PC, arg 3 .DF1, arg 4 .DF2, each in
    // place of what is on the stack; five words are popped all the same.
    let src = prog(
        "GO:\tMOVE P,[-20,,PDL-1]\n\tPUSH P,[1]\n\tPUSH P,[2]\n\tPUSH P,[3]\n\tPUSH P,[4]\n\tPUSH P,[NOTME]\n\
         \tMOVEM P,P0\n\
         \t.CALL [SETZ ? SIXBIT /DISMIS/ ? P ? [THERE] ? [55] ? SETZ [66]]\n\t .LOSE\n\
         NOTME:\t.VALUE\n\
         THERE:\t.SUSET [.RDF1,,DF1]\n\t.SUSET [.RDF2,,DF2]\n\
         \t.LOGOUT 1,\nP0:\t0\nDF1:\t0\nDF2:\t0\nPDL:\tBLOCK 20",
    );
    let ran = run("dismisargs", &src);
    ran.finished();
    assert_eq!(ran.word("DF1"), 0o55);
    assert_eq!(ran.word("DF2"), 0o66);
    assert_eq!(ran.word("P"), ran.word("P0") - 0o5_000005);
    // Without the overrides the stack's three top words are the PC, .DF2
    // and .DF1.
    let src = src
        .replace("? P ? [THERE] ? [55] ? SETZ [66]]", "? SETZ P]")
        .replace("[NOTME]", "[THERE]");
    let ran = run("dismisstack", &src);
    ran.finished();
    assert_eq!(ran.word("DF1"), 3);
    assert_eq!(ran.word("DF2"), 4);
}

#[test]
fn dot_dismis_restores_the_flags_in_user_mode() {
    // uuos.114 .DISMIS: jumps to the PC in the word at E "restoring
    // flags"; the job stays in user mode.
    let src = prog(
        "GO:\t.DISMIS [200000,,THERE]\n\t.VALUE\n\
         THERE:\tJSP A,.+1\n\t.LOGOUT 1,",
    );
    let ran = run("dismisflags", &src);
    ran.finished();
    let flags = ran.word("A") >> 18;
    assert_ne!(flags & 0o200000, 0, "the flag from the word");
    assert_ne!(flags & ka10::flags::USER as u64, 0, "user mode");
}

#[test]
fn a_pdl_overflow_not_enabled_is_ignored() {
    // intrup.108 class 3 (%PIPDL): nothing happens unless enabled.
    let src = prog("GO:\tMOVE P,[-1,,PDL-1]\n\tPUSH P,A\n\tPUSH P,A\n\t.LOGOUT 1,\nPDL:\tBLOCK 4");
    let ran = run("pdlquiet", &src);
    ran.finished();
}

#[test]
fn forty_addr_moves_where_interrupts_look() {
    // usets.120 .40ADDR: "if .40ADDR is set to 500, the system expects
    // location 502 to contain the address of the interrupt routine".
    let src = prog(
        "LOC 502\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.S40ADDR,,[500]]\n\t.SUSET [.SMASK,,[%PIMPV]]\n\
         \tMOVE A,377777\n\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tAOS N\n\t.DISMIS TSINT+1\nN:\t0",
    );
    let ran = run("fortyint", &src);
    ran.finished();
    assert_eq!(ran.word("N"), 1);
    assert_eq!(ran.word("TSINT"), 0o20000, "%PIMPV");
}

#[test]
fn an_illegal_operation_the_job_handles_goes_on_after_it() {
    // intrup.108: %PIILO (1.6) is class 2: with it enabled the handler
    // gets it and the PC after the failing instruction (without %OPOPC).
    let src = prog(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIILO]]\n\
         \t.OPER 7777\n\
         AFTER:\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\tMOVE C,TSINT+1\n\tMOVEM C,PCW\n\
         \t.DISMIS TSINT+1\nBITS:\t0\nPCW:\t0",
    );
    let ran = run("ilohandled", &src);
    ran.finished();
    assert_eq!(ran.word("BITS"), 0o40);
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("AFTER") as u64);
}
