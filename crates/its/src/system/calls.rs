//! The symbolic system calls (`doc/sysdoc/_calls.127`): OPEN, CLOSE, IOT,
//! SIOT, STATUS, FILLEN, RFNAME, RFPNTR, ACCESS, DELETE, RENAME, LOGOUT,
//! and the small ones programs issue around them (RESET, LISTEN, FINISH,
//! FORCE). Every other name ITS knows stops the job as not implemented; a
//! name ITS does not know fails with ILLEGAL SYSTEM CALL NAME.

use super::{Flow, Step};
use crate::call_block::CallBlock;
use crate::call_block::{self, BadBlock};
use crate::channel::{self, Channel, Device, Fault};
use crate::codes::CallError;
use crate::machine::store;
use crate::machine::Machine;
use crate::names::FileName;
use crate::sixbit::Sixbit;
use crate::system::{CallFailure, System};
use pdp10_isa::Word;
use std::fmt::Write as _;

/// The names in ITS's table of symbolic calls (SYSCTB in
/// `src/system/its.1652`).
pub(super) const ITS_CALLS: &[&str] = &[
    "ACCESS", "ATTACH", "ATTY", "CALL", "CHAOSO", "CHAOSQ", "CLOSE", "CNSGET", "CNSSET", "CORBLK",
    "CORTYP", "DELETE", "DELEWO", "DEMSIG", "DETACH", "DIRSIZ", "DISMIS", "DISOWN", "DL10MP",
    "DSKUPD", "ECHOIN", "FILBLK", "FILLEN", "FINISH", "FLAP", "FLUSH", "FORCE", "IOPOP", "IOPUSH",
    "IOT", "IPKIOT", "ITYIC", "JOBCAL", "JOBGET", "JOBINT", "JOBIOC", "JOBRET", "JOBREU", "JOBSTS",
    "KLPERF", "LISTEN", "LNKEDP", "LOAD", "LOGIN", "LOGOUT", "LOSE", "MLINK", "NETAC", "NETBLK",
    "NETHST", "NETIMP", "NETINT", "NETRFC", "OPEN", "PDUMP", "PGDUMP", "PGWRIT", "PKTIOT", "RAUTH",
    "RCHST", "RCPOS", "RDDMST", "RDMPBT", "RELOAD", "RENAME", "RENMWO", "REOWN", "RESET", "RESRDT",
    "RFDATE", "RFNAME", "RFPNTR", "RQDATE", "RSSIZE", "SAUTH", "SCML", "SCPOS", "SDMPBT", "SETIOC",
    "SFDATE", "SIOT", "SOPEN", "SRDATE", "SREAPB", "SSERVE", "SSTATU", "STATUS", "STDMST",
    "STLGET", "STYGET", "STYNET", "T11MP", "TCPOPN", "TRANAD", "TRANCL", "TRANDL", "TRANEX",
    "TRANS", "TRPOPN", "TTYESC", "TTYFLS", "TTYGET", "TTYSET", "TTYVAR", "TVWHER", "UNLOCK",
    "USRMEM", "USRVAR", "VIDBUF", "VIDSW", "WHOLIN", "WHYINT", "XGPIM",
];

pub(super) type CallResult = Result<Vec<Word>, CallFailure>;

/// A host failure inside a call ends the run.
fn host(e: std::io::Error) -> CallFailure {
    CallFailure::End(super::Ending::Host(crate::Error::io(None, e)))
}

impl System {
    /// Runs the symbolic call `name` decoded in `block`.
    pub(super) fn dispatch(
        &mut self,
        m: &mut impl Machine,
        block: &CallBlock,
        name: &str,
    ) -> CallResult {
        dispatch(self, m, block, name)
    }
}

/// Runs the call `name` decoded in `block`; on success, the output values.
fn dispatch(sys: &mut System, m: &mut impl Machine, block: &CallBlock, name: &str) -> CallResult {
    match name {
        "OPEN" => open(sys, block),
        "CLOSE" => {
            block.require(1).map_err(|c| CallFailure::error(c, 0))?;
            let ch = sys.channel_number(block.inputs[0].value)?;
            sys.close(ch).map_err(host)?;
            Ok(vec![])
        }
        "IOT" => iot(sys, m, block),
        "SIOT" => siot(sys, m, block),
        "STATUS" => {
            let ch = first_channel(sys, block)?;
            Ok(vec![sys.status_word(ch)])
        }
        "FILLEN" => {
            let ch = first_channel(sys, block)?;
            let c = open_channel(sys, ch)?;
            match &c.device {
                Device::Dsk(f) => {
                    let (len, size) = (f.length(), c.byte_size());
                    let words = f.word_length();
                    Ok(vec![
                        Word::new(len),
                        Word::new(size),
                        Word::new(words),
                        Word::new(36),
                    ])
                }
                _ => Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch)),
            }
        }
        "RFNAME" => {
            block.require(1).map_err(|c| CallFailure::error(c, 0))?;
            // With two arguments the first names the job: only self exists.
            let arg = if block.inputs.len() >= 2 {
                let job = block.inputs[0].value.right();
                if job != 0o777777 {
                    return Err(CallFailure::Unimplemented(format!(
                        "RFNAME of another job ({job:o})"
                    )));
                }
                block.inputs[1].value
            } else {
                block.inputs[0].value
            };
            let ch = sys.channel_number(arg)?;
            Ok(match sys.channel_mut(ch) {
                None => vec![Word::ZERO; 5],
                Some(c) => vec![
                    c.name.device.0,
                    c.name.fn1.0,
                    c.name.fn2.0,
                    c.name.dir.0,
                    Word::new(c.mode as u64),
                ],
            })
        }
        "RFPNTR" => {
            let ch = first_channel(sys, block)?;
            let c = open_channel(sys, ch)?;
            match &c.device {
                Device::Dsk(f) => Ok(vec![Word::new(f.pointer), Word::new(c.byte_size())]),
                _ => Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch)),
            }
        }
        "ACCESS" => {
            block.require(2).map_err(|c| CallFailure::error(c, 0))?;
            let ch = sys.channel_number(block.inputs[0].value)?;
            let c = open_channel(sys, ch)?;
            if !matches!(c.device, Device::Dsk(_)) {
                return Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch));
            }
            let pointer = block.inputs[1].value.raw();
            if let Device::Dsk(f) = &mut sys.channel_mut(ch).expect("checked open").device {
                f.pointer = pointer;
            }
            sys.note(&format!(" channel {ch:o} pointer {pointer}"));
            Ok(vec![])
        }
        "DELETE" => delete(sys, block),
        "RENAME" => rename(sys, block),
        "LOGOUT" => Err(CallFailure::End(sys.dot_logout(1))),
        "TTYGET" => sys.ttyget(block),
        "TTYSET" => sys.ttyset(block),
        "CNSGET" => sys.cnsget(block),
        "CNSSET" => sys.cnsset(block),
        "RSSIZE" => sys.rssize(block),
        "SCML" => sys.scml(block),
        "RCPOS" => sys.rcpos(block),
        "STYGET" => sys.styget(block),
        "TTYVAR" => sys.ttyvar(m, block),
        "SOPEN" => sopen(sys, m, block),
        "RCHST" => {
            let ch = first_channel(sys, block)?;
            Ok(rchst(sys, ch).to_vec())
        }
        "SSTATU" => sys.sstatu(),
        "RQDATE" => sys.rqdate(),
        "CORBLK" => sys.corblk(m, block),
        "CORTYP" => sys.cortyp(m, block),
        "LOAD" => sys.load(m, block),
        "TRANS" => trans(sys, block),
        "RENMWO" => renmwo(sys, block),
        "RESET" => {
            let ch = first_channel(sys, block)?;
            if let Some(Channel {
                device: Device::Tty,
                mode,
                ..
            }) = sys.channel_mut(ch)
            {
                if *mode & channel::MODE_OUTPUT == 0 {
                    sys.reset_tty_input();
                }
            }
            Ok(vec![])
        }
        "LISTEN" => {
            let ch = first_channel(sys, block)?;
            let n = match sys.channel_mut(ch) {
                Some(Channel {
                    device: Device::Tty,
                    ..
                }) => sys.tty_pending(),
                _ => 0,
            };
            Ok(vec![Word::new(n as u64)])
        }
        "FINISH" | "FORCE" | "FLUSH" => {
            let ch = first_channel(sys, block)?;
            open_channel(sys, ch)?;
            sys.terminal.flush().map_err(|e| CallFailure::Fault {
                channel: ch,
                fault: Fault::Host(e),
            })?;
            Ok(vec![])
        }
        _ if ITS_CALLS.contains(&name) => {
            Err(CallFailure::Unimplemented(format!("system call {name}")))
        }
        _ => Err(CallFailure::error(CallError::BAD_CALL_NAME, 0)),
    }
}

fn first_channel(sys: &System, block: &CallBlock) -> Result<usize, CallFailure> {
    block.require(1).map_err(|c| CallFailure::error(c, 0))?;
    sys.channel_number(block.inputs[0].value)
}

fn open_channel(sys: &mut System, ch: usize) -> Result<&mut Channel, CallFailure> {
    sys.channel_mut(ch)
        .ok_or(CallFailure::error(CallError::CHANNEL_NOT_OPEN, ch))
}

fn open(sys: &mut System, block: &CallBlock) -> CallResult {
    block.require(2).map_err(|c| CallFailure::error(c, 0))?;
    let first = block.inputs[0].value;
    let ch = sys.channel_number(first)?;
    // Control bits and the first argument's left half, XORed (_calls.127).
    let mode = block.control ^ first.left() as u32;
    let device = Sixbit(block.inputs[1].value);
    let dir = match block.input(4) {
        Some(w) if w.raw() != 0 => Sixbit(w),
        _ => sys.vars.sname,
    };
    let mut name = channel::resolve_device(device, dir);
    name.fn1 = Sixbit(block.input(2).unwrap_or(Word::ZERO));
    name.fn2 = Sixbit(block.input(3).unwrap_or(Word::ZERO));
    if let Some(what) = channel::out_of_scope(&name, mode) {
        return Err(CallFailure::Unimplemented(format!("OPEN of {what}")));
    }
    sys.open_channel(ch, name, mode).map_err(CallFailure::End)?;
    if sys.channels[ch].is_some() {
        Ok(vec![])
    } else {
        Err(CallFailure::Recorded(CallError(sys.last_error.code)))
    }
}

/// The channel of an IOT/SIOT: not open is an I/O channel error, as ITS's
/// dispatch table says for these two calls.
fn iot_channel(sys: &mut System, block: &CallBlock) -> Result<usize, CallFailure> {
    let ch = first_channel(sys, block)?;
    if sys.channel_mut(ch).is_none() {
        return Err(CallFailure::Fault {
            channel: ch,
            fault: Fault::Ioc(crate::codes::IocError::CHANNEL_NOT_OPEN),
        });
    }
    Ok(ch)
}

/// Runs `f` on the channel with the control bits XORed into its mode for
/// the duration of the transfer, as ITS does for TTY channels.
fn with_control<T>(
    sys: &mut System,
    ch: usize,
    control: u32,
    f: impl FnOnce(&mut Channel, &mut crate::tty::Terminal) -> T,
) -> T {
    // The direction and modes stay those of the open.
    let control = control & !0o7;
    let (c, terminal) = sys.channel_and_terminal(ch).expect("checked open");
    c.mode ^= control;
    let result = f(c, terminal);
    c.mode ^= control;
    result
}

fn iot(sys: &mut System, m: &mut impl Machine, block: &CallBlock) -> CallResult {
    let ch = iot_channel(sys, block)?;
    let fault = |f| CallFailure::Fault {
        channel: ch,
        fault: f,
    };
    match block.inputs.get(1) {
        Some(arg) => {
            let Some(at) = arg.address else {
                return Err(CallFailure::error(CallError::MEANINGLESS_ARGS, ch));
            };
            with_control(sys, ch, block.control, |c, t| channel::iot(m, c, t, at))
                .map_err(fault)?;
            Ok(vec![])
        }
        None => {
            // Unit input with no location: the datum is the first value.
            let c = sys.channel_mut(ch).expect("checked open");
            if c.mode & (channel::MODE_OUTPUT | channel::MODE_BLOCK) != 0 {
                return Err(CallFailure::error(CallError::TOO_FEW_ARGS, ch));
            }
            // Read into a scratch cell: AC 0's value is kept aside.
            let saved = m.read(0).unwrap_or(Word::ZERO);
            let r = with_control(sys, ch, block.control, |c, t| channel::iot(m, c, t, 0));
            let datum = m.read(0).unwrap_or(Word::ZERO);
            m.write(0, saved);
            r.map_err(fault)?;
            Ok(vec![datum])
        }
    }
}

fn siot(sys: &mut System, m: &mut impl Machine, block: &CallBlock) -> CallResult {
    block.require(3).map_err(|c| CallFailure::error(c, 0))?;
    let ch = iot_channel(sys, block)?;
    let (Some(bp_at), Some(count_at)) = (block.inputs[1].address, block.inputs[2].address) else {
        return Err(CallFailure::error(CallError::MEANINGLESS_ARGS, ch));
    };
    with_control(sys, ch, block.control, |c, t| {
        channel::siot(m, c, t, bp_at, count_at)
    })
    .map_err(|f| CallFailure::Fault {
        channel: ch,
        fault: f,
    })?;
    Ok(vec![])
}

/// The DSK file named by device, FN1, FN2 and SNAME arguments starting at
/// input `first`; strings (the one-argument form) are not implemented.
fn sixbit_file(sys: &System, block: &CallBlock, what: &str) -> Result<FileName, CallFailure> {
    if block.inputs.len() < 3 {
        return Err(CallFailure::Unimplemented(format!(
            "{what} with file names as strings"
        )));
    }
    let dir = match block.input(3) {
        Some(w) if w.raw() != 0 => Sixbit(w),
        _ => sys.vars.sname,
    };
    let mut name = channel::resolve_device(Sixbit(block.inputs[0].value), dir);
    name.fn1 = Sixbit(block.inputs[1].value);
    name.fn2 = Sixbit(block.inputs[2].value);
    if name.device.text() != "DSK" {
        return Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, 0));
    }
    Ok(name)
}

fn file_error(code: CallError, name: FileName) -> CallFailure {
    CallFailure::Error {
        code,
        channel: 0,
        file: Some(name),
    }
}

fn delete(sys: &mut System, block: &CallBlock) -> CallResult {
    block.require(1).map_err(|c| CallFailure::error(c, 0))?;
    let name = sixbit_file(sys, block, "DELETE")?;
    sys.note(&format!(" {name}"));
    let path = sys
        .dsk
        .existing_file(&name)
        .map_err(|c| file_error(c, name))?;
    std::fs::remove_file(&path).map_err(|_| file_error(CallError::FILE_LOCKED, name))?;
    Ok(vec![])
}

fn rename(sys: &mut System, block: &CallBlock) -> CallResult {
    block.require(2).map_err(|c| CallFailure::error(c, 0))?;
    let name = sixbit_file(sys, block, "RENAME")?;
    if block.inputs.len() < 6 {
        return Err(CallFailure::error(CallError::TOO_FEW_ARGS, 0));
    }
    let mut new = name;
    new.fn1 = Sixbit(block.inputs[4].value);
    new.fn2 = Sixbit(block.inputs[5].value);
    sys.note(&format!(" {name} to {} {}", new.fn1, new.fn2));
    let from = sys
        .dsk
        .existing_file(&name)
        .map_err(|c| file_error(c, name))?;
    if sys.dsk.existing_file(&new).is_ok() {
        return Err(file_error(CallError::FILE_EXISTS, new));
    }
    let to = sys.dsk.new_file(&new).map_err(|c| file_error(c, new))?;
    std::fs::rename(&from, &to).map_err(|_| file_error(CallError::FILE_LOCKED, name))?;
    Ok(vec![])
}

/// TRANS: the names after translation. A job starts with empty
/// translation lists and the shim has no call that adds entries, so every
/// name translates to itself, the SNAME defaulted to the job's.
fn trans(sys: &mut System, block: &CallBlock) -> CallResult {
    block.require(1).map_err(|c| CallFailure::error(c, 0))?;
    let dir = match block.input(3) {
        Some(w) if w.raw() != 0 => w,
        _ => sys.vars.sname.0,
    };
    Ok(vec![
        block.inputs[0].value,
        block.input(1).unwrap_or(Word::ZERO),
        block.input(2).unwrap_or(Word::ZERO),
        dir,
    ])
}

/// RENMWO: renames the file open on a channel. An output file gets its
/// new names at once and replaces any file of those names when closed
/// (the way programs write `_FOO_ OUTPUT` and then rename it); an input
/// file is renamed on the host now, like RENAME.
fn renmwo(sys: &mut System, block: &CallBlock) -> CallResult {
    block.require(2).map_err(|c| CallFailure::error(c, 0))?;
    let ch = sys.channel_number(block.inputs[0].value)?;
    if block.inputs.len() < 3 {
        return Err(CallFailure::Unimplemented(
            "RENMWO with the new name as a string".into(),
        ));
    }
    let (fn1, fn2) = (Sixbit(block.inputs[1].value), Sixbit(block.inputs[2].value));
    let c = open_channel(sys, ch)?;
    let Device::Dsk(f) = &c.device else {
        return Err(CallFailure::error(CallError::WRONG_TYPE_DEVICE, ch));
    };
    let output = f.is_output();
    let mut new = c.name;
    new.fn1 = fn1;
    new.fn2 = fn2;
    let new = sys
        .dsk
        .resolve_version(&new, output)
        .map_err(|code| file_error(code, new))?;
    let old = c_name(sys, ch);
    sys.note(&format!(" {old} to {} {}", new.fn1, new.fn2));
    let path = if output {
        sys.dsk
            .new_file(&new)
            .map_err(|code| file_error(code, new))?
    } else {
        if sys.dsk.existing_file(&new).is_ok() {
            return Err(file_error(CallError::FILE_EXISTS, new));
        }
        let to = sys
            .dsk
            .new_file(&new)
            .map_err(|code| file_error(code, new))?;
        let from = match &sys.channel_mut(ch).expect("checked open").device {
            Device::Dsk(f) => f.path.clone(),
            _ => unreachable!("checked DSK"),
        };
        std::fs::rename(&from, &to).map_err(|_| file_error(CallError::FILE_LOCKED, new))?;
        to
    };
    let c = sys.channel_mut(ch).expect("checked open");
    if let Device::Dsk(f) = &mut c.device {
        f.path = path;
    }
    c.name = new;
    Ok(vec![])
}

/// `.FDELE fblock` (uuos.114, archaic): five words at E. Word 1 zero:
/// rename the file open on the channel in word 2 to words 3 and 4 (as
/// RENMWO); else word 3 zero: delete DEV (word 0, right-justified) FN1
/// FN2; else rename it to words 3 and 4. A device that is not DSK: success.
pub(super) fn fdele(sys: &mut System, m: &impl Machine, e: u32) -> CallResult {
    let mut w = [Word::ZERO; 5];
    for (k, slot) in w.iter_mut().enumerate() {
        *slot =
            crate::machine::load(m, (e + k as u32) & 0o777777).map_err(|x| CallFailure::Fault {
                channel: 0,
                fault: Fault::Mpv(x),
            })?;
    }
    let immediate = |values: &[Word]| CallBlock {
        name: Sixbit::EMPTY,
        inputs: values
            .iter()
            .map(|&value| crate::call_block::Input {
                value,
                address: None,
            })
            .collect(),
        outputs: vec![],
        error: None,
        control: 0,
    };
    if w[1].raw() == 0 {
        return renmwo(sys, &immediate(&[w[2], w[3], w[4]]));
    }
    let device = Sixbit::from_right_justified(w[0].raw());
    if channel::resolve_device(device, sys.vars.sname)
        .device
        .text()
        != "DSK"
    {
        return Ok(vec![]);
    }
    if w[3].raw() == 0 {
        delete(sys, &immediate(&[device.0, w[1], w[2]]))
    } else {
        rename(
            sys,
            &immediate(&[device.0, w[1], w[2], Word::ZERO, w[3], w[4]]),
        )
    }
}

fn c_name(sys: &mut System, ch: usize) -> FileName {
    sys.channel_mut(ch).map(|c| c.name).unwrap_or_default()
}

/// RCHST (obsolete): device, FN1, FN2, directory and access pointer (in
/// words; -1 where there is none) of a channel; a closed one gives zeros
/// and -1.
pub(super) fn rchst(sys: &mut System, ch: usize) -> [Word; 5] {
    let none = Word::new(pdp10_isa::WORD_MASK);
    match sys.channel_mut(ch) {
        None => [Word::ZERO, Word::ZERO, Word::ZERO, Word::ZERO, none],
        Some(c) => match &c.device {
            Device::Dsk(f) => {
                let words = if f.unit_ascii {
                    f.pointer / 5
                } else {
                    f.pointer
                };
                [
                    c.name.device.0,
                    c.name.fn1.0,
                    c.name.fn2.0,
                    c.name.dir.0,
                    Word::new(words),
                ]
            }
            _ => [c.name.device.0, Word::ZERO, Word::ZERO, Word::ZERO, none],
        },
    }
}

/// The ASCIZ string a byte pointer (a left half of 0 is 440700) or an
/// AOBJN pointer to byte pointers (left half -63..-1) points at, as SOPEN
/// and the other string-name calls take a file name (`_calls.127`).
fn string_argument(m: &impl Machine, w: Word) -> Result<Vec<u8>, CallFailure> {
    let fault = |x| CallFailure::Fault {
        channel: 0,
        fault: Fault::Mpv(x),
    };
    let left = w.left();
    let pointers: Vec<Word> = if (0o777701..=0o777777).contains(&left) {
        let n = 0o1000000 - left;
        (0..n)
            .map(|k| crate::machine::load(m, (w.right() as u32 + k as u32) & 0o777777))
            .collect::<Result<_, _>>()
            .map_err(fault)?
    } else {
        vec![w]
    };
    let mut text = Vec::new();
    for p in pointers {
        let p = if p.left() == 0 {
            Word::from_halves(0o440700, p.right())
        } else {
            p
        };
        let mut bp = crate::machine::BytePointer(p);
        for _ in 0..10_000 {
            bp = bp.incremented();
            let c = bp.load(m).map_err(fault)? as u8;
            if c == 0 {
                break;
            }
            text.push(c);
        }
    }
    Ok(text)
}

/// Parses an ITS file name string: `DEV:` sets the device, `DIR;` the
/// directory, other words are FN1 then FN2 (spaces between); ^Q quotes the
/// next character. Defaults: DSK, the job's SNAME, FN2 `>`.
fn parse_file_name(text: &[u8], sname: Sixbit) -> Result<FileName, CallFailure> {
    let mut name = FileName {
        device: Sixbit::lossy("DSK"),
        dir: sname,
        fn1: Sixbit::EMPTY,
        fn2: Sixbit::lossy(">"),
    };
    let mut names = Vec::new();
    let mut word = String::new();
    let mut bytes = text.iter().copied();
    let bad = || CallFailure::error(CallError::ILLEGAL_FILE_NAME, 0);
    let finish = |word: &mut String, names: &mut Vec<Sixbit>| -> Result<(), CallFailure> {
        if !word.is_empty() {
            names.push(Sixbit::new(&word.to_ascii_uppercase()).ok_or_else(bad)?);
            word.clear();
        }
        Ok(())
    };
    while let Some(c) = bytes.next() {
        match c {
            0o021 => {
                if let Some(q) = bytes.next() {
                    word.push(q as char);
                }
            }
            b':' => {
                name.device = Sixbit::new(&word.to_ascii_uppercase()).ok_or_else(bad)?;
                word.clear();
            }
            b';' => {
                name.dir = Sixbit::new(&word.to_ascii_uppercase()).ok_or_else(bad)?;
                word.clear();
            }
            b' ' | b'\t' => finish(&mut word, &mut names)?,
            c => word.push(c as char),
        }
    }
    finish(&mut word, &mut names)?;
    if let Some(&f) = names.first() {
        name.fn1 = f;
    }
    if let Some(&f) = names.get(1) {
        name.fn2 = f;
    }
    Ok(name)
}

/// SOPEN: mode,,channel and a file name string, then as OPEN.
fn sopen(sys: &mut System, m: &impl Machine, block: &CallBlock) -> CallResult {
    block.require(2).map_err(|c| CallFailure::error(c, 0))?;
    let first = block.inputs[0].value;
    let ch = sys.channel_number(Word::new(first.right()))?;
    let mode = block.control ^ first.left() as u32;
    let text = string_argument(m, block.inputs[1].value)?;
    let parsed = parse_file_name(&text, sys.vars.sname)?;
    let mut name = channel::resolve_device(parsed.device, parsed.dir);
    name.fn1 = parsed.fn1;
    name.fn2 = parsed.fn2;
    if let Some(what) = channel::out_of_scope(&name, mode) {
        return Err(CallFailure::Unimplemented(format!("SOPEN of {what}")));
    }
    sys.open_channel(ch, name, mode).map_err(CallFailure::End)?;
    if sys.channels[ch].is_some() {
        Ok(vec![])
    } else {
        Err(CallFailure::Recorded(CallError(sys.last_error.code)))
    }
}

impl System {
    pub(super) fn symbolic_call(
        &mut self,
        m: &mut impl Machine,
        pc: u32,
        word: Word,
        e: u32,
    ) -> Step {
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
}
