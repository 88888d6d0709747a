//! `pdp10 completions SHELL`: the shell's completion script for `pdp10`,
//! on standard output (for example
//! `pdp10 completions bash > ~/.local/share/bash-completion/completions/pdp10`).

use std::io::Write;
use std::process::ExitCode;

/// Arguments of `pdp10 completions`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The shell: bash, elvish, fish, powershell or zsh.
    shell: clap_complete::Shell,
}

/// Writes the script for `command` (the whole command line's definition).
pub fn run(args: Args, mut command: clap::Command) -> anyhow::Result<ExitCode> {
    // Made in memory first: the generator panics on a failed write, and a
    // closed pipe (`| head`) must stay a plain I/O error.
    let mut script = Vec::new();
    clap_complete::generate(args.shell, &mut command, "pdp10", &mut script);
    let mut out = super::hostio::stdout();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}
