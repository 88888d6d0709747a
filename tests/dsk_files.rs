//! DSK output through `pdp10 run --dsk`: a planted link named like the
//! shim's temporary file is not followed out of the folder, and a job that
//! dies before `.CLOSE` leaves the old file as it was and nothing else.

use std::path::{Path, PathBuf};
use std::process::Command;

/// A DSK folder `dsk/` with `data/plant.txt` = "OLD", beside a secret
/// outside it that `data/plant.txt.its-tmp` points at.
fn planted(test: &str) -> (PathBuf, PathBuf) {
    let top = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("dsk_files")
        .join(test);
    let _ = std::fs::remove_dir_all(&top);
    let dsk = top.join("dsk");
    std::fs::create_dir_all(dsk.join("data")).unwrap();
    let secret = top.join("secret.txt");
    std::fs::write(&secret, "SECRET\n").unwrap();
    std::fs::write(dsk.join("data/plant.txt"), "OLD\n").unwrap();
    std::os::unix::fs::symlink(&secret, dsk.join("data/plant.txt.its-tmp")).unwrap();
    (dsk, secret)
}

fn run(dsk: &Path, jcl: &[&str]) -> i32 {
    let program = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/its/plant.mid");
    let out = Command::new(env!("CARGO_BIN_EXE_pdp10"))
        .args(["run", "--sname", "DATA", "--dsk"])
        .arg(dsk)
        .arg(&program)
        .args(jcl)
        .output()
        .unwrap();
    out.status.code().unwrap_or(-1)
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn a_planted_temporary_link_is_not_followed() {
    let (dsk, secret) = planted("link");
    assert_eq!(run(&dsk, &[]), 0);
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "SECRET\n");
    assert_eq!(
        std::fs::read_to_string(dsk.join("data/plant.txt")).unwrap(),
        "NEW\n"
    );
    assert_eq!(names(&dsk.join("data")), ["plant.txt", "plant.txt.its-tmp"]);
}

#[test]
fn a_job_that_dies_before_close_changes_nothing() {
    let (dsk, secret) = planted("dies");
    assert_eq!(run(&dsk, &["DIE"]), 2, "an illegal instruction");
    assert_eq!(std::fs::read_to_string(&secret).unwrap(), "SECRET\n");
    assert_eq!(
        std::fs::read_to_string(dsk.join("data/plant.txt")).unwrap(),
        "OLD\n"
    );
    assert_eq!(names(&dsk.join("data")), ["plant.txt", "plant.txt.its-tmp"]);
}
