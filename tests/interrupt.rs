//! Ctrl-C for `pdp10 run` and `pdp10 boot`: SIGINT sent to the built
//! binary while a program that has typed a line spins. The run must stop
//! with status 130, the line on standard output, the trace ending on a
//! whole line, the state on the report.

use crate::common::{signal_when_written, spawn_forever_with_trace};
use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("interrupt");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// Waits until `file` has grown past `min` bytes (the program is running
/// and the Ctrl-C handler is in place), then sends SIGINT and waits.
fn interrupt_when_written(child: Child, file: &Path, min: u64) -> std::process::Output {
    signal_when_written(child, file, min, "-INT")
}

#[test]
fn ctrl_c_stops_run_cleanly() {
    let trace = scratch("run.trace");
    let _ = std::fs::remove_file(&trace);
    let child = spawn_forever_with_trace(&trace);
    let out = interrupt_when_written(child, &trace, 0);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(stdout, "BEFORE THE LOOP\n", "the line typed is not lost");
    assert!(
        stderr.contains("interrupted after ")
            && stderr.contains("SPIN>>AOJA 3,")
            && stderr.contains("at PC"),
        "{stderr}"
    );
    let trace = std::fs::read_to_string(&trace).unwrap();
    assert!(trace.ends_with('\n'), "the trace ends on a whole line");
    assert!(
        trace.lines().last().unwrap().contains("AOJA"),
        "{:?}",
        trace.lines().last()
    );
}

#[test]
fn ctrl_c_stops_boot_cleanly() {
    // Type "OK" CR LF on the console, then spin.
    let image = scratch("spin.txt");
    std::fs::write(
        &image,
        "100: 712140000110 ; DATAO TTY,110\n\
         101: 712140000111\n\
         102: 712140000112\n\
         103: 712140000113\n\
         104: 344140000104 ; AOJA 3,104\n\
         110: 117\n111: 113\n112: 15\n113: 12\n\
         start: 100\n",
    )
    .unwrap();
    let errors = scratch("boot.stderr");
    let child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["boot", "--trace"])
        .arg(&image)
        .stdout(Stdio::piped())
        .stderr(File::create(&errors).unwrap())
        .spawn()
        .unwrap();
    let out = interrupt_when_written(child, &errors, 0);
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = std::fs::read_to_string(&errors).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(
        stdout.starts_with("OK\r\ninterrupted at 000104: AOJA 3,104\nPC 000104"),
        "{stdout}"
    );
    assert!(stdout.contains("\nAC00-03 "), "{stdout}");
    // The trace, whole lines, then the reason once.
    let lines: Vec<&str> = stderr.lines().collect();
    let [.., last_step, reason] = lines[..] else {
        panic!("{stderr}")
    };
    assert!(stderr.ends_with('\n'));
    assert!(last_step.contains("AOJA 3,104"), "{last_step}");
    assert!(
        reason.starts_with("pdp10: boot: interrupted (Ctrl-C) after "),
        "{reason}"
    );
    assert_eq!(stderr.matches("interrupted").count(), 1);
}

/// A job in a long `.SLEEP` never reaches the end of a chunk: one Ctrl-C
/// must stop it (it was ignored until a second one killed the process
/// without a word), at the `.SLEEP`, its line out.
#[test]
fn ctrl_c_stops_a_sleeping_job() {
    let out = scratch("sleeper.out");
    let child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .arg("run")
        .arg(crate::common::its_program("sleeper"))
        .stdin(Stdio::null())
        .stdout(File::create(&out).unwrap())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The line is out (flushed before the sleep): the job sleeps.
    let ended = interrupt_when_written(child, &out, 0);
    let stderr = String::from_utf8_lossy(&ended.stderr);
    assert_eq!(ended.status.code(), Some(130), "{stderr}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "GOING TO SLEEP\n");
    assert!(
        stderr.contains("interrupted after ") && stderr.contains("NAP+1>>.SLEEP 1,"),
        "{stderr}"
    );
}

/// `run --watch` without a terminal: Ctrl-C stops the job as `run` does,
/// its output printed, the place named, status 130 (the signal used to
/// kill the process, the output kept for the end lost).
#[test]
fn ctrl_c_stops_a_watched_run() {
    let errors = scratch("watch.stderr");
    let child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["run", "--watch"])
        .arg(crate::common::its_program("forever"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(File::create(&errors).unwrap())
        .spawn()
        .unwrap();
    // A status line a second on standard error: the watch is running.
    let out = interrupt_when_written(child, &errors, 0);
    let stderr = std::fs::read_to_string(&errors).unwrap();
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "BEFORE THE LOOP\n");
    assert!(stderr.contains("interrupted after "), "{stderr}");
    assert!(stderr.contains(", PC SPIN"), "{stderr}");
}

/// A job making slow system calls (each `.CLOSE` writes a file) runs few
/// instructions a second: one Ctrl-C must stop it after the call, not at
/// the end of a chunk of a million instructions (minutes later).
#[test]
fn ctrl_c_stops_a_job_making_slow_calls() {
    let dsk = crate::common::scratch("interrupt", "slow-calls");
    std::fs::create_dir(dsk.join("data")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["run", "--sname", "DATA", "--dsk"])
        .arg(&dsk)
        .arg(crate::common::its_program("reopen"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let out = interrupt_when_written(child, &dsk.join("data/x.y"), 0);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("interrupted after "), "{stderr}");
    assert_eq!(std::fs::read(dsk.join("data/x.y")).unwrap(), b"A");
}
