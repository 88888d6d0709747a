//! Files served from memory (`Job::serve_file`, for `pdp10 verify`): seen
//! only by an input open of exactly their directory and names, through
//! DSK: or SYS:; serving a name again replaces only that name. Written for
//! mutation testing (docs/mutants.md).

mod mutants_support;
use its::{FileName, Job, JobConfig, Sixbit};
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn name(dir: &str, fn1: &str, fn2: &str) -> FileName {
    FileName {
        device: Sixbit::lossy("DSK"),
        dir: Sixbit::lossy(dir),
        fn1: Sixbit::lossy(fn1),
        fn2: Sixbit::lossy(fn2),
    }
}

/// Opens `dev:` (SNAME PUZZLE) `fn1 fn2` with the files `served`; the
/// first character read, or 0 when the open failed.
fn first_char(tag: &str, served: &[(FileName, &[u8])], dev: &str, fn1: &str, fn2: &str) -> u64 {
    let src = format!(
        "{HEAD}GO:\t.OPEN 1,[.UAI,,'{dev} ? SIXBIT /{fn1}/ ? SIXBIT /{fn2}/]\n\t JRST DONE\n\
         \t.IOT 1,A\nDONE:\t.LOGOUT 1,\n"
    );
    let (image, _) = image(&src);
    let mut job = Job::new(&image, JobConfig::captured(&scratch(tag), "T", None)).unwrap();
    for (n, bytes) in served {
        job.serve_file(*n, *bytes);
    }
    job.run(1000, &mut ka10::NoTrace).unwrap();
    job.cpu().ac(1).raw()
}

#[test]
fn only_the_exact_names_are_served() {
    let served = [(name("PUZZLE", "VFY", "SUDOKU"), &b"Q"[..])];
    assert_eq!(
        first_char("srv1", &served, "DSK", "VFY", "SUDOKU"),
        b'Q' as u64
    );
    assert_eq!(first_char("srv2", &served, "DSK", "VFY", "OTHER"), 0);
    assert_eq!(first_char("srv3", &served, "DSK", "OTHER", "SUDOKU"), 0);
    let sys = [(name("SYS", "VFY", "SUDOKU"), &b"S"[..])];
    assert_eq!(
        first_char("srv4", &sys, "SYS", "VFY", "SUDOKU"),
        b'S' as u64
    );
    assert_eq!(
        first_char("srv5", &sys, "DSK", "VFY", "SUDOKU"),
        0,
        "another directory"
    );
}

#[test]
fn serving_a_name_again_replaces_only_that_name() {
    let served = [
        (name("PUZZLE", "VFY", "SUDOKU"), &b"A"[..]),
        (name("PUZZLE", "VFY", "OTHER"), &b"B"[..]),
        (name("PUZZLE", "ANY", "SUDOKU"), &b"C"[..]),
        (name("SYS", "VFY", "SUDOKU"), &b"D"[..]),
        (name("PUZZLE", "VFY", "OTHER"), &b"E"[..]),
    ];
    assert_eq!(
        first_char("srv6", &served, "DSK", "VFY", "SUDOKU"),
        b'A' as u64
    );
    assert_eq!(
        first_char("srv7", &served, "DSK", "VFY", "OTHER"),
        b'E' as u64
    );
    assert_eq!(
        first_char("srv8", &served, "DSK", "ANY", "SUDOKU"),
        b'C' as u64
    );
    assert_eq!(
        first_char("srv9", &served, "SYS", "VFY", "SUDOKU"),
        b'D' as u64
    );
}
