//! Ctrl-C (SIGINT) for the commands that run the machine: the signal only
//! raises a process-wide flag; `boot` and `run` run the processor in chunks
//! of instructions and look at the flag between chunks (never inside the
//! processor's loop), then stop as at any other stop: output flushed, the
//! trace ended on a whole line, the state printed, exit status 130.
//!
//! A second Ctrl-C before the first was seen (a program waiting for
//! terminal input never reaches the end of a chunk) ends the process at
//! once with status 130.

use anyhow::Context;
use std::sync::atomic::{AtomicBool, Ordering};

static REQUESTED: AtomicBool = AtomicBool::new(false);

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells
/// report a process killed by it).
pub const EXIT_STATUS: u8 = 130;

/// Takes over SIGINT for the rest of the process, with no Ctrl-C
/// pending; a second call only clears the flag.
pub fn install() -> anyhow::Result<()> {
    clear();
    match ctrlc::set_handler(|| {
        if REQUESTED.swap(true, Ordering::SeqCst) {
            std::process::exit(EXIT_STATUS.into());
        }
    }) {
        Err(ctrlc::Error::MultipleHandlers) => Ok(()),
        other => other.context("setting up Ctrl-C"),
    }
}

/// Whether Ctrl-C was typed since the last [`clear`].
pub fn requested() -> bool {
    REQUESTED.load(Ordering::Relaxed)
}

/// Forgets a Ctrl-C that has been dealt with.
pub fn clear() {
    REQUESTED.store(false, Ordering::SeqCst);
}

/// Instructions run between two looks at the flag (about a hundredth of
/// a second).
pub const CHUNK: u64 = its::CHUNK_INSTRUCTIONS;

/// How a chunked run of the bare machine ended.
pub enum Stop<S> {
    /// As [`ka10::Cpu::run`] ended (a budget error counts the whole run).
    Ran(Result<ka10::Exit<S>, ka10::Error>),
    /// Ctrl-C.
    Interrupted,
}

/// Runs `cpu` for at most `budget` instructions in chunks, stopping
/// between chunks when Ctrl-C was typed.
pub fn run_cpu<H: ka10::TrapHandler, T: ka10::Tracer>(
    cpu: &mut ka10::Cpu,
    handler: &mut H,
    tracer: &mut T,
    budget: u64,
) -> Stop<H::Stop> {
    let first = cpu.instructions();
    loop {
        let done = cpu.instructions() - first;
        let chunk = (budget - done).min(CHUNK);
        match cpu.run(handler, tracer, chunk) {
            Err(e)
                if matches!(e.kind, ka10::ErrorKind::BudgetExhausted { .. })
                    && done + chunk < budget =>
            {
                if requested() {
                    return Stop::Interrupted;
                }
            }
            Err(mut e) => {
                if let ka10::ErrorKind::BudgetExhausted { executed } = &mut e.kind {
                    *executed = cpu.instructions() - first;
                }
                return Stop::Ran(Err(e));
            }
            done => return Stop::Ran(done),
        }
    }
}
