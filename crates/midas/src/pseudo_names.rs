//! The names of the pseudo-ops and built-in symbols this assembler knows,
//! listed (the parser finds them with `match`), for the DDT symbol table's
//! order: real MIDAS's hash table holds them before the program's symbols
//! (docs/0004-ddt-symbol-table.md).

/// Names [`crate::parse::is_builtin_name`] accepts, and MIDAS's own
/// symbols the parser handles elsewhere ([`OTHERS`]); a test checks.
pub(crate) const PSEUDO_NAMES: &[&str] = &[
    ".1STWD", ".ALSO", ".AOP", ".ASCII", ".ASCVL", ".ASKIP", ".AUXIL", ".AVAL1", ".AVAL2",
    ".BEGIN", ".BIND", ".BM", ".BP", ".BYTC", ".BYTE", ".DPB", ".ELSE", ".END", ".ERR", ".FNAM1",
    ".FNAM2", ".FORMA", ".FVERS", ".GLOBA", ".GO", ".HKILL", ".IBP", ".IFNM1", ".IFNM2", ".IFVRS",
    ".INEOF", ".INSRT", ".IRPCN", ".ISTOP", ".KILL", ".LDB", ".LENGT", ".LSTOF", ".LSTON", ".LZ",
    ".MLLIT", ".NSTGW", ".NTHWD", ".OP", ".OSMID", ".PASS", ".PPASS", ".QMTCH", ".QUOTE", ".RADIX",
    ".RPCNT", ".SBLK", ".SCALA", ".SEE", ".SITE", ".STOP", ".SUCCE", ".SYMTA", ".TAG", ".TTYMA",
    ".TYO", ".TYO6", ".TZ", ".VECTO", ".WALGN", ".XCREF", ".YSTGW", "ASCIC", "ASCII", "ASCIZ",
    "BLOCK", "COMMEN", "CONSTA", "DEFINE", "END", "EQUALS", "EXPUNG", "IF1", "IF2", "IFB", "IFDEF",
    "IFE", "IFG", "IFGE", "IFL", "IFLE", "IFN", "IFNB", "IFNDEF", "IFNSQ", "IFSE", "IFSN", "IFSQ",
    "IRP", "IRPC", "IRPNC", "IRPS", "IRPW", "LOC", "NOSYMS", "NULL", "OFFSET", "PRINTC", "PRINTX",
    "RADIX", "REPEAT", "SIXBIT", "SQUOZE", "SUBTTL", "TERMIN", "TITLE", "VARIAB", "XWD",
];

/// The names in [`PSEUDO_NAMES`] that are not pseudo-ops of the parser.
#[cfg(test)]
const OTHERS: &[&str] = &[
    ".ASKIP", ".AVAL1", ".AVAL2", ".BYTE", ".GLOBA", ".MLLIT", ".OP", ".PPASS", ".QMTCH",
];

#[cfg(test)]
mod tests {
    #[test]
    fn every_name_is_a_pseudo_op_or_built_in() {
        let bad: Vec<_> = super::PSEUDO_NAMES
            .iter()
            .filter(|n| !crate::parse::is_builtin_name(n) && !super::OTHERS.contains(n))
            .collect();
        assert!(bad.is_empty(), "{bad:?}");
    }
}
