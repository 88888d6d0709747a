//! What [`Sat`] learns from a conflict: first-UIP analysis, shrinking,
//! minimisation (recursive and with binary clauses), and the LBD and VSIDS
//! bookkeeping that goes with it.

use super::{neg, var, Lit, Reason, Sat, BINARY_MINIMISE_LBD, PROTECT_LBD, SHRINK};

impl Sat {
    /// How many false literals forced the literal set for `reason` (not a
    /// decision).
    #[inline(always)]
    pub(super) fn antecedents(&self, reason: Reason) -> usize {
        match reason {
            Reason::Decision => unreachable!("a decision has no reason"),
            Reason::Binary(_) => 1,
            Reason::Long(ci) => self.arena[ci as usize - 1] as usize - 1,
            Reason::Expl(at) => self.expl[at as usize] as usize - 1,
        }
    }

    /// The `j`th of them.
    #[inline(always)]
    pub(super) fn antecedent(&self, reason: Reason, j: usize) -> Lit {
        match reason {
            Reason::Decision => unreachable!("a decision has no reason"),
            Reason::Binary(other) => other,
            Reason::Long(ci) => self.lits(ci as usize)[j + 1],
            Reason::Expl(at) => self.expl[at as usize + 2 + j],
        }
    }

    pub(super) fn bump_var(&mut self, v: usize) {
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
    pub(super) fn analyze(&mut self, conflict: Vec<Lit>) -> (Vec<Lit>, u32) {
        let current = self.levels.len() as u32;
        let mut learnt = vec![0];
        let mut pending = 0;
        let mut index = self.trail.len();
        // The literals to resolve with: the conflict, then reasons, read
        // in place.
        let mut reason = None;
        loop {
            let len = match reason {
                None => conflict.len(),
                Some(r) => self.antecedents(r),
            };
            // `j` indexes the conflict or the reason.
            #[allow(clippy::needless_range_loop)]
            for j in 0..len {
                let q = match reason {
                    None => conflict[j],
                    Some(r) => self.antecedent(r, j),
                };
                let v = var(q);
                if self.seen[v] || self.level[v] == 0 {
                    continue;
                }
                self.seen[v] = true;
                self.bump_var(v);
                if self.level[v] == current {
                    pending += 1;
                    if let Reason::Long(ci) = self.reason[v] {
                        let index = self.arena[ci as usize - 2] as usize;
                        if self.clauses[index].learnt {
                            self.last_level.push((v as u32, self.clauses[index].lbd));
                        }
                    }
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
            let r = self.reason[var(p)];
            if let Reason::Long(ci) = r {
                self.update_lbd(ci as usize);
            }
            reason = Some(r);
        }
        self.tighten(&mut learnt);
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

    /// Makes a learnt clause from first-UIP analysis shorter: shrinking,
    /// then the recursive minimisation, then (for small LBDs) binary
    /// clauses. On entry `seen` marks the clause's literals; on return
    /// nothing is marked.
    fn tighten(&mut self, learnt: &mut Vec<Lit>) {
        if SHRINK && learnt.len() > 2 {
            let before = learnt.clone();
            let mut proved = Vec::new();
            self.shrink(learnt, &mut proved);
            for &l in &before[1..] {
                self.seen[var(l)] = false;
            }
            for v in proved {
                self.seen[v] = false;
            }
            for &l in &learnt[1..] {
                self.seen[var(l)] = true;
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
        if learnt.len() > 2 {
            self.binary_minimise(learnt);
        }
    }

    /// CaDiCaL's shrinking (Fleury and Biere, 2020): the literals of one
    /// level in a learnt clause are replaced by the one literal of that
    /// level that implies them all (a unique implication point of the
    /// level), when the reasons leading from it to them bring in no
    /// literal of a lower level that is not in the clause already. Here a
    /// placed value falsifies about 70 literals through binary clauses, so
    /// that several literals of a level are often one placement's doing.
    /// Called before backtracking, on `learnt[1..]` (the asserting literal
    /// is the conflict level's own point already).
    pub(super) fn shrink(&mut self, learnt: &mut Vec<Lit>, proved: &mut Vec<usize>) {
        let mut by_level: Vec<(u32, Lit)> = learnt[1..]
            .iter()
            .map(|&l| (self.level[var(l)], l))
            .collect();
        by_level.sort_unstable();
        let mut out = vec![learnt[0]];
        let mut i = 0;
        while i < by_level.len() {
            let level = by_level[i].0;
            let mut j = i;
            while j < by_level.len() && by_level[j].0 == level {
                j += 1;
            }
            match self.level_point(level, &by_level[i..j], proved) {
                Some(point) if j - i > 1 => {
                    self.shrunk.0 += (j - i) as u64;
                    self.shrunk.1 += 1;
                    out.push(neg(point));
                }
                _ => out.extend(by_level[i..j].iter().map(|&(_, l)| l)),
            }
            i = j;
        }
        *learnt = out;
    }

    /// The true literal of `level` from which the negations of `lits` (all
    /// of that level) follow through reasons whose other literals are of
    /// that level, of level 0, in the clause (`seen`) or implied by it
    /// ([`Sat::redundant`], which lists what it marks in `proved`); `None`
    /// when the walk back meets anything else first.
    pub(super) fn level_point(
        &mut self,
        level: u32,
        lits: &[(u32, Lit)],
        proved: &mut Vec<usize>,
    ) -> Option<Lit> {
        if lits.len() < 2 {
            return None;
        }
        self.walk_stamp += 1;
        let stamp = self.walk_stamp;
        for &(_, l) in lits {
            self.walk[var(l)] = stamp;
        }
        let mut open = lits.len();
        let start = self.levels[level as usize - 1];
        let end = self
            .levels
            .get(level as usize)
            .copied()
            .unwrap_or(self.trail.len());
        for k in (start..end).rev() {
            let t = self.trail[k];
            if self.walk[var(t)] != stamp {
                continue;
            }
            open -= 1;
            if open == 0 {
                return Some(t);
            }
            let reason = self.reason[var(t)];
            if let Reason::Decision = reason {
                return None;
            }
            for j in 0..self.antecedents(reason) {
                let o = self.antecedent(reason, j);
                let v = var(o);
                let l = self.level[v];
                if l == level {
                    if self.walk[v] != stamp {
                        self.walk[v] = stamp;
                        open += 1;
                    }
                } else if l != 0 && !self.seen[v] && !self.redundant(o, proved) {
                    return None;
                }
            }
        }
        None
    }

    /// Glucose's second bump: the variables of the conflict's level that
    /// learnt clauses of LBD below the new clause's (`lbd`) implied are
    /// bumped again, as likely to lead to good clauses again. Frisch's
    /// #4, #5, #8 and #16: 15-28 % fewer conflicts (docs/hard.md).
    pub(super) fn bump_last_level(&mut self, lbd: u32) {
        let last = std::mem::take(&mut self.last_level);
        for &(v, l) in &last {
            if l < lbd {
                self.bump_var(v as usize);
            }
        }
        self.last_level = last;
    }

    /// Glucose's dynamic LBD: a learnt clause used in conflict analysis
    /// gets its LBD measured again on the current levels; when it fell by
    /// two or more, it is kept, and protected from the next reduction.
    pub(super) fn update_lbd(&mut self, ci: usize) {
        let index = self.arena[ci - 2] as usize;
        let old = self.clauses[index].lbd;
        if !self.clauses[index].learnt || old <= 2 {
            return;
        }
        let len = self.arena[ci - 1] as usize;
        self.stamp += 1;
        let mut count = 0;
        for k in ci..ci + len {
            let level = self.level[var(self.arena[k])] as usize;
            if self.level_stamp[level] != self.stamp {
                self.level_stamp[level] = self.stamp;
                count += 1;
            }
        }
        if count + 1 < old {
            let c = &mut self.clauses[index];
            c.protect |= old <= PROTECT_LBD;
            c.lbd = count;
        }
    }

    /// Glucose's minimisation with binary clauses: with the asserting
    /// literal `u = learnt[0]`, each binary clause `u ∨ q` whose `¬q` is in
    /// the learnt clause removes `¬q` (resolving the two subsumes it).
    /// Only for clauses of LBD at most [`BINARY_MINIMISE_LBD`], as Glucose.
    /// Called before backtracking: the clause's other literals are false.
    pub(super) fn binary_minimise(&mut self, learnt: &mut Vec<Lit>) {
        if self.lbd(learnt) > BINARY_MINIMISE_LBD {
            return;
        }
        self.mark_stamp += 1;
        let stamp = self.mark_stamp;
        for &l in &learnt[1..] {
            self.mark[var(l)] = stamp;
        }
        // `implies[¬u]` lists the `q` of the binary clauses `u ∨ q`; `¬q`
        // is in the clause when `q`'s variable is marked and `q` is true.
        let mut removed = false;
        for &q in &self.implies[neg(learnt[0]) as usize] {
            let v = var(q);
            if self.mark[v] == stamp && self.lit_val[q as usize] == 1 {
                self.mark[v] = 0;
                removed = true;
            }
        }
        if removed {
            let mut k = 1;
            while k < learnt.len() {
                if self.mark[var(learnt[k])] == stamp {
                    k += 1;
                } else {
                    learnt.swap_remove(k);
                }
            }
        }
    }

    /// Whether the false literal `l` follows from literals marked `seen`
    /// (and level 0) through reasons; marks what it proves redundant, and
    /// lists those marks in `cleanup` to be undone.
    pub(super) fn redundant(&mut self, l: Lit, cleanup: &mut Vec<usize>) -> bool {
        // The stack is kept between calls: this runs for every literal of
        // every learnt clause.
        let mut stack = std::mem::take(&mut self.stack);
        stack.clear();
        stack.push(l);
        let proved = self.redundant_with(&mut stack, cleanup);
        self.stack = stack;
        proved
    }

    pub(super) fn redundant_with(
        &mut self,
        stack: &mut Vec<Lit>,
        cleanup: &mut Vec<usize>,
    ) -> bool {
        let top = cleanup.len();
        while let Some(q) = stack.pop() {
            let reason = self.reason[var(q)];
            if let Reason::Decision = reason {
                // A decision: not implied. Undo this attempt's marks.
                for v in cleanup.drain(top..) {
                    self.seen[v] = false;
                }
                return false;
            }
            for j in 0..self.antecedents(reason) {
                let o = self.antecedent(reason, j);
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
}
