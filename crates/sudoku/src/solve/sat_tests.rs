//! Tests of [`super::sat`]: small problems with known numbers of models.

use super::*;

#[test]
fn luby_sequence() {
    let got: Vec<u64> = (1..=15).map(luby).collect();
    assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
}

/// Pigeons into holes: n + 1 into n has no model, n into n has n!.
pub(crate) fn pigeons(p: usize, h: usize) -> Sat {
    let v = |i: usize, j: usize| i * h + j;
    let mut s = Sat::new(p * h);
    for i in 0..p {
        let c: Vec<Lit> = (0..h).map(|j| Sat::lit(v(i, j))).collect();
        s.add_clause(&c);
    }
    for j in 0..h {
        for a in 0..p {
            for b in a + 1..p {
                s.add_clause(&[neg(Sat::lit(v(a, j))), neg(Sat::lit(v(b, j)))]);
            }
        }
    }
    s
}

#[test]
fn pigeonhole_has_no_model() {
    for h in 1..=6 {
        assert!(!pigeons(h + 1, h).solve(), "{} into {h}", h + 1);
    }
}

/// Latin squares of order `n` with some cells given: variable
/// `(r * n + c) * n + v`, exactly one per cell, per row and value, per
/// column and value; with `perms`, also the matrices of each row, column
/// and value.
pub(crate) fn latin_sat(n: usize, given: &[(usize, usize, usize)], perms: bool) -> Sat {
    let x = |r: usize, c: usize, v: usize| Sat::lit((r * n + c) * n + v);
    let mut s = Sat::new(n * n * n);
    let mut groups: Vec<Vec<Lit>> = Vec::new();
    for a in 0..n {
        for b in 0..n {
            groups.push((0..n).map(|v| x(a, b, v)).collect());
            groups.push((0..n).map(|c| x(a, c, b)).collect());
            groups.push((0..n).map(|r| x(r, a, b)).collect());
        }
    }
    for g in &groups {
        s.add_clause(g);
        for (i, &p) in g.iter().enumerate() {
            for &q in &g[i + 1..] {
                s.add_clause(&[neg(p), neg(q)]);
            }
        }
    }
    for &(r, c, v) in given {
        s.add_clause(&[x(r, c, v)]);
    }
    if perms {
        for a in 0..n {
            // Row a: column against value; column a: row against
            // value; value a: row against column.
            s.add_perm(n, (0..n * n).map(|i| x(a, i / n, i % n)).collect());
            s.add_perm(n, (0..n * n).map(|i| x(i / n, a, i % n)).collect());
            s.add_perm(n, (0..n * n).map(|i| x(i / n, i % n, a)).collect());
        }
    }
    s
}

/// How many models [`latin_sat`] has (each found once).
fn latin_models(n: usize, given: &[(usize, usize, usize)], perms: bool) -> usize {
    let mut s = latin_sat(n, given, perms);
    let mut models = std::collections::HashSet::new();
    while s.solve() {
        let m: Vec<usize> = (0..n * n * n).filter(|&v| s.is_true(v)).collect();
        assert_eq!(m.len(), n * n);
        assert!(models.insert(m.clone()), "a model found twice");
        let lits: Vec<Lit> = m.iter().map(|&v| Sat::lit(v)).collect();
        s.block(&lits);
    }
    models.len()
}

#[test]
fn matrices_keep_every_model_and_no_other() {
    // 576 latin squares of order 4; of the 161,280 of order 5, 1,344
    // have a given first row (161,280 / 5!).
    assert_eq!(latin_models(4, &[], false), 576);
    assert_eq!(latin_models(4, &[], true), 576);
    let first_row: Vec<_> = (0..5).map(|c| (0, c, c)).collect();
    assert_eq!(latin_models(5, &first_row, false), 1344);
    assert_eq!(latin_models(5, &first_row, true), 1344);
    // A partial square with no completion: rows 0 and 1 force value 0
    // into column 2 twice.
    let stuck = [(0, 0, 1), (0, 1, 2), (1, 0, 2), (1, 1, 1), (2, 2, 0)];
    assert_eq!(latin_models(4, &stuck, false), 0);
    assert_eq!(latin_models(4, &stuck, true), 0);
}

#[test]
fn every_model_once() {
    // 4 pigeons in 4 holes, each in one hole: 24 models.
    let (p, h) = (4, 4);
    let mut s = pigeons(p, h);
    for i in 0..p {
        for a in 0..h {
            for b in a + 1..h {
                s.add_clause(&[neg(Sat::lit(i * h + a)), neg(Sat::lit(i * h + b))]);
            }
        }
    }
    let mut models = std::collections::HashSet::new();
    while s.solve() {
        let m: Vec<usize> = (0..p * h).filter(|&v| s.is_true(v)).collect();
        assert_eq!(m.len(), p);
        assert!(models.insert(m.clone()));
        let lits: Vec<Lit> = m.iter().map(|&v| Sat::lit(v)).collect();
        s.block(&lits);
    }
    assert_eq!(models.len(), 24);
}

/// Glucose's binary minimisation: with the binary clause `u ∨ q`, the
/// learnt clause `u ∨ ¬q ∨ r ∨ s` loses `¬q`; without it, nothing.
#[test]
fn binary_minimisation_drops_what_a_binary_clause_subsumes() {
    for with_binary in [true, false] {
        let (u, q, r, s) = (Sat::lit(0), Sat::lit(1), Sat::lit(2), Sat::lit(3));
        let mut sat = Sat::new(4);
        if with_binary {
            sat.add_clause(&[u, q]);
        } else {
            // q true for another reason: a unit at level 0 would be
            // dropped from any clause, so make it a decision.
            sat.levels.push(sat.trail.len());
            sat.expl_marks.push(0);
            sat.assign(q, Reason::Decision);
        }
        // The learnt clause's literals false, on three levels.
        for l in [r, s, u] {
            sat.levels.push(sat.trail.len());
            sat.expl_marks.push(0);
            sat.assign(neg(l), Reason::Decision);
            assert!(sat.propagate().is_none());
        }
        assert_eq!(sat.lit_value(q), 1, "u false makes q true");
        let mut learnt = vec![u, neg(q), r, s];
        sat.binary_minimise(&mut learnt);
        learnt[1..].sort_unstable();
        if with_binary {
            assert_eq!(learnt, [u, r, s]);
        } else {
            assert_eq!(learnt, [u, neg(q), r, s]);
        }
    }
}

/// A learnt clause met in conflict analysis with its literals on fewer
/// levels than its LBD says gets the smaller LBD, and is protected.
#[test]
fn dynamic_lbd_falls_and_protects() {
    let mut sat = Sat::new(5);
    let lits: Vec<Lit> = (0..5).map(Sat::lit).collect();
    let ci = sat.attach(lits.clone(), true, 10) as usize;
    for level in [&lits[..2], &lits[2..]] {
        sat.levels.push(sat.trail.len());
        sat.expl_marks.push(0);
        for &l in level {
            sat.assign(neg(l), Reason::Decision);
        }
    }
    sat.update_lbd(ci);
    let c = &sat.clauses[0];
    assert_eq!((c.lbd, c.protect), (2, true));
    // Two levels again: no change, as 2 + 1 is not below 2.
    sat.update_lbd(ci);
    assert_eq!(sat.clauses[0].lbd, 2);
}

/// Probing finds a variable whose truth fails by unit propagation alone
/// (`x -> y` and `x -> ¬y`) and fixes it false at level 0; the others stay
/// open.
#[test]
fn probing_fixes_failed_literals() {
    let (x, y, z) = (Sat::lit(0), Sat::lit(1), Sat::lit(2));
    let mut sat = Sat::new(3);
    sat.add_clause(&[neg(x), y]);
    sat.add_clause(&[neg(x), neg(y)]);
    sat.add_clause(&[y, z]);
    assert_eq!(sat.value, [UNSET; 3], "no unit before probing");
    sat.probe();
    assert_eq!(sat.value, [0, UNSET, UNSET]);
    assert_eq!((sat.probes, sat.probe_units), (3, 1));
    assert!(sat.levels.is_empty() && !sat.dead);
    assert!(sat.solve());
}

/// Shrinking: the clause's literals of one level that one true literal of
/// that level implies (through binary clauses, or long ones whose other
/// literals are in the clause) give way to that literal's negation; a
/// reason bringing in a lower level's literal the clause lacks stops it.
#[test]
fn shrinking_replaces_a_levels_literals_by_their_dominator() {
    for c_in_clause in [true, false] {
        let (u, a, b, c, d) = (
            Sat::lit(0),
            Sat::lit(1),
            Sat::lit(2),
            Sat::lit(3),
            Sat::lit(4),
        );
        let mut sat = Sat::new(5);
        sat.add_clause(&[neg(d), neg(a)]);
        sat.add_clause(&[neg(d), neg(c), neg(b)]);
        // Level 1: c; level 2: d, which makes a and b false; level 3: u false.
        for l in [c, d, neg(u)] {
            sat.levels.push(sat.trail.len());
            sat.expl_marks.push(0);
            sat.assign(l, Reason::Decision);
            assert!(sat.propagate().is_none());
        }
        assert_eq!((sat.lit_value(a), sat.lit_value(b)), (0, 0));
        let mut learnt = vec![u, a, b];
        if c_in_clause {
            learnt.push(neg(c));
        }
        for &l in &learnt[1..] {
            sat.seen[var(l)] = true;
        }
        let mut proved = Vec::new();
        sat.shrink(&mut learnt, &mut proved);
        learnt[1..].sort_unstable();
        if c_in_clause {
            let mut want = vec![u, neg(c), neg(d)];
            want[1..].sort_unstable();
            assert_eq!(learnt, want);
        } else {
            assert_eq!(learnt, [u, a, b]);
        }
    }
}
