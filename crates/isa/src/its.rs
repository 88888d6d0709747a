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

/// The bit and constant symbols of `src/system/bits.117` (every `DEFSYM`
/// with a plain numeric value: `%TJDIS`, `%CLIMM`, `%OPCMD`, `%LSFIL`,
/// `%PIIOC`, `.UAI`..`.BIO`, the `%E` error codes ...), which an ITS MIDAS
/// finds in the running system's symbol table.
#[rustfmt::skip]
pub const BIT_SYMBOLS: &[(&str, u64)] = &[
    ("%E", 0o777777777700),
    ("%ENSDV", 0o1),
    ("%ENSIO", 0o2),
    ("%ETMTR", 0o3),
    ("%ENSFL", 0o4),
    ("%EFLDR", 0o5),
    ("%EFLDV", 0o6),
    ("%ENRDV", 0o7),
    ("%ENADV", 0o10),
    ("%EBDFN", 0o11),
    ("%ENSMD", 0o12),
    ("%EEXFL", 0o13),
    ("%EBDCH", 0o14),
    ("%ETMRG", 0o15),
    ("%ENAPK", 0o16),
    ("%ENSDR", 0o20),
    ("%ELCDV", 0o21),
    ("%ESCO", 0o22),
    ("%ENAFL", 0o23),
    ("%ETMDR", 0o24),
    ("%EMCHN", 0o25),
    ("%ERODV", 0o26),
    ("%ETMLK", 0o27),
    ("%ETFRG", 0o30),
    ("%EROJB", 0o31),
    ("%EROPG", 0o32),
    ("%EBDRG", 0o33),
    ("%EBDDV", 0o34),
    ("%ENSJB", 0o35),
    ("%EBOJ", 0o36),
    ("%ENACR", 0o37),
    ("%ETOP", 0o40),
    ("%ENAPP", 0o41),
    ("%ENAJB", 0o42),
    ("%ENSCL", 0o43),
    ("%ENSCH", 0o44),
    ("%ENRBF", 0o45),
    ("%EBDFL", 0o46),
    ("%EBDLK", 0o47),
    ("%PI", 0o525252525252),
    ("%PIRLT", 0o200000000000),
    ("%PIRUN", 0o100000000000),
    ("%PINXI", 0o40000000000),
    ("%PIJST", 0o20000000000),
    ("%PIDCL", 0o10000000000),
    ("%PIATY", 0o4000000000),
    ("%PITTY", 0o2000000000),
    ("%PIPAR", 0o1000000000),
    ("%PIFOV", 0o400000000),
    ("%PIWRO", 0o200000000),
    ("%PIFET", 0o100000000),
    ("%PITRP", 0o40000000),
    ("%PIDBG", 0o2000000),
    ("%PILOS", 0o1000000),
    ("%PICLI", 0o400000),
    ("%PIPDL", 0o200000),
    ("%PILTP", 0o100000),
    ("%PIMAR", 0o40000),
    ("%PIMPV", 0o20000),
    ("%PICLK", 0o10000),
    ("%PI1PR", 0o4000),
    ("%PIBRK", 0o2000),
    ("%PIOOB", 0o1000),
    ("%PIIOC", 0o400),
    ("%PIVAL", 0o200),
    ("%PIDWN", 0o100),
    ("%PIILO", 0o40),
    ("%PIDIS", 0o20),
    ("%PIARO", 0o10),
    ("%PIB42", 0o4),
    ("%PIC.Z", 0o2),
    ("%PITYI", 0o1),
    ("%PJ", 0o1525252),
    ("%PJRLT", 0o200000),
    ("%PJRUN", 0o100000),
    ("%PJNXI", 0o40000),
    ("%PJJST", 0o20000),
    ("%PJDCL", 0o10000),
    ("%PJATY", 0o4000),
    ("%PJTTY", 0o2000),
    ("%PJPAR", 0o1000),
    ("%PJFOV", 0o400),
    ("%PJWRO", 0o200),
    ("%PJFET", 0o100),
    ("%PJTRP", 0o40),
    ("%PJDBG", 0o2),
    ("%PJLOS", 0o1),
    ("%PC", 0o1525240),
    ("%PCARO", 0o400000),
    ("%PCCR0", 0o200000),
    ("%PCCR1", 0o100000),
    ("%PCFOV", 0o40000),
    ("%PCFPD", 0o20000),
    ("%PCUSR", 0o10000),
    ("%PCUIO", 0o4000),
    ("%PCPUR", 0o2000),
    ("%PCSPC", 0o1000),
    ("%PC1PR", 0o400),
    ("%PCX17", 0o200),
    ("%PCFXU", 0o100),
    ("%PCDIV", 0o40),
    ("%PS", 0o1525240),
    ("%PSARO", 0o400000),
    ("%PSPCP", 0o400000),
    ("%PSCR0", 0o200000),
    ("%PSCR1", 0o100000),
    ("%PSFOV", 0o40000),
    ("%PSFPD", 0o20000),
    ("%PSUSR", 0o10000),
    ("%PSUIO", 0o4000),
    ("%PSPUB", 0o2000),
    ("%PSPCU", 0o4000),
    ("%PSINH", 0o1000),
    ("%PSTR2", 0o400),
    ("%PSTR1", 0o200),
    ("%PSFXU", 0o100),
    ("%PSDIV", 0o40),
    ("%PS1PR", 0o1600),
    ("%NQ", 0o1525252),
    ("%NQREF", 0o1),
    ("%NO", 0o1525252),
    ("%NOLSN", 0o100),
    ("%NSCLS", 0o0),
    ("%NSLSN", 0o1),
    ("%NSRFC", 0o2),
    ("%NSRCL", 0o3),
    ("%NSRFS", 0o4),
    ("%NSOPN", 0o5),
    ("%NSRFN", 0o6),
    ("%NSCLW", 0o7),
    ("%NSCLI", 0o10),
    ("%NSINP", 0o11),
    ("%NT", 0o777777),
    ("%NTCLS", 0o0),
    ("%NTLSN", 0o1),
    ("%NTSYR", 0o2),
    ("%NTCLU", 0o3),
    ("%NTSYN", 0o4),
    ("%NTOPN", 0o5),
    ("%NTWRT", 0o6),
    ("%NTCLX", 0o7),
    ("%NTCLI", 0o10),
    ("%NTINP", 0o11),
    ("%NCNTO", 0o0),
    ("%NCUSR", 0o1),
    ("%NCFRN", 0o2),
    ("%NCRST", 0o3),
    ("%NCDED", 0o4),
    ("%NCINC", 0o5),
    ("%NCBYT", 0o6),
    ("%NCNCP", 0o7),
    ("%NCRFS", 0o10),
    (".XC", 0o777777),
    (".XCNTO", 0o0),
    (".XCUSR", 0o1),
    (".XCFRN", 0o2),
    (".XCRST", 0o3),
    (".XCDED", 0o4),
    (".XCINC", 0o5),
    (".XCNCP", 0o7),
    (".XCRFS", 0o10),
    ("%NX", 0o777777),
    ("%NXNTO", 0o0),
    ("%NXUSR", 0o1),
    ("%NXFRN", 0o2),
    ("%NXRST", 0o3),
    ("%NXDED", 0o4),
    ("%NXINC", 0o5),
    ("%NXNCP", 0o7),
    ("%NXRFS", 0o10),
    ("%UC", 0o1525000),
    ("$UCOPT", 0o331100),
    ("%UCKLP", 0o400000),
    ("%UCITS", 0o20000),
    ("%UCTRK", 0o1000),
    ("$UCVRS", 0o221100),
    ("%UCVRS", 0o1),
    ("%HW", 0o527777),
    ("$HWOPT", 0o140600),
    ("$HWSER", 0o1400),
    ("%CL", 0o1400777),
    ("%CLIN", 0o0),
    ("%CLIMM", 0o1000),
    ("%CLOUT", 0o2000),
    ("%CLERR", 0o3000),
    ("%CLBTW", 0o4000),
    ("%CLBIT", 0o5000),
    ("%CB", 0o525252),
    ("%CBWRT", 0o400000),
    ("%CBRED", 0o200000),
    ("%CBNDW", 0o100000),
    ("%CBPUB", 0o40000),
    ("%CBPRV", 0o20000),
    ("%CBNDR", 0o10000),
    ("%CBCPY", 0o4000),
    ("%CBLOK", 0o2000),
    ("%CBULK", 0o1000),
    ("%CBSLO", 0o400),
    ("%CBUSL", 0o200),
    ("%JS", 0o777777),
    ("%JSELF", 0o777777),
    ("%JSTVB", 0o777776),
    ("%JSNUL", 0o777775),
    ("%JSALL", 0o777774),
    ("%JSNEW", 0o777773),
    ("%JSABS", 0o777772),
    ("%JSNUM", 0o400000),
    ("%JSSIX", 0o400376),
    ("%JSSUP", 0o400377),
    ("%RL", 0o1525252),
    ("%RLFLS", 0o400000),
    ("%RLSET", 0o200000),
    ("%RLUSR", 0o100000),
    ("%RLPSD", 0o20000),
    ("%RLNPS", 0o40000),
    ("%RLBLK", 0o10000),
    ("%RLGET", 0o4000),
    ("OPTTRP", 0o400000),
    ("OPTDEC", 0o100000),
    ("OPTCMD", 0o40000),
    ("OPTBRK", 0o20000),
    ("OPTDDT", 0o10000),
    ("OPTINT", 0o4000),
    ("OPTOJB", 0o2000),
    ("OPTLOK", 0o1000),
    ("OPTLIV", 0o400),
    ("OPTOPC", 0o200),
    ("OPTLSP", 0o100),
    ("OPTLKF", 0o40),
    ("%OPTRP", 0o400000),
    ("%OPDEC", 0o100000),
    ("%OPCMD", 0o40000),
    ("%OPBRK", 0o20000),
    ("%OPDDT", 0o10000),
    ("%OPINT", 0o4000),
    ("%OPOJB", 0o2000),
    ("%OPLOK", 0o1000),
    ("%OPLIV", 0o400),
    ("%OPOPC", 0o200),
    ("%OPLSP", 0o100),
    ("%OPLKF", 0o40),
    ("%LS", 0o777400),
    ("%LSINT", 0o1),
    ("%LSSYS", 0o1000),
    ("%LSFIL", 0o1400),
    ("%WYTYI", 0o1),
    ("%WYTYO", 0o2),
    ("%WYSTI", 0o3),
    ("%WYSTO", 0o4),
    ("%WYNET", 0o5),
    ("%WYCHA", 0o6),
    ("%WYTCP", 0o7),
    ("%WYUBI", 0o10),
    (".UAI", 0o0),
    (".UAO", 0o1),
    (".BAI", 0o2),
    (".BAO", 0o3),
    (".UII", 0o4),
    (".UIO", 0o5),
    (".BII", 0o6),
    (".BIO", 0o7),
    ("%DO", 0o1525252),
    ("%DOOUT", 0o1),
    ("%DOBLK", 0o2),
    ("%DOIMG", 0o4),
    ("%DONRF", 0o10),
    ("%DONLK", 0o20),
    ("%DORWT", 0o40),
    ("%DOWOV", 0o100000),
    ("..RSTART", 0o1),
    ("..RLFILE", 0o2),
    ("..RSTP", 0o3),
    ("..RSYM", 0o4),
    ("..RJCL", 0o5),
    ("..RPFILE", 0o6),
    ("..RSTB", 0o7),
    ("..RCONV", 0o10),
    ("..RLJB", 0o13),
    ("..RRND", 0o14),
    ("..RPUR", 0o15),
    ("..RHSNAME", 0o16),
    ("..RMAIL", 0o17),
    ("..SSTART", 0o400001),
    ("..SLFILE", 0o400002),
    ("..SSYM", 0o400004),
    ("..SJCL", 0o400005),
    ("..SPFILE", 0o400006),
    ("..SSTB", 0o400007),
    ("..SRND", 0o400014),
    ("..SPUR", 0o400015),
    ("%JG", 0o1525252),
    ("%JGCLS", 0o40000),
    ("%JGSIO", 0o1000),
    ("%JGFPD", 0o200),
    ("%JO", 0o777777),
    ("%JOOPN", 0o0),
    ("%JOIOT", 0o1),
    ("%JOLNK", 0o2),
    ("%JORST", 0o3),
    ("%JORCH", 0o4),
    ("%JOACC", 0o5),
    ("%JORNM", 0o6),
    ("%JORWO", 0o7),
    ("%JOCAL", 0o10),
    ("%TI", 0o1525277),
    ("%TJ", 0o1525277),
    ("%TICNS", 0o400000),
    ("%TJCNS", 0o400000),
    ("%TJCP1", 0o200000),
    ("%TJCP2", 0o100000),
    ("%TJECH", 0o40000),
    ("%TJCTN", 0o20000),
    ("%TJSTP", 0o10000),
    ("%TJDIS", 0o4000),
    ("%TJSIO", 0o2000),
    ("%TJMOR", 0o1000),
    ("%TJPP2", 0o400),
    ("%TJINK", 0o200),
    ("%TJHDE", 0o100),
    ("%TIECH", 0o40000),
    ("%TIPEK", 0o20000),
    ("%TIACT", 0o4000),
    ("%TIINT", 0o2000),
    ("%TINWT", 0o1000),
    ("%TIFUL", 0o400),
    ("$TIIDX", 0o220600),
    ("%TIIDX", 0o1),
    ("%TJIDX", 0o1),
    ("%TINON", 0o77),
    ("%TX", 0o525200),
    ("%TXMPE", 0o400000),
    ("%TXPIE", 0o200000),
    ("%TXINT", 0o10000),
    ("%TXECI", 0o2000),
    ("%TXTOP", 0o4000),
    ("%TXSFT", 0o1000),
    ("%TXSUP", 0o1000),
    ("%TXMTA", 0o400),
    ("%TXCTL", 0o200),
    ("%TXASC", 0o177),
    ("%TD", 0o777400),
    ("%TDMOV", 0o200),
    ("%TDMV1", 0o201),
    ("%TDEOF", 0o202),
    ("%TDEOL", 0o203),
    ("%TDDLF", 0o204),
    ("%TDMTF", 0o205),
    ("%TDMTN", 0o206),
    ("%TDCRL", 0o207),
    ("%TDNOP", 0o210),
    ("%TDBS", 0o211),
    ("%TDLF", 0o212),
    ("%TDRCR", 0o213),
    ("%TDORS", 0o214),
    ("%TDQOT", 0o215),
    ("%TDFS", 0o216),
    ("%TDMV0", 0o217),
    ("%TDCLR", 0o220),
    ("%TDBEL", 0o221),
    ("%TDINI", 0o222),
    ("%TDILP", 0o223),
    ("%TDDLP", 0o224),
    ("%TDICP", 0o225),
    ("%TDDCP", 0o226),
    ("%TDBOW", 0o227),
    ("%TDRST", 0o230),
    ("%TDGRF", 0o231),
    ("%TDRSU", 0o232),
    ("%TDRSD", 0o233),
    ("%TDSYN", 0o240),
    ("%TDECO", 0o241),
    ("%TDEDF", 0o242),
    ("%TDNLE", 0o243),
    ("%TDTSP", 0o244),
    ("%TDCTB", 0o245),
    ("%TDCTE", 0o246),
    ("%TDMLT", 0o247),
    ("%TDSVL", 0o250),
    ("%TDRSL", 0o251),
    ("%TDSSR", 0o252),
    ("%TDSLL", 0o253),
    ("%TDMAX", 0o254),
    ("%TN", 0o777777),
    ("%TNPRT", 0o0),
    ("%TNDP", 0o1),
    ("%TNODP", 0o2),
    ("%TNIML", 0o3),
    ("%TNTEK", 0o4),
    ("%TNTV", 0o5),
    ("%TNMEM", 0o6),
    ("%TNSFW", 0o7),
    ("%TNTRM", 0o10),
    ("%TNESC", 0o11),
    ("%TNDTM", 0o12),
    ("%TNRAY", 0o13),
    ("%TNHDS", 0o14),
    ("%TNH19", 0o15),
    ("%TNAAA", 0o16),
    ("%TNMAX", 0o17),
    ("%TO", 0o1525252),
    ("%TOALT", 0o200000),
    ("%TOCLC", 0o100000),
    ("%TOERS", 0o40000),
    ("%TOHDX", 0o20000),
    ("$TOHDX", 0o370100),
    ("%TOMVB", 0o10000),
    ("%TOSAI", 0o4000),
    ("%TOSA1", 0o2000),
    ("%TOOVR", 0o1000),
    ("%TOMVU", 0o400),
    ("%TOMOR", 0o200),
    ("%TOROL", 0o100),
    ("%TORAW", 0o40),
    ("%TOLWR", 0o20),
    ("%TOFCI", 0o10),
    ("%TOIML", 0o4),
    ("%TOLID", 0o2),
    ("%TOCID", 0o1),
    ("%TP", 0o707252),
    ("%TPPLF", 0o100000),
    ("$TPPLF", 0o170300),
    ("%TPPCR", 0o10000),
    ("$TPPCR", 0o140300),
    ("%TPPCW", 0o6),
    ("%TPPTB", 0o1000),
    ("$TPPTB", 0o110300),
    ("%TPMTA", 0o400),
    ("%TPPRN", 0o200),
    ("%TPTEL", 0o100),
    ("%TPCBS", 0o40),
    ("%TP11T", 0o20),
    ("%TPORS", 0o10),
    ("%TPRSC", 0o4),
    ("%TQ", 0o1701725),
    ("%TQIM1", 0o300000),
    ("%TQIM4", 0o200000),
    ("%TQP11", 0o100000),
    ("%TQMCH", 0o700000),
    ("%TQGRF", 0o1),
    ("%TQGPH", 0o1),
    ("%TQSET", 0o2),
    ("%TQREC", 0o4),
    ("%TQXOR", 0o10),
    ("%TQBNK", 0o20),
    ("%TQVIR", 0o40),
    ("%TQHGT", 0o76000),
    ("%TQWID", 0o1700),
    ("%TR", 0o534052),
    ("%TRGIN", 0o400000),
    ("%TRGHC", 0o200000),
    ("%TRLED", 0o100000),
    ("%TRSCN", 0o40000),
    ("%TRLSV", 0o34000),
    ("%TRTIM", 0o3700),
    ("$TRTIM", 0o60500),
    ("%TG", 0o777725),
    ("%TGINT", 0o1),
    ("%TGACT", 0o2),
    ("%TGSPC", 0o4),
    ("%TGIMG", 0o10),
    ("%TGPIE", 0o20),
    ("%TGMPE", 0o40),
    ("%TS", 0o1525252),
    ("%TSFRE", 0o400000),
    ("%TSCLE", 0o200000),
    ("%TSHDX", 0o100000),
    ("%TSFCO", 0o40000),
    ("%TSALT", 0o20000),
    ("%TSROL", 0o10000),
    ("%TSSAI", 0o4000),
    ("%TSACT", 0o2000),
    ("%TSNEA", 0o1000),
    ("%TSINT", 0o400),
    ("%TSMOR", 0o200),
    ("%TSATY", 0o100),
    ("%TSNOE", 0o10),
    ("%TSLCZ", 0o4),
    ("%TSSII", 0o2),
    ("%TSCNS", 0o1),
    ("$TSCNS", 0o220100),
    ("%TC", 0o1525252),
    ("%TCLFT", 0o200000),
    ("%TCRFT", 0o100000),
    ("%TCICO", 0o40000),
    ("%TCOCO", 0o20000),
    ("%TCRFS", 0o10000),
    ("%TCQRY", 0o4000),
    ("%TCMTR", 0o2000),
    ("%TCECH", 0o1000),
    ("%TCLED", 0o400),
    ("%TCDET", 0o200),
    ("%TCDNG", 0o100),
    ("%TCCBK", 0o40),
    ("%TCCBS", 0o20),
    ("%TCFPD", 0o10),
    ("%TCTPN", 0o4),
    ("%TCPAD", 0o2),
    ("%TCHNG", 0o1),
    ("%TT", 0o1525360),
    ("%TTLCL", 0o400000),
    ("%TT340", 0o200000),
    ("%TT3HP", 0o100000),
    ("%TTPAR", 0o4000),
    ("%TTDDI", 0o2000),
    ("$TTISP", 0o260400),
    ("%TTISP", 0o20),
    ("$TTOSP", 0o220400),
    ("%TTOSP", 0o1),
    ("%TY", 0o525252),
    ("%TYDPK", 0o400000),
    ("%TYSTY", 0o200000),
    ("%TYNVA", 0o100000),
    ("%TYMTY", 0o40000),
    ("%TYDIL", 0o20000),
    ("%TY11T", 0o10000),
    ("%TYDL", 0o4000),
    ("%TYOTY", 0o2000),
    ("%TYETY", 0o1000),
    ("%TYNTY", 0o400),
    ("%TYMDM", 0o200),
    ("%TYKST", 0o100),
    ("%TYDZT", 0o40),
    ("%TYRLM", 0o20),
    ("%GO", 0o777777),
    ("%GODLR", 0o101),
    ("%GODPR", 0o102),
    ("%GODRR", 0o103),
    ("%GODCH", 0o104),
    ("%GODSC", 0o105),
    ("%GODRN", 0o106),
    ("%GODLA", 0o121),
    ("%GODPA", 0o122),
    ("%GODRA", 0o123),
    ("%GOELR", 0o141),
    ("%GOEPR", 0o142),
    ("%GOERR", 0o143),
    ("%GOECH", 0o144),
    ("%GOESC", 0o145),
    ("%GOERN", 0o146),
    ("%GOELA", 0o161),
    ("%GOEPA", 0o162),
    ("%GOERA", 0o163),
    ("%GOMVR", 0o1),
    ("%GOMVA", 0o21),
    ("%GOXOR", 0o2),
    ("%GOIOR", 0o22),
    ("%GOSET", 0o3),
    ("%GOMSR", 0o4),
    ("%GOMSA", 0o24),
    ("%GOINV", 0o6),
    ("%GOVIS", 0o26),
    ("%GOBNK", 0o7),
    ("%GOCLR", 0o10),
    ("%GOCLS", 0o30),
    ("%GOPSH", 0o11),
    ("%GOVIR", 0o12),
    ("%GOPHY", 0o32),
    ("%GOHRD", 0o13),
    ("%GOGIN", 0o14),
    ("%GOLMT", 0o15),
    ("%TB", 0o1525277),
    ("%TBNOT", 0o400000),
    ("%TBNVR", 0o200000),
    ("%TBINT", 0o100000),
    ("%TBWAT", 0o40000),
    ("%TBDTY", 0o10000),
    ("%TBOUT", 0o4000),
    ("%TBINF", 0o2000),
    ("%TBOIG", 0o1000),
    ("%TBIIN", 0o400),
    ("$TBECL", 0o220600),
    ("%TBECL", 0o77),
    ("%SS", 0o1525252),
    ("%SSHNG", 0o400000),
    ("%SSUSE", 0o200000),
    ("%SSINT", 0o100000),
    ("%SSONT", 0o40000),
    ("%SSOHG", 0o20000),
];

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
mod tests {
    use super::*;

    fn value(name: &str) -> Option<u64> {
        predefined().find(|(n, _)| *n == name).map(|(_, v)| v)
    }

    #[test]
    fn values_from_itsdfs_and_bits() {
        // itsdfs.8: .ITSOP, .ITSCL, .ITSUS.
        assert_eq!(value(".CLOSE"), Some(0o042000_000007));
        assert_eq!(value(".LOGOUT"), Some(0o042000_000033));
        assert_eq!(value(".PDTIME"), Some(0o042000_000054));
        assert_eq!(value(".SHUTDN"), Some(0o042000_000067));
        assert_eq!(value(".RDATIM"), Some(0o042000_000102));
        assert_eq!(value(".VALUE"), Some(0o043200_000000));
        assert_eq!(value(".SUSET"), Some(0o043540_000000));
        assert_eq!(value(".ROPTION"), Some(0o54));
        assert_eq!(value(".SSNAM"), Some(0o400016));
        assert_eq!(value("..RJCL"), Some(5));
        // bits.117.
        assert_eq!(value("%TJDIS"), Some(0o4000));
        assert_eq!(value("%CLIMM"), Some(0o1000));
        assert_eq!(value("%OPCMD"), Some(0o40000));
        assert_eq!(value("%LSFIL"), Some(0o1400));
        assert_eq!(value("%PIIOC"), Some(0o400));
        assert_eq!(value("%JSELF"), Some(0o777777));
        assert_eq!(value(".UAI"), Some(0));
        assert_eq!(value(".BIO"), Some(7));
    }

    #[test]
    fn oper_names_for_the_disassembler() {
        assert_eq!(uuo_name(0o042, 1, false, 0o54), Some((".PDTIME", true)));
        assert_eq!(uuo_name(0o042, 1, false, 0o67), Some((".SHUTDN", true)));
        assert_eq!(uuo_name(0o042, 1, false, 0o777), Some((".OPER", false)));
        assert_eq!(uuo_name(0o043, 4, false, 0), Some((".VALUE", false)));
    }

    #[test]
    fn numbers_by_name_for_the_shim() {
        // itsdfs.8: .IOT is 040, .ACCESS 047; .VALUE is .CALL 4, .SUSET 13.
        assert_eq!(uuo_number(".IOT"), 0o040);
        assert_eq!(uuo_number(".ACCESS"), 0o047);
        assert_eq!(call_number(".CALL"), 0);
        assert_eq!(call_number(".VALUE"), 0o4);
        assert_eq!(call_number(".FDELE"), 0o11);
        assert_eq!(call_number(".SUSET"), 0o13);
        assert_eq!(call_number(".POTSET"), 0o16);
    }
}
