//! The ITS system as the job sees it: the trap handler that answers the
//! system calls (UUOs 040-047, `doc/sysdoc/uuos.114`), the job's user
//! variables (`usets.120`) and DDT's part (`.BREAK`, `.VALUE`, JCL).

mod calls;
mod clock;
mod console;
mod core;
mod ddt;
mod endings;
mod files;
mod info;
mod interrupt;
pub(crate) use interrupt::{Given, PI_MPV, PI_PDL, PI_WRO};
mod iopdl;
mod load;
mod oper;
mod suset;
mod timer;
mod typein;

use crate::channel::{Channel, Fault};
use crate::codes::{CallError, IocError};
use crate::loader::Image;
use crate::machine::{load, store, Machine};
use crate::names::{DskRoot, FileName};
use crate::sixbit::Sixbit;
use crate::tty::Terminal;
use crate::{Clock, Outcome};
use pdp10_isa::{disassemble, its, Instruction, NoSymbols, Word};
use std::fmt::Write as _;
use std::io::Write;
use std::time::Instant;

/// %OPCMD: the superior has JCL for the job (a left-half bit of .OPTION).
pub const OPCMD: u64 = its::bit_symbol("%OPCMD") << 18;
/// %OPBRK: the superior handles every .BREAK.
pub const OPBRK: u64 = its::bit_symbol("%OPBRK") << 18;
/// %OPDDT: the superior is DDT.
pub const OPDDT: u64 = its::bit_symbol("%OPDDT") << 18;

/// The ITS UUOs by name, from the one table in `crates/isa`.
const IOT: u16 = its::uuo_number(".IOT");
const OPEN: u16 = its::uuo_number(".OPEN");
const OPER: u16 = its::uuo_number(".OPER");
const CALL: u16 = its::uuo_number(".CALL");
const USET: u16 = its::uuo_number(".USET");
const BREAK: u16 = its::uuo_number(".BREAK");
const STATUS: u16 = its::uuo_number(".STATUS");
const ACCESS: u16 = its::uuo_number(".ACCESS");

/// Members of the `.CALL` family (selected by the AC field) by name.
const SYMBOLIC_CALL: u8 = its::call_number(".CALL");
const DISMIS: u8 = its::call_number(".DISMIS");
const LOSE: u8 = its::call_number(".LOSE");
const VALUE: u8 = its::call_number(".VALUE");
const CORE: u8 = its::call_number(".CORE");
const DSTART: u8 = its::call_number(".DSTART");
const FDELE: u8 = its::call_number(".FDELE");
const DSTRTL: u8 = its::call_number(".DSTRTL");
const LTPEN: u8 = its::call_number(".LTPEN");
const SUSET: u8 = its::call_number(".SUSET");
/// `.BREAK` ACs DDT understands (ddt.33; they have no symbols in ITS):
/// 12 reads and writes DDT's variables, 16 returns to DDT. In the address
/// of a `.BREAK 16,`, bits 2.6 and 2.5 ask DDT to kill the job and bit 2.3
/// to say nothing about it (no ":KILL").
const BREAK_VARIABLES: u8 = 0o12;
const BREAK_RETURN: u8 = 0o16;
const BREAK_KILL: u32 = 0o060000;
const BREAK_QUIET: u32 = 0o004000;
/// `.CALL 17,`: the one AC with no name (itsdfs.8 stops at .POTSET, 16).
const CALL_17: u8 = its::CALL_FAMILY[its::CALL_FAMILY.len() - 1].1;

/// How a run ends from inside a system call.
pub enum Ending {
    /// The job is done (normally or not).
    Outcome(Outcome),
    /// The host failed.
    Host(crate::Error),
    /// Not an ending: the job enabled the pushdown-overflow interrupt, so
    /// the run goes on in slices from this address.
    Reslice(u32),
}

/// What a system call does to the program's flow.
enum Flow {
    Next,
    Skip,
    /// Go on at this address (an interrupt handler, `.DISMIS`).
    Jump(u32),
}

type Step = Result<Flow, Ending>;

/// The job's user variables that the shim keeps (`doc/sysdoc/usets.120`).
pub(crate) struct Vars {
    pub uname: Sixbit,
    pub jname: Sixbit,
    pub sname: Sixbit,
    pub xuname: Sixbit,
    pub xjname: Sixbit,
    pub hsname: Sixbit,
    pub option: u64,
    pub mask: u64,
    pub msk2: u64,
    pub val: u64,
    pub bchn: u64,
    pub forty_addr: u64,
    /// .TTY: the job has its console (%TBNOT clear).
    pub tty: u64,
    /// Pending word 1 and word 2 interrupts.
    pub pirqc: u64,
    pub ifpir: u64,
    /// Deferred interrupts, words 1 and 2.
    pub df1: u64,
    pub df2: u64,
    /// .PICLR: interrupts may be taken.
    pub piclr: bool,
    pub sv40: u64,
    pub mara: u64,
    pub marpc: u64,
    /// .UUOH: the PC word as of the last system call, as the JSR at 41
    /// saved it (flags,,the PC after the call).
    pub suuoh: u64,
    pub mpva: u64,
    /// .WHO1, .WHO2, .WHO3: the who-line the job asks for.
    pub who: [u64; 3],
}

impl Vars {
    /// A new job's variables, as usets.120 gives them initially.
    pub fn new(uname: Sixbit, jname: Sixbit, sname: Sixbit, option: u64) -> Vars {
        Vars {
            uname,
            jname,
            sname,
            xuname: uname,
            xjname: jname,
            hsname: sname,
            option,
            mask: 0,
            msk2: 0,
            val: 0,
            bchn: 0,
            forty_addr: 0o40,
            tty: 0,
            pirqc: 0,
            ifpir: 0,
            df1: 0,
            df2: 0,
            piclr: true,
            sv40: 0,
            mara: 0,
            marpc: 0,
            suuoh: 0,
            mpva: 0,
            who: [0; 3],
        }
    }
}

/// The last failing call, for `.LOSE %LSSYS`/`%LSFIL` messages.
#[derive(Clone, Debug, Default)]
struct LastError {
    code: u8,
    file: Option<FileName>,
}

/// The ITS system around one job: its channels, devices and variables.
pub struct System {
    pub(crate) dsk: DskRoot,
    pub(crate) terminal: Terminal,
    channels: [Option<Channel>; 16],
    /// Error bits of each channel's status word (open-loss code, IOC code).
    errors: [u64; 16],
    pub(crate) vars: Vars,
    jcl: Option<Vec<Word>>,
    clock: Clock,
    started: Instant,
    pub(crate) log: Option<Box<dyn Write + Send>>,
    pub(crate) log_registers: bool,
    pub(crate) verbose: bool,
    pub(crate) image: Image,
    pub(crate) loaded_name: FileName,
    last_error: LastError,
    /// The job's core, in words (for messages).
    pub(crate) core_words: usize,
    /// What the current call did, for the system-call log.
    note: String,
    /// The page map beside the processor's memory.
    pages: [core::Page; core::PAGES],
    /// The console's TTY variables.
    console: console::Console,
    /// The I/O push-down list.
    iopdl: Vec<iopdl::Entry>,
    /// Typed characters that interrupted, not yet read by `.ITYIC`.
    ityic: std::collections::VecDeque<u8>,
    /// Typed-character interrupts still to be made pending, one each
    /// time the bit is given (typein.rs).
    typein_owed: u32,
    /// The class 2 interrupt the ending being built stands for (MPV,
    /// ILOPR, IOC), which a handler may take instead.
    class2: std::cell::Cell<u64>,
    /// Raised from outside (Ctrl-C) to stop the run: looked at after each
    /// system call and while `.SLEEP` waits, so that neither a long sleep
    /// nor a run of slow calls keeps the stop waiting ([`Job::set_stop_flag`]).
    pub(crate) stop_flag: Option<std::sync::Arc<std::sync::atomic::AtomicBool>>,
    /// The real-time facility (.REALT).
    realt: timer::Realt,
    /// When .RTMR runs out, in run-time nanoseconds; `None` when off.
    rtmr_deadline: Option<u64>,
    /// The last half second of real time the slow clock was looked at in
    /// while the job had %PICLK enabled (`None` while it has not).
    slow_clock_seen: Option<u64>,
    /// The last `.EVAL` that found no symbol: its PC and the symbol.
    eval_miss: Option<(u32, String)>,
    /// Where ^Z stopped the job (the instruction it was at, to run again
    /// when DDT proceeds).
    pub(crate) call_stop: std::cell::Cell<Option<u32>>,
}

/// Packs text as JCL: ASCII, five characters a word, ended by CR, with at
/// least one zero word after it.
pub fn jcl_words(text: &str) -> Vec<Word> {
    let mut chars: Vec<u8> = text.bytes().map(|b| b & 0o177).collect();
    chars.push(0o015);
    let mut words: Vec<Word> = chars
        .chunks(5)
        .map(|c| {
            let mut v = 0u64;
            for k in 0..5 {
                v = (v << 7) | *c.get(k).unwrap_or(&0) as u64;
            }
            Word::new(v << 1)
        })
        .collect();
    words.push(Word::ZERO);
    words
}

impl System {
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn new(
        dsk: DskRoot,
        terminal: Terminal,
        vars: Vars,
        jcl: Option<&str>,
        clock: Clock,
        image: Image,
        loaded_name: FileName,
    ) -> System {
        System {
            dsk,
            terminal,
            channels: Default::default(),
            errors: [0; 16],
            vars,
            jcl: jcl.map(jcl_words),
            clock,
            started: Instant::now(),
            log: None,
            log_registers: false,
            verbose: false,
            image,
            loaded_name,
            last_error: LastError::default(),
            core_words: 0,
            note: String::new(),
            pages: [core::Page::Absent; core::PAGES],
            console: console::Console::new(false, 24, 80),
            iopdl: Vec::new(),
            ityic: std::collections::VecDeque::new(),
            typein_owed: 0,
            class2: std::cell::Cell::new(0),
            stop_flag: None,
            realt: timer::Realt::default(),
            rtmr_deadline: None,
            slow_clock_seen: None,
            eval_miss: None,
            call_stop: std::cell::Cell::new(None),
        }
    }

    /// Whether a stop was asked from outside ([`System::stop_flag`]).
    pub(crate) fn stop_asked(&self) -> bool {
        self.stop_flag
            .as_ref()
            .is_some_and(|f| f.load(std::sync::atomic::Ordering::Relaxed))
    }

    /// Closes every channel (as ITS does when a job goes away), writing
    /// output files.
    pub(crate) fn close_all(&mut self) -> std::io::Result<()> {
        for ch in 0..16 {
            self.close(ch)?;
        }
        self.terminal.flush()
    }

    /// Drops every channel without installing output files, as ITS does
    /// for a job that dies with files open: the old files stay.
    pub(crate) fn discard_all(&mut self) -> std::io::Result<()> {
        self.channels = Default::default();
        self.errors = [0; 16];
        self.terminal.flush()
    }

    fn seconds_now(&self) -> u64 {
        match self.clock {
            Clock::Fixed(secs) => secs,
            Clock::Host => std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_secs()),
        }
    }

    /// The job's run time in 4-microsecond units (.RUNT): the emulated
    /// processor's time for the instructions it has executed.
    fn run_time(instructions: u64) -> u64 {
        Self::run_ns(instructions) / 4000
    }

    /// Whether the run must go in short slices: the job has enabled the
    /// pushdown-overflow interrupt or set a timer.
    pub(crate) fn needs_slices(&self) -> bool {
        self.wants_pdl_overflow() || self.timers_set()
    }

    /// Whether the job has enabled the pushdown-overflow interrupt.
    pub(crate) fn wants_pdl_overflow(&self) -> bool {
        self.vars.mask & PI_PDL != 0
    }

    /// Marks the first `words` of memory (the loaded program's core) as
    /// the job's private pages.
    pub(crate) fn init_pages(&mut self, words: usize) {
        let pages = words.div_ceil(crate::loader::PAGE);
        for (k, p) in self.pages.iter_mut().enumerate() {
            *p = if k < pages {
                core::Page::Writable
            } else {
                core::Page::Absent
            };
        }
        self.core_words = words;
    }

    fn thirtieths(&self) -> u64 {
        match self.clock {
            Clock::Fixed(_) => 0,
            Clock::Host => (self.started.elapsed().as_millis() as u64 * 30) / 1000,
        }
    }

    // ----- endings -----

    fn image_core_words(&self) -> usize {
        self.core_words
    }

    /// Answers one trap.
    pub(crate) fn handle(
        &mut self,
        m: &mut impl Machine,
        trap: ka10::Trap,
    ) -> Result<ka10::Resume<Ending>, Ending> {
        let (pc, word, e) = (trap.pc, trap.instruction, trap.effective_address);
        if self.log.is_some() {
            self.note.clear();
            if self.log_registers {
                self.log_acs(m);
            }
        }
        self.class2.set(0);
        let was_sliced = self.needs_slices();
        let wanted_pdl = self.wants_pdl_overflow();
        let mut step = match trap.kind {
            ka10::TrapKind::MonitorUuo => self.uuo(m, pc, word, e),
            ka10::TrapKind::Unimplemented => {
                Err(self.illegal(pc, word, "illegal instruction (not a KA10 opcode)"))
            }
            ka10::TrapKind::Io => self.user_iot(m, pc, word, e),
        };
        // A class 2 error the job handles becomes a jump to its handler.
        let bit = self.class2.take();
        if bit != 0 && matches!(step, Err(Ending::Outcome(_))) {
            let next = (pc + 1) & 0o777777;
            if let interrupt::Given::Handler(a) = self.signal(m, bit, pc, next, true)? {
                step = Ok(Flow::Jump(a));
            }
        }
        if let Some(log) = &mut self.log {
            let result = match &step {
                Ok(Flow::Next) => "no skip".to_string(),
                Ok(Flow::Skip) => "skip".to_string(),
                Ok(Flow::Jump(a)) => format!("jump to {a:o}"),
                Err(Ending::Outcome(o)) => format!("stop (exit {})", o.exit_status()),
                Err(Ending::Host(e)) => format!("host error: {e}"),
                Err(Ending::Reslice(a)) => format!("go on at {a:o}"),
            };
            let line = format!(
                "{pc:06o}  {:<24}{} => {result}\n",
                disassemble(word, &NoSymbols).to_string(),
                self.note
            );
            if let Err(e) = log.write_all(line.as_bytes()) {
                return Err(Ending::Host(crate::Error::io(None, e)));
            }
        }
        if self.vars.mask & timer::PI_CLK == 0 {
            self.slow_clock_seen = None;
        }
        // %PIPDL is class 3, "not even signaled" while disabled
        // (intrup.108): an overflow from before this call enabled it is
        // forgotten, not given at the next slice's end.
        if !wanted_pdl && self.wants_pdl_overflow() {
            m.clear_pushdown_overflow();
        }
        let to = match step {
            Ok(Flow::Next) => (pc + 1) & 0o777777,
            Ok(Flow::Skip) => (pc + 2) & 0o777777,
            Ok(Flow::Jump(a)) => a,
            Err(ending) => return Err(ending),
        };
        // Interrupts the call made pending or enabled are taken before the
        // job's next instruction, as ITS takes them on the way out of a
        // call.
        let step = match self.give(m, to)? {
            Some(handler) => Ok(Flow::Jump(handler)),
            None => step,
        };
        // A stop asked during the call (a slow one, or many) is taken
        // now, between instructions, rather than at the end of the slice.
        if (!was_sliced && self.needs_slices()) || self.stop_asked() {
            let to = match step {
                Ok(Flow::Jump(a)) => a,
                _ => to,
            };
            return Err(Ending::Reslice(to));
        }
        match step {
            Ok(Flow::Next) => Ok(ka10::Resume::Next),
            Ok(Flow::Skip) => Ok(ka10::Resume::Skip),
            Ok(Flow::Jump(a)) => Ok(ka10::Resume::Jump(a)),
            Err(ending) => Err(ending),
        }
    }

    /// An I/O instruction in user mode. ITS simulates the ones its device
    /// table (DCHNTB in `its.1652`) allows every job: on a KA10, DATAI and
    /// BLKI of the APR, which read the console data switches (the shim's
    /// switches are all off: 0), and CONI, CONSZ and CONSO of the APR,
    /// which read the processor's status (the shim has none to give: not
    /// implemented). Every other one is an illegal operation.
    fn user_iot(&mut self, m: &mut impl Machine, pc: u32, word: Word, e: u32) -> Step {
        let raw = word.raw();
        let is_iot = raw >> 33 == 7;
        let device = (raw >> 26) & 0o177;
        let function = (raw >> 23) & 7;
        const BLKI: u64 = 0;
        const DATAI: u64 = 1;
        const CONI: u64 = 5;
        if !is_iot || device != 0 {
            return Err(self.illegal(
                pc,
                word,
                "illegal instruction (I/O instructions are not available to a job)",
            ));
        }
        match function {
            DATAI => {
                store(m, e, Word::ZERO).map_err(|x| self.mpv(pc, word, x))?;
                self.note(" data switches 0");
                Ok(Flow::Next)
            }
            BLKI => {
                let p = load(m, e).map_err(|x| self.mpv(pc, word, x))?;
                let p = Word::new(p.raw().wrapping_add(0o000001_000001) & pdp10_isa::WORD_MASK);
                store(m, e, p).map_err(|x| self.mpv(pc, word, x))?;
                store(m, p.right() as u32, Word::ZERO).map_err(|x| self.mpv(pc, word, x))?;
                self.note(" data switches 0");
                Ok(if p.left() != 0 { Flow::Skip } else { Flow::Next })
            }
            CONI.. => Err(self.unimplemented(
                pc,
                word,
                "reading the APR's status (ITS gives a job CONI APR; the shim has no processor status to give)",
            )),
            _ => Err(self.illegal(
                pc,
                word,
                "illegal instruction (ITS lets a job only read the APR)",
            )),
        }
    }

    fn log_acs(&mut self, m: &impl Machine) {
        let Some(log) = &mut self.log else { return };
        let acs: Vec<String> = (0..16)
            .map(|n| {
                m.read(n)
                    .map_or("?".into(), |w| format!("{:o},,{:o}", w.left(), w.right()))
            })
            .collect();
        let _ = writeln!(log, "        ACs 0-7:   {}", acs[..8].join(" "));
        let _ = writeln!(log, "        ACs 10-17: {}", acs[8..].join(" "));
    }

    fn uuo(&mut self, m: &mut impl Machine, pc: u32, word: Word, e: u32) -> Step {
        // ITS's UUO trap is a JSR at 41 into SUUOH (its.1652).
        self.vars.suuoh = Word::from_halves(m.flags() as u64, (pc as u64 + 1) & 0o777777).raw();
        let i = Instruction(word);
        let ac = i.ac();
        match i.opcode() {
            IOT => self.dot_iot(m, pc, word, ac as usize, e),
            OPEN => self.dot_open(m, pc, word, ac as usize, e),
            OPER => self.oper(m, pc, word, ac, e),
            CALL => self.call_family(m, pc, word, ac, e),
            USET => {
                // .USET needs a job open on the USR device; no such channel
                // can exist here.
                Err(self.ioc(pc, word, ac as usize, IocError(0o7)))
            }
            BREAK => self.dot_break(m, pc, word, ac, e),
            STATUS => {
                let status = self.status_word(ac as usize);
                store(m, e, status).map_err(|f| self.mpv(pc, word, f))?;
                if self.log.is_some() {
                    let _ = write!(self.note, " status {status:?}");
                }
                Ok(Flow::Next)
            }
            ACCESS => {
                let pointer = load(m, e).map_err(|f| self.mpv(pc, word, f))?;
                self.set_access(pc, word, ac as usize, pointer.raw(), true)?;
                Ok(Flow::Next)
            }
            _ => self.user_uuo(m, pc, word, e),
        }
    }

    /// A UUO that is no system call (opcode 000 or 050-077): ITS gives it
    /// to the job (USRUUO in `its.1652`) as the processor gives opcodes
    /// 001-037, when location 41 (after .40ADDR) holds a JSR or an opcode
    /// 0 with a nonzero address: the UUO (its E computed, I and X
    /// cleared) goes into 40, the return PC into the handler's first word,
    /// and the job goes on after it. Otherwise it is an illegal operation.
    fn user_uuo(&mut self, m: &mut impl Machine, pc: u32, word: Word, e: u32) -> Step {
        let forty = self.vars.forty_addr as u32 & 0o777777;
        let handler = load(m, (forty + 1) & 0o777777).map_err(|x| self.mpv(pc, word, x))?;
        const JSR: u64 = 0o264000;
        let h = handler.right() as u32;
        if (handler.left() != JSR && handler.left() != 0) || h == 0 {
            return Err(self.illegal(
                pc,
                word,
                "illegal instruction (no such system call, and 41 holds no UUO handler)",
            ));
        }
        let uuo = Word::new((word.raw() & 0o777740_000000) | e as u64);
        let back = m.resume_pc().unwrap_or((pc + 1) & 0o777777);
        store(m, forty, uuo).map_err(|x| self.mpv(pc, word, x))?;
        let pc_word = Word::from_halves(m.flags() as u64, back as u64);
        store(m, h, pc_word).map_err(|x| self.mpv(pc, word, x))?;
        self.note(&format!(" user UUO to {h:o}"));
        Ok(Flow::Jump((h + 1) & 0o777777))
    }

    // ----- channels -----

    /// Stores an answer in accumulator `n` (ACs always exist).
    fn set_ac(&mut self, m: &mut impl Machine, n: u32, w: Word) -> Result<(), Ending> {
        m.write(n, w);
        if self.log.is_some() {
            let _ = write!(self.note, " AC {n:o} := {w:?}");
        }
        Ok(())
    }

    fn call_family(&mut self, m: &mut impl Machine, pc: u32, word: Word, ac: u8, e: u32) -> Step {
        match ac {
            SYMBOLIC_CALL => self.symbolic_call(m, pc, word, e),
            DISMIS => {
                let to = self.dot_dismis(m, e).map_err(|x| self.mpv(pc, word, x))?;
                Ok(Flow::Jump(to))
            }
            LOSE => Err(self.lose(pc, word, e)),
            VALUE => Err(self.value(m, pc, word, e)),
            CORE => {
                if self.log.is_some() {
                    let _ = write!(self.note, " {e:o} pages");
                }
                if e > 0o400 {
                    return Ok(Flow::Next);
                }
                self.set_core_pages(m, e as usize);
                Ok(Flow::Skip)
            }
            FDELE => match calls::fdele(self, m, e) {
                Ok(_) => Ok(Flow::Skip),
                Err(CallFailure::Error {
                    code,
                    channel,
                    file,
                }) => {
                    self.fail(channel, code, file);
                    Ok(Flow::Next)
                }
                Err(CallFailure::Fault { channel, fault }) => {
                    Err(self.fault(pc, word, channel, fault))
                }
                Err(CallFailure::Unimplemented(what)) => Err(self.unimplemented(pc, word, &what)),
                Err(CallFailure::End(ending)) => Err(ending),
                Err(CallFailure::Recorded(_) | CallFailure::NoSkip) => Ok(Flow::Next),
            },
            SUSET => {
                self.suset(m, pc, word, e)?;
                Ok(Flow::Next)
            }
            // A system with no 340 display (this one) assembles ADSTART,
            // ADSTL and ALTPEN as URET, the return without a skip
            // (its.1652, "ILLUO NON-RELEVANT SYSTEM CALLS"); uuos.114's
            // %PIILO is not what the code does. .DSTART's failure is also
            // what a 340 that is not available gives (itsdev.977 ADSDVN).
            DSTART | DSTRTL | LTPEN => {
                self.note(" no display on this machine");
                Ok(Flow::Next)
            }
            CALL_17 => Err(self.illegal(pc, word, "illegal instruction (no such system call)")),
            _ => Err(self.unimplemented(pc, word, its::CALL_FAMILY[ac as usize].0)),
        }
    }

    pub(crate) fn channel_number(&self, w: Word) -> Result<usize, CallFailure> {
        let ch = w.right();
        if ch > 0o17 {
            return Err(CallFailure::error(CallError::BAD_CHANNEL, 0));
        }
        Ok(ch as usize)
    }

    pub(crate) fn channel_and_terminal(
        &mut self,
        ch: usize,
    ) -> Option<(&mut Channel, &mut Terminal)> {
        Some((self.channels[ch].as_mut()?, &mut self.terminal))
    }

    /// Characters known to wait on the console: the host's, and those a
    /// %TIPEK read left on a TTY channel.
    pub(crate) fn tty_pending(&mut self) -> usize {
        let peeked = self
            .channels
            .iter()
            .flatten()
            .filter(|c| c.peeked.is_some())
            .count();
        self.terminal.pending() + peeked
    }

    /// Forgets console input not yet read, peeked characters too.
    pub(crate) fn reset_tty_input(&mut self) {
        for c in self.channels.iter_mut().flatten() {
            c.peeked = None;
        }
        self.terminal.reset_input();
    }

    pub(crate) fn channel_mut(&mut self, ch: usize) -> Option<&mut Channel> {
        self.channels[ch].as_mut()
    }

    pub(crate) fn note(&mut self, text: &str) {
        if self.log.is_some() {
            self.note.push_str(text);
        }
    }
}

/// How a symbolic call fails.
pub(crate) enum CallFailure {
    /// An ITS error code: no skip, code stored.
    Error {
        code: CallError,
        channel: usize,
        file: Option<FileName>,
    },
    /// An error code already recorded in the channel's status.
    Recorded(CallError),
    /// No skip and no error code (LOGOUT of an inferior, ...).
    #[allow(dead_code)]
    NoSkip,
    /// The job stops on an interrupt.
    Fault { channel: usize, fault: Fault },
    /// A call or argument form ITS has but the shim does not.
    Unimplemented(String),
    /// The job ends.
    End(Ending),
}

impl CallFailure {
    pub(crate) fn error(code: CallError, channel: usize) -> CallFailure {
        CallFailure::Error {
            code,
            channel,
            file: None,
        }
    }
}

#[cfg(test)]
#[path = "system_tests.rs"]
mod tests;
