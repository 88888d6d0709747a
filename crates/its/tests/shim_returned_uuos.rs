//! "Returnable" UUOs (doc/sysdoc/uuos.114, the part before the system
//! calls): opcode 000 and the undefined opcodes past the system calls trap
//! to ITS, which hands them to the job through its 40 and 41 when 41 holds
//! an unindexed, direct JSR with AC 0 (or an opcode 0) to a nonzero address,
//! and gives an ILOPR interrupt otherwise. MIDAS 77 reports its assembly
//! errors this way: an error is a word `(SIXBIT /NED/)`, opcode 000, that
//! traps through `LOC 41 / JSR ERROR`.

mod mutants_support;
use mutants_support::run_typed;

/// A job whose 41 is `handler`; GO runs `uuo`, then `.LOGOUT 1,`. UUOH
/// saves 40 in SAVED and its return PC in RET, and returns.
fn job(handler: &str, uuo: &str) -> String {
    format!(
        "LOC 41\n\t{handler}\nLOC 100\n\
         GO:\t{uuo}\nBACK:\tMOVEI B,1\n\t.LOGOUT 1,\n\
         UUOH:\t0\n\tMOVE C,40\n\tMOVEM C,SAVED\n\
         \tMOVE C,UUOH\n\tMOVEM C,RET\n\tJRST @UUOH\n\
         SAVED:\t0\nRET:\t0\nCELL:\t0\n"
    )
}

#[test]
fn opcode_zero_goes_to_the_jsr_at_41_as_midas_77_errors_do() {
    // (SIXBIT /NED/) is the SIXBIT word with its halves swapped: 0,,564544.
    let ran = run_typed("uuo-zero", &job("JSR UUOH", "(SIXBIT /NED/)"), b"");
    ran.finished();
    assert_eq!(ran.word("SAVED"), 0o000000_564544, "the UUO in 40");
    assert_eq!(
        ran.word("RET") & 0o777777,
        ran.address("BACK") as u64,
        "return PC after the UUO"
    );
    assert_eq!(ran.word("B"), 1, "the job went on after the handler");
}

#[test]
fn the_uuo_in_40_has_its_effective_address_and_no_index_or_indirect() {
    // "it is stored in location 40 with the index and indirect fields
    // zeroed and the address field replaced by the effective address".
    let ran = run_typed(
        "uuo-zero-ea",
        &job("JSR UUOH", "MOVEI D,CELL\nUUO:\t000140,,0(D)"),
        b"",
    );
    ran.finished();
    // AC field 3 (bits 000140) kept; X cleared; E = CELL.
    assert_eq!(
        ran.word("SAVED"),
        0o000140_000000 | ran.address("CELL") as u64
    );
    assert_eq!(ran.word("RET") & 0o777777, ran.address("BACK") as u64);
}

#[test]
fn an_opcode_zero_in_41_is_taken_as_a_jsr() {
    // uuos.114 rule 2: "If the opcode in 41 is 0, the system treats it as
    // if it were a JSR."
    let ran = run_typed("uuo-41-zero", &job("0,,UUOH", "050000,,7"), b"");
    ran.finished();
    assert_eq!(ran.word("SAVED"), 0o050000_000007);
    assert_eq!(ran.word("RET") & 0o777777, ran.address("BACK") as u64);
}

#[test]
fn a_41_the_system_cannot_simulate_makes_the_uuo_an_illegal_operation() {
    // uuos.114 rules 1 and 3: not a JSR, an indexed or indirect JSR, a JSR
    // with a nonzero AC field, or a JSR to 0: an ILOPR interrupt (fatal
    // here, where the job enables none), at the UUO, the handler untouched.
    for (name, handler) in [
        ("uuo-41-jsp", "JSP A,UUOH"),
        ("uuo-41-indexed", "JSR UUOH(D)"),
        ("uuo-41-indirect", "JSR @[UUOH]"),
        ("uuo-41-ac", "JSR 1,UUOH"),
        ("uuo-41-zero-address", "JSR 0"),
    ] {
        let ran = run_typed(name, &job(handler, "(SIXBIT /NED/)"), b"");
        let (pc, message) = ran.program_error();
        assert_eq!(pc, ran.address("GO"), "{handler}");
        assert!(message.starts_with("ILOPR;"), "{handler}: {message}");
        assert_eq!(ran.word("UUOH"), 0, "{handler}: handler not entered");
        assert_eq!(ran.word("SAVED"), 0, "{handler}");
    }
}

#[test]
fn a_jsr_with_an_ac_still_handles_the_processors_own_user_uuos() {
    // uuos.114: a nonzero AC in 41's JSR "is a way for a program to say
    // explicitly that it doesn't want to have uuos returned, but still
    // handle user uuos" (001-037, which the processor traps without ITS).
    let ran = run_typed("uuo-41-ac-user", &job("JSR 1,UUOH", "001000,,5"), b"");
    ran.finished();
    assert_eq!(ran.word("SAVED"), 0o001000_000005);
    assert_eq!(ran.word("RET") & 0o777777, ran.address("BACK") as u64);
}

#[test]
fn a_returned_uuo_with_an_illegal_operation_handler_interrupts() {
    // The ILOPR is an interrupt: a job that enables %PIILO gets it (old
    // style, JSR at 42) instead of stopping.
    let ran = run_typed(
        "uuo-ilopr-handled",
        "LOC 41\n\tJSR 1,UUOH\nLOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIILO]]\n\t(SIXBIT /NED/)\n\t.LOGOUT 1,\n\
         UUOH:\t0\n\tJRST @UUOH\n\
         TSINT:\t0\n\t0\n\tMOVE A,TSINT\n\tMOVEM A,BITS\n\t.DISMIS TSINT+1\n\
         BITS:\t0\n",
        b"",
    );
    ran.finished();
    assert_eq!(ran.word("BITS"), 0o40, "%PIILO");
    assert_eq!(ran.word("UUOH"), 0, "the UUO was not returned");
}
