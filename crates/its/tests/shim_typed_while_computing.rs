//! Characters typed on a terminal while the job computes (itstty.41, D/4):
//! ITS takes each at interrupt level as it is typed, so a job with a
//! typed-character interrupt enabled is interrupted in the middle of its
//! computation, not only when it next reads. The shim looks between two
//! runs of the processor ([`its::tty::Input::Polled`]: a host terminal);
//! a pipe gives its characters when the job reads.

mod mutants_support;
use its::tty::{Input, Output, Polled, Terminal};
use its::{Job, JobConfig, Outcome};
use mutants_support::{image, scratch, HEAD};
use std::collections::VecDeque;
use std::io::{self, BufRead, Read};

/// A terminal on which `bytes` have been typed.
struct Typed(VecDeque<u8>);

impl Read for Typed {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.0.read(buf)
    }
}

impl BufRead for Typed {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        Ok(self.0.as_slices().0)
    }
    fn consume(&mut self, n: usize) {
        self.0.drain(..n);
    }
}

impl Polled for Typed {
    fn ready(&mut self) -> bool {
        !self.0.is_empty()
    }
}

/// Opens TTY input on channel 1, enables `mask` (and `msk2`), then
/// counts in a loop that never reads; the old-style handler keeps the
/// count, the interrupt word, the PC word and what `.ITYIC` gives, and
/// logs out.
const PROGRAM: &str = "LOC 42\n\tJSR TSINT\nLOC 100\n\
    GO:\t.OPEN 1,[0,,'TTY]\n\t .LOSE\n\t.SUSET [.SMASK,,MASK]\n\t.SUSET [.SMSK2,,MSK2]\n\
    LOOP:\tAOS COUNT\n\tJRST LOOP\n\
    TSINT:\t0\n\t0\n\tMOVE A,COUNT\n\tMOVEM A,SEEN\n\tMOVE A,TSINT\n\tMOVEM A,BITS\n\
    \tMOVE A,TSINT+1\n\tMOVEM A,PCW\n\tMOVEI C,1\n\t.ITYIC C,\n\t SETO C,\n\tMOVEM C,ITY\n\
    \t.LOGOUT 1,\n\
    COUNT:\t0\nSEEN:\t0\nBITS:\t0\nPCW:\t0\nITY:\t0\nLOOPAT:\tLOOP\n";

fn run(
    name: &str,
    input: Input,
    mask: u64,
    msk2: u64,
) -> (Job, Outcome, impl Fn(&Job, &str) -> u64) {
    run_program(name, PROGRAM, input, mask, msk2)
}

/// [`run`] of another program, on the host clock.
fn run_program(
    name: &str,
    program: &str,
    input: Input,
    mask: u64,
    msk2: u64,
) -> (Job, Outcome, impl Fn(&Job, &str) -> u64) {
    let source = format!("{HEAD}{program}MASK:\t{mask:o}\nMSK2:\t{msk2:o}\nEND GO\n");
    let (image, symbols) = image(&source);
    let mut config = JobConfig::captured(&scratch(name), "TEST", None);
    config.clock = its::Clock::Host;
    config.terminal = Terminal::new(input, Output::Capture(Vec::new()));
    let mut job = Job::new(&image, config).unwrap();
    let outcome = job.run(5_000_000, &mut ka10::NoTrace).unwrap();
    let word = move |job: &Job, name: &str| job.cpu().read(symbols[name]).unwrap().raw();
    (job, outcome, word)
}

fn typed(bytes: &[u8]) -> Input {
    Input::Polled(Box::new(Typed(bytes.iter().copied().collect())))
}

const PITYI: u64 = 1;

#[test]
fn a_character_typed_while_the_job_computes_interrupts_it() {
    let (job, outcome, word) = run("typed-pityi", typed(b"x"), PITYI, 0);
    assert_eq!(outcome, Outcome::Finished { message: None });
    assert_eq!(word(&job, "ITY"), b'x' as u64);
    assert_eq!(word(&job, "BITS"), PITYI);
    // In the loop, which never reads: the PC word is in it, the count
    // well on (the shim looks about every million instructions).
    let pc = word(&job, "PCW") & 0o777777;
    let loop_at = word(&job, "LOOPAT");
    assert!(pc == loop_at || pc == loop_at + 1, "{pc:o}");
    assert!(word(&job, "SEEN") > 1000, "{}", word(&job, "SEEN"));
}

#[test]
fn on_the_channel_enabled_in_msk2_too() {
    let (job, outcome, word) = run("typed-msk2", typed(b"q"), 0, 0o2);
    assert_eq!(outcome, Outcome::Finished { message: None });
    assert_eq!(word(&job, "ITY"), b'q' as u64);
    assert_eq!(word(&job, "BITS"), 1 << 35 | 0o2);
}

#[test]
fn nothing_arrives_without_an_enabled_interrupt_or_from_a_pipe() {
    // Nothing enabled: the character waits for a read that never comes.
    let (_, outcome, _) = run("typed-off", typed(b"x"), 0, 0);
    assert!(
        matches!(outcome, Outcome::BudgetExhausted { .. }),
        "{outcome:?}"
    );
    // A pipe (not a terminal) gives characters when the job reads.
    let pipe = Input::Stream(Box::new(io::Cursor::new(b"x".to_vec())));
    let (_, outcome, _) = run("typed-pipe", pipe, PITYI, 0);
    assert!(
        matches!(outcome, Outcome::BudgetExhausted { .. }),
        "{outcome:?}"
    );
}

#[test]
fn a_sleeping_job_is_interrupted_at_once() {
    // .SLEEP of 30 seconds on the host clock: the typed character ends it
    // (ITS interrupts a sleeping job), long before the sleep would, and
    // the interrupt is given at once (not after a million .SLEEPs).
    let program = PROGRAM.replace(
        "LOOP:\tAOS COUNT\n\tJRST LOOP\n",
        "LOOP:\tMOVEI A,900.\n\t.SLEEP A,\n\t.VALUE\n",
    );
    let started = std::time::Instant::now();
    let (job, outcome, word) = run_program("typed-sleep", &program, typed(b"s"), PITYI, 0);
    assert_eq!(outcome, Outcome::Finished { message: None });
    assert_eq!(word(&job, "ITY"), b's' as u64);
    assert!(started.elapsed().as_secs() < 10, "{:?}", started.elapsed());
    assert!(job.instructions() < 100, "{}", job.instructions());
    // The PC word is at the .SLEEP, to sleep the rest after a dismiss.
    assert_eq!(word(&job, "PCW") & 0o777777, word(&job, "LOOPAT") + 1);
}
