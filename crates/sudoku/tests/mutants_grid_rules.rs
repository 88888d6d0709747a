//! The grid layout's box decoration (crate docs of `read`): separator lines
//! between rows give the box height, `|` in the first row the box width,
//! and a grid with neither gets the most nearly square boxes. Written for
//! mutation testing (docs/mutants.md): grids with horizontal rules only
//! were never read before.

use sudoku::{parse_str, ErrorKind, Layout, Shape};

/// A `size` x `size` grid with a rule line after each row listed in `rules`
/// (0 is a top border), `|` every `bar` cells when given, the first cell 1.
fn grid(size: usize, rules: &[usize], bar: Option<usize>) -> String {
    let row = |first: bool| -> String {
        let mut s = String::new();
        for c in 0..size {
            if let Some(b) = bar {
                if c > 0 && c % b == 0 {
                    s.push('|');
                }
            }
            s.push(if first && c == 0 { '1' } else { '.' });
        }
        s + "\n"
    };
    let rule = "-".repeat(size) + "\n";
    let mut text = String::new();
    if rules.contains(&0) {
        text += &rule;
    }
    for r in 0..size {
        text += &row(r == 0);
        if rules.contains(&(r + 1)) {
            text += &rule;
        }
    }
    text
}

fn shape_of(text: &str) -> Shape {
    let p = parse_str(text, "t").unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(p.len(), 1, "{text}");
    assert_eq!(p[0].layout, Layout::Grid);
    assert_eq!(p[0].grid.get(0, 0), 1);
    p[0].grid.shape()
}

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

#[test]
fn horizontal_rules_alone_give_the_box_height() {
    // 6x6 with a rule after row 3: boxes of 3 rows, so 3x2 (not the
    // default 2x3).
    assert_eq!(shape_of(&grid(6, &[3], None)), shape(3, 2));
    assert_eq!(shape_of(&grid(6, &[2, 4], None)), shape(2, 3));
    // 12x12 ruled every 4 rows: 4x3 boxes (the default would be 3x4).
    assert_eq!(shape_of(&grid(12, &[4, 8], None)), shape(4, 3));
    // Borders above and below are not rules between boxes.
    assert_eq!(shape_of(&grid(6, &[0, 3, 6], None)), shape(3, 2));
    assert_eq!(shape_of(&grid(6, &[0, 6], None)), shape(2, 3));
    // 9x9 ruled every 3 rows.
    assert_eq!(shape_of(&grid(9, &[0, 3, 6, 9], None)), shape(3, 3));
}

#[test]
fn vertical_bars_alone_give_the_box_width() {
    assert_eq!(shape_of(&grid(6, &[], Some(2))), shape(3, 2));
    assert_eq!(shape_of(&grid(6, &[], Some(3))), shape(2, 3));
    assert_eq!(shape_of(&grid(12, &[], Some(3))), shape(4, 3));
    assert_eq!(shape_of(&grid(12, &[], Some(6))), shape(2, 6));
}

#[test]
fn rules_and_bars_together_must_multiply_to_the_side() {
    assert_eq!(shape_of(&grid(12, &[3, 6, 9], Some(4))), shape(3, 4));
    assert_eq!(shape_of(&grid(12, &[2, 4, 6, 8, 10], Some(6))), shape(2, 6));
    let err = parse_str(&grid(12, &[3, 6, 9], Some(3)), "t").unwrap_err();
    assert!(
        matches!(
            err.kind(),
            ErrorKind::BoxShape {
                size: 12,
                rows: Some(3),
                cols: Some(3)
            }
        ),
        "{err}"
    );
}

#[test]
fn rules_that_do_not_divide_the_grid_evenly_are_refused() {
    // Irregular rules: after rows 2 and 5 of a 6.
    let err = parse_str(&grid(6, &[2, 5], None), "t").unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::BoxShape { size: 6, .. }),
        "{err}"
    );
    // Regular spacing that does not divide the side: every 4 rows of a 6.
    let err = parse_str(&grid(6, &[4], None), "t").unwrap_err();
    assert!(
        matches!(
            err.kind(),
            ErrorKind::BoxShape {
                size: 6,
                rows: Some(4),
                cols: None
            }
        ),
        "{err}"
    );
    // The error is placed at the puzzle's first line.
    let text = "\n".to_string() + &grid(6, &[4], None);
    let err = parse_str(&text, "in.txt").unwrap_err();
    assert!(err.to_string().starts_with("in.txt:2:1:"), "{err}");
    // Bars that do not divide the side: every 4 cells of a 6.
    let err = parse_str(&grid(6, &[], Some(4)), "t").unwrap_err();
    assert!(
        matches!(err.kind(), ErrorKind::BoxShape { size: 6, .. }),
        "{err}"
    );
}

#[test]
fn a_puzzle_starts_at_its_top_border() {
    let text =
        "# two puzzles\n".to_string() + &grid(6, &[0, 3, 6], None) + "\n" + &grid(6, &[3], None);
    let p = parse_str(&text, "t").unwrap();
    assert_eq!(p.len(), 2);
    // Line 2 is the first puzzle's border; the second starts after the
    // blank line: 1 comment + 9 lines + 1 blank.
    assert_eq!(p[0].line, 2);
    assert_eq!(p[1].line, 12);
    assert_eq!(p[1].grid.shape(), shape(3, 2));
}
