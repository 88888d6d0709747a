//! `pdp10 run` (not yet built).

use std::process::ExitCode;

/// Arguments of `pdp10 run`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `pdp10 run`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`pdp10 run` is not built yet")
}
