//! CORBLK of one of the job's own pages at another address (`%JSELF`
//! with a different source page, `doc/sysdoc/_calls.127`): one page at two
//! addresses, a store through either seen through both; deleting one
//! leaves the other; CORTYP names the next sharer (NCORTY in ITS's
//! core.83: the job's user index and the page, and the number of sharers).

mod mutants_support;
use its::Outcome;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

/// CORBLK `bits` into page `page` from this job's page `from`.
fn share(bits: &str, page: &str, from: &str) -> String {
    format!(
        "\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,{bits} ? %CLIMM,,777777 ? %CLIMM,,{page} ? %CLIMM,,777777 ? SETZI {from}]\n"
    )
}

/// CORTYP of page `page` into the four words at `at`.
fn cortyp(page: &str, at: &str) -> String {
    format!(
        "\t.CALL [SETZ ? SIXBIT /CORTYP/ ? %CLIMM,,{page} ? %CLOUT,,{at} ? %CLOUT,,{at}+1 ? %CLOUT,,{at}+2 ? SETZM {at}+3]\n\t .LOSE\n"
    )
}

const FRESH_4: &str =
    "\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,4 ? SETZI 777773]\n\t .LOSE\n";

#[test]
fn a_page_shared_at_two_addresses_is_one_page() {
    // Page 4 is 10000-11777, page 6 14000-15777.
    let src = format!(
        "{HEAD}GO:{FRESH_4}\tMOVEI A,111\n\tMOVEM A,10005\n{share}\t .LOSE\n\
         \tMOVE D,14005\n\tMOVEM D,COPIED\n\
         \tMOVEI A,222\n\tMOVEM A,14005\n\tMOVE B,10005\n\tMOVEM B,SEEN4\n\
         \tMOVEI A,333\n\tMOVEM A,10006\n\tMOVE C,14006\n\tMOVEM C,SEEN6\n\
         \tMOVEI A,1\n\tADDM A,14006\n\tMOVE C,10006\n\tMOVEM C,ADDED\n\
         {typ4}{typ6}\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,0 ? %CLIMM,,777777 ? SETZI 6]\n\t .LOSE\n\
         \tMOVEI A,444\n\tMOVEM A,10005\n\tMOVE B,10005\n\tMOVEM B,AFTER\n{typ4b}\
         \t.LOGOUT 1,\n\
         COPIED:\t0\nSEEN4:\t0\nSEEN6:\t0\nADDED:\t0\nAFTER:\t0\n\
         T4:\tBLOCK 4\nT6:\tBLOCK 4\nT4B:\tBLOCK 4\nEND GO",
        share = share("%CBNDW", "6", "4"),
        typ4 = cortyp("4", "T4"),
        typ6 = cortyp("6", "T6"),
        typ4b = cortyp("4", "T4B"),
    );
    let ran = run("shared", &src);
    ran.finished();
    assert_eq!(
        ran.word("COPIED"),
        0o111,
        "the page's words at its new address"
    );
    assert_eq!(ran.word("SEEN4"), 0o222, "stored at 14005, read at 10005");
    assert_eq!(ran.word("SEEN6"), 0o333, "stored at 10006, read at 14006");
    assert_eq!(
        ran.word("ADDED"),
        0o334,
        "ADDM through 14006, read at 10006"
    );
    // CORTYP: writable and readable; next sharer is this job (user index
    // 7, as .UIND reads) at page 6 (and 4 from 6); two sharers, in core.
    let rw = 0o600000 << 18;
    let t = |name: &str| -> Vec<u64> { (0..4).map(|k| ran.at(name, k)).collect() };
    assert_eq!(t("T4"), vec![rw, 0o7, 0o6, (1 << 35) | 2]);
    assert_eq!(t("T6"), vec![rw, 0o7, 0o4, (1 << 35) | 2]);
    // Page 6 deleted: page 4 keeps its words and is unshared again.
    assert_eq!(ran.word("AFTER"), 0o444);
    assert_eq!(t("T4B"), vec![rw, (1 << 36) - 1, 0, (1 << 35) | 1]);
}

#[test]
fn a_read_only_page_shares_read_only_and_refuses_ndw() {
    // Page 4 made read-only (%CBRED from itself); sharing it at page 6
    // with %CBWRT gives read access only; with %CBNDW it fails with 32
    // (CAN'T GET THAT ACCESS TO PAGE).
    let src = format!(
        "{HEAD}GO:{FRESH_4}\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBRED ? %CLIMM,,777777 ? %CLIMM,,4 ? SETZI 777777]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,6 ? %CLIMM,,777777 ? %CLERR,,ERR ? SETZI 4]\n\
         \t SKIPA\n\t .LOSE\n\
         {share}\t .LOSE\n{typ6}\
         \t.LOGOUT 1,\nERR:\t0\nT6:\tBLOCK 4\nEND GO",
        share = share("%CBWRT", "6", "4"),
        typ6 = cortyp("6", "T6"),
    );
    let ran = run("sharedro", &src);
    ran.finished();
    assert_eq!(ran.word("ERR"), 0o32);
    assert_eq!(ran.at("T6", 0), 0o200000 << 18, "read access only");
}

#[test]
fn a_store_into_the_read_only_address_of_a_shared_page_is_refused() {
    // Page 6 shares page 4 read-only (%CBRED); a store through 14005 is a
    // write in a read-only page (PURPG without a handler), while page 4
    // stays writable.
    let src = format!(
        "{HEAD}GO:{FRESH_4}{share}\t .LOSE\n\
         \tMOVEI A,5\n\tMOVEM A,10005\n\tMOVE B,14005\n\tMOVEM B,SEEN\n\
         \tMOVEM A,14005\n\t.LOGOUT 1,\nSEEN:\t0\nEND GO",
        share = share("%CBRED", "6", "4"),
    );
    let ran = run("sharedpure", &src);
    assert_eq!(ran.word("SEEN"), 5);
    assert!(
        !matches!(ran.outcome, Outcome::Finished { .. }),
        "the store into the read-only address ran: {:?}",
        ran.outcome
    );
}
