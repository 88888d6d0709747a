//! The order real MIDAS 433 writes a relocatable program's symbols in:
//! the order of its symbol table, a hash table of 2707 entries where a
//! name's first entry is its SQUOZE code exclusive-or'd with its halves
//! swapped, taken as a magnitude, modulo 2707, and the next free entry
//! after that when that one is taken (MIDAS's ES). MIDAS's initial symbols
//! are entered first, then the program's names (symbols, macros, names
//! referred to before their definition) in the order pass 1 first meets
//! them. With linear probing the entries the initial symbols take do not
//! depend on the order they are entered in, so their names are enough.

/// The entries of real MIDAS 433's symbol table.
const SIZE: usize = 2707;

/// Names real MIDAS 433 has in its initial symbol table beside the
/// instructions and ITS symbols of [`crate::predef`]: pseudo-ops, its
/// `.` variables, KL10 string instructions. Found by asking real MIDAS
/// `.TYPE name` (1 or 2, not 17 "not seen") for each name of the manual
/// and of this crate (1417 initial symbols in all; the run and the list
/// are in docs/0004-stink-format.md).
pub(crate) const INITIAL_BESIDES_PREDEFINED: &[&str] = &[
    "$.", "$L.", "$O.", "$R.", ".1STWD", ".ABSP", ".ALSO", ".AOP", ".ARRAY", ".ASCII", ".ASCVL",
    ".ASKIP", ".ATOM", ".AUXIL", ".AVAL1", ".AVAL2", ".BEGIN", ".BIND", ".BM", ".BP", ".BYTC",
    ".BYTE", ".CRFIL", ".CRFOF", ".CRFON", ".CURLN", ".CURPG", ".DECRE", ".DECSA", ".DECTW",
    ".DECTX", ".DOWN", ".DPB", ".ELDC", ".ELSE", ".END", ".ENTRY", ".ERR", ".ERRCN", ".F", ".FASL",
    ".FATAL", ".FNAM1", ".FNAM2", ".FORMA", ".FUNCT", ".FVERS", ".GLOBA", ".GO", ".GSCNT",
    ".GSSET", ".HKALL", ".HKILL", ".I", ".IBP", ".IFNM1", ".IFNM2", ".IFVRS", ".INEOF", ".INSRT",
    ".IRPCN", ".ISTOP", ".KILL", ".LDB", ".LENGT", ".LIBRA", ".LIBRQ", ".LIFE", ".LIFG", ".LIFGE",
    ".LIFL", ".LIFLE", ".LIFN", ".LIFS", ".LITSW", ".LNKOT", ".LOP", ".LSTOF", ".LSTON", ".LVAL1",
    ".LVAL2", ".LZ", ".MLLIT", ".MRUNT", ".NSTGW", ".NTHWD", ".OFNM1", ".OFNM2", ".OP", ".OSMID",
    ".PASS", ".PPASS", ".QMTCH", ".QUOTE", ".RADIX", ".RELP", ".RL1", ".RPCNT", ".RSQZ", ".SBLK",
    ".SCALA", ".SEE", ".SITE", ".SLDR", ".SPECI", ".STGSW", ".STOP", ".STPLN", ".STPPG", ".SUCCE",
    ".SX", ".SXE", ".SXEVA", ".SYMCN", ".SYMTA", ".TAG", ".TTYFL", ".TTYMA", ".TYO", ".TYO6",
    ".TYPE", ".TZ", ".VECTO", ".WALGN", ".XCREF", ".YSTGW", "1PASS", "ASCIC", "ASCII", "ASCIZ",
    "BLOCK", "CBTBDT", "CMPSE", "CMPSG", "CMPSGE", "CMPSL", "CMPSLE", "CMPSN", "COMMEN", "CONSTA",
    "CVTBDO", "CVTDBO", "CVTDBT", "DEFINE", "EDIT", "END", "EQUALS", "EXPUNG", "IF1", "IF2", "IFB",
    "IFDEF", "IFE", "IFG", "IFGE", "IFL", "IFLE", "IFN", "IFNB", "IFNDEF", "IFNSQ", "IFSE", "IFSN",
    "IFSQ", "IRP", "IRPC", "IRPNC", "IRPS", "IRPW", "LOC", "MOVSLJ", "MOVSO", "MOVSRJ", "MOVST",
    "NOSYMS", "NULL", "OFFSET", "PRINTC", "PRINTX", "RADIX", "RELOCA", "REPEAT", "RIM", "RIM10",
    "SBLK", "SIXBIT", "SQUOZE", "SUBTTL", "TERMIN", "TITLE", "VARIAB", "WORD", "XBLT", "XWD",
];

/// Names of [`crate::predef`] real MIDAS 433 does not have (`.TYPE` says
/// 17).
const PREDEFINED_NOT_INITIAL: &[&str] = &["ERCAL", "ERJMP"];

/// A name's first entry (the hash of [`crate::ddt_symbols::hash_slot`]).
fn first_entry(name: &str) -> usize {
    let code = pdp10_isa::squoze::encode(name).unwrap_or(0);
    crate::ddt_symbols::hash_slot(code) as usize
}

/// The names of real MIDAS 433's initial symbols (1417 found), as keys:
/// they fill its hash table before the program's names, for the DDT
/// symbol table as for the relocatable one.
pub(crate) fn initial_names() -> Vec<String> {
    let predefined = crate::predef::predefined()
        .map(|(n, _, _)| n)
        .filter(|n| !PREDEFINED_NOT_INITIAL.contains(n));
    let mut names: Vec<String> = predefined
        .chain(INITIAL_BESIDES_PREDEFINED.iter().copied())
        .map(crate::parse::key)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The entries real MIDAS's initial symbols take.
fn initial_entries() -> Vec<bool> {
    let mut taken = vec![false; SIZE];
    for name in initial_names() {
        put(&mut taken, first_entry(&name));
    }
    taken
}

/// Takes the first free entry from `at` on, and returns it.
fn put(taken: &mut [bool], mut at: usize) -> usize {
    while taken[at] {
        at = (at + 1) % SIZE;
    }
    taken[at] = true;
    at
}

/// The entry of each of the program's names, entered in the order given
/// (`seen`: each name once, in the order pass 1 first met it).
pub(crate) fn entries(seen: &[String]) -> std::collections::HashMap<String, usize> {
    let mut taken = initial_entries();
    seen.iter()
        .map(|name| (name.clone(), put(&mut taken, first_entry(name))))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_symbols_take_1417_entries() {
        assert_eq!(initial_entries().iter().filter(|&&t| t).count(), 1417);
    }

    #[test]
    fn a_taken_entry_sends_a_name_to_the_next_free_one() {
        let mut taken = vec![false; SIZE];
        assert_eq!(put(&mut taken, SIZE - 1), SIZE - 1);
        assert_eq!(put(&mut taken, SIZE - 1), 0);
    }

    #[test]
    fn names_are_placed_by_their_squoze_code() {
        // A, B, C: codes 11, 12, 13 times 40^5; A's entry is before B's.
        let seen: Vec<String> = ["B", "A"].iter().map(|s| s.to_string()).collect();
        let e = entries(&seen);
        assert!(e["A"] < e["B"]);
        assert_eq!(first_entry("A"), 1042);
    }
}
