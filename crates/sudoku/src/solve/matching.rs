//! All-different reasoning over matchings (Régin's filtering, 1994), for
//! one unit at a time: its open cells must take its open values one to
//! one, so a value stays a candidate of a cell only if some perfect
//! matching of cells to values gives it that value. This finds every naked
//! and hidden subset of the unit at once.
//!
//! How: find one perfect matching (augmenting paths). A cell `i` can take
//! the value matched to cell `j` in another perfect matching exactly when
//! the swap can be closed into a cycle: `i` and `j` lie in one strongly
//! connected component of the graph where each cell points to the cells
//! whose matched value it could take. With as many open values as open
//! cells there are no free values, so these cycles are the whole story.
//! Sets of cells are bit sets (at most 25 cells).

/// The most cells of a unit.
pub(super) const MAX: usize = 25;

/// Filters the candidate sets `masks` (one bit per value) of a unit's open
/// cells, which must together take as many values as there are cells.
/// Returns false when no assignment exists (then `masks` is unspecified).
pub(crate) fn filter(masks: &mut [u32]) -> bool {
    let k = masks.len();
    debug_assert!(k <= MAX);
    if k == 0 {
        return true;
    }
    let union = masks.iter().fold(0, |a, &m| a | m);
    if union.count_ones() as usize != k {
        // Fewer values than cells: some cell goes without. (More cannot
        // happen in a unit: its open values are exactly as many.)
        return false;
    }
    // owner[v]: the cell matched to value v; matched[i]: cell i's value.
    let mut owner = [u8::MAX; 32];
    let mut matched = [0u8; MAX];
    for i in 0..k {
        let mut visited = 0u32;
        if !augment(i, masks, &mut owner, &mut matched, &mut visited) {
            return false;
        }
    }
    // adj[i]: the cells whose matched value cell i could take instead;
    // back[j]: the cells that could take cell j's.
    let mut adj = [0u32; MAX];
    let mut back = [0u32; MAX];
    for i in 0..k {
        let mut m = masks[i] & !(1 << matched[i]);
        while m != 0 {
            let v = m.trailing_zeros();
            m &= m - 1;
            let j = owner[v as usize] as usize;
            adj[i] |= 1 << j;
            back[j] |= 1 << i;
        }
    }
    let component = components(k, &adj, &back);
    for i in 0..k {
        let mut m = masks[i] & !(1 << matched[i]);
        while m != 0 {
            let v = m.trailing_zeros();
            m &= m - 1;
            let j = owner[v as usize] as usize;
            if component[i] & (1 << j) == 0 {
                masks[i] &= !(1 << v);
            }
        }
    }
    true
}

/// The cells (or rows) reachable from `v` along `edges`, within `within`:
/// one strongly connected component's side, for [`filter`] and `perm`.
/// The strongly connected components of the graph on nodes `0..k` with
/// `edges` and their reverse `back`, each the nodes reached both forward
/// and backward from one of them: for each node, its component's set.
pub(super) fn components(k: usize, edges: &[u32; MAX], back: &[u32; MAX]) -> [u32; MAX] {
    let mut component = [0u32; MAX];
    let mut left = (1u32 << k) - 1;
    while left != 0 {
        let v = left.trailing_zeros() as usize;
        let scc = reach(v, edges, left) & reach(v, back, left);
        let mut m = scc;
        while m != 0 {
            component[m.trailing_zeros() as usize] = scc;
            m &= m - 1;
        }
        left &= !scc;
    }
    component
}

pub(super) fn reach(v: usize, edges: &[u32; MAX], within: u32) -> u32 {
    let mut seen = 1u32 << v;
    let mut frontier = seen;
    while frontier != 0 {
        let mut next = 0;
        let mut f = frontier;
        while f != 0 {
            next |= edges[f.trailing_zeros() as usize];
            f &= f - 1;
        }
        frontier = next & within & !seen;
        seen |= frontier;
    }
    seen
}

/// Kuhn's augmenting path from cell `i`: true when `i` got a value,
/// possibly by moving other cells to other values.
fn augment(
    i: usize,
    masks: &[u32],
    owner: &mut [u8; 32],
    matched: &mut [u8; MAX],
    visited: &mut u32,
) -> bool {
    let mut m = masks[i] & !*visited;
    // Free values first: no recursion needed.
    let mut free = m;
    while free != 0 {
        let v = free.trailing_zeros() as usize;
        free &= free - 1;
        if owner[v] == u8::MAX {
            owner[v] = i as u8;
            matched[i] = v as u8;
            return true;
        }
    }
    while m != 0 {
        let v = m.trailing_zeros() as usize;
        m &= m - 1;
        if *visited & (1 << v) != 0 {
            continue;
        }
        *visited |= 1 << v;
        if augment(owner[v] as usize, masks, owner, matched, visited) {
            owner[v] = i as u8;
            matched[i] = v as u8;
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Every value some perfect assignment gives each cell, by trying them
    /// all: the filter must keep exactly these.
    fn brute(masks: &[u32]) -> Option<Vec<u32>> {
        fn go(i: usize, used: u32, masks: &[u32], pick: &mut Vec<u32>, out: &mut Vec<u32>) {
            if i == masks.len() {
                for (o, &p) in out.iter_mut().zip(pick.iter()) {
                    *o |= p;
                }
                return;
            }
            let mut m = masks[i] & !used;
            while m != 0 {
                let bit = m & m.wrapping_neg();
                m ^= bit;
                pick.push(bit);
                go(i + 1, used | bit, masks, pick, out);
                pick.pop();
            }
        }
        let mut out = vec![0; masks.len()];
        go(0, 0, masks, &mut Vec::new(), &mut out);
        out.iter().all(|&o| o != 0).then_some(out)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn keeps_exactly_what_some_assignment_uses(
            k in 1usize..8,
            raw in proptest::collection::vec(any::<u32>(), 8),
            sparse in any::<u32>(),
        ) {
            // k cells over the values 0..k, some sets made sparse.
            let full = (1u32 << k) - 1;
            let masks: Vec<u32> = raw
                .iter()
                .take(k)
                .enumerate()
                .map(|(i, &r)| {
                    let m = if sparse >> i & 1 != 0 { r & r >> 7 } else { r };
                    m & full
                })
                .collect();
            let want = brute(&masks);
            let mut got = masks.clone();
            let ok = filter(&mut got);
            match want {
                Some(w) => {
                    prop_assert!(ok, "{masks:?}");
                    prop_assert_eq!(got, w, "{:?}", masks);
                }
                None => prop_assert!(!ok, "{masks:?} kept {got:?}"),
            }
        }
    }

    #[test]
    fn naked_and_hidden_pairs() {
        // Cells 0 and 1 hold {0,1}: the others lose 0 and 1.
        let mut m = vec![0b0011, 0b0011, 0b1111, 0b1111];
        assert!(filter(&mut m));
        assert_eq!(m, vec![0b0011, 0b0011, 0b1100, 0b1100]);
        // Values 2 and 3 only fit cells 2 and 3: those lose 0 and 1.
        let mut m = vec![0b0011, 0b0011, 0b1111, 0b1111];
        m[0] = 0b0111 & !0b0100;
        assert!(filter(&mut m));
        assert_eq!(m[2] | m[3], 0b1100);
        // Three cells sharing two values: no assignment.
        let mut m = vec![0b011, 0b011, 0b011];
        assert!(!filter(&mut m));
    }
}
