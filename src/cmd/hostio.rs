//! The host's files and streams as the commands meet them.
//!
//! A program file named on the command line (`boot`, `disasm`, `run`) must
//! be a regular file or a pipe, and no larger than any PDP-10 program can
//! be, so that `/dev/zero`, a terminal or a huge file gives a clear error
//! instead of filling the host's memory. Standard output's errors say that
//! they are standard output's (a full disk, a closed pipe).

use anyhow::{bail, Context};
use std::io::{self, Read, Write};
use std::path::Path;

/// The most a program file may hold. The KA10 addresses 256K words; at
/// five bytes a word in evacuated encoding (a text image's `ADDR: WORD`
/// lines take about 21), with block checksums and a symbol table, a real
/// program stays far below this.
pub const MAX_PROGRAM_BYTES: u64 = 64 << 20;

/// The bytes of the program file `path` (`-`: standard input).
pub fn read_program(path: &Path) -> anyhow::Result<Vec<u8>> {
    use std::os::unix::fs::FileTypeExt;
    let shown = path.display();
    if path.as_os_str() == "-" {
        return read_capped(io::stdin().lock(), "standard input");
    }
    let kind = std::fs::metadata(path)
        .with_context(|| format!("cannot read {shown}"))?
        .file_type();
    if kind.is_dir() {
        bail!("{shown} is a folder, not a program file");
    }
    if !kind.is_file() && !kind.is_fifo() {
        bail!("{shown} is not a regular file (a device?): give a program file");
    }
    let file = std::fs::File::open(path).with_context(|| format!("cannot read {shown}"))?;
    read_capped(file, &shown.to_string())
}

/// All of `source` (called `shown` in messages), up to the cap.
fn read_capped(source: impl Read, shown: &str) -> anyhow::Result<Vec<u8>> {
    let mut bytes = Vec::new();
    source
        .take(MAX_PROGRAM_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {shown}"))?;
    if bytes.len() as u64 > MAX_PROGRAM_BYTES {
        bail!(
            "{shown} is larger than {} MiB: not a PDP-10 program (256K words)",
            MAX_PROGRAM_BYTES >> 20
        );
    }
    Ok(bytes)
}

/// Refuses a source the assembler would read without end or in vain: a
/// device or pipe (`/dev/zero`), a folder, a file past the cap. A missing
/// file is left to the assembler to report.
pub fn check_source(path: &Path) -> anyhow::Result<()> {
    let Ok(meta) = std::fs::metadata(path) else {
        return Ok(());
    };
    let shown = path.display();
    if meta.is_dir() {
        bail!("{shown} is a folder, not a source file");
    }
    if !meta.is_file() {
        bail!("{shown} is not a regular file (a device?): give a source file");
    }
    if meta.len() > MAX_PROGRAM_BYTES {
        bail!(
            "{shown} is larger than {} MiB: not a MIDAS source",
            MAX_PROGRAM_BYTES >> 20
        );
    }
    Ok(())
}

/// Writes `bytes` to `path` whole or not at all. A regular file (or a new
/// name) is replaced through a new temporary file in the same folder,
/// created exclusively (so never through a link someone left there) with
/// the old file's permissions, synced, then renamed over it: a failure
/// removes the temporary file and leaves the old file as it was, so a
/// truncated file never takes the place of a good one. Anything else
/// already at `path` (a device such as `/dev/null`, a FIFO, or a link to
/// one) is written in place: a rename would replace the device itself.
pub fn write_whole(path: &Path, bytes: &[u8]) -> io::Result<()> {
    use std::os::unix::fs::{OpenOptionsExt, PermissionsExt};
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file() && !m.is_dir()) {
        let mut device = std::fs::OpenOptions::new().write(true).open(path)?;
        return device.write_all(bytes).and_then(|()| device.flush());
    }
    // A link is replaced, never followed: its target's mode is not taken.
    let old_mode = std::fs::symlink_metadata(path)
        .ok()
        .filter(|m| m.is_file())
        .map(|m| m.permissions().mode() & 0o777);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let name = path
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let mut attempt = 0u32;
    let (tmp, mut file) = loop {
        let tmp = dir.join(format!(".{name}.{}.{attempt}.tmp", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .mode(old_mode.unwrap_or(0o666))
            .open(&tmp)
        {
            Ok(f) => break (tmp, f),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists && attempt < 100 => {
                attempt += 1;
            }
            Err(e) => return Err(e),
        }
    };
    let written = (|| {
        if let Some(mode) = old_mode {
            // Exactly the old bits, whatever the umask took away.
            file.set_permissions(std::fs::Permissions::from_mode(mode))?;
        }
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written
}

/// Whether `a` and `b` are the same existing host file (so that writing
/// one would destroy the other).
pub fn same_file(a: &Path, b: &Path) -> bool {
    use std::os::unix::fs::MetadataExt;
    match (std::fs::metadata(a), std::fs::metadata(b)) {
        (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
        _ => false,
    }
}

/// Standard output, whose errors name it; their kind stays, so that
/// `main` still knows a closed pipe.
pub struct Stdout(io::Stdout);

/// Standard output, naming itself in its errors.
pub fn stdout() -> Stdout {
    Stdout(io::stdout())
}

fn named(e: io::Error) -> io::Error {
    io::Error::new(e.kind(), format!("writing standard output: {e}"))
}

impl Write for Stdout {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.0.write(buf).map_err(named)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush().map_err(named)
    }
}
