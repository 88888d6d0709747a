//! How a job's run ends and what the shim tells it, checked through small
//! MIDAS programs against ITS's documentation (`doc/sysdoc/uuos.114` for the
//! UUOs, `doc/sysdoc/_calls.127` for the .CALLs, `doc/sysdoc/usets.*` for
//! the .SUSET variables) and the crate's table of exit statuses. Written
//! for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

#[test]
fn exit_statuses_follow_the_documented_table() {
    // .LOGOUT n, with n from 2 to 17 reports failure: exit status n - 1.
    let ran = run("logout3", "GO:\t.LOGOUT 3,\n");
    assert_eq!(ran.outcome.exit_status(), 2);
    let ran = run("value", "GO:\t.VALUE\n");
    assert_eq!(ran.outcome.exit_status(), 1);
    let ran = run("lose", "GO:\t.LOSE\n");
    assert_eq!(ran.outcome.exit_status(), 2);
    let ran = run("budget", "GO:\tJRST GO\n");
    assert_eq!(ran.outcome.exit_status(), 4);
    let ran = run("logout1", "GO:\t.LOGOUT 1,\n");
    assert_eq!(ran.outcome.exit_status(), 0);
}

/// Common definitions for the programs below.
const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nE=5\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

#[test]
fn a_run_longer_than_one_look_at_the_stop_question_goes_on() {
    // Three million instructions: three chunks of the run between looks
    // at `stop`; the budget is not reached, so the job logs out.
    let src = prog("GO:\tMOVE A,[1000000.]\n\tSOJG A,.\n\tSOJG A,.\n\tMOVE A,[1000000.]\n\tSOJG A,.\n\t.LOGOUT 1,");
    let ran = run_in(
        &scratch("long"),
        &src,
        Setup {
            budget: 10_000_000,
            ..Setup::default()
        },
    );
    ran.finished();
    assert!(ran.job.instructions() > 2_000_000);
}

#[test]
fn logout_closes_channels_and_installs_output_files() {
    // uuos.114: .LOGOUT closes every channel; an output file open on one
    // is written like a .CLOSE writes it.
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'DSK ? SIXBIT /OUT/ ? SIXBIT /FILE/]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,[\"O]\n\t.IOT 1,[\"K]\n\t.LOGOUT 1,",
    );
    let ran = run("logoutclose", &src);
    ran.finished();
    let text = std::fs::read(ran.dsk.join("puzzle/out.file")).expect("installed");
    assert_eq!(text, b"OK");
}

#[test]
fn value_with_kill_commands_logs_out_and_other_commands_stop() {
    // .VALUE E: DDT executes the ASCIZ string at E; :KILL kills the job.
    let ran = run("valkill", &prog("GO:\t.VALUE [ASCIZ /:KILL/]"));
    ran.finished();
    let ran = run("valother", &prog("GO:\t.VALUE [ASCIZ /FOO$G/]"));
    assert_eq!(ran.outcome.exit_status(), 1);
    assert!(
        ran.outcome.message().unwrap().contains("\"FOO$G\""),
        "{:?}",
        ran.outcome
    );
}

#[test]
fn rjcl_reads_the_whole_command_line() {
    // .BREAK 12,[..RJCL,,BUF]: the JCL, five 7-bit characters a word,
    // ending with CR, then a zero word (uuos.114, ddtord).
    let src = prog("GO:\t.BREAK 12,[5,,BUF]\n\t.LOGOUT 1,\nBUF:\tBLOCK 10");
    let ran = run_in(
        &scratch("rjcl"),
        &src,
        Setup {
            jcl: Some("HELLO WORLD"),
            ..Setup::default()
        },
    );
    ran.finished();
    let ascii = |s: &[u8]| {
        let mut v = 0u64;
        for k in 0..5 {
            v = v << 7 | *s.get(k).unwrap_or(&0) as u64;
        }
        v << 1
    };
    assert_eq!(ran.at("BUF", 0), ascii(b"HELLO"));
    assert_eq!(ran.at("BUF", 1), ascii(b" WORL"));
    assert_eq!(ran.at("BUF", 2), ascii(b"D\r"));
    assert_eq!(ran.at("BUF", 3), 0);
}

#[test]
fn a_call_with_a_block_beyond_core_is_an_mpv() {
    // The job's core is its loaded pages: an argument beyond them is a
    // memory protection violation (MPV, class 2).
    let ran = run("mpvcall", &prog("GO:\t.OPEN 1,377777\n\t.LOGOUT 1,"));
    assert_eq!(ran.outcome.exit_status(), 2);
    assert!(
        ran.outcome.message().unwrap().starts_with("MPV;"),
        "{:?}",
        ran.outcome
    );
}

#[test]
fn trans_gives_the_names_back_with_the_sname_defaulted() {
    // _calls.127 TRANS: with no translations every name is itself; a zero
    // directory is the job's SNAME (PUZZLE here).
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /TRANS/ ? [SIXBIT /DSK/] ? [SIXBIT /FOO/] ? [SIXBIT /BAR/]\n\
         \t\t[0] ? %CLOUT,,O1 ? %CLOUT,,O2 ? %CLOUT,,O3 ? SETZM O4]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /TRANS/ ? [SIXBIT /DSK/] ? [SIXBIT /FOO/] ? [SIXBIT /BAR/]\n\
         \t\t[SIXBIT /MINE/] ? %CLOUT,,O1 ? %CLOUT,,O2 ? %CLOUT,,O3 ? SETZM O5]\n\t .LOSE\n\
         \t.LOGOUT 1,\nO1:\t0\nO2:\t0\nO3:\t0\nO4:\t0\nO5:\t0",
    );
    let ran = run("trans", &src);
    ran.finished();
    assert_eq!(ran.word("O1"), six("DSK"));
    assert_eq!(ran.word("O2"), six("FOO"));
    assert_eq!(ran.word("O3"), six("BAR"));
    assert_eq!(ran.word("O4"), six("PUZZLE"));
    assert_eq!(ran.word("O5"), six("MINE"));
}

#[test]
fn renmwo_gives_an_output_file_its_new_names() {
    // _calls.127 RENMWO: rename the file open on a channel; the output
    // file appears under the new names when closed.
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'DSK ? SIXBIT /_FOO_/ ? SIXBIT /OUTPUT/]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,[\"X]\n\
         \t.CALL [SETZ ? SIXBIT /RENMWO/ ? %CLIMM,,1 ? [SIXBIT /NEW/] ? SETZ [SIXBIT /NAME/]]\n\t .LOSE %LSFIL\n\
         \t.CLOSE 1,\n\t.LOGOUT 1,",
    );
    let ran = run("renmwo", &src);
    ran.finished();
    assert_eq!(
        std::fs::read(ran.dsk.join("puzzle/new.name")).unwrap(),
        b"X"
    );
}

#[test]
fn sopen_takes_the_mode_and_a_long_file_name_string() {
    // SOPEN: mode,,channel, then an ASCIZ file name "DEV:DIR;FN1 FN2"
    // read byte by byte across words.
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /SOPEN/ ? [.UAO,,2] ? SETZI [ASCIZ /DSK:PUZZLE;LONGER NAMES/]]\n\t .LOSE %LSFIL\n\
         \t.IOT 2,[\"Y]\n\t.CLOSE 2,\n\t.LOGOUT 1,",
    );
    let ran = run("sopen", &src);
    ran.finished();
    assert_eq!(
        std::fs::read(ran.dsk.join("puzzle/longer.names")).unwrap(),
        b"Y"
    );
}

/// Opens ERR: with FN1 3 and `status` as FN2 (a .STATUS word), and types
/// its text up to the form feed that ends it.
fn err_text(name: &str, status: u64) -> String {
    err_text_from(name, 3, status)
}

/// Opens ERR: with `fn1` and `fn2` and types its text.
fn err_text_from(name: &str, fn1: u64, fn2: u64) -> String {
    let src = prog(&format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.OPEN 2,[.UAI,,'ERR ? {fn1} ? {fn2:o}]\n\t .LOSE\n\
         LOOP:\t.IOT 2,A\n\tCAIN A,14\n\t JRST DONE\n\t.IOT 1,A\n\tJRST LOOP\n\
         DONE:\t.LOGOUT 1,"
    ));
    let ran = run(name, &src);
    ran.finished();
    ran.output.clone()
}

#[test]
fn err_device_words_ioc_errors_as_its_table_does() {
    // The ERR device's texts for I/O channel errors (bits 4.4-4.1 of a
    // .STATUS word) are ITS's ERMST3 table, which says some of them
    // differently from the list in _calls.127.
    assert_eq!(
        err_text("err1", 0o001000_000000),
        "DEVICE HUNG OR REPORTING NON-DATA ERROR\n"
    );
    assert_eq!(err_text("err2", 0o002000_000000), "END OF FILE\n");
    assert_eq!(
        err_text("err4", 0o004000_000000),
        "NON-EXISTENT SUB DEVICE\n"
    );
    assert_eq!(err_text("err11", 0o011000_000000), "DEVICE FULL\n");
    // An open failure in bits 3.6-3.1: the call error's message.
    assert_eq!(err_text("errf", 0o4_000000), "FILE NOT FOUND\n");
    // _calls.127 OPEN: first name 4, the second the code a .CALL's error
    // argument got (right-justified).
    assert_eq!(err_text_from("err4c", 4, 0o4), "FILE NOT FOUND\n");
    assert_eq!(err_text_from("err4d", 4, 0o20), "NON-EXISTENT DIRECTORY\n");
}

#[test]
fn loaded_symbols_name_addresses_in_messages() {
    // The SBLK file's symbol table (binfmt.101) gives DDT's names: a stop
    // names its place as SYMBOL+offset. Half-killed symbols (MIDAS `==`)
    // and AC numbers are not used for addresses.
    let src = prog("GO:\tJFCL\nHIDDEN==.\n\tJFCL\n\t.VALUE\nLATER:\t0");
    let (image, _) = image(&src);
    let names: Vec<&str> = image.symbols.iter().map(|(_, n)| n.as_str()).collect();
    assert!(
        names.contains(&"GO") && names.contains(&"LATER"),
        "{names:?}"
    );
    assert!(
        !names.contains(&"HIDDEN") && !names.contains(&"A"),
        "{names:?}"
    );
    assert_eq!(image.symbolic(0o102), "GO+2");
    let ran = run("symbols", &src);
    assert!(
        ran.outcome.message().unwrap().contains("GO+2>>.VALUE"),
        "{:?}",
        ran.outcome
    );
}

#[test]
fn a_debugged_job_keeps_its_files_open_until_closed() {
    // Job::run_slice (for DDT) leaves the job's files open when it stops;
    // Job::close_files then writes and closes them, as ITS does when a job
    // dies.
    let src = prog(
        "GO:\t.OPEN 1,[.UAO,,'DSK ? SIXBIT /SLICE/ ? SIXBIT /OUT/]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,[\"H]\n\t.IOT 1,[\"I]\n\t.VALUE\n\t.LOGOUT 1,",
    );
    let dsk = scratch("slice");
    let (image, _) = image(&src);
    let mut job = its::Job::new(&image, its::JobConfig::captured(&dsk, "TEST", None)).unwrap();
    let slice = job.run_slice(1000, &mut ka10::NoTrace, |_| false).unwrap();
    assert!(
        matches!(slice, its::Slice::Ended(its::Outcome::Value { .. })),
        "{slice:?}"
    );
    let file = dsk.join("puzzle/slice.out");
    assert!(!file.exists(), "written before the job is done with it");
    job.close_files().unwrap();
    assert_eq!(std::fs::read(&file).unwrap(), b"HI");
}

#[test]
fn a_pdump_file_may_end_with_its_last_data_page() {
    // A PDUMP file (first word zero): the page map, the ACs at 1000-1017
    // of the map page, then one 1024-word page per page that has data;
    // nothing after it means no start instruction and no symbols.
    let mut words = vec![pdp10_isa::Word::ZERO; 2 * 1024];
    words[1] = pdp10_isa::Word::new(0o600000); // page 0: read and write
    words[0o1005] = pdp10_isa::Word::new(0o55); // AC 5
    words[1024 + 0o100] = pdp10_isa::Word::new(0o254200_000000);
    let image = its::loader::load_words(&words).unwrap();
    assert_eq!(image.start, pdp10_isa::Word::ZERO);
    assert_eq!(image.core, 1024);
    let word_at = |a: u32| {
        image
            .blocks
            .iter()
            .rev()
            .find_map(|(at, ws)| ws.get(a.checked_sub(*at)? as usize).copied())
    };
    assert_eq!(word_at(0o100), Some(pdp10_isa::Word::new(0o254200_000000)));
    assert_eq!(word_at(5), Some(pdp10_isa::Word::new(0o55)));
}
