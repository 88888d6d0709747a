//! ITS system-call names, as MIDAS predefines them and the disassembler
//! shows them (`src/sys/itsdfs.8` and `doc/sysdoc/uuos.114` in ITS).
//!
//! ITS uses monitor UUOs 040-047; `.OPER` (042) and `.CALL` (043) are
//! families whose members are told apart by E and by the AC field.

/// The ITS UUOs 040-047, by opcode.
pub const UUOS: [(&str, u16); 8] = [
    (".IOT", 0o040),
    (".OPEN", 0o041),
    (".OPER", 0o042),
    (".CALL", 0o043),
    (".USET", 0o044),
    (".BREAK", 0o045),
    (".STATUS", 0o046),
    (".ACCESS", 0o047),
];

/// Members of the `.CALL` family selected by the AC field (`.CALL 4,` is
/// `.VALUE`); AC 0 is the symbolic `.CALL`.
#[rustfmt::skip]
pub const CALL_FAMILY: [(&str, u8); 16] = [
    (".CALL", 0), (".DISMI", 1), (".LOSE", 2), (".TRANA", 3),
    (".VALUE", 4), (".UTRAN", 5), (".CORE", 6), (".TRAND", 7),
    (".DSTAR", 0o10), (".FDELE", 0o11), (".DSTRT", 0o12), (".SUSET", 0o13),
    (".LTPEN", 0o14), (".VSCAN", 0o15), (".POTSE", 0o16), (".CALL", 0o17),
];

/// Members of the `.OPER` family, selected by E (`.CLOSE 1,` = 042040,,7).
#[rustfmt::skip]
pub const OPER_FAMILY: &[(&str, u32)] = &[
    (".ITYI", 0o1), (".LISTEN", 0o2), (".SLEEP", 0o3), (".SETMSK", 0o4),
    (".SETM2", 0o5), (".DEMON", 0o6), (".CLOSE", 0o7), (".UCLOSE", 0o10),
    (".ATTY", 0o11), (".DTTY", 0o12), (".IOPUSH", 0o13), (".IOPOP", 0o14),
    (".DCLOSE", 0o15), (".DSTOP", 0o16), (".RDTIME", 0o17), (".RDSW", 0o20),
    (".GUN", 0o21), (".UDISMT", 0o22), (".GETSYS", 0o23), (".IPDP", 0o24),
    (".GETLOC", 0o25), (".SETLOC", 0o26), (".DISOWN", 0o27), (".DWORD", 0o30),
    (".DSTEP", 0o31), (".GENSYM", 0o32), (".LOGOUT", 0o33), (".REALT", 0o34),
    (".WSNAME", 0o35), (".UPISET", 0o36), (".RESET", 0o37), (".ARMOVE", 0o40),
    (".DCONTIN", 0o41), (".CBLK", 0o42), (".ASSIGN", 0o43), (".DESIGN", 0o44),
    (".RTIME", 0o45), (".RDATE", 0o46), (".HANG", 0o47), (".EOFC", 0o50),
    (".IOTLSR", 0o51), (".RSYSID", 0o52), (".SUPSET", 0o53), (".DIETIME", 0o54),
    (".SHUTDN", 0o55), (".ARMRS", 0o56), (".UBLAT", 0o57), (".IOPDL", 0o60),
    (".ITYIC", 0o61), (".MASTER", 0o62), (".VSTST", 0o63), (".NETAC", 0o64),
    (".NETS", 0o65), (".REVIVE", 0o66), (".DIEMSG", 0o67),
    (".RYEAR", 0o100), (".RLPDTM", 0o101), (".RDATIM", 0o102), (".RCHST", 0o103),
    (".RBTC", 0o104),
];

/// The name the disassembler shows for an ITS UUO word, or `None` when the
/// opcode is not 040-047. Returns the name and whether E was absorbed into it
/// (true for `.OPER` family members, whose E is their number).
pub fn uuo_name(
    opcode: u16,
    ac: u8,
    indirect_or_index: bool,
    y: u32,
) -> Option<(&'static str, bool)> {
    match opcode {
        0o042 if !indirect_or_index => {
            let member = OPER_FAMILY
                .iter()
                .find(|(_, n)| *n == y)
                .map(|(name, _)| *name);
            Some(member.map_or((".OPER", false), |name| (name, true)))
        }
        0o043 => Some((CALL_FAMILY[ac as usize].0, false)),
        0o040..=0o047 => Some((UUOS[(opcode - 0o40) as usize].0, false)),
        _ => None,
    }
}
