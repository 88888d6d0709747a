//! ITS DDT's command language over the emulated KA10.
//!
//! A [`Session`] holds DDT's state (the open location, `.`, `$Q`, the
//! type-out modes, the symbol table, the breakpoints) and a [`Target`]:
//! an ITS job ([`ItsJob`]) or a bare machine ([`BareMachine`]). Commands
//! come in as text, a line at a time ([`Session::line`]); `$` stands for
//! ESC and both are accepted; in text, `^` and a letter stand for that
//! control character (DDT ORDER's own convention). What DDT types goes
//! to the session's writer.
//!
//! Breakpoints are DDT's: while the job runs, each broken word has its
//! op-code and AC field replaced by a `.BREAK n,` (a `HALT` on a bare
//! machine), and the words are put back whenever the job stops, so the
//! CPU's run loop has nothing to check. The job runs in slices, and a
//! flag given by the caller (Ctrl-C) stops it between slices.
//!
//! [`watch`] draws a live view of the job's memory (the sudoku board, or
//! any region in a DDT type-out mode) with ratatui.
#![deny(missing_docs)]

mod altmode;
mod error;
mod expr;
mod files;
mod keys;
mod running;
mod session;
mod step;
mod symbols;
mod target;
mod typeout;
pub mod watch;

#[cfg(test)]
mod tests;

pub use error::Error;
pub use files::dump;
pub use keys::{command_complete, echo_of};
pub use session::{Control, Loader, Session};
pub use symbols::SymbolTable;
pub use target::{BareMachine, ItsJob, Program, Stop, Target};
pub use typeout::{Mode, TypeOut};
