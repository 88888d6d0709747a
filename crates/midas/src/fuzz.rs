//! No input makes the assembler panic or hang: random MIDAS-like text
//! (proptest). `PROPTEST_CASES=100000 cargo test -p midas fuzz` runs more.

use proptest::prelude::*;

/// Pieces real programs are made of, so that random text reaches deep into
/// the assembler rather than stopping at the first bad character.
const PIECES: &[&str] = &[
    "MOVE",
    "A",
    "B",
    "P",
    "FOO",
    "X",
    "JRST",
    ".VALUE",
    ".CALL",
    "SETZ",
    "CONO",
    "TTY",
    ",",
    ",,",
    " ",
    "\t",
    "\n",
    "?",
    ";c\n",
    "[",
    "]",
    "<",
    ">",
    "(",
    ")",
    "{",
    "}",
    "@",
    ".",
    "=",
    "==",
    "=:",
    ":",
    "::",
    "1",
    "17",
    "10.",
    "1.5",
    "3^3",
    "_",
    "&",
    "#",
    "\\",
    "*",
    "/",
    "+",
    "-",
    "'",
    "\"",
    "^",
    "!",
    "DEFINE M A,B\n",
    "TERMIN",
    "M",
    "M 1,2\n",
    "REPEAT 3,",
    "REPEAT 20,",
    ".RPCNT",
    "IRP X,,[1,2]\n",
    "IRPC C,,[AB]\n",
    "IRPS S,,[A B]\n",
    ".IRPCNT",
    "IFE ",
    "IFN ",
    "IFDEF ",
    "IFB ",
    "IFSE ",
    "IF1 ",
    "IF2 ",
    ".ELSE ",
    "ASCIZ /",
    "ASCII ",
    "SIXBIT /",
    ".LENGTH /",
    "PRINTX /",
    ".ERR ",
    "LOC ",
    "BLOCK ",
    "CONSTANTS",
    "VARIABLES",
    "END ",
    ".INSRT ",
    "X'",
    ".SCALAR ",
    ".VECTOR V(",
    "OFFSET ",
    "RADIX ",
    "XWD ",
    "SQUOZE ",
    "EXPUNGE ",
    "TITLE ",
    ".FNAM1",
    "EQUALS ",
    "\u{1}",
    "\u{2}",
    "\u{3}",
    "\u{c}",
    "\r",
    "é",
];

fn midas_like() -> impl Strategy<Value = String> {
    prop::collection::vec(prop::sample::select(PIECES), 0..60).prop_map(|v| v.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2000, ..ProptestConfig::default() })]

    #[test]
    fn midas_parse_no_panic(src in midas_like()) {
        let _ = crate::assemble_str("fuzz.mid", &src);
    }

    #[test]
    fn arbitrary_text_no_panic(src in "\\PC{0,200}") {
        let _ = crate::assemble_str("fuzz.mid", &src);
    }
}
