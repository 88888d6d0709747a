//! `pdp10 midas` (not yet built).

use std::process::ExitCode;

/// Arguments of `pdp10 midas`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `pdp10 midas`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`pdp10 midas` is not built yet")
}
