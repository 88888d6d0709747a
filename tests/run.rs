//! End-to-end tests of `pdp10 run`: the ITS test programs of
//! `tests/data/its` (MIDAS sources, assembled in memory by the command) run
//! against a scratch DSK folder; their terminal output, exit status, messages
//! and system-call logs (with the ACs at each call) are snapshots.

use std::path::{Path, PathBuf};

/// A fresh DSK folder for one test: `data/text.file`, a secret outside the
/// folder and links that point at it.
fn dsk(test: &str) -> PathBuf {
    let top = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("run")
        .join(test);
    let _ = std::fs::remove_dir_all(&top);
    let dsk = top.join("dsk");
    std::fs::create_dir_all(dsk.join("data")).unwrap();
    std::fs::create_dir_all(top.join("outside")).unwrap();
    std::fs::write(top.join("outside/secret.txt"), "SECRET\n").unwrap();
    std::fs::write(dsk.join("data/text.file"), "LINE ONE\nLINE 2\n").unwrap();
    std::os::unix::fs::symlink(top.join("outside/secret.txt"), dsk.join("data/link.txt")).unwrap();
    dsk
}

fn program(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/its")
        .join(format!("{name}.mid"))
        .to_string_lossy()
        .into_owned()
}

struct Run {
    status: i32,
    stdout: String,
    stderr: String,
}

impl Run {
    /// Exit status, terminal output and messages, for a snapshot.
    fn report(&self) -> String {
        format!(
            "exit status {}\n--- terminal\n{}--- standard error\n{}",
            self.status, self.stdout, self.stderr
        )
    }
}

/// Runs `pdp10 run` with `args` in `dir` (the DSK folder), feeding `input`.
fn run_in(dir: &Path, args: &[&str], input: &str) -> Run {
    let out = crate::common::feed(
        crate::common::pdp10_in(dir)
            .arg("run")
            .args(args)
            .env("USER", "tester"),
        input.as_bytes(),
    );
    let clean = |b: &[u8]| {
        String::from_utf8_lossy(b)
            .replace(&program(""), "tests/data/its/.mid")
            .replace(&dir.to_string_lossy().into_owned(), "<DSK>")
    };
    Run {
        status: out.status.code().unwrap_or(-1),
        stdout: clean(&out.stdout),
        stderr: clean(&out.stderr),
    }
}

/// Runs test program `name` with SNAME DATA on a fresh DSK.
fn run_program(test: &str, name: &str, options: &[&str], jcl: &[&str]) -> (Run, PathBuf) {
    let dir = dsk(test);
    let prog = program(name);
    let mut args: Vec<&str> = vec!["--sname", "DATA", "--fixed-clock", "1795327719"];
    args.extend_from_slice(options);
    args.push(&prog);
    args.extend_from_slice(jcl);
    (run_in(&dir, &args, ""), dir)
}

#[test]
fn hello_on_the_terminal() {
    let (run, _) = run_program("hello", "hello", &[], &[]);
    insta::assert_snapshot!(run.report());
}

#[test]
fn hello_syscall_log_with_registers() {
    let (run, _) = run_program("hello-log", "hello", &["--syscalls", "--registers"], &[]);
    insta::assert_snapshot!(run.report());
}

#[test]
fn jcl_is_echoed() {
    let (run, _) = run_program("jcl", "jcl", &["--syscalls"], &["FOO", "bar", "-x"]);
    insta::assert_snapshot!(run.report());
}

#[test]
fn no_jcl() {
    let (run, _) = run_program("nojcl", "jcl", &[], &[]);
    insta::assert_snapshot!(run.report());
}

#[test]
fn kill_message_only_when_verbose() {
    let (quiet, _) = run_program("kill-quiet", "jcl", &[], &[]);
    assert!(!quiet.stderr.contains(":KILL"), "{}", quiet.stderr);
    let (verbose, _) = run_program("kill-verbose", "jcl", &["--verbose"], &[]);
    assert_eq!(verbose.status, 0);
    assert!(verbose.stderr.contains(":KILL"), "{}", verbose.stderr);
}

#[test]
fn files_on_the_dsk() {
    let (run, dir) = run_program("files", "files", &[], &[]);
    insta::assert_snapshot!(run.report());
    let read =
        |p: &str| std::fs::read(dir.join(p)).map(|b| String::from_utf8_lossy(&b).into_owned());
    assert_eq!(read("data/out.text").unwrap(), "WRITTEN BY ITS\n");
    assert_eq!(read("data/renamd.text").unwrap(), "BLOCK TEXT");
    assert!(read("data/block.text").is_err(), "renamed away");
    assert!(read("data/words.bin").is_err(), "deleted");
    assert_eq!(
        read("data/text.file").unwrap(),
        "LINE ONE\nLINE 2\n",
        "input untouched"
    );
    // Image words in the evacuated encoding: a raw word, then text.
    let keep = std::fs::read(dir.join("data/keep.bin")).unwrap();
    assert_eq!(keep, b"\xf0\x00\x04\x00\x03TEXT!");
    assert_eq!(
        pdp10_isa::evacuated::decode(&keep).unwrap(),
        vec![
            pdp10_isa::Word::new(0o000001_000003),
            pdp10_isa::evacuated::text_to_words(b"TEXT!")[0]
        ]
    );
}

#[test]
fn files_syscall_log() {
    let (run, _) = run_program("files-log", "files", &["--syscalls"], &[]);
    // Without the terminal output (channel 1), which the first snapshot shows.
    let calls: Vec<&str> = run
        .stderr
        .lines()
        .filter(|l| !l.contains(".IOT 1,"))
        .collect();
    insta::assert_snapshot!(calls.join("\n"));
}

#[test]
fn terminal_input() {
    let dir = dsk("ttyin");
    let run = run_in(&dir, &[&program("ttyin")], "alice\n");
    insta::assert_snapshot!(run.report());
}

#[test]
fn display_codes_are_ansi() {
    let (run, _) = run_program("display", "display", &[], &[]);
    assert_eq!(run.status, 0, "{}", run.report());
    assert_eq!(run.stdout, "\x1b[H\x1b[2J\x1b[3d\x1b[6GXY\n");
}

#[test]
fn time_core_and_small_opers() {
    let (run, _) = run_program("time", "time", &["--syscalls"], &[]);
    insta::assert_snapshot!(run.report());
}

#[test]
fn value_stops_with_ddt_message() {
    let (run, _) = run_program("value", "value", &[], &[]);
    assert_eq!(run.status, 1);
    insta::assert_snapshot!(run.report());
}

#[test]
fn value_with_kill_commands_finishes() {
    let (run, _) = run_program("kill", "kill", &[], &[]);
    assert_eq!(run.status, 0, "{}", run.report());
}

#[test]
fn unimplemented_call_stops_with_status_3() {
    let (run, _) = run_program("unimpl", "unimpl", &[], &[]);
    assert_eq!(run.status, 3);
    insta::assert_snapshot!(run.report());
}

#[test]
fn program_errors_stop_with_status_2() {
    for name in ["ilopr", "mpv", "iocimg", "iocch", "lose", "oper"] {
        let (run, _) = run_program(name, name, &[], &[]);
        assert_eq!(run.status, 2, "{name}: {}", run.report());
        insta::assert_snapshot!(format!("error_{name}"), run.report());
    }
}

#[test]
fn budget_stats_and_trace() {
    let (run, _) = run_program("budget", "hello", &["--max-insns", "3"], &[]);
    assert_eq!(run.status, 4, "{}", run.report());
    insta::assert_snapshot!(run.report());
    let dir = dsk("stats");
    let trace = dir.join("trace.txt");
    let trace_arg = trace.to_string_lossy().into_owned();
    let run = run_in(
        &dir,
        &["--stats", "--trace", &trace_arg, &program("hello")],
        "",
    );
    assert_eq!(run.status, 0, "{}", run.report());
    assert!(run.stderr.contains(" instructions in "), "{}", run.stderr);
    assert!(run.stderr.contains("MIPS"), "{}", run.stderr);
    // The same count at a real KA10's 0.38 MIPS, to three decimals.
    let before = run.stderr.split(" instructions in ").next().unwrap();
    let count: f64 = before.rsplit('\n').next().unwrap().trim().parse().unwrap();
    let expected = format!(
        "a real KA10 at 0.38 MIPS would have taken {:.3} s",
        count / 380_000.0
    );
    assert!(run.stderr.contains(&expected), "{}", run.stderr);
    let lines = std::fs::read_to_string(&trace).unwrap();
    let first = lines.lines().next().unwrap_or_default().to_string();
    assert!(
        first.contains("100"),
        "trace starts at the start address: {first}"
    );
    assert!(lines.lines().count() > 20, "{lines}");
}

#[test]
fn ts_name_assembles_from_asm_when_missing() {
    let dir = dsk("lookup");
    std::fs::create_dir_all(dir.join("asm")).unwrap();
    std::fs::copy(program("hello"), dir.join("asm/hello.mid")).unwrap();
    let run = run_in(&dir, &["TS", "HELLO"], "");
    insta::assert_snapshot!(run.report());
    let missing = run_in(&dir, &["TS", "NOSUCH"], "");
    assert_eq!(missing.status, 2);
    insta::assert_snapshot!("lookup_missing", missing.report());
}

#[test]
fn bad_binaries_and_sources_are_reported() {
    let dir = dsk("bad");
    std::fs::write(dir.join("data/ts.junk"), "NOT A BINARY\n").unwrap();
    let junk = run_in(&dir, &["--sname", "DATA", "TS", "JUNK"], "");
    assert_eq!(junk.status, 2);
    insta::assert_snapshot!("bad_binary", junk.report());
    std::fs::create_dir_all(dir.join("asm")).unwrap();
    std::fs::write(dir.join("asm/bad.mid"), "GO:\tMOVE 1,NOSUCH\nEND GO\n").unwrap();
    let bad = run_in(&dir, &["TS", "BAD"], "");
    assert_eq!(bad.status, 2);
    assert!(bad.stderr.contains("bad.mid:1:"), "{}", bad.report());
    let usage = run_in(&dir, &["SUDOKU"], "");
    assert_eq!(usage.status, 2);
    insta::assert_snapshot!("one_word_program", usage.report());
}

#[test]
fn a_missing_dsk_folder_names_its_cause_once() {
    let dir = dsk("nodsk");
    let prog = program("hello");
    let run = run_in(&dir, &["--dsk", "/nonexistent/dsk", &prog], "");
    assert_eq!(run.status, 2);
    assert_eq!(
        run.stderr.matches("No such file or directory").count(),
        1,
        "{}",
        run.stderr
    );
    assert!(run.stderr.contains("/nonexistent/dsk"), "{}", run.stderr);
}

/// Runs a self-checking test program: each check types `+` when right,
/// `BAD AT address GOT value` when wrong, then `DONE`.
fn self_check(name: &str, checks: usize) -> PathBuf {
    let (run, dir) = run_program(name, name, &[], &[]);
    let expected = format!("{}\nDONE", "+".repeat(checks));
    assert_eq!(
        (run.status, run.stdout.trim_end()),
        (0, expected.as_str()),
        "{}",
        run.stderr
    );
    dir
}

#[test]
fn tty_calls_fail_off_the_console_and_keep_its_variables() {
    self_check("ttycall", 17);
}

#[test]
fn corblk_maps_fresh_deleted_file_and_block_pages() {
    self_check("corblk", 13);
}

#[test]
fn realt_frames_rtmr_runt_and_the_slow_clock_give_their_interrupts() {
    self_check("timer", 14);
}

#[test]
fn datai_and_blki_apr_read_the_switches_and_coni_apr_stops() {
    let (run, _) = run_program("iot", "iot", &[], &[]);
    assert_eq!(
        (run.status, run.stdout.trim_end()),
        (3, "++++++"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr.contains(">>CONI APR,1") && run.stderr.contains("APR's status"),
        "{}",
        run.stderr
    );
}

#[test]
fn a_lose_after_a_failed_eval_names_the_symbol() {
    let (run, _) = run_program("evalose", "evalose", &[], &[]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert!(
        run.stderr.contains(
            "GO+2>>.LOSE   .LOSE 0 (after .EVAL of NQS, a location inside the running ITS"
        ),
        "{}",
        run.stderr
    );
}

#[test]
fn uuos_that_are_no_system_call_go_to_the_job_and_fdele_renames_and_deletes() {
    let dir = self_check("useruuo", 9);
    assert_eq!(std::fs::read(dir.join("data/final.out")).unwrap(), b"Y");
    assert!(!dir.join("data/temp.out").exists());
}

#[test]
fn tipek_peeks_ipc_reads_and_usr_stops() {
    let dir = dsk("ipcpeek");
    let prog = program("ipcpeek");
    let run = run_in(
        &dir,
        &["--sname", "DATA", "--fixed-clock", "1795327719", &prog],
        "AB",
    );
    assert_eq!(
        (run.status, run.stdout.trim_end()),
        (3, "++++++++"),
        "{}",
        run.stderr
    );
    assert!(
        run.stderr
            .contains(".OPEN of the USR device (inferior jobs) is not implemented"),
        "{}",
        run.stderr
    );
}

#[test]
fn usrvar_reads_and_sets_this_jobs_variables() {
    self_check("usrvar", 3);
}

#[test]
fn rcpos_gives_the_column_typed_to() {
    let (run, _) = run_program("rcpos", "rcpos", &[], &[]);
    assert_eq!(
        (run.status, run.stdout.trim_end()),
        (0, "ABC++\n++\nDONE"),
        "{}",
        run.stderr
    );
}

#[test]
fn dates_machine_symbols_agree() {
    self_check("sysinfo", 12);
}

#[test]
fn versions_names_renmwo_trans_iopdl_and_the_err_device() {
    let (run, dir) = run_program("files2", "files2", &[], &[]);
    assert_eq!(
        (run.status, run.stdout.trim_end()),
        (0, "++++++++++++FILE NOT FOUND\nDONE"),
        "{}",
        run.stderr
    );
    let read = |p: &str| std::fs::read(dir.join(p)).unwrap();
    // Versions 1 and 2, each an image word holding its number.
    assert_eq!(
        pdp10_isa::evacuated::decode(&read("data/ver.2")).unwrap(),
        vec![pdp10_isa::Word::new(2)]
    );
    assert!(dir.join("data/ver.1").is_file());
    // ITS `.TEST_ X` as PDP-10/its spells it; TEMP OUT renamed to FINAL OUT.
    assert_eq!(read("data/_test}.x"), b"Y");
    assert_eq!(read("data/final.out"), b"Z");
    assert!(!dir.join("data/temp.out").exists());
}

#[test]
fn interrupts_old_and_new_style_then_a_deferred_mpv_is_fatal() {
    let (run, _) = run_program("intr", "intr", &[], &[]);
    assert_eq!(run.status, 2, "{}", run.stderr);
    assert_eq!(run.stdout.trim_end(), "++++++++\nFATAL NEXT");
    assert!(
        run.stderr.contains("MPV; GO+62>>MOVE 1,40000"),
        "{}",
        run.stderr
    );
}
