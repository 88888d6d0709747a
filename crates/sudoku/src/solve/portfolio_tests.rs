//! Tests of [`super::Portfolio`]: the two halves together find every model
//! once, and refute what has none, whatever the split.

use super::super::sat::tests::{latin_sat, pigeons};
use super::*;
use std::collections::HashSet;

/// Every model of `sat` through a portfolio of `threads` that splits at
/// once, each checked to be new; with how many conflicts it took.
fn all_models(sat: Sat, vars: usize, threads: usize) -> (Vec<Vec<usize>>, u64, u64) {
    let mut search = Portfolio::new(sat, threads).solo_for(0);
    let mut models = Vec::new();
    let mut seen = HashSet::new();
    while search.solve() {
        let m: Vec<usize> = (0..vars).filter(|&v| search.is_true(v)).collect();
        assert!(seen.insert(m.clone()), "a model found twice");
        let lits: Vec<Lit> = m.iter().map(|&v| Sat::lit(v)).collect();
        search.block(&lits);
        models.push(m);
    }
    (models, search.effort().1, search.splits)
}

/// 576 latin squares of order 4, and the 1,344 of order 5 with a given
/// first row: each found once by the halves, as by one search; cubes are
/// refuted and the space split again many times on the way (each model
/// blocked empties a half sooner or later).
#[test]
fn the_halves_find_every_model_once() {
    let first_row: Vec<_> = (0..5).map(|c| (0, c, c)).collect();
    for (n, given, count) in [(4, vec![], 576), (5, first_row, 1344)] {
        let (two, _, splits) = all_models(latin_sat(n, &given, false), n * n * n, 2);
        let (one, _, none) = all_models(latin_sat(n, &given, false), n * n * n, 1);
        assert_eq!(two.len(), count, "order {n}");
        assert!(splits > 2, "order {n}: split {splits} times");
        assert_eq!(none, 0, "one thread never splits");
        assert_eq!(
            two.iter().collect::<HashSet<_>>(),
            one.iter().collect::<HashSet<_>>(),
            "order {n}"
        );
    }
}

/// No model: both halves refuted, then "none" (pigeonhole, 7 into 6).
#[test]
fn the_halves_refute_what_has_no_model() {
    let (models, conflicts, _) = all_models(pigeons(7, 6), 42, 2);
    assert!(models.is_empty());
    assert!(conflicts > 0, "the search had work to do");
}

/// The answer of a round, and so the whole run, does not depend on which
/// thread finishes first: the same conflicts, models and order each time.
#[test]
fn runs_are_reproducible() {
    let run = || all_models(latin_sat(5, &[(0, 0, 0), (1, 1, 1)], false), 125, 2);
    let first = run();
    for _ in 0..3 {
        assert_eq!(run(), first);
    }
}
