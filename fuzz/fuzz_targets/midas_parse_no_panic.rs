//! Any bytes as a MIDAS source: the assembler returns an assembly or
//! diagnostics, never panics or hangs. Run with
//! `cargo +nightly fuzz run midas_parse_no_panic` from `fuzz/`.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text: String = data.iter().map(|&b| (b & 0x7f) as char).collect();
    let options = midas::Options {
        read_limit: 200_000,
        ..midas::Options::default()
    };
    let _ = midas::assemble_str_with("fuzz.mid", &text, &options);
});
