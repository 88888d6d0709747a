//! Helpers shared by the end-to-end tests: the built `pdp10` with its
//! input fed from a pipe, scratch folders, and signals sent to a run.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// A fresh, empty folder `AREA/TEST` under cargo's scratch folder.
pub fn scratch(area: &str, test: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(area).join(test);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The ITS test program `tests/data/its/NAME.mid`.
pub fn its_program(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/its")
        .join(format!("{name}.mid"))
}

/// The built `pdp10`, run in `dir`, its output and messages piped.
pub fn pdp10_in(dir: &Path) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pdp10"));
    command
        .current_dir(dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

/// Runs `command` with `input` on its standard input (written from a
/// thread of its own, so that a large input and a large output cannot
/// wait on each other; a program that stops reading early is no error),
/// then the end of input; waits for it to end.
pub fn feed(command: &mut Command, input: &[u8]) -> Output {
    let mut child = command.stdin(Stdio::piped()).spawn().expect("start pdp10");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_vec();
    let writer = std::thread::spawn(move || match stdin.write_all(&input) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        other => other.unwrap(),
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

/// `pdp10 run --trace TRACE` of `tests/data/its/forever.mid`, which types
/// a line and then loops for ever.
pub fn spawn_forever_with_trace(trace: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["run", "--trace"])
        .arg(trace)
        .arg(its_program("forever"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits until `file` has grown past `min` bytes (the program is running
/// and the signal handler is in place), then sends `signal` (`-INT`,
/// `-TERM`...) and waits.
pub fn signal_when_written(mut child: Child, file: &Path, min: u64, signal: &str) -> Output {
    let start = Instant::now();
    while std::fs::metadata(file).map_or(0, |m| m.len()) <= min {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{} never grew",
            file.display()
        );
        if let Some(status) = child.try_wait().unwrap() {
            panic!("ended before {signal}: {status}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    signal_and_wait(child, signal)
}

/// Sends `signal` (`-INT`, `-TERM`...) to `child` and waits at most 30 s
/// for it to end.
pub fn signal_and_wait(child: Child, signal: &str) -> Output {
    let sent = Command::new("kill")
        .args([signal, &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    wait_at_most(child, Duration::from_secs(30), signal)
}

/// Waits for `child` to end, killing it (and failing) after `limit`;
/// `after` says what it was waiting on, for the failure's message.
pub fn wait_at_most(mut child: Child, limit: Duration, after: &str) -> Output {
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > limit {
            child.kill().unwrap();
            let out = child.wait_with_output().unwrap();
            panic!(
                "still running {limit:?} after {after}: {}",
                String::from_utf8_lossy(&out.stderr)
            );
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}
