//! `$L FILE` (load another program into the job) and `$Y FILE` (dump the
//! job's core as an SBLK binary, with its symbols), as DDT ORDER has them.

use crate::session::{Done, Fail, Session};
use crate::target::Target;
use crate::SymbolTable;
use pdp10_isa::sblk::{self, Sblk, Symbol};
use pdp10_isa::squoze::HALF_KILLED;
use pdp10_isa::Word;
use std::io::Write;

/// The SBLK words of `count` words of `memory` (nonzero runs), starting at
/// `start`, with `symbols`.
pub fn dump(
    memory: impl Fn(u32) -> Option<Word>,
    count: u32,
    start: u32,
    symbols: &SymbolTable,
) -> Vec<Word> {
    let words: Vec<(u32, Word)> = (0..count)
        .filter_map(|a| memory(a).filter(|w| w.raw() != 0).map(|w| (a, w)))
        .collect();
    let mut table: Vec<Symbol> = symbols
        .all()
        .map(|(name, value, half_killed)| Symbol {
            name: name.to_string(),
            flags: if half_killed { HALF_KILLED } else { 0 },
            value: Word::new(value),
        })
        .collect();
    table.sort_by(|a, b| a.name.cmp(&b.name));
    Sblk {
        loader: sblk::RIM10_LOADER.to_vec(),
        blocks: sblk::data_blocks(&words),
        start: Word::new(0o254000_000000 | start as u64),
        trailer: vec![sblk::symbol_table_block(&table)],
    }
    .to_words()
}

impl<T: Target, W: Write> Session<T, W> {
    /// `$L FILE`: the program replaces the job's, with its symbols; the
    /// breakpoints are cleared.
    pub(crate) fn load_file(&mut self, name: &str) -> Done {
        let loader = self.loader.as_mut().ok_or(Fail::Bad)?;
        let program = loader(name).map_err(Fail::Said)?;
        self.target.load(&program);
        self.symbols = program.symbols;
        self.breaks = [None; 8];
        self.revive(program.start);
        Ok(())
    }

    /// `$Y FILE`: the job's nonzero core and the symbols, as an SBLK file in
    /// the evacuated encoding (what `pdp10 run` and SIMH load).
    pub(crate) fn dump_file(&mut self, name: &str) -> Done {
        if name.is_empty() {
            return Err(Fail::Bad);
        }
        let cpu = self.target.cpu();
        let words = dump(
            |a| cpu.read(a),
            cpu.memory_size() as u32,
            self.target.start_address(),
            &self.symbols,
        );
        std::fs::write(name, pdp10_isa::evacuated::encode(&words))
            .map_err(|e| Fail::Said(format!("{name}: {e}")))?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dump_loads_back() {
        let mem = |a: u32| {
            Some(Word::new(match a {
                0o100 => 0o201040_000005,
                0o101 => 0o254200_000000,
                0o200 => 7,
                _ => 0,
            }))
        };
        let symbols = SymbolTable::new([("GO", 0o100, false), ("X", 0o200, true)]);
        let words = dump(mem, 0o1000, 0o100, &symbols);
        let sblk = Sblk::parse(&words).unwrap();
        assert_eq!(sblk.start_address(), 0o100);
        let blocks: Vec<(u32, usize)> = sblk
            .blocks
            .iter()
            .map(|b| (b.address, b.words.len()))
            .collect();
        assert_eq!(blocks, [(0o100, 2), (0o200, 1)]);
        let mut names: Vec<(String, u64, bool)> = sblk
            .symbols()
            .into_iter()
            .map(|s| (s.name, s.value.raw(), s.flags & HALF_KILLED != 0))
            .collect();
        names.sort();
        assert_eq!(
            names,
            [("GO".into(), 0o100, false), ("X".into(), 0o200, true)]
        );
    }
}
