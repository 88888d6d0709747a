//! The DSK device stays inside its folder whatever the names say. Written
//! for mutation testing (docs/mutants.md): the refusal of `.` and `..` as a
//! directory was only ever tested together with the later check that a
//! path stays under the root, so weakening it went unnoticed. These tests
//! hold for any host spelling of ITS names: a directory named `.` or `..`
//! must never reach the DSK folder itself or its parent.

use its::names::{DskRoot, FileName};
use its::Sixbit;
use std::fs;
use std::path::{Path, PathBuf};

fn six(s: &str) -> Sixbit {
    Sixbit::new(s).unwrap()
}

fn name(dir: &str, fn1: &str, fn2: &str) -> FileName {
    FileName {
        device: six("DSK"),
        dir: six(dir),
        fn1: six(fn1),
        fn2: six(fn2),
    }
}

/// A DSK folder `root` (holding `a.b` and `d/a.b`) inside a parent that
/// holds `a.b` too.
fn setup(tag: &str) -> (PathBuf, DskRoot) {
    let top = std::env::temp_dir().join(format!("its-mutants-names-{}-{tag}", std::process::id()));
    let _ = fs::remove_dir_all(&top);
    fs::create_dir_all(top.join("root/d")).unwrap();
    fs::write(top.join("a.b"), "parent").unwrap();
    fs::write(top.join("root/a.b"), "root").unwrap();
    fs::write(top.join("root/d/a.b"), "d").unwrap();
    let dsk = DskRoot::new(&top.join("root")).unwrap();
    (top, dsk)
}

/// Whether `path` is a file directly in `folder` or above it.
fn at_or_above(path: &Path, folder: &Path) -> bool {
    let path = fs::canonicalize(path.parent().unwrap()).unwrap_or(path.to_path_buf());
    folder.starts_with(&path)
}

#[test]
fn dot_and_dot_dot_are_no_directories() {
    let (_top, dsk) = setup("dirs");
    let root = dsk.path().to_path_buf();
    for dir in [".", ".."] {
        if let Ok(path) = dsk.existing_file(&name(dir, "A", "B")) {
            assert!(
                !at_or_above(&path, &root),
                "{dir}: reading reached {}",
                path.display()
            );
        }
        if let Ok(path) = dsk.new_file(&name(dir, "A", "B")) {
            assert!(
                !at_or_above(&path, &root),
                "{dir}: writing reached {}",
                path.display()
            );
        }
        if let Ok(path) = dsk.directory(six(dir)) {
            assert_ne!(fs::canonicalize(&path).unwrap(), root, "{dir}");
            assert!(
                fs::canonicalize(&path).unwrap().starts_with(&root),
                "{dir}: {}",
                path.display()
            );
        }
    }
    // An ordinary directory still works, in either case of the host name.
    assert_eq!(
        dsk.existing_file(&name("D", "A", "B")),
        Ok(root.join("d/a.b"))
    );
}

#[test]
fn a_new_file_in_an_existing_folder_is_named_fn1_dot_fn2() {
    let (_top, dsk) = setup("new");
    let root = dsk.path().to_path_buf();
    // A new name is spelt in lower case under the directory's folder.
    let path = dsk.new_file(&name("D", "NEW", "TXT")).unwrap();
    assert_eq!(path.parent(), Some(root.join("d").as_path()));
    // An existing file of that name is the one replaced.
    assert_eq!(dsk.new_file(&name("D", "A", "B")), Ok(root.join("d/a.b")));
    // A directory in place of the file is refused.
    fs::create_dir(root.join("d/sub.dir")).unwrap();
    assert!(dsk.new_file(&name("D", "SUB", "DIR")).is_err());
    // A file where a directory is wanted is no directory.
    assert!(dsk.existing_file(&name("A", "X", "Y")).is_err());
    // Empty names are refused.
    assert!(dsk.existing_file(&name("D", "", "B")).is_err());
    assert!(dsk.new_file(&name("D", "A", "")).is_err());
    assert!(dsk.directory(Sixbit::EMPTY).is_err());
}

#[test]
fn a_folder_reached_through_a_link_must_stay_inside() {
    let (top, dsk) = setup("links");
    let root = dsk.path().to_path_buf();
    std::os::unix::fs::symlink(&top, root.join("up")).unwrap();
    std::os::unix::fs::symlink(root.join("d"), root.join("same")).unwrap();
    assert!(dsk.directory(six("UP")).is_err());
    assert!(dsk.existing_file(&name("UP", "A", "B")).is_err());
    assert!(dsk.new_file(&name("UP", "NEW", "TXT")).is_err());
    // A link that stays inside the folder is followed.
    assert!(dsk.existing_file(&name("SAME", "A", "B")).is_ok());
}

#[test]
fn file_names_print_as_its_writes_them() {
    // DEV:DIR;FN1 FN2
    assert_eq!(
        name("D", "PUZZL1", "SUDOKU").to_string(),
        "DSK:D;PUZZL1 SUDOKU"
    );
}
