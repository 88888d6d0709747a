//! The DDT symbol table an absolute assembly ends with, as real MIDAS 433
//! writes it (its SSYMD; ITS `doc/sysdoc/binfmt.101`). Design notes and the
//! snippets it was checked on: docs/0004-ddt-symbol-table.md.
//!
//! The kind-0 block after the start instruction holds DDT blocks one after
//! another, each a block-name entry (`SQUOZE 0,name` and `-length,,level`,
//! length counting the entry itself) followed by its symbols (`SQUOZE
//! flags,name` and value). A program without `.BEGIN` has one block,
//! `GLOBAL`, level 0, holding every symbol. With blocks, every block real
//! MIDAS knows is written, an inner block before the block holding it, so
//! `GLOBAL` (real MIDAS's `.INIT`, which holds the globals) comes last and
//! the program's block (`.MAIN`, named by TITLE) just before it; a block's
//! level is its MIDAS level plus one (`.MAIN` 2, a `.BEGIN` in it 3).
//! The symbols are sorted by value, with the radix-exchange sort real MIDAS
//! uses, which decides the order of equal values.

use pdp10_isa::sblk::{Block, SYMBOL_TABLE_BLOCK};
use pdp10_isa::{squoze, Word, WORD_MASK};

/// A block of the program: its name, superior and MIDAS level (`.INIT`
/// index 0 level 0, `.MAIN` index 1 level 1).
#[derive(Clone, Debug)]
pub(crate) struct BlockInfo {
    pub name: String,
    pub parent: usize,
    pub level: usize,
}

/// A symbol for DDT: its block, its squoze name with the DDT flags
/// (`squoze::LOCAL`, `GLOBAL`, `HALF_KILLED`), and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct DdtSymbol {
    pub block: usize,
    pub name: u64,
    pub value: u64,
}

/// The symbol-table block for `symbols` (in the order real MIDAS's table
/// holds them, which decides the order of equal values), `blocks` as the
/// symbol table knows them, and the program's name (its TITLE).
/// `first_slot_block` is the block of the entry in the first slot of real
/// MIDAS's table ([`crate::symbol_slots::first_slot_block`]): with no
/// symbol to write, real MIDAS's BKCNT still counts that entry, two words
/// more in its block's length word.
pub(crate) fn symbol_table(
    blocks: &[BlockInfo],
    program: &str,
    symbols: &[DdtSymbol],
    first_slot_block: usize,
) -> Block {
    let mut symbols = symbols.to_vec();
    let empty = symbols.is_empty();
    radix_exchange(&mut symbols, 0, 1 << 35);
    let several = blocks.len() > 2;
    // Without blocks, and for a global with them, the GLOBAL block.
    for s in &mut symbols {
        if !several || s.name & squoze::GLOBAL != 0 {
            s.block = 0;
        }
    }
    let order = if several {
        let mut order = Vec::new();
        output_order(blocks, 0, &mut order);
        order
    } else {
        vec![0]
    };
    let mut words = Vec::new();
    for b in order {
        let name = match b {
            0 => "GLOBAL",
            1 => program,
            _ => &blocks[b].name,
        };
        let mine: Vec<&DdtSymbol> = symbols.iter().filter(|s| s.block == b).collect();
        let counted = mine.len() + usize::from(empty && b == first_slot_block);
        let length = 2 * counted as u64 + 2;
        let level = match blocks[b].level {
            0 => 0,
            l => l as u64 + 1,
        };
        words.push(Word::new(squoze::encode(name).unwrap_or(0)));
        words.push(Word::from_halves(0o1000000 - length, level));
        for s in mine {
            words.push(Word::new(s.name));
            words.push(Word::new(s.value & WORD_MASK));
        }
    }
    Block {
        address: SYMBOL_TABLE_BLOCK,
        words,
    }
}

/// The symbols real MIDAS's hash table has room for (its default size;
/// `.SYMTAB` asks for more).
pub(crate) const TABLE_SIZE: u64 = 2707;

/// The slot of real MIDAS's symbol hash table where a search for a name
/// (squoze, the flags ignored) starts: the name exclusive-or the name with
/// its halves swapped, its magnitude as a signed word, modulo the table
/// size. A name defined later than another of the same slot, or finding it
/// taken by an initial symbol, goes in the next free slot after.
#[cfg(test)]
pub(crate) fn hash_slot(name: u64) -> u64 {
    hash_slot_in(name, TABLE_SIZE)
}

/// [`hash_slot`] in a table of `size` slots (`.SYMTAB`'s first argument,
/// when bigger than the default).
pub(crate) fn hash_slot_in(name: u64, size: u64) -> u64 {
    let s = name & squoze::NAME_MASK;
    let swapped = ((s << 18) | (s >> 18)) & WORD_MASK;
    let mut c = s ^ swapped;
    if c & (1 << 35) != 0 {
        c = (1 << 36) - c;
    }
    c % size
}

/// The symbols, each with its slot in real MIDAS's hash table
/// ([`crate::symbol_slots::slots`]), in the order of the slots: the order
/// MIDAS's sort starts from.
pub(crate) fn table_order(mut symbols: Vec<(usize, DdtSymbol)>) -> Vec<DdtSymbol> {
    symbols.sort_by_key(|&(slot, s)| (slot, s.name));
    symbols.into_iter().map(|(_, s)| s).collect()
}

/// Pushes onto `order` the blocks inside `b` (each after its own inner
/// blocks, in the order they were made), then `b`.
fn output_order(blocks: &[BlockInfo], b: usize, order: &mut Vec<usize>) {
    let level = blocks[b].level + 1;
    for (c, block) in blocks.iter().enumerate() {
        if c != b && block.parent == b && block.level == level {
            output_order(blocks, c, order);
        }
    }
    order.push(b);
}

/// Real MIDAS's sort of the symbols by value (SSRTX): a radix exchange on
/// `bit` and then each lower bit, the first bit (the sign) putting words
/// with it set first, the others words with it clear first; the exchanges
/// are those of its loop, so equal values come out in its order.
fn radix_exchange(s: &mut [DdtSymbol], lo: usize, bit: u64) {
    let hi = s.len();
    if hi <= lo + 1 {
        return;
    }
    let first = |v: u64| (v & bit != 0) == (bit == 1 << 35);
    let (mut a, mut b) = (lo, hi);
    while a != b {
        if first(s[a].value) {
            a += 1;
            continue;
        }
        b -= 1;
        if first(s[b].value) {
            s.swap(a, b);
            a += 1;
        }
    }
    if bit == 1 {
        return;
    }
    let mid = a;
    radix_exchange(&mut s[..mid], lo, bit >> 1);
    radix_exchange(s, mid, bit >> 1);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sym(block: usize, name: &str, value: u64) -> DdtSymbol {
        DdtSymbol {
            block,
            name: squoze::encode(name).unwrap() | squoze::LOCAL,
            value,
        }
    }

    #[test]
    fn hash_slots_of_names() {
        // Slots worked out by hand from the rule; the order real MIDAS 433
        // wrote symbols all 0 in (E, G ... W, UUOMAX) agrees with them
        // where no initial symbol is in the way.
        let slot = |n: &str| hash_slot(squoze::encode(n).unwrap() | squoze::LOCAL);
        // E: 313343,,313343 (positive) mod 2707.
        assert_eq!(slot("E"), 158);
        // G: 514760,,514760 is negative: its magnitude mod 2707.
        assert_eq!(slot("G"), 331);
        assert_eq!(slot("UUOMAX"), 418);
        assert_eq!(slot("W"), 417);
    }

    fn values(s: &[DdtSymbol]) -> Vec<u64> {
        s.iter().map(|s| s.value).collect()
    }

    #[test]
    fn the_sort_puts_negative_values_first_then_ascending() {
        let mut s: Vec<_> = [5, 0o400000_000001, 0, 3, 0o777777_777777, 5, 1]
            .iter()
            .map(|&v| sym(1, "A", v))
            .collect();
        radix_exchange(&mut s, 0, 1 << 35);
        assert_eq!(
            values(&s),
            [0o400000_000001, 0o777777_777777, 0, 1, 3, 5, 5]
        );
    }

    #[test]
    fn equal_values_come_out_in_the_order_of_the_exchanges() {
        // Traced by hand on SSRTX: on the bit of 4, A (5) goes past the end
        // and C (1) is exchanged with it: C B A; no lower bit moves B or A.
        let input = [sym(1, "A", 5), sym(1, "B", 5), sym(1, "C", 1)];
        let mut s = input.to_vec();
        radix_exchange(&mut s, 0, 1 << 35);
        assert_eq!(s, [input[2], input[1], input[0]]);
        // On the bit of 1, B (0) is exchanged with C (1): B A C.
        let input = [sym(1, "C", 1), sym(1, "A", 0), sym(1, "B", 0)];
        let mut s = input.to_vec();
        radix_exchange(&mut s, 0, 1 << 35);
        assert_eq!(s, [input[2], input[1], input[0]]);
        // Nothing to exchange: the order stays.
        let input = [sym(1, "A", 2), sym(1, "B", 2), sym(1, "C", 3)];
        let mut s = input.to_vec();
        radix_exchange(&mut s, 0, 1 << 35);
        assert_eq!(s, input);
    }
}
