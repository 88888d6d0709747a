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
