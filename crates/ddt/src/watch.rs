//! The live view of `pdp10 run --watch`: what the job's memory holds,
//! drawn with ratatui, read through the program's own symbols.
//!
//! [`View::Sudoku`] reads sudoku.mid's board (`N`, `GIV`, `VAL`, `EMP`,
//! `POS`, `NE`, the guess stack `STK` and its pointer AC `S`, `NGUESS`,
//! `NBACK`); [`View::Region`] types any run of words in a DDT mode.
//! [`draw`] draws one frame; the caller runs the job between frames.

use crate::{Mode, SymbolTable, TypeOut};
use ka10::Cpu;
use pdp10_isa::Word;
use ratatui::layout::{Constraint, Layout};
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph};
use ratatui::Frame;

/// What to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum View {
    /// The sudoku solver's board.
    Sudoku,
    /// The words around the PC, as instructions (the default for a
    /// program that is not the sudoku solver).
    AroundPc,
    /// `count` words from `start`, typed in `typeout`.
    Region {
        /// The first address.
        start: u32,
        /// How many words.
        count: u32,
        /// How they are typed.
        typeout: TypeOut,
    },
}

/// Figures of the run for the title line.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Figures {
    /// Instructions executed so far.
    pub instructions: u64,
    /// Millions of instructions a second, lately.
    pub mips: f64,
    /// What the speed control says (`full`, `10000/frame`, `paused`...).
    pub speed: String,
    /// How the job ended, once it has.
    pub ended: Option<String>,
}

impl View {
    /// Parses `--watch`'s SPEC: empty for the sudoku board, else
    /// `SYM[,N][/MODE]` (SYM a symbol or an octal address; MODE one of DDT's
    /// letters S C H A, `"` `'` `#`, or a byte size for `$nT`).
    pub fn parse(spec: &str, symbols: &SymbolTable) -> Result<View, String> {
        if spec.is_empty() || spec.eq_ignore_ascii_case("BOARD") {
            let sudoku = [
                "N", "GIV", "VAL", "EMP", "POS", "NE", "STK", "NGUESS", "NBACK", "S",
            ]
            .iter()
            .all(|name| symbols.lookup(name).is_some());
            return Ok(if sudoku { View::Sudoku } else { View::AroundPc });
        }
        let (place, mode) = match spec.split_once('/') {
            Some((p, m)) => (p, Some(m)),
            None => (spec, None),
        };
        let (name, count) = match place.split_once(',') {
            Some((n, c)) => (
                n,
                u32::from_str_radix(c, 8).map_err(|_| format!("{c:?} is not an octal count"))?,
            ),
            None => (place, 0o20),
        };
        let start = match u32::from_str_radix(name, 8) {
            Ok(a) => a,
            Err(_) => {
                symbols
                    .lookup(name)
                    .ok_or_else(|| format!("no symbol {name} in the program"))?
                    as u32
                    & 0o777777
            }
        };
        let mut typeout = TypeOut::default();
        match mode.map(str::to_ascii_uppercase).as_deref() {
            None | Some("S") => {}
            Some("C") => typeout.mode = Mode::Constant,
            Some("H") => typeout.mode = Mode::Halfword,
            Some("A") => typeout.absolute = true,
            Some("\"") => typeout.mode = Mode::Ascii,
            Some("'") => typeout.mode = Mode::Sixbit,
            Some("#") => typeout.mode = Mode::Character,
            Some(n) => match n.parse::<u8>() {
                Ok(n @ 1..=36) => typeout.mode = Mode::Bytes(n),
                _ => {
                    return Err(format!(
                        "{n:?} is not a DDT type-out mode (S C H A \" ' # or 1-36)"
                    ))
                }
            },
        }
        Ok(View::Region {
            start,
            count: count.max(1),
            typeout,
        })
    }
}

/// A cell of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Clue(u32),
    Single(u32),
    Guess(u32),
}

/// The board and the search's figures, read from memory.
struct Board {
    n: u32,
    /// The boxes' height and width (`BR`, `BC`).
    box_height: u32,
    box_width: u32,
    cells: Vec<Cell>,
    depth: u32,
    guesses: u64,
    backtracks: u64,
}

fn read(cpu: &Cpu, a: u64) -> u64 {
    cpu.read((a & 0o777777) as u32).map_or(0, Word::raw)
}

impl Board {
    /// The board in memory; once the job has `finished`, its first
    /// solution (`SOL`) if it found one, since the search goes on past it.
    fn read(cpu: &Cpu, s: &SymbolTable, finished: bool) -> Option<Board> {
        let sym = |name: &str| s.lookup(name);
        let n = read(cpu, sym("N")?);
        if !(1..=25).contains(&n) {
            return None;
        }
        let (giv, mut val, emp, pos) = (sym("GIV")?, sym("VAL")?, sym("EMP")?, sym("POS")?);
        let solved = finished && read(cpu, sym("NSOL")?) > 0;
        if solved {
            val = sym("SOL")?;
        }
        let ne = read(cpu, sym("NE")?);
        let stk = sym("STK")?;
        // The guess stack: two words a frame, NE before the guess first;
        // the guessed cell is the one PLACE put at EMP[NE-1].
        let top = cpu.ac(sym("S")? as u8).right();
        let depth = top.wrapping_sub(stk.wrapping_sub(1)) as u32 / 2;
        let depth = depth.min(n as u32 * n as u32);
        let guessed: Vec<u64> = (0..depth as u64)
            .map(|k| {
                read(
                    cpu,
                    emp.wrapping_add(read(cpu, stk + 2 * k)).wrapping_sub(1),
                )
            })
            .collect();
        let cells = (0..n * n)
            .map(|c| {
                let given = read(cpu, giv + c);
                if given != 0 {
                    return Cell::Clue(given as u32);
                }
                if !solved && read(cpu, pos + c) < ne {
                    return Cell::Empty;
                }
                let bit = read(cpu, val + c);
                if bit == 0 {
                    return Cell::Empty;
                }
                let v = 64 - bit.leading_zeros();
                if !solved && guessed.contains(&c) {
                    Cell::Guess(v)
                } else {
                    Cell::Single(v)
                }
            })
            .collect();
        Some(Board {
            n: n as u32,
            box_height: read(cpu, sym("BR")?) as u32,
            box_width: read(cpu, sym("BC")?) as u32,
            cells,
            depth,
            guesses: read(cpu, sym("NGUESS")?),
            backtracks: read(cpu, sym("NBACK")?),
        })
    }

    fn lines(&self) -> Vec<Line<'static>> {
        let digit = |v: u32| {
            std::char::from_digit(v, 36)
                .unwrap_or('?')
                .to_ascii_uppercase()
        };
        let (box_h, box_w) = (self.box_height.max(1), self.box_width.max(1));
        let mut lines = Vec::new();
        for r in 0..self.n {
            if r > 0 && r % box_h == 0 {
                lines.push(Line::from(""));
            }
            let mut spans = Vec::new();
            for c in 0..self.n {
                if c > 0 && c % box_w == 0 {
                    spans.push(Span::raw(" "));
                }
                let (text, style) = match self.cells[(r * self.n + c) as usize] {
                    Cell::Empty => ('.', Style::default().fg(Color::DarkGray)),
                    Cell::Clue(v) => (digit(v), Style::default().add_modifier(Modifier::BOLD)),
                    Cell::Single(v) => (digit(v), Style::default().fg(Color::Green)),
                    Cell::Guess(v) => (digit(v), Style::default().fg(Color::Yellow)),
                };
                spans.push(Span::styled(format!("{text} "), style));
            }
            lines.push(Line::from(spans));
        }
        lines.push(Line::from(""));
        lines.push(Line::from(vec![
            Span::styled("clue ", Style::default().add_modifier(Modifier::BOLD)),
            Span::styled("single ", Style::default().fg(Color::Green)),
            Span::styled("guess", Style::default().fg(Color::Yellow)),
        ]));
        lines.push(Line::from(format!(
            "depth {}  guesses {}  backtracks {}",
            self.depth, self.guesses, self.backtracks
        )));
        lines
    }
}

fn region(
    cpu: &Cpu,
    s: &SymbolTable,
    start: u32,
    count: u32,
    typeout: &TypeOut,
) -> Vec<Line<'static>> {
    (0..count)
        .map(|k| {
            let a = (start + k) & 0o777777;
            let name = typeout.address(a, s);
            let text = match cpu.read(a) {
                Some(w) => typeout.word(w, s),
                None => "??".to_string(),
            };
            Line::from(format!("{name}/   {text}"))
        })
        .collect()
}

/// Draws one frame: the figures, the view, the job's last output lines.
pub fn draw(
    frame: &mut Frame,
    cpu: &Cpu,
    symbols: &SymbolTable,
    view: &View,
    figures: &Figures,
    output: &str,
) {
    let [top, middle, bottom, keys] = Layout::vertical([
        Constraint::Length(2),
        Constraint::Min(5),
        Constraint::Length(6),
        Constraint::Length(1),
    ])
    .areas(frame.area());
    let typeout = TypeOut::default();
    let pc = typeout.address(cpu.pc(), symbols);
    let next = cpu
        .read(cpu.pc())
        .map_or("??".to_string(), |w| typeout.word(w, symbols));
    let state = figures
        .ended
        .clone()
        .unwrap_or_else(|| figures.speed.clone());
    frame.render_widget(
        Paragraph::new(vec![
            Line::from(format!("PC {pc}>>{next}")),
            Line::from(format!(
                "{} instructions  {:.1} MIPS  {state}",
                figures.instructions, figures.mips
            )),
        ]),
        top,
    );
    let (title, lines) = match view {
        View::Sudoku => match Board::read(cpu, symbols, figures.ended.is_some()) {
            Some(board) => (" board ", board.lines()),
            None => (" board ", vec![Line::from("(no puzzle read yet)")]),
        },
        View::Region {
            start,
            count,
            typeout,
        } => (" memory ", region(cpu, symbols, *start, *count, typeout)),
        View::AroundPc => {
            let start = cpu.pc().saturating_sub(4);
            (
                " code ",
                region(cpu, symbols, start, 0o20, &TypeOut::default()),
            )
        }
    };
    frame.render_widget(
        Paragraph::new(lines).block(Block::bordered().title(title)),
        middle,
    );
    let tail: Vec<Line> = output
        .lines()
        .rev()
        .take(4)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .map(|l| Line::from(l.to_string()))
        .collect();
    frame.render_widget(
        Paragraph::new(tail).block(Block::bordered().title(" output ")),
        bottom,
    );
    frame.render_widget(
        Paragraph::new("space pause/run  n step  + faster  - slower  q quit"),
        keys,
    );
}

/// The text of a drawn buffer, a line per row, trailing blanks dropped.
pub fn buffer_text(buffer: &ratatui::buffer::Buffer) -> String {
    let width = buffer.area.width as usize;
    let mut out = String::new();
    for row in buffer.content().chunks(width.max(1)) {
        let line: String = row.iter().map(|c| c.symbol()).collect();
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests;
