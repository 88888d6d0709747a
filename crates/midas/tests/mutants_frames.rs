//! What is read from where (`doc/info/midas`, nodes loops-A3 to loops-B6,
//! Stopping and FileInfo): errors inside bracketed bodies placed in the
//! file, `.STOP` and `.ISTOP` in macros and IRPs, the innermost counters,
//! and the insert file `.IFNM1` means. Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::*;

fn first_error(source: &str) -> midas::Diagnostic {
    let text = format!("{source}\nEND\n");
    match midas::assemble_str("t.mid", &text) {
        Ok(a) => panic!("{source} assembled: {:?}", a.words),
        Err(e) => e.diagnostics[0].clone(),
    }
}

#[test]
fn errors_in_bracketed_bodies_are_placed_in_the_file() {
    let d = first_error("1\nIFE 0,[\n2\n  FOO\n]");
    assert_eq!((d.line, d.column), (4, 3), "{d}");
    let d = first_error("REPEAT 2,[\n2\n BAR\n]");
    assert_eq!((d.line, d.column), (3, 2), "{d}");
    let d = first_error("IFN 1,[1 ? 2 ? BAZ]");
    assert_eq!((d.line, d.column), (1, 16), "{d}");
}

#[test]
fn stop_and_istop_in_irp_and_macros() {
    // .STOP ends this pass only, .ISTOP every pass to come.
    assert_eq!(
        words("IRP X,,[1,2,3]\nX\nIFE X-2,.STOP\n10+X\nTERMIN"),
        vec![1, 0o11, 2, 3, 0o13]
    );
    assert_eq!(
        words("IRP X,,[1,2,3]\nX\nIFE X-2,.ISTOP\n10+X\nTERMIN"),
        vec![1, 0o11, 2]
    );
    // In a macro, the rest of the expansion is skipped.
    assert_eq!(words("DEFINE M\n1\n.STOP\n2\nTERMIN\nM\n3"), vec![1, 3]);
    // In a REPEAT inside a macro, the REPEAT's pass.
    assert_eq!(
        words("DEFINE M\nREPEAT 2,[4\n.STOP\n5\n]\n6\nTERMIN\nM"),
        vec![4, 4, 6]
    );
}

#[test]
fn counters_are_the_innermost() {
    // .RPCNT of nested REPEATs is the inner one's; .IRPCNT inside a
    // REPEAT inside an IRP is still the IRP's.
    assert_eq!(words("REPEAT 2,[REPEAT 2,[.RPCNT\n]]"), vec![0, 1, 0, 1]);
    assert_eq!(
        words("IRP X,,[A,B]\nREPEAT 2,[.IRPCNT\n]\nTERMIN"),
        vec![0, 0, 1, 1]
    );
    // Outside any loop they are 777777, as in real MIDAS 433 (tests/loops.rs).
    assert_eq!(words(".RPCNT\n.IRPCNT"), vec![0o777777, 0o777777]);
}

#[test]
fn ifnm1_is_the_file_the_current_one_inserted_last() {
    let loader = |p: &std::path::Path| -> std::io::Result<String> {
        match p.file_name().and_then(|n| n.to_str()) {
            Some("main.mid") => Ok(".IFNM1\n.INSRT A 1\n.IFNM1\n.INSRT B 2\n.IFNM1\nEND\n".into()),
            Some("a.1") => Ok(".IFNM1\n".into()),
            Some("b.2") => Ok(".IFNM2\n".into()),
            _ => Err(std::io::Error::new(std::io::ErrorKind::NotFound, "no")),
        }
    };
    let a = midas::assemble("main.mid", &loader, &midas::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    let six = |c: u64| c << 30;
    assert_eq!(
        w,
        vec![
            0o554151_560000, // MAIN: no insert yet, the file itself
            six(0o41),       // A, inside A
            six(0o41),       // A, the last insert of MAIN
            six(0o22),       // 2, inside B (.IFNM2)
            six(0o42),       // B
        ]
    );
}
