//! Host-side failures: what keeps a job from being set up or run (as
//! opposed to the program's own errors, which end the run with an
//! [`crate::Outcome`]).

use std::fmt;
use std::path::PathBuf;

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The binary is neither a good SBLK nor a good PDUMP file.
    BadBinary(String),
    /// A host file or stream failed.
    Io {
        /// The file, when there is one.
        path: Option<PathBuf>,
        /// The host error.
        source: std::io::Error,
    },
    /// A setting is unusable (a name SIXBIT cannot hold, ...).
    BadSetting(String),
}

/// A host-side error of the ITS shim.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind) -> Error {
        Error { kind }
    }

    pub(crate) fn io(path: Option<PathBuf>, source: std::io::Error) -> Error {
        Error::new(ErrorKind::Io { path, source })
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            ErrorKind::BadBinary(m) => write!(f, "not a loadable binary: {m}"),
            ErrorKind::Io {
                path: Some(p),
                source,
            } => write!(f, "{}: {source}", p.display()),
            ErrorKind::Io { path: None, source } => write!(f, "{source}"),
            ErrorKind::BadSetting(m) => f.write_str(m),
        }
    }
}

/// The cause is part of the message (`path: cause`), so `source` gives
/// none: an error chain printed whole (anyhow's `{:#}`) shows it once.
impl std::error::Error for Error {}
