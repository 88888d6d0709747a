//! Errors: every problem of a run, each with `file:line:column`, the source
//! line and a caret under the place.

use std::fmt;

/// What kind of problem a [`Diagnostic`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ErrorKind {
    /// A symbol used but never defined.
    UndefinedSymbol,
    /// A label or `=:` symbol defined twice with different values.
    MultiplyDefined,
    /// Text the assembler cannot read as MIDAS.
    Syntax,
    /// A literal, string, macro definition or argument that never ends.
    Unterminated,
    /// An `.INSRT` (or the main) file that cannot be read.
    MissingFile,
    /// More constants on pass 2 than on pass 1, or another difference
    /// between the passes.
    Phase,
    /// An error the program asked for with `.ERR`.
    User,
    /// A limit of the assembler: nesting, expansion size, addresses.
    Limit,
    /// A `.TTYMAC` asked for a line typed at the terminal and no answer
    /// was left ([`Options::terminal`](crate::Options::terminal)).
    NoTerminalAnswer,
}

/// One problem, ready to print.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// The kind of problem.
    pub kind: ErrorKind,
    /// The file name as given or found.
    pub file: String,
    /// 1-based line; 0 when the problem is the file as a whole (it cannot
    /// be read), which is then printed without a place.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
    /// The text of the line, for showing with a caret.
    pub source_line: String,
    /// A warning: real MIDAS complains but still makes its binary, and so
    /// do we (the assembly succeeds).
    pub warning: bool,
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let severity = if self.warning { "warning" } else { "error" };
        if self.line == 0 {
            // About the file as a whole (it cannot be read): no place.
            return write!(f, "{}: {severity}: {}", self.file, self.message);
        }
        write!(
            f,
            "{}:{}:{}: {severity}: {}",
            self.file, self.line, self.column, self.message
        )?;
        if self.source_line.trim().is_empty() {
            // A caret under nothing says nothing.
            return Ok(());
        }
        writeln!(f, "\n{}", self.source_line)?;
        // Tabs stay tabs under the caret so that it lines up in a terminal.
        let pad: String = self
            .source_line
            .chars()
            .take(self.column.saturating_sub(1))
            .map(|c| if c == '\t' { '\t' } else { ' ' })
            .collect();
        write!(f, "{pad}^")
    }
}

/// The assembly stops after this many errors (rustc-like: the first ones
/// are the ones that matter, and a source in a dialect this assembler does
/// not know would otherwise give thousands).
pub const MAX_ERRORS: usize = 50;

/// Why an assembly failed: all its diagnostics, in source order of
/// discovery.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Every problem found (at least one).
    pub diagnostics: Vec<Diagnostic>,
    /// What `PRINTX` typed before the assembly failed.
    pub messages: Vec<String>,
    /// The binary, when every error is one real MIDAS 433 reports and
    /// goes on from, writing its binary all the same: an undefined symbol,
    /// which is 0 there on pass 2 (checked with midas-oracle). None when
    /// any other error came, which may be this assembler's own limit.
    pub written: Option<Box<crate::Assembly>>,
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.diagnostics.iter().enumerate() {
            if i > 0 {
                writeln!(f)?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Error {}
