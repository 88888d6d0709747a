//! Conditionals and the pseudo-ops done while a statement is read, as the
//! MIDAS manual describes them (`doc/info/midas`, nodes Cond-A4, Cond-B and
//! its subnodes, Syllables, and the list of pseudo-ops): the manual's
//! examples, and each arithmetic conditional at its boundary. Written for
//! mutation testing (docs/mutants.md).

mod support;
use support::*;

#[test]
fn arithmetic_conditionals_test_the_sign() {
    // Node Arithmetic Conditionals: each with a negative, zero and
    // positive argument; FOO is assembled only where the test holds.
    let test = |cond: &str| -> Vec<bool> {
        ["-1", "0", "1"]
            .iter()
            .map(|x| words(&format!("{cond} {x},5")) == vec![5])
            .collect()
    };
    assert_eq!(test("IFE"), [false, true, false]);
    assert_eq!(test("IFN"), [true, false, true]);
    assert_eq!(test("IFG"), [false, false, true]);
    assert_eq!(test("IFGE"), [false, true, true]);
    assert_eq!(test("IFL"), [true, false, false]);
    assert_eq!(test("IFLE"), [true, true, false]);
    // The sign is the 36-bit word's: 400000,,0 is negative.
    assert_eq!(words("IFL <400000,,0>,5"), vec![5]);
    assert_eq!(words("IFG <377777,,-1>,5"), vec![5]);
}

#[test]
fn else_and_also_of_the_manual() {
    // Node Cond-A4.
    for (x, y, want) in [(1, 1, vec![7]), (1, 0, vec![8]), (0, 1, vec![8])] {
        let src = format!("X={x}\nY={y}\nIFN X,IFN Y,7\n.ELSE 8");
        assert_eq!(words(&src), want, "X={x} Y={y}");
    }
    assert_eq!(
        words("X=1\nY=0\nIFN X,[IFN Y,[7]]\n.ELSE 8"),
        Vec::<u64>::new()
    );
    // `.ELSE` sets .SUCCESS: FOO and MUMBLE, or BAR.
    assert_eq!(words("X=1\nIFN X,7\n.ELSE 8\n.ELSE 9"), vec![7, 9]);
    assert_eq!(words("X=0\nIFN X,7\n.ELSE 8\n.ELSE 9"), vec![8]);
    assert_eq!(words("X=1\nIFN X,7\n.ALSO 8"), vec![7, 8]);
    assert_eq!(words("X=0\nIFN X,7\n.ALSO 8"), Vec::<u64>::new());
    // .SUCCESS is -1 or 0.
    assert_eq!(
        words("IFE 0,\n.SUCCESS\nIFE 1,\n.SUCCESS"),
        vec![0o777777_777777, 0]
    );
}

#[test]
fn string_conditionals_ignore_case() {
    // Node String Conditionals.
    assert_eq!(words("IFSE FOO,foo,[5]"), vec![5]);
    assert_eq!(words("IFSE FOO,BAR,[5]"), Vec::<u64>::new());
    assert_eq!(words("IFSN FOO,BAR,[5]"), vec![5]);
    assert_eq!(words("IFSN FOO,FOO,[5]"), Vec::<u64>::new());
    assert_eq!(words("IFSE FOO,[FOO][5]"), vec![5]);
    assert_eq!(words("IFSE [A,B][A,B][5]"), vec![5]);
    assert_eq!(words("IFSE [A,B][A,C][5]"), Vec::<u64>::new());
}

#[test]
fn blankness_and_squozeness_conditionals() {
    // Node Blankness Conditionals: blank = no squoze character (real
    // MIDAS 433 agrees: `IFB [ +- ]` succeeds).
    assert_eq!(words("IFB [ +- ][5]"), vec![5]);
    assert_eq!(words("IFB [ +A ][5]"), Vec::<u64>::new());
    assert_eq!(words("IFNB [ +A ][5]"), vec![5]);
    assert_eq!(words("IFNB [,][5]"), Vec::<u64>::new());
    // Node Squozeness Conditionals: the manual's FOO.
    let foo = "DEFINE FOO X\n1+< IFSQ X,[1] >\nTERMIN\n";
    assert_eq!(words(&format!("{foo}FOO BAR")), vec![2]);
    assert_eq!(words(&format!("{foo}FOO BAR BLETCH")), vec![1]);
    assert_eq!(words("IFNSQ [A+B][5]"), vec![5]);
    assert_eq!(words("IFNSQ [A B][5]"), vec![5]);
    assert_eq!(words("IFSQ [A B][5]"), Vec::<u64>::new());
    assert_eq!(words("IFNSQ [A.B$%1][5]"), Vec::<u64>::new());
}

#[test]
fn definition_conditionals() {
    // Node Conditionals on Symbol Definition.
    assert_eq!(words("IFNDEF FOO,FOO=1\nFOO"), vec![1]);
    assert_eq!(words("FOO=3\nIFNDEF FOO,FOO=1\nFOO"), vec![3]);
    assert_eq!(words("FOO=3\nIFDEF FOO,5\nIFDEF BAR,6"), vec![5]);
}

#[test]
fn pass_conditionals_and_null() {
    // IF1 succeeds on pass 1 only, IF2 on pass 2 only: a symbol
    // assigned differently on each pass keeps the last.
    assert_eq!(words("IF1 X=1\nIF2 X=2\nX"), vec![2]);
    assert_eq!(words("IF2 X=2\nIF1 X=1\nX"), vec![2]);
    assert_eq!(words(".PASS"), vec![2]);
    // NULL: a conditional that always fails.
    assert_eq!(words("NULL [5]\n6"), vec![6]);
}

#[test]
fn radix_reads_one_value_in_another_radix() {
    // List of pseudo-ops: `.RADIX rdx,value,`.
    assert_eq!(words(".RADIX 10.,17,"), vec![17]);
    assert_eq!(words(".RADIX 2,101,"), vec![5]);
    assert_eq!(words(".RADIX 44,11,"), vec![37]);
    // The radix itself is back to octal afterwards.
    assert_eq!(words(".RADIX 10.,17,\n17"), vec![17, 0o17]);
    for bad in ["1", "45"] {
        let e = fails(&format!(".RADIX {bad},1,"));
        assert!(e.contains(".RADIX"), "{bad}: {e}");
    }
}

#[test]
fn nthwd_picks_one_word_of_a_text() {
    // `.NTHWD n,` the n-th word of the next text pseudo; 0 past its end.
    assert_eq!(words(".NTHWD 2,ASCII /ABCDEFGHIJ/"), vec![0o432171_044624]);
    assert_eq!(words(".NTHWD 3,ASCII /AB/"), vec![0]);
    assert_eq!(words(".1STWD SIXBIT /ABCDEFGH/"), vec![0o414243_444546]);
}

#[test]
fn expunge_forgets_symbols() {
    // EXPUNGE: the names are undefined afterwards; a later IFNDEF sees it.
    assert_eq!(
        words("A=1\nB=2\nEXPUNGE A,B\nIFNDEF A,5\nIFNDEF B,6"),
        vec![5, 6]
    );
    let e = fails("A=1\nEXPUNGE A\nA");
    assert!(e.contains("undefined symbol A"), "{e}");
}

#[test]
fn err_reports_its_line() {
    // Reported (as a warning: real MIDAS 433 still writes the binary).
    let a = midas::assemble_str("t.mid", ".ERR SOMETHING WRONG ;comment\nEND\n").expect("written");
    assert_eq!(a.warnings[0].message, "SOMETHING WRONG");
    assert_eq!(a.warnings[0].line, 1);
    let a = midas::assemble_str("t.mid", "1\n.ERR\nEND\n").expect("written");
    assert_eq!(
        (a.warnings[0].message.as_str(), a.warnings[0].line),
        (".ERR", 2)
    );
}

#[test]
fn title_is_the_first_name_of_the_first_title() {
    let a = assembled("TITLE foo bar\nTITLE BAZ\n1");
    assert_eq!(a.title.as_deref(), Some("FOO"));
}

#[test]
fn typeout_pseudos() {
    let a = assembled("IF1 [PRINTC /A!B/\nPRINTX /C!D/\n.TYO 101\n.TYO 142]");
    assert_eq!(a.messages.concat(), "A!BCDAb");
    // COMMENT skips its delimited text.
    assert_eq!(words("COMMENT /1\n2/\n3"), vec![3]);
}

#[test]
fn stop_outside_a_loop_is_an_error() {
    for p in [".STOP", ".ISTOP"] {
        let e = fails(p);
        assert!(e.contains("outside a macro"), "{p}: {e}");
    }
}

#[test]
fn osmidas_is_its() {
    // .OSMIDAS: SIXBIT of the system MIDAS runs on.
    assert_eq!(words(".OSMIDAS"), vec![0o516463_000000]);
}

#[test]
fn file_names_and_versions_of_the_main_and_inserted_files() {
    // Node FileInfo: .FNAM1/.FNAM2 the main file's names, .IFNM1/.IFNM2
    // and .IFVRS the insert file's, .FVERS the main file's version.
    let loader = |p: &std::path::Path| -> std::io::Result<String> {
        match p.file_name().and_then(|n| n.to_str()) {
            Some("prog.12") => Ok(".INSRT defs 34\n.FVERS\n.FNAM1\n.FNAM2\nEND\n".into()),
            Some("defs.34") => Ok(".IFVRS\n.IFNM1\n.IFNM2\n".into()),
            _ => Err(std::io::Error::new(std::io::ErrorKind::NotFound, "no")),
        }
    };
    let a = midas::assemble("prog.12", &loader, &midas::Options::default())
        .unwrap_or_else(|e| panic!("{e}"));
    let w: Vec<u64> = a.words.iter().map(|(_, w)| w.raw()).collect();
    assert_eq!(
        w,
        vec![
            34,
            0o444546_630000, // DEFS
            0o232400_000000, // 34
            12,
            0o606257_470000, // PROG
            0o212200_000000, // 12
        ]
    );
}

#[test]
fn quoted_syllables() {
    // Node Syllables: "x is ASCII, 'x SIXBIT, ^x a control character;
    // the squoze characters after the first go on the syllable.
    assert_eq!(words("\"A"), vec![0o101]);
    assert_eq!(words("\"AB"), vec![0o101 << 7 | 0o102]);
    assert_eq!(words("\"a"), vec![0o141]);
    assert_eq!(words("'A"), vec![0o41]);
    assert_eq!(words("'a"), vec![0o41]);
    assert_eq!(words("'AB"), vec![0o4142]);
    assert_eq!(words("^A"), vec![1]);
    assert_eq!(words("^a"), vec![1]);
    assert_eq!(words("^M"), vec![0o15]);
    // The first character may be any character; a blank ends it.
    assert_eq!(words("\"; 1"), vec![0o73 + 1]);
    assert_eq!(words("\"  1"), vec![0o40 + 1]);
    // After a number, ^ is its exponent.
    assert_eq!(words("1^2"), vec![0o100]);
}
