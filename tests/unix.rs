//! Unix conventions of the command: `-` as a file means standard output,
//! and `pdp10 completions SHELL` prints a completion script.

use std::path::Path;
use std::process::Command;

fn pdp10(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("run pdp10")
}

#[test]
fn trace_dash_is_standard_output() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("unix-trace");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let hello = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/hello.mid");
    let out = pdp10(&dir, &["run", "--trace", "-", hello.to_str().unwrap()]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert!(!dir.join("-").exists(), "no file named -");
    assert!(stdout.contains("HELLO, WORLD"), "{stdout}");
    // The first instruction's trace line: MOVE P,[-20,,PDL] at 100.
    assert!(
        stdout.lines().any(|l| l.starts_with("000100  200740")),
        "{stdout}"
    );
}

#[test]
fn completions_for_each_shell() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    for (shell, marker) in [
        ("bash", "complete -F _pdp10"),
        ("zsh", "#compdef pdp10"),
        ("fish", "complete -c pdp10"),
    ] {
        let out = pdp10(dir, &["completions", shell]);
        let script = String::from_utf8_lossy(&out.stdout);
        assert_eq!(out.status.code(), Some(0), "{shell}");
        assert!(script.contains(marker), "{shell}: {script}");
        // Subcommands and their options are in it.
        assert!(
            script.contains("verify") && script.contains("dsk-quota"),
            "{shell}"
        );
    }
    let out = pdp10(dir, &["completions", "cmd.exe"]);
    assert_eq!(out.status.code(), Some(2));
}
