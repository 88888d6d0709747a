//! `.GETSYS` (`doc/sysdoc/uuos.114`): the AOBJN pointer updated on
//! success, the correct size given back when the area is too small, AC+1
//! cleared for an area that does not exist; NCALLS, the symbolic call
//! names. And `.EVAL` of the processor switches. Written for mutation
//! testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

#[test]
fn getsys_counts_a_longer_pointer_partly_out() {
    // GETS is three names: -5,,BUF becomes -2,,BUF+3, and it skips.
    let src = prog(
        "GO:\tMOVE A,[-5,,BUF]\n\tMOVE B,[SIXBIT /GETS/]\n\tSETZ D,\n\
         \t.GETSYS A,\n\t MOVEI D,1\n\t.LOGOUT 1,\nBUF:\tBLOCK 5",
    );
    let ran = run("getsyslong", &src);
    ran.finished();
    assert_eq!(ran.word("D"), 0, "skipped");
    assert_eq!(
        ran.word("A"),
        halves(0o777776, ran.address("BUF") as u64 + 3)
    );
    assert_eq!(ran.at("BUF", 3), 0, "nothing past the area");
}

#[test]
fn getsys_gives_the_size_needed_and_does_not_skip() {
    // Too small: AC's left half is the negative of the size; nothing moved.
    let src = prog(
        "GO:\tMOVE A,[-2,,BUF]\n\tMOVE B,[SIXBIT /GETS/]\n\tSETZ D,\n\
         \t.GETSYS A,\n\t MOVEI D,1\n\t.LOGOUT 1,\nBUF:\tBLOCK 3",
    );
    let ran = run("getsysshort", &src);
    ran.finished();
    assert_eq!(ran.word("D"), 1, "no skip");
    assert_eq!(ran.word("A"), halves(0o777775, ran.address("BUF") as u64));
    assert_eq!(ran.at("BUF", 0), 0);
}

#[test]
fn getsys_to_the_end_of_core_and_of_an_unknown_area() {
    // A zero left half: the area runs to the end of core. CALLS does not
    // fit in the last 4 words of core: the size comes back. An area that
    // does not exist clears AC+1; no skip either way.
    let src = prog(
        "GO:\tMOVEI A,1774\n\tMOVE B,[SIXBIT /CALLS/]\n\tSETZ D,\n\
         \t.GETSYS A,\n\t MOVEI D,1\n\tMOVEM A,SHORT\n\
         \tMOVEI A,1774\n\tMOVE B,[SIXBIT /GETS/]\n\t.GETSYS A,\n\t .LOSE\n\tMOVEM A,FITS\n\
         \tMOVE A,[-5,,BUF]\n\tMOVE B,[SIXBIT /MEMORY/]\n\tSETZ C,\n\
         \t.GETSYS A,\n\t MOVEI C,1\n\
         \t.LOGOUT 1,\nSHORT:\t0\nFITS:\t0\nBUF:\tBLOCK 5",
    );
    let ran = run("getsysend", &src);
    ran.finished();
    assert_eq!(ran.word("D"), 1);
    let short = ran.word("SHORT");
    assert_eq!(short & 0o777777, 0o1774);
    let calls_words = 0o1000000 - (short >> 18);
    assert!(
        calls_words > 4 && calls_words.is_multiple_of(2),
        "{short:o}"
    );
    assert_eq!(ran.word("FITS"), 0o1777, "0,,1774+3");
    assert_eq!(ran.word("C"), 1);
    assert_eq!(ran.word("B"), 0, "AC+1 cleared");
}

#[test]
fn ncalls_names_the_symbolic_calls() {
    // NCALLS: "valid sixbit names for symbolic system calls"; with AC 17
    // the name is in AC 0.
    let src = prog(
        "GO:\tMOVE 0,[SIXBIT /NCALLS/]\n\tMOVE 17,[-1000,,BUF]\n\t.GETSYS 17,\n\t .LOSE\n\
         \t.LOGOUT 1,\nBUF:\tBLOCK 1000",
    );
    let ran = run("ncalls", &src);
    ran.finished();
    let n = (ran.word("P") & 0o777777) - ran.address("BUF") as u64;
    let names: Vec<u64> = (0..n as u32).map(|k| ran.at("BUF", k)).collect();
    for call in ["OPEN", "SIOT", "CORBLK", "TTYVAR", "DETACH", "USRVAR"] {
        assert!(names.contains(&six(call)), "{call} in NCALLS");
    }
    assert_eq!(ran.word("P") >> 18, (0o777000 + n) & 0o777777);
}

#[test]
fn eval_knows_the_processor_switches() {
    // ITS's symbol table holds its assembly switches: on a KA10, KA10P is
    // 1, KL10P and KS10P are 0.
    let src = prog(
        "GO:\tMOVE A,[SQUOZE 0,KA10P]\n\t.EVAL A,\n\t .LOSE\n\
         \tMOVE B,[SQUOZE 0,KL10P]\n\t.EVAL B,\n\t .LOSE\n\
         \tMOVE C,[SQUOZE 0,KS10P]\n\t.EVAL C,\n\t .LOSE\n\t.LOGOUT 1,",
    );
    let ran = run("evalswitch", &src);
    ran.finished();
    assert_eq!([ran.word("A"), ran.word("B"), ran.word("C")], [1, 0, 0]);
}
