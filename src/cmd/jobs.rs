//! `--jobs` (`-j`) for `solve` and `verify`: how many worker threads, and
//! the rayon pool that runs `verify`'s (`solve` starts its own threads).

/// The most worker threads started, whatever `--jobs` asks: more than the
/// cores only adds switching, and a thread each for 100000 jobs takes
/// minutes and memory before any work is done.
pub const MAX_JOBS: usize = 256;

/// The threads to run for `asked` (0: one per core), at most `work`
/// (the puzzles there are, when known) and at most [`MAX_JOBS`], saying on
/// standard error when `asked` is cut to the ceiling.
pub fn threads(command: &str, asked: usize, work: Option<usize>) -> usize {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let wanted = if asked == 0 { cores } else { asked };
    let n = wanted.min(MAX_JOBS).min(work.unwrap_or(usize::MAX)).max(1);
    if wanted > MAX_JOBS {
        eprintln!(
            "pdp10 {command}: --jobs {wanted} is more than the {MAX_JOBS} threads started at most; using {n}"
        );
    }
    n
}

/// A pool of `threads` workers.
pub fn pool(threads: usize) -> anyhow::Result<rayon::ThreadPool> {
    use anyhow::Context;
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .context("cannot start the worker threads")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn jobs_are_bounded_by_the_work_and_the_ceiling() {
        assert_eq!(threads("t", 100_000, None), MAX_JOBS);
        assert_eq!(threads("t", 100_000, Some(3)), 3);
        assert_eq!(threads("t", 5, Some(0)), 1);
        assert_eq!(threads("t", 7, None), 7);
        assert!(threads("t", 0, None) >= 1);
    }
}
