//! Where each entry of the program goes in real MIDAS 433's symbol hash
//! table, whose order decides the order of the DDT table's symbols of
//! equal value (docs/0004-ddt-symbol-table.md). Every entry counts, also
//! those never written: macros, names used and never defined, `.KILL`ed
//! symbols. EXPUNGE leaves the entry's slot marked expunged (real MIDAS
//! stores `400000,,0` over the name), and the next entry made whose search
//! passes that slot takes it (its ES remembers the first expunged slot
//! seen; DEFCH1 uses it).

#[cfg(test)]
use crate::ddt_symbols::hash_slot;
use crate::ddt_symbols::{hash_slot_in, TABLE_SIZE};
use std::collections::HashMap;

/// What happened to an entry of the table: `(block, key)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum HashEvent {
    /// An entry was made (a definition, a macro, a name used before being
    /// defined); nothing if the block has one of that name.
    Make(usize, String),
    /// The entry was expunged.
    Expunge(usize, String),
    /// `.SYMTAB n`: if `n` is more than the table's size, a table of `n`
    /// slots holding only the initial symbols (real MIDAS's A.SYMTAB
    /// re-initializes it; it must come before anything else).
    Resize(usize),
    /// `.SYMTAB` with a size not modelled (an expression): the table's
    /// size is not known, so neither is whether it fills.
    UnknownSize,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Free,
    Expunged,
    Used,
}

/// A table of `size` slots.
#[derive(Clone)]
struct Table {
    slots: Vec<Slot>,
    live: HashMap<(usize, String), usize>,
    /// The block of each slot's last entry: real MIDAS's 3RDWRD, whose
    /// right half EXPUNGE leaves as it was (AEXPU1 writes only the name).
    blocks: Vec<usize>,
}

impl Table {
    fn make(&mut self, block: usize, key: &str) {
        if self.live.contains_key(&(block, key.to_string())) {
            return;
        }
        let size = self.slots.len();
        let code = pdp10_isa::squoze::encode(key).unwrap_or(0);
        let mut at = hash_slot_in(code, size as u64) as usize;
        for _ in 0..size {
            if self.slots[at] != Slot::Used {
                self.slots[at] = Slot::Used;
                self.blocks[at] = block;
                self.live.insert((block, key.to_string()), at);
                return;
            }
            at = (at + 1) % size;
        }
    }

    fn expunge(&mut self, block: usize, key: &str) {
        if let Some(at) = self.live.remove(&(block, key.to_string())) {
            self.slots[at] = Slot::Expunged;
        }
    }
}

/// The slot of each entry live at the end: the initial symbols (keys, in
/// the order real MIDAS enters them, see
/// [`crate::symbol_order::initial_in_order`]) in block 0, then the events
/// in order. A program with too many names for its table (real MIDAS
/// stops: "Symbol table full", and so does the assembler) gets a table
/// just big enough, without the initial symbols.
pub(crate) fn slots(initial: &[String], events: &[HashEvent]) -> HashMap<(usize, String), usize> {
    if first_without_room(initial, events).is_none() {
        let mut replay = Replay::new(initial);
        replay.catch_up(events);
        return replay.table.live;
    }
    let made: std::collections::HashSet<_> = events
        .iter()
        .filter_map(|e| match e {
            HashEvent::Make(b, k) => Some((*b, k.as_str())),
            _ => None,
        })
        .collect();
    let mut table = Replay::initial_table(&[], made.len() + 1);
    for e in events {
        match e {
            HashEvent::Make(b, k) => table.make(*b, k),
            HashEvent::Expunge(b, k) => table.expunge(*b, k),
            HashEvent::Resize(_) | HashEvent::UnknownSize => {}
        }
    }
    table.live
}

/// The block named by the 3RDWRD of the table's first slot at the end
/// (0, `.INIT`, for an initial symbol or a slot never used). Real
/// MIDAS's BKCNT counts the written symbols with an AOBJN loop that runs
/// once even when there are none, on that entry: a program writing no
/// symbol has its GLOBAL block's length 4, not 2, as real MIDAS 433
/// writes it (midas-oracle; wl;wboard). A table that fills is fatal, 0.
pub(crate) fn first_slot_block(initial: &[String], events: &[HashEvent]) -> usize {
    if first_without_room(initial, events).is_some() {
        return 0;
    }
    let mut replay = Replay::new(initial);
    replay.catch_up(events);
    replay.table.blocks[0]
}

/// The first name that finds real MIDAS's table full (it stops there:
/// "Symbol table full", a fatal error), if one does: the table of
/// [`TABLE_SIZE`] slots, or of `.SYMTAB`'s size, with the initial symbols
/// entered first.
pub(crate) fn first_without_room(initial: &[String], events: &[HashEvent]) -> Option<String> {
    let mut replay = Replay::new(initial);
    for e in events {
        match e {
            HashEvent::Make(b, k) if replay.is_full_for(*b, k) => return Some(k.clone()),
            HashEvent::UnknownSize => return None,
            _ => replay.apply(e),
        }
    }
    None
}

/// Real MIDAS 433's table as it stands while the program is assembled:
/// the initial symbols, then the events replayed as they come (the
/// entry a loader-valued local is known by is its entry at that time).
#[derive(Clone)]
pub(crate) struct Replay {
    table: Table,
    applied: usize,
    initial: Vec<String>,
}

impl std::fmt::Debug for Replay {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Replay({} events)", self.applied)
    }
}

impl Replay {
    /// The table holding the initial symbols (keys in real MIDAS's order).
    pub(crate) fn new(initial: &[String]) -> Replay {
        Replay {
            table: Replay::initial_table(initial, TABLE_SIZE as usize),
            applied: 0,
            initial: initial.to_vec(),
        }
    }

    fn initial_table(initial: &[String], size: usize) -> Table {
        let mut table = Table {
            slots: vec![Slot::Free; size],
            live: HashMap::new(),
            blocks: vec![0; size],
        };
        for k in initial {
            table.make(0, k);
        }
        table
    }

    /// Applies the events not applied yet.
    pub(crate) fn catch_up(&mut self, events: &[HashEvent]) {
        for e in events.iter().skip(self.applied) {
            self.apply(e);
        }
        self.applied = events.len();
    }

    fn apply(&mut self, e: &HashEvent) {
        match e {
            HashEvent::Make(b, k) => self.table.make(*b, k),
            HashEvent::Expunge(b, k) => self.table.expunge(*b, k),
            // `.SYMTAB` comes before the program's names.
            HashEvent::Resize(n) if *n > self.table.slots.len() => {
                self.table = Replay::initial_table(&self.initial, *n);
            }
            HashEvent::Resize(_) | HashEvent::UnknownSize => {}
        }
    }

    /// Whether a new entry `(block, key)` finds every slot used (each used
    /// slot holds a live entry).
    fn is_full_for(&self, block: usize, key: &str) -> bool {
        self.table.live.len() >= self.table.slots.len()
            && !self.table.live.contains_key(&(block, key.to_string()))
    }

    /// The entry of the live name `key` (its outermost block's).
    pub(crate) fn entry(&self, key: &str) -> Option<usize> {
        self.table
            .live
            .iter()
            .filter(|((_, k), _)| k == key)
            .min_by_key(|((b, _), _)| *b)
            .map(|(_, &slot)| slot)
    }

    /// Each live name's entry (its outermost block's).
    pub(crate) fn entries(&self) -> HashMap<String, usize> {
        let mut out: HashMap<String, (usize, usize)> = HashMap::new();
        for ((b, k), &slot) in &self.table.live {
            let e = out.entry(k.clone()).or_insert((*b, slot));
            if *b < e.0 {
                *e = (*b, slot);
            }
        }
        out.into_iter().map(|(k, (_, s))| (k, s)).collect()
    }

    /// EXPUNGE of `key` as real MIDAS 433's AEXPU1 sees it in a
    /// relocatable assembly: when no entry of that name is live and its
    /// first entry is taken (live or expunged), the entry where ES would
    /// define it, the first expunged or free one of its search (ES then
    /// leaves -1 in A and AEXPU1 tells the loader to delete the name;
    /// docs/0004-stink-format.md); else None (a first entry free leaves
    /// A as it was, not negative).
    pub(crate) fn expunge_record(&self, key: &str) -> Option<usize> {
        if self.entry(key).is_some() {
            return None;
        }
        let size = self.table.slots.len();
        let code = pdp10_isa::squoze::encode(key).unwrap_or(0);
        let mut at = hash_slot_in(code, size as u64) as usize;
        if self.table.slots[at] == Slot::Free {
            return None;
        }
        for _ in 0..size {
            if self.table.slots[at] != Slot::Used {
                return Some(at);
            }
            at = (at + 1) % size;
        }
        None
    }
}

/// `.SYMTAB`'s first argument, the symbol table's size, when it is a plain
/// number (octal, decimal with a point); the others are not modelled.
pub(crate) fn symtab_size(args: &str) -> Option<usize> {
    // A field ends at a comma or a blank (real MIDAS's AGETFD):
    // `.SYMTAB 10000 10000` asks for 10000 (mudsys;itsdem).
    let first = args
        .trim_start()
        .split([',', ';', ' ', '\t'])
        .next()?
        .trim();
    // Digits in the current radix, octal; real MIDAS takes an 8 or a 9
    // as a digit of that value too (_teco_;teco.335's `.SYMTAB 5399` is
    // 2833 entries). A point after them makes them decimal.
    let (digits, radix) = match first.strip_suffix('.') {
        Some(d) => (d, 10),
        None => (first, 8),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.bytes().try_fold(0usize, |v, b| {
        v.checked_mul(radix)?.checked_add(usize::from(b - b'0'))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn make(k: &str) -> HashEvent {
        HashEvent::Make(1, k.into())
    }

    #[test]
    fn an_expunged_slot_goes_to_the_next_entry_whose_search_passes_it() {
        // UUOMAX's first slot is 418, W's 417. W made (417), UUOMAX made
        // (418), W expunged; X goes to its own first slot, a new W to 417.
        let initial: Vec<String> = vec![];
        let ev = [
            make("W"),
            make("UUOMAX"),
            HashEvent::Expunge(1, "W".into()),
            make("X"),
        ];
        let s = slots(&initial, &ev);
        assert_eq!(s[&(1, "UUOMAX".to_string())], 418);
        let x_first = hash_slot(pdp10_isa::squoze::encode("X").unwrap()) as usize;
        assert_eq!(s[&(1, "X".to_string())], x_first);
        assert!(!s.contains_key(&(1, "W".to_string())));
        // W again: its first slot, free since the expunge.
        let mut ev = ev.to_vec();
        ev.push(make("W"));
        let s = slots(&initial, &ev);
        assert_eq!(s[&(1, "W".to_string())], 417);
    }

    #[test]
    fn an_expunged_initial_symbol_leaves_its_slot_to_the_next_entry() {
        // The initial W takes 417, UUOMAX then 418; a W of the program
        // goes past both (419) unless the initial W was expunged.
        let initial = vec!["W".to_string()];
        let s = slots(&initial, &[make("UUOMAX"), make("W")]);
        assert_eq!(s[&(1, "W".to_string())], 419);
        let s = slots(
            &initial,
            &[make("UUOMAX"), HashEvent::Expunge(0, "W".into()), make("W")],
        );
        assert_eq!(s[&(1, "W".to_string())], 417);
    }

    #[test]
    fn symtab_makes_a_bigger_table_of_the_initial_symbols_only() {
        // In 3001 slots W's first slot is 843 (worked out by hand from
        // the rule), the initial W there, so the program's W goes on to
        // 844; .SYMTAB 2000 changes nothing (W's slots 417, 418).
        let code = pdp10_isa::squoze::encode("W").unwrap();
        assert_eq!(hash_slot_in(code, 3001), 843);
        let initial = vec!["W".to_string()];
        let s = slots(&initial, &[HashEvent::Resize(3001), make("W")]);
        assert_eq!(s[&(1, "W".to_string())], 844);
        let s = slots(&initial, &[HashEvent::Resize(2000), make("W")]);
        assert_eq!(s[&(1, "W".to_string())], 418);
    }

    #[test]
    fn the_size_is_symtabs_first_argument() {
        assert_eq!(symtab_size(" 7001.,5000.\t\t;-*- MIDAS -*-"), Some(7001));
        assert_eq!(symtab_size(" 6000"), Some(0o6000));
        assert_eq!(symtab_size(" 10000 10000"), Some(0o10000));
        assert_eq!(symtab_size(" N*2"), None);
        assert_eq!(symtab_size(" 5399"), Some(0o5000 + 0o300 + 9 * 8 + 9));
    }

    #[test]
    fn an_entry_is_made_once_per_block() {
        let s = slots(&[], &[make("W"), make("W"), HashEvent::Make(2, "W".into())]);
        assert_eq!(s[&(1, "W".to_string())], 417);
        assert_eq!(s[&(2, "W".to_string())], 418);
    }
}
