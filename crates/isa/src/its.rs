//! ITS symbols: the system-call names MIDAS predefines and the disassembler
//! shows, and the other names an ITS MIDAS knows (from `src/sys/itsdfs.8` and
//! `src/system/bits.117` in ITS, and DDT's `.BREAK 12,` codes from
//! `doc/info/ddt.33`).
//!
//! ITS uses monitor UUOs 040-047; `.OPER` (042) and `.CALL` (043) are
//! families whose members are told apart by E and by the AC field. Names are
//! spelled in full, as itsdfs.8 has them; MIDAS and DDT look only at the
//! first six characters (`.DISMIS` = `.DISMI`).

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
/// `.VALUE`); AC 0 is the symbolic `.CALL`, and 17 has no other name.
#[rustfmt::skip]
pub const CALL_FAMILY: [(&str, u8); 16] = [
    (".CALL", 0),
    (".DISMIS", 0o1), (".LOSE", 0o2), (".TRANAD", 0o3), (".VALUE", 0o4),
    (".UTRAN", 0o5), (".CORE", 0o6), (".TRAND", 0o7), (".DSTART", 0o10),
    (".FDELE", 0o11), (".DSTRTL", 0o12), (".SUSET", 0o13), (".LTPEN", 0o14),
    (".VSCAN", 0o15), (".POTSET", 0o16),
    (".CALL", 0o17),
];

/// Members of the `.OPER` family, selected by E (`.CLOSE 1,` = 042040,,7),
/// as `.ITSOP` in itsdfs.8 defines them.
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
    (".DCONT", 0o41), (".CBLK", 0o42), (".ASSIGN", 0o43), (".DESIGN", 0o44),
    (".RTIME", 0o45), (".RDATE", 0o46), (".HANG", 0o47), (".EOFC", 0o50),
    (".IOTLSR", 0o51), (".RSYSI", 0o52), (".SUPSET", 0o53), (".PDTIME", 0o54),
    (".ARMRS", 0o55), (".UBLAT", 0o56), (".IOPDL", 0o57), (".ITYIC", 0o60),
    (".MASTER", 0o61), (".VSTST", 0o62), (".NETAC", 0o63), (".NETS", 0o64),
    (".REVIVE", 0o65), (".DIETIM", 0o66), (".SHUTDN", 0o67), (".ARMOFF", 0o70),
    (".NDIS", 0o71), (".FEED", 0o72), (".EVAL", 0o73), (".REDEF", 0o74),
    (".IFSET", 0o75), (".UTNAM", 0o76), (".UINIT", 0o77), (".RYEAR", 0o100),
    (".RLPDTM", 0o101), (".RDATIM", 0o102), (".RCHST", 0o103), (".RBTC", 0o104),
    (".DMPCH", 0o105), (".SWAP", 0o106), (".MTAPE", 0o107), (".GENNUM", 0o110),
    (".NETINT", 0o111),
];

/// The `.USET`/`.SUSET` variable numbers: `.Rxxx` reads, `.Sxxx` (400000
/// more) writes (`.ITSUS` in itsdfs.8).
#[rustfmt::skip]
pub const USET_VARIABLES: &[(&str, u32)] = &[
    (".RUPC", 0o0), (".RVAL", 0o1), (".RTTY", 0o2), (".RFLS", 0o3),
    (".RUNAME", 0o4), (".RJNAME", 0o5), (".RMASK", 0o6), (".RUSTP", 0o7),
    (".RPIRQC", 0o10), (".RINTB", 0o11), (".RMEMT", 0o12), (".RSV40", 0o13),
    (".RIPIRQ", 0o14), (".RAPIRQ", 0o15), (".RSNAM", 0o16), (".RPICLR", 0o17),
    (".RMARA", 0o20), (".RMARPC", 0o21), (".RUUOH", 0o22), (".RUIND", 0o23),
    (".RRUNT", 0o24), (".RMSK2", 0o25), (".RIFPIR", 0o26), (".RAPRC", 0o27),
    (".RCNSL", 0o30), (".RUTRP", 0o31), (".RIIFPI", 0o32), (".RAIFPI", 0o33),
    (".RIMASK", 0o34), (".RAMASK", 0o35), (".RIMSK2", 0o36), (".RAMSK2", 0o37),
    (".RJPC", 0o40), (".ROPC", 0o41), (".RRTMR", 0o42), (".RHSNAM", 0o43),
    (".RBCHN", 0o44), (".RMPVA", 0o45), (".RIDF1", 0o46), (".RADF1", 0o47),
    (".RIDF2", 0o50), (".RADF2", 0o51), (".RDF1", 0o52), (".RDF2", 0o53),
    (".ROPTION", 0o54), (".R40ADDR", 0o55), (".RTVCRE", 0o56), (".RTTST", 0o57),
    (".RTTS1", 0o60), (".RTTS2", 0o61), (".RWHO1", 0o62), (".RWHO2", 0o63),
    (".RWHO3", 0o64), (".RSUPPRO", 0o65), (".RTR1IN", 0o66), (".RTR2IN", 0o67),
    (".RMBOX", 0o70), (".RMBO1", 0o71), (".REBOX", 0o72), (".REBO1", 0o73),
    (".RXUNAME", 0o74), (".RXJNAME", 0o75), (".RFTL1", 0o76), (".RFTL2", 0o77),
    (".RIOC", 0o100), (".RIOS", 0o120), (".RIOP", 0o140), (".RPMAP", 0o200),
    (".RPAGR", 0o600), (".RPAGA", 0o601), (".RSERVER", 0o602), (".SUPC", 0o400000),
    (".SVAL", 0o400001), (".STTY", 0o400002), (".SFLS", 0o400003), (".SUNAME", 0o400004),
    (".SJNAME", 0o400005), (".SMASK", 0o400006), (".SUSTP", 0o400007), (".SPIRQC", 0o400010),
    (".SINTB", 0o400011), (".SMEMT", 0o400012), (".SSV40", 0o400013), (".SIPIRQ", 0o400014),
    (".SAPIRQ", 0o400015), (".SSNAM", 0o400016), (".SPICLR", 0o400017), (".SMARA", 0o400020),
    (".SMARPC", 0o400021), (".SUUOH", 0o400022), (".SUIND", 0o400023), (".SRUNT", 0o400024),
    (".SMSK2", 0o400025), (".SIFPIR", 0o400026), (".SAPRC", 0o400027), (".SCNSL", 0o400030),
    (".SUTRP", 0o400031), (".SIIFPI", 0o400032), (".SAIFPI", 0o400033), (".SIMASK", 0o400034),
    (".SAMASK", 0o400035), (".SIMSK2", 0o400036), (".SAMSK2", 0o400037), (".SJPC", 0o400040),
    (".SOPC", 0o400041), (".SRTMR", 0o400042), (".SHSNAM", 0o400043), (".SBCHN", 0o400044),
    (".SMPVA", 0o400045), (".SIDF1", 0o400046), (".SADF1", 0o400047), (".SIDF2", 0o400050),
    (".SADF2", 0o400051), (".SDF1", 0o400052), (".SDF2", 0o400053), (".SOPTION", 0o400054),
    (".S40ADDR", 0o400055), (".STVCRE", 0o400056), (".STTST", 0o400057), (".STTS1", 0o400060),
    (".STTS2", 0o400061), (".SWHO1", 0o400062), (".SWHO2", 0o400063), (".SWHO3", 0o400064),
    (".SSUPPRO", 0o400065), (".STR1IN", 0o400066), (".STR2IN", 0o400067), (".SMBOX", 0o400070),
    (".SMBO1", 0o400071), (".SEBOX", 0o400072), (".SEBO1", 0o400073), (".SXUNAME", 0o400074),
    (".SXJNAME", 0o400075), (".SFTL1", 0o400076), (".SFTL2", 0o400077), (".SPAGRAN", 0o400600),
    (".SPAGAHD", 0o400601), (".SSERVER", 0o400602),
];

/// DDT's `.BREAK 12,` request codes (`..RJCL` = 5 reads the JCL; the `..S`
/// forms, 400000 more, write), as MIDAS predefines them (doc/info/ddt.33 and
/// doc/sysdoc/uuos.114).
#[rustfmt::skip]
pub const BREAK12_CODES: &[(&str, u32)] = &[
    ("..RSTA", 1), ("..SSTA", 0o400001), ("..RLFI", 2), ("..RSTP", 3),
    ("..RSYM", 4), ("..SSYM", 0o400004), ("..RJCL", 5), ("..SJCL", 0o400005),
    ("..RPFI", 6), ("..SPFI", 0o400006), ("..RSTB", 7), ("..SSTB", 0o400007),
    ("..RCON", 0o10), ("..RXUN", 0o11), ("..RXJN", 0o12), ("..RLJB", 0o13),
    ("..RRND", 0o14), ("..SRND", 0o400014), ("..RPUR", 0o15), ("..RHSN", 0o16),
    ("..RMAI", 0o17),
];

mod bits;
pub use bits::BIT_SYMBOLS;

/// Whether two names are equal, for the `const` lookups below.
const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Where `name` is among the first `len` entries of a name table, for the
/// `const` lookups below.
const fn position<T>(table: &[(&str, T)], len: usize, name: &str) -> Option<usize> {
    let mut i = 0;
    while i < len {
        if same(table[i].0, name) {
            return Some(i);
        }
        i += 1;
    }
    None
}

/// The `.USET` variable number of `name` (`.RPICLR` = 17, `.SPICLR` =
/// 400017), for naming the variables in code; an unknown name does not
/// compile when used in a `const`.
pub const fn uset_number(name: &str) -> u32 {
    match position(USET_VARIABLES, USET_VARIABLES.len(), name) {
        Some(i) => USET_VARIABLES[i].1,
        None => panic!("no such .USET variable"),
    }
}

/// The `.OPER` number of `name` (`.IOPDL` = 57); an unknown name does not
/// compile when used in a `const`.
pub const fn oper_number(name: &str) -> u32 {
    match position(OPER_FAMILY, OPER_FAMILY.len(), name) {
        Some(i) => OPER_FAMILY[i].1,
        None => panic!("no such .OPER"),
    }
}

/// The value of a bits.117 symbol (`%PIMPV`); an unknown name does not
/// compile when used in a `const`.
pub const fn bit_symbol(name: &str) -> u64 {
    match position(BIT_SYMBOLS, BIT_SYMBOLS.len(), name) {
        Some(i) => BIT_SYMBOLS[i].1,
        None => panic!("no such bits.117 symbol"),
    }
}

/// ITS's own symbol table as `.GETSYS` area `CALLS` gives it (SYSYMB in
/// `src/system/its.1652`): pairs of squoze word and value. The `.USET`
/// variables and the bits.117 symbols are half-killed globals (flags 44),
/// the UUOs globals (flags 04).
pub fn system_symbol_table() -> Vec<(u64, u64)> {
    use crate::squoze::{encode, GLOBAL, HALF_KILLED};
    let mut table = Vec::new();
    let mut push = |name: &str, flags: u64, value: u64| {
        if let Some(sq) = encode(name) {
            table.push((flags | sq, value));
        }
    };
    for &(n, v) in USET_VARIABLES {
        push(n, HALF_KILLED | GLOBAL, v as u64);
    }
    // In SYSYMB's order, which "SHOULD BE LEFT IN CURRENT ORDER OR DDT
    // WILL LOSE": .IOT .OPEN .OPER come before the bits.117 symbols.
    for &(n, op) in &UUOS[..3] {
        push(n, GLOBAL, (op as u64) << 27);
    }
    for &(n, v) in BIT_SYMBOLS {
        push(n, HALF_KILLED | GLOBAL, v);
    }
    for &(n, e) in OPER_FAMILY {
        push(n, GLOBAL, (0o042 << 27) | e as u64);
    }
    for &(n, ac) in &CALL_FAMILY[..15] {
        push(n, GLOBAL, (0o043 << 27) | ((ac as u64) << 23));
    }
    for &(n, op) in &UUOS[4..] {
        push(n, GLOBAL, (op as u64) << 27);
    }
    table
}

/// Every ITS symbol MIDAS predefines, with its value: the UUOs, the `.CALL`
/// and `.OPER` families, the USET variables, the `.BREAK 12,` codes and the
/// bits.117 symbols.
pub fn predefined() -> impl Iterator<Item = (&'static str, u64)> {
    let uuos = UUOS.iter().map(|&(n, op)| (n, (op as u64) << 27));
    let calls = CALL_FAMILY[1..15]
        .iter()
        .map(|&(n, ac)| (n, (0o043 << 27) | ((ac as u64) << 23)));
    let opers = OPER_FAMILY
        .iter()
        .map(|&(n, e)| (n, (0o042 << 27) | e as u64));
    let uset = USET_VARIABLES.iter().map(|&(n, v)| (n, v as u64));
    let breaks = BREAK12_CODES.iter().map(|&(n, v)| (n, v as u64));
    let bits = BIT_SYMBOLS.iter().copied();
    uuos.chain(calls)
        .chain(opers)
        .chain(uset)
        .chain(breaks)
        .chain(bits)
}

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

/// The opcode of the ITS UUO `name` (`.IOT` = 040); an unknown name does not
/// compile when used in a `const`.
pub const fn uuo_number(name: &str) -> u16 {
    match position(&UUOS, UUOS.len(), name) {
        Some(i) => UUOS[i].1,
        None => panic!("no such ITS UUO"),
    }
}

/// The AC field that selects `name` in the `.CALL` family (`.SUSET` = 13);
/// an unknown name does not compile when used in a `const`. The last entry
/// (17, which has no name of its own) is found by its position only.
pub const fn call_number(name: &str) -> u8 {
    match position(&CALL_FAMILY, CALL_FAMILY.len() - 1, name) {
        Some(i) => CALL_FAMILY[i].1,
        None => panic!("no such .CALL family member"),
    }
}

#[cfg(test)]
#[path = "its_tests.rs"]
mod tests;
