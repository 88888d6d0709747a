//! `.INSRT` and the places of diagnostics: which host file an ITS file
//! name means (ITS `DIR;FN1 FN2` is `<dsk root>/dir/fn1.fn2`, FN2 `>` the
//! highest version, as ITS reads it: `doc/sysdoc/` and the README), and
//! `file:line:col` of an error. Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::{assemble, scratch, words_of};

#[test]
fn fn2_greater_than_is_the_highest_numbered_version() {
    // Versions compare as numbers: 12 is later than 9.
    let dir = scratch("latest");
    std::fs::write(dir.join("defs.9"), "9\n").unwrap();
    std::fs::write(dir.join("defs.12"), "12.\n").unwrap();
    std::fs::write(dir.join("defs.mid"), "77\n").unwrap();
    let src = dir.join("main.mid");
    std::fs::write(&src, ".INSRT DEFS >\n.INSRT DEFS\n.INSRT DEFS MID\nEND\n").unwrap();
    let a = assemble(&src, None).unwrap();
    assert_eq!(words_of(&a), vec![12, 12, 0o77]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_a_version_the_mid_file_then_the_bare_name() {
    let dir = scratch("plain");
    std::fs::write(dir.join("defs"), "2\n").unwrap();
    let src = dir.join("main.mid");
    std::fs::write(&src, ".INSRT DEFS\nEND\n").unwrap();
    assert_eq!(words_of(&assemble(&src, None).unwrap()), vec![2]);
    std::fs::write(dir.join("defs.mid"), "1\n").unwrap();
    assert_eq!(words_of(&assemble(&src, None).unwrap()), vec![1]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_is_found_under_the_dsk_root_then_beside_the_source() {
    let dir = scratch("root");
    let root = dir.join("dsk");
    std::fs::create_dir_all(root.join("sys")).unwrap();
    std::fs::write(root.join("sys").join("bits.3"), "3\n").unwrap();
    std::fs::write(dir.join("bits.3"), "4\n").unwrap();
    let src = dir.join("main.mid");
    std::fs::write(&src, ".INSRT SYS;BITS 3\nEND\n").unwrap();
    assert_eq!(words_of(&assemble(&src, Some(&root)).unwrap()), vec![3]);
    // Without that directory under the root, the file beside the source.
    let other = dir.join("empty");
    std::fs::create_dir_all(&other).unwrap();
    assert_eq!(words_of(&assemble(&src, Some(&other)).unwrap()), vec![4]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_missing_file_names_what_was_tried() {
    let dir = scratch("missing");
    let src = dir.join("main.mid");
    std::fs::write(&src, ".INSRT NOSUCH 1\nEND\n").unwrap();
    let e = assemble(&src, None).unwrap_err().to_string();
    assert!(e.contains(".INSRT file NOSUCH 1 not found"), "{e}");
    assert!(e.contains("nosuch.1"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_directory_is_no_source_file() {
    let dir = scratch("dirsrc");
    std::fs::create_dir_all(dir.join("sub.mid")).unwrap();
    let src = dir.join("main.mid");
    std::fs::write(&src, ".INSRT SUB MID\nEND\n").unwrap();
    let e = assemble(&src, None).unwrap_err().to_string();
    assert!(e.contains("not a regular file"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_file_of_exactly_the_limit_is_read() {
    // MAX_SOURCE_BYTES is the most a source may hold: that many bytes
    // (blanks, then a line) are read; one more is refused.
    let dir = scratch("limit");
    let max = midas::MAX_SOURCE_BYTES as usize;
    let tail = "\n1\n";
    let mut text = " ".repeat(max - tail.len());
    text.push_str(tail);
    std::fs::write(dir.join("big.mid"), &text).unwrap();
    let src = dir.join("main.mid");
    std::fs::write(&src, ".INSRT BIG MID\nEND\n").unwrap();
    let options = midas::Options {
        read_limit: 1 << 40,
        ..midas::Options::default()
    };
    let a = midas::assemble(&src, &midas::FsLoader, &options).unwrap();
    assert_eq!(words_of(&a), vec![1]);
    text.insert(0, ' ');
    std::fs::write(dir.join("big.mid"), &text).unwrap();
    let e = midas::assemble(&src, &midas::FsLoader, &options)
        .unwrap_err()
        .to_string();
    assert!(e.contains("larger than"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn errors_are_placed_by_line_and_column_in_characters() {
    // The column counts ITS characters: a host byte 351 is itstar's
    // rubout escape, two of them (177 and "i").
    let dir = scratch("column");
    let src = dir.join("t.mid");
    std::fs::write(&src, b"1\nASCII /\tB/+FOO\nEND\n").unwrap();
    let e = assemble(&src, None).unwrap_err();
    let d = &e.diagnostics[0];
    assert_eq!((d.line, d.column), (2, 12), "{e}");
    std::fs::write(&src, b"1\nASCII /\xe9\xe9/+FOO\nEND\n").unwrap();
    let e = assemble(&src, None).unwrap_err();
    let d = &e.diagnostics[0];
    assert_eq!((d.line, d.column), (2, 14), "{e}");
    assert_eq!(d.message, "undefined symbol FOO");
    // An error in an inserted file names that file and its line.
    let dir = scratch("place");
    std::fs::write(dir.join("defs.mid"), "1\n2\n  BAR\n").unwrap();
    let src = dir.join("main.mid");
    std::fs::write(&src, "0\n.INSRT DEFS MID\nEND\n").unwrap();
    let e = assemble(&src, None).unwrap_err();
    let d = &e.diagnostics[0];
    assert!(d.file.ends_with("defs.mid"), "{e}");
    assert_eq!((d.line, d.column), (3, 3), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_caret_lines_up_under_tabs() {
    // Tabs before the column stay tabs, other characters become blanks.
    let e = midas::assemble_str("t.mid", "\tA FOO\nEND\n").unwrap_err();
    assert_eq!(e.to_string(), "t.mid:1:2: error: undefined symbol A\n\tA FOO\n\t^\nt.mid:1:4: error: undefined symbol FOO\n\tA FOO\n\t  ^");
    assert_eq!(e.diagnostics.len(), 2);
}

#[test]
fn errors_stop_at_the_limit() {
    // After MAX_ERRORS the assembly stops: no more than that are given.
    let src: String = (0..2 * midas::MAX_ERRORS)
        .map(|k| format!("U{k}\n"))
        .collect::<String>()
        + "END\n";
    let e = midas::assemble_str("t.mid", &src).unwrap_err();
    assert!(
        e.diagnostics.len() <= midas::MAX_ERRORS + 1,
        "{}",
        e.diagnostics.len()
    );
    assert!(
        e.diagnostics.len() >= midas::MAX_ERRORS,
        "{}",
        e.diagnostics.len()
    );
}
