//! REPEAT and the IRPs as the MIDAS manual describes them (`doc/info/midas`,
//! nodes loops-A to loops-C4): each loop is assembled and compared with the
//! expansion the manual prints beside it, assembled by itself (the IRP
//! examples checked against real MIDAS 433 with `pdp10 midas-oracle`).
//! Written for mutation testing (docs/mutants.md).

mod support;
use support::*;

fn same(source: &str, expansion: &str) {
    let want = words(expansion);
    assert!(!want.is_empty(), "{expansion}");
    assert_eq!(words(source), want, "{source}\nas\n{expansion}");
}

#[test]
fn irp_over_elements() {
    // Node loops-B.
    same(
        "FOO=100\nIRP X,,[1,4,5]\nFOO+X ? TERMIN",
        "FOO=100\nFOO+1 ? FOO+4 ? FOO+5",
    );
}

#[test]
fn irp_elements_and_the_rest_of_the_list() {
    // Node loops-C4: a comma or EOL ends an element; brackets are flushed
    // from the element but kept in the rest, which is the list after the
    // element's comma or EOL.
    same(
        "IRP X,Y,[123 4,56789\nABCD[EF]GH,[IJ,],K]\nASCIZ /X:Y/\nTERMIN",
        "ASCIZ /123 4:56789\nABCD[EF]GH,[IJ,],K/\nASCIZ /56789:ABCD[EF]GH,[IJ,],K/\n\
         ASCIZ /ABCDEFGH:[IJ,],K/\nASCIZ /IJ,:K/\nASCIZ /K:/",
    );
    same(
        "IRP X,Y,[[1,2],3,[4]]\nASCIZ /X:Y/\nTERMIN",
        "ASCIZ /1,2:3,[4]/\nASCIZ /3:[4]/\nASCIZ /4:/",
    );
    // Null elements are not ignored; blanks are part of an element.
    same("IRP X,,[1,,2]\n.LENGTH /X/\nTERMIN", "1 ? 0 ? 1");
    same("IRP X,,[ 1 ,2]\n.LENGTH /X/\nTERMIN", "3 ? 1");
    // Brackets nested inside an element's brackets stay.
    same(
        "IRP X,,[[A[B]C],D]\nASCIZ /X/\nTERMIN",
        "ASCIZ /A[B]C/\nASCIZ /D/",
    );
}

#[test]
fn irp_within_a_macro_the_manuals_insirp() {
    // Node loops-B3: the first TERMIN closes the IRP, the second the DEFINE.
    same(
        "A=1 ? B=2 ? C=3 ? P=17\nDEFINE INSIRP INSN,ADDR\nIRP X,,[ADDR]\n\tINSN,X\nTERMIN\nTERMIN\n\
         INSIRP PUSH P,[A,B,C]",
        "A=1 ? B=2 ? C=3 ? P=17\nPUSH P,A\nPUSH P,B\nPUSH P,C",
    );
}

#[test]
fn irpcnt_counts_the_passes() {
    // Node loops-B6: the ACs defined by name.
    same(
        "IRP AC,,[NIL,A,B,C,D,E,F,G,H,I,J,K,L,M,N,P]\nAC==.IRPCNT\nTERMIN\nNIL ? B ? P",
        "0 ? 2 ? 17",
    );
}

#[test]
fn irpc_and_irps() {
    // Node loops-C1: the character and the rest of the string.
    same(
        "IRPC X,Y,[ABC]\nASCIZ /X,Y/\nTERMIN",
        "ASCIZ /A,BC/\nASCIZ /B,C/\nASCIZ /C,/",
    );
    // Node loops-C3: runs of squoze characters, each with the character
    // after it.
    same(
        "IRPS X,Y,[A+B+C+ D+,E+ ,, &/!,F-G- H-I+]\nX==Y!100\nTERMIN\nA ? C ? D ? E ? F ? H ? I",
        "100 ? 100 ? 100 ? 100 ? -100 ? -100 ? 100",
    );
}

#[test]
fn repeat_strings_run_together() {
    // Node loops-A2: the passes are concatenated.
    same(
        "0,,REPEAT 3,[.+1\n10,,]0",
        "0,,.+1\n10,,.+1\n10,,.+1\n10,,0",
    );
    // REPEAT 3,['A] is 'A'A'A, one syllable (the manual adds "SIXBIT/AAA/";
    // real MIDAS 433 makes 414141, the three characters right-justified).
    same("REPEAT 3,['A]", "'A'A'A");
    same("REPEAT 3,['A]", "414141");
    // Node loops-A3: sum and factorial by .RPCNT.
    same("X=5\nREPEAT X,[.RPCNT+]0", "12");
    same("X=5\nREPEAT X,[<.RPCNT+1>*]1", "170");
    // Node loops-A5: .ISTOP, the number of trailing zeros of BAR.
    same(
        "BAR=40\nREPEAT 36.,[\nFOO==.RPCNT\nIFN BAR&<1_.RPCNT>,.ISTOP\n]\nFOO",
        "5",
    );
}

#[test]
fn repeat_counts_and_one_line_strings() {
    // A one-line REPEAT string ends with its line (node loops-A1).
    same("REPEAT 3, 1 ? 2\n5", "1 ? 2\n1 ? 2\n1 ? 2\n5");
    // No repetitions for a count of zero or less.
    same("REPEAT 0,[1]\nREPEAT -1,[2]\n5", "5");
    same("REPEAT 1,[7]", "7");
    let e = words_err("REPEAT 1000000,[1]");
    assert!(e.contains("too many"), "{e}");
}

#[test]
fn irp_headers() {
    // A bracketed list may run over lines.
    same("IRP X,,[1,\n2]\nX\nTERMIN", "1 ? 2");
    let e = words_err("IRP X [1,2]\nX\nTERMIN");
    assert!(e.contains("Comma missing in IRP"), "{e}");
}

fn words_err(source: &str) -> String {
    let text = format!("{source}\nEND\n");
    match midas::assemble_str("t.mid", &text) {
        Ok(a) => panic!("{source} assembled: {:?}", a.words),
        Err(e) => e.to_string(),
    }
}
