//! Reading a program file named on the command line (`boot`, `disasm`,
//! `run`): a regular file or a pipe, and no larger than any PDP-10 program
//! can be, so that `/dev/zero`, a terminal or a huge file gives a clear
//! error instead of filling the host's memory.

use anyhow::{bail, Context};
use std::io::Read;
use std::path::Path;

/// The most a program file may hold. The KA10 addresses 256K words; at
/// five bytes a word in evacuated encoding (a text image's `ADDR: WORD`
/// lines take about 21), with block checksums and a symbol table, a real
/// program stays far below this.
pub const MAX_PROGRAM_BYTES: u64 = 64 << 20;

/// The bytes of the program file `path`.
pub fn read_program(path: &Path) -> anyhow::Result<Vec<u8>> {
    use std::os::unix::fs::FileTypeExt;
    let shown = path.display();
    let kind = std::fs::metadata(path)
        .with_context(|| format!("reading {shown}"))?
        .file_type();
    if kind.is_dir() {
        bail!("{shown} is a folder, not a program file");
    }
    if !kind.is_file() && !kind.is_fifo() {
        bail!("{shown} is not a regular file (a device?): give a program file");
    }
    let file = std::fs::File::open(path).with_context(|| format!("reading {shown}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_PROGRAM_BYTES + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading {shown}"))?;
    if bytes.len() as u64 > MAX_PROGRAM_BYTES {
        bail!(
            "{shown} is larger than {} MiB: not a PDP-10 program (256K words)",
            MAX_PROGRAM_BYTES >> 20
        );
    }
    Ok(bytes)
}
