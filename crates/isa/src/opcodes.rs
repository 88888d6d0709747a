//! The one opcode table.
//!
//! [`MNEMONICS`] names every 9-bit opcode, laid out in octal rows of eight like
//! the opcode map of DEC's System Reference Manual (appendix A). Everything
//! else is derived from it or sits beside it: the disassembler reads it by
//! opcode, the MIDAS assembler looks names up in it with [`lookup`], and the
//! CPU dispatches on the same opcode numbers. [`ALIASES`] are the assembler's
//! names for an opcode with a fixed AC field (`HALT` = `JRST 4,`), and
//! [`IO_FUNCTIONS`] / [`DEVICES`] name the fields of I/O instructions.
//!
//! Opcodes 100-127 are KI10/KL10 instructions: MIDAS knows their names, a KA10
//! traps them as unimplemented (through 60/61). The names follow MIDAS's own
//! table (`ISYMTB` in `src/midas/midas.458`): 104 is `JSYS`, 247 `CIRC` (an
//! AI-lab instruction); MIDAS has no name for 100 (`UJEN`, kept here for the
//! disassembler) nor for 101-103, 106 and 107.

/// Mnemonic of each opcode, or `""` where the opcode has no instruction name:
/// 000-077 are UUOs (001-037 local, the rest monitor calls; ITS names 040-047,
/// see [`crate::disasm`]) and 700-777 are I/O instructions, named by
/// [`IO_FUNCTIONS`] instead.
#[rustfmt::skip]
pub const MNEMONICS: [&str; 512] = [
    /* 000 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 010 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 020 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 030 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 040 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 050 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 060 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 070 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 100 */ "UJEN",   "",       "",       "",       "JSYS",   "ADJSP",  "",       "",
    /* 110 */ "DFAD",   "DFSB",   "DFMP",   "DFDV",   "DADD",   "DSUB",   "DMUL",   "DDIV",
    /* 120 */ "DMOVE",  "DMOVN",  "FIX",    "EXTEND", "DMOVEM", "DMOVNM", "FIXR",   "FLTR",
    /* 130 */ "UFA",    "DFN",    "FSC",    "IBP",    "ILDB",   "LDB",    "IDPB",   "DPB",
    /* 140 */ "FAD",    "FADL",   "FADM",   "FADB",   "FADR",   "FADRI",  "FADRM",  "FADRB",
    /* 150 */ "FSB",    "FSBL",   "FSBM",   "FSBB",   "FSBR",   "FSBRI",  "FSBRM",  "FSBRB",
    /* 160 */ "FMP",    "FMPL",   "FMPM",   "FMPB",   "FMPR",   "FMPRI",  "FMPRM",  "FMPRB",
    /* 170 */ "FDV",    "FDVL",   "FDVM",   "FDVB",   "FDVR",   "FDVRI",  "FDVRM",  "FDVRB",
    /* 200 */ "MOVE",   "MOVEI",  "MOVEM",  "MOVES",  "MOVS",   "MOVSI",  "MOVSM",  "MOVSS",
    /* 210 */ "MOVN",   "MOVNI",  "MOVNM",  "MOVNS",  "MOVM",   "MOVMI",  "MOVMM",  "MOVMS",
    /* 220 */ "IMUL",   "IMULI",  "IMULM",  "IMULB",  "MUL",    "MULI",   "MULM",   "MULB",
    /* 230 */ "IDIV",   "IDIVI",  "IDIVM",  "IDIVB",  "DIV",    "DIVI",   "DIVM",   "DIVB",
    /* 240 */ "ASH",    "ROT",    "LSH",    "JFFO",   "ASHC",   "ROTC",   "LSHC",   "CIRC",
    /* 250 */ "EXCH",   "BLT",    "AOBJP",  "AOBJN",  "JRST",   "JFCL",   "XCT",    "MAP",
    /* 260 */ "PUSHJ",  "PUSH",   "POP",    "POPJ",   "JSR",    "JSP",    "JSA",    "JRA",
    /* 270 */ "ADD",    "ADDI",   "ADDM",   "ADDB",   "SUB",    "SUBI",   "SUBM",   "SUBB",
    /* 300 */ "CAI",    "CAIL",   "CAIE",   "CAILE",  "CAIA",   "CAIGE",  "CAIN",   "CAIG",
    /* 310 */ "CAM",    "CAML",   "CAME",   "CAMLE",  "CAMA",   "CAMGE",  "CAMN",   "CAMG",
    /* 320 */ "JUMP",   "JUMPL",  "JUMPE",  "JUMPLE", "JUMPA",  "JUMPGE", "JUMPN",  "JUMPG",
    /* 330 */ "SKIP",   "SKIPL",  "SKIPE",  "SKIPLE", "SKIPA",  "SKIPGE", "SKIPN",  "SKIPG",
    /* 340 */ "AOJ",    "AOJL",   "AOJE",   "AOJLE",  "AOJA",   "AOJGE",  "AOJN",   "AOJG",
    /* 350 */ "AOS",    "AOSL",   "AOSE",   "AOSLE",  "AOSA",   "AOSGE",  "AOSN",   "AOSG",
    /* 360 */ "SOJ",    "SOJL",   "SOJE",   "SOJLE",  "SOJA",   "SOJGE",  "SOJN",   "SOJG",
    /* 370 */ "SOS",    "SOSL",   "SOSE",   "SOSLE",  "SOSA",   "SOSGE",  "SOSN",   "SOSG",
    /* 400 */ "SETZ",   "SETZI",  "SETZM",  "SETZB",  "AND",    "ANDI",   "ANDM",   "ANDB",
    /* 410 */ "ANDCA",  "ANDCAI", "ANDCAM", "ANDCAB", "SETM",   "SETMI",  "SETMM",  "SETMB",
    /* 420 */ "ANDCM",  "ANDCMI", "ANDCMM", "ANDCMB", "SETA",   "SETAI",  "SETAM",  "SETAB",
    /* 430 */ "XOR",    "XORI",   "XORM",   "XORB",   "IOR",    "IORI",   "IORM",   "IORB",
    /* 440 */ "ANDCB",  "ANDCBI", "ANDCBM", "ANDCBB", "EQV",    "EQVI",   "EQVM",   "EQVB",
    /* 450 */ "SETCA",  "SETCAI", "SETCAM", "SETCAB", "ORCA",   "ORCAI",  "ORCAM",  "ORCAB",
    /* 460 */ "SETCM",  "SETCMI", "SETCMM", "SETCMB", "ORCM",   "ORCMI",  "ORCMM",  "ORCMB",
    /* 470 */ "ORCB",   "ORCBI",  "ORCBM",  "ORCBB",  "SETO",   "SETOI",  "SETOM",  "SETOB",
    /* 500 */ "HLL",    "HLLI",   "HLLM",   "HLLS",   "HRL",    "HRLI",   "HRLM",   "HRLS",
    /* 510 */ "HLLZ",   "HLLZI",  "HLLZM",  "HLLZS",  "HRLZ",   "HRLZI",  "HRLZM",  "HRLZS",
    /* 520 */ "HLLO",   "HLLOI",  "HLLOM",  "HLLOS",  "HRLO",   "HRLOI",  "HRLOM",  "HRLOS",
    /* 530 */ "HLLE",   "HLLEI",  "HLLEM",  "HLLES",  "HRLE",   "HRLEI",  "HRLEM",  "HRLES",
    /* 540 */ "HRR",    "HRRI",   "HRRM",   "HRRS",   "HLR",    "HLRI",   "HLRM",   "HLRS",
    /* 550 */ "HRRZ",   "HRRZI",  "HRRZM",  "HRRZS",  "HLRZ",   "HLRZI",  "HLRZM",  "HLRZS",
    /* 560 */ "HRRO",   "HRROI",  "HRROM",  "HRROS",  "HLRO",   "HLROI",  "HLROM",  "HLROS",
    /* 570 */ "HRRE",   "HRREI",  "HRREM",  "HRRES",  "HLRE",   "HLREI",  "HLREM",  "HLRES",
    /* 600 */ "TRN",    "TLN",    "TRNE",   "TLNE",   "TRNA",   "TLNA",   "TRNN",   "TLNN",
    /* 610 */ "TDN",    "TSN",    "TDNE",   "TSNE",   "TDNA",   "TSNA",   "TDNN",   "TSNN",
    /* 620 */ "TRZ",    "TLZ",    "TRZE",   "TLZE",   "TRZA",   "TLZA",   "TRZN",   "TLZN",
    /* 630 */ "TDZ",    "TSZ",    "TDZE",   "TSZE",   "TDZA",   "TSZA",   "TDZN",   "TSZN",
    /* 640 */ "TRC",    "TLC",    "TRCE",   "TLCE",   "TRCA",   "TLCA",   "TRCN",   "TLCN",
    /* 650 */ "TDC",    "TSC",    "TDCE",   "TSCE",   "TDCA",   "TSCA",   "TDCN",   "TSCN",
    /* 660 */ "TRO",    "TLO",    "TROE",   "TLOE",   "TROA",   "TLOA",   "TRON",   "TLON",
    /* 670 */ "TDO",    "TSO",    "TDOE",   "TSOE",   "TDOA",   "TSOA",   "TDON",   "TSON",
    /* 700 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 710 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 720 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 730 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 740 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 750 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 760 */ "",       "",       "",       "",       "",       "",       "",       "",
    /* 770 */ "",       "",       "",       "",       "",       "",       "",       "",
];

/// A name for an opcode with its AC field fixed: the assembler accepts it, and
/// the disassembler prefers it when `preferred` is set (as DDT types `HALT`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Alias {
    /// The name as MIDAS spells it.
    pub name: &'static str,
    /// The opcode.
    pub opcode: u16,
    /// The AC field the name implies.
    pub ac: u8,
    /// Whether the disassembler shows this name rather than `OPCODE AC,`.
    pub preferred: bool,
}

const fn alias(name: &'static str, opcode: u16, ac: u8, preferred: bool) -> Alias {
    Alias {
        name,
        opcode,
        ac,
        preferred,
    }
}

/// Names with the AC field built in (DEC System Reference Manual 2.9 and
/// 2.10; `CLEAR` is MIDAS's synonym for `SETZ`).
#[rustfmt::skip]
pub const ALIASES: &[Alias] = &[
    alias("JRSTF", 0o254, 0o2, true),
    alias("HALT",  0o254, 0o4, true),
    alias("JEN",   0o254, 0o12, true),
    alias("JFOV",  0o255, 0o1, true),
    alias("JCRY1", 0o255, 0o2, true),
    alias("JCRY0", 0o255, 0o4, true),
    alias("JCRY",  0o255, 0o6, true),
    alias("JOV",   0o255, 0o10, true),
    alias("CLEAR",  0o400, 0, false),
    alias("CLEARI", 0o401, 0, false),
    alias("CLEARM", 0o402, 0, false),
    alias("CLEARB", 0o403, 0, false),
    // The rest of MIDAS's "random alias names" (ISYMTB in midas.458).
    alias("ERJMP",  0o320, 0o16, false),
    alias("ERCAL",  0o320, 0o17, false),
    alias("ADJBP",  0o133, 0, false),
    alias("PORTAL", 0o254, 0o1, false),
    alias("XJRSTF", 0o254, 0o5, false),
    alias("XJEN",   0o254, 0o6, false),
    alias("XPCW",   0o254, 0o7, false),
    alias("SFM",    0o254, 0o14, false),
    alias("XMOVEI", 0o415, 0, false),
    alias("XHLLI",  0o501, 0, false),
    alias("FADRL",  0o145, 0, false),
    alias("FSBRL",  0o155, 0, false),
    alias("FMPRL",  0o165, 0, false),
    alias("FDVRL",  0o175, 0, false),
];

/// Names of the I/O functions (bits 10-12 of an I/O instruction).
pub const IO_FUNCTIONS: [&str; 8] = [
    "BLKI", "DATAI", "BLKO", "DATAO", "CONO", "CONI", "CONSZ", "CONSO",
];

/// Device names MIDAS predefines, with their 7-bit device codes.
#[rustfmt::skip]
pub const DEVICES: &[(&str, u16)] = &[
    ("APR", 0o000), ("PI", 0o004), ("PTP", 0o100), ("PTR", 0o104),
    ("TTY", 0o120), ("LPT", 0o124), ("DIS", 0o130),
];

/// What an opcode name stands for, as the assembler needs it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpName {
    /// An instruction: the value is the opcode in bits 0-8 with `ac` in 9-12.
    Instruction {
        /// The 9-bit opcode.
        opcode: u16,
        /// The AC field implied by an alias (0 for plain mnemonics).
        ac: u8,
    },
    /// An I/O function (`CONO`, `DATAI`, ...): 7 in bits 0-2, the function in
    /// bits 10-12; the device comes from the AC position.
    Io {
        /// The function number, 0-7.
        function: u8,
    },
}

impl OpName {
    /// The word the name assembles to on its own (`MOVE` = 200000,,0,
    /// `HALT` = 254200,,0, `CONO` = 700200,,0).
    pub const fn word(self) -> u64 {
        match self {
            OpName::Instruction { opcode, ac } => ((opcode as u64) << 27) | ((ac as u64) << 23),
            OpName::Io { function } => (0o7 << 33) | ((function as u64) << 23),
        }
    }
}

/// Looks up an instruction, alias or I/O function name (upper case).
pub fn lookup(name: &str) -> Option<OpName> {
    if let Some(opcode) = MNEMONICS.iter().position(|m| !m.is_empty() && *m == name) {
        return Some(OpName::Instruction {
            opcode: opcode as u16,
            ac: 0,
        });
    }
    if let Some(a) = ALIASES.iter().find(|a| a.name == name) {
        return Some(OpName::Instruction {
            opcode: a.opcode,
            ac: a.ac,
        });
    }
    IO_FUNCTIONS
        .iter()
        .position(|f| *f == name)
        .map(|function| OpName::Io {
            function: function as u8,
        })
}

/// Every name [`lookup`] knows, with the word it stands for: the assembler's
/// predefined instruction symbols.
pub fn all_names() -> impl Iterator<Item = (&'static str, u64)> {
    let plain = MNEMONICS
        .iter()
        .enumerate()
        .filter(|(_, m)| !m.is_empty())
        .map(|(op, m)| {
            (
                *m,
                OpName::Instruction {
                    opcode: op as u16,
                    ac: 0,
                }
                .word(),
            )
        });
    let aliases = ALIASES.iter().map(|a| {
        (
            a.name,
            OpName::Instruction {
                opcode: a.opcode,
                ac: a.ac,
            }
            .word(),
        )
    });
    let io = IO_FUNCTIONS
        .iter()
        .enumerate()
        .map(|(f, n)| (*n, OpName::Io { function: f as u8 }.word()));
    plain.chain(aliases).chain(io)
}

/// How a KA10 treats an opcode, by range (System Reference Manual, appendix A).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpClass {
    /// 001-037: local UUO, trapped through the program's own 40/41.
    LocalUuo,
    /// 000 and 040-077: monitor UUO (ITS system calls are 040-047).
    MonitorUuo,
    /// 100-127 and 247: not implemented on the KA10; traps through 60/61.
    Unimplemented,
    /// 700-777: I/O instructions.
    Io,
    /// Everything else: an instruction the KA10 executes.
    Instruction,
}

/// The class of a 9-bit opcode on the KA10.
pub const fn class(opcode: u16) -> OpClass {
    match opcode {
        0o001..=0o037 => OpClass::LocalUuo,
        0o000 | 0o040..=0o077 => OpClass::MonitorUuo,
        0o100..=0o127 | 0o247 => OpClass::Unimplemented,
        0o700..=0o777 => OpClass::Io,
        _ => OpClass::Instruction,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_spot_checks_against_the_opcode_map() {
        // A few anchors from the System Reference Manual's opcode map.
        for (op, name) in [
            (0o130, "UFA"),
            (0o133, "IBP"),
            (0o145, "FADRI"),
            (0o171, "FDVL"),
            (0o200, "MOVE"),
            (0o217, "MOVMS"),
            (0o243, "JFFO"),
            (0o251, "BLT"),
            (0o254, "JRST"),
            (0o263, "POPJ"),
            (0o267, "JRA"),
            (0o277, "SUBB"),
            (0o316, "CAMN"),
            (0o344, "AOJA"),
            (0o377, "SOSG"),
            (0o400, "SETZ"),
            (0o434, "IOR"),
            (0o477, "SETOB"),
            (0o500, "HLL"),
            (0o577, "HLRES"),
            (0o600, "TRN"),
            (0o603, "TLNE"),
            (0o616, "TDNN"),
            (0o661, "TLO"),
            (0o677, "TSON"),
        ] {
            assert_eq!(MNEMONICS[op], name, "opcode {op:o}");
        }
    }

    #[test]
    fn names_are_unique() {
        let mut all: Vec<_> = all_names().map(|(n, _)| n).collect();
        all.sort();
        let before = all.len();
        all.dedup();
        assert_eq!(before, all.len());
    }

    #[test]
    fn lookup_words() {
        assert_eq!(lookup("MOVE").unwrap().word(), 0o200000_000000);
        assert_eq!(lookup("HALT").unwrap().word(), 0o254200_000000);
        assert_eq!(lookup("JRSTF").unwrap().word(), 0o254100_000000);
        assert_eq!(lookup("JOV").unwrap().word(), 0o255400_000000);
        assert_eq!(lookup("CONO").unwrap().word(), 0o700200_000000);
        assert_eq!(lookup("DATAI").unwrap().word(), 0o700040_000000);
        assert_eq!(lookup("NOSUCH"), None);
    }

    #[test]
    fn classes() {
        assert_eq!(class(0o000), OpClass::MonitorUuo);
        assert_eq!(class(0o001), OpClass::LocalUuo);
        assert_eq!(class(0o043), OpClass::MonitorUuo);
        assert_eq!(class(0o105), OpClass::Unimplemented);
        assert_eq!(class(0o247), OpClass::Unimplemented);
        assert_eq!(class(0o257), OpClass::Instruction);
        assert_eq!(class(0o700), OpClass::Io);
    }
}
