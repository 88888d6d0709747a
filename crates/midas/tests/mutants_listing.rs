//! The listing (`Assembly::listing`: `LLLLLL  ooo a i x yyyyyy  source`,
//! the word split into opcode, AC, indirect bit, index and address as
//! DEC writes an instruction, the source line beside its first word), the
//! order diagnostics are given in, and `assemble_file`. Written for
//! mutation testing (docs/mutants.md).

#[test]
fn each_word_is_listed_in_instruction_fields() {
    let a = midas::assemble_str("t.mid", "GO:\tMOVE 17,@-1(3)\n\t1,,2\nEND GO\n").unwrap();
    assert_eq!(
        a.listing,
        "000100  200 17 1 03 777777  GO:\tMOVE 17,@-1(3)\n\
         000101  000 00 0 01 000002  \t1,,2\n\
         \x20                           END GO\n"
    );
}

#[test]
fn a_line_of_several_words_shows_its_source_once() {
    let a = midas::assemble_str("t.mid", "\tASCII /ABCDEFG/\n\n\t5 ? 6\nEND\n").unwrap();
    let lines: Vec<&str> = a.listing.lines().collect();
    assert_eq!(lines[0], "000100  406 01 0 10 342212  \tASCII /ABCDEFG/");
    assert_eq!(lines[1], "000101  432 03 1 00 000000");
    // An empty line is listed as blanks, then two words of one line.
    assert_eq!(lines[2], " ".repeat(28));
    assert_eq!(lines[3], "000102  000 00 0 00 000005  \t5 ? 6");
    assert_eq!(lines[4], "000103  000 00 0 00 000006");
}

#[test]
fn diagnostics_are_given_in_source_order() {
    // An undefined symbol (found on pass 2) before a syntax error further
    // down (found on pass 1): listed by place.
    let e = midas::assemble_str("t.mid", "FOO\n1)\nEND\n").unwrap_err();
    let lines: Vec<usize> = e.diagnostics.iter().map(|d| d.line).collect();
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    assert_eq!(lines[0], 1, "{e}");
}

#[test]
fn assemble_file_reads_a_host_file() {
    let dir = std::env::temp_dir().join(format!("midas-mut-file-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let src = dir.join("prog.mid");
    std::fs::write(&src, "GO:\tMOVEI 1,5\nEND GO\n").unwrap();
    let a = midas::assemble_file(&src).unwrap();
    assert_eq!(a.words[0].1.raw(), 0o201040_000005);
    assert_eq!(a.start_address(), 0o100);
    let _ = std::fs::remove_dir_all(&dir);
}
