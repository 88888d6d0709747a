//! `pdp10 verify` (not yet built).

use std::process::ExitCode;

/// Arguments of `pdp10 verify`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `pdp10 verify`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`pdp10 verify` is not built yet")
}
