//! SBLK ("TS") binaries, as described in `doc/sysdoc/binfmt.101` of ITS.
//!
//! A file is: an optional loader (real MIDAS writes a RIM10 loader), the word
//! `JRST 1`, data blocks `-n,,addr` + n words + checksum, the start
//! instruction (the first non-negative word where a block header is
//! expected), then more checksummed blocks (assembly information, the DDT
//! symbol table, ...), and the start instruction again.

use crate::squoze;
use crate::word::Word;
use std::fmt;

/// `JRST 1`: ends the loader and begins the blocks.
pub const JRST_1: Word = Word::new(0o254000_000001);

/// MIDAS's limit on data words in one block.
pub const MAX_BLOCK_WORDS: usize = 30;

/// A checksummed block: its header and data words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Block {
    /// The right half of the header word: the load address of a data block,
    /// or the kind of a block after the start instruction (0 symbols,
    /// 3 assembly information, ...).
    pub address: u32,
    /// The words of the block.
    pub words: Vec<Word>,
}

/// One symbol of a DDT symbol table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Symbol {
    /// The name, decoded from squoze.
    pub name: String,
    /// The flag bits (bits 0-3 of the squoze word: `squoze::HALF_KILLED` ...).
    pub flags: u64,
    /// The value.
    pub value: Word,
}

/// A parsed SBLK file.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Sblk {
    /// Words before `JRST 1` (the loader), kept as they were.
    pub loader: Vec<Word>,
    /// Data blocks, in file order.
    pub blocks: Vec<Block>,
    /// The start instruction (`JRST start`).
    pub start: Word,
    /// Blocks after the start instruction, in file order.
    pub trailer: Vec<Block>,
}

/// What is wrong with an SBLK file; `offset` counts words from the start.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SblkError {
    /// No `JRST 1` within the first words of the file.
    NoJrst1,
    /// A block runs past the end of the file.
    Truncated {
        /// Word offset of the block header.
        offset: usize,
    },
    /// A block's checksum does not match its contents.
    BadChecksum {
        /// Word offset of the block header.
        offset: usize,
        /// The checksum in the file.
        found: Word,
        /// The checksum of the words.
        computed: Word,
    },
    /// The file ends where a block or the start instruction belongs.
    NoStartInstruction,
}

impl fmt::Display for SblkError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SblkError::NoJrst1 => write!(f, "not an SBLK file: no JRST 1 before the first block"),
            SblkError::Truncated { offset } => {
                write!(
                    f,
                    "word {offset:o}: the block runs past the end of the file"
                )
            }
            SblkError::BadChecksum {
                offset,
                found,
                computed,
            } => write!(
                f,
                "word {offset:o}: block checksum is {found} but the words sum to {computed}"
            ),
            SblkError::NoStartInstruction => {
                write!(f, "the file ends before the start instruction")
            }
        }
    }
}

impl std::error::Error for SblkError {}

/// The SBLK checksum of a block: start from the header word, then for each
/// data word rotate the sum left one place and add the word, modulo 2^36 with
/// no end-around carry.
pub fn checksum(header: Word, words: &[Word]) -> Word {
    let mut sum = header.raw();
    for w in words {
        sum = ((sum << 1) | (sum >> 35)) & crate::WORD_MASK;
        sum = (sum + w.raw()) & crate::WORD_MASK;
    }
    Word::new(sum)
}

/// The longest loader real files have before `JRST 1` (MIDAS writes 38 words).
const MAX_LOADER: usize = 256;

fn read_block(words: &[Word], at: usize) -> Result<(Block, usize), SblkError> {
    let header = words[at];
    let n = (0o1000000 - header.left()) as usize;
    let end = at + 1 + n;
    if end >= words.len() {
        return Err(SblkError::Truncated { offset: at });
    }
    let data = &words[at + 1..end];
    let computed = checksum(header, data);
    if computed != words[end] {
        return Err(SblkError::BadChecksum {
            offset: at,
            found: words[end],
            computed,
        });
    }
    Ok((
        Block {
            address: header.right() as u32,
            words: data.to_vec(),
        },
        end + 1,
    ))
}

impl Sblk {
    /// Parses the words of an SBLK file.
    pub fn parse(words: &[Word]) -> Result<Sblk, SblkError> {
        match Sblk::parse_code(words)? {
            (sblk, None) => Ok(sblk),
            (_, Some(e)) => Err(e),
        }
    }

    /// Parses the words of an SBLK file up to and including its start
    /// instruction strictly, and the blocks after it (the symbol table)
    /// as far as they are good: the first bad one (an odd or truncated
    /// symbol block, as MIDAS and DDT wrote with indirect symbol-table
    /// pointers) ends the trailer and is returned beside the file.
    pub fn parse_code(words: &[Word]) -> Result<(Sblk, Option<SblkError>), SblkError> {
        let jrst = words
            .iter()
            .take(MAX_LOADER)
            .position(|w| *w == JRST_1)
            .ok_or(SblkError::NoJrst1)?;
        let mut sblk = Sblk {
            loader: words[..jrst].to_vec(),
            ..Sblk::default()
        };
        let mut at = jrst + 1;
        loop {
            let Some(&w) = words.get(at) else {
                return Err(SblkError::NoStartInstruction);
            };
            if !w.is_negative() {
                sblk.start = w;
                at += 1;
                break;
            }
            let (block, next) = read_block(words, at)?;
            sblk.blocks.push(block);
            at = next;
        }
        // After the start instruction: checksummed blocks until the start
        // instruction is repeated (or the file ends, as in older files).
        while let Some(&w) = words.get(at) {
            if !w.is_negative() {
                break;
            }
            match read_block(words, at) {
                Ok((block, next)) => {
                    sblk.trailer.push(block);
                    at = next;
                }
                Err(e) => return Ok((sblk, Some(e))),
            }
        }
        Ok((sblk, None))
    }

    /// The start address: the right half of the start instruction.
    pub fn start_address(&self) -> u32 {
        self.start.right() as u32
    }

    /// The symbols of every DDT symbol table block (kind 0), skipping the
    /// block-name entries (a name with flags 0 whose value is
    /// `-len,,level`, the level under [`MAX_BLOCK_LEVEL`]).
    pub fn symbols(&self) -> Vec<Symbol> {
        let mut out = Vec::new();
        for block in self.trailer.iter().filter(|b| b.address == 0) {
            for pair in block.words.chunks_exact(2) {
                let (name, value) = (pair[0].raw(), pair[1]);
                let flags = name & !squoze::NAME_MASK;
                if flags == 0 && value.is_negative() && value.right() < MAX_BLOCK_LEVEL {
                    continue;
                }
                out.push(Symbol {
                    name: squoze::decode(name),
                    flags,
                    value,
                });
            }
        }
        out
    }
}

/// The 38-word RIM10 loader real MIDAS writes at the front of every SBLK
/// file, word for word as in its output (`710440,,addr` pairs that deposit
/// the loader into locations 0-13 and 30-36, then the loader's last word).
#[rustfmt::skip]
pub const RIM10_LOADER: [Word; 38] = [
    Word::new(0o710440_000000), Word::new(0o710600_000060),
    Word::new(0o710440_000001), Word::new(0o265600_000030),
    Word::new(0o710440_000002), Word::new(0o710440_000016),
    Word::new(0o710440_000003), Word::new(0o200640_000016),
    Word::new(0o710440_000004), Word::new(0o325700_000016),
    Word::new(0o710440_000005), Word::new(0o265600_000030),
    Word::new(0o710440_000006), Word::new(0o710456_000000),
    Word::new(0o710440_000007), Word::new(0o241640_000001),
    Word::new(0o710440_000010), Word::new(0o270656_000000),
    Word::new(0o710440_000011), Word::new(0o253700_000005),
    Word::new(0o710440_000012), Word::new(0o201600_000033),
    Word::new(0o710440_000013), Word::new(0o254000_000030),
    Word::new(0o710440_000030), Word::new(0o710740_000010),
    Word::new(0o710440_000031), Word::new(0o254000_000030),
    Word::new(0o710440_000032), Word::new(0o254014_000000),
    Word::new(0o710440_000033), Word::new(0o710440_000016),
    Word::new(0o710440_000034), Word::new(0o316640_000016),
    Word::new(0o710440_000035), Word::new(0o324000_000001),
    Word::new(0o710440_000036), Word::new(0o254200_000000),
];

/// A bound on the level of a DDT block-name entry (`-len,,level`: 0 for
/// GLOBAL, 2 for a program's block, one more for each `.BEGIN` inside).
pub const MAX_BLOCK_LEVEL: u64 = 0o100;

/// Kind of the block after the start instruction that holds the DDT symbol
/// table (its header's right half).
pub const SYMBOL_TABLE_BLOCK: u32 = 0;
/// Kind of the assembly-information block.
pub const ASSEMBLY_INFO_BLOCK: u32 = 3;

/// Splits `(address, word)` pairs, in the order they were assembled, into
/// data blocks as MIDAS does: a new block wherever the address does not
/// follow the previous one, and at most [`MAX_BLOCK_WORDS`] words a block.
pub fn data_blocks(words: &[(u32, Word)]) -> Vec<Block> {
    data_blocks_breaking(words, &[])
}

/// [`data_blocks`], also beginning a new block at each index of `breaks`
/// (ascending): where MIDAS's LOC, BLOCK or VARIABLES ended the block being
/// filled although the next address follows it.
pub fn data_blocks_breaking(words: &[(u32, Word)], breaks: &[usize]) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut next = None;
    let mut breaks = breaks.iter().peekable();
    for (i, &(address, word)) in words.iter().enumerate() {
        let mut forced = false;
        while breaks.next_if(|&&b| b <= i).is_some() {
            forced = true;
        }
        match blocks.last_mut() {
            Some(b) if !forced && next == Some(address) && b.words.len() < MAX_BLOCK_WORDS => {
                b.words.push(word)
            }
            _ => blocks.push(Block {
                address,
                words: vec![word],
            }),
        }
        next = Some((address + 1) & 0o777777);
    }
    blocks
}

/// A DDT symbol table block of one DDT block, as MIDAS writes for a
/// program without `.BEGIN`: the block-name pair `SQUOZE 0,GLOBAL` and
/// `-len,,0`, then a (squoze with flags, value) pair a symbol, sorted by
/// value and then by the squoze word (MIDAS itself orders equal values by
/// its hash table and sort: the midas crate's `ddt_symbols`).
pub fn symbol_table_block(symbols: &[Symbol]) -> Block {
    let mut pairs: Vec<(Word, Word)> = symbols
        .iter()
        .map(|s| {
            let name = squoze::encode(&s.name).unwrap_or(0);
            (Word::new(name | s.flags), s.value)
        })
        .collect();
    pairs.sort_by_key(|&(name, value)| (value, name));
    let len = 2 + 2 * pairs.len() as u64;
    let mut words = vec![
        Word::new(squoze::encode("GLOBAL").unwrap_or(0)),
        Word::from_halves(0o1000000 - len, 0),
    ];
    for (name, value) in pairs {
        words.push(name);
        words.push(value);
    }
    Block {
        address: SYMBOL_TABLE_BLOCK,
        words,
    }
}

impl Block {
    /// The header word, `-n,,address`.
    pub fn header(&self) -> Word {
        Word::from_halves(0o1000000 - self.words.len() as u64, self.address as u64)
    }
}

impl Block {
    /// The block as a file holds it: header, words, checksum.
    pub fn push_to(&self, out: &mut Vec<Word>) {
        let header = self.header();
        out.push(header);
        out.extend_from_slice(&self.words);
        out.push(checksum(header, &self.words));
    }
}

impl Sblk {
    /// The words of the file, as real MIDAS 433 writes them: the loader,
    /// `JRST 1`, each data block with its checksum, the start instruction,
    /// the trailer blocks, and the start instruction again (binfmt.101; some
    /// real binaries of PDP-10/its, made by another MIDAS, repeat it twice).
    pub fn to_words(&self) -> Vec<Word> {
        let mut out = self.without_symbols();
        for b in &self.trailer {
            b.push_to(&mut out);
        }
        out.push(self.start);
        out
    }

    /// The file of a program that said `NOSYMS`: the loader, `JRST 1`, the
    /// data blocks and the start instruction, nothing after it (real MIDAS
    /// 433 writes neither the symbol table nor the assembly information).
    pub fn without_symbols(&self) -> Vec<Word> {
        let mut out = self.loader.clone();
        out.push(JRST_1);
        for b in &self.blocks {
            b.push_to(&mut out);
        }
        out.push(self.start);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_break_begins_a_block_where_the_address_follows() {
        let words: Vec<(u32, Word)> = (0..4).map(|i| (0o100 + i, Word::new(i as u64))).collect();
        let shape = |breaks: &[usize]| -> Vec<(u32, usize)> {
            data_blocks_breaking(&words, breaks)
                .iter()
                .map(|b| (b.address, b.words.len()))
                .collect()
        };
        assert_eq!(shape(&[]), [(0o100, 4)]);
        assert_eq!(shape(&[0, 2, 2]), [(0o100, 2), (0o102, 2)]);
        assert_eq!(shape(&[1, 3, 4]), [(0o100, 1), (0o101, 2), (0o103, 1)]);
    }

    #[test]
    fn checksum_of_the_worked_example() {
        // midas.md: a real MIDAS block for a three-word program at 100.
        let words = [
            Word::new(0o255000_000000),
            Word::new(0o254000_000100),
            Word::new(0o254000_000123),
        ];
        assert_eq!(
            checksum(Word::new(0o777775_000100), &words),
            Word::new(0o267750_001327)
        );
    }

    #[test]
    fn parse_minimal_file() {
        let header = Word::new(0o777776_000100);
        let data = [Word::new(0o201040_000005), Word::new(0o254200_000101)];
        let mut file = vec![Word::new(0o710440_000000), JRST_1, header];
        file.extend_from_slice(&data);
        file.push(checksum(header, &data));
        file.push(Word::new(0o254000_000100));
        let sym_header = Word::new(0o777772_000000);
        let syms = [
            Word::new(0o015315_513316),
            Word::new(0o777776_000000),
            // A block-name entry of a program with blocks: level 2.
            Word::new(squoze::encode("PROG").unwrap()),
            Word::new(0o777776_000002),
            Word::new(squoze::encode("GO").unwrap() | squoze::LOCAL),
            Word::new(0o100),
        ];
        file.push(sym_header);
        file.extend_from_slice(&syms);
        file.push(checksum(sym_header, &syms));
        file.push(Word::new(0o254000_000100));
        let s = Sblk::parse(&file).unwrap();
        assert_eq!(s.loader.len(), 1);
        assert_eq!(
            s.blocks,
            vec![Block {
                address: 0o100,
                words: data.to_vec()
            }]
        );
        assert_eq!(s.start_address(), 0o100);
        let symbols = s.symbols();
        assert_eq!(symbols.len(), 1);
        assert_eq!(symbols[0].name, "GO");
        assert_eq!(symbols[0].value, Word::new(0o100));

        let mut bad = file.clone();
        bad[4] = Word::new(0);
        assert!(matches!(
            Sblk::parse(&bad),
            Err(SblkError::BadChecksum { offset: 2, .. })
        ));
        assert_eq!(
            Sblk::parse(&file[..4]),
            Err(SblkError::Truncated { offset: 2 })
        );
        assert_eq!(Sblk::parse(&file[..6]), Err(SblkError::NoStartInstruction));
        assert_eq!(Sblk::parse(&[Word::new(5)]), Err(SblkError::NoJrst1));
    }

    #[test]
    fn writer_blocks_and_round_trip() {
        // Three words at 100, a jump to 200, then 31 words: four blocks.
        let mut words = vec![
            (0o100, Word::new(1)),
            (0o101, Word::new(2)),
            (0o102, Word::new(3)),
        ];
        for k in 0..31u32 {
            words.push((0o200 + k, Word::new(k as u64)));
        }
        let blocks = data_blocks(&words);
        let shape: Vec<(u32, usize)> = blocks.iter().map(|b| (b.address, b.words.len())).collect();
        assert_eq!(shape, vec![(0o100, 3), (0o200, 30), (0o236, 1)]);
        let sym = Symbol {
            name: "GO".into(),
            flags: squoze::LOCAL,
            value: Word::new(0o100),
        };
        let file = Sblk {
            loader: RIM10_LOADER.to_vec(),
            blocks,
            start: Word::new(0o254000_000100),
            trailer: vec![symbol_table_block(std::slice::from_ref(&sym))],
        };
        let w = file.to_words();
        // Loader, JRST 1, blocks, start, symbols, start again.
        assert_eq!(w.len(), 38 + 1 + (5 + 32 + 3) + 1 + 6 + 1);
        assert_eq!(w[38], JRST_1);
        assert_eq!(w[39], Word::new(0o777775_000100));
        let back = Sblk::parse(&w).unwrap();
        assert_eq!(back, file);
        assert_eq!(back.symbols(), vec![sym]);
    }
}
