//! The TTY system calls (`doc/sysdoc/_calls.127`, ITS TTY in
//! `src/system/ts3tty.402`): TTYGET, TTYSET, CNSGET, CNSSET, RSSIZE, SCML,
//! and the per-console variables they read and set.
//!
//! A TTY argument is a channel number (ATTYC7 in ts3tty): over 17 is BAD
//! CHANNEL NUMBER, a closed channel CHANNEL NOT OPEN, a channel open on
//! anything but the TTY WRONG TYPE DEVICE. -1 (`%JSELF`) or 400000 plus a
//! terminal number name a terminal; this job's console is terminal 0.

use super::calls::CallResult;
use super::{CallFailure, System};
use crate::call_block::CallBlock;
use crate::channel::Device;
use crate::codes::CallError;
use crate::machine::Machine;
use pdp10_isa::its::bit_symbol;
use pdp10_isa::Word;

/// Line speeds in bits per second by TTYTYP speed code (CNSGET in
/// `_calls.127`); code 0 is unknown.
const SPEEDS: [u64; 14] = [
    0, 600, 110, 150, 300, 1200, 1800, 2400, 4800, 9600, 25000, 40000, 50000, 80000,
];

fn speed_of(code: u64) -> u64 {
    SPEEDS.get(code as usize).copied().unwrap_or(0)
}

fn code_of_speed(bps: u64) -> Option<u64> {
    SPEEDS.iter().position(|&s| s == bps).map(|k| k as u64)
}

/// TCTYP %TNPRT: a printing terminal (standard input or output not a
/// terminal).
pub const TN_PRINTING: u64 = bit_symbol("%TNPRT");
/// TCTYP %TNESC: a display taking ASCII standard (ANSI) display codes.
pub const TN_ANSI: u64 = bit_symbol("%TNESC");
/// TTYOPT bits (CNSGET in `_calls.127`): %TOMVB can backspace, %TOOVR can
/// overprint, %TOLWR has lower case, %TOERS can erase, %TOMVU can move up.
const TO_MVB: u64 = bit_symbol("%TOMVB") << 18;
const TO_OVR: u64 = bit_symbol("%TOOVR") << 18;
const TO_LWR: u64 = bit_symbol("%TOLWR") << 18;
const TO_ERS: u64 = bit_symbol("%TOERS") << 18;
const TO_MVU: u64 = bit_symbol("%TOMVU") << 18;
/// TTYSTS bits the TTYSET call may not change (ATTYST: %TSFRE, %TSCNS,
/// %TSLCZ, %TSHDX).
const TS_FIXED: u64 =
    (bit_symbol("%TSFRE") | bit_symbol("%TSCNS") | bit_symbol("%TSLCZ") | bit_symbol("%TSHDX"))
        << 18;
/// The TTYCOM bits CNSSET may change (_calls.127: the communicate
/// overrides, refuse and query, the motor, and 3.9, which it calls %TCINP
/// and bits.117 %TCLED); the others are the system's.
const TC_SETTABLE: u64 = (bit_symbol("%TCICO")
    | bit_symbol("%TCOCO")
    | bit_symbol("%TCRFS")
    | bit_symbol("%TCQRY")
    | bit_symbol("%TCMTR")
    | bit_symbol("%TCLED"))
    << 18;
/// TTYCOM's right half when not in communicate mode.
const NOT_IN_COMM: u64 = 0o777777;
/// The highest TCTYP ITS knows (%TNAAA); CNSSET refuses more.
const TN_MAX: u64 = bit_symbol("%TNAAA");

/// The per-terminal variables of the job's console.
#[derive(Clone, Debug)]
pub struct Console {
    pub st1: u64,
    pub st2: u64,
    /// TTYSTS, left half (the right half is the owner's user index).
    pub sts: u64,
    pub lines: u64,
    /// Columns, including the continuation column (TCMXH).
    pub columns: u64,
    pub tctyp: u64,
    pub ttycom: u64,
    pub ttyopt: u64,
    pub ttytyp: u64,
    pub ttysmt: u64,
    /// Command (echo) lines set by SCML.
    pub command_lines: u64,
    /// Lines a scroll moves (TTYROL): 1 on a printing terminal.
    pub ttyrol: u64,
}

impl Console {
    /// A console as ITS leaves it once DDT has opened it for input and
    /// output in ASCII mode (TTYO4 in ts3tty: ASCII input, every character
    /// echoing but rubout, interrupting and activating).
    pub fn new(display: bool, lines: u64, columns: u64) -> Console {
        let (tctyp, ttyopt) = if display {
            (TN_ANSI, TO_MVB | TO_LWR | TO_ERS | TO_MVU)
        } else {
            (TN_PRINTING, TO_MVB | TO_OVR | TO_LWR)
        };
        Console {
            st1: crate::tty::DEFAULT_GROUPS.0,
            st2: crate::tty::DEFAULT_GROUPS.1,
            sts: 0,
            lines,
            columns,
            tctyp,
            ttycom: NOT_IN_COMM,
            ttyopt,
            ttytyp: 0,
            ttysmt: 0,
            command_lines: 0,
            ttyrol: 1,
        }
    }
}

impl System {
    /// Decodes a TTY argument; Ok when it names this job's console.
    fn console_arg(&mut self, w: Word) -> Result<(), CallFailure> {
        let raw = w.raw();
        if w.right() == 0o777777 {
            return Ok(());
        }
        if raw & 0o400000 != 0 {
            // A terminal number: ours is 0; others exist on no machine here.
            return if raw & 0o377777 == 0 {
                Ok(())
            } else {
                Err(CallFailure::error(CallError::NO_SUCH_DEVICE, 0))
            };
        }
        let ch = self.channel_number(w)?;
        match self.channels[ch].as_ref() {
            None => Err(CallFailure::error(CallError::CHANNEL_NOT_OPEN, ch)),
            Some(c) if matches!(c.device, Device::Tty) => Ok(()),
            Some(_) => Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch)),
        }
    }

    fn first_console_arg(&mut self, block: &CallBlock) -> Result<(), CallFailure> {
        block.require(1).map_err(|c| CallFailure::error(c, 0))?;
        self.console_arg(block.inputs[0].value)
    }

    /// TTYGET: TTYST1, TTYST2, TTYSTS (RH the owner's user index), TTYTYP,
    /// TCTYP.
    pub(super) fn ttyget(&mut self, block: &CallBlock) -> CallResult {
        self.first_console_arg(block)?;
        let c = &self.console;
        Ok(vec![
            Word::new(c.st1),
            Word::new(c.st2),
            Word::new((c.sts & !0o777777) | super::suset::USER_INDEX),
            Word::new(c.ttytyp),
            Word::new(c.tctyp),
        ])
    }

    /// TTYSET: TTYST1, TTYST2 and, with a fourth argument, the settable
    /// bits of TTYSTS's left half.
    pub(super) fn ttyset(&mut self, block: &CallBlock) -> CallResult {
        block.require(3).map_err(|c| CallFailure::error(c, 0))?;
        self.console_arg(block.inputs[0].value)?;
        let c = &mut self.console;
        c.st1 = block.inputs[1].value.raw();
        c.st2 = block.inputs[2].value.raw();
        self.terminal.set_groups(c.st1, c.st2);
        if let Some(sts) = block.input(3) {
            let new = sts.raw() & !0o777777 & !TS_FIXED;
            c.sts = (c.sts & TS_FIXED) | new;
            let super_image = c.sts & (bit_symbol("%TSSII") << 18) != 0;
            self.terminal.set_super_image(super_image);
        }
        Ok(vec![])
    }

    /// CNSGET: lines, columns less the continuation column, TCTYP,
    /// TTYCOM, TTYOPT, TTYTYP, TTYSMT (NCNSGET in ts3tty).
    pub(super) fn cnsget(&mut self, block: &CallBlock) -> CallResult {
        self.first_console_arg(block)?;
        let c = &self.console;
        Ok([
            c.lines,
            c.columns - 1,
            c.tctyp,
            c.ttycom,
            c.ttyopt,
            c.ttytyp,
            c.ttysmt,
        ]
        .map(Word::new)
        .to_vec())
    }

    /// RSSIZE: lines and columns, as CNSGET's first two.
    pub(super) fn rssize(&mut self, block: &CallBlock) -> CallResult {
        let mut v = self.cnsget(block)?;
        v.truncate(2);
        Ok(v)
    }

    /// CNSSET: a negative or missing argument leaves its variable alone;
    /// TCTYP beyond ITS's last type is MEANINGLESS ARGS.
    pub(super) fn cnsset(&mut self, block: &CallBlock) -> CallResult {
        self.first_console_arg(block)?;
        let arg = |k: usize| block.input(k).filter(|w| !w.is_negative());
        if let Some(t) = arg(3) {
            if t.raw() > TN_MAX {
                return Err(CallFailure::error(CallError::MEANINGLESS_ARGS, 0));
            }
        }
        let c = &mut self.console;
        if let Some(v) = arg(1) {
            c.lines = v.raw();
        }
        if let Some(h) = arg(2) {
            c.columns = h.raw() + 1;
        }
        if let Some(t) = arg(3) {
            c.tctyp = t.raw();
        }
        if let Some(com) = block.input(4) {
            // Only the override and refuse/query bits are settable.
            c.ttycom = (c.ttycom & !TC_SETTABLE) | (com.raw() & TC_SETTABLE);
        }
        if let Some(opt) = block.input(5) {
            c.ttyopt = opt.raw();
        }
        Ok(vec![])
    }

    /// STYGET: the console is no pseudo-terminal's (value 1 zero); this
    /// job owns it (value 2) and is the logged-in top of its tree (value
    /// 3, %-bit 4.7), waiting for nothing (value 4).
    pub(super) fn styget(&mut self, block: &CallBlock) -> CallResult {
        self.first_console_arg(block)?;
        let me = super::suset::USER_INDEX;
        Ok(vec![
            Word::ZERO,
            Word::new(me),
            Word::new((1 << 33) | me),
            Word::ZERO,
        ])
    }

    /// The value of TTY variable `name` (ttyvar.105); None for a name ITS
    /// does not have.
    fn tty_variable(&self, name: &str) -> Option<u64> {
        let c = &self.console;
        Some(match name {
            "HEIGHT" => c.lines,
            "WIDTH" => c.columns - 1,
            "TTYOPT" => c.ttyopt,
            "TTYTYP" => c.ttytyp,
            "TTYCOM" => c.ttycom,
            "TCTYP" => c.tctyp,
            "TTYROL" => c.ttyrol,
            "TTYSMT" => c.ttysmt,
            "IDLTIM" => 0,
            "ISPEED" => speed_of((c.ttytyp >> 22) & 0o17),
            "OSPEED" => speed_of((c.ttytyp >> 18) & 0o17),
            _ => return None,
        })
    }

    /// Sets TTY variable `name`; an error code when it cannot be.
    fn set_tty_variable(&mut self, name: &str, v: u64) -> Result<(), CallError> {
        let c = &mut self.console;
        match name {
            "HEIGHT" => c.lines = v,
            "WIDTH" => c.columns = v + 1,
            "TTYOPT" => c.ttyopt = v,
            "TCTYP" if v > TN_MAX => return Err(CallError::MEANINGLESS_ARGS),
            "TCTYP" => c.tctyp = v,
            "TTYROL" => c.ttyrol = v,
            "TTYSMT" => c.ttysmt = v,
            "TTYCOM" => {
                c.ttycom = (c.ttycom & !TC_SETTABLE) | (v & TC_SETTABLE);
            }
            "ISPEED" | "OSPEED" => {
                let code = code_of_speed(v).ok_or(CallError::MEANINGLESS_ARGS)?;
                let shift = if name == "ISPEED" { 22 } else { 18 };
                c.ttytyp = (c.ttytyp & !(0o17 << shift)) | (code << shift);
            }
            "TTYTYP" | "IDLTIM" => return Err(CallError::DEVICE_WRITE_LOCKED),
            _ => return Err(CallError::ILLEGAL_FILE_NAME),
        }
        Ok(())
    }

    /// TTYVAR: read (two arguments), set (three), or apply an instruction
    /// to a TTY variable as if it were in AC 0 (four: MOVE, MOVEI, MOVEM,
    /// SETZ, SETO, ADDI, SUBI, IORI, ANDI, ANDCMI, TRO, TRZ, TLO, TLZ).
    pub(super) fn ttyvar(&mut self, m: &mut impl Machine, block: &CallBlock) -> CallResult {
        block.require(2).map_err(|c| CallFailure::error(c, 0))?;
        self.console_arg(block.inputs[0].value)?;
        let spec = block.inputs[1].value;
        if spec.raw() >> 27 == 0o777 {
            return Err(CallFailure::Unimplemented("TTYVAR in block mode".into()));
        }
        let name = crate::sixbit::Sixbit(spec).text();
        let value = self
            .tty_variable(&name)
            .ok_or(CallFailure::error(CallError::ILLEGAL_FILE_NAME, 0))?;
        let set = |sys: &mut System, v: u64| {
            sys.set_tty_variable(&name, v & pdp10_isa::WORD_MASK)
                .map_err(|c| CallFailure::error(c, 0))
        };
        match block.inputs.len() {
            2 => Ok(vec![Word::new(value)]),
            3 => {
                set(self, block.inputs[2].value.raw())?;
                Ok(vec![])
            }
            _ => {
                let i = pdp10_isa::Instruction(block.inputs[3].value);
                let e =
                    crate::machine::effective_address(m, i.0).map_err(|x| CallFailure::Fault {
                        channel: 0,
                        fault: crate::channel::Fault::Mpv(x),
                    })?;
                let memory = m.read(e).map_or(0, |w| w.raw());
                let new = match variable_instruction(i.opcode().into(), value, e as u64, memory) {
                    Some(VariableOp::Set(v)) => Some(v),
                    Some(VariableOp::Store) => {
                        crate::machine::store(m, e, Word::new(value)).map_err(|x| {
                            CallFailure::Fault {
                                channel: 0,
                                fault: crate::channel::Fault::Mpv(x),
                            }
                        })?;
                        None
                    }
                    None => return Err(CallFailure::error(CallError::MEANINGLESS_ARGS, 0)),
                };
                if let Some(v) = new {
                    set(self, v)?;
                }
                Ok(vec![])
            }
        }
    }

    /// RCPOS: the cursor positions of the main program area and of the
    /// echo area, each vertical,,horizontal. The shim knows the column
    /// of what the job typed; lines are not counted (0), and the echo
    /// area is the main area (no SCML lines are drawn apart).
    pub(super) fn rcpos(&mut self, block: &CallBlock) -> CallResult {
        block.require(1).map_err(|c| CallFailure::error(c, 0))?;
        self.console_arg(block.inputs[0].value)?;
        let at = Word::from_halves(0, self.terminal.column() as u64 & 0o777777);
        Ok(vec![at, at])
    }

    /// SCML: the number of command lines, less than the screen's height.
    pub(super) fn scml(&mut self, block: &CallBlock) -> CallResult {
        block.require(2).map_err(|c| CallFailure::error(c, 0))?;
        self.console_arg(block.inputs[0].value)?;
        let n = block.inputs[1].value.raw();
        let c = &mut self.console;
        c.command_lines = n.min(c.lines.saturating_sub(1));
        Ok(vec![])
    }
}

/// What a TTYVAR instruction does to the variable, "executed as if the
/// variable was in ac 0".
#[derive(Debug, PartialEq)]
enum VariableOp {
    /// The variable's new value.
    Set(u64),
    /// MOVEM: the variable is stored at E and keeps its value.
    Store,
}

/// The instructions _calls.127 allows in TTYVAR's instruction and block
/// modes: "MOVx, MOVxI, MOVEM, ADD, ADDI, SUB, SUBI, all Booleans in
/// normal and immediate modes, and TxZ, TxC, and TxO"; `None` for the
/// rest (MEANINGLESS ARGS). `memory` is the word at E (0 if none).
fn variable_instruction(opcode: u32, value: u64, e: u64, memory: u64) -> Option<VariableOp> {
    use pdp10_isa::WORD_MASK;
    let negate = |w: u64| w.wrapping_neg() & WORD_MASK;
    let magnitude = |w: u64| if w >> 35 != 0 { negate(w) } else { w };
    let swap = |w: u64| (w >> 18 | w << 18) & WORD_MASK;
    // The operand of a memory or immediate form.
    let operand = |immediate: bool| if immediate { e } else { memory };
    let new = match opcode {
        0o202 => return Some(VariableOp::Store),
        0o200 | 0o201 => operand(opcode & 1 != 0),
        0o204 | 0o205 => swap(operand(opcode & 1 != 0)),
        0o210 | 0o211 => negate(operand(opcode & 1 != 0)),
        0o214 | 0o215 => magnitude(operand(opcode & 1 != 0)),
        0o270 | 0o271 => value.wrapping_add(operand(opcode & 1 != 0)) & WORD_MASK,
        0o274 | 0o275 => value.wrapping_sub(operand(opcode & 1 != 0)) & WORD_MASK,
        // The Booleans: the four bits above the two mode bits are the
        // truth table, bit 3 for a 0 in the variable and in the operand,
        // bit 2 for variable 1 and operand 0, bit 1 for 0 and 1, bit 0
        // for 1 and 1 (AND is 404, ANDCA 410, ANDCM 420, ANDCB 440).
        0o400..=0o477 if opcode & 0o3 <= 1 => {
            let m = operand(opcode & 1 != 0);
            let table = (opcode >> 2) & 0o17;
            let mut out = 0;
            for (a_bit, m_bit, k) in [(0, 0, 3), (0, 1, 1), (1, 0, 2), (1, 1, 0)] {
                if table >> k & 1 != 0 {
                    let a = if a_bit == 1 { value } else { !value };
                    let mm = if m_bit == 1 { m } else { !m };
                    out |= a & mm;
                }
            }
            out & WORD_MASK
        }
        // Test instructions that modify and never skip (skip bits 0o6
        // clear): the mask from E (TR, TL: +1), or memory (TD: +010, TS:
        // +011, swapped); the modification Z 020, C 040, O 060.
        0o620..=0o677 if opcode & 0o6 == 0 => {
            let mask = match opcode & 0o11 {
                0o00 => e,
                0o01 => e << 18 & WORD_MASK,
                0o10 => memory,
                _ => swap(memory),
            };
            match opcode & 0o60 {
                0o20 => value & !mask & WORD_MASK,
                0o40 => value ^ mask,
                _ => value | mask,
            }
        }
        _ => return None,
    };
    Some(VariableOp::Set(new))
}

#[cfg(test)]
mod tests {
    use super::{variable_instruction as run, VariableOp::*};

    const V: u64 = 0o123456_701234;
    const MEM: u64 = 0o000777_000707;

    #[test]
    fn moves_and_arithmetic() {
        assert_eq!(run(0o200, V, 5, MEM), Some(Set(MEM)));
        assert_eq!(run(0o201, V, 5, MEM), Some(Set(5)));
        assert_eq!(run(0o202, V, 5, MEM), Some(Store));
        assert_eq!(run(0o205, V, 5, MEM), Some(Set(0o000005_000000)));
        assert_eq!(run(0o211, V, 5, MEM), Some(Set(0o777777_777773)));
        assert_eq!(run(0o214, V, 5, 0o777777_777776), Some(Set(2)));
        assert_eq!(run(0o271, 0o777777_777777, 1, MEM), Some(Set(0)));
        assert_eq!(
            run(0o274, 3, 5, MEM),
            Some(Set(3 + 0o777777_777777 - MEM + 1))
        );
        assert_eq!(run(0o275, 3, 5, MEM), Some(Set(0o777777_777776)));
    }

    #[test]
    fn booleans_follow_their_truth_tables() {
        let all = 0o777777_777777;
        assert_eq!(run(0o400, V, 5, MEM), Some(Set(0)));
        assert_eq!(run(0o404, V, 5, MEM), Some(Set(V & MEM)));
        assert_eq!(run(0o410, V, 5, MEM), Some(Set(!V & MEM & all)));
        assert_eq!(run(0o421, V, 7, MEM), Some(Set(V & !7)));
        assert_eq!(run(0o424, V, 5, MEM), Some(Set(V)));
        assert_eq!(run(0o431, V, 0o777, MEM), Some(Set(V ^ 0o777)));
        assert_eq!(run(0o435, V, 0o10, MEM), Some(Set(V | 0o10)));
        assert_eq!(run(0o444, V, 5, MEM), Some(Set(!(V ^ MEM) & all)));
        assert_eq!(run(0o454, V, 5, MEM), Some(Set((!V | MEM) & all)));
        assert_eq!(run(0o464, V, 5, MEM), Some(Set((V | !MEM) & all)));
        assert_eq!(run(0o474, V, 5, MEM), Some(Set(all)));
        // Memory and "both" modes store into memory: not allowed.
        assert_eq!(run(0o436, V, 5, MEM), None);
        assert_eq!(run(0o437, V, 5, MEM), None);
    }

    #[test]
    fn tests_that_modify_without_skipping() {
        assert_eq!(run(0o620, V, 0o34, MEM), Some(Set(V & !0o34)));
        assert_eq!(run(0o641, V, 0o1, MEM), Some(Set(V ^ 0o000001_000000)));
        assert_eq!(run(0o670, V, 5, MEM), Some(Set(V | MEM)));
        assert_eq!(run(0o651, V, 5, MEM), Some(Set(V ^ 0o000707_000777)));
        // Skipping and non-modifying tests are refused.
        assert_eq!(run(0o622, V, 5, MEM), None);
        assert_eq!(run(0o600, V, 5, MEM), None);
        assert_eq!(run(0o602, V, 5, MEM), None);
        // As is anything else, e.g. IMUL or JRST.
        assert_eq!(run(0o221, V, 5, MEM), None);
        assert_eq!(run(0o254, V, 5, MEM), None);
    }
}
