//! How a job's run ends or stops with an error: the fatal errors in DDT's
//! words (illegal instructions, memory protection, I/O channel errors),
//! `.VALUE`, `.LOSE` and `.LOGOUT`.

use super::{interrupt, Ending, System};
use crate::channel::Fault;
use crate::codes::{CallError, IocError};
use crate::machine::{Machine, Mpv};
use crate::Outcome;
use pdp10_isa::{disassemble, NoSymbols, Word};

impl System {
    pub(super) fn where_(&self, pc: u32, instruction: Word) -> String {
        format!(
            "{}>>{}",
            self.image.symbolic(pc),
            disassemble(instruction, &NoSymbols)
        )
    }

    /// A fatal error of the program (exit status 2), in DDT's words.
    pub(super) fn fatal(&self, tag: &str, pc: u32, instruction: Word, why: &str) -> Ending {
        Ending::Outcome(Outcome::ProgramError {
            pc,
            message: format!(
                "{tag}; {}   {why} at PC {pc:06o}",
                self.where_(pc, instruction)
            ),
        })
    }

    pub(super) fn illegal(&self, pc: u32, instruction: Word, why: &str) -> Ending {
        self.class2.set(interrupt::PI_ILO);
        self.fatal("ILOPR", pc, instruction, why)
    }

    pub(super) fn mpv(&self, pc: u32, instruction: Word, Mpv(address): Mpv) -> Ending {
        self.class2.set(interrupt::PI_MPV);
        self.fatal(
            "MPV",
            pc,
            instruction,
            &format!(
                "memory reference to {address:o}, beyond the job's core (first {:o} words),",
                self.image_core_words()
            ),
        )
    }

    pub(super) fn unimplemented(&self, pc: u32, instruction: Word, what: &str) -> Ending {
        Ending::Outcome(Outcome::Unimplemented {
            pc,
            message: format!(
                "{what} is not implemented: {}   at PC {pc:06o}",
                self.where_(pc, instruction)
            ),
        })
    }

    pub(super) fn ioc(&mut self, pc: u32, instruction: Word, ch: usize, code: IocError) -> Ending {
        // _calls.127 STATUS: the I/O channel error in 4.5-4.1 (ITS's
        // IOCERX deposits it with byte pointer 330600; 4.9-4.6 stay zero).
        self.errors[ch] = (self.errors[ch] & !(0o77 << 27)) | ((code.0 as u64) << 27);
        self.vars.bchn = ch as u64;
        self.class2.set(interrupt::PI_IOC);
        self.fatal(
            "IOC",
            pc,
            instruction,
            &format!(
                "I/O channel error {:o} on channel {ch:o} ({}){}",
                code.0,
                code.message(),
                if code == IocError::DEVICE_FULL {
                    ": the job's DSK quota is used up (pdp10 run --dsk-quota)"
                } else {
                    ""
                }
            ),
        )
    }

    pub(super) fn fault(&mut self, pc: u32, instruction: Word, ch: usize, f: Fault) -> Ending {
        match f {
            Fault::Mpv(m) => self.mpv(pc, instruction, m),
            Fault::Ioc(c) => self.ioc(pc, instruction, ch, c),
            Fault::Host(e) => Ending::Host(crate::Error::io(None, e)),
            // ITS would wait for a character for ever (tty.rs): the run
            // ends here, as a program error, rather than hang or spin.
            Fault::InputEnded => self.fatal(
                "TTY INPUT ENDED",
                pc,
                instruction,
                "the job reads the terminal again after the end of its input (given as ^C)",
            ),
            Fault::Call => self.call_typed(pc, instruction),
        }
    }

    /// ^Z typed: ITS stops the job and DDT, its superior, takes the
    /// terminal and prints where it stopped (ddt.33: "DDT notices the
    /// fatal interrupt and takes control"). The job is stopped, not
    /// killed, as by a `.VALUE`: with no DDT here the run ends so (exit 1),
    /// in DDT's words.
    pub(crate) fn call_typed(&self, pc: u32, instruction: Word) -> Ending {
        self.call_stop.set(Some(pc));
        Ending::Outcome(Outcome::Value {
            pc,
            message: format!(
                "^Z; {}   the job was stopped by ^Z (CALL) at PC {pc:06o}; ITS gives the terminal to DDT, and there is none",
                self.where_(pc, instruction)
            ),
        })
    }

    pub(super) fn lose(&mut self, pc: u32, word: Word, code: u32) -> Ending {
        let why = match code {
            0o1000..=0o1777 => {
                let err = if code & 0o377 != 0 {
                    (code & 0o77) as u8
                } else {
                    self.last_error.code
                };
                let mut s = format!(".LOSE {code:o}: {}", CallError(err).message());
                if code & 0o400 != 0 {
                    if let Some(f) = self.last_error.file {
                        s = format!(".LOSE {code:o}: {f} - {}", CallError(err).message());
                    }
                }
                s
            }
            _ => format!(".LOSE {code:o}"),
        };
        // A .LOSE where a failed .EVAL returned: say what it asked.
        let why = match &self.eval_miss {
            Some((at, name)) if (at + 1) & 0o777777 == pc => format!(
                "{why} (after .EVAL of {name}, a location inside the running ITS, which the shim does not have)"
            ),
            _ => why,
        };
        self.vars.val = ((pc as u64) << 18) | code as u64;
        self.fatal("ERROR", pc, word, &why)
    }

    // ----- .BREAK -----

    pub(super) fn value(&mut self, m: &impl Machine, pc: u32, word: Word, e: u32) -> Ending {
        if e == 0 {
            return Ending::Outcome(Outcome::Value {
                pc,
                message: format!(".VAL 0; {}   .VALUE at PC {pc:06o}", self.where_(pc, word)),
            });
        }
        // E points at ASCIZ DDT commands.
        let mut text = String::new();
        let mut a = e;
        'words: while text.len() < 1000 {
            let Some(w) = m.read(a) else { break };
            for k in 0..5 {
                let c = ((w.raw() >> (29 - 7 * k)) & 0o177) as u8;
                if c == 0 {
                    break 'words;
                }
                text.push(c as char);
            }
            a = (a + 1) & 0o777777;
        }
        let commands = text.trim().to_ascii_uppercase();
        if commands == ":KILL" || commands == "\u{1b}\u{1b}U" {
            return self.logout();
        }
        Ending::Outcome(Outcome::Value {
            pc,
            message: format!(
                ".VALUE; {}   at PC {pc:06o}, asking DDT to do {text:?}",
                self.where_(pc, word)
            ),
        })
    }

    /// `.LOGOUT ac,` (and the LOGOUT call, as `.LOGOUT 1,`): closes the
    /// channels, installing output files, and ends the run. Any nonzero AC
    /// field asks DDT to kill the job (`uuos.114`); the shim also reads it
    /// as the host exit status plus one, so that `.LOGOUT 1,` is success
    /// and `.LOGOUT 2,`, `.LOGOUT 3,` report failure with status 1 and 2.
    pub(super) fn dot_logout(&mut self, ac: u8) -> Ending {
        if let Err(e) = self.close_all() {
            return Ending::Host(crate::Error::io(None, e));
        }
        match ac {
            0 | 1 => self.logout(),
            n => Ending::Outcome(Outcome::Failed {
                status: n - 1,
                message: self.verbose.then(|| ":KILL".to_string()),
            }),
        }
    }

    pub(super) fn logout(&mut self) -> Ending {
        Ending::Outcome(Outcome::Finished {
            message: self.verbose.then(|| ":KILL".to_string()),
        })
    }

    // ----- .CALL family -----
}
