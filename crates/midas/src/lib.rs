//! MIDAS, the assembler of ITS: real ITS MIDAS source in, an SBLK binary
//! out, word for word what MIDAS itself writes.
//!
//! Start with [`assemble_file`] (a host file, `.INSRT` from the file system)
//! or [`assemble`] (any [`Loader`], e.g. a closure over in-memory files):
//!
//! ```
//! let loader = |_: &std::path::Path| -> std::io::Result<String> {
//!     Ok("GO:\tMOVEI 1,5\n\tHALT\nEND GO\n".to_string())
//! };
//! let a = midas::assemble("hello.mid", &loader, &midas::Options::default()).unwrap();
//! assert_eq!(a.words[0].1.raw(), 0o201040_000005);
//! assert_eq!(a.start_address(), 0o100);
//! let file_bytes: Vec<u8> = a.to_bytes(); // evacuated SBLK, as `ts.hello`
//! # let _ = file_bytes;
//! ```
//!
//! The work is done in stages: `reader` frames supply characters
//! (files, `.INSRT`, expansions); `gather` turns them into one statement at
//! a time, doing comments, macros, REPEAT, IRP, conditionals and text
//! pseudo-ops; `parse` (nom) reads the statement; `assemble` and `eval` give
//! it its value over two passes; `output` writes the SBLK file and listing.
//! On failure, [`Error`] holds every diagnostic, printed as
//! `file:line:col: error: message`, the source line and a caret.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

mod assemble;
mod diag;
mod eval;
#[cfg(test)]
mod fuzz;
mod gather;
mod macros;
mod output;
mod parse;
mod predef;
mod reader;
mod source;
mod text;

pub use assemble::Options;
pub use diag::{Diagnostic, Error, ErrorKind};
pub use output::Assembly;
pub use source::{FsLoader, Loader};

use std::path::Path;

/// Assembles the MIDAS source `path`, reading it and every `.INSRT` through
/// `loader`.
pub fn assemble(
    path: impl AsRef<Path>,
    loader: &dyn Loader,
    options: &Options,
) -> Result<Assembly, Error> {
    output::run(path.as_ref(), loader, options)
}

/// Assembles a host file, `.INSRT` files coming from the file system, with
/// default [`Options`].
pub fn assemble_file(path: impl AsRef<Path>) -> Result<Assembly, Error> {
    assemble(path, &FsLoader, &Options::default())
}

/// Assembles source text held in memory (`.INSRT` finds nothing); `name` is
/// the file name shown in diagnostics and gives `.FNAM1`/`.FNAM2`.
pub fn assemble_str(name: &str, text: &str) -> Result<Assembly, Error> {
    assemble_str_with(name, text, &Options::default())
}

/// [`assemble_str`] with [`Options`].
pub fn assemble_str_with(name: &str, text: &str, options: &Options) -> Result<Assembly, Error> {
    let name_owned = Path::new(name).to_path_buf();
    let text = text.to_string();
    let loader = move |p: &Path| -> std::io::Result<String> {
        if p == name_owned {
            Ok(text.clone())
        } else {
            Err(std::io::Error::new(
                std::io::ErrorKind::NotFound,
                "not in memory",
            ))
        }
    };
    assemble(name, &loader, options)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The words a source assembles to, in order.
    fn words(src: &str) -> Vec<u64> {
        match assemble_str("t.mid", src) {
            Ok(a) => a.words.iter().map(|(_, w)| w.raw()).collect(),
            Err(e) => panic!("{e}"),
        }
    }

    fn one(src: &str) -> u64 {
        let w = words(&format!("A=1\nB=2\nP=17\n{src}\nEND\n"));
        assert_eq!(w.len(), 1, "{src}: {w:?}");
        w[0]
    }

    /// The first word of a statement that also makes literals.
    fn first(src: &str) -> u64 {
        words(&format!("A=1\nB=2\nP=17\n{src}\nEND\n"))[0]
    }

    fn error(src: &str) -> String {
        assemble_str("t.mid", src).unwrap_err().to_string()
    }

    #[test]
    fn word_formats_of_the_manual() {
        // Node Words: the table of formats, with A=1 B=2.
        assert_eq!(one("MOVE A,B"), 0o200040_000002); // A B,C
        assert_eq!(one("JRST 100"), 0o254000_000100); // A B
        assert_eq!(one("SETZ B,"), 0o400100_000000); // A B,
        assert_eq!(one("1,,2"), 0o000001_000002); // A,,C
        assert_eq!(one(",,5"), 0o5); // ,,C
        assert_eq!(one("3,,"), 0o000003_000000); // A,,
        assert_eq!(one("1,2"), 3); // A,B = A++TR(B)
        assert_eq!(one(",-1"), 0o777777); // ,B
        assert_eq!(one("JRST 1 2"), 0o254000_000003); // A B C
                                                      // ++ keeps a carry out of the right half from reaching the left.
        assert_eq!(one("JRST 777777 1"), 0o254000_000000);
        assert_eq!(one("1 777777"), 0o000000_000000);
    }

    #[test]
    fn index_indirect_and_swaps() {
        assert_eq!(one("MOVE A,-1(P)"), 0o200057_777777);
        assert_eq!(one("HRRZI A,@FOO(B)\nFOO=5"), 0o551062_000005);
        assert_eq!(one("JRST @(P)"), 0o254037_000000);
        assert_eq!(one(",,1 ((SETZ))"), 0o400000_000001);
        assert_eq!(one("1+(2)"), 0o000002_000001);
        assert_eq!(one("CONO PI,200"), 0o700600_000200);
        assert_eq!(one("DATAO TTY,5"), 0o712140_000005);
        assert_eq!(one("CONSZ 124,1"), 0o712700_000001);
    }

    #[test]
    fn operators_and_precedence() {
        // Node Fields: FOO=53.
        assert_eq!(one("FOO=53\n1+4&FOO+1"), 2);
        assert_eq!(one("FOO=53\n1+4&<FOO+1>"), 5);
        assert_eq!(one("1_3"), 0o10);
        assert_eq!(one("7_-1"), 3);
        assert_eq!(one("3#5"), 6);
        assert_eq!(one("3\\4"), 7);
        assert_eq!(one("6/4"), 1);
        assert_eq!(one("-1/2"), 0);
        assert_eq!(one("2*3+1"), 7);
        assert_eq!(one("-1"), 0o777777_777777);
        assert_eq!(one("#0"), 0o777777_777777);
        assert_eq!(one("10.*10."), 0o144);
    }

    #[test]
    fn labels_dot_and_locations() {
        assert_eq!(
            words("LOC 200\nX: JRST X\n.=300\nJRST .-1\nEND X"),
            vec![0o254000_000200, 0o254000_000277]
        );
        let a = assemble_str("t.mid", "GO: 0\nBLOCK 3\nY: JRST GO\nEND GO\n").unwrap();
        assert_eq!(
            a.words,
            vec![
                (0o100, pdp10_isa::Word::new(0)),
                (0o104, pdp10_isa::Word::new(0o254000_000100))
            ]
        );
        assert_eq!(a.start.raw(), 0o254000_000100);
        // A start word with an opcode is kept as it is.
        assert_eq!(
            assemble_str("t.mid", "0\nEND JRST 2,100\n")
                .unwrap()
                .start
                .raw(),
            0o254100_000100
        );
    }

    #[test]
    fn literals_placement_and_sharing() {
        // Inner literals first; one-word literals shared, longer ones not.
        let w = words("A=1\nMOVE A,[1]\nMOVE A,[1]\nMOVE A,[1 ? [2]]\nMOVE A,[2]\nEND\n");
        assert_eq!(
            w,
            vec![
                0o200040_000104,
                0o200040_000104,
                0o200040_000106,
                0o200040_000105,
                1,
                2,
                1,
                0o105
            ]
        );
        // `.` in a literal is where the word using it is.
        assert_eq!(
            words("0\nJRST [JRST .]\nEND\n"),
            vec![0, 0o254000_000102, 0o254000_000101]
        );
        // CONSTANTS places what has been collected so far.
        assert_eq!(
            words("A=1\nMOVE A,[5]\nCONSTANTS\nMOVE A,[5]\nEND\n"),
            vec![0o200040_000101, 5, 0o200040_000103, 5]
        );
    }

    #[test]
    fn variables() {
        let w = words("A=1\nMOVE A,FOO'\nMOVE A,BAR\n.SCALAR BAR\n.VECTOR V(3)\nMOVEI A,V\nVARIABLES\nMOVEI A,FOO\nEND\n");
        assert_eq!(
            w,
            vec![
                0o200040_000103,
                0o200040_000104,
                0o201040_000105,
                0o201040_000103
            ]
        );
    }

    #[test]
    fn text() {
        assert_eq!(one(".LENGTH /HELLO/"), 5);
        assert_eq!(words("ASCIZ /ABCDE/\nEND\n"), vec![0o406050_342212, 0]);
        assert_eq!(words("SIXBIT /tty/\nEND\n"), vec![0o646471_000000]);
        assert_eq!(words("ASCII \"A;B\"\nEND\n"), vec![0o405670_200000]);
        assert_eq!(one("'DSK"), 0o446353);
        assert_eq!(one("\"A+^M"), 0o101 + 0o15);
        assert_eq!(one("SQUOZE 0,GLOBAL"), 0o015315_513316);
        assert_eq!(one("XWD 1,2"), 0o000001_000002);
    }

    #[test]
    fn numbers_radix_and_floats() {
        assert_eq!(one("RADIX 10.\n100"), 100);
        assert_eq!(one("1.5"), 0o201600_000000);
        assert_eq!(one("-1.0"), 0o576400_000000);
        assert_eq!(one("3^3_4"), 0o60000);
        assert_eq!(one("23_10."), 0o46000);
    }

    #[test]
    fn its_symbols() {
        assert_eq!(one(".LOGOUT 1,"), 0o042040_000033);
        assert_eq!(one(".VALUE"), 0o043200_000000);
        assert_eq!(first(".BREAK 12,[..RJCL,,100]") >> 18, 0o045500);
        assert_eq!(first(".SUSET [.ROPTION,,A]") >> 18, 0o043540);
        assert_eq!(one("TLNE A,%OPCMD"), 0o603040_040000);
        assert_eq!(first(".OPEN 1,[.UAO,,'TTY]") >> 18, 0o041040);
        assert_eq!(one("JSYS"), 0o104000_000000);
        assert_eq!(one("CIRC"), 0o247000_000000);
        assert_eq!(one("ADJBP"), 0o133000_000000);
    }

    #[test]
    fn macros_and_loops() {
        assert_eq!(words("DEFINE F A,B\nA+B\nTERMIN\nF 1,2\nEND\n"), vec![3]);
        assert_eq!(words("REPEAT 3, .RPCNT\nEND\n"), vec![0, 1, 2]);
        assert_eq!(
            words("0,,REPEAT 3,[.+1\n10,,]0\nEND\n"),
            vec![0o101, 0o10_000102, 0o10_000103, 0o10_000000]
        );
        assert_eq!(
            words("IRP X,,[1,2,3]\nX*.IRPCNT\nTERMIN\nEND\n"),
            vec![0, 2, 6]
        );
        assert_eq!(
            words("IRPC C,,[AB]\n\"C\nTERMIN\nEND\n"),
            vec![0o101, 0o102]
        );
        assert_eq!(
            words("DEFINE G \\L\nL: JRST L\nTERMIN\nG\nG\nEND\n"),
            vec![0o254000_000100, 0o254000_000101]
        );
    }

    #[test]
    fn block_names_are_dropped_not_expanded() {
        // FORMAT"FORMAT names FORMAT in block FORMAT; the block name is no
        // macro call even when a macro has that name.
        assert_eq!(
            words("DEFINE F\n7\nTERMIN\nX=5\nF\"X\nY\":3\nY\nEND\n"),
            vec![5, 3, 0o101]
        );
    }

    #[test]
    fn conditionals() {
        assert_eq!(
            words("IFE 0,[1]\nIFN 0,[2]\n.ELSE 3\nIFG 1, 4\nIFL -1, 5\nIFLE 1,6\nEND\n"),
            vec![1, 3, 4, 5]
        );
        assert_eq!(words("IF1 1\nIF2 [2]\nEND\n").len(), 1);
        // .ELSE and .ALSO test the last condition; a bracketed body's end
        // restores it whatever the body tested (manual node Cond-A4).
        assert_eq!(words("IFN 1,[IFE 1,[5]]\n.ALSO 7\n.ELSE 6\nEND\n"), vec![7]);
        assert_eq!(
            words("IFDEF MOVE,1\nIFNDEF FOO,2\nIFSE [A],[a],3\nIFB [ ],4\nEND\n"),
            vec![1, 2, 3, 4]
        );
    }

    #[test]
    fn error_texts() {
        assert_eq!(
            error("\tMOVE 1,FOO\nEND\n"),
            "t.mid:1:9: error: undefined symbol FOO\n\tMOVE 1,FOO\n\t       ^"
        );
        assert_eq!(
            error("X: 0\nX: 1\nEND\n"),
            "t.mid:2:1: error: X is multiply defined (was 100, now 101)\nX: 1\n^"
        );
        assert_eq!(
            error("MOVEI 1,[2\n"),
            "t.mid:1:9: error: unterminated literal\nMOVEI 1,[2\n        ^"
        );
        assert_eq!(
            error("ASCIZ /abc\n"),
            "t.mid:1:1: error: unterminated string\nASCIZ /abc\n^"
        );
        assert_eq!(
            error("DEFINE FOO\n1\n"),
            "t.mid:1:1: error: unterminated macro definition: no TERMIN\nDEFINE FOO\n^"
        );
        assert!(error(".INSRT SYS;NOSUCH FILE ; why\n")
            .starts_with("t.mid:1:1: error: .INSRT file SYS;NOSUCH FILE not found (tried "));
        assert_eq!(
            error(".ERR you lose\nEND\n"),
            "t.mid:1:1: error: you lose\n.ERR you lose\n^"
        );
        // Every error of the run, in source order.
        assert_eq!(
            assemble_str("t.mid", "A+\nB)\nC\nEND\n")
                .unwrap_err()
                .diagnostics
                .len(),
            3
        );
    }

    #[test]
    fn more_constants_on_pass_2_is_an_error() {
        // On pass 1 FOO is undefined, so the literal [FOO] is not shared;
        // on pass 2 it is. With IF2 adding a literal, pass 2 has more.
        let e = assemble_str(
            "t.mid",
            "MOVE 1,[1]\nIF2 [MOVE 1,[2]]\nIF1 [0]\nCONSTANTS\nEND\n",
        )
        .unwrap_err();
        assert_eq!(
            e.diagnostics[0].message,
            "more constants on pass 2 than on pass 1 (2 > 1)"
        );
        assert_eq!(e.diagnostics[0].kind, ErrorKind::Phase);
    }

    #[test]
    fn runaway_input_is_an_error_not_a_hang() {
        let e = assemble_str("t.mid", "DEFINE F\nF\nTERMIN\nF\nEND\n").unwrap_err();
        assert_eq!(e.diagnostics[0].kind, ErrorKind::Limit);
    }
}
