//! Reading the source as MIDAS does: REPEAT and IRP counters (`.RPCNT`,
//! `.IRPCNT`, innermost first), text inside bodies placed where it is in
//! the file, macro text placed at the call, `.INSRT` files named in
//! messages. Written for mutation testing (docs/mutants.md).

mod support;
use support::*;

use std::path::Path;

/// The first line of the error `source` gives.
fn error(source: &str) -> String {
    match midas::assemble_str("t.mid", source) {
        Ok(a) => panic!("{source} assembled: {:?}", a.words),
        Err(e) => e.to_string().lines().next().unwrap_or("").to_string(),
    }
}

#[test]
fn repeat_counts_from_zero() {
    // A bracketed REPEAT string is repeated as it is, with no line end
    // added: the manual's examples build one expression.
    assert_eq!(words("REPEAT 5,[.RPCNT+]0"), vec![5 * 4 / 2]);
    assert_eq!(words("REPEAT 4,[<.RPCNT+1>*]1"), vec![24]);
    assert_eq!(words("REPEAT 3,[.RPCNT\n]"), vec![0, 1, 2]);
    assert_eq!(words("REPEAT 0,[.RPCNT\n]"), Vec::<u64>::new());
    // The innermost REPEAT's count, then the outer one's again.
    assert_eq!(
        words("REPEAT 2,[REPEAT 2,[.RPCNT+10\n]\n.RPCNT\n]"),
        vec![0o10, 0o11, 0, 0o10, 0o11, 1]
    );
}

#[test]
fn irp_counts_from_zero() {
    // The manual's example: naming the ACs.
    assert_eq!(
        words("IRP AC,,[NIL,A,B,C]\nAC==.IRPCNT\nTERMIN\nNIL\nA\nB\nC"),
        vec![0, 1, 2, 3]
    );
    assert_eq!(
        words("IRP X,,[5,6,7]\nX+.IRPCNT_6\nTERMIN"),
        vec![5, 6 | 1 << 6, 7 | 2 << 6]
    );
    // Inside a REPEAT inside an IRP, both counters are seen.
    assert_eq!(
        words("IRP X,,[1,2]\nREPEAT 2,[.IRPCNT_3+.RPCNT\n]\nTERMIN"),
        vec![0, 1, 0o10, 0o11]
    );
}

#[test]
fn errors_in_bodies_are_placed_in_the_file() {
    assert_eq!(
        error("REPEAT 1,[\n FOO\n]\nEND\n"),
        "t.mid:2:2: error: undefined symbol FOO"
    );
    assert_eq!(
        error("IFE 0,[\n\n   BAR\n]\nEND\n"),
        "t.mid:3:4: error: undefined symbol BAR"
    );
    // The second iteration of a REPEAT body is placed like the first.
    assert_eq!(
        error("MOVEI 1,1\nREPEAT 2,[ IFN .RPCNT,[BAZ]]\nEND\n"),
        "t.mid:2:24: error: undefined symbol BAZ"
    );
}

#[test]
fn errors_in_macros_are_placed_at_the_call() {
    let e = error("DEFINE M\nQUUX\nTERMIN\nMOVEI 1,1\n  M\nEND\n");
    assert!(e.starts_with("t.mid:5:"), "{e}");
    assert!(e.ends_with("undefined symbol QUUX"), "{e}");
}

#[test]
fn insert_files_are_named_in_messages() {
    let loader = |p: &Path| -> std::io::Result<String> {
        match p.file_name().and_then(|n| n.to_str()) {
            Some("main.mid") => Ok(".INSRT DSK:SYS;PART MID\nMOVEI 1,2\nEND\n".into()),
            Some("part.mid") => Ok("MOVEI 1,1\n  NOSUCH\n".into()),
            _ => Err(std::io::Error::new(std::io::ErrorKind::NotFound, "no")),
        }
    };
    let e = midas::assemble("main.mid", &loader, &midas::Options::default())
        .expect_err("NOSUCH is undefined")
        .to_string();
    let first = e.lines().next().unwrap();
    assert!(
        first.ends_with("part.mid:2:3: error: undefined symbol NOSUCH"),
        "{first}"
    );
}

#[test]
fn text_beyond_its_characters_is_an_error_not_a_silent_change() {
    // A character that has no ITS form (not even through the evacuated
    // encoding's escapes) is refused, not masked into another one.
    let e = error("; caf\u{e9} \u{2014}\nMOVEI 1,5\nEND\n");
    assert!(e.contains("is not ITS text"), "{e}");
}
