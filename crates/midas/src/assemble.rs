//! The assembler's state and its two passes: symbols, the location counter,
//! literals and constants areas, variables, and what each statement does.

use crate::diag::ErrorKind;
use crate::gather::Gathered;
use crate::parse::{self, Body, Pseudo, WordAst};
use crate::reader::Reader;
use crate::source::{Loader, SourceMap, Span};
use pdp10_isa::{Word, HALF_MASK, WORD_MASK};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use crate::symtab::{Place, Symbols};
use byte_mode::ByteMode;

mod byte_mode;
mod constants;
mod global_terms;
mod globals;
mod labels;
mod links;
mod loader_values;
mod merges;
mod places;
mod relocation;
mod value;
pub(crate) use crate::symtab::{Sym, SymKind};
pub(crate) use global_terms::{
    field_of_spec, GlobalTerms, AC_HIGH, LEFT, MOST as MOST_GLOBALS, OTHER, RIGHT,
};
pub(crate) use loader_values::{is_area_key, loader_key_name, st_entries, ST_ADDRESS};
pub(crate) use merges::LiteralMerges;
pub(crate) use relocation::halves;
pub(crate) use value::{rel_add, rel_neg, Value};

/// A constants area as pass 1 left it.
#[derive(Clone, Copy, Debug)]
struct Area {
    origin: u32,
    /// `.` where the area is placed (the location plus the OFFSET then in
    /// force): what a literal in it stands for, wherever it is used.
    dot: u64,
    /// The relocation of `dot`.
    rel: u64,
    size: usize,
    /// Placed while the location was global (pass 1): only the loader
    /// knows where (see loader_values.rs).
    global: bool,
}

/// One listing entry: the source line a statement began on and the words it
/// assembled.
#[derive(Clone, Debug)]
pub(crate) struct ListRow {
    pub span: Span,
    pub words: Vec<(u32, Word)>,
}

/// Options that do not change the words assembled.
#[derive(Clone, Debug)]
pub struct Options {
    /// Where ITS directories live on the host (`DIR;` = `<root>/dir/`);
    /// `None` looks beside the source file.
    pub dsk_root: Option<std::path::PathBuf>,
    /// The user name recorded in the assembly-information block.
    pub user: String,
    /// When the assembly happened, in seconds since 1970 (the date in the
    /// assembly-information block).
    pub time: u64,
    /// How many characters a pass may read, expansions included, before the
    /// assembler decides that a macro, REPEAT or IRP runs away.
    pub read_limit: u64,
    /// The lines typed at the terminal, in order, for `.TTYMAC` (real
    /// MIDAS asks the user; the PDP-10/its build answers from a script).
    pub terminal: Vec<String>,
    /// What executes `.OP` and `.AOP` instructions (real MIDAS runs them
    /// on its own processor); `None` does only the few this crate knows
    /// (see `op_exec`) and refuses the others.
    pub processor: Option<std::sync::Arc<dyn crate::AssemblyTimeOp>>,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            dsk_root: None,
            user: "PDP10".into(),
            time: 0,
            read_limit: 20_000_000,
            terminal: Vec::new(),
            processor: None,
        }
    }
}

pub(crate) struct Assembler<'l> {
    pub loader: &'l dyn Loader,
    pub options: Options,
    pub sources: SourceMap,
    pub main_file: u32,
    pub reader: Reader,
    pub pass: u8,
    pub symbols: Symbols,
    /// `.BYTE` mode, when on.
    byte_mode: Option<ByteMode>,
    /// `.BYTC`: bytes put since the last `.BYTE`; `None` when not known
    /// (see `byte_count` in bytes.rs).
    pub bytes_since_byte: Option<u64>,
    /// The word being evaluated is a byte of size 0, put nowhere: an
    /// undefined symbol in it is only a warning (real MIDAS 433 says
    /// "Undefined" and makes the same binary).
    pub dropping: bool,
    /// Names EQUALS gave to pseudo-ops: new name -> the pseudo-op's.
    pub aliases: HashMap<String, String>,
    pub loc: u32,
    pub offset: u64,
    pub radix: u64,
    /// Words of the constants area being collected: value, shadow
    /// (see [`Value::shadow`]) and relocation.
    literals: Vec<(u64, u64, u64, GlobalTerms)>,
    /// Literals real MIDAS merges on pass 1 after a forward reference is
    /// defined (see [`LiteralMerges`]).
    pub(crate) merges: LiteralMerges,
    area_index: usize,
    areas: Vec<Area>,
    pending_vars: Vec<(Place, u64)>,
    placed_vars: HashSet<(usize, String)>,
    /// Each VARIABLES area as pass 1 left it: where it began and its size
    /// (pass 2 keeps the size, as real MIDAS's AVARIAB does).
    var_areas: Vec<(u32, u64)>,
    var_index: usize,
    pub output: Vec<(u32, Word)>,
    pub listing: Vec<ListRow>,
    diags: Vec<(Span, ErrorKind, String)>,
    /// How many of `diags` real MIDAS reports and goes on from.
    errors_but_written: usize,
    /// Complaints that do not stop the binary (see [`Assembler::warn`]).
    pub warnings: Vec<(Span, ErrorKind, String)>,
    seen_diags: HashSet<(Span, String)>,
    /// Undefined symbols already reported (each is reported once).
    pub undefined_reported: HashSet<String>,
    pub messages: Vec<String>,
    pub ended: bool,
    pub start: Option<u64>,
    pub last_condition: bool,
    pub gensym: u64,
    pub title: Option<String>,
    pub fatal: bool,
    pub read_count: u64,
    pub fnames: (u64, u64),
    /// How many IFE/REPEAT arguments are being read inside each other.
    pub argument_depth: u32,
    /// How many lines of [`Options::terminal`] `.TTYMAC` has read.
    pub terminal_lines_read: usize,
    /// The last label defined: the block name of a `.BEGIN` without one.
    last_label: Option<String>,
    /// The word formats (`.FORMAT`), see [`crate::format`].
    pub formats: [u64; 24],
    /// `.1STWD` or `.NTHWD n`: the next text pseudo-op gives word n only.
    pub nth_word: Option<usize>,
    /// Symbols of the statement being read assigned ahead of their
    /// literal's words (see `cond::assign_in_literal_early`).
    pub early_assigned: Vec<String>,
    /// Names `.GLOBAL` declared (keys): in an absolute assembly they go to
    /// DDT marked global rather than local.
    pub globals: std::collections::HashSet<String>,
    /// The names of globals referred to in values ([`GlobalTerms`] ids).
    pub(crate) global_ids: Vec<String>,
    /// `RELOCATABLE` and what it tracks (see relocation.rs).
    pub(crate) reloc: relocation::Relocation,
    /// The absolute file's format (`RIM10` ...) and `NOSYMS`.
    pub(crate) file: crate::output::FileFormat,
    /// Indexes of `output` where an SBLK data block must begin (see
    /// [`Assembler::end_data_block`]).
    pub(crate) block_breaks: Vec<usize>,
    /// `WORD`'s words, written straight into an absolute file before
    /// `output[k]`'s data (`(k, word)`, pass 2).
    pub(crate) raw_words: Vec<(usize, Word)>,
    /// Whether the program set `.OFNM1` or `.OFNM2`.
    pub(crate) output_named: bool,
}

impl<'l> Assembler<'l> {
    pub fn new(loader: &'l dyn Loader, options: Options) -> Assembler<'l> {
        let plain = |value, io| Sym {
            rel: 0,
            value,
            kind: SymKind::Predefined,
            half_killed: false,
            pass: 0,
            io,
        };
        let mut initial: Vec<(String, Sym)> = crate::predef::predefined()
            .map(|(name, value, io)| (parse::key(name), plain(value, io)))
            .collect();
        // .MLLIT, MIDAS's literal mode: positive is the multi-line mode
        // real MIDAS starts in (it sets it to an address); in the others a
        // grouping ends after one word (see `multi_line_mode`). .PPASS: a two-pass assembly.
        // .QMTCH: nonzero makes ' and " quote to a closing delimiter.
        // .AVAL1, .AVAL2, .ASKIP: what the last .OP or .AOP left in its
        // AC and memory, and whether it skipped.
        for (name, value) in [
            (".MLLIT", 1),
            (".PPASS", 2),
            (".QMTCH", 0),
            (".AVAL1", 0),
            (".AVAL2", 0),
            (".ASKIP", 0),
            // The output file's names: .OFNM1 the source's first name
            // (set by the driver), .OFNM2 0 until END chooses BIN or REL;
            // a program may set either (clib's `.OFNM2=SIXBIT/STK/`).
            (".OFNM1", 0),
            (".OFNM2", 0),
        ] {
            initial.insert(0, (name.to_string(), plain(value, false)));
        }
        let symbols = Symbols::new(initial);
        Assembler {
            loader,
            options,
            sources: SourceMap::default(),
            main_file: 0,
            reader: Reader::new(),
            pass: 0,
            symbols,
            aliases: HashMap::new(),
            byte_mode: None,
            bytes_since_byte: None,
            dropping: false,
            loc: 0o100,
            offset: 0,
            radix: 8,
            literals: Vec::new(),
            reloc: relocation::Relocation::default(),
            file: Default::default(),
            block_breaks: Vec::new(),
            raw_words: Vec::new(),
            output_named: false,
            merges: LiteralMerges::default(),
            area_index: 0,
            areas: Vec::new(),
            pending_vars: Vec::new(),
            placed_vars: HashSet::new(),
            var_areas: Vec::new(),
            var_index: 0,
            output: Vec::new(),
            listing: Vec::new(),
            diags: Vec::new(),
            errors_but_written: 0,
            warnings: Vec::new(),
            seen_diags: HashSet::new(),
            undefined_reported: HashSet::new(),
            messages: Vec::new(),
            ended: false,
            start: None,
            last_condition: false,
            gensym: 0,
            title: None,
            fatal: false,
            read_count: 0,
            fnames: (0, 0),
            argument_depth: 0,
            terminal_lines_read: 0,
            last_label: None,
            formats: crate::format::INITIAL,
            nth_word: None,
            early_assigned: Vec::new(),
            globals: std::collections::HashSet::new(),
            global_ids: Vec::new(),
        }
    }

    /// Records a problem (once, however many passes meet it).
    pub fn error(&mut self, at: Span, kind: ErrorKind, message: impl Into<String>) {
        let message = message.into();
        if self.seen_diags.insert((at, message.clone())) {
            self.diags.push((at, kind, message));
            if self.diags.len() >= crate::diag::MAX_ERRORS {
                // Past this, more errors say nothing new: stop.
                self.fatal = true;
            }
        }
    }

    /// Records what real MIDAS reports as an error but assembles anyway,
    /// with a binary that is well defined (once, however many passes meet
    /// it).
    pub fn warn(&mut self, at: Span, kind: ErrorKind, message: impl Into<String>) {
        let message = message.into();
        if self.seen_diags.insert((at, message.clone())) {
            self.warnings.push((at, kind, message));
        }
    }

    /// Records an error after which real MIDAS 433 goes on and still
    /// writes its binary, a binary this assembler makes the same (an
    /// undefined symbol, 0 on pass 2).
    pub fn error_but_written(&mut self, at: Span, kind: ErrorKind, message: impl Into<String>) {
        let before = self.diags.len();
        self.error(at, kind, message);
        self.errors_but_written += self.diags.len() - before;
    }

    pub fn has_errors(&self) -> bool {
        !self.diags.is_empty()
    }

    /// Whether the binary is written in spite of the errors: each is one
    /// of [`Assembler::error_but_written`], and the assembly ran to its
    /// end.
    pub fn binary_still_written(&self) -> bool {
        !self.fatal && self.ended && self.diags.len() == self.errors_but_written
    }

    pub fn take_diagnostics(&mut self) -> Vec<(Span, ErrorKind, String)> {
        std::mem::take(&mut self.diags)
    }

    /// Sets up pass `pass` over the main file's `text`: the state each
    /// pass starts afresh (symbols stay, as MIDAS's do).
    pub(crate) fn start_pass(&mut self, pass: u8, text: Rc<str>) {
        self.pass = pass;
        self.reader = Reader::new();
        self.reader.push_file(self.main_file, text);
        self.loc = 0o100;
        self.offset = 0;
        self.radix = 8;
        self.start_relocation();
        self.literals.clear();
        self.merges.start_pass(pass);
        self.area_index = 0;
        self.pending_vars.clear();
        self.placed_vars.clear();
        self.var_index = 0;
        self.symbols.start_pass();
        self.symbols.set_state(".QMTCH", 0);
        self.byte_mode = None;
        self.bytes_since_byte = None;
        self.output.clear();
        self.block_breaks.clear();
        self.raw_words.clear();
        self.listing.clear();
        self.ended = false;
        self.last_label = None;
        self.formats = crate::format::INITIAL;
        self.start = None;
        self.last_condition = false;
        self.gensym = 0;
        self.read_count = 0;
    }

    /// Counts characters read, and stops a runaway expansion.
    pub fn charge(&mut self, at: Span) -> bool {
        self.read_count += 1;
        if self.read_count > self.options.read_limit {
            self.error(
                at,
                ErrorKind::Limit,
                "too much text to assemble: a macro, REPEAT or IRP never ends",
            );
            self.fatal = true;
        }
        !self.fatal
    }

    /// LOC, BLOCK, `.=`, OFFSET and VARIABLES (also END's) end the SBLK
    /// data block being filled, even when the next word's address follows
    /// it (MIDAS 433: `LOC .` and `.=.` start a block; CONSTANTS does not).
    pub(super) fn end_data_block(&mut self) {
        if self.pass == 2 {
            self.block_breaks.push(self.output.len());
        }
    }

    /// The location `.` stands for (the location counter plus OFFSET).
    pub fn dot(&self) -> u64 {
        (self.loc as u64 + self.offset) & HALF_MASK
    }

    fn emit(&mut self, w: u64, row: &mut ListRow) {
        if self.pass == 2 {
            let word = Word::new(w);
            self.output.push((self.loc, word));
            row.words.push((self.loc, word));
        }
        self.loc = (self.loc + 1) & HALF_MASK as u32;
    }

    pub(crate) fn execute(&mut self, stmt: &Gathered) {
        // Absolute globals a statement refers to are defined before its
        // first word only (see globals.rs).
        self.reloc.pending.clear();
        self.reloc.loose.clear();
        let mut row = ListRow {
            span: stmt.start,
            words: Vec::new(),
        };
        // An expunged pseudo-op's name is a symbol, unless EQUALS gave the
        // pseudo-op another name: a call by that name reaches the parser
        // as the pseudo-op's own (muddle's `EQUALS %END,END`, `EXPUNGE END`).
        let expunged = self.symbols.expunged_pseudos();
        let filtered: HashSet<String>;
        let expunged = if self.aliases.values().any(|v| expunged.contains(v)) {
            filtered = expunged
                .iter()
                .filter(|k| !self.aliases.values().any(|v| v == *k))
                .cloned()
                .collect();
            &filtered
        } else {
            expunged
        };
        // A `RADIX` line in a literal set the radix while the statement was
        // read; its text begins in the radix it had then.
        let radix = stmt.radix_start.unwrap_or(self.radix);
        match parse::statement_with(&stmt.text, radix, expunged) {
            Err(e) => {
                let kind = if e.unterminated {
                    ErrorKind::Unterminated
                } else {
                    ErrorKind::Syntax
                };
                self.error(stmt.span_at(e.offset), kind, e.message);
            }
            Ok(s) => {
                for label in &s.labels {
                    let at = stmt.span_at(label.at);
                    if self.reloc.on && (self.reloc.global_loc || self.reloc.load_conditions > 0) {
                        // The loader's location counter (GCOL1).
                        self.define_here(&label.name, SymKind::Label, label.half_killed, at);
                        continue;
                    }
                    let Some(value) = self.label_value() else {
                        self.error(
                            at,
                            ErrorKind::Syntax,
                            "a label in .BYTE mode where new sizes do not fit in the word begun is not supported",
                        );
                        continue;
                    };
                    self.check_label_name(&label.name, value, at);
                    let v = Value {
                        rel: self.dot_rel(),
                        ..Value::new(value)
                    };
                    self.define_rel(&label.name, v, SymKind::Label, label.half_killed, at);
                }
                self.body(&s.body, stmt, &mut row);
            }
        }
        if self.pass == 2 {
            self.listing.push(row);
            self.refuse_loose_globals(stmt.start);
        }
    }

    /// Defines a symbol, checking labels and `=:` symbols for a second,
    /// different definition in the same pass.
    pub fn define(&mut self, name: &str, value: u64, kind: SymKind, half_killed: bool, at: Span) {
        self.define_rel(name, Value::new(value), kind, half_killed, at);
    }

    /// [`Assembler::define`] with the value's relocation (a relocatable
    /// assembly's labels and symbols assigned relocatable values).
    pub fn define_rel(&mut self, name: &str, v: Value, kind: SymKind, half_killed: bool, at: Span) {
        let (value, rel) = (v.w & WORD_MASK, v.rel);
        let place = self.symbols.resolve(name);
        let global = self.note_global(name, &place.key);
        if let Some(old) = self.symbols.get_for_define(&place) {
            let strict = matches!(kind, SymKind::Label | SymKind::Fixed)
                || matches!(old.kind, SymKind::Label | SymKind::Fixed);
            if strict && old.pass == self.pass && old.value != value {
                self.error(
                    at,
                    ErrorKind::MultiplyDefined,
                    format!(
                        "{name} is multiply defined (was {:o}, now {:o})",
                        old.value, value
                    ),
                );
                return;
            }
        }
        self.symbols.define(
            &place,
            Sym {
                value,
                kind,
                half_killed,
                pass: self.pass,
                io: false,
                rel,
            },
        );
        if global {
            let sym = self.symbols.get_for_define(&place).cloned();
            if let Some(sym) = sym {
                self.punch_global(&place.key, &sym, half_killed, at);
            }
        }
        if name.ends_with('"') {
            self.symbols.mark_global(&place);
        }
        if kind == SymKind::Label {
            self.last_label = Some(place.key);
        }
    }

    /// Whether an assignment of `v` to `name` is to be done. Real MIDAS
    /// (EQUAL, EQG1 in `midas.458`) ignores one whose value has an
    /// undefined symbol, and the symbol keeps its value; on pass 1 a value
    /// whose only unknowns are literals (references to constants not yet
    /// placed, "globals" there) makes the symbol undefined (local
    /// undefined, LCUDF): after `Y==3`, `Y==<[5]>` leaves Y undefined for
    /// IFDEF on pass 1 (checked with midas-oracle).
    pub(crate) fn assign_defined(&mut self, name: &str, v: Value) -> bool {
        if !v.undefined {
            return true;
        }
        if self.pass == 1 && !v.by_symbol {
            let place = self.symbols.resolve(name);
            self.symbols.undefine(&place);
        }
        false
    }

    pub(crate) fn body(&mut self, body: &Body, stmt: &Gathered, row: &mut ListRow) {
        match body {
            Body::Empty => {}
            Body::Word(w) => self.word_statement(w, stmt, row),
            Body::Assign {
                name,
                at,
                half_killed,
                no_redefine,
                value,
            } => {
                let v = self.word(value, stmt);
                if !self.assign_defined(name, v) {
                    return;
                }
                let kind = if *no_redefine {
                    SymKind::Fixed
                } else {
                    SymKind::Assigned
                };
                if self.loader_assignment(name, &v, kind, *half_killed, stmt.span_at(*at)) {
                    return;
                }
                self.reloc.loader_valued.remove(&parse::key(name));
                if matches!(name.as_str(), ".QMTCH" | ".MLLIT" | ".OFNM1" | ".OFNM2") {
                    self.output_named |= name.starts_with(".OFNM");
                    self.symbols.set_state(name, v.w);
                    return;
                }
                if parse::key(name) == ".SUCCE" {
                    self.set_success(v.w, stmt.span_at(*at));
                    return;
                }
                self.define_rel(name, v, kind, *half_killed, stmt.span_at(*at));
                let place = self.symbols.resolve(name);
                if let Some(s) = self.symbols.get_for_define_mut(&place) {
                    s.io = v.io;
                }
            }
            Body::SetLocation(w) => {
                self.word_align(row);
                let v = self.word(w, stmt);
                if self.offset != 0 || self.reloc.offset != 0 {
                    self.refuse_in_global_location(".= with an OFFSET", stmt.start);
                } else if self.loader_location(&v, stmt.start) {
                    return;
                }
                self.loc = (v.w.wrapping_sub(self.offset) & HALF_MASK) as u32;
                let rel = value::rel_add(v.rel, value::rel_neg(self.reloc.offset));
                self.reloc.loc = self.location_rel(rel, stmt.start);
                self.located();
            }
            Body::Variables(vars) => {
                for (name, _, size) in vars {
                    let n = match size {
                        Some(w) => self.word(w, stmt).w,
                        None => 1,
                    };
                    self.note_variable(name, n);
                }
            }
            Body::Pseudo {
                op,
                at,
                args,
                names,
            } => self.pseudo(*op, stmt.span_at(*at), args, names, stmt, row),
        }
    }

    fn pseudo(
        &mut self,
        op: Pseudo,
        at: Span,
        args: &[WordAst],
        names: &[(String, usize)],
        stmt: &Gathered,
        row: &mut ListRow,
    ) {
        let arg = |me: &mut Self| args.first().map(|w| me.word(w, stmt));
        if !matches!(
            op,
            Pseudo::Radix
                | Pseudo::GenSymSet
                | Pseudo::Kill
                | Pseudo::HalfKill
                | Pseudo::Bind
                | Pseudo::Begin
                | Pseudo::BlockEnd
                | Pseudo::Ignored
        ) {
            // A move of the location ends the word being filled in .BYTE
            // mode.
            self.word_align(row);
        }
        match op {
            Pseudo::Loc => {
                if let Some(v) = arg(self) {
                    if self.loader_location(&v, at) {
                        return;
                    }
                    self.loc = (v.w & HALF_MASK) as u32;
                    self.reloc.loc = self.location_rel(v.rel, at);
                    self.located();
                }
            }
            Pseudo::Block if self.reloc.on && self.reloc.global_loc => {
                if let Some(v) = arg(self) {
                    self.block_in_global_location(&v, at);
                }
            }
            Pseudo::Block => {
                if let Some(v) = arg(self) {
                    // Its argument is a word, truncated to its right half
                    // as LOC's is (midas.458 ABLKRG: HRRZS A,WRD), so real
                    // MIDAS 433 reserves nothing for bkph;bull's
                    // `block (72./5+1)`, a swapped 17.
                    self.loc = ((self.loc as u64 + (v.w & HALF_MASK)) & HALF_MASK) as u32;
                    let rel = value::rel_add(self.reloc.loc, v.rel);
                    self.reloc.loc = self.location_rel(rel, at);
                    self.located();
                }
            }
            Pseudo::Constants => self.place_constants(at, row),
            Pseudo::Variables => {
                self.place_variables(at);
                self.located();
            }
            Pseudo::End => {
                let v = arg(self);
                self.finish(v, at);
                let _ = row;
            }
            Pseudo::Radix => {
                if let Some(v) = arg(self) {
                    if (2..=36).contains(&v.w) {
                        self.radix = v.w;
                    } else {
                        self.error(
                            at,
                            ErrorKind::Syntax,
                            format!("RADIX {:o} is not between 2 and 36", v.w),
                        );
                    }
                }
            }
            // The count the next gensym is one more than (A.GSSET).
            Pseudo::GenSymSet => {
                if let Some(v) = arg(self) {
                    self.gensym = v.w;
                }
            }
            Pseudo::Offset => {
                // Like LOC, it ends the SBLK data block (MIDAS 433:
                // its.1648's `OFFSET -CLSTB`).
                self.end_data_block();
                self.refuse_in_global_location("OFFSET", at);
                if let Some(v) = arg(self) {
                    self.offset = v.w & HALF_MASK;
                    self.reloc.offset = v.rel;
                    self.relocatable_offset(v, at);
                }
            }
            // Real MIDAS 433 does nothing on pass 1 (A.KILL: "except for
            // .BIND, do nothing on pass 1"): `IF1 .KILL FOO` keeps FOO.
            Pseudo::HalfKill | Pseudo::Kill if self.pass == 1 => {}
            Pseudo::HalfKill => {
                for (name, _) in names {
                    let place = self.symbols.resolve(name);
                    if let Some(s) = self.symbols.get_mut(&place) {
                        s.half_killed = true;
                    }
                }
            }
            Pseudo::Kill => {
                for (name, _) in names {
                    let place = self.symbols.resolve(name);
                    self.symbols.kill(&place);
                }
            }
            Pseudo::Bind => self.bind(names, at),
            Pseudo::Begin | Pseudo::BlockEnd => self.block(op, names, at),
            Pseudo::Relocate => self.relocatable(at),
            Pseudo::Word => {
                // AWORD: the block being filled ends, and the word goes
                // straight into the file, unrelocated (manual: "outputs the
                // argument directly to the binary file").
                self.end_data_block();
                if let Some(v) = arg(self) {
                    self.raw_word(v.w & pdp10_isa::WORD_MASK);
                }
            }
            Pseudo::Format(kind) => self.file.kind = kind,
            Pseudo::NoSymbols => self.file.symbols = false,
            Pseudo::Ignored => {}
        }
    }

    /// END: the variables, then the constants left, then the start word.
    pub(crate) fn finish(&mut self, start: Option<Value>, at: Span) {
        self.place_variables(at);
        self.end_data_block();
        self.end_areas();
        let mut row = ListRow {
            span: at,
            words: Vec::new(),
        };
        self.place_constants(at, &mut row);
        if self.pass == 2 && !row.words.is_empty() {
            self.listing.push(row);
        }
        self.relocatable_start(start, at);
        self.undefined_globals(at);
        let s = start.map_or(0, |v| v.w);
        // A start address alone (opcode 0) means JRST to it.
        self.start = Some(if s >> 27 == 0 { (0o254 << 27) | s } else { s });
        self.ended = true;
    }
}
