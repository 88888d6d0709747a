//! The host terminal in character mode while `pdp10 run` runs a job on
//! it: each character reaches the job as it is typed, with no host line
//! editing and no host echo (ITS echoes itself: the shim's console does,
//! `its::tty`). Only when standard input is a terminal; from a pipe or a
//! file the input is read as it comes.
//!
//! Left alone: ISIG (Ctrl-C still stops the run), the output settings (a line end is
//! still the host's), and the input CR-to-LF mapping (the console reads
//! either as CR). Turned off besides ICANON and ECHO: IEXTEN (^V, ^O) and
//! IXON (^S, ^Q), which ITS programs read as characters (^S is in the
//! interrupt group 6 of itstty.41). The suspend character (VSUSP) is
//! disabled: ^Z is ITS's CALL, which stops the job for its superior
//! (ddt.33), so it reaches the shim, which ends the run as ITS would
//! return to DDT, rather than suspending pdp10.
//!
//! The saved settings are put back on every way out: the guard's drop
//! (normal end, error, panic: the release profile unwinds), and
//! [`restore`] before the signal handler's `process::exit`
//! (`interrupt.rs`).

use rustix::termios::{self, InputModes, LocalModes, OptionalActions, SpecialCodeIndex, Termios};
use std::io::IsTerminal;
use std::os::fd::AsFd;
use std::sync::Mutex;

/// The terminal's settings before character mode, while it is on.
static SAVED: Mutex<Option<Termios>> = Mutex::new(None);

/// Character mode on standard input while it lives.
pub struct CharacterMode {
    on: bool,
}

impl CharacterMode {
    /// Puts standard input in character mode if it is a terminal.
    pub fn enter() -> std::io::Result<CharacterMode> {
        CharacterMode::enter_on(std::io::stdin())
    }

    /// Puts `fd` in character mode if it is a terminal; nothing (and
    /// [`CharacterMode::on`] false) otherwise.
    pub fn enter_on(fd: impl AsFd) -> std::io::Result<CharacterMode> {
        let fd = fd.as_fd();
        if !fd.is_terminal() {
            return Ok(CharacterMode { on: false });
        }
        let saved = termios::tcgetattr(fd)?;
        let mut raw = saved.clone();
        (raw.local_modes, raw.input_modes) = character_flags(raw.local_modes, raw.input_modes);
        character_codes(&mut raw);
        *SAVED.lock().unwrap_or_else(|e| e.into_inner()) = Some(saved);
        termios::tcsetattr(fd, OptionalActions::Now, &raw)?;
        Ok(CharacterMode { on: true })
    }

    /// Whether the terminal is in character mode (the console must echo).
    pub fn on(&self) -> bool {
        self.on
    }
}

impl Drop for CharacterMode {
    fn drop(&mut self) {
        if self.on {
            restore();
        }
    }
}

/// Puts the terminal's saved settings back, if character mode is on;
/// safe to call more than once, and from the signal handler's thread.
pub fn restore() {
    let saved = SAVED.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(saved) = saved {
        let _ = termios::tcsetattr(std::io::stdin(), OptionalActions::Now, &saved);
    }
}

/// The special characters of character mode: a read returns as soon as
/// one character is there, and ^Z is a character (the job's CALL), not
/// the host's suspend (0 disables it, `_POSIX_VDISABLE` on Linux).
pub fn character_codes(t: &mut Termios) {
    t.special_codes[SpecialCodeIndex::VMIN] = 1;
    t.special_codes[SpecialCodeIndex::VTIME] = 0;
    t.special_codes[SpecialCodeIndex::VSUSP] = 0;
}

/// The local and input modes of character mode, from the terminal's.
pub fn character_flags(local: LocalModes, input: InputModes) -> (LocalModes, InputModes) {
    (
        local - (LocalModes::ICANON | LocalModes::ECHO | LocalModes::ECHONL | LocalModes::IEXTEN),
        input - InputModes::IXON,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn character_mode_turns_off_line_editing_and_echo_but_not_signals() {
        let cooked = LocalModes::ICANON
            | LocalModes::ECHO
            | LocalModes::ECHOE
            | LocalModes::ISIG
            | LocalModes::IEXTEN;
        let (local, input) = character_flags(
            cooked,
            InputModes::ICRNL | InputModes::IXON | InputModes::BRKINT,
        );
        assert_eq!(local, LocalModes::ECHOE | LocalModes::ISIG);
        assert_eq!(input, InputModes::ICRNL | InputModes::BRKINT);
    }

    #[test]
    fn character_mode_gives_control_z_to_the_job() {
        use rustix::pty::{grantpt, openpt, ptsname, unlockpt, OpenptFlags};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).unwrap();
        grantpt(&master).unwrap();
        unlockpt(&master).unwrap();
        let name = ptsname(&master, Vec::new()).unwrap();
        let slave = std::fs::File::open(name.to_str().unwrap()).unwrap();
        let mut t = termios::tcgetattr(&slave).unwrap();
        assert_ne!(
            t.special_codes[SpecialCodeIndex::VSUSP],
            0,
            "suspends at first"
        );
        character_codes(&mut t);
        assert_eq!(t.special_codes[SpecialCodeIndex::VSUSP], 0);
        assert_eq!(t.special_codes[SpecialCodeIndex::VMIN], 1);
        assert_eq!(t.special_codes[SpecialCodeIndex::VTIME], 0);
    }

    #[test]
    fn a_pipe_is_left_as_it_is() {
        let (reader, _writer) = std::io::pipe().unwrap();
        let mode = CharacterMode::enter_on(&reader).unwrap();
        assert!(!mode.on());
        assert!(SAVED.lock().unwrap().is_none(), "nothing saved to restore");
    }

    #[test]
    fn restoring_with_nothing_saved_does_nothing() {
        restore();
        restore();
    }
}
