//! Running the job: `$G`, `$P` with proceed counts, the breakpoints put
//! in while it runs and taken out when it stops, Ctrl-C, and what DDT types
//! when the job stops.

use crate::session::{rh, Break, Done, Fail, Session, SLICE};
use crate::target::{Stop, Target};
use pdp10_isa::Word;
use std::io::Write;
use std::sync::atomic::{AtomicBool, Ordering};

impl<T: Target, W: Write> Session<T, W> {
    // ----- running -----

    /// `$G`, `ADDR$G`.
    pub(crate) fn go(&mut self, arg: Option<u64>, interrupt: &AtomicBool) -> Done {
        if self.dead {
            return Err(Fail::Bad);
        }
        let start = arg.map_or(self.target.start_address(), rh);
        self.target.cpu_mut().set_pc(start);
        self.stopped_at = None;
        self.run(interrupt)
    }

    /// `$P`, `N$P`: N is the proceed count of the breakpoint the job
    /// stopped at (DDT ORDER: "<n>$P").
    pub(crate) fn proceed_command(&mut self, arg: Option<u64>, interrupt: &AtomicBool) -> Done {
        if self.dead {
            return Err(Fail::Bad);
        }
        if let Some(b) = self.stopped_at.and_then(|n| self.breaks[n].as_mut()) {
            b.count = arg.map_or(1, |n| (n as u32).max(1));
        }
        self.run(interrupt)
    }

    /// Puts the break words in; returns the addresses that hold them.
    pub(crate) fn insert_breaks(&mut self) -> Vec<(usize, u32, Word)> {
        let mut inserted = Vec::new();
        for n in 0..8 {
            let Some(b) = self.breaks[n] else { continue };
            let word = self.target.break_word(n + 1);
            let cpu = self.target.cpu_mut();
            if let Some(original) = cpu.read(b.address) {
                if cpu.write(b.address, word) {
                    inserted.push((n, b.address, original));
                }
            }
        }
        inserted
    }

    /// Puts the original words back (DDT ORDER: "Breakpoint <n>
    /// Clobbered" when the program changed one).
    pub(crate) fn remove_breaks(&mut self, inserted: &[(usize, u32, Word)]) -> Done {
        for &(n, address, original) in inserted.iter().rev() {
            let word = self.target.break_word(n + 1);
            let cpu = self.target.cpu_mut();
            if cpu.read(address) == Some(word) {
                cpu.write(address, original);
            } else {
                self.out.fresh_line()?;
                self.out
                    .text(&format!("Breakpoint {} Clobbered\n", n + 1))?;
            }
        }
        Ok(())
    }

    pub(crate) fn break_at(&self, address: u32) -> Option<usize> {
        self.breaks
            .iter()
            .position(|b| b.is_some_and(|b| b.address == address))
    }

    /// Runs the job until it stops, a breakpoint's count runs out, or
    /// `interrupt`.
    pub(crate) fn run(&mut self, interrupt: &AtomicBool) -> Done {
        self.stopped_at = None;
        self.open = None;
        self.out.w.flush()?;
        loop {
            // Off a broken location first, with the original word in place.
            let pc = self.target.cpu().pc();
            let stop = if self.break_at(pc).is_some() {
                match self.target.run(1, &[])? {
                    Stop::Budget => match self.break_at(self.target.cpu().pc()) {
                        Some(n) => Stop::Breakpoint(self.breaks[n].map_or(0, |b| b.address)),
                        None => self.run_slice()?,
                    },
                    stop => stop,
                }
            } else {
                self.run_slice()?
            };
            match stop {
                Stop::Budget => {
                    if interrupt.swap(false, Ordering::SeqCst) {
                        return self.interrupted();
                    }
                }
                Stop::Breakpoint(address) => {
                    let Some(n) = self.break_at(address) else {
                        continue;
                    };
                    let b = self.breaks[n].as_mut().expect("break_at found it");
                    b.count = b.count.saturating_sub(1);
                    if b.count > 0 {
                        if interrupt.swap(false, Ordering::SeqCst) {
                            return self.interrupted();
                        }
                        continue;
                    }
                    b.count = 1;
                    self.stopped_at = Some(n);
                    self.show_output()?;
                    self.out.fresh_line()?;
                    let text = format!("${}B; {}   ", n + 1, self.where_is(address));
                    self.out.text(&text)?;
                    self.open_operands(address)?;
                    return Ok(());
                }
                stop @ Stop::Stopped { .. } => return self.stopped(stop),
            }
        }
    }

    pub(crate) fn run_slice(&mut self) -> Result<Stop, Fail> {
        let inserted = self.insert_breaks();
        let addresses: Vec<u32> = inserted.iter().map(|&(_, a, _)| a).collect();
        let stop = self.target.run(SLICE, &addresses);
        self.remove_breaks(&inserted)?;
        Ok(stop?)
    }

    /// The job's captured output, before DDT types anything.
    pub(crate) fn show_output(&mut self) -> Done {
        let output = self.target.take_output();
        if !output.is_empty() {
            self.out.text(&String::from_utf8_lossy(&output))?;
        }
        Ok(())
    }

    /// Ctrl-C: DDT types `PC)   INSTRUCTION` (DDT ORDER, "Returning to
    /// DDT", case 1).
    pub(crate) fn interrupted(&mut self) -> Done {
        self.show_output()?;
        self.out.fresh_line()?;
        let pc = self.target.cpu().pc();
        let text = self.where_is(pc).replacen(">>", ")   ", 1);
        self.out.text(&format!("^Z\n{text}   "))?;
        Ok(())
    }

    pub(crate) fn stopped(&mut self, stop: Stop) -> Done {
        self.show_output()?;
        if let Stop::Stopped {
            message,
            status,
            dead,
            ..
        } = stop
        {
            self.status = status;
            if dead {
                self.dead = true;
                self.target.finish()?;
            }
            self.out.fresh_line()?;
            match message {
                Some(m) => self.out.text(&format!("{m}   "))?,
                None if dead => self.out.text(":KILL   ")?,
                None => {}
            }
        }
        Ok(())
    }

    // ----- breakpoints -----

    /// `ADDR$B`, `ADDR$nB`, `$B` (list), `0$B` and `$$B` (clear all),
    /// `0$nB` (clear n), `ADDR$0B` (clear at ADDR).
    pub(crate) fn breakpoint_command(
        &mut self,
        arg: Option<u64>,
        n: Option<u32>,
        alts2: bool,
    ) -> Done {
        match (arg, n) {
            (None, None) if alts2 => self.breaks = [None; 8],
            (None, None) => self.list_breaks()?,
            (Some(0), None) => self.breaks = [None; 8],
            (Some(0), Some(n @ 1..=8)) => self.breaks[n as usize - 1] = None,
            (Some(a), Some(0)) => {
                if let Some(i) = self.break_at(rh(a)) {
                    self.breaks[i] = None;
                }
            }
            (Some(a), n) => {
                let address = rh(a);
                if self.target.cpu().read(address).is_none() {
                    return Err(Fail::Bad);
                }
                let slot = match n {
                    Some(n @ 1..=8) => n as usize - 1,
                    Some(_) => return Err(Fail::Bad),
                    None => match self.break_at(address) {
                        Some(i) => i,
                        None => self
                            .breaks
                            .iter()
                            .position(Option::is_none)
                            .ok_or(Fail::Bad)?,
                    },
                };
                if let Some(old) = self.break_at(address) {
                    self.breaks[old] = None;
                }
                self.breaks[slot] = Some(Break { address, count: 1 });
            }
            (None, Some(_)) => return Err(Fail::Bad),
        }
        Ok(())
    }

    pub(crate) fn list_breaks(&mut self) -> Done {
        for n in 0..8 {
            if let Some(b) = self.breaks[n] {
                let name = self.temp.address(b.address, &self.symbols);
                self.out.fresh_line()?;
                self.out.text(&format!("{name}${}B", n + 1))?;
            }
        }
        Ok(())
    }
}

/// Whether an instruction uses its AC and the memory word at E, for
/// opening them when DDT shows it as the next to run (DDT's PCPNU, on by
/// default on display terminals): immediate, jump and shift instructions
/// use no memory word; JRST, JFCL, XCT and JSR no AC; UUOs and I/O neither.
pub(crate) fn operands_used(w: Word) -> (bool, bool) {
    let op = (w.raw() >> 27) as u16;
    let immediate = op & 3 == 1;
    let memory = match op {
        0o000..=0o127 | 0o700..=0o777 => return (false, false),
        0o132 => false,        // FSC
        0o130..=0o177 => true, // floating, byte
        0o200..=0o237 | 0o270..=0o277 => !immediate,
        0o240..=0o247 | 0o252 | 0o253 => false, // shifts, AOBJP/N
        0o250 | 0o251 | 0o256 | 0o261 | 0o262 | 0o266 => true,
        0o254 | 0o255 | 0o257 | 0o260 | 0o263..=0o265 | 0o267 => false,
        0o300..=0o307 | 0o320..=0o327 | 0o340..=0o347 | 0o360..=0o367 => false,
        0o310..=0o377 => true,
        0o400..=0o577 => !immediate,
        _ => op & 0o10 != 0, // TDxx, TSxx; TRxx and TLxx are immediate
    };
    // JUMP, SKIP, AOJ, AOS, SOJ, SOS with AC 0 leave the ACs alone.
    let no_ac = (0o320..=0o377).contains(&op) && (w.raw() >> 23) & 0o17 == 0;
    let ac = !no_ac && !matches!(op, 0o254 | 0o255 | 0o256 | 0o264);
    (ac, memory)
}

impl<T: Target, W: Write> Session<T, W> {
    /// Opens the AC and the memory word the instruction at `pc` uses, as
    /// DDT does after typing it (`   C/   14   EMP+52/   2   `).
    pub(crate) fn open_operands(&mut self, pc: u32) -> Done {
        let Some(w) = self.target.cpu().read(pc) else {
            return Ok(());
        };
        let (ac, memory) = operands_used(w);
        let i = pdp10_isa::Instruction(w);
        if ac {
            let n = i.ac() as u32;
            let name = match self.symbols.exact(n) {
                Some(s) if !self.temp.absolute => s.to_string(),
                _ => self.temp.number(n as u64),
            };
            self.out.text(&format!("{name}/"))?;
            self.open_at(n, None)?;
        }
        if memory {
            if let Some(e) = self.target.cpu().effective_address(w) {
                let name = self.temp.address(e, &self.symbols);
                self.out.text(&format!("{name}/"))?;
                self.open_at(e, None)?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::operands_used;
    use pdp10_isa::Word;

    #[test]
    fn which_operands_an_instruction_uses() {
        let uses = |w: u64| operands_used(Word::new(w));
        assert_eq!(uses(0o200040_000100), (true, true)); // MOVE 1,100
        assert_eq!(uses(0o201040_000100), (true, false)); // MOVEI
        assert_eq!(uses(0o254000_000100), (false, false)); // JRST
        assert_eq!(uses(0o260740_000100), (true, false)); // PUSHJ P,
        assert_eq!(uses(0o350000_000100), (false, true)); // AOS
        assert_eq!(uses(0o350040_000100), (true, true)); // AOS 1,
        assert_eq!(uses(0o367040_000100), (true, false)); // SOJG
        assert_eq!(uses(0o310040_000100), (true, true)); // CAM
        assert_eq!(uses(0o302040_000100), (true, false)); // CAIE
        assert_eq!(uses(0o602040_000001), (true, false)); // TRNE
        assert_eq!(uses(0o612040_000100), (true, true)); // TDNE
        assert_eq!(uses(0o040040_000100), (false, false)); // .IOT
        assert_eq!(uses(0o700200_000000), (false, false)); // CONO
        assert_eq!(uses(0o436040_000100), (true, true)); // IORM
        assert_eq!(uses(0o435040_000100), (true, false)); // IORI
    }
}
