//! Word -> MIDAS-syntax text, from the one opcode table.
//!
//! The output reassembles to the same word: `MOVE 1,100(2)`, `JRST @5`,
//! `HRRZI 3,-1(17)`, `HALT 131`, `CONO APR,400000`, `.CLOSE 1,`. Words that
//! are no instruction (opcode 0, local UUOs, unnamed opcodes) are shown as
//! half words, `1,,5`, the way DDT types data.

use crate::instruction::Instruction;
use crate::opcodes::{self, ALIASES, DEVICES, IO_FUNCTIONS, MNEMONICS};
use crate::word::Word;
use std::fmt;

/// Names for addresses, so that operands print as labels.
pub trait Symbols {
    /// The label to print for `address`, if any.
    fn symbol(&self, address: u32) -> Option<&str>;
}

/// No labels: every address prints in octal.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoSymbols;

impl Symbols for NoSymbols {
    #[inline(always)]
    fn symbol(&self, _: u32) -> Option<&str> {
        None
    }
}

/// A word ready to be written as text; see [`disassemble`].
pub struct Disassembly<'a, S: Symbols + ?Sized> {
    word: Word,
    symbols: &'a S,
}

/// Disassembles `word`, naming addresses through `symbols`. The result
/// implements [`fmt::Display`]; nothing is allocated until it is written.
pub fn disassemble<S: Symbols + ?Sized>(word: Word, symbols: &S) -> Disassembly<'_, S> {
    Disassembly { word, symbols }
}

/// Writes a signed or unsigned octal half word: small negative values (as
/// left by `-1(P)` indexing) as `-n`.
fn write_address<S: Symbols + ?Sized>(
    f: &mut fmt::Formatter<'_>,
    y: u32,
    signed: bool,
    symbols: &S,
) -> fmt::Result {
    if let Some(name) = symbols.symbol(y) {
        return f.write_str(name);
    }
    if signed && y >= 0o777000 {
        write!(f, "-{:o}", 0o1000000 - y)
    } else {
        write!(f, "{y:o}")
    }
}

/// Writes `@Y(X)` (each part only when present).
fn write_operand<S: Symbols + ?Sized>(
    f: &mut fmt::Formatter<'_>,
    i: Instruction,
    symbols: &S,
) -> fmt::Result {
    if i.indirect() {
        f.write_str("@")?;
    }
    let x = i.index();
    if i.y() != 0 || x == 0 {
        write_address(f, i.y(), x != 0, symbols)?;
    }
    if x != 0 {
        write!(f, "({x:o})")?;
    }
    Ok(())
}

impl<S: Symbols + ?Sized> fmt::Display for Disassembly<'_, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = Instruction(self.word);
        let (op, ac) = (i.opcode(), i.ac());
        let has_operand = i.y() != 0 || i.index() != 0 || i.indirect();

        if i.is_io() {
            write!(f, "{} ", IO_FUNCTIONS[i.io_function() as usize])?;
            let dev = i.device();
            match DEVICES.iter().find(|(_, code)| *code == dev) {
                Some((name, _)) => write!(f, "{name},")?,
                None => write!(f, "{dev:o},")?,
            }
            return write_operand(f, i, self.symbols);
        }

        if let Some((name, absorbed)) =
            crate::its::uuo_name(op, ac, i.indirect() || i.index() != 0, i.y())
        {
            f.write_str(name)?;
            // The .CALL family's member is chosen by the AC field.
            let ac_shown = if op == 0o043 { 0 } else { ac };
            if ac_shown != 0 {
                write!(f, " {ac_shown:o},")?;
            }
            if !absorbed && has_operand {
                f.write_str(if ac_shown != 0 { "" } else { " " })?;
                write_operand(f, i, self.symbols)?;
            }
            return Ok(());
        }

        let preferred = ALIASES
            .iter()
            .find(|a| a.preferred && a.opcode == op && a.ac == ac);
        let (name, ac_shown) = match preferred {
            Some(a) => (a.name, 0),
            None => (MNEMONICS[op as usize], ac),
        };
        let is_instruction = !name.is_empty()
            && !matches!(
                opcodes::class(op),
                opcodes::OpClass::LocalUuo | opcodes::OpClass::MonitorUuo
            );
        if !is_instruction {
            return match (self.word.left(), self.word.right()) {
                (0, 0) => f.write_str("0"),
                (0, r) => write!(f, ",,{r:o}"),
                (l, r) => write!(f, "{l:o},,{r:o}"),
            };
        }
        f.write_str(name)?;
        if ac_shown != 0 {
            write!(f, " {ac_shown:o},")?;
            if has_operand {
                write_operand(f, i, self.symbols)?;
            }
        } else if has_operand {
            f.write_str(" ")?;
            write_operand(f, i, self.symbols)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(w: u64) -> String {
        disassemble(Word::new(w), &NoSymbols).to_string()
    }

    #[test]
    fn examples_from_the_issue() {
        assert_eq!(d(0o200042_000100), "MOVE 1,100(2)");
        assert_eq!(d(0o254020_000005), "JRST @5");
        assert_eq!(d(0o551157_777777), "HRRZI 3,-1(17)");
        assert_eq!(d(0o254200_000131), "HALT 131");
    }

    #[test]
    fn forms() {
        assert_eq!(d(0o263740_000000), "POPJ 17,");
        assert_eq!(d(0o254100_001000), "JRSTF 1000");
        assert_eq!(d(0o255400_001234), "JOV 1234");
        assert_eq!(d(0o200142_000000), "MOVE 3,(2)");
        assert_eq!(d(0o400000_000000), "SETZ");
        assert_eq!(d(0o700200_400000), "CONO APR,400000");
        assert_eq!(d(0o712140_000005), "DATAO TTY,5");
        assert_eq!(d(0o713540_000005), "DATAO 134,5");
        assert_eq!(d(0), "0");
        assert_eq!(d(0o000001_000005), "1,,5");
        assert_eq!(d(0o000000_000005), ",,5");
        assert_eq!(d(0o101000_000000), "101000,,0");
        assert_eq!(d(0o200000_777777), "MOVE 777777");
    }

    #[test]
    fn its_calls() {
        assert_eq!(d(0o042040_000007), ".CLOSE 1,");
        assert_eq!(d(0o042040_000033), ".LOGOUT 1,");
        assert_eq!(d(0o043200_000000), ".VALUE");
        assert_eq!(d(0o043000_001000), ".CALL 1000");
        assert_eq!(d(0o041040_000500), ".OPEN 1,500");
        assert_eq!(d(0o040100_000200), ".IOT 2,200");
        assert_eq!(d(0o045700_160000), ".BREAK 16,160000");
    }

    struct Labels;
    impl Symbols for Labels {
        fn symbol(&self, a: u32) -> Option<&str> {
            (a == 0o100).then_some("LOOP")
        }
    }

    #[test]
    fn labels() {
        assert_eq!(
            disassemble(Word::new(0o254000_000100), &Labels).to_string(),
            "JRST LOOP"
        );
    }
}
