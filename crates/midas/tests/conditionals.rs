//! Conditionals, each source checked against the words real MIDAS 433
//! makes of it (run on the ITS shim with `pdp10 midas-oracle`).

mod support;
use support::whole_placed as words;

#[test]
fn a_comma_after_a_bracketed_string_argument_is_read_as_it_is() {
    // `ifse [name],<tab>440700,,[...]` (sysen2;name's TVKBD): the comma
    // nullspecifies the second string, and the text after it is assembled.
    // `IFNB [X],[3]` conditionalizes ",[3]"; `IFSE [A][A][5]` needs none.
    let src = "ifse [],\t440700,,[asciz /???/]\nifse [],440700,,[asciz /AB/]\n\
               ifse [], 1,,2\nifse [A][A][5]\nifse A,A,6\nIFNB [X],[3]\nIFB [] 7\n\
               IFSN [A] 10\nloc 200\nEND\n";
    assert_eq!(
        words(src),
        vec![
            (0o100, 0o440700_000200),
            (0o101, 0o440700_000201),
            (0o102, 0o000001_000002),
            (0o103, 5),
            (0o104, 6),
            (0o105, 0o202),
            (0o106, 7),
            (0o200, 0o375767_700000),
            (0o201, 0o406040_000000),
            (0o202, 3),
        ]
    );
}

#[test]
fn a_conditional_after_an_assignment_in_the_same_literal_sees_it() {
    // Real MIDAS reads a literal line by line, so IFN sees T==5 (mrc;macros
    // CLCTL. in a SYSCAL). Checked with real MIDAS 433: the words below.
    let src = "T==0\n\tMOVE 1,[T==5\nIFN T,[1]\nIFE T,[7]\n2]\n\
               \tMOVE 2,[ 6\n U==T+1\n IFN U-6,[10]\n IFE U-6,[11]\n]\nT\nU\nEND\n";
    assert_eq!(
        words(src),
        vec![
            (0o100, 0o200040_000104),
            (0o101, 0o200100_000106),
            (0o102, 5),
            (0o103, 6),
            (0o104, 1),
            (0o105, 2),
            (0o106, 6),
            (0o107, 0o11),
        ]
    );
}

#[test]
fn an_assignment_in_a_literal_that_depends_on_its_place_stays_refused() {
    // Where a label of the literal is involved, doing the assignment
    // before the literal's words are placed could differ: an error.
    let src = "\tMOVE 1,[L: 3\nT==L\nIFN T,[1]\n2]\nEND\n";
    let e = midas::assemble_str("t.mid", src).unwrap_err().to_string();
    assert!(
        e.contains("IFN after an assignment in the same literal is not supported"),
        "{e}"
    );
    // Outside a literal, or without an assignment before it, it is fine.
    let a =
        midas::assemble_str("t.mid", "T==5\nIFN T,[1]\n\tMOVE 1,[IFN T,[3]\n4]\nEND\n").unwrap();
    assert_eq!(a.words.len(), 4);
}

fn words_from_100(src: &str) -> Vec<u64> {
    let w = words(src);
    for (i, (at, _)) in w.iter().enumerate() {
        assert_eq!(*at, 0o100 + i as u32);
    }
    w.iter().map(|(_, w)| *w).collect()
}

#[test]
fn assignments_of_nested_literals_and_macros_come_before_the_conditionals_after_them() {
    // The shape of syseng;$call (a count kept by assignments in the outer
    // literal and decremented in an inner one, tested by IFE/IFN), and a
    // symbol assigned ahead of a word that uses it (that word sees the new
    // value). Checked with real MIDAS 433.
    let src = "TITLE L2\n\
DEFINE CNT ?A,B,C\n\
IFNB [A] N==N+1\n\
IFNB [B] N==N+1\n\
IFNB [C] N==N+1\n\
TERMIN\n\
DEFINE ARG X\n\
N==N-1\n\
IFE N,[400000,,X]\n\
IFN N,[0,,X]\n\
TERMIN\n\
DEFINE CALL A,B,C\n\
N==0\n\
CNT A,B,C\n\
1,,[SETZ\n\
ARG A\n\
ARG B\n\
ARG C\n\
IFN N, 777\n\
]\n\
TERMIN\n\
\tJRST [\tCALL 1,2,3\n\
\t\tCALL 4,5\n\
\t\tJRST .]\n\
\tCALL 6\n\
T==1\n\
\tMOVE [ 5\n\
T==T+1\n\
\tIFE T-2,[T]\n\
\tT\n\
\t]\n\
END\n\
";
    assert_eq!(
        words_from_100(src),
        vec![
            0o254000_000114,
            0o000001_000117,
            0o200000_000124,
            0o400000_000000,
            0o000000_000001,
            0o000000_000002,
            0o400000_000003,
            0o400000_000000,
            0o000000_000004,
            0o400000_000005,
            0o000000_000000,
            0o000000_000777,
            0o000001_000103,
            0o000001_000107,
            0o254000_000100,
            0o400000_000000,
            0o400000_000006,
            0o000000_000000,
            0o000000_000000,
            0o000000_000777,
            0o000000_000005,
            0o000000_000002,
            0o000000_000002,
        ]
    );
}

#[test]
fn ifdef_finds_pseudo_ops_and_built_in_values_defined() {
    // Real MIDAS 433: .FVERS, LOC, IFDEF, .IFVRS, .RPCNT, MOVE, .FNAM2,
    // .OSMIDAS, DEFINE, .IFNM1, .LENGTH, .TYO are all defined; FOO is not.
    let src = "TITLE D\n\
IFDEF .FVERS,[1]\n\
IFDEF LOC,[2]\n\
IFDEF IFDEF,[3]\n\
IFDEF .IFVRS,[4]\n\
IFDEF .RPCNT,[5]\n\
IFDEF MOVE,[6]\n\
IFDEF .FNAM2,[7]\n\
IFDEF .OSMIDAS,[10]\n\
IFDEF FOO,[11]\n\
IFDEF DEFINE,[12]\n\
IFDEF .IFNM1,[13]\n\
IFNDEF .FVERS,[14]\n\
IFDEF .LENGTH,[15]\n\
IFDEF .TYO,[16]\n\
END\n\
";
    assert_eq!(
        words_from_100(src),
        vec![
            0o000000_000001,
            0o000000_000002,
            0o000000_000003,
            0o000000_000004,
            0o000000_000005,
            0o000000_000006,
            0o000000_000007,
            0o000000_000010,
            0o000000_000012,
            0o000000_000013,
            0o000000_000015,
            0o000000_000016,
        ]
    );
}

#[test]
fn a_conditional_argument_is_a_field_ended_by_a_blank_or_a_comma() {
    // Node Cond-A3 ("SPACE or COMMA"); salv's `DEFINE TS` / `IFN ITS!TERMIN`
    // used as `TS<tab>INFORM ...`. Real MIDAS 433 reads `IFE 1 - 1,[7]` as
    // IFE 1 with the text "- 1,[7]", and `IFE ITS+ 1 15` as IFE ITS+.
    let src = "TITLE S\n\
ITS==1\n\
IFN ITS\t5\n\
IFN ITS 6\n\
IFE 1 - 1,[7]\n\
IFE 1 -1,[10]\n\
IFN ITS,11\n\
IFE 0 12\n\
IFE ITS-1 14\n\
IFE ITS+ 1 15\n\
END\n\
";
    assert_eq!(
        words_from_100(src),
        vec![
            0o000000_000005,
            0o000000_000006,
            0o000000_000011,
            0o000000_000012,
            0o000000_000014,
        ]
    );
}

#[test]
fn success_can_be_assigned() {
    // Real MIDAS 433 (oracle): `.SUCCESS==ZZ` (its.1648's UENTRY) sets
    // what .SUCCESS reads and .ELSE tests; .ELSE then fails, and so does
    // the .ALSO after it.
    let src = "TITLE S\nGO:\tIFE 0,[1]\nZZ==.SUCCESS\n\tZZ\n\tIFE 1,[2]\n\t.SUCCESS\n\
               .SUCCESS==ZZ\n\t.SUCCESS\n.ELSE 5\n.ALSO 6\nEND GO\n";
    let got: Vec<u64> = midas::assemble_str("t.mid", src)
        .expect("assembles")
        .words
        .iter()
        .map(|(_, w)| w.raw())
        .collect();
    assert_eq!(got, vec![1, 0o777777_777777, 0, 0o777777_777777]);
    let e = midas::assemble_str("t.mid", ".SUCCESS==5\nEND\n")
        .unwrap_err()
        .to_string();
    assert!(e.contains(".SUCCESS"), "{e}");
}

#[test]
fn a_conditional_field_may_end_at_the_end_of_the_line() {
    // Real MIDAS 433 (oracle): `IFN 0` alone skips nothing; with NOPE's
    // body `IFN 0` the inner conditional takes `,[2]` and the outer one's
    // field ends after the `]`; with YEP's the inner one opens `[` and the
    // outer one's (empty, false) field ends at that line's end.
    let src = "DEFINE NOPE\nIFN 0!TERMIN\nDEFINE YEP\nIFE 0!TERMIN\n\
               1\nIFN NOPE,[\n 2\n]\n 3\nIFN YEP,[\n 4\n]\n 5\nIFN 0\n 6\nIFE 0\n 7";
    assert_eq!(support::words(src), vec![1, 3, 4, 5, 6, 7]);
}

#[test]
fn a_termin_right_before_a_taken_conditionals_close_keeps_the_close() {
    // survey;survey's `.else { ... irp ... termin}`: the character thrown
    // away after TERMIN is the bracket, which ends the conditional (real
    // MIDAS 433: P is 3, no error, no other word).
    for body in [
        "IFE 0,{irp n,,[P]\nn==3\ntermin}",
        "IFE 0,[irp n,,[P]\nn==3\ntermin]",
        "IFSE SERVER,TIP,X==1\n.else {\tirp\tn,,[P]\n\tn==3\n\ttermin}",
    ] {
        let src = format!("TITLE C9\n{body}\nA:\tP\nEND A\n");
        let a = midas::assemble_str("t.mid", &src).unwrap_or_else(|e| panic!("{src}: {e}"));
        let words: Vec<(u32, u64)> = a.words.iter().map(|(at, w)| (*at, w.raw())).collect();
        assert_eq!(words, [(0o100, 3)], "{src}");
    }
}

#[test]
fn a_taken_conditional_is_closed_by_a_bracket_the_syllable_reader_meets() {
    // Real MIDAS reads a taken conditional's body in place (COND6, RBRAK):
    // a `]` in a character syllable, a text pseudo-op's string or a comment
    // does not close it (rg;c.562's `IFN TS,[ ... MOVEI A,"] ... ]`), and
    // `FOO"` before the line end marks FOO. Real MIDAS 433 made these words.
    let src = "TITLE T\nA=1\nX: IFN A,[\n MOVEI 1,\"]\n MOVEI 2,\"[\n MOVEI 3,^]\n \
               MOVEI 4,']\n ASCIZ /]]/\n SIXBIT \"[[\"\n \
               6 ; comment [ with an open bracket\n PRINTX \"]\"]\n 7\n\
               IFN A,[ MOVE 1,FOO\"\n]\n 10\nFOO: 11\nEND X\n";
    assert_eq!(
        words(src),
        vec![
            (0o100, 0o201040_000135),
            (0o101, 0o201100_000133),
            (0o102, 0o201140_000035),
            (0o103, 0o201200_000075),
            (0o104, 0o566720_000000),
            (0o105, 0o737300_000000),
            (0o106, 6),
            (0o107, 7),
            (0o110, 0o200040_000112),
            (0o111, 0o10),
            (0o112, 0o11),
        ]
    );
}

#[test]
fn inside_a_taken_conditional_a_literal_is_read_as_the_body_and_other_brackets_raw() {
    // A literal's `"]`, `[ASCIZ /]/]` and `; ]` are the syllable reader's
    // (_teco_;teco.335), but a failed conditional inside counts every
    // bracket, so `"[ ;]` balances there (midas;tsrtns's `CAIN A,"[ ;]`),
    // and an IRPC's bracketed argument is read raw. Real MIDAS 433 made
    // these words.
    let src = "TITLE T\nA=1\nX: IFN A,[\n JRST [ CAIE 1,\"]\n\tJRST .+1]\n MOVEI 2,\"[\n \
               IFN 0,[ CAIN 1,\"[ ;]\n\tMOVEI 3,3]\n MOVEI 4,[ASCIZ /]/]\n \
               JRST [ 5 ; ] in a comment\n\t6]\nIRPC C,,[;\"]\n \"C\nTERMIN\n]\n 7\nEND X\n";
    assert_eq!(
        words(src),
        vec![
            (0o100, 0o254000_000107),
            (0o101, 0o201100_000133),
            (0o102, 0o201200_000111),
            (0o103, 0o254000_000112),
            (0o104, 0o73),
            (0o105, 0o42),
            (0o106, 0o7),
            (0o107, 0o302040_000135),
            (0o110, 0o254000_000101),
            (0o111, 0o564000_000000),
            (0o112, 5),
            (0o113, 6),
        ]
    );
}
