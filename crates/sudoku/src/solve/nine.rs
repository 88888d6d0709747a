//! The 9x9 engine, where speed matters most: one bit board per digit, each
//! held as three bands of 27 bits (three rows of nine cells), so that placing
//! a digit, finding naked singles and finding hidden singles are a few dozen
//! word operations with no per-cell loops.
//!
//! Cell (r, c) is bit `(r % 3) * 9 + c` of band `r / 3`.

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of row `i` of a band.
const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
/// The nine cells of box `j` of a band.
const BOX: [u32; 3] = [0x7 * 0x40201, 0x38 * 0x40201, 0x1C0 * 0x40201];
/// Column `c` within a band is `COL << c`.
const COL: u32 = 0x40201;

/// For each cell, its peers (same row, column or box) and itself, band by band.
const PEERS: [[u32; 3]; 81] = peers();

const fn peers() -> [[u32; 3]; 81] {
    let mut out = [[0u32; 3]; 81];
    let mut cell = 0;
    while cell < 81 {
        let (r, c) = (cell / 9, cell % 9);
        let mut other = 0;
        while other < 81 {
            let (r2, c2) = (other / 9, other % 9);
            if r == r2 || c == c2 || (r / 3 == r2 / 3 && c / 3 == c2 / 3) {
                out[cell][r2 / 3] |= 1 << ((r2 % 3) * 9 + c2);
            }
            other += 1;
        }
        cell += 1;
    }
    out
}

/// For the nine cells of a row, which of its three boxes hold any (3 bits).
const ROW_BOXES: [u8; 512] = row_boxes();

const fn row_boxes() -> [u8; 512] {
    let mut out = [0u8; 512];
    let mut x = 0;
    while x < 512 {
        let mut j = 0;
        while j < 3 {
            if (x >> (3 * j)) & 7 != 0 {
                out[x] |= 1 << j;
            }
            j += 1;
        }
        x += 1;
    }
    out
}

/// Locked candidates inside a band, for one digit. The index says which of
/// the nine row-box intersections (bit `3 * row + box`) still hold the digit;
/// the entry, which of them can keep it. A row whose candidates all lie in
/// one box must take the digit there, so the box's other rows lose it; a box
/// whose candidates all lie in one row does the same to the row's other
/// boxes. Applied until nothing changes.
const LOCKED: [u32; 512] = locked();

const fn locked() -> [u32; 512] {
    let mut out = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut occ = m as u32;
        loop {
            let before = occ;
            let mut i = 0;
            while i < 3 {
                let row = (occ >> (3 * i)) & 7;
                if row != 0 && row & (row - 1) == 0 {
                    // The box of this row's only segment: clear its other rows.
                    let j = row.trailing_zeros();
                    let column = 0b001_001_001 << j;
                    occ &= !(column & !(7 << (3 * i)));
                }
                let bx = (occ >> i) & 0b001_001_001;
                if bx != 0 && bx & (bx - 1) == 0 {
                    let r = bx.trailing_zeros() / 3;
                    occ &= !((7 << (3 * r)) & !(0b001_001_001 << i));
                }
                i += 1;
            }
            if occ == before {
                break;
            }
        }
        // Spread the intersections back to cells.
        let mut cells = 0u32;
        let mut k = 0;
        while k < 9 {
            if occ & (1 << k) != 0 {
                cells |= 7 << (9 * (k / 3) + 3 * (k % 3));
            }
            k += 1;
        }
        out[m] = cells;
        m += 1;
    }
    out
}

/// The cell number (0..81) of bit `bit` (a single bit) in band `band`.
#[inline(always)]
fn cell_of(band: usize, bit: u32) -> usize {
    let i = bit.trailing_zeros() as usize;
    band * 27 + i
}

/// Candidates and placements; copied whole when the search guesses.
#[derive(Clone, Copy)]
struct Board {
    /// Where digit `d` (0-based) can still go, among the empty cells.
    cand: [[u32; 3]; 9],
    /// Where digit `d` has been placed.
    placed: [[u32; 3]; 9],
    /// Cells holding a digit.
    filled: [u32; 3],
    /// `cand` when hidden singles last looked at it.
    seen: [[u32; 3]; 9],
    /// Cells holding digit `d`.
    count: [u8; 9],
}

impl Board {
    fn new() -> Board {
        Board {
            cand: [[BAND; 3]; 9],
            placed: [[0; 3]; 9],
            filled: [0; 3],
            seen: [[u32::MAX; 3]; 9],
            count: [0; 9],
        }
    }

    /// Puts digit `d` in the cell `bit` of `band`, which must be one of its
    /// candidates, and removes it from the peers.
    #[inline(always)]
    fn place(&mut self, d: usize, band: usize, bit: u32) {
        let cell = cell_of(band, bit);
        let peers = &PEERS[cell];
        for (b, mask) in peers.iter().enumerate() {
            self.cand[d][b] &= !mask;
        }
        for plane in &mut self.cand {
            plane[band] &= !bit;
        }
        self.placed[d][band] |= bit;
        self.filled[band] |= bit;
        self.count[d] += 1;
    }

    fn is_full(&self) -> bool {
        self.filled[0] & self.filled[1] & self.filled[2] == BAND
    }

    /// Naked singles until none is left. False on a contradiction.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        loop {
            let mut placed_any = false;
            for band in 0..3 {
                let (mut once, mut twice) = (0u32, 0u32);
                for plane in &self.cand {
                    let x = plane[band];
                    twice |= once & x;
                    once |= x;
                }
                if !self.filled[band] & BAND & !once != 0 {
                    return None;
                }
                let mut singles = once & !twice;
                while singles != 0 {
                    let bit = singles & singles.wrapping_neg();
                    singles ^= bit;
                    // An earlier placement in this loop may have taken this
                    // cell's last candidate.
                    let d = self.cand.iter().position(|p| p[band] & bit != 0)?;
                    self.place(d, band, bit);
                    placed_any = true;
                }
            }
            if !placed_any {
                return Some(progress);
            }
            progress = true;
        }
    }

    /// One pass of hidden singles over the digit-bands that changed since
    /// the last pass. `None` on a contradiction (a digit with no place left
    /// in a unit that lacks it), else whether anything was placed.
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut progress = false;
        for d in 0..9 {
            let old = self.seen[d];
            if self.cand[d] == old {
                continue;
            }
            self.seen[d] = self.cand[d];
            if self.cand[d] == [0; 3] {
                // Nothing left to place: the digit must be complete.
                if self.count[d] != 9 {
                    return None;
                }
                continue;
            }
            for (band, &before) in old.iter().enumerate() {
                // Only a unit whose candidates changed can have become a
                // single or empty since the last pass.
                let changed = self.cand[d][band] ^ before;
                if changed == 0 {
                    continue;
                }
                for unit in [ROW[0], ROW[1], ROW[2], BOX[0], BOX[1], BOX[2]] {
                    if changed & unit == 0 {
                        continue;
                    }
                    let x = self.cand[d][band] & unit;
                    if x & x.wrapping_sub(1) == 0 {
                        if x != 0 {
                            self.place(d, band, x);
                            progress = true;
                        } else if self.placed[d][band] & unit == 0 {
                            return None;
                        }
                    }
                }
            }
            // Columns cross the bands: count candidates per column over the
            // nine rows, saturating at two.
            let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
            for band in 0..3 {
                let x = self.cand[d][band];
                for shift in [0, 9, 18] {
                    let r = (x >> shift) & 0x1FF;
                    twice |= once & r;
                    once |= r;
                }
                let p = self.placed[d][band];
                done |= (p | p >> 9 | p >> 18) & 0x1FF;
            }
            if (once | done) != 0x1FF {
                return None;
            }
            let mut singles = once & !twice;
            while singles != 0 {
                let c = singles.trailing_zeros();
                singles &= singles - 1;
                for band in 0..3 {
                    let x = self.cand[d][band] & (COL << c);
                    if x != 0 {
                        self.place(d, band, x);
                        progress = true;
                        break;
                    }
                }
            }
        }
        Some(progress)
    }

    /// Locked candidates inside each band ([`LOCKED`]). Returns whether any
    /// candidate was removed.
    fn locked_candidates(&mut self) -> bool {
        let mut progress = false;
        for plane in &mut self.cand {
            for x in plane.iter_mut() {
                if *x == 0 {
                    continue;
                }
                let occ = ROW_BOXES[(*x & 0x1FF) as usize] as usize
                    | (ROW_BOXES[((*x >> 9) & 0x1FF) as usize] as usize) << 3
                    | (ROW_BOXES[(*x >> 18) as usize] as usize) << 6;
                let kept = *x & LOCKED[occ];
                if kept != *x {
                    *x = kept;
                    progress = true;
                }
            }
        }
        progress
    }

    /// Singles to a fixed point. False on a contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            if self.naked_singles().is_none() {
                return false;
            }
            if self.is_full() {
                return true;
            }
            match self.hidden_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if !self.locked_candidates() {
                return true;
            }
        }
    }

    /// The empty cell to guess at: the first with two candidates, else one
    /// with the fewest. Returns band, bit and the candidate digits.
    fn choose(&self) -> (usize, u32, u32) {
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for plane in &self.cand {
                let x = plane[band];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            let pairs = twice & !thrice;
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return (band, bit, self.digits_at(band, bit));
            }
        }
        let mut best = (0, 0, 0, u32::MAX);
        for band in 0..3 {
            let mut empty = !self.filled[band] & BAND;
            while empty != 0 {
                let bit = empty & empty.wrapping_neg();
                empty ^= bit;
                let digits = self.digits_at(band, bit);
                if digits.count_ones() < best.3 {
                    best = (band, bit, digits, digits.count_ones());
                }
            }
        }
        (best.0, best.1, best.2)
    }

    fn digits_at(&self, band: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for (d, plane) in self.cand.iter().enumerate() {
            if plane[band] & bit != 0 {
                digits |= 1 << d;
            }
        }
        digits
    }

    fn solution(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (d, plane) in self.placed.iter().enumerate() {
            for (band, &bits) in plane.iter().enumerate() {
                let mut bits = bits;
                while bits != 0 {
                    let i = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    out[band * 27 + i] = d as u8 + 1;
                }
            }
        }
        out
    }
}

/// A guess: the board before it, the cell, and the digits still to try.
#[derive(Clone, Copy)]
struct Frame {
    board: Board,
    band: usize,
    bit: u32,
    untried: u32,
}

thread_local! {
    /// The guess stack of the last finished search, reused by the next so
    /// that a run of many easy puzzles allocates none.
    static SPARE_STACK: std::cell::Cell<Vec<Frame>> = const { std::cell::Cell::new(Vec::new()) };
}

impl Drop for Nine {
    fn drop(&mut self) {
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        SPARE_STACK.with(|spare| spare.set(stack));
    }
}

/// A resumable depth-first search over a 9x9 puzzle; [`Nine::next_solution`]
/// returns the solutions one by one.
pub(crate) struct Nine {
    board: Board,
    stack: Vec<Frame>,
    /// The current board is dead (or was just reported): backtrack first.
    backtrack: bool,
    finished: bool,
}

impl Nine {
    /// A search over `cells` (81 values, 0 = empty). Conflicting givens give
    /// a search with no solution.
    pub(crate) fn new(cells: &[u8]) -> Nine {
        let mut board = Board::new();
        let mut finished = false;
        for (cell, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (band, bit) = (cell / 27, 1u32 << (cell % 27));
            let d = v as usize - 1;
            if board.cand[d][band] & bit == 0 {
                finished = true;
                break;
            }
            board.place(d, band, bit);
        }
        Nine {
            board,
            stack: SPARE_STACK.with(|spare| spare.take()),
            backtrack: false,
            finished,
        }
    }

    /// The next solution, or `None` when there are no more.
    pub(crate) fn next_solution(&mut self) -> Option<[u8; 81]> {
        if self.finished {
            return None;
        }
        loop {
            if self.backtrack && !self.resume() {
                self.finished = true;
                return None;
            }
            self.backtrack = true;
            if !self.board.propagate() {
                continue;
            }
            if self.board.is_full() {
                return Some(self.board.solution());
            }
            let (band, bit, digits) = self.board.choose();
            let d = digits.trailing_zeros() as usize;
            self.stack.push(Frame {
                board: self.board,
                band,
                bit,
                untried: digits & (digits - 1),
            });
            self.board.place(d, band, bit);
            self.backtrack = false;
        }
    }

    /// Restores the newest guess with a digit left to try and makes that
    /// guess. False when the search is exhausted.
    fn resume(&mut self) -> bool {
        while let Some(frame) = self.stack.last_mut() {
            if frame.untried == 0 {
                self.stack.pop();
                continue;
            }
            let d = frame.untried.trailing_zeros() as usize;
            frame.untried &= frame.untried - 1;
            let (band, bit) = (frame.band, frame.bit);
            self.board = frame.board;
            if frame.untried == 0 {
                self.stack.pop();
            }
            self.board.place(d, band, bit);
            self.backtrack = false;
            return true;
        }
        false
    }
}
