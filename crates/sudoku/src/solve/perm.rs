//! "Exactly one in each row and each column" over a k x k matrix of
//! literals, as a propagator of the clause-learning search ([`super::sat`]):
//! an all-different constraint in its 0/1 form. A unit's open cells against
//! its open values is one such matrix (every naked and hidden subset), one
//! value's open rows against its open columns another (every fish).
//!
//! The filter is Régin's (1994), as in [`super::matching`]: one perfect
//! matching of rows to columns, kept between calls and repaired, then a
//! placement survives only if its row and the row matched to its column lie
//! on one strongly connected component of the alternating graph (row `i`
//! points to row `j` when `i` could take `j`'s column).
//!
//! Clause learning needs a reason for each placement ruled out, a clause of
//! literals that were false before (Downing, Feydy and Stuckey, "Explaining
//! alldifferent", 2012, give this form). Every pruning comes from a Hall
//! set, found from the graph at no extra cost:
//!
//! - the rows `R` reachable from `j` can only take the columns matched to
//!   them, so they fill those columns and no other row can have one:
//!   `not x(i,c)` or some `x(r,w)` with `r` in `R` and `w` outside them;
//! - or, the other way round, the rows `Q` that reach `i` are the only ones
//!   that can take the columns matched to them, so these rows are used up:
//!   `not x(i,c)` or some `x(q,w)` with `q` outside `Q`, `w` matched in `Q`.
//!
//! The shorter of the two is kept. A failed augmenting path gives the
//! conflict the same way: `s` rows that can only take `s - 1` columns.

use super::matching::{components, reach, MAX};
use super::sat::Lit;

/// No literal: the placement was ruled out before the search.
pub(crate) const NONE: Lit = Lit::MAX;

/// Not matched: a row without a column, or a column without a row.
const FREE: u8 = u8::MAX;

#[derive(Clone)]
pub(crate) struct Perm {
    k: usize,
    /// `lits[r * k + c]`: "row `r` takes column `c`", or [`NONE`].
    lits: Vec<Lit>,
    /// The columns each row could take at the start.
    all: [u32; MAX],
    /// The columns each row can still take (whose literal is not false),
    /// kept up to date by the solver ([`Perm::remove`], [`Perm::restore`]).
    rows: [u32; MAX],
    /// The last matching: each row's column and each column's row, or
    /// [`FREE`]. Still a matching after the solver backtracks (that only
    /// adds placements), so each call repairs it rather than starting anew.
    matched: [u8; MAX],
    owner: [u8; 32],
}

impl Perm {
    /// A `k` x `k` matrix of literals, row by row ([`NONE`] where there is
    /// no placement).
    pub(crate) fn new(k: usize, lits: Vec<Lit>) -> Perm {
        assert!(k <= MAX && lits.len() == k * k);
        let mut all = [0u32; MAX];
        for (r, row) in all.iter_mut().enumerate().take(k) {
            for c in 0..k {
                if lits[r * k + c] != NONE {
                    *row |= 1 << c;
                }
            }
        }
        Perm {
            k,
            lits,
            all,
            rows: all,
            matched: [FREE; MAX],
            owner: [FREE; 32],
        }
    }

    pub(crate) fn lits(&self) -> &[Lit] {
        &self.lits
    }

    /// Row `r` can no longer take column `c` (its literal became false).
    #[inline(always)]
    pub(crate) fn remove(&mut self, r: usize, c: usize) {
        self.rows[r] &= !(1 << c);
    }

    /// Undoes [`Perm::remove`] (the solver backtracked).
    #[inline(always)]
    pub(crate) fn restore(&mut self, r: usize, c: usize) {
        self.rows[r] |= 1 << c;
    }

    /// Rules out every placement no perfect matching uses. Appends to `out`
    /// one record per placement ruled out: its length, then the clause,
    /// the literal to make true (`not x(i,c)`) first, the rest false now.
    /// False when there is no perfect matching; then `out` ends with the
    /// conflict's record (every literal false).
    pub(crate) fn filter(&mut self, out: &mut Vec<Lit>) -> bool {
        let k = self.k;
        for r in 0..k {
            let c = self.matched[r];
            if c != FREE && self.rows[r] & (1 << c) == 0 {
                self.matched[r] = FREE;
                self.owner[c as usize] = FREE;
            }
        }
        for r in 0..k {
            if self.matched[r] != FREE {
                continue;
            }
            let mut visited = 0u32;
            if !self.augment(r, &mut visited) {
                // Row r and the rows owning the columns visited can take
                // only those columns, one fewer than they are.
                let mut set = 1u32 << r;
                let mut v = visited;
                while v != 0 {
                    set |= 1 << self.owner[v.trailing_zeros() as usize];
                    v &= v - 1;
                }
                let at = out.len();
                out.push(0);
                self.push_placements(out, set, !visited);
                out[at] = (out.len() - at - 1) as Lit;
                return false;
            }
        }
        // adj[i]: the rows whose matched column row i could take instead;
        // back[j]: the rows that could take row j's.
        let mut adj = [0u32; MAX];
        let mut back = [0u32; MAX];
        // `i` indexes rows, `adj` and the `back` of other rows alike.
        #[allow(clippy::needless_range_loop)]
        for i in 0..k {
            let mut m = self.rows[i] & !(1 << self.matched[i]);
            while m != 0 {
                let j = self.owner[m.trailing_zeros() as usize] as usize;
                m &= m - 1;
                adj[i] |= 1 << j;
                back[j] |= 1 << i;
            }
        }
        let every = (1u32 << k) - 1;
        let component = components(k, &adj, &back);
        #[allow(clippy::needless_range_loop)]
        for i in 0..k {
            let mut m = self.rows[i] & !(1 << self.matched[i]);
            while m != 0 {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                let j = self.owner[c] as usize;
                if component[i] & (1 << j) != 0 {
                    continue;
                }
                self.explain(out, i, c, reach(j, &adj, every), reach(i, &back, every));
            }
        }
        true
    }

    /// The record for ruling out `x(i,c)`: from the closed set `forward`
    /// (the rows reachable from the row matched to `c`) or from `backward`
    /// (the rows reaching `i`), whichever names fewer placements.
    fn explain(&self, out: &mut Vec<Lit>, i: usize, c: usize, forward: u32, backward: u32) {
        let taken = |set: u32| {
            let mut cols = 0u32;
            let mut m = set;
            while m != 0 {
                cols |= 1 << self.matched[m.trailing_zeros() as usize];
                m &= m - 1;
            }
            cols
        };
        let count = |set: u32, cols: u32| {
            let mut n = 0;
            let mut m = set;
            while m != 0 {
                n += (self.all[m.trailing_zeros() as usize] & cols).count_ones();
                m &= m - 1;
            }
            n
        };
        let every = (1u32 << self.k) - 1;
        let (fwd_cols, back_cols) = (!taken(forward), taken(backward));
        let at = out.len();
        out.push(0);
        out.push(self.lits[i * self.k + c] ^ 1);
        if count(forward, fwd_cols) <= count(every & !backward, back_cols) {
            self.push_placements(out, forward, fwd_cols);
        } else {
            self.push_placements(out, every & !backward, back_cols);
        }
        out[at] = (out.len() - at - 1) as Lit;
    }

    /// The literals of the placements of rows `set` in columns `cols` that
    /// exist.
    fn push_placements(&self, out: &mut Vec<Lit>, set: u32, cols: u32) {
        let mut m = set;
        while m != 0 {
            let r = m.trailing_zeros() as usize;
            m &= m - 1;
            let mut cs = self.all[r] & cols;
            while cs != 0 {
                out.push(self.lits[r * self.k + cs.trailing_zeros() as usize]);
                cs &= cs - 1;
            }
        }
    }

    /// Kuhn's augmenting path from row `i`: true when `i` got a column,
    /// possibly by moving other rows to other columns. `visited` collects
    /// the columns tried.
    fn augment(&mut self, i: usize, visited: &mut u32) -> bool {
        let m = self.rows[i] & !*visited;
        let mut free = m;
        while free != 0 {
            let c = free.trailing_zeros() as usize;
            free &= free - 1;
            if self.owner[c] == FREE {
                self.owner[c] = i as u8;
                self.matched[i] = c as u8;
                return true;
            }
        }
        let mut m = m;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            if *visited & (1 << c) != 0 {
                continue;
            }
            *visited |= 1 << c;
            if self.augment(self.owner[c] as usize, visited) {
                self.owner[c] = i as u8;
                self.matched[i] = c as u8;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every permutation of `k` that uses only placements allowed by `ok`.
    fn permutations(k: usize, ok: &dyn Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
        fn go(
            r: usize,
            k: usize,
            used: u32,
            ok: &dyn Fn(usize, usize) -> bool,
            p: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
        ) {
            if r == k {
                out.push(p.clone());
                return;
            }
            for c in 0..k {
                if used & (1 << c) == 0 && ok(r, c) {
                    p.push(c);
                    go(r + 1, k, used | 1 << c, ok, p, out);
                    p.pop();
                }
            }
        }
        let mut out = Vec::new();
        go(0, k, 0, ok, &mut Vec::new(), &mut out);
        out
    }

    /// The records of `out`, each a clause.
    fn records(out: &[Lit]) -> Vec<Vec<Lit>> {
        let mut v = Vec::new();
        let mut i = 0;
        while i < out.len() {
            let n = out[i] as usize;
            v.push(out[i + 1..i + 1 + n].to_vec());
            i += 1 + n;
        }
        v
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(3000))]
        /// Against brute force: the placements kept are exactly those some
        /// permutation uses, and every clause given holds in every
        /// permutation of the matrix (its literals are sound reasons) and
        /// has all but its first literal false now.
        #[test]
        fn keeps_what_some_permutation_uses_with_sound_reasons(
            k in 1usize..7,
            exists in any::<u64>(),
            removed in any::<u64>(),
            sparse in any::<bool>(),
            twice in any::<u64>(),
        ) {
            let exists = if sparse { exists } else { exists | exists >> 17 | exists >> 31 };
            // Variable r * k + c, positive literal 2 * (r * k + c).
            let lits: Vec<Lit> = (0..k * k)
                .map(|x| if exists >> x & 1 != 0 { 2 * x as Lit } else { NONE })
                .collect();
            let mut p = Perm::new(k, lits.clone());
            // Some placements are false now; a first call with fewer
            // of them leaves a matching to repair.
            for (round, gone) in [removed & twice, removed].into_iter().enumerate() {
                for x in 0..k * k {
                    if gone >> x & 1 != 0 {
                        p.remove(x / k, x % k);
                    }
                }
                let now = |r: usize, c: usize| p.rows[r] >> c & 1 != 0;
                let exist = |r: usize, c: usize| lits[r * k + c] != NONE;
                let live = permutations(k, &now);
                let every = permutations(k, &exist);
                let before = p.rows;
                let mut out = Vec::new();
                let ok = p.filter(&mut out);
                let clauses = records(&out);
                let value = |l: Lit, perm: &[usize]| {
                    let x = (l / 2) as usize;
                    (perm[x / k] == x % k) == (l & 1 == 0)
                };
                for clause in &clauses {
                    for perm in &every {
                        prop_assert!(clause.iter().any(|&l| value(l, perm)),
                            "round {round}: {clause:?} fails in {perm:?}");
                    }
                }
                let false_now = |l: Lit| {
                    let x = (l / 2) as usize;
                    l & 1 == 0 && before[x / k] >> (x % k) & 1 == 0
                };
                if live.is_empty() {
                    prop_assert!(!ok, "round {round}: no permutation, filter passed");
                    prop_assert_eq!(clauses.len(), 1);
                    prop_assert!(clauses[0].iter().all(|&l| false_now(l)));
                    break;
                }
                prop_assert!(ok, "round {round}: a permutation exists");
                let mut used = vec![0u32; k];
                for perm in &live {
                    for (r, &c) in perm.iter().enumerate() {
                        used[r] |= 1 << c;
                    }
                }
                let mut kept = before;
                for clause in &clauses {
                    let x = (clause[0] / 2) as usize;
                    prop_assert_eq!(clause[0] & 1, 1);
                    prop_assert!(before[x / k] >> (x % k) & 1 != 0);
                    prop_assert!(clause[1..].iter().all(|&l| false_now(l)));
                    kept[x / k] &= !(1 << (x % k));
                }
                prop_assert_eq!(&kept[..k], &used[..], "round {}", round);
            }
        }
    }
}
