//! Checks that need no search: givens that already conflict, and whether a
//! filled grid is a valid solution of its givens.

use crate::grid::{cell_name, symbol, Grid, MAX_SIZE};
use std::fmt;

/// A row, column or box, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A row.
    Row(usize),
    /// A column.
    Column(usize),
    /// A box, numbered row-major.
    Box(usize),
}

impl fmt::Display for Unit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Unit::Row(i) => write!(f, "row {}", i + 1),
            Unit::Column(i) => write!(f, "column {}", i + 1),
            Unit::Box(i) => write!(f, "box {}", i + 1),
        }
    }
}

/// Two cells of one unit holding the same value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Conflict {
    /// The repeated value.
    pub value: u8,
    /// The unit they share.
    pub unit: Unit,
    /// The first cell (row-major index).
    pub first: usize,
    /// The second cell (row-major index).
    pub second: usize,
    /// The grid's side, which names the cells `r1c1` style when shown
    /// (no names are made until then: invalid puzzles may be many).
    size: usize,
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size;
        write!(
            f,
            "r{}c{} and r{}c{} both hold {} in {}",
            self.first / n + 1,
            self.first % n + 1,
            self.second / n + 1,
            self.second % n + 1,
            symbol(self.value),
            self.unit
        )
    }
}

/// Every unit of a grid of size `n`: the rows, the columns, the boxes.
pub(crate) fn all_units(n: usize) -> impl Iterator<Item = Unit> {
    (0..n)
        .map(Unit::Row)
        .chain((0..n).map(Unit::Column))
        .chain((0..n).map(Unit::Box))
}

/// The cells of unit `unit`, in order.
pub(crate) fn unit_cells(grid_shape: crate::Shape, unit: Unit) -> Vec<usize> {
    let (n, br, bc) = (
        grid_shape.size(),
        grid_shape.box_rows(),
        grid_shape.box_cols(),
    );
    match unit {
        Unit::Row(r) => (0..n).map(|c| r * n + c).collect(),
        Unit::Column(c) => (0..n).map(|r| r * n + c).collect(),
        Unit::Box(b) => {
            let (top, left) = ((b / br) * br, (b % br) * bc);
            (0..n).map(|i| (top + i / bc) * n + left + i % bc).collect()
        }
    }
}

/// The first pair of equal non-empty cells in a row, then a column, then a
/// box, or `None` when the givens are consistent.
pub fn find_conflict(grid: &Grid) -> Option<Conflict> {
    let shape = grid.shape();
    let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
    let cells = grid.cells();
    // A mask of the values seen in each unit, unit by unit in the order
    // the first conflict is named in; no division per cell (a box's cells
    // are its first cell plus these offsets).
    let mut in_box = [0usize; MAX_SIZE];
    for (i, at) in in_box.iter_mut().enumerate().take(n) {
        *at = (i / bc) * n + i % bc;
    }
    (0..n)
        .find_map(|r| first_repeat(cells, n, Unit::Row(r), |i| r * n + i))
        .or_else(|| (0..n).find_map(|c| first_repeat(cells, n, Unit::Column(c), |i| i * n + c)))
        .or_else(|| {
            (0..n).find_map(|b| {
                let corner = (b / br) * br * n + (b % br) * bc;
                first_repeat(cells, n, Unit::Box(b), |i| corner + in_box[i])
            })
        })
}

/// The first value `unit` repeats (its cells are `at(0)`..`at(n - 1)`).
#[inline(always)]
fn first_repeat(
    cells: &[u8],
    n: usize,
    unit: Unit,
    at: impl Fn(usize) -> usize,
) -> Option<Conflict> {
    let mut seen = 0u32;
    for i in 0..n {
        let v = cells[at(i)];
        // An empty cell (0) has no bit: it marks and meets nothing.
        let bit = (1u32 << v) & !1;
        if seen & bit != 0 {
            let first = (0..i)
                .map(&at)
                .find(|&c| cells[c] == v)
                .expect("seen before");
            return Some(Conflict {
                value: v,
                unit,
                first,
                second: at(i),
                size: n,
            });
        }
        seen |= bit;
    }
    None
}

/// Why a grid is not a solution of a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CheckError {
    /// The grids have different shapes.
    ShapeMismatch,
    /// A cell is still empty (the first such cell, `r1c1` style).
    Empty(String),
    /// A given was changed: cell name, given value, value found.
    GivenChanged(String, u8, u8),
    /// Two cells of a unit hold the same value.
    Conflict(Conflict),
}

impl fmt::Display for CheckError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CheckError::ShapeMismatch => write!(f, "the grids have different shapes"),
            CheckError::Empty(cell) => write!(f, "{cell} is empty"),
            CheckError::GivenChanged(cell, given, found) => write!(
                f,
                "{cell} holds {} but the given there is {}",
                symbol(*found),
                symbol(*given)
            ),
            CheckError::Conflict(c) => write!(f, "{c}"),
        }
    }
}

/// Checks that `solution` is filled, keeps every given of `givens`, and
/// repeats no value in a row, column or box.
pub fn check_solution(givens: &Grid, solution: &Grid) -> Result<(), CheckError> {
    let shape = givens.shape();
    if solution.shape() != shape {
        return Err(CheckError::ShapeMismatch);
    }
    for (cell, (&g, &s)) in givens.cells().iter().zip(solution.cells()).enumerate() {
        if s == 0 {
            return Err(CheckError::Empty(cell_name(shape, cell)));
        }
        if g != 0 && g != s {
            return Err(CheckError::GivenChanged(cell_name(shape, cell), g, s));
        }
    }
    match find_conflict(solution) {
        Some(c) => Err(CheckError::Conflict(c)),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::read::parse_str;

    fn grid(line: &str) -> Grid {
        parse_str(line, "t").unwrap().remove(0).grid
    }

    #[test]
    fn conflicts_name_both_cells() {
        let row = grid(
            "2.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(
            find_conflict(&row).unwrap().to_string(),
            "r1c1 and r1c5 both hold 2 in row 1"
        );
        let col = grid(
            "7.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(
            find_conflict(&col).unwrap().to_string(),
            "r1c1 and r5c1 both hold 7 in column 1"
        );
        let bx = grid(
            "1.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(
            find_conflict(&bx).unwrap().to_string(),
            "r1c1 and r3c3 both hold 1 in box 1"
        );
        let ok = grid(
            "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(find_conflict(&ok), None);
    }

    /// Every shape, boxes wider than tall and taller than wide: two equal
    /// givens are a conflict exactly when they share a row, column or box
    /// (as `box_of` says), and named as they are.
    #[test]
    fn conflicts_in_every_shape() {
        for (br, bc) in [(2, 3), (3, 2), (3, 3), (2, 4), (5, 5)] {
            let shape = crate::Shape::new(br, bc).unwrap();
            let n = shape.size();
            for a in 0..n * n {
                for b in a + 1..n * n {
                    let mut g = Grid::empty(shape);
                    let v = n as u8;
                    g.set(a / n, a % n, v);
                    g.set(b / n, b % n, v);
                    let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
                    let shared =
                        ra == rb || ca == cb || shape.box_of(ra, ca) == shape.box_of(rb, cb);
                    let found = find_conflict(&g);
                    assert_eq!(found.is_some(), shared, "{shape} cells {a} {b}");
                    if let Some(c) = found {
                        assert_eq!((c.first, c.second, c.value), (a, b, v));
                    }
                }
            }
        }
    }

    #[test]
    fn solutions_are_checked() {
        let solved = grid(
            "483921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        let givens = grid(
            ".83921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        assert_eq!(check_solution(&givens, &solved), Ok(()));
        assert_eq!(
            check_solution(&solved, &givens).unwrap_err().to_string(),
            "r1c1 is empty"
        );
        let other = grid(
            "583921657967345821251876493548132976729564138136798245372689514814253769695417382",
        );
        assert_eq!(
            check_solution(&solved, &other).unwrap_err().to_string(),
            "r1c1 holds 5 but the given there is 4"
        );
        assert_eq!(
            check_solution(&givens, &other).unwrap_err().to_string(),
            "r1c1 and r1c8 both hold 5 in row 1"
        );
    }
}
