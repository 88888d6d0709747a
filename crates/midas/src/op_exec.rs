//! What `.OP insn,acdata,memdata` and `.AOP` do: real MIDAS executes the
//! instruction (A.OP1 in midas.458; manual, node on the pseudo-ops). An AC
//! field of 0 becomes AC 2 (MIDAS 433's A), which holds acdata; no address
//! and no index make the address 3 (B), which holds memdata (`TLO T,(0 A,)`,
//! `HRRI T,B`: `.OP LSH,3,1` is 30, checked with the oracle). Opcodes
//! without bits 3-6 are not executed (`TLNE T,74000`).
//!
//! This crate decides what may be executed and answers ITS's `.OPER` time
//! calls from the assembly's time; the instruction itself runs on an
//! [`AssemblyTimeOp`] given in [`Options`](crate::Options) (the `pdp10`
//! binary gives a KA10). Anything whose result would depend on MIDAS's own
//! state (another accumulator, memory, a jump, I/O, another system call) is
//! refused. See docs/0003-op-at-assembly-time.md.

use pdp10_isa::opcodes::{self, OpClass};

/// The accumulator that holds acdata (real MIDAS 433's A).
pub const OP_AC: u8 = 2;
/// The accumulator that holds memdata (real MIDAS 433's B, A+1).
pub const OP_MEMORY: u8 = 3;

/// What an executed `.OP` leaves: the AC (.AVAL1), the memory word (.AVAL2)
/// and whether the instruction skipped (.ASKIP).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpResult {
    /// What accumulator [`OP_AC`] holds after the instruction.
    pub ac: u64,
    /// What accumulator [`OP_MEMORY`] holds after the instruction.
    pub mem: u64,
    /// Whether the instruction skipped the next one.
    pub skipped: bool,
}

/// A processor that executes one instruction at assembly time.
pub trait AssemblyTimeOp: std::fmt::Debug + Send + Sync {
    /// Executes `insn` once with accumulator [`OP_AC`] holding `ac` and
    /// [`OP_MEMORY`] holding `mem`. MIDAS has checked it: its AC field is
    /// one of the two, and every word it reads or writes (index, indirect
    /// word, memory operand, the AC+1 of a double-word instruction) is one
    /// of the two; it is not a jump, an I/O instruction or a UUO. Returns
    /// what the two hold after it and whether it skipped, or why it cannot
    /// be executed (it would change anything else, or jump).
    fn execute(&self, insn: u64, ac: u64, mem: u64) -> Result<OpResult, String>;
}

const HALF: u64 = 0o777777;
const A: u64 = OP_AC as u64;
const B: u64 = OP_MEMORY as u64;
/// ITS's `.OPER` (node on the instruction set: opcode 042).
const OPER: u64 = 0o042;

/// Executes `insn` as real MIDAS's A.OP1 does; `time` is the assembly's
/// time (Unix seconds) for ITS's `.RTIME`, `.RDATE` and `.RDATIM`; `cpu`
/// runs anything else. `fallback` answers when there is no `cpu`.
pub(crate) fn a_op1(
    insn: u64,
    acdata: u64,
    memdata: u64,
    time: u64,
    cpu: Option<&dyn AssemblyTimeOp>,
    fallback: impl Fn() -> Option<u64>,
) -> Result<OpResult, String> {
    let t = with_defaults(insn);
    if t & (0o074000 << 18) == 0 {
        return Ok(OpResult {
            ac: acdata,
            mem: memdata,
            skipped: false,
        });
    }
    let a = (t >> 23) & 0o17;
    let op = t >> 27;
    if a != A && a != B {
        return Err(format!(
            "its AC field {a:o} is one of real MIDAS's own accumulators"
        ));
    }
    let regs = [acdata, memdata];
    let e = effective_address(t, &regs)?;
    if op == OPER {
        return its_time(a, e, regs, time);
    }
    check_opcode(op, a, e)?;
    match cpu {
        Some(cpu) => cpu.execute(t, acdata, memdata),
        None => match fallback() {
            Some(ac) => Ok(OpResult {
                ac,
                mem: memdata,
                skipped: false,
            }),
            None => Err("this assembly has no processor to execute it on".into()),
        },
    }
}

/// `insn` with A as its AC when it has none and B as its address when it
/// has neither address nor index.
pub(crate) fn with_defaults(insn: u64) -> u64 {
    let mut t = insn;
    if (t >> 23) & 0o17 == 0 {
        t |= A << 23;
    }
    if t & 0o17_777777 == 0 {
        t |= B;
    }
    t
}

/// ITS's `.OPER` time calls (uuos: `.RTIME` 45 and `.RDATE` 46 put SIXBIT
/// HHMMSS or YYMMDD in the AC, `.RDATIM` 102 both in AC and AC+1).
fn its_time(a: u64, e: u64, mut regs: [u64; 2], time: u64) -> Result<OpResult, String> {
    let (hhmmss, yymmdd) = crate::text::rdatim(time);
    let reg = (a - A) as usize;
    match e {
        0o45 => regs[reg] = hhmmss,
        0o46 => regs[reg] = yymmdd,
        0o102 if a == A => regs = [hhmmss, yymmdd],
        _ => {
            return Err(format!(
                "the ITS call .OPER {e:o} is not done at assembly time"
            ))
        }
    }
    Ok(OpResult {
        ac: regs[0],
        mem: regs[1],
        skipped: false,
    })
}

/// E of `t`, with index registers and indirect words among A and B only.
pub(crate) fn effective_address(t: u64, regs: &[u64; 2]) -> Result<u64, String> {
    let known = |n: u64| -> Result<u64, String> {
        match n {
            A | B => Ok(regs[(n - A) as usize]),
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
    // UUOs, what a KA10 does not implement and I/O (by the opcode
    // table's class), byte instructions but IBP, BLT, jumps, XCT, the stack.
    let refused = opcodes::class(op as u16) != OpClass::Instruction
        || (0o134..=0o137).contains(&op)
        || op == 0o251
        || (0o254..=0o267).contains(&op);
    if refused {
        return Err(format!(
            "the instruction {op:03o} is not executed at assembly time"
        ));
    }
    // Those that use AC+1 (UFA, the long floating ones, MUL, IDIV, DIV,
    // JFFO, the combined shifts) need it to be B.
    let double = op == 0o130
        || (0o140..0o200).contains(&op) && op & 7 == 1
        || (0o224..=0o237).contains(&op)
        || (0o243..=0o246).contains(&op);
    if double && a != A {
        return Err(format!(
            "the instruction {op:03o} would use real MIDAS's AC {:o}",
            a + 1
        ));
    }
    if !takes_e_as_value(op) && e != A && e != B {
        return Err(format!(
            "its memory operand {e:o} is real MIDAS's own memory"
        ));
    }
    Ok(())
}

/// Whether the instruction uses E itself rather than the word at E:
/// immediate modes, FSC, shifts, the AC jumps and skips on E.
fn takes_e_as_value(op: u64) -> bool {
    op == 0o132
        || (0o140..0o200).contains(&op) && op & 7 == 5
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
        || (0o600..0o700).contains(&op) && op & 0o10 == 0
}
