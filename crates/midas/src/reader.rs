//! The input stream: a stack of frames (the main file, `.INSRT` files, and
//! the text of macro, REPEAT, IRP and conditional expansions), read a
//! character at a time as MIDAS reads it.

use crate::source::Span;
use std::rc::Rc;

/// Where the characters of a frame come from, for positions.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Origin {
    /// A source file, or text cut from one (a conditional or REPEAT body):
    /// the position is the file and `base` plus the offset.
    File { file: u32, base: u32 },
    /// Expanded text: every character is placed at the call.
    Expansion(Span),
}

#[derive(Debug)]
pub(crate) struct Frame {
    text: Rc<str>,
    pos: usize,
    origin: Origin,
    /// Texts to read after this one (further REPEAT or IRP iterations);
    /// each bumps the frame's counter.
    more: std::collections::VecDeque<Rc<str>>,
    /// `.RPCNT` inside a REPEAT iteration.
    pub rpcnt: Option<u64>,
    /// `.IRPCNT` inside an IRP iteration.
    pub irpcnt: Option<u64>,
    /// A whole source file (the main file or an `.INSRT`), not text cut
    /// from one.
    whole_file: bool,
    /// The file this one .INSRTed last (for `.IFNM1` and friends).
    last_insert: Option<u32>,
    /// A macro's expansion, which `.STOP` ends.
    pub macro_body: bool,
}

/// The frame stack. The bottom frame is the main file.
#[derive(Debug, Default)]
pub(crate) struct Reader {
    frames: Vec<Frame>,
}

/// How deep expansions and insertions may nest.
pub(crate) const MAX_DEPTH: usize = 400;

impl Reader {
    pub fn new() -> Reader {
        Reader { frames: Vec::new() }
    }

    pub fn depth(&self) -> usize {
        self.frames.len()
    }

    pub fn push_file(&mut self, file: u32, text: Rc<str>) {
        if let Some(including) = self.frames.iter_mut().rev().find(|f| f.whole_file) {
            including.last_insert = Some(file);
        }
        self.push(text, Origin::File { file, base: 0 }).whole_file = true;
    }

    /// The file `.IFNM1`, `.IFNM2` and `.IFVRS` describe: the one the
    /// current input file .INSRTed last, or else the current file itself.
    pub fn insert_file(&self) -> Option<u32> {
        let f = self.frames.iter().rev().find(|f| f.whole_file)?;
        match (f.last_insert, f.origin) {
            (Some(id), _) => Some(id),
            (None, Origin::File { file, .. }) => Some(file),
            (None, Origin::Expansion(_)) => None,
        }
    }

    /// `.INEOF`: the current input file ends here (with what it was
    /// expanding); in the main file, the input ends.
    pub fn end_file(&mut self) {
        while let Some(top) = self.frames.pop() {
            if self.frames.is_empty() {
                // The main file: put it back, read to its end.
                let mut top = top;
                top.pos = top.text.len();
                top.more.clear();
                self.frames.push(top);
                return;
            }
            if top.whole_file {
                return;
            }
        }
    }

    /// The frame of the innermost macro, REPEAT or IRP expansion.
    fn innermost_expansion(&self) -> Option<usize> {
        self.frames
            .iter()
            .rposition(|f| f.macro_body || f.rpcnt.is_some() || f.irpcnt.is_some())
    }

    /// `.STOP` (or, with `all`, `.ISTOP`) in a macro, REPEAT or IRP: the
    /// rest of the current pass through the innermost one is skipped, with
    /// what it was expanding (and with `all` the passes still to come).
    /// False when there is none.
    pub fn stop(&mut self, all: bool) -> bool {
        let Some(k) = self.innermost_expansion() else {
            return false;
        };
        self.frames.truncate(k + 1);
        let top = &mut self.frames[k];
        top.pos = top.text.len();
        if all {
            top.more.clear();
        }
        true
    }

    /// `.GO`: in the innermost macro, REPEAT or IRP expansion, reading
    /// resumes where `find` says (searching its current text from the
    /// start); where it finds nothing, that expansion is left, with what it
    /// was expanding and the passes it had still to do, and the next one
    /// out is searched. False when none is left to search.
    pub fn go_to(&mut self, find: impl Fn(&str) -> Option<usize>) -> bool {
        loop {
            let Some(k) = self.innermost_expansion() else {
                return false;
            };
            if let Some(pos) = find(&self.frames[k].text) {
                self.frames.truncate(k + 1);
                self.frames[k].pos = pos;
                return true;
            }
            self.frames.truncate(k);
        }
    }

    /// The files being read, the main file first: the chain of `.INSRT`s
    /// that leads here.
    pub fn file_chain(&self) -> Vec<u32> {
        self.frames
            .iter()
            .filter(|f| f.whole_file)
            .filter_map(|f| match f.origin {
                Origin::File { file, .. } => Some(file),
                Origin::Expansion(_) => None,
            })
            .collect()
    }

    /// Pushes text to be read next; `origin` places its characters.
    pub fn push(&mut self, text: Rc<str>, origin: Origin) -> &mut Frame {
        self.frames.push(Frame {
            text,
            pos: 0,
            origin,
            more: Default::default(),
            rpcnt: None,
            irpcnt: None,
            whole_file: false,
            last_insert: None,
            macro_body: false,
        });
        self.frames.last_mut().expect("just pushed")
    }

    /// Where text read from the current position on should be placed if
    /// it is pushed back as a frame: the same file offsets, or the call.
    pub fn origin_here(&mut self) -> Origin {
        self.settle();
        match self.frames.last() {
            Some(f) => match f.origin {
                Origin::File { file, base } => Origin::File {
                    file,
                    base: base + f.pos as u32,
                },
                o => o,
            },
            None => Origin::Expansion(Span::default()),
        }
    }

    /// Moves exhausted frames on to their next iteration, and drops those
    /// with none left (never the main file's).
    fn settle(&mut self) {
        while let Some(top) = self.frames.last_mut() {
            if top.pos < top.text.len() {
                break;
            }
            if let Some(next) = top.more.pop_front() {
                top.text = next;
                top.pos = 0;
                if let Some(n) = top.rpcnt.as_mut() {
                    *n += 1;
                }
                if let Some(n) = top.irpcnt.as_mut() {
                    *n += 1;
                }
                continue;
            }
            if self.frames.len() == 1 {
                break;
            }
            self.frames.pop();
        }
    }

    /// The next character, without consuming it.
    pub fn peek(&mut self) -> Option<char> {
        self.settle();
        let top = self.frames.last()?;
        top.text[top.pos..].chars().next()
    }

    /// Consumes blanks (spaces and tabs).
    pub fn skip_blanks(&mut self) {
        while matches!(self.peek(), Some(' ' | '\t')) {
            self.next();
        }
    }

    /// The next character after blanks, without consuming anything (in
    /// the current frame only).
    pub fn peek_skipping_blanks(&mut self) -> Option<char> {
        self.settle();
        let top = self.frames.last()?;
        top.text[top.pos..].chars().find(|&c| c != ' ' && c != '\t')
    }

    /// The position of the next character (or of the end).
    pub fn span(&mut self) -> Span {
        self.settle();
        match self.frames.last() {
            Some(f) => match f.origin {
                Origin::File { file, base } => Span {
                    file,
                    offset: base + f.pos as u32,
                },
                Origin::Expansion(at) => at,
            },
            None => Span::default(),
        }
    }

    /// Consumes the next character.
    pub fn next(&mut self) -> Option<(char, Span)> {
        let span = self.span();
        let top = self.frames.last_mut()?;
        let c = top.text[top.pos..].chars().next()?;
        top.pos += c.len_utf8();
        Some((c, span))
    }

    /// The innermost `.RPCNT` and `.IRPCNT` in force.
    pub fn counters(&self) -> (Option<u64>, Option<u64>) {
        let rp = self.frames.iter().rev().find_map(|f| f.rpcnt);
        let irp = self.frames.iter().rev().find_map(|f| f.irpcnt);
        (rp, irp)
    }
}

impl Frame {
    /// Queues further iterations of this frame's text.
    pub fn then(&mut self, texts: impl IntoIterator<Item = Rc<str>>) {
        self.more.extend(texts);
    }
}
