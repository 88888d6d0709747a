//! What an assembly produces: the SBLK file (RIM10 loader, data blocks, start
//! instruction, assembly information, DDT symbols), the listing, and the
//! diagnostics of a failed run.

use crate::assemble::{Assembler, ListRow, Options};
use crate::diag::{Diagnostic, ErrorKind};
use crate::stink;
use crate::text::{its_date, sixbit_word};
use pdp10_isa::read_in;
use pdp10_isa::sblk::{self, Block, Sblk, Symbol};
use pdp10_isa::{evacuated, Word};
use std::fmt::Write as _;

/// A successful assembly (or, in [`Error::written`](crate::Error), the
/// binary real MIDAS still writes after its errors).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Assembly {
    /// Every word assembled, `(address, word)`, in the order assembled.
    pub words: Vec<(u32, Word)>,
    /// The start instruction (`JRST start`).
    pub start: Word,
    /// The program's symbols, as written to the DDT symbol table.
    pub symbols: Vec<Symbol>,
    /// The SBLK file's structure.
    pub sblk: Sblk,
    /// The relocatable (STINK) file's words, when the program said
    /// `RELOCATABLE`: then this, not the SBLK file, is the output.
    pub relocatable: Option<Vec<Word>>,
    /// The listing: location, the word in `op ac i x y` groups, source line.
    pub listing: String,
    /// What PRINTX typed.
    pub messages: Vec<String>,
    /// The program's TITLE, if any.
    pub title: Option<String>,
    /// What real MIDAS complains about without failing (a label that
    /// shadows an initial symbol); the binary is made all the same.
    pub warnings: Vec<Diagnostic>,
    /// The absolute file's format and whether it has symbols.
    pub file: FileFormat,
    /// The output file's names, as the program left `.OFNM1` and
    /// `.OFNM2` (SIXBIT; both 0 when it set neither): real MIDAS names its
    /// output so.
    pub output_names: (u64, u64),
    /// `WORD`'s words: each is written before the data of `words[k]`
    /// (after all the data when `k` is `words.len()`).
    pub raw_words: Vec<(usize, Word)>,
}

/// The format of an absolute assembly's file (manual node Outformats).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum FileKind {
    /// `SBLK`, the default: an SBLK file.
    #[default]
    Sblk,
    /// `RIM10`: the SBLK loader in the PDP-10's read-in format, then the
    /// SBLK data blocks.
    Rim10,
    /// `RIM`: `DATAI PTR,address` and word pairs (the PDP-6's read-in).
    Rim,
}

/// `SBLK`/`RIM10`/`RIM`, and `NOSYMS`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct FileFormat {
    /// The format.
    pub kind: FileKind,
    /// False after `NOSYMS`: no symbol table (nor, in an SBLK file, the
    /// assembly information) after the start instruction.
    pub symbols: bool,
}

impl Default for FileFormat {
    fn default() -> FileFormat {
        FileFormat {
            kind: FileKind::Sblk,
            symbols: true,
        }
    }
}

impl Assembly {
    /// The start address.
    pub fn start_address(&self) -> u32 {
        self.start.right() as u32
    }

    /// The words of the SBLK file.
    pub fn sblk_words(&self) -> Vec<Word> {
        self.sblk.to_words()
    }

    /// The SBLK file in ITS evacuated encoding, as real ITS tools store it
    /// on a host (SIMH loads it with `load -i`).
    pub fn to_bytes(&self) -> Vec<u8> {
        evacuated::encode(&self.output_words())
    }

    /// The output file's words: the relocatable file's if the program
    /// said `RELOCATABLE`, else the SBLK file's.
    pub fn output_words(&self) -> Vec<Word> {
        if let Some(words) = &self.relocatable {
            return words.clone();
        }
        let symbols = self
            .file
            .symbols
            .then(|| {
                self.sblk
                    .trailer
                    .iter()
                    .find(|b| b.address == sblk::SYMBOL_TABLE_BLOCK)
            })
            .flatten();
        let file = match (self.file.kind, symbols) {
            (FileKind::Sblk, Some(_)) => self.sblk_words(),
            (FileKind::Sblk, None) => self.sblk.without_symbols(),
            (FileKind::Rim10, _) => read_in::rim10_words(&self.sblk.blocks, self.start, symbols),
            (FileKind::Rim, _) => read_in::rim_words(&self.words, self.start, symbols),
        };
        self.with_raw_words(file)
    }

    /// The file with `WORD`'s words put in: before the data block (or, in
    /// RIM, the word pair) that begins with the word assembled next.
    fn with_raw_words(&self, mut file: Vec<Word>) -> Vec<Word> {
        if self.raw_words.is_empty() {
            return file;
        }
        // Where in the file the data of the assembled word `k` begins: in
        // RIM its pair; otherwise the block it starts (`WORD` ended the one
        // before), found by counting the blocks' words. `words.len()` is
        // the end of the data.
        let place = |k: usize| match self.file.kind {
            FileKind::Rim => 2 * k,
            FileKind::Sblk | FileKind::Rim10 => {
                let mut at = match self.file.kind {
                    FileKind::Sblk => self.sblk.loader.len() + 1,
                    _ => read_in::RIM10_SBLK_LOADER.len(),
                };
                let mut first = 0;
                for b in &self.sblk.blocks {
                    if first >= k {
                        break;
                    }
                    first += b.words.len();
                    at += b.words.len() + 2;
                }
                at
            }
        };
        // From the last, so earlier places stay where they are; words at
        // one place keep their order.
        for &(k, word) in self.raw_words.iter().rev() {
            file.insert(place(k), word);
        }
        file
    }

    /// The second file name real MIDAS gives its output by default:
    /// `REL` for a relocatable program, `BIN` otherwise (manual node
    /// Outformats).
    pub fn default_fn2(&self) -> &'static str {
        if self.relocatable.is_some() {
            "REL"
        } else {
            "BIN"
        }
    }

    /// The output file's ITS names when the program chose them with
    /// `.OFNM1` or `.OFNM2` (the other defaulting to the source's first
    /// name, or BIN or REL); `None` when it did not.
    pub fn chosen_names(&self, source_fn1: &str) -> Option<(String, String)> {
        let (fn1, fn2) = self.output_names;
        // .OFNM1 starts as the source's first name (six characters of it).
        let own = crate::text::sixbit_word(&source_fn1.to_ascii_uppercase());
        if fn2 == 0 && (fn1 == 0 || fn1 == own) {
            return None;
        }
        let fn1 = crate::text::sixbit_text(fn1).trim_end().to_string();
        let fn2 = crate::text::sixbit_text(fn2).trim_end().to_string();
        let fn1 = if fn1.is_empty() {
            source_fn1.to_ascii_uppercase()
        } else {
            fn1
        };
        let fn2 = if fn2.is_empty() {
            self.default_fn2().to_string()
        } else {
            fn2
        };
        Some((fn1, fn2))
    }

    /// One line for standard error: words assembled and the start address.
    pub fn summary(&self) -> String {
        format!(
            "{} words assembled, start address {:o}",
            self.words.len(),
            self.start_address()
        )
    }
}

/// The SBLK file, listing and the rest of a successful assembly.
pub(crate) fn assembly(
    asm: &Assembler<'_>,
    options: &Options,
    sname: &str,
    warnings: Vec<Diagnostic>,
) -> Assembly {
    let start = Word::new(asm.start.unwrap_or(0o254000_000000));
    let symbols = asm.program_symbols();
    let info = Block {
        address: sblk::ASSEMBLY_INFO_BLOCK,
        words: vec![
            Word::new(0o777772_000001),
            Word::new(sixbit_word(&options.user.to_ascii_uppercase())),
            Word::new(its_date(options.time)),
            Word::new(sixbit_word("DSK")),
            Word::new(asm.fnames.0),
            Word::new(asm.fnames.1),
            Word::new(sixbit_word(sname)),
        ],
    };
    let file = Sblk {
        loader: sblk::RIM10_LOADER.to_vec(),
        blocks: sblk::data_blocks_breaking(&asm.output, &asm.block_breaks),
        start,
        trailer: vec![
            info,
            crate::ddt_symbols::symbol_table(
                &asm.ddt_blocks(),
                &asm.program_name(),
                &asm.ddt_symbols(),
                asm.ddt_first_slot_block(),
            ),
        ],
    };
    let listing = render_listing(asm, &asm.listing);
    let relocatable = asm.reloc.on.then(|| stink_words(asm));
    Assembly {
        warnings,
        words: asm.output.clone(),
        start,
        symbols,
        sblk: file,
        relocatable,
        listing,
        messages: asm.messages.clone(),
        title: asm.title.clone(),
        file: asm.file,
        raw_words: asm.raw_words.clone(),
        output_names: match asm.output_named {
            true => (asm.symbols.state(".OFNM1"), asm.symbols.state(".OFNM2")),
            false => (0, 0),
        },
    }
}

/// The relocatable file: the blocks pass 2 made, END's start address, the
/// symbols in real MIDAS's order.
fn stink_words(asm: &Assembler<'_>) -> Vec<Word> {
    // Real MIDAS writes them walking its symbol table (SSYMDR), whose
    // entries also name the loader-valued locals. A symbol's entry is its
    // block's: one that redefines an initial symbol has an entry of its
    // own after the initial one (real MIDAS 433: mudsys;mudex's
    // `ADJSP==105000,,0` at 1643, the initial ADJSP at 1625).
    let st = crate::assemble::st_entries(&asm.symbols);
    let slots = crate::symbol_slots::slots(
        &crate::symbol_order::initial_in_order(),
        asm.symbols.hash_events(),
    );
    let defined: Vec<(String, crate::symtab::Sym, Option<usize>)> = asm
        .symbols
        .program_symbols()
        // Globals are the loader's, not in the local symbols block; MIDAS's
        // own variables (`.OFNM2=...`) are not the program's.
        .filter(|(_, name, ..)| !asm.globals.contains(*name) && !asm.symbols.is_midas_own(name))
        .map(|(block, name, s, ..)| {
            let entry = slots
                .get(&(block, name.to_string()))
                .or_else(|| st.get(name))
                .copied();
            (name.to_string(), s.clone(), entry)
        })
        .collect();
    let mut order: Vec<usize> = (0..defined.len()).collect();
    order.sort_by_key(|&k| defined[k].2.unwrap_or(usize::MAX));
    let symbols = order
        .into_iter()
        .map(|k| {
            let (name, s, entry) = &defined[k];
            let (l, r) = crate::assemble::halves(s.rel);
            stink::RelSymbol {
                name: name.clone(),
                value: s.value,
                bits: ((l & 1) as u8) << 1 | (r & 1) as u8,
                half_killed: s.half_killed,
                loader_name: asm
                    .reloc
                    .loader_valued
                    .get(name)
                    .map(|_| crate::assemble::ST_ADDRESS + 3 * entry.unwrap_or(0) as u64),
            }
        })
        .collect();
    let program = stink::Program {
        // Without TITLE real MIDAS names the program .MAIN, its outermost
        // block.
        name: asm.title.clone().unwrap_or_else(|| ".MAIN".to_string()),
        pass1_end: asm.reloc.pass1_end,
        events: asm.reloc.events.clone(),
        start: asm.reloc.start,
        symbols,
    };
    stink::words(&program)
}

/// Diagnostics with their places, in the order of the files and offsets
/// they were found at.
pub(crate) fn place(
    asm: &Assembler<'_>,
    mut found: Vec<(crate::source::Span, ErrorKind, String)>,
    warning: bool,
) -> Vec<Diagnostic> {
    found.sort_by_key(|(span, _, _)| (span.file, span.offset));
    found
        .into_iter()
        .map(|(span, kind, message)| {
            let file = asm.sources.file(span.file);
            let (line, column) = file.line_col(span.offset as usize);
            Diagnostic {
                kind,
                file: file.name.clone(),
                line,
                column,
                message,
                source_line: file.line_text(line).to_string(),
                warning,
            }
        })
        .collect()
}

/// MIDAS-style listing lines: `LLLLLL  ooo a i x yyyyyy  source`, the source
/// line printed beside the first word it assembled.
fn render_listing(asm: &Assembler<'_>, rows: &[ListRow]) -> String {
    let mut out = String::new();
    let mut last_line: Option<(u32, usize)> = None;
    for row in rows {
        let file = asm.sources.file(row.span.file);
        let (line, _) = file.line_col(row.span.offset as usize);
        let here = (row.span.file, line);
        let new_line = last_line != Some(here);
        let text = if new_line {
            file.line_text(line).to_string()
        } else {
            String::new()
        };
        last_line = Some(here);
        if row.words.is_empty() {
            if new_line {
                let _ = writeln!(out, "{:28}{}", "", text.trim_end());
            }
            continue;
        }
        for (k, (addr, w)) in row.words.iter().enumerate() {
            let v = w.raw();
            let _ = write!(
                out,
                "{:06o}  {:03o} {:02o} {:o} {:02o} {:06o}",
                addr,
                v >> 27,
                (v >> 23) & 0o17,
                (v >> 22) & 1,
                (v >> 18) & 0o17,
                v & 0o777777
            );
            if k == 0 && new_line {
                let _ = writeln!(out, "  {}", text.trim_end());
            } else {
                out.push('\n');
            }
        }
    }
    out
}
