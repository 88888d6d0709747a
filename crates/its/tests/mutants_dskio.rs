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

#[test]
fn file_calls_name_measure_rename_and_delete() {
    // _calls.127: FILLEN (length in bytes of the channel's size, that
    // size, then in words of 36 bits), RFPNTR (bytes read so far), RFNAME
    // (device, names, directory, mode; zeros for a closed channel),
    // RENAME (device, names, directory, then the new names), DELETE, and
    // FILE NOT FOUND (4) for a name that is not there, FILE ALREADY
    // EXISTS (13) for renaming onto one that is.
    let dsk = scratch("filecalls");
    std::fs::write(dsk.join("puzzle/data.text"), "ABCDEFGHIJKL").unwrap();
    std::fs::write(dsk.join("puzzle/old.file"), "OLD").unwrap();
    std::fs::write(dsk.join("puzzle/other.file"), "OTHER").unwrap();
    std::fs::write(dsk.join("puzzle/gone.file"), "GONE").unwrap();
    let src = "TITLE T\nA=1\nB=2\n\
GO:\t.OPEN 3,[.UAI,,'DSK ? SIXBIT /DATA/ ? SIXBIT /TEXT/]\n\t .LOSE %LSFIL\n\
\t.CALL [SETZ ? SIXBIT /FILLEN/ ? %CLIMM,,3 ? %CLOUT,,LEN ? %CLOUT,,SIZE ? %CLOUT,,WORDS ? SETZM WSIZE]\n\t .LOSE\n\
\tREPEAT 6,[.IOT 3,A\n]\n\
\t.CALL [SETZ ? SIXBIT /RFPNTR/ ? %CLIMM,,3 ? SETZM PTR]\n\t .LOSE\n\
\t.CALL [SETZ ? SIXBIT /RFNAME/ ? %CLIMM,,3 ? %CLOUT,,NAMES ? %CLOUT,,NAMES+1 ? %CLOUT,,NAMES+2\n\
\t\t%CLOUT,,NAMES+3 ? SETZM NAMES+4]\n\t .LOSE\n\
\tSETOM CLOSED\n\
\t.CALL [SETZ ? SIXBIT /RFNAME/ ? %CLIMM,,4 ? SETZM CLOSED]\n\t .LOSE\n\
\t.CALL [SETZ ? SIXBIT /RENAME/ ? [SIXBIT /DSK/] ? [SIXBIT /OLD/] ? [SIXBIT /FILE/] ? [SIXBIT /PUZZLE/]\n\
\t\t[SIXBIT /NEW/] ? SETZ [SIXBIT /NAME/]]\n\t .LOSE\n\
\t.CALL [SETZ ? SIXBIT /RENAME/ ? [SIXBIT /DSK/] ? [SIXBIT /NEW/] ? [SIXBIT /NAME/] ? [SIXBIT /PUZZLE/]\n\
\t\t[SIXBIT /OTHER/] ? %CLERR,,ERR1 ? SETZ [SIXBIT /FILE/]]\n\t SKIPA\n\t .LOSE\n\
\t.CALL [SETZ ? SIXBIT /DELETE/ ? [SIXBIT /DSK/] ? [SIXBIT /GONE/] ? [SIXBIT /FILE/] ? SETZ [SIXBIT /PUZZLE/]]\n\t .LOSE\n\
\t.CALL [SETZ ? SIXBIT /DELETE/ ? [SIXBIT /DSK/] ? [SIXBIT /GONE/] ? [SIXBIT /FILE/] ? %CLERR,,ERR2\n\
\t\tSETZ [SIXBIT /PUZZLE/]]\n\t SKIPA\n\t .LOSE\n\
\t.LOGOUT 1,\n\
LEN:\t0\nSIZE:\t0\nWORDS:\t0\nWSIZE:\t0\nPTR:\t0\nNAMES:\tBLOCK 5\nCLOSED:\t0\nERR1:\t0\nERR2:\t0\n";
    let ran = run_in(&dsk, src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("LEN"), 12);
    assert_eq!(ran.word("SIZE"), 7);
    assert_eq!(ran.word("WORDS"), 3);
    assert_eq!(ran.word("WSIZE"), 36);
    assert_eq!(ran.word("PTR"), 6);
    let names: Vec<u64> = (0..5).map(|k| ran.at("NAMES", k)).collect();
    assert_eq!(
        names,
        [six("DSK"), six("DATA"), six("TEXT"), six("PUZZLE"), 0]
    );
    assert_eq!(ran.word("CLOSED"), 0);
    assert_eq!(std::fs::read(dsk.join("puzzle/new.name")).unwrap(), b"OLD");
    assert!(!dsk.join("puzzle/old.file").exists());
    assert_eq!(ran.word("ERR1"), 0o13, "FILE ALREADY EXISTS");
    assert_eq!(
        std::fs::read(dsk.join("puzzle/other.file")).unwrap(),
        b"OTHER"
    );
    assert!(!dsk.join("puzzle/gone.file").exists());
    assert_eq!(ran.word("ERR2"), 0o4, "FILE NOT FOUND");
}

#[test]
fn a_greater_than_second_name_is_the_next_version_on_output() {
    // ITS file names: ">" as the second name is the highest-numbered
    // version for input and one more than it for output.
    let dsk = scratch("versions");
    std::fs::write(dsk.join("puzzle/foo.1"), "ONE").unwrap();
    std::fs::write(dsk.join("puzzle/foo.2"), "TWO").unwrap();
    std::fs::write(dsk.join("puzzle/bar.9"), "BAR").unwrap();
    let src = "TITLE T\nA=1\n\
GO:\t.OPEN 1,[.UAI,,'DSK ? SIXBIT /FOO/ ? SIXBIT />/]\n\t .LOSE %LSFIL\n\t.IOT 1,A\n\tMOVEM A,FIRST\n\
\t.OPEN 2,[.UAO,,'DSK ? SIXBIT /FOO/ ? SIXBIT />/]\n\t .LOSE %LSFIL\n\t.IOT 2,[\"3]\n\t.CLOSE 2,\n\
\t.LOGOUT 1,\nFIRST:\t0\n";
    let ran = run_in(&dsk, src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("FIRST"), u64::from(b'T'));
    assert_eq!(std::fs::read(dsk.join("puzzle/foo.3")).unwrap(), b"3");
    assert_eq!(std::fs::read(dsk.join("puzzle/foo.1")).unwrap(), b"ONE");
}

#[test]
fn delete_without_a_directory_uses_the_sname() {
    // _calls.127 DELETE: device, first and second names, and optionally
    // the directory (the job's SNAME when left out).
    let dsk = scratch("delete3");
    std::fs::write(dsk.join("puzzle/gone.file"), "GONE").unwrap();
    let src = "TITLE T\n\
GO:\t.CALL [SETZ ? SIXBIT /DELETE/ ? [SIXBIT /DSK/] ? [SIXBIT /GONE/] ? SETZ [SIXBIT /FILE/]]\n\t .LOSE\n\
\t.LOGOUT 1,\n";
    run_in(&dsk, src, Setup::default()).finished();
    assert!(!dsk.join("puzzle/gone.file").exists());
}
