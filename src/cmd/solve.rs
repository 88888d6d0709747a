//! `pdp10 solve` (not yet built).

use std::process::ExitCode;

/// Arguments of `pdp10 solve`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `pdp10 solve`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`pdp10 solve` is not built yet")
}
