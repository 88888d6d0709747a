//! Byte instructions IBP, ILDB, LDB, IDPB, DPB (133-137; System Reference
//! Manual 2.7).
//!
//! A byte pointer is `P S I X Y`: position P (bits 0-5, bits to the right
//! of the byte), size S (bits 6-11), and an address computed from I, X, Y
//! like an instruction's. The KA10 increments a pointer as one 36-bit add,
//! so Y = 777777 carries into X. The increment and the byte transfer are
//! two parts; BIS ("first part done") set on entry skips the increment.

use crate::flags::BIS;
use crate::memory::{Event, Regs, FULL};

/// Bits 6-35 of a pointer: everything but P.
const ALL_BUT_P: u64 = 0o007777_777777;

/// The incremented byte pointer: P -= S; if that goes negative, the next
/// word: Y + 1 (as a full-word add) and P = 36 - S (taken mod 64, which is
/// what the hardware's 9-bit P arithmetic leaves for S > 36).
#[inline(always)]
pub(crate) fn increment(pointer: u64) -> u64 {
    let p = (pointer >> 30) & 0o77;
    let s = (pointer >> 24) & 0o77;
    let (new_p, word) = if p >= s {
        (p - s, pointer)
    } else {
        ((36u64.wrapping_sub(s)) & 0o77, (pointer + 1) & FULL)
    };
    (word & ALL_BUT_P) | (new_p << 30)
}

/// The mask of a byte of size `s` at position `p` (both 0-63), in 36 bits:
/// 2^S - 1 shifted left P places, as SIMH forms it for P or S above 36.
#[inline(always)]
fn byte_mask(p: u64, s: u64) -> u64 {
    (((1u64 << s) - 1) << p) & FULL
}

/// LDB from `word` with pointer fields P, S.
#[inline(always)]
pub(crate) fn load_byte(word: u64, pointer: u64) -> u64 {
    let p = (pointer >> 30) & 0o77;
    let s = (pointer >> 24) & 0o77;
    (word >> p) & ((1u64 << s) - 1)
}

/// DPB of `byte` into `word`.
#[inline(always)]
pub(crate) fn deposit_byte(word: u64, pointer: u64, byte: u64) -> u64 {
    let p = (pointer >> 30) & 0o77;
    let s = (pointer >> 24) & 0o77;
    let mask = byte_mask(p, s);
    (word & !mask) | ((byte << p) & mask)
}

impl<const MAP: u8> Regs<'_, MAP> {
    /// IBP, ILDB, LDB, IDPB, DPB. `e` is the address of the pointer.
    #[inline(always)]
    pub(crate) fn byte_op(&mut self, op: u32, ac: u32, e: u32) -> Result<(), Event> {
        let mut pointer = self.load(e)?;
        // IBP, ILDB, IDPB increment unless the first part is already done.
        if op & 1 == 0 || op == 0o133 {
            if self.flags & BIS == 0 {
                pointer = increment(pointer);
                self.store(e, pointer)?;
            }
            if op == 0o133 {
                self.flags &= !BIS;
                return Ok(());
            }
            // The first part is done: a fault in the second leaves BIS set,
            // so that a restart does not increment again.
            self.flags |= BIS;
        }
        let byte_address = self.ea(pointer)?;
        let word = self.load(byte_address)?;
        if op & 2 == 0 {
            // ILDB (134), LDB (135).
            self.put(ac, load_byte(word, pointer));
        } else {
            // IDPB (136), DPB (137).
            let byte = self.get(ac);
            self.store(byte_address, deposit_byte(word, pointer, byte))?;
        }
        self.flags &= !BIS;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ptr(p: u64, s: u64, y: u64) -> u64 {
        (p << 30) | (s << 24) | y
    }

    #[test]
    fn increment_within_and_across_words() {
        // 7-bit bytes: 440700,,100 -> 350700,,100 -> ... -> 010700,,100 -> 350700,,101.
        assert_eq!(increment(ptr(36, 7, 0o100)), ptr(29, 7, 0o100));
        assert_eq!(increment(ptr(1, 7, 0o100)), ptr(29, 7, 0o101));
        // Y = 777777 carries into X (full-word add on the KA10).
        assert_eq!(increment(ptr(1, 7, 0o777777)), ptr(29, 7, 0) | (1 << 18));
        // S > 36: P = 36 - S mod 64.
        assert_eq!(increment(ptr(0, 40, 5)), ptr(60, 40, 6));
        // S = 0: P never changes.
        assert_eq!(increment(ptr(3, 0, 5)), ptr(3, 0, 5));
    }

    #[test]
    fn load_and_deposit() {
        let w = 0o123456_701234;
        assert_eq!(load_byte(w, ptr(0, 6, 0)), 0o34);
        assert_eq!(load_byte(w, ptr(30, 6, 0)), 0o12);
        assert_eq!(load_byte(w, ptr(0, 36, 0)), w);
        // P > 36: nothing left in the word.
        assert_eq!(load_byte(w, ptr(40, 6, 0)), 0);
        assert_eq!(deposit_byte(w, ptr(6, 6, 0), 0o77), 0o123456_707734);
        assert_eq!(deposit_byte(0, ptr(33, 6, 0), 0o77), 0o700000_000000);
        assert_eq!(deposit_byte(w, ptr(40, 6, 0), 0o77), w);
    }
}
