//! `RELOCATABLE`: what a relocatable assembly tracks beside the absolute
//! one (the relocation of `.`, of OFFSET and of each value, see
//! [`Value::rel`]) and the events the STINK file is made from (see
//! stink.rs).

use super::{Assembler, GlobalTerms, ListRow, Value};
use crate::diag::ErrorKind;
use crate::source::Span;
use crate::stink::Event;
use pdp10_isa::{Word, WORD_MASK};

/// The relocatable assembly's state.
#[derive(Clone, Debug, Default)]
pub(crate) struct Relocation {
    /// `RELOCATABLE` was seen (this pass).
    pub on: bool,
    /// The relocation of the location counter (0 or 1).
    pub loc: u64,
    /// The relocation of OFFSET (a count, maybe negative, as a word).
    pub offset: u64,
    /// What pass 2 did that shapes the output blocks.
    pub events: Vec<Event>,
    /// Where pass 1's END placed its constants, and whether relocatable.
    pub pass1_end: Option<(u32, bool)>,
    /// END's argument and its relocation bits.
    pub start: (u64, u8),
    /// Globals whose definitions were written this pass.
    pub punched: std::collections::HashSet<String>,
    /// Absolute globals the statement referred to before their
    /// definitions were written: written before its next word.
    pub pending: Vec<String>,
    /// References to undefined globals the statement made (pass 2) that
    /// no storage word took yet: left over at its end, refused.
    pub loose: Vec<String>,
    /// Each undefined global's address-link chain: the last word that
    /// refers to it in its right half, and whether that address is
    /// relocatable (real MIDAS's 3RLNK).
    pub links: std::collections::HashMap<String, (u32, bool)>,
    /// `.` is a global location (LOC to a global, real MIDAS's GLOCTP
    /// 4.9): `.` is then the loader's `$.` (see loader_values.rs).
    pub global_loc: bool,
    /// Symbols only the loader knows the value of (real MIDAS's 3LLV):
    /// whether each is global. Kept from pass 1 to pass 2.
    pub loader_valued: std::collections::HashMap<String, bool>,
    /// The program's names' entries in real MIDAS's symbol table (pass 2).
    pub st_entries: Option<Box<crate::symbol_slots::Replay>>,
    /// How deep in load-time conditionals (`.LIFS` ... `.ELDC`) the
    /// assembly is (real MIDAS's LDCCC).
    pub load_conditions: u32,
}

/// The left and right half relocation counts of a relocation word (each
/// half a signed count).
pub(crate) fn halves(rel: u64) -> (i64, i64) {
    let count = super::value::half_count;
    (count(rel >> 18), count(rel))
}

impl Assembler<'_> {
    /// The relocation of `.` (the location counter's plus OFFSET's).
    pub(crate) fn dot_rel(&self) -> u64 {
        super::value::rel_add(self.reloc.loc, self.reloc.offset)
    }

    /// Resets what a relocatable assembly tracks, at the start of a pass.
    pub(super) fn start_relocation(&mut self) {
        let pass1_end = self.reloc.pass1_end;
        let loader_valued = std::mem::take(&mut self.reloc.loader_valued);
        self.reloc = Relocation {
            pass1_end,
            loader_valued,
            ..Relocation::default()
        };
    }

    /// `RELOCATABLE`: the location becomes relocatable 0.
    pub(super) fn relocatable(&mut self, at: Span) {
        if !self.output.is_empty() || (self.pass == 2 && self.reloc.pass1_end.is_none()) {
            self.error(
                at,
                ErrorKind::Syntax,
                "RELOCATABLE after words were assembled is not supported",
            );
            return;
        }
        self.reloc.on = true;
        self.reloc.loc = 1;
        self.loc = 0;
        if self.pass == 2 {
            self.reloc.events.push(Event::Relocate);
        }
    }

    /// The relocation of a value that sets `.` (LOC, `.=`): 0 or 1.
    pub(super) fn location_rel(&mut self, rel: u64, at: Span) -> u64 {
        match halves(rel) {
            (0, r @ (0 | 1)) => r as u64,
            _ => {
                self.error(at, ErrorKind::Syntax, "Illegal relocation in LOC/BLOCK/.=");
                0
            }
        }
    }

    /// `WORD`'s word, on pass 2: into the relocatable file's stream, or
    /// before the absolute file's next data.
    pub(super) fn raw_word(&mut self, word: u64) {
        if self.pass != 2 {
            return;
        }
        if self.reloc.on {
            self.reloc.events.push(Event::Raw { word });
        } else {
            self.raw_words.push((self.output.len(), Word::new(word)));
        }
    }

    /// The location counter was set: the SBLK data block ends, and in a
    /// relocatable assembly the block begun ends and the next starts at the
    /// new location.
    pub(super) fn located(&mut self) {
        self.end_data_block();
        if self.reloc.on && self.pass == 2 {
            self.reloc.events.push(Event::Locate {
                address: self.loc,
                relocated: self.reloc.loc == 1,
            });
        }
    }

    /// END after its variables: the block ends and a new one begins where
    /// the constants go (pass 1 only notes where that is).
    pub(super) fn end_areas(&mut self) {
        if !self.reloc.on {
            return;
        }
        if self.pass == 1 {
            self.reloc.pass1_end = Some((self.loc, self.reloc.loc == 1));
        } else {
            self.located();
        }
    }

    /// END's argument, in a relocatable assembly.
    pub(super) fn relocatable_start(&mut self, start: Option<Value>, at: Span) {
        if let Some(v) = start {
            let (bits, extra) = self.relocation_code(v.rel, at);
            if extra != 0 {
                self.error(
                    at,
                    ErrorKind::Syntax,
                    "a start address relocated other than 0 or 1 times is not supported",
                );
            }
            self.reloc.start = (v.w & WORD_MASK, bits);
        }
    }

    /// The 2-bit relocation code of a word (left half 2, right half 1)
    /// and the relocation once more added or taken away in the right half
    /// (see [`Event::Word`]); other relocations are refused.
    pub(super) fn relocation_code(&mut self, rel: u64, at: Span) -> (u8, i8) {
        match halves(rel) {
            (l @ (0 | 1), r @ (0 | 1)) => ((l as u8) << 1 | r as u8, 0),
            (l @ (0 | 1), -1) => ((l as u8) << 1, -1),
            (l @ (0 | 1), 2) => ((l as u8) << 1 | 1, 1),
            (l, r) => {
                if self.pass == 2 {
                    self.error(
                        at,
                        ErrorKind::Syntax,
                        format!(
                            "a word relocated {l} times in the left half and {r} in the right \
                             is not supported (0 or 1 in the left half, -1 to 2 in the right)"
                        ),
                    );
                }
                (0, 0)
            }
        }
    }

    /// Writes a word at `.` with its relocation.
    pub(super) fn emit_rel(&mut self, w: u64, rel: u64, glob: GlobalTerms, row: &mut ListRow) {
        let (mut w, mut rel) = (w, rel);
        if self.reloc.on && self.pass == 2 {
            self.punch_pending(row.span);
            let (refs, link) = self.global_references(&mut w, &mut rel, glob, row.span);
            let (bits, extra) = self.relocation_code(rel, row.span);
            let bits = bits | link;
            self.reloc.events.push(Event::Word {
                address: self.loc,
                word: w & WORD_MASK,
                bits,
                extra,
                refs,
            });
        }
        self.emit(w, row);
    }

    /// OFFSET in a relocatable assembly: a loader command (6) with the
    /// offset, which may be relocated -1 to 2 times.
    pub(super) fn relocatable_offset(&mut self, v: Value, at: Span) {
        if self.reloc.on && self.pass == 2 {
            let (bits, extra) = self.relocation_code(v.rel, at);
            self.reloc.events.push(Event::Command {
                command: crate::stink::SET_OFFSET,
                word: v.w & WORD_MASK,
                bits,
                extra,
            });
        }
    }

    /// A pseudo-op real MIDAS has for relocatable assemblies that this one
    /// does not do yet.
    pub(crate) fn refuse_in_relocatable(&mut self, what: &str, at: Span) -> bool {
        if self.reloc.on {
            self.error(
                at,
                ErrorKind::Syntax,
                format!("{what} in a relocatable assembly is not supported yet"),
            );
        }
        self.reloc.on
    }
}
