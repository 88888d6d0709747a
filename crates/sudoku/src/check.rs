//! Checks that need no search: givens that already conflict, and whether a
//! filled grid is a valid solution of its givens.

use crate::grid::{cell_name, symbol, Grid};
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
    /// Names of the two cells, `r1c1` style.
    names: (String, String),
}

impl fmt::Display for Conflict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} and {} both hold {} in {}",
            self.names.0,
            self.names.1,
            symbol(self.value),
            self.unit
        )
    }
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
    let n = shape.size();
    // One pass with a value mask per unit finds whether any conflict exists
    // (the common answer is no, and this runs before every search).
    let mut seen = [0u32; 3 * crate::grid::MAX_SIZE];
    let mut clash = false;
    for (cell, &v) in grid.cells().iter().enumerate() {
        if v == 0 {
            continue;
        }
        let (r, c) = (cell / n, cell % n);
        let bit = 1u32 << v;
        for u in [r, n + c, 2 * n + shape.box_of(r, c)] {
            clash |= seen[u] & bit != 0;
            seen[u] |= bit;
        }
    }
    if !clash {
        return None;
    }
    let units = (0..n)
        .map(Unit::Row)
        .chain((0..n).map(Unit::Column))
        .chain((0..n).map(Unit::Box));
    for unit in units {
        // Where each value was first seen in this unit.
        let mut first_at = [usize::MAX; crate::grid::MAX_SIZE + 1];
        for cell in unit_cells(shape, unit) {
            let v = grid.cells()[cell];
            if v == 0 {
                continue;
            }
            if first_at[v as usize] != usize::MAX {
                let first = first_at[v as usize];
                return Some(Conflict {
                    value: v,
                    unit,
                    first,
                    second: cell,
                    names: (cell_name(shape, first), cell_name(shape, cell)),
                });
            }
            first_at[v as usize] = cell;
        }
    }
    unreachable!("a repeated value was seen")
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
