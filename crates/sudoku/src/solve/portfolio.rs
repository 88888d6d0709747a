//! One puzzle's clause-learning search on two threads: two copies of one
//! [`Sat`], each searching its half of the space (a literal and its
//! negation, chosen by looking ahead as cube-and-conquer solvers do), that
//! give each other their short learnt clauses. When one half is refuted,
//! what is left is split again. docs/hard.md has the figures.
//!
//! The searches run in rounds of [`ROUND`] conflicts each and meet
//! between rounds, where the clauses are exchanged. The answer of a round
//! is the one found after the fewest of its conflicts (ties to the first
//! search), so that the whole run, like one search, depends only on the
//! puzzle and the number of threads, never on how the threads were
//! scheduled.

use super::sat::{Lit, Sat};

/// Conflicts the first search makes alone before the second joins: the
/// puzzles it ends (all but the hardest; Frisch's #17 and #18 take about
/// 400) run on one thread exactly as they would with one thread.
const SOLO: u64 = 5_000;

/// Conflicts each search makes between two exchanges of clauses.
const ROUND: u64 = 1_000;

/// The search of one puzzle's clauses, on one thread or two.
pub(crate) struct Portfolio {
    /// The first search, then the second once it has joined.
    searches: Vec<Sat>,
    threads: usize,
    /// The search whose model is the answer of the last round.
    winner: usize,
    /// For each search, the clauses the other shared in the last round.
    inbox: Vec<Vec<Lit>>,
    /// Conflicts of the first search alone ([`SOLO`]; tests set fewer).
    solo: u64,
    /// How many times the space was split (for the figures).
    pub(crate) splits: u64,
}

impl Portfolio {
    /// A search of `sat`'s clauses on up to `threads` threads (1: `sat`
    /// alone, on the calling thread).
    pub(crate) fn new(sat: Sat, threads: usize) -> Portfolio {
        Portfolio {
            searches: vec![sat],
            threads: threads.clamp(1, 2),
            winner: 0,
            inbox: vec![Vec::new()],
            solo: SOLO,
            splits: 0,
        }
    }

    /// The second joins after `conflicts` of the first search alone.
    #[cfg(test)]
    pub(crate) fn solo_for(mut self, conflicts: u64) -> Portfolio {
        self.solo = conflicts;
        self
    }

    /// Guesses (decisions) and conflicts so far, of all searches.
    pub(crate) fn effort(&self) -> (u64, u64) {
        self.searches
            .iter()
            .fold((0, 0), |(d, c), s| (d + s.decisions, c + s.conflicts))
    }

    /// Whether variable `v` is true in the model just found.
    pub(crate) fn is_true(&self, v: usize) -> bool {
        self.searches[self.winner].is_true(v)
    }

    /// Forbids the model just found, in every search.
    pub(crate) fn block(&mut self, lits: &[Lit]) {
        for sat in &mut self.searches {
            sat.block(lits);
        }
    }

    /// Searches for a model: true when found (read it with
    /// [`Portfolio::is_true`]), false when there is none.
    pub(crate) fn solve(&mut self) -> bool {
        if self.threads == 1 {
            return self.searches[0].solve();
        }
        if self.searches.len() == 1 {
            if let Some(found) = self.searches[0].solve_until(self.solo) {
                return found;
            }
            self.join_second();
        }
        loop {
            if let Some(found) = self.round() {
                return found;
            }
        }
    }

    /// Clones the first search, and splits the space between the two.
    fn join_second(&mut self) {
        let mut other = self.searches[0].clone();
        other.start_sharing();
        self.searches[0].start_sharing();
        self.searches.push(other);
        self.inbox.push(Vec::new());
        self.split(1);
    }

    /// Splits what search `keeps` has left (its cube is true at level 0
    /// now, or it has none) with the other: `keeps` takes a literal, the
    /// other its negation.
    fn split(&mut self, keeps: usize) {
        let lit = self.searches[keeps].split();
        self.splits += 1;
        self.searches[keeps].assume(lit);
        self.searches[1 - keeps].assume(lit.map(|l| l ^ 1));
    }

    /// One round: each search takes what the other shared, then runs
    /// [`ROUND`] conflicts (or to an answer) on a thread of its own. A
    /// search whose half was refuted in the last round first splits the
    /// other's half with it (not at the end of that round: an answer's
    /// model is still on its search's trail then).
    fn round(&mut self) -> Option<bool> {
        if let Some(refuted) = (0..2).find(|&n| self.searches[n].refuted) {
            for (sat, inbox) in self.searches.iter_mut().zip(&mut self.inbox) {
                sat.import(inbox);
                inbox.clear();
            }
            self.split(1 - refuted);
        }
        let inbox = std::mem::take(&mut self.inbox);
        let results: [(Option<bool>, u64); 2] = std::thread::scope(|scope| {
            let (first, rest) = self.searches.split_at_mut(1);
            let (first, other) = (&mut first[0], &mut rest[0]);
            let other_inbox = &inbox[1];
            let theirs = scope.spawn(move || run_round(other, other_inbox));
            let mine = run_round(first, &inbox[0]);
            [mine, theirs.join().expect("a search thread panicked")]
        });
        // Each search's inbox is what the other shared.
        self.inbox = self
            .searches
            .iter_mut()
            .rev()
            .map(Sat::take_outbox)
            .collect();
        let (_, winner, found) = results
            .iter()
            .enumerate()
            .filter_map(|(n, &(found, used))| found.map(|f| (used, n, f)))
            .min()?;
        self.winner = winner;
        Some(found)
    }
}

/// One search's round: the shared clauses taken in, then up to [`ROUND`]
/// conflicts; the answer if any, and the conflicts it took.
fn run_round(sat: &mut Sat, inbox: &[Lit]) -> (Option<bool>, u64) {
    sat.import(inbox);
    let start = sat.conflicts;
    let found = sat.solve_until(start + ROUND);
    (found, sat.conflicts - start)
}

#[cfg(test)]
#[path = "portfolio_tests.rs"]
mod tests;
