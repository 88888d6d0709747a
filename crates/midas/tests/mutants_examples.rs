//! The MIDAS manual's own macro examples (`doc/info/midas`, nodes
//! Example-1 to Example-7, define-b and Calls-1d to Calls-8): each call is
//! assembled and compared with the expansion the manual prints beside it,
//! assembled by itself. Written for mutation testing (docs/mutants.md).

/// Symbols the examples use.
const PRELUDE: &str = "FOO=7\nBAR=5\nBLETCH=3\nA=1\nP=17\n";

fn words(source: &str) -> Vec<u64> {
    let text = format!("{PRELUDE}{source}\nEND\n");
    let a = midas::assemble_str("t.mid", &text).unwrap_or_else(|e| panic!("{source}: {e}"));
    a.words.iter().map(|(_, w)| w.raw()).collect()
}

/// `calls` (after the definitions `defs`) assembles to what `expansion`
/// does.
fn same(defs: &str, calls: &str, expansion: &str) {
    let got = words(&format!("{defs}\n{calls}"));
    let want = words(expansion);
    assert!(!want.is_empty(), "{expansion}");
    assert_eq!(got, want, "{calls}\nas\n{expansion}");
}

const MACRO1: &str = "DEFINE\tMACRO1\tA,B=FOO,C\t;3 DUMMIES; SECOND DEFAULTED.\n\tA ? B ? C TERMIN";

#[test]
fn example_1_normal_and_defaulted_arguments() {
    same(MACRO1, "MACRO1 1,2,3", "1 ? 2 ? 3");
    same(MACRO1, "MACRO1 [FOO,,BAR]2,3", "FOO,,BAR ? 2 ? 3");
    same(MACRO1, "MACRO1 1,,3", "1 ? FOO ? 3");
    same(MACRO1, "MACRO1 1,[]3", "1 ?  ? 3");
    same(MACRO1, "MACRO1 1,2", "1 ? 2 ?");
    same(MACRO1, "MACRO1 1", "1 ? FOO ?");
    // Calls-2d: blanks before a semicolon end the call like the semicolon.
    same(MACRO1, "MACRO1 1,2  ;3", "1 ? 2 ?");
    same(MACRO1, "MACRO1 1, \t;3", "1 ? FOO ?");
}

#[test]
fn example_2_balanced_arguments() {
    let mac2 = "DEFINE\tMAC2 ?A,B\t\t;2 BALANCED DUMMIES.\n\tA ? B ? BLETCH\nTERMIN";
    same(
        mac2,
        "MAC2 <MOVE 1,2>,<MOVE 3,4>",
        "<MOVE 1,2> ? <MOVE 3,4> ? BLETCH",
    );
    same(mac2, "MAC2 FOO,<-1(P)>+1", "FOO ? <-1(P)>+1 ? BLETCH");
    // "Another way to define the same macro".
    let other = "DEFINE MAC2(A,,B,,),,\n\tA ? B ? BLETCH\nTERMIN";
    same(
        other,
        "MAC2 <MOVE 1,2>,<MOVE 3,4>",
        "<MOVE 1,2> ? <MOVE 3,4> ? BLETCH",
    );
    // `?` turns balancedness off again: to the balanced A a `[` is
    // nothing special, to the normal B it brackets the argument.
    let half = "DEFINE HALF ?A?B\n\tA ? B\nTERMIN";
    same(half, "HALF [1],[2]", "[1] ? 2");
    let sqr = "DEFINE SQR  (X)\n<<X>*<X>>TERMIN";
    same(sqr, "1+SQR(2)*3", "1+<<2>*<2>>*3");
    same(sqr, "1+SQR(2>*3", "1+<<2>*<2>>*3");
    same(sqr, "3*<1+SQR 2>-4", "3*<1+<<2>*<2>>>-4");
    // Calls-1d: the matching close is found counting brackets only.
    same(sqr, "1+SQR(<2>)*3", "1+<<<2>>*<<2>>>*3");
    same(sqr, "1+SQR(2,(5,[6]))*3", "1+<<2>*<2>>*3");
}

#[test]
fn example_3_gensymmed_dummies() {
    // An unspecified gensymmed dummy is G and .GSCNT in six characters; a
    // nullspecified one is null.
    let genmac = "DEFINE GENMAC \\FOO,BAR\n\tSIXBIT /FOO/ ? SIXBIT /BAR/\nTERMIN";
    same(genmac, "GENMAC AB,CD", "SIXBIT /AB/ ? SIXBIT /CD/");
    same(genmac, "GENMAC AB,,", "SIXBIT /AB/ ? SIXBIT //");
    // (The manual's `GENMAC()` and `GENMAC(,)` are left out: real MIDAS
    // 433 reads on to the end of the file after any parenthesized call
    // of GENMAC.)
    same(
        genmac,
        "GENMAC AB\nGENMAC AB\nGENMAC CD",
        "SIXBIT /AB/ ? SIXBIT /G00001/\nSIXBIT /AB/ ? SIXBIT /G00002/\n\
         SIXBIT /CD/ ? SIXBIT /G00003/",
    );
    // The `)` where the second argument would begin leaves it unspecified,
    // so it is defaulted (real MIDAS 433, as node Calls-3 says).
    let dfl = "DEFINE DFL (A,B=5,)\n\tA ? B\nTERMIN";
    same(dfl, "DFL(1,)", "1 ? 5");
    // A second `\` turns gensymming off.
    let half = "DEFINE HALF \\A\\B\n\tSIXBIT /A/ ? SIXBIT /B/\nTERMIN";
    same(half, "HALF", "SIXBIT /G00001/ ? SIXBIT //");
    // `:` goes back to the default in all ways.
    let colon = "DEFINE COLON \\A:B\n\tSIXBIT /A/ ? SIXBIT /B/\nTERMIN";
    same(colon, "COLON", "SIXBIT /G00001/ ? SIXBIT //");
}

#[test]
fn example_4_wholeline_arguments() {
    let foowh = "DEFINE FOOWH A-B\t;first arg normal; second, wholeline.\n\tA\n\tB\nTERMIN";
    same(foowh, "FOOWH 1,2,,3", "1\n2,,3");
    same(foowh, "FOOWH 1\n5", "1\n\n5");
    let barwh = "DEFINE BARWH -A B\t;both args wholeline.\n\tA\n\tB\nTERMIN";
    same(
        barwh,
        "BARWH 1,,3\t;note\n4,,6\t;a comment",
        "1,,3\t;note\n4,,6\t;a comment",
    );
    // `FOO/` is `-FOO`: wholelineness turned on before the dummy.
    let slash = "DEFINE SLASH A/ B\n\tA\n\tB\nTERMIN";
    same(slash, "SLASH 1,2\n3,4", "1,2\n3,4");
    // A second `-` turns it off. The EOL after a wholeline argument does
    // not end the call: B is read from the next line, up to its comma, and
    // the `4` after that comma follows the call (real MIDAS 433).
    let off = "DEFINE OFF -A-B\n\tA\n\tB\nTERMIN";
    same(off, "OFF 1,2\n3,4\n5", "1,2\n3\n4\n5");
}

#[test]
fn example_6_strung_and_keepstrung_dummies() {
    let typez = "DEFINE TYPEZ *STR*\t\t;STR is strung.\n\tASCIZ |STR|\nTERMIN";
    same(
        typez,
        "TYPEZ /UNDEFINED SYMBOL/",
        "ASCIZ |UNDEFINED SYMBOL|",
    );
    same(
        typez,
        "TYPEZ(:MYSTERIOUS ERROR:)",
        "ASCIZ |MYSTERIOUS ERROR|",
    );
    // Calls-5: a close where the opening delimiter is expected
    // nullspecifies the argument and ends the call.
    same(typez, "TYPEZ()\n5", "ASCIZ ||\n5");
    let ascnt = "DEFINE ASCNT &KSTR&\t; KSTR is keepstrung.\n.LENGTH KSTR,,[ASCII KSTR]!TERMIN";
    same(
        ascnt,
        "MOVE 1,[ASCNT \"String=\"]",
        "MOVE 1,[.LENGTH \"String=\",,[ASCII \"String=\"]]",
    );
    let two =
        "DEFINE 2STRS *A=UGH,B*\t\t;Two strung arguments, one defaulted.\n\tASCIZ /A,B/\nTERMIN";
    same(two, "2STRS =FOO=", "ASCIZ /FOO,/");
    same(two, "2STRS .FOO.,-BAR-", "ASCIZ /FOO,BAR/");
    same(two, "2STRS ,/BAR/", "ASCIZ /UGH,BAR/");
    same(two, "2STRS //,/BAR/", "ASCIZ /,BAR/");
    same(two, "2STRS /X/ , /Y/", "ASCIZ /X,Y/");
    // A comma, then the end of the line: the second is unspecified and
    // the next line is no part of the call.
    same(two, "2STRS /X/,\n5", "ASCIZ /X,/\n5");
    same(two, "2STRS /X/, ;comment\n5", "ASCIZ /X,/\n5");
}

#[test]
fn example_7_evaluated_dummies() {
    let typech = "DEFINE TYPECH #CHAR\t\t;CHAR is evaluated.\n\tMOVEI A,CHAR\nTERMIN";
    same(typech, "TYPECH 40", "MOVEI A,40");
    same(typech, "TYPECH \";", "MOVEI A,73");
    same(typech, "TYPECH <1,,2>", "MOVEI A,1000002");
    same(typech, "TYPECH 3+4", "MOVEI A,7");
    // `#` again: the next dummy is normal, read as text.
    let two = "DEFINE TWO #A#B\n\tSIXBIT /A/ ? SIXBIT /B/\nTERMIN";
    same(two, "TWO FOO,FOO", "SIXBIT /7/ ? SIXBIT /FOO/");
    // Calls-2b: `\` before a normal argument passes its value.
    let norm = "DEFINE NORM A,B\n\tSIXBIT /A/ ? B\nTERMIN";
    same(norm, "NORM \\<1+2>,5", "SIXBIT /3/ ? 5");
    same(norm, "NORM \\ 10 ,5", "SIXBIT /10/ ? 5");
}

#[test]
fn a_dummy_name_is_found_only_between_non_squoze_characters() {
    // Node Parameters: neither A nor B occurs in " AB ", `!` concatenates.
    let m = "DEFINE CAT A,B\n\tAB=1 ? A!B ? A B\nTERMIN";
    same(m, "CAT 1,2", "AB=1 ? 12 ? 1 2");
}

#[test]
fn a_close_in_the_define_line_ends_balancedness() {
    // Node define-b: `)` makes the following dummies normal again, so a
    // `[` starting B's argument brackets it (Calls-2a) while A, balanced,
    // keeps `<1>` whole.
    same("DEFINE M (A)B\nA ? B\nTERMIN", "M <1>,[2]", "<1> ? 2");
    // For a balanced dummy `\` is nothing special (Calls-3).
    same(
        "DEFINE BB (A)\nSIXBIT /A/\nTERMIN",
        "BB \\1",
        "SIXBIT /\\1/",
    );
    // A bracketed normal argument keeps the brackets nested inside it.
    let norm = "DEFINE NORM A,B\n\tSIXBIT /A/ ? B\nTERMIN";
    same(norm, "NORM [A[B]C],5", "SIXBIT /A[B]C/ ? 5");
}
