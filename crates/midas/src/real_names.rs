//! The names real MIDAS 433 gives a meaning from the start: its
//! pseudo-ops and built-in symbols, as the manual's node Pseudos lists
//! them (`.INFO.;MIDAS`), in their six-character keys. An undefined
//! symbol of one of these names is one of its features this assembler
//! does not implement (`RELOCATABLE`, `RIM10`, `.LIBRA` ...), not a
//! symbol the program forgot: real MIDAS's binary is not known then.

/// Whether `key` (a symbol's six-character key) names a pseudo-op or
/// built-in symbol of real MIDAS 433.
pub(crate) fn is_real_midas_name(key: &str) -> bool {
    NAMES.binary_search(&key).is_ok()
}

/// Sorted, for `binary_search`.
const NAMES: &[&str] = &[
    "$.", "$L.", "$O.", "$R.", ".1STWD", ".ABSP", ".ALSO", ".AOP", ".ARRAY", ".ASCII", ".ASCVL",
    ".ASKIP", ".ATOM", ".AUXIL", ".AVAL1", ".AVAL2", ".BEGIN", ".BIND", ".BM", ".BP", ".BYTC",
    ".BYTE", ".C", ".CRFIL", ".CRFOF", ".CRFON", ".CURLN", ".CURPG", ".DECRE", ".DECSA", ".DECTW",
    ".DECTX", ".DOWN", ".DPB", ".ELDC", ".ELSE", ".END", ".ENTRY", ".ERR", ".ERRCN", ".F", ".FASL",
    ".FATAL", ".FNAM1", ".FNAM2", ".FORMA", ".FUNCT", ".FVERS", ".GLOBA", ".GO", ".GSCNT",
    ".GSSET", ".HKALL", ".HKILL", ".I", ".IBP", ".IFNM1", ".IFNM2", ".IFVRS", ".INEOF", ".INIT",
    ".INSRT", ".IRPCN", ".ISTOP", ".KILL", ".LDB", ".LENGT", ".LIBRA", ".LIBRQ", ".LIFE", ".LIFG",
    ".LIFGE", ".LIFL", ".LIFLE", ".LIFN", ".LIFS", ".LITSW", ".LNKOT", ".LOP", ".LSTOF", ".LSTON",
    ".LVAL1", ".LVAL2", ".LZ", ".M", ".MLLIT", ".MRUNT", ".NSTGW", ".NTHWD", ".OFNM1", ".OFNM2",
    ".OP", ".OSMID", ".PASS", ".PPASS", ".QMTCH", ".QUOTE", ".RADIX", ".RELP", ".RL1", ".RPCNT",
    ".RSQZ", ".SBLK", ".SCALA", ".SEE", ".SITE", ".SLDR", ".SPECI", ".STGSW", ".STOP", ".STPLN",
    ".STPPG", ".SUCCE", ".SX", ".SXE", ".SXEVA", ".SYMCN", ".SYMTA", ".TAG", ".TTYFL", ".TTYMA",
    ".TYO", ".TYO6", ".TYPE", ".TZ", ".U", ".VECTO", ".WALGN", ".XCREF", ".YSTGW", "ASCIC",
    "ASCII", "ASCIZ", "BLOCK", "COMMEN", "CONSTA", "DEFINE", "END", "EQUALS", "EXPUNG", "IF1",
    "IF2", "IFB", "IFDEF", "IFE", "IFG", "IFGE", "IFL", "IFLE", "IFN", "IFNB", "IFNDEF", "IFNSQ",
    "IFSE", "IFSN", "IFSQ", "IRP", "IRPC", "IRPNC", "IRPS", "IRPW", "LOC", "NOSYMS", "NULL",
    "OFFSET", "PRINTC", "PRINTX", "RADIX", "RELOCA", "REPEAT", "RIM", "RIM10", "SBLK", "SIXBIT",
    "SQUOZE", "SUBTTL", "TERMIN", "TITLE", "VARIAB", "WORD", "XWD",
];

#[cfg(test)]
mod tests {
    #[test]
    fn the_names_are_sorted_keys() {
        assert!(super::NAMES.windows(2).all(|w| w[0] < w[1]));
        assert!(super::NAMES.iter().all(|k| k.len() <= 6));
        assert!(super::is_real_midas_name("RELOCA"));
        assert!(super::is_real_midas_name(".CRFOF"));
        assert!(!super::is_real_midas_name("FOO"));
    }
}
