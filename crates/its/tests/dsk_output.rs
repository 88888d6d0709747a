//! The life of a DSK output file seen from a job: only `.CLOSE` and
//! `.LOGOUT` install it; a job that dies leaves the old file and nothing
//! else; the temporary file never follows a planted link; the quota gives
//! DEVICE FULL. Each program is a few hand-assembled words at 100.

use its::{loader, Image, Job, JobConfig, Outcome};
use pdp10_isa::Word;
use std::fs;
use std::path::{Path, PathBuf};

fn scratch(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("its-dskout-{}-{tag}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("d")).unwrap();
    dir
}

/// A program that opens `D;PLANT TXT` for unit ASCII output on channel 1,
/// types "X" into it, then does `ending` (one or two words at 103).
fn program(ending: &[u64]) -> Image {
    let mut words = vec![
        0o041040_000110u64, // 100 .OPEN 1,[.UAO,,'DSK ? 'PLANT ? 'TXT]
        0o043100_001400,    // 101 .LOSE %LSFIL
        0o040040_000113,    // 102 .IOT 1,["X]
    ];
    words.extend_from_slice(ending);
    words.resize(0o10, 0o254200_000103); // HALT 103 (fills up to 110)
    words.extend_from_slice(&[
        0o000001_446353, // 110 .UAO,,'DSK
        0o605441_566400, // 111 'PLANT
        0o647064_000000, // 112 'TXT
        0o000000_000130, // 113 "X
    ]);
    Image {
        blocks: vec![(0o100, words.into_iter().map(Word::new).collect())],
        start: Word::new(0o254000_000100),
        core: loader::PAGE,
        symbols: vec![(0o100, "GO".into())],
        read_only: vec![],
        shared: vec![],
    }
}

fn run(dir: &Path, image: &Image, quota: Option<u64>) -> Outcome {
    let mut config = JobConfig::captured(dir, "TEST", None);
    config.sname = its::Sixbit::new("D").unwrap();
    let mut job = Job::new(image, config).unwrap();
    if let Some(q) = quota {
        job.set_dsk_quota(q);
    }
    job.run(100_000, &mut ka10::NoTrace).unwrap()
}

/// The names in folder `d`, sorted.
fn listing(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = fs::read_dir(dir.join("d"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

const ILLEGAL: u64 = 0; // opcode 000: an illegal instruction
const CLOSE: u64 = 0o042040_000007; // .CLOSE 1,
const BREAK16: u64 = 0o045700_160000; // .BREAK 16,160000
const LOGOUT1: u64 = 0o042040_000033; // .LOGOUT 1,
const LOGOUT3: u64 = 0o042140_000033; // .LOGOUT 3,

#[test]
fn a_job_that_dies_before_close_leaves_the_old_file() {
    for ending in [&[ILLEGAL][..], &[BREAK16]] {
        let dir = scratch("dies");
        fs::write(dir.join("d/plant.txt"), "OLD\n").unwrap();
        run(&dir, &program(ending), None);
        assert_eq!(fs::read(dir.join("d/plant.txt")).unwrap(), b"OLD\n");
        assert_eq!(listing(&dir), ["plant.txt"], "no temporary file left");
    }
}

#[test]
fn close_and_logout_install_the_new_file() {
    for (ending, status) in [
        (&[CLOSE, ILLEGAL][..], 2),
        (&[CLOSE, BREAK16], 0),
        (&[LOGOUT1], 0),
        (&[LOGOUT3], 2),
    ] {
        let dir = scratch("installs");
        fs::write(dir.join("d/plant.txt"), "OLD\n").unwrap();
        let outcome = run(&dir, &program(ending), None);
        assert_eq!(outcome.exit_status(), status, "{ending:?}: {outcome:?}");
        assert_eq!(
            fs::read(dir.join("d/plant.txt")).unwrap(),
            b"X",
            "{ending:?}"
        );
        assert_eq!(listing(&dir), ["plant.txt"]);
    }
}

#[cfg(unix)]
#[test]
fn a_planted_link_is_never_followed() {
    let dir = scratch("plant");
    let outside = dir.join("outside.txt");
    fs::write(&outside, "SAFE\n").unwrap();
    for suffix in [".its-tmp", ".its-spool"] {
        std::os::unix::fs::symlink(&outside, dir.join(format!("d/plant.txt{suffix}"))).unwrap();
    }
    let outcome = run(&dir, &program(&[CLOSE, BREAK16]), None);
    assert_eq!(outcome.exit_status(), 0, "{outcome:?}");
    assert_eq!(
        fs::read(&outside).unwrap(),
        b"SAFE\n",
        "nothing written outside"
    );
    assert_eq!(fs::read(dir.join("d/plant.txt")).unwrap(), b"X");
    // The links are left as they were: the job used other names.
    assert_eq!(
        listing(&dir),
        ["plant.txt", "plant.txt.its-spool", "plant.txt.its-tmp"]
    );
    assert!(fs::symlink_metadata(dir.join("d/plant.txt.its-tmp"))
        .unwrap()
        .file_type()
        .is_symlink());
}

#[test]
fn the_quota_gives_device_full_and_no_file() {
    let dir = scratch("quota");
    // 102 .IOT 1,["X] 103 JRST 102: without end.
    // A block for opening the file, three words for writing into it.
    let outcome = run(&dir, &program(&[0o254000_000102]), Some(1024 + 3));
    match &outcome {
        Outcome::ProgramError { message, .. } => {
            assert!(message.contains("DEVICE FULL"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    assert!(listing(&dir).is_empty(), "{:?}", listing(&dir));
    // Less than a block: the open itself fails, DEVICE FULL (code 6).
    let outcome = run(&dir, &program(&[CLOSE, BREAK16]), Some(1023));
    match &outcome {
        Outcome::ProgramError { message, .. } => {
            assert!(message.contains("PLANT TXT - DEVICE FULL"), "{message}")
        }
        other => panic!("{other:?}"),
    }
}
