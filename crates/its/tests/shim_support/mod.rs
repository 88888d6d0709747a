//! The shim tests' harness: a MIDAS program of the test's own, assembled
//! in memory by the workspace's assembler and run as an ITS job on a
//! scratch DSK folder, with fixed terminal input; then its ending, its
//! terminal output and the words at its labels.
#![allow(dead_code)]

use its::{Clock, Job, JobConfig, Outcome, Sixbit};
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// The ACs most programs use, and the first lines of each.
pub const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

/// A finished run.
pub struct Ran {
    pub job: Job,
    pub outcome: Outcome,
    pub output: String,
    pub symbols: HashMap<String, u32>,
}

impl Ran {
    /// The address of label `name`.
    pub fn address(&self, name: &str) -> u32 {
        *self
            .symbols
            .get(name)
            .unwrap_or_else(|| panic!("no label {name}"))
    }
    /// The word at label `name`.
    pub fn word(&self, name: &str) -> u64 {
        let a = self.address(name);
        self.job.cpu().read(a).expect("in core").raw()
    }
    /// The run ended with `.LOGOUT 1,`.
    pub fn finished(&self) -> &Ran {
        assert_eq!(
            self.outcome,
            Outcome::Finished { message: None },
            "output: {}",
            self.output
        );
        self
    }
    /// The run stopped on a program error; its message.
    pub fn program_error(&self) -> (u32, String) {
        match &self.outcome {
            Outcome::ProgramError { pc, message } => (*pc, message.clone()),
            other => panic!("not a program error: {other:?} (output {})", self.output),
        }
    }
}

/// A fresh, empty DSK folder for test `name`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("shim-its")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("puzzle")).unwrap();
    dir
}

/// Runs MIDAS `body` (after [`HEAD`], `END GO` added) with `input` typed
/// on the terminal, on a fresh DSK folder named after the test.
pub fn run(name: &str, body: &str, input: &[u8]) -> Ran {
    let text = format!("{HEAD}{body}\nEND GO\n");
    let assembly = midas::assemble_str("t.mid", &text).unwrap_or_else(|e| panic!("{e}"));
    let symbols = assembly
        .symbols
        .iter()
        .map(|s| (s.name.clone(), s.value.right() as u32))
        .collect();
    let image = its::loader::load_bytes(&assembly.to_bytes()).unwrap();
    let dsk = scratch(name);
    let mut config = JobConfig::captured(&dsk, "TEST", None);
    config.terminal = its::tty::Terminal::new(
        its::tty::Input::Bytes(input.to_vec().into()),
        its::tty::Output::Capture(Vec::new()),
    );
    config.clock = Clock::Fixed(0);
    config.uname = Sixbit::lossy("USER");
    let mut job = Job::new(&image, config).unwrap();
    let outcome = job.run(100_000, &mut ka10::NoTrace).unwrap();
    let output = String::from_utf8_lossy(&job.take_output()).into_owned();
    Ran {
        job,
        outcome,
        output,
        symbols,
    }
}
