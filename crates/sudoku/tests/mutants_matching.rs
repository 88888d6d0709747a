//! A contradiction that only the matching filter sees at once (Hall's
//! condition: four open cells of a row that can hold only three values)
//! gives no solution, through every public entry. Written for mutation
//! testing (docs/mutants.md): the filter's augmenting-path search must end
//! when a unit has no perfect matching.

use sudoku::{count_solutions, solve, verdict, Grid, Shape, Verdict};

/// 6x6, boxes of 2 rows and 3 columns. Row 1 is 4 5 6 1 2 3, and column
/// 3 holds 4, 5 and 6 below it: row 0's cells 0-3 can take only 1, 2 and
/// 3, yet each value still has a cell in every unit and no cell is
/// without a value, so neither kind of single notices.
fn hall() -> Grid {
    let mut g = Grid::empty(Shape::new(2, 3).unwrap());
    for (c, v) in [4, 5, 6, 1, 2, 3].into_iter().enumerate() {
        g.set(1, c, v);
    }
    g.set(2, 3, 4);
    g.set(3, 3, 5);
    g.set(4, 3, 6);
    g
}

#[test]
fn four_cells_with_three_values_have_no_solution() {
    let g = hall();
    assert_eq!(sudoku::find_conflict(&g), None, "no two givens conflict");
    assert_eq!(solve(&g), Ok(None));
    assert_eq!(count_solutions(&g, 2), Ok(0));
    assert_eq!(verdict(&g), Verdict::NoSolution);
}
