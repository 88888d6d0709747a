//! The fields of an instruction word (DEC System Reference Manual, 2.1).
//!
//! ```text
//!  0      8 9  12 13 14  17 18                35
//! | opcode |  AC | I |  X  |          Y         |
//! ```
//! An I/O instruction has `7` in bits 0-2, the device in bits 3-9 and the
//! function in bits 10-12.

use crate::word::Word;

/// An instruction word viewed through its fields. Decoding is plain field
/// extraction: no allocation, nothing checked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Instruction(pub Word);

impl Instruction {
    /// The 9-bit opcode, bits 0-8.
    #[inline(always)]
    pub const fn opcode(self) -> u16 {
        (self.0.raw() >> 27) as u16
    }
    /// The accumulator field, bits 9-12.
    #[inline(always)]
    pub const fn ac(self) -> u8 {
        ((self.0.raw() >> 23) & 0o17) as u8
    }
    /// The indirect bit, bit 13.
    #[inline(always)]
    pub const fn indirect(self) -> bool {
        self.0.raw() & (1 << 22) != 0
    }
    /// The index register field, bits 14-17.
    #[inline(always)]
    pub const fn index(self) -> u8 {
        ((self.0.raw() >> 18) & 0o17) as u8
    }
    /// The address field Y, bits 18-35.
    #[inline(always)]
    pub const fn y(self) -> u32 {
        self.0.right() as u32
    }
    /// Whether this is an I/O instruction (bits 0-2 all ones).
    #[inline(always)]
    pub const fn is_io(self) -> bool {
        self.0.raw() >> 33 == 0o7
    }
    /// The device code of an I/O instruction: bits 3-9, written as DEC
    /// writes device codes, with two zero bits below (the console TTY is 120,
    /// PI is 004).
    #[inline(always)]
    pub const fn device(self) -> u16 {
        ((self.0.raw() >> 24) & 0o774) as u16
    }
    /// The function of an I/O instruction, bits 10-12 (0 BLKI .. 7 CONSO).
    #[inline(always)]
    pub const fn io_function(self) -> u8 {
        ((self.0.raw() >> 23) & 0o7) as u8
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields() {
        // MOVE 1,@100(2)
        let i = Instruction(Word::new(0o200062_000100));
        assert_eq!(i.opcode(), 0o200);
        assert_eq!(i.ac(), 1);
        assert!(i.indirect());
        assert_eq!(i.index(), 2);
        assert_eq!(i.y(), 0o100);
        // CONO APR,400000 = 700200,,400000
        let c = Instruction(Word::new(0o700200_400000));
        assert!(c.is_io());
        assert_eq!(c.device(), 0);
        assert_eq!(c.io_function(), 4);
        // DATAO TTY,X: device 120
        let d = Instruction(Word::new(0o712140_000000));
        assert_eq!(d.device(), 0o120);
        assert_eq!(d.io_function(), 3);
    }
}
