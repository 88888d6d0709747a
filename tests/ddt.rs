//! End-to-end tests of `pdp10 run --ddt` and `boot --ddt`: DDT sessions
//! read from a pipe (commands echoed, as a terminal would show them), the
//! transcript a snapshot.

use std::path::Path;
use std::process::{Command, Stdio};

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `pdp10 ARGS` in the repository's root with `commands` on standard
/// input; returns the exit status and standard output.
fn pdp10(args: &[&str], commands: &str) -> (i32, String) {
    let out = crate::common::feed(
        crate::common::pdp10_in(root()).args(args),
        commands.as_bytes(),
    );
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn session(program: &str, jcl: &[&str], commands: &str) -> String {
    let mut args = vec!["run", "--fixed-clock", "1795327719", "--ddt", program];
    args.extend_from_slice(jcl);
    let (status, out) = pdp10(&args, commands);
    format!("{out}--- exit status {status}\n")
}

const COUNT: &str = "tests/data/ddt/count.mid";

#[test]
fn examine_in_every_mode() {
    let commands = "GO/\n^J\n^J\n^\n\nTOTAL\t\nTEXT/\n$C\nTEXT/\n$\"\nTEXT/\n$7T\nTEXT/\n\
        $1T\nTEXT[\nTEXT/\n$'\nNAME/\n$#\nTEXT+1/\n$H\nHALVES/\n$A\nHALVES/\n\nHALVES[\n\
        $10R\nHALVES[\n\n$$C\nGO/\nGO]\n\nGO/\n$$S\nGO/\nPDL-1,,PDL=\n:KILL\n";
    insta::assert_snapshot!(session(COUNT, &[], commands));
}

#[test]
fn deposit_define_and_bad_commands() {
    let commands = "TOTAL/\n42\nTOTAL/\n7^J\nTOTAL/\nTOTAL+1/\nHERE: 100\nHERE=\n\
        200 THERE:\nTHERE=\nNOSUCH/\n$Z\n1+*2\n(5\n.=\n:NOSUCH\n:KILL\n";
    insta::assert_snapshot!(session(COUNT, &[], commands));
}

#[test]
fn breakpoints_proceed_counts_step_execute_and_value() {
    // BUMP is called five times and counts its calls in TOTAL: stopping at
    // the first call, 3$P stops at the fourth, with three counted.
    let commands = "BUMP$B\nLOOP+1$5B\n$B\n0$5B\n$B\n$G\nTOTAL/\nP/\n3$P\nTOTAL/\nA/\n\
        ^N\n^N\n3^N\n$B\nAOS TOTAL$X\nTOTAL/\nCAIE A,2$X\nCAIE A,1$X\n\
        0$B\n$P\nA/\n$P\n$P\n";
    let out = session(COUNT, &[], commands);
    assert!(
        out.contains("3$P\n$1B; BUMP>>AOS TOTAL   TOTAL/   3   \n"),
        "{out}"
    );
    insta::assert_snapshot!(out);
}

/// The sudoku solver under DDT: a breakpoint on the guess routine, the
/// candidate word of the cell it guesses on, steps, a breakpoint on the
/// backtrack counter hit at the right count, and proceeding to the end
/// gives what a run without DDT gives.
#[test]
fn sudoku_session() {
    let commands = "GUESS$B\nCONTRA+2$B\n$G\nEMP(BI)/\nCM(EMP(BI))/\n$H\nCM(EMP(BI))/\n\n\
        ^N\n^N\n^N\n$P\nNBACK/\n$P\nNBACK/\n$$B\n$P\n";
    let out = session("TS", &["SUDOKU", "HARD", "/S"], commands);
    // The backtrack counter counts the hits of its own instruction.
    assert!(
        out.contains("$2B; CONTRA+2>>AOS NBACK   NBACK/   0   \n"),
        "{out}"
    );
    assert!(out.contains("NBACK/   1   \n"), "{out}");
    let (status, plain) = pdp10(&["run", "TS", "SUDOKU", "HARD", "/S"], "");
    assert_eq!(status, 0);
    assert!(out.contains(&plain), "{out}\n---\n{plain}");
    insta::assert_snapshot!(out);
}

#[test]
fn boot_ddt_breaks_with_halt_words() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ddt-boot");
    std::fs::create_dir_all(&dir).unwrap();
    let image = dir.join("loop.txt");
    // 1000: MOVEI 1,3; 1001: ADDI 2,1; 1002: SOJG 1,1001; 1003: HALT
    std::fs::write(
        &image,
        "1000: 201040000003\n1001: 271100000001\n1002: 367040001001\n1003: 254200000000\nstart: 1000\n",
    )
    .unwrap();
    let path = image.to_string_lossy().into_owned();
    let (status, out) = pdp10(
        &["boot", "--ddt", &path],
        "1001$B\n$G\n2/\n$P\n2/\n1001/\n0$B\n$P\n2/\n$$Q\n",
    );
    insta::assert_snapshot!(format!("{out}--- exit status {status}\n"));
}

/// `--watch` without a terminal: the job's output as without it, and the
/// last view (the board read through the program's symbols) as text.
#[test]
fn watch_without_a_terminal() {
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_pdp10"))
            .args(args)
            .current_dir(root())
            .stdin(Stdio::null())
            .output()
            .unwrap()
    };
    let plain = run(&["run", "TS", "SUDOKU", "HARD", "/S"]);
    let watched = run(&["run", "--watch", "TS", "SUDOKU", "HARD", "/S"]);
    assert_eq!(watched.status.code(), Some(0));
    assert_eq!(watched.stdout, plain.stdout);
    let view = String::from_utf8_lossy(&watched.stderr);
    assert!(view.contains("depth 0  guesses 4  backtracks 2"), "{view}");
    assert!(view.contains("│8 5 9  6 "), "{view}");
    let region = run(&["run", "--watch=NGUESS,2/C", "TS", "SUDOKU", "HARD"]);
    let view = String::from_utf8_lossy(&region.stderr);
    assert!(view.contains("│NGUESS/   4 "), "{view}");
    assert!(view.contains("│NBACK/   2 "), "{view}");
    let bad = run(&["run", "--watch=NOSUCH", "TS", "SUDOKU", "HARD"]);
    assert_eq!(bad.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("no symbol NOSUCH"));
}

/// `$Y` dumps the job (its state as it stands, symbols too) as a binary
/// `pdp10 run` loads; `$L` loads a program into the job again.
#[test]
fn dump_and_load() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("ddt-dump");
    std::fs::create_dir_all(&dir).unwrap();
    let dump = dir.join("count.bin");
    let _ = std::fs::remove_file(&dump);
    let dump_name = dump.to_string_lossy().into_owned();
    let commands = format!(
        "$G\n$Y {dump_name}\n$L {COUNT}\nTOTAL/\n$G\n$P\n$L nosuch.bin\n$L {dump_name}\nTOTAL/\nBUMP/\n"
    );
    let out = session(COUNT, &[], &commands).replace(&dump_name, "<DUMP>");
    insta::assert_snapshot!(out);
    // The dump starts where the program does, with TOTAL already 5.
    let (status, plain) = pdp10(&["run", &dump_name], "");
    assert_eq!((status, plain.as_str()), (1, ""));
}

/// Text type-in: `$1"ABCDE$`, `$1'NAME$`, `$1#C`, and `$$1"` over several
/// words.
#[test]
fn text_type_in() {
    let commands = "TEXT/\n$0\"WORLD$\n$\"\nTEXT/\n\nNAME/\n$1'SUDOKU$\n$'\nNAME/\n\n\
        $1#A=\n$1\"AB$=\nPDL/\n$$0\"HELLO, WORLD$\n$\"\nPDL/\n^J\n^J\n:KILL\n";
    insta::assert_snapshot!(session(COUNT, &[], commands));
}

/// Ctrl-C under DDT (one handler with `run`'s, interrupt.rs): while the
/// job runs it returns to DDT, which goes on reading commands; at DDT's
/// command line it leaves with status 130.
#[test]
fn ctrl_c_returns_to_ddt_then_leaves() {
    use crate::common::{scratch, wait_at_most};
    use std::io::Write;
    use std::time::{Duration, Instant};
    let dir = scratch("ddt", "ctrl-c");
    let spawn = |out: &Path| {
        Command::new(env!("CARGO_BIN_EXE_pdp10"))
            .args(["run", "--ddt"])
            .arg(crate::common::its_program("forever"))
            .stdin(Stdio::piped())
            .stdout(std::fs::File::create(out).unwrap())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap()
    };
    let wait_for = |out: &Path, text: &str| {
        let start = Instant::now();
        while !std::fs::read_to_string(out).unwrap().contains(text) {
            assert!(start.elapsed() < Duration::from_secs(60), "no {text:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    };
    let interrupt = |child: &std::process::Child| {
        let sent = Command::new("kill")
            .args(["-INT", &child.id().to_string()])
            .status()
            .unwrap();
        assert!(sent.success());
    };
    let out = dir.join("running.out");
    let mut child = spawn(&out);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"$G\n").unwrap();
    wait_for(&out, "BEFORE THE LOOP");
    interrupt(&child);
    wait_for(&out, "SPIN)");
    stdin.write_all(b"SPIN/\n:KILL\n").unwrap();
    drop(stdin);
    let ended = wait_at_most(child, Duration::from_secs(30), ":KILL");
    assert_eq!(ended.status.code(), Some(0));
    let transcript = std::fs::read_to_string(&out).unwrap();
    assert!(
        transcript.contains("SPIN/   AOJA 3,SPIN"),
        "DDT read on after the stop: {transcript}"
    );
    // At the command line: Ctrl-C leaves.
    let out = dir.join("command-line.out");
    let mut child = spawn(&out);
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"GO/\n").unwrap();
    wait_for(&out, "GO/");
    interrupt(&child);
    let ended = wait_at_most(child, Duration::from_secs(30), "Ctrl-C");
    drop(stdin);
    assert_eq!(ended.status.code(), Some(130));
}
