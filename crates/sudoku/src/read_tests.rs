//! Tests of [`super`].

use super::*;
use crate::write;

fn error(text: &str) -> String {
    parse_str(text, "in.txt").unwrap_err().to_string()
}

fn error_as(text: &str, layout: Layout) -> String {
    parse_str_as(text, "in.txt", layout)
        .unwrap_err()
        .to_string()
}

const EULER1: &str = "003020600\n900305001\n001806400\n008102900\n700000008\n006708200\n002609500\n800203009\n005010300\n";

#[test]
fn detects_layouts() {
    assert_eq!(detect_layout("# c\n\n................\n"), Layout::Line);
    assert_eq!(
        detect_layout(&format!("{}:1:xyz\n", ".".repeat(81))),
        Layout::Line
    );
    assert_eq!(detect_layout("..2|9.3|8..\n"), Layout::Grid);
    assert_eq!(detect_layout("5 3 . . 7 . . . .\n"), Layout::Grid);
    assert_eq!(detect_layout("1234\n"), Layout::Grid);
    assert_eq!(detect_layout("3. 3.\n0. 1.\n"), Layout::Dover);
    assert_eq!(detect_layout("Grid 01\n"), Layout::Euler);
    assert_eq!(detect_layout(""), Layout::Line);
}

#[test]
fn one_line_puzzles() {
    let text = format!(
        "# comment\n\n{}\n{}:3:{}\n{}; note\n",
        "1...".repeat(4),
        "_0.".repeat(27),
        "1".repeat(81),
        "P".to_string() + &".".repeat(624)
    );
    let p = parse_str(&text, "t").unwrap();
    assert_eq!(p.len(), 3);
    assert_eq!((p[0].line, p[1].line, p[2].line), (3, 4, 5));
    assert_eq!(p[0].grid.shape(), Shape::new(2, 2).unwrap());
    assert_eq!(p[0].grid.cells()[..5], [1, 0, 0, 0, 1]);
    assert_eq!(p[1].grid.givens(), 0);
    assert_eq!(p[2].grid.shape().size(), 25);
    assert_eq!(p[2].grid.get(0, 0), 25);
    assert!(p.iter().all(|p| p.layout == Layout::Line));
}

#[test]
fn grid_puzzles_and_box_shapes() {
    // Two 6x6 puzzles, one with its boxes drawn, one plain (2x3 inferred),
    // and a 12x12 given as 3x4 boxes by its decoration.
    let text = "+---+---+\n|1..|...|\n|...|..1|\n+---+---+\n|...|...|\n|...|...|\n+---+---+\n|...|...|\n|...|..6|\n+---+---+\n\n1.....\n......\n......\n......\n......\n.....2\n";
    let p = parse_str(text, "t").unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].grid.shape(), Shape::new(2, 3).unwrap());
    assert_eq!((p[0].line, p[1].line), (1, 12));
    assert_eq!(p[0].grid.get(1, 5), 1);
    assert_eq!(p[1].grid.shape(), Shape::new(2, 3).unwrap());
    // 3x2 boxes: '|' every 2 columns.
    let tall = "1.|..|..\n..|..|..\n..|..|..\n--+--+--\n..|..|..\n..|..|..\n..|..|.1\n";
    assert_eq!(
        parse_str(tall, "t").unwrap()[0].grid.shape(),
        Shape::new(3, 2).unwrap()
    );
    let mut g = Grid::empty(Shape::new(3, 4).unwrap());
    g.set(11, 11, 12);
    let drawn = write::to_grid(&g);
    let back = parse_str(&drawn, "t").unwrap();
    assert_eq!(back[0].grid, g);
    assert_eq!(back[0].grid.shape(), Shape::new(3, 4).unwrap());
    // Spaces as decoration.
    let spaced = "5 3 . | . 7 . | . . .\n".to_string() + &". . . | . . . | . . .\n".repeat(8);
    let p = parse_str(&spaced, "t").unwrap();
    assert_eq!(p[0].grid.get(0, 1), 3);
}

#[test]
fn dover_and_euler_puzzles() {
    let text = "2. 2.\n1. 0. 0. 0.\n0. 0. 0. 0.\n0. 0. 0. 0.\n0. 0. 0. 4.\n2. 3.\n".to_string()
        + &"0. ".repeat(35)
        + "6.\n";
    let p = parse_str(&text, "t").unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[0].layout, Layout::Dover);
    assert_eq!((p[0].grid.get(0, 0), p[0].grid.get(3, 3)), (1, 4));
    assert_eq!(p[1].grid.shape(), Shape::new(2, 3).unwrap());
    assert_eq!(p[1].grid.get(5, 5), 6);
    assert_eq!(p[1].line, 6);
    let euler = format!("Grid 01\n{EULER1}Grid 02\n{EULER1}");
    let p = parse_str(&euler, "t").unwrap();
    assert_eq!(p.len(), 2);
    assert_eq!(p[1].title.as_deref(), Some("Grid 02"));
    assert_eq!(p[1].line, 11);
    assert_eq!(p[0].grid.get(0, 2), 3);
}

#[test]
fn every_layout_reads_back_what_is_written() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let g = parse_str(line, "t").unwrap().remove(0).grid;
    for layout in [Layout::Line, Layout::Grid, Layout::Dover, Layout::Euler] {
        let text = write::format(&g, layout, Some("Grid 09"));
        let back = parse_str(&text, "t").unwrap();
        assert_eq!(back.len(), 1, "{layout:?}");
        assert_eq!(back[0].grid, g, "{layout:?}");
        assert_eq!(back[0].layout, layout);
    }
    assert_eq!(write::to_line(&g), line);
}

#[test]
fn one_line_errors() {
    assert_eq!(
        error(&format!("{}\n{}x\n", ".".repeat(81), ".".repeat(10))),
        "in.txt:2:11: unexpected 'x': expected a cell: 1-9 or A-P, or '.', '0' or '_' for an empty cell"
    );
    assert_eq!(
        error(&format!("{}\n", ".".repeat(80))),
        "in.txt:1:1: a one-line puzzle has 16, 81, 256 or 625 cells, this one has 80"
    );
    assert_eq!(
        error("..5.............\n"),
        "in.txt:1:3: value 5 is too large for a 4x4 grid (values are 1 to 4)"
    );
    assert_eq!(
        error(&format!("{}A\n", ".".repeat(80))),
        "in.txt:1:81: value A is too large for a 9x9 grid (values are 1 to 9)"
    );
}

#[test]
fn grid_errors() {
    assert_eq!(
        error("..2|9.3|8..\n...|4x8|...\n"),
        "in.txt:2:6: unexpected 'x': expected a cell (1-9 or A-P, or '.', '0' or '_' for empty) or decoration ('|', '-', '+', '=', space)"
    );
    assert_eq!(
        error("..2|9.3|8..\n...|468|..\n"),
        "in.txt:2:1: expected 9 cells in this row (as in the puzzle's first row), found 8"
    );
    assert_eq!(
        error("..2|9.3|8..\n...|468|...\n\n"),
        "in.txt:3:1: the puzzle ends after 2 rows: expected 9 rows of 9 cells"
    );
    assert_eq!(
        error("..2|9.3|8..\n...|468|..."),
        "in.txt:3:1: the puzzle ends after 2 rows: expected 9 rows of 9 cells"
    );
    assert_eq!(
        error("1.|..|..\n..|..|..\n--+--+--\n..|..|..\n..|..|..\n--+--+--\n..|..|..\n..|..|.1\n"),
        "in.txt:1:1: the box decoration does not fit a 6x6 grid: separator lines every 2 rows and '|' every 2 columns"
    );
    assert_eq!(
        error("1..|..\n"),
        "in.txt:1:1: the box decoration does not fit a 5x5 grid: '|' every 3 columns"
    );
    assert_eq!(
        error_as(&format!("{}\n", ".".repeat(26)), Layout::Grid),
        "in.txt:1:1: a 26x26 grid is too large: at most 25x25 is handled"
    );
    assert_eq!(
        error("1.5.\n....\n....\n....\n"),
        "in.txt:1:3: value 5 is too large for a 4x4 grid (values are 1 to 4)"
    );
}

#[test]
fn dover_errors() {
    assert_eq!(
        error_as("3 3\n", Layout::Dover),
        "in.txt:1:1: expected a dover header: box height and width, each followed by a dot (such as \"3. 3.\")"
    );
    assert_eq!(
        error("2. 2.\n1. 0. 0. 0.\n0. 0, 0. 0.\n"),
        "in.txt:3:4: unexpected \"0,\": expected a number (0 for empty) followed by a dot"
    );
    assert_eq!(
        error("2. 2.\n1. 0. 0. 0.\n"),
        "in.txt:3:1: unexpected end of input: expected 16 numbers each followed by a dot, found 4"
    );
    assert_eq!(
        error(&format!("2. 2.\n1. 0. 0. 0.\n{}", "5. ".repeat(12))),
        "in.txt:3:1: value 5 is too large for a 4x4 grid (values are 1 to 4)"
    );
    assert_eq!(
        error("6. 5.\n"),
        "in.txt:1:1: a 30x30 grid is too large: at most 25x25 is handled"
    );
}

#[test]
fn euler_errors() {
    assert_eq!(
        error_as("Puzzle 1\n", Layout::Euler),
        "in.txt:1:1: expected a \"Grid NN\" line"
    );
    assert_eq!(
        error("Grid 01\n003020600\n90030500\n"),
        "in.txt:3:1: expected 9 cells in this row (as in the puzzle's first row), found 8"
    );
    assert_eq!(
        error("Grid 01\n003020600\n9003050A1\n"),
        "in.txt:3:8: unexpected 'A': expected a digit, 0 for an empty cell"
    );
    assert_eq!(
        error("Grid 01\n003020600\n"),
        "in.txt:3:1: the puzzle ends after 1 rows: expected 9 rows of 9 cells"
    );
}

#[test]
fn unreadable_file() {
    let e = parse_file(Path::new("/nonexistent/puzzles.txt")).unwrap_err();
    assert_eq!(
        e.to_string(),
        "/nonexistent/puzzles.txt: cannot read: No such file or directory (os error 2)"
    );
    assert!(matches!(e.kind(), ErrorKind::Io { .. }));
}
