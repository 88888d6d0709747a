//! What the benchmarks share.

/// How many times to run each program: `KA10_BENCH_RUNS`, default 5.
pub fn runs() -> usize {
    std::env::var("KA10_BENCH_RUNS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(5)
        .max(1)
}
