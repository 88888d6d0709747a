//! The solver: every question asked of a puzzle goes through [`Solutions`],
//! a resumable depth-first search that yields the solutions one by one.
//! Conflicting givens are reported before any search, as [`Conflict`]s.

mod general;
mod hard;
mod heap;
mod matching;
mod nine;
mod perm;
mod portfolio;
#[cfg(test)]
mod proptests;
mod sat;

use crate::check::{find_conflict, Conflict};
use crate::grid::{Grid, Shape};
#[cfg(test)]
use general::General;
use hard::Hard;
use nine::Nine;

enum Engine {
    Nine(Box<Nine>),
    Hard(Box<Hard>),
}

/// Every solution of a puzzle, in the search's order, as an iterator.
///
/// Givens that conflict give no solution; use [`find_conflict`] (or
/// [`solve`]) to tell that case apart from a puzzle that has none.
pub struct Solutions {
    shape: Shape,
    engine: Engine,
}

impl Solutions {
    /// A search over the givens of `grid`, on the calling thread.
    pub fn new(grid: &Grid) -> Solutions {
        Solutions::with_threads(grid, 1)
    }

    /// A search over the givens of `grid` that may use up to `threads`
    /// threads (0 counts as 1): the clause-learning search of a puzzle
    /// larger than 9x9 that is still open after some thousands of
    /// conflicts goes on as that many searches that share what they
    /// learn. The solutions, and their order, depend only on the puzzle
    /// and `threads`.
    pub fn with_threads(grid: &Grid, threads: usize) -> Solutions {
        let shape = grid.shape();
        let engine = if shape == Shape::NINE {
            Engine::Nine(Box::new(Nine::new(grid.cells())))
        } else {
            Engine::Hard(Box::new(Hard::new(shape, grid.cells(), threads)))
        };
        Solutions { shape, engine }
    }
}

impl Solutions {
    /// The guesses made so far: the search's nodes, for measurements.
    pub fn guesses(&self) -> u64 {
        match &self.engine {
            Engine::Nine(e) => e.guesses,
            Engine::Hard(e) => e.effort().0,
        }
    }

    /// The clause-learning search's conflicts so far (0 for 9x9, which
    /// does not learn), for measurements.
    pub fn conflicts(&self) -> u64 {
        match &self.engine {
            Engine::Nine(_) => 0,
            Engine::Hard(e) => e.effort().1,
        }
    }
}

impl Iterator for Solutions {
    type Item = Grid;

    fn next(&mut self) -> Option<Grid> {
        let cells = match &mut self.engine {
            Engine::Nine(e) => e.next_solution()?.to_vec(),
            Engine::Hard(e) => e.next_solution()?,
        };
        Some(Grid::from_cells(self.shape, cells).expect("solver values are in range"))
    }
}

/// The first solution, `Ok(None)` when there is none, or the conflict
/// between two givens.
pub fn solve(grid: &Grid) -> Result<Option<Grid>, Conflict> {
    match find_conflict(grid) {
        Some(c) => Err(c),
        None => Ok(Solutions::new(grid).next()),
    }
}

/// The number of solutions, counting no further than `limit`, or the
/// conflict between two givens.
pub fn count_solutions(grid: &Grid, limit: usize) -> Result<usize, Conflict> {
    match find_conflict(grid) {
        Some(c) => Err(c),
        None => Ok(Solutions::new(grid).take(limit).count()),
    }
}

/// True when the puzzle has exactly one solution.
pub fn is_unique(grid: &Grid) -> Result<bool, Conflict> {
    count_solutions(grid, 2).map(|n| n == 1)
}

/// What a puzzle is: solved (and whether uniquely), unsolvable, or invalid.
/// This is what the `verify` command compares the PDP-10 program against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The first solution found, and whether it is the only one.
    Solved {
        /// The first solution.
        solution: Grid,
        /// No second solution exists.
        unique: bool,
    },
    /// The givens are consistent but no solution exists.
    NoSolution,
    /// Two givens conflict.
    Invalid(Conflict),
}

/// Solves with a count limit of 2: the first solution and whether it is unique.
pub fn verdict(grid: &Grid) -> Verdict {
    match solve_with(grid, 2, 1) {
        Outcome::Invalid(c) => Verdict::Invalid(c),
        Outcome::Found {
            mut solutions,
            count,
        } => match solutions.pop() {
            Some(solution) => Verdict::Solved {
                solution,
                unique: count == 1,
            },
            None => Verdict::NoSolution,
        },
    }
}

/// The result of [`solve_with`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Two givens conflict; no search was made.
    Invalid(Conflict),
    /// The search ran.
    Found {
        /// The first solutions, as many as were asked to be kept.
        solutions: Vec<Grid>,
        /// Solutions counted, up to the limit.
        count: usize,
    },
}

/// Counts solutions up to `limit`, keeping the first `keep` of them.
pub fn solve_with(grid: &Grid, limit: usize, keep: usize) -> Outcome {
    solve_with_threads(grid, limit, keep, 1)
}

/// [`solve_with`] on up to `threads` threads ([`Solutions::with_threads`]).
pub fn solve_with_threads(grid: &Grid, limit: usize, keep: usize, threads: usize) -> Outcome {
    let (solutions, count) = if grid.shape() == Shape::NINE {
        // The recursive search: nothing to resume, fewer copies.
        let found = nine::count(grid.cells(), limit, keep);
        (found.solutions, found.count)
    } else {
        let mut solutions = Vec::new();
        let mut count = 0;
        for solution in Solutions::with_threads(grid, threads).take(limit) {
            if solutions.len() < keep {
                solutions.push(solution);
            }
            count += 1;
        }
        (solutions, count)
    };
    // Conflicting givens stop both engines while they place the givens,
    // before any search; only then is it worth naming the two cells.
    if count == 0 {
        if let Some(c) = find_conflict(grid) {
            return Outcome::Invalid(c);
        }
    }
    Outcome::Found { solutions, count }
}

#[cfg(test)]
pub(crate) mod testutil {
    //! An independent judge for tests: checks a solution cell by cell with
    //! plain loops, sharing no code with [`crate::check`].
    use crate::grid::Grid;

    /// Panics unless `solution` fills `givens` validly.
    pub(crate) fn assert_solves(givens: &Grid, solution: &Grid) {
        let shape = givens.shape();
        let n = shape.size();
        assert_eq!(solution.shape(), shape);
        for r in 0..n {
            for c in 0..n {
                let v = solution.get(r, c);
                assert!(
                    v >= 1 && v as usize <= n,
                    "r{}c{} = {v} in {solution:?}",
                    r + 1,
                    c + 1
                );
                let g = givens.get(r, c);
                assert!(
                    g == 0 || g == v,
                    "given r{}c{} changed in {solution:?}",
                    r + 1,
                    c + 1
                );
            }
        }
        let (br, bc) = (shape.box_rows(), shape.box_cols());
        for i in 0..n {
            let mut row = vec![false; n + 1];
            let mut col = vec![false; n + 1];
            let mut bx = vec![false; n + 1];
            for j in 0..n {
                let (r, c) = ((i / br) * br + j / bc, (i % br) * bc + j % bc);
                for (seen, v) in [
                    (&mut row, solution.get(i, j)),
                    (&mut col, solution.get(j, i)),
                    (&mut bx, solution.get(r, c)),
                ] {
                    assert!(
                        !seen[v as usize],
                        "repeat of {v} in unit {i} of {solution:?}"
                    );
                    seen[v as usize] = true;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testutil::assert_solves;
    use super::*;
    use crate::read::parse_str;

    const EDGE_CASES: &str = include_str!("../../../../puzzles/corpora/edge_cases.tsv");
    const TDOKU: &str = include_str!("../../../../puzzles/corpora/tdoku_test_puzzles.txt");
    const SERG: &str = include_str!("../../../../puzzles/corpora/serg_benchmark_multisolution.txt");
    const TOP95: &str = include_str!("../../../../puzzles/corpora/top95.txt");

    fn grid(line: &str) -> Grid {
        parse_str(line, "t").unwrap().remove(0).grid
    }

    /// Counts with the engine for every shape, even on 9x9.
    fn general_count(g: &Grid, limit: usize) -> usize {
        let mut e = General::new(g.shape(), g.cells());
        let mut n = 0;
        while n < limit {
            match e.next_solution() {
                Some(s) => {
                    assert_solves(g, &Grid::from_cells(g.shape(), s).unwrap());
                    n += 1;
                }
                None => break,
            }
        }
        n
    }

    #[test]
    fn edge_cases_have_their_exact_counts() {
        for line in EDGE_CASES.lines().skip(1) {
            let mut fields = line.split('\t');
            let (puzzle, expected) = (fields.next().unwrap(), fields.next().unwrap());
            let g = grid(puzzle);
            let (limit, want) = match expected.strip_prefix(">=") {
                Some(n) => (1000, n.parse::<usize>().unwrap().min(1000)),
                None => (usize::MAX, expected.parse().unwrap()),
            };
            let found = match solve_with(&g, limit, usize::MAX) {
                Outcome::Invalid(_) => 0,
                Outcome::Found { solutions, count } => {
                    for s in &solutions {
                        assert_solves(&g, s);
                    }
                    let distinct: std::collections::HashSet<_> = solutions.iter().collect();
                    assert_eq!(distinct.len(), solutions.len(), "{puzzle}");
                    count
                }
            };
            assert_eq!(found, want, "{puzzle}");
            // The general engine agrees where the count is small.
            if want <= 20_000 && find_conflict(&g).is_none() {
                assert_eq!(
                    general_count(&g, limit.min(20_001)),
                    want,
                    "general engine: {puzzle}"
                );
            }
        }
    }

    #[test]
    fn tdoku_counts_and_solutions() {
        for line in TDOKU.lines() {
            let mut fields = line.split(':');
            let (puzzle, count) = (fields.next().unwrap(), fields.next().unwrap());
            let count: usize = count.parse().unwrap();
            let g = grid(puzzle);
            assert_eq!(count_solutions(&g, usize::MAX), Ok(count), "{puzzle}");
            assert_eq!(
                general_count(&g, usize::MAX),
                count,
                "general engine: {puzzle}"
            );
            if let Some(expected) = fields.next() {
                let solution = solve(&g).unwrap().unwrap();
                assert_solves(&g, &solution);
                assert_eq!(solution.to_string(), expected);
            }
        }
    }

    #[test]
    fn multi_solution_sample() {
        // Every 50th puzzle of the 10,000: all have two or more solutions.
        for line in SERG.lines().step_by(50) {
            let g = grid(line);
            let sols: Vec<Grid> = Solutions::new(&g).take(2).collect();
            assert_eq!(sols.len(), 2, "{line}");
            assert_ne!(sols[0], sols[1]);
            for s in &sols {
                assert_solves(&g, s);
            }
            assert_eq!(is_unique(&g), Ok(false));
            assert_eq!(general_count(&g, 2), 2, "general engine: {line}");
        }
    }

    #[test]
    fn top95_unique_and_engines_agree() {
        for line in TOP95.lines() {
            let g = grid(line);
            match verdict(&g) {
                Verdict::Solved { solution, unique } => {
                    assert!(unique, "{line}");
                    assert_solves(&g, &solution);
                    let mut e = General::new(g.shape(), g.cells());
                    assert_eq!(e.next_solution().as_deref(), Some(solution.cells()));
                    assert_eq!(e.next_solution(), None);
                }
                other => panic!("{line}: {other:?}"),
            }
        }
    }

    #[test]
    fn conflicts_are_reported_before_search() {
        let g = grid("1.1.............");
        let c = find_conflict(&g).unwrap();
        assert_eq!(solve(&g), Err(c.clone()));
        assert_eq!(count_solutions(&g, 5), Err(c.clone()));
        assert_eq!(verdict(&g), Verdict::Invalid(c));
        // The search itself also finds nothing, for either engine.
        assert_eq!(Solutions::new(&g).count(), 0);
        let nine = grid(
            "2.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(Solutions::new(&nine).count(), 0);
    }

    #[test]
    fn no_solution_without_conflict() {
        let g = grid(
            "5.3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..",
        );
        assert_eq!(verdict(&g), Verdict::NoSolution);
        assert_eq!(general_count(&g, 10), 0);
    }

    #[test]
    fn all_solutions_iterate_distinctly() {
        // The empty 4x4 grid has 288 solutions.
        let g = Grid::empty(Shape::new(2, 2).unwrap());
        let all: std::collections::HashSet<Grid> = Solutions::new(&g)
            .inspect(|s| assert_solves(&g, s))
            .collect();
        assert_eq!(all.len(), 288);
        // The limit stops an enumeration that would not end in time.
        let six = Grid::empty(Shape::new(2, 3).unwrap());
        assert_eq!(count_solutions(&six, 100), Ok(100));
    }

    /// Sizes 1 to 3 and boxes of one row or one column (issue 10: a 1x1
    /// puzzle made the search guess forever without placing anything).
    /// Such a grid is a Latin square: orders 1..4 have 1, 2, 12 and 576.
    #[test]
    fn tiny_sizes_and_one_line_boxes_count_latin_squares() {
        for (rows, cols, want) in [
            (1, 1, 1),
            (1, 2, 2),
            (2, 1, 2),
            (1, 3, 12),
            (3, 1, 12),
            (1, 4, 576),
            (4, 1, 576),
        ] {
            let g = Grid::empty(Shape::new(rows, cols).unwrap());
            let all: std::collections::HashSet<Grid> = Solutions::new(&g)
                .inspect(|s| assert_solves(&g, s))
                .collect();
            assert_eq!(all.len(), want, "{rows}x{cols} boxes");
        }
        // Order 7 has 61,479,419,904,000: the limit must stop it.
        let seven = Grid::empty(Shape::new(1, 7).unwrap());
        assert_eq!(count_solutions(&seven, 50), Ok(50));
    }

    #[test]
    fn one_by_one_puzzles_answer_at_once() {
        for (text, want) in [(".", "1"), ("1", "1"), ("0", "1"), ("_", "1")] {
            let g = grid(text);
            assert_eq!(g.shape().size(), 1);
            match verdict(&g) {
                Verdict::Solved { solution, unique } => {
                    assert!(unique, "{text}");
                    assert_eq!(solution.to_string(), want);
                }
                other => panic!("{text}: {other:?}"),
            }
            assert_eq!(general_count(&g, 5), 1);
        }
        // 2x2 (boxes 1x2) with a given, and one whose givens leave no way.
        assert_eq!(count_solutions(&grid("1.\n..\n"), 5), Ok(1));
        assert_eq!(verdict(&grid("1.\n.2\n")), Verdict::NoSolution);
    }

    /// The 9x9 engine's two drivers, the recursive count behind
    /// `solve_with` and the resumable iterator, give the same solutions in
    /// the same order.
    #[test]
    fn nine_count_and_iterator_agree() {
        let lines = TOP95
            .lines()
            .chain(SERG.lines().step_by(97))
            .chain(TDOKU.lines().map(|l| l.split(':').next().unwrap()));
        for line in lines {
            let g = grid(line);
            for limit in [1, 2, 5] {
                let listed: Vec<Grid> = Solutions::new(&g).take(limit).collect();
                let want = Outcome::Found {
                    count: listed.len(),
                    solutions: listed,
                };
                match solve_with(&g, limit, limit) {
                    Outcome::Invalid(_) => assert!(find_conflict(&g).is_some(), "{line}"),
                    got => assert_eq!(got, want, "{line}"),
                }
            }
        }
    }

    const JANKO: &str = include_str!("../../../../puzzles/corpora/gecode_16x16_janko_55.txt");
    const FRISCH: &str = include_str!("../../../../puzzles/corpora/gecode_25x25_frisch_18.txt");

    /// Hard 16x16 (Janko's 55) and the Frisch 25x25 puzzles that take a
    /// fraction of a second: unique, each solution checked by the checker
    /// and by the tests' own judge. All 18 of Frisch's: the `frisch` bench
    /// (docs/hard.md).
    #[test]
    fn hard_sixteen_and_quick_frisch_puzzles_are_unique() {
        let quick_frisch = [2, 3, 17, 18];
        let lines = JANKO.lines().chain(
            FRISCH
                .lines()
                .enumerate()
                .filter(|(i, _)| quick_frisch.contains(&(i + 1)))
                .map(|(_, l)| l),
        );
        let mut count = 0;
        for line in lines {
            let g = grid(line);
            match verdict(&g) {
                Verdict::Solved { solution, unique } => {
                    assert!(unique, "{line}");
                    assert_eq!(crate::check_solution(&g, &solution), Ok(()), "{line}");
                    assert_solves(&g, &solution);
                }
                other => panic!("{line}: {other:?}"),
            }
            count += 1;
        }
        assert_eq!(count, 55 + 4);
    }
}
