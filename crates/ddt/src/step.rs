//! `^N` (single step) and `$X` (execute one typed instruction): both run
//! one instruction with the breakpoints out and show what it changed.

use crate::session::{Done, Fail, Session};
use crate::target::{Stop, Target};
use crate::typeout::TypeOut;
use ka10::Cpu;
use pdp10_isa::{Instruction, Word};
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

/// Steps shown one by one; more are run quietly, and only where they
/// ended is shown.
const SHOWN_STEPS: u64 = 16;

/// What an instruction can change: the ACs, its operand and the word
/// after it (double words), and the top of the stack its AC points at.
struct Snapshot {
    words: Vec<(u32, Option<Word>)>,
}

impl Snapshot {
    fn take(cpu: &Cpu, instruction: Word) -> Snapshot {
        let mut addresses: Vec<u32> = (0..0o20).collect();
        if let Some(e) = cpu.effective_address(instruction) {
            addresses.extend([e, (e + 1) & 0o777777]);
        }
        let ac = cpu.ac(Instruction(instruction).ac()).right() as u32;
        addresses.extend([ac, (ac + 1) & 0o777777]);
        addresses.sort_unstable();
        addresses.dedup();
        Snapshot {
            words: addresses.into_iter().map(|a| (a, cpu.read(a))).collect(),
        }
    }

    /// The words that differ now.
    fn changes(&self, cpu: &Cpu) -> Vec<(u32, Word)> {
        self.words
            .iter()
            .filter_map(|&(a, before)| {
                let now = cpu.read(a)?;
                (before != Some(now)).then_some((a, now))
            })
            .collect()
    }
}

impl<T: Target, W: Write> Session<T, W> {
    /// `   NAME/   VALUE` for each change.
    fn show_changes(&mut self, changes: &[(u32, Word)]) -> Done {
        let symbolic = TypeOut {
            mode: self.temp.mode,
            ..self.temp
        };
        let mut text = String::new();
        for &(a, w) in changes {
            let name = match self.symbols.exact(a) {
                Some(s) if a < 0o20 => s.to_string(),
                _ => self.temp.address(a, &self.symbols),
            };
            text.push_str(&format!("   {name}/   {}", symbolic.word(w, &self.symbols)));
        }
        self.out.text(&text)?;
        Ok(())
    }

    /// `^N`, `N^N`: executes N instructions, showing for each (up to
    /// [`SHOWN_STEPS`]) what changed, then where the job stands.
    pub(crate) fn step(&mut self, n: u64, interrupt: &AtomicBool) -> Done {
        if self.dead() {
            return Err(Fail::Bad);
        }
        self.close();
        for k in 0..n {
            let cpu = self.target.cpu();
            let pc = cpu.pc();
            let word = cpu.read(pc).unwrap_or_default();
            let before = Snapshot::take(cpu, word);
            let stop = self.target.run(1, &[])?;
            if !matches!(stop, Stop::Budget) {
                return self.stopped(stop);
            }
            if n <= SHOWN_STEPS {
                let changes = before.changes(self.target.cpu());
                self.show_changes(&changes)?;
                if k + 1 < n {
                    self.out.text("\n")?;
                    let here = self.where_is(self.target.cpu().pc());
                    self.out.text(&here)?;
                }
            }
            if interrupt.swap(false, Ordering::SeqCst) {
                break;
            }
        }
        self.out.text("\n")?;
        let pc = self.target.cpu().pc();
        let here = self.where_is(pc);
        self.out.text(&format!("{here}   "))?;
        self.open_operands(pc)
    }

    /// `INSN$X`: executes `instruction` in the job's core (DDT ORDER:
    /// "$X executes a specified instruction"), typing `<SKIP>` if it
    /// skips. It runs from a word at the top of core, put back after.
    pub(crate) fn execute(&mut self, instruction: u64) -> Done {
        if self.dead() {
            return Err(Fail::Bad);
        }
        let w = Word::new(instruction);
        let cpu = self.target.cpu_mut();
        let top = cpu.memory_size() as u32 - 1;
        let e = cpu.effective_address(w);
        // A word the instruction does not use itself.
        let place = if e == Some(top) || e == Some(top - 1) {
            top - 2
        } else {
            top
        };
        let saved = cpu.read(place).unwrap_or_default();
        let pc = cpu.pc();
        let before = Snapshot::take(cpu, w);
        cpu.write(place, w);
        cpu.set_pc(place);
        let stop = self.target.run(1, &[]);
        let cpu = self.target.cpu_mut();
        let after = cpu.pc();
        cpu.write(place, saved);
        cpu.set_pc(pc);
        let stop = stop?;
        if !matches!(stop, Stop::Budget) {
            return self.stopped(stop);
        }
        let mut changes = before.changes(self.target.cpu());
        changes.retain(|&(a, _)| a != place);
        self.show_changes(&changes)?;
        if after == (place + 2) & 0o777777 {
            self.out.text("   <SKIP>")?;
        }
        self.out.text("   ")?;
        Ok(())
    }
}
