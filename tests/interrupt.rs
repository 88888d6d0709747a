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
