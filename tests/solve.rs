//! End-to-end tests of `pdp10 solve`: every solution printed is checked here
//! by a validity function of this file's own (rows, columns, boxes, givens
//! kept), and counts are compared with the figures the corpora come with.

use std::path::Path;
use std::process::{Command, Output};

const ROOT: &str = env!("CARGO_MANIFEST_DIR");

/// Runs `pdp10 solve ARGS` from the repository root.
fn solve(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .arg("solve")
        .args(args)
        .current_dir(ROOT)
        .output()
        .expect("run pdp10")
}

fn stdout(out: &Output) -> String {
    String::from_utf8(out.stdout.clone()).unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8(out.stderr.clone()).unwrap()
}

/// The summary line with its timing (which varies) cut off.
fn summary(out: &Output) -> String {
    let err = stderr(out);
    let line = err.lines().last().unwrap_or("");
    match line.rfind(" in ") {
        Some(i) if line.ends_with("puzzles/s)") => format!("{} in [time]", &line[..i]),
        _ => line.to_string(),
    }
}

fn read(path: &str) -> String {
    std::fs::read_to_string(Path::new(ROOT).join(path)).unwrap()
}

/// Value of a cell character: `.`, `0`, `_` are 0, then 1-9, A-Z.
fn value(c: char) -> u32 {
    match c {
        '.' | '0' | '_' => 0,
        '1'..='9' => c as u32 - '0' as u32,
        'A'..='Z' => c as u32 - 'A' as u32 + 10,
        _ => panic!("not a cell: {c:?}"),
    }
}

/// Panics unless `solution` (one line of N*N cells) completes `givens` (the
/// same, 0 or `.` for empty) in boxes of `box_rows` x `box_cols`.
fn assert_valid(givens: &str, solution: &str, box_rows: usize, box_cols: usize) {
    let n = box_rows * box_cols;
    let g: Vec<u32> = givens.chars().map(value).collect();
    let s: Vec<u32> = solution.chars().map(value).collect();
    assert_eq!(s.len(), n * n, "length of {solution}");
    assert_eq!(g.len(), n * n, "length of {givens}");
    for i in 0..n * n {
        assert!(s[i] >= 1 && s[i] as usize <= n, "cell {i} of {solution}");
        assert!(
            g[i] == 0 || g[i] == s[i],
            "given {i} changed: {givens} -> {solution}"
        );
    }
    for unit in 0..n {
        let mut seen = [[false; 26]; 3];
        for k in 0..n {
            let row = s[unit * n + k];
            let col = s[k * n + unit];
            let (r, c) = (
                (unit / box_rows) * box_rows + k / box_cols,
                (unit % box_rows) * box_cols + k % box_cols,
            );
            let bx = s[r * n + c];
            for (set, v) in seen.iter_mut().zip([row, col, bx]) {
                assert!(!set[v as usize], "{v} repeated in unit {unit}: {solution}");
                set[v as usize] = true;
            }
        }
    }
}

/// The one-line puzzles of a file: the cells up to a space, tab or `:`.
fn one_line_puzzles(text: &str) -> Vec<&str> {
    text.lines()
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| l.split([' ', '\t', ':', ';']).next().unwrap())
        .collect()
}

fn square_boxes(cells: usize) -> usize {
    (2..=5).find(|b| b * b * b * b == cells).unwrap()
}

/// Solves a one-line file and checks every solution against its puzzle.
fn check_one_line_file(path: &str, jobs: &str) -> Output {
    let out = solve(&["--jobs", jobs, path]);
    let text = read(path);
    let puzzles = one_line_puzzles(&text);
    let printed = stdout(&out);
    let solutions: Vec<&str> = printed.lines().collect();
    assert_eq!(solutions.len(), puzzles.len(), "{path}");
    for (p, s) in puzzles.iter().zip(&solutions) {
        let b = square_boxes(p.len());
        assert_valid(p, s, b, b);
    }
    out
}

#[test]
fn top95_solved_in_order_with_summary() {
    let out = check_one_line_file("puzzles/corpora/top95.txt", "2");
    assert!(out.status.success());
    // The bar is never drawn when standard error is not a terminal.
    assert_eq!(stderr(&out).lines().count(), 1, "{}", stderr(&out));
    insta::assert_snapshot!("top95_summary", summary(&out));
}

#[test]
fn seventeen_clue_sample_single_thread() {
    let out = check_one_line_file("puzzles/corpora/17_clue_first2000.txt", "1");
    assert!(out.status.success());
    assert_eq!(
        summary(&out),
        "2000 puzzles: 2000 solved (2000 unique, 0 multiple), 0 unsolvable, 0 invalid in [time]"
    );
}

#[test]
fn hard_sets_and_tdoku_solutions() {
    for path in [
        "puzzles/corpora/norvig_hardest11.txt",
        "puzzles/corpora/magictour_top1465.txt",
        "puzzles/corpora/gecode_9x9_18.txt",
        "puzzles/corpora/gecode_16x16_janko_55.txt",
        "puzzles/corpora/sudoku_exchange_diabolical_150.txt",
    ] {
        let out = check_one_line_file(path, "2");
        assert!(out.status.success(), "{path}");
        assert!(
            summary(&out).contains("multiple), 0 unsolvable, 0 invalid"),
            "{path}"
        );
    }
    // tdoku's file carries `:count:solution`: the unique ones must match.
    let path = "puzzles/corpora/tdoku_test_puzzles.txt";
    let out = solve(&[path]);
    let text = read(path);
    for (line, printed) in text.lines().zip(stdout(&out).lines()) {
        let fields: Vec<&str> = line.split(':').collect();
        match fields[1] {
            "0" => assert_eq!(printed, "NO SOLUTION", "{line}"),
            "1" => assert_eq!(printed, fields[2], "{line}"),
            _ => assert_valid(fields[0], printed, 3, 3),
        }
    }
    assert_eq!(
        out.status.code(),
        Some(1),
        "unsolvable puzzles make the status 1"
    );
}

#[test]
fn exact_counts_of_tdoku_and_edge_cases() {
    let path = "puzzles/corpora/tdoku_test_puzzles.txt";
    let out = solve(&["--count", "--limit", "100000", path]);
    let counts: Vec<String> = read(path)
        .lines()
        .map(|l| l.split(':').nth(1).unwrap().to_string())
        .collect();
    let printed = stdout(&out);
    let printed: Vec<&str> = printed.lines().collect();
    assert_eq!(printed, counts);

    // edge_cases.tsv: exact counts, `>=N` where enumeration was capped, and
    // conflicting givens (counted 0 there, reported INVALID here).
    let path = "puzzles/corpora/edge_cases.tsv";
    let out = solve(&["--count", "--limit", "20000", path]);
    let text = read(path);
    let printed = stdout(&out);
    let printed: Vec<&str> = printed.lines().collect();
    let rows: Vec<&str> = text.lines().skip(1).collect();
    assert_eq!(printed.len(), rows.len());
    for (row, got) in rows.iter().zip(&printed) {
        let expected = row.split('\t').nth(1).unwrap();
        if got.starts_with("INVALID: ") {
            assert_eq!(expected, "0", "{row}");
            continue;
        }
        let got: u64 = got.parse().unwrap();
        match expected.strip_prefix(">=") {
            Some(_) => assert_eq!(got, 20000, "{row}"),
            None => assert_eq!(got, expected.parse::<u64>().unwrap().min(20000), "{row}"),
        }
    }
    insta::assert_snapshot!("edge_cases_count", stdout(&out));
}

#[test]
fn multi_solution_set_counts() {
    let path = "puzzles/corpora/serg_benchmark_multisolution.txt";
    let out = solve(&["--count", path]);
    assert!(out.status.success());
    let printed = stdout(&out);
    assert_eq!(printed.lines().count(), 10_000);
    assert!(
        printed.lines().all(|l| l == "2"),
        "every puzzle has two or more"
    );
    assert_eq!(
        summary(&out),
        "10000 puzzles: 10000 solved (0 unique, 10000 multiple), 0 unsolvable, 0 invalid in [time]"
    );
    // The first solutions of a sample are valid.
    let text = read(path);
    let sample: Vec<&str> = text.lines().take(200).map(|l| &l[..81]).collect();
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("sample.txt");
    std::fs::write(&file, sample.join("\n")).unwrap();
    let out = solve(&[file.to_str().unwrap()]);
    for (p, s) in sample.iter().zip(stdout(&out).lines()) {
        assert_valid(p, s, 3, 3);
    }
}

#[test]
fn all_solutions_of_a_three_solution_puzzle() {
    let out = solve(&["--all", "tests/data/sudoku/three_solutions.txt"]);
    assert!(out.status.success());
    let text = stdout(&out);
    let puzzle = one_line_puzzles(&read("tests/data/sudoku/three_solutions.txt"))[0].to_string();
    let solutions: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(solutions.len(), 3);
    for s in &solutions {
        assert_valid(&puzzle, s, 3, 3);
    }
    let distinct: std::collections::HashSet<_> = solutions.iter().collect();
    assert_eq!(distinct.len(), 3);
    insta::assert_snapshot!("three_solutions_all", text);
    // A limit stops the enumeration.
    let out = solve(&[
        "--all",
        "--limit",
        "2",
        "tests/data/sudoku/three_solutions.txt",
    ]);
    assert_eq!(
        stdout(&out).lines().filter(|l| !l.starts_with('#')).count(),
        2
    );
}

#[test]
fn invalid_and_unsolvable_puzzles() {
    let out = solve(&[
        "tests/data/sudoku/invalid.txt",
        "tests/data/sudoku/invalid_6x6.sudoku",
    ]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("invalid_stdout", stdout(&out));
    insta::assert_snapshot!("invalid_summary", summary(&out));
}

#[test]
fn own_shapes_in_grid_dover_and_one_line_layouts() {
    // Each file's .solutions holds the grid its puzzles were blanked from:
    // solutions must be valid, and equal to it when unique.
    for (path, boxes) in [
        ("tests/data/sudoku/six_2x3.sudoku", vec![(2, 3)]),
        ("tests/data/sudoku/twelve_3x4.sudoku", vec![(3, 4)]),
        ("tests/data/sudoku/twentyfive.txt", vec![(5, 5)]),
        (
            "tests/data/sudoku/mixed_shapes.dover",
            vec![(3, 3), (2, 3), (2, 4), (4, 5)],
        ),
    ] {
        let origin_path = path.rsplit_once('.').unwrap().0.to_string() + ".solutions";
        let origins: Vec<String> = read(&origin_path).lines().map(String::from).collect();
        let out = solve(&["--count", path]);
        let counts: Vec<String> = stdout(&out).lines().map(String::from).collect();
        let out = solve(&[path]);
        assert!(out.status.success(), "{path}");
        let solutions: Vec<String> = stdout(&out).lines().map(String::from).collect();
        assert_eq!(solutions.len(), origins.len(), "{path}");
        let givens = sudoku::parse_file(Path::new(ROOT).join(path).as_path()).unwrap();
        assert_eq!(givens.len(), origins.len(), "{path}");
        for (i, (s, origin)) in solutions.iter().zip(&origins).enumerate() {
            let (br, bc) = boxes[i.min(boxes.len() - 1)];
            assert_valid(origin, origin, br, bc);
            assert_valid(&givens[i].grid.to_string(), s, br, bc);
            if counts[i] == "1" {
                assert_eq!(s, origin, "{path} #{}", i + 1);
            }
        }
    }
}

#[test]
fn grid_output_layout() {
    let out = solve(&["--format", "grid", "tests/data/sudoku/six_2x3.sudoku"]);
    assert!(out.status.success());
    insta::assert_snapshot!("six_grid_output", stdout(&out));
    // The grid output reads back as puzzles whose solutions are themselves.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("solved.sudoku");
    std::fs::write(&file, stdout(&out)).unwrap();
    let again = solve(&["--format", "grid", file.to_str().unwrap()]);
    assert_eq!(stdout(&again), stdout(&out));
    let checked = solve(&["--check", file.to_str().unwrap()]);
    assert!(checked.status.success());
    assert!(stdout(&checked).lines().all(|l| l == "VALID"));
}

#[test]
fn euler_layout_and_its_answer() {
    // Project Euler 96: the sum of the 3-digit numbers in the top-left
    // corners of the 50 solutions is 24702 (corpora/SOURCES.md).
    let out = solve(&["--jobs", "2", "puzzles/corpora/euler96_p096_sudoku_raw.txt"]);
    assert!(out.status.success());
    let flat = read("puzzles/corpora/euler96.txt");
    let puzzles = one_line_puzzles(&flat);
    let mut sum = 0;
    for (p, s) in puzzles.iter().zip(stdout(&out).lines()) {
        assert_valid(p, s, 3, 3);
        sum += s[..3].parse::<u32>().unwrap();
    }
    assert_eq!(sum, 24702);
}

#[test]
fn check_mode() {
    let out = solve(&[
        "--check",
        "tests/data/sudoku/twentyfive.solutions",
        "tests/data/sudoku/three_solutions.txt",
    ]);
    assert_eq!(out.status.code(), Some(1));
    insta::assert_snapshot!("check_stdout", stdout(&out));
    insta::assert_snapshot!("check_summary", summary(&out));
}

#[test]
fn unreadable_input_is_an_error_naming_the_place() {
    // The bad second line is reported, and the first puzzle still solved.
    let out = solve(&["tests/data/sudoku/bad_char.txt"]);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(stdout(&out).lines().count(), 1);
    let first_line = |out: &Output| stderr(out).lines().next().unwrap_or("").to_string() + "\n";
    insta::assert_snapshot!("bad_char_stderr", first_line(&out));
    assert_eq!(
        summary(&out),
        "1 puzzle: 1 solved (0 unique, 1 multiple), 0 unsolvable, 0 invalid, 1 unreadable in [time]"
    );
    let out = solve(&["tests/data/sudoku/no_such_file.txt"]);
    assert_eq!(out.status.code(), Some(2));
    insta::assert_snapshot!("missing_file_stderr", first_line(&out));
    let out = solve(&["--count", "--all", "tests/data/sudoku/invalid.txt"]);
    assert_eq!(out.status.code(), Some(2), "clap rejects conflicting flags");
}

/// `verify --first 0` would check nothing: refused as a usage error
/// naming the option, not reported as a file without puzzles.
#[test]
fn verify_first_zero_is_refused() {
    let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["verify", "--first", "0", "puzzles/puzzl1.sudoku"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(err.contains("'--first <N>'"), "{err}");
    assert!(!err.contains("no puzzles"), "{err}");
}

/// Several threads print what one thread prints, in every output mode:
/// the parts of a batch are solved and formatted on different threads and
/// printed in order, bad lines, invalid and multi-solution puzzles among
/// them (their indices, the grid layout's blank lines, the summary).
#[test]
fn threads_print_what_one_thread_prints() {
    let dir = tempfile::tempdir().unwrap();
    let mut text = String::new();
    // 340 records: a first batch of 256, then 84, which leave the other
    // threads' parts empty.
    for (i, line) in read("puzzles/corpora/17_clue_first2000.txt")
        .lines()
        .take(330)
        .enumerate()
    {
        text += line;
        text += "\n";
        match i % 97 {
            5 => text += &format!("11{}\n", ".".repeat(79)),
            40 => text += "123\n",
            77 => text += &format!("{}\n", ".".repeat(81)),
            _ => {}
        }
    }
    let path = dir.path().join("mixed.txt");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    for mode in [
        &[][..],
        &["--format", "grid"],
        &["--count"],
        &["--all", "--limit", "3"],
        &["--check"],
    ] {
        let run = |jobs: &str| {
            let out = solve(&[mode, &["--jobs", jobs, path]].concat());
            let err = stderr(&out);
            let messages: Vec<String> = err.lines().rev().skip(1).map(String::from).collect();
            (out.status.code(), stdout(&out), messages, summary(&out))
        };
        let one = run("1");
        assert_eq!(one.2.len(), 3, "{mode:?}: {:?}", one.2);
        for jobs in ["2", "3"] {
            assert_eq!(run(jobs), one, "{mode:?} --jobs {jobs}");
        }
    }
}

/// By default 9x9 puzzles begin on one thread and the pool takes over
/// after 20 ms or at the first larger puzzle: the output is that of one
/// thread, the puzzle at the hand-over neither lost nor printed twice,
/// whichever comes first (a 16x16 after the first 9x9s, and thousands of
/// 9x9s, more than 20 ms, after it).
#[test]
fn the_hand_over_to_the_pool_keeps_the_order() {
    let dir = tempfile::tempdir().unwrap();
    let nine = read("puzzles/corpora/17_clue_first2000.txt");
    let sixteen = read("puzzles/corpora/gecode_16x16_janko_55.txt");
    let mut text = String::new();
    for line in nine.lines().take(100) {
        text += line;
        text += "\n";
    }
    for line in sixteen.lines().take(3) {
        text += line;
        text += "\n";
    }
    text += "123\n";
    for _ in 0..3 {
        text += &nine;
    }
    let path = dir.path().join("handed.txt");
    std::fs::write(&path, text).unwrap();
    let path = path.to_str().unwrap();
    let run = |args: &[&str]| {
        let out = solve(args);
        let err = stderr(&out);
        let messages: Vec<String> = err.lines().rev().skip(1).map(String::from).collect();
        (out.status.code(), stdout(&out), messages, summary(&out))
    };
    let one = run(&["--jobs", "1", path]);
    assert_eq!(one.1.lines().count(), 6103, "{:?}", one.2);
    assert_eq!(run(&[path]), one);
    // Only 9x9s: the hand-over comes after 20 ms, in the middle of a puzzle
    // set rather than at a larger puzzle.
    let path = dir.path().join("nine.txt");
    std::fs::write(&path, nine.repeat(4)).unwrap();
    let path = path.to_str().unwrap();
    assert_eq!(run(&[path]), run(&["--jobs", "1", path]));
}

/// A lone hard puzzle is searched on two threads by default (when there
/// are two cores): the halves of Frisch's #3 (about 5,000 conflicts alone,
/// then split) give the one solution that one thread gives, and say it is
/// unique.
#[test]
fn search_threads_print_what_one_thread_prints() {
    let dir = tempfile::tempdir().unwrap();
    let line = read("puzzles/corpora/gecode_25x25_frisch_18.txt")
        .lines()
        .nth(2)
        .expect("18 puzzles")
        .to_string();
    let path = dir.path().join("frisch3.txt");
    std::fs::write(&path, format!("{line}\n")).unwrap();
    let path = path.to_str().unwrap();
    let run = |threads: &[&str]| {
        let out = solve(&[threads, &[path]].concat());
        assert_eq!(out.status.code(), Some(0), "{threads:?}: {}", stderr(&out));
        (stdout(&out), summary(&out))
    };
    let one = run(&["--search-threads", "1"]);
    let solution = one.0.trim_end();
    let givens: String = line
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '.' })
        .collect();
    assert_valid(&givens, solution, 5, 5);
    assert!(one.1.contains("1 unique"), "{}", one.1);
    assert_eq!(run(&["--search-threads", "2"]), one);
    assert_eq!(run(&[]), one);
}
