//! `.SUSET`: the job's own user variables (`doc/sysdoc/usets.120`). Each is
//! named from the one table in `crates/isa` (`.RPICLR`), never by number.

use super::{CallFailure, Ending, System};
use crate::call_block::CallBlock;
use crate::codes::CallError;
use crate::machine::{load, store, Machine};
use crate::sixbit::Sixbit;
use pdp10_isa::its::uset_number as n;
use pdp10_isa::Word;
use std::fmt::Write as _;

const UPC: u32 = n(".RUPC");
const VAL: u32 = n(".RVAL");
const TTY: u32 = n(".RTTY");
const UNAME: u32 = n(".RUNAME");
const JNAME: u32 = n(".RJNAME");
const MASK: u32 = n(".RMASK");
const PIRQC: u32 = n(".RPIRQC");
const MEMT: u32 = n(".RMEMT");
const SV40: u32 = n(".RSV40");
const IPIRQ: u32 = n(".RIPIRQ");
const APIRQ: u32 = n(".RAPIRQ");
const SNAM: u32 = n(".RSNAM");
const PICLR: u32 = n(".RPICLR");
const MARA: u32 = n(".RMARA");
const MARPC: u32 = n(".RMARPC");
const UUOH: u32 = n(".RUUOH");
const UIND: u32 = n(".RUIND");
const RUNT: u32 = n(".RRUNT");
const MSK2: u32 = n(".RMSK2");
const IFPIR: u32 = n(".RIFPIR");
const CNSL: u32 = n(".RCNSL");
const IIFPI: u32 = n(".RIIFPI");
const AIFPI: u32 = n(".RAIFPI");
const IMASK: u32 = n(".RIMASK");
const AMASK: u32 = n(".RAMASK");
const IMSK2: u32 = n(".RIMSK2");
const AMSK2: u32 = n(".RAMSK2");
const JPC: u32 = n(".RJPC");
const OPC: u32 = n(".ROPC");
const RTMR: u32 = n(".RRTMR");
const HSNAM: u32 = n(".RHSNAM");
const BCHN: u32 = n(".RBCHN");
const MPVA: u32 = n(".RMPVA");
const IDF1: u32 = n(".RIDF1");
const ADF1: u32 = n(".RADF1");
const IDF2: u32 = n(".RIDF2");
const ADF2: u32 = n(".RADF2");
const DF1: u32 = n(".RDF1");
const DF2: u32 = n(".RDF2");
const OPTION: u32 = n(".ROPTION");
const FORTY_ADDR: u32 = n(".R40ADDR");
const WHO1: u32 = n(".RWHO1");
const WHO3: u32 = n(".RWHO3");
const XUNAME: u32 = n(".RXUNAME");
const XJNAME: u32 = n(".RXJNAME");
const IOS: u32 = n(".RIOS");
const LAST: u32 = n(".RSERVER");

/// The user index the job has (one job, one index); `.UIND` reads it.
pub(crate) const USER_INDEX: u64 = 0o7;
/// The console's TTY number (`.CNSL`): the job has terminal 0.
const CONSOLE: u64 = 0;

impl System {
    pub(super) fn suset(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        e: u32,
    ) -> Result<(), Ending> {
        self.each_spec(m, pc, word, e, Self::suset_one)
    }

    fn suset_one(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        spec: Word,
    ) -> Result<(), Ending> {
        let var = (spec.left() & 0o177777) as u32;
        let at = spec.right() as u32;
        if spec.is_negative() {
            let v = load(m, at).map_err(|x| self.mpv(pc, word, x))?;
            if self.log.is_some() {
                let _ = write!(self.note, " set {} := {v:?}", uset_name(var, true));
            }
            return self.set_var(m, pc, word, var, v);
        }
        let v = self.read_var(m, pc, word, var)?;
        if self.log.is_some() {
            let _ = write!(self.note, " {} = {v:?}", uset_name(var, false));
        }
        store(m, at, v).map_err(|x| self.mpv(pc, word, x))
    }

    fn set_var(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        var: u32,
        v: Word,
    ) -> Result<(), Ending> {
        let raw = v.raw();
        if var == RTMR {
            self.set_rtmr(m.instructions(), v);
            return Ok(());
        }
        let vars = &mut self.vars;
        match var {
            UPC => return Err(self.unimplemented(pc, word, ".SUSET of .UPC (a jump)")),
            VAL => vars.val = raw,
            TTY => {
                // Only %TBNVR, %TBINT, %TBOUT, %TBINF, %TBOIG, %TBIIN
                // are settable by the job itself (usets.120).
                let settable = 0o300000_000000 | 0o017000_000000;
                vars.tty = (vars.tty & !settable) | (raw & settable);
            }
            UNAME | JNAME if raw == 0 => {
                return Err(self.illegal(pc, word, "illegal operation (a zero job name)"))
            }
            UNAME => vars.uname = Sixbit(v),
            JNAME => vars.jname = Sixbit(v),
            MASK => vars.mask = raw,
            PIRQC => vars.pirqc = raw,
            IPIRQ => vars.pirqc |= raw,
            APIRQ => vars.pirqc &= !raw,
            MEMT => {
                let pages = (raw as usize + 0o1777) >> 10;
                self.set_core_pages(m, pages.min(256));
            }
            SV40 => vars.sv40 = raw,
            SNAM => vars.sname = Sixbit(v),
            // Set to -1 or 0 by bit 4.9 (usets.120).
            PICLR => vars.piclr = v.is_negative(),
            MARA => vars.mara = raw,
            MARPC => vars.marpc = raw,
            MSK2 => vars.msk2 = raw,
            IFPIR => vars.ifpir = raw,
            IIFPI => vars.ifpir |= raw,
            AIFPI => vars.ifpir &= !raw,
            IMASK => vars.mask |= raw,
            AMASK => vars.mask &= !raw,
            IMSK2 => vars.msk2 |= raw,
            AMSK2 => vars.msk2 &= !raw,
            JPC => m.set_jpc(raw as u32 & 0o777777),
            HSNAM => vars.hsname = Sixbit(v),
            BCHN => vars.bchn = raw & 0o17,
            DF1 => vars.df1 = raw,
            IDF1 => vars.df1 |= raw,
            ADF1 => vars.df1 &= !raw,
            DF2 => vars.df2 = raw,
            IDF2 => vars.df2 |= raw,
            ADF2 => vars.df2 &= !raw,
            OPTION => vars.option = raw,
            FORTY_ADDR => vars.forty_addr = raw,
            WHO1..=WHO3 => vars.who[(var - WHO1) as usize] = raw,
            XUNAME => vars.xuname = Sixbit(v),
            XJNAME => vars.xjname = Sixbit(v),
            _ => return Err(self.uset_unknown(pc, word, var, true)),
        }
        Ok(())
    }

    fn read_var(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        var: u32,
    ) -> Result<Word, Ending> {
        let vars = &self.vars;
        let raw = match var {
            // The PC after the .SUSET, user mode, as the job would resume.
            UPC => ((ka10::flags::USER as u64) << 18) | ((pc as u64 + 1) & 0o777777),
            VAL => vars.val,
            TTY => vars.tty,
            UNAME => return Ok(vars.uname.0),
            JNAME => return Ok(vars.jname.0),
            MASK => vars.mask,
            PIRQC => vars.pirqc,
            MEMT => m.memory_size() as u64,
            SV40 => vars.sv40,
            SNAM => return Ok(vars.sname.0),
            PICLR => {
                if vars.piclr {
                    pdp10_isa::WORD_MASK
                } else {
                    0
                }
            }
            MARA => vars.mara,
            MARPC => vars.marpc,
            // The PC word the last system call (this one) saved.
            UUOH => vars.suuoh,
            UIND => USER_INDEX,
            RUNT => Self::run_time(m.instructions()),
            MSK2 => vars.msk2,
            IFPIR => vars.ifpir,
            CNSL => CONSOLE,
            JPC => m.jpc() as u64,
            OPC => pc as u64,
            RTMR => self.rtmr(m.instructions()),
            HSNAM => return Ok(vars.hsname.0),
            BCHN => vars.bchn,
            MPVA => vars.mpva,
            DF1 => vars.df1,
            DF2 => vars.df2,
            OPTION => vars.option,
            FORTY_ADDR => vars.forty_addr,
            WHO1..=WHO3 => vars.who[(var - WHO1) as usize],
            XUNAME => return Ok(vars.xuname.0),
            XJNAME => return Ok(vars.xjname.0),
            _ if (IOS..IOS + 16).contains(&var) => {
                return Ok(self.status_word((var - IOS) as usize))
            }
            _ => return Err(self.uset_unknown(pc, word, var, false)),
        };
        Ok(Word::new(raw))
    }

    /// USRVAR (`_calls.127`), simple mode, on this job: arg 2 names the
    /// variable by number (`.RMASK`) or in SIXBIT without the dot
    /// (`MASK`); with arg 3 it is set, else read. Another job, and the
    /// instruction and block modes, are not implemented.
    pub(super) fn usrvar(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        block: &CallBlock,
    ) -> Result<Vec<Word>, CallFailure> {
        block.require(2).map_err(|c| CallFailure::error(c, 0))?;
        let job = block.inputs[0].value.right();
        if job != 0o777777 {
            return Err(CallFailure::Unimplemented(format!(
                "USRVAR of another job ({job:o}; inferior jobs)"
            )));
        }
        let spec = block.inputs[1].value;
        if block.inputs.len() >= 4 || spec.left() == 0o777777 {
            return Err(CallFailure::Unimplemented(
                "USRVAR in instruction or block mode".into(),
            ));
        }
        let var = if spec.left() == 0 {
            spec.right() as u32
        } else {
            let name = format!(".R{}", crate::sixbit::Sixbit(spec).text());
            pdp10_isa::its::USET_VARIABLES
                .iter()
                .find(|(n, _)| *n == name)
                .map(|(_, v)| *v)
                .ok_or(CallFailure::error(CallError::ILLEGAL_FILE_NAME, 0))?
        };
        if var > LAST && !(IOS..IOS + 16).contains(&var) {
            return Err(CallFailure::error(CallError::ILLEGAL_FILE_NAME, 0));
        }
        match block.input(2) {
            Some(v) => {
                self.set_var(m, pc, word, var, v)
                    .map_err(CallFailure::End)?;
                Ok(vec![])
            }
            None => Ok(vec![self
                .read_var(m, pc, word, var)
                .map_err(CallFailure::End)?]),
        }
    }

    fn uset_unknown(&self, pc: u32, word: Word, var: u32, write: bool) -> Ending {
        if var <= LAST {
            self.unimplemented(pc, word, &format!(".SUSET of {}", uset_name(var, write)))
        } else {
            // usets.120: an illegal specification is an illegal operation.
            self.illegal(
                pc,
                word,
                &format!("illegal operation (no user variable {var:o})"),
            )
        }
    }
}

/// The name of variable `var` for messages (`.SPICLR`), or its number.
fn uset_name(var: u32, write: bool) -> String {
    // A .Sxxx number is its .Rxxx number plus that of .SUPC (.RUPC is 0).
    let number = var + if write { n(".SUPC") } else { 0 };
    pdp10_isa::its::USET_VARIABLES
        .iter()
        .find(|(_, v)| *v == number)
        .map_or(format!("user variable {var:o}"), |(name, _)| {
            name.to_string()
        })
}
