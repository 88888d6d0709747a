//! MIDAS's symbol table: symbols and macros kept in a tree of blocks
//! (`.BEGIN`/`.END`), found the way real MIDAS finds them.
//!
//! Manual node Blocks: `.INIT` holds the initial symbols, `.MAIN` the
//! program's, and each `.BEGIN` a block inside the current one. A name is
//! looked for in the blocks entered and not yet ended, innermost first; a
//! definition goes into the current block. `BLOCK"SYM` names SYM of one
//! block only (`.M`, `.U`, `.C`: main, superior, current), and `SYM"` (a
//! global) or `SYM'` (a variable) the current block only. Details follow
//! `midas.458`: DQUOTE picks the block a name means, ES the definition a
//! reference sees, GVNF the "local undefined" entry a reference to an unknown
//! name leaves (in `.MAIN`, or in the block named), which shadows outer
//! definitions as a real entry does.
//!
//! Names reach this module as keys: components of at most six upper-case
//! characters joined by `"` (`NETWRK"HSTMAP`), a trailing `"` standing for
//! the current block (`FOO"`).

use crate::macros::Macro;
use crate::symbol_slots::HashEvent;
use std::collections::HashMap;
use std::rc::Rc;

/// The block of the initial symbols.
pub(crate) const INIT: usize = 0;
/// The program's outermost block.
pub(crate) const MAIN: usize = 1;

/// How a symbol got its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SymKind {
    /// Known before the program: an opcode, device or ITS name.
    Predefined,
    /// `FOO:`
    Label,
    /// `FOO=` or `FOO==`
    Assigned,
    /// `FOO=:` (may not be redefined with another value)
    Fixed,
    /// `FOO'`, `.SCALAR`, `.VECTOR`, placed by VARIABLES.
    Variable,
}

#[derive(Clone, Debug)]
pub(crate) struct Sym {
    pub value: u64,
    pub kind: SymKind,
    pub half_killed: bool,
    /// The pass that last defined it (0 for predefined symbols).
    pub pass: u8,
    /// An I/O instruction: its AC field is a device.
    pub io: bool,
    /// In a relocatable assembly, how many times the loader's relocation
    /// is added to each half (left half count,,right half count).
    pub rel: u64,
}

/// An entry: a definition, or the mark a reference to an unknown name
/// leaves (real MIDAS's "local undefined"), which hides outer definitions.
#[derive(Clone, Debug)]
enum Entry {
    Defined(Sym),
    Undefined,
}

#[derive(Clone, Debug)]
struct Block {
    name: String,
    parent: usize,
    level: usize,
    /// Bit `1 << pass` for each pass that entered it (`.BEGIN`).
    entered: u8,
}

/// Where a name leads: the block it names (None: the blocks in scope) and
/// the symbol's key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Place {
    pub block: Option<usize>,
    pub key: String,
}

/// Why `.BEGIN` or `.END` is refused.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum BlockError {
    /// The block was entered before in this pass (real MIDAS: "Multiply
    /// defined BLOCK").
    Twice(String),
    /// `.END NAME` does not end the current block, or `.END` in `.MAIN`.
    Unmatched(String),
}

pub(crate) struct Symbols {
    blocks: Vec<Block>,
    /// The blocks entered and not ended: `stack[level]`, `.INIT` first.
    stack: Vec<usize>,
    entries: HashMap<(usize, String), Entry>,
    macros: HashMap<(usize, String), Rc<Macro>>,
    /// Symbols `.KILL` left out of DDT's table altogether.
    killed: std::collections::HashSet<(usize, String)>,
    /// Symbols defined as globals (`FOO":`, `FOO"=1`): DDT gets them
    /// flagged global, in its GLOBAL block.
    globals: std::collections::HashSet<(usize, String)>,
    /// The entries made and expunged, in order: where each goes in real
    /// MIDAS's hash table (symbol_slots.rs).
    hash_events: Vec<HashEvent>,
    /// The entries live in the table as `hash_events` leave it, so that a
    /// symbol defined again (each pass, `FOO==FOO+1` in a REPEAT) adds no
    /// event.
    hash_live: std::collections::HashSet<(usize, String)>,
    /// Entries EQUALS made copies of a pseudo-op (`EQUALS %END,END`).
    pseudo_copies: std::collections::HashSet<(usize, String)>,
    /// Real MIDAS's pseudo-ops the program expunged.
    expunged_pseudos: std::collections::HashSet<String>,
    /// EXPUNGEs of the statement being read, done once it is assembled:
    /// real MIDAS defines `C:` of `C:: IF2 EXPUNGE C` before it reads the
    /// EXPUNGE, and this assembler defines labels after gathering.
    expunge_later: Vec<Place>,
}

impl Symbols {
    /// A table holding `initial` in `.INIT`.
    pub fn new(initial: impl IntoIterator<Item = (String, Sym)>) -> Symbols {
        let block = |name: &str, parent, level| Block {
            name: name.into(),
            parent,
            level,
            entered: 0,
        };
        let mut entries = HashMap::new();
        for (name, sym) in initial {
            entries.entry((INIT, name)).or_insert(Entry::Defined(sym));
        }
        Symbols {
            blocks: vec![block(".INIT", INIT, 0), block(".MAIN", INIT, 1)],
            stack: vec![INIT, MAIN],
            entries,
            macros: HashMap::new(),
            killed: Default::default(),
            globals: Default::default(),
            hash_events: Vec::new(),
            hash_live: Default::default(),
            pseudo_copies: Default::default(),
            expunged_pseudos: Default::default(),
            expunge_later: Vec::new(),
        }
    }

    /// A new pass starts in `.MAIN`. Symbols, macros and blocks stay, as
    /// in real MIDAS, where a macro is a symbol (`rms;macros` is read to
    /// its end on pass 1 only, `IF2 .INEOF`, and its macros serve pass 2).
    pub fn start_pass(&mut self) {
        self.stack = vec![INIT, MAIN];
    }

    pub fn current(&self) -> usize {
        *self.stack.last().expect(".INIT is never left")
    }

    /// `.BEGIN name`: enters the block `name` inside the current one (the
    /// same block each pass, as real MIDAS finds it by name and superior).
    pub fn begin(&mut self, name: &str, pass: u8) -> Result<(), BlockError> {
        let parent = self.current();
        let level = self.stack.len();
        let found = self
            .blocks
            .iter()
            .position(|b| b.name == name && b.parent == parent && b.level == level);
        let b = match found {
            Some(b) => b,
            None => self.new_block(name, parent, level),
        };
        self.stack.push(b);
        let bit = 1 << pass;
        let twice = self.blocks[b].entered & bit != 0;
        self.blocks[b].entered |= bit;
        if twice {
            return Err(BlockError::Twice(name.into()));
        }
        Ok(())
    }

    /// `.END [name]`: back to the superior block.
    pub fn end(&mut self, name: Option<&str>) -> Result<(), BlockError> {
        let b = self.current();
        if self.stack.len() <= 2 {
            return Err(BlockError::Unmatched(name.unwrap_or(".MAIN").into()));
        }
        self.stack.pop();
        match name {
            Some(n) if n != self.blocks[b].name => {
                Err(BlockError::Unmatched(self.blocks[b].name.clone()))
            }
            _ => Ok(()),
        }
    }

    fn new_block(&mut self, name: &str, parent: usize, level: usize) -> usize {
        self.blocks.push(Block {
            name: name.into(),
            parent,
            level,
            entered: 0,
        });
        self.blocks.len() - 1
    }

    /// The block and key a name stands for (DQUOTE of `midas.458`). May
    /// add a block not yet entered, as a reference before its `.BEGIN`
    /// does in real MIDAS.
    pub fn resolve(&mut self, name: &str) -> Place {
        // `SYM"` (a global) is SYM of the named block or the current one.
        let global = name.ends_with('"');
        let mut parts: Vec<&str> = name.trim_end_matches('"').split('"').collect();
        let key = parts.pop().unwrap_or_default().to_string();
        let mut spec: Option<usize> = None;
        for part in parts {
            spec = Some(match part {
                ".M" => MAIN,
                ".U" => self.blocks[spec.unwrap_or(self.current())].parent,
                ".C" => spec.unwrap_or(self.current()),
                _ => self.find_block(part, spec),
            });
        }
        if global {
            spec.get_or_insert(self.current());
        }
        Place { block: spec, key }
    }

    /// A name looked for in the current block only (`SYM'`, a variable),
    /// unless it names its block.
    pub fn resolve_local(&mut self, name: &str) -> Place {
        let mut p = self.resolve(name);
        p.block.get_or_insert(self.current());
        p
    }

    /// The block `name` inside `within` (or, when no block was named, the
    /// best block of that name: one already entered, then one inside the
    /// current block), made if there is none.
    fn find_block(&mut self, name: &str, within: Option<usize>) -> usize {
        let parent = within.unwrap_or(self.current());
        let level = self.blocks[parent].level + 1;
        let inside = |b: &Block| b.parent == parent && b.level == level;
        let mut best: Option<(usize, bool)> = None;
        for (i, b) in self.blocks.iter().enumerate() {
            if b.name != name {
                continue;
            }
            if within.is_some() {
                if inside(b) {
                    best = Some((i, true));
                    break;
                }
                continue;
            }
            let entered = b.entered != 0;
            let take = match best {
                None => true,
                Some((_, best_entered)) if entered != best_entered => entered,
                Some(_) => inside(b),
            };
            if take {
                best = Some((i, entered));
            }
        }
        match best {
            Some((b, _)) => b,
            None => self.new_block(name, parent, level),
        }
    }

    /// The entry a reference to `p` sees: in its block, or the innermost of
    /// the blocks in scope that has one.
    fn visible(&self, p: &Place) -> Option<(usize, &Entry)> {
        match p.block {
            Some(b) => self.entries.get(&(b, p.key.clone())).map(|e| (b, e)),
            None => self
                .stack
                .iter()
                .rev()
                .find_map(|&b| self.entries.get(&(b, p.key.clone())).map(|e| (b, e))),
        }
    }

    /// The definition a reference to `p` sees, if it is defined.
    pub fn get(&self, p: &Place) -> Option<&Sym> {
        match self.visible(p) {
            Some((_, Entry::Defined(s))) => Some(s),
            _ => None,
        }
    }

    /// Whether the symbol an unknown reference named `unknown` (as
    /// [`Symbols::reference`] gives it, `block:key`) is defined now.
    pub fn is_defined_now(&self, unknown: &str) -> bool {
        let Some((block, key)) = unknown.split_once(':') else {
            return false;
        };
        let Ok(block) = block.parse::<usize>() else {
            return false;
        };
        matches!(
            self.entries.get(&(block, key.to_string())),
            Some(Entry::Defined(_))
        )
    }

    /// The block of the definition a reference to `p` sees.
    pub fn block_of(&self, p: &Place) -> Option<usize> {
        self.visible(p).map(|(b, _)| b)
    }

    /// A reference to `p`: its definition, or (unknown) the mark that the
    /// name was used, in the named block or `.MAIN` (real MIDAS's GVNF), and
    /// a name that tells this unknown from others.
    pub fn reference(&mut self, p: &Place) -> Result<Sym, String> {
        match self.visible(p) {
            Some((_, Entry::Defined(s))) => Ok(s.clone()),
            Some((b, Entry::Undefined)) => Err(format!("{b}:{}", p.key)),
            None => {
                let b = p.block.unwrap_or(MAIN);
                self.note_symbol_made(b, &p.key);
                self.entries.insert((b, p.key.clone()), Entry::Undefined);
                Err(format!("{b}:{}", p.key))
            }
        }
    }

    /// The blocks in scope, innermost first.
    pub fn in_scope(&self) -> Vec<usize> {
        self.stack.iter().rev().copied().collect()
    }

    /// What block `b` itself holds for `key`: nothing, an undefined mark
    /// (`Some(None)`), or a definition.
    pub fn entry_at(&self, b: usize, key: &str) -> Option<Option<&Sym>> {
        match self.entries.get(&(b, key.to_string()))? {
            Entry::Defined(s) => Some(Some(s)),
            Entry::Undefined => Some(None),
        }
    }

    /// The block a definition of `p` goes into.
    pub fn target(&self, p: &Place) -> usize {
        p.block.unwrap_or(self.current())
    }

    /// The definition of `p` already in the block a new one would go into.
    pub fn get_for_define(&self, p: &Place) -> Option<&Sym> {
        match self.entries.get(&(self.target(p), p.key.clone())) {
            Some(Entry::Defined(s)) => Some(s),
            _ => None,
        }
    }

    pub fn get_for_define_mut(&mut self, p: &Place) -> Option<&mut Sym> {
        match self.entries.get_mut(&(self.target(p), p.key.clone())) {
            Some(Entry::Defined(s)) => Some(s),
            _ => None,
        }
    }

    /// Defines `p` in its block.
    pub fn define(&mut self, p: &Place, sym: Sym) {
        let b = self.target(p);
        self.note_symbol_made(b, &p.key);
        self.entries.insert((b, p.key.clone()), Entry::Defined(sym));
    }

    /// Makes `p` undefined where [`Symbols::define`] would define it.
    pub fn undefine(&mut self, p: &Place) {
        let b = self.target(p);
        self.note_symbol_made(b, &p.key);
        self.entries.insert((b, p.key.clone()), Entry::Undefined);
    }

    /// Notes that the entry `key` of block `b` is made (nothing if it is
    /// there).
    fn note_made(&mut self, b: usize, key: &str) {
        if self.hash_live.insert((b, key.to_string())) {
            self.hash_events.push(HashEvent::Make(b, key.to_string()));
        }
    }

    /// Notes that the entry `key` of block `b` is expunged.
    fn note_expunged(&mut self, b: usize, key: &str) {
        self.hash_live.remove(&(b, key.to_string()));
        self.hash_events
            .push(HashEvent::Expunge(b, key.to_string()));
    }

    /// Notes the entry a symbol `key` of block `b` makes: none for one of
    /// real MIDAS's variables (`.TTYFLG==1` sets its own).
    fn note_symbol_made(&mut self, b: usize, key: &str) {
        if !self.is_midas_own(key) {
            self.note_made(b, key);
        }
    }

    /// Whether `key` names one of real MIDAS's variables (not expunged):
    /// its value is MIDAS's, not a symbol of the program's.
    pub fn is_midas_own(&self, key: &str) -> bool {
        crate::symbol_order::is_midas_variable(key) && !self.expunged_pseudos.contains(key)
    }

    /// A name read where real MIDAS looks it up and enters it when not
    /// there (`.GLOBAL`'s): the hash entry a reference would make, no
    /// definition.
    pub fn note_named(&mut self, p: &Place) {
        if self.visible(p).is_none() {
            self.note_symbol_made(p.block.unwrap_or(MAIN), &p.key);
        }
    }

    /// Makes the entry of `p` in the hash table's order without defining
    /// it (a variable not yet placed).
    pub fn make_entry(&mut self, p: &Place) {
        let b = self.target(p);
        self.note_made(b, &p.key);
    }

    /// Whether the initial pseudo-op `key` was expunged (and not made a
    /// pseudo-op again by EQUALS): its name is then an ordinary symbol
    /// (aap;tenth's `EXPUNGE .ELSE,.BEGIN` then `.ELSE: DOCOL`).
    pub fn pseudo_expunged(&self, key: &str) -> bool {
        self.expunged_pseudos.contains(key)
    }

    /// The initial pseudo-ops expunged (see [`Symbols::pseudo_expunged`]).
    pub fn expunged_pseudos(&self) -> &std::collections::HashSet<String> {
        &self.expunged_pseudos
    }

    /// EQUALS made `p` a copy of a pseudo-op: an entry of its block.
    pub fn make_pseudo_copy(&mut self, p: &Place) {
        self.expunged_pseudos.remove(&p.key);
        let b = self.target(p);
        self.note_made(b, &p.key);
        self.pseudo_copies.insert((b, p.key.clone()));
    }

    /// `.SYMTAB n,...` (`args`): real MIDAS's table gets `n` slots if
    /// more.
    pub fn symtab(&mut self, args: &str) {
        match crate::symbol_slots::symtab_size(args) {
            Some(n) => {
                // A new table holds none of the program's entries.
                self.hash_live.clear();
                self.hash_events.push(HashEvent::Resize(n));
            }
            None => self.hash_events.push(HashEvent::UnknownSize),
        }
    }

    /// The entries made and expunged, in order.
    pub fn hash_events(&self) -> &[HashEvent] {
        &self.hash_events
    }

    /// The visible definition of `p`, to change its flags (`.KILL`).
    pub fn get_mut(&mut self, p: &Place) -> Option<&mut Sym> {
        let b = self.block_of(p)?;
        match self.entries.get_mut(&(b, p.key.clone())) {
            Some(Entry::Defined(s)) => Some(s),
            _ => None,
        }
    }

    /// EXPUNGE in a statement: forgets `p` once the statement is
    /// assembled ([`Symbols::end_statement`]).
    pub fn expunge_after_statement(&mut self, p: Place) {
        self.expunge_later.push(p);
    }

    /// The statement is assembled: does its EXPUNGEs.
    pub fn end_statement(&mut self) {
        for p in std::mem::take(&mut self.expunge_later) {
            self.expunge(&p);
        }
    }

    /// EXPUNGE: forgets the visible symbol or macro `p`.
    fn expunge(&mut self, p: &Place) {
        if let Some(b) = self.macro_block(p) {
            self.macros.remove(&(b, p.key.clone()));
            self.note_expunged(b, &p.key);
        } else if let Some(b) = self.block_of(p) {
            self.entries.remove(&(b, p.key.clone()));
            self.note_expunged(b, &p.key);
        } else {
            // A copy of a pseudo-op, else an initial pseudo-op itself (its
            // entry in `.INIT`, if it has one: nothing otherwise).
            let at = |b: usize| (b, p.key.clone());
            let copy = self
                .stack
                .iter()
                .rev()
                .copied()
                .find(|&b| self.pseudo_copies.contains(&at(b)));
            let b = copy.unwrap_or(INIT);
            self.pseudo_copies.remove(&at(b));
            if b == INIT {
                self.expunged_pseudos.insert(p.key.clone());
            }
            self.note_expunged(b, &p.key);
        }
    }

    /// The block of the macro a name `p` calls: the innermost block in
    /// scope with a macro or symbol of that name, if it is a macro there.
    fn macro_block(&self, p: &Place) -> Option<usize> {
        let has_macro = |b: usize| self.macros.contains_key(&(b, p.key.clone()));
        match p.block {
            Some(b) => has_macro(b).then_some(b),
            None => self.stack.iter().rev().find_map(|&b| {
                if has_macro(b) {
                    Some(Some(b))
                } else if self.entries.contains_key(&(b, p.key.clone())) {
                    Some(None)
                } else {
                    None
                }
            })?,
        }
    }

    /// The macro `p` calls, if it names one.
    pub fn macro_for(&self, p: &Place) -> Option<Rc<Macro>> {
        let b = self.macro_block(p)?;
        self.macros.get(&(b, p.key.clone())).cloned()
    }

    /// A symbol of MIDAS's own state (`.QMTCH`): one value wherever it is
    /// set (real MIDAS's INTSYM), kept in `.INIT`.
    pub fn set_state(&mut self, key: &str, value: u64) {
        if let Some(Entry::Defined(s)) = self.entries.get_mut(&(INIT, key.to_string())) {
            s.value = value;
        }
    }

    /// The value of a symbol of MIDAS's own state.
    pub fn state(&self, key: &str) -> u64 {
        match self.entries.get(&(INIT, key.to_string())) {
            Some(Entry::Defined(s)) => s.value,
            _ => 0,
        }
    }

    /// DEFINE: a macro in the current (or named) block.
    pub fn define_macro(&mut self, p: &Place, m: Rc<Macro>) {
        let b = self.target(p);
        self.note_made(b, &p.key);
        self.macros.insert((b, p.key.clone()), m);
    }

    /// Takes away a macro of `p`'s block (a symbol of that name is defined
    /// by EQUALS).
    pub fn remove_macro(&mut self, p: &Place) {
        let b = self.target(p);
        self.macros.remove(&(b, p.key.clone()));
    }

    /// `.KILL`: the visible symbol `p` will not go in DDT's table (manual:
    /// "The specified symbols will not go in the symbol table").
    pub fn kill(&mut self, p: &Place) {
        if let Some(b) = self.block_of(p) {
            self.killed.insert((b, p.key.clone()));
        }
    }

    /// Marks the symbol `p` defines global (`FOO":`).
    pub fn mark_global(&mut self, p: &Place) {
        let b = self.target(p);
        self.globals.insert((b, p.key.clone()));
    }

    /// Every symbol the program defined and did not `.KILL`: its block,
    /// name, definition, and whether it was defined as a global.
    pub fn program_symbols(&self) -> impl Iterator<Item = (usize, &str, &Sym, bool)> {
        self.entries
            .iter()
            .filter_map(|(at @ (b, name), e)| match e {
                Entry::Defined(s)
                    if *b != INIT && s.kind != SymKind::Predefined && !self.killed.contains(at) =>
                {
                    Some((*b, name.as_str(), s, self.globals.contains(at)))
                }
                _ => None,
            })
    }

    /// Every block, `.INIT` and `.MAIN` first, then in the order they were
    /// first named: its name, superior and level (`.INIT` 0, `.MAIN` 1).
    pub fn blocks(&self) -> impl Iterator<Item = (&str, usize, usize)> {
        self.blocks
            .iter()
            .map(|b| (b.name.as_str(), b.parent, b.level))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sym(value: u64) -> Sym {
        Sym {
            value,
            kind: SymKind::Assigned,
            half_killed: false,
            pass: 1,
            io: false,
            rel: 0,
        }
    }

    #[test]
    fn inner_definitions_shadow_outer_ones_while_in_scope() {
        let mut t = Symbols::new([("A".to_string(), sym(7))]);
        let a = t.resolve("A");
        assert_eq!(t.get(&a).unwrap().value, 7);
        t.define(&a, sym(1));
        t.begin("FOO", 1).unwrap();
        assert_eq!(t.get(&a).unwrap().value, 1);
        t.define(&a, sym(2));
        assert_eq!(t.get(&a).unwrap().value, 2);
        t.end(Some("FOO")).unwrap();
        assert_eq!(t.get(&a).unwrap().value, 1);
        let foo_a = t.resolve("FOO\"A");
        assert_eq!(t.get(&foo_a).unwrap().value, 2);
        let init_a = t.resolve(".U\"A");
        assert_eq!(t.get(&init_a).unwrap().value, 7);
    }

    #[test]
    fn a_reference_to_an_unknown_name_hides_outer_definitions() {
        // Real MIDAS on `.C"Q` in BAR, then `Q` in BAR: Q of FOO is hidden.
        let mut t = Symbols::new([]);
        t.begin("FOO", 1).unwrap();
        let q = t.resolve("Q");
        t.define(&q, sym(3));
        t.begin("BAR", 1).unwrap();
        assert!(t.reference(&q).is_ok());
        let cq = t.resolve(".C\"Q");
        assert!(t.reference(&cq).is_err());
        assert!(t.reference(&q).is_err());
        assert!(t.get(&q).is_none());
    }

    #[test]
    fn blocks_are_found_by_name_preferring_entered_ones() {
        let mut t = Symbols::new([]);
        t.begin("FOO", 1).unwrap();
        // C"X before any block C: a block C inside FOO, never entered.
        let x = t.resolve("C\"X");
        t.end(None).unwrap();
        t.begin("C", 1).unwrap();
        let x_here = t.resolve("X");
        t.define(&x_here, sym(0o10));
        t.end(Some("C")).unwrap();
        t.begin("FOO", 2).unwrap();
        let x2 = t.resolve("C\"X");
        assert_ne!(x.block, x2.block);
        assert_eq!(t.get(&x2).unwrap().value, 0o10);
        assert_eq!(t.end(Some("BAR")), Err(BlockError::Unmatched("FOO".into())));
        assert_eq!(t.begin("FOO", 2), Err(BlockError::Twice("FOO".into())));
        // A FOO inside FOO is another block.
        assert_eq!(t.begin("FOO", 2), Ok(()));
        t.end(None).unwrap();
        t.end(None).unwrap();
        assert!(t.end(None).is_err());
    }

    #[test]
    fn a_global_or_variable_name_is_looked_for_in_the_current_block() {
        let mut t = Symbols::new([]);
        let a = t.resolve("A");
        t.define(&a, sym(1));
        t.begin("FOO", 1).unwrap();
        let g = t.resolve("A\"");
        assert_eq!(g.key, "A");
        assert!(t.get(&g).is_none());
        let local = t.resolve_local("A");
        assert!(t.get(&local).is_none());
        let any = t.resolve("A");
        assert!(t.get(&any).is_some());
    }
}
