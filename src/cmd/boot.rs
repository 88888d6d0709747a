//! `pdp10 boot` (not yet built).

use std::process::ExitCode;

/// Arguments of `pdp10 boot`.
#[derive(clap::Args)]
pub struct Args {}

/// Runs `pdp10 boot`.
pub fn run(_args: Args) -> anyhow::Result<ExitCode> {
    anyhow::bail!("`pdp10 boot` is not built yet")
}
