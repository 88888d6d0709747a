//! The readers' details as the crate documents them (`read`: the layouts
//! and how one is chosen; dover's `R. C.` header followed by R*C*R*C
//! numbers each followed by a dot; Project Euler 96's `Grid NN` then nine
//! rows of nine digits). Written for mutation testing (docs/mutants.md).

use sudoku::{detect_layout, parse_str, parse_str_as, ErrorKind, Layout, Shape};

fn error(text: &str) -> String {
    parse_str(text, "in.txt").unwrap_err().to_string()
}

#[test]
fn the_layout_is_chosen_by_the_first_real_line() {
    let nine = ".".repeat(81);
    for sep in [" x", "\tx", ":x", ";x", ""] {
        assert_eq!(
            detect_layout(&format!("{nine}{sep}\n")),
            Layout::Line,
            "{sep:?}"
        );
    }
    assert_eq!(
        detect_layout(&format!("  # note\n\n{nine}\n")),
        Layout::Line
    );
    assert_eq!(detect_layout(&".".repeat(256)), Layout::Line);
    assert_eq!(detect_layout(&".".repeat(625)), Layout::Line);
    // More than 25 cells cannot be a grid row: a (wrong) one-line puzzle.
    assert_eq!(detect_layout(&".".repeat(26)), Layout::Line);
    assert_eq!(detect_layout(&".".repeat(25)), Layout::Grid);
    assert_eq!(detect_layout(&".".repeat(9)), Layout::Grid);
    // Dover's header is exactly two numbers, each with its dot.
    assert_eq!(detect_layout("3. 3.\n"), Layout::Dover);
    assert_eq!(detect_layout("3. 3. 3.\n"), Layout::Grid);
    assert_eq!(detect_layout("3 3.\n"), Layout::Grid);
    assert_eq!(detect_layout("12345. 3.\n"), Layout::Grid);
    assert_eq!(detect_layout(". 3.\n"), Layout::Grid);
    assert_eq!(detect_layout("Grid 07\n"), Layout::Euler);
}

#[test]
fn one_line_puzzles_stop_at_a_separator() {
    let line = "1".to_string() + &".".repeat(80);
    for sep in [" rest", "\trest", ":3:rest", ";rest"] {
        let p = parse_str(&format!("{line}{sep}\n"), "t").unwrap();
        assert_eq!(p.len(), 1, "{sep:?}");
        assert_eq!(p[0].grid.get(0, 0), 1);
        assert_eq!(p[0].grid.givens(), 1);
    }
    // Blank lines and comments are skipped; lines are counted from 1.
    let p = parse_str(&format!("\n# c\n{line}\n\n{line}\n"), "t").unwrap();
    assert_eq!((p[0].line, p[1].line), (3, 5));
    // 16x16: values up to G.
    let big = "G".to_string() + &".".repeat(255);
    let p = parse_str(&big, "t").unwrap();
    assert_eq!(p[0].grid.shape(), Shape::new(4, 4).unwrap());
    assert_eq!(p[0].grid.get(0, 0), 16);
}

#[test]
fn the_first_value_too_large_is_named() {
    // Two values too large for a 4x4: the first one, not the largest.
    let text = ".5..9...........\n";
    assert_eq!(
        error(text),
        "in.txt:1:2: value 5 is too large for a 4x4 grid (values are 1 to 4)"
    );
    let text = "..9.5...........\n";
    assert_eq!(
        error(text),
        "in.txt:1:3: value 9 is too large for a 4x4 grid (values are 1 to 4)"
    );
}

#[test]
fn dover_puzzles_are_numbers_each_with_a_dot() {
    // 2x2 boxes: 16 numbers, laid out freely over lines, comments skipped.
    let text = "# dover\n2. 2.\n1. 0. 0. 0. 0. 0.\n# inside\n0. 0. 0. 0. 0. 0. 0. 0. 0. 4.\n";
    let p = parse_str(text, "t").unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].layout, Layout::Dover);
    assert_eq!(p[0].line, 2);
    assert_eq!(p[0].grid.get(0, 0), 1);
    assert_eq!(p[0].grid.get(3, 3), 4);
    // 4x4 boxes take two-digit values.
    let mut text = "4. 4.\n16. ".to_string();
    text += &"0. ".repeat(254);
    text += "10.\n";
    let p = parse_str(&text, "t").unwrap();
    assert_eq!(p[0].grid.get(0, 0), 16);
    assert_eq!(p[0].grid.get(15, 15), 10);
    // Two puzzles in a row; the second starts where its header is.
    let one = "2. 2.\n".to_string() + &"0. ".repeat(16) + "\n";
    let p = parse_str(&(one.clone() + &one), "t").unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[1].line, 3);
    // Boxes 2 high and 3 wide.
    let text = "2. 3.\n".to_string() + &"0. ".repeat(36);
    assert_eq!(
        parse_str(&text, "t").unwrap()[0].grid.shape(),
        Shape::new(2, 3).unwrap()
    );
}

#[test]
fn dover_errors_are_placed() {
    // The header's two numbers on one line.
    assert_eq!(
        parse_str_as("3.\n3.\n", "in.txt", Layout::Dover)
            .unwrap_err()
            .to_string(),
        "in.txt:1:1: expected a dover header: box height and width, each followed by a dot (such as \"3. 3.\")"
    );
    // A bad second number is placed at itself.
    assert_eq!(
        parse_str_as("3. x\n", "in.txt", Layout::Dover)
            .unwrap_err()
            .to_string(),
        "in.txt:1:4: expected a dover header: box height and width, each followed by a dot (such as \"3. 3.\")"
    );
    assert_eq!(
        parse_str_as("3.\n", "in.txt", Layout::Dover)
            .unwrap_err()
            .to_string(),
        "in.txt:1:1: expected a dover header: box height and width, each followed by a dot (such as \"3. 3.\")"
    );
    // A zero box side.
    let e = parse_str_as("0. 3.\n", "in.txt", Layout::Dover).unwrap_err();
    assert!(matches!(e.kind(), ErrorKind::BadHeader { .. }), "{e}");
    // A token placed by line and column, after tabs and spaces.
    assert_eq!(
        error("2. 2.\n0. 0.\t 0. 0.\n0. 0. 0. x.\n"),
        "in.txt:3:10: unexpected \"x.\": expected a number (0 for empty) followed by a dot"
    );
    // Too large a value, placed.
    assert_eq!(
        error("2. 2.\n0. 0. 0. 0.\n0.  7.\n"),
        "in.txt:3:5: value 7 is too large for a 4x4 grid (values are 1 to 4)"
    );
    // The end of input, placed after the last line.
    assert_eq!(
        error("2. 2.\n0. 0.\n\n"),
        "in.txt:4:1: unexpected end of input: expected 16 numbers each followed by a dot, found 2"
    );
}

#[test]
fn euler_grids_are_nine_rows_of_nine_digits() {
    let rows = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n";
    let text = format!("Grid 01\n{rows}\nGrid 02  \n{rows}");
    let p = parse_str(&text, "t").unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].title.as_deref(), Some("Grid 01"));
    assert_eq!(p[1].title.as_deref(), Some("Grid 02"));
    assert_eq!((p[0].line, p[1].line), (1, 12));
    assert_eq!(p[0].grid.get(8, 6), 3);
    assert_eq!(p[0].grid.givens(), 32);
    // Trailing spaces on a row are allowed; a tenth digit is not.
    let text = format!("Grid 01\n003020600  \n{}", &rows[10..]);
    assert!(parse_str(&text, "t").is_ok());
    let text = format!("Grid 01\n0030206000\n{}", &rows[10..]);
    assert_eq!(
        error(&text),
        "in.txt:2:1: expected 9 cells in this row (as in the puzzle's first row), found 10"
    );
    // A blank may also be written '.'.
    let text = format!("Grid 01\n00302060.\n{}", &rows[10..]);
    assert!(parse_str(&text, "t").is_ok());
    // The rows run out: placed at the first missing row.
    assert_eq!(
        error("Grid 01\n003020600\n900305001\n"),
        "in.txt:4:1: the puzzle ends after 2 rows: expected 9 rows of 9 cells"
    );
}
