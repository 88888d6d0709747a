//! Ctrl-C for `pdp10 run` and `pdp10 boot`: SIGINT sent to the built
//! binary while a program that has typed a line spins. The run must stop
//! with status 130, the line on standard output, the trace ending on a
//! whole line, the state on the report.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

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

/// `pdp10 run --trace TRACE` of `tests/data/its/forever.mid`, which types
/// a line and then loops for ever.
pub(crate) fn spawn_forever_with_trace(trace: &Path) -> Child {
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/forever.mid");
    Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["run", "--trace"])
        .arg(trace)
        .arg(&program)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Like [`interrupt_when_written`], with `signal` (`-INT`, `-TERM`...).
pub(crate) fn signal_when_written(
    mut child: Child,
    file: &Path,
    min: u64,
    signal: &str,
) -> std::process::Output {
    let start = Instant::now();
    while std::fs::metadata(file).map_or(0, |m| m.len()) <= min {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{} never grew",
            file.display()
        );
        if let Some(status) = child.try_wait().unwrap() {
            panic!("ended before Ctrl-C: {status}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    signal_and_wait(child, signal)
}

/// Sends `signal` (`-INT`, `-TERM`...) to `child` and waits at most 30 s
/// for it to end.
pub(crate) fn signal_and_wait(mut child: Child, signal: &str) -> std::process::Output {
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(30) {
            child.kill().unwrap();
            panic!("still running 30 s after {signal}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
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
