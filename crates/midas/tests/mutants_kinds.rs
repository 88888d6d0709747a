//! The kind of each diagnostic (`midas::ErrorKind`), which callers (the
//! `pdp10 midas` command) use to tell problems apart: one small program per
//! kind. Written for mutation testing (docs/mutants.md).

use midas::ErrorKind;

fn kind(source: &str) -> ErrorKind {
    let text = format!("{source}\nEND\n");
    match midas::assemble_str("t.mid", &text) {
        Ok(a) => panic!("{source} assembled: {:?}", a.words),
        Err(e) => e.diagnostics[0].kind,
    }
}

#[test]
fn each_problem_has_its_kind() {
    use ErrorKind::*;
    for (src, want) in [
        ("FOO", UndefinedSymbol),
        ("X: 1\nX: 2", MultiplyDefined),
        ("1)", Syntax),
        ("1,2,3", Syntax),
        ("MOVE 1,[1", Unterminated),
        ("MOVE 1,(2", Unterminated),
        ("1+<2", Unterminated),
        ("IFE <1,1", Unterminated),
        ("ASCII /A", Unterminated),
        ("DEFINE M\n1", Unterminated),
        ("IFE 0,[1", Unterminated),
        (".INSRT NOSUCH 1", MissingFile),
        ("IF2 [MOVE 1,[5]]", Phase),
        ("REPEAT 1000000,[1]", Limit),
        ("DEFINE F\nF\nTERMIN\nF", Limit),
        (".TTYMAC N\nN\nTERMIN", NoTerminalAnswer),
    ] {
        assert_eq!(kind(src), want, "{src}");
    }
    // `.ERR` is reported as real MIDAS reports it, and the binary written.
    let a = midas::assemble_str("t.mid", ".ERR WHY\nEND\n").expect("written");
    assert_eq!(a.warnings[0].kind, User);
}
