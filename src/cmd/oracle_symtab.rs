//! `pdp10 midas-oracle --symtab`: real MIDAS's symbol hash table as it
//! stands when MIDAS starts writing the DDT symbol table (before it sorts
//! and packs the table in place), one line a used entry, written to
//! `midas.symtab` in the work folder. It shows where each entry went,
//! those never written (macros, undefined names, pseudo-ops, initial
//! symbols) and expunged ones, which decide the order of equal values.
//! In a relocatable (STINK) assembly the table is not packed: MIDAS
//! writes its local symbols block straight from it, and the entries'
//! addresses are the names of the loader-valued locals.
//!
//! MIDAS's binary has no symbols: the routine is found by its first
//! instructions, `MOVEI D,ST-1`, `SETZB C,flag`, `MOVE AA,aobjn-pointer`,
//! `SKIPE B,ST(AA)`, `TDNN B,mask` (3 words an entry: name with 4 flag
//! bits, value, flags,,block). Its relocatable branch is found by
//! `MOVEI B,type`, `DPB B,byte`, `MOVEM B,count`, `MOVE B,aobjn-pointer`
//! (the same pointer), `JRST`.

use ka10::{Cpu, Tracer};
use pdp10_isa::Word;

/// Where the routine is and where the table is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Found {
    /// The first instruction of the routine.
    pub pc: u32,
    /// The first word of the table.
    pub table: u32,
    /// The word holding `-entries,,0`.
    pub pointer: u32,
    /// The first instruction of the relocatable branch, if found.
    pub stink: Option<u32>,
}

/// Finds the routine in `read`'s memory of `size` words.
pub fn find(size: u32, read: impl Fn(u32) -> Option<u64>) -> Option<Found> {
    let op = |w: u64| (w >> 27) & 0o777;
    let e = |w: u64| (w & 0o777777) as u32;
    (0..size.saturating_sub(5))
        .find_map(|a| {
            let w: Vec<u64> = (0..5).map(|k| read(a + k)).collect::<Option<_>>()?;
            let ops: Vec<u64> = w.iter().map(|&w| op(w)).collect();
            let indexed = (w[3] >> 18) & 0o17 != 0;
            (ops == [0o201, 0o403, 0o200, 0o332, 0o616] && indexed && e(w[3]) == e(w[0]) + 1).then(
                || Found {
                    pc: a,
                    table: e(w[3]),
                    pointer: e(w[2]),
                    stink: None,
                },
            )
        })
        .map(|found| Found {
            stink: find_stink(size, found.pointer, &read),
            ..found
        })
}

/// The relocatable branch: `MOVEI B,n`, `DPB B,_`, `MOVEM B,_`,
/// `MOVE B,pointer`, `JRST _`, all with the same accumulator.
fn find_stink(size: u32, pointer: u32, read: &impl Fn(u32) -> Option<u64>) -> Option<u32> {
    let op = |w: u64| (w >> 27) & 0o777;
    let ac = |w: u64| (w >> 23) & 0o17;
    (0..size.saturating_sub(5)).find(|&a| {
        let Some(w) = (0..5).map(|k| read(a + k)).collect::<Option<Vec<u64>>>() else {
            return false;
        };
        let ops: Vec<u64> = w.iter().map(|&w| op(w)).collect();
        ops == [0o201, 0o137, 0o202, 0o200, 0o254]
            && w[..4].iter().all(|&x| ac(x) == ac(w[0]))
            && (w[3] & 0o777777) as u32 == pointer
            && (w[3] >> 18) & 0o17 == 0
    })
}

/// The used entries of the table: slot, first word, value, third word.
pub fn entries(found: &Found, read: impl Fn(u32) -> Option<u64>) -> Vec<(u32, u64, u64, u64)> {
    let count = 0o1000000 - (read(found.pointer).unwrap_or(0) >> 18) as u32;
    (0..count % 0o1000000)
        .filter_map(|slot| {
            let at = found.table + 3 * slot;
            let first = read(at)?;
            if first == 0 {
                return None;
            }
            Some((slot, first, read(at + 1)?, read(at + 2)?))
        })
        .collect()
}

/// One entry as a line: slot, flag bits (octal), name, value, third word.
pub fn line(slot: u32, first: u64, value: u64, third: u64) -> String {
    let name = pdp10_isa::squoze::decode(first & 0o37777777777);
    format!(
        "{slot:4} {:02o} {name:<6} {:06o},,{:06o} {:06o},,{:06o}",
        first >> 32,
        value >> 18,
        value & 0o777777,
        third >> 18,
        third & 0o777777
    )
}

/// A tracer that keeps the table's entries when the routine starts.
#[derive(Default)]
pub struct Dump {
    found: Option<Option<Found>>,
    /// The table's lines, once the routine was reached.
    pub lines: Option<Vec<String>>,
}

impl Tracer for Dump {
    fn before(&mut self, cpu: &Cpu, pc: u32, _: Word) {
        let read = |a: u32| cpu.read(a).map(|w| w.raw());
        let found = *self
            .found
            .get_or_insert_with(|| find(cpu.memory_size() as u32, read));
        if let Some(f) = found {
            if (pc == f.pc || Some(pc) == f.stink) && self.lines.is_none() {
                let entries = entries(&f, read);
                self.lines = Some(
                    entries
                        .iter()
                        .map(|&(s, f, v, t)| line(s, f, v, t))
                        .collect(),
                );
            }
        }
    }

    fn after(&mut self, _: &Cpu) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_routine_is_found_by_its_instructions() {
        // 100: MOVEI 4,1777 / SETZB 3,50 / MOVE 12,51 / SKIPE 2,2000(12)
        // / TDNN 2,52; the table at 2000, 2 entries.
        let mut mem = vec![0u64; 0o4000];
        mem[0o100..0o105].copy_from_slice(&[
            0o201_200_001_777,
            0o403_140_000_050,
            0o200_500_000_051,
            0o332_112_002_000,
            0o616_100_000_052,
        ]);
        mem[0o51] = 0o777_776_000_000;
        // 200: MOVEI 2,3 / DPB 2,61 / MOVEM 2,60 / MOVE 2,51 / JRST 300.
        mem[0o200..0o205].copy_from_slice(&[
            0o201_100_000_003,
            0o137_100_000_061,
            0o202_100_000_060,
            0o200_100_000_051,
            0o254_000_000_300,
        ]);
        let code = pdp10_isa::squoze::encode("FOO").unwrap();
        mem[0o2003] = (1 << 32) | code;
        mem[0o2004] = 5;
        mem[0o2005] = 0o1;
        let read = |a: u32| mem.get(a as usize).copied();
        let f = find(0o4000, read).unwrap();
        assert_eq!((f.pc, f.table, f.pointer), (0o100, 0o2000, 0o51));
        assert_eq!(f.stink, Some(0o200));
        let e = entries(&f, read);
        assert_eq!(e, [(1, (1 << 32) | code, 5, 1)]);
        assert_eq!(
            line(1, e[0].1, 5, 1),
            "   1 01 FOO    000000,,000005 000000,,000001"
        );
    }
}
