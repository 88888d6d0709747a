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

/// Inputs a run tries: `PROPTEST_CASES`, else 1000.
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000)
}

/// A small read limit keeps runaway REPEATs quick.
fn options() -> crate::Options {
    crate::Options {
        read_limit: 200_000,
        ..crate::Options::default()
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: cases(), ..ProptestConfig::default() })]

    #[test]
    fn midas_parse_no_panic(src in midas_like()) {
        let _ = crate::assemble_str_with("fuzz.mid", &src, &options());
    }

    #[test]
    fn arbitrary_text_no_panic(src in "\\PC{0,200}") {
        let _ = crate::assemble_str_with("fuzz.mid", &src, &options());
    }
}

/// A macro that expands into a conditional whose argument calls it again
/// is stopped, not followed down the stack.
#[test]
fn conditional_arguments_do_not_recurse_forever() {
    let e = crate::assemble_str("m.mid", "DEFINE M\nIFE M\nTERMIN\nM\nEND\n").unwrap_err();
    assert_eq!(e.diagnostics[0].kind, crate::ErrorKind::Limit);
}

/// The deepest nesting the parser accepts still fits a test thread's stack.
#[test]
fn deep_nesting_fits_the_stack() {
    for (open, close) in [("<", ">"), ("(", ")"), ("[", "]"), ("<[(", ")]>")] {
        let src = format!("{}1{}\nEND\n", open.repeat(99), close.repeat(99));
        let _ = crate::assemble_str("deep.mid", &src);
        let src = format!("{}1{}\nEND\n", open.repeat(200), close.repeat(200));
        assert!(crate::assemble_str("deep.mid", &src).is_err());
    }
}
