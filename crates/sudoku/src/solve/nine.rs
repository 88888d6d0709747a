//! The 9x9 engine, where speed matters most: one bit board per digit, each
//! held as three bands of 27 bits (three rows of nine cells), so that placing
//! a digit, finding naked singles and finding hidden singles are a few dozen
//! word operations with no per-cell loops.
//!
//! A placed digit stays in its own board, so every row, column and box of a
//! digit's board always holds a bit; a digit-band that changed is brought to
//! a fixed point with one table look-up ([`PAIRINGS`]: locked candidates and
//! hidden singles in its rows and boxes), then naked singles, column singles
//! and the same pairing across each stack of boxes are tried, and only then
//! does the search guess, on a cell with two candidates when there is one.
//! A guess copies the whole board (about 120 bytes) instead of undoing.
//!
//! Cell (r, c) is bit `(r % 3) * 9 + c` of band `r / 3`.

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// The nine cells of row `i` of a band.
const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
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
const ROW_BOXES: [u32; 512] = row_boxes();

const fn row_boxes() -> [u32; 512] {
    let mut out = [0u32; 512];
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

/// What a band can keep of one digit's candidates. The index says which of
/// the nine row-box intersections (bit `3 * row + box`) still hold the
/// digit. Each row and each box of the band takes the digit exactly once,
/// so the three places used pair the rows with the boxes one to one: the
/// entry is the cells of every intersection that some such pairing uses, 0
/// when none is possible. This does locked candidates (pointing and
/// claiming) within the band in one look-up.
const PAIRINGS: [u32; 512] = pairings();

const fn pairings() -> [u32; 512] {
    // The six ways to give each row of a band its own box.
    const PERMS: [[u32; 3]; 6] = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let mut out = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut cells = 0u32;
        let mut p = 0;
        while p < 6 {
            let mut ok = true;
            let mut used = 0u32;
            let mut r = 0;
            while r < 3 {
                let k = 3 * r as u32 + PERMS[p][r];
                if m & (1 << k) == 0 {
                    ok = false;
                }
                used |= 7 << (9 * r as u32 + 3 * PERMS[p][r]);
                r += 1;
            }
            if ok {
                cells |= used;
            }
            p += 1;
        }
        out[m] = cells;
        m += 1;
    }
    out
}

/// Bit `c` of the index moved to bit `3 * c`.
const SPREAD: [u32; 8] = [0, 1, 8, 9, 64, 65, 72, 73];

/// Bits 27..30 of a digit-band word: the rows of the band where the digit
/// has been placed.
const ROW_DONE: u32 = 27;

/// Candidates and placements; copied whole when the search guesses.
#[derive(Clone, Copy)]
struct Board {
    /// Plane `3 * d + band`: where digit `d` (0-based) is or can still go
    /// in the band (a placed cell stays in its own digit's plane), and in
    /// bits [`ROW_DONE`].. the rows where it has been placed.
    plane: [u32; 27],
    /// Cells not yet holding a digit.
    unsolved: [u32; 3],
    /// Planes changed since they were last looked at.
    dirty: u32,
}

impl Board {
    fn new() -> Board {
        Board {
            plane: [BAND; 27],
            unsolved: [BAND; 3],
            dirty: (1 << 27) - 1,
        }
    }

    /// Puts digit `d` in the cell `bit` of `band`, which must be one of its
    /// unsolved candidates: the cell leaves every other digit's plane and
    /// its peers leave this digit's.
    #[inline(always)]
    fn place(&mut self, d: usize, band: usize, bit: u32) {
        let i = bit.trailing_zeros() as usize;
        let peers = &PEERS[band * 27 + i];
        // The peers include the cell itself, put back below.
        let mut changed = 0u32;
        for (b, &mask) in peers.iter().enumerate() {
            let p = &mut self.plane[3 * d + b];
            changed |= ((*p & mask != 0) as u32) << b;
            *p &= !mask;
        }
        // The digits that could go in the cell, as planes of band 0.
        let mut had = 0u32;
        for d2 in 0..9 {
            let p = &mut self.plane[3 * d2 + band];
            had |= ((*p >> i) & 1) << (3 * d2);
            *p &= !bit;
        }
        self.plane[3 * d + band] |= bit | 1 << (ROW_DONE as usize + i / 9);
        self.unsolved[band] &= !bit;
        self.dirty |= changed << (3 * d) | had << band;
    }

    /// [`Board::place`] for a given, before any search: every plane is
    /// still marked changed, so nothing needs marking.
    fn place_given(&mut self, d: usize, band: usize, bit: u32) {
        let i = bit.trailing_zeros() as usize;
        let peers = &PEERS[band * 27 + i];
        for (b, &mask) in peers.iter().enumerate() {
            self.plane[3 * d + b] &= !mask;
        }
        for d2 in 0..9 {
            self.plane[3 * d2 + band] &= !bit;
        }
        self.plane[3 * d + band] |= bit | 1 << (ROW_DONE as usize + i / 9);
        self.unsolved[band] &= !bit;
    }

    fn is_full(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// Brings the changed planes to a fixed point of [`PAIRINGS`] and
    /// places the rows left with one cell (hidden singles in rows and, by
    /// the pairing, boxes). False on a contradiction.
    #[inline(always)]
    fn update_planes(&mut self) -> bool {
        while self.dirty != 0 {
            // The mask lets the compiler drop the bounds check.
            let k = (self.dirty.trailing_zeros() as usize).min(26);
            self.dirty &= self.dirty - 1;
            let x = self.plane[k];
            let cells = x & BAND;
            let occ = ROW_BOXES[(cells & 0x1FF) as usize]
                | ROW_BOXES[((cells >> 9) & 0x1FF) as usize] << 3
                | ROW_BOXES[((cells >> 18) & 0x1FF) as usize] << 6;
            let kept = cells & PAIRINGS[(occ & 0x1FF) as usize];
            if kept == 0 {
                return false;
            }
            let done = x >> ROW_DONE;
            self.plane[k] = kept | done << ROW_DONE;
            // Rows down to one cell where the digit is not yet placed.
            // Every row holds a cell, so taking one from each row borrows
            // nothing across rows: `more` keeps the rows' cells but the
            // lowest, empty for a row of one.
            let more = kept & (kept - COL);
            let mut fresh = (more & ROW[0] == 0) as u32
                | ((more & ROW[1] == 0) as u32) << 1
                | ((more & ROW[2] == 0) as u32) << 2;
            fresh &= !done;
            while fresh != 0 {
                let r = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                let bit = self.plane[k] & ROW[r];
                if bit == 0 {
                    // An earlier placement from this plane took the row.
                    return false;
                }
                self.place(k / 3, k % 3, bit);
            }
        }
        true
    }

    /// Places the naked singles found in one scan. `None` on a
    /// contradiction, else whether any was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for band in 0..3 {
            let (mut once, mut twice) = (0u32, 0u32);
            for d in 0..9 {
                let x = self.plane[3 * d + band];
                twice |= once & x;
                once |= x;
            }
            let open = self.unsolved[band];
            if open & !once != 0 {
                return None;
            }
            let mut singles = once & !twice & open;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // An earlier placement in this loop may have taken this
                // cell's last candidate.
                let d = (0..9).find(|&d| self.plane[3 * d + band] & bit != 0)?;
                self.place(d, band, bit);
                placed = true;
            }
        }
        Some(placed)
    }

    /// Places the digits left with one cell in a column. `None` on a
    /// contradiction, else whether any was placed.
    fn column_singles(&mut self) -> Option<bool> {
        let mut placed = false;
        for d in 0..9 {
            let (mut once, mut twice, mut done) = (0u32, 0u32, 0u32);
            for band in 0..3 {
                let x = self.plane[3 * d + band] & BAND;
                for shift in [0, 9, 18] {
                    let r = (x >> shift) & 0x1FF;
                    twice |= once & r;
                    once |= r;
                }
                let p = x & !self.unsolved[band];
                done |= (p | p >> 9 | p >> 18) & 0x1FF;
            }
            if once != 0x1FF {
                return None;
            }
            let mut singles = once & !twice & !done;
            while singles != 0 {
                let c = singles.trailing_zeros();
                singles &= singles - 1;
                for band in 0..3 {
                    let x = self.plane[3 * d + band] & (COL << c);
                    if x != 0 {
                        if self.unsolved[band] & x == 0 {
                            return None;
                        }
                        self.place(d, band, x);
                        placed = true;
                        break;
                    }
                }
            }
        }
        Some(placed)
    }

    /// [`PAIRINGS`] turned on its side: within each stack of three boxes,
    /// each column and each box takes the digit once, so the columns pair
    /// with the bands one to one. `None` on a contradiction, else whether
    /// any candidate was removed.
    fn stack_pairings(&mut self) -> Option<bool> {
        let mut changed = 0u32;
        for d in 0..9 {
            let mut cols = [0u32; 3];
            for (band, c) in cols.iter_mut().enumerate() {
                let x = self.plane[3 * d + band];
                *c = (x | x >> 9 | x >> 18) & 0x1FF;
            }
            let mut keep = [0u32; 3];
            for j in 0..3 {
                // Column `c` of the stack is a "row", band `b` a "box".
                let occ = SPREAD[((cols[0] >> (3 * j)) & 7) as usize]
                    | SPREAD[((cols[1] >> (3 * j)) & 7) as usize] << 1
                    | SPREAD[((cols[2] >> (3 * j)) & 7) as usize] << 2;
                let allowed = PAIRINGS[occ as usize];
                if allowed == 0 {
                    return None;
                }
                for (b, k) in keep.iter_mut().enumerate() {
                    let a = (allowed >> (3 * b)) & COL;
                    *k |= ((a | a >> 8 | a >> 16) & 7) << (3 * j);
                }
            }
            for (b, &k) in keep.iter().enumerate() {
                let p = &mut self.plane[3 * d + b];
                let new = *p & ((k * COL) | !BAND);
                changed |= ((new != *p) as u32) << (3 * d + b);
                *p = new;
            }
        }
        self.dirty |= changed;
        Some(changed != 0)
    }

    /// Singles and locked candidates to a fixed point. False on a
    /// contradiction.
    fn propagate(&mut self) -> bool {
        loop {
            if !self.update_planes() {
                return false;
            }
            match self.naked_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            if self.is_full() {
                return true;
            }
            match self.column_singles() {
                None => return false,
                Some(true) => continue,
                Some(false) => {}
            }
            match self.stack_pairings() {
                None => return false,
                Some(true) => continue,
                Some(false) => return true,
            }
        }
    }

    /// The empty cell to guess at: the first with two candidates, else one
    /// with the fewest. Returns band, bit and the candidate digits.
    fn choose(&self) -> (usize, u32, u32) {
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.plane[3 * d + band];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            let pairs = twice & !thrice & self.unsolved[band];
            if pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                return (band, bit, self.digits_at(band, bit));
            }
        }
        let mut best = (0, 0, 0, u32::MAX);
        for band in 0..3 {
            let mut empty = self.unsolved[band];
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
        for d in 0..9 {
            if self.plane[3 * d + band] & bit != 0 {
                digits |= 1 << d;
            }
        }
        digits
    }

    fn solution(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (k, &x) in self.plane.iter().enumerate() {
            let (d, band) = (k / 3, k % 3);
            let mut bits = x & BAND;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                out[band * 27 + i] = d as u8 + 1;
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
            if board.plane[3 * d + band] & bit == 0 {
                finished = true;
                break;
            }
            board.place_given(d, band, bit);
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
