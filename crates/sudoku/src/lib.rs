//! The native reference sudoku solver and the puzzle file formats.
//!
//! Start with [`Grid`] (N x N cells, boxes of R x C, N <= 25), the readers in
//! [`read`] and the writers in [`write`], then [`Solutions`], the search every
//! other question is answered with. [`find_conflict`] and [`check_solution`]
//! need no search.
//!
//! The solver checks the PDP-10 program, so it shares nothing with it but
//! the file formats: bit boards per digit for 9x9, candidate masks per cell
//! with locked candidates and exact-cover style guesses for other shapes.
//!
//! # Use from another command (`pdp10 verify`)
//!
//! ```
//! use sudoku::{parse_str, verdict, write, Verdict};
//!
//! let text = "..2|9.3|8..\n...|468|...\n4..|...|..1\n---+---+---\n56.|...|.49\n\
//!             .2.|.5.|.7.\n78.|...|.13\n---+---+---\n2..|...|..7\n...|384|...\n..6|2.1|3..\n";
//! // `parse_file(path)` does the same for a file; errors read `file:line:col: ...`.
//! let puzzles = parse_str(text, "puzzl1.sudoku")?;
//! for puzzle in &puzzles {
//!     match verdict(&puzzle.grid) {
//!         // Solved with a count limit of 2: `unique` is false when a second exists.
//!         Verdict::Solved { solution, unique } => {
//!             assert!(unique);
//!             // The solution in the layout the puzzle came in (line, grid, dover, euler).
//!             let shown = write::format(&solution, puzzle.layout, puzzle.title.as_deref());
//!             assert!(shown.starts_with("672|913|854\n"));
//!         }
//!         Verdict::NoSolution => println!("NO SOLUTION"),
//!         // The reason names the two conflicting cells: "r1c1 and r1c5 both hold 2 in row 1".
//!         Verdict::Invalid(reason) => println!("INVALID: {reason}"),
//!     }
//! }
//! # Ok::<(), sudoku::Error>(())
//! ```
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod check;
pub mod error;
pub mod grid;
pub mod read;
pub mod solve;
pub mod write;

pub use check::{check_solution, find_conflict, CheckError, Conflict, Unit};
pub use error::{Error, ErrorKind, Place};
pub use grid::{Grid, Shape, MAX_SIZE};
pub use read::{detect_layout, parse_file, parse_line, parse_str, parse_str_as, Layout, Puzzle};
pub use solve::{
    count_solutions, is_unique, solve, solve_with, solve_with_threads, verdict, Outcome, Solutions,
    Verdict,
};
