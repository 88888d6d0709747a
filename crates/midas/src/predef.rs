//! The symbols MIDAS knows before reading a program: every opcode and alias
//! of the one opcode table in `pdp10-isa`, and the ITS system-call names and
//! bit symbols. No device names: real MIDAS has none (its `ISYMTB` holds
//! instructions and pseudo-ops, and ITS's `.GETSYS CALLS` table none), so
//! `CONO PI,` is "PI Undefined" there unless the program defines PI.

use pdp10_isa::opcodes;

/// Opcode names of the table that MIDAS does not predefine (its `ISYMTB`
/// starts at 104; 100 `UJEN` is a KI10 name it never had).
const NOT_IN_MIDAS: &[&str] = &["UJEN"];

/// A predefined symbol: its name, value, and whether it is an I/O
/// instruction (whose AC field is a device number).
pub(crate) fn predefined() -> impl Iterator<Item = (&'static str, u64, bool)> {
    let ops = opcodes::all_names()
        .filter(|(n, _)| !NOT_IN_MIDAS.contains(n))
        .map(|(n, v)| (n, v, v >> 33 == 0o7));
    let its = pdp10_isa::its::predefined().map(|(n, v)| (n, v, false));
    ops.chain(its)
}
