//! The engines' documented propagation, seen from outside: a puzzle that
//! the techniques an engine documents solve on their own is solved with no
//! guess (`Solutions::guesses` stays 0). The 9x9 engine documents naked
//! and hidden singles and locked candidates (`src/solve/nine.rs`: a box's
//! digit in one row or column leaves the rest of that line, a row's digit
//! in one box leaves the rest of the box); every other shape first gets
//! singles, locked candidates, the matching filter (all naked and hidden
//! subsets) and probing (`docs/hard.md`, step 1), and a puzzle those solve
//! leaves clause learning nothing to decide.
//!
//! The puzzles were made for these tests: a solved grid built from a
//! pattern, clues removed while the techniques below still solve it. This
//! file's own small solver (`Logic`) checks each puzzle: that the named
//! techniques solve it, and, where a test says a technique is needed,
//! that the weaker set does not. Written for mutation testing
//! (docs/mutants.md): a change that weakens a propagation rule leaves the
//! answers right but makes the engine guess.

use sudoku::{Grid, Shape, Solutions};

/// The techniques the test solver may use.
#[derive(Clone, Copy)]
struct Techniques {
    /// A box's value in one line leaves the rest of the line; a row's
    /// value in one box leaves the rest of the box.
    locked: bool,
    /// The same for a column's value in one box.
    column_claims: bool,
    /// Naked and hidden pairs.
    pairs: bool,
}

const SINGLES: Techniques = Techniques {
    locked: false,
    column_claims: false,
    pairs: false,
};
const LOCKED: Techniques = Techniques {
    locked: true,
    column_claims: true,
    pairs: false,
};
/// What the 9x9 engine's band words give: no column claims.
const LOCKED_9X9: Techniques = Techniques {
    locked: true,
    column_claims: false,
    pairs: false,
};
const PAIRS: Techniques = Techniques {
    locked: true,
    column_claims: true,
    pairs: true,
};

/// A plain candidate-set solver, written for these tests only.
struct Logic {
    n: usize,
    units: Vec<Vec<usize>>,
    boxes: Vec<Vec<usize>>,
    cand: Vec<u32>,
    value: Vec<u8>,
}

impl Logic {
    fn new(shape: Shape, cells: &[u8]) -> Logic {
        let (n, br, bc) = (shape.size(), shape.box_rows(), shape.box_cols());
        let mut units: Vec<Vec<usize>> = Vec::new();
        for r in 0..n {
            units.push((0..n).map(|c| r * n + c).collect());
        }
        for c in 0..n {
            units.push((0..n).map(|r| r * n + c).collect());
        }
        let mut boxes = Vec::new();
        for top in (0..n).step_by(br) {
            for left in (0..n).step_by(bc) {
                boxes.push(
                    (0..br)
                        .flat_map(|i| (0..bc).map(move |j| (top + i) * n + left + j))
                        .collect::<Vec<usize>>(),
                );
            }
        }
        units.extend(boxes.iter().cloned());
        let mut logic = Logic {
            n,
            units,
            boxes,
            cand: vec![(1u32 << n) - 1; n * n],
            value: vec![0; n * n],
        };
        for (x, &v) in cells.iter().enumerate() {
            if v != 0 {
                logic.place(x, v);
            }
        }
        logic
    }

    fn place(&mut self, x: usize, v: u8) {
        self.value[x] = v;
        self.cand[x] = 1 << (v - 1);
        for u in 0..self.units.len() {
            if self.units[u].contains(&x) {
                for k in 0..self.n {
                    let y = self.units[u][k];
                    if y != x {
                        self.cand[y] &= !(1 << (v - 1));
                    }
                }
            }
        }
    }

    fn singles(&mut self) -> bool {
        let mut progress = false;
        for x in 0..self.n * self.n {
            if self.value[x] == 0 && self.cand[x].count_ones() == 1 {
                self.place(x, self.cand[x].trailing_zeros() as u8 + 1);
                progress = true;
            }
        }
        for u in 0..self.units.len() {
            for v in 0..self.n {
                let cells: Vec<usize> = self.units[u]
                    .iter()
                    .copied()
                    .filter(|&x| self.cand[x] & (1 << v) != 0)
                    .collect();
                if cells.len() == 1 && self.value[cells[0]] == 0 {
                    self.place(cells[0], v as u8 + 1);
                    progress = true;
                }
            }
        }
        progress
    }

    /// Removes `v` from `cells` outside `keep`.
    fn clear(&mut self, cells: &[usize], keep: &[usize], v: usize) -> bool {
        let mut progress = false;
        for &y in cells {
            if !keep.contains(&y) && self.cand[y] & (1 << v) != 0 {
                self.cand[y] &= !(1 << v);
                progress = true;
            }
        }
        progress
    }

    fn open_with(&self, cells: &[usize], v: usize) -> Vec<usize> {
        cells
            .iter()
            .copied()
            .filter(|&x| self.value[x] == 0 && self.cand[x] & (1 << v) != 0)
            .collect()
    }

    fn locked(&mut self, column_claims: bool) -> bool {
        let n = self.n;
        let mut progress = false;
        for b in self.boxes.clone() {
            for v in 0..n {
                let at = self.open_with(&b, v);
                if at.len() < 2 {
                    continue;
                }
                if at.iter().all(|x| x / n == at[0] / n) {
                    let row: Vec<usize> = (0..n).map(|c| at[0] / n * n + c).collect();
                    progress |= self.clear(&row, &b, v);
                }
                if at.iter().all(|x| x % n == at[0] % n) {
                    let col: Vec<usize> = (0..n).map(|r| r * n + at[0] % n).collect();
                    progress |= self.clear(&col, &b, v);
                }
            }
        }
        let lines = if column_claims { 2 * n } else { n };
        for l in 0..lines {
            let line = self.units[l].clone();
            for v in 0..n {
                let at = self.open_with(&line, v);
                if at.len() < 2 {
                    continue;
                }
                if let Some(b) = self
                    .boxes
                    .iter()
                    .find(|b| at.iter().all(|x| b.contains(x)))
                    .cloned()
                {
                    progress |= self.clear(&b, &line, v);
                }
            }
        }
        progress
    }

    fn pairs(&mut self) -> bool {
        let mut progress = false;
        for u in self.units.clone() {
            let open: Vec<usize> = u.iter().copied().filter(|&x| self.value[x] == 0).collect();
            for (i, &a) in open.iter().enumerate() {
                for &b in &open[i + 1..] {
                    let m = self.cand[a];
                    if m.count_ones() == 2 && self.cand[b] == m {
                        for &y in &open {
                            if y != a && y != b && self.cand[y] & m != 0 {
                                self.cand[y] &= !m;
                                progress = true;
                            }
                        }
                    }
                }
            }
            for v in 0..self.n {
                for w in v + 1..self.n {
                    let at_v = self.open_with(&u, v);
                    if at_v.len() == 2 && at_v == self.open_with(&u, w) {
                        let m = (1 << v) | (1 << w);
                        for &y in &at_v {
                            if self.cand[y] & !m != 0 {
                                self.cand[y] &= m;
                                progress = true;
                            }
                        }
                    }
                }
            }
        }
        progress
    }

    /// Whether the techniques fill the grid.
    fn solves(shape: Shape, cells: &[u8], t: Techniques) -> bool {
        let mut logic = Logic::new(shape, cells);
        loop {
            if logic.singles() {
                continue;
            }
            if t.locked && logic.locked(t.column_claims) {
                continue;
            }
            if t.pairs && logic.pairs() {
                continue;
            }
            break;
        }
        logic.value.iter().all(|&v| v != 0)
    }
}

fn grid(box_rows: usize, box_cols: usize, text: &str) -> Grid {
    let shape = Shape::new(box_rows, box_cols).unwrap();
    let cells = text
        .chars()
        .map(|c| match c {
            '.' => 0,
            c => c.to_digit(36).unwrap() as u8,
        })
        .collect();
    Grid::from_cells(shape, cells).unwrap()
}

/// `puzzle` is solved by `enough` and, if given, not by `too_little`;
/// the engine solves it with no guess, and it has one solution.
fn solved_without_guessing(
    (box_rows, box_cols): (usize, usize),
    puzzle: &str,
    enough: Techniques,
    too_little: Option<Techniques>,
) {
    let g = grid(box_rows, box_cols, puzzle);
    assert!(Logic::solves(g.shape(), g.cells(), enough), "{puzzle}");
    if let Some(t) = too_little {
        assert!(!Logic::solves(g.shape(), g.cells(), t), "{puzzle}");
    }
    let mut search = Solutions::new(&g);
    let solution = search.next().expect("a solution");
    assert!(sudoku::check_solution(&g, &solution).is_ok(), "{puzzle}");
    assert_eq!(search.guesses(), 0, "{puzzle}");
    assert!(search.next().is_none(), "{puzzle}: one solution");
}

#[test]
fn nine_by_nine_singles() {
    solved_without_guessing(
        (3, 3),
        "...1...6.......2.1...567.9..7.8..9...2..54....832.9...5..9..1..3...7...6..7....2.",
        SINGLES,
        None,
    );
}

#[test]
fn nine_by_nine_locked_candidates() {
    solved_without_guessing(
        (3, 3),
        ".698..43....3......4......2......5.........17.3.9.4...62..1..4.....93...4.......8",
        LOCKED_9X9,
        Some(SINGLES),
    );
}

#[test]
fn six_by_six() {
    solved_without_guessing(
        (2, 3),
        "2......34...4.3..1...2.....53......6",
        SINGLES,
        None,
    );
    solved_without_guessing(
        (2, 3),
        "......261...5....2..21.....346......",
        LOCKED,
        Some(SINGLES),
    );
    solved_without_guessing(
        (2, 3),
        "......615..........3..423..6......1.",
        PAIRS,
        Some(LOCKED),
    );
}

#[test]
fn eight_by_eight() {
    solved_without_guessing(
        (2, 4),
        "36..1.....5......3.....1...85.7.....782...3....452....8....3...7",
        SINGLES,
        None,
    );
    solved_without_guessing(
        (2, 4),
        "48..6.1.1..5.....51...6....3...5.....27...8....4865..4.2...4....",
        LOCKED,
        Some(SINGLES),
    );
    solved_without_guessing(
        (2, 4),
        ".6.1.5.........46.3..82.8..25.....8..2...1.7..5.....238...7.....",
        PAIRS,
        Some(LOCKED),
    );
}

#[test]
fn twelve_by_twelve() {
    let singles = "..2..4.CB.6.5.....9...72.....8...5.3...A.5.4.3...B..7..8...C2..5..3....7.1.65..2C4.............A....A.B178..7.4....916...9.3......5..........C.B";
    solved_without_guessing((3, 4), singles, SINGLES, None);
    let locked = "..2..4.CB.6.5.....9...72.....8...5.3...A.5.4.3...B..7..8...C2..5..3....7.1.65..2C4.............A....A.B178..7.4....916.....3......5..........C.B";
    solved_without_guessing((3, 4), locked, LOCKED, Some(SINGLES));
    let pairs = ".72..4..B.6.5.....9....2.6...8...5.3...A.5.4.3...B..7......C2..5..3....7.1.65..2.43............A....A.B178..7.4....916...9.3...A..5..........C.B";
    solved_without_guessing((3, 4), pairs, PAIRS, Some(LOCKED));
}

#[test]
fn an_empty_grid_needs_guesses() {
    // Propagation only takes what the givens force; with one cell chosen
    // (or one candidate ruled out) an empty grid still has many
    // solutions, so no engine can fill it with fewer than two guesses.
    for shape in [Shape::new(2, 2), Shape::new(2, 3), Shape::new(3, 3)] {
        let shape = shape.unwrap();
        let mut search = Solutions::new(&Grid::empty(shape));
        let solution = search.next().expect("an empty grid has solutions");
        assert!(sudoku::check_solution(&Grid::empty(shape), &solution).is_ok());
        assert!(search.guesses() >= 2, "{shape}: {}", search.guesses());
    }
}
