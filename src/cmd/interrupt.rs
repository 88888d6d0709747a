//! Ctrl-C (SIGINT) for the commands that run the machine: the signal only
//! raises a process-wide flag; `boot` and `run` run the processor in chunks
//! of instructions and look at the flag between chunks (never inside the
//! processor's loop), then stop as at any other stop: output flushed, the
//! trace ended on a whole line, the state printed, exit status 130.
//!
//! SIGTERM and SIGHUP (`kill`, `timeout`, a closed terminal) do the same
//! (ctrlc's `termination` feature: one handler for the three), so that
//! what the program printed is not lost to them either.
//!
//! A program waiting for terminal input never reaches the end of a chunk:
//! a stop that comes while the host read of the terminal waits ([`Waiting`]),
//! or a second signal, ends the process there with status 130 (what the
//! program typed before it waited is already out: the terminal is flushed
//! before a read).
//!
//! Under DDT (`--ddt`, [`install_for_ddt`]) the same handler, and ^Z
//! (SIGTSTP), stop a running job and return to DDT, which looks at the
//! flag ([`ddt_flag`]) between slices of the job; at DDT's command line
//! Ctrl-C leaves with status 130.

use anyhow::Context;
use std::io::{self, BufRead, Read};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, LazyLock};
use std::time::Duration;

/// Ctrl-C was typed and not yet dealt with (shared with the job, which
/// looks at it after each system call: [`stop_flag`]).
static REQUESTED: LazyLock<Arc<AtomicBool>> = LazyLock::new(Default::default);
/// The run has seen [`REQUESTED`] and is stopping.
static TAKEN: AtomicBool = AtomicBool::new(false);
/// The run is inside a host read of the terminal, which may wait for ever.
static WAITING: AtomicBool = AtomicBool::new(false);
/// A DDT session is on: a stop returns to DDT.
static DDT: AtomicBool = AtomicBool::new(false);
/// Under DDT, the job is running (else Ctrl-C leaves).
static JOB_RUNNING: AtomicBool = AtomicBool::new(false);

/// The exit status of a run stopped by Ctrl-C (128 + SIGINT, as shells
/// report a process killed by it).
pub const EXIT_STATUS: u8 = 130;

/// Takes over SIGINT for the rest of the process, with no Ctrl-C
/// pending; a second call only clears the flag.
pub fn install() -> anyhow::Result<()> {
    clear();
    match ctrlc::set_handler(on_signal) {
        Err(ctrlc::Error::MultipleHandlers) => Ok(()),
        other => other.context("setting up Ctrl-C"),
    }
}

/// Takes over SIGINT (and SIGTERM, SIGHUP) and SIGTSTP for a DDT session:
/// while the job runs ([`job_running`]) they raise [`ddt_flag`], else
/// Ctrl-C leaves.
pub fn install_for_ddt() -> anyhow::Result<()> {
    DDT.store(true, Ordering::SeqCst);
    install()?;
    // SAFETY: the handler only stores to an atomic, which is safe in a
    // signal handler; it replaces the default stop, so that ^Z returns to
    // DDT as on ITS rather than suspending the emulator.
    unsafe {
        signal_hook::low_level::register(signal_hook::consts::SIGTSTP, || {
            REQUESTED.store(true, Ordering::SeqCst)
        })
    }
    .context("setting up Ctrl-Z")?;
    Ok(())
}

/// The flag DDT looks at between slices of the job, and clears when it
/// stops the job.
pub fn ddt_flag() -> &'static AtomicBool {
    &REQUESTED
}

/// The flag for [`its::Job::set_stop_flag`]: a job that sleeps or makes
/// slow system calls then stops at once.
pub fn stop_flag() -> Arc<AtomicBool> {
    Arc::clone(&REQUESTED)
}

/// Under DDT: whether the job is running now (DDT's commands that run it)
/// or DDT waits for a command.
pub fn job_running(running: bool) {
    JOB_RUNNING.store(running, Ordering::SeqCst);
}

/// The handler, on ctrlc's thread. Under DDT: stops a running job, or
/// leaves at DDT's command line. Else: raises the flag, and watches (on a
/// thread of its own, so that a second signal is still heard) until the
/// run takes it up, ending the process if the run is (or goes) into a read
/// of the terminal first.
fn on_signal() {
    if DDT.load(Ordering::SeqCst) {
        if JOB_RUNNING.load(Ordering::SeqCst) {
            REQUESTED.store(true, Ordering::SeqCst);
        } else {
            let _ = std::io::Write::flush(&mut std::io::stdout());
            exit_now();
        }
        return;
    }
    if REQUESTED.swap(true, Ordering::SeqCst) {
        exit_now();
    }
    std::thread::spawn(|| {
        while !TAKEN.load(Ordering::SeqCst) {
            if WAITING.load(Ordering::SeqCst) {
                exit_now();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    });
}

/// Ends the process with [`EXIT_STATUS`], the terminal's settings put
/// back first (an exit skips the drop of the character-mode guard).
fn exit_now() -> ! {
    super::character_mode::restore();
    std::process::exit(EXIT_STATUS.into());
}

/// The job's terminal input, telling the handler when a read may wait.
pub struct Waiting<R>(pub R);

impl<R: Read> Read for Waiting<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        WAITING.store(true, Ordering::SeqCst);
        let n = self.0.read(buf);
        WAITING.store(false, Ordering::SeqCst);
        n
    }
}

impl<R: BufRead> BufRead for Waiting<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        WAITING.store(true, Ordering::SeqCst);
        let filled = self.0.fill_buf();
        WAITING.store(false, Ordering::SeqCst);
        filled
    }

    fn consume(&mut self, n: usize) {
        self.0.consume(n);
    }
}

impl its::tty::Polled for Waiting<io::BufReader<io::Stdin>> {
    /// A character is buffered, or typed and waiting in the terminal
    /// (FIONREAD: no wait, unlike a read).
    fn ready(&mut self) -> bool {
        !self.0.buffer().is_empty() || rustix::io::ioctl_fionread(io::stdin()).is_ok_and(|n| n > 0)
    }
}

/// Whether Ctrl-C was typed since the last [`clear`]; a yes means the
/// caller stops.
pub fn requested() -> bool {
    let asked = REQUESTED.load(Ordering::Relaxed);
    if asked {
        TAKEN.store(true, Ordering::SeqCst);
    }
    asked
}

/// Forgets a Ctrl-C that has been dealt with.
pub fn clear() {
    REQUESTED.store(false, Ordering::SeqCst);
    TAKEN.store(false, Ordering::SeqCst);
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
