//! What one [`Sat`] search gives another of the same clauses
//! (`portfolio.rs`): the learnt clauses worth having, and the part of the
//! space each takes (a literal it assumes, its "cube").
//!
//! Any learnt clause follows from the clauses both searches were given
//! (decisions are never clauses), so a clause one learns holds for the
//! other too; only the cost of carrying it decides what is shared.

use super::{neg, Lit, Reason, Sat, UNSET};

/// Learnt clauses of at most this LBD are shared ("glue" clauses, which
/// both searches keep for good; ManySAT and plingeling share these).
const SHARE_LBD: u32 = 2;

/// And any clause of at most this many literals, whatever its LBD.
const SHARE_LEN: usize = 3;

/// How many of the most active variables [`Sat::split`] looks ahead on.
const SPLIT_CANDIDATES: usize = 16;

impl Sat {
    /// Copies every learnt clause from now on that is worth sharing to
    /// the outbox ([`Sat::take_outbox`]).
    pub(crate) fn start_sharing(&mut self) {
        self.sharing = true;
    }

    /// Copies `learnt`, of LBD `lbd` as the search measured it, to the
    /// outbox when short enough or of a small LBD. A short clause is sent
    /// with its length as its LBD.
    pub(super) fn share(&mut self, learnt: &[Lit], lbd: u32) {
        let short = learnt.len() <= SHARE_LEN;
        if short || lbd <= SHARE_LBD {
            self.outbox.push(learnt.len() as Lit);
            self.outbox
                .push(if short { learnt.len() as u32 } else { lbd });
            self.outbox.extend_from_slice(learnt);
        }
    }

    /// The clauses shared since the last call, as [`Sat::import`] reads them.
    pub(crate) fn take_outbox(&mut self) -> Vec<Lit> {
        std::mem::take(&mut self.outbox)
    }

    /// Adds another search's shared clauses (records of a length, an LBD
    /// and the literals), at level 0: each becomes a learnt clause here,
    /// without its literals false at level 0 (and none already true), or
    /// a unit.
    pub(crate) fn import(&mut self, records: &[Lit]) {
        self.backtrack(0);
        let mut i = 0;
        while i < records.len() && !self.dead {
            let len = records[i] as usize;
            let lbd = records[i + 1];
            let lits = &records[i + 2..i + 2 + len];
            i += 2 + len;
            self.add_at_level0(lits, Some(lbd));
        }
    }

    /// Makes `cube` this search's part of the space: decided first after
    /// every restart, until it is found false at level 0.
    pub(crate) fn assume(&mut self, cube: Option<Lit>) {
        self.backtrack(0);
        self.cube = cube;
        self.refuted = false;
    }

    /// At level 0, with a cube: decides it (true), or, when it is true
    /// already, leaves the decision to the order (false). Found false, it is
    /// refuted: dropped, its negation shared as a unit, and the round ends
    /// (true) so that the space can be split again.
    pub(super) fn decide_cube(&mut self) -> bool {
        let Some(cube) = self.cube else {
            return false;
        };
        match self.lit_value(cube) {
            1 => false,
            0 => {
                self.cube = None;
                self.refuted = true;
                if self.sharing {
                    self.outbox.extend_from_slice(&[1, 1, neg(cube)]);
                }
                self.epoch_end = self.conflicts;
                true
            }
            _ => {
                self.decisions += 1;
                self.levels.push(self.trail.len());
                self.expl_marks.push(self.expl.len());
                self.assign(cube, Reason::Decision);
                true
            }
        }
    }

    /// A literal to split the search on, at level 0: of the most active
    /// open variables, the one whose two values together set the most
    /// (the product of the literals each sets, as lookahead solvers
    /// choose), so that both halves are small. A value that fails is
    /// ruled out on the way. `None` when every variable is set.
    pub(crate) fn split(&mut self) -> Option<Lit> {
        self.backtrack(0);
        let mut open: Vec<usize> = (0..self.value.len())
            .filter(|&v| self.value[v] == UNSET)
            .collect();
        open.sort_by(|&a, &b| self.activity[b].total_cmp(&self.activity[a]));
        let mut best: Option<(u64, Lit)> = None;
        for &v in open.iter().take(SPLIT_CANDIDATES) {
            if self.value[v] != UNSET {
                continue;
            }
            let t = self.look_ahead(Sat::lit(v))?;
            let f = self.look_ahead(neg(Sat::lit(v)))?;
            if self.value[v] != UNSET {
                continue;
            }
            let score = (t + 1) * (f + 1);
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, Sat::lit(v)));
            }
        }
        best.map(|(_, l)| l)
    }

    /// How many literals setting `l` at level 1 sets; when that fails, `l`
    /// is made false at level 0 (0 is returned), and `None` when that in
    /// turn fails (no model at all).
    fn look_ahead(&mut self, l: Lit) -> Option<u64> {
        if self.lit_value(l) != UNSET {
            return Some(0);
        }
        self.levels.push(self.trail.len());
        self.expl_marks.push(self.expl.len());
        let before = self.trail.len();
        self.assign(l, Reason::Decision);
        let failed = self.propagate().is_some();
        let set = (self.trail.len() - before) as u64;
        self.backtrack(0);
        if !failed {
            return Some(set);
        }
        self.assign(neg(l), Reason::Decision);
        if self.propagate().is_some() {
            self.dead = true;
            return None;
        }
        Some(0)
    }
}
