//! ITS names on the host as the PDP-10/its repository spells them (issue
//! 11; `.INFO.;` is `doc/_info_/`): ITS `.` is host `_`, ITS `_` is host
//! `}`, lower case on the host; and what is no plain file or folder there.
//! Written for mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;
use std::fs;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

#[test]
fn dots_and_underscores_map_to_the_repositorys_spelling() {
    let dsk = scratch("hostspell");
    fs::create_dir(dsk.join("_teco_")).unwrap();
    fs::write(dsk.join("_teco_/x}y.in_1"), b"R").unwrap();
    let src = format!(
        "{HEAD}GO:\t.OPEN 1,[.UAO,,'DSK ? SIXBIT /A_B/ ? SIXBIT /C.D/]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,[\"W]\n\t.CLOSE 1,\n\
         \t.OPEN 2,[.UAI,,'DSK ? SIXBIT /X_Y/ ? SIXBIT /IN.1/]\n\t .LOSE %LSFIL\n\
         \t.IOT 2,A\n\t.LOGOUT 1,\n"
    );
    let src = src.replace("GO:", "GO:\t.SUSET [.SSNAM,,[SIXBIT /.TECO./]]\n");
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(fs::read(dsk.join("_teco_/a}b.c_d")).unwrap(), b"W");
    assert_eq!(ran.word("A"), b'R' as u64);
}

#[test]
fn versions_are_found_through_the_spelling() {
    // `>` among the host files x}y.1 and x}y.7 of .TECO.: X_Y 7.
    let dsk = scratch("hostver");
    fs::create_dir(dsk.join("_teco_")).unwrap();
    fs::write(dsk.join("_teco_/x}y.1"), b"1").unwrap();
    fs::write(dsk.join("_teco_/x}y.7"), b"7").unwrap();
    let src = format!(
        "{HEAD}GO:\t.SUSET [.SSNAM,,[SIXBIT /.TECO./]]\n\
         \t.OPEN 1,[.UAI,,'DSK ? SIXBIT /X_Y/ ? SIXBIT />/]\n\t .LOSE %LSFIL\n\
         \t.IOT 1,A\n\t.LOGOUT 1,\n"
    );
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(ran.word("A"), b'7' as u64);
}

#[test]
fn folders_and_files_in_the_wrong_places() {
    // A directory name that is a host file: NON-EXISTENT DIRECTORY (20);
    // a file name that is a host folder: FILE NOT FOUND (4) to read,
    // ILLEGAL FILE NAME (11) to write; a name with a slash: 11.
    let dsk = scratch("hostkinds");
    fs::write(dsk.join("plain"), b"").unwrap();
    fs::create_dir(dsk.join("puzzle/sub.dir")).unwrap();
    let open = |mode: &str, dir: &str, fn1: &str, fn2: &str, err: &str| {
        format!(
            "\t.CALL [SETZ ? SIXBIT /OPEN/ ? [{mode},,1] ? [SIXBIT /DSK/] ? [SIXBIT /{fn1}/] ? [SIXBIT /{fn2}/]\n\
             \t\t%CLERR,,{err} ? SETZ [SIXBIT /{dir}/]]\n\t JFCL\n"
        )
    };
    let src = format!(
        "{HEAD}GO:{}{}{}{}\t.LOGOUT 1,\nE1:\t0\nE2:\t0\nE3:\t0\nE4:\t0\n",
        open(".UAI", "PLAIN", "A", "B", "E1"),
        open(".UAI", "PUZZLE", "SUB", "DIR", "E2"),
        open(".UAO", "PUZZLE", "SUB", "DIR", "E3"),
        open(".UAO", "PUZZLE", "A-B", "C", "E4"),
    )
    .replace("SIXBIT /A-B/", "SIXBIT |A/B|");
    let ran = run_in(&dsk, &src, Setup::default());
    ran.finished();
    assert_eq!(
        ["E1", "E2", "E3", "E4"].map(|e| ran.word(e)),
        [0o20, 0o4, 0o11, 0o11]
    );
    assert!(
        dsk.join("puzzle/sub.dir").is_dir(),
        "the folder is left alone"
    );
}

#[test]
fn host_names_give_its_name_parts() {
    use its::names::its_parts_of_host_name as parts;
    assert_eq!(parts("ts_a}b.x}y"), ("TS.A_B".into(), "X_Y".into()));
    assert_eq!(parts("longername.ext"), ("LONGER".into(), "EXT".into()));
    assert_eq!(parts("single"), ("SINGLE".into(), String::new()));
}
