//! Errors of reading puzzle files: where (file:line:column) and what was expected.

use std::fmt;

/// A position in an input: file name, line and column, both counted from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The file name as given (or a label such as `<stdin>`).
    pub file: String,
    /// Line, from 1.
    pub line: usize,
    /// Column in characters, from 1.
    pub column: usize,
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}", self.file, self.line, self.column)
    }
}

/// What went wrong.
#[derive(Debug)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The file could not be read.
    Io {
        /// The file name as given.
        file: String,
        /// Why.
        error: std::io::Error,
    },
    /// A character that is neither a cell nor allowed decoration.
    UnexpectedChar {
        /// The character read.
        found: char,
        /// What the reader wanted there.
        expected: String,
    },
    /// A word that is not what the layout wants there.
    BadToken {
        /// The word read.
        found: String,
        /// What the reader wanted there.
        expected: String,
    },
    /// A value larger than the grid's side.
    ValueTooLarge {
        /// The value as written.
        value: String,
        /// The side of the grid.
        size: usize,
    },
    /// A one-line puzzle whose length is not 16, 81, 256 or 625.
    LineLength {
        /// Cells found.
        found: usize,
    },
    /// A grid row with the wrong number of cells.
    RowLength {
        /// Cells in the puzzle's first row.
        expected: usize,
        /// Cells in this row.
        found: usize,
    },
    /// A grid puzzle that ended before its last row.
    MissingRows {
        /// Rows needed.
        expected: usize,
        /// Rows read.
        found: usize,
    },
    /// The box decoration of a grid does not fit its side.
    BoxShape {
        /// Side of the grid.
        size: usize,
        /// Rows per box the separator lines imply, if any.
        rows: Option<usize>,
        /// Columns per box the `|` decoration implies, if any.
        cols: Option<usize>,
    },
    /// A grid wider than 25 cells or a dover header asking for one.
    TooLarge {
        /// The side asked for.
        size: usize,
    },
    /// The input ended in the middle of a puzzle.
    UnexpectedEnd {
        /// What the reader wanted next.
        expected: String,
    },
    /// A line that is not the expected header.
    BadHeader {
        /// The header wanted.
        expected: String,
    },
}

/// An error of reading puzzles, with its place when it has one.
#[derive(Debug)]
pub struct Error {
    kind: ErrorKind,
    place: Option<Place>,
}

impl Error {
    pub(crate) fn new(kind: ErrorKind, place: Option<Place>) -> Error {
        Error { kind, place }
    }

    pub(crate) fn at(kind: ErrorKind, file: &str, line: usize, column: usize) -> Error {
        let file = file.to_string();
        Error::new(kind, Some(Place { file, line, column }))
    }

    /// What went wrong.
    pub fn kind(&self) -> &ErrorKind {
        &self.kind
    }

    /// Where, when the error has a place.
    pub fn place(&self) -> Option<&Place> {
        self.place.as_ref()
    }
}

impl fmt::Display for ErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ErrorKind::Io { file, error } => write!(f, "{file}: cannot read: {error}"),
            ErrorKind::UnexpectedChar { found, expected } => {
                write!(f, "unexpected {found:?}: expected {expected}")
            }
            ErrorKind::BadToken { found, expected } => {
                write!(f, "unexpected {found:?}: expected {expected}")
            }
            ErrorKind::ValueTooLarge { value, size } => {
                write!(f, "value {value} is too large for a {size}x{size} grid (values are 1 to {size})")
            }
            ErrorKind::LineLength { found } => write!(
                f,
                "a one-line puzzle has 16, 81, 256 or 625 cells, this one has {found}"
            ),
            ErrorKind::RowLength { expected, found } => write!(
                f,
                "expected {expected} cells in this row (as in the puzzle's first row), found {found}"
            ),
            ErrorKind::MissingRows { expected, found } => write!(
                f,
                "the puzzle ends after {found} rows: expected {expected} rows of {expected} cells"
            ),
            ErrorKind::BoxShape { size, rows, cols } => {
                write!(f, "the box decoration does not fit a {size}x{size} grid:")?;
                if let Some(r) = rows {
                    write!(f, " separator lines every {r} rows")?;
                }
                if let (Some(_), Some(_)) = (rows, cols) {
                    write!(f, " and")?;
                }
                if let Some(c) = cols {
                    write!(f, " '|' every {c} columns")?;
                }
                Ok(())
            }
            ErrorKind::TooLarge { size } => {
                write!(f, "a {size}x{size} grid is too large: at most 25x25 is handled")
            }
            ErrorKind::UnexpectedEnd { expected } => {
                write!(f, "unexpected end of input: expected {expected}")
            }
            ErrorKind::BadHeader { expected } => write!(f, "expected {expected}"),
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(place) = &self.place {
            write!(f, "{place}: ")?;
        }
        write!(f, "{}", self.kind)
    }
}

/// The message already includes any I/O error's text, so `source` is left
/// empty: callers printing the chain (`{:#}` in anyhow) would repeat it.
impl std::error::Error for Error {}
