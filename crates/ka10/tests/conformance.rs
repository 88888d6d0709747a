//! The KA10 conformance vectors (from SIMH's KA10; format in the vectors'
//! README, section 0-4): every `*.txt` in `tests/vectors/`, found at run
//! time, and the documented results of `tests/divergent/`.
//!
//! Each vector is run the way the generator's harness ran it: the
//! instruction at 2000, catchers `JSP 17,4031` at 2001-2003 (and in the
//! vector's own data at 1000/1001 for jumps), `JSP 17,4021` at 41 and
//! `JSP 17,4025` at 61, HALTs at the catchers' targets. The JSP's word in
//! AC17 gives the flags and the PC the vector records. Every listed column
//! is compared, and every other word of the 4K memory (ACs 3-17, the
//! program, 40, 60, the rest of 1000-1007) must be unchanged.
//!
//! Every vector runs twice: as it stands, and with the instruction moved
//! to 3000 and `XCT 3000` at 2000, which must give the same result (a skip
//! or a saved PC is relative to the XCT). The CPU's inner loop executes the
//! common instructions itself and leaves the rest, and everything XCTed, to
//! its general dispatch; the second run checks that path too.

use ka10::{Cpu, Exit, NoHandler, NoTrace};
use pdp10_isa::{disassemble, NoSymbols, Word};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Memory for a vector run: enough for the harness addresses; anything
/// beyond is nonexistent and would fail the run.
const MEMORY: usize = 0o10000;
const INSTRUCTION: u32 = 0o2000;
const DATA: u32 = 0o1000;
/// Where the catchers jump: normal completion, UUO (41), unassigned (61).
const DONE: u32 = 0o4031;
const TRAP40: u32 = 0o4021;
const TRAP60: u32 = 0o4025;
/// Where the XCT run puts the instruction.
const XCT_TARGET: u32 = 0o3000;

/// JSP 17,addr.
fn catcher(addr: u32) -> u64 {
    0o265740_000000 | addr as u64
}

/// The memory image every vector starts from, before its own columns.
fn base_image() -> Vec<u64> {
    let mut m = vec![0u64; MEMORY];
    for (ac, w) in m.iter_mut().enumerate().take(0o20).skip(3) {
        // Canaries: distinct, with both halves non-zero.
        *w = 0o525252_000000 | (ac as u64) << 6 | 0o17;
    }
    m[0o41] = catcher(TRAP40);
    m[0o61] = catcher(TRAP60);
    for a in INSTRUCTION + 1..=INSTRUCTION + 3 {
        m[a as usize] = catcher(DONE);
    }
    for a in [DONE, TRAP40, TRAP60] {
        m[a as usize] = 0o254200_000000 | a as u64; // HALT .
    }
    m
}

/// The column names of a file's header line, split at `->` and `|`.
struct Layout {
    inputs: Vec<String>,
    outputs: Vec<String>,
    documented: Vec<String>,
}

fn layout(header: &str) -> Layout {
    let mut parts = [Vec::new(), Vec::new(), Vec::new()];
    let mut part = 0;
    for name in header.trim_start_matches('#').split_whitespace() {
        match name {
            "->" => part = 1,
            "|" => part = 2,
            _ => parts[part].push(name.to_string()),
        }
    }
    let [inputs, outputs, documented] = parts;
    Layout {
        inputs,
        outputs,
        documented,
    }
}

fn octal(text: &str, what: &str) -> Result<u64, String> {
    u64::from_str_radix(text, 8).map_err(|_| format!("{what}: not octal: {text:?}"))
}

/// Address of a state column (`ac1`, `m3`); `None` for other columns.
fn address_of(column: &str) -> Option<u32> {
    if let Some(n) = column.strip_prefix("ac") {
        return n.parse().ok();
    }
    if let Some(n) = column.strip_prefix("m") {
        return n.parse::<u32>().ok().map(|n| DATA + n);
    }
    None
}

/// What one vector run produced, column by column.
fn run_vector(
    cpu: &mut Cpu,
    layout: &Layout,
    inputs: &[u64],
    via_xct: bool,
) -> Result<Vec<(String, u64)>, String> {
    let mut image = base_image();
    let mut flags = 0;
    let mut insn = 0;
    for (name, value) in layout.inputs.iter().zip(inputs) {
        match name.as_str() {
            "insn" => insn = *value,
            "flags" => flags = *value as u32,
            _ => {
                let a = address_of(name).ok_or(format!("unknown input column {name}"))?;
                image[a as usize] = *value;
            }
        }
    }
    if via_xct {
        image[INSTRUCTION as usize] = 0o256000_000000 | XCT_TARGET as u64;
        image[XCT_TARGET as usize] = insn;
    } else {
        image[INSTRUCTION as usize] = insn;
    }
    cpu.set_memory_size(MEMORY);
    for (a, w) in image.iter().enumerate() {
        cpu.write(a as u32, Word::new(*w));
    }
    cpu.set_pc(INSTRUCTION);
    cpu.set_flags(flags);
    cpu.set_pushdown_overflow(false);
    let halted = match cpu.run(&mut NoHandler, &mut NoTrace, 10) {
        Ok(Exit::Halt { pc }) => pc,
        Ok(Exit::Handler(never)) => match never {},
        Err(err) => return Err(format!("run failed: {err}")),
    };
    let saved = cpu.ac(0o17).raw();
    let pc = ((saved & 0o777777) as u32).wrapping_sub(1);
    let outcome = match halted {
        TRAP40 => "T40",
        TRAP60 => "T60",
        DONE if pc == INSTRUCTION + 1 => "N",
        DONE if pc == INSTRUCTION + 2 => "S",
        DONE => "J",
        other => return Err(format!("stopped at {other:06o}, not at a catcher")),
    };
    // Everything not listed must be as it was.
    let mut listed: Vec<u32> = vec![0o17];
    let mut got = Vec::new();
    for name in &layout.outputs {
        let value = match name.as_str() {
            "flags" => saved >> 18,
            "pc" => pc as u64,
            "outcome" => match outcome {
                "N" => 0,
                "S" => 1,
                "J" => 2,
                "T40" => 3,
                _ => 4,
            },
            "apr" => {
                if cpu.pushdown_overflow() {
                    0o200000
                } else {
                    0
                }
            }
            "loc40" => {
                listed.push(0o40);
                cpu.read(0o40).unwrap_or_default().raw()
            }
            "loc60" => {
                listed.push(0o60);
                cpu.read(0o60).unwrap_or_default().raw()
            }
            _ => {
                let a = address_of(name).ok_or(format!("unknown output column {name}"))?;
                listed.push(a);
                cpu.read(a).unwrap_or_default().raw()
            }
        };
        got.push((name.clone(), value));
    }
    if !layout.outputs.iter().any(|c| c == "apr") && cpu.pushdown_overflow() {
        got.push(("(pushdown overflow)".into(), 1));
    }
    for (a, before) in image.iter().enumerate() {
        let a = a as u32;
        if listed.contains(&a) {
            continue;
        }
        let now = cpu.read(a).unwrap_or_default().raw();
        if now != *before {
            got.push((format!("(unlisted {a:06o}: was {before:012o})"), now));
        }
    }
    Ok(got)
}

fn outcome_code(text: &str) -> Option<u64> {
    Some(match text {
        "N" => 0,
        "S" => 1,
        "J" => 2,
        "T40" => 3,
        "T60" => 4,
        _ => return None,
    })
}

/// Runs every vector of one file; returns (vectors run, failure reports).
fn run_file(path: &Path) -> (usize, Vec<String>) {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    let mut lines = text.lines().enumerate();
    let (_, header) = lines.next().expect("header line");
    let layout = layout(header);
    assert_eq!(
        layout.inputs.first().map(String::as_str),
        Some("insn"),
        "{name}: header"
    );
    let mut cpu = Cpu::new(MEMORY);
    let mut count = 0;
    let mut failures = Vec::new();
    for (index, line) in lines {
        if line.starts_with('#') || line.trim().is_empty() {
            continue;
        }
        count += 1;
        let place = format!("{name}:{}", index + 1);
        match check_vector(&mut cpu, &layout, line) {
            Ok(None) => {}
            Ok(Some(diff)) => failures.push(format!("{place}: {line}\n{diff}")),
            Err(msg) => failures.push(format!("{place}: {line}\n  {msg}")),
        }
    }
    (count, failures)
}

/// `Ok(None)` when the vector passes, `Ok(Some(diff))` when it fails.
fn check_vector(cpu: &mut Cpu, layout: &Layout, line: &str) -> Result<Option<String>, String> {
    let fields: Vec<&str> = line.split_whitespace().collect();
    let n_in = layout.inputs.len();
    let n_out = layout.outputs.len();
    let n_doc = layout.documented.len();
    let expected_fields = n_in + 1 + n_out + if n_doc > 0 { 1 + n_doc } else { 0 };
    if fields.len() != expected_fields || fields[n_in] != "->" {
        return Err(format!(
            "malformed: {} fields, expected {expected_fields}",
            fields.len()
        ));
    }
    let inputs = fields[..n_in]
        .iter()
        .zip(&layout.inputs)
        .map(|(f, c)| octal(f, c))
        .collect::<Result<Vec<_>, _>>()?;
    let mut expected: Vec<(String, u64)> = Vec::new();
    for (f, c) in fields[n_in + 1..n_in + 1 + n_out]
        .iter()
        .zip(&layout.outputs)
    {
        let v = if c == "outcome" {
            outcome_code(f).ok_or(format!("bad outcome {f}"))?
        } else {
            octal(f, c)?
        };
        expected.push((c.clone(), v));
    }
    // The documented results replace SIMH's for the columns they name.
    if n_doc > 0 {
        for (f, c) in fields[n_in + 2 + n_out..].iter().zip(&layout.documented) {
            let column = c.strip_prefix("doc_").unwrap_or(c);
            let v = octal(f, c)?;
            let slot = expected
                .iter_mut()
                .find(|(name, _)| name == column)
                .ok_or(format!("documented column {c} has no counterpart"))?;
            slot.1 = v;
        }
    }
    let mut diff = String::new();
    for via_xct in [false, true] {
        let how = if via_xct { " (by XCT)" } else { "" };
        let got = match run_vector(cpu, layout, &inputs, via_xct) {
            Ok(got) => got,
            Err(msg) => {
                let _ = writeln!(diff, "  {msg}{how}");
                continue;
            }
        };
        compare(&expected, &got, how, &mut diff);
    }
    if diff.is_empty() {
        Ok(None)
    } else {
        Ok(Some(format!("  {}\n{diff}", describe(inputs[0]))))
    }
}

/// Appends to `diff` every expected column `got` does not match, and every
/// unlisted change.
fn compare(expected: &[(String, u64)], got: &[(String, u64)], how: &str, diff: &mut String) {
    for (name, want) in expected {
        let have = got.iter().find(|(n, _)| n == name).map(|(_, v)| *v);
        if have != Some(*want) {
            let _ = writeln!(
                diff,
                "  {name}{how}: expected {want:012o}, got {}",
                show(have)
            );
        }
    }
    for (name, have) in got.iter().filter(|(n, _)| n.starts_with('(')) {
        let _ = writeln!(diff, "  {name}{how}: changed to {have:012o}");
    }
}

fn show(v: Option<u64>) -> String {
    v.map_or("nothing".into(), |v| format!("{v:012o}"))
}

fn describe(insn: u64) -> String {
    format!("{insn:012o} {}", disassemble(Word::new(insn), &NoSymbols))
}

/// Runs every `*.txt` in `dir` (relative to the crate), printing counts per
/// file and up to a few failures each, and fails if any vector failed.
fn run_dir(dir: &str) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no vector files in {}", dir.display());
    let mut total_failed = 0;
    let mut total = 0;
    for path in &files {
        let (count, failures) = run_file(path);
        let name = path.file_name().unwrap().to_string_lossy();
        println!("{name}: {} of {count} passed", count - failures.len());
        for failure in failures.iter().take(8) {
            println!("{failure}");
        }
        if failures.len() > 8 {
            println!("... and {} more failures in {name}", failures.len() - 8);
        }
        total += count;
        total_failed += failures.len();
    }
    println!("total: {} of {total} passed", total - total_failed);
    assert_eq!(total_failed, 0, "{total_failed} of {total} vectors failed");
}

#[test]
fn conformance_vectors() {
    run_dir("tests/vectors");
}

#[test]
fn documented_results_where_simh_diverges() {
    run_dir("tests/divergent");
}
