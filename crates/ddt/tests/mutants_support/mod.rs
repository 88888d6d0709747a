//! A small harness for the mutation tests: a MIDAS program assembled in
//! memory, loaded as an ITS job (terminal kept in memory, clock fixed),
//! and a DDT session over it fed whole lines, echoed as from a pipe.
#![allow(dead_code)]

use ddt::{ItsJob, Session, SymbolTable};
use its::{Clock, Job, JobConfig};
use pdp10_isa::squoze::HALF_KILLED;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicBool;

/// COUNT: a loop that calls a subroutine five times, then .VALUE, then
/// types the total and logs out.
pub const COUNT: &str = "TITLE COUNT
A=1
B=2
C=3
P=17
TTYO==1
GO:\tMOVE P,[-20,,PDL-1]
\t.OPEN TTYO,[.UAO,,'TTY]
\t .LOSE %LSFIL
\tMOVEI A,5
LOOP:\tPUSHJ P,BUMP
\tSOJG A,LOOP
\t.VALUE
\tMOVE C,TOTAL
\tADDI C,\"0
\t.IOT TTYO,C
\t.IOT TTYO,[15]
\t.IOT TTYO,[12]
\t.LOGOUT 1,
BUMP:\tAOS TOTAL
\tAOS B
\tPOPJ P,
TOTAL:\t0
TEXT:\tASCII /HELLO/
NAME:\tSIXBIT /COUNT/
HALVES:\t3,,TEXT
PDL:\tBLOCK 20
END GO
";

pub type Ddt = Session<ItsJob, Vec<u8>>;

/// A fresh DSK folder for test `name`.
pub fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("mutants-ddt")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A session over `source` as an ITS job.
pub fn session(name: &str, source: &str) -> Ddt {
    let assembly = midas::assemble_str("t.mid", source).unwrap_or_else(|e| panic!("{e}"));
    let image = its::loader::load_bytes(&assembly.to_bytes()).unwrap();
    let mut config = JobConfig::captured(&scratch(name), "COUNT", None);
    config.clock = Clock::Fixed(1_795_327_719);
    let job = Job::new(&image, config).unwrap();
    let symbols = SymbolTable::new(
        assembly
            .symbols
            .iter()
            .map(|s| (s.name.as_str(), s.value.raw(), s.flags & HALF_KILLED != 0)),
    );
    Session::new(ItsJob::new(job), symbols, Vec::new(), true)
}

/// Feeds `commands` a line at a time; what DDT and the job typed.
pub fn typed(s: &mut Ddt, commands: &str) -> String {
    let quiet = AtomicBool::new(false);
    for line in commands.lines() {
        if s.line(line, &quiet).unwrap() == ddt::Control::Quit {
            break;
        }
    }
    String::from_utf8(std::mem::take(s.output())).unwrap()
}

/// A whole session over COUNT: the transcript and the exit status.
pub fn count_session(name: &str, commands: &str) -> String {
    let mut s = session(name, COUNT);
    let mut out = typed(&mut s, commands);
    let (status, rest) = s.finish().unwrap();
    out.push_str(&String::from_utf8(rest).unwrap());
    out.push_str(&format!("--- exit status {status}\n"));
    out
}
