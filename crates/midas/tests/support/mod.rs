//! Helpers shared by the assembler's test files: a source fragment with
//! `END` after it, assembled as `t.mid` (each test file is its own crate
//! and uses some of them).
#![allow(dead_code)]

/// The assembly of `source`; a panic naming the source if it is refused.
pub fn assembled(source: &str) -> midas::Assembly {
    let text = format!("{source}\nEND\n");
    midas::assemble_str("t.mid", &text).unwrap_or_else(|e| panic!("{source}: {e}"))
}

/// The words `source` assembles to, in order.
pub fn words(source: &str) -> Vec<u64> {
    assembled(source)
        .words
        .iter()
        .map(|(_, w)| w.raw())
        .collect()
}

/// (address, word) of every word `source` assembles to (END added).
pub fn placed(source: &str) -> Vec<(u32, u64)> {
    assembled(source)
        .words
        .iter()
        .map(|(at, w)| (*at, w.raw()))
        .collect()
}

/// (address, word) of every word of `src`, a whole program with its END.
pub fn whole_placed(src: &str) -> Vec<(u32, u64)> {
    match midas::assemble_str("t.mid", src) {
        Ok(a) => a.words.iter().map(|(at, w)| (*at, w.raw())).collect(),
        Err(e) => panic!("{e}"),
    }
}

/// The words of `src`, a whole program with its END.
pub fn whole_words(src: &str) -> Vec<u64> {
    whole_placed(src).into_iter().map(|(_, w)| w).collect()
}

/// The error `source` is refused with; a panic if it assembles.
pub fn fails(source: &str) -> String {
    let text = format!("{source}\nEND\n");
    match midas::assemble_str("t.mid", &text) {
        Ok(a) => panic!("{source} assembled: {:?}", a.words),
        Err(e) => e.to_string(),
    }
}

/// A fresh host folder for test `test` (the process id keeps the test
/// files' runs apart).
pub fn scratch(test: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("midas-test-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Assembles the host file `path`, `.INSRT` names under `root` (default:
/// the source's folder).
pub fn assemble(
    path: &std::path::Path,
    root: Option<&std::path::Path>,
) -> Result<midas::Assembly, midas::Error> {
    let options = midas::Options {
        dsk_root: root.map(std::path::Path::to_path_buf),
        ..midas::Options::default()
    };
    midas::assemble(path, &midas::FsLoader, &options)
}

/// The words of an assembly, in order.
pub fn words_of(a: &midas::Assembly) -> Vec<u64> {
    a.words.iter().map(|(_, w)| w.raw()).collect()
}

/// `left,,right` words in octal, separated by blanks (expected files).
pub fn halves(words: &str) -> Vec<u64> {
    words
        .split_whitespace()
        .map(|w| {
            let (l, r) = w.split_once(",,").expect("left,,right");
            u64::from_str_radix(l, 8).unwrap() << 18 | u64::from_str_radix(r, 8).unwrap()
        })
        .collect()
}

/// Asserts that `actual` is the file of `left,,right` words `expected`,
/// shown one word a line so that a difference points at its word.
pub fn assert_file_words(actual: &[u64], expected: &str, src: &str) {
    let show = |v: &[u64]| {
        v.iter()
            .map(|w| format!("{:06o},,{:06o}", w >> 18, w & 0o777777))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(show(actual), show(&halves(expected)), "{src}");
}
