//! The relocatable output file (`RELOCATABLE`): STINK's block format, as
//! real MIDAS 433 writes it. See docs/0004-stink-format.md for the format
//! and how it was checked.

use pdp10_isa::{Word, HALF_MASK, WORD_MASK};

/// Block types (the 7 bits at 4.2-3.4 of a block's header word).
pub const LOADER_COMMAND: u64 = 1;
/// Words loaded at absolute addresses.
pub const ABSOLUTE: u64 = 2;
/// Words loaded at relocated addresses.
pub const RELOCATABLE: u64 = 3;
/// The program name, last block of a program.
pub const PROGRAM_NAME: u64 = 4;
/// Local symbols for DDT.
pub const LOCAL_SYMBOLS: u64 = 0o10;
/// A load-time conditional on the presence of globals (`.LIFS`).
pub const LOAD_IF_SYMBOLS: u64 = 0o11;
/// The end of a load-time conditional (`.ELDC`).
pub const END_LOAD_CONDITION: u64 = 0o12;
/// A loader command block's command (its header's right half): start
/// address.
pub const JUMP: u64 = 1;
/// The loader command OFFSET makes.
pub const SET_OFFSET: u64 = 6;
/// The loader command LOC to a global makes (real MIDAS's LCGLO): the
/// location is the argument, and the relocation with it.
pub const GLOBAL_LOCATION: u64 = 2;
/// The loader command a LOC away from a global location makes (LCEGLO):
/// back to the program's own relocation.
pub const END_GLOBAL_LOCATION: u64 = 4;
/// The loader command `.LOP` makes (real MIDAS's LD.OP): the loader
/// executes the instruction of its first word on the other two and keeps
/// the result as `.LVAL1`.
pub const LOADER_OP: u64 = 7;
/// The loader command `.LIFE` and its kin make (real MIDAS's LDCV): load
/// what follows up to `.ELDC` if the word passes the test.
pub const LOAD_IF_VALUE: u64 = 5;

/// Most words real MIDAS puts after a header (its BSIZE less one),
/// relocation-bit words included.
const BLOCK_WORDS: usize = 0o36;

/// A word of a loader command with several (`.LOP`, `.LIFE`): the word
/// (its globals taken out), its relocation bits, the right half's extra
/// relocation (as in [`Event::Word`]) and its references to globals.
pub type LoaderField = (u64, u8, i8, [(u8, u64); crate::assemble::MOST_GLOBALS]);

/// What the assembler did that shapes the output blocks, in order (pass 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `RELOCATABLE`: the block begun ends (it is written even if empty),
    /// and the location is relocatable 0.
    Relocate,
    /// The location counter set (LOC, BLOCK, `.=`, a VARIABLES area, END's
    /// areas): the block begun ends, and the next one starts there; an
    /// empty one is still written, to tell the loader where `.` is.
    Locate {
        /// The new location.
        address: u32,
        /// Whether it is relocatable.
        relocated: bool,
    },
    /// A word assembled, with its relocation: bit 1 the left half, bit 0
    /// the right half.
    Word {
        /// Where it goes.
        address: u32,
        /// The word.
        word: u64,
        /// Relocation bits.
        bits: u8,
        /// The relocation once more added (+1) or taken away (-1) in the
        /// right half, beyond what `bits` says (real MIDAS: a reference to
        /// the loader's symbol `$R.` before the word); 0 when none.
        extra: i8,
        /// References to global symbols before the word: code 4 (add) or 5
        /// (subtract) and the name with the field's flags; code 0 none.
        refs: [(u8, u64); crate::assemble::MOST_GLOBALS],
    },
    /// A global symbol's definition, a loader instruction in the data
    /// (code 7, the name, then the instruction's code and the value).
    Define {
        /// `.` (the block's address when it begins with this).
        address: u32,
        /// The name in SQUOZE with flags: 04 global, 10 the value's right
        /// half relocated, 40 half-killed.
        symbol: u64,
        /// 0 define (a label), 4 redefine (`=`).
        code: u8,
        /// The value (unrelocated).
        value: u64,
    },
    /// A symbol the loader gives the value of its location counter (`$.`):
    /// code 7, then code 6 (real MIDAS's CDEFPT) and the name; a label or
    /// an assignment of a value only the loader knows (loader_values.rs).
    DefineHere {
        /// `.` (the block's address when it begins with this).
        address: u32,
        /// The name: for a global its SQUOZE with flags 04 and 40
        /// (half-killed); for a local the address of its entry in real
        /// MIDAS's symbol table, flag 40 when half-killed.
        symbol: u64,
    },
    /// LOC to a global: the block begun ends, then a loader command (2)
    /// with the argument and its references; the data that follows is in
    /// a relocatable block at 0.
    GlobalLocate {
        /// The argument (its globals taken out).
        word: u64,
        /// Relocation bits.
        bits: u8,
        /// References to global symbols (as in [`Event::Word`]).
        refs: [(u8, u64); crate::assemble::MOST_GLOBALS],
    },
    /// LOC to a location of the program's own while `.` is a global
    /// location: the block begun ends, an empty block at the new location
    /// is written, then a loader command (4) with the argument.
    EndGlobalLocation {
        /// The new location.
        address: u32,
        /// Whether it is relocatable.
        relocated: bool,
        /// The argument.
        word: u64,
        /// Relocation bits.
        bits: u8,
    },
    /// `.LOP op,a,b`: the block begun ends, then a loader command
    /// ([`LOADER_OP`]) with the three fields, each with its relocation
    /// and references, as a word of data has them.
    LoaderOp {
        /// Each field: word (its globals taken out), relocation bits, the
        /// right half's extra relocation (as in [`Event::Word`]), references.
        fields: [LoaderField; 3],
    },
    /// `.LIFE word` and its kin (real MIDAS's A.LDCV): the test (the low
    /// three bits of JUMPE, JUMPN ...) goes in bits 4.8-4.6 of the header
    /// of the data block begun, which ends, and of the loader command
    /// ([`LOAD_IF_VALUE`]) with the word that follows.
    ValueCondition {
        /// The test.
        test: u8,
        /// The word, its relocation bits, extra relocation and references.
        field: LoaderField,
    },
    /// A local-global recovery (code 7, code 2: real MIDAS's CLGLO): the
    /// name the loader knew a symbol by, then its new name (null:
    /// delete it, as EXPUNGE does).
    Recover {
        /// `.` (the block's address when it begins with this).
        address: u32,
        /// The old name.
        symbol: u64,
        /// The new name.
        name: u64,
    },
    /// `.LIFS`: the block begun ends, then a block of type 11 holding
    /// these names (no relocation bits), its address `.` when it has any.
    LoadCondition {
        /// `.`.
        address: u32,
        /// How many of `names` are used.
        count: usize,
        /// The names: SQUOZE with flags 04 (global), 20 (after `-`), 40
        /// (after `,`).
        names: [u64; LOAD_CONDITION_NAMES],
    },
    /// `.ELDC`: the block begun ends, then an empty block of type 12.
    EndLoadCondition,
    /// A link request (code 6, at END): the loader puts an undefined
    /// global's value in the right half of each word of its chain.
    Link {
        /// `.` (the block's address when it begins with this).
        address: u32,
        /// The name in SQUOZE with flag 04 (global).
        symbol: u64,
        /// The last word of the chain's address, bit 3.6 (100000,,0) set
        /// when it is relocatable.
        word: u64,
    },
    /// `WORD`: the block begun ends (written if it holds words or `.`
    /// moved), then this word goes into the file as it is.
    Raw {
        /// The word.
        word: u64,
    },
    /// A loader command (a block of its own): OFFSET's is 6.
    Command {
        /// The command.
        command: u64,
        /// Its argument, its relocation bits and extra relocation (as in
        /// [`Event::Word`]).
        word: u64,
        /// Relocation bits.
        bits: u8,
        /// Extra relocation.
        extra: i8,
    },
}

/// Most names a `.LIFS` takes here.
pub const LOAD_CONDITION_NAMES: usize = 8;

/// No references to globals.
const NO_REFS: [(u8, u64); crate::assemble::MOST_GLOBALS] = [(0, 0); crate::assemble::MOST_GLOBALS];

/// STINK's name for the program's relocation, with flags 04 (global) and
/// 10 (the right half), as real MIDAS refers to it.
fn relocation_reference() -> u64 {
    squoze_with("$R.", 0o3)
}

/// A symbol for the local symbols block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RelSymbol {
    /// The name.
    pub name: String,
    /// The value (its relocatable halves relative to the program's start).
    pub value: u64,
    /// Relocation bits (as in [`Event::Word`]).
    pub bits: u8,
    /// Half-killed (`==`, `^^`).
    pub half_killed: bool,
    /// For a symbol only the loader knows the value of, the name the
    /// loader knows it by (see [`Event::DefineHere`]): written before the
    /// name, which then has flag 10, and no value follows.
    pub loader_name: Option<u64>,
}

/// Everything the relocatable file holds.
#[derive(Clone, Debug, Default)]
pub struct Program {
    /// The program's name (TITLE).
    pub name: String,
    /// Where pass 1 ended: the location END's constants began at, and
    /// whether it was relocatable. Real MIDAS writes this as an empty
    /// block first: its block header still holds it when pass 2 begins.
    pub pass1_end: Option<(u32, bool)>,
    /// What pass 2 did.
    pub events: Vec<Event>,
    /// END's argument and its relocation bits.
    pub start: (u64, u8),
    /// The symbols, in the order written.
    pub symbols: Vec<RelSymbol>,
}

/// The block being filled: real MIDAS's BKBUF.
struct Builder {
    out: Vec<Word>,
    kind: u64,
    address: u64,
    /// Set when `.` moved: the block is written even if empty.
    located: bool,
    /// The next word sets the header's address (after a block is written).
    first_word: bool,
    words: Vec<u64>,
    /// Where in `words` the relocation-bit word being filled is, and how
    /// many 3-bit codes it holds.
    bits_at: usize,
    codes: usize,
    /// A load-time test on a value (`.LIFE` ...) in bits 4.8-4.6 of the
    /// headers written until it is reset.
    test: u64,
}

impl Builder {
    fn new() -> Builder {
        Builder {
            out: Vec::new(),
            kind: RELOCATABLE,
            address: 0,
            located: false,
            first_word: true,
            words: Vec::new(),
            bits_at: 0,
            codes: 12,
            test: 0,
        }
    }

    /// Ends the block begun: written unless empty and `.` did not move.
    fn end_block(&mut self) {
        if !self.words.is_empty() || self.located {
            let count = self.words.len() as u64;
            let header =
                (self.test << 32) | (self.kind << 25) | (count << 18) | (self.address & HALF_MASK);
            let mut sum = header;
            self.out.push(Word::new(header));
            for &w in &self.words {
                sum = ones_complement_add(sum, w);
                self.out.push(Word::new(w));
            }
            self.out.push(Word::new(!sum & WORD_MASK));
        }
        self.located = false;
        self.words.clear();
        self.codes = 12;
        self.first_word = true;
    }

    /// `.` moved to `address`.
    fn locate(&mut self, address: u32, kind: u64) {
        self.end_block();
        self.address = address as u64;
        self.kind = kind;
        self.located = true;
    }

    /// A data word with its 3-bit relocation code, after its references to
    /// globals (code 4 or 5 and the name each; a full block ends after
    /// one, and the word begins the next: real MIDAS 433, clib;uuoh) and
    /// then to `$R.` when `extra` is not 0 (code 4 adds it, 5 subtracts
    /// it; the block does not end between the two).
    fn word(
        &mut self,
        address: u32,
        word: u64,
        code: u8,
        extra: i8,
        refs: [(u8, u64); crate::assemble::MOST_GLOBALS],
    ) {
        for (c, symbol) in refs.into_iter().filter(|r| r.0 != 0) {
            if self.first_word {
                self.address = address as u64;
                self.first_word = false;
            }
            self.put_code(c);
            self.words.push(symbol & WORD_MASK);
            if self.words.len() >= BLOCK_WORDS {
                self.end_block();
            }
        }
        if self.first_word {
            self.address = address as u64;
            self.first_word = false;
        }
        if extra != 0 {
            self.put_code(if extra < 0 { 5 } else { 4 });
            self.words.push(relocation_reference());
        }
        self.put_code(code);
        self.words.push(word);
        if self.words.len() >= BLOCK_WORDS {
            self.end_block();
        }
    }

    /// A loader instruction: code 7 and the SQUOZE word, then `code` and
    /// its argument; the block does not end inside it.
    fn loader_instruction(&mut self, address: u32, symbol: u64, code: u8, value: u64) {
        if self.first_word {
            self.address = address as u64;
            self.first_word = false;
        }
        self.put_code(7);
        self.words.push(symbol & WORD_MASK);
        self.put_code(code);
        self.words.push(value & WORD_MASK);
        if self.words.len() >= BLOCK_WORDS {
            self.end_block();
        }
    }

    /// Code 7 and `first`, then `code` and `second` (no code of its own
    /// for `second` beyond the pair's): a local-global recovery. Real
    /// MIDAS 433 (AEXPU1) writes both codes, then the two words with
    /// nothing to keep them in one block: a full block ends between them,
    /// and `second` begins the next, before its first bits word (mudsys;
    /// putget's END, the 31st word of a block).
    fn loader_pair(&mut self, address: u32, first: u64, code: u8, second: u64) {
        if self.first_word {
            self.address = address as u64;
            self.first_word = false;
        }
        self.put_code(7);
        self.words.push(first & WORD_MASK);
        self.put_code(code);
        if self.words.len() >= BLOCK_WORDS {
            self.end_block();
            self.address = address as u64;
            self.first_word = false;
        }
        self.words.push(second & WORD_MASK);
        if self.words.len() >= BLOCK_WORDS {
            self.end_block();
        }
    }

    /// "Define the symbol as `$.`": code 7, code 6 and the name.
    fn define_here(&mut self, address: u32, symbol: u64) {
        if self.first_word {
            self.address = address as u64;
            self.first_word = false;
        }
        // A 7 that ends a bits word has the name after it, then the next
        // bits word (real MIDAS's FRBIT7).
        self.put_code(7);
        self.words.push(symbol & WORD_MASK);
        self.put_code(6);
        if self.words.len() >= BLOCK_WORDS {
            self.end_block();
        }
    }

    /// A link request: code 6 and the SQUOZE word, then the word with
    /// the chain's address (no code of its own); the block does not end
    /// inside it.
    fn link(&mut self, address: u32, symbol: u64, word: u64) {
        if self.first_word {
            self.address = address as u64;
            self.first_word = false;
        }
        self.put_code(6);
        self.words.push(symbol & WORD_MASK);
        self.words.push(word & WORD_MASK);
        if self.words.len() >= BLOCK_WORDS {
            self.end_block();
        }
    }

    /// A loader command block; the data block after it starts at the
    /// next word's address, with the type it had.
    fn command(
        &mut self,
        command: u64,
        word: u64,
        code: u8,
        extra: i8,
        refs: [(u8, u64); crate::assemble::MOST_GLOBALS],
    ) {
        self.end_block();
        let kind = self.kind;
        self.kind = LOADER_COMMAND;
        self.word(command as u32, word & WORD_MASK, code, extra, refs);
        self.end_block();
        self.kind = kind;
    }

    /// Puts a 3-bit code in the block's relocation-bit words, twelve to a
    /// word, each such word ahead of the twelve words it describes.
    fn put_code(&mut self, code: u8) {
        if self.codes == 12 {
            self.bits_at = self.words.len();
            self.words.push(0);
            self.codes = 0;
        }
        self.words[self.bits_at] |= (code as u64 & 7) << (33 - 3 * self.codes);
        self.codes += 1;
    }

    /// A block of `words` of type `kind` written whole (no relocation
    /// bits), cut where real MIDAS cuts its blocks.
    fn plain_blocks(&mut self, kind: u64, words: &[u64]) {
        self.end_block();
        self.kind = kind;
        self.address = 0;
        self.first_word = false;
        for &w in words {
            self.words.push(w);
            if self.words.len() >= BLOCK_WORDS {
                self.end_block();
                self.first_word = false;
            }
        }
        self.end_block();
    }
}

/// The 36-bit one's-complement sum STINK checks blocks with (the carry out
/// of bit 0 added back in).
fn ones_complement_add(a: u64, b: u64) -> u64 {
    let s = a + b;
    if s > WORD_MASK {
        (s + 1) & WORD_MASK
    } else {
        s
    }
}

/// The SQUOZE of a name with flags in the top four bits.
pub(crate) fn squoze_with(name: &str, flags: u64) -> u64 {
    pdp10_isa::squoze::encode(name).unwrap_or(0) | flags << 32
}

/// The relocatable file's words.
pub fn words(p: &Program) -> Vec<Word> {
    let mut b = Builder::new();
    if let Some((address, relocated)) = p.pass1_end {
        b.kind = if relocated { RELOCATABLE } else { ABSOLUTE };
        b.address = address as u64;
        b.located = true;
    }
    for e in &p.events {
        match *e {
            Event::Relocate => b.locate(0, RELOCATABLE),
            Event::Locate { address, relocated } => {
                b.locate(address, if relocated { RELOCATABLE } else { ABSOLUTE })
            }
            Event::Word {
                address,
                word,
                bits,
                extra,
                refs,
            } => b.word(address, word, bits, extra, refs),
            Event::Command {
                command,
                word,
                bits,
                extra,
            } => b.command(command, word, bits, extra, NO_REFS),
            Event::DefineHere { address, symbol } => b.define_here(address, symbol),
            Event::Recover {
                address,
                symbol,
                name,
            } => b.loader_pair(address, symbol, 2, name),
            Event::LoadCondition {
                address,
                count,
                names,
            } => {
                b.end_block();
                let kind = b.kind;
                b.kind = LOAD_IF_SYMBOLS;
                if count > 0 {
                    b.address = address as u64;
                }
                b.words.extend_from_slice(&names[..count]);
                b.end_block();
                b.kind = kind;
            }
            Event::EndLoadCondition => {
                b.end_block();
                let kind = b.kind;
                b.kind = END_LOAD_CONDITION;
                b.located = true;
                b.end_block();
                b.kind = kind;
            }
            Event::GlobalLocate { word, bits, refs } => {
                b.command(GLOBAL_LOCATION, word, bits, 0, refs);
                b.kind = RELOCATABLE;
                b.address = 0;
            }
            Event::ValueCondition { test, field } => {
                // Real MIDAS puts the test in its block buffer's header
                // before ending the block begun (A.LDCV, then PLDCM's EBLK).
                b.test = u64::from(test & 7);
                b.end_block();
                let kind = b.kind;
                b.kind = LOADER_COMMAND;
                let (word, bits, extra, refs) = field;
                b.word(LOAD_IF_VALUE as u32, word & WORD_MASK, bits, extra, refs);
                b.end_block();
                b.kind = kind;
                b.test = 0;
            }
            Event::LoaderOp { fields } => {
                b.end_block();
                let kind = b.kind;
                b.kind = LOADER_COMMAND;
                for (word, bits, extra, refs) in fields {
                    b.word(LOADER_OP as u32, word & WORD_MASK, bits, extra, refs);
                }
                b.end_block();
                b.kind = kind;
            }
            Event::EndGlobalLocation {
                address,
                relocated,
                word,
                bits,
            } => {
                b.locate(address, b.kind);
                b.command(END_GLOBAL_LOCATION, word, bits, 0, NO_REFS);
                b.kind = if relocated { RELOCATABLE } else { ABSOLUTE };
            }
            Event::Define {
                address,
                symbol,
                code,
                value,
            } => b.loader_instruction(address, symbol, code, value),
            Event::Link {
                address,
                symbol,
                word,
            } => b.link(address, symbol, word),
            Event::Raw { word } => {
                b.end_block();
                b.out.push(Word::new(word & WORD_MASK));
            }
        }
    }
    // END: the start address, a loader command.
    b.command(JUMP, p.start.0, p.start.1, 0, NO_REFS);
    // The symbols: the program's name as a block name (level 0), then each
    // symbol and its value.
    let mut syms = vec![squoze_with(&p.name, 1), 0];
    for s in &p.symbols {
        // 4.9 half-killed, 4.8 left half relocated, 4.7 right half.
        let flags = (s.half_killed as u64) << 3 | (s.bits as u64 & 3) << 1;
        if let Some(name) = s.loader_name {
            syms.push(name & WORD_MASK);
            syms.push(squoze_with(&s.name, flags | 2));
            continue;
        }
        syms.push(squoze_with(&s.name, flags));
        syms.push(s.value & WORD_MASK);
    }
    b.plain_blocks(LOCAL_SYMBOLS, &syms);
    b.plain_blocks(PROGRAM_NAME, &[squoze_with(&p.name, 1)]);
    b.out.push(Word::new(WORD_MASK));
    b.out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_block_is_its_header_and_the_header_complemented() {
        let mut b = Builder::new();
        b.locate(6, RELOCATABLE);
        b.end_block();
        let w: Vec<u64> = b.out.iter().map(|w| w.raw()).collect();
        assert_eq!(w, vec![0o000600_000006, 0o777177_777771]);
    }

    #[test]
    fn the_checksum_adds_the_carry_back_in() {
        assert_eq!(ones_complement_add(WORD_MASK, 1), 1);
        assert_eq!(ones_complement_add(5, 6), 11);
    }
}
