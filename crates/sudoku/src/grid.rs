//! The model: a [`Shape`] (N x N cells in boxes of R rows by C columns) and a
//! [`Grid`] of cells that are empty or hold a value 1..=N.

use std::fmt;

/// The largest side handled: candidate sets are `u32` bit masks, one bit per value.
pub const MAX_SIZE: usize = 25;

/// The geometry of a puzzle: boxes of `box_rows` x `box_cols` cells, so the
/// grid has side `box_rows * box_cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Shape {
    box_rows: u8,
    box_cols: u8,
}

impl Shape {
    /// The classic 9x9 puzzle with 3x3 boxes.
    pub const NINE: Shape = Shape {
        box_rows: 3,
        box_cols: 3,
    };

    /// A shape with boxes of `box_rows` x `box_cols`, or `None` when either is
    /// zero or the side would exceed [`MAX_SIZE`].
    pub fn new(box_rows: usize, box_cols: usize) -> Option<Shape> {
        let size = box_rows.checked_mul(box_cols)?;
        if box_rows == 0 || box_cols == 0 || size > MAX_SIZE {
            return None;
        }
        Some(Shape {
            box_rows: box_rows as u8,
            box_cols: box_cols as u8,
        })
    }

    /// The shape with square boxes whose grid has `cells` cells (16, 81, 256,
    /// 625 and the trivial 1), as the one-line layout infers it.
    pub fn square_from_cells(cells: usize) -> Option<Shape> {
        (1..=5)
            .find(|&b| b * b * b * b == cells)
            .and_then(|b| Shape::new(b, b))
    }

    /// The default boxes for side `size` when nothing in the input says: the
    /// most nearly square R x C with R <= C (6 -> 2x3, 12 -> 3x4, 20 -> 4x5).
    pub fn for_size(size: usize) -> Option<Shape> {
        let rows = (1..=size)
            .rev()
            .find(|&r| r * r <= size && size.is_multiple_of(r))?;
        Shape::new(rows, size / rows)
    }

    /// Rows of a box.
    pub fn box_rows(self) -> usize {
        self.box_rows as usize
    }

    /// Columns of a box.
    pub fn box_cols(self) -> usize {
        self.box_cols as usize
    }

    /// N, the side of the grid and the number of values.
    pub fn size(self) -> usize {
        self.box_rows() * self.box_cols()
    }

    /// N * N.
    pub fn cells(self) -> usize {
        self.size() * self.size()
    }

    /// The box (numbered row-major from 0) holding the cell at `row`, `col`.
    pub fn box_of(self, row: usize, col: usize) -> usize {
        (row / self.box_rows()) * self.box_rows() + col / self.box_cols()
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{n}x{n} ({}x{} boxes)",
            self.box_rows,
            self.box_cols,
            n = self.size()
        )
    }
}

/// The character for value `v` (1..=35): `1`-`9`, then `A`-`Z` for 10 and up.
pub fn symbol(v: u8) -> char {
    match v {
        0 => '.',
        1..=9 => (b'0' + v) as char,
        _ => (b'A' + v - 10) as char,
    }
}

/// The value of a cell character: `Some(0)` for the blanks `.`, `0` and `_`,
/// `Some(v)` for `1`-`9` and `A`-`Z`, `None` for anything else.
pub fn value_of(c: char) -> Option<u8> {
    match c {
        '.' | '0' | '_' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='Z' => Some(c as u8 - b'A' + 10),
        _ => None,
    }
}

/// A cell's name in messages: `r1c5` (rows and columns counted from 1).
pub(crate) fn cell_name(shape: Shape, cell: usize) -> String {
    format!("r{}c{}", cell / shape.size() + 1, cell % shape.size() + 1)
}

/// A puzzle or a solution: N * N cells in row-major order, 0 for empty.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    shape: Shape,
    cells: Vec<u8>,
}

impl Grid {
    /// An empty grid.
    pub fn empty(shape: Shape) -> Grid {
        Grid {
            shape,
            cells: vec![0; shape.cells()],
        }
    }

    /// A grid from its cells in row-major order (0 = empty), or `None` when
    /// the count is not N * N or a value exceeds N.
    pub fn from_cells(shape: Shape, cells: Vec<u8>) -> Option<Grid> {
        let ok = cells.len() == shape.cells() && cells.iter().all(|&v| v as usize <= shape.size());
        ok.then_some(Grid { shape, cells })
    }

    /// A grid from cells the caller has checked (N * N of them, none
    /// above N), for the readers' and solvers' fast paths.
    pub(crate) fn from_checked_cells(shape: Shape, cells: Vec<u8>) -> Grid {
        debug_assert!(
            cells.len() == shape.cells() && cells.iter().all(|&v| v as usize <= shape.size())
        );
        Grid { shape, cells }
    }

    /// The geometry.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// All cells, row-major, 0 = empty.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }

    /// The value at `row`, `col` (0 = empty).
    pub fn get(&self, row: usize, col: usize) -> u8 {
        self.cells[row * self.shape.size() + col]
    }

    /// Sets the value at `row`, `col` (0 empties the cell).
    ///
    /// # Panics
    /// When the cell is outside the grid or `value` exceeds N.
    pub fn set(&mut self, row: usize, col: usize, value: u8) {
        assert!(
            row < self.shape.size()
                && col < self.shape.size()
                && value as usize <= self.shape.size()
        );
        let n = self.shape.size();
        self.cells[row * n + col] = value;
    }

    /// Number of non-empty cells.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }

    /// True when no cell is empty.
    pub fn is_filled(&self) -> bool {
        self.cells.iter().all(|&v| v != 0)
    }
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Grid({}, ", self.shape)?;
        for &v in &self.cells {
            write!(f, "{}", symbol(v))?;
        }
        write!(f, ")")
    }
}

/// The one-line form: N * N symbols, `.` for empty.
impl fmt::Display for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line: String = self.cells.iter().map(|&v| symbol(v)).collect();
        f.write_str(&line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes() {
        assert_eq!(Shape::square_from_cells(81), Some(Shape::NINE));
        assert_eq!(Shape::square_from_cells(625), Shape::new(5, 5));
        assert_eq!(Shape::square_from_cells(36), None);
        assert_eq!(Shape::for_size(6), Shape::new(2, 3));
        assert_eq!(Shape::for_size(12), Shape::new(3, 4));
        assert_eq!(Shape::for_size(16), Shape::new(4, 4));
        assert_eq!(Shape::for_size(7), Shape::new(1, 7));
        assert_eq!(Shape::new(5, 6), None);
        assert_eq!(Shape::new(0, 6), None);
        let s = Shape::new(2, 3).unwrap();
        assert_eq!(s.box_of(0, 0), 0);
        assert_eq!(s.box_of(1, 3), 1);
        assert_eq!(s.box_of(2, 0), 2);
        assert_eq!(s.box_of(5, 5), 5);
        assert_eq!(s.to_string(), "6x6 (2x3 boxes)");
    }

    #[test]
    fn symbols_round_trip() {
        for v in 1..=25u8 {
            assert_eq!(value_of(symbol(v)), Some(v));
        }
        assert_eq!(symbol(10), 'A');
        assert_eq!(symbol(25), 'P');
        assert_eq!(value_of('_'), Some(0));
        assert_eq!(value_of('a'), None);
    }
}
