//! The symbolic system calls one by one, their arguments, errors and
//! values, against ITS's `doc/sysdoc/_calls.127`: CLOSE, STATUS, ACCESS,
//! FILLEN, RFPNTR, RFNAME, SSTATU, FINISH/FORCE, IOT and SIOT's argument
//! forms, DELETE, RENAME, RENMWO, RCHST, SOPEN's file name strings, LISTEN,
//! RESET, and names ITS has but the shim lacks. Written for mutation
//! testing (docs/mutants.md).

mod mutants_support;
use its::Outcome;
use mutants_support::*;
use std::fs;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// Runs `body` on a DSK folder holding PUZZLE;`files`.
fn run_with(name: &str, files: &[(&str, &[u8])], body: &str) -> Ran {
    let dsk = scratch(name);
    for (f, text) in files {
        fs::write(dsk.join("puzzle").join(f), text).unwrap();
    }
    run_in(&dsk, &prog(body), Setup::default())
}

/// `.CALL [SETZ ? SIXBIT /name/ ? args ... ? %CLERR,,ERR ? SETZ last]`,
/// then `SETOM FAIL` when it does not skip.
fn call(name: &str, args: &[&str]) -> String {
    let (last, rest) = args.split_last().unwrap();
    let mut s = format!("\t.CALL [SETZ ? SIXBIT /{name}/");
    for a in rest {
        s.push_str(&format!(" ? {a}"));
    }
    s.push_str(&format!(" ? %CLERR,,ERR ? SETZ+{last}]\n\t SETOM FAIL\n"));
    s
}

const DATA: &str = "ERR:\t0\nFAIL:\t0\nV1:\t0\nV2:\t0\nV3:\t0\nV4:\t0\nV5:\t0\nBUF:\tBLOCK 10";

/// Whether the call failed and with which code.
fn failed(ran: &Ran) -> (bool, u64) {
    (ran.word("FAIL") != 0, ran.word("ERR"))
}

#[test]
fn close_call_closes_and_installs_an_output_file() {
    let body = format!(
        "GO:\t.OPEN 1,[.UAO,,'DSK ? SIXBIT /OUT/ ? SIXBIT /FILE/]\n\t .LOSE\n\
         \t.IOT 1,[\"X]\n{}\t.STATUS 1,V1\n\t.VALUE\n{DATA}",
        call("CLOSE", &["[1]"])
    );
    let ran = run_with("closecall", &[], &body);
    assert_eq!(ran.outcome.exit_status(), 1, "stopped at the .VALUE");
    assert!(!failed(&ran).0);
    assert_eq!(ran.word("V1"), 0, "closed");
    assert_eq!(fs::read(ran.dsk.join("puzzle/out.file")).unwrap(), b"X");
}

#[test]
fn status_call_gives_the_status_word() {
    let body = format!(
        "GO:\t.OPEN 2,[.UII,,'NUL]\n\t .LOSE\n{}\t.STATUS 2,V2\n\t.LOGOUT 1,\n{DATA}",
        call("STATUS", &["[2]", "%CLOUT,,V1"])
            .replace(" ? SETZ+%CLOUT,,V1]", " ? SETZ+<%CLOUT,,V1>]")
    );
    let ran = run_with("statuscall", &[], &body);
    ran.finished();
    assert!(!failed(&ran).0);
    assert_eq!(ran.word("V1"), 0o400 | 0o21);
    assert_eq!(ran.word("V1"), ran.word("V2"));
}

#[test]
fn access_call_moves_a_dsk_pointer_and_refuses_other_devices() {
    // _calls.127 ACCESS: arg 1 channel, arg 2 the new access pointer.
    let body = format!(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         {}\t.IOT 1,V1\n\
         \t.OPEN 2,[.UAO,,'TTY]\n\t .LOSE\n{}\t.LOGOUT 1,\n{DATA}",
        call("ACCESS", &["[1]", "[3]"]),
        call("ACCESS", &["[2]", "[0]"])
    );
    let ran = run_with("accesscall", &[("in.text", b"ABCDEF")], &body);
    ran.finished();
    assert_eq!(ran.word("V1"), b'D' as u64);
    assert_eq!(failed(&ran), (true, 0o34), "WRONG TYPE DEVICE");
}

#[test]
fn calls_on_a_closed_channel_fail_channel_not_open() {
    for (name, args) in [
        ("ACCESS", &["[5]", "[0]"][..]),
        ("FILLEN", &["[5]", "%CLOUT,,V1"][..]),
        ("RFPNTR", &["[5]", "%CLOUT,,V1"][..]),
        ("FINISH", &["[5]"][..]),
        ("FORCE", &["[5]"][..]),
    ] {
        let args: Vec<String> = args
            .iter()
            .map(|a| a.replace("%CLOUT,,V1", "<%CLOUT,,V1>"))
            .collect();
        let args: Vec<&str> = args.iter().map(|s| s.as_str()).collect();
        let body = format!("GO:{}\t.LOGOUT 1,\n{DATA}", call(name, &args));
        let ran = run_with(&format!("closed{name}"), &[], &body);
        ran.finished();
        assert_eq!(failed(&ran), (true, 0o44), "{name}");
    }
}

#[test]
fn fillen_and_rfpntr_want_a_file() {
    for name in ["FILLEN", "RFPNTR"] {
        let body = format!(
            "GO:\t.OPEN 1,[.UAI,,'NUL]\n\t .LOSE\n{}\t.LOGOUT 1,\n{DATA}",
            call(name, &["[1]", "<%CLOUT,,V1>"])
        );
        let ran = run_with(&format!("nofile{name}"), &[], &body);
        ran.finished();
        assert_eq!(failed(&ran), (true, 0o34), "{name}");
    }
}

#[test]
fn finish_and_force_of_the_terminal_succeed() {
    let body = format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n\t.IOT 1,[\"A]\n{}{}\t.LOGOUT 1,\n{DATA}",
        call("FINISH", &["[1]"]),
        call("FORCE", &["[1]"])
    );
    let ran = run_with("finish", &[], &body);
    ran.finished();
    assert!(!failed(&ran).0);
    assert_eq!(ran.output, "A");
}

#[test]
fn rfname_of_this_job_by_minus_one_and_of_a_closed_channel() {
    // _calls.127 RFNAME: with two arguments the first is the job (-1
    // this one); the values device, FN1, FN2, SNAME, mode. A closed
    // channel gives zeros.
    let body = format!(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /RFNAME/ ? [-1] ? [1] ? %CLOUT,,V1 ? %CLOUT,,V2\n\
         \t\t%CLOUT,,V3 ? %CLOUT,,V4 ? SETZM V5]\n\t .LOSE\n\
         \tSETOM BUF\n\t.CALL [SETZ ? SIXBIT /RFNAME/ ? [6] ? SETZM BUF]\n\t .LOSE\n\
         \t.LOGOUT 1,\n{DATA}"
    );
    let ran = run_with("rfname2", &[("in.text", b"A")], &body);
    ran.finished();
    assert_eq!(
        ["V1", "V2", "V3", "V4", "V5"].map(|v| ran.word(v)),
        [six("DSK"), six("IN"), six("TEXT"), six("PUZZLE"), 0]
    );
    assert_eq!(ran.word("BUF"), 0);
    // Another job's channels need inferior jobs.
    let body = format!("GO:{}\t.LOGOUT 1,\n{DATA}", call("RFNAME", &["[1]", "[1]"]));
    let ran = run_with("rfnamejob", &[], &body);
    assert_eq!(ran.outcome.exit_status(), 3, "{:?}", ran.outcome);
}

#[test]
fn sstatu_describes_a_running_system() {
    // _calls.127 SSTATU: -1 not going down, 0 not being debugged, the
    // users, no memory errors, the time up, the machine name.
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /SSTATU/ ? %CLOUT,,V1 ? %CLOUT,,V2 ? %CLOUT,,V3\n\
         \t\t%CLOUT,,V4 ? %CLOUT,,V5 ? %CLOUT,,V6 ? %CLOUT,,V7 ? SETZM V8]\n\t .LOSE\n\
         \t.RDTIME A,\n\t.LOGOUT 1,\n\
         V1:\t0\nV2:\t-1\nV3:\t0\nV4:\t-1\nV5:\t-1\nV6:\t0\nV7:\t0\nV8:\t0",
    );
    let ran = run("sstatu", &src);
    ran.finished();
    assert_eq!(ran.word("V1"), 0o777777_777777);
    assert_eq!(ran.word("V2"), 0);
    assert!(ran.word("V3") >= 1);
    assert_eq!(ran.word("V4"), 0);
    // The time up, in thirtieths, is .RDTIME's (0 on the fixed clock).
    assert_eq!(ran.word("V5"), ran.word("A"));
    assert_ne!(ran.word("V6"), 0, "a machine name");
    assert_ne!(ran.word("V7"), 0, "a version");
    assert!(ran.word("V8") >= 1, "free slots");
}

#[test]
fn unknown_and_missing_call_names() {
    // An unknown name: the call fails (43, no such call); a call ITS has
    // and the shim lacks stops the job, named.
    let body = format!("GO:{}\t.LOGOUT 1,\n{DATA}", call("NOSUCH", &["[0]"]));
    let ran = run_with("nosuchcall", &[], &body);
    ran.finished();
    assert_eq!(failed(&ran), (true, 0o43));
    let body = format!("GO:{}\t.LOGOUT 1,\n{DATA}", call("DETACH", &["[0]"]));
    let ran = run_with("detach", &[], &body);
    match &ran.outcome {
        Outcome::Unimplemented { message, .. } => {
            assert!(message.contains("system call DETACH"), "{message}")
        }
        o => panic!("{o:?}"),
    }
}

#[test]
fn iot_call_argument_forms() {
    // _calls.127 IOT: arg 2 may not be immediate; in unit input mode it
    // may be left out and val 1 is the word read; output needs it.
    let body = format!(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \tSETZ 0,\n\t.CALL [SETZ ? SIXBIT /IOT/ ? [1] ? SETZM V1]\n\t .LOSE\n\
         \tMOVEM 0,V3\n\
         {}\t.OPEN 2,[.UAO,,'NUL]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /IOT/ ? [2] ? %CLERR,,V2 ? SETZM V4]\n\t SKIPA\n\t .LOSE\n\
         \t.LOGOUT 1,\n{DATA}",
        call("IOT", &["[1]", "<%CLIMM,,3>"])
    );
    let ran = run_with("iotforms", &[("in.text", b"AB")], &body);
    ran.finished();
    assert_eq!(ran.word("V1"), b'A' as u64);
    assert_eq!(ran.word("V3"), 0, "AC 0 kept");
    assert!(failed(&ran).0, "immediate location");
    assert_ne!(ran.word("ERR"), 0);
    assert_ne!(ran.word("V2"), 0, "output without a location");
}

#[test]
fn siot_call_moves_bytes_and_wants_locations() {
    // _calls.127 SIOT: arg 2 a byte pointer, arg 3 a count, both updated.
    let body = format!(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \tMOVE A,[440700,,BUF]\n\tMOVEI B,3\n\
         \t.CALL [SETZ ? SIXBIT /SIOT/ ? [1] ? A ? SETZ B]\n\t .LOSE\n\
         \tMOVEM A,V1\n\tMOVEM B,V2\n\
         {}\t.LOGOUT 1,\n{DATA}",
        call("SIOT", &["[1]", "<%CLIMM,,A>", "<%CLIMM,,B>"])
    );
    let ran = run_with("siotcall", &[("in.text", b"HELLO")], &body);
    ran.finished();
    let buf = ran.address("BUF") as u64;
    assert_eq!(ran.word("V1"), 0o170700 << 18 | buf, "three bytes on");
    assert_eq!(ran.word("V2"), 0);
    assert_eq!(
        ran.word("BUF") >> 15,
        (b'H' as u64) << 14 | (b'E' as u64) << 7 | b'L' as u64
    );
    assert!(failed(&ran).0, "immediate byte pointer and count");
}

#[test]
fn delete_and_rename_errors() {
    // _calls.127 DELETE/RENAME: device, FN1, FN2, SNAME (then RENAME's new
    // FN1 and FN2). A device that is no disk: WRONG TYPE DEVICE (34);
    // a missing file: 4; renaming onto an existing file: 13; RENAME
    // without new names: too few arguments (30).
    let cases: [(&str, &[&str], u64); 5] = [
        (
            "DELETE",
            &["[SIXBIT /TTY/]", "[SIXBIT /A/]", "[SIXBIT /B/]"],
            0o34,
        ),
        (
            "DELETE",
            &["[SIXBIT /DSK/]", "[SIXBIT /NO/]", "[SIXBIT /SUCH/]"],
            0o4,
        ),
        (
            "RENAME",
            &[
                "[SIXBIT /DSK/]",
                "[SIXBIT /A/]",
                "[SIXBIT /B/]",
                "[0]",
                "[SIXBIT /C/]",
            ],
            0o30,
        ),
        (
            "RENAME",
            &[
                "[SIXBIT /DSK/]",
                "[SIXBIT /A/]",
                "[SIXBIT /B/]",
                "[0]",
                "[SIXBIT /C/]",
                "[SIXBIT /D/]",
            ],
            0o13,
        ),
        (
            "RENAME",
            &[
                "[SIXBIT /DSK/]",
                "[SIXBIT /X/]",
                "[SIXBIT /Y/]",
                "[0]",
                "[SIXBIT /E/]",
                "[SIXBIT /F/]",
            ],
            0o4,
        ),
    ];
    for (k, (name, args, code)) in cases.iter().enumerate() {
        let body = format!("GO:{}\t.LOGOUT 1,\n{DATA}", call(name, args));
        let ran = run_with(
            &format!("delren{k}"),
            &[("a.b", b"1"), ("c.d", b"2")],
            &body,
        );
        ran.finished();
        assert_eq!(failed(&ran), (true, *code), "{name} {args:?}");
        // Nothing was removed or renamed.
        assert!(ran.dsk.join("puzzle/a.b").exists());
        assert!(ran.dsk.join("puzzle/c.d").exists());
    }
    // A file name as a string (one argument) is not implemented.
    let body = format!(
        "GO:{}\t.LOGOUT 1,\n{DATA}",
        call("DELETE", &["[440700,,[ASCIZ /A B/]]"])
    );
    let ran = run_with("delstring", &[], &body);
    assert_eq!(ran.outcome.exit_status(), 3, "{:?}", ran.outcome);
}

#[test]
fn rename_in_another_directory_by_sname_argument() {
    let dsk = scratch("renamedir");
    fs::create_dir_all(dsk.join("other")).unwrap();
    fs::write(dsk.join("other/a.b"), b"1").unwrap();
    let body = format!(
        "GO:{}\t.LOGOUT 1,\n{DATA}",
        call(
            "RENAME",
            &[
                "[SIXBIT /DSK/]",
                "[SIXBIT /A/]",
                "[SIXBIT /B/]",
                "[SIXBIT /OTHER/]",
                "[SIXBIT /N/]",
                "[SIXBIT /M/]"
            ]
        )
    );
    let ran = run_in(&dsk, &prog(&body), Setup::default());
    ran.finished();
    assert!(!failed(&ran).0);
    assert!(dsk.join("other/n.m").exists());
    assert!(!dsk.join("other/a.b").exists());
}

#[test]
fn renmwo_of_an_input_file_renames_it_now() {
    // _calls.127 RENMWO: arg 1 the channel, args 2 and 3 the new names.
    let body = format!(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /OLD/ ? SIXBIT /NAME/]\n\t .LOSE\n\
         {}\t.IOT 1,V1\n\t.LOGOUT 1,\n{DATA}",
        call("RENMWO", &["[1]", "[SIXBIT /NEW/]", "[SIXBIT /NAME/]"])
    );
    let ran = run_with("renmwoin", &[("old.name", b"Q")], &body);
    ran.finished();
    assert!(!failed(&ran).0);
    assert!(ran.dsk.join("puzzle/new.name").exists());
    assert!(!ran.dsk.join("puzzle/old.name").exists());
    assert_eq!(ran.word("V1"), b'Q' as u64, "the channel still reads it");
    // Onto an existing file: FILE EXISTS (13); a terminal: WRONG TYPE.
    let ran = run_with("renmwoex", &[("old.name", b"Q"), ("new.name", b"R")], &body);
    ran.finished();
    assert_eq!(failed(&ran), (true, 0o13));
    let body = format!(
        "GO:\t.OPEN 1,[.UAO,,'TTY]\n\t .LOSE\n{}\t.LOGOUT 1,\n{DATA}",
        call("RENMWO", &["[1]", "[SIXBIT /NEW/]", "[SIXBIT /NAME/]"])
    );
    let ran = run_with("renmwotty", &[], &body);
    ran.finished();
    assert_eq!(failed(&ran), (true, 0o34));
}

#[test]
fn rchst_counts_words_of_a_text_file_and_none_for_a_terminal() {
    // RCHST: device, FN1, FN2, SNAME, access pointer in words (-1 where
    // there is none). After 7 characters of unit ASCII the pointer is in
    // word 1.
    let body = format!(
        "GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /IN/ ? SIXBIT /TEXT/]\n\t .LOSE\n\
         \tMOVEI A,7\nRD:\t.IOT 1,B\n\tSOJG A,RD\n\
         \t.CALL [SETZ ? SIXBIT /RCHST/ ? [1] ? %CLOUT,,V1 ? %CLOUT,,V2 ? %CLOUT,,V3\n\
         \t\t%CLOUT,,V4 ? SETZM V5]\n\t .LOSE\n\
         \t.OPEN 2,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /RCHST/ ? [2] ? %CLOUT,,BUF ? %CLOUT,,BUF+1 ? %CLOUT,,BUF+2\n\
         \t\t%CLOUT,,BUF+3 ? SETZM BUF+4]\n\t .LOSE\n\
         \t.LOGOUT 1,\n{DATA}"
    );
    let ran = run_with("rchst", &[("in.text", b"ABCDEFGHIJKL")], &body);
    ran.finished();
    assert_eq!(
        ["V1", "V2", "V3", "V4", "V5"].map(|v| ran.word(v)),
        [six("DSK"), six("IN"), six("TEXT"), six("PUZZLE"), 1]
    );
    assert_eq!(
        [0, 1, 2, 3, 4].map(|k| ran.at("BUF", k)),
        [six("TTY"), 0, 0, 0, 0o777777_777777]
    );
}

#[test]
fn sopen_strings_quote_separate_and_default() {
    // _calls.127 SOPEN / ITS file name syntax: DEV: and DIR; anywhere,
    // names separated by spaces or tabs, ^Q quoting the next character,
    // lower case raised; the pointer may be an AOBJN pointer to byte
    // pointers whose strings are read in turn.
    let dsk = scratch("sopenstr");
    fs::create_dir_all(dsk.join("other")).unwrap();
    fs::write(dsk.join("other/a b.c"), b"S").unwrap();
    fs::write(dsk.join("puzzle/x.y"), b"T").unwrap();
    let src = prog(
        "GO:\t.CALL [SETZ ? SIXBIT /SOPEN/ ? [.UAI,,1] ? SETZ [440700,,S1]]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,V1\n\
         \t.CALL [SETZ ? SIXBIT /SOPEN/ ? [.UAI,,2] ? SETZ [-2,,PTRS]]\n\t .LOSE %LSFIL\n\
         \t.IOT 2,V2\n\t.LOGOUT 1,\n\
         S1:\tASCIZ /dsk:other; a\x11 b\tc/\n\
         PTRS:\t440700,,S2\n\tS3\n\
         S2:\tASCIZ /X/\nS3:\tASCIZ / Y/\n\
         V1:\t0\nV2:\t0",
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("V1"), b'S' as u64);
    assert_eq!(ran.word("V2"), b'T' as u64);
}

#[test]
fn listen_counts_only_terminal_input_and_reset_keeps_it_on_output() {
    // LISTEN on a channel that is no terminal: 0. RESET of a TTY *output*
    // channel discards no typed-ahead input.
    let src = prog(
        "GO:\t.OPEN 1,[.UAI,,'NUL]\n\t .LOSE\n\t.OPEN 2,[.UAO,,'TTY]\n\t .LOSE\n\
         \t.OPEN 3,[.UAI,,'TTY]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /LISTEN/ ? [1] ? SETZM V1]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /RESET/ ? SETZ [2]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /LISTEN/ ? [3] ? SETZM V2]\n\t .LOSE\n\
         \t.RESET 2,\n\
         \t.CALL [SETZ ? SIXBIT /LISTEN/ ? [3] ? SETZM V3]\n\t .LOSE\n\
         \t.RESET 3,\n\
         \t.CALL [SETZ ? SIXBIT /LISTEN/ ? [3] ? SETZM V4]\n\t .LOSE\n\
         \t.LOGOUT 1,\nV1:\t-1\nV2:\t0\nV3:\t0\nV4:\t-1",
    );
    let ran = run_in(
        &scratch("listenreset"),
        &src,
        Setup {
            input: b"ABC",
            ..Setup::default()
        },
    );
    ran.finished();
    assert_eq!(ran.word("V1"), 0);
    assert_eq!(ran.word("V2"), 3);
    assert_eq!(ran.word("V3"), 3, ".RESET of an output channel");
    assert_eq!(ran.word("V4"), 0, ".RESET of the input channel");
}
