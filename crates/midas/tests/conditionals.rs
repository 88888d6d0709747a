//! Conditionals, each source checked against the words real MIDAS 433
//! makes of it (run on the ITS shim with `pdp10 midas-oracle`).

fn words(src: &str) -> Vec<(u32, u64)> {
    match midas::assemble_str("t.mid", src) {
        Ok(a) => a.words.iter().map(|(a, w)| (*a, w.raw())).collect(),
        Err(e) => panic!("{e}"),
    }
}

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
fn a_conditional_after_an_assignment_in_the_same_literal_is_refused() {
    // Real MIDAS reads the literal line by line, so IFN sees T==5 (mrc;macros
    // CLCTL. in a SYSCAL); the literal is gathered whole here: an error.
    let e = midas::assemble_str("t.mid", "T==0\n\tMOVE 1,[T==5\nIFN T,[1]\n2]\nEND\n")
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("IFN after an assignment in the same literal is not supported"),
        "{e}"
    );
    // Outside a literal, or without an assignment before it, it is fine.
    let a =
        midas::assemble_str("t.mid", "T==5\nIFN T,[1]\n\tMOVE 1,[IFN T,[3]\n4]\nEND\n").unwrap();
    assert_eq!(a.words.len(), 4);
}
