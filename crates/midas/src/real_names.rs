//! The names real MIDAS 433 gives a meaning from the start: its
//! pseudo-ops and built-in symbols, as the manual's node Pseudos lists
//! them (`.INFO.;MIDAS`) and its own `.TYPE` confirms, in their six-character keys. An undefined
//! symbol of one of these names is one of its features this assembler
//! does not implement (`RELOCATABLE`, `RIM10`, `.LIBRA` ...), not a
//! symbol the program forgot: real MIDAS's binary is not known then.

/// Whether `key` (a symbol's six-character key) names a pseudo-op or
/// built-in symbol of real MIDAS 433: one of its initial symbols as
/// [`crate::symbol_order`] found them by asking it, or a block qualifier.
pub(crate) fn is_real_midas_name(key: &str) -> bool {
    crate::symbol_order::INITIAL_BESIDES_PREDEFINED.contains(&key) || BLOCK_NAMES.contains(&key)
}

/// The manual's names for blocks in `BLOCK"SYM` (current, main, outer,
/// initial), which `.TYPE` does not report as symbols.
const BLOCK_NAMES: &[&str] = &[".C", ".INIT", ".M", ".U"];

#[cfg(test)]
mod tests {
    #[test]
    fn real_midas_names() {
        assert!(super::is_real_midas_name("RELOCA"));
        assert!(super::is_real_midas_name(".CRFOF"));
        assert!(super::is_real_midas_name(".INIT"));
        assert!(!super::is_real_midas_name("FOO"));
    }
}
