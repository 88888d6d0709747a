//! A conflict-driven clause-learning (CDCL) search, for the hard 16x16 and
//! 25x25 puzzles where a search that forgets its failures explores the same
//! dead ends again and again. The puzzle is what the matching filters leave
//! of it ([`super::general`]), written as clauses over "cell holds value"
//! variables: each open cell takes one of its values and each unit takes
//! each of its open values once (at least one, and pairwise at most one).
//!
//! The solver is the textbook one (Marques-Silva and Sakallah's GRASP,
//! Chaff's two watched literals and VSIDS, MiniSat's first-UIP learning,
//! phase saving and Luby restarts, Glucose's LBD to choose which learnt
//! clauses to keep, its restarts, blocked restarts, dynamic LBD, second
//! bump and binary minimisation, and CaDiCaL's shrinking of learnt clauses
//! in `sat_learn.rs`), with failed-literal probing after each
//! reduction of the learnt clauses. Binary clauses, nearly all of the
//! puzzle's, live in
//! implication lists. Further solutions are asked for by adding a clause
//! that forbids the last one.

use super::heap::Heap;
use super::perm::Perm;

/// A literal: variable `v` is `2 * v` (true) or `2 * v + 1` (false).
pub(crate) type Lit = u32;

fn neg(l: Lit) -> Lit {
    l ^ 1
}

fn var(l: Lit) -> usize {
    (l >> 1) as usize
}

const UNSET: u8 = 2;

/// Why a variable was set: a decision, a binary clause (the other, false,
/// literal), a long clause, or a propagator's explanation (a clause kept in
/// [`Sat::expl`] until the search backtracks past it).
#[derive(Clone, Copy)]
enum Reason {
    Decision,
    Binary(Lit),
    Long(u32),
    Expl(u32),
}

#[derive(Clone)]
struct Clause {
    /// Where its literals start in [`Sat::arena`], and how many.
    start: u32,
    len: u32,
    learnt: bool,
    /// Literal block distance when learnt: distinct decision levels.
    lbd: u32,
    /// Kept by the next reduction: its LBD fell since the last one.
    protect: bool,
}

/// The solver's state. Variables are numbered from 0. A clone is a second
/// search of the same clauses (see `portfolio.rs`).
#[derive(Clone)]
pub(crate) struct Sat {
    clauses: Vec<Clause>,
    /// The long clauses' literals, one after another (one allocation,
    /// read in order: the watch loop's memory traffic).
    arena: Vec<Lit>,
    /// Each literal's value (1 true, 0 false, [`UNSET`]): one look-up.
    lit_val: Vec<u8>,
    /// For the LBD: the stamp each decision level last got.
    level_stamp: Vec<u64>,
    stamp: u64,
    /// For each literal, the long clauses watching it (it is one of their
    /// first two literals), each named by where it starts in the arena and
    /// with another of its literals: when that one is true the clause need
    /// not be read (MiniSat's "blocker").
    watches: Vec<Vec<(u32, Lit)>>,
    /// For each literal `p`, the literals that a binary clause forces true
    /// once `p` is true.
    implies: Vec<Vec<Lit>>,
    value: Vec<u8>,
    level: Vec<u32>,
    reason: Vec<Reason>,
    trail: Vec<Lit>,
    /// Where each decision level starts in `trail`.
    levels: Vec<usize>,
    head: usize,
    activity: Vec<f64>,
    bump: f64,
    heap: Heap,
    phase: Vec<bool>,
    seen: Vec<bool>,
    /// [`Sat::redundant`]'s work stack, kept to save an allocation a call.
    stack: Vec<Lit>,
    /// Unsatisfiable at level 0 (no more solutions).
    dead: bool,
    /// The "exactly one in each row and column" matrices ([`Perm`]), and
    /// for each variable the matrices, rows and columns it is in.
    perms: Vec<Perm>,
    occurs: Vec<Vec<(u32, u8, u8)>>,
    /// Matrices that lost a placement since they were last filtered.
    dirty: Vec<bool>,
    queue: Vec<u32>,
    /// The propagators' explanations: records of a length, then the
    /// clause (the literal set first). `expl_marks[d]` is where decision
    /// level `d + 1`'s begin: backtracking drops those of the levels undone.
    expl: Vec<Lit>,
    expl_marks: Vec<usize>,
    /// Where [`Perm::filter`] writes.
    scratch: Vec<Lit>,
    pub(crate) conflicts: u64,
    pub(crate) decisions: u64,
    learnts: usize,
    next_reduce: usize,
    /// The LBDs of the last [`RECENT`] learnt clauses, and of all: a
    /// restart comes when the recent ones are much worse (Glucose's rule).
    recent: [u32; RECENT],
    recent_len: usize,
    recent_sum: u64,
    all_lbd: (u64, u64),
    /// The trail lengths at every conflict, summed, for blocking restarts.
    trail_sum: u64,
    /// For [`Sat::binary_minimise`]: `mark[v] == mark_stamp` when `v` is
    /// in the clause being minimised.
    mark: Vec<u64>,
    mark_stamp: u64,
    /// [`Sat::analyze`]'s variables of the conflict's level that a learnt
    /// clause implied, with its LBD (for [`Sat::bump_last_level`]).
    last_level: Vec<(u32, u32)>,
    /// Failed-literal probes made, and the variables they fixed.
    pub(crate) probes: u64,
    pub(crate) probe_units: u64,
    /// For [`Sat::shrink`]: `walk[v] == walk_stamp` when `v` is to be
    /// reached from the level's dominator.
    walk: Vec<u64>,
    walk_stamp: u64,
    /// Literals removed and added by shrinking, for the figures.
    pub(crate) shrunk: (u64, u64),
    /// The conflict count at which [`Sat::solve_until`] stops.
    epoch_end: u64,
    /// Restarts so far (for Luby's sequence).
    restarts: u64,
    /// Whether learnt clauses worth sharing are copied to `outbox`.
    sharing: bool,
    /// The learnt clauses for another search of the same clauses: records
    /// of a length, an LBD, then the literals ([`Sat::import`] reads them).
    outbox: Vec<Lit>,
    /// The literal this search assumes, decided first after each restart:
    /// its part of the search space (`sat_share.rs`).
    cube: Option<Lit>,
    /// The cube was found false at level 0 (and dropped).
    pub(crate) refuted: bool,
}

/// How many learnt clauses the restart rule looks back at.
const RECENT: usize = 50;

/// How much of a variable's activity is kept at each conflict. MiniSat's
/// 0.95 forgets too fast here: with 0.99 Frisch's puzzles took 10-45 % fewer
/// decisions (#7 124,448 -> 87,908, #8 389,144 -> 211,842, #11 305,782 ->
/// 167,421; docs/hard.md has the rest).
const VSIDS_DECAY: f64 = 0.99;

/// Use Glucose's restarts (else Luby's sequence).
const GLUCOSE_RESTARTS: bool = true;

/// Glucose's blocked restarts (Audemard and Simon, 2012): a conflict whose
/// trail is this much longer than the average one (after
/// [`BLOCK_AFTER`] conflicts) postpones the next restart, the search being
/// likely near a model. Frisch's #2, #3, #6, #7, #13 and #14 together:
/// 177,780 conflicts without, 153,634 with (docs/hard.md).
const BLOCK_MARGIN: f64 = 1.4;
const BLOCK_AFTER: u64 = 10_000;

/// How many more learnt clauses each reduction of the database allows
/// than the last (the first comes after 2,000). Since shrinking made the
/// clauses shorter, keeping more pays: Frisch #1, #4, #7, #9, #10 and #15
/// took 1,088,996 conflicts with 300, 961,102 with 600, 922,142 with
/// 1,000 and 882,381 with 2,000, but with 2,000 each conflict costs more
/// (43.0 s against 41.4 s of CPU); #2, #3, #5, #6, #8, #13, #14 and #16
/// 388,169 with 300, 345,772 with 1,000 (docs/hard.md).
const REDUCE_STEP: usize = 1_000;

/// Shrink learnt clauses ([`Sat::shrink`]).
const SHRINK: bool = true;

/// Learnt clauses whose LBD is at most this are minimised further with
/// binary clauses (Glucose's bound).
const BINARY_MINIMISE_LBD: u32 = 6;

/// A learnt clause whose LBD falls, while at most this, is kept by the next
/// reduction (Glucose's bound).
const PROTECT_LBD: u32 = 30;

impl Sat {
    pub(crate) fn new(vars: usize) -> Sat {
        Sat {
            clauses: Vec::new(),
            arena: Vec::new(),
            lit_val: vec![UNSET; 2 * vars],
            level_stamp: vec![0; vars + 1],
            stamp: 0,
            watches: vec![Vec::new(); 2 * vars],
            implies: vec![Vec::new(); 2 * vars],
            value: vec![UNSET; vars],
            level: vec![0; vars],
            reason: vec![Reason::Decision; vars],
            trail: Vec::with_capacity(vars),
            levels: Vec::new(),
            head: 0,
            activity: vec![0.0; vars],
            bump: 1.0,
            heap: Heap::new(vars),
            phase: vec![false; vars],
            seen: vec![false; vars],
            stack: Vec::new(),
            dead: false,
            perms: Vec::new(),
            occurs: vec![Vec::new(); vars],
            dirty: Vec::new(),
            queue: Vec::new(),
            expl: Vec::new(),
            expl_marks: Vec::new(),
            scratch: Vec::new(),
            conflicts: 0,
            decisions: 0,
            learnts: 0,
            next_reduce: 2_000,
            recent: [0; RECENT],
            recent_len: 0,
            recent_sum: 0,
            all_lbd: (0, 0),
            trail_sum: 0,
            mark: vec![0; vars],
            mark_stamp: 0,
            last_level: Vec::new(),
            probes: 0,
            probe_units: 0,
            walk: vec![0; vars],
            walk_stamp: 0,
            shrunk: (0, 0),
            epoch_end: u64::MAX,
            restarts: 1,
            sharing: false,
            outbox: Vec::new(),
            cube: None,
            refuted: false,
        }
    }

    /// The positive literal of variable `v`.
    pub(crate) fn lit(v: usize) -> Lit {
        2 * v as Lit
    }

    #[inline(always)]
    fn lit_value(&self, l: Lit) -> u8 {
        self.lit_val[l as usize]
    }

    /// Whether variable `v` is true in the model just found.
    pub(crate) fn is_true(&self, v: usize) -> bool {
        self.value[v] == 1
    }

    #[inline(always)]
    fn assign(&mut self, l: Lit, reason: Reason) {
        let v = var(l);
        self.value[v] = (l & 1 == 0) as u8;
        self.lit_val[l as usize] = 1;
        self.lit_val[neg(l) as usize] = 0;
        self.level[v] = self.levels.len() as u32;
        self.reason[v] = reason;
        self.trail.push(l);
        if l & 1 != 0 && !self.perms.is_empty() {
            for &(p, r, c) in &self.occurs[v] {
                self.perms[p as usize].remove(r as usize, c as usize);
                if !self.dirty[p as usize] {
                    self.dirty[p as usize] = true;
                    self.queue.push(p);
                }
            }
        }
    }

    /// Adds the constraint "exactly one in each row and each column" of a
    /// matrix of literals (positive ones, or [`super::perm::NONE`]), filtered
    /// by [`Perm`] whenever unit propagation is done. The solver must be at
    /// level 0, and the matrix's rows and columns should also be given as
    /// clauses (then an empty row or column is found by unit propagation).
    pub(crate) fn add_perm(&mut self, k: usize, lits: Vec<Lit>) {
        debug_assert!(self.levels.is_empty());
        let p = self.perms.len() as u32;
        let mut perm = Perm::new(k, lits);
        for (x, &l) in perm.lits().to_vec().iter().enumerate() {
            if l == super::perm::NONE {
                continue;
            }
            debug_assert_eq!(l & 1, 0);
            let (r, c) = (x / k, x % k);
            self.occurs[var(l)].push((p, r as u8, c as u8));
            if self.lit_value(l) == 0 {
                perm.remove(r, c);
            }
        }
        self.perms.push(perm);
        self.dirty.push(true);
        self.queue.push(p);
    }

    /// Adds a clause at level 0 (the solver must be at level 0).
    pub(crate) fn add_clause(&mut self, lits: &[Lit]) {
        self.add_at_level0(lits, None);
    }

    /// Adds a clause at level 0, a learnt one of the LBD given (when it is
    /// long, it may go at the next reduction) or one of the puzzle's.
    fn add_at_level0(&mut self, lits: &[Lit], learnt_lbd: Option<u32>) {
        debug_assert!(self.levels.is_empty());
        if self.dead {
            return;
        }
        // Drop false literals; a true one satisfies the clause.
        let mut kept: Vec<Lit> = Vec::with_capacity(lits.len());
        for &l in lits {
            match self.lit_value(l) {
                1 => return,
                0 => {}
                _ if !kept.contains(&l) => kept.push(l),
                _ => {}
            }
        }
        match kept.len() {
            0 => self.dead = true,
            1 => {
                self.assign(kept[0], Reason::Decision);
                if self.propagate().is_some() {
                    self.dead = true;
                }
            }
            2 => {
                self.implies[neg(kept[0]) as usize].push(kept[1]);
                self.implies[neg(kept[1]) as usize].push(kept[0]);
            }
            len => match learnt_lbd {
                None => {
                    self.attach(kept, false, 0);
                }
                Some(lbd) => {
                    self.learnts += 1;
                    self.attach(kept, true, lbd.min(len as u32));
                }
            },
        }
    }

    /// Adds a long clause; returns where its literals start in the arena,
    /// which is how watches and reasons name it. Its length goes just
    /// before them: the watch loop reads both with one cache line, where a
    /// look-up in `clauses` first cost a second, dependent, miss. Before
    /// the length, its index in `clauses` (for [`Sat::update_lbd`]).
    fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        self.arena.push(self.clauses.len() as Lit);
        self.arena.push(lits.len() as Lit);
        let start = self.arena.len() as u32;
        self.watches[lits[0] as usize].push((start, lits[1]));
        self.watches[lits[1] as usize].push((start, lits[0]));
        self.arena.extend_from_slice(&lits);
        self.clauses.push(Clause {
            start,
            len: lits.len() as u32,
            learnt,
            lbd,
            protect: false,
        });
        start
    }

    /// The literals of the long clause starting at `start`.
    #[inline(always)]
    fn lits(&self, start: usize) -> &[Lit] {
        let len = self.arena[start - 1] as usize;
        &self.arena[start..start + len]
    }

    /// Unit propagation, then the matrices' filters, to the fixed point;
    /// the conflicting clause if any, as the literals that are all false.
    /// A filter that rules something out hands back to unit propagation,
    /// which is cheaper.
    fn propagate(&mut self) -> Option<Vec<Lit>> {
        loop {
            if let Some(conflict) = self.propagate_units() {
                return Some(conflict);
            }
            let p = self.queue.pop()?;
            self.dirty[p as usize] = false;
            let mut out = std::mem::take(&mut self.scratch);
            out.clear();
            let consistent = self.perms[p as usize].filter(&mut out);

            let conflict = if consistent {
                self.enqueue_explained(&out)
            } else {
                Some(out[1..].to_vec())
            };
            self.scratch = out;
            if conflict.is_some() {
                return conflict;
            }
        }
    }

    /// Sets the first literal of each of [`Perm::filter`]'s records, the
    /// record kept as its reason; a record whose literal is false already
    /// is a conflict.
    fn enqueue_explained(&mut self, out: &[Lit]) -> Option<Vec<Lit>> {
        let mut i = 0;
        while i < out.len() {
            let n = out[i] as usize;
            let clause = &out[i + 1..i + 1 + n];
            match self.lit_value(clause[0]) {
                1 => {}
                0 => return Some(clause.to_vec()),
                _ => {
                    let at = self.expl.len() as u32;
                    self.expl.extend_from_slice(&out[i..i + 1 + n]);
                    self.assign(clause[0], Reason::Expl(at));
                }
            }
            i += 1 + n;
        }
        None
    }

    /// Unit propagation from `head`; the conflicting clause if any, as the
    /// literals that are all false.
    fn propagate_units(&mut self) -> Option<Vec<Lit>> {
        while self.head < self.trail.len() {
            let p = self.trail[self.head];
            self.head += 1;
            // Binary clauses: `p` true forces each of these. The lists do
            // not change while propagating.
            let implied = std::mem::take(&mut self.implies[p as usize]);
            for &q in &implied {
                match self.lit_value(q) {
                    1 => {}
                    0 => {
                        self.implies[p as usize] = implied;
                        return Some(vec![q, neg(p)]);
                    }
                    _ => self.assign(q, Reason::Binary(neg(p))),
                }
            }
            self.implies[p as usize] = implied;
            // Long clauses watching the literal that just became false.
            let false_lit = neg(p);
            let mut ws = std::mem::take(&mut self.watches[false_lit as usize]);
            let mut i = 0;
            let mut conflict = None;
            while i < ws.len() {
                let (ci, blocker) = ws[i];
                if self.lit_value(blocker) == 1 {
                    i += 1;
                    continue;
                }
                let start = ci as usize;
                let end = start + self.arena[start - 1] as usize;
                let lits = &mut self.arena[start..end];
                if lits[0] == false_lit {
                    lits.swap(0, 1);
                }
                let first = lits[0];
                if self.lit_val[first as usize] == 1 {
                    ws[i].1 = first;
                    i += 1;
                    continue;
                }
                // Look for a new literal to watch.
                let mut moved = None;
                for k in 2..lits.len() {
                    let l = lits[k];
                    if self.lit_val[l as usize] != 0 {
                        lits.swap(1, k);
                        moved = Some(l);
                        break;
                    }
                }
                if let Some(l) = moved {
                    self.watches[l as usize].push((ci, first));
                    ws.swap_remove(i);
                    continue;
                }
                match self.lit_value(first) {
                    0 => {
                        conflict = Some(self.arena[start..end].to_vec());
                        break;
                    }
                    _ => self.assign(first, Reason::Long(ci)),
                }
                i += 1;
            }
            self.watches[false_lit as usize] = ws;
            if conflict.is_some() {
                return conflict;
            }
        }
        None
    }

    fn backtrack(&mut self, to: u32) {
        if self.levels.len() as u32 <= to {
            return;
        }
        let start = self.levels[to as usize];
        let perms = !self.perms.is_empty();
        for k in (start..self.trail.len()).rev() {
            let v = var(self.trail[k]);
            if perms && self.value[v] == 0 {
                for &(p, r, c) in &self.occurs[v] {
                    self.perms[p as usize].restore(r as usize, c as usize);
                }
            }
            self.phase[v] = self.value[v] == 1;
            self.value[v] = UNSET;
            self.lit_val[2 * v] = UNSET;
            self.lit_val[2 * v + 1] = UNSET;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(start);
        self.levels.truncate(to as usize);
        self.expl.truncate(self.expl_marks[to as usize]);
        self.expl_marks.truncate(to as usize);
        self.head = start;
        // Each matrix was filtered to its fixed point before the decision
        // at level `to + 1`, and is so again now.
        for p in self.queue.drain(..) {
            self.dirty[p as usize] = false;
        }
    }

    fn lbd(&mut self, lits: &[Lit]) -> u32 {
        self.stamp += 1;
        let mut count = 0;
        for &l in lits {
            let level = self.level[var(l)] as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                count += 1;
            }
        }
        count
    }

    /// Drops the worse half of the learnt clauses (by LBD, keeping those
    /// of LBD 2 or less), at level 0 where no clause is a reason. The rest
    /// are attached anew without their literals false at level 0 (a clause
    /// must never watch one) and without those already satisfied.
    fn reduce(&mut self) {
        self.backtrack(0);
        for k in 0..self.trail.len() {
            self.reason[var(self.trail[k])] = Reason::Decision;
        }
        self.expl.clear();
        let mut lbds: Vec<u32> = self
            .clauses
            .iter()
            .filter(|c| c.learnt && c.lbd > 2)
            .map(|c| c.lbd)
            .collect();
        lbds.sort_unstable();
        let cut = lbds.get(lbds.len() / 2).copied().unwrap_or(u32::MAX);
        let old = std::mem::take(&mut self.clauses);
        let old_arena = std::mem::take(&mut self.arena);
        for w in &mut self.watches {
            w.clear();
        }
        self.learnts = 0;
        for c in old {
            if c.learnt && c.lbd > 2 && c.lbd >= cut && !c.protect {
                continue;
            }
            let lits = &old_arena[c.start as usize..(c.start + c.len) as usize];
            if lits.iter().any(|&l| self.lit_value(l) == 1) {
                continue;
            }
            let kept: Vec<Lit> = lits
                .iter()
                .copied()
                .filter(|&l| self.lit_value(l) == UNSET)
                .collect();
            match kept.len() {
                0 => self.dead = true,
                1 => self.assign(kept[0], Reason::Decision),
                2 => {
                    self.implies[neg(kept[0]) as usize].push(kept[1]);
                    self.implies[neg(kept[1]) as usize].push(kept[0]);
                }
                _ => {
                    self.learnts += c.learnt as usize;
                    self.attach(kept, c.learnt, c.lbd);
                }
            }
        }
        if self.propagate().is_some() {
            self.dead = true;
        }
        if !self.dead {
            self.probe();
        }
    }

    /// Failed-literal probing at level 0, after each reduction (learnt
    /// clauses make failures more likely as the search goes on): each open
    /// variable is set true in turn ("this cell holds this value", which
    /// propagates the most); when that fails, it is false for good. On
    /// Frisch's #7, 26 variables fixed in 22,065 probes; it costs about a
    /// decision a probe.
    fn probe(&mut self) {
        for v in 0..self.value.len() {
            if self.value[v] != UNSET {
                continue;
            }
            self.probes += 1;
            self.levels.push(self.trail.len());
            self.expl_marks.push(self.expl.len());
            self.assign(Sat::lit(v), Reason::Decision);
            let failed = self.propagate().is_some();
            self.backtrack(0);
            if failed {
                self.probe_units += 1;
                self.assign(neg(Sat::lit(v)), Reason::Decision);
                if self.propagate().is_some() {
                    self.dead = true;
                    return;
                }
            }
        }
    }

    /// Searches for a model: true when found (read it with
    /// [`Sat::is_true`]), false when there is none.
    pub(crate) fn solve(&mut self) -> bool {
        self.solve_until(u64::MAX)
            .expect("a search without a conflict budget ends with an answer")
    }

    /// [`Sat::solve`], but `None` once the conflicts so far reach `end`
    /// (counted over every call), at level 0 and after a restart: the
    /// search goes on where it stopped at the next call.
    pub(crate) fn solve_until(&mut self, end: u64) -> Option<bool> {
        if self.dead {
            return Some(false);
        }
        self.epoch_end = end;
        loop {
            let budget = if GLUCOSE_RESTARTS {
                u64::MAX
            } else {
                100 * luby(self.restarts)
            };
            self.restarts += 1;
            match self.search(budget) {
                Some(found) => return Some(found),
                None => {
                    self.backtrack(0);
                    if self.learnts > self.next_reduce {
                        self.reduce();
                        self.next_reduce += REDUCE_STEP;
                        if self.dead {
                            return Some(false);
                        }
                    }
                    if self.conflicts >= self.epoch_end {
                        return None;
                    }
                }
            }
        }
    }

    /// Records a learnt clause's LBD; true when it is time to restart:
    /// the last [`RECENT`] average more than 1.25 times the overall one.
    fn note_lbd(&mut self, lbd: u32) -> bool {
        self.all_lbd.0 += lbd as u64;
        self.all_lbd.1 += 1;
        let slot = self.recent_len % RECENT;
        if self.recent_len >= RECENT {
            self.recent_sum -= self.recent[slot] as u64;
        }
        self.recent[slot] = lbd;
        self.recent_sum += lbd as u64;
        self.recent_len += 1;
        if self.recent_len >= RECENT
            && self.recent_sum * 4 * self.all_lbd.1 > self.all_lbd.0 * 5 * RECENT as u64
        {
            self.recent_len = 0;
            self.recent_sum = 0;
            return true;
        }
        false
    }

    /// Up to `budget` conflicts: `Some(true)` with a model, `Some(false)`
    /// when none exists, `None` to restart.
    fn search(&mut self, budget: u64) -> Option<bool> {
        let mut local: u64 = 0;
        loop {
            if let Some(conflict) = self.propagate() {
                self.conflicts += 1;
                local = local.saturating_add(1);
                if self.levels.is_empty() {
                    self.dead = true;
                    return Some(false);
                }
                self.trail_sum += self.trail.len() as u64;
                if self.conflicts > BLOCK_AFTER
                    && self.trail.len() as f64 * self.conflicts as f64
                        > BLOCK_MARGIN * self.trail_sum as f64
                {
                    // Glucose empties its queue of recent LBDs.
                    self.recent_len = 0;
                    self.recent_sum = 0;
                }
                self.last_level.clear();
                let (learnt, back) = self.analyze(conflict);
                self.backtrack(back);
                if learnt.len() == 1 {
                    if self.sharing {
                        self.share(&learnt, 1);
                    }
                    self.assign(learnt[0], Reason::Decision);
                } else {
                    let lbd = self.lbd(&learnt);
                    if self.sharing {
                        self.share(&learnt, lbd);
                    }
                    self.bump_last_level(lbd);
                    if GLUCOSE_RESTARTS && self.note_lbd(lbd) {
                        local = budget;
                    }
                    let first = learnt[0];
                    let ci = self.attach(learnt, true, lbd);
                    self.learnts += 1;
                    self.assign(first, Reason::Long(ci));
                }
                self.bump *= 1.0 / VSIDS_DECAY;
                continue;
            }
            if local >= budget || self.conflicts >= self.epoch_end {
                return None;
            }
            if self.levels.is_empty() && self.cube.is_some() && self.decide_cube() {
                continue;
            }
            let next = loop {
                match self.heap.pop(&self.activity) {
                    None => break None,
                    Some(v) if self.value[v] == UNSET => break Some(v),
                    Some(_) => {}
                }
            };
            let Some(v) = next else {
                return Some(true);
            };
            self.decisions += 1;
            self.levels.push(self.trail.len());
            self.expl_marks.push(self.expl.len());
            let l = if self.phase[v] {
                Sat::lit(v)
            } else {
                neg(Sat::lit(v))
            };
            self.assign(l, Reason::Decision);
        }
    }

    /// Forbids the model just found: `lits` are its true literals that
    /// matter (the open cells' values). False when no other can exist.
    pub(crate) fn block(&mut self, lits: &[Lit]) {
        self.backtrack(0);
        let clause: Vec<Lit> = lits.iter().map(|&l| neg(l)).collect();
        self.add_clause(&clause);
    }
}

/// The Luby sequence 1 1 2 1 1 2 4 1 1 2 ... (from 1).
fn luby(i: u64) -> u64 {
    let mut i = i;
    loop {
        let mut k = 1;
        while (1u64 << k) - 1 < i {
            k += 1;
        }
        if (1u64 << k) - 1 == i {
            return 1 << (k - 1);
        }
        i -= (1u64 << (k - 1)) - 1;
    }
}

#[path = "sat_learn.rs"]
mod learn;

#[path = "sat_share.rs"]
mod share;

#[cfg(test)]
#[path = "sat_tests.rs"]
pub(crate) mod tests;
