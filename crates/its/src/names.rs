//! ITS file names on the host: itstar's convention, confined to the DSK root.
//!
//! ITS `DSK:DIR;FN1 FN2` is the host file `dir/fn1.fn2` under the DSK root,
//! in lower case. ITS names hold at most six characters, so a longer host
//! name is seen through its first six characters in each part (the host
//! folder `puzzles/` is the ITS directory `PUZZLE;`); an exact name wins,
//! and among several truncated matches the first in sorted order is taken.
//! Names that could leave the root (`..`, `/` inside a name, symbolic links
//! that resolve outside it) are refused with ILLEGAL FILE NAME.

use crate::codes::CallError;
use crate::sixbit::Sixbit;
use std::fmt;
use std::fs;
use std::io;
use std::path::{Path, PathBuf};

/// A full ITS file name: device, directory (SNAME) and the two names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct FileName {
    /// The device (`DSK`).
    pub device: Sixbit,
    /// The directory.
    pub dir: Sixbit,
    /// The first file name.
    pub fn1: Sixbit,
    /// The second file name.
    pub fn2: Sixbit,
}

impl fmt::Display for FileName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{};{} {}", self.device, self.dir, self.fn1, self.fn2)
    }
}

/// The host folder that holds the DSK device.
#[derive(Clone, Debug)]
pub struct DskRoot {
    root: PathBuf,
    /// What the job may still write.
    quota: crate::dsk::Quota,
    /// Files read from memory instead of the folder (`served.rs`).
    pub(crate) served: crate::served::Served,
}

/// The ITS characters of a host name part: upper case, with the
/// PDP-10/its repository's spelling undone (host `_` is ITS `.`, host `}`
/// is ITS `_`: `_teco_` is `.TECO.`).
fn its_text(host: &str) -> String {
    host.chars()
        .map(|c| match c {
            '_' => '.',
            '}' => '_',
            c => c.to_ascii_uppercase(),
        })
        .collect()
}

/// The ITS name parts of a host name: split at the first `.`, upper case,
/// each part cut to six characters, `_` read as ITS `.` and `}` as `_`.
pub fn its_parts_of_host_name(host: &str) -> (String, String) {
    let (a, b) = host.split_once('.').unwrap_or((host, ""));
    (
        its_text(a).chars().take(6).collect(),
        its_text(b).chars().take(6).collect(),
    )
}

/// The host spelling of one ITS name: lower case, ITS `.` as `_` and `_`
/// as `}` (as the PDP-10/its repository spells them); refused when empty
/// or when it could name something other than a plain entry of its folder.
fn component(name: Sixbit) -> Result<String, CallError> {
    let text: String = name
        .text()
        .chars()
        .map(|c| match c {
            '.' => '_',
            '_' => '}',
            c => c.to_ascii_lowercase(),
        })
        .collect();
    if text.is_empty() || text.contains('/') {
        return Err(CallError::ILLEGAL_FILE_NAME);
    }
    Ok(text)
}

/// Whether a name is ITS's `>` or `<` (the highest or lowest version).
fn version_wildcard(name: Sixbit) -> Option<bool> {
    match name.text().as_str() {
        ">" => Some(true),
        "<" => Some(false),
        _ => None,
    }
}

/// A name's number when it is all digits.
fn numeric(name: &str) -> Option<u64> {
    (!name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()))
        .then(|| name.parse().ok())
        .flatten()
}

/// The name after `name` in version order: its trailing digits plus one
/// (`BAR27` -> `BAR28`), or `1` when it has none.
fn next_version(name: &str) -> String {
    let digits = name.len() - name.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return "1".into();
    }
    let (stem, number) = name.split_at(name.len() - digits);
    let next = number.parse::<u64>().unwrap_or(0) + 1;
    let text = format!("{stem}{next}");
    if text.len() > 6 {
        "1".into()
    } else {
        text
    }
}

impl DskRoot {
    /// A DSK device on the folder `path`, which must exist.
    pub fn new(path: &Path) -> io::Result<DskRoot> {
        let root = fs::canonicalize(path)?;
        if !root.is_dir() {
            return Err(io::Error::new(
                io::ErrorKind::NotADirectory,
                format!("{} is not a folder", path.display()),
            ));
        }
        Ok(DskRoot {
            root,
            quota: crate::dsk::Quota::new(crate::dsk::DEFAULT_QUOTA_WORDS),
            served: Default::default(),
        })
    }

    /// Limits what the job may write to DSK, all files together, to
    /// `words` 36-bit words (then DEVICE FULL).
    pub fn set_quota(&self, words: u64) {
        self.quota.set(words);
    }

    pub(crate) fn quota(&self) -> &crate::dsk::Quota {
        &self.quota
    }

    /// The folder itself (canonical).
    pub fn path(&self) -> &Path {
        &self.root
    }

    /// Whether `path` (after resolving links) stays inside the root.
    fn inside(&self, path: &Path) -> bool {
        fs::canonicalize(path).is_ok_and(|p| p.starts_with(&self.root))
    }

    /// Finds the entry of `folder` named `wanted` (lower case host text),
    /// exactly or through six-character truncation of each part.
    fn find_entry(folder: &Path, fn1: &str, fn2: Option<&str>) -> Option<PathBuf> {
        let exact = match fn2 {
            Some(fn2) => format!("{fn1}.{fn2}"),
            None => fn1.to_string(),
        };
        let path = folder.join(&exact);
        if fs::symlink_metadata(&path).is_ok() {
            return Some(path);
        }
        let mut names: Vec<String> = fs::read_dir(folder)
            .ok()?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .collect();
        names.sort();
        let (fn1, fn2) = (its_text(fn1), fn2.map(its_text));
        names
            .into_iter()
            .find(|name| {
                let (a, b) = its_parts_of_host_name(name);
                match &fn2 {
                    Some(fn2) => a == fn1 && b == *fn2,
                    // A directory: the whole name, cut to six characters.
                    None => its_text(name).chars().take(6).collect::<String>() == fn1,
                }
            })
            .map(|name| folder.join(name))
    }

    /// Resolves a `>` or `<` name (uuos: "the numerically smallest or
    /// largest file name"; `.INFO.;ITS PRIMER`): among the directory's
    /// files with the other name, the highest (lowest) numeric one, else
    /// the greatest (least) name. For output, `>` and `<` both make the
    /// next version: the highest number plus one, or the greatest name's
    /// trailing digits plus one, or `1`. Both names wild is ILLEGAL FILE
    /// NAME; nothing to read is FILE NOT FOUND.
    pub fn resolve_version(&self, name: &FileName, output: bool) -> Result<FileName, CallError> {
        let (w1, w2) = (version_wildcard(name.fn1), version_wildcard(name.fn2));
        let (highest, wild_is_fn2) = match (w1, w2) {
            (None, None) => return Ok(*name),
            (Some(_), Some(_)) => return Err(CallError::ILLEGAL_FILE_NAME),
            (Some(h), None) => (h, false),
            (None, Some(h)) => (h, true),
        };
        let fixed = if wild_is_fn2 { name.fn1 } else { name.fn2 }.text();
        let folder = self.directory(name.dir)?;
        let mut others: Vec<String> = fs::read_dir(&folder)
            .map_err(|_| CallError::NO_SUCH_DIRECTORY)?
            .filter_map(|e| e.ok()?.file_name().into_string().ok())
            .filter_map(|host| {
                let (a, b) = its_parts_of_host_name(&host);
                let (mine, other) = if wild_is_fn2 { (a, b) } else { (b, a) };
                (mine == fixed && !other.is_empty()).then_some(other)
            })
            .collect();
        others.sort_by_key(|n| Sixbit::lossy(n).0.raw());
        let numbers: Vec<u64> = others.iter().filter_map(|n| numeric(n)).collect();
        let chosen = if output {
            match numbers.iter().max() {
                Some(n) => (n + 1).to_string(),
                None => others.last().map_or("1".to_string(), |n| next_version(n)),
            }
        } else {
            let pick = if highest {
                numbers.iter().max()
            } else {
                numbers.iter().min()
            };
            match pick {
                Some(n) => others
                    .iter()
                    .find(|o| numeric(o) == Some(*n))
                    .cloned()
                    .unwrap_or_default(),
                None if highest => others.last().cloned().ok_or(CallError::FILE_NOT_FOUND)?,
                None => others.first().cloned().ok_or(CallError::FILE_NOT_FOUND)?,
            }
        };
        let chosen = Sixbit::new(&chosen).ok_or(CallError::ILLEGAL_FILE_NAME)?;
        let mut resolved = *name;
        if wild_is_fn2 {
            resolved.fn2 = chosen;
        } else {
            resolved.fn1 = chosen;
        }
        Ok(resolved)
    }

    /// The host folder of ITS directory `dir`; NON-EXISTENT DIRECTORY when
    /// there is none.
    pub fn directory(&self, dir: Sixbit) -> Result<PathBuf, CallError> {
        if dir.is_empty() {
            return Err(CallError::NO_SUCH_DIRECTORY);
        }
        let name = component(dir)?;
        let path = Self::find_entry(&self.root, &name, None).ok_or(CallError::NO_SUCH_DIRECTORY)?;
        if !self.inside(&path) {
            return Err(CallError::ILLEGAL_FILE_NAME);
        }
        if !path.is_dir() {
            return Err(CallError::NO_SUCH_DIRECTORY);
        }
        Ok(path)
    }

    /// The host file for reading `dir;fn1 fn2`: FILE NOT FOUND when absent.
    pub fn existing_file(&self, name: &FileName) -> Result<PathBuf, CallError> {
        let folder = self.directory(name.dir)?;
        let (fn1, fn2) = (component(name.fn1)?, component(name.fn2)?);
        let path = Self::find_entry(&folder, &fn1, Some(&fn2)).ok_or(CallError::FILE_NOT_FOUND)?;
        if fs::metadata(&path).is_err() && fs::symlink_metadata(&path).is_ok() {
            // A dangling link: where it points cannot be checked.
            return Err(CallError::ILLEGAL_FILE_NAME);
        }
        if !self.inside(&path) {
            return Err(CallError::ILLEGAL_FILE_NAME);
        }
        if !path.is_file() {
            return Err(CallError::FILE_NOT_FOUND);
        }
        Ok(path)
    }

    /// The host file a new `dir;fn1 fn2` is written to: the existing file
    /// of that name if any (it is replaced), else `dir/fn1.fn2`.
    pub fn new_file(&self, name: &FileName) -> Result<PathBuf, CallError> {
        let folder = self.directory(name.dir)?;
        let (fn1, fn2) = (component(name.fn1)?, component(name.fn2)?);
        match Self::find_entry(&folder, &fn1, Some(&fn2)) {
            Some(path) => {
                if !self.inside(&path) {
                    return Err(CallError::ILLEGAL_FILE_NAME);
                }
                if path.is_dir() {
                    return Err(CallError::ILLEGAL_FILE_NAME);
                }
                Ok(path)
            }
            None => Ok(folder.join(format!("{fn1}.{fn2}"))),
        }
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    /// A fresh, empty folder for one test.
    pub(crate) fn scratch(tag: &str) -> PathBuf {
        static N: AtomicUsize = AtomicUsize::new(0);
        let dir = std::env::temp_dir().join(format!(
            "its-test-{}-{}-{}",
            std::process::id(),
            tag,
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

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

    #[test]
    fn itstar_naming_and_truncation() {
        let top = scratch("names");
        fs::create_dir(top.join("puzzles")).unwrap();
        fs::write(top.join("puzzles/puzzl1.sudoku"), "x").unwrap();
        fs::write(top.join("puzzles/longname.text"), "x").unwrap();
        let dsk = DskRoot::new(&top).unwrap();
        let root = dsk.path().to_path_buf();
        assert_eq!(
            dsk.existing_file(&name("PUZZLE", "PUZZL1", "SUDOKU")),
            Ok(root.join("puzzles/puzzl1.sudoku"))
        );
        assert_eq!(
            dsk.existing_file(&name("PUZZLE", "LONGNA", "TEXT")),
            Ok(root.join("puzzles/longname.text"))
        );
        assert_eq!(
            dsk.existing_file(&name("PUZZLE", "NONE", "SUCH")),
            Err(CallError::FILE_NOT_FOUND)
        );
        assert_eq!(
            dsk.existing_file(&name("NODIR", "A", "B")),
            Err(CallError::NO_SUCH_DIRECTORY)
        );
        assert_eq!(
            dsk.new_file(&name("PUZZLE", "OUT", "TXT")),
            Ok(root.join("puzzles/out.txt"))
        );
        assert_eq!(
            its_parts_of_host_name("puzzl1.sudoku"),
            ("PUZZL1".into(), "SUDOKU".into())
        );
        assert_eq!(its_parts_of_host_name("a.b.c"), ("A".into(), "B.C".into()));
    }

    #[test]
    fn escapes_are_refused() {
        let top = scratch("escape");
        fs::create_dir(top.join("inside")).unwrap();
        fs::create_dir(top.join("outside")).unwrap();
        fs::write(top.join("outside/secret.txt"), "x").unwrap();
        let dsk_dir = top.join("inside");
        fs::create_dir(dsk_dir.join("d")).unwrap();
        std::os::unix::fs::symlink(top.join("outside/secret.txt"), dsk_dir.join("d/link.txt"))
            .unwrap();
        std::os::unix::fs::symlink(top.join("outside"), dsk_dir.join("out")).unwrap();
        std::os::unix::fs::symlink("/nonexistent/x", dsk_dir.join("d/dangle.txt")).unwrap();
        let dsk = DskRoot::new(&dsk_dir).unwrap();
        let refused = Err(CallError::ILLEGAL_FILE_NAME);
        // ITS `..` is the host folder `__`: no way up.
        assert_eq!(
            dsk.existing_file(&name("..", "OUTSID", "X")),
            Err(CallError::NO_SUCH_DIRECTORY)
        );
        assert_eq!(dsk.existing_file(&name("D", "LINK", "TXT")), refused);
        assert_eq!(dsk.new_file(&name("D", "LINK", "TXT")), refused);
        assert_eq!(dsk.existing_file(&name("D", "DANGLE", "TXT")), refused);
        assert_eq!(dsk.existing_file(&name("OUT", "SECRET", "TXT")), refused);
        assert_eq!(dsk.new_file(&name("D", "A/B", "TXT")), refused);
        assert_eq!(
            dsk.directory(Sixbit::EMPTY),
            Err(CallError::NO_SUCH_DIRECTORY)
        );
    }
}
