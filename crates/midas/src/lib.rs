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

mod arith;
mod assemble;
mod bytes;
mod cond;
mod ddt_symbols;
mod diag;
mod driver;
mod eval;
mod format;
mod functions;
#[cfg(test)]
mod fuzz;
mod gather;
mod insert;
mod jumps;
mod loops;
mod macro_keywords;
mod macros;
mod op;
mod op_exec;
mod output;
mod parse;
mod predef;
mod quoted;
mod reader;
mod real_names;
mod source;
mod statement_text;
mod stink;
mod symbol_order;
mod symbol_slots;
mod symbol_type;
mod symtab;
mod taken_body;
mod text;

pub use assemble::Options;
pub use diag::{Diagnostic, Error, ErrorKind, MAX_ERRORS};
pub use op_exec::{AssemblyTimeOp, OpResult, OP_AC, OP_MEMORY};
pub use output::{Assembly, FileFormat, FileKind};
pub use source::{FsLoader, Loader, MAX_SOURCE_BYTES};

use std::path::Path;

/// Assembles the MIDAS source `path`, reading it and every `.INSRT` through
/// `loader`.
pub fn assemble(
    path: impl AsRef<Path>,
    loader: &dyn Loader,
    options: &Options,
) -> Result<Assembly, Error> {
    driver::run(path.as_ref(), loader, options)
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
        assert_eq!(one("1,2"), 3); // A,B
        assert_eq!(one(",-1"), 0o777777); // ,B
        assert_eq!(one("JRST 1 2"), 0o254000_000003); // A B C
                                                      // As real MIDAS 433 makes them: the address fields' sum is cut to
                                                      // 18 bits, then added to the word with a carry into the left half.
        assert_eq!(one("JRST 777777 1"), 0o254000_000000);
        assert_eq!(one("1 777777"), 0o000001_000000);
        assert_eq!(one("-5,1071"), 0o1064);
        assert_eq!(one("777777 1,777777"), 0o000041_777776);
        assert_eq!(one("-1 777777 777777"), 0o777775);
        assert_eq!(one("1,,-1 1"), 0o000001_000000);
        // "Undefined format" in real MIDAS.
        assert!(error("1,2 3\nEND\n").contains("not a MIDAS word format"));
        assert!(error(",777777 1\nEND\n").contains("not a MIDAS word format"));
    }

    #[test]
    fn index_indirect_and_swaps() {
        assert_eq!(one("MOVE A,-1(P)"), 0o200057_777777);
        assert_eq!(one("HRRZI A,@FOO(B)\nFOO=5"), 0o551062_000005);
        assert_eq!(one("JRST @(P)"), 0o254037_000000);
        assert_eq!(one(",,1 ((SETZ))"), 0o400000_000001);
        assert_eq!(one("1+(2)"), 0o000002_000001);
        assert_eq!(one("CONO 4,200"), 0o700600_000200);
        assert_eq!(one("TTY=120\nDATAO TTY,5"), 0o712140_000005);
        // Real MIDAS knows no device names.
        assert!(error("CONO PI,1\nEND\n").contains("undefined symbol PI"));
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
        // Flags at bit 30, as real MIDAS 433 assembles syseng;11boot.
        assert_eq!(one("SQUOZE 4,RUG"), 0o065754_305000);
        // ^ folds lower case: ^q is ^Q (real MIDAS on sysen2;tvwrit).
        assert_eq!(one("^q"), 0o21);
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
    fn equal_literals_with_forward_references_merge_on_pass_1() {
        // Real MIDAS makes one constant of the three, so BUF is at 104.
        let a = assemble_str(
            "t.mid",
            "MOVE 1,[440700,,BUF]\nMOVE 2,[440700,,BUF]\nMOVE 3,[440700,,BUF]\n\
             CONSTANTS\nBUF: 0\nEND\n",
        )
        .unwrap();
        let w: Vec<(u32, u64)> = a.words.iter().map(|(a, w)| (*a, w.raw())).collect();
        assert_eq!(
            w,
            vec![
                (0o100, 0o200040_000103),
                (0o101, 0o200100_000103),
                (0o102, 0o200140_000103),
                (0o103, 0o440700_000104),
                (0o104, 0)
            ]
        );
        // Different undefined symbols, or the same used differently, stay
        // apart on pass 1.
        let a = assemble_str(
            "t.mid",
            "MOVE 1,[BUF]\nMOVE 2,[FOO]\nMOVE 3,[BUF,,0]\nCONSTANTS\nBUF: FOO: 0\nEND\n",
        )
        .unwrap();
        // Pass 2 shares [BUF] and [FOO] (both 106); the area keeps its
        // pass-1 size of three, so BUF is at 106.
        let last = a.words.last().unwrap();
        assert_eq!((last.0, last.1.raw()), (0o106, 0));
        assert_eq!(a.words[1].1.raw(), 0o200100_000103);
    }

    #[test]
    fn instructions_pseudos_and_macros_are_no_labels() {
        // Real MIDAS: "Pseudo, macro or initial sym as label". A pseudo-op
        // (LOC) cannot be a label; an initial symbol (the instruction IBP)
        // is shadowed by it, after the complaint.
        let e = error("LOC: 0\nEND\n");
        assert!(
            e.contains("LOC: Pseudo, macro or initial sym as label"),
            "{e}"
        );
        let a = assemble_str("t.mid", "IBP: 0\nJRST IBP\nEND\n").unwrap();
        assert_eq!(a.words[1].1.raw(), 0o254000_000100);
        assert_eq!(a.warnings.len(), 1);
        assert_eq!(
            a.warnings[0].to_string(),
            "t.mid:1:1: warning: IBP: Pseudo, macro or initial sym as label\nIBP: 0\n^"
        );
        // An initial symbol given its own value as a label is accepted
        // (.UAI is 0), another value not (.UAO is 1).
        let a = assemble_str("t.mid", "LOC 0\n.UAI: 5\nEND\n").unwrap();
        assert!(a.warnings.is_empty());
        let a = assemble_str("t.mid", "LOC 0\n.UAO: 5\nEND\n").unwrap();
        assert_eq!(a.warnings.len(), 1);
    }

    /// What the source typed at the terminal, as one text.
    fn typed(src: &str) -> String {
        assemble_str("t.mid", src).unwrap().messages.concat()
    }

    #[test]
    fn typeout_at_assembly_time() {
        // Manual node Terminal: .TYO 101 prints an A; .TYO6 a SIXBIT word;
        // PRINTX is PRINTC without its `!` characters. IF1: once.
        assert_eq!(
            typed("IF1 [.TYO 101,.TYO6 .FNAM1,.TYO 40\nPRINTX /A!B/\nPRINTC /C!D/]\nEND\n"),
            "AT ABC!D"
        );
        // .SEE anywhere has no effect on the words.
        assert_eq!(words("GO: 1 .SEE GO,FOO ? 2\nEND\n"), vec![1, 2]);
        // COMMENT skips its text as a string.
        assert_eq!(words("COMMENT |\nFree text.\n|\n1\nEND\n"), vec![1]);
    }

    #[test]
    fn stop_and_istop_end_repeats() {
        // .STOP ends this pass through the REPEAT, .ISTOP the REPEAT.
        assert_eq!(
            words("REPEAT 3,[.RPCNT\nIFE .RPCNT-1,.STOP\n10+.RPCNT\n]\nEND\n"),
            vec![0, 0o10, 1, 2, 0o12]
        );
        assert_eq!(
            words("IRP X,,[1,2,3]\nX\nIFE X-2,{.ISTOP }\nTERMIN\n7\nEND\n"),
            vec![1, 2, 7]
        );
        assert!(error(".STOP\nEND\n").contains(".STOP outside a macro, REPEAT or IRP"));
        // In a macro, .STOP ends the expansion.
        assert_eq!(
            words("DEFINE M\n1\n.STOP\n2\nTERMIN\nM\n3\nEND\n"),
            vec![1, 3]
        );
    }

    #[test]
    fn null_ifsq_and_file_names() {
        assert_eq!(
            words("NULL [1]\nIFSQ FOO,2\nIFSQ A+B,3\nIFNSQ A+B,4\nEND\n"),
            vec![2, 4]
        );
        // t.mid: FN2 MID has no digits, version 0; .IFNM1 is the file itself.
        assert_eq!(
            words(".FVERS\n.IFNM1\n.OSMIDAS\nEND\n"),
            vec![0, 0o640000_000000, 0o516463_000000]
        );
    }

    #[test]
    fn ttymac_reads_the_terminal_answers() {
        let options = Options {
            terminal: vec!["5".into(), "7,10".into()],
            ..Options::default()
        };
        let src = ".TTYMAC N\nX==N\nTERMIN\n.TTYMAC A,B\nY==A+B\nTERMIN\nX\nY\nEND\n";
        // Both passes ask, so pass 2 finds the answers used up.
        let e = assemble_str_with("t.mid", src, &options)
            .unwrap_err()
            .to_string();
        assert!(e.contains(".TTYMAC wants line 3 from the terminal"), "{e}");
        let src = "IF1 [.TTYMAC N\nX==N\nTERMIN\n.TTYMAC A,B\nY==A+B\nTERMIN\n]\nX\nY\nEND\n";
        let a = assemble_str_with("t.mid", src, &options).unwrap();
        let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
        assert_eq!(w, vec![5, 0o17]);
    }

    #[test]
    fn equals_of_symbols_macros_and_pseudo_ops() {
        // EQUALS new,old: new means what old means (manual, pseudo-ops).
        assert_eq!(
            words("DEFINE BVAR\n5\nTERMIN\nEQUALS EVAR,BVAR\nEVAR\nEQUALS %END,END ? A=3\nEQUALS B,A\nB\n%END\n"),
            vec![5, 3]
        );
        // .MLLIT starts positive (multi-line literals); tests/groups.rs
        // has the other modes.
        assert_eq!(words("IFG .MLLIT,1\n.MLLIT==1\n.PPASS\nEND\n"), vec![1, 2]);
    }

    /// EQUALS gives a pseudo-op to a name for good, and DEFINE takes a
    /// name from a pseudo-op (both as real MIDAS 433 assembles them,
    /// checked with `pdp10 midas-oracle`): muddle.315 saves END as E.END,
    /// makes END a macro that ends with `EQUALS END,E.END` and `END ARG`.
    #[test]
    fn equals_of_a_saved_pseudo_op_and_define_over_an_equals() {
        assert_eq!(
            words("EQUALS E.END,END\nDEFINE END ARG\nEQUALS END,E.END\n1\nEND ARG\nTERMIN\nGO: 2\nEND GO\n"),
            vec![2, 1]
        );
        assert_eq!(
            words("EQUALS FOO,END\nDEFINE FOO\n7\nTERMIN\nGO: FOO\n3\nEND GO\n"),
            vec![7, 3]
        );
    }

    /// `.ERR text` is reported, and the binary still written, as real
    /// MIDAS 433 does (checked with midas-oracle).
    #[test]
    fn a_user_err_is_reported_and_the_binary_written() {
        let a = assemble_str("t.mid", "GO: 1\n.ERR you lose\n2\nEND GO\n").expect("written");
        let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
        assert_eq!(w, vec![1, 2]);
        assert_eq!(a.warnings.len(), 1);
        assert_eq!(a.warnings[0].kind, ErrorKind::User);
        assert_eq!(a.warnings[0].message, "you lose");
    }

    #[test]
    fn backslash_arguments_are_read_as_text_is() {
        // \.RPCNT passes the REPEAT's count as digits (manual node Calls).
        assert_eq!(
            words("DEFINE CONC A,B\nA!B: .-100\nTERMIN\nREPEAT 3,CONC X,\\.RPCNT+1\nX3\nEND\n"),
            vec![0, 1, 2, 0o102]
        );
    }

    #[test]
    fn slash_after_a_dummy_makes_it_whole_line() {
        // Node define-b: "FOO/" is "-FOO", the rest of the line; Y is
        // wholeline too and takes the next line (real MIDAS 433).
        assert_eq!(
            words("DEFINE D X/,Y\nX\nTERMIN\nD A==1,,\nA\nA\nEND\n"),
            vec![0o1_000000]
        );
    }

    #[test]
    fn quote_hides_termin_define_and_dummies() {
        // Manual node Quote: no TERMIN, DEFINE or dummy inside .QUOTE text;
        // a `!` before .QUOTE is dropped.
        assert_eq!(
            words("DEFINE M X\nX+.QUOTE/X/\nTERMIN\nX=2\nM 5\nEND\n"),
            vec![7]
        );
        assert_eq!(
            words("DEFINE M\nASCII .QUOTE|/TERMIN/|\nTERMIN\nM\nEND\n"),
            text::text_words(text::TextKind::Ascii, "TERMIN")
        );
        assert_eq!(words("DEFINE M\n1!.QUOTE/2/\nTERMIN\nM\nEND\n"), vec![0o12]);
    }

    #[test]
    fn byte_functions_of_the_manual() {
        // Node Bytes, each example as the manual gives it.
        assert_eq!(
            words("<.BP 7770>\n.BP 7770,FOO\n.BM 030600\n.LDB 030600,1234\n.DPB 11,030600,4444\nFOO=5\nEND\n"),
            vec![0o031100_000000, 0o031100_000005, 0o770, 0o23, 0o4114]
        );
        assert_eq!(
            words(".IBP <440700,,>\n.IBP <010700,,FOO>\n.IBP 440700\nFOO=5\nEND\n"),
            vec![0o350700_000000, 0o350700_000006, 0o350700_000000]
        );
        assert_eq!(
            words(".LZ SETZ\n.TZ SETZ\n.LZ 0\n.TZ 0\nEND\n"),
            vec![0, 35, 36, 36]
        );
        // .DPB 0,30300,-1, returns -1,,777707 (list of pseudo-ops).
        assert_eq!(words(".DPB 0,30300,-1,\nEND\n"), vec![0o777777_777707]);
        assert_eq!(words("[.BP (1000),7]\nEND\n")[1], 0o330100_000007);
    }

    #[test]
    fn byte_mode() {
        // Node Bytes: 12. and 6 bit bytes, cyclically: 222233,,111144.
        assert_eq!(
            words(".BYTE 12.,6\n2222\n33\n1111\n44\n.BYTE\nEND\n"),
            vec![0o222233_111144]
        );
        // A byte that does not fit starts the next word; .BYTE alone ends
        // the word.
        assert_eq!(
            words(".BYTE 8\n1\n2\n3\n4\n5\n.BYTE\n7\nEND\n"),
            vec![(1 << 28) | (2 << 20) | (3 << 12) | (4 << 4), 5 << 28, 7]
        );
        // In a literal or a group, up to the closing bracket.
        assert_eq!(
            words("MOVE 1,[.BYTE 8 ? \"A ? \"B]\nEND\n")[1],
            (0o101 << 28) | (0o102 << 20)
        );
        assert_eq!(
            words("<.BYTE 7 ? 15 ? 12 ? 0>\nEND\n"),
            vec![(0o15 << 29) | (0o12 << 22)]
        );
    }

    #[test]
    fn one_error_not_thousands() {
        // An unknown name used a thousand times is one error.
        let src = format!("{}END\n", "\t.FOO 1\n".repeat(1000));
        let e = assemble_str("t.mid", &src).unwrap_err();
        assert_eq!(e.diagnostics.len(), 1, "{e}");
        // After MAX_ERRORS errors the assembly stops and says so.
        let src: String = (0..500).map(|k| format!("X{k}\n")).collect::<String>() + "END\n";
        let e = assemble_str("t.mid", &src).unwrap_err();
        assert_eq!(e.diagnostics.len(), MAX_ERRORS + 1);
        assert_eq!(
            e.diagnostics.last().unwrap().to_string(),
            "t.mid: error: stopped after 50 errors; fix these first"
        );
    }

    #[test]
    fn a_literal_is_where_its_area_is_whatever_offset_uses_it() {
        // Real MIDAS on syseng;booter: a literal used under OFFSET has the
        // address of its constants area, placed with no offset.
        let a = assemble_str(
            "t.mid",
            "OFFSET 1000\nMOVE 1,[5]\nOFFSET 0\nCONSTANTS\nEND\n",
        )
        .unwrap();
        assert_eq!(a.words[0].1.raw(), 0o200040_000101);
    }

    #[test]
    fn assignments_inside_a_literal() {
        // They define their symbol and make no word (probe of mrc;macros).
        assert_eq!(
            words("JRST [X==3\n\tMOVEI 1,X\n\tPOPJ 17,]\nX\nEND\n"),
            vec![0o254000_000102, 3, 0o201040_000003, 0o263740_000000]
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
