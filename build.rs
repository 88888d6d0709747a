//! Links the `pdp10` command as a position-dependent executable on Linux.
//!
//! A position-independent `pdp10` (the default) has 8,000 relative
//! relocations for the dynamic loader to apply at every start, over
//! 150 KB of tables it then writes: 45 page faults and 0.17 ms of CPU time
//! out of 1.0 ms, which is what a `pdp10 solve` of a hundred puzzles costs
//! beyond its solving (crates/sudoku/docs/speed.md, "Fifth session").
//! The libraries and tests are unchanged; only the binaries (`-bins`) are
//! linked so, and the price is that the binary's own code is not placed at
//! a random address.
fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
