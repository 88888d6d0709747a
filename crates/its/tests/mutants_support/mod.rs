//! A small harness for the mutation tests: a MIDAS program, assembled in
//! memory by the workspace's assembler, run as an ITS job on a scratch DSK
//! folder; then its terminal output, its ending and the words at its labels.
#![allow(dead_code)]

use its::{Clock, Job, JobConfig, Outcome, Sixbit};
use pdp10_isa::Word;
use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A finished run.
pub struct Ran {
    pub job: Job,
    pub outcome: Outcome,
    pub output: String,
    pub symbols: HashMap<String, u32>,
    pub dsk: PathBuf,
}

impl Ran {
    /// The address of label `name`.
    pub fn address(&self, name: &str) -> u32 {
        *self
            .symbols
            .get(name)
            .unwrap_or_else(|| panic!("no label {name}"))
    }
    /// The word at label `name` (plus `offset`).
    pub fn at(&self, name: &str, offset: u32) -> u64 {
        let a = self.address(name) + offset;
        self.job.cpu().read(a).expect("in core").raw()
    }
    /// The word at label `name`.
    pub fn word(&self, name: &str) -> u64 {
        self.at(name, 0)
    }
    /// The run stopped on a program error; its PC and message.
    pub fn program_error(&self) -> (u32, String) {
        match &self.outcome {
            Outcome::ProgramError { pc, message } => (*pc, message.clone()),
            other => panic!("not a program error: {other:?} (output {})", self.output),
        }
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
}

/// A fresh, empty DSK folder for test `name`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mutants-its")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    // The jobs' SNAME is PUZZLE: their directory.
    std::fs::create_dir_all(dir.join("puzzle")).unwrap();
    dir
}

/// Assembles `source` (MIDAS; `END GO` added when missing).
pub fn image(source: &str) -> (its::Image, HashMap<String, u32>) {
    let text = if source.contains("\nEND") {
        source.to_string()
    } else {
        format!("{source}\nEND GO\n")
    };
    let assembly = midas::assemble_str("t.mid", &text).unwrap_or_else(|e| panic!("{e}"));
    let symbols = assembly
        .symbols
        .iter()
        .map(|s| (s.name.clone(), s.value.right() as u32))
        .collect();
    let image = its::loader::load_bytes(&assembly.to_bytes()).unwrap();
    (image, symbols)
}

/// How to run a program.
pub struct Setup<'a> {
    pub jcl: Option<&'a str>,
    pub input: &'a [u8],
    pub clock: Clock,
    pub budget: u64,
    pub verbose: bool,
    pub quota: Option<u64>,
}

impl Default for Setup<'_> {
    fn default() -> Self {
        Setup {
            jcl: None,
            input: b"",
            clock: Clock::Fixed(0),
            budget: 100_000,
            verbose: false,
            quota: None,
        }
    }
}

/// Runs `source` on DSK folder `dsk` as set up.
pub fn run_in(dsk: &Path, source: &str, setup: Setup) -> Ran {
    let (image, symbols) = image(source);
    let mut config = JobConfig::captured(dsk, "TEST", setup.jcl);
    config.terminal = its::tty::Terminal::new(
        its::tty::Input::Bytes(setup.input.to_vec().into()),
        its::tty::Output::Capture(Vec::new()),
    );
    config.clock = setup.clock;
    config.verbose = setup.verbose;
    config.uname = Sixbit::lossy("USER");
    let mut job = Job::new(&image, config).unwrap();
    if let Some(q) = setup.quota {
        job.set_dsk_quota(q);
    }
    let outcome = job.run(setup.budget, &mut ka10::NoTrace).unwrap();
    let output = String::from_utf8_lossy(&job.take_output()).into_owned();
    Ran {
        job,
        outcome,
        output,
        symbols,
        dsk: dsk.to_path_buf(),
    }
}

/// Runs `source` on a fresh DSK folder named after the test.
pub fn run(name: &str, source: &str) -> Ran {
    run_in(&scratch(name), source, Setup::default())
}

/// The ACs most programs use, and the first lines of each.
pub const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

/// Runs MIDAS `body` after [`HEAD`] with `input` typed on the terminal, on
/// a fresh DSK folder named after the test.
pub fn run_typed(name: &str, body: &str, input: &[u8]) -> Ran {
    let source = format!("{HEAD}{body}\nEND GO\n");
    let setup = Setup {
        input,
        ..Setup::default()
    };
    run_in(&scratch(name), &source, setup)
}

/// The SIXBIT word of `s`.
pub fn six(s: &str) -> u64 {
    Sixbit::new(s).unwrap().0.raw()
}

/// A word from halves.
pub fn halves(l: u64, r: u64) -> u64 {
    Word::from_halves(l, r).raw()
}
