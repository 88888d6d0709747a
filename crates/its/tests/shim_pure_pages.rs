//! Read-only (pure) pages trap on write: ITS's %PIWRO, "write in read-only
//! page", class 2 (doc/sysdoc/%pi.105): the instruction is aborted, .MPVA
//! holds the page's first address, the PC is left at the instruction when
//! %OPOPC is set and after it otherwise; without a handler the job stops
//! (DDT's name for it is PURPG).

mod mutants_support;
use mutants_support::run_typed;

/// CORBLK of a fresh page at page 10 with read access only.
const FRESH_READ_ONLY: &str =
    "\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBRED ? %CLIMM,,777777 ? %CLIMM,,10 ? SETZI 777773]\n\t .LOSE\n";
/// The same page made writable (this job's own page 10, %CBNDW).
const MAKE_WRITABLE: &str =
    "\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,10 ? SETZI 777777]\n\t .LOSE\n";

/// An old-style handler (intrup.108): keeps the bits, the PC word and
/// .MPVA, counts, makes page 10 writable and dismisses to the saved PC.
fn handler() -> String {
    format!(
        "TSINT:\t0\n\t0\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\tMOVE C,TSINT+1\n\tMOVEM C,PCW\n\
         \t.SUSET [.RMPVA,,MPVA]\n\tAOS COUNT\n{MAKE_WRITABLE}\t.DISMIS TSINT+1\n\
         BITS:\t0\nPCW:\t0\nMPVA:\t0\nCOUNT:\t0\n"
    )
}

#[test]
fn a_store_into_a_read_only_page_without_a_handler_stops_the_job() {
    let ran = run_typed(
        "wro-fatal",
        &format!(
            "LOC 100\nGO:{FRESH_READ_ONLY}\tMOVE A,10*2000+5\n\tMOVEI A,7\n\
             STORE:\tMOVEM A,10*2000+5\n\t.LOGOUT 1,\n"
        ),
        b"",
    );
    let (pc, message) = ran.program_error();
    assert_eq!(pc, ran.address("STORE"));
    assert!(message.starts_with("PURPG;"), "{message}");
    assert!(message.contains("20005"), "{message}");
    assert_eq!(ran.job.cpu().read(0o20005).unwrap().raw(), 0, "not stored");
}

#[test]
fn the_handler_gets_wro_with_mpva_and_the_pc_at_the_instruction() {
    // %OPOPC: the PC saved is the aborted instruction's; after the handler
    // has made the page writable, the store is done again and succeeds.
    let ran = run_typed(
        "wro-handled",
        &format!(
            "LOC 42\n\tJSR TSINT\nLOC 100\n\
             GO:\t.SUSET [.SOPTION,,[%OPOPC,,0]]\n\t.SUSET [.SMASK,,[%PIWRO]]\n{FRESH_READ_ONLY}\
             \tMOVEI A,7\nSTORE:\tMOVEM A,10*2000+5\n\tMOVE B,10*2000+5\n\t.LOGOUT 1,\n{}",
            handler()
        ),
        b"",
    );
    ran.finished();
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("BITS"), 0o200000_000000 >> 9, "%PIWRO");
    assert_eq!(ran.word("MPVA"), 0o20000, "the page's first address");
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("STORE") as u64);
    assert_eq!(ran.job.cpu().ac(2).raw(), 7, "stored the second time");
}

#[test]
fn without_opopc_the_saved_pc_is_after_the_instruction() {
    let ran = run_typed(
        "wro-old-pc",
        &format!(
            "LOC 42\n\tJSR TSINT\nLOC 100\n\
             GO:\t.SUSET [.SMASK,,[%PIWRO]]\n{FRESH_READ_ONLY}\
             \tMOVEI A,7\nSTORE:\tMOVEM A,10*2000+5\nAFTER:\tMOVE B,10*2000+5\n\t.LOGOUT 1,\n{}",
            handler()
        ),
        b"",
    );
    ran.finished();
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("AFTER") as u64);
    // The store was aborted and not done again.
    assert_eq!(ran.job.cpu().ac(2).raw(), 0);
}

#[test]
fn an_mpv_handler_does_not_take_a_write_into_a_read_only_page() {
    // %PIMPV enabled, %PIWRO not: the write is still fatal, as PURPG.
    let ran = run_typed(
        "wro-not-mpv",
        &format!(
            "LOC 42\n\tJSR TSINT\nLOC 100\n\
             GO:\t.SUSET [.SMASK,,[%PIMPV]]\n{FRESH_READ_ONLY}\
             \tMOVEI A,7\nSTORE:\tMOVEM A,10*2000+5\n\t.LOGOUT 1,\n{}",
            handler()
        ),
        b"",
    );
    let (pc, message) = ran.program_error();
    assert_eq!(pc, ran.address("STORE"));
    assert!(message.starts_with("PURPG;"), "{message}");
}

#[test]
fn a_page_made_read_only_by_corblk_traps_and_writable_again_does_not() {
    // The program's own page 1 (its data), first made read-only by CORBLK
    // of this job's page with %CBRED, then writable with %CBNDW.
    let ran = run_typed(
        "wro-own-page",
        "LOC 100\n\
         GO:\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,1 ? SETZI 777773]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBRED ? %CLIMM,,777777 ? %CLIMM,,1 ? SETZI 777777]\n\t .LOSE\n\
         \tMOVE A,2000\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,1 ? SETZI 777777]\n\t .LOSE\n\
         \tMOVEI A,3\n\tMOVEM A,2000\n\
         \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBRED ? %CLIMM,,777777 ? %CLIMM,,1 ? SETZI 777777]\n\t .LOSE\n\
         STORE:\tMOVEM A,2001\n\t.LOGOUT 1,\n",
        b"",
    );
    let (pc, _) = ran.program_error();
    assert_eq!(pc, ran.address("STORE"));
    assert_eq!(ran.job.cpu().read(0o2000).unwrap().raw(), 3);
    assert_eq!(ran.job.cpu().read(0o2001).unwrap().raw(), 0);
}

#[test]
fn a_deleted_read_only_page_comes_back_writable() {
    // Deleting a pure page (CORBLK with no access) and asking for a fresh
    // writable one there: no trace of the old protection.
    let ran = run_typed(
        "wro-delete",
        &format!(
            "LOC 100\nGO:{FRESH_READ_ONLY}\
             \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,0 ? %CLIMM,,777777 ? SETZI 10]\n\t .LOSE\n\
             \t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBNDW ? %CLIMM,,777777 ? %CLIMM,,10 ? SETZI 777773]\n\t .LOSE\n\
             \tMOVEI A,4\n\tMOVEM A,10*2000\n\tMOVE B,10*2000\n\t.LOGOUT 1,\n"
        ),
        b"",
    );
    ran.finished();
    assert_eq!(ran.job.cpu().ac(2).raw(), 4);
}

/// The message of a run that stopped on something not implemented.
fn unimplemented(ran: &mutants_support::Ran) -> (u32, String) {
    match &ran.outcome {
        its::Outcome::Unimplemented { pc, message } => (*pc, message.clone()),
        other => panic!("not stopped as unimplemented: {other:?}"),
    }
}

#[test]
fn corblk_of_an_absolute_page_is_refused_naming_it() {
    // _calls.127: source %JSABS (777772) maps a page of the machine's
    // physical memory; there is none here. The job stops (exit 3) at the
    // call, naming the page it asked for; nothing is mapped.
    let ran = run_typed(
        "corblk-abs",
        "LOC 100\n\
         GO:\t.CALL [SETZ ? SIXBIT /CORBLK/ ? %CLIMM,,%CBRED ? %CLIMM,,777777 ? %CLIMM,,7 ? %CLIMM,,777772 ? SETZI 3]\n\t .LOSE\n\
         \t.LOGOUT 1,\n",
        b"",
    );
    let (pc, message) = unimplemented(&ran);
    assert_eq!(pc, ran.address("GO"));
    assert!(
        message.contains("absolute (system) page into page 7"),
        "{message}"
    );
    assert_eq!(ran.job.cpu().memory_size(), 0o2000, "no page 7");
}

#[test]
fn cblk_of_an_absolute_page_is_refused() {
    // uuos.114 .CBLK: operation 1 (bits 4.3-4.1) inserts an absolute page.
    let ran = run_typed(
        "cblk-abs",
        "LOC 100\nGO:\tMOVE A,[1000,,403000]\nCALL:\t.CBLK A,\n\t .LOSE\n\t.LOGOUT 1,\n",
        b"",
    );
    let (pc, message) = unimplemented(&ran);
    assert_eq!(pc, ran.address("CALL"));
    assert!(message.contains(".CBLK operation 1"), "{message}");
}

/// A PDUMP file (binfmt.101) of the SBLK program `source`'s words, all in
/// page 0 with access `access0`, and page 1 with access `access1` holding
/// 777 at 2005.
fn pdump(source: &str, access0: u64, access1: u64) -> its::Image {
    let (sblk, _) = mutants_support::image(source);
    let mut file = vec![pdp10_isa::Word::ZERO; 1024];
    file[1] = pdp10_isa::Word::new(access0);
    file[2] = pdp10_isa::Word::new(access1);
    let mut page0 = vec![pdp10_isa::Word::ZERO; 1024];
    for (address, words) in &sblk.blocks {
        for (k, w) in words.iter().enumerate() {
            page0[*address as usize + k] = *w;
        }
    }
    let mut page1 = vec![pdp10_isa::Word::ZERO; 1024];
    page1[5] = pdp10_isa::Word::new(0o777);
    file.extend(page0);
    file.extend(page1);
    file.push(sblk.start);
    file.push(sblk.start);
    its::loader::load_words(&file).unwrap()
}

fn run_image(name: &str, image: &its::Image) -> its::Outcome {
    let config = its::JobConfig::captured(&mutants_support::scratch(name), "TEST", None);
    let mut job = its::Job::new(image, config).unwrap();
    job.run(10_000, &mut ka10::NoTrace).unwrap()
}

const PDUMP_PROGRAM: &str = "TITLE T\nA=1\nLOC 100\n\
    GO:\tMOVE A,2005\n\tMOVEM A,1000\nSTORE:\tMOVEM A,2005\n\t.LOGOUT 1,\nEND GO\n";

#[test]
fn a_pdump_files_pure_pages_load_read_only() {
    // Page 1 pure (200000): reading it works, storing into it is %PIWRO,
    // fatal without a handler, at the store (103).
    let image = pdump(PDUMP_PROGRAM, 0o600000, 0o200000);
    assert_eq!(image.read_only, vec![1]);
    match run_image("pdump-pure", &image) {
        its::Outcome::ProgramError { pc, message } => {
            assert_eq!(pc, 0o102, "{message}");
            assert!(message.starts_with("PURPG;"), "{message}");
        }
        other => panic!("{other:?}"),
    }
    // The same page impure (600000): the store is done, the job finishes.
    let image = pdump(PDUMP_PROGRAM, 0o600000, 0o600000);
    assert!(image.read_only.is_empty());
    assert_eq!(
        run_image("pdump-impure", &image),
        its::Outcome::Finished { message: None }
    );
}
