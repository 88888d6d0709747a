//! DSK files larger than the shim keeps in memory at once, written and read
//! back in image mode by a MIDAS program (`doc/sysdoc/uuos.114`: .OPEN,
//! .IOT, .ACCESS, .CLOSE). Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

#[test]
fn a_large_image_file_reads_back_word_for_word_and_at_random() {
    // 20000 words, word i being 3i+7 with i in the left half too; then
    // read sequentially, and at random: word 5 (behind the reader), word
    // 19999 (the last), past the end (an I/O channel error would stop the
    // job, so that is not done).
    let src = "TITLE T\nA=1\nB=2\nC=3\nD=4\nN=20000.\n\
GO:\t.OPEN 1,[.UIO,,'DSK ? SIXBIT /BIG/ ? SIXBIT /FILE/]\n\t .LOSE %LSFIL\n\
\tSETZ A,\n\
WLOOP:\tMOVE B,A\n\tIMULI B,3\n\tADDI B,7\n\tHRL B,A\n\t.IOT 1,B\n\tADDI A,1\n\tCAIGE A,N\n\t JRST WLOOP\n\
\t.CLOSE 1,\n\
\t.OPEN 2,[.UII,,'DSK ? SIXBIT /BIG/ ? SIXBIT /FILE/]\n\t .LOSE %LSFIL\n\
\tSETZB A,BAD\n\
RLOOP:\t.IOT 2,C\n\tMOVE B,A\n\tIMULI B,3\n\tADDI B,7\n\tHRL B,A\n\tCAME B,C\n\t AOS BAD\n\
\tADDI A,1\n\tCAIGE A,N\n\t JRST RLOOP\n\
\t.ACCESS 2,[5]\n\t.IOT 2,W5\n\
\t.ACCESS 2,[19999.]\n\t.IOT 2,WLAST\n\
\t.ACCESS 2,[3]\n\t.IOT 2,W3\n\
\t.LOGOUT 1,\nBAD:\t0\nW5:\t0\nWLAST:\t0\nW3:\t0\n";
    let ran = run_in(
        &scratch("bigfile"),
        src,
        Setup {
            budget: 2_000_000,
            ..Setup::default()
        },
    );
    ran.finished();
    assert_eq!(ran.word("BAD"), 0, "words read back differently");
    assert_eq!(ran.word("W5"), 5 << 18 | 22);
    assert_eq!(ran.word("WLAST"), 19999 << 18 | (3 * 19999 + 7));
    assert_eq!(ran.word("W3"), 3 << 18 | 16);
    // Image words on the host: raw words of the evacuated encoding (a byte
    // 360-377 holding the top four bits, then four 8-bit bytes).
    let bytes = std::fs::read(ran.dsk.join("puzzle/big.file")).unwrap();
    let words = pdp10_isa::evacuated::decode(&bytes).unwrap();
    assert_eq!(words.len(), 20000);
    assert_eq!(words[12345].raw(), 12345 << 18 | (3 * 12345 + 7));
}
