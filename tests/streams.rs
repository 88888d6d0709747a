//! `pdp10 solve` and `pdp10 verify` on the inputs a new user (or an
//! attacker) gives them: bad puzzles among good ones, unreadable files,
//! standard input, huge lines, absurd `--jobs`, and no repository around.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");
const PDP10: &str = env!("CARGO_BIN_EXE_pdp10");

const P1: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";
const S1: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";
/// puzzles/puzzl1.sudoku in one line, and its solution.
const P2: &str =
    "..29.38.....468...4.......156.....49.2..5..7.78.....132.......7...384.....62.13..";
const S2: &str =
    "672913854195468732438725961561837249324159678789642513213596487957384126846271395";

fn run(dir: &Path, args: &[&str], stdin: Option<Vec<u8>>) -> Output {
    let mut child = Command::new(PDP10)
        .args(args)
        .current_dir(dir)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run pdp10");
    if let Some(bytes) = stdin {
        let mut pipe = child.stdin.take().unwrap();
        std::thread::spawn(move || {
            let _ = pipe.write_all(&bytes);
        });
    }
    child.wait_with_output().unwrap()
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn write(dir: &Path, name: &str, contents: &str) -> PathBuf {
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn solve_reports_each_bad_puzzle_and_file_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    write(
        d,
        "a.txt",
        &format!("{P1}\n{}\n{P2}\n{}x\n", &P1[..80], &P2[..80]),
    );
    std::fs::create_dir(d.join("folder")).unwrap();
    write(d, "b.txt", &format!("# one more\n{P1}\n"));
    let out = run(
        d,
        &["solve", "-j", "2", "a.txt", "nosuch.txt", "folder", "b.txt"],
        None,
    );
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), format!("{S1}\n{S2}\n{S1}\n"));
    let err = text(&out.stderr);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 5, "{err}");
    assert_eq!(
        lines[0],
        "pdp10: a.txt:2:1: a one-line puzzle has 16, 81, 256 or 625 cells, this one has 80"
    );
    assert!(
        lines[1].starts_with("pdp10: a.txt:4:81: unexpected 'x'"),
        "{err}"
    );
    assert!(
        lines[2].starts_with("pdp10: nosuch.txt: cannot read: "),
        "{err}"
    );
    assert!(
        lines[3].starts_with("pdp10: folder: cannot read: "),
        "{err}"
    );
    assert!(
        lines[4].starts_with(
            "3 puzzles: 3 solved (3 unique, 0 multiple), 0 unsolvable, 0 invalid, 4 unreadable in "
        ),
        "{err}"
    );
}

#[test]
fn dash_is_standard_input_for_solve_and_verify() {
    let dir = tempfile::tempdir().unwrap();
    let input = format!("{P2}\r\n{P1}\n").into_bytes();
    let out = run(dir.path(), &["solve", "-"], Some(input.clone()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{S2}\n{S1}\n"));
    assert!(text(&out.stderr).starts_with("2 puzzles: 2 solved"));
    // No file named `-` is looked for: this one would be unreadable.
    write(dir.path(), "-", "x\n");
    let out = run(dir.path(), &["verify", "-j", "2", "-"], Some(input));
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).starts_with("puzzles:   2\nagree:     2\n"));
    let out = run(
        dir.path(),
        &["solve", "-"],
        Some(format!("{}\n", &P1[..80]).into_bytes()),
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).starts_with("pdp10: <stdin>:1:1: a one-line puzzle"));
}

#[test]
fn one_puzzle_is_one_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "one.txt", &format!("{P1}\n"));
    let out = run(dir.path(), &["solve", "one.txt"], None);
    assert!(text(&out.stderr).starts_with("1 puzzle: 1 solved (1 unique"));
    let out = run(dir.path(), &["solve", "--check", "one.txt"], None);
    assert!(text(&out.stderr).starts_with("1 puzzle: 0 valid, 1 invalid"));
}

#[test]
fn jobs_are_bounded_and_minus_j_is_jobs() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "two.txt", &format!("{P1}\n{P2}\n"));
    for command in ["solve", "verify"] {
        let out = run(dir.path(), &[command, "-j", "100000", "two.txt"], None);
        assert!(out.status.success(), "{command}: {}", text(&out.stderr));
        let err = text(&out.stderr);
        assert!(
            err.contains(&format!(
                "pdp10 {command}: --jobs 100000 is more than the 256 threads started at most; using 2\n"
            )),
            "{err}"
        );
    }
    // Two puzzles: no more than two threads.
    let out = run(dir.path(), &["verify", "--jobs", "8", "two.txt"], None);
    assert!(
        text(&out.stdout).contains(" on 2 threads, "),
        "{}",
        text(&out.stdout)
    );
}

/// A line of 50 MB is refused without being held: the command runs in 60
/// MB of address space (reading the whole input would need more), and the
/// puzzle after the line is still solved.
#[test]
fn a_huge_line_is_refused_without_being_held() {
    let dir = tempfile::tempdir().unwrap();
    let mut input = vec![b'1'; 50 << 20];
    input.extend_from_slice(format!("\n{P1}\n").as_bytes());
    let mut child = Command::new("sh")
        .args(["-c", "ulimit -v 60000 && exec \"$0\" solve -j 1 -", PDP10])
        .current_dir(dir.path())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), format!("{S1}\n"));
    assert!(text(&out.stderr).starts_with("pdp10: <stdin>:1: a line longer than 1048576 bytes\n"));
}

/// verify's solver is built in: it runs from a folder without `asm/`.
#[test]
fn verify_needs_no_repository() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "p.txt", &format!("{P1}\n{P2}\n"));
    let out = run(dir.path(), &["verify", "p.txt"], None);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout).starts_with("puzzles:   2\nagree:     2\n"));
}

/// verify gives the emulated solver the puzzle's bytes as the user wrote
/// them (here a grid with CR LF line ends), so it answers what `pdp10 run`
/// answers on the same file; when that is no correct answer, verify says
/// so instead of hiding it.
#[test]
fn verify_gives_the_solver_the_users_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    std::fs::create_dir(d.join("puzzle")).unwrap();
    let grid = std::fs::read_to_string(Path::new(ROOT).join("puzzles/puzzl1.sudoku")).unwrap();
    let crlf = grid.replace("\r\n", "\n").replace('\n', "\r\n");
    write(&d.join("puzzle"), "crlf.sudoku", &crlf);
    let source = Path::new(ROOT).join("asm/sudoku.mid");
    let ran = run(d, &["run", source.to_str().unwrap(), "CRLF"], None);
    let answer = text(&ran.stdout);
    let out = run(d, &["verify", "--show", "1", "puzzle/crlf.sudoku"], None);
    let report = text(&out.stdout);
    let solved = answer.lines().take(11).collect::<Vec<_>>().join("\n")
        == [
            "672|913|854",
            "195|468|732",
            "438|725|961",
            "---+---+---",
            "561|837|249",
            "324|159|678",
            "789|642|513",
            "---+---+---",
            "213|596|487",
            "957|384|126",
            "846|271|395",
        ]
        .join("\n");
    if solved && ran.status.success() {
        assert!(out.status.success(), "{report}");
    } else {
        assert_eq!(
            out.status.code(),
            Some(1),
            "run said:\n{answer}\nverify:\n{report}"
        );
        // The same answer, but for the name the puzzle is served under.
        let answer = answer.replace("CRLF SUDOKU", "VFY SUDOKU");
        assert!(
            !answer.trim().is_empty() && report.contains(&format!(":\n{answer}")),
            "run said:\n{answer}\nverify:\n{report}"
        );
    }
}

#[test]
fn verify_reports_each_bad_puzzle_and_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.txt", &format!("{P1}\n{}\n{P2}\n", &P1[..80]));
    let out = run(dir.path(), &["verify", "a.txt", "nosuch.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    let report = text(&out.stdout);
    assert!(
        report.starts_with("puzzles:   2\nagree:     2\ndisagree:  0\nunreadable: 2\n"),
        "{report}"
    );
    let err = text(&out.stderr);
    assert!(
        err.starts_with("pdp10: a.txt:2:1: a one-line puzzle has"),
        "{err}"
    );
    assert!(err.contains("pdp10: nosuch.txt: cannot read: "), "{err}");
    // Nothing to check at all is an error.
    write(dir.path(), "empty.txt", "# nothing\n");
    let out = run(dir.path(), &["verify", "empty.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stderr), "pdp10: no puzzles in empty.txt\n");
}
