//! `pdp10`: run ITS programs on an emulated KA10, assemble MIDAS, solve sudoku.
//!
//! Each subcommand lives in its own module under `cmd/`; this file only parses
//! the command line and turns errors into exit statuses.

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

/// Messages on standard error that cannot fail: std's `eprintln!` panics
/// when standard error is full or closed (`2>/dev/full`), and there is
/// then nowhere to say so; the exit status still tells. (Defined before
/// `mod cmd`, so every command's `eprintln!` is this one.)
macro_rules! eprintln {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = writeln!(std::io::stderr(), $($arg)*);
    }};
}

/// `eprint!` that cannot fail, as [`eprintln!`].
macro_rules! eprint {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        let _ = write!(std::io::stderr(), $($arg)*);
    }};
}

/// `println!` that does not panic when standard output fails: a closed
/// pipe (`| head -1`) ends the command quietly with success, as in
/// `main`; any other failure is reported, exit status 2.
macro_rules! println {
    ($($arg:tt)*) => {{
        use std::io::Write as _;
        if let Err(e) = writeln!(std::io::stdout(), $($arg)*) {
            $crate::stdout_failed(e);
        }
    }};
}

/// Ends the process after a failed `println!` ([`println!`]).
fn stdout_failed(e: std::io::Error) -> ! {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    eprintln!("pdp10: writing standard output: {e}");
    std::process::exit(2);
}

mod cmd;

/// A KA10 emulator, a MIDAS assembler and an ITS user-mode shim.
#[derive(Parser)]
#[command(name = "pdp10", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run a bare-metal program in exec mode until it halts.
    Boot(cmd::boot::Args),
    /// Assemble a MIDAS source into an SBLK (TS) binary.
    Midas(cmd::midas::Args),
    /// Assemble sources with the real MIDAS (from a PDP-10/its checkout) and with `pdp10 midas`, and compare.
    MidasOracle(cmd::oracle::Args),
    /// Disassemble an SBLK binary.
    Disasm(cmd::disasm::Args),
    /// Run an ITS program (a TS file) as a host command.
    Run(cmd::run::Args),
    /// Solve sudoku puzzles with the native solver.
    Solve(cmd::solve::Args),
    /// Check the emulated MIDAS solver against the native one, puzzle by puzzle.
    Verify(cmd::verify::Args),
    /// Print the shell completion script for pdp10.
    Completions(cmd::completions::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Boot(args) => cmd::boot::run(args),
        Command::Midas(args) => cmd::midas::run(args),
        Command::MidasOracle(args) => cmd::oracle::run(args),
        Command::Disasm(args) => cmd::disasm::run(args),
        Command::Run(args) => cmd::run::run(args),
        Command::Solve(args) => cmd::solve::run(args),
        Command::Verify(args) => cmd::verify::run(args),
        Command::Completions(args) => cmd::completions::run(args, Cli::command()),
    };
    match result {
        Ok(code) => code,
        Err(err) => {
            // A closed pipe (`pdp10 solve ... | head`) is not an error.
            if err
                .downcast_ref::<std::io::Error>()
                .is_some_and(|e| e.kind() == std::io::ErrorKind::BrokenPipe)
            {
                return ExitCode::SUCCESS;
            }
            eprintln!("pdp10: {err:#}");
            ExitCode::from(2)
        }
    }
}
