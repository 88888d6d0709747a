//! `pdp10 run` on a terminal (a pseudo-terminal here): character mode
//! while the job runs, the shim's echo, and the terminal's settings put
//! back however the run ends.

use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
use rustix::termios::{tcgetattr, LocalModes};
use std::fs::File;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

/// Runs tests/data/its/echo.mid on a fresh pseudo-terminal, typing `keys`
/// one at a time, then sending SIGINT if `interrupt`; the terminal's
/// output, the exit status, and the slave's local modes before, during
/// and after the run.
fn on_a_terminal(keys: &[u8], interrupt: bool) -> (String, Option<i32>, [LocalModes; 3]) {
    running_on_a_terminal("echo.mid", keys, interrupt)
}

/// [`on_a_terminal`] with tests/data/its/`program`; a run still going 20 s
/// after the last key is killed (status `None`).
fn running_on_a_terminal(
    program: &str,
    keys: &[u8],
    interrupt: bool,
) -> (String, Option<i32>, [LocalModes; 3]) {
    let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
    grantpt(&master).unwrap();
    unlockpt(&master).unwrap();
    let name = ptsname(&master, Vec::new()).unwrap();
    let slave = File::options()
        .read(true)
        .write(true)
        .open(name.to_str().unwrap())
        .unwrap();
    let before = tcgetattr(&slave).unwrap().local_modes;
    let echo = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/its")
        .join(program);
    let mut child = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["run", "--dsk", env!("CARGO_TARGET_TMPDIR")])
        .arg(&echo)
        .stdin(Stdio::from(slave.try_clone().unwrap()))
        .stdout(Stdio::from(slave.try_clone().unwrap()))
        .stderr(Stdio::from(slave.try_clone().unwrap()))
        .spawn()
        .unwrap();
    let mut master = File::from(master);
    let mut reader = master.try_clone().unwrap();
    let output = std::thread::spawn(move || {
        let mut all = Vec::new();
        let mut buf = [0; 256];
        // Ends with EIO once no one holds the slave open.
        while let Ok(n) = reader.read(&mut buf) {
            if n == 0 {
                break;
            }
            all.extend_from_slice(&buf[..n]);
        }
        String::from_utf8_lossy(&all).into_owned()
    });
    // Character mode is on once the job waits for its first character.
    let mut during = before;
    for _ in 0..100 {
        std::thread::sleep(Duration::from_millis(50));
        during = tcgetattr(&slave).unwrap().local_modes;
        if !during.contains(LocalModes::ICANON) {
            break;
        }
    }
    for &k in keys {
        master.write_all(&[k]).unwrap();
        std::thread::sleep(Duration::from_millis(100));
    }
    if interrupt {
        // The pseudo-terminal is not the child's controlling terminal, so
        // a typed ^C would be a character: the signal is sent instead.
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    }
    let mut status = None;
    for _ in 0..200 {
        status = child.try_wait().unwrap();
        if status.is_some() {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let status = status.unwrap_or_else(|| {
        child.kill().unwrap();
        child.wait().unwrap()
    });
    let after = tcgetattr(&slave).unwrap().local_modes;
    drop(slave);
    let text = output.join().unwrap();
    (text, status.code(), [before, during, after])
}

#[test]
fn characters_reach_the_job_as_typed_and_the_shim_echoes_them() {
    // No line end typed: in the host's line mode the job would see
    // nothing, and the host would echo "ab" without the brackets between.
    let (text, status, [before, during, after]) = on_a_terminal(b"abQ", false);
    assert_eq!(status, Some(0), "{text}");
    assert!(text.contains("a<a>b<b>Q"), "{text:?}");
    assert!(before.contains(LocalModes::ICANON | LocalModes::ECHO));
    assert!(
        !during.intersects(LocalModes::ICANON | LocalModes::ECHO),
        "{during:?}"
    );
    assert!(during.contains(LocalModes::ISIG), "Ctrl-C still a signal");
    assert_eq!(after, before);
}

#[test]
fn the_terminal_is_put_back_after_an_error_stop() {
    let (text, status, [before, _, after]) = on_a_terminal(b"P", false);
    assert_eq!(status, Some(1), "{text}");
    assert!(text.contains(".VALUE"), "{text:?}");
    assert_eq!(after, before);
}

#[test]
fn control_z_reaches_the_shim_and_stops_the_job_as_for_ddt() {
    // ^Z is ITS's CALL: the job never reads it; the run ends as a .VALUE
    // would (status 1), and the terminal is put back.
    let (text, status, [before, _, after]) = on_a_terminal(b"a\x1aQ", false);
    assert_eq!(status, Some(1), "{text:?}");
    assert!(text.contains("a<a>"), "{text:?}");
    assert!(text.contains("^Z"), "{text:?}");
    assert!(!text.contains("<\x1a>"), "the job read ^Z: {text:?}");
    assert_eq!(after, before);
    // Typed while the job computes, never reading: it stops at once.
    let (text, status, _) = running_on_a_terminal("typed.mid", b"\x1a", false);
    assert_eq!(status, Some(1), "{text:?}");
    assert!(!text.contains('{'), "the handler got ^Z: {text:?}");
}

#[test]
fn the_terminal_is_put_back_after_ctrl_c() {
    // Ctrl-C (SIGINT) while the job waits for a character: the signal
    // ends the process at once (status 130).
    let (text, status, [before, _, after]) = on_a_terminal(b"a", true);
    assert_eq!(status, Some(130), "{text}");
    assert_eq!(after, before);
}

#[test]
fn a_character_typed_while_the_job_computes_interrupts_it() {
    // typed.mid never reads: only an interrupt as the character is typed
    // (%PITYI) gets it, and ends the run.
    let (text, status, [before, _, after]) = running_on_a_terminal("typed.mid", b"x", false);
    assert_eq!(status, Some(0), "{text:?}");
    assert!(text.contains("{x}"), "{text:?}");
    assert_eq!(after, before);
}
