//! Real MIDAS 433's initial symbols, which fill its symbol hash table
//! before the program's names (symbol_slots.rs places every entry: the
//! order of the DDT table's symbols of equal value, of a relocatable
//! program's symbols, and the entry addresses the loader knows locals by).

/// Names real MIDAS 433 has in its initial symbol table beside the
/// instructions and ITS symbols of [`crate::predef`]: pseudo-ops, its
/// `.` variables, KL10 string instructions. Found by asking real MIDAS
/// `.TYPE name` (1 or 2, not 17 "not seen") for each name of the manual
/// and of this crate (1417 names; with [`INITIAL_HIDDEN`] the 1420 initial
/// symbols real MIDAS has; the run and the list
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

/// Entries real MIDAS 433's table holds before the program starts that
/// `.TYPE` does not find (seen in its table's memory at the end of an
/// assembly, `pdp10 midas-oracle --symtab`).
const INITIAL_HIDDEN: &[&str] = &[".", "..SXJN", "..SXUN"];

/// Real MIDAS's own variables among its initial symbols (its INTSYM
/// pseudo-ops, seen in its table with `pdp10 midas-oracle --symtab`):
/// `.TTYFLG==1` sets one, making no entry of the program's.
const MIDAS_VARIABLES: &[&str] = &[
    ".ASKIP", ".AVAL1", ".AVAL2", ".BYTC", ".CRFIL", ".CURLN", ".CURPG", ".ERRCN", ".FNAM1",
    ".FNAM2", ".FVERS", ".GSCNT", ".HKALL", ".IFNM1", ".IFNM2", ".IFVRS", ".IRPCN", ".LITSW",
    ".MLLIT", ".OFNM1", ".OFNM2", ".PASS", ".PPASS", ".QMTCH", ".RPCNT", ".STGSW", ".STPLN",
    ".STPPG", ".SUCCE", ".TTYFL",
];

/// Whether `key` is one of real MIDAS's own variables: setting or using
/// one makes no entry of the program's in its table (`DEFINE` does).
pub(crate) fn is_midas_variable(key: &str) -> bool {
    MIDAS_VARIABLES.contains(&key)
}

/// Names of [`crate::predef`] real MIDAS 433 does not have (`.TYPE` says
/// 17).
const PREDEFINED_NOT_INITIAL: &[&str] = &["ERCAL", "ERJMP"];

/// The names of real MIDAS 433's initial symbols (1420), as keys:
/// they fill its hash table before the program's names, for the DDT
/// symbol table as for the relocatable one.
pub(crate) fn initial_names() -> Vec<String> {
    let predefined = crate::predef::predefined()
        .map(|(n, _, _)| n)
        .filter(|n| !PREDEFINED_NOT_INITIAL.contains(n));
    let mut names: Vec<String> = predefined
        .chain(INITIAL_BESIDES_PREDEFINED.iter().copied())
        .chain(INITIAL_HIDDEN.iter().copied())
        .map(crate::parse::key)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The initial symbols in about the order real MIDAS enters them, which
/// decides which of two names of the same first entry gets it (it matters
/// when the program expunges one): the instructions in the order of their
/// operation codes, then the others in the order of their SQUOZE codes.
/// Real MIDAS's own order of the others is not known; this one puts 1255
/// of its 1420 entries where it does.
pub(crate) fn initial_in_order() -> Vec<String> {
    let instruction = |v: u64| v & 0o777_777_777 == 0 && v >> 33 != 0o7;
    let mut ops: Vec<(String, u64)> = crate::predef::predefined()
        .filter(|&(n, v, _)| instruction(v) && v != 0 && !PREDEFINED_NOT_INITIAL.contains(&n))
        .map(|(n, v, _)| (crate::parse::key(n), v))
        .collect();
    ops.sort_by_key(|&(_, v)| v);
    ops.dedup_by(|a, b| a.0 == b.0);
    let mut rest: Vec<String> = initial_names()
        .into_iter()
        .filter(|n| !ops.iter().any(|(o, _)| o == n))
        .collect();
    rest.sort_by_key(|n| pdp10_isa::squoze::encode(n).unwrap_or(0));
    ops.into_iter().map(|(n, _)| n).chain(rest).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_initial_symbols_take_1420_entries() {
        let initial = initial_in_order();
        assert_eq!(initial.len(), 1420);
        let slots = crate::symbol_slots::slots(&initial, &[]);
        assert_eq!(slots.len(), 1420);
    }
}
