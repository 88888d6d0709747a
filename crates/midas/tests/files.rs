//! Source files as the assembler reads them from the host: ITS characters,
//! where `.INSRT` may look, what it refuses, and a source's end.

use pdp10_isa::Word;
mod support;
use std::path::Path;
use support::{assemble, scratch, words_of};

/// The ASCII word of five 7-bit characters.
fn ascii5(c: [u8; 5]) -> u64 {
    c.iter().fold(0, |w, &c| (w << 7) | c as u64) << 1
}

#[test]
fn host_text_is_read_as_its_characters() {
    let dir = scratch("chars");
    let src = dir.join("t.mid");
    // A host LF is ITS CR LF, so the two-line string is A CR LF B; a host CR
    // inside text is a bare ITS line feed, a character of the string.
    std::fs::write(&src, b"ASCII /A\nB/\nASCII /C\rD/\n.LENGTH /X\nY/\nEND\n").unwrap();
    let a = assemble(&src, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        words_of(&a),
        vec![
            ascii5([b'A', 0o15, 0o12, b'B', 0]),
            ascii5([b'C', 0o12, b'D', 0, 0]),
            4
        ]
    );
    // A bare line feed ends a statement like a CR LF does.
    std::fs::write(&src, b"1\r2\nEND\n").unwrap();
    assert_eq!(words_of(&assemble(&src, None).unwrap()), vec![1, 2]);
    // A word with bit 35 set (a raw word in the evacuated encoding) is
    // still five characters to MIDAS.
    let five = |c: &[u8]| c.iter().fold(0u64, |w, &c| (w << 7) | c as u64) << 1;
    let words = [
        Word::new(five(b"1\r\n2\r")),
        Word::new(five(b"\nEND\r") | 1),
        Word::new(five(b"\n\x03\x03\x03\x03")),
    ];
    std::fs::write(&src, pdp10_isa::evacuated::encode(&words)).unwrap();
    assert_eq!(words_of(&assemble(&src, None).unwrap()), vec![1, 2]);
    // A file that ends inside a raw word is no text: refused by name.
    std::fs::write(&src, b"1\n\xf5\xff").unwrap();
    let e = assemble(&src, None).unwrap_err().to_string();
    assert!(e.contains("not ITS text"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn control_a_and_b_are_characters_of_text() {
    // Host byte 201 is ITS rubout then ^A (itstar's escapes). Real MIDAS
    // 433 packs both into the string; ^A and ^B alone too.
    let dir = scratch("ctrl");
    let src = dir.join("t.mid");
    std::fs::write(&src, b"ASCII /A\x81$B/\nASCII /\x01\x02/\n\"\x01\nEND\n").unwrap();
    let a = assemble(&src, None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(
        words_of(&a),
        vec![0o407760_122204, 0o004040_000000, 0o000000_000001]
    );
}

#[test]
fn macros_of_pass_1_serve_pass_2() {
    // A file that ends at once on pass 2 (`IF2 .INEOF`, as rms;macros
    // does): its macros, defined on pass 1, are still there (real MIDAS 433
    // assembles 7).
    let dir = scratch("ineof-macros");
    std::fs::create_dir_all(dir.join("user")).unwrap();
    std::fs::write(
        dir.join("user/mac.mid"),
        "IF2 .INEOF\nDEFINE M\n7\nTERMIN\n",
    )
    .unwrap();
    let src = dir.join("user/mp.mid");
    std::fs::write(&src, "TITLE MP\n.INSRT USER;MAC MID\n\tM\nEND\n").unwrap();
    let a = assemble(&src, Some(&dir)).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(words_of(&a), vec![7]);
}

#[test]
fn insrt_names_stay_under_the_dsk_root() {
    let dir = scratch("root");
    std::fs::create_dir_all(dir.join("its/sys")).unwrap();
    std::fs::create_dir_all(dir.join("src")).unwrap();
    std::fs::write(dir.join("its/sys/defs.mid"), "FOO=5\n").unwrap();
    std::fs::write(dir.join("secret"), "SECRET LINE\n").unwrap();
    let src = dir.join("src/t.mid");
    std::fs::write(&src, ".INSRT SYS;DEFS MID\nFOO\nEND\n").unwrap();
    let a = assemble(&src, Some(&dir.join("its"))).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(words_of(&a), vec![5]);
    // `..;` would leave the root: refused, and the outside file's text is
    // never shown.
    std::fs::write(&src, ".INSRT ..;SECRET\nEND\n").unwrap();
    let e = assemble(&src, Some(&dir.join("its")))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not an ITS file name"), "{e}");
    assert!(!e.contains("SECRET LINE"), "{e}");
    // Without --dsk-root the root is the source's folder.
    std::fs::create_dir_all(dir.join("src/sys")).unwrap();
    std::fs::write(dir.join("src/sys/defs.mid"), "FOO=7\n").unwrap();
    std::fs::write(&src, ".INSRT SYS;DEFS MID\nFOO\nEND\n").unwrap();
    assert_eq!(words_of(&assemble(&src, None).unwrap()), vec![7]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn insrt_refuses_devices_and_huge_files() {
    let dir = scratch("devices");
    let src = dir.join("t.mid");
    // /dev/zero would be read forever.
    std::fs::write(&src, ".INSRT DEV;ZERO\nEND\n").unwrap();
    let e = assemble(&src, Some(Path::new("/")))
        .unwrap_err()
        .to_string();
    assert!(e.contains("not a regular file"), "{e}");
    // A file past the cap is no source; a sparse one costs no disk.
    let big = std::fs::File::create(dir.join("big.mid")).unwrap();
    big.set_len(midas::MAX_SOURCE_BYTES + 1).unwrap();
    std::fs::write(&src, ".INSRT BIG\nEND\n").unwrap();
    let e = assemble(&src, None).unwrap_err().to_string();
    assert!(e.contains("larger than 8388608 bytes"), "{e}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn an_insrt_of_a_file_being_read_names_the_chain() {
    let dir = scratch("chain");
    std::fs::write(dir.join("a.mid"), "1\n.INSRT B MID\nEND\n").unwrap();
    std::fs::write(dir.join("b.mid"), "2\n.INSRT A MID\n").unwrap();
    let e = assemble(&dir.join("a.mid"), None).unwrap_err();
    assert_eq!(e.diagnostics.len(), 1, "{e}");
    let m = &e.diagnostics[0].message;
    assert!(m.contains("a.mid -> "), "{m}");
    assert!(m.contains("b.mid -> "), "{m}");
    assert!(m.ends_with("a.mid"), "{m}");
    // The same file twice in a row is no chain.
    std::fs::write(dir.join("a.mid"), ".INSRT C MID\n.INSRT C MID\nEND\n").unwrap();
    std::fs::write(dir.join("c.mid"), "3\n").unwrap();
    assert_eq!(
        words_of(&assemble(&dir.join("a.mid"), None).unwrap()),
        vec![3, 3]
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_source_without_end_is_an_error() {
    // Real MIDAS: the fatal error "No END statement", no binary.
    for text in ["", "\n", "MOVEI 1,2\n"] {
        let e = midas::assemble_str("t.mid", text).unwrap_err();
        assert_eq!(e.diagnostics.len(), 1, "{e}");
        assert_eq!(e.diagnostics[0].message, "No END statement");
    }
}

#[test]
fn a_missing_main_file_has_no_place() {
    let e = assemble(Path::new("/nonexistent/nosuch.mid"), None).unwrap_err();
    assert_eq!(
        e.to_string(),
        "/nonexistent/nosuch.mid: error: no such file"
    );
}

#[test]
fn ineof_ends_the_inserted_file_only() {
    let dir = scratch("ineof");
    std::fs::write(dir.join("a.mid"), "1\n.INSRT B MID\n3\nEND\n").unwrap();
    std::fs::write(dir.join("b.mid"), "2\n.INEOF\n77\n").unwrap();
    let a = assemble(&dir.join("a.mid"), None).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(words_of(&a), vec![1, 2, 3]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn insrt_of_the_highest_version_takes_the_greatest_name_when_none_is_a_number() {
    // ITS reads `SYSTEM;RH11 >` as `RH11 DEFS48` when no FN2 is a number
    // (the PDP-10/its build's dskdmp.215 and nsalv.260; the ITS shim does
    // the same). A number still wins, and FN1.mid comes before the rest.
    let dir = scratch("greatest");
    std::fs::create_dir_all(dir.join("system")).unwrap();
    std::fs::write(dir.join("system/rh11.defs48"), "FOO=5\n").unwrap();
    std::fs::write(dir.join("system/rh11.abc"), "FOO=6\n").unwrap();
    let src = dir.join("t.mid");
    std::fs::write(&src, ".INSRT SYSTEM;RH11\nFOO\nEND\n").unwrap();
    assert_eq!(words_of(&assemble(&src, Some(&dir)).unwrap()), vec![5]);
    std::fs::write(dir.join("system/rh11.3"), "FOO=7\n").unwrap();
    assert_eq!(words_of(&assemble(&src, Some(&dir)).unwrap()), vec![7]);
    let _ = std::fs::remove_dir_all(&dir);
}
