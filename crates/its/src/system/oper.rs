//! The `.OPER` family (opcode 042, the member chosen by E; uuos.114). Each
//! member is named from the one table in `crates/isa`.

use super::clock::Civil;
use super::{Ending, Flow, Step, System};
use crate::channel::{Channel, Device};
use crate::machine::Machine;
use crate::Clock;
use pdp10_isa::its::oper_number as n;
use pdp10_isa::{its, Instruction, Word};
use std::fmt::Write as _;

const ITYI: u32 = n(".ITYI");
const LISTEN: u32 = n(".LISTEN");
const SLEEP: u32 = n(".SLEEP");
const SETMSK: u32 = n(".SETMSK");
const SETM2: u32 = n(".SETM2");
const CLOSE: u32 = n(".CLOSE");
const IOPUSH: u32 = n(".IOPUSH");
const IOPOP: u32 = n(".IOPOP");
const RDTIME: u32 = n(".RDTIME");
const GETSYS: u32 = n(".GETSYS");
const LOGOUT: u32 = n(".LOGOUT");
const RESET: u32 = n(".RESET");
const RTIME: u32 = n(".RTIME");
const RDATE: u32 = n(".RDATE");
const RSYSI: u32 = n(".RSYSI");
const IOPDL: u32 = n(".IOPDL");
const ITYIC: u32 = n(".ITYIC");
const DIETIM: u32 = n(".DIETIM");
const EVAL: u32 = n(".EVAL");
const CBLK: u32 = n(".CBLK");
const RCHST: u32 = n(".RCHST");
const RYEAR: u32 = n(".RYEAR");
const RDATIM: u32 = n(".RDATIM");
const REALT: u32 = n(".REALT");
/// The display's members: with no 340 and no E&S display ITS assembles
/// each as URET, a plain return (its.1652, "ILLUO NON-RELEVANT SYSTEM
/// CALLS"; uuos.114: .DCLOSE "does nothing but return" for a job without
/// the display).
const DISPLAY: [u32; 5] = [
    n(".DCLOSE"),
    n(".DSTOP"),
    n(".DSTEP"),
    n(".DCONT"),
    n(".DWORD"),
];

impl System {
    /// The local date and time now (UTC with a fixed clock, so that
    /// reproducible runs do not depend on the host's zone).
    pub(super) fn civil_now(&self) -> Civil {
        let secs = self.seconds_now();
        match self.clock {
            Clock::Fixed(_) => Civil::at(secs, 0, false),
            Clock::Host => Civil::local(secs),
        }
    }

    pub(super) fn oper(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        ac: u8,
        e: u32,
    ) -> Step {
        let i = Instruction(word);
        let number = if i.indirect() || i.index() != 0 {
            e
        } else {
            i.y()
        };
        let a = ac as u32;
        let next = (a + 1) & 0o17;
        match number {
            // .ITYI: the console's, without a channel (obsolete): none.
            ITYI => Ok(Flow::Next),
            ITYIC => {
                let ch = m.read(a).map_or(0, |w| w.raw());
                match self.ityic(ch) {
                    Some(c) => {
                        self.set_ac(m, a, Word::new(c as u64))?;
                        Ok(Flow::Skip)
                    }
                    None => Ok(Flow::Next),
                }
            }
            LISTEN => {
                let n = self.tty_pending() as u64;
                self.set_ac(m, a, Word::new(n))?;
                Ok(Flow::Next)
            }
            SLEEP => {
                if !self.sleep(m, a)? {
                    // Stopped from outside, or a typed character is to
                    // interrupt: AC holds the wake-up time, so that the
                    // .SLEEP, run again, sleeps only the rest.
                    return Err(Ending::Reslice(pc));
                }
                Ok(Flow::Next)
            }
            SETMSK => {
                self.vars.mask = m.read(a).map_or(0, |w| w.raw());
                Ok(Flow::Next)
            }
            SETM2 => {
                self.vars.mask = m.read(a).map_or(0, |w| w.raw());
                self.vars.msk2 = m.read(next).map_or(0, |w| w.raw());
                Ok(Flow::Next)
            }
            CLOSE => {
                if self.log.is_some() {
                    let _ = write!(self.note, " channel {a:o}");
                }
                self.close(a as usize)
                    .map_err(|e| Ending::Host(crate::Error::io(None, e)))?;
                Ok(Flow::Next)
            }
            IOPUSH => self.iopush(pc, word, a as usize).map(|_| Flow::Next),
            IOPOP => self.iopop(pc, word, a as usize).map(|_| Flow::Next),
            IOPDL => self.iopdl_reset().map(|_| Flow::Next),
            RDTIME => {
                let t = self.thirtieths();
                self.set_ac(m, a, Word::new(t))?;
                Ok(Flow::Next)
            }
            GETSYS => self.getsys(m, pc, word, a),
            LOGOUT => Err(self.dot_logout(ac)),
            RESET => {
                // "exactly like the symbolic system call RESET" (uuos.114):
                // only a TTY *input* channel throws away typed-ahead input.
                if let Some(Channel {
                    device: Device::Tty,
                    mode,
                    ..
                }) = &self.channels[a as usize]
                {
                    if mode & crate::channel::MODE_OUTPUT == 0 {
                        self.reset_tty_input();
                    }
                }
                Ok(Flow::Next)
            }
            RTIME => {
                let now = self.civil_now();
                self.set_ac(m, a, now.sixbit_time())?;
                Ok(Flow::Next)
            }
            RDATE => {
                let now = self.civil_now();
                self.set_ac(m, a, now.sixbit_date())?;
                Ok(Flow::Next)
            }
            RDATIM => {
                // One reading for both, so that midnight cannot fall between.
                let now = self.civil_now();
                self.set_ac(m, a, now.sixbit_time())?;
                self.set_ac(m, next, now.sixbit_date())?;
                Ok(Flow::Next)
            }
            RYEAR => {
                let now = self.civil_now();
                self.set_ac(m, a, Word::new(now.ryear()))?;
                Ok(Flow::Next)
            }
            RSYSI => {
                self.set_ac(m, a, super::info::SYSTEM_VERSION.0)?;
                Ok(Flow::Next)
            }
            DIETIM => {
                // -1: the system does not intend to go down (as SSTATU's
                // first value).
                self.set_ac(m, a, Word::new(pdp10_isa::WORD_MASK))?;
                Ok(Flow::Next)
            }
            EVAL => self.eval(m, pc, a),
            REALT => {
                let w = m.read(a).unwrap_or(Word::ZERO);
                match self.realt(m, w) {
                    Ok(super::timer::Seized::Yes) => Ok(Flow::Skip),
                    Ok(super::timer::Seized::No) => Ok(Flow::Next),
                    Err(super::timer::RealtError::Mpv(x)) => Err(self.mpv(pc, word, x)),
                    Err(super::timer::RealtError::Illegal(what)) => Err(self.illegal(
                        pc,
                        word,
                        &format!("illegal operation (.REALT with a bad {what})"),
                    )),
                }
            }
            RCHST => {
                // AC: channel,,address of five words; the device name is
                // right-justified there (uuos.114).
                let w = m.read(a).unwrap_or(Word::ZERO);
                let ch = w.left() as usize;
                if ch > 0o17 {
                    return Err(self.illegal(pc, word, "illegal operation (.RCHST of no channel)"));
                }
                let mut vals = super::calls::rchst(self, ch);
                vals[0] = Word::from_halves(0, crate::sixbit::Sixbit(vals[0]).right_justified());
                for (k, v) in vals.into_iter().enumerate() {
                    crate::machine::store(m, (w.right() as u32 + k as u32) & 0o777777, v)
                        .map_err(|x| self.mpv(pc, word, x))?;
                }
                Ok(Flow::Next)
            }
            CBLK => {
                let w = m.read(a).unwrap_or(Word::ZERO);
                match self.cblk(m, w) {
                    Ok(true) => Ok(Flow::Skip),
                    Ok(false) => Ok(Flow::Next),
                    Err(super::CallFailure::Unimplemented(what)) => {
                        Err(self.unimplemented(pc, word, &what))
                    }
                    Err(_) => Ok(Flow::Next),
                }
            }
            n if DISPLAY.contains(&n) => {
                self.note(" no display on this machine");
                Ok(Flow::Next)
            }
            n => match its::OPER_FAMILY.iter().find(|(_, k)| *k == n) {
                Some((name, _)) => Err(self.unimplemented(pc, word, name)),
                None => {
                    Err(self.illegal(pc, word, &format!("illegal instruction (no .OPER {n:o})")))
                }
            },
        }
    }

    /// Sleeps as `.SLEEP AC,` asks; false when a stop was asked from
    /// outside first, with AC set as ITS leaves it for an interrupted
    /// `.SLEEP`: minus the system time to wake up at (uuos.114, `.HANG`).
    fn sleep(&mut self, m: &mut impl Machine, a: u32) -> Result<bool, Ending> {
        let t = m.read(a).map_or(0, |w| w.signed());
        let now = self.thirtieths();
        let wake = if t >= 0 {
            now.saturating_add(t as u64)
        } else {
            t.unsigned_abs()
        };
        if matches!(self.clock, Clock::Fixed(_)) {
            return Ok(true);
        }
        self.terminal
            .flush()
            .map_err(|e| Ending::Host(crate::Error::io(None, e)))?;
        loop {
            let now = self.thirtieths();
            if now >= wake {
                return Ok(true);
            }
            if self.stop_asked() || self.typein_ready() {
                // Past 35 bits the time cannot be stored: the job would
                // sleep for ever anyway.
                let left = wake.min(0o377777_777777) as i64;
                self.set_ac(m, a, Word::from_i64(-left))?;
                return Ok(false);
            }
            // A look at the stop flag at least every 50 ms.
            let ms = ((wake - now) * 1000 / 30).clamp(1, 50);
            std::thread::sleep(std::time::Duration::from_millis(ms));
        }
    }
}
