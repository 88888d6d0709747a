//! Macro calls, each source checked against the words real MIDAS 433 makes
//! of it (run on the ITS shim with `pdp10 midas-oracle`).

mod support;
use support::whole_placed as words;

fn from_100(values: &[u64]) -> Vec<(u32, u64)> {
    values
        .iter()
        .enumerate()
        .map(|(k, &v)| (0o100 + k as u32, v))
        .collect()
}

#[test]
fn the_line_end_after_a_last_bracketed_argument_ends_the_statement() {
    // Node Calls-2a: the scan of the next dummy begins after the `]`; with
    // no dummy left, the EOL after it is read after the expansion (whose
    // body has no line end of its own: TERMIN is on its line), so
    // `.LOSE 1` is a word of its own.
    let src = "define syscal a,b\n\t.call [setz ? sixbit/a/ ? b ? setz+3000,,0] termin\n\
               go:\tsyscal open,[5000,,1\n\t       1000,,2\n\t       [sixbit /TTY/]]\n\
               \t  .lose 1\n\tsyscal open,[5000,,1 ? 1000,,2]\n\t  .lose 3\n\t.value\nEND go\n";
    assert_eq!(
        words(src),
        from_100(&[
            0o043000_000106,
            0o043100_000001,
            0o043000_000114,
            0o043100_000003,
            0o043200_000000,
            0o646471_000000,
            0o400000_000000,
            0o576045_560000,
            0o005000_000001,
            0o001000_000002,
            0o000000_000105,
            0o003000_000000,
            0o400000_000000,
            0o576045_560000,
            0o005000_000001,
            0o001000_000002,
            0o003000_000000,
        ])
    );
}

#[test]
fn the_next_dummy_is_read_right_after_a_bracketed_argument() {
    // `[AB]X`: X is the second argument; `[A],X`: the comma nullspecifies
    // it and X is read after the call; `[A] X`: " X"; `[A]` and EOL: none.
    let src = "DEFINE LT P,F\n\tIRPC C,,[P]\n\t\"C\n\tTERMIN\n\tJRST F\nTERMIN\n\
               LT [AB]X\nLT [A],X\nLT [A] X\nLT [A]\nX: 0\nEND\n";
    assert_eq!(
        words(src),
        from_100(&[
            0o101,
            0o102,
            0o254000_000112,
            0o101,
            0o254000_000000,
            0o112,
            0o101,
            0o254000_000112,
            0o101,
            0o254000_000000,
            0,
        ])
    );
}

#[test]
fn irpc_makes_an_iteration_of_each_of_cr_and_lf() {
    let src = "\tIRPC X,,[:\n\u{17}\u{1b}\n\u{1b}P\u{16}]\n\t MOVEI 1,\"X\n\t IDPB 1,4\n\
               \tTERMIN\n\t.VALUE\nEND\n";
    let mut expected = Vec::new();
    for c in [0o72, 0o15, 0o12, 0o27, 0o33, 0o15, 0o12, 0o33, 0o120, 0o26] {
        expected.push(0o201040_000000 | c);
        expected.push(0o136040_000004);
    }
    expected.push(0o043200_000000);
    assert_eq!(words(src), from_100(&expected));
}

#[test]
fn irp_second_dummy_is_ended_by_a_comma_or_a_blank() {
    // `irps x,A B C`: Y is A and the list B C (sysen2;name writes
    // `irps x,mc oz xx ...`); `irp x,y,[7,10]`: X+Y is 7+10, then 10+ (a
    // missing operand is 0).
    let src = "A=1\nB=2\nC=3\nirps x,A B C\n\tx\n\ttermin\nirp x,y,[7,10]\n\tx+y\n\ttermin\n\
               irps x,,A B\n\tx\n\ttermin\nEND\n";
    assert_eq!(words(src), from_100(&[2, 3, 0o17, 0o10, 1, 2]));
}

#[test]
fn the_line_end_of_a_call_ends_the_statement_unless_a_whole_line_argument_takes_it() {
    // Bodies without a line end (TERMIN on their line): real MIDAS 433 keeps
    // the next line's word apart after a degenerate call, a normal or a
    // quoted argument; a whole-line argument takes its line end (3+2 21).
    let src = "DEFINE D A\n\tA+1 TERMIN\n\tD\n\t20\nDEFINE W A/\n\tA+2 TERMIN\n\tW 3\n\t21\n\
               DEFINE S A\n\tA TERMIN\n\tS \"X\"\n\t22\nDEFINE T A,B\n\tA+B\nTERMIN\n\tT 1,2\n\t23\n\
               DEFINE M A,B,C=<5>\n\tA+B+C TERMIN\n\tM 1,[2]\n\t7\n\tM 1,2\n\t10\nEND\n";
    assert_eq!(
        words(src),
        from_100(&[1, 0o20, 0o26, 0o026040, 0o22, 3, 0o23, 0o10, 7, 0o10, 0o10])
    );
}

#[test]
fn the_bracket_closing_a_conditional_ends_a_call_inside_it() {
    // syseng;jsf macros's DEF (11 dummies) called with a bracketed last
    // argument just before the `]` of an IFSN (sysen1;pdset's CMD): the
    // call ends there, so DEFINE's TERMIN stays whole. Real MIDAS 433: the
    // two words below.
    let src = "DEFINE DEF A,B,C,D,E,F,G,H,I,J,K\nDEFINE A!B!C!D!E!F!G!H!I!J!K!TERMIN\n\
               TERMIN\nIFSN [X],[EXPUNGE CHB41\nDEF CHB,41,[\n[ASCIZ \\LIST\\]\n]]\n\tCHB41\nEND\n";
    assert_eq!(
        words(src),
        vec![(0o100, 0o000000_000101), (0o101, 0o462232_352000)]
    );
}

#[test]
fn blanks_before_a_comma_or_a_line_end_are_the_argument() {
    // Real MIDAS 433 (oracle): after the blank that ends the name, blanks
    // up to a comma or the line end are the argument (node Calls-2e), not
    // an empty or defaulted one (dump.442's `PRINT` and six blanks).
    let src = "TITLE T\nDEFINE Q A,B\n\tMOVEI [ASCIZ \\A!B\\]\nTERMIN\n\
               DEFINE D A=[XY]\n\tMOVEI [ASCIZ \\A\\]\nTERMIN\n\
               X:\tQ   ,7\n\tD     \n\tD\n\tQ (  )\n\tQ    \n3\nEND X\n";
    assert_eq!(
        words(src),
        from_100(&[
            0o201000_000106,
            0o201000_000107,
            0o201000_000110,
            0o201000_000111,
            0o201000_000112,
            3,
            0o201006_700000,
            0o201004_020000,
            0o542620_000000,
            0o241004_024400,
            0o201004_000000,
        ])
    );
}

#[test]
fn after_a_strung_argument_a_close_is_the_next_dummys_text() {
    // Real MIDAS 433 (oracle): in `[ LOSE "AB" ]` the `]` is LOSE's ARGS,
    // so `[ARGS]` in its body closes its literal after the first line and
    // BARF goes into the outer literal (nsalv.260's `LOSE "~&Disk Full"`).
    let src = "TITLE L\nP=17\nBARF=:JRST ERR\nDEFINE\tTYPE S,&STRING&,ARGS\n\
               \tPUSHJ P,[ 5\n\t\t7 ]\nTERMIN\nDEFINE\tLOSE &STRING&,ARGS\n\
               \tPUSHJ P,[ TYPE T,STRING,[ARGS]\n\t\tBARF ]\nTERMIN\n\
               GO:\tJUMPE 1,[ LOSE \"AB\" ]\n\tLOSE \"AB\"\nERR:\t0\nEND GO\n";
    assert_eq!(
        words(src),
        from_100(&[
            0o322040_000106,
            0o260740_000112,
            0,
            5,
            7,
            0o260740_000103,
            0o260740_000105,
            0o254000_000102,
            5,
            7,
            0o260740_000110,
            0o254000_000102,
        ])
    );
    // A squoze character there is garbage to real MIDAS: refused.
    let garbage = "TITLE S\nDEFINE M &A&,B\n\tASCIZ |A#B|\nTERMIN\nGO:\tM \"X\" Y,Z\nEND GO\n";
    let e = midas::assemble_str("t.mid", garbage)
        .unwrap_err()
        .to_string();
    assert!(e.contains("strung macro argument"), "{e}");
}

#[test]
fn an_evaluated_argument_that_ends_the_call_is_unspecified() {
    // Real MIDAS 433 (oracle): `N \` at a line's end gives A nothing (an
    // ASCII || word of 0) and B its default; `N \\` gives 0, as does an
    // empty # argument in `E`; `[\]` ends the call as well.
    let src = "DEFINE N A,B=4\n ASCII |A|\n B\nTERMIN\nDEFINE E #A,B=6\n A+1\n B\nTERMIN\n\
               N \\\nN \\\\\nN 7\nE\nE 3\nN [\\]\nEND\n";
    let w: Vec<u64> = words(src).into_iter().map(|(_, w)| w).collect();
    assert_eq!(
        w,
        vec![
            0,
            4,
            0o300000_000000,
            4,
            0o334000_000000,
            4,
            1,
            6,
            4,
            6,
            0o560000_000000,
            4
        ]
    );
}

#[test]
fn names_after_xcref_and_kill_call_no_macro() {
    // Real MIDAS 433 reads them as names (A.KILL's GETSLD): M's body (5)
    // is not assembled (sysen2;@muddl's `.XCREF UATOM`).
    let src = "DEFINE M\n 5\nTERMIN\n 1\n.XCREF M\n.KILL M\n 2\nEND\n";
    assert_eq!(words(src), from_100(&[1, 2]));
}

#[test]
fn a_whole_line_dummy_after_a_semicolon_takes_the_comment() {
    // Real MIDAS 433 (oracle): with `DEFINE F A,B/`, `F X ; c` gives B
    // `; c` (its.1648's `BUG HALT ;comment` prints the comment); with
    // `A,B,C/` the `;` ends the call and B and C are empty.
    let two = "DEFINE F A,B/\nASCIZ |A|\nASCIZ |B|\nTERMIN\nGO: F X ; c\n1\nEND GO\n";
    assert_eq!(
        support::whole_words(two),
        vec![0o540000_000000, 0o355014_300000, 1]
    );
    let three =
        "DEFINE F A,B,C/\nASCIZ |A|\nASCIZ |B|\nASCIZ |C|\nTERMIN\nGO: F X ; c\n1\nEND GO\n";
    assert_eq!(support::whole_words(three), vec![0o540000_000000, 0, 0, 1]);
}

#[test]
fn a_comma_right_after_the_name_ends_an_empty_first_argument() {
    // Real MIDAS 433 (midas-oracle): `M,5,SIX` calls M with "", 5 and SIX
    // (inquir;inqexm's `GTOKEN,KGROUN,SIX`).
    let src = "DEFINE M X,Y,Z\n1,,X\n2,,Y\nIFSE Z,SIX, 3\n4\nTERMIN\nM,5,SIX\nM 6,7,SIX\nM,,SIX";
    assert_eq!(
        support::words(src),
        vec![
            0o1_000000, 0o2_000005, 3, 4, 0o1_000006, 0o2_000007, 3, 4, 0o1_000000, 0o2_000000, 3,
            4
        ]
    );
}

#[test]
fn a_dummy_has_one_syntax_the_last_delimiter_chose() {
    // MIDAS keeps one syntax a dummy (DEFN9): `*` after `#` selects strung,
    // so SUF is strung, not evaluated (syseng;mulseg's MS%AS); a delimiter
    // of the syntax already chosen goes back to normal.
    let src = "TITLE BC\nDEFINE MS *PRE*,#N,*SUF*\nPRE!N!SUF\nTERMIN\nX==2\n\
               MS /FOO/,X+1,/==7/\nA:\tFOO3\nDEFINE M2 #A,*B*,C\nA\nB\nC\nTERMIN\n\
               \tM2 1+1,/3+3/,4+4\nEND A\n";
    assert_eq!(words(src), from_100(&[7, 2, 6, 0o10]));
}

#[test]
fn a_close_right_after_the_name_ends_the_call_and_closes_its_bracket() {
    // midas.458 MACCL: a `)`, `>` or `]` ending the macro's name is read
    // again, the call has no arguments (defaulted, gensymmed), and the
    // close ends its bracket: sysnet;comsat's `JRST [ ... DISMIS]`. Any
    // other character but a blank or an open is the first argument's first:
    // `ONE-3` passes `-3`. Real MIDAS 433 (midas-oracle) made these words.
    let src = "TITLE T\nDEFINE ONE A\n A+0\nTERMIN\nDEFINE DFL A=7\n 100+A\nTERMIN\n\
               DEFINE GEN \\G\n SIXBIT /G/\nTERMIN\nX: ONE+1\n ONE-3\n JRST [ONE]\n \
               JRST [DFL]\n JRST [GEN]\n JRST [MOVEI 1,2\n\tONE]\n <DFL>\n (DFL)\n ONE*2\n \
               JRST [ 5\n\tDFL]\nEND X\n";
    assert_eq!(
        words(src),
        from_100(&[
            1,
            0o777777_777775,
            0o254000_000112,
            0o254000_000113,
            0o254000_000114,
            0o254000_000115,
            0,
            0,
            0,
            0o254000_000117,
            0,
            0o107,
            0o472020_202021,
            0o201040_000002,
            0,
            5,
            0o107,
        ])
    );
}
