//! What a debugger (DDT) needs of a job beyond [`Job::run`]: the processor
//! to examine and change, and runs in slices that leave the job's files
//! open and stop at the traps the debugger picks (its breakpoints, which
//! are `.BREAK n,` instructions as in ITS DDT).

use crate::system::{Ending, System};
use crate::{Error, Image, Job, Outcome};
use ka10::{Cpu, Resume, Trap, TrapHandler};

/// Where a [`Job::run_slice`] stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slice {
    /// The instruction budget ran out; the job can go on from its PC.
    Budget,
    /// The debugger's `stop_at` chose this trap. The PC is left at the
    /// trapping instruction, which has not been executed.
    Caught(Trap),
    /// The job stopped as [`Job::run`] would have ended. After a `.VALUE`
    /// the PC is past it, so the job can be proceeded, as from ITS DDT.
    Ended(Outcome),
}

enum Stop {
    Caught(Trap),
    Ending(Ending),
}

/// The job's system, with the debugger's traps taken out first. Only
/// traps reach it, so the run loop is as fast as without a debugger.
struct Intercept<'a, F> {
    system: &'a mut System,
    stop_at: F,
}

impl<F: FnMut(&Trap) -> bool> TrapHandler for Intercept<'_, F> {
    type Stop = Stop;
    fn trap(&mut self, cpu: &mut Cpu, trap: Trap) -> Resume<Stop> {
        if (self.stop_at)(&trap) {
            return Resume::Stop(Stop::Caught(trap));
        }
        match self.system.handle(cpu, trap) {
            Ok(Resume::Next) => Resume::Next,
            Ok(Resume::Skip) => Resume::Skip,
            Ok(Resume::Jump(a)) => Resume::Jump(a),
            Ok(Resume::Stop(ending)) | Err(ending) => Resume::Stop(Stop::Ending(ending)),
        }
    }
}

impl Job {
    /// The processor, to examine and deposit in.
    pub fn cpu_mut(&mut self) -> &mut Cpu {
        &mut self.cpu
    }

    /// The program the job was made from (its start address and symbols).
    pub fn image(&self) -> &Image {
        &self.system.image
    }

    /// Runs at most `max_instructions`, stopping early at a trap for which
    /// `stop_at` says true, or when the job stops. Unlike [`Job::run`],
    /// files stay open: call [`Job::close_files`] when done with the job.
    pub fn run_slice<T: ka10::Tracer>(
        &mut self,
        max_instructions: u64,
        tracer: &mut T,
        stop_at: impl FnMut(&Trap) -> bool,
    ) -> Result<Slice, Error> {
        let mut handler = Intercept {
            system: &mut self.system,
            stop_at,
        };
        let result = self.cpu.run(&mut handler, tracer, max_instructions);
        Ok(match result {
            Ok(ka10::Exit::Handler(Stop::Caught(trap))) => {
                self.cpu.set_pc(trap.pc);
                Slice::Caught(trap)
            }
            Ok(ka10::Exit::Handler(Stop::Ending(Ending::Outcome(o)))) => {
                // Stopped by ^Z before the instruction did anything:
                // proceeding runs it again, as on ITS.
                if let Some(pc) = self.system.call_stop.take() {
                    self.cpu.set_pc(pc);
                }
                Slice::Ended(o)
            }
            Ok(ka10::Exit::Handler(Stop::Ending(Ending::Host(e)))) => return Err(e),
            // A .SUSET that enables %PIPDL ends the run so that it can be
            // sliced; DDT's slices go on from the PC it gives.
            Ok(ka10::Exit::Handler(Stop::Ending(Ending::Reslice(pc)))) => {
                self.cpu.set_pc(pc);
                Slice::Budget
            }
            Ok(ka10::Exit::Halt { pc }) => Slice::Ended(Outcome::ProgramError {
                pc,
                message: format!("the processor halted at PC {pc:06o}"),
            }),
            Err(e) if matches!(e.kind, ka10::ErrorKind::BudgetExhausted { .. }) => Slice::Budget,
            // A reference beyond core goes to the job's MPV handler, as
            // it does without DDT.
            Err(e) => match self.interrupt(&e, false) {
                Ok(true) => Slice::Budget,
                Ok(false) => Slice::Ended(self.cpu_error(e)),
                Err(Ending::Outcome(o)) => Slice::Ended(o),
                Err(Ending::Reslice(pc)) => {
                    self.cpu.set_pc(pc);
                    Slice::Budget
                }
                Err(Ending::Host(h)) => return Err(h),
            },
        })
    }

    /// Replaces the job's core with `image`, as DDT's `$L` loads a file
    /// into the job: memory cleared and sized for it, the PC at its start.
    /// The job's channels and the rest of its ITS state stay.
    pub fn load(&mut self, image: &Image) {
        // Pages the old core shared stop sharing before the new words go in.
        for page in 0..ka10::MAX_MEMORY / crate::loader::PAGE {
            self.cpu.unshare_page(page);
        }
        self.cpu.set_memory_size(0);
        for ac in 0..0o20 {
            self.cpu.set_ac(ac, pdp10_isa::Word::ZERO);
        }
        self.cpu.set_memory_size(image.core);
        for (address, words) in &image.blocks {
            for (k, w) in words.iter().enumerate() {
                self.cpu.write(address + k as u32, *w);
            }
        }
        self.cpu.set_pc(image.start_address());
        // A fresh page map: all private but the image's pure pages.
        for page in 0..ka10::MAX_MEMORY / crate::loader::PAGE {
            self.cpu.set_write_protected(page, false);
        }
        self.system.init_pages(self.cpu.memory_size());
        self.system.load_shared(&mut self.cpu, &image.shared);
        self.system.load_read_only(&mut self.cpu, &image.read_only);
        self.system.image = image.clone();
    }

    /// Writes and closes the job's open files, as ITS does when a job
    /// dies ([`Job::run`] does this itself).
    pub fn close_files(&mut self) -> Result<(), Error> {
        self.system.close_all().map_err(|e| Error::io(None, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::JobConfig;
    use pdp10_isa::Word;

    /// 100: MOVEI 1,5; 101: .BREAK 3,; 102: ADDI 1,1; 103: .VALUE; 104: .LOGOUT 1,
    fn image() -> Image {
        let words = [
            0o201040_000005u64,
            0o045140_000000,
            0o271040_000001,
            0o043200_000000,
            0o042040_000033,
        ];
        Image {
            blocks: vec![(0o100, words.iter().map(|&w| Word::new(w)).collect())],
            start: Word::new(0o254000_000100),
            core: crate::loader::PAGE,
            symbols: vec![],
            read_only: vec![],
            shared: vec![],
        }
    }

    #[test]
    fn slices_stop_at_the_chosen_trap_the_budget_and_value() {
        let dir = crate::names::tests::scratch("debug");
        let mut job = Job::new(&image(), JobConfig::captured(&dir, "T", None)).unwrap();
        assert_eq!(
            job.run_slice(1, &mut ka10::NoTrace, |_| true).unwrap(),
            Slice::Budget
        );
        assert_eq!(job.cpu().pc(), 0o101);
        let caught = job
            .run_slice(10, &mut ka10::NoTrace, |t| t.pc == 0o101)
            .unwrap();
        assert!(matches!(caught, Slice::Caught(t) if t.pc == 0o101));
        assert_eq!(job.cpu().pc(), 0o101, "left at the caught instruction");
        // Go on past it, as DDT does after putting the word back.
        job.cpu_mut().set_pc(0o102);
        let ended = job.run_slice(10, &mut ka10::NoTrace, |_| false).unwrap();
        assert!(
            matches!(ended, Slice::Ended(Outcome::Value { pc: 0o103, .. })),
            "{ended:?}"
        );
        assert_eq!(job.cpu().ac(1).raw(), 6);
        // A .VALUE can be proceeded: the next slice logs out.
        let ended = job.run_slice(10, &mut ka10::NoTrace, |_| false).unwrap();
        assert!(
            matches!(ended, Slice::Ended(Outcome::Finished { .. })),
            "{ended:?}"
        );
        job.close_files().unwrap();
        // $L: another program in the same job.
        let mut other = image();
        other.blocks = vec![(0o200, vec![Word::new(0o201040_000007)])];
        other.start = Word::new(0o254000_000200);
        job.load(&other);
        assert_eq!(job.cpu().pc(), 0o200);
        assert_eq!(job.cpu().read(0o100), Some(Word::ZERO));
        assert_eq!(job.cpu().ac(1), Word::ZERO);
        assert_eq!(job.cpu().read(0o200), Some(Word::new(0o201040_000007)));
        assert_eq!(job.image().start_address(), 0o200);
    }
}
