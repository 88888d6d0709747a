//! The engine for every shape (N x N with R x C boxes, N <= 25): one `u32`
//! candidate mask per cell and, for every unit and value, a count of the
//! cells that can still take it. Eliminations update the counts, so naked
//! singles (a cell with one value) and hidden singles (a value with one
//! cell in a unit) are found as they arise, without rescanning the grid.
//! Locked candidates (box/line intersections) run when singles run out. The
//! guess is the cell or the (unit, value) with the fewest options, the
//! exact-cover view of the puzzle. The search keeps its own stack of saved
//! boards, so a 25x25 puzzle needs no deep recursion.
//!
//! Two uses. Its search, in the plain mode, is the simple engine the tests
//! check both fast engines against, so it is compiled for tests only. Its
//! propagation, in the strong mode (plus matching filters), prepares every
//! puzzle other than 9x9 for clause learning ([`super::hard`]).
#![cfg_attr(not(test), allow(dead_code))]

use super::matching;
use crate::check::{all_units, unit_cells};
use crate::grid::Shape;

/// Set in a cell's mask once its value is placed and taken from its peers.
pub(crate) const PLACED: u32 = 1 << 31;

/// The fixed facts about a shape: units and peers.
struct Topology {
    n: usize,
    box_rows: usize,
    box_cols: usize,
    full: u32,
    /// 3N units of N cells: rows, columns, boxes.
    units: Vec<Vec<u16>>,
    /// For each cell, its row, column and box.
    cell_units: Vec<[u16; 3]>,
    /// For each cell, the other cells sharing a unit with it.
    peers: Vec<Vec<u16>>,
}

impl Topology {
    fn new(shape: Shape) -> Topology {
        let n = shape.size();
        let units: Vec<Vec<u16>> = all_units(n)
            .map(|u| unit_cells(shape, u).into_iter().map(|c| c as u16).collect())
            .collect();
        let mut peers = vec![Vec::new(); n * n];
        let mut cell_units = vec![[0u16; 3]; n * n];
        for (u, unit) in units.iter().enumerate() {
            for &a in unit {
                cell_units[a as usize][u / n] = u as u16;
                for &b in unit {
                    if a != b && !peers[a as usize].contains(&b) {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        Topology {
            n,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
            full: (1u32 << n) - 1,
            units,
            cell_units,
            peers,
        }
    }
}

/// Outcome of a deduction pass.
enum Step {
    Contradiction,
    Progress,
    Stuck,
}

/// The alternatives of one guess: (cell, value bit) pairs.
struct Frame {
    /// Where the board before the guess was saved.
    saved_cand: usize,
    saved_count: usize,
    alternatives: Vec<(u16, u32)>,
    next: usize,
}

/// A resumable depth-first search over any shape.
pub(crate) struct General {
    topo: Topology,
    /// Candidate mask per cell (value v is bit v - 1), `PLACED` when done.
    cand: Vec<u32>,
    /// Per unit and value (`unit * n + v - 1`): empty cells that can take it.
    count: Vec<u8>,
    /// Per unit: values placed in it.
    done: Vec<u32>,
    placed: usize,
    /// Cells left with one value, to be placed.
    naked: Vec<u16>,
    /// (unit, value bit) pairs left with one cell.
    hidden: Vec<(u16, u32)>,
    saved_cand: Vec<u32>,
    saved_count: Vec<u8>,
    stack: Vec<Frame>,
    /// Scratch for [`General::locked_candidates`].
    segments: Vec<u32>,
    backtrack: bool,
    finished: bool,
    /// Guesses made so far.
    pub(crate) guesses: u64,
    /// Also filter each unit by matchings ([`matching::filter`]) before
    /// guessing: what hard 16x16 and 25x25 puzzles need. Off, this is the
    /// plain engine the tests use as an independent check.
    strong: bool,
    /// Units (bit per unit, 3N <= 75) that lost a candidate since the
    /// matching filter last looked at them; the filter skips the rest.
    touched: u128,
    /// Values that lost a cell since the filter on rows and columns
    /// (see [`General::fish`]) last looked at them.
    touched_values: u32,
}

impl General {
    /// A search over `cells` (0 = empty). Conflicting givens give a search
    /// with no solution.
    pub(crate) fn new(shape: Shape, cells: &[u8]) -> General {
        let topo = Topology::new(shape);
        let n = topo.n;
        let mut engine = General {
            cand: vec![topo.full; cells.len()],
            count: vec![n as u8; 3 * n * n],
            done: vec![0; 3 * n],
            topo,
            placed: 0,
            naked: Vec::new(),
            hidden: Vec::new(),
            saved_cand: Vec::new(),
            saved_count: Vec::new(),
            stack: Vec::new(),
            segments: Vec::new(),
            backtrack: false,
            finished: false,
            guesses: 0,
            strong: false,
            touched: u128::MAX,
            touched_values: u32::MAX,
        };
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 && !engine.assign(cell, 1 << (v - 1)) {
                engine.finished = true;
                break;
            }
        }
        engine
    }

    /// [`General::new`] with matching filters on: the engine for every
    /// shape but 9x9.
    pub(crate) fn strong(shape: Shape, cells: &[u8]) -> General {
        let mut engine = General::new(shape, cells);
        engine.strong = true;
        engine
    }

    /// Restricts `cell` to the value `bit`; false if it cannot hold it.
    fn assign(&mut self, cell: usize, bit: u32) -> bool {
        let m = self.cand[cell];
        if m & bit == 0 {
            return false;
        }
        if m & PLACED != 0 {
            return true;
        }
        if m == bit {
            // Already down to this value (a 1x1 grid starts so, and a guess
            // may name a cell's last value): no elimination will queue it.
            self.naked.push(cell as u16);
            return true;
        }
        self.eliminate(cell, m & !bit)
    }

    /// Removes `bits` from `cell`, updating the counts and queueing the
    /// singles that appear; false on a contradiction.
    #[inline]
    fn eliminate(&mut self, cell: usize, bits: u32) -> bool {
        let m = self.cand[cell];
        let mut gone = m & bits & !PLACED;
        if gone == 0 {
            return true;
        }
        if m & PLACED != 0 {
            // Taking a placed cell's value: two cells of a unit hold it.
            return false;
        }
        let left = m & !gone;
        self.cand[cell] = left;
        if left == 0 {
            return false;
        }
        if left & (left - 1) == 0 {
            self.naked.push(cell as u16);
        }
        let n = self.topo.n;
        let units = self.topo.cell_units[cell];
        for &u in &units {
            self.touched |= 1 << u;
        }
        self.touched_values |= gone;
        while gone != 0 {
            let bit = gone & gone.wrapping_neg();
            gone ^= bit;
            let v = bit.trailing_zeros() as usize;
            for &u in &units {
                let u = u as usize;
                let k = &mut self.count[u * n + v];
                *k -= 1;
                match *k {
                    1 => self.hidden.push((u as u16, bit)),
                    0 if self.done[u] & bit == 0 => return false,
                    _ => {}
                }
            }
        }
        true
    }

    /// Places `cell`'s only value and takes it from the peers.
    fn place(&mut self, cell: usize) -> bool {
        let m = self.cand[cell];
        if m & PLACED != 0 {
            return true;
        }
        let n = self.topo.n;
        let v = m.trailing_zeros() as usize;
        self.cand[cell] = m | PLACED;
        self.placed += 1;
        for u in self.topo.cell_units[cell] {
            let u = u as usize;
            if self.done[u] & m != 0 {
                return false;
            }
            self.done[u] |= m;
            self.count[u * n + v] -= 1;
        }
        for i in 0..self.topo.peers[cell].len() {
            let p = self.topo.peers[cell][i] as usize;
            if !self.eliminate(p, m) {
                return false;
            }
        }
        true
    }

    /// Places queued singles until none is left; false on a contradiction.
    fn singles(&mut self) -> bool {
        loop {
            if let Some(cell) = self.naked.pop() {
                if !self.place(cell as usize) {
                    return false;
                }
            } else if let Some((u, bit)) = self.hidden.pop() {
                let u = u as usize;
                if self.done[u] & bit != 0 {
                    continue;
                }
                // The count may have dropped to zero since it was queued;
                // then no cell is found and the unit lacks the value.
                let Some(cell) = self.topo.units[u]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.cand[c] & bit != 0)
                else {
                    return false;
                };
                if !self.assign(cell, bit) {
                    return false;
                }
            } else {
                return true;
            }
        }
    }

    fn drain(&mut self) -> bool {
        let ok = self.singles();
        if !ok {
            self.naked.clear();
            self.hidden.clear();
        }
        ok
    }

    /// Locked candidates: a value confined to one box-line intersection
    /// (a segment) within the box leaves the rest of the line, and one
    /// confined to a segment within the line leaves the rest of the box.
    ///
    /// The segments' candidate sets are gathered once per pass; eliminations
    /// made during the pass only shrink the true sets, so rules read from the
    /// gathered ones stay sound (a value that has left its segment meanwhile
    /// leaves the box without a place, which the next hidden-single pass
    /// reports as a contradiction).
    fn locked_candidates(&mut self) -> Step {
        let (n, br, bc) = (self.topo.n, self.topo.box_rows, self.topo.box_cols);
        let mut progress = false;
        // Rows: row r meets the `br` boxes of its band in segments of `bc`
        // cells; columns: column c meets `bc` boxes in segments of `br` cells.
        for (lines_across, seg_len, columns) in [(br, bc, false), (bc, br, true)] {
            let cell = |line: usize, i: usize| if columns { i * n + line } else { line * n + i };
            let mut segs = std::mem::take(&mut self.segments);
            segs.clear();
            for line in 0..n {
                for k in 0..lines_across {
                    let mut or = 0;
                    for i in k * seg_len..(k + 1) * seg_len {
                        let m = self.cand[cell(line, i)];
                        if m & PLACED == 0 {
                            or |= m;
                        }
                    }
                    segs.push(or);
                }
            }
            // Lines sharing a box: `lines_in_box` consecutive lines.
            let lines_in_box = if columns { bc } else { br };
            for line in 0..n {
                let first = line - line % lines_in_box;
                for k in 0..lines_across {
                    let seg = segs[line * lines_across + k];
                    if seg == 0 {
                        continue;
                    }
                    let line_rest = (0..lines_across)
                        .filter(|&k2| k2 != k)
                        .fold(0, |acc, k2| acc | segs[line * lines_across + k2]);
                    let box_rest = (first..first + lines_in_box)
                        .filter(|&l2| l2 != line)
                        .fold(0, |acc, l2| acc | segs[l2 * lines_across + k]);
                    let pointing = seg & !box_rest & line_rest;
                    let claiming = seg & !line_rest & box_rest;
                    if pointing != 0 {
                        for i in (0..n).filter(|i| i / seg_len != k) {
                            let c = cell(line, i);
                            if self.cand[c] & PLACED == 0 && !self.eliminate(c, pointing) {
                                self.segments = segs;
                                return Step::Contradiction;
                            }
                        }
                        progress = true;
                    }
                    if claiming != 0 {
                        for l2 in (first..first + lines_in_box).filter(|&l2| l2 != line) {
                            for i in k * seg_len..(k + 1) * seg_len {
                                let c = cell(l2, i);
                                if self.cand[c] & PLACED == 0 && !self.eliminate(c, claiming) {
                                    self.segments = segs;
                                    return Step::Contradiction;
                                }
                            }
                        }
                        progress = true;
                    }
                }
            }
            self.segments = segs;
            if !self.drain() {
                return Step::Contradiction;
            }
        }
        if progress {
            Step::Progress
        } else {
            Step::Stuck
        }
    }

    fn propagate(&mut self) -> bool {
        loop {
            if !self.drain() {
                return false;
            }
            if self.placed == self.cand.len() {
                return true;
            }
            match self.locked_candidates() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stuck if !self.strong => return true,
                Step::Stuck => {}
            }
            match self.all_different() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stuck => return true,
            }
        }
    }

    /// Filters every unit by matchings: naked and hidden subsets of any
    /// size. Cells read placed or not as they are now; a cell down to one
    /// value but not yet placed is an open cell with one candidate, which
    /// the filter handles like any other.
    fn all_different(&mut self) -> Step {
        let mut progress = false;
        let mut masks = [0u32; crate::grid::MAX_SIZE];
        let mut cells = [0u16; crate::grid::MAX_SIZE];
        for u in 0..self.topo.units.len() {
            if self.touched & (1 << u) == 0 {
                continue;
            }
            self.touched &= !(1 << u);
            let mut k = 0;
            for &c in &self.topo.units[u] {
                let m = self.cand[c as usize];
                if m & PLACED == 0 {
                    (cells[k], masks[k]) = (c, m);
                    k += 1;
                }
            }
            let before = masks;
            if !matching::filter(&mut masks[..k]) {
                return Step::Contradiction;
            }
            for i in 0..k {
                let gone = before[i] & !masks[i];
                if gone != 0 {
                    progress = true;
                    if !self.eliminate(cells[i] as usize, gone) {
                        return Step::Contradiction;
                    }
                }
            }
        }
        match self.fish() {
            Step::Contradiction => return Step::Contradiction,
            Step::Progress => progress = true,
            Step::Stuck => {}
        }
        if !self.drain() {
            return Step::Contradiction;
        }
        if progress {
            Step::Progress
        } else {
            Step::Stuck
        }
    }

    /// The same filter on each value's rows and columns: the rows still
    /// lacking the value must take it in distinct columns, one to one.
    /// This finds every fish (X-wing, swordfish, jellyfish and larger).
    fn fish(&mut self) -> Step {
        let n = self.topo.n;
        let mut progress = false;
        let mut masks = [0u32; crate::grid::MAX_SIZE];
        let mut rows = [0usize; crate::grid::MAX_SIZE];
        let mut values = self.touched_values & self.topo.full;
        self.touched_values = 0;
        while values != 0 {
            let bit = values & values.wrapping_neg();
            values ^= bit;
            let mut k = 0;
            for r in 0..n {
                if self.done[r] & bit != 0 {
                    continue;
                }
                let mut m = 0;
                for c in 0..n {
                    let x = self.cand[r * n + c];
                    m |= ((x & bit != 0 && x & PLACED == 0) as u32) << c;
                }
                (rows[k], masks[k]) = (r, m);
                k += 1;
            }
            let before = masks;
            if !matching::filter(&mut masks[..k]) {
                return Step::Contradiction;
            }
            for i in 0..k {
                let mut gone = before[i] & !masks[i];
                while gone != 0 {
                    let c = gone.trailing_zeros() as usize;
                    gone &= gone - 1;
                    progress = true;
                    if !self.eliminate(rows[i] * n + c, bit) {
                        return Step::Contradiction;
                    }
                }
            }
        }
        if progress {
            Step::Progress
        } else {
            Step::Stuck
        }
    }

    /// The guess with the fewest alternatives: an empty cell's values, or a
    /// value's places in a unit (the exact-cover view), whichever is fewer.
    fn choose(&self) -> Vec<(u16, u32)> {
        let n = self.topo.n;
        let mut best_cell = (usize::MAX, u32::MAX);
        for (c, &m) in self.cand.iter().enumerate() {
            if m & PLACED == 0 && m.count_ones() < best_cell.1 {
                best_cell = (c, m.count_ones());
                if best_cell.1 == 2 {
                    break;
                }
            }
        }
        let mut best_unit = (0, 0, u32::MAX);
        if best_cell.1 > 2 {
            for (i, &k) in self.count.iter().enumerate() {
                let (u, bit) = (i / n, 1u32 << (i % n));
                if (k as u32) < best_unit.2 && self.done[u] & bit == 0 {
                    best_unit = (u, bit, k as u32);
                    if k == 2 {
                        break;
                    }
                }
            }
        }
        if best_unit.2 < best_cell.1 {
            let (u, bit, _) = best_unit;
            return self.topo.units[u]
                .iter()
                .filter(|&&c| {
                    self.cand[c as usize] & bit != 0 && self.cand[c as usize] & PLACED == 0
                })
                .map(|&c| (c, bit))
                .collect();
        }
        let (c, _) = best_cell;
        let mut m = self.cand[c];
        let mut out = Vec::new();
        while m != 0 {
            let bit = m & m.wrapping_neg();
            m ^= bit;
            out.push((c as u16, bit));
        }
        out
    }

    /// Tries `bit` in `cell` and propagates, then puts the board back:
    /// false when that leads to a contradiction.
    fn probe(&mut self, cell: usize, bit: u32) -> bool {
        let (cand, count, done) = (self.cand.clone(), self.count.clone(), self.done.clone());
        let (placed, touched, touched_values) = (self.placed, self.touched, self.touched_values);
        let ok = self.assign(cell, bit) && self.propagate();
        self.cand = cand;
        self.count = count;
        self.done = done;
        (self.placed, self.touched, self.touched_values) = (placed, touched, touched_values);
        self.naked.clear();
        self.hidden.clear();
        ok
    }

    /// Singleton consistency at the root: every candidate of every open
    /// cell is tried with the full propagation, and those that fail are
    /// removed, until none does. False when the puzzle has no solution.
    fn probe_all(&mut self) -> bool {
        loop {
            let mut removed = false;
            for cell in 0..self.cand.len() {
                let m = self.cand[cell];
                if m & PLACED != 0 {
                    continue;
                }
                let mut bits = m;
                while bits != 0 {
                    let bit = bits & bits.wrapping_neg();
                    bits ^= bit;
                    if self.cand[cell] & bit == 0 || self.cand[cell] & PLACED != 0 {
                        continue;
                    }
                    if !self.probe(cell, bit) {
                        removed = true;
                        if !self.eliminate(cell, bit) || !self.propagate() {
                            return false;
                        }
                    }
                }
            }
            if !removed {
                return true;
            }
        }
    }

    /// Propagates the givens (no guess, but every candidate probed) and
    /// returns each cell's candidate mask, with [`PLACED`] set on placed
    /// cells; `None` on a contradiction.
    pub(crate) fn root_candidates(&mut self) -> Option<Vec<u32>> {
        (!self.finished && self.stack.is_empty() && self.propagate() && self.probe_all())
            .then(|| self.cand.clone())
    }

    fn solution(&self) -> Vec<u8> {
        self.cand
            .iter()
            .map(|&m| ((m & !PLACED).trailing_zeros() + 1) as u8)
            .collect()
    }

    /// The next solution, or `None` when there are no more.
    pub(crate) fn next_solution(&mut self) -> Option<Vec<u8>> {
        if self.finished {
            return None;
        }
        loop {
            if self.backtrack && !self.resume() {
                self.finished = true;
                return None;
            }
            self.backtrack = true;
            if !self.propagate() {
                continue;
            }
            if self.placed == self.cand.len() {
                return Some(self.solution());
            }
            // Each guess places a value, so the guesses never outnumber
            // the cells; more means a guess that placed nothing.
            debug_assert!(self.stack.len() < self.cand.len(), "guess without progress");
            let alternatives = self.choose();
            self.guesses += 1;
            let frame = Frame {
                saved_cand: self.saved_cand.len(),
                saved_count: self.saved_count.len(),
                alternatives,
                next: 0,
            };
            self.saved_cand.extend_from_slice(&self.cand);
            self.saved_cand.extend_from_slice(&self.done);
            self.saved_cand.push(self.placed as u32);
            self.saved_count.extend_from_slice(&self.count);
            self.stack.push(frame);
            self.backtrack = !self.resume();
        }
    }

    /// Restores the newest guess with an alternative left and makes it.
    fn resume(&mut self) -> bool {
        let (cells, units) = (self.cand.len(), self.done.len());
        while let Some(frame) = self.stack.last_mut() {
            if frame.next == frame.alternatives.len() {
                self.saved_cand.truncate(frame.saved_cand);
                self.saved_count.truncate(frame.saved_count);
                self.stack.pop();
                continue;
            }
            let (cell, bit) = frame.alternatives[frame.next];
            frame.next += 1;
            let (a, b) = (frame.saved_cand, frame.saved_count);
            self.cand.copy_from_slice(&self.saved_cand[a..a + cells]);
            self.done
                .copy_from_slice(&self.saved_cand[a + cells..a + cells + units]);
            self.placed = self.saved_cand[a + cells + units] as usize;
            let counts = self.count.len();
            self.count.copy_from_slice(&self.saved_count[b..b + counts]);
            self.naked.clear();
            self.hidden.clear();
            // Saved boards are at the matching filters' fixed point.
            self.touched = 0;
            self.touched_values = 0;
            if self.assign(cell as usize, bit) {
                self.backtrack = false;
                return true;
            }
        }
        false
    }
}

#[cfg(test)]
mod subset_tests {
    use super::*;

    /// An empty 9x9 grid in strong mode whose row 0 has cells 0, 3 and 6
    /// (one in each box, so no box-line rule links them) down to
    /// `values`, propagated without probing: the candidates of row 0.
    fn row_after_propagation(strong: bool, values: u32) -> Vec<u32> {
        let cells = vec![0u8; 81];
        let mut e = if strong {
            General::strong(Shape::NINE, &cells)
        } else {
            General::new(Shape::NINE, &cells)
        };
        for cell in [0, 3, 6] {
            assert!(e.eliminate(cell, e.topo.full & !values));
        }
        assert!(e.propagate());
        e.cand[..9].to_vec()
    }

    #[test]
    fn a_naked_triple_takes_its_values_from_the_rest_of_its_row() {
        // Three cells of a row that can only hold 1, 2 and 3 hold them
        // between them (a naked subset, docs/hard.md step 1): no other cell
        // of the row can, although no single or box-line rule shows it.
        let triple = 0b111;
        let row = row_after_propagation(true, triple);
        for (cell, &m) in row.iter().enumerate() {
            if [0, 3, 6].contains(&cell) {
                assert_eq!(m, triple, "cell {cell}");
            } else {
                assert_eq!(m & triple, 0, "cell {cell}: {m:b}");
            }
        }
        // The plain engine (singles and locked candidates only) does not
        // see it: the test's puzzle needs the matching filter.
        let plain = row_after_propagation(false, triple);
        assert_ne!(plain[1] & triple, 0);
    }

    #[test]
    fn three_cells_on_four_values_are_no_subset() {
        // Cells 0, 3, 6 on {1,2,3,4}: three cells, four values, no subset;
        // nothing leaves the other cells.
        let row = row_after_propagation(true, 0b1111);
        assert_eq!(row[1] & 0b1111, 0b1111);
    }
}
