//! The engine for every shape (N x N with R x C boxes, N <= 25): one `u32`
//! candidate mask per cell, naked and hidden singles, locked candidates
//! (box/line intersections), and a guess at the cell or the (unit, value)
//! with the fewest options. The search keeps its own stack of saved boards,
//! so a 25x25 puzzle needs no deep recursion.

use crate::check::{unit_cells, Unit};
use crate::grid::Shape;

/// Set in a cell's mask once its value is placed and taken from its peers.
const PLACED: u32 = 1 << 31;

/// The fixed facts about a shape: units and peers.
struct Topology {
    full: u32,
    /// 3N units of N cells: rows, columns, boxes.
    units: Vec<Vec<u16>>,
    /// For each cell, the other cells sharing a unit with it.
    peers: Vec<Vec<u16>>,
    n: usize,
    box_rows: usize,
    box_cols: usize,
}

impl Topology {
    fn new(shape: Shape) -> Topology {
        let n = shape.size();
        let units: Vec<Vec<u16>> = (0..n)
            .map(Unit::Row)
            .chain((0..n).map(Unit::Column))
            .chain((0..n).map(Unit::Box))
            .map(|u| unit_cells(shape, u).into_iter().map(|c| c as u16).collect())
            .collect();
        let mut peers = vec![Vec::new(); n * n];
        for unit in &units {
            for &a in unit {
                for &b in unit {
                    if a != b && !peers[a as usize].contains(&b) {
                        peers[a as usize].push(b);
                    }
                }
            }
        }
        Topology {
            full: if n == 32 { u32::MAX } else { (1 << n) - 1 },
            units,
            peers,
            n,
            box_rows: shape.box_rows(),
            box_cols: shape.box_cols(),
        }
    }
}

/// Outcome of a deduction step.
enum Step {
    Contradiction,
    Progress,
    Stuck,
}

/// The alternatives of one guess: (cell, value bit) pairs.
struct Frame {
    /// Offset of the saved board in `Engine::saved`.
    saved: usize,
    alternatives: Vec<(u16, u32)>,
    next: usize,
}

/// A resumable depth-first search over any shape.
pub(crate) struct General {
    topo: Topology,
    /// Candidate mask per cell (value v is bit v - 1), `PLACED` when done.
    cand: Vec<u32>,
    placed: usize,
    /// Cells whose mask became a single value, waiting to be placed.
    queue: Vec<u16>,
    saved: Vec<u32>,
    stack: Vec<Frame>,
    /// Scratch for [`General::locked_candidates`].
    segments: Vec<u32>,
    backtrack: bool,
    finished: bool,
}

impl General {
    /// A search over `cells` (0 = empty). Conflicting givens give a search
    /// with no solution.
    pub(crate) fn new(shape: Shape, cells: &[u8]) -> General {
        let topo = Topology::new(shape);
        let mut engine = General {
            cand: vec![topo.full; cells.len()],
            topo,
            placed: 0,
            queue: Vec::new(),
            saved: Vec::new(),
            stack: Vec::new(),
            segments: Vec::new(),
            backtrack: false,
            finished: false,
        };
        for (cell, &v) in cells.iter().enumerate() {
            if v != 0 && !engine.assign(cell, 1 << (v - 1)) {
                engine.finished = true;
                break;
            }
        }
        engine
    }

    /// Restricts `cell` to the value `bit`; false if it cannot hold it.
    fn assign(&mut self, cell: usize, bit: u32) -> bool {
        let m = self.cand[cell];
        if m & bit == 0 {
            return false;
        }
        // A cell that is already this single was queued when it became one.
        if m & PLACED == 0 && m != bit {
            self.cand[cell] = bit;
            self.queue.push(cell as u16);
        }
        true
    }

    /// Removes `bits` from `cell`; false when nothing is left.
    #[inline]
    fn eliminate(&mut self, cell: usize, bits: u32) -> bool {
        let m = self.cand[cell];
        if m & bits == 0 {
            return true;
        }
        let left = m & !bits;
        self.cand[cell] = left;
        if left & !PLACED == 0 {
            return false;
        }
        if left & (left - 1) == 0 {
            self.queue.push(cell as u16);
        }
        true
    }

    /// Places every queued single and takes its value from the peers.
    fn drain(&mut self) -> bool {
        while let Some(cell) = self.queue.pop() {
            let cell = cell as usize;
            let m = self.cand[cell];
            if m & PLACED != 0 {
                continue;
            }
            self.cand[cell] = m | PLACED;
            self.placed += 1;
            for i in 0..self.topo.peers[cell].len() {
                let p = self.topo.peers[cell][i] as usize;
                if !self.eliminate(p, m) {
                    self.queue.clear();
                    return false;
                }
            }
        }
        true
    }

    fn hidden_singles(&mut self) -> Step {
        let mut progress = false;
        for u in 0..self.topo.units.len() {
            let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
            for &c in &self.topo.units[u] {
                let m = self.cand[c as usize];
                if m & PLACED != 0 {
                    done |= m & !PLACED;
                } else {
                    twice |= once & m;
                    once |= m;
                }
            }
            if once | done != self.topo.full {
                return Step::Contradiction;
            }
            let mut hidden = once & !twice;
            while hidden != 0 {
                let bit = hidden & hidden.wrapping_neg();
                hidden ^= bit;
                // A cell that is the only place for two values is a
                // contradiction: the first assignment hides it from the second.
                let Some(cell) = self.topo.units[u]
                    .iter()
                    .map(|&c| c as usize)
                    .find(|&c| self.cand[c] & bit != 0)
                else {
                    return Step::Contradiction;
                };
                if self.cand[cell] != bit {
                    self.cand[cell] = bit;
                    self.queue.push(cell as u16);
                    progress = true;
                }
            }
            if !self.queue.is_empty() && !self.drain() {
                return Step::Contradiction;
            }
        }
        if progress {
            Step::Progress
        } else {
            Step::Stuck
        }
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
            match self.hidden_singles() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stuck => {}
            }
            match self.locked_candidates() {
                Step::Contradiction => return false,
                Step::Progress => continue,
                Step::Stuck => return true,
            }
        }
    }

    /// The guess with the fewest alternatives: an empty cell's values, or a
    /// value's places in a unit (the exact-cover view), whichever is fewer.
    fn choose(&self) -> Vec<(u16, u32)> {
        let mut best_cell = (usize::MAX, u32::MAX);
        for (c, &m) in self.cand.iter().enumerate() {
            if m & PLACED == 0 && m.count_ones() < best_cell.1 {
                best_cell = (c, m.count_ones());
                if best_cell.1 == 2 {
                    break;
                }
            }
        }
        if best_cell.1 > 2 {
            // A value with exactly two places in a unit is the usual find.
            for unit in &self.topo.units {
                let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
                for &c in unit {
                    let m = self.cand[c as usize];
                    if m & PLACED == 0 {
                        thrice |= twice & m;
                        twice |= once & m;
                        once |= m;
                    }
                }
                let pairs = twice & !thrice;
                if pairs != 0 {
                    let bit = pairs & pairs.wrapping_neg();
                    return unit
                        .iter()
                        .filter(|&&c| self.cand[c as usize] & bit != 0 && self.cand[c as usize] & PLACED == 0)
                        .map(|&c| (c, bit))
                        .collect();
                }
            }
        }
        if best_cell.1 > 3 {
            let mut best_unit = (0, 0, u32::MAX);
            for (u, unit) in self.topo.units.iter().enumerate() {
                let mut value_bits = self.topo.full;
                for &c in unit {
                    let m = self.cand[c as usize];
                    if m & PLACED != 0 {
                        value_bits &= !m;
                    }
                }
                while value_bits != 0 {
                    let bit = value_bits & value_bits.wrapping_neg();
                    value_bits ^= bit;
                    let places = unit.iter().filter(|&&c| self.cand[c as usize] & bit != 0).count() as u32;
                    if places < best_unit.2 {
                        best_unit = (u, bit, places);
                    }
                }
            }
            if best_unit.2 < best_cell.1 {
                let (u, bit, _) = best_unit;
                return self.topo.units[u]
                    .iter()
                    .filter(|&&c| self.cand[c as usize] & bit != 0)
                    .map(|&c| (c, bit))
                    .collect();
            }
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
            let alternatives = self.choose();
            let saved = self.saved.len();
            self.saved.extend_from_slice(&self.cand);
            self.saved.push(self.placed as u32);
            self.stack.push(Frame {
                saved,
                alternatives,
                next: 0,
            });
            self.backtrack = !self.resume();
        }
    }

    /// Restores the newest guess with an alternative left and makes it.
    fn resume(&mut self) -> bool {
        let cells = self.cand.len();
        while let Some(frame) = self.stack.last_mut() {
            if frame.next == frame.alternatives.len() {
                self.saved.truncate(frame.saved);
                self.stack.pop();
                continue;
            }
            let (cell, bit) = frame.alternatives[frame.next];
            frame.next += 1;
            let at = frame.saved;
            self.cand.copy_from_slice(&self.saved[at..at + cells]);
            self.placed = self.saved[at + cells] as usize;
            self.queue.clear();
            if self.assign(cell as usize, bit) {
                self.backtrack = false;
                return true;
            }
        }
        false
    }
}
