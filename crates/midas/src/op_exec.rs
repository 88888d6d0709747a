//! What `.OP insn,acdata,memdata` and `.AOP` do: real MIDAS executes the
//! instruction (A.OP1 in midas.458; manual, node on the pseudo-ops). An
//! AC field of 0 becomes AC 2, which holds acdata; no address and no index
//! make the address 3, which holds memdata (`TLO T,(0 A,)`, `HRRI T,B`
//! with MIDAS 433's A=2, B=3: `.OP LSH,3` is 30, checked with the oracle).
//! The instruction runs on the KA10 of `ka10`; ITS's `.OPER` time calls
//! are answered from the assembly's time. Anything whose result would
//! depend on MIDAS's own state (another accumulator, memory, a jump, an
//! I/O instruction, another system call) is refused.

use ka10::{Cpu, ErrorKind, NoHandler, NoTrace};
use pdp10_isa::Word;

/// What an executed `.OP` leaves: .AVAL1, .AVAL2, .ASKIP.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OpResult {
    pub ac: u64,
    pub mem: u64,
    pub skipped: bool,
}

const HALF: u64 = 0o777777;
/// Real MIDAS 433's accumulators A and B, which hold acdata and memdata.
const A: u8 = 2;
const B: u8 = 3;
/// Where the instruction is placed in the little machine.
const AT: u32 = 0o100;
/// Held by the accumulators the instruction must not touch.
const UNTOUCHED: u64 = 0o525252_525252;

/// Executes `insn` as real MIDAS's A.OP1 does; `time` is the assembly's
/// time (Unix seconds) for ITS's `.RTIME`, `.RDATE` and `.RDATIM`.
pub(crate) fn execute(insn: u64, ac: u64, mem: u64, time: u64) -> Result<OpResult, String> {
    let mut t = insn;
    if (t >> 23) & 0o17 == 0 {
        t |= u64::from(A) << 23;
    }
    if t & 0o17_777777 == 0 {
        t |= u64::from(B);
    }
    // `TLNE T,74000`: opcodes without these bits are not executed.
    if t & (0o074000 << 18) == 0 {
        return Ok(OpResult {
            ac,
            mem,
            skipped: false,
        });
    }
    let a = (t >> 23) & 0o17;
    let op = t >> 27;
    if a != A.into() && a != B.into() {
        return Err(format!(
            "its AC field {a:o} is one of real MIDAS's own accumulators"
        ));
    }
    let mut regs = [ac, mem];
    let e = effective_address(t, &regs)?;
    if op == 0o042 {
        let (hhmmss, yymmdd) = crate::text::rdatim(time);
        let reg = |n: u64| (n - u64::from(A)) as usize;
        match e {
            0o45 => regs[reg(a)] = hhmmss,
            0o46 => regs[reg(a)] = yymmdd,
            0o102 if a == A.into() => regs = [hhmmss, yymmdd],
            _ => {
                return Err(format!(
                    "the ITS call .OPER {e:o} is not done at assembly time"
                ))
            }
        }
        return Ok(OpResult {
            ac: regs[0],
            mem: regs[1],
            skipped: false,
        });
    }
    check_opcode(op, a, e)?;
    run(t, regs)
}

/// E of `t`, with index registers and indirect words among A and B only.
fn effective_address(t: u64, regs: &[u64; 2]) -> Result<u64, String> {
    let known = |n: u64| -> Result<u64, String> {
        match n {
            2 | 3 => Ok(regs[n as usize - 2]),
            _ => Err(format!(
                "its address refers to real MIDAS's own location {n:o}"
            )),
        }
    };
    let mut w = t;
    for _ in 0..16 {
        let x = (w >> 18) & 0o17;
        let mut y = w & HALF;
        if x != 0 {
            y = (y + (known(x)? & HALF)) & HALF;
        }
        if w & (1 << 22) == 0 {
            return Ok(y);
        }
        w = known(y)?;
    }
    Err("its indirect chain does not end".into())
}

/// Refuses what would use real MIDAS's state; `e` must be A or B unless
/// the instruction takes E as a value (immediate, shift count, jump).
fn check_opcode(op: u64, a: u64, e: u64) -> Result<(), String> {
    let refused = op < 0o130
        || (0o133..=0o137).contains(&op)
        || op == 0o247
        || op == 0o251
        || (0o254..=0o267).contains(&op)
        || op >= 0o700;
    if refused {
        return Err(format!(
            "the instruction {op:03o} is not executed at assembly time"
        ));
    }
    // Those that use AC+1 need it to be B.
    let double = op == 0o130
        || (0o140..0o200).contains(&op) && op & 3 == 1
        || (0o224..=0o237).contains(&op)
        || (0o244..=0o246).contains(&op);
    if double && a != A.into() {
        return Err(format!(
            "the instruction {op:03o} would use real MIDAS's AC {:o}",
            a + 1
        ));
    }
    let immediate = op == 0o132
        || (0o200..0o240).contains(&op) && op & 3 == 1
        || (0o240..0o247).contains(&op)
        || op == 0o271
        || op == 0o275
        || (0o300..0o310).contains(&op)
        || (0o320..0o330).contains(&op)
        || (0o340..0o350).contains(&op)
        || (0o360..0o370).contains(&op)
        || (0o252..=0o253).contains(&op)
        || (0o400..0o600).contains(&op) && op & 3 == 1
        || (0o600..0o700).contains(&op) && op & 0o10 == 0;
    if !immediate && e != A.into() && e != B.into() {
        return Err(format!(
            "its memory operand {e:o} is real MIDAS's own memory"
        ));
    }
    Ok(())
}

/// Runs the checked instruction `t` once with A and B holding `regs`.
fn run(t: u64, regs: [u64; 2]) -> Result<OpResult, String> {
    let mut cpu = Cpu::new(ka10::PAGE_WORDS as usize);
    for n in 0..16u8 {
        cpu.set_ac(n, Word::new(UNTOUCHED));
    }
    cpu.set_ac(A, Word::new(regs[0]));
    cpu.set_ac(B, Word::new(regs[1]));
    cpu.write(AT, Word::new(t));
    cpu.set_pc(AT);
    match cpu.run(&mut NoHandler, &mut NoTrace, 1) {
        Err(err) if matches!(err.kind, ErrorKind::BudgetExhausted { .. }) => {}
        _ => return Err("the instruction did not execute as one instruction".into()),
    }
    let skipped = match cpu.pc() {
        p if p == AT + 1 => false,
        p if p == AT + 2 => true,
        _ => return Err("the instruction jumps into real MIDAS".into()),
    };
    let others_kept = (0..16u8)
        .filter(|&n| n != A && n != B)
        .all(|n| cpu.ac(n).raw() == UNTOUCHED);
    if !others_kept || cpu.read(AT).map(Word::raw) != Some(t) {
        return Err("the instruction changes real MIDAS's own state".into());
    }
    Ok(OpResult {
        ac: cpu.ac(A).raw(),
        mem: cpu.ac(B).raw(),
        skipped,
    })
}

#[cfg(test)]
mod tests {
    use super::{execute, OpResult};

    fn ac(insn: u64, a: u64, m: u64) -> u64 {
        execute(insn, a, m, 0).expect("executes").ac
    }

    #[test]
    fn executes_on_a_and_b() {
        // Manual: <.OP SUB,5,2> is 3; .OP SUBM,5,2 leaves 3 in .AVAL2.
        assert_eq!(ac(0o274 << 27, 5, 2), 3);
        let r = execute(0o276 << 27, 5, 2, 0).expect("executes");
        assert_eq!((r.ac, r.mem), (5, 3));
        // FAD of 0 normalizes (syseng;jsf macros's FLGBP).
        assert_eq!(ac(0o140 << 27, 0o032000_000001, 0), 0o000400_000000);
        // Real MIDAS 433 (oracle): `.OP LSH,3,1` is 30 and `.OP ADDI,7,5`
        // 12, E being B = 3; `.OP <ADDI 7>,5` is 14.
        assert_eq!(ac(0o242 << 27, 3, 1), 0o30);
        assert_eq!(ac(0o271 << 27, 7, 5), 0o12);
        assert_eq!(ac(0o271 << 27 | 7, 5, 0), 0o14);
        // MUL leaves the low word in B (.AVAL2 17 for 3*5).
        let r = execute(0o224 << 27, 3, 5, 0).expect("executes");
        assert_eq!((r.ac, r.mem), (0, 0o17));
        // Opcode 200 (MOVE) has none of bits 3-6: not executed.
        assert_eq!(ac(0o200 << 27, 5, 9), 5);
    }

    #[test]
    fn skips_and_refusals() {
        // SKIPA skips; CAIGE 2,5 with A = 5 skips (CAIE, 302, has none of
        // bits 3-6 and is not executed).
        assert!(execute(0o334 << 27, 0, 0, 0).expect("runs").skipped);
        assert_eq!(
            execute(0o305 << 27 | 2 << 23 | 5, 5, 0, 0),
            Ok(OpResult {
                ac: 5,
                mem: 0,
                skipped: true
            })
        );
        // MIDAS's own AC 4, location 100, a jump, I/O, a UUO: refused.
        assert!(execute(0o270 << 27 | 4 << 23, 0, 0, 0).is_err());
        assert!(execute(0o270 << 27 | 0o100, 0, 0, 0).is_err());
        assert!(execute(0o254 << 27 | 0o100, 0, 0, 0).is_err());
        assert!(execute(0o326 << 27 | 0o100, 1, 0, 0).is_err());
        // (CONO, 700, has none of bits 3-6: not executed, as in real MIDAS.)
        assert!(execute(0o710 << 27 | 0o100, 0, 0, 0).is_err());
        assert!(execute(0o042 << 27 | 0o44, 0, 0, 0).is_err());
        // MUL with B as the AC would use AC 4.
        assert!(execute(0o224 << 27 | 3 << 23, 0, 0, 0).is_err());
    }

    #[test]
    fn its_time_calls() {
        // its.1648: ASTIME==.OP .OPER+@,0,.RTIME (E is C(B), .RTIME's 45).
        let t = 1_484_051_696;
        let (hhmmss, yymmdd) = crate::text::rdatim(t);
        let indirect = 0o042 << 27 | 1 << 22;
        assert_eq!(
            execute(indirect, 0, 0o042000_000045, t).map(|r| r.ac),
            Ok(hhmmss)
        );
        assert_eq!(
            execute(indirect, 0, 0o042000_000046, t).map(|r| r.ac),
            Ok(yymmdd)
        );
        assert_eq!(
            execute(0o042 << 27 | 0o102, 0, 0, t).map(|r| (r.ac, r.mem)),
            Ok((hhmmss, yymmdd))
        );
    }
}
