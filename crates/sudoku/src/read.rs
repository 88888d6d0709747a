//! The four readers: one-line, grid, dover's and Project Euler 96's layouts,
//! each returning every puzzle of a file with the line it starts on.

use crate::error::{Error, ErrorKind};
use crate::grid::{value_of, Grid, Shape, MAX_SIZE};
use std::path::Path;

/// The layouts a puzzle file can have.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Layout {
    /// One puzzle per line: N * N cells, `.`, `0` or `_` for empty; `#`
    /// comment lines; anything after a space, tab, `:` or `;` ignored.
    Line,
    /// N lines of N cells, with `|`, `-`, `+`, `=` and spaces as decoration;
    /// puzzles separated by blank lines.
    Grid,
    /// dover's: a line `R. C.` (box height and width), then N * N numbers
    /// each followed by a dot, 0 for empty.
    Dover,
    /// Project Euler 96: a `Grid NN` line, then 9 lines of 9 digits.
    Euler,
}

impl Layout {
    /// The layout's name as the command line spells it.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Line => "line",
            Layout::Grid => "grid",
            Layout::Dover => "dover",
            Layout::Euler => "euler",
        }
    }
}

/// A puzzle read from a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens.
    pub grid: Grid,
    /// The layout it was written in.
    pub layout: Layout,
    /// The line (from 1) where the puzzle starts.
    pub line: usize,
    /// Its title when the layout has one (Euler's `Grid 01`).
    pub title: Option<String>,
}

const CELL: &str = "a cell: 1-9 or A-P, or '.', '0' or '_' for an empty cell";
const CELL_OR_DECORATION: &str =
    "a cell (1-9 or A-P, or '.', '0' or '_' for empty) or decoration ('|', '-', '+', '=', space)";

/// Reads every puzzle of the file at `path`, choosing the layout with
/// [`detect_layout`]. Errors name the file as `path` displays.
pub fn parse_file(path: &Path) -> Result<Vec<Puzzle>, Error> {
    let name = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|error| {
        let kind = ErrorKind::Io {
            file: name.clone(),
            error,
        };
        Error::new(kind, None)
    })?;
    parse_str(&text, &name)
}

/// Reads every puzzle of `text`, choosing the layout with [`detect_layout`];
/// `file` names the input in error messages.
pub fn parse_str(text: &str, file: &str) -> Result<Vec<Puzzle>, Error> {
    parse_str_as(text, file, detect_layout(text))
}

/// Reads every puzzle of `text` in the given layout.
pub fn parse_str_as(text: &str, file: &str, layout: Layout) -> Result<Vec<Puzzle>, Error> {
    match layout {
        Layout::Line => parse_lines(text, file),
        Layout::Grid => parse_grids(text, file),
        Layout::Dover => parse_dover(text, file),
        Layout::Euler => parse_euler(text, file),
    }
}

/// Guesses the layout from the first line that is neither blank nor a `#`
/// comment: `Grid ...` is Euler's, two numbers each followed by a dot is
/// dover's, 16, 81, 256 or 625 cells (or more than 25) up to a space, tab,
/// `:` or `;` is the one-line layout, and anything else the grid layout. A 16x16 grid without
/// decoration therefore reads as sixteen 4x4 one-line puzzles: draw its boxes.
pub fn detect_layout(text: &str) -> Layout {
    let Some(first) = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'))
    else {
        return Layout::Line;
    };
    if first.starts_with("Grid") {
        return Layout::Euler;
    }
    let tokens: Vec<&str> = first.split_whitespace().collect();
    if tokens.len() == 2 && tokens.iter().all(|t| dover_number(t).is_some()) {
        return Layout::Dover;
    }
    let cells = first.split([' ', '\t', ':', ';']).next().unwrap_or("");
    let all_cells = cells.chars().all(|c| value_of(c).is_some());
    // A long run of cells cannot be a grid row: call it a (wrong) one-line
    // puzzle, so that the error speaks of the one-line layout.
    let count = cells.chars().count();
    // One cell is the first row of a grid with spaces (`5 3 . ...`); a 1x1
    // puzzle reads the same either way.
    if all_cells && (one_line_shape(count).is_some_and(|s| s.size() > 1) || count > MAX_SIZE) {
        Layout::Line
    } else {
        Layout::Grid
    }
}

/// The shape of a one-line puzzle of `cells` cells. The trivial 1x1 counts:
/// it is what [`crate::write::to_line`] writes for a 1x1 grid.
fn one_line_shape(cells: usize) -> Option<Shape> {
    Shape::square_from_cells(cells)
}

/// A value read at a place, checked against the grid's side.
fn check_value(
    value: u8,
    written: char,
    size: usize,
    file: &str,
    line: usize,
    column: usize,
) -> Result<u8, Error> {
    if value as usize > size {
        let kind = ErrorKind::ValueTooLarge {
            value: written.to_string(),
            size,
        };
        return Err(Error::at(kind, file, line, column));
    }
    Ok(value)
}

fn unexpected(found: char, expected: &str, file: &str, line: usize, column: usize) -> Error {
    let kind = ErrorKind::UnexpectedChar {
        found,
        expected: expected.to_string(),
    };
    Error::at(kind, file, line, column)
}

fn is_comment_or_blank(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

fn parse_lines(text: &str, file: &str) -> Result<Vec<Puzzle>, Error> {
    // Room for a file of 9x9 lines, the common case, without regrowing.
    let mut puzzles = Vec::with_capacity(text.len() / 82 + 1);
    let bytes = text.as_bytes();
    let (mut pos, mut number) = (0, 0);
    // One line a turn, as `str::lines` splits them (at `\n`, a `\r`
    // just before it dropped).
    while pos < bytes.len() {
        number += 1;
        if let Some((grid, next)) = read_nine_fast(bytes, pos) {
            puzzles.push(Puzzle {
                grid,
                layout: Layout::Line,
                line: number,
                title: None,
            });
            pos = next;
            continue;
        }
        let end = bytes[pos..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| pos + i);
        let line = &text[pos..end];
        let line = match end < bytes.len() {
            true => line.strip_suffix('\r').unwrap_or(line),
            false => line,
        };
        pos = end + 1;
        if let Some(grid) = read_other_line(line, file, number)? {
            puzzles.push(Puzzle {
                grid,
                layout: Layout::Line,
                line: number,
                title: None,
            });
        }
    }
    Ok(puzzles)
}

/// Reads one line of the one-line layout, as [`parse_str_as`] reads each
/// line of a [`Layout::Line`] file: `line` is without its line end (a `\r`
/// before the `\n` dropped), `number` its line number in `file`, for
/// errors. `None` for a blank or `#` comment line. For readers that stream
/// a file a line at a time instead of holding all of it.
pub fn parse_line(line: &str, file: &str, number: usize) -> Result<Option<Puzzle>, Error> {
    // A line without its end holds no `\n`: the fast reader, when it
    // takes the line, takes all of it.
    let grid = match read_nine_fast(line.as_bytes(), 0) {
        Some((grid, _)) => Some(grid),
        None => read_other_line(line, file, number)?,
    };
    Ok(grid.map(|grid| Puzzle {
        grid,
        layout: Layout::Line,
        line: number,
        title: None,
    }))
}

/// A line that is not the commonest 9x9 one: blank or a comment (`None`),
/// another size, or an error.
fn read_other_line(line: &str, file: &str, number: usize) -> Result<Option<Grid>, Error> {
    if is_comment_or_blank(line) {
        return Ok(None);
    }
    match read_line_fast(line) {
        Some(grid) => Ok(Some(grid)),
        None => read_line(line, file, number).map(Some),
    }
}

/// The commonest line of all, a 9x9 puzzle of digits, `.`, `0` and `_`
/// ending the line (or followed by a separator and anything), read without
/// a look-up per byte: the grid and where the next line starts, or `None`
/// for the general readers to take the line.
fn read_nine_fast(bytes: &[u8], pos: usize) -> Option<(Grid, usize)> {
    let chunk: &[u8; 81] = bytes.get(pos..pos + 81)?.try_into().ok()?;
    let after = pos + 81;
    let next = match bytes.get(after) {
        None => after,
        Some(b'\n') => after + 1,
        Some(b'\r') if bytes.get(after + 1) == Some(&b'\n') => after + 2,
        Some(b' ' | b'\t' | b':' | b';') => bytes[after..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |i| after + i + 1),
        Some(_) => return None,
    };
    // Branch-free per byte, so that the compiler can do 16 at a time.
    let mut cells = vec![0u8; 81];
    let mut bad = false;
    for (cell, &b) in cells.iter_mut().zip(chunk) {
        let digit = b.wrapping_sub(b'0');
        let is_digit = digit <= 9;
        bad |= !is_digit & (b != b'.') & (b != b'_');
        *cell = if is_digit { digit } else { 0 };
    }
    if bad {
        return None;
    }
    Some((Grid::from_checked_cells(Shape::NINE, cells), next))
}

/// What a byte of a one-line puzzle is: a cell's value, [`SEPARATOR`] or
/// [`OTHER`] (anything else, including every byte of a non-ASCII character).
const LINE_BYTES: [u8; 256] = line_bytes();
const SEPARATOR: u8 = 254;
const OTHER: u8 = 255;

const fn line_bytes() -> [u8; 256] {
    let mut out = [OTHER; 256];
    let mut b = 0;
    while b < 128 {
        out[b] = match b as u8 {
            b'.' | b'0' | b'_' => 0,
            b'1'..=b'9' => b as u8 - b'0',
            b'A'..=b'Z' => b as u8 - b'A' + 10,
            b' ' | b'\t' | b':' | b';' => SEPARATOR,
            _ => OTHER,
        };
        b += 1;
    }
    out
}

/// The common case of [`read_line`] in one pass over the bytes: `None`
/// when the line has anything to report, which [`read_line`] then locates.
fn read_line_fast(line: &str) -> Option<Grid> {
    let bytes = line.as_bytes();
    let end = bytes
        .iter()
        .position(|&b| LINE_BYTES[b as usize] >= SEPARATOR)
        .unwrap_or(bytes.len());
    if end < bytes.len() && LINE_BYTES[bytes[end] as usize] == OTHER {
        return None;
    }
    let values: Vec<u8> = bytes[..end]
        .iter()
        .map(|&b| LINE_BYTES[b as usize])
        .collect();
    let shape = one_line_shape(values.len())?;
    // `from_cells` refuses a value above the side.
    Grid::from_cells(shape, values)
}

/// One puzzle of the one-line layout, or the error at its place.
fn read_line(line: &str, file: &str, number: usize) -> Result<Grid, Error> {
    // The cells run up to the first separator.
    let mut values = Vec::with_capacity(line.len().min(625));
    let mut largest = (0, 0, ' ');
    for (i, c) in line.chars().enumerate() {
        if matches!(c, ' ' | '\t' | ':' | ';') {
            break;
        }
        match value_of(c) {
            Some(v) => {
                if v > largest.0 {
                    largest = (v, i + 1, c);
                }
                values.push(v);
            }
            None => return Err(unexpected(c, CELL, file, number, i + 1)),
        }
    }
    let shape = one_line_shape(values.len()).ok_or_else(|| {
        let kind = ErrorKind::LineLength {
            found: values.len(),
        };
        Error::at(kind, file, number, 1)
    })?;
    if largest.0 as usize > shape.size() {
        // Report the first value that is too large.
        let (column, c) = line
            .chars()
            .enumerate()
            .find(|&(_, c)| value_of(c).is_some_and(|v| v as usize > shape.size()))
            .map_or((largest.1, largest.2), |(i, c)| (i + 1, c));
        let kind = ErrorKind::ValueTooLarge {
            value: c.to_string(),
            size: shape.size(),
        };
        return Err(Error::at(kind, file, number, column));
    }
    Ok(Grid::from_cells(shape, values).expect("cells checked"))
}

/// A grid puzzle being read.
struct GridBlock {
    start: usize,
    /// The rows read so far, one after the other, and how many.
    cells: Vec<u8>,
    rows: usize,
    /// The first row's length: the side.
    size: usize,
    /// Cells between `|` in the first row, when it has any.
    box_cols: Option<usize>,
    /// Row counts at each internal separator line.
    separators: Vec<usize>,
}

fn parse_grids(text: &str, file: &str) -> Result<Vec<Puzzle>, Error> {
    let mut puzzles = Vec::new();
    let mut block: Option<GridBlock> = None;
    // The top border of the next puzzle, where it starts.
    let mut border: Option<usize> = None;
    let mut last_line = 0;
    // A row's cells and the cell counts between its `|`s, reused from
    // line to line.
    let (mut cells, mut groups) = (Vec::new(), Vec::new());
    for (index, line) in text.lines().enumerate() {
        let number = index + 1;
        last_line = number;
        if line.trim().is_empty() {
            if let Some(b) = &block {
                return Err(missing_rows(b, file, number));
            }
            border = None;
            continue;
        }
        if line.trim_start().starts_with('#') {
            continue;
        }
        grid_row(line, &mut cells, &mut groups)
            .map_err(|(column, c)| unexpected(c, CELL_OR_DECORATION, file, number, column))?;
        if cells.is_empty() {
            // A separator line: between boxes, or a border.
            match &mut block {
                Some(b) => b.separators.push(b.rows),
                None => border = border.or(Some(number)),
            }
            continue;
        }
        let b = block.get_or_insert_with(|| GridBlock {
            start: border.take().unwrap_or(number),
            cells: Vec::new(),
            rows: 0,
            size: 0,
            box_cols: None,
            separators: Vec::new(),
        });
        let size = if b.rows == 0 {
            b.box_cols = first_row_boxes(cells.len(), &groups)
                .map_err(|kind| Error::at(kind, file, number, 1))?;
            cells.len()
        } else {
            b.size
        };
        if cells.len() != size {
            let kind = ErrorKind::RowLength {
                expected: size,
                found: cells.len(),
            };
            return Err(Error::at(kind, file, number, 1));
        }
        if b.rows == 0 {
            b.size = size;
            b.cells.reserve_exact(size * size);
        }
        for &(column, v, c) in &cells {
            b.cells.push(check_value(v, c, size, file, number, column)?);
        }
        b.rows += 1;
        if b.rows == size {
            let b = block.take().expect("just used");
            let shape = grid_shape(&b, file)?;
            let grid = Grid::from_cells(shape, b.cells).expect("cells checked");
            puzzles.push(Puzzle {
                grid,
                layout: Layout::Grid,
                line: b.start,
                title: None,
            });
        }
    }
    if let Some(b) = &block {
        return Err(missing_rows(b, file, last_line + 1));
    }
    Ok(puzzles)
}

/// Reads one line of a bordered grid into `cells` (column, value, the
/// character) and `groups` (the cell counts between its `|`s); the column
/// and character of anything else.
fn grid_row(
    line: &str,
    cells: &mut Vec<(usize, u8, char)>,
    groups: &mut Vec<usize>,
) -> Result<(), (usize, char)> {
    cells.clear();
    groups.clear();
    groups.push(0usize);
    for (i, c) in line.chars().enumerate() {
        match c {
            '|' => groups.push(0),
            '-' | '+' | '=' | ' ' | '\t' => {}
            _ => match value_of(c) {
                Some(v) => {
                    cells.push((i + 1, v, c));
                    *groups.last_mut().expect("never empty") += 1;
                }
                None => return Err((i + 1, c)),
            },
        }
    }
    Ok(())
}

/// From a grid's first row of `size` cells in `groups` between `|`s: the
/// boxes' width, when the row shows one (every group the same).
fn first_row_boxes(size: usize, groups: &[usize]) -> Result<Option<usize>, ErrorKind> {
    if size > MAX_SIZE {
        return Err(ErrorKind::TooLarge { size });
    }
    let groups: Vec<usize> = groups.iter().copied().filter(|&g| g > 0).collect();
    if groups.len() <= 1 {
        return Ok(None);
    }
    if groups.iter().any(|&g| g != groups[0]) {
        return Err(ErrorKind::BoxShape {
            size,
            rows: None,
            cols: Some(groups[0]),
        });
    }
    Ok(Some(groups[0]))
}

fn missing_rows(b: &GridBlock, file: &str, line: usize) -> Error {
    let kind = ErrorKind::MissingRows {
        expected: b.size,
        found: b.rows,
    };
    Error::at(kind, file, line, 1)
}

/// The boxes a grid's decoration implies, or the default for its side.
fn grid_shape(b: &GridBlock, file: &str) -> Result<Shape, Error> {
    let size = b.rows;
    // Separator lines inside the grid (not borders) give the box height.
    let inner: Vec<usize> = b
        .separators
        .iter()
        .copied()
        .filter(|&s| s > 0 && s < size)
        .collect();
    let mut box_rows = inner.first().copied();
    if let Some(r) = box_rows {
        let regular = inner.iter().enumerate().all(|(i, &s)| s == (i + 1) * r);
        if !regular {
            box_rows = Some(0);
        }
    }
    let shape = match (box_rows, b.box_cols) {
        (None, None) => Shape::for_size(size),
        (Some(r), Some(c)) if r * c == size => Shape::new(r, c),
        (Some(r), None) if r > 0 && size.is_multiple_of(r) => Shape::new(r, size / r),
        (None, Some(c)) if size.is_multiple_of(c) => Shape::new(size / c, c),
        _ => None,
    };
    shape.ok_or_else(|| {
        let kind = ErrorKind::BoxShape {
            size,
            rows: box_rows,
            cols: b.box_cols,
        };
        Error::at(kind, file, b.start, 1)
    })
}

/// The number in a dover token such as `3.`, or `None`.
fn dover_number(token: &str) -> Option<u32> {
    let digits = token.strip_suffix('.')?;
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

const DOVER_HEADER: &str =
    "a dover header: box height and width, each followed by a dot (such as \"3. 3.\")";

/// A Dover file's whitespace-separated tokens with their line and column
/// (comment lines, `#` first, left out).
fn dover_tokens(text: &str) -> Vec<(usize, usize, String)> {
    let mut tokens = Vec::new();
    for (index, line) in text.lines().enumerate() {
        if line.trim_start().starts_with('#') {
            continue;
        }
        let mut start = None;
        for (i, c) in line.chars().chain(std::iter::once(' ')).enumerate() {
            match (c.is_whitespace(), start) {
                (false, None) => start = Some(i),
                (true, Some(s)) => {
                    let word: String = line.chars().skip(s).take(i - s).collect();
                    tokens.push((index + 1, s + 1, word));
                    start = None;
                }
                _ => {}
            }
        }
    }
    tokens
}

fn parse_dover(text: &str, file: &str) -> Result<Vec<Puzzle>, Error> {
    let tokens = dover_tokens(text);
    let end_line = text.lines().count() + 1;
    let mut puzzles = Vec::new();
    let mut it = tokens.into_iter().peekable();
    while let Some((line, column, word)) = it.next() {
        let bad_header = |line, column| {
            let kind = ErrorKind::BadHeader {
                expected: DOVER_HEADER.to_string(),
            };
            Error::at(kind, file, line, column)
        };
        let rows = dover_number(&word).ok_or_else(|| bad_header(line, column))?;
        let (l2, c2, w2) = it.next().ok_or_else(|| bad_header(line, column))?;
        if l2 != line {
            return Err(bad_header(line, column));
        }
        let cols = dover_number(&w2).ok_or_else(|| bad_header(l2, c2))?;
        let (rows, cols) = (rows as usize, cols as usize);
        let shape = Shape::new(rows, cols).ok_or_else(|| {
            let kind = if rows * cols > MAX_SIZE {
                ErrorKind::TooLarge { size: rows * cols }
            } else {
                ErrorKind::BadHeader {
                    expected: "box height and width of at least 1".to_string(),
                }
            };
            Error::at(kind, file, line, column)
        })?;
        let size = shape.size();
        let mut cells = Vec::with_capacity(shape.cells());
        for _ in 0..shape.cells() {
            let (l, c, w) = it.next().ok_or_else(|| {
                let kind = ErrorKind::UnexpectedEnd {
                    expected: format!(
                        "{} numbers each followed by a dot, found {}",
                        shape.cells(),
                        cells.len()
                    ),
                };
                Error::at(kind, file, end_line, 1)
            })?;
            let v = dover_number(&w).ok_or_else(|| {
                let kind = ErrorKind::BadToken {
                    found: w.clone(),
                    expected: "a number (0 for empty) followed by a dot".to_string(),
                };
                Error::at(kind, file, l, c)
            })?;
            if v as usize > size {
                let kind = ErrorKind::ValueTooLarge {
                    value: v.to_string(),
                    size,
                };
                return Err(Error::at(kind, file, l, c));
            }
            cells.push(v as u8);
        }
        let grid = Grid::from_cells(shape, cells).expect("cells checked");
        puzzles.push(Puzzle {
            grid,
            layout: Layout::Dover,
            line,
            title: None,
        });
    }
    Ok(puzzles)
}

fn parse_euler(text: &str, file: &str) -> Result<Vec<Puzzle>, Error> {
    let mut puzzles = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((index, line)) = lines.next() {
        if line.trim().is_empty() {
            continue;
        }
        let number = index + 1;
        if !line.starts_with("Grid") {
            let kind = ErrorKind::BadHeader {
                expected: "a \"Grid NN\" line".to_string(),
            };
            return Err(Error::at(kind, file, number, 1));
        }
        let mut cells = Vec::with_capacity(81);
        for row in 0..9 {
            let Some((i, text)) = lines.next() else {
                let kind = ErrorKind::MissingRows {
                    expected: 9,
                    found: row,
                };
                return Err(Error::at(kind, file, number + row + 1, 1));
            };
            let text = text.trim_end();
            let mut count = 0;
            for (col, c) in text.chars().enumerate() {
                let v = value_of(c).filter(|&v| v <= 9).ok_or_else(|| {
                    unexpected(c, "a digit, 0 for an empty cell", file, i + 1, col + 1)
                })?;
                cells.push(v);
                count += 1;
            }
            if count != 9 {
                let kind = ErrorKind::RowLength {
                    expected: 9,
                    found: count,
                };
                return Err(Error::at(kind, file, i + 1, 1));
            }
        }
        let grid = Grid::from_cells(Shape::NINE, cells).expect("cells checked");
        puzzles.push(Puzzle {
            grid,
            layout: Layout::Euler,
            line: number,
            title: Some(line.trim_end().to_string()),
        });
    }
    Ok(puzzles)
}

#[cfg(test)]
mod fast_path {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        /// The one-pass reader accepts exactly what the located one does,
        /// with the same cells: lines of cells, separators, bad and
        /// non-ASCII characters, of the lengths that matter.
        #[test]
        fn fast_line_agrees(line in "[.0_1-9A-Z:;# \t\u{e9}a|]{0,3}|[.1-4]{16}[ :x]?[.A-Z]{0,2}|[.1-9]{81}[ ;J\u{e9}]?|[.1-9A-Z]{255,257}|[.1-9A-P]{625}") {
            let fast = read_line_fast(&line);
            let slow = read_line(&line, "t", 1).ok();
            prop_assert_eq!(fast, slow);
        }

        /// Whole files: the 9x9 fast path and the line splitting agree
        /// with `str::lines` and the located reader, line numbers and
        /// errors included (CRLF, a stray `\r`, separators, comments,
        /// bad bytes at either end of a line).
        #[test]
        fn file_reading_agrees(
            lines in prop::collection::vec("[.0_1-9]{81}|[.0_1-9]{80}[A:x\r]|[.0_1-9]{81}[ \t:;xA\r][.1-9 ]{0,3}|#[.1-9]{0,81}|[ ]?|[.1-4]{16}|[.1-9]{82}", 0..6),
            endings in prop::collection::vec("\n|\r\n", 6),
            last in "|\n|\r|\r\n",
        ) {
            let mut text = String::new();
            for (i, line) in lines.iter().enumerate() {
                if i > 0 {
                    text.push_str(&endings[i]);
                }
                text.push_str(line);
            }
            text.push_str(&last);
            let mut want = Vec::new();
            let mut failed = None;
            for (index, line) in text.lines().enumerate() {
                if is_comment_or_blank(line) {
                    continue;
                }
                match read_line(line, "t", index + 1) {
                    Ok(grid) => want.push((grid, index + 1)),
                    Err(e) => {
                        failed = Some(e.to_string());
                        break;
                    }
                }
            }
            match parse_lines(&text, "t") {
                Ok(got) => {
                    prop_assert_eq!(&failed, &None);
                    let got: Vec<(Grid, usize)> = got.into_iter().map(|p| (p.grid, p.line)).collect();
                    prop_assert_eq!(&got, &want);
                }
                Err(e) => prop_assert_eq!(Some(e.to_string()), failed.clone()),
            }
            // A line at a time, as a streaming reader does: the same.
            let mut streamed = Vec::new();
            let mut streamed_error = None;
            for (index, line) in text.lines().enumerate() {
                match parse_line(line, "t", index + 1) {
                    Ok(Some(p)) => streamed.push((p.grid, p.line)),
                    Ok(None) => {}
                    Err(e) => {
                        streamed_error = Some(e.to_string());
                        break;
                    }
                }
            }
            prop_assert_eq!(streamed, want);
            prop_assert_eq!(streamed_error, failed);
        }
    }
}

#[cfg(test)]
#[path = "read_tests.rs"]
mod tests;
