//! `pdp10`: run ITS programs on an emulated KA10, assemble MIDAS, solve sudoku.
//!
//! Each subcommand lives in its own module under `cmd/`; this file only parses
//! the command line and turns errors into exit statuses.

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
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

mod assembly_op;
mod cmd;

/// A KA10 emulator, a MIDAS assembler and an ITS user-mode shim.
#[derive(Parser, Debug)]
#[command(name = "pdp10", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
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

/// The command line of `pdp10 solve` parsed without building the other
/// subcommands' parsers, which is most of clap's start-up (105,000 of a
/// `pdp10 solve`'s 640,000 instructions before it reads a puzzle, and 21 of
/// its 140 page faults; crates/sudoku/docs/speed.md). `None` for any other
/// command, and for errors, help and version (which clap reports as
/// errors): the whole parser then handles the command line, so messages
/// and help are its own.
fn parse_solve_quickly(args: Vec<std::ffi::OsString>) -> Option<Cli> {
    if args.get(1).is_none_or(|a| a != "solve") {
        return None;
    }
    let solve = <cmd::solve::Args as clap::Args>::augment_args(clap::Command::new("solve"));
    let matches = clap::Command::new("pdp10")
        .subcommand(solve)
        .try_get_matches_from(args)
        .ok()?;
    Cli::from_arg_matches(&matches).ok()
}

fn main() -> ExitCode {
    let cli = parse_solve_quickly(std::env::args_os().collect()).unwrap_or_else(Cli::parse);
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

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str) -> Vec<std::ffi::OsString> {
        line.split(' ').map(Into::into).collect()
    }

    /// The quick parse of `pdp10 solve` gives what the whole parser gives,
    /// and leaves everything else to it.
    #[test]
    fn solve_is_parsed_quickly_as_the_whole_parser_parses_it() {
        for line in [
            "pdp10 solve a.txt",
            "pdp10 solve a.txt - b.txt --jobs 3",
            "pdp10 solve --count --limit 5 a.txt",
            "pdp10 solve --all --format grid -j 1 a.txt",
            "pdp10 solve --check a.txt",
        ] {
            let quick = parse_solve_quickly(words(line)).expect(line);
            let whole = Cli::try_parse_from(words(line)).expect(line);
            assert_eq!(format!("{quick:?}"), format!("{whole:?}"), "{line}");
        }
        for line in [
            "pdp10 solve --help",
            "pdp10 solve -h a.txt",
            "pdp10 solve --version",
            "pdp10 solve",
            "pdp10 solve --count --all a.txt",
            "pdp10 solve --limit 0 a.txt",
            "pdp10 solve --bogus a.txt",
            "pdp10 run TS SUDOKU",
            "pdp10",
        ] {
            assert!(parse_solve_quickly(words(line)).is_none(), "{line}");
        }
    }
}
