//! `pdp10 disasm`: list an SBLK binary's blocks as address, octal word and
//! MIDAS-syntax disassembly, with labels from its DDT symbol table.

use anyhow::Context;
use pdp10_isa::sblk::Sblk;
use pdp10_isa::{disassemble, evacuated, squoze, Symbols};
use std::collections::HashMap;
use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `pdp10 disasm`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The SBLK file (ITS evacuated encoding, as `pdp10 midas` and real ITS
    /// tools write it; `-`: standard input).
    file: PathBuf,
}

/// Labels by address: the first non-half-killed symbol of each value.
struct Labels(HashMap<u32, String>);

impl Symbols for Labels {
    fn symbol(&self, address: u32) -> Option<&str> {
        self.0.get(&address).map(String::as_str)
    }
}

/// Runs `pdp10 disasm`.
pub fn run(args: Args) -> anyhow::Result<ExitCode> {
    let bytes = super::hostio::read_program(&args.file)?;
    let words =
        evacuated::decode(&bytes).with_context(|| format!("decoding {}", args.file.display()))?;
    // The parse error says "not an SBLK file" itself.
    let sblk = Sblk::parse(&words).with_context(|| args.file.display().to_string())?;
    let text = render(&sblk);
    let mut out = super::hostio::stdout();
    out.write_all(text.as_bytes())?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// The listing `pdp10 disasm` prints.
pub fn render(sblk: &Sblk) -> String {
    let mut labels: HashMap<u32, String> = HashMap::new();
    for s in sblk.symbols() {
        if s.flags & squoze::HALF_KILLED != 0 || s.value.left() != 0 {
            continue;
        }
        labels.entry(s.value.right() as u32).or_insert(s.name);
    }
    // Only addresses the program loads are worth a label in operands.
    let loaded: std::collections::HashSet<u32> = sblk
        .blocks
        .iter()
        .flat_map(|b| (0..b.words.len() as u32).map(move |k| (b.address + k) & 0o777777))
        .collect();
    let operand_labels = Labels(
        labels
            .iter()
            .filter(|(a, _)| loaded.contains(a))
            .map(|(a, n)| (*a, n.clone()))
            .collect(),
    );
    let mut out = String::new();
    for block in &sblk.blocks {
        let _ = writeln!(
            out,
            "; block of {} words at {:06o}",
            block.words.len(),
            block.address
        );
        for (k, w) in block.words.iter().enumerate() {
            let addr = (block.address + k as u32) & 0o777777;
            let label = operand_labels
                .symbol(addr)
                .map(|l| format!("{l}:"))
                .unwrap_or_default();
            let _ = writeln!(
                out,
                "{addr:06o}  {:06o},,{:06o}  {label:8}{}",
                w.left(),
                w.right(),
                disassemble(*w, &operand_labels)
            );
        }
    }
    let start = sblk.start_address();
    match operand_labels.symbol(start) {
        Some(l) => {
            let _ = writeln!(out, "start {start:06o} ({l})");
        }
        None => {
            let _ = writeln!(out, "start {start:06o}");
        }
    }
    out
}
