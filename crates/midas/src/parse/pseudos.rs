//! The names of pseudo-ops: those the parser reads as statements and
//! those the statement gatherer does.

use super::Pseudo;
use crate::output::FileKind;

/// Whether `k` (a symbol's key) names a pseudo-op, of the parser or of
/// the statement gatherer.
pub(crate) fn is_pseudo_name(k: &str) -> bool {
    pseudo(k).is_some()
        || matches!(
            k,
            "DEFINE"
                | "TERMIN"
                | "REPEAT"
                | "IRP"
                | "IRPC"
                | "IRPS"
                | "IRPW"
                | "IRPNC"
                | "IFE"
                | "IFN"
                | "IFG"
                | "IFGE"
                | "IFL"
                | "IFLE"
                | "IFDEF"
                | "IFNDEF"
                | "IFB"
                | "IFNB"
                | "IFSE"
                | "IFSN"
                | "IF1"
                | "IF2"
                | ".ELSE"
                | ".ALSO"
                | "ASCII"
                | "ASCIZ"
                | "ASCIC"
                | ".ASCII"
                | "SIXBIT"
                | ".LENGT"
                | "PRINTX"
                | ".ERR"
                | ".INSRT"
                | "TITLE"
                | "EXPUNG"
                | ".RPCNT"
                | ".BYTC"
                | ".IRPCN"
                | ".FNAM1"
                | ".FNAM2"
                | "XWD"
                | "SQUOZE"
                | ".SCALA"
                | ".VECTO"
                | "EQUALS"
                | "PRINTC"
                | "COMMEN"
                | ".TYO"
                | ".TYO6"
                | ".INEOF"
                | ".STOP"
                | ".ISTOP"
                | "NULL"
                | "IFSQ"
                | "IFNSQ"
                | ".TTYMA"
                | ".FORMA"
                | ".AOP"
                | ".1STWD"
                | ".NTHWD"
                | ".RADIX"
                | ".GO"
                | ".TAG"
                | ".ASCVL"
                | ".TYPE"
                | ".LIBRA"
                | ".LIBRQ"
                | ".GLOBA"
                | ".LIFS"
                | ".ELDC"
                | ".LNKOT"
        )
}

/// Whether `k` names something MIDAS knows from the start other than an
/// instruction or symbol of the table: a pseudo-op, or a value the
/// gatherer supplies (`.FVERS` ...). IFDEF finds them all defined (real
/// MIDAS 433: `IFDEF .FVERS`, `IFDEF LOC`, `IFDEF IFDEF` all succeed).
pub(crate) fn is_builtin_name(k: &str) -> bool {
    is_pseudo_name(k)
        || matches!(
            k,
            ".FVERS"
                | ".IFVRS"
                | ".IFNM1"
                | ".IFNM2"
                | ".OSMID"
                | ".PASS"
                | ".SUCCE"
                | ".QUOTE"
                | ".SEE"
                | "SUBTTL"
                | ".BP"
                | ".BM"
                | ".LZ"
                | ".TZ"
                | ".LDB"
                | ".DPB"
                | ".IBP"
                | ".SITE"
                | ".SBLK"
                | ".BEGIN"
                | ".END"
                | "IRPW"
                | "IRPNC"
                | ".WALGN"
                | ".ABSP"
                | ".RELP"
        )
}

pub(super) fn pseudo(k: &str) -> Option<Pseudo> {
    Some(match k {
        "LOC" => Pseudo::Loc,
        "BLOCK" => Pseudo::Block,
        "CONSTA" => Pseudo::Constants,
        "VARIAB" => Pseudo::Variables,
        "END" => Pseudo::End,
        "RADIX" => Pseudo::Radix,
        ".GSSET" => Pseudo::GenSymSet,
        "OFFSET" => Pseudo::Offset,
        "WORD" => Pseudo::Word,
        "RELOCA" => Pseudo::Relocate,
        "SBLK" => Pseudo::Format(FileKind::Sblk),
        "RIM10" => Pseudo::Format(FileKind::Rim10),
        "RIM" => Pseudo::Format(FileKind::Rim),
        "NOSYMS" => Pseudo::NoSymbols,
        ".KILL" => Pseudo::Kill,
        ".HKILL" => Pseudo::HalfKill,
        ".BIND" => Pseudo::Bind,
        ".BEGIN" => Pseudo::Begin,
        ".END" => Pseudo::BlockEnd,
        ".AUXIL" | ".LSTON" | ".LSTOF" | ".SYMTA" | ".XCREF" | ".SEE" | "SUBTTL" | ".YSTGW"
        | ".NSTGW" | ".CRFOF" | ".CRFON" => Pseudo::Ignored,
        _ => return None,
    })
}
