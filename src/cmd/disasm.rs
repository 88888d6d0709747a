//! `pdp10 disasm` (not yet built).

use std::process::ExitCode;

/// Arguments of `pdp10 disasm`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `pdp10 disasm`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`pdp10 disasm` is not built yet")
}
