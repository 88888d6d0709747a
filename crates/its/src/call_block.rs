//! Decoding a symbolic `.CALL` block (`doc/sysdoc/_calls.127`; ITS's
//! ASCGRG routine in `src/system/its.1652`).
//!
//! ```text
//! blk:  SETZ                 ; exactly 400000,,0, else an illegal operation
//!       SIXBIT /NAME/
//!       arg ...              ; the last one has bit 4.9 set
//! ```
//! In each argument word, I, X and Y give an address E, and bits 4.1-4.3
//! (left half 7000) the kind: 0 input (the word at E), 1000 immediate (E
//! itself), 2000 output (a value is stored at E), 3000 error code (stored at
//! E on failure, zeroed otherwise), 4000 control bits (right half of the word
//! at E), 5000 immediate control bits (E); all control bits are XORed
//! together. As in ITS, bit 2000 is tested first, then 4000, so 6000 and 7000
//! act as 2000 and 3000.

use crate::codes::CallError;
use crate::machine::{effective_address, load, store, Machine, Mpv};
use crate::sixbit::Sixbit;
use pdp10_isa::Word;

/// Most input arguments a call may have (more give TOO MANY ARGUMENTS).
pub const MAX_INPUTS: usize = 9;

/// One input argument: its value and, unless immediate, where it is (calls
/// such as SIOT update their arguments in place).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Input {
    /// The argument's value.
    pub value: Word,
    /// The address it was read from; `None` for an immediate argument.
    pub address: Option<u32>,
}

/// A decoded call block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CallBlock {
    /// The call's name.
    pub name: Sixbit,
    /// Input arguments, in order.
    pub inputs: Vec<Input>,
    /// Where output values go, in order.
    pub outputs: Vec<u32>,
    /// Where the error code goes.
    pub error: Option<u32>,
    /// The control bits, XORed together.
    pub control: u32,
}

/// Why a call block could not be decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BadBlock {
    /// The first word is not SETZ: ITS gives an illegal-operation interrupt.
    NotSetz(Word),
    /// A word of the block or an argument lies beyond the job's core.
    Mpv(Mpv),
    /// More than nine inputs or more than one error argument.
    TooManyArgs {
        /// Where to store the error code, when already known.
        error: Option<u32>,
    },
}

impl From<Mpv> for BadBlock {
    fn from(m: Mpv) -> BadBlock {
        BadBlock::Mpv(m)
    }
}

/// Decodes the block at `address`, zeroing the error argument as ITS does
/// when it first processes the arguments.
pub fn decode(m: &mut impl Machine, address: u32) -> Result<CallBlock, BadBlock> {
    let first = load(m, address)?;
    if first != Word::new(0o400000_000000) {
        return Err(BadBlock::NotSetz(first));
    }
    let name = Sixbit(load(m, address.wrapping_add(1) & 0o777777)?);
    let mut block = CallBlock {
        name,
        inputs: Vec::new(),
        outputs: Vec::new(),
        error: None,
        control: 0,
    };
    let mut at = address.wrapping_add(2) & 0o777777;
    loop {
        let arg = load(m, at)?;
        let e = effective_address(m, arg)?;
        let kind = (arg.left() >> 9) & 0o7;
        if kind & 0o2 != 0 {
            // Output or error code: the location must exist.
            load(m, e)?;
            if kind & 0o1 != 0 {
                if block.error.is_some() {
                    return Err(BadBlock::TooManyArgs { error: block.error });
                }
                store(m, e, Word::ZERO)?;
                block.error = Some(e);
            } else {
                block.outputs.push(e);
            }
        } else if kind & 0o4 != 0 {
            block.control ^= if kind & 0o1 != 0 {
                e
            } else {
                load(m, e)?.right() as u32
            };
        } else {
            if block.inputs.len() == MAX_INPUTS {
                return Err(BadBlock::TooManyArgs { error: block.error });
            }
            block.inputs.push(if kind & 0o1 != 0 {
                Input {
                    value: Word::from_halves(0, e as u64),
                    address: None,
                }
            } else {
                Input {
                    value: load(m, e)?,
                    address: Some(e),
                }
            });
        }
        if arg.is_negative() {
            return Ok(block);
        }
        at = (at + 1) & 0o777777;
    }
}

impl CallBlock {
    /// The `n`th input (from 0), if given.
    pub fn input(&self, n: usize) -> Option<Word> {
        self.inputs.get(n).map(|i| i.value)
    }

    /// Fails with TOO FEW ARGUMENTS unless there are at least `n` inputs.
    pub fn require(&self, n: usize) -> Result<(), CallError> {
        if self.inputs.len() < n {
            Err(CallError::TOO_FEW_ARGS)
        } else {
            Ok(())
        }
    }

    /// Stores the values a successful call returns, as many as there are
    /// output arguments (extra values are dropped, as in ITS).
    pub fn store_outputs(&self, m: &mut impl Machine, values: &[Word]) -> Result<(), Mpv> {
        for (&address, &value) in self.outputs.iter().zip(values) {
            store(m, address, value)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::machine::tests::Core;

    fn core_with(at: usize, words: &[u64]) -> Core {
        let mut core = Core(vec![Word::ZERO; 0o1000]);
        for (i, w) in words.iter().enumerate() {
            core.0[at + i] = Word::new(*w);
        }
        core
    }

    #[test]
    fn argument_kinds() {
        let open = Sixbit::new("OPEN").unwrap().0.raw();
        let mut core = core_with(
            0o100,
            &[
                0o400000_000000,
                open,
                0o005000_000003, // %CLBIT 3 (immediate control bits)
                0o001000_000001, // %CLIMM 1
                0o000000_000200, // input: the word at 200
                0o002000_000201, // %CLOUT 201
                0o403000_000202, // SETZ %CLERR 202
            ],
        );
        core.0[0o200] = Word::new(0o446353_000000);
        core.0[0o202] = Word::new(0o777);
        let b = decode(&mut core, 0o100).unwrap();
        assert_eq!(b.name.text(), "OPEN");
        assert_eq!(b.control, 3);
        assert_eq!(
            b.inputs,
            vec![
                Input {
                    value: Word::new(1),
                    address: None
                },
                Input {
                    value: Word::new(0o446353_000000),
                    address: Some(0o200)
                },
            ]
        );
        assert_eq!(b.outputs, vec![0o201]);
        assert_eq!(b.error, Some(0o202));
        assert_eq!(core.0[0o202], Word::ZERO, "error argument zeroed");
    }

    #[test]
    fn control_bits_xor_and_indexing() {
        let mut core = core_with(
            0o100,
            &[0o400000_000000, 0, 0o004000_000300, 0o405000_000007],
        );
        core.0[0o300] = Word::new(0o123456_000005);
        let b = decode(&mut core, 0o100).unwrap();
        assert_eq!(
            b.control,
            5 ^ 7,
            "only the right half of a 4000 argument counts"
        );
        // An argument indexed by AC 2.
        let mut core = core_with(0o100, &[0o400000_000000, 0, 0o401002_000010]);
        core.0[2] = Word::new(0o200);
        let b = decode(&mut core, 0o100).unwrap();
        assert_eq!(b.inputs[0].value, Word::new(0o210));
    }

    #[test]
    fn malformed_blocks() {
        let mut core = core_with(0o100, &[0o254000_000000]);
        assert_eq!(
            decode(&mut core, 0o100),
            Err(BadBlock::NotSetz(Word::new(0o254000_000000)))
        );
        let mut words = vec![0o400000_000000, 0];
        words.extend(std::iter::repeat_n(0o001000_000001, 9));
        words.push(0o401000_000001);
        let mut core = core_with(0o100, &words);
        assert_eq!(
            decode(&mut core, 0o100),
            Err(BadBlock::TooManyArgs { error: None })
        );
        let mut core = core_with(
            0o100,
            &[0o400000_000000, 0, 0o003000_000300, 0o403000_000301],
        );
        assert_eq!(
            decode(&mut core, 0o100),
            Err(BadBlock::TooManyArgs { error: Some(0o300) })
        );
        // The block runs off the end of core.
        let mut core = core_with(0o776, &[0o400000_000000, 0]);
        assert_eq!(decode(&mut core, 0o776), Err(BadBlock::Mpv(Mpv(0o1000))));
        let b = CallBlock {
            name: Sixbit::EMPTY,
            inputs: vec![],
            outputs: vec![],
            error: None,
            control: 0,
        };
        assert_eq!(b.require(1), Err(CallError::TOO_FEW_ARGS));
    }
}
