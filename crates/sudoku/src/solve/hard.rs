//! The engine for every shape but 9x9: the strong propagation of
//! [`General`] (singles, locked candidates, matching filters) on the
//! givens, then what is left handed to clause learning ([`Sat`]), one
//! variable per open cell and candidate value.

use super::general::{General, PLACED};
use super::perm::NONE;
use super::portfolio::Portfolio;
use super::sat::Sat;
use crate::check::{all_units, unit_cells};
use crate::grid::Shape;

/// A resumable search over any shape; [`Hard::next_solution`] returns the
/// solutions one by one.
pub(crate) struct Hard {
    /// The cells placed before the search (0 for open).
    base: Vec<u8>,
    /// Variable `i` is "cell `vars[i].0` holds value `vars[i].1`".
    vars: Vec<(u16, u8)>,
    search: Portfolio,
    finished: bool,
}

impl Hard {
    /// A search over `cells` (0 = empty) on up to `threads` threads.
    /// Conflicting givens give a search with no solution.
    pub(crate) fn new(shape: Shape, cells: &[u8], threads: usize) -> Hard {
        Hard::build(shape, cells, MATRICES, threads)
    }

    /// [`Hard::new`], with or without the matrices of [`MATRICES`].
    fn build(shape: Shape, cells: &[u8], matrices: bool, threads: usize) -> Hard {
        let n = shape.size();
        let Some(cand) = General::strong(shape, cells).root_candidates() else {
            return Hard {
                base: Vec::new(),
                vars: Vec::new(),
                search: Portfolio::new(Sat::new(0), 1),
                finished: true,
            };
        };
        let base: Vec<u8> = cand
            .iter()
            .map(|&m| {
                if m & PLACED != 0 {
                    ((m & !PLACED).trailing_zeros() + 1) as u8
                } else {
                    0
                }
            })
            .collect();
        // var_of[cell * n + value - 1]
        let mut var_of = vec![u32::MAX; n * n * n];
        let mut vars = Vec::new();
        for (cell, &m) in cand.iter().enumerate() {
            if m & PLACED != 0 {
                continue;
            }
            let mut bits = m;
            while bits != 0 {
                let v = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                var_of[cell * n + v] = vars.len() as u32;
                vars.push((cell as u16, v as u8 + 1));
            }
        }
        let mut sat = Sat::new(vars.len());
        add_exactly_ones(&mut sat, shape, &base, &var_of);
        if matrices {
            add_matrices(&mut sat, shape, &base, &var_of);
        }
        Hard {
            base,
            vars,
            search: Portfolio::new(sat, threads),
            finished: false,
        }
    }

    /// Guesses (decisions) and conflicts so far.
    pub(crate) fn effort(&self) -> (u64, u64) {
        self.search.effort()
    }

    /// The next solution, or `None` when there are no more.
    pub(crate) fn next_solution(&mut self) -> Option<Vec<u8>> {
        if self.finished || !self.search.solve() {
            self.finished = true;
            return None;
        }
        let mut out = self.base.clone();
        let mut chosen = Vec::new();
        for (i, &(cell, value)) in self.vars.iter().enumerate() {
            if self.search.is_true(i) {
                out[cell as usize] = value;
                chosen.push(Sat::lit(i));
            }
        }
        // Forbid this one; with no open cell there is no other.
        if chosen.is_empty() {
            self.finished = true;
        } else {
            self.search.block(&chosen);
        }
        Some(out)
    }
}

/// "Exactly one" for each open cell's values, and for each unit's cells
/// of each value the unit lacks.
fn add_exactly_ones(sat: &mut Sat, shape: Shape, base: &[u8], var_of: &[u32]) {
    let n = shape.size();
    let mut one = Vec::new();
    // Each open cell holds one of its values.
    for cell in 0..n * n {
        one.clear();
        one.extend(
            (0..n)
                .map(|v| var_of[cell * n + v])
                .filter(|&x| x != u32::MAX)
                .map(|x| Sat::lit(x as usize)),
        );
        if base[cell] == 0 {
            exactly_one(sat, &one);
        }
    }
    // Each unit takes each value it lacks exactly once.
    for unit in all_units(n) {
        let members = unit_cells(shape, unit);
        for v in 0..n {
            if members.iter().any(|&c| base[c] as usize == v + 1) {
                continue;
            }
            one.clear();
            one.extend(
                members
                    .iter()
                    .map(|&c| var_of[c * n + v])
                    .filter(|&x| x != u32::MAX)
                    .map(|x| Sat::lit(x as usize)),
            );
            exactly_one(sat, &one);
        }
    }
}

/// Filter each unit's open cells against its open values, and each value's
/// open rows against its open columns, by matchings inside the search
/// ([`super::perm`]). Off: on Frisch's puzzles it saves 10-35 % of the
/// conflicts but doubles the time of each (docs/hard.md).
const MATRICES: bool = false;

/// The matrices of [`MATRICES`]: for each unit, "open cell `r` takes open
/// value `c`"; for each value, "open row `r` has it in open column `c`".
fn add_matrices(sat: &mut Sat, shape: Shape, base: &[u8], var_of: &[u32]) {
    let n = shape.size();
    let lit = |cell: usize, v: usize| match var_of[cell * n + v] {
        u32::MAX => NONE,
        x => Sat::lit(x as usize),
    };
    for unit in all_units(n) {
        let members = unit_cells(shape, unit);
        let cells: Vec<usize> = members.iter().copied().filter(|&c| base[c] == 0).collect();
        let values: Vec<usize> = (0..n)
            .filter(|&v| !members.iter().any(|&c| base[c] as usize == v + 1))
            .collect();
        add_matrix(sat, &cells, &values, lit);
    }
    for v in 0..n {
        let is_v = |cell: usize| base[cell] as usize == v + 1;
        let rows: Vec<usize> = (0..n)
            .filter(|&r| !(0..n).any(|c| is_v(r * n + c)))
            .collect();
        let cols: Vec<usize> = (0..n)
            .filter(|&c| !(0..n).any(|r| is_v(r * n + c)))
            .collect();
        add_matrix(sat, &rows, &cols, |r, c| lit(r * n + c, v));
    }
}

/// One matrix, rows `rows` against columns `cols` (skipped unless square
/// and larger than 2: a 2x2 one is its clauses' business).
fn add_matrix(sat: &mut Sat, rows: &[usize], cols: &[usize], lit: impl Fn(usize, usize) -> u32) {
    let k = rows.len();
    if k != cols.len() || k <= 2 {
        return;
    }
    let lits = rows
        .iter()
        .flat_map(|&r| cols.iter().map(move |&c| (r, c)))
        .map(|(r, c)| lit(r, c))
        .collect();
    sat.add_perm(k, lits);
}

/// At least one of `lits`, and no two.
fn exactly_one(sat: &mut Sat, lits: &[u32]) {
    sat.add_clause(lits);
    for (i, &a) in lits.iter().enumerate() {
        for &b in &lits[i + 1..] {
            sat.add_clause(&[a ^ 1, b ^ 1]);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FRISCH: &str = include_str!("../../../../puzzles/corpora/gecode_25x25_frisch_18.txt");

    /// With the matrices on, the search finds the same one solution of
    /// Frisch's quick puzzles as without (and the bench's figures in
    /// docs/hard.md come from this path).
    #[test]
    fn matrices_find_the_same_unique_solution() {
        for i in [3, 17, 18] {
            let line = FRISCH.lines().nth(i - 1).expect("18 lines");
            let grid = crate::parse_str(line, "frisch").expect("read")[0]
                .grid
                .clone();
            let all = |matrices| {
                let mut h = Hard::build(grid.shape(), grid.cells(), matrices, 1);
                let mut found = Vec::new();
                while let Some(s) = h.next_solution() {
                    found.push(s);
                }
                (found, h.effort().1)
            };
            let (with, conflicts) = all(true);
            let (without, _) = all(false);
            assert_eq!(with.len(), 1, "#{i}");
            assert_eq!(with, without, "#{i}");
            assert!(conflicts > 0, "#{i}: the search had work to do");
        }
    }

    /// On two threads (split in halves once the first search has made
    /// its solo conflicts), Frisch's #2 and #3 have the same one solution
    /// as on one.
    #[test]
    fn two_threads_find_the_same_unique_solution() {
        for i in [2, 3] {
            let line = FRISCH.lines().nth(i - 1).expect("18 lines");
            let grid = crate::parse_str(line, "frisch").expect("read")[0]
                .grid
                .clone();
            let all = |threads| {
                let mut h = Hard::new(grid.shape(), grid.cells(), threads);
                let mut found = Vec::new();
                while let Some(s) = h.next_solution() {
                    found.push(s);
                }
                (found, h.search.splits)
            };
            let (two, splits) = all(2);
            let (one, _) = all(1);
            assert_eq!(two.len(), 1, "#{i}");
            assert_eq!(two, one, "#{i}");
            assert!(splits > 0, "#{i}: the halves took part");
        }
    }
}
