//! End-to-end tests of the PDP-10 sudoku solver, `asm/sudoku.mid`, run by
//! `pdp10 run` (assembled in memory from the source each time) and checked
//! against the native solver by `pdp10 verify`.
//!
//! Snapshots: the first 200 instructions on PUZZL1, the system calls with
//! and without the ACs, and the program's output on every file of
//! `puzzles/` and on each switch and error path.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

fn source() -> String {
    Path::new(ROOT)
        .join("asm/sudoku.mid")
        .to_string_lossy()
        .into_owned()
}

/// `pdp10 run [options] <asm/sudoku.mid> JCL...` with DSK = `dsk`.
fn run_in(dsk: &Path, options: &[&str], jcl: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .arg("run")
        .args(["--dsk", dsk.to_str().unwrap()])
        .args(options)
        .arg(source())
        .args(jcl)
        .current_dir(ROOT)
        .output()
        .expect("run pdp10")
}

/// The same from the repository's root: `PUZZLE;` is `puzzles/`.
fn run(options: &[&str], jcl: &[&str]) -> Output {
    run_in(Path::new(ROOT), options, jcl)
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// A scratch DSK folder with `puzzle/` (the job's directory) in it.
fn scratch(test: &str) -> PathBuf {
    let top = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("sudoku_mid")
        .join(test);
    let _ = std::fs::remove_dir_all(&top);
    std::fs::create_dir_all(top.join("puzzle")).unwrap();
    top
}

/// The standard error of `pdp10 run` without the line saying the source
/// was assembled (which names a host path).
fn messages(out: &Output) -> String {
    stderr(out)
        .lines()
        .filter(|l| !l.contains("assembl"))
        .map(|l| format!("{l}\n"))
        .collect()
}

#[test]
fn puzzl1_solved_as_a_grid() {
    let out = run(&[], &["PUZZL1"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "672|913|854\n195|468|732\n438|725|961\n---+---+---\n561|837|249\n324|159|678\n\
         789|642|513\n---+---+---\n213|596|487\n957|384|126\n846|271|395\n"
    );
}

#[test]
fn first_200_instructions_on_puzzl1() {
    let dir = scratch("trace");
    let trace = dir.join("trace.txt");
    let out = run(
        &["--trace", trace.to_str().unwrap(), "--max-insns", "200"],
        &["PUZZL1"],
    );
    assert_eq!(out.status.code(), Some(4), "the budget stops it");
    let text = std::fs::read_to_string(&trace).unwrap();
    assert_eq!(text.lines().count(), 200);
    insta::assert_snapshot!("puzzl1_trace_200", text);
}

#[test]
fn system_calls_on_puzzl1() {
    let out = run(&["--syscalls"], &["PUZZL1"]);
    assert!(out.status.success());
    insta::assert_snapshot!("puzzl1_syscalls", messages(&out));
    let out = run(&["--syscalls", "--registers"], &["PUZZL1"]);
    assert!(out.status.success());
    insta::assert_snapshot!("puzzl1_syscalls_acs", messages(&out));
}

#[test]
fn output_on_every_file_of_puzzles() {
    let mut names: Vec<String> = std::fs::read_dir(Path::new(ROOT).join("puzzles"))
        .unwrap()
        .filter_map(|e| {
            let name = e.unwrap().file_name().to_string_lossy().into_owned();
            name.strip_suffix(".sudoku").map(str::to_string)
        })
        .collect();
    names.sort();
    assert!(names.len() >= 10, "{names:?}");
    for name in names {
        let out = run(&[], &[&name.to_uppercase()]);
        // The exit status `pdp10 solve` gives for the same file.
        let native = Command::new(env!("CARGO_BIN_EXE_pdp10"))
            .args(["solve", &format!("puzzles/{name}.sudoku")])
            .current_dir(ROOT)
            .output()
            .unwrap();
        assert_eq!(
            out.status.code(),
            native.status.code(),
            "{name}: {}",
            stderr(&out)
        );
        insta::assert_snapshot!(format!("output_{name}"), stdout(&out));
    }
}

#[test]
fn switches() {
    let cases: &[(&str, &[&str])] = &[
        ("count_all", &["MULTI", "/A"]),
        ("print_all", &["MULTI/P"]),
        ("statistics", &["HARD", "/S"]),
        ("check_unfinished", &["PUZZL1", "/C"]),
        ("count_lower_case", &["puzzle;multi", "sudoku", "/a"]),
    ];
    let mut all = String::new();
    for (name, jcl) in cases {
        let out = run(&[], jcl);
        // An unfinished grid fails the check, as `pdp10 solve --check`.
        let status = if *name == "check_unfinished" { 1 } else { 0 };
        assert_eq!(out.status.code(), Some(status), "{name}");
        all += &format!("--- {name}: {}\n{}", jcl.join(" "), stdout(&out));
    }
    insta::assert_snapshot!("switches", all);
}

#[test]
fn checking_filled_grids() {
    let dir = scratch("check");
    std::fs::write(
        dir.join("puzzle/full.sudoku"),
        "483921657967345821251876493548132976729564138136798245372689514814253769695417382\n\
         883921657967345821251876493548132976729564138136798245372689514814253769695417382\n",
    )
    .unwrap();
    let out = run_in(&dir, &[], &["FULL", "/C"]);
    assert_eq!(out.status.code(), Some(1), "one is invalid");
    assert_eq!(
        stdout(&out),
        "VALID\nINVALID: R1C1 AND R1C2 BOTH HOLD 8 IN ROW 1\n"
    );
}

#[test]
fn bad_input_gives_a_message_and_a_clean_exit() {
    let dir = scratch("errors");
    let files: &[(&str, &str)] = &[
        ("badchr", "..2|9.3|8..\n...|4x8|...\n"),
        ("short", "1234567\n"),
        ("rows", "12|34\n34|12\n\n"),
        ("long", &format!("{}\n", ".".repeat(30))),
        ("value", &format!("{}A\n", ".".repeat(80))),
        ("dover", "2. 3.\n1. 2. 3.\n"),
        ("dovbig", "2. 3.\n9.\n"),
        ("empty", "# nothing but a comment\n\n"),
    ];
    for (name, text) in files {
        std::fs::write(dir.join(format!("puzzle/{name}.sudoku")), text).unwrap();
    }
    let mut all = String::new();
    let mut jcls: Vec<Vec<&str>> = files.iter().map(|(n, _)| vec![*n]).collect();
    jcls.extend([
        vec!["NOSUCH"],
        vec!["NODIR;FOO", "BAR"],
        vec![],
        vec!["MULTI", "/Q"],
    ]);
    for jcl in &jcls {
        let out = run_in(&dir, &[], jcl);
        // Status 2 for a bad file or command line, as `pdp10 solve`; a
        // file of comments holds no puzzle to fail.
        let status = if jcl == &["empty"] { 0 } else { 2 };
        assert_eq!(out.status.code(), Some(status), "{jcl:?}");
        assert!(
            stderr(&out).lines().all(|l| l.contains("assembl")),
            "{jcl:?}"
        );
        all += &format!("--- {}\n{}", jcl.join(" "), stdout(&out));
    }
    insta::assert_snapshot!("errors", all);
}

/// Sizes, numbers and line ends the solver once got wrong, each with its
/// message and exit status.
#[test]
fn messages_for_sizes_numbers_and_line_ends() {
    let dir = scratch("limits");
    let grid = std::fs::read_to_string(Path::new(ROOT).join("puzzles/puzzl1.sudoku")).unwrap();
    let files: Vec<(&str, Vec<u8>)> = vec![
        ("big36", format!("{}\n", ".".repeat(36 * 36)).into_bytes()),
        ("huge", format!("{}\n", ".".repeat(100_000)).into_bytes()),
        ("dovh", b"99999999999999999999. 2.\n".to_vec()),
        ("dovv", b"2. 2.\n1. 99999999999. 3. 4.\n".to_vec()),
        (
            "lcomm",
            format!("#{}\n{}\n", "x".repeat(5000), grid).into_bytes(),
        ),
        ("dos", grid.replace('\n', "\r\n").into_bytes()),
        // Not an evacuated file (a raw word inside a text word): the open
        // fails with ITS's FILE LOCKED, code 23.
        ("locked", b"AB\xf0\0\0\0\0".to_vec()),
    ];
    for (name, bytes) in &files {
        std::fs::write(dir.join(format!("puzzle/{name}.sudoku")), bytes).unwrap();
    }
    let place = |name: &str| format!("DSK:PUZZLE;{} SUDOKU", name.to_uppercase());
    let solved = "672|913|854\n195|468|732\n438|725|961\n---+---+---\n561|837|249\n\
                  324|159|678\n789|642|513\n---+---+---\n213|596|487\n957|384|126\n\
                  846|271|395\n";
    let expected = [
        ("big36", 2, format!("{}, LINE 1: WRONG SIZE: 1296 CELLS ON THE LINE (ONE-LINE PUZZLES HAVE 16, 81, 256 OR 625, GRID ROWS 1 TO 25)\n", place("big36"))),
        ("huge", 2, format!("{}, LINE 1: A LINE OF MORE THAN 3000 CHARACTERS: NO PUZZLE HAS ONE SO LONG\n", place("huge"))),
        ("dovh", 2, format!("{}, LINE 1: WRONG SIZE: BOXES MAKE A SIDE OF 1 TO 25\n", place("dovh"))),
        ("dovv", 2, format!("{}, LINE 2, COLUMN 4: VALUE TOO LARGE: OVER 1000\n", place("dovv"))),
        ("lcomm", 0, solved.to_string()),
        ("dos", 0, solved.to_string()),
        ("locked", 2, format!("{} - OPEN FAILED, ERROR 23\n", place("locked"))),
    ];
    for (name, status, text) in expected {
        let out = run_in(&dir, &[], &[name]);
        assert_eq!(stdout(&out), text, "{name}");
        assert_eq!(out.status.code(), Some(status), "{name}");
    }
}

/// The PDP-10 solver agrees with the native one on a few thousand puzzles
/// of every kind: hard, 17-clue, several solutions, none, invalid, 4x4 to
/// 25x25, and every layout.
#[test]
fn verify_against_the_native_solver() {
    let files = [
        "puzzles/corpora/top95.txt",
        "puzzles/corpora/17_clue_first2000.txt",
        "puzzles/corpora/serg_benchmark_multisolution.txt",
        "puzzles/corpora/gecode_16x16_janko_55.txt",
        "puzzles/corpora/tdoku_test_puzzles.txt",
        "puzzles/corpora/edge_cases.tsv",
        "puzzles/corpora/euler96_p096_sudoku_raw.txt",
        "tests/data/sudoku/invalid.txt",
        "tests/data/sudoku/invalid_6x6.sudoku",
        "tests/data/sudoku/mixed_shapes.dover",
        "tests/data/sudoku/twelve_3x4.sudoku",
        "tests/data/sudoku/twentyfive.txt",
        "tests/data/sudoku/three_solutions.txt",
        "tests/data/sudoku/six_2x3.sudoku",
        "puzzles/hard.sudoku",
        "puzzles/p6x6.sudoku",
        "puzzles/p12x12.sudoku",
        "puzzles/p25x25.sudoku",
        "puzzles/nosol.sudoku",
        "puzzles/multi.sudoku",
        "puzzles/invald.sudoku",
    ];
    let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["verify", "--first", "1000", "--jobs", "2"])
        .args(files)
        .current_dir(ROOT)
        .output()
        .expect("run pdp10");
    let text = stdout(&out);
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    let count: usize = text
        .lines()
        .find_map(|l| l.strip_prefix("puzzles:"))
        .unwrap()
        .trim()
        .parse()
        .unwrap();
    assert!(count > 2000, "{text}");
    assert!(text.contains(&format!("agree:     {count}\n")), "{text}");
    assert!(text.contains("disagree:  0\n"), "{text}");
}

/// A solver that is wrong is caught: this one says NO SOLUTION to
/// everything.
#[test]
fn verify_catches_a_wrong_solver() {
    let dir = scratch("wrong");
    let program = dir.join("wrong.mid");
    std::fs::write(
        &program,
        "TITLE WRONG\nGO:\t.OPEN 1,[.UAO,,'TTY]\n\t.LOSE\n\tMOVE 2,[440700,,MSG]\n\
         LOOP:\tILDB 1,2\n\tJUMPE 1,DONE\n\t.IOT 1,1\n\tJRST LOOP\n\
         DONE:\t.IOT 1,[15]\n\t.IOT 1,[12]\n\t.LOGOUT 1,\nMSG:\tASCIZ /NO SOLUTION/\nEND GO\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args([
            "verify",
            "--program",
            program.to_str().unwrap(),
            "--show",
            "1",
        ])
        .args(["puzzles/multi.sudoku", "puzzles/nosol.sudoku"])
        .current_dir(ROOT)
        .output()
        .expect("run pdp10");
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}\n{}", stderr(&out));
    assert!(
        text.contains("puzzles:   2\nagree:     1\ndisagree:  1\n"),
        "{text}"
    );
    assert!(
        text.contains("puzzles/multi.sudoku:2: disagreement"),
        "{text}"
    );
    assert!(
        text.contains(" (not unique)\nemulated: NO SOLUTION\n"),
        "{text}"
    );
    assert!(text.contains("emulated: NO SOLUTION"), "{text}");
}
