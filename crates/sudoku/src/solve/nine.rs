//! The 9x9 engine, where speed matters most. The board is JCZSolve's band
//! representation (zhouyundong's, as described on the Sudoku Players'
//! Forum; the code here is this project's): for each digit and each band of
//! three rows, one word whose 27 low bits are the cells of the band where
//! the digit can go. A placed digit stays in its own word, so every row of
//! every digit-band always holds at least one cell.
//!
//! Propagation is per digit-band and lazy: a word that changed since it was
//! last looked at is reduced with table look-ups ([`PAIRINGS`]: locked
//! candidates within the band), its boxes whose digit is down to one column
//! clear that column in the other two bands, and its rows down to one cell
//! (found through [`LOCKED`] and [`COLUMN_SINGLE`]) are solved: the cell
//! leaves the other digits' words. Placing a digit only clears its own
//! band's row and box; the rest follows from the next update. Naked singles
//! come from counting each cell's digits with three bit-parallel words,
//! which also yields the cells with two candidates, where the search
//! guesses. A guess copies the board (about 250 bytes) instead of undoing.
//!
//! Cell (r, c) is bit `(r % 3) * 9 + c` of band `r / 3`; word `3 * d + band`
//! is digit `d + 1`'s.

use crate::grid::{Grid, Shape};

/// All 27 cells of a band.
const BAND: u32 = (1 << 27) - 1;
/// Column `c` within a band is `COL << c`.
const COL: u32 = 0x40201;
/// The first box of a band: three columns of three rows.
const BOX: u32 = 7 * COL;

/// For a row's nine cells, which of its three boxes hold any (3 bits); for
/// the nine intersections of a band (bit `3 * row + box`), which rows hold any.
const SHRINK: [u32; 512] = shrink();

const fn shrink() -> [u32; 512] {
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

/// The six ways to give each row of a band its own box.
const PERMS: [[u32; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// What a band can keep of one digit's candidates. The index says which of
/// the nine row-box intersections (bit `3 * row + box`) still hold the
/// digit. Each row and each box of the band takes the digit exactly once,
/// so the three places used pair the rows with the boxes one to one: the
/// entry is the cells of every intersection that some such pairing uses, 0
/// when none is possible. This does locked candidates (pointing and
/// claiming) within the band in one look-up.
const PAIRINGS: [u32; 512] = pairings().0;

/// The intersections (bit `3 * row + box`) that every pairing of
/// [`PAIRINGS`] uses: where the row's digit must lie in that box.
const LOCKED: [u32; 512] = pairings().1;

const fn pairings() -> ([u32; 512], [u32; 512]) {
    let mut cells_out = [0u32; 512];
    let mut locked_out = [0u32; 512];
    let mut m = 0;
    while m < 512 {
        let mut cells = 0u32;
        let mut every = 0x1FFu32;
        let mut any = false;
        let mut p = 0;
        while p < 6 {
            let mut ok = true;
            let mut used = 0u32;
            let mut meets = 0u32;
            let mut r = 0;
            while r < 3 {
                let k = 3 * r as u32 + PERMS[p][r];
                if m & (1 << k) == 0 {
                    ok = false;
                }
                used |= 7 << (9 * r as u32 + 3 * PERMS[p][r]);
                meets |= 1 << k;
                r += 1;
            }
            if ok {
                cells |= used;
                every &= meets;
                any = true;
            }
            p += 1;
        }
        cells_out[m] = cells;
        locked_out[m] = if any { every } else { 0 };
        m += 1;
    }
    (cells_out, locked_out)
}

/// From the columns of a band holding a digit (9 bits), the intersections
/// (bit `3 * row + box`) of each box whose digit is down to one column.
const COLUMN_SINGLE: [u32; 512] = column_single();

const fn column_single() -> [u32; 512] {
    let mut out = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut bx = 0;
        while bx < 3 {
            if ((cols >> (3 * bx)) & 7u32).count_ones() == 1 {
                out[cols as usize] |= 0b001_001_001 << bx;
            }
            bx += 1;
        }
        cols += 1;
    }
    out
}

/// From the columns of a band holding a digit, what the other two bands
/// keep: a box whose digit is down to one column takes that column.
const OTHER_BANDS: [u32; 512] = other_bands();

const fn other_bands() -> [u32; 512] {
    let mut out = [0u32; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut keep = BAND;
        let mut bx = 0;
        while bx < 3 {
            let g = (cols >> (3 * bx)) & 7u32;
            if g.count_ones() == 1 {
                keep &= !(COL << (3 * bx + g.trailing_zeros()));
            }
            bx += 1;
        }
        out[cols as usize] = keep;
        cols += 1;
    }
    out
}

/// The cells of the rows in a 3-bit set.
const ROWS: [u32; 8] = [
    0,
    0x1FF,
    0x1FF << 9,
    0x3FFFF,
    0x1FF << 18,
    0x1FF | 0x1FF << 18,
    0x3FFFF << 9,
    BAND,
];

/// For a set of intersections (bit `3 * row + box`), the cells of the rows
/// that hold any: [`ROWS`] of [`SHRINK`] in one look-up, one dependent load
/// fewer in the update's chain.
const ROWS_OF: [u32; 512] = rows_of();

const fn rows_of() -> [u32; 512] {
    let mut out = [0u32; 512];
    let mut x = 0;
    while x < 512 {
        out[x] = ROWS[(SHRINK[x] & 7) as usize];
        x += 1;
    }
    out
}

/// For each cell of a band, what its digit's word keeps when it is placed:
/// everything but the other cells of its row and box.
const KEEP: [u32; 27] = keep();

const fn keep() -> [u32; 27] {
    let mut out = [0u32; 27];
    let mut i = 0;
    while i < 27 {
        let (r, c) = (i / 9, i % 9);
        let mut peers = 0u32;
        let mut j = 0;
        while j < 27 {
            let (r2, c2) = (j / 9, j % 9);
            if j != i && (r == r2 || c / 3 == c2 / 3) {
                peers |= 1 << j;
            }
            j += 1;
        }
        out[i] = !peers;
        i += 1;
    }
    out
}

/// The other two bands of a digit-band's digit.
const NEIGHBOURS: [(usize, usize); 27] = neighbours();

const fn neighbours() -> [(usize, usize); 27] {
    let mut out = [(0, 0); 27];
    let mut k = 0;
    while k < 27 {
        let base = k - k % 3;
        out[k] = (base + (k + 1) % 3, base + (k + 2) % 3);
        k += 1;
    }
    out
}

/// A contradiction: the board has no solution.
struct Dead;

/// Candidates and placements; copied whole when the search guesses.
#[derive(Clone, Copy)]
struct Board {
    /// Word `3 * d + band`: where digit `d + 1` is or can go in the band.
    cand: [u32; 27],
    /// Each word as it was when last updated.
    seen: [u32; 27],
    /// Cells not yet solved, per band.
    unsolved: [u32; 3],
    /// Cells with two candidates at the last count, per band.
    pairs: [u32; 3],
}

/// How many cells with two candidates [`Board::choose`] compares. The
/// first alone (JCZSolve's choice): 17-clue's first 2,000 and top1465's
/// first 1,000, each as given, turned half a turn, transposed and
/// shuffled, 454.7 M instructions; the first 5: 375.2 M; 8: 371.1 M;
/// all: 386.2 M. Serg's set of puzzles with many solutions prefers fewer
/// (34.4 M with the first alone, 39.2 M with 5; docs/speed.md).
const LOOK: u32 = 5;

/// For each cell of a band, its row and box in the band, and its column
/// (what [`Board::busiest_pair`] counts, without a division a cell).
const ROW_AND_BOX: [(u32, u32); 27] = row_and_box();

const fn row_and_box() -> [(u32, u32); 27] {
    let mut out = [(0, 0); 27];
    let mut i = 0;
    while i < 27 {
        let c = i as u32 % 9;
        out[i] = ((0x1FF << (9 * (i / 9))) | (BOX << (c / 3 * 3)), c);
        i += 1;
    }
    out
}

impl Board {
    fn new() -> Board {
        Board {
            cand: [BAND; 27],
            seen: [0; 27],
            unsolved: [BAND; 3],
            pairs: [0; 3],
        }
    }

    /// Places the givens of `cells` (81 values, 0 = empty) eagerly, before
    /// any search: each clears its digit from its row, box and column at
    /// once (a conflict is found as it is placed), and at the end every
    /// given cell leaves the other digits' words in one pass. Clearing the
    /// cell from the nine words of its band given by given made a chain of
    /// dependent memory updates as long as the givens: a fifth of the time
    /// on nearly filled grids.
    fn place_givens(&mut self, cells: &[u8]) -> Result<(), Dead> {
        // Per digit-band word, its givens; per band, the cells given.
        let mut given = [0u32; 27];
        let mut filled = [0u32; 3];
        for (cell, &v) in cells.iter().enumerate() {
            if v == 0 {
                continue;
            }
            let (band, i) = (cell / 27, cell % 27);
            let k = 3 * (v as usize - 1) + band;
            let bit = 1u32 << i;
            if self.cand[k] & bit == 0 {
                return Err(Dead);
            }
            self.cand[k] &= KEEP[i];
            let (a, b) = NEIGHBOURS[k];
            self.cand[a] &= !(COL << (i % 9));
            self.cand[b] &= !(COL << (i % 9));
            given[k] |= bit;
            filled[band] |= bit;
        }
        // A digit's three words at a time: no index arithmetic.
        for (words, given) in self.cand.chunks_exact_mut(3).zip(given.chunks_exact(3)) {
            for band in 0..3 {
                words[band] = (words[band] & !filled[band]) | given[band];
            }
        }
        for (unsolved, filled) in self.unsolved.iter_mut().zip(filled) {
            *unsolved &= !filled;
        }
        Ok(())
    }

    /// Places digit-band `k`'s digit at cell `bit`, a candidate: only its
    /// own word changes, [`Board::update`] does the rest.
    #[inline(always)]
    fn place(&mut self, k: usize, bit: u32) {
        self.cand[k] &= KEEP[bit.trailing_zeros() as usize % 27];
    }

    fn is_solved(&self) -> bool {
        self.unsolved[0] | self.unsolved[1] | self.unsolved[2] == 0
    }

    /// Brings every changed word to its fixed point (see the module notes).
    #[inline(always)]
    fn update_word(&mut self, k: usize) -> Result<(), Dead> {
        let x = self.cand[k];
        let shrink = SHRINK[(x & 0x1FF) as usize]
            | SHRINK[((x >> 9) & 0x1FF) as usize] << 3
            | SHRINK[(x >> 18) as usize & 0x1FF] << 6;
        // The tables' entries fit their indices; the masks say so to the
        // compiler, which then checks no bounds.
        let shrink = (shrink & 0x1FF) as usize;
        let x = x & PAIRINGS[shrink];
        if x == 0 {
            return Err(Dead);
        }
        self.cand[k] = x;
        self.seen[k] = x;
        let cols = (x | x >> 9 | x >> 18) & 0x1FF;
        let (a, b) = NEIGHBOURS[k];
        let keep = OTHER_BANDS[cols as usize];
        self.cand[a] &= keep;
        self.cand[b] &= keep;
        // A row whose digit is locked in a box where it has one column has
        // one cell: the cell is solved and leaves the other digits.
        let single = LOCKED[shrink] & COLUMN_SINGLE[cols as usize];
        let solved = ROWS_OF[(single & 0x1FF) as usize] & x;
        // The solved cells leave the other digits' words, without a test
        // whether any is new: that branch goes either way about as often
        // and costs more mispredicted than the eight ANDs cost done.
        let band = k % 3;
        self.unsolved[band] &= !solved;
        let mut other = band;
        while other < 27 {
            if other != k {
                self.cand[other] &= !solved;
            }
            other += 3;
        }
        Ok(())
    }

    fn update(&mut self) -> Result<(), Dead> {
        // Written out word by word so that each word's neighbours and
        // index checks are constants: this is the hottest loop.
        macro_rules! each_word {
            ($changed:ident, $($k:literal)*) => {
                // Always true, but the compiler cannot see it: without
                // this test it merges the 27 inlined updates into shared
                // code that indexes the words at run time and keeps them
                // in memory (17-clue's first 2,000: 44.4 M instructions,
                // 6.3 M data writes; with it 39.3 M and 2.7 M). The crate
                // of JCZSolve's port notes the same effect and trick.
                let gate = std::hint::black_box(BAND);
                $(
                    if gate >> ($k / 3) & 0x1FF != 0 && self.cand[$k] != self.seen[$k] {
                        $changed = true;
                        self.update_word($k)?;
                    }
                )*
            };
        }
        loop {
            let mut changed = false;
            each_word!(changed, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26);
            // Sweep again until a sweep finds nothing changed. Comparing
            // the arrays instead saves that last sweep's instructions, but
            // `==` calls `memcmp`, and the whole job took 3 % more CPU time
            // (docs/speed.md).
            if !changed {
                return Ok(());
            }
        }
    }

    /// Places every cell left with one digit; counts the cells with two.
    /// `Ok(true)` when any was placed.
    #[inline(always)]
    fn naked_singles(&mut self) -> Result<bool, Dead> {
        let mut placed = false;
        for band in 0..3 {
            let (mut once, mut twice, mut thrice) = (0u32, 0u32, 0u32);
            for d in 0..9 {
                let x = self.cand[3 * d + band];
                thrice |= twice & x;
                twice |= once & x;
                once |= x;
            }
            if once != BAND {
                return Err(Dead);
            }
            self.pairs[band] = twice & !thrice;
            let mut singles = once & !twice & self.unsolved[band];
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles ^= bit;
                // An earlier placement in this loop may have taken this
                // cell's digit from it.
                let d = (0..9)
                    .find(|&d| self.cand[3 * d + band] & bit != 0)
                    .ok_or(Dead)?;
                self.place(3 * d + band, bit);
                placed = true;
            }
        }
        Ok(placed)
    }

    /// Updates and naked singles to a fixed point.
    fn propagate(&mut self) -> Result<(), Dead> {
        loop {
            self.update()?;
            if self.is_solved() || !self.naked_singles()? {
                return Ok(());
            }
        }
    }

    /// The cell to guess at: of the first [`LOOK`] cells with two
    /// candidates (bands in order, cells in order), the one with the most
    /// unsolved cells in its row, column and box; else the one with the
    /// fewest candidates among each band's first unsolved cell (the first
    /// band's among equals, so the search runs top to bottom). Returns the
    /// band, the cell and its digits.
    fn choose(&self) -> (usize, u32, u32) {
        if let Some((band, bit)) = self.busiest_pair() {
            return (band, bit, self.digits_at(band, bit));
        }
        let mut best = (0, 0, 0, u32::MAX);
        for band in 0..3 {
            let open = self.unsolved[band];
            if open != 0 {
                let bit = open & open.wrapping_neg();
                let digits = self.digits_at(band, bit);
                if digits.count_ones() < best.3 {
                    best = (band, bit, digits, digits.count_ones());
                }
            }
        }
        (best.0, best.1, best.2)
    }

    /// [`Board::choose`]'s cell with two candidates, if there is one. A
    /// placement there clears its digit from the most open cells, so wrong
    /// guesses fail sooner; looking further than the first few loses the
    /// search's tendency to stay where it last guessed (docs/speed.md).
    fn busiest_pair(&self) -> Option<(usize, u32)> {
        let mut pick = None;
        let (mut most, mut left) = (0, LOOK);
        for band in 0..3 {
            let mut pairs = self.pairs[band] & self.unsolved[band];
            while pairs != 0 {
                let bit = pairs & pairs.wrapping_neg();
                pairs ^= bit;
                let i = bit.trailing_zeros();
                // Its row and box in its own band, its column in the other
                // two, counted by one population count: without the POPCNT
                // instruction (not in the x86-64 baseline) each costs about
                // fifteen instructions, and three a cell made this search's
                // guesses dearer than its propagation (docs/speed.md).
                let (own, c) = ROW_AND_BOX[i as usize];
                let column = |b: usize| (self.unsolved[b] >> c) & COL;
                let others = column((band + 1) % 3) | column((band + 2) % 3) << 1;
                let open =
                    (u64::from(self.unsolved[band] & own) | u64::from(others) << 27).count_ones();
                if open > most {
                    (most, pick) = (open, Some((band, bit)));
                }
                left -= 1;
                if left == 0 {
                    return pick;
                }
            }
        }
        pick
    }

    fn digits_at(&self, band: usize, bit: u32) -> u32 {
        let mut digits = 0;
        for d in 0..9 {
            digits |= ((self.cand[3 * d + band] & bit != 0) as u32) << d;
        }
        digits
    }

    fn solution(&self) -> [u8; 81] {
        let mut out = [0u8; 81];
        for (k, &x) in self.cand.iter().enumerate() {
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

/// Where [`Board::search`] puts what it finds: solutions are counted up to
/// `limit` and the first `keep` kept.
pub(crate) struct Found {
    pub(crate) solutions: Vec<Grid>,
    pub(crate) count: usize,
    keep: usize,
    limit: usize,
}

impl Found {
    fn add(&mut self, board: &Board) {
        if self.solutions.len() < self.keep {
            self.solutions.push(Grid::from_checked_cells(
                Shape::NINE,
                board.solution().to_vec(),
            ));
        }
        self.count += 1;
    }

    fn full(&self) -> bool {
        self.count >= self.limit
    }
}

impl Board {
    /// Depth-first search from a propagated board that is neither dead nor
    /// solved. Recursion, unlike [`Nine`]'s resumable stack, lets the last
    /// digit of a cell be tried on the board itself, without a copy; the
    /// depth is at most the 81 cells.
    fn search(&mut self, found: &mut Found) {
        let (band, bit, mut digits) = self.choose();
        while digits != 0 {
            let k = 3 * digits.trailing_zeros() as usize + band;
            digits &= digits - 1;
            if digits == 0 {
                self.place(k, bit);
                self.settle(found);
                return;
            }
            let mut next = *self;
            next.place(k, bit);
            next.settle(found);
            if found.full() {
                return;
            }
            // Ruled out, or every solution with it found.
            self.cand[k] &= !bit;
        }
    }

    /// Propagates after a guess and goes on from there.
    #[inline(always)]
    fn settle(&mut self, found: &mut Found) {
        if self.propagate().is_ok() {
            if self.is_solved() {
                found.add(self);
            } else {
                self.search(found);
            }
        }
    }
}

/// Counts the solutions of `cells` (81 values, 0 = empty) up to `limit`,
/// keeping the first `keep`: the same results, in the same order, as
/// taking them from [`Nine::next_solution`].
pub(crate) fn count(cells: &[u8], limit: usize, keep: usize) -> Found {
    let mut found = Found {
        solutions: Vec::new(),
        count: 0,
        keep,
        limit,
    };
    let mut board = Board::new();
    if board.place_givens(cells).is_err() {
        return found;
    }
    if limit > 0 && board.naked_singles().is_ok() {
        board.settle(&mut found);
    }
    found
}

/// A guess: the board before it, the cell, and the digits still to try.
#[derive(Clone, Copy)]
struct Frame {
    board: Board,
    band: usize,
    bit: u32,
    untried: u32,
    /// The digit tried last, word index `3 * d + band`.
    last: usize,
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
    /// Guesses made so far (for the measurements in docs/).
    pub(crate) guesses: u64,
}

impl Nine {
    /// A search over `cells` (81 values, 0 = empty). Conflicting givens give
    /// a search with no solution.
    pub(crate) fn new(cells: &[u8]) -> Nine {
        let mut board = Board::new();
        let mut finished = board.place_givens(cells).is_err();
        // The givens' words are all marked changed (`seen` is zero), and
        // their cells are solved already.
        finished = finished || board.naked_singles().is_err();
        Nine {
            board,
            stack: SPARE_STACK.with(|spare| spare.take()),
            backtrack: false,
            finished,
            guesses: 0,
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
            if self.board.propagate().is_err() {
                continue;
            }
            if self.board.is_solved() {
                return Some(self.board.solution());
            }
            let (band, bit, digits) = self.board.choose();
            let d = digits.trailing_zeros() as usize;
            self.guesses += 1;
            self.stack.push(Frame {
                board: self.board,
                band,
                bit,
                untried: digits & (digits - 1),
                last: 3 * d + band,
            });
            self.board.place(3 * d + band, bit);
            self.backtrack = false;
        }
    }

    /// Restores the newest guess with a digit left to try and makes that
    /// guess, the digits tried before it taken from the cell. False when the
    /// search is exhausted.
    fn resume(&mut self) -> bool {
        while let Some(frame) = self.stack.last_mut() {
            if frame.untried == 0 {
                self.stack.pop();
                continue;
            }
            let d = frame.untried.trailing_zeros() as usize;
            frame.untried &= frame.untried - 1;
            let (band, bit) = (frame.band, frame.bit);
            // The digit tried before has been ruled out (or its solutions
            // reported): the saved board loses it.
            frame.board.cand[frame.last] &= !bit;
            frame.last = 3 * d + band;
            self.board = frame.board;
            if frame.untried == 0 {
                self.stack.pop();
            }
            self.board.place(3 * d + band, bit);
            self.backtrack = false;
            return true;
        }
        false
    }
}

#[cfg(test)]
mod choice_tests {
    use super::Board;

    #[test]
    fn the_guess_among_equals_is_the_first_bands() {
        // An empty board: no cell with two candidates, and each band's
        // first open cell has all nine digits; the first band's is taken.
        let board = Board::new();
        let (band, bit, digits) = board.choose();
        assert_eq!((band, bit, digits.count_ones()), (0, 1, 9));
        // With band 0's first cell down to three digits and band 1's to
        // four, band 0's is still the one (fewest).
        let mut b = board;
        for d in 3..9 {
            b.cand[3 * d] &= !1;
        }
        for d in 4..9 {
            b.cand[3 * d + 1] &= !1;
        }
        let (band, _, digits) = b.choose();
        assert_eq!((band, digits.count_ones()), (0, 3));
        // Band 2's first cell down to three too: a tie, band 0 keeps it.
        for d in 3..9 {
            b.cand[3 * d + 2] &= !1;
        }
        assert_eq!(b.choose().0, 0);
    }

    #[test]
    fn the_guess_is_the_pair_with_the_most_open_cells_around_it() {
        use super::{BAND, LOOK};
        // Band 0 all but solved: r1c1 (bit 0) is open with two
        // candidates, and sees 1 open cell of band 0 and its column's six
        // in bands 1 and 2. The centre cell r5c5 (band 1, bit 13) sees
        // its whole row and box, and column 5 of band 2: 18.
        let mut b = Board::new();
        b.unsolved = [1, BAND, BAND];
        b.pairs = [1, 1 << 13, 0];
        assert_eq!(b.busiest_pair(), Some((1, 1 << 13)));
        assert_eq!(b.choose().0, 1);
        // Only the first LOOK pairs are compared: with that many open
        // pairs in band 0 before it, the centre is not looked at.
        let first = (1u32 << LOOK) - 1;
        b.unsolved[0] = first;
        b.pairs[0] = first;
        let (band, bit) = b.busiest_pair().expect("pairs");
        assert_eq!(band, 0);
        assert_ne!(bit & first, 0);
        // No pairs: the fewest-candidates rule of the test above.
        b.pairs = [0; 3];
        assert_eq!(b.busiest_pair(), None);
    }
}
