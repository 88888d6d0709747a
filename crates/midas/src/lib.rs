//! MIDAS, the assembler of ITS: real ITS MIDAS source in, an SBLK binary
//! out, word for word what MIDAS itself writes.
//!
//! Start with [`assemble_file`] (a host file, `.INSRT` from the file system)
//! or [`assemble`] (any [`Loader`], e.g. a closure over in-memory files):
//!
//! ```
//! let loader = |_: &std::path::Path| -> std::io::Result<String> {
//!     Ok("GO:\tMOVEI 1,5\n\tHALT\nEND GO\n".to_string())
//! };
//! let a = midas::assemble("hello.mid", &loader, &midas::Options::default()).unwrap();
//! assert_eq!(a.words[0].1.raw(), 0o201040_000005);
//! assert_eq!(a.start_address(), 0o100);
//! let file_bytes: Vec<u8> = a.to_bytes(); // evacuated SBLK, as `ts.hello`
//! # let _ = file_bytes;
//! ```
//!
//! The work is done in stages: [`reader`](crate) frames supply characters
//! (files, `.INSRT`, expansions); `gather` turns them into one statement at
//! a time, doing comments, macros, REPEAT, IRP, conditionals and text
//! pseudo-ops; `parse` (nom) reads the statement; `assemble` and `eval` give
//! it its value over two passes; `output` writes the SBLK file and listing.
//! On failure, [`Error`] holds every diagnostic, printed as
//! `file:line:col: error: message`, the source line and a caret.
#![deny(missing_docs)]

mod assemble;
mod diag;
mod eval;
mod gather;
mod macros;
mod output;
mod parse;
mod predef;
mod reader;
mod source;
mod text;

pub use assemble::Options;
pub use diag::{Diagnostic, Error, ErrorKind};
pub use output::Assembly;
pub use source::{FsLoader, Loader};

use std::path::Path;

/// Assembles the MIDAS source `path`, reading it and every `.INSRT` through
/// `loader`.
pub fn assemble(
    path: impl AsRef<Path>,
    loader: &dyn Loader,
    options: &Options,
) -> Result<Assembly, Error> {
    output::run(path.as_ref(), loader, options)
}

/// Assembles a host file, `.INSRT` files coming from the file system, with
/// default [`Options`].
pub fn assemble_file(path: impl AsRef<Path>) -> Result<Assembly, Error> {
    assemble(path, &FsLoader, &Options::default())
}

/// Assembles source text held in memory (`.INSRT` finds nothing); `name` is
/// the file name shown in diagnostics and gives `.FNAM1`/`.FNAM2`.
pub fn assemble_str(name: &str, text: &str) -> Result<Assembly, Error> {
    let name_owned = Path::new(name).to_path_buf();
    let text = text.to_string();
    let loader = move |p: &Path| -> std::io::Result<String> {
        if p == name_owned {
            Ok(text.clone())
        } else {
            Err(std::io::Error::new(std::io::ErrorKind::NotFound, "not in memory"))
        }
    };
    assemble(name, &loader, &Options::default())
}
