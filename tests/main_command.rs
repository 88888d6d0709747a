//! The README's first command, `cargo run --release -- run TS SUDOKU PUZZL1`,
//! run the way a new user runs it: from a clean copy of the repository (only
//! the files git tracks), with no TS file assembled beforehand.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The solution of `puzzles/puzzl1.sudoku`, worked out independently of the
/// project (a plain backtracking search, which also found it to be unique).
const PUZZL1_SOLUTION: [&str; 9] = [
    "672913854",
    "195468732",
    "438725961",
    "561837249",
    "324159678",
    "789642513",
    "213596487",
    "957384126",
    "846271395",
];

/// Copies the files git tracks (or, without git, the folders the command
/// needs) into a fresh directory.
fn clean_copy() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dest = std::env::temp_dir().join(format!("pdp10-clean-copy-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dest);
    std::fs::create_dir_all(&dest).unwrap();
    let listed = Command::new("git")
        .args(["ls-files", "-z", "--", "asm", "puzzles"])
        .current_dir(root)
        .output()
        .ok()
        .filter(|o| o.status.success() && !o.stdout.is_empty());
    let files: Vec<PathBuf> = match listed {
        Some(out) => out
            .stdout
            .split(|&b| b == 0)
            .filter(|s| !s.is_empty())
            .map(|s| PathBuf::from(String::from_utf8_lossy(s).into_owned()))
            .collect(),
        None => ["asm", "puzzles"]
            .iter()
            .flat_map(|d| walk(&root.join(d)))
            .map(|p| p.strip_prefix(root).unwrap().to_path_buf())
            .collect(),
    };
    for file in files {
        let to = dest.join(&file);
        std::fs::create_dir_all(to.parent().unwrap()).unwrap();
        std::fs::copy(root.join(&file), &to).unwrap();
    }
    dest
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            out.extend(walk(&path));
        } else {
            out.push(path);
        }
    }
    out
}

#[test]
fn run_ts_sudoku_puzzl1_from_a_clean_copy() {
    let dir = clean_copy();
    assert!(
        !dir.join("ts.sudoku").exists(),
        "the copy must hold no assembled binary"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["run", "TS", "SUDOKU", "PUZZL1"])
        .current_dir(&dir)
        .output()
        .expect("run pdp10");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success(),
        "exit {:?}\nstdout:\n{stdout}\nstderr:\n{stderr}",
        out.status
    );
    // The grid layout comes back as it went in: rows of digits with box
    // separators. Take the digits of each row that holds nine of them.
    let rows: Vec<String> = stdout
        .lines()
        .map(|l| l.chars().filter(char::is_ascii_digit).collect::<String>())
        .filter(|digits| digits.len() == 9)
        .collect();
    assert_eq!(
        rows, PUZZL1_SOLUTION,
        "stdout:\n{stdout}\nstderr:\n{stderr}"
    );
    assert!(
        !stdout.contains("NOT UNIQUE") && !stdout.contains("NO SOLUTION"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
