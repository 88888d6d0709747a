//! IRP and its kin (manual node Loops), each source checked against the
//! words real MIDAS 433 makes of it (run with `pdp10 midas-oracle`).

fn words_from_100(src: &str) -> Vec<u64> {
    let a = match midas::assemble_str("t.mid", src) {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    };
    for (i, (at, _)) in a.words.iter().enumerate() {
        assert_eq!(*at, 0o100 + i as u32);
    }
    a.words.iter().map(|(_, w)| w.raw()).collect()
}

#[test]
fn irpnc_irpw_and_groups_of_irpc_and_irp() {
    // IRPNC m,n,p (skip, take, passes; -1 no limit, 0 none; a line end is
    // CR and LF), IRP with two groups (the shorter one gives null strings),
    // IRPW (non-empty lines split at `;`), IRPC with an unbracketed string
    // ended by a comma and followed by another group (node loops-B2).
    let src = "TITLE IRP1\n\
IRPNC 0,1,-1,CH,REST,[AB C]\n\
\t\"CH\n\
\tASCII /REST/\n\
TERMIN\n\
IRPNC 1,2,2,X,Y,[ABCDEFG]\n\
\tASCII /X.Y/\n\
TERMIN\n\
IRPNC 0,5,0,X,,[ABC]\n\
\t1\n\
TERMIN\n\
IRP X,,[1,2,3]Y,,[4,5]\n\
\tASCIZ \\X+Y\\\n\
TERMIN\n\
IRPW X,Y,[\n\
\tFOO\t;BAR\n\
\tFOO1\t;MUMBLE\n\
\n\
]\n\
\tASCII /[X]/\n\
\tASCII /Y/\n\
TERMIN\n\
IRPC X,Y,[ABC]A,B,12,U,,[+-+-]\n\
\tASCIZ /X,Y,A!U!B/\n\
TERMIN\n\
IRPNC 2,1,-1,CH,,[AB\n\
CD]\n\
\t\"CH\n\
TERMIN\n\
END\n\
";
    assert_eq!(
        words_from_100(src),
        vec![
            0o000000_000101,
            0o411010_300000,
            0o000000_000102,
            0o202060_000000,
            0o000000_000040,
            0o414000_000000,
            0o000000_000103,
            0o000000_000000,
            0o541353_100000,
            0o541353_100000,
            0o305266_400000,
            0o311266_500000,
            0o315260_000000,
            0o554230_647636,
            0o046720_000000,
            0o412032_200000,
            0o554230_647636,
            0o304233_500000,
            0o466531_541230,
            0o424000_000000,
            0o405310_241530,
            0o305266_200000,
            0o411310_326144,
            0o264000_000000,
            0o415305_425400,
            0o261305_500000,
            0o000000_000015,
            0o000000_000012,
            0o000000_000103,
            0o000000_000104,
        ]
    );
}

#[test]
fn irp_elements_end_at_commas_and_line_ends_and_keep_their_blanks() {
    // Node loops-C4's example: `[` and `]` are dropped, the second dummy is
    // the rest of the string as written; real MIDAS keeps " A " whole.
    let src = "TITLE IRP2\n\
IRP X,Y,[123 4,56789\n\
\tABCD[EF]GH,[IJ,],K]\n\
\tASCIZ /X:Y/\n\
TERMIN\n\
IRP X,,[ A , B ]\n\
\tASCIZ /X/\n\
TERMIN\n\
END\n\
";
    assert_eq!(
        words_from_100(src),
        vec![
            0o305446_320150,
            0o351526_633560,
            0o344321_204602,
            0o412070_455612,
            0o432730_744130,
            0o556231_226272,
            0o262260_000000,
            0o325546_734162,
            0o350230_141206,
            0o422670_543272,
            0o436205_455622,
            0o451313_526226,
            0o000000_000000,
            0o046030_241610,
            0o426150_744164,
            0o556231_226272,
            0o262260_000000,
            0o446245_435226,
            0o000000_000000,
            0o455640_000000,
            0o202024_000000,
            0o202044_000000,
        ]
    );
}

#[test]
fn a_comma_ending_an_irp_list_starts_no_element() {
    // Real MIDAS 433 (oracle): `[A,]` is A alone, `[,]` one empty element,
    // `[,,]` two.
    let src = "A=1\nB=2\n\t777\nIRP X,R,[A,]\n\tX+0 ? ASCII /R/\nTERMIN\n\t777\n\
               IRP X,R,[,]\n\tX+0\nTERMIN\n\t777\nIRP X,R,[,,]\n\tX+0\nTERMIN\n\t777\nEND\n";
    assert_eq!(
        words_from_100(src),
        vec![0o777, 1, 0, 0o777, 0, 0o777, 0, 0, 0o777]
    );
}

#[test]
fn an_irp_body_may_begin_after_a_question_mark_on_the_header_line() {
    // Real MIDAS 433 (oracle): after the list's `]`, `?` ends the groups
    // and the body follows on that line (ksc;macros's FWRITE).
    let src = "A=10\nB=11\nIRP ARG,,[A,B] ? 5 ? ARG ? TERMIN\n\t6\nEND\n";
    assert_eq!(words_from_100(src), vec![5, 0o10, 5, 0o11, 6]);
}

#[test]
fn the_counts_outside_their_loops() {
    // Checked against MIDAS 433: outside every REPEAT and IRP, .RPCNT and
    // .IRPCNT are 777777 (a number: plus 1 is 1,,0), before and after the
    // loops; a REPEAT of a bracketed body without a line end makes one
    // symbol, read after the last pass; inside a macro called from a
    // REPEAT, .RPCNT is the REPEAT's.
    let src = "TITLE RP4\n\
A: .RPCNT\n\
B: .IRPCNT\n\
REPEAT 2,[1 ]\n\
C: .RPCNT\n\
IRP X,,[1,2]\n\
X\n\
TERMIN\n\
D: .IRPCNT\n\
E: .RPCNT+1\n\
DEFINE M\n\
.RPCNT\n\
TERMIN\n\
F: M\n\
REPEAT 2,[M\n\
]\n\
Q: REPEAT 3,[.RPCNT]\n\
END\n";
    assert_eq!(
        words_from_100(src),
        vec![0o777777, 0o777777, 2, 0o777777, 1, 2, 0o777777, 0o1_000000, 0o777777, 0, 1, 0o777777]
    );
}
