//! Helpers shared by the assembler's test files: a source fragment with
//! `END` after it, assembled as `t.mid` (each test file is its own crate
//! and uses some of them).
#![allow(dead_code)]

/// The assembly of `source`; a panic naming the source if it is refused.
pub fn assembled(source: &str) -> midas::Assembly {
    let text = format!("{source}\nEND\n");
    midas::assemble_str("t.mid", &text).unwrap_or_else(|e| panic!("{source}: {e}"))
}

/// The words `source` assembles to, in order.
pub fn words(source: &str) -> Vec<u64> {
    assembled(source)
        .words
        .iter()
        .map(|(_, w)| w.raw())
        .collect()
}

/// The error `source` is refused with; a panic if it assembles.
pub fn fails(source: &str) -> String {
    let text = format!("{source}\nEND\n");
    match midas::assemble_str("t.mid", &text) {
        Ok(a) => panic!("{source} assembled: {:?}", a.words),
        Err(e) => e.to_string(),
    }
}
