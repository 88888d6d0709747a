//! The ITS system as the job sees it: the trap handler that answers the
//! system calls (UUOs 040-047, `doc/sysdoc/uuos.114`), the job's user
//! variables (`usets.120`) and DDT's part (`.BREAK`, `.VALUE`, JCL).

mod calls;
mod clock;
mod console;
mod core;
mod info;
mod interrupt;
pub(crate) use interrupt::{Given, PI_MPV, PI_PDL, PI_WRO};
mod iopdl;
mod load;
mod oper;
mod suset;
mod timer;
mod typein;

use crate::call_block::{self, BadBlock};
use crate::channel::{self, Channel, Device, Fault};
use crate::codes::{CallError, IocError};
use crate::loader::Image;
use crate::machine::{load, store, Machine, Mpv};
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

    fn close(&mut self, ch: usize) -> std::io::Result<()> {
        if let Some(mut channel) = self.channels[ch].take() {
            if let Device::Dsk(f) = &mut channel.device {
                f.finish()?;
            }
        }
        self.errors[ch] = 0;
        Ok(())
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

    fn where_(&self, pc: u32, instruction: Word) -> String {
        format!(
            "{}>>{}",
            self.image.symbolic(pc),
            disassemble(instruction, &NoSymbols)
        )
    }

    /// A fatal error of the program (exit status 2), in DDT's words.
    fn fatal(&self, tag: &str, pc: u32, instruction: Word, why: &str) -> Ending {
        Ending::Outcome(Outcome::ProgramError {
            pc,
            message: format!(
                "{tag}; {}   {why} at PC {pc:06o}",
                self.where_(pc, instruction)
            ),
        })
    }

    fn illegal(&self, pc: u32, instruction: Word, why: &str) -> Ending {
        self.class2.set(interrupt::PI_ILO);
        self.fatal("ILOPR", pc, instruction, why)
    }

    fn mpv(&self, pc: u32, instruction: Word, Mpv(address): Mpv) -> Ending {
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

    fn image_core_words(&self) -> usize {
        self.core_words
    }

    fn unimplemented(&self, pc: u32, instruction: Word, what: &str) -> Ending {
        Ending::Outcome(Outcome::Unimplemented {
            pc,
            message: format!(
                "{what} is not implemented: {}   at PC {pc:06o}",
                self.where_(pc, instruction)
            ),
        })
    }

    fn ioc(&mut self, pc: u32, instruction: Word, ch: usize, code: IocError) -> Ending {
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

    fn fault(&mut self, pc: u32, instruction: Word, ch: usize, f: Fault) -> Ending {
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

    /// Records a failing call's code in the channel's status word.
    fn fail(&mut self, ch: usize, code: CallError, file: Option<FileName>) {
        self.errors[ch] = (self.errors[ch] & !(0o77 << 18)) | ((code.0 as u64) << 18);
        self.vars.bchn = ch as u64;
        self.last_error = LastError { code: code.0, file };
        if self.log.is_some() {
            let _ = write!(self.note, " error {:o} ({})", code.0, code.message());
        }
    }

    fn status_word(&self, ch: usize) -> Word {
        let base = self.channels[ch].as_ref().map_or(0, |c| c.status().raw());
        Word::new(base | self.errors[ch])
    }

    // ----- the trap -----

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

    fn dot_iot(&mut self, m: &mut impl Machine, pc: u32, word: Word, ch: usize, e: u32) -> Step {
        let Some(channel) = self.channels[ch].as_ref() else {
            return Err(self.ioc(pc, word, ch, IocError::CHANNEL_NOT_OPEN));
        };
        if matches!(channel.device, channel::Device::Tty) {
            match self.typein_before_read(ch) {
                // Given on the way out; the .IOT runs again after it.
                Ok(true) => return Ok(Flow::Jump(pc)),
                Ok(false) => {}
                Err(f) => return Err(self.fault(pc, word, ch, f)),
            }
        }
        let Some(channel) = self.channels[ch].as_mut() else {
            return Err(self.ioc(pc, word, ch, IocError::CHANNEL_NOT_OPEN));
        };
        let result = channel::iot(m, channel, &mut self.terminal, e);
        match result {
            Ok(()) => {
                if self.log.is_some() {
                    if let Some(w) = m.read(e) {
                        let _ = write!(self.note, " {e:o}/ {w:?}");
                    }
                }
                Ok(Flow::Next)
            }
            Err(f) => Err(self.fault(pc, word, ch, f)),
        }
    }

    fn set_access(
        &mut self,
        pc: u32,
        word: Word,
        ch: usize,
        pointer: u64,
        uuo: bool,
    ) -> Result<(), Ending> {
        match self.channels[ch].as_mut() {
            None if uuo => Err(self.ioc(pc, word, ch, IocError::CHANNEL_NOT_OPEN)),
            None => Ok(()),
            Some(c) => {
                if let Device::Dsk(f) = &mut c.device {
                    f.pointer = pointer;
                }
                if self.log.is_some() {
                    let _ = write!(self.note, " channel {ch:o} pointer {pointer}");
                }
                Ok(())
            }
        }
    }

    fn open_channel(&mut self, ch: usize, name: FileName, mode: u32) -> Result<(), Ending> {
        if self.log.is_some() {
            if name.device.text() == "DSK" {
                let _ = write!(self.note, " {name}");
            } else {
                let _ = write!(self.note, " {}:", name.device);
            }
            let _ = write!(self.note, " mode {mode:o} on channel {ch:o}");
        }
        // Opening a channel closes what was open on it.
        self.close(ch)
            .map_err(|e| Ending::Host(crate::Error::io(None, e)))?;
        let opened = if name.device.text() == "ERR" {
            self.open_err(name, mode)
        } else {
            channel::open(&self.dsk, name, mode)
        };
        match opened {
            Ok(c) => {
                self.channels[ch] = Some(c);
                self.errors[ch] = 0;
            }
            Err(code) => self.fail(ch, code, Some(name)),
        }
        Ok(())
    }

    /// The ERR device (`_calls.127`, OPEN): FN1 1 explains the status of
    /// channel .BCHN, 2 of the channel FN2, 3 the status word FN2 itself, 4
    /// the error code FN2 of a failed .CALL. The text is ITS's message for
    /// each error field, each ending in CR LF, then a form feed.
    fn open_err(&self, name: FileName, mode: u32) -> Result<Channel, CallError> {
        if mode & (channel::MODE_OUTPUT | channel::MODE_IMAGE) != 0 {
            return Err(CallError::MODE_NOT_AVAILABLE);
        }
        let fn2 = name.fn2.0;
        let status = match name.fn1.0.raw() {
            1 => self.status_word(self.vars.bchn as usize & 0o17),
            2 => self.status_word(fn2.raw() as usize & 0o17),
            3 => fn2,
            4 => Word::from_halves(fn2.right(), fn2.left()),
            _ => return Err(CallError::MODE_NOT_AVAILABLE),
        };
        let s = status.raw();
        let mut text = String::new();
        // ITS's ERR1: the open loss field 220600, the IOC field 330400.
        let (open_loss, ioc) = ((s >> 18) & 0o77, (s >> 27) & 0o17);
        if open_loss != 0 {
            text.push_str(CallError(open_loss as u8).message());
            text.push_str("\r\n");
        }
        if ioc != 0 {
            text.push_str(IocError(ioc as u8).err_device_text());
            text.push_str("\r\n");
        }
        if s == 0 {
            text.push_str("ISE0\r\n");
        }
        text.push('\x0c');
        Ok(Channel {
            device: Device::Dsk(crate::dsk::DskFile::from_chars(text.as_bytes())),
            mode,
            name,
            escape: crate::tty::Escape::None,
            peeked: None,
        })
    }

    fn dot_open(&mut self, m: &mut impl Machine, pc: u32, word: Word, ch: usize, e: u32) -> Step {
        let mut block = [Word::ZERO; 3];
        for (k, slot) in block.iter_mut().enumerate() {
            *slot = load(m, (e + k as u32) & 0o777777).map_err(|f| self.mpv(pc, word, f))?;
        }
        let device = Sixbit::from_right_justified(block[0].right());
        let mut name = channel::resolve_device(device, self.vars.sname);
        name.fn1 = Sixbit(block[1]);
        name.fn2 = Sixbit(block[2]);
        let mode = block[0].left() as u32;
        if let Some(what) = channel::out_of_scope(&name, mode) {
            return Err(self.unimplemented(pc, word, &format!(".OPEN of {what}")));
        }
        self.open_channel(ch, name, mode)?;
        Ok(if self.channels[ch].is_some() {
            Flow::Skip
        } else {
            Flow::Next
        })
    }

    /// Stores an answer in accumulator `n` (ACs always exist).
    fn set_ac(&mut self, m: &mut impl Machine, n: u32, w: Word) -> Result<(), Ending> {
        m.write(n, w);
        if self.log.is_some() {
            let _ = write!(self.note, " AC {n:o} := {w:?}");
        }
        Ok(())
    }

    /// `.LOGOUT ac,` (and the LOGOUT call, as `.LOGOUT 1,`): closes the
    /// channels, installing output files, and ends the run. Any nonzero AC
    /// field asks DDT to kill the job (`uuos.114`); the shim also reads it
    /// as the host exit status plus one, so that `.LOGOUT 1,` is success
    /// and `.LOGOUT 2,`, `.LOGOUT 3,` report failure with status 1 and 2.
    fn dot_logout(&mut self, ac: u8) -> Ending {
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

    fn logout(&mut self) -> Ending {
        Ending::Outcome(Outcome::Finished {
            message: self.verbose.then(|| ":KILL".to_string()),
        })
    }

    // ----- .CALL family -----

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

    fn value(&mut self, m: &impl Machine, pc: u32, word: Word, e: u32) -> Ending {
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

    fn lose(&mut self, pc: u32, word: Word, code: u32) -> Ending {
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

    fn dot_break(&mut self, m: &mut impl Machine, pc: u32, word: Word, ac: u8, e: u32) -> Step {
        match ac {
            BREAK_RETURN => {
                let kill = e & BREAK_KILL != 0 && e & BREAK_QUIET == 0;
                Err(Ending::Outcome(Outcome::Finished {
                    message: (self.verbose && kill).then(|| ":KILL".to_string()),
                }))
            }
            BREAK_VARIABLES => {
                self.each_spec(m, pc, word, e, Self::break12)?;
                Ok(Flow::Next)
            }
            _ => Err(self.unimplemented(pc, word, &format!(".BREAK {ac:o}, (a DDT breakpoint)"))),
        }
    }

    /// Runs `f` on the spec word at `e`, or on each spec an AOBJN pointer
    /// at `e` points to when bit 4.8 is set (.SUSET and .BREAK 12).
    fn each_spec<M: Machine>(
        &mut self,
        m: &mut M,
        pc: u32,
        word: Word,
        e: u32,
        f: fn(&mut Self, &mut M, u32, Word, Word) -> Result<(), Ending>,
    ) -> Result<(), Ending> {
        let spec = load(m, e).map_err(|x| self.mpv(pc, word, x))?;
        if spec.raw() & 0o200000_000000 == 0 {
            return f(self, m, pc, word, spec);
        }
        let mut pointer = spec;
        while pointer.is_negative() {
            let s = load(m, pointer.right() as u32).map_err(|x| self.mpv(pc, word, x))?;
            f(self, m, pc, word, s)?;
            pointer = Word::new(pointer.raw().wrapping_add(0o000001_000001));
            store(m, e, pointer).map_err(|x| self.mpv(pc, word, x))?;
        }
        Ok(())
    }

    fn break12(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        spec: Word,
    ) -> Result<(), Ending> {
        let write = spec.is_negative();
        let kind = spec.left() & 0o177777;
        let at = spec.right() as u32;
        let mpv = |s: &Self, x| s.mpv(pc, word, x);
        match (kind, write) {
            (5, false) => {
                // ..RJCL: at least one word; then until a zero word has gone
                // or a non-zero word is about to be overwritten.
                let words = self.jcl.clone().unwrap_or_else(|| vec![Word::ZERO]);
                let mut i = 0usize;
                loop {
                    let w = words.get(i).copied().unwrap_or(Word::ZERO);
                    let a = (at + i as u32) & 0o777777;
                    store(m, a, w).map_err(|x| mpv(self, x))?;
                    i += 1;
                    if w.raw() == 0 {
                        break;
                    }
                    let next = (at + i as u32) & 0o777777;
                    if load(m, next).map_err(|x| mpv(self, x))?.raw() != 0 {
                        break;
                    }
                }
                if self.log.is_some() {
                    let _ = write!(self.note, " ..RJCL {i} words at {at:o}");
                }
                Ok(())
            }
            (5, true) => {
                self.jcl = None;
                self.vars.option &= !OPCMD;
                Ok(())
            }
            // ..RSTA/..SSTA: the start instruction (JRST addr, or 0 for
            // none), not just its address (ddt.33, .BREAK 12 type 1).
            (1, false) => store(m, at, self.image.start).map_err(|x| mpv(self, x)),
            (1, true) => {
                self.image.start = load(m, at).map_err(|x| mpv(self, x))?;
                Ok(())
            }
            (2, false) => {
                let n = self.loaded_name;
                for (k, w) in [n.device.0, n.dir.0, n.fn1.0, n.fn2.0]
                    .into_iter()
                    .enumerate()
                {
                    store(m, (at + k as u32) & 0o777777, w).map_err(|x| mpv(self, x))?;
                }
                Ok(())
            }
            (3, false) => {
                // ..RSTP: minus the length of DDT's symbol table for the
                // job (two words a symbol),,where it is in DDT, which
                // programs may not use (ddt.33): 0 here.
                let words = (2 * self.image.symbols.len() as u64) & 0o777777;
                let left = (0o1000000 - words) & 0o777777;
                store(m, at, Word::from_halves(left, 0)).map_err(|x| mpv(self, x))
            }
            (0o11, false) => store(m, at, self.vars.xuname.0).map_err(|x| mpv(self, x)),
            (0o12, false) => store(m, at, self.vars.xjname.0).map_err(|x| mpv(self, x)),
            _ => Err(self.unimplemented(pc, word, &format!(".BREAK 12, request {spec:?}"))),
        }
    }

    // ----- symbolic .CALL -----

    fn symbolic_call(&mut self, m: &mut impl Machine, pc: u32, word: Word, e: u32) -> Step {
        let block = match call_block::decode(m, e) {
            Ok(b) => b,
            Err(BadBlock::NotSetz(w)) => {
                return Err(self.illegal(
                    pc,
                    word,
                    &format!(
                        "illegal operation (.CALL block at {e:o} starts with {w:?}, not SETZ)"
                    ),
                ))
            }
            Err(BadBlock::Mpv(x)) => return Err(self.mpv(pc, word, x)),
            Err(BadBlock::TooManyArgs { error }) => {
                self.fail(0, CallError::TOO_MANY_ARGS, None);
                if let Some(a) = error {
                    store(m, a, Word::new(0o15)).map_err(|x| self.mpv(pc, word, x))?;
                }
                return Ok(Flow::Next);
            }
        };
        let name = block.name.text();
        if self.log.is_some() {
            let inputs: Vec<String> = block
                .inputs
                .iter()
                .map(|i| format!("{:?}", i.value))
                .collect();
            let _ = write!(self.note, " {name} [{}]", inputs.join(" "));
            if block.control != 0 {
                let _ = write!(self.note, " control {:o}", block.control);
            }
        }
        if name == "DISMIS" {
            return match self.dismis(m, &block) {
                Ok(to) => Ok(Flow::Jump(to)),
                Err(CallFailure::Fault {
                    fault: channel::Fault::Mpv(x),
                    ..
                }) => Err(self.mpv(pc, word, x)),
                Err(CallFailure::Error { code, .. }) => {
                    if let Some(a) = block.error {
                        store(m, a, Word::new(code.0 as u64)).map_err(|x| self.mpv(pc, word, x))?;
                    }
                    Ok(Flow::Next)
                }
                Err(_) => Err(self.unimplemented(pc, word, "DISMIS")),
            };
        }
        let result = if name == "USRVAR" {
            self.usrvar(m, pc, word, &block)
        } else {
            self.dispatch(m, &block, &name)
        };
        match result {
            Ok(values) => {
                block
                    .store_outputs(m, &values)
                    .map_err(|x| self.mpv(pc, word, x))?;
                if self.log.is_some() && !values.is_empty() {
                    let shown: Vec<String> = values
                        .iter()
                        .take(block.outputs.len())
                        .map(|v| format!("{v:?}"))
                        .collect();
                    if !shown.is_empty() {
                        let _ = write!(self.note, " -> {}", shown.join(" "));
                    }
                }
                Ok(Flow::Skip)
            }
            Err(CallFailure::Error {
                code,
                channel,
                file,
            }) => {
                self.fail(channel, code, file);
                if let Some(a) = block.error {
                    store(m, a, Word::new(code.0 as u64)).map_err(|x| self.mpv(pc, word, x))?;
                }
                Ok(Flow::Next)
            }
            Err(CallFailure::Recorded(code)) => {
                if let Some(a) = block.error {
                    store(m, a, Word::new(code.0 as u64)).map_err(|x| self.mpv(pc, word, x))?;
                }
                Ok(Flow::Next)
            }
            Err(CallFailure::NoSkip) => Ok(Flow::Next),
            Err(CallFailure::Fault { channel, fault }) => Err(self.fault(pc, word, channel, fault)),
            Err(CallFailure::Unimplemented(what)) => Err(self.unimplemented(pc, word, &what)),
            Err(CallFailure::End(ending)) => Err(ending),
        }
    }

    // ----- what the symbolic calls use -----

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
mod tests {
    use super::*;

    use crate::machine::tests::Core;
    use crate::names::tests::scratch;
    use crate::tty::{Input, Output};

    fn six(s: &str) -> Sixbit {
        Sixbit::new(s).unwrap()
    }

    fn system(jcl: Option<&str>) -> System {
        let dir = scratch("sys");
        std::fs::create_dir(dir.join("data")).unwrap();
        std::fs::write(dir.join("data/a.b"), "AB\n").unwrap();
        let mut vars = Vars::new(six("ME"), six("PROG"), six("DATA"), 0);
        vars.hsname = six("DATA");
        let terminal = Terminal::new(
            Input::Bytes(Default::default()),
            Output::Capture(Vec::new()),
        );
        let dsk = DskRoot::new(&dir).unwrap();
        System::new(
            dsk,
            terminal,
            vars,
            jcl,
            Clock::Fixed(0),
            Image::default(),
            FileName::default(),
        )
    }

    /// Runs the UUO `word` (at 100, effective address `e`): Ok(skipped).
    fn uuo(sys: &mut System, core: &mut Core, word: u64, e: u32) -> Result<bool, Outcome> {
        let trap = ka10::Trap {
            kind: ka10::TrapKind::MonitorUuo,
            pc: 0o100,
            instruction: Word::new(word),
            effective_address: e,
        };
        match sys.handle(core, trap) {
            Ok(ka10::Resume::Skip) => Ok(true),
            Ok(ka10::Resume::Next) => Ok(false),
            Ok(_) => panic!("unexpected resume"),
            Err(Ending::Outcome(o)) => Err(o),
            Err(Ending::Host(e)) => panic!("host error {e}"),
            Err(Ending::Reslice(_)) => panic!("unexpected reslice"),
        }
    }

    fn core() -> Core {
        Core(vec![Word::ZERO; 0o2000])
    }

    #[test]
    fn rjcl_stops_at_a_fence_or_a_zero_word() {
        let mut sys = system(Some("ABCDEFGHIJKLMNOP"));
        let mut c = core();
        c.0[0o300] = Word::new(0o000005_000200); // ..RJCL,,200
        c.0[0o203] = Word::new(0o777); // the fence
        assert_eq!(uuo(&mut sys, &mut c, 0o045500_000300, 0o300), Ok(false));
        let words = jcl_words("ABCDEFGHIJKLMNOP");
        assert_eq!(&c.0[0o200..0o203], &words[..3]);
        assert_eq!(c.0[0o203], Word::new(0o777), "the fence is kept");
        // No fence: up to and including the zero word.
        let mut c = core();
        c.0[0o300] = Word::new(0o000005_000200);
        uuo(&mut sys, &mut c, 0o045500_000300, 0o300).unwrap();
        assert_eq!(&c.0[0o200..0o205], &words[..]);
        // No JCL: one zero word.
        let mut sys = system(None);
        let mut c = core();
        c.0[0o300] = Word::new(0o000005_000200);
        c.0[0o200] = Word::new(5);
        uuo(&mut sys, &mut c, 0o045500_000300, 0o300).unwrap();
        assert_eq!(c.0[0o200], Word::ZERO);
        assert_eq!(c.0[0o201], Word::ZERO);
    }

    #[test]
    fn rstp_gives_minus_the_symbol_table_length() {
        let mut sys = system(None);
        sys.image.symbols = vec![(0o100, "GO".into()), (0o200, "LOOP".into())];
        let mut c = core();
        c.0[0o300] = Word::new(0o000003_000310); // ..RSTP,,310
        assert_eq!(uuo(&mut sys, &mut c, 0o045500_000300, 0o300), Ok(false));
        assert_eq!(c.0[0o310], Word::from_halves(0o777774, 0));
        sys.image.symbols.clear();
        uuo(&mut sys, &mut c, 0o045500_000300, 0o300).unwrap();
        assert_eq!(c.0[0o310], Word::ZERO);
    }

    #[test]
    fn suset_block_mode_updates_the_pointer() {
        let mut sys = system(None);
        let mut c = core();
        c.0[0o300] = Word::new(0o777776_000310); // -2,,310 with bit 4.8 set below
        c.0[0o300] = Word::new(c.0[0o300].raw() | 0o200000_000000);
        c.0[0o310] = Word::new(0o000004_000320); // .RUNAME,,320
        c.0[0o311] = Word::new(0o000005_000321); // .RJNAME,,321
        assert_eq!(uuo(&mut sys, &mut c, 0o043540_000300, 0o300), Ok(false));
        assert_eq!(c.0[0o320], six("ME").0);
        assert_eq!(c.0[0o321], six("PROG").0);
        assert_eq!(c.0[0o300].left() & 0o177777, 0, "counted out");
        // Writing .SNAME, then reading it back.
        c.0[0o330] = six("OTHER").0;
        c.0[0o301] = Word::new(0o400016_000330);
        uuo(&mut sys, &mut c, 0o043540_000301, 0o301).unwrap();
        assert_eq!(sys.vars.sname, six("OTHER"));
        // A variable ITS has but the shim does not keep.
        c.0[0o302] = Word::new(0o000070_000331); // .RMBOX
        assert!(matches!(
            uuo(&mut sys, &mut c, 0o043540_000302, 0o302),
            Err(Outcome::Unimplemented { .. })
        ));
    }

    #[test]
    fn call_open_errors_reach_the_program() {
        let mut sys = system(None);
        let mut c = core();
        let block = [
            0o400000_000000,
            six("OPEN").0.raw(),
            0o003000_000400, // %CLERR,,400
            0o001000_000002, // %CLIMM,,2
            0o000000_000401, // device at 401
            0o000000_000402,
            0o400000_000403,
        ];
        for (k, w) in block.iter().enumerate() {
            c.0[0o300 + k] = Word::new(*w);
        }
        c.0[0o401] = six("DSK").0;
        c.0[0o402] = six("NONE").0;
        c.0[0o403] = six("B").0;
        assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(false));
        assert_eq!(c.0[0o400], Word::new(4));
        assert_eq!(sys.status_word(2), Word::new(0o000004_000000));
        assert_eq!(sys.vars.bchn, 2);
        // The file that exists: skip, error argument zeroed.
        c.0[0o402] = six("A").0;
        assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(true));
        assert_eq!(c.0[0o400], Word::ZERO);
        assert_eq!(sys.status_word(2), Word::new(0o43), "DSK, unit ASCII input");
        // Too few arguments: 30.
        c.0[0o303] = Word::new(0o401000_000002);
        assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(false));
        assert_eq!(c.0[0o400], Word::new(0o30));
        // A name ITS does not have: 43; one it has: not implemented.
        c.0[0o301] = six("NOSUCH").0;
        assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(false));
        assert_eq!(c.0[0o400], Word::new(0o43));
        c.0[0o301] = six("DETACH").0;
        assert!(matches!(
            uuo(&mut sys, &mut c, 0o043000_000300, 0o300),
            Err(Outcome::Unimplemented { .. })
        ));
        // Not SETZ first: an illegal operation.
        c.0[0o300] = Word::ZERO;
        assert!(matches!(
            uuo(&mut sys, &mut c, 0o043000_000300, 0o300),
            Err(Outcome::ProgramError { .. })
        ));
    }

    #[test]
    fn non_ka10_opcodes_and_io_instructions_are_illegal() {
        let mut sys = system(None);
        let mut c = core();
        for (kind, word) in [
            (ka10::TrapKind::Unimplemented, 0o100000_000000u64),
            (ka10::TrapKind::Io, 0o700200_000000),
        ] {
            let trap = ka10::Trap {
                kind,
                pc: 0o100,
                instruction: Word::new(word),
                effective_address: 0,
            };
            match sys.handle(&mut c, trap) {
                Err(Ending::Outcome(Outcome::ProgramError { message, .. })) => {
                    assert!(message.starts_with("ILOPR; 100>>"), "{message}")
                }
                _ => panic!("{word:o} should be an illegal instruction"),
            }
        }
    }

    #[test]
    fn tty_status_and_uuo_errors() {
        let mut sys = system(None);
        let mut c = core();
        c.0[0o300] = Word::new(0o000001_646471); // .UAO,,'TTY
        assert_eq!(uuo(&mut sys, &mut c, 0o041040_000300, 0o300), Ok(true));
        uuo(&mut sys, &mut c, 0o046040_000310, 0o310).unwrap(); // .STATUS 1,310
        assert_eq!(c.0[0o310], Word::new(0o010102), "output, owned, display");
        // .IOT on a closed channel: an IOC error, fatal.
        assert!(matches!(
            uuo(&mut sys, &mut c, 0o040140_000001, 1),
            Err(Outcome::ProgramError { .. })
        ));
        // .USET: no USR channel can exist.
        assert!(matches!(
            uuo(&mut sys, &mut c, 0o044040_000300, 0o300),
            Err(Outcome::ProgramError { .. })
        ));
        // Opcode 050: no system call.
        assert!(matches!(
            uuo(&mut sys, &mut c, 0o050000_000000, 0),
            Err(Outcome::ProgramError { .. })
        ));
    }

    #[test]
    fn jcl_is_packed_ascii_ending_in_cr() {
        let words = jcl_words("PUZZL1");
        // "PUZZL" "1^M" then the zero word.
        assert_eq!(words.len(), 3);
        assert_eq!(words[0], pdp10_isa::evacuated::text_to_words(b"PUZZL")[0]);
        assert_eq!(words[1].raw(), (0o061u64 << 29) | (0o015 << 22));
        assert_eq!(words[2], Word::ZERO);
        assert_eq!(
            jcl_words("ABCD").len(),
            2,
            "ABCD^M fills one word, then zero"
        );
    }
}
