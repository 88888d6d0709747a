//! Tests of [`super`] (the float conformance vectors and the corners).

use super::*;

/// The float conformance vectors (a copy of the shared set; see
/// `tests/vectors/`), produced by SIMH's KA10.
const VECTORS: &str = include_str!("../tests/vectors/float.txt");

/// The machine state a float vector touches: the 16 ACs (a vector shows
/// AC0-AC2; the rest must stay zero), M[1000], M[1001] and the flags.
#[derive(Clone, Copy, PartialEq, Eq)]
struct State {
    ac: [u64; 16],
    m: [u64; 2],
    flags: u32,
}

impl std::fmt::Debug for State {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ac")?;
        let shown = if self.ac[3..].iter().any(|&w| w != 0) {
            16
        } else {
            3
        };
        for w in &self.ac[..shown] {
            write!(f, " {w:012o}")?;
        }
        write!(
            f,
            " m {:012o} {:012o} flags {:06o}",
            self.m[0], self.m[1], self.flags
        )
    }
}

/// Parses the six state columns starting at `at`.
fn parse_state(fields: &[&str], at: usize, line: usize) -> State {
    let w = |i: usize| {
        u64::from_str_radix(fields[at + i], 8)
            .unwrap_or_else(|_| panic!("float.txt:{line}: bad octal field {:?}", fields[at + i]))
    };
    let mut ac = [0; 16];
    ac[..3].copy_from_slice(&[w(0), w(1), w(2)]);
    State {
        ac,
        m: [w(3), w(4)],
        flags: w(5) as u32,
    }
}

/// Runs one floating instruction on `state` the way the CPU wires these
/// functions: E = 1000 (m0) except in the immediate mode, AC+1 modulo 16.
fn execute(insn: u64, state: &mut State) {
    let opcode = (insn >> 27) as u32;
    let ac = ((insn >> 23) & 0o17) as usize;
    let next = (ac + 1) & 0o17;
    assert_eq!(insn & 0o37000000, 0, "{insn:012o}: indexed or indirect");
    let e = (insn & 0o777777) as u32;
    let a = state.ac[ac];
    let out = match opcode {
        0o130 => {
            let out = ufa(a, state.m[0]);
            state.ac[next] = out.lo;
            out
        }
        0o131 => {
            let out = dfn(a, state.m[0]);
            state.ac[ac] = out.hi;
            state.m[0] = out.lo;
            out
        }
        0o132 => {
            let out = fsc(a, e);
            state.ac[ac] = out.hi;
            out
        }
        0o140..=0o177 => {
            let mode = opcode & 7;
            let operand = if mode == 5 {
                u64::from(e) << 18
            } else {
                state.m[0]
            };
            let (round, long) = (mode >= 4, mode == 1);
            let out = match (opcode >> 3) & 3 {
                0 => fad(a, operand, round, long),
                1 => fsb(a, operand, round, long),
                2 => fmp(a, operand, round, long),
                _ => fdv(a, state.ac[next], operand, round, long),
            };
            if out.store {
                match mode {
                    1 => {
                        state.ac[ac] = out.hi;
                        state.ac[next] = out.lo;
                    }
                    2 | 6 => state.m[0] = out.hi,
                    3 | 7 => {
                        state.m[0] = out.hi;
                        state.ac[ac] = out.hi;
                    }
                    _ => state.ac[ac] = out.hi,
                }
            }
            out
        }
        _ => panic!("not a floating instruction: {insn:012o}"),
    };
    state.flags |= out.flags;
}

/// Every vector in float.txt; prints the pass count per opcode group
/// and the mismatches, in octal.
#[test]
fn conformance_vectors() {
    let mut groups: std::collections::BTreeMap<&str, (usize, usize)> = Default::default();
    let mut failures = Vec::new();
    for (index, text) in VECTORS.lines().enumerate() {
        let line = index + 1;
        if text.starts_with('#') || text.trim().is_empty() {
            continue;
        }
        // insn, six state columns, "->", six state columns, outcome, pc.
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(fields.len(), 16, "float.txt:{line}: expected 16 fields");
        assert_eq!(fields[7], "->", "float.txt:{line}");
        assert_eq!(
            (fields[14], fields[15]),
            ("N", "002001"),
            "float.txt:{line}"
        );
        let insn = u64::from_str_radix(fields[0], 8).expect("octal instruction");
        let before = parse_state(&fields, 1, line);
        let want = parse_state(&fields, 8, line);
        let mut got = before;
        execute(insn, &mut got);
        let entry = groups.entry(group_name(insn)).or_default();
        entry.1 += 1;
        if got == want {
            entry.0 += 1;
        } else {
            failures.push(format!(
                "float.txt:{line}: {insn:012o}\n  in   {before:?}\n  want {want:?}\n  got  {got:?}"
            ));
        }
    }
    let total: usize = groups.values().map(|g| g.1).sum();
    let passed: usize = groups.values().map(|g| g.0).sum();
    for (group, (ok, all)) in &groups {
        println!("{group:5} {ok:5}/{all}");
    }
    println!("float.txt: {passed}/{total} vectors pass");
    for failure in failures.iter().take(40) {
        println!("{failure}");
    }
    assert_eq!(total, 6150, "float.txt holds 6150 vectors");
    assert!(failures.is_empty(), "{} vectors fail", failures.len());
}

fn group_name(insn: u64) -> &'static str {
    match insn >> 27 {
        0o130 => "UFA",
        0o131 => "DFN",
        0o132 => "FSC",
        op => match ((op >> 3) & 3, op & 7 == 1) {
            (0, false) => "FAD",
            (0, true) => "FADL",
            (1, false) => "FSB",
            (1, true) => "FSBL",
            (2, false) => "FMP",
            (2, true) => "FMPL",
            (3, false) => "FDV",
            _ => "FDVL",
        },
    }
}

// ---- From the manual's definitions ----

const ONE: u64 = 0o201400000000;
const TWO: u64 = 0o202400000000;
const HALF: u64 = 0o200400000000;
const MINUS_ONE: u64 = 0o576400000000;

fn word(out: FpOut) -> (u64, u32) {
    (out.hi, out.flags)
}

#[test]
fn one_plus_one_is_two() {
    assert_eq!(word(fad(ONE, ONE, false, false)), (TWO, 0));
    assert_eq!(word(fsb(TWO, ONE, false, false)), (ONE, 0));
    assert_eq!(word(fmp(TWO, HALF, false, false)), (ONE, 0));
    assert_eq!(word(fdv(ONE, 0, TWO, false, false)), (HALF, 0));
}

#[test]
fn negative_numbers_are_twos_complements_of_the_whole_word() {
    assert_eq!(MINUS_ONE, negate(ONE));
    assert_eq!(word(fsb(0, ONE, false, false)), (MINUS_ONE, 0));
    assert_eq!(word(fmp(ONE, MINUS_ONE, false, false)), (MINUS_ONE, 0));
    assert_eq!(word(fmp(MINUS_ONE, MINUS_ONE, false, false)), (ONE, 0));
    assert_eq!(word(fdv(ONE, 0, MINUS_ONE, false, false)), (MINUS_ONE, 0));
    // -1 + 1 is a true zero, not a word with an exponent.
    assert_eq!(word(fad(MINUS_ONE, ONE, false, false)), (0, 0));
    // -0.5 + -0.5 = -1.0
    let minus_half = negate(HALF);
    assert_eq!(
        word(fad(minus_half, minus_half, false, false)),
        (MINUS_ONE, 0)
    );
}

#[test]
fn results_are_normalized() {
    // 1.0 - 0.75 = 0.25 = 177400000000 (one normalizing shift of two).
    let three_quarters = 0o200600000000;
    assert_eq!(
        word(fsb(ONE, three_quarters, false, false)),
        (0o177400000000, 0)
    );
    // An unnormalized operand comes out normalized: 0.25 as 201100000000.
    assert_eq!(
        word(fad(0o201100000000, 0, false, false)),
        (0o177400000000, 0)
    );
}

#[test]
fn rounding_adds_half_an_lsb() {
    // 1 + 2^-27: 27 fraction bits hold 1.0 + 2^-26 at best, so the
    // extra bit is half an LSB: truncated without R, rounded up with R.
    let tiny = 0o146400000000; // 2^-27 (exponent 200 - 26)
    assert_eq!(word(fad(ONE, tiny, false, false)), (ONE, 0));
    assert_eq!(word(fad(ONE, tiny, true, false)), (ONE + 1, 0));
    // 1/3: 0.25252...; FDVR rounds the last bit.
    let three = 0o202600000000;
    assert_eq!(word(fdv(ONE, 0, three, false, false)), (0o177525252525, 0));
    assert_eq!(word(fdv(ONE, 0, three, true, false)), (0o177525252525, 0));
    let two_thirds = fdv(TWO, 0, three, true, false).hi;
    assert_eq!(two_thirds, 0o200525252525);
    // 1/7 = 0.100100...(2) * 2^-2: the 28th bit is 1, so FDVR rounds up.
    let seven = 0o203700000000;
    assert_eq!(word(fdv(ONE, 0, seven, false, false)), (0o176444444444, 0));
    assert_eq!(word(fdv(ONE, 0, seven, true, false)), (0o176444444445, 0));
    // A negative result exactly half-way rounds away from zero, like a
    // positive one: -(1 + 2^-27) becomes -(1 + 2^-26).
    let out = fad(MINUS_ONE, negate(tiny), true, false);
    assert_eq!(word(out), (negate(ONE + 1), 0));
    assert_eq!(
        word(fad(MINUS_ONE, negate(tiny), false, false)),
        (negate(ONE + 1), 0)
    );
    // Just below half-way it rounds toward zero: -(1 + 2^-28) -> -1.
    let quarter_lsb = 0o145400000000; // 2^-28
    let out = fad(MINUS_ONE, negate(quarter_lsb), true, false);
    assert_eq!(word(out), (MINUS_ONE, 0));
}

#[test]
fn exponent_overflow_and_underflow() {
    let big = 0o377400000000; // 2^127 * 0.5
    let small = 0o000400000000; // 2^-128 * 0.5
    let out = fmp(big, big, false, false);
    assert_eq!(out.flags, AROV | FOV);
    // 0.25 * 2^254 = 0.5 * 2^253: the exponent 200+253 = 575 wraps by
    // 256 (modulo 400) and reads 175.
    assert_eq!(out.hi, 0o175400000000);
    let out = fmp(small, small, false, false);
    // 0.5 * 2^-257: exponent 200-257 = -201, which reads 577 and 177.
    assert_eq!(out.flags, AROV | FOV | FXU);
    assert_eq!(out.hi, 0o177400000000);
    // Division by zero: no divide, nothing stored.
    let out = fdv(ONE, 0, 0, false, false);
    assert_eq!((out.flags, out.store), (AROV | FOV | DCK, false));
    // Dividend fraction at least twice the divisor's (possible with an
    // unnormalized divisor): no divide too.
    let out = fdv(0o201400000000, 0, 0o201200000000, false, false);
    assert_eq!((out.flags, out.store), (AROV | FOV | DCK, false));
    // A zero-fraction dividend stores nothing and sets nothing.
    let out = fdv(0o201000000000, 0, ONE, false, false);
    assert_eq!((out.flags, out.store), (0, false));
}

#[test]
fn fsc_233_floats_an_integer() {
    assert_eq!(word(fsc(1, 0o233)), (ONE, 0));
    assert_eq!(word(fsc(5, 0o233)), (0o203500000000, 0));
    // -1 as an integer is the word -1: floated it is -1.0.
    assert_eq!(word(fsc(0o777777777777, 0o233)), (MINUS_ONE, 0));
    assert_eq!(word(fsc(0, 0o233)), (0, 0));
    // A negative E scales down: 1.0 * 2^-1.
    assert_eq!(word(fsc(ONE, 0o777777)), (HALF, 0));
}

#[test]
fn ufa_does_not_normalize() {
    // 1.0 + 2^-10 = 2 * (1/2 + 2^-11), into AC+1 only.
    let out = ufa(ONE, 0o167400000000);
    assert_eq!((out.hi, out.lo, out.flags), (ONE, 0o201400200000, 0));
    // 1.0 - 0.75 stays unnormalized: 0.25 with exponent 201.
    let out = ufa(ONE, negate(0o200600000000));
    assert_eq!(out.lo, 0o201100000000);
    // A carry out of the fraction still shifts right once.
    let out = ufa(ONE, ONE);
    assert_eq!(out.lo, TWO);
}

#[test]
fn dfn_negates_a_double() {
    // High 1.0, low 2^-27 * 0.5: -(1.0 + 2^-28).
    let out = dfn(ONE, 0o145400000000);
    assert_eq!((out.hi, out.lo), (0o576377777777, 0o145400000000));
    // A zero low fraction carries into the high word.
    let out = dfn(ONE, 0);
    assert_eq!((out.hi, out.lo), (MINUS_ONE, 0));
    assert_eq!(out.flags, 0);
}

/// Words for the property test: random words and floating edge cases.
fn words() -> impl Iterator<Item = u64> {
    const EDGES: [u64; 12] = [
        0,
        SIGN,
        WORD,
        0o000400000000,
        0o377777777777,
        0o400400000000,
        0o777000000000,
        0o201400000000,
        0o576400000000,
        0o576377777777,
        0o000000000001,
        0o200000000001,
    ];
    // xorshift64: deterministic, no dependency.
    let mut x = 0x2545_f491_4f6c_dd1d_u64;
    EDGES.into_iter().chain(std::iter::from_fn(move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        Some(x & WORD)
    }))
}

/// A word is normalized: zero, or its magnitude's fraction has bit 9.
fn normalized(w: u64) -> bool {
    let magnitude = if w & SIGN != 0 { negate(w) } else { w };
    w == 0 || magnitude & BIT9 != 0
}

#[test]
fn any_operands_give_normalized_36_bit_words() {
    let operands: Vec<u64> = words().take(300).collect();
    for &a in &operands {
        for &b in &operands {
            for round in [false, true] {
                for out in [
                    fad(a, b, round, true),
                    fsb(a, b, round, true),
                    fmp(a, b, round, true),
                    fdv(a, b, b, round, false),
                ] {
                    assert!(out.hi <= WORD && out.lo <= WORD, "{a:012o} {b:012o}");
                    if out.store {
                        assert!(normalized(out.hi), "{a:012o} {b:012o}: {:012o}", out.hi);
                    }
                }
            }
            let out = fdv(a, b, b, false, true);
            assert!(out.hi <= WORD && out.lo <= WORD);
            assert!(!out.store || normalized(out.hi), "FDVL {a:012o} {b:012o}");
            let out = ufa(a, b);
            assert_eq!(out.hi, a);
            assert!(out.lo <= WORD);
            // DFN twice is the identity on the fraction bits it negates.
            let twice = dfn(dfn(a, b).hi, dfn(a, b).lo);
            assert_eq!((twice.hi, twice.lo & FRACTION), (a, b & FRACTION));
        }
        let e = (a & 0o777777) as u32;
        assert!(normalized(fsc(a, e).hi), "FSC {a:012o},{e:o}");
    }
}

/// The value of a floating word (a negative word is the negative of its
/// two's complement).
fn value(w: u64) -> f64 {
    if w & SIGN != 0 {
        return -value(negate(w));
    }
    let exponent = ((w >> 27) & 0o377) as i32 - 0o200;
    (w & FRACTION) as f64 * 2f64.powi(exponent - 27)
}

#[test]
fn fdvl_leaves_quotient_and_remainder() {
    // 1.0 / 3.0: the quotient is 1/3 to 27 bits, the remainder in AC+1
    // makes up the difference exactly: dividend = q * divisor + r.
    let three = 0o202600000000;
    let out = fdv(ONE, 0, three, false, true);
    assert_eq!((out.hi, out.flags, out.store), (0o177525252525, 0, true));
    assert_eq!(value(out.hi) * 3.0 + value(out.lo), 1.0);
    assert_eq!(value(out.lo), 2f64.powi(-28));
    // Negative dividend (the double word negated with DFN): -1.0 / 3.0.
    let minus = dfn(ONE, 0);
    let out = fdv(minus.hi, minus.lo, three, false, true);
    assert_eq!(out.hi, negate(0o177525252525));
    assert_eq!(value(out.hi) * 3.0 + value(out.lo), -1.0);
    // FDVL by zero: no divide.
    let out = fdv(ONE, 0, 0, false, true);
    assert_eq!((out.flags, out.store), (AROV | FOV | DCK, false));
}

#[test]
fn long_modes_keep_the_low_part() {
    // 1.0 + 2^-30: the high word is 1.0, the low word holds 2^-30 as
    // the fraction 2^-4 with exponent 201-27 = 146.
    let out = fad(ONE, 0o143400000000, false, true);
    assert_eq!((out.hi, out.lo), (ONE, 0o146040000000));
    // FMPL: (1 - 2^-27)^2 = 1 - 2^-26 + 2^-54; the low word is the next
    // 27 bits of the product, unnormalized, with exponent 200-27 = 145.
    let almost = 0o200777777777;
    let out = fmp(almost, almost, false, true);
    assert_eq!((out.hi, out.lo), (0o200777777776, 0o145000000001));
}
