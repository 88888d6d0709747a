//! `pdp10 midas`: assemble a MIDAS source into an SBLK (TS) binary, or,
//! for a program that says `RELOCATABLE`, a relocatable (STINK) file.

use anyhow::Context;
use std::io::{IsTerminal, Read};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Arguments of `pdp10 midas`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The MIDAS source file.
    source: PathBuf,
    /// Where to write the binary (default: `ts.<name>` in the current
    /// directory, `<name>` being the source's first file name, or
    /// `<name>.rel` for a relocatable program, real MIDAS's `FN1 REL`;
    /// `fn1.fn2` when the program names its output with `.OFNM1`/`.OFNM2`);
    /// `-` is standard output. A file is written whole or not at all (a temporary
    /// file beside it, then renamed).
    #[arg(short, long)]
    output: Option<PathBuf>,
    /// Also write a listing (location, word, source line) to this file.
    #[arg(long)]
    listing: Option<PathBuf>,
    /// Where ITS directories are on the host for `.INSRT DIR;FILE`
    /// (`DIR;FN1 FN2` is `<root>/dir/fn1.fn2`); default: the source's
    /// folder. Names never leave it (`..` is refused); only regular files
    /// of at most 8 MiB are read.
    #[arg(long)]
    dsk_root: Option<PathBuf>,
    /// Lines typed at the terminal, one answer a line, for the questions a
    /// source asks with `.TTYMAC` (as the PDP-10/its build answers them).
    /// Without it, standard input when that is not a terminal, read only
    /// once a `.TTYMAC` asks. At most 1 MiB of ASCII lines.
    #[arg(long, value_name = "FILE")]
    tty: Option<PathBuf>,
}

/// The default output name: `asm/sudoku.mid` -> `ts.sudoku`, or
/// `sudoku.rel` when relocatable (real MIDAS's default second name for
/// relocatable output, manual node Outformats), or `fn1.fn2` when the
/// program named its output with `.OFNM1`/`.OFNM2`.
fn default_output(source: &Path, assembly: &midas::Assembly) -> PathBuf {
    let name = source
        .file_name()
        .map(|n| n.to_string_lossy().to_string())
        .unwrap_or_default();
    let fn1 = name.split('.').next().unwrap_or("").to_ascii_lowercase();
    if let Some((fn1, fn2)) = assembly.chosen_names(&fn1) {
        return PathBuf::from(format!("{fn1}.{fn2}").to_ascii_lowercase());
    }
    if assembly.relocatable.is_some() {
        PathBuf::from(format!("{fn1}.rel"))
    } else {
        PathBuf::from(format!("ts.{fn1}"))
    }
}

/// What the source typed at the terminal (PRINTX, PRINTC, .TYO ...), as
/// one stream, as real MIDAS types it; ended with a line end.
fn type_out(messages: &[String]) {
    let text = messages.concat();
    if !text.is_empty() {
        eprint!("{text}");
        if !text.ends_with('\n') {
            eprintln!();
        }
    }
}

/// The most terminal answers read, from `--tty` or standard input: far
/// more than any `.TTYMAC` dialogue types, and a bound on `--tty /dev/zero`.
const TERMINAL_ANSWERS_LIMIT: u64 = 1 << 20;

/// Whether the assembly stopped because a `.TTYMAC` found no answer left.
fn wants_terminal(result: &Result<midas::Assembly, midas::Error>) -> bool {
    result.as_ref().is_err_and(|e| {
        e.diagnostics
            .iter()
            .any(|d| d.kind == midas::ErrorKind::NoTerminalAnswer)
    })
}

/// Reads the lines typed at the terminal for `.TTYMAC`: text of at most
/// [`TERMINAL_ANSWERS_LIMIT`] bytes, one answer a line.
pub(super) fn terminal_answers(input: impl Read, name: &str) -> anyhow::Result<Vec<String>> {
    let mut bytes = Vec::new();
    input
        .take(TERMINAL_ANSWERS_LIMIT + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("reading the terminal answers from {name}"))?;
    if bytes.len() as u64 > TERMINAL_ANSWERS_LIMIT {
        anyhow::bail!(
            "{name}: more than {} bytes of terminal answers; nothing assembled",
            TERMINAL_ANSWERS_LIMIT
        );
    }
    let text = String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let line = e.as_bytes()[..at].iter().filter(|&&b| b == b'\n').count() + 1;
        anyhow::anyhow!(
            "{name}:{line}: byte {:#o} is not text; the terminal answers must be ASCII lines",
            e.as_bytes()[at]
        )
    })?;
    Ok(text.lines().map(str::to_string).collect())
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
    let mut options = midas::Options {
        terminal: match &args.tty {
            Some(path) => terminal_answers(
                std::fs::File::open(path)
                    .with_context(|| format!("reading the terminal answers {}", path.display()))?,
                &path.display().to_string(),
            )?,
            None => Vec::new(),
        },
        dsk_root: args.dsk_root.clone(),
        user,
        time,
        processor: crate::assembly_op::Ka10Op::processor(),
        ..midas::Options::default()
    };
    let mut result = midas::assemble(&args.source, &midas::FsLoader, &options);
    // Standard input is read only when a `.TTYMAC` asks for answers, so
    // that a source without one never waits on an open pipe.
    if args.tty.is_none() && !std::io::stdin().is_terminal() && wants_terminal(&result) {
        options.terminal = terminal_answers(std::io::stdin().lock(), "standard input")?;
        result = midas::assemble(&args.source, &midas::FsLoader, &options);
    }
    let (assembly, errors) = match result {
        Ok(a) => (a, 0),
        Err(e) => {
            type_out(&e.messages);
            eprintln!("{e}");
            let n = e.diagnostics.len();
            let plural = if n == 1 { "" } else { "s" };
            let Some(assembly) = e.written else {
                eprintln!("pdp10 midas: {n} error{plural}, no output written");
                return Ok(ExitCode::from(1));
            };
            // Real MIDAS reports these and writes its binary all the same.
            eprintln!(
                "pdp10 midas: {n} error{plural} (undefined symbols, 0 in the binary); \
                 the binary is written as real MIDAS writes it"
            );
            (*assembly, n)
        }
    };
    if errors == 0 {
        type_out(&assembly.messages);
        for w in &assembly.warnings {
            eprintln!("{w}");
        }
    }
    let out = args
        .output
        .unwrap_or_else(|| default_output(&args.source, &assembly));
    if !write_binary(&out, &assembly)? {
        return Ok(ExitCode::from(1));
    }
    if let Some(listing) = &args.listing {
        std::fs::write(listing, &assembly.listing)
            .with_context(|| format!("writing {}", listing.display()))?;
    }
    let shown = if out == Path::new("-") {
        "standard output".to_string()
    } else {
        out.display().to_string()
    };
    eprintln!("{shown}: {}", assembly.summary());
    Ok(if errors == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    })
}

/// Writes the binary to `out` (`-`: standard output); false, said, when
/// the file cannot be written.
fn write_binary(out: &Path, assembly: &midas::Assembly) -> anyhow::Result<bool> {
    if out == Path::new("-") {
        use std::io::Write;
        let mut stdout = std::io::stdout().lock();
        stdout
            .write_all(&assembly.to_bytes())
            .and_then(|()| stdout.flush())
            .context("writing the binary to standard output")?;
    } else if let Err(e) = super::hostio::write_whole(out, &assembly.to_bytes()) {
        eprintln!(
            "pdp10 midas: writing {}: {e}; nothing written",
            out.display()
        );
        return Ok(false);
    }
    Ok(true)
}
