//! `pdp10 midas`: assemble a MIDAS source into an SBLK (TS) binary.

use anyhow::Context;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `pdp10 midas`.
#[derive(clap::Args)]
pub struct Args {
    /// The MIDAS source file.
    source: PathBuf,
    /// Where to write the binary (default: `ts.<name>` in the current
    /// directory, `<name>` being the source's first file name).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Also write a listing (location, word, source line) to this file.
    #[arg(long)]
    listing: Option<PathBuf>,
    /// Where ITS directories are on the host for `.INSRT DIR;FILE`
    /// (`DIR;FN1 FN2` is `<root>/dir/fn1.fn2`); default: beside the source.
    #[arg(long)]
    dsk_root: Option<PathBuf>,
}

/// The default output name: `asm/sudoku.mid` -> `ts.sudoku`.
fn default_output(source: &Path) -> PathBuf {
    let name = source
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let fn1 = name.split('.').next().unwrap_or("").to_ascii_lowercase();
    PathBuf::from(format!("ts.{fn1}"))
}

/// Runs `pdp10 midas`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let time = std::env::var("SOURCE_DATE_EPOCH")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs())
        });
    let user = std::env::var("USER").unwrap_or_else(|_| "PDP10".into());
    let options = midas::Options {
        dsk_root: args.dsk_root.clone(),
        user,
        time,
        ..midas::Options::default()
    };
    let assembly = match midas::assemble(&args.source, &midas::FsLoader, &options) {
        Ok(a) => a,
        Err(e) => {
            for m in &e.messages {
                eprintln!("{m}");
            }
            eprintln!("{e}");
            eprintln!(
                "pdp10 midas: {} error{}, no output written",
                e.diagnostics.len(),
                if e.diagnostics.len() == 1 { "" } else { "s" }
            );
            return Ok(ExitCode::from(1));
        }
    };
    for m in &assembly.messages {
        eprintln!("{m}");
    }
    let out = args.output.unwrap_or_else(|| default_output(&args.source));
    std::fs::write(&out, assembly.to_bytes())
        .with_context(|| format!("writing {}", out.display()))?;
    if let Some(listing) = &args.listing {
        std::fs::write(listing, &assembly.listing)
            .with_context(|| format!("writing {}", listing.display()))?;
    }
    eprintln!("{}: {}", out.display(), assembly.summary());
    Ok(ExitCode::SUCCESS)
}
