//! The crate's error: what went wrong on the host, or in the job's system.

use std::fmt;

/// A failure DDT cannot type `?` about and go on: the host's output, or
/// the ITS shim's host side.
#[derive(Debug)]
pub enum Error {
    /// Writing DDT's output failed.
    Io(std::io::Error),
    /// The ITS shim failed on the host (a DSK file...).
    Its(its::Error),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Io(e) => write!(f, "DDT output: {e}"),
            Error::Its(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Error::Io(e) => Some(e),
            Error::Its(e) => Some(e),
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(e: std::io::Error) -> Error {
        Error::Io(e)
    }
}

impl From<its::Error> for Error {
    fn from(e: its::Error) -> Error {
        Error::Its(e)
    }
}
