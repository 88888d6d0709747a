//! The job's sixteen I/O channels and the transfers on them: `.OPEN`,
//! `.IOT`, SIOT, `.STATUS`, `.ACCESS`, `.CLOSE`, for the DSK, TTY and NUL
//! devices.

use crate::codes::{CallError, IocError};
use crate::dsk::{DskFile, WriteError};
use crate::machine::{load, store, BytePointer, Machine, Mpv};
use crate::names::{DskRoot, FileName};
use crate::sixbit::Sixbit;
use crate::tty::{Escape, Terminal, TtyError};
use pdp10_isa::its::bit_symbol;
use pdp10_isa::Word;
use std::io;

/// Open mode bit 1.1: output.
pub const MODE_OUTPUT: u32 = bit_symbol("%DOOUT") as u32;
/// Open mode bit 1.2: block mode.
pub const MODE_BLOCK: u32 = bit_symbol("%DOBLK") as u32;
/// Open mode bit 1.3: image mode.
pub const MODE_IMAGE: u32 = bit_symbol("%DOIMG") as u32;
/// TTY output: display (^P) codes, as open bit 1.5 ...
pub const MODE_DISPLAY_BIT: u32 = 0o20;
/// %TIPEK, a TTY input IOT control bit (`_calls.127`, IOT): give the next
/// character but leave it to be read again.
const TI_PEK: u32 = bit_symbol("%TIPEK") as u32;
/// %TIECH: the read may skip echo still owed; MP echo is not done, and
/// the character comes with %TXMPE when its group wanted it (itstty.41,
/// D/1).
const TI_ECH: u32 = bit_symbol("%TIECH") as u32;
const TX_MPE: u64 = bit_symbol("%TXMPE");
/// ... or as %TJDIS, bit 2.3.
pub const TJDIS: u32 = bit_symbol("%TJDIS") as u32;

/// ITS's device codes in bits 1.6-1.1 of a status word (STATUS in
/// `_calls.127`).
const DEV_TTY_INPUT: u64 = 0o0;
const DEV_TTY_DISPLAY: u64 = 0o2;
const DEV_NUL: u64 = 0o21;
const DEV_DSK: u64 = 0o43;
/// The IPC device (SNMSP in `its.1652`).
const DEV_IPC: u64 = 0o31;
/// IPC open modes (`itsmsp.30`, bits 3.1-3.4 of its mode word, the open
/// mode here): read from any job, read from a given job, send and wait,
/// send at once.
const IPC_READ_ANY: u32 = 0o1;
const IPC_READ_FROM: u32 = 0o2;
const IPC_SEND_WAIT: u32 = 0o4;
const IPC_SEND_NOW: u32 = 0o10;
/// OPNL20 on the IPC device: the job sent to is not there.
const IPC_NO_RECEIVER: CallError = CallError(0o20);

/// What opening `name` in `mode` needs that the shim leaves out, if
/// anything: other jobs (the USR, JOB, BOJ and STY devices, an IPC send
/// that waits for the receiving job, which with one job would wait for
/// ever) or the network (NET, TCP, CHAOS). ITS has these, so the caller
/// stops the job as not implemented, naming them, rather than answer NO
/// SUCH DEVICE, which programs take for a transient failure and retry.
pub fn out_of_scope(name: &FileName, mode: u32) -> Option<&'static str> {
    match name.device.text().as_str() {
        "USR" => Some("the USR device (inferior jobs)"),
        "JOB" | "BOJ" => Some("the JOB/BOJ devices (device-handling jobs)"),
        "STY" => Some("the STY device (pseudo-terminals of other jobs)"),
        "NET" | "TCP" | "CHAOS" => Some("a network device"),
        "IPC" if mode & (IPC_READ_ANY | IPC_READ_FROM) == 0 && mode & IPC_SEND_WAIT != 0 => {
            Some("an IPC send that waits for another job")
        }
        _ => None,
    }
}
/// TTY status bit 2.4: the job has the terminal.
const TTY_OWNED: u64 = 0o10000;

/// A device open on a channel.
#[derive(Debug)]
pub enum Device {
    /// The console.
    Tty,
    /// A disk file.
    Dsk(DskFile),
    /// The null device: reads zeros, swallows output.
    Nul,
    /// An IPC (message) channel waiting for messages (`itsmsp.30`): one
    /// job alone never gets one; an IOT on it is an I/O channel error.
    Ipc,
}

/// An open channel.
#[derive(Debug)]
pub struct Channel {
    /// What is open.
    pub device: Device,
    /// The open mode and control bits (right half).
    pub mode: u32,
    /// The names it was opened with (as RFNAME returns them).
    pub name: FileName,
    /// Pending ^P display command on a TTY output channel.
    pub escape: Escape,
    /// A character a %TIPEK read looked at on this TTY input channel,
    /// still to be read.
    pub peeked: Option<u8>,
}

impl Channel {
    fn output(&self) -> bool {
        self.mode & MODE_OUTPUT != 0
    }
    fn block(&self) -> bool {
        self.mode & MODE_BLOCK != 0
    }
    fn image(&self) -> bool {
        self.mode & MODE_IMAGE != 0
    }
    fn display(&self) -> bool {
        self.mode & (MODE_DISPLAY_BIT | TJDIS) != 0
    }

    /// The status word (STATUS in `_calls.127`) without error bits.
    pub fn status(&self) -> Word {
        let mode = ((self.mode & 7) as u64) << 6;
        let device = match self.device {
            Device::Tty if self.output() => DEV_TTY_DISPLAY | TTY_OWNED,
            Device::Tty => DEV_TTY_INPUT | TTY_OWNED,
            Device::Dsk(_) => DEV_DSK,
            Device::Nul => DEV_NUL,
            Device::Ipc => DEV_IPC,
        };
        Word::new(mode | device)
    }

    /// The byte size of the channel's access pointer: 7 in unit ASCII
    /// mode, else 36.
    pub fn byte_size(&self) -> u64 {
        if !self.block() && !self.image() {
            7
        } else {
            36
        }
    }
}

/// What stops a transfer.
#[derive(Debug)]
pub enum Fault {
    /// A reference beyond the job's core.
    Mpv(Mpv),
    /// An I/O channel error.
    Ioc(IocError),
    /// The host failed.
    Host(io::Error),
    /// The job read the terminal after the end of its input
    /// ([`TtyError::InputEnded`]).
    InputEnded,
    /// ^Z was typed ([`TtyError::Call`]).
    Call,
}

impl From<Mpv> for Fault {
    fn from(m: Mpv) -> Fault {
        Fault::Mpv(m)
    }
}

impl From<TtyError> for Fault {
    fn from(e: TtyError) -> Fault {
        match e {
            TtyError::Host(e) => Fault::Host(e),
            TtyError::Ioc(c) => Fault::Ioc(c),
            TtyError::InputEnded => Fault::InputEnded,
            TtyError::Call => Fault::Call,
            e @ TtyError::NotAscii { .. } => {
                Fault::Host(io::Error::new(io::ErrorKind::InvalidData, e.to_string()))
            }
        }
    }
}

impl From<WriteError> for Fault {
    fn from(e: WriteError) -> Fault {
        match e {
            WriteError::Ioc(c) => Fault::Ioc(c),
            WriteError::Host(e) => Fault::Host(e),
        }
    }
}

impl From<io::Error> for Fault {
    fn from(e: io::Error) -> Fault {
        Fault::Host(e)
    }
}

/// Unit ASCII end of file: -1,,^C.
pub const UNIT_ASCII_EOF: Word = Word::new(0o777777_000003);

/// Opens `name` on the device it names, in `mode`.
pub fn open(dsk: &DskRoot, mut name: FileName, mode: u32) -> Result<Channel, CallError> {
    let output = mode & MODE_OUTPUT != 0;
    let unit_ascii = mode & (MODE_BLOCK | MODE_IMAGE) == 0;
    let ascii = mode & MODE_IMAGE == 0;
    let device = match name.device.text().as_str() {
        "TTY" => Device::Tty,
        "NUL" => Device::Nul,
        "IPC" => ipc(mode)?,
        "DSK" | "SYS" | "COM" => {
            if name.fn1.is_empty() || name.fn2.is_empty() {
                return Err(CallError::ILLEGAL_FILE_NAME);
            }
            // `>` and `<` become the file's real name, which RFNAME gives.
            name = dsk.resolve_version(&name, output)?;
            if output {
                let path = dsk.new_file(&name)?;
                let file =
                    DskFile::create(path, unit_ascii, ascii, dsk.quota().clone()).map_err(|e| {
                        match e.kind() {
                            io::ErrorKind::StorageFull => CallError::DEVICE_FULL,
                            _ => CallError::FILE_LOCKED,
                        }
                    })?;
                Device::Dsk(file)
            } else if let Some(bytes) = dsk.served.get(&name) {
                let path = name.to_string().into();
                let file = DskFile::from_bytes(path, bytes, unit_ascii, ascii);
                Device::Dsk(file.map_err(|_| CallError::FILE_LOCKED)?)
            } else {
                let path = dsk.existing_file(&name)?;
                Device::Dsk(
                    DskFile::read(path, unit_ascii, ascii).map_err(|_| CallError::FILE_LOCKED)?,
                )
            }
        }
        _ => return Err(CallError::NO_SUCH_DEVICE),
    };
    Ok(Channel {
        device,
        mode,
        name,
        escape: Escape::None,
        peeked: None,
    })
}

/// The name a device word stands for: `SYS` and `COM` are DSK directories.
pub fn resolve_device(device: Sixbit, dir: Sixbit) -> FileName {
    let six = |s| Sixbit::new(s).unwrap_or_default();
    match device.text().as_str() {
        "SYS" => FileName {
            device: six("DSK"),
            dir: six("SYS"),
            ..Default::default()
        },
        "COM" => FileName {
            device: six("DSK"),
            dir: six("COMMON"),
            ..Default::default()
        },
        _ => FileName {
            device,
            dir,
            ..Default::default()
        },
    }
}

/// Opens the IPC device (IPCO in `itsmsp.30`). Reading, from any job or
/// a given one, registers the channel for messages, which with one job
/// never come. Sending at once finds no receiving job (OPNL20); sending
/// and waiting is stopped before (see [`out_of_scope`]). No mode bit:
/// MODE NOT AVAILABLE (OPNL12).
fn ipc(mode: u32) -> Result<Device, CallError> {
    if mode & (IPC_READ_ANY | IPC_READ_FROM) != 0 {
        Ok(Device::Ipc)
    } else if mode & IPC_SEND_NOW != 0 {
        Err(IPC_NO_RECEIVER)
    } else {
        Err(CallError::MODE_NOT_AVAILABLE)
    }
}

/// Reads one unit-mode datum; `None` at end of file.
fn read_unit(ch: &mut Channel, tty: &mut Terminal) -> Result<Option<Word>, Fault> {
    match &mut ch.device {
        Device::Tty => {
            let c = match ch.peeked.take() {
                Some(c) => c,
                None => tty.look()?,
            };
            let skip_echo = ch.mode & TI_ECH != 0;
            if ch.mode & TI_PEK != 0 {
                // Left in the input buffer: read (and MP echoed) later.
                ch.peeked = Some(c);
            } else if !skip_echo {
                tty.remove(c)?;
            }
            let owed = if skip_echo && tty.wants_mp_echo(c) {
                TX_MPE
            } else {
                0
            };
            Ok(Some(Word::new(c as u64 | owed)))
        }
        Device::Dsk(f) => Ok(f.next().map_err(Fault::Ioc)?),
        Device::Nul => Ok(Some(Word::ZERO)),
        Device::Ipc => Err(Fault::Ioc(IocError::ILLEGAL_MODE)),
    }
}

fn write_unit(ch: &mut Channel, tty: &mut Terminal, datum: Word) -> Result<(), Fault> {
    let (image, display) = (ch.image(), ch.display());
    match &mut ch.device {
        Device::Tty => Ok(tty.put((datum.raw() & 0o377) as u8, image, display, &mut ch.escape)?),
        Device::Dsk(f) => Ok(f.put(datum)?),
        Device::Nul => Ok(()),
        Device::Ipc => Err(Fault::Ioc(IocError::ILLEGAL_MODE)),
    }
}

/// `.IOT` on an open channel with effective address `e`.
pub fn iot(
    m: &mut impl Machine,
    ch: &mut Channel,
    tty: &mut Terminal,
    e: u32,
) -> Result<(), Fault> {
    if !ch.block() {
        if ch.output() {
            let datum = load(m, e)?;
            return write_unit(ch, tty, datum);
        }
        let datum = match read_unit(ch, tty)? {
            Some(d) => d,
            None if !ch.image() => UNIT_ASCII_EOF,
            None => return Err(Fault::Ioc(IocError::PAST_END_OF_FILE)),
        };
        return Ok(store(m, e, datum)?);
    }
    // Block mode: E holds an AOBJN pointer, counted as words move.
    let mut pointer = load(m, e)?;
    let result = block_transfer(m, ch, tty, &mut pointer);
    store(m, e, pointer)?;
    result
}

fn advance(pointer: &mut Word) {
    *pointer = Word::new(pointer.raw().wrapping_add(0o000001_000001));
}

fn block_transfer(
    m: &mut impl Machine,
    ch: &mut Channel,
    tty: &mut Terminal,
    pointer: &mut Word,
) -> Result<(), Fault> {
    while pointer.is_negative() {
        let address = pointer.right() as u32;
        let output = ch.output();
        match (&mut ch.device, output) {
            (Device::Tty, true) => {
                let w = load(m, address)?.raw();
                let (image, display) = (ch.image(), ch.display());
                for k in 0..5 {
                    let c = ((w >> (29 - 7 * k)) & 0o177) as u8;
                    // Block-mode TTY output ignores ^C (the padding).
                    if c != 0o003 {
                        tty.put(c, image, display, &mut ch.escape)?;
                    }
                }
            }
            (Device::Tty, false) => {
                let mut w = 0u64;
                let mut stop = false;
                for _ in 0..5 {
                    let c = match (stop, ch.peeked.take()) {
                        (true, _) => 0o003,
                        (false, Some(c)) => {
                            tty.remove(c)?;
                            c
                        }
                        (false, None) => tty.get()?,
                    };
                    stop |= c == 0o003;
                    w = (w << 7) | c as u64;
                }
                store(m, address, Word::new(w << 1))?;
                advance(pointer);
                if stop {
                    return Ok(());
                }
                continue;
            }
            (Device::Dsk(f), true) => f.put(load(m, address)?)?,
            (Device::Dsk(f), false) => {
                // Whole words, whatever the mode.
                let was_unit = std::mem::replace(&mut f.unit_ascii, false);
                let next = f.next();
                f.unit_ascii = was_unit;
                match next.map_err(Fault::Ioc)? {
                    Some(w) => store(m, address, w)?,
                    None => return Ok(()),
                }
            }
            (Device::Nul, true) => {}
            (Device::Nul, false) => store(m, address, Word::ZERO)?,
            (Device::Ipc, _) => return Err(Fault::Ioc(IocError::ILLEGAL_MODE)),
        }
        advance(pointer);
    }
    Ok(())
}

/// SIOT: moves `count` bytes through the byte pointer, both updated in
/// place (at `bp_at` and `count_at`); stops early at end of file.
pub fn siot(
    m: &mut impl Machine,
    ch: &mut Channel,
    tty: &mut Terminal,
    bp_at: u32,
    count_at: u32,
) -> Result<(), Fault> {
    let mut bp = BytePointer(load(m, bp_at)?);
    let mut count = load(m, count_at)?.signed();
    let result = (|| {
        while count > 0 {
            let next = bp.incremented();
            if ch.output() {
                let byte = next.load(m)?;
                write_unit(ch, tty, Word::new(byte))?;
            } else {
                match read_unit(ch, tty)? {
                    Some(d) => next.deposit(m, d.raw())?,
                    None => return Ok(()),
                }
            }
            bp = next;
            count -= 1;
        }
        Ok(())
    })();
    store(m, bp_at, bp.0)?;
    store(m, count_at, Word::from_i64(count))?;
    result
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

    fn setup(text: &str) -> (DskRoot, FileName) {
        let dir = scratch("chan");
        std::fs::create_dir(dir.join("d")).unwrap();
        std::fs::write(dir.join("d/in.txt"), text).unwrap();
        let name = FileName {
            device: six("DSK"),
            dir: six("D"),
            fn1: six("IN"),
            fn2: six("TXT"),
        };
        (DskRoot::new(&dir).unwrap(), name)
    }

    fn tty() -> Terminal {
        Terminal::new(
            Input::Bytes(Default::default()),
            Output::Capture(Vec::new()),
        )
    }

    #[test]
    fn block_ascii_read_partial_count() {
        let (dsk, name) = setup("ABCDEFG\n");
        let mut ch = open(&dsk, name, MODE_BLOCK).unwrap();
        let mut core = Core(vec![Word::ZERO; 0o200]);
        core.0[0o10] = Word::new(0o777774_000100); // -4,,100
        iot(&mut core, &mut ch, &mut tty(), 0o10).unwrap();
        // Two words came: the pointer is not counted out.
        assert_eq!(core.0[0o10], Word::new(0o777776_000102));
        assert_eq!(core.0[0o101].raw() >> 1 & 0o177, 0o003, "^C padding");
    }

    #[test]
    fn unit_eof_ascii_and_image() {
        let (dsk, name) = setup("");
        let mut core = Core(vec![Word::ZERO; 0o200]);
        let mut ch = open(&dsk, name, 0).unwrap();
        iot(&mut core, &mut ch, &mut tty(), 0o100).unwrap();
        assert_eq!(core.0[0o100], UNIT_ASCII_EOF);
        let mut ch = open(&dsk, name, MODE_IMAGE).unwrap();
        assert!(matches!(
            iot(&mut core, &mut ch, &mut tty(), 0o100),
            Err(Fault::Ioc(IocError::PAST_END_OF_FILE))
        ));
    }

    #[test]
    fn siot_updates_pointer_and_count() {
        let (dsk, name) = setup("HELLO");
        let mut ch = open(&dsk, name, 0).unwrap();
        let mut core = Core(vec![Word::ZERO; 0o200]);
        core.0[0o10] = Word::new(0o440700_000100);
        core.0[0o11] = Word::new(10);
        siot(&mut core, &mut ch, &mut tty(), 0o10, 0o11).unwrap();
        assert_eq!(core.0[0o11], Word::new(5), "stopped at end of file");
        assert_eq!(core.0[0o10], Word::new(0o010700_000100));
        assert_eq!(
            core.0[0o100].raw(),
            pdp10_isa::evacuated::text_to_words(b"HELLO")[0].raw()
        );
    }

    #[test]
    fn tty_block_input_stops_at_control_c() {
        let dsk = DskRoot::new(&scratch("ttyblk")).unwrap();
        let name = FileName {
            device: six("TTY"),
            ..Default::default()
        };
        let mut ch = open(&dsk, name, MODE_BLOCK).unwrap();
        let mut t = Terminal::new(
            Input::Bytes(b"AB\nCDEFG".iter().copied().collect()),
            Output::Capture(Vec::new()),
        );
        let mut core = Core(vec![Word::ZERO; 0o200]);
        core.0[0o10] = Word::new(0o777775_000100); // -3,,100
        iot(&mut core, &mut ch, &mut t, 0o10).unwrap();
        let pack = |c: &[u8]| Word::new(c.iter().fold(0u64, |w, &b| (w << 7) | b as u64) << 1);
        let words = [pack(b"AB\rCD"), pack(b"EFG\x03\x03")];
        // "AB" CR "CD", then "EFG" and the end of input (^C): two words.
        assert_eq!(&core.0[0o100..0o102], &words[..]);
        assert_eq!(core.0[0o10], Word::new(0o777777_000102));
    }

    #[test]
    fn missing_files_and_devices() {
        let (dsk, mut name) = setup("");
        name.fn1 = six("NOSUCH");
        assert_eq!(open(&dsk, name, 0).unwrap_err(), CallError::FILE_NOT_FOUND);
        name.device = six("LPT");
        assert_eq!(open(&dsk, name, 0).unwrap_err(), CallError::NO_SUCH_DEVICE);
    }
}
