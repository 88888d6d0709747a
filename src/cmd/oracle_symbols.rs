//! The DDT symbol tables of two SBLK files, compared for `pdp10
//! midas-oracle`: word for word, as a set of entries, and as a set of
//! symbols without the block structure (ITS `doc/sysdoc/binfmt.101`: a
//! kind-0 block after the start instruction holds `SQUOZE flags,name` and
//! value pairs; a pair whose flags are 0 names a DDT block, its value
//! `-length,,level`).

use pdp10_isa::{evacuated, sblk::Sblk, squoze, Word};
use std::collections::BTreeMap;

/// The symbol-table entries of one binary: (squoze with flags, value) pairs
/// in file order, or why there are none to compare.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DdtTable {
    Entries(Vec<(u64, u64)>),
    /// The file's symbol blocks could not be read (a block cut short ...).
    Unreadable(String),
}

/// The symbol table of an SBLK file in ITS evacuated encoding.
pub fn table_of_bytes(bytes: &[u8]) -> DdtTable {
    match evacuated::decode(bytes) {
        Ok(words) => table_of_words(&words),
        Err(e) => DdtTable::Unreadable(e.to_string()),
    }
}

/// The symbol table of an SBLK file's words: every kind-0 block after the
/// start instruction, in file order.
pub fn table_of_words(words: &[Word]) -> DdtTable {
    let (sblk, error) = match Sblk::parse_code(words) {
        Ok(parsed) => parsed,
        Err(e) => return DdtTable::Unreadable(e.to_string()),
    };
    if let Some(e) = error {
        return DdtTable::Unreadable(format!("symbol blocks: {e}"));
    }
    let mut entries = Vec::new();
    for block in sblk.trailer.iter().filter(|b| b.address == 0) {
        for pair in block.words.chunks(2) {
            let value = pair.get(1).map_or(0, |w| w.raw());
            entries.push((pair[0].raw(), value));
        }
    }
    DdtTable::Entries(entries)
}

/// Whether an entry names a DDT block (flags 0) rather than a symbol.
fn is_block_name(entry: &(u64, u64)) -> bool {
    entry.0 & !squoze::NAME_MASK == 0
}

/// How many times each entry occurs.
fn counts<'a>(entries: impl Iterator<Item = &'a (u64, u64)>) -> BTreeMap<(u64, u64), i64> {
    let mut m = BTreeMap::new();
    for e in entries {
        *m.entry(*e).or_insert(0) += 1;
    }
    m
}

/// An entry as DDT would name it: flags in octal, name, value.
fn show(entry: &(u64, u64)) -> String {
    let (name, value) = *entry;
    let what = if is_block_name(entry) { "block " } else { "" };
    format!(
        "{what}{:02o} {} {:06o},,{:06o}",
        name >> 32,
        squoze::decode(name & squoze::NAME_MASK),
        value >> 18,
        value & 0o777777
    )
}

/// One cell for the report: `same`, `same set, other order`, `same
/// symbols, other blocks`, or `N differ, first: ...` (N counts the
/// symbols in one table and not the other).
pub fn compare(real: &DdtTable, ours: &DdtTable) -> String {
    let (r, o) = match (real, ours) {
        (DdtTable::Entries(r), DdtTable::Entries(o)) => (r, o),
        (DdtTable::Unreadable(why), _) => return format!("real unreadable: {why}"),
        (_, DdtTable::Unreadable(why)) => return format!("ours unreadable: {why}"),
    };
    if r == o {
        return "same".into();
    }
    if counts(r.iter()) == counts(o.iter()) {
        return "same set, other order".into();
    }
    let (rs, os) = (
        counts(r.iter().filter(|e| !is_block_name(e))),
        counts(o.iter().filter(|e| !is_block_name(e))),
    );
    if rs == os {
        let blocks = |t: &[(u64, u64)]| -> Vec<String> {
            t.iter().filter(|e| is_block_name(e)).map(show).collect()
        };
        return format!(
            "same symbols, other blocks: real {} ours {}",
            blocks(r).join(" "),
            blocks(o).join(" ")
        );
    }
    differences(r, &rs, o, &os)
}

/// `N differ, first: ...`: the symbols one table has more often than the
/// other, and the first of them in the real table's order (else ours).
fn differences(
    r: &[(u64, u64)],
    rs: &BTreeMap<(u64, u64), i64>,
    o: &[(u64, u64)],
    os: &BTreeMap<(u64, u64), i64>,
) -> String {
    let surplus = |a: &BTreeMap<(u64, u64), i64>, b: &BTreeMap<(u64, u64), i64>, e| {
        a.get(e).copied().unwrap_or(0) - b.get(e).copied().unwrap_or(0)
    };
    let mut n = 0;
    for e in rs.keys().chain(os.keys().filter(|e| !rs.contains_key(e))) {
        n += surplus(rs, os, e).abs();
    }
    let first_real = r
        .iter()
        .find(|e| !is_block_name(e) && surplus(rs, os, e) > 0);
    let first_ours = o
        .iter()
        .find(|e| !is_block_name(e) && surplus(os, rs, e) > 0);
    let first = match (first_real, first_ours) {
        (Some(e), _) => format!("real has {}", show(e)),
        (None, Some(e)) => format!("ours has {}", show(e)),
        (None, None) => String::new(),
    };
    format!("{n} differ, first: {first}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use pdp10_isa::sblk::{self, Block};

    fn name(flags: u64, s: &str) -> u64 {
        flags | squoze::encode(s).unwrap()
    }

    /// A file whose symbol block holds `entries`.
    fn file(entries: &[(u64, u64)]) -> Vec<Word> {
        let words = entries
            .iter()
            .flat_map(|&(n, v)| [Word::new(n), Word::new(v)])
            .collect();
        Sblk {
            loader: vec![],
            blocks: vec![Block {
                address: 0o100,
                words: vec![Word::new(1)],
            }],
            start: Word::new(0o254000_000100),
            trailer: vec![Block {
                address: sblk::SYMBOL_TABLE_BLOCK,
                words,
            }],
        }
        .to_words()
    }

    fn table(entries: &[(u64, u64)]) -> DdtTable {
        table_of_words(&file(entries))
    }

    #[test]
    fn reads_the_symbol_block_of_a_file() {
        let e = [
            (name(0, "GLOBAL"), 0o777774_000000),
            (name(squoze::LOCAL, "A"), 5),
        ];
        assert_eq!(table(&e), DdtTable::Entries(e.to_vec()));
    }

    #[test]
    fn tells_order_blocks_and_symbols_apart() {
        let g = (name(0, "GLOBAL"), 0o777772_000000);
        let a = (name(squoze::LOCAL, "A"), 5);
        let b = (name(squoze::LOCAL, "B"), 5);
        let c = (name(squoze::LOCAL, "C"), 6);
        assert_eq!(compare(&table(&[g, a, b]), &table(&[g, a, b])), "same");
        assert_eq!(
            compare(&table(&[g, a, b]), &table(&[g, b, a])),
            "same set, other order"
        );
        let p = (name(0, "PROG"), 0o777776_000002);
        let g1 = (name(0, "GLOBAL"), 0o777776_000000);
        let split = compare(&table(&[p, a, b, g1]), &table(&[g, a, b]));
        assert!(split.starts_with("same symbols, other blocks"), "{split}");
        assert!(split.contains("block 00 PROG 777776,,000002"), "{split}");
        assert_eq!(
            compare(&table(&[g, a, b]), &table(&[g, a, c])),
            "2 differ, first: real has 02 B 000000,,000005"
        );
        assert_eq!(
            compare(&table(&[g, a]), &table(&[g, a, c])),
            "1 differ, first: ours has 02 C 000000,,000006"
        );
    }

    #[test]
    fn a_table_cut_short_is_said_so() {
        let mut words = file(&[(name(squoze::LOCAL, "A"), 5)]);
        words.truncate(words.len() - 4);
        let t = table_of_words(&words);
        assert!(matches!(t, DdtTable::Unreadable(_)), "{t:?}");
        assert!(compare(&t, &table(&[])).starts_with("real unreadable"));
    }
}
