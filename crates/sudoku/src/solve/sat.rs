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
//! clauses to keep). Binary clauses, nearly all of the puzzle's, live in
//! implication lists. Further solutions are asked for by adding a clause
//! that forbids the last one.

/// A literal: variable `v` is `2 * v` (true) or `2 * v + 1` (false).
type Lit = u32;

fn neg(l: Lit) -> Lit {
    l ^ 1
}

fn var(l: Lit) -> usize {
    (l >> 1) as usize
}

const UNSET: u8 = 2;

/// Why a variable was set: a decision, a binary clause (the other, false,
/// literal), or a long clause.
#[derive(Clone, Copy)]
enum Reason {
    Decision,
    Binary(Lit),
    Long(u32),
}

struct Clause {
    /// Where its literals start in [`Sat::arena`], and how many.
    start: u32,
    len: u32,
    learnt: bool,
    /// Literal block distance when learnt: distinct decision levels.
    lbd: u32,
}

/// A binary max-heap of variables by activity, for VSIDS.
struct Heap {
    heap: Vec<u32>,
    /// Position in `heap`, or `u32::MAX` when absent.
    pos: Vec<u32>,
}

impl Heap {
    fn new(n: usize) -> Heap {
        Heap {
            heap: (0..n as u32).collect(),
            pos: (0..n as u32).collect(),
        }
    }

    fn contains(&self, v: usize) -> bool {
        self.pos[v] != u32::MAX
    }

    fn up(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if act[p as usize] >= act[v as usize] {
                break;
            }
            self.heap[i] = p;
            self.pos[p as usize] = i as u32;
            i = parent;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    fn down(&mut self, mut i: usize, act: &[f64]) {
        let v = self.heap[i];
        loop {
            let left = 2 * i + 1;
            if left >= self.heap.len() {
                break;
            }
            let right = left + 1;
            let child = if right < self.heap.len()
                && act[self.heap[right] as usize] > act[self.heap[left] as usize]
            {
                right
            } else {
                left
            };
            let c = self.heap[child];
            if act[c as usize] <= act[v as usize] {
                break;
            }
            self.heap[i] = c;
            self.pos[c as usize] = i as u32;
            i = child;
        }
        self.heap[i] = v;
        self.pos[v as usize] = i as u32;
    }

    fn insert(&mut self, v: usize, act: &[f64]) {
        if self.contains(v) {
            return;
        }
        self.heap.push(v as u32);
        let i = self.heap.len() - 1;
        self.pos[v] = i as u32;
        self.up(i, act);
    }

    fn pop(&mut self, act: &[f64]) -> Option<usize> {
        let top = *self.heap.first()?;
        let last = self.heap.pop().expect("not empty");
        self.pos[top as usize] = u32::MAX;
        if !self.heap.is_empty() {
            self.heap[0] = last;
            self.pos[last as usize] = 0;
            self.down(0, act);
        }
        Some(top as usize)
    }
}

/// The solver's state. Variables are numbered from 0.
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
    /// first two literals), each with another of its literals: when that
    /// one is true the clause need not be read (MiniSat's "blocker").
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
            conflicts: 0,
            decisions: 0,
            learnts: 0,
            next_reduce: 2_000,
            recent: [0; RECENT],
            recent_len: 0,
            recent_sum: 0,
            all_lbd: (0, 0),
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
    }

    /// Adds a clause at level 0 (the solver must be at level 0).
    pub(crate) fn add_clause(&mut self, lits: &[Lit]) {
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
            _ => {
                self.attach(kept, false, 0);
            }
        }
    }

    fn attach(&mut self, lits: Vec<Lit>, learnt: bool, lbd: u32) -> u32 {
        let index = self.clauses.len() as u32;
        self.watches[lits[0] as usize].push((index, lits[1]));
        self.watches[lits[1] as usize].push((index, lits[0]));
        let start = self.arena.len() as u32;
        self.arena.extend_from_slice(&lits);
        self.clauses.push(Clause {
            start,
            len: lits.len() as u32,
            learnt,
            lbd,
        });
        index
    }

    /// The literals of long clause `ci`.
    #[inline(always)]
    fn lits(&self, ci: usize) -> &[Lit] {
        let c = &self.clauses[ci];
        &self.arena[c.start as usize..(c.start + c.len) as usize]
    }

    /// Unit propagation from `head`; the conflicting clause if any, as the
    /// literals that are all false.
    fn propagate(&mut self) -> Option<Vec<Lit>> {
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
                let c = &self.clauses[ci as usize];
                let (start, end) = (c.start as usize, (c.start + c.len) as usize);
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

    fn bump_var(&mut self, v: usize) {
        self.activity[v] += self.bump;
        if self.activity[v] > 1e100 {
            for a in &mut self.activity {
                *a *= 1e-100;
            }
            self.bump *= 1e-100;
        }
        if self.heap.contains(v) {
            let i = self.heap.pos[v] as usize;
            self.heap.up(i, &self.activity);
        }
    }

    /// First-UIP analysis: the learnt clause (asserting literal first) and
    /// the level to go back to.
    fn analyze(&mut self, conflict: Vec<Lit>) -> (Vec<Lit>, u32) {
        let current = self.levels.len() as u32;
        let mut learnt = vec![0];
        let mut pending = 0;
        let mut index = self.trail.len();
        // The literals to resolve with: the conflict, then reasons, read
        // in place (`from..` of clause `clause`, or the one binary one).
        let mut binary = None;
        let mut clause = u32::MAX;
        loop {
            let len = match binary {
                Some(_) => 1,
                None if clause == u32::MAX => conflict.len(),
                None => self.clauses[clause as usize].len as usize - 1,
            };
            // `j` indexes whichever of the three the literals come from.
            #[allow(clippy::needless_range_loop)]
            for j in 0..len {
                let q = match binary {
                    Some(b) => b,
                    None if clause == u32::MAX => conflict[j],
                    None => self.lits(clause as usize)[j + 1],
                };
                let v = var(q);
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                self.bump_var(v);
                if self.level[v] == current {
                    pending += 1;
                } else {
                    learnt.push(q);
                }
            }
            // The next literal of the current level on the trail.
            let p = loop {
                index -= 1;
                let p = self.trail[index];
                if self.seen[var(p)] {
                    break p;
                }
            };
            self.seen[var(p)] = false;
            pending -= 1;
            if pending == 0 {
                learnt[0] = neg(p);
                break;
            }
            match self.reason[var(p)] {
                Reason::Binary(other) => binary = Some(other),
                Reason::Long(ci) => (binary, clause) = (None, ci),
                Reason::Decision => unreachable!("only the first UIP is a decision"),
            }
        }
        // Drop the literals implied by the others (and level 0) through
        // their reasons, recursively (MiniSat's minimisation). `seen` marks
        // the clause's literals, and literals found redundant on the way.
        let all = learnt.clone();
        let mut cleanup = Vec::new();
        let mut kept = 1;
        for k in 1..learnt.len() {
            let l = learnt[k];
            if !self.redundant(l, &mut cleanup) {
                learnt[kept] = l;
                kept += 1;
            }
        }
        for &l in &all[1..] {
            self.seen[var(l)] = false;
        }
        for v in cleanup {
            self.seen[v] = false;
        }
        learnt.truncate(kept);
        // Back to the highest level among the rest, which goes second.
        let mut back = 0;
        if learnt.len() > 1 {
            let mut best = 1;
            for k in 2..learnt.len() {
                if self.level[var(learnt[k])] > self.level[var(learnt[best])] {
                    best = k;
                }
            }
            learnt.swap(1, best);
            back = self.level[var(learnt[1])];
        }
        (learnt, back)
    }

    /// Whether the false literal `l` follows from literals marked `seen`
    /// (and level 0) through reasons; marks what it proves redundant, and
    /// lists those marks in `cleanup` to be undone.
    fn redundant(&mut self, l: Lit, cleanup: &mut Vec<usize>) -> bool {
        // The stack is kept between calls: this runs for every literal of
        // every learnt clause.
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(l);
        let proved = self.redundant_with(&mut stack, cleanup);
        self.stack = stack;
        proved
    }

    fn redundant_with(&mut self, stack: &mut Vec<Lit>, cleanup: &mut Vec<usize>) -> bool {
        let top = cleanup.len();
        while let Some(q) = stack.pop() {
            let (clause, len) = match self.reason[var(q)] {
                Reason::Decision => {
                    // A decision: not implied. Undo this attempt's marks.
                    for v in cleanup.drain(top..) {
                        self.seen[v] = false;
                    }
                    return false;
                }
                Reason::Binary(o) => (None, o as usize),
                Reason::Long(ci) => (
                    Some(ci as usize),
                    self.clauses[ci as usize].len as usize - 1,
                ),
            };
            let count = if clause.is_some() { len } else { 1 };
            for j in 0..count {
                let o = match clause {
                    Some(ci) => self.lits(ci)[j + 1],
                    None => len as Lit,
                };
                let v = var(o);
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                if let Reason::Decision = self.reason[v] {
                    for v in cleanup.drain(top..) {
                        self.seen[v] = false;
                    }
                    return false;
                }
                self.seen[v] = true;
                cleanup.push(v);
                stack.push(o);
            }
        }
        true
    }

    fn backtrack(&mut self, to: u32) {
        if self.levels.len() as u32 <= to {
            return;
        }
        let start = self.levels[to as usize];
        for k in (start..self.trail.len()).rev() {
            let v = var(self.trail[k]);
            self.phase[v] = self.value[v] == 1;
            self.value[v] = UNSET;
            self.lit_val[2 * v] = UNSET;
            self.lit_val[2 * v + 1] = UNSET;
            self.heap.insert(v, &self.activity);
        }
        self.trail.truncate(start);
        self.levels.truncate(to as usize);
        self.head = start;
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
            if c.learnt && c.lbd > 2 && c.lbd >= cut {
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
    }

    /// Searches for a model: true when found (read it with
    /// [`Sat::is_true`]), false when there is none.
    pub(crate) fn solve(&mut self) -> bool {
        if self.dead {
            return false;
        }
        let mut restart = 1u64;
        loop {
            let budget = if GLUCOSE_RESTARTS {
                u64::MAX
            } else {
                100 * luby(restart)
            };
            restart += 1;
            match self.search(budget) {
                Some(found) => return found,
                None => {
                    self.backtrack(0);
                    if self.learnts > self.next_reduce {
                        self.reduce();
                        self.next_reduce += 300;
                        if self.dead {
                            return false;
                        }
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
                let (learnt, back) = self.analyze(conflict);
                self.backtrack(back);
                if learnt.len() == 1 {
                    self.assign(learnt[0], Reason::Decision);
                } else {
                    let lbd = self.lbd(&learnt);
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
            if local >= budget {
                return None;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luby_sequence() {
        let got: Vec<u64> = (1..=15).map(luby).collect();
        assert_eq!(got, [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]);
    }

    /// Pigeons into holes: n + 1 into n has no model, n into n has n!.
    fn pigeons(p: usize, h: usize) -> Sat {
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
}
