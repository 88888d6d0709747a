//! Conflicts, solution checks and the writers on shapes other than 9x9
//! (R x C boxes: R rows by C columns, numbered row-major, so a 6x6 grid of
//! 2x3 boxes has two boxes a band and three bands). Written for mutation
//! testing (docs/mutants.md).

use sudoku::{
    check_solution, find_conflict, parse_str, write, CheckError, Grid, Layout, Shape, Unit,
};

fn shape(r: usize, c: usize) -> Shape {
    Shape::new(r, c).unwrap()
}

/// A grid of `shape` with `(row, col, value)` set (rows and columns from 0).
fn grid(s: Shape, cells: &[(usize, usize, u8)]) -> Grid {
    let mut g = Grid::empty(s);
    for &(r, c, v) in cells {
        g.set(r, c, v);
    }
    g
}

/// The cyclic solution of an R x C grid: row r, column c holds
/// ((r % R) * C + r / R + c) % N + 1.
fn solved(s: Shape) -> Grid {
    let (n, br, bc) = (s.size(), s.box_rows(), s.box_cols());
    let mut g = Grid::empty(s);
    for r in 0..n {
        for c in 0..n {
            g.set(r, c, (((r % br) * bc + r / br + c) % n + 1) as u8);
        }
    }
    g
}

#[test]
fn the_cyclic_grids_are_solutions() {
    for (r, c) in [
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 2),
        (3, 4),
        (4, 3),
        (5, 5),
    ] {
        let g = solved(shape(r, c));
        assert_eq!(find_conflict(&g), None, "{r}x{c}");
        assert_eq!(
            check_solution(&Grid::empty(shape(r, c)), &g),
            Ok(()),
            "{r}x{c}"
        );
        assert!(g.is_filled());
    }
}

#[test]
fn boxes_of_two_rows_by_three_columns() {
    let s = shape(2, 3);
    // r1c1 and r2c3 share box 1 (rows 1-2, columns 1-3), not a row or column.
    let c = find_conflict(&grid(s, &[(0, 0, 5), (1, 2, 5)])).unwrap();
    assert_eq!(c.unit, Unit::Box(0));
    assert_eq!((c.first, c.second), (0, 8));
    assert_eq!(c.to_string(), "r1c1 and r2c3 both hold 5 in box 1");
    // r1c1 and r2c4 are in boxes 1 and 2: no conflict.
    assert_eq!(find_conflict(&grid(s, &[(0, 0, 5), (1, 3, 5)])), None);
    // r2c1 and r3c1 are in boxes 1 and 3 but share column 1.
    let c = find_conflict(&grid(s, &[(1, 0, 4), (2, 0, 4)])).unwrap();
    assert_eq!(c.unit, Unit::Column(0));
    // Box 4 is rows 3-4, columns 4-6.
    let c = find_conflict(&grid(s, &[(2, 3, 6), (3, 5, 6)])).unwrap();
    assert_eq!(c.unit, Unit::Box(3));
    assert_eq!(c.to_string(), "r3c4 and r4c6 both hold 6 in box 4");
    // Box 6 is rows 5-6, columns 4-6.
    let c = find_conflict(&grid(s, &[(4, 5, 1), (5, 3, 1)])).unwrap();
    assert_eq!(c.unit, Unit::Box(5));
}

#[test]
fn boxes_of_three_rows_by_two_columns() {
    let s = shape(3, 2);
    // r1c1 and r3c2 share box 1 (rows 1-3, columns 1-2).
    let c = find_conflict(&grid(s, &[(0, 0, 2), (2, 1, 2)])).unwrap();
    assert_eq!(c.unit, Unit::Box(0));
    assert_eq!((c.first, c.second), (0, 13));
    // r1c1 and r2c3: different boxes, rows and columns.
    assert_eq!(find_conflict(&grid(s, &[(0, 0, 2), (1, 2, 2)])), None);
    // Box 3 is rows 1-3, columns 5-6; box 4 rows 4-6, columns 1-2.
    let c = find_conflict(&grid(s, &[(0, 4, 3), (2, 5, 3)])).unwrap();
    assert_eq!(c.unit, Unit::Box(2));
    let c = find_conflict(&grid(s, &[(3, 0, 3), (5, 1, 3)])).unwrap();
    assert_eq!(c.unit, Unit::Box(3));
    assert_eq!(c.to_string(), "r4c1 and r6c2 both hold 3 in box 4");
}

#[test]
fn rows_come_before_columns_before_boxes() {
    let s = shape(3, 3);
    // A column conflict in column 1 and a row conflict in row 9: the row
    // is reported.
    let g = grid(s, &[(0, 0, 7), (4, 0, 7), (8, 3, 2), (8, 8, 2)]);
    assert_eq!(find_conflict(&g).unwrap().unit, Unit::Row(8));
    // A box conflict in box 1 and a column conflict in column 9.
    let g = grid(s, &[(0, 0, 7), (1, 1, 7), (3, 8, 4), (7, 8, 4)]);
    assert_eq!(find_conflict(&g).unwrap().unit, Unit::Column(8));
    // Two conflicts in one row: the first pair in reading order.
    let g = grid(s, &[(2, 1, 9), (2, 4, 8), (2, 6, 8), (2, 7, 9)]);
    let c = find_conflict(&g).unwrap();
    assert_eq!((c.value, c.first, c.second), (8, 22, 24));
}

#[test]
fn values_above_nine_are_letters() {
    let s = shape(4, 4);
    let c = find_conflict(&grid(s, &[(15, 0, 16), (15, 15, 16)])).unwrap();
    assert_eq!(c.to_string(), "r16c1 and r16c16 both hold G in row 16");
    let mut other = solved(s);
    other.set(0, 0, 10);
    let mut givens = Grid::empty(s);
    givens.set(0, 0, 11);
    assert_eq!(
        check_solution(&givens, &other).unwrap_err().to_string(),
        "r1c1 holds A but the given there is B"
    );
}

#[test]
fn solution_checks_in_order() {
    let s = shape(2, 3);
    let good = solved(s);
    // Another shape.
    assert_eq!(
        check_solution(&Grid::empty(shape(3, 2)), &good),
        Err(CheckError::ShapeMismatch)
    );
    assert!(CheckError::ShapeMismatch.to_string().contains("shape"));
    // The first empty cell is named.
    let mut holes = good.clone();
    holes.set(5, 5, 0);
    holes.set(3, 2, 0);
    assert_eq!(
        check_solution(&Grid::empty(s), &holes),
        Err(CheckError::Empty("r4c3".into()))
    );
    // A changed given.
    let givens = grid(s, &[(5, 4, good.get(5, 4) % 6 + 1)]);
    match check_solution(&givens, &good) {
        Err(CheckError::GivenChanged(cell, _, _)) => assert_eq!(cell, "r6c5"),
        other => panic!("{other:?}"),
    }
    // A filled grid keeping its givens but repeating a value.
    let mut bad = good.clone();
    let v = bad.get(0, 1);
    bad.set(0, 0, v);
    let givens = grid(s, &[(0, 1, v)]);
    assert!(matches!(
        check_solution(&givens, &bad),
        Err(CheckError::Conflict(_))
    ));
}

#[test]
fn the_grid_writer_draws_the_boxes() {
    let g = grid(shape(2, 3), &[(0, 0, 1), (5, 5, 6)]);
    assert_eq!(
        write::to_grid(&g),
        "1..|...\n...|...\n---+---\n...|...\n...|...\n---+---\n...|...\n...|..6\n"
    );
    let g = grid(shape(3, 2), &[(0, 0, 1)]);
    assert_eq!(
        write::to_grid(&g),
        "1.|..|..\n..|..|..\n..|..|..\n--+--+--\n..|..|..\n..|..|..\n..|..|..\n"
    );
}

#[test]
fn the_dover_writer_gives_the_box_shape_and_numbers() {
    let g = grid(shape(2, 3), &[(0, 0, 1), (5, 5, 6)]);
    let text = write::to_dover(&g);
    assert!(text.starts_with("2. 3.\n1. 0. 0. 0. 0. 0.\n"), "{text}");
    assert!(text.ends_with("0. 0. 0. 0. 0. 6.\n"), "{text}");
    assert_eq!(text.lines().count(), 7);
    let back = parse_str(&text, "t").unwrap();
    assert_eq!(back[0].grid, g);
    assert_eq!(back[0].layout, Layout::Dover);
}

#[test]
fn the_euler_writer_and_its_fallback() {
    let g = solved(shape(3, 3));
    let text = write::format(&g, Layout::Euler, None);
    assert!(text.starts_with("Grid 01\n"), "{text}");
    assert_eq!(text.lines().count(), 10);
    assert_eq!(text.lines().nth(1), Some("123456789"));
    let text = write::format(&g, Layout::Euler, Some("Grid 42"));
    assert!(text.starts_with("Grid 42\n"), "{text}");
    // Not 9x9: the grid layout.
    let six = solved(shape(2, 3));
    assert_eq!(
        write::format(&six, Layout::Euler, None),
        write::to_grid(&six)
    );
    // The line layout ends with a newline.
    assert_eq!(
        write::format(&six, Layout::Line, None),
        write::to_line(&six) + "\n"
    );
    assert_eq!(write::to_line(&six).len(), 36);
}
