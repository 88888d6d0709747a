//! The writers: every layout the readers take, so that output reads back.

use crate::grid::{symbol, Grid, MAX_SIZE};
use crate::read::Layout;
use std::fmt::Write;

/// The one-line form: N * N symbols, `.` for empty, no newline.
pub fn to_line(grid: &Grid) -> String {
    // Symbols are ASCII: one byte each.
    // Room for the newline [`format`] adds.
    let mut bytes = Vec::with_capacity(grid.cells().len() + 1);
    bytes.extend(grid.cells().iter().map(|&v| line_symbol(v)));
    String::from_utf8(bytes).expect("symbols are ASCII")
}

/// The one-line form and its newline, written to `out` without an
/// allocation: what a solver printing many solutions needs.
pub fn write_line(out: &mut impl std::io::Write, grid: &Grid) -> std::io::Result<()> {
    let mut line = [0u8; MAX_SIZE * MAX_SIZE + 1];
    let cells = grid.cells();
    for (b, &v) in line.iter_mut().zip(cells) {
        *b = line_symbol(v);
    }
    line[cells.len()] = b'\n';
    out.write_all(&line[..=cells.len()])
}

/// [`symbol`]'s byte, computed without branches so that the compiler can
/// do 16 at a time.
#[inline(always)]
fn line_symbol(v: u8) -> u8 {
    let letter_or_digit = if v <= 9 { b'0' + v } else { b'A' - 10 + v };
    if v == 0 {
        b'.'
    } else {
        letter_or_digit
    }
}

/// The grid form, one line per row, boxes drawn with `|` between columns and
/// `-`/`+` lines between bands, as in `puzzl1.sudoku`:
///
/// ```text
/// ..2|9.3|8..
/// ---+---+---
/// ```
///
/// Every line ends with a newline.
pub fn to_grid(grid: &Grid) -> String {
    let shape = grid.shape();
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let rule: String = (0..n / bc)
        .map(|_| "-".repeat(bc))
        .collect::<Vec<_>>()
        .join("+");
    let mut out = String::new();
    for row in 0..n {
        if row > 0 && row % br == 0 {
            out.push_str(&rule);
            out.push('\n');
        }
        for col in 0..n {
            if col > 0 && col % bc == 0 {
                out.push('|');
            }
            out.push(symbol(grid.get(row, col)));
        }
        out.push('\n');
    }
    out
}

/// dover's form: `R. C.`, then one row per line of numbers each followed by
/// a dot, 0 for empty. Ends with a newline.
pub fn to_dover(grid: &Grid) -> String {
    let shape = grid.shape();
    let mut out = format!("{}. {}.\n", shape.box_rows(), shape.box_cols());
    for row in grid.cells().chunks(shape.size()) {
        let words: Vec<String> = row.iter().map(|v| format!("{v}.")).collect();
        out.push_str(&words.join(" "));
        out.push('\n');
    }
    out
}

/// Project Euler 96's form: `title` (such as `Grid 01`), then 9 lines of 9
/// digits, 0 for empty. Ends with a newline.
///
/// # Panics
/// When the grid is not 9x9.
pub fn to_euler(grid: &Grid, title: &str) -> String {
    assert_eq!(grid.shape().size(), 9, "Project Euler's layout is 9x9");
    let mut out = format!("{title}\n");
    for row in grid.cells().chunks(9) {
        for &v in row {
            let _ = write!(out, "{v}");
        }
        out.push('\n');
    }
    out
}

/// `grid` in `layout`, ending with a newline; `title` is used by Euler's
/// layout (default `Grid 01`). Euler's layout falls back to the grid layout
/// for sizes other than 9x9.
pub fn format(grid: &Grid, layout: Layout, title: Option<&str>) -> String {
    match layout {
        Layout::Line => {
            let mut line = to_line(grid);
            line.push('\n');
            line
        }
        Layout::Grid => to_grid(grid),
        Layout::Dover => to_dover(grid),
        Layout::Euler if grid.shape().size() == 9 => to_euler(grid, title.unwrap_or("Grid 01")),
        Layout::Euler => to_grid(grid),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Shape;
    use crate::read::{parse_str, parse_str_as};

    const PUZZL1: &str = "..2|9.3|8..\n...|468|...\n4..|...|..1\n---+---+---\n56.|...|.49\n.2.|.5.|.7.\n78.|...|.13\n---+---+---\n2..|...|..7\n...|384|...\n..6|2.1|3..\n";

    /// The branch-free symbols of `to_line` are `symbol`'s, every value.
    #[test]
    fn line_symbols_are_symbol() {
        let shape = Shape::new(5, 5).unwrap();
        let mut g = Grid::empty(shape);
        for v in 0..=25u8 {
            g.set(0, v as usize % 25, v);
            g.set(1 + v as usize / 25, 0, v);
            let want: String = g.cells().iter().map(|&v| symbol(v)).collect();
            assert_eq!(to_line(&g), want);
            let mut written = Vec::new();
            write_line(&mut written, &g).unwrap();
            assert_eq!(written, format!("{want}\n").into_bytes());
        }
    }

    #[test]
    fn grid_layout_matches_puzzl1() {
        let p = parse_str(PUZZL1, "puzzl1").unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].layout, Layout::Grid);
        assert_eq!(to_grid(&p[0].grid), PUZZL1);
        assert_eq!(
            to_line(&p[0].grid),
            "..29.38.....468...4.......156.....49.2..5..7.78.....132.......7...384.....62.13.."
        );
    }

    #[test]
    fn six_by_six_grid() {
        let mut g = Grid::empty(Shape::new(2, 3).unwrap());
        g.set(0, 0, 1);
        g.set(5, 5, 6);
        let text = to_grid(&g);
        assert_eq!(
            text,
            "1..|...\n...|...\n---+---\n...|...\n...|...\n---+---\n...|...\n...|..6\n"
        );
        let back = parse_str(&text, "t").unwrap();
        assert_eq!(back[0].grid, g);
    }

    #[test]
    fn dover_and_euler_round_trip() {
        let mut g = Grid::empty(Shape::new(2, 2).unwrap());
        g.set(1, 2, 4);
        let text = to_dover(&g);
        assert_eq!(
            text,
            "2. 2.\n0. 0. 0. 0.\n0. 0. 4. 0.\n0. 0. 0. 0.\n0. 0. 0. 0.\n"
        );
        assert_eq!(parse_str(&text, "t").unwrap()[0].grid, g);
        let mut g = Grid::empty(Shape::NINE);
        g.set(8, 8, 9);
        let text = to_euler(&g, "Grid 07");
        let back = parse_str_as(&text, "t", Layout::Euler).unwrap();
        assert_eq!(back[0].grid, g);
        assert_eq!(back[0].title.as_deref(), Some("Grid 07"));
    }

    /// Sizes 1 to 3 and boxes of one row or column write and read back in
    /// every layout that takes them (a 1x1 line used to be refused).
    #[test]
    fn tiny_shapes_round_trip() {
        for (rows, cols) in [(1, 1), (1, 2), (2, 1), (1, 3), (3, 1), (1, 7), (7, 1)] {
            let shape = Shape::new(rows, cols).unwrap();
            let mut g = Grid::empty(shape);
            g.set(0, shape.size() - 1, 1);
            let mut layouts = vec![Layout::Grid, Layout::Dover];
            if shape.size() == 1 {
                layouts.push(Layout::Line);
            }
            for layout in layouts {
                let text = format(&g, layout, None);
                let back = parse_str_as(&text, "t", layout).unwrap();
                assert_eq!(back.len(), 1, "{layout:?} {text:?}");
                assert_eq!(back[0].grid, g, "{layout:?} {text:?}");
                assert_eq!(parse_str(&text, "t").unwrap()[0].grid, g, "{text:?}");
            }
        }
        assert_eq!(
            format(&Grid::empty(Shape::new(1, 1).unwrap()), Layout::Line, None),
            ".\n"
        );
    }
}
