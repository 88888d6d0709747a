//! Tests of [`super`].

use super::*;
use crate::names::tests::scratch;

fn quota() -> Quota {
    Quota::new(DEFAULT_QUOTA_WORDS)
}

fn names_in(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

#[test]
fn output_streams_through_the_spool_and_can_be_rewritten() {
    let dir = scratch("spool");
    fs::write(dir.join("big.bin"), "OLD").unwrap();
    let mut f = DskFile::create(dir.join("big.bin"), false, false, quota()).unwrap();
    let n = 3 * CACHE_WORDS as u64 + 7;
    for i in 0..n {
        f.put(Word::new(i << 1 | 1)).unwrap();
    }
    // Nothing new in the folder while the file is open: the spool has
    // no name there.
    assert_eq!(names_in(&dir), ["big.bin"]);
    assert!(f.spool.as_ref().unwrap().cache.len() <= CACHE_WORDS);
    // Back to a word already in the spool file, and one in memory.
    f.pointer = 5;
    f.put(Word::new(0o777)).unwrap();
    f.pointer = n - 1;
    f.put(Word::new(0o555)).unwrap();
    assert_eq!(f.word_length(), n);
    f.finish().unwrap();
    let words = evacuated::decode(&fs::read(dir.join("big.bin")).unwrap()).unwrap();
    assert_eq!(words.len() as u64, n);
    assert_eq!(words[4], Word::new(4 << 1 | 1));
    assert_eq!(words[5], Word::new(0o777));
    assert_eq!(
        words[CACHE_WORDS + 1],
        Word::new((CACHE_WORDS as u64 + 1) << 1 | 1)
    );
    assert_eq!(words[n as usize - 1], Word::new(0o555));
    assert_eq!(names_in(&dir), ["big.bin"]);
}

#[test]
fn a_rewritten_file_keeps_its_permissions() {
    let dir = scratch("mode");
    for mode in [0o600, 0o640, 0o604, 0o664, 0o755] {
        let path = dir.join("kept.txt");
        fs::write(&path, "OLD").unwrap();
        fs::set_permissions(&path, fs::Permissions::from_mode(mode | 0o4000)).unwrap();
        let mut f = DskFile::create(path.clone(), true, true, quota()).unwrap();
        f.put(Word::new(b'N' as u64)).unwrap();
        f.finish().unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"N");
        // The same bits, but set-user-ID is not given to new contents.
        let got = fs::metadata(&path).unwrap().permissions().mode() & 0o7777;
        assert_eq!(got, mode, "{mode:o} became {got:o}");
    }
    // A link at the name is replaced, and its target's mode not taken.
    let target = dir.join("target");
    fs::write(&target, "T").unwrap();
    fs::set_permissions(&target, fs::Permissions::from_mode(0o707)).unwrap();
    let link = dir.join("link.txt");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let mut f = DskFile::create(link.clone(), true, true, quota()).unwrap();
    f.put(Word::new(b'L' as u64)).unwrap();
    f.finish().unwrap();
    assert!(fs::symlink_metadata(&link).unwrap().is_file());
    assert_ne!(
        fs::metadata(&link).unwrap().permissions().mode() & 0o777,
        0o707
    );
    assert_eq!(fs::read(&target).unwrap(), b"T");
}

/// `--dsk-quota` counts five bytes a word: the spool holds no more.
#[test]
fn the_spool_takes_five_bytes_a_word() {
    let dir = scratch("spool-size");
    let mut f = DskFile::create(dir.join("w.bin"), false, false, quota()).unwrap();
    let n = 2 * CACHE_WORDS as u64 + 1;
    for i in 0..n {
        // All 36 bits used; bit 35 set, so raw words in the file.
        f.put(Word::new(0o777777_777777 - 2 * i)).unwrap();
    }
    let spool = f.spool.as_mut().unwrap();
    spool.spill().unwrap();
    assert_eq!(spool.file.metadata().unwrap().len(), 5 * n);
    assert_eq!(spool.get(1).unwrap(), Word::new(0o777777_777775));
    f.finish().unwrap();
    let bytes = fs::read(dir.join("w.bin")).unwrap();
    assert_eq!(bytes.len() as u64, 5 * n, "raw words: five bytes each");
    let words = evacuated::decode(&bytes).unwrap();
    assert_eq!(
        words[n as usize - 1],
        Word::new(0o777777_777777 - 2 * (n - 1))
    );
}

#[test]
fn temporary_names_all_taken_is_said_so() {
    let dir = scratch("taken");
    let path = dir.join("out.txt");
    fs::write(dir.join("out.txt.its-tmp"), "").unwrap();
    for n in 1..100 {
        fs::write(dir.join(format!("out.txt.its-tmp.{n}")), "").unwrap();
    }
    let mut f = DskFile::create(path.clone(), true, true, quota()).unwrap();
    f.put(Word::new(b'A' as u64)).unwrap();
    let e = f.finish().unwrap_err().to_string();
    assert!(
        e.starts_with(&format!(
            "cannot make a temporary file beside {}: .its-tmp and .its-tmp.1 to",
            path.display()
        )),
        "{e}"
    );
    assert_eq!(e.matches("File exists").count(), 0, "{e}");
    assert!(!path.exists());
}

#[test]
fn a_host_name_too_long_for_a_suffix_still_gets_its_file() {
    let dir = scratch("long");
    // 250 characters: the host allows 255, not with ".its-spool".
    let path = dir.join(format!("{}.txt", "a".repeat(246)));
    fs::write(&path, "OLD").unwrap();
    let mut f = DskFile::create(path.clone(), true, true, quota()).unwrap();
    f.put(Word::new(b'N' as u64)).unwrap();
    f.finish().unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"N");
    assert_eq!(names_in(&dir).len(), 1);
}

#[test]
fn the_quota_counts_words_of_all_files() {
    let dir = scratch("quota");
    let q = Quota::new(2 * FILE_WORDS + 3);
    let mut a = DskFile::create(dir.join("a.txt"), true, true, q.clone()).unwrap();
    for c in b"ABCDEFGHIJ" {
        a.put(Word::new(*c as u64)).unwrap(); // two words
    }
    let mut b = DskFile::create(dir.join("b.bin"), false, false, q).unwrap();
    b.put(Word::new(1)).unwrap(); // the third
    assert!(matches!(
        b.put(Word::new(2)),
        Err(WriteError::Ioc(IocError::DEVICE_FULL))
    ));
    assert!(matches!(
        a.put(Word::new(b'K' as u64)),
        Err(WriteError::Ioc(IocError::DEVICE_FULL))
    ));
    // Rewriting what is there takes nothing.
    a.pointer = 0;
    a.put(Word::new(b'Z' as u64)).unwrap();
    a.finish().unwrap();
    // Each file opened costs a block: none is left for a third.
    let e = DskFile::create(dir.join("c.txt"), true, true, Quota::new(FILE_WORDS - 1));
    assert_eq!(e.unwrap_err().kind(), io::ErrorKind::StorageFull);
    assert_eq!(fs::read(dir.join("a.txt")).unwrap(), b"ZBCDEFGHIJ");
}

#[test]
fn a_failed_install_leaves_no_temporary_file_and_names_the_file() {
    let dir = scratch("fail");
    let path = dir.join("out.txt");
    let mut f = DskFile::create(path.clone(), true, true, quota()).unwrap();
    f.put(Word::new(b'A' as u64)).unwrap();
    // Something else took the name meanwhile: a folder, not empty, which
    // the rename cannot replace.
    fs::create_dir_all(path.join("inside")).unwrap();
    let e = f.finish().unwrap_err();
    assert!(e.to_string().contains(&*path.to_string_lossy()), "{e}");
    assert_eq!(names_in(&dir), ["out.txt"]);
    assert!(path.join("inside").is_dir());
}

#[test]
fn host_cr_lf_reads_as_one_its_line_end() {
    let dir = scratch("crlf");
    let path = dir.join("dos.txt");
    fs::write(&path, "AB\r\nC\rD\r\r\n").unwrap();
    let mut f = DskFile::read(path.clone(), true, true).unwrap();
    let got: Vec<u64> = std::iter::from_fn(|| f.next().unwrap())
        .map(|w| w.raw())
        .collect();
    // CR LF, LF, CR LF: a lone host CR is still ITS LF.
    let want = [
        0o101, 0o102, 0o15, 0o12, 0o103, 0o12, 0o104, 0o12, 0o15, 0o12,
    ];
    assert_eq!(got, want);
    // Image mode: the bytes as they are (CR is LF, LF is CR LF).
    let mut f = DskFile::read(path, true, false).unwrap();
    let got: Vec<u64> = std::iter::from_fn(|| f.next().unwrap())
        .map(|w| w.raw())
        .collect();
    assert_eq!(&got[..5], &[0o101, 0o102, 0o12, 0o15, 0o12]);
}

#[test]
fn characters_and_padding() {
    let dir = scratch("chars");
    let chars = |bytes: &[u8]| {
        fs::write(dir.join("f"), bytes).unwrap();
        DskFile::read(dir.join("f"), true, true).unwrap().chars
    };
    assert_eq!(chars(b"HELLO\n"), 7); // LF is CR LF
    assert_eq!(chars(b""), 0);
    assert_eq!(chars(b"ABCDE\xf0\0\0\0\x01"), 10); // a raw word is five
    assert_eq!(chars(b"\xf0\0\0\0\x01AB"), 7);
    let mut words = Vec::new();
    for (i, c) in b"ABCDEF".iter().enumerate() {
        set_char(&mut words, i as u64, *c);
    }
    assert_eq!(words.len(), 2);
    assert_eq!(char_at(&words, 5), b'F');
    // "ABCDE": 101 102 103 104 105, seven bits each, then bit 35 zero.
    assert_eq!(words[0], Word::new(0o406050_342212));
}

#[test]
fn input_is_read_a_block_at_a_time_and_can_go_back() {
    let dir = scratch("blocks");
    let path = dir.join("big.txt");
    // Lines ending CR LF, a few blocks of them; the first line is 47
    // bytes so that the first block ends between a CR and its LF.
    let line = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstu\r\n";
    let mut text = format!("{}\r\n", "H".repeat(45));
    text += &line.repeat(3 * BLOCK_BYTES / line.len());
    assert_eq!(text.as_bytes()[BLOCK_BYTES - 1], b'\r');
    fs::write(&path, &text).unwrap();
    let mut f = DskFile::read(path, true, true).unwrap();
    // Host CR LF is ITS CR LF: the characters are the bytes.
    assert_eq!(f.chars, text.len() as u64);
    let mut count = 0usize;
    while let Some(c) = f.next().unwrap() {
        assert_eq!(c.raw(), text.as_bytes()[count] as u64, "character {count}");
        count += 1;
    }
    assert_eq!(count, text.len());
    let src = f.source.as_ref().unwrap();
    assert!(
        src.window.len() <= 2 * BLOCK_BYTES / 5 + 1,
        "one block's words in memory"
    );
    // Back into the middle, and to the start.
    f.pointer = 47 + line.len() as u64 * 1000;
    assert_eq!(f.next().unwrap(), Some(Word::new(b'0' as u64)));
    f.pointer = 47;
    assert_eq!(f.next().unwrap(), Some(Word::new(b'0' as u64)));
    assert_eq!(f.next().unwrap(), Some(Word::new(b'1' as u64)));
}

#[test]
fn unit_ascii_read_stops_at_the_characters() {
    let dir = scratch("dsk");
    let path = dir.join("a.txt");
    fs::write(&path, "HI\n").unwrap();
    let mut f = DskFile::read(path, true, true).unwrap();
    let got: Vec<u64> = std::iter::from_fn(|| f.next().unwrap())
        .map(|w| w.raw())
        .collect();
    assert_eq!(got, vec![0o110, 0o111, 0o15, 0o12]);
    f.pointer = 9;
    assert_eq!(f.next(), Err(IocError::PAST_END_OF_FILE));
}

#[test]
fn output_lands_as_host_text_or_raw_words() {
    let dir = scratch("dskw");
    let path = dir.join("out.txt");
    let mut f = DskFile::create(path.clone(), true, true, quota()).unwrap();
    for c in b"OK\r\n" {
        f.put(Word::new(*c as u64)).unwrap();
    }
    f.finish().unwrap();
    assert_eq!(fs::read(&path).unwrap(), b"OK\n");
    let bin = dir.join("out.bin");
    let mut f = DskFile::create(bin.clone(), false, false, quota()).unwrap();
    f.put(Word::new(0o254000_000101)).unwrap();
    f.finish().unwrap();
    assert_eq!(
        evacuated::decode(&fs::read(&bin).unwrap()).unwrap(),
        vec![Word::new(0o254000_000101)]
    );
}
