//! Equal literals that real MIDAS merges on pass 1 after a forward
//! reference in the earlier one has been defined.
//!
//! Real MIDAS keeps beside each constant the undefined symbols it refers to
//! and fixes the constant up when they get defined; a later literal equal to
//! the fixed-up word then shares it, already on pass 1 (`[FOO]`, `FOO:`,
//! `[FOO]` is one constant, with no gap left in the area on pass 2). This
//! assembler does not fix constants up. It notes, on pass 1, which earlier
//! literals a fully defined one could have met that way; on pass 2, where
//! every value is known, it sees which of them were really equal, and the
//! driver assembles again with those merges made on pass 1.

use std::collections::HashMap;

/// What pass 1 and pass 2 note about literals for those merges.
#[derive(Debug, Default)]
pub(crate) struct LiteralMerges {
    /// The undefined symbols of the literal being evaluated (`None`: it
    /// holds something else not yet known), or not collecting.
    collecting: Option<Option<Vec<String>>>,
    /// What the literal about to be added referred to.
    next_refs: Option<Vec<String>>,
    /// Literals added so far on this pass.
    call: usize,
    /// Pass 1: each literal's undefined symbols (empty: fully defined;
    /// `None`: not fixable by symbols).
    pass1: Vec<Option<Vec<String>>>,
    /// Where each one-word literal of the area being collected landed:
    /// literal -> word of the area.
    landed: HashMap<usize, usize>,
    /// Pass 1: a fully defined literal and the earlier literals whose
    /// symbols were all defined by then.
    candidates: HashMap<usize, Vec<usize>>,
    /// Merges to make on pass 1: literal -> the earlier one it shares.
    pub forced: HashMap<usize, usize>,
    /// Merges pass 2 found that pass 1 did not make.
    pub found: Vec<(usize, usize)>,
}

impl LiteralMerges {
    pub fn start_pass(&mut self, pass: u8) {
        self.collecting = None;
        self.next_refs = None;
        self.call = 0;
        self.landed.clear();
        if pass == 1 {
            self.pass1.clear();
            self.candidates.clear();
        }
    }

    /// A literal begins: collect its references, returning the outer one's.
    pub fn begin_literal(&mut self) -> Option<Option<Vec<String>>> {
        self.collecting.replace(Some(Vec::new()))
    }

    /// The literal's references, the outer collection restored.
    pub fn end_literal(&mut self, outer: Option<Option<Vec<String>>>) -> Option<Vec<String>> {
        std::mem::replace(&mut self.collecting, outer).flatten()
    }

    pub fn set_next_refs(&mut self, refs: Option<Vec<String>>) {
        self.next_refs = refs;
    }

    /// An undefined symbol, as [`crate::symtab::Symbols::reference`] names it.
    pub fn unknown_symbol(&mut self, unknown: &str) {
        if let Some(Some(refs)) = &mut self.collecting {
            refs.push(unknown.to_string());
        }
    }

    /// Something not yet known that no symbol definition settles.
    pub fn unknown_not_symbol(&mut self) {
        if let Some(c) = &mut self.collecting {
            *c = None;
        }
    }

    /// Numbers the literal being added; on pass 1 keeps its references.
    pub fn next_call(&mut self, pass: u8) -> usize {
        let call = self.call;
        self.call += 1;
        let refs = self.next_refs.take();
        if pass == 1 {
            self.pass1.push(refs);
        }
        call
    }

    /// The word of the area that `call` must share on pass 1, if any.
    pub fn forced_entry(&self, call: usize) -> Option<usize> {
        let target = self.forced.get(&call)?;
        self.landed.get(target).copied()
    }

    /// The one-word literal `call` is word `entry` of the area.
    pub fn landed(&mut self, call: usize, entry: usize) {
        self.landed.insert(call, entry);
    }

    pub fn area_placed(&mut self) {
        self.landed.clear();
    }

    /// Pass 1: `call`, fully defined, could meet the area's earlier
    /// literals whose symbols are all defined now.
    pub fn note_candidates(&mut self, call: usize, defined: impl Fn(&str) -> bool) {
        if !matches!(self.pass1.get(call), Some(Some(refs)) if refs.is_empty()) {
            return;
        }
        let mut earlier: Vec<usize> = self
            .landed
            .keys()
            .copied()
            .filter(|&c| match self.pass1.get(c) {
                Some(Some(refs)) => !refs.is_empty() && refs.iter().all(|r| defined(r)),
                _ => false,
            })
            .collect();
        earlier.sort_unstable();
        if !earlier.is_empty() {
            self.candidates.insert(call, earlier);
        }
    }

    /// Pass 2: `call`'s word is `w`; `words` are the area's so far. Notes a
    /// merge real MIDAS made on pass 1 that this pass 1 did not.
    pub fn check_pass2(&mut self, call: usize, w: u64, words: &[(u64, u64)]) {
        if self.forced.contains_key(&call) {
            return;
        }
        let Some(earlier) = self.candidates.get(&call) else {
            return;
        };
        for &c in earlier {
            let equal = self
                .landed
                .get(&c)
                .is_some_and(|&e| words.get(e).is_some_and(|x| x.0 == w));
            if equal {
                self.found.push((call, c));
                return;
            }
        }
    }
}
