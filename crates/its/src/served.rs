//! Running many short jobs quickly (`pdp10 verify`): DSK files served from
//! memory instead of the host folder, and a machine reused from one job to
//! the next instead of a fresh 256K-word memory each time.
//!
//! A served file is seen only by an input open of its exact name
//! (`DSK:DIR;FN1 FN2`, or through `SYS:`/`COM:`); its host bytes are decoded
//! as a host file's would be, so the job reads exactly what it would read
//! from a file with those bytes. Other calls (rename, delete, output opens)
//! still see only the host folder.

use crate::names::FileName;
use crate::{Error, Image, Job, JobConfig};
use std::sync::Arc;

/// The files a DSK device serves from memory.
#[derive(Clone, Debug, Default)]
pub(crate) struct Served(Vec<(FileName, Arc<[u8]>)>);

impl Served {
    /// The bytes served under `name` (the device is not compared: `SYS:`
    /// and `COM:` are DSK directories by then).
    pub(crate) fn get(&self, name: &FileName) -> Option<Arc<[u8]>> {
        let same = |n: &FileName| n.dir == name.dir && n.fn1 == name.fn1 && n.fn2 == name.fn2;
        self.0.iter().find(|(n, _)| same(n)).map(|(_, b)| b.clone())
    }
}

impl Job {
    /// Serves `bytes` as the host bytes of the DSK file `name` for input
    /// opens, ahead of any host file of that name, until the job is reused.
    pub fn serve_file(&mut self, name: FileName, bytes: impl Into<Arc<[u8]>>) {
        let served = &mut self.system.dsk.served.0;
        served.retain(|(n, _)| n.dir != name.dir || n.fn1 != name.fn1 || n.fn2 != name.fn2);
        served.push((name, bytes.into()));
    }

    /// The job that [`Job::new`] would make of `image` and `config`, on this
    /// job's machine: the memory this job used is zeroed rather than a new
    /// 256K words allocated, which is most of the cost of a short job. The
    /// instruction count goes on from this job's ([`Job::instructions`]).
    /// Served files are forgotten.
    pub fn reuse(self, image: &Image, config: JobConfig) -> Result<Job, Error> {
        let Job { mut cpu, system } = self;
        drop(system);
        // Shrinking zeroes every word that leaves memory (`Cpu::
        // set_memory_size`), so memory beyond the ACs is zero again, as
        // `Cpu::new` leaves it; the ACs are zeroed here.
        cpu.set_memory_size(0);
        for n in 0..16 {
            cpu.set_ac(n, pdp10_isa::Word::ZERO);
        }
        cpu.set_flags(0);
        Job::on_cpu(cpu, image, config)
    }
}

#[cfg(test)]
mod tests {
    use crate::names::tests::scratch;
    use crate::names::FileName;
    use crate::{loader, Image, Job, JobConfig, Outcome, Sixbit};
    use pdp10_isa::Word;

    fn image(words: &[u64]) -> Image {
        Image {
            blocks: vec![(0o100, words.iter().map(|&w| Word::new(w)).collect())],
            start: Word::new(0o254000_000100),
            core: loader::PAGE,
            symbols: vec![],
            read_only: vec![],
            shared: vec![],
        }
    }

    /// Types the character "0" + (word 200) + AC 3, then adds one to word
    /// 200 and sets AC 3 to 1: a second run on unclean memory or ACs
    /// types another digit.
    fn leaves_traces() -> Image {
        image(&[
            0o200040_000200, // 100 MOVE 1,200
            0o270040_000003, // 101 ADD 1,3
            0o271040_000060, // 102 ADDI 1,"0
            0o041100_000111, // 103 .OPEN 2,[.UAO,,'TTY]
            0o043100_001400, // 104 .LOSE %LSFIL
            0o040100_000001, // 105 .IOT 2,1
            0o350000_000200, // 106 AOS 200
            0o201140_000001, // 107 MOVEI 3,1
            0o042040_000033, // 110 .LOGOUT 1,
            0o000001_646471, // 111 .UAO,,'TTY
        ])
    }

    #[test]
    fn a_reused_job_starts_as_a_new_one() {
        let dir = scratch("reuse");
        let program = leaves_traces();
        let mut job = Job::new(&program, JobConfig::captured(&dir, "T", None)).unwrap();
        let first = job.run(1000, &mut ka10::NoTrace).unwrap();
        assert_eq!(first, Outcome::Finished { message: None });
        assert_eq!(job.take_output(), b"0");
        let count = job.instructions();
        for _ in 0..2 {
            let before = job.instructions();
            job = job
                .reuse(&program, JobConfig::captured(&dir, "T", None))
                .unwrap();
            assert_eq!(job.run(1000, &mut ka10::NoTrace).unwrap(), first);
            assert_eq!(job.take_output(), b"0", "memory or ACs left over");
            assert_eq!(job.instructions() - before, count);
        }
    }

    fn six(s: &str) -> Sixbit {
        Sixbit::new(s).unwrap()
    }

    /// Opens DSK:VFY SUDOKU (in the job's SNAME) and types its first
    /// character.
    fn types_first_character() -> Image {
        image(&[
            0o041040_000110, // 100 .OPEN 1,110
            0o043100_001400, // 101 .LOSE %LSFIL
            0o040040_000001, // 102 .IOT 1,1
            0o041100_000113, // 103 .OPEN 2,[.UAO,,'TTY]
            0o043100_001400, // 104 .LOSE %LSFIL
            0o040100_000001, // 105 .IOT 2,1
            0o042040_000033, // 106 .LOGOUT 1,
            0,               // 107
            0o000000_446353, // 110 .UAI,,'DSK
            six("VFY").0.raw(),
            six("SUDOKU").0.raw(),
            0o000001_646471, // 113 .UAO,,'TTY
        ])
    }

    #[test]
    fn a_served_file_is_read_as_a_host_file_with_its_bytes() {
        let dir = scratch("served");
        let program = types_first_character();
        let name = FileName {
            device: six("DSK"),
            dir: six("PUZZLE"),
            fn1: six("VFY"),
            fn2: six("SUDOKU"),
        };
        let mut job = Job::new(&program, JobConfig::captured(&dir, "T", None)).unwrap();
        job.serve_file(name, &b"Q\r\n"[..]);
        job.serve_file(name, &b"X\r\n"[..]);
        assert_eq!(
            job.run(1000, &mut ka10::NoTrace).unwrap(),
            Outcome::Finished { message: None }
        );
        assert_eq!(job.take_output(), b"X", "the last bytes served win");
        // Another directory's file of that name is not served; reuse
        // forgets served files: the open fails (no such host file).
        for other in [
            FileName {
                dir: six("SYS"),
                ..name
            },
            name,
        ] {
            job = job
                .reuse(&program, JobConfig::captured(&dir, "T", None))
                .unwrap();
            if other != name {
                job.serve_file(other, &b"X"[..]);
            }
            let outcome = job.run(1000, &mut ka10::NoTrace).unwrap();
            assert_ne!(outcome.exit_status(), 0, "{outcome:?}");
        }
    }
}
