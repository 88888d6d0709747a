//! Source files, positions in them, and how `.INSRT` finds files.
//!
//! A [`Span`] is a small `Copy` position (file index and byte offset); it is
//! turned into `file:line:column` only when a diagnostic is printed.

use std::io;
use std::path::{Path, PathBuf};

/// A position in a source file: the file's index in the [`SourceMap`] and a
/// byte offset into its (normalised) text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Span {
    /// Index of the file in the source map.
    pub file: u32,
    /// Byte offset into the file's text.
    pub offset: u32,
}

/// A bare ITS line feed (a host CR in the evacuated encoding), kept apart
/// from the CR LF pair that a host LF stands for. Its low seven bits are
/// the ITS character, so text packing needs no special case.
pub(crate) const BARE_LF: char = '\u{10A}';
/// A bare ITS carriage return (host byte 356).
pub(crate) const BARE_CR: char = '\u{10D}';
/// ITS ^A and ^B, kept apart from the markers the assembler writes into
/// statements (`parse::MARK`, `cond::SUCCESS`); like [`BARE_LF`], their
/// low seven bits are the character (real MIDAS packs a ^A of a string).
pub(crate) const CTRL_A: char = '\u{101}';
pub(crate) const CTRL_B: char = '\u{102}';
/// ITS ^Q, which ends a statement like a line end.
pub(crate) const CTRL_Q: char = '\u{11}';

/// The largest source file `.INSRT` (or the command line) will read: real
/// ITS sources are under 1 MB (ITS itself is 590 KB), so a bigger file is a
/// mistake (a device, a binary, a log) rather than a program.
pub const MAX_SOURCE_BYTES: u64 = 8 << 20;

/// One file read for the assembly.
#[derive(Debug)]
pub(crate) struct SourceFile {
    /// The name shown in diagnostics (the path as given or found).
    pub name: String,
    /// The host path, for resolving `.INSRT` relative to it.
    pub path: PathBuf,
    /// The text as ITS characters: an ITS CR LF is one `\n` (so that lines
    /// are the host's lines), a bare LF or CR is [`BARE_LF`] or [`BARE_CR`];
    /// without the ^C padding of its last word; ^A and ^B are [`CTRL_A`] and [`CTRL_B`].
    pub text: String,
    line_starts: Vec<usize>,
}

impl SourceFile {
    /// Reads host text (each `char` a byte, as [`FsLoader`] gives it) as
    /// itstar does: host LF is ITS CR LF, host CR a bare LF, 356 a bare CR,
    /// 177 and 200-357 the rubout escapes. Text that cannot be ITS text
    /// (a character past 377, a raw-word byte 360-377) is refused with the
    /// reason.
    pub fn new(name: String, path: PathBuf, raw: &str) -> Result<SourceFile, String> {
        let mut bytes = Vec::with_capacity(raw.len());
        for (i, c) in raw.chars().enumerate() {
            match u8::try_from(c as u32) {
                Ok(b) => bytes.push(b),
                Err(_) => return Err(format!("character {i} ({c:?}) is not ITS text")),
            }
        }
        let chars = match pdp10_isa::evacuated::its_chars(&bytes) {
            Ok(chars) => chars,
            // A word that is not text (bit 35 set, a raw word in the
            // evacuated encoding) is still five characters to MIDAS, which
            // reads its input with 7-bit byte pointers and never looks at
            // bit 35.
            Err(_) => pdp10_isa::evacuated::decode(&bytes)
                .map_err(|e| format!("not ITS text (a binary file?): {e}"))?
                .iter()
                .flat_map(|w| (0..5).map(move |k| ((w.raw() >> (29 - 7 * k)) & 0o177) as u8))
                .collect(),
        };
        // An ITS text file's last word is padded with ^C (and sometimes
        // NUL): that padding is not text. A ^C before other text is a
        // character: real MIDAS takes end of file only where the file ends
        // (TS MIDAS's INCHR3 returns "^C in file" as a character), so
        // `ASCII "^C"` packs 3 and a stray ^C between statements is ignored.
        let end = chars
            .iter()
            .rposition(|&c| c != 3 && c != 0)
            .map_or(0, |last| last + 1);
        let end = if chars[end..].contains(&3) {
            end
        } else {
            chars.len()
        };
        let chars = &chars[..end];
        let mut text = String::with_capacity(chars.len());
        let mut k = 0;
        while k < chars.len() {
            let c = chars[k];
            k += 1;
            match c {
                0o15 if chars.get(k) == Some(&0o12) => {
                    k += 1;
                    text.push('\n');
                }
                0o15 => text.push(BARE_CR),
                0o12 => text.push(BARE_LF),
                1 => text.push(CTRL_A),
                2 => text.push(CTRL_B),
                c => text.push(c as char),
            }
        }
        let mut line_starts = vec![0];
        line_starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Ok(SourceFile {
            name,
            path,
            text,
            line_starts,
        })
    }

    /// 1-based line and column (in characters) of a byte offset.
    pub fn line_col(&self, offset: usize) -> (usize, usize) {
        let mut offset = offset.min(self.text.len());
        while !self.text.is_char_boundary(offset) {
            offset -= 1;
        }
        let line = self.line_starts.partition_point(|&s| s <= offset) - 1;
        let start = self.line_starts[line];
        let col = self.text[start..offset].chars().count() + 1;
        (line + 1, col)
    }

    /// The text of a 1-based line, without its newline.
    pub fn line_text(&self, line: usize) -> &str {
        let start = self.line_starts[line - 1];
        let end = self.text[start..]
            .find('\n')
            .map_or(self.text.len(), |e| start + e);
        &self.text[start..end]
    }
}

/// Every file of an assembly, by index.
#[derive(Debug, Default)]
pub(crate) struct SourceMap {
    pub files: Vec<SourceFile>,
}

impl SourceMap {
    pub fn add(&mut self, file: SourceFile) -> u32 {
        self.files.push(file);
        (self.files.len() - 1) as u32
    }

    pub fn file(&self, id: u32) -> &SourceFile {
        &self.files[id as usize]
    }
}

/// Where the assembler gets the text of source files: the main file and
/// every `.INSRT`. [`FsLoader`] reads the host file system; tests can use a
/// closure over an in-memory map.
pub trait Loader {
    /// The text of the host file `path`.
    fn read(&self, path: &Path) -> io::Result<String>;
}

impl<F: Fn(&Path) -> io::Result<String>> Loader for F {
    fn read(&self, path: &Path) -> io::Result<String> {
        self(path)
    }
}

/// Reads source files from the host file system.
#[derive(Clone, Copy, Debug, Default)]
pub struct FsLoader;

impl Loader for FsLoader {
    /// The file's bytes, each as the `char` of the same number. Only a
    /// regular file (after symbolic links) of at most [`MAX_SOURCE_BYTES`]
    /// is read: `.INSRT` of a device such as `/dev/zero` would never end.
    fn read(&self, path: &Path) -> io::Result<String> {
        use std::io::Read;
        let meta = std::fs::metadata(path)?;
        if !meta.is_file() {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                "not a regular file",
            ));
        }
        let too_big = || {
            io::Error::new(
                io::ErrorKind::InvalidData,
                format!("larger than {} bytes: not a source file", MAX_SOURCE_BYTES),
            )
        };
        if meta.len() > MAX_SOURCE_BYTES {
            return Err(too_big());
        }
        let mut bytes = Vec::new();
        std::fs::File::open(path)?
            .take(MAX_SOURCE_BYTES + 1)
            .read_to_end(&mut bytes)?;
        if bytes.len() as u64 > MAX_SOURCE_BYTES {
            return Err(too_big());
        }
        Ok(bytes.iter().map(|&b| b as char).collect())
    }
}

/// An ITS file specification as `.INSRT` takes it: `DEV:DIR;FN1 FN2`, each
/// part optional but FN1.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ItsFileSpec {
    pub device: Option<String>,
    pub directory: Option<String>,
    pub fn1: String,
    pub fn2: Option<String>,
}

/// ITS's way of writing a file name: `DSK:SYSENG;FOO BAR`.
impl std::fmt::Display for ItsFileSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if let Some(d) = &self.device {
            write!(f, "{d}:")?;
        }
        if let Some(d) = &self.directory {
            write!(f, "{d};")?;
        }
        f.write_str(&self.fn1)?;
        if let Some(n) = &self.fn2 {
            write!(f, " {n}")?;
        }
        Ok(())
    }
}

/// Parses `DSK:SYSENG;FOO BAR` (also `FOO>`, `FOO >` and `^Q`-free forms);
/// `None` if there is no first file name.
pub(crate) fn parse_its_file_spec(text: &str) -> Option<ItsFileSpec> {
    let mut spec = ItsFileSpec::default();
    let mut names: Vec<String> = Vec::new();
    let mut word = String::new();
    let flush = |word: &mut String, names: &mut Vec<String>| {
        if !word.is_empty() {
            names.push(std::mem::take(word));
        }
    };
    for c in text.chars() {
        match c {
            ':' => {
                spec.device = Some(std::mem::take(&mut word));
            }
            // A `;` after a name ends the directory; after a blank it
            // starts a comment.
            ';' if word.is_empty() => break,
            ';' => {
                spec.directory = Some(std::mem::take(&mut word));
            }
            ' ' | '\t' | ',' => flush(&mut word, &mut names),
            // An ITS name is six SIXBIT characters: later ones are
            // dropped (`.INSRT SYSEN2;@MUDDLE` reads `@MUDDL`).
            _ if word.chars().count() >= 6 => {}
            c => word.push(c.to_ascii_uppercase()),
        }
    }
    flush(&mut word, &mut names);
    let mut it = names.into_iter();
    spec.fn1 = it.next()?;
    spec.fn2 = it.next();
    Some(spec)
}

/// The host files `.INSRT` tries for `spec`, in order. ITS `DIR;FN1 FN2` is
/// the host file `<dsk root>/dir/fn1.fn2` (lower case), the way the ITS
/// shim's DSK device maps names; the DSK root is `--dsk-root`, by default
/// the main source's folder. Without a directory, the including file's own
/// folder is the directory. `fn1.fn2` beside the including file is tried
/// last. A missing or `>` FN2 means the highest-numbered version, then `mid`,
/// then no extension. A name that would leave its folder on the host (`..`,
/// `.`, one holding `/`) is refused: ITS names never do.
pub(crate) fn insrt_candidates(
    spec: &ItsFileSpec,
    including_dir: &Path,
    dsk_root: &Path,
) -> Result<Vec<PathBuf>, String> {
    let names = [Some(&spec.fn1), spec.fn2.as_ref(), spec.directory.as_ref()];
    for name in names.into_iter().flatten() {
        if name.is_empty() || name == "." || name == ".." || name.contains(['/', '\\', '\0']) {
            return Err(format!(
                "{name:?} in {spec} is not an ITS file name this assembler can map to the host"
            ));
        }
    }
    let mut dirs: Vec<PathBuf> = Vec::new();
    if let Some(dir) = &spec.directory {
        dirs.push(dsk_root.join(dir.to_ascii_lowercase()));
    }
    dirs.push(including_dir.to_path_buf());
    let fn1 = spec.fn1.to_ascii_lowercase();
    let mut out = Vec::new();
    for dir in dirs {
        match spec.fn2.as_deref() {
            Some(fn2) if fn2 != ">" => {
                out.push(dir.join(format!("{fn1}.{}", fn2.to_ascii_lowercase())));
            }
            _ => {
                if let Some(latest) = latest_version(&dir, &fn1, false) {
                    out.push(latest);
                }
                out.push(dir.join(format!("{fn1}.mid")));
                out.push(dir.join(&fn1));
                if let Some(greatest) = latest_version(&dir, &fn1, true) {
                    out.push(greatest);
                }
            }
        }
    }
    out.dedup();
    Ok(out)
}

/// The file ITS reads for `fn1 >`: `dir/fn1.N` with the largest number
/// N, else, when no FN2 is a number, the greatest FN2 (ITS uuos: "the
/// numerically smallest or largest file name"; the build's `.INSRT
/// SYSTEM;RH11` reads `RH11 DEFS48`, as the ITS shim does). The greatest
/// name only when `greatest_too` (after `fn1.mid` and `fn1` were tried).
fn latest_version(dir: &Path, fn1: &str, greatest_too: bool) -> Option<PathBuf> {
    let prefix = format!("{fn1}.");
    let others: Vec<(String, PathBuf)> = std::fs::read_dir(dir)
        .ok()?
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let name = e.file_name().into_string().ok()?;
            let fn2 = name.strip_prefix(&prefix)?;
            (!fn2.is_empty() && !fn2.contains('.')).then(|| (fn2.to_ascii_uppercase(), e.path()))
        })
        .collect();
    let numeric = |n: &str| {
        n.bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| n.parse::<u64>().ok())
            .flatten()
    };
    let by_number = others
        .iter()
        .filter_map(|(n, p)| Some((numeric(n)?, p)))
        .max_by_key(|(n, _)| *n)
        .map(|(_, p)| p.clone());
    let greatest = || {
        others
            .iter()
            .max_by(|a, b| a.0.cmp(&b.0))
            .map(|(_, p)| p.clone())
    };
    if greatest_too {
        by_number.or_else(greatest)
    } else {
        by_number
    }
}

/// The ITS file names a host path stands for: FN1 and FN2 from
/// `fn1.fn2` (`asm/sudoku.mid` is `SUDOKU MID`), and the directory name.
pub(crate) fn its_names(path: &Path) -> (String, String, String) {
    let file = path
        .file_name()
        .map(|f| f.to_string_lossy().to_string())
        .unwrap_or_default();
    let (fn1, fn2) = match file.split_once('.') {
        Some((a, b)) => (a.to_string(), b.to_string()),
        None => (file.clone(), String::new()),
    };
    let dir = path
        .parent()
        .and_then(|p| p.file_name())
        .map(|d| d.to_string_lossy().to_string())
        .unwrap_or_default();
    (
        fn1.to_ascii_uppercase(),
        fn2.to_ascii_uppercase(),
        dir.to_ascii_uppercase(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_and_column() {
        let f = SourceFile::new("x".into(), PathBuf::new(), "AB\r\nC\tD\nE\u{3}\u{3}\0").unwrap();
        // Host CR is a bare ITS LF, host LF an ITS CR LF; the ^C padding
        // of the last word is dropped.
        assert_eq!(f.text, "AB\u{10A}\nC\tD\nE");
        assert_eq!(f.line_col(0), (1, 1));
        assert_eq!(f.line_col(5), (2, 1));
        assert_eq!(f.line_col(7), (2, 3));
        assert_eq!(f.line_text(2), "C\tD");
        assert_eq!(f.line_text(3), "E");
    }

    #[test]
    fn control_c_before_more_text_is_kept() {
        let f = SourceFile::new("x".into(), PathBuf::new(), "A\u{3}B\u{3}").unwrap();
        assert_eq!(f.text, "A\u{3}B");
        let f = SourceFile::new("x".into(), PathBuf::new(), "A\0\0").unwrap();
        assert_eq!(f.text, "A\0\0");
    }

    #[test]
    fn its_file_specs() {
        let s = parse_its_file_spec("DSK:SYSENG;FOO BAR").unwrap();
        assert_eq!(s.device.as_deref(), Some("DSK"));
        assert_eq!(s.directory.as_deref(), Some("SYSENG"));
        assert_eq!((s.fn1.as_str(), s.fn2.as_deref()), ("FOO", Some("BAR")));
        let s = parse_its_file_spec("SYS;BITS >  ; the bits").unwrap();
        assert_eq!((s.fn1.as_str(), s.fn2.as_deref()), ("BITS", Some(">")));
        let s = parse_its_file_spec("macros >").unwrap();
        assert_eq!((s.fn1.as_str(), s.fn2.as_deref()), ("MACROS", Some(">")));
        assert_eq!(parse_its_file_spec("  "), None);
        let c = insrt_candidates(
            &parse_its_file_spec("SYS;DEFS MID").unwrap(),
            Path::new("/a/src"),
            Path::new("/its"),
        )
        .unwrap();
        assert_eq!(c[0], Path::new("/its/sys/defs.mid"));
        assert_eq!(c.last().unwrap(), Path::new("/a/src/defs.mid"));
        assert_eq!(
            its_names(Path::new("asm/sudoku.mid")),
            ("SUDOKU".into(), "MID".into(), "ASM".into())
        );
    }
}
