//! Hostile inputs to the commands that read a program file (`boot`,
//! `disasm`, `run`): devices, folders, files larger than any program.
//! Each must end at once with a message naming the file and a non-zero
//! status, never read without end nor panic.

use crate::common::{signal_and_wait, signal_when_written, spawn_forever_with_trace};
use std::path::{Path, PathBuf};
use std::process::Command;

fn scratch(test: &str) -> PathBuf {
    crate::common::scratch("hostile", test)
}

fn pdp10(dir: &Path, args: &[&str]) -> (Option<i32>, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(args)
        .current_dir(dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("run pdp10");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    (out.status.code(), stderr)
}

/// Each command that loads a program file refuses `path` with status 2
/// and a message holding `message`.
fn refused_by_every_loader(dir: &Path, path: &str, message: &str) {
    for command in ["boot", "disasm", "run"] {
        let (status, stderr) = pdp10(dir, &[command, path]);
        assert_eq!(status, Some(2), "{command}: {stderr}");
        assert!(stderr.contains(message), "{command}: {stderr}");
    }
}

/// `/dev/null` reads as empty; `/dev/zero` would never end. Both are
/// devices, refused before reading.
#[test]
fn a_device_is_not_a_program() {
    let dir = scratch("device");
    refused_by_every_loader(&dir, "/dev/null", "/dev/null is not a regular file");
}

#[test]
fn a_folder_is_not_a_program() {
    let dir = scratch("folder");
    std::fs::create_dir(dir.join("prog.bin")).unwrap();
    refused_by_every_loader(
        &dir,
        "./prog.bin",
        "./prog.bin is a folder, not a program file",
    );
}

/// A (sparse) file past the cap is refused without being read whole.
#[test]
fn a_file_larger_than_any_program_is_refused() {
    let dir = scratch("huge");
    let file = std::fs::File::create(dir.join("huge.bin")).unwrap();
    file.set_len((64 << 20) + 1).unwrap();
    refused_by_every_loader(&dir, "./huge.bin", "./huge.bin is larger than 64 MiB");
}

/// The parse error already says "not an SBLK file": once is enough.
#[test]
fn disasm_says_not_sblk_once() {
    let dir = scratch("not-sblk");
    std::fs::write(dir.join("text.bin"), "hello\n").unwrap();
    let (status, stderr) = pdp10(&dir, &["disasm", "text.bin"]);
    assert_eq!(status, Some(2), "{stderr}");
    assert_eq!(stderr.matches("not an SBLK file").count(), 1, "{stderr}");
    assert!(stderr.contains("text.bin: not an SBLK file"), "{stderr}");
}

/// A bad --dsk is named as the DSK folder, with the host's reason once,
/// whether the program is a host file or an ITS name.
#[test]
fn run_names_a_bad_dsk_folder() {
    let dir = scratch("bad-dsk");
    let hello = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/hello.mid");
    let hello = hello.to_str().unwrap();
    for program in [&[hello][..], &["TS", "HELLO"]] {
        let mut args = vec!["run", "--dsk", "nosuch"];
        args.extend_from_slice(program);
        let (status, stderr) = pdp10(&dir, &args);
        assert_eq!(status, Some(2), "{stderr}");
        assert!(stderr.contains("DSK folder nosuch: "), "{stderr}");
        assert_eq!(stderr.matches("No such file").count(), 1, "{stderr}");
    }
}

/// A failed write to standard output (a full disk) names standard output.
#[test]
fn a_full_standard_output_is_named() {
    let dir = scratch("full-stdout");
    std::fs::write(dir.join("halt.img"), "start: 100\n100: 254200000000\n").unwrap();
    let hello = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/hello.mid");
    let hello = hello.to_str().unwrap();
    for args in [
        &["boot", "halt.img"][..],
        &["completions", "bash"],
        &["run", hello],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
            .args(args)
            .current_dir(&dir)
            .stdout(std::fs::File::create("/dev/full").unwrap())
            .output()
            .expect("run pdp10");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {stderr}");
        assert!(
            stderr.contains("writing standard output: No space left on device"),
            "{args:?}: {stderr}"
        );
    }
}

/// `kill` and `timeout` send SIGTERM: the run stops as at Ctrl-C, the
/// line typed before the loop not lost.
#[test]
fn sigterm_stops_run_cleanly() {
    let dir = scratch("sigterm");
    let trace = dir.join("run.trace");
    let child = spawn_forever_with_trace(&trace);
    // The trace grows once the program runs (and the handler is in place).
    let out = signal_when_written(child, &trace, 0, "-TERM");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "BEFORE THE LOOP\n");
    assert!(stderr.contains("interrupted after "), "{stderr}");
}

/// A job waiting for terminal input never reaches the end of a chunk;
/// one Ctrl-C must still end it (after a short grace), its prompt out.
#[test]
fn one_ctrl_c_ends_a_job_waiting_for_the_terminal() {
    use std::io::Read;
    use std::process::Stdio;
    let dir = scratch("tty-wait");
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/ttyin.mid");
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .arg("run")
        .arg(&program)
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The prompt is out when the job waits for its input.
    let mut prompt = [0u8; 6];
    child
        .stdout
        .as_mut()
        .unwrap()
        .read_exact(&mut prompt)
        .unwrap();
    assert_eq!(&prompt, b"NAME? ");
    let stdin = child.stdin.take(); // kept open: no end of file
    let out = signal_and_wait(child, "-INT");
    drop(stdin);
    assert_eq!(out.status.code(), Some(130));
}

/// `--trace` naming the program's own file (a slip of the fingers) must
/// not replace the source with a trace.
#[test]
fn trace_onto_the_program_is_refused() {
    let dir = scratch("trace-self");
    let source =
        std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/hello.mid"))
            .unwrap();
    std::fs::write(dir.join("hello.mid"), &source).unwrap();
    let (status, stderr) = pdp10(&dir, &["run", "--trace", "./hello.mid", "hello.mid"]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("--trace ./hello.mid: that is the program itself"),
        "{stderr}"
    );
    assert_eq!(std::fs::read(dir.join("hello.mid")).unwrap(), source);
}

/// `-` is standard input for `boot` and `disasm`, as for other Unix tools.
#[test]
fn dash_is_standard_input_for_boot_and_disasm() {
    use std::io::Write;
    use std::process::Stdio;
    let dir = scratch("dash");
    let image = "start: 100\n100: 254200000000\n";
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["boot", "-"])
        .current_dir(&dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(image.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(stdout.starts_with("halted at 000100: HALT"), "{stdout}");
    let (status, stderr) = pdp10(&dir, &["disasm", "-"]); // empty input
    assert_eq!(status, Some(2), "{stderr}");
    assert!(stderr.contains("-: not an SBLK file"), "{stderr}");
}

/// A text image with a stray non-UTF-8 byte is reported at its line and
/// column, not as a bad SBLK file.
#[test]
fn boot_locates_a_stray_byte_in_a_text_image() {
    let dir = scratch("latin1");
    std::fs::write(
        dir.join("image.txt"),
        b"start: 100\n100: 254200000000 ; caf\xe9\n",
    )
    .unwrap();
    let (status, stderr) = pdp10(&dir, &["boot", "image.txt"]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("image.txt:2:24: byte 0xe9 is not UTF-8 text"),
        "{stderr}"
    );
}

/// `pdp10 run x.mid` assembles x.mid in memory: a device behind the name
/// (here `/dev/null`; `/dev/zero` would be read for ever) is refused first.
#[test]
fn run_refuses_a_device_as_source() {
    let dir = scratch("device-source");
    std::os::unix::fs::symlink("/dev/null", dir.join("null.mid")).unwrap();
    let (status, stderr) = pdp10(&dir, &["run", "./null.mid"]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("./null.mid is not a regular file"),
        "{stderr}"
    );
}

/// ITS terminal input never ends: the end of host input reads as one ^C,
/// and a job that reads on (here one that ignores ^C) ends with a located
/// message and status 2 instead of getting ^C for ever (which spun until
/// the budget, or for ever without one).
#[test]
fn reading_the_terminal_past_its_end_stops_the_job() {
    use crate::common::{feed, its_program, pdp10_in};
    let dir = scratch("tty-eof");
    let program = its_program("ttyloop");
    let out = feed(
        pdp10_in(&dir)
            .args(["run", "--max-insns", "1000000"])
            .arg(&program),
        b"hi\n",
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "hi\n^C");
    assert!(
        stderr.contains("TTY INPUT ENDED; READ>>.IOT 1,1   the job reads the terminal again")
            && stderr.contains("at PC 000104"),
        "{stderr}"
    );
    // A program waiting for a line end gets its prompt out, then the same.
    let out = feed(pdp10_in(&dir).arg("run").arg(its_program("ttyin")), b"abc");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "NAME? ");
    assert!(stderr.starts_with("TTY INPUT ENDED; READ>>"), "{stderr}");
}

/// Terminal input as the JCL is taken: a host CR LF (a file from DOS, say)
/// is one ITS line end, and a UTF-8 character is refused by name rather
/// than read as two wrong ASCII characters (`é` was `C)`).
#[test]
fn terminal_input_takes_host_line_ends_and_refuses_non_ascii() {
    use crate::common::{feed, its_program, pdp10_in};
    let dir = scratch("tty-bytes");
    let out = feed(
        pdp10_in(&dir).arg("run").arg(its_program("ttyloop")),
        b"a\r\nb\rc\n",
    );
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a\nb\nc\n^C");
    let out = feed(
        pdp10_in(&dir).arg("run").arg(its_program("ttyin")),
        "h\u{e9}llo\n".as_bytes(),
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "NAME? ");
    assert!(
        stderr.contains("terminal input (standard input), byte 2: 0xc3 is not ASCII"),
        "{stderr}"
    );
}

/// `midas -o` onto something that is not a regular file (`/dev/null`, a
/// FIFO, a link to one) writes into it: the temporary-file-and-rename
/// used to replace the device itself (as root, /dev/null became a regular
/// file; as a user the write failed). A rewritten binary keeps its mode.
#[test]
fn midas_output_onto_a_fifo_or_an_old_binary() {
    use std::io::Read;
    use std::os::unix::fs::{FileTypeExt, PermissionsExt};
    let dir = scratch("midas-output");
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/hello.mid");
    std::fs::copy(&source, dir.join("hello.mid")).unwrap();
    let fifo = dir.join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            std::fs::File::open(fifo)
                .unwrap()
                .read_to_end(&mut bytes)
                .unwrap();
            bytes
        })
    };
    let (status, stderr) = pdp10(&dir, &["midas", "hello.mid", "-o", "out.fifo"]);
    assert_eq!(status, Some(0), "{stderr}");
    assert!(std::fs::symlink_metadata(&fifo)
        .unwrap()
        .file_type()
        .is_fifo());
    let (status, _) = pdp10(&dir, &["midas", "hello.mid", "-o", "ts.hello"]);
    assert_eq!(status, Some(0));
    let binary = std::fs::read(dir.join("ts.hello")).unwrap();
    assert_eq!(reader.join().unwrap(), binary, "the FIFO got the binary");
    std::fs::set_permissions(dir.join("ts.hello"), PermissionsExt::from_mode(0o751)).unwrap();
    let (status, _) = pdp10(&dir, &["midas", "hello.mid", "-o", "ts.hello"]);
    assert_eq!(status, Some(0));
    let mode = std::fs::metadata(dir.join("ts.hello"))
        .unwrap()
        .permissions()
        .mode();
    assert_eq!(mode & 0o777, 0o751);
}

/// `solve --all` keeps a puzzle's solutions until it prints them: on an
/// empty grid (about 6.7e21 solutions) it grew without end. Without
/// `--limit` it stops at 100000 and says so; a larger limit is refused.
#[test]
fn solve_all_on_an_empty_grid_is_bounded() {
    use crate::common::{pdp10_in, wait_at_most};
    use std::time::Duration;
    let dir = scratch("solve-all");
    std::fs::write(dir.join("empty.txt"), format!("{}\n", ".".repeat(81))).unwrap();
    let child = pdp10_in(&dir)
        .args(["solve", "--all", "empty.txt"])
        .stdout(std::fs::File::create(dir.join("all.out")).unwrap())
        .spawn()
        .unwrap();
    let out = wait_at_most(child, Duration::from_secs(60), "solve --all");
    assert_eq!(out.status.code(), Some(0));
    let text = std::fs::read_to_string(dir.join("all.out")).unwrap();
    assert!(text.starts_with(
        "# puzzle 1 (empty.txt:1): 100000 solutions (there may be more: --all stops there \
         without --limit)\n"
    ));
    assert_eq!(text.lines().count(), 100_001);
    let (status, stderr) = pdp10(&dir, &["solve", "--all", "--limit", "100001", "empty.txt"]);
    assert_eq!(status, Some(2), "{stderr}");
    assert!(
        stderr.contains("at most 100000 solutions a puzzle"),
        "{stderr}"
    );
}

/// Standard error full or closed (`2>/dev/full`): no panic (std's
/// `eprintln!` panics, status 101). A run that succeeded still says so;
/// a trace that could not be written is a failure.
#[test]
fn a_full_standard_error_is_no_panic() {
    let dir = scratch("full-stderr");
    std::fs::write(dir.join("halt.img"), "start: 100\n100: 254200000000\n").unwrap();
    let hello = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/hello.mid");
    let hello = hello.to_str().unwrap();
    for (args, status) in [
        (&["run", "--stats", hello][..], 0),
        (&["run", "--syscalls", hello], 2),
        (&["boot", "--trace", "halt.img"], 2),
        (&["run", "nosuch.mid"], 2),
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
            .args(args)
            .current_dir(&dir)
            .stdout(std::process::Stdio::null())
            .stderr(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .status()
            .expect("run pdp10");
        assert_eq!(out.code(), Some(status), "{args:?}");
    }
}

/// DDT's commands from a pipe: a line without end (`< /dev/zero`) was
/// read until memory ran out, a non-ASCII byte was "stream did not
/// contain valid UTF-8" with no place. Both are refused by line and byte.
#[test]
fn ddt_command_lines_are_bounded_and_ascii() {
    use crate::common::{feed, its_program, pdp10_in};
    let dir = scratch("ddt-lines");
    let hello = its_program("hello");
    let mut endless = vec![b'1'; 70 * 1024];
    endless.extend_from_slice(b"\n");
    for (input, message) in [
        (endless, "DDT command line 1: longer than 64 KiB"),
        (
            b"GO/\n\xff\xfe\n".to_vec(),
            "DDT command line 2, byte 1: 0xff is not ASCII",
        ),
    ] {
        let out = feed(pdp10_in(&dir).args(["run", "--ddt"]).arg(&hello), &input);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains(message), "{stderr}");
    }
}
