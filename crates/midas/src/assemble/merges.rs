//! Equal literals that real MIDAS merges on pass 1 after a forward
//! reference in the earlier one has been defined.
//!
//! Real MIDAS keeps beside each word of a constant the undefined symbols it
//! refers to and fixes the word up when they get defined; a later literal equal to
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
    /// What each word of the words just evaluated referred to, if they were
    /// evaluated one by one inside a literal.
    word_refs: Option<Vec<Option<Vec<String>>>>,
    /// The same for the literal about to be added.
    next_word_refs: Option<Vec<Option<Vec<String>>>>,
    /// Literals added so far on this pass.
    call: usize,
    /// Pass 1: each literal's undefined symbols (empty: fully defined;
    /// `None`: not fixable by symbols).
    pass1: Vec<Option<Vec<String>>>,
    /// Pass 1: each word's undefined symbols, for literals of several
    /// words whose words were evaluated one by one.
    pass1_words: HashMap<usize, Vec<Option<Vec<String>>>>,
    /// Where each literal of the area being collected landed: literal ->
    /// its first word in the area and how many words it has (a one-word
    /// literal may share a word of a longer one, as on pass 2).
    landed: HashMap<usize, (usize, usize)>,
    /// Pass 1: a fully defined literal and the words of earlier literals
    /// (literal, word) whose symbols were all defined by then.
    candidates: HashMap<usize, Vec<(usize, usize)>>,
    /// Merges to make on pass 1: literal -> the earlier one whose word it
    /// shares, and which of that one's words.
    pub forced: HashMap<usize, (usize, usize)>,
    /// Merges pass 2 found that pass 1 did not make.
    pub found: Vec<(usize, (usize, usize))>,
}

impl LiteralMerges {
    pub fn start_pass(&mut self, pass: u8) {
        self.collecting = None;
        self.next_refs = None;
        self.word_refs = None;
        self.next_word_refs = None;
        self.call = 0;
        self.landed.clear();
        if pass == 1 {
            self.pass1.clear();
            self.pass1_words.clear();
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
        self.next_word_refs = self.word_refs.take();
    }

    /// Whether a literal's references are being collected.
    pub fn collecting(&self) -> bool {
        self.collecting.is_some()
    }

    /// One word of a literal begins: collect its references apart.
    pub fn begin_word(&mut self) -> Option<Option<Vec<String>>> {
        self.begin_literal()
    }

    /// The word's references; they also count for the literal around it.
    pub fn end_word(&mut self, outer: Option<Option<Vec<String>>>) -> Option<Vec<String>> {
        let mine = std::mem::replace(&mut self.collecting, outer).flatten();
        match (&mut self.collecting, &mine) {
            (Some(Some(refs)), Some(m)) => refs.extend(m.iter().cloned()),
            (Some(c), None) => *c = None,
            _ => {}
        }
        mine
    }

    /// The words just evaluated one by one and what each referred to.
    pub fn set_word_refs(&mut self, refs: Option<Vec<Option<Vec<String>>>>) {
        self.word_refs = refs;
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
        let word_refs = self.next_word_refs.take();
        if pass == 1 {
            self.pass1.push(refs);
            if let Some(words) = word_refs.filter(|w| w.len() > 1) {
                self.pass1_words.insert(call, words);
            }
        }
        call
    }

    /// The word of the area that `call` must share on pass 1, if any.
    pub fn forced_entry(&self, call: usize) -> Option<usize> {
        let (target, word) = self.forced.get(&call)?;
        let (first, len) = self.landed.get(target).copied()?;
        (*word < len).then_some(first + word)
    }

    /// The literal `call` is the `len` words of the area from `entry` on.
    pub fn landed(&mut self, call: usize, entry: usize, len: usize) {
        self.landed.insert(call, (entry, len));
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
        let fixed = |refs: &Option<Vec<String>>| match refs {
            Some(refs) => !refs.is_empty() && refs.iter().all(|r| defined(r)),
            None => false,
        };
        let mut earlier: Vec<(usize, usize)> = Vec::new();
        for (&c, &(_, len)) in &self.landed {
            match self.pass1_words.get(&c) {
                // A word of a longer literal is fixed up on its own.
                Some(words) => earlier.extend(
                    (0..len)
                        .filter(|&k| words.get(k).is_some_and(&fixed))
                        .map(|k| (c, k)),
                ),
                None => {
                    if self.pass1.get(c).is_some_and(&fixed) {
                        earlier.extend((0..len).map(|k| (c, k)));
                    }
                }
            }
        }
        earlier.sort_unstable();
        if !earlier.is_empty() {
            self.candidates.insert(call, earlier);
        }
    }

    /// Pass 2: `call`'s word is `w` and it shares word `entry` of the area
    /// (the first equal one). Notes a merge real MIDAS made on pass 1 that
    /// this pass 1 did not: `entry` is a word of an earlier literal whose
    /// symbols were all defined when `call` was met (real MIDAS had fixed
    /// that word up by then, whether its literal is one word or several).
    pub fn check_pass2(&mut self, call: usize, entry: Option<usize>) {
        if self.forced.contains_key(&call) {
            return;
        }
        let (Some(entry), Some(earlier)) = (entry, self.candidates.get(&call)) else {
            return;
        };
        for &(c, k) in earlier {
            if self
                .landed
                .get(&c)
                .is_some_and(|&(first, _)| first + k == entry)
            {
                self.found.push((call, (c, k)));
                return;
            }
        }
    }
}
