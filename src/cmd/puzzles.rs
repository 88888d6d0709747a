//! Puzzle files read as a stream, for `solve` and `verify`: a file of any
//! size (or standard input, `-`) is read a line at a time and cut into
//! records, the lines of one puzzle each, which `sudoku::parse_str_as`
//! reads in the layout the file's first line shows. A bad record is one
//! located error ([`Item::Bad`]) and reading goes on with the next; an
//! unreadable file is one error and the next file follows.
//!
//! Memory stays bounded whatever the input: a line is kept up to
//! [`MAX_LINE`] bytes (a longer one is an error, skipped without being
//! held), and a record up to [`MAX_RECORD_LINES`] lines.

use std::io::{BufRead, BufReader, Read};
use std::path::Path;
use std::sync::Arc;
use sudoku::{Layout, Puzzle};

/// The longest line kept: far more than a 25x25 one-line puzzle and its
/// comment.
pub const MAX_LINE: usize = 1 << 20;

/// The most bytes of one line read past [`MAX_LINE`] before the rest of
/// the input is given up (an input without line ends, such as a device).
pub const MAX_SKIP: u64 = 64 << 20;

/// The most lines one puzzle's record may have: 25 rows of a grid with
/// separators and comments need far fewer.
pub const MAX_RECORD_LINES: usize = 10_000;

/// What the reader gives, in input order.
pub enum Item {
    /// A puzzle, with the text of the record it was read from (the user's
    /// bytes as they are, line ends included).
    Puzzle {
        /// The file's name as given (`-` for standard input).
        file: Arc<str>,
        /// The puzzle; its `line` counts from the file's first line.
        puzzle: Puzzle,
        /// The lines the puzzle was read from.
        text: Arc<str>,
    },
    /// A located error: `FILE:LINE:COLUMN: what`, or `FILE: what`.
    Bad(String),
}

/// The name standard input goes by on the command line.
pub const STDIN: &str = "-";

/// Its name in messages.
pub const STDIN_NAME: &str = "<stdin>";

/// Every item of `files` in order, each file opened when its turn comes;
/// at most `first` puzzles of each.
pub struct Inputs<'a> {
    files: std::slice::Iter<'a, std::path::PathBuf>,
    current: Option<Reader>,
    first: usize,
    /// Bytes read from files already finished.
    finished_bytes: u64,
    keep_text: bool,
}

impl<'a> Inputs<'a> {
    /// Reads `files` in order, taking at most `first` puzzles of each.
    pub fn new(files: &'a [std::path::PathBuf], first: Option<usize>) -> Inputs<'a> {
        Inputs {
            files: files.iter(),
            current: None,
            first: first.unwrap_or(usize::MAX),
            finished_bytes: 0,
            keep_text: true,
        }
    }

    /// Gives no puzzle's text (`solve` needs none): a copy of each record
    /// saved.
    pub fn without_text(mut self) -> Inputs<'a> {
        self.keep_text = false;
        self
    }

    /// Bytes read so far, for progress.
    pub fn bytes_read(&self) -> u64 {
        self.finished_bytes + self.current.as_ref().map_or(0, |r| r.bytes)
    }
}

/// Total bytes of `files` when each is a regular file, for progress.
pub fn total_bytes(files: &[std::path::PathBuf]) -> Option<u64> {
    files
        .iter()
        .map(|f| {
            let meta = std::fs::metadata(f).ok()?;
            (f.as_os_str() != STDIN && meta.is_file()).then_some(meta.len())
        })
        .sum()
}

impl Iterator for Inputs<'_> {
    type Item = Item;

    fn next(&mut self) -> Option<Item> {
        loop {
            if let Some(reader) = &mut self.current {
                if let Some(item) = reader.next() {
                    return Some(item);
                }
                self.finished_bytes += reader.bytes;
                self.current = None;
            }
            let path = self.files.next()?;
            match open(path) {
                Ok(input) => {
                    let name: Arc<str> = if path.as_os_str() == STDIN {
                        STDIN_NAME.into()
                    } else {
                        path.display().to_string().into()
                    };
                    let mut reader = Reader::new(name, input, self.first);
                    reader.keep_text = self.keep_text;
                    self.current = Some(reader);
                }
                Err(e) => return Some(Item::Bad(format!("{}: cannot read: {e}", path.display()))),
            }
        }
    }
}

fn open(path: &Path) -> std::io::Result<Box<dyn BufRead + Send>> {
    if path.as_os_str() == STDIN {
        return Ok(Box::new(BufReader::new(std::io::stdin())));
    }
    let file = std::fs::File::open(path)?;
    let kind = file.metadata()?.file_type();
    if kind.is_dir() {
        return Err(std::io::Error::new(
            std::io::ErrorKind::IsADirectory,
            "is a folder",
        ));
    }
    // A device (`/dev/zero`, a terminal) is no puzzle file and may never
    // end; standard input (`-`) and named pipes are streams on purpose.
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if kind.is_char_device() || kind.is_block_device() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                "is a device, not a file",
            ));
        }
    }
    Ok(Box::new(BufReader::with_capacity(1 << 16, file)))
}

/// One line read, or why it was not.
enum Line {
    Text(String),
    TooLong,
    /// Longer than [`MAX_SKIP`]: reading stops.
    Endless,
    NotUtf8,
}

/// What a layout does with the record being built.
#[derive(Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing under way.
    Idle,
    /// Euler's: rows still to come.
    EulerRows(usize),
    /// Grid's: rows read and rows wanted (the first row's cells); once it
    /// has them all, only separators and comments join the record.
    GridRows { rows: usize, size: usize },
    /// dover's: the box height read, the width wanted on the same line.
    DoverWidth(usize),
    /// dover's: numbers still to come.
    DoverCells(usize),
}

/// The items of one input.
struct Reader {
    file: Arc<str>,
    input: Box<dyn BufRead + Send>,
    layout: Option<Layout>,
    /// Lines read.
    line: usize,
    bytes: u64,
    /// The record under way: its first line and its text.
    record: Option<(usize, String)>,
    record_lines: usize,
    state: State,
    /// Items ready, in order.
    ready: std::collections::VecDeque<Item>,
    /// Puzzles still to give (`--first`).
    left: usize,
    done: bool,
    /// Give each puzzle its record's text; else `empty`.
    keep_text: bool,
    empty: Arc<str>,
    /// The line buffer, reused from line to line.
    buffer: Vec<u8>,
}

impl Reader {
    fn new(file: Arc<str>, input: Box<dyn BufRead + Send>, first: usize) -> Reader {
        Reader {
            file,
            input,
            layout: None,
            line: 0,
            bytes: 0,
            record: None,
            record_lines: 0,
            state: State::Idle,
            ready: Default::default(),
            left: first,
            done: false,
            keep_text: true,
            empty: "".into(),
            buffer: Vec::new(),
        }
    }

    fn next(&mut self) -> Option<Item> {
        loop {
            if self.left == 0 {
                return None;
            }
            if let Some(item) = self.ready.pop_front() {
                if matches!(item, Item::Puzzle { .. }) {
                    self.left -= 1;
                }
                return Some(item);
            }
            if self.done {
                return None;
            }
            match self.read_line() {
                Ok(Some(line)) => self.take(line),
                Ok(None) => {
                    self.finish();
                    self.done = true;
                }
                Err(e) => {
                    self.finish();
                    let at = format!("{}:{}", self.file, self.line + 1);
                    self.ready
                        .push_back(Item::Bad(format!("{at}: cannot read: {e}")));
                    self.done = true;
                }
            }
        }
    }

    /// Reads one line (its line end kept), holding at most [`MAX_LINE`]
    /// bytes of it.
    fn read_line(&mut self) -> std::io::Result<Option<Line>> {
        let mut bytes = std::mem::take(&mut self.buffer);
        bytes.clear();
        // `read_until` and `skip_until` look for the line end with the
        // standard library's memchr, a word at a time.
        let n = (&mut self.input)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut bytes)?;
        if n == 0 {
            self.buffer = bytes;
            return Ok(None);
        }
        self.bytes += n as u64;
        self.line += 1;
        if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
            // Not kept for the next line: a megabyte held for good.
            drop(bytes);
            let skipped = (&mut self.input).take(MAX_SKIP).skip_until(b'\n')?;
            self.bytes += skipped as u64;
            if skipped as u64 == MAX_SKIP {
                // No end in sight (`- < /dev/zero`): the rest of this
                // input is not read.
                self.done = true;
                return Ok(Some(Line::Endless));
            }
            return Ok(Some(Line::TooLong));
        }
        Ok(Some(match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(e) => {
                self.buffer = e.into_bytes();
                Line::NotUtf8
            }
        }))
    }

    fn bad_line(&mut self, what: &str) {
        // The puzzle under way is lost with its bad line: one error, not a
        // cascade of them about its other lines.
        self.record = None;
        self.record_lines = 0;
        self.state = State::Idle;
        let at = format!("{}:{}", self.file, self.line);
        self.ready.push_back(Item::Bad(format!("{at}: {what}")));
    }

    /// Takes one line into the record under way.
    fn take(&mut self, line: Line) {
        let text = match line {
            Line::Text(text) => text,
            Line::TooLong => return self.bad_line(&format!("a line longer than {MAX_LINE} bytes")),
            Line::Endless => {
                let what = format!(
                    "a line longer than {MAX_LINE} bytes, and {MAX_SKIP} bytes long without an end: \
                     the rest of the input is not read"
                );
                return self.bad_line(&what);
            }
            Line::NotUtf8 => return self.bad_line("not UTF-8 text"),
        };
        self.take_text(&text);
        // The line's bytes are copied where they are kept: the buffer
        // serves the next line.
        self.buffer = text.into_bytes();
    }

    fn take_text(&mut self, text: &str) {
        if self.layout == Some(Layout::Line) {
            // The commonest file, a puzzle a line: no record to build.
            return self.take_line(self.line, text);
        }
        let content = text.trim_end_matches(['\n', '\r']);
        let blank = content.trim().is_empty();
        let comment = content.trim_start().starts_with('#');
        let layout = match self.layout {
            Some(layout) => layout,
            None if blank || comment => return,
            None => {
                let layout = sudoku::detect_layout(content);
                self.layout = Some(layout);
                layout
            }
        };
        let n = self.line;
        match layout {
            Layout::Line => self.take_line(n, text),
            Layout::Euler => self.take_euler(n, text, blank),
            Layout::Grid => self.take_grid(n, text, blank, comment),
            Layout::Dover => self.take_dover(n, text, comment),
        }
        if self.record_lines >= MAX_RECORD_LINES {
            self.finish();
        }
    }

    /// A line of the one-line layout is a record of its own, read at once
    /// as `sudoku::parse_str_as` reads each line of such a file.
    fn take_line(&mut self, n: usize, text: &str) {
        let line = text
            .strip_suffix('\n')
            .map_or(text, |l| l.strip_suffix('\r').unwrap_or(l));
        match sudoku::parse_line(line, &self.file, n) {
            Ok(Some(puzzle)) => {
                let text = if self.keep_text {
                    text.into()
                } else {
                    self.empty.clone()
                };
                self.ready.push_back(Item::Puzzle {
                    file: self.file.clone(),
                    puzzle,
                    text,
                });
            }
            Ok(None) => {}
            // `parse_line` counts from the file's first line already.
            Err(e) => self.ready.push_back(Item::Bad(located(&e, 1))),
        }
    }

    fn take_euler(&mut self, n: usize, text: &str, blank: bool) {
        match self.state {
            // A header where a row should be: the puzzle under way is cut
            // short (an error), and this one starts.
            State::EulerRows(_) if text.starts_with("Grid") => {
                self.finish();
                self.take_euler(n, text, blank);
            }
            State::EulerRows(left) => {
                self.append(n, text);
                self.state = State::EulerRows(left - 1);
                if left == 1 {
                    self.finish();
                }
            }
            _ if blank => {}
            _ => {
                self.append(n, text);
                if text.starts_with("Grid") {
                    self.state = State::EulerRows(9);
                } else {
                    self.finish();
                }
            }
        }
    }

    fn take_grid(&mut self, n: usize, text: &str, blank: bool, comment: bool) {
        if blank {
            return self.finish();
        }
        if comment {
            if self.record.is_some() {
                self.append(n, text);
            }
            return;
        }
        let cells = text
            .trim_end_matches(['\n', '\r'])
            .chars()
            .filter(|c| !matches!(c, '|' | '-' | '+' | '=' | ' ' | '\t'))
            .count();
        if cells == 0 {
            // A separator: between boxes, or a border.
            return self.append(n, text);
        }
        let (rows, size) = match self.state {
            State::GridRows { rows, size } if rows < size => (rows, size),
            State::GridRows { .. } => {
                // A new grid: the last one had all its rows.
                self.finish();
                (0, cells)
            }
            // The first row, after any border.
            _ => (0, cells),
        };
        self.append(n, text);
        if size > sudoku::MAX_SIZE {
            // Too wide for any grid: an error on its own, which takes no
            // puzzle after it down with it.
            return self.finish();
        }
        self.state = State::GridRows {
            rows: rows + 1,
            size,
        };
    }

    fn take_dover(&mut self, n: usize, text: &str, comment: bool) {
        if comment || text.trim().is_empty() {
            if self.record.is_some() {
                self.append(n, text);
            }
            return;
        }
        let mut bad = false;
        for token in text.split_whitespace() {
            let next = match self.state {
                // A bad number ends the record at this line; the next line
                // may start a good puzzle.
                State::DoverCells(_) if dover_number(token).is_none() => None,
                State::DoverCells(left) if left > 1 => Some(State::DoverCells(left - 1)),
                State::DoverWidth(rows) => dover_number(token)
                    .and_then(|cols| sudoku::Shape::new(rows, cols))
                    .map(|shape| State::DoverCells(shape.cells())),
                State::DoverCells(_) => Some(State::Idle),
                _ => dover_number(token).map(State::DoverWidth),
            };
            match next {
                Some(state) => self.state = state,
                None => {
                    bad = true;
                    break;
                }
            }
        }
        self.append(n, text);
        // A puzzle ends on a line's end; the header's two numbers share a
        // line (`parse_dover`), so a lone height is an error here too.
        if bad || matches!(self.state, State::Idle | State::DoverWidth(_)) {
            self.finish();
        }
    }

    fn append(&mut self, n: usize, text: &str) {
        // Room for a grid of lines like this one: no regrowing.
        let room = text.len() * 16;
        let (_, record) = self
            .record
            .get_or_insert_with(|| (n, String::with_capacity(room)));
        record.push_str(text);
        self.record_lines += 1;
    }

    /// Reads the record under way into items.
    fn finish(&mut self) {
        self.state = State::Idle;
        self.record_lines = 0;
        let Some((start, text)) = self.record.take() else {
            return;
        };
        let layout = self.layout.unwrap_or(Layout::Line);
        match sudoku::parse_str_as(&text, &self.file, layout) {
            Ok(puzzles) => {
                let text: Arc<str> = if self.keep_text {
                    text.into()
                } else {
                    self.empty.clone()
                };
                for mut puzzle in puzzles {
                    puzzle.line += start - 1;
                    self.ready.push_back(Item::Puzzle {
                        file: self.file.clone(),
                        puzzle,
                        text: text.clone(),
                    });
                }
            }
            Err(e) => self.ready.push_back(Item::Bad(located(&e, start))),
        }
    }
}

/// `e` as `FILE:LINE:COLUMN: what`, its line counted from the record's
/// first, `start`, in the file.
fn located(e: &sudoku::Error, start: usize) -> String {
    match e.place() {
        Some(p) => format!(
            "{}:{}:{}: {}",
            p.file,
            p.line + start - 1,
            p.column,
            e.kind()
        ),
        None => e.to_string(),
    }
}

/// The number in a dover word such as `3.` (as `sudoku::read` takes it).
fn dover_number(token: &str) -> Option<usize> {
    let digits = token.strip_suffix('.')?;
    if digits.is_empty() || digits.len() > 4 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok()
}

/// Reads `text` as a file named `name`, for tests.
#[cfg(test)]
fn read_all(name: &str, text: &[u8], first: usize) -> Vec<Item> {
    let input: Box<dyn BufRead + Send> = Box::new(std::io::Cursor::new(text.to_vec()));
    let mut reader = Reader::new(name.into(), input, first);
    std::iter::from_fn(|| reader.next()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const P1: &str =
        "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

    /// Each item as `file:line puzzle` or `BAD message`.
    fn show(items: &[Item]) -> Vec<String> {
        items
            .iter()
            .map(|i| match i {
                Item::Puzzle { file, puzzle, .. } => {
                    format!("{file}:{} {}", puzzle.line, puzzle.grid)
                }
                Item::Bad(m) => format!("BAD {m}"),
            })
            .collect()
    }

    /// Whole-file reading as the library does it, for comparison.
    fn whole(text: &str) -> Vec<String> {
        let puzzles = sudoku::parse_str(text, "f").unwrap();
        puzzles
            .iter()
            .map(|p| format!("f:{} {}", p.line, p.grid))
            .collect()
    }

    #[test]
    fn records_read_as_the_whole_file_does() {
        let grids = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/sudoku/six_2x3.sudoku"
        ))
        .unwrap();
        let dover = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/sudoku/mixed_shapes.dover"
        ))
        .unwrap();
        let euler = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/puzzles/corpora/euler96_p096_sudoku_raw.txt"
        ))
        .unwrap();
        let lines = format!("# comment\n{P1}\n\n{P1} tail\r\n");
        let bordered = "+---+---+\n|12|34|\n|34|12|\n+--+--+\n|21|43|\n|43|21|\n+--+--+\n\
                        \n# two\n+--+--+\n|12|34|\n|34|12|\n+--+--+\n|21|43|\n|43|21|\n+--+--+\n";
        for text in [&grids, &dover, &euler, &lines, bordered] {
            let items = read_all("f", text.as_bytes(), usize::MAX);
            assert_eq!(show(&items), whole(text), "{text}");
            assert!(!items.is_empty());
        }
    }

    #[test]
    fn a_bad_puzzle_is_one_located_error_and_reading_goes_on() {
        let text = format!("{P1}\n{}x\n{P1}\n", &P1[..80]);
        let shown = show(&read_all("f", text.as_bytes(), usize::MAX));
        assert_eq!(shown.len(), 3);
        assert!(
            shown[1].starts_with("BAD f:2:81: unexpected 'x'"),
            "{shown:?}"
        );
        assert_eq!(shown[2], format!("f:3 {P1}"));
        // A grid with a bad row: one error at the row, the next grid read.
        let text = "12|34\n34|12\n-----\n21|4x\n43|21\n\n12|34\n34|12\n-----\n21|43\n43|21\n";
        let shown = show(&read_all("f", text.as_bytes(), usize::MAX));
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert!(shown[0].starts_with("BAD f:4:5:"), "{shown:?}");
        assert!(shown[1].starts_with("f:7 "), "{shown:?}");
        // dover's and Euler's: a bad puzzle, then good ones.
        let text = "2. 2.\n1. x.\n2. 2.\n1. 2. 3. 4. 3. 4. 1. 2.\n2. 1. 4. 3. 4. 3. 2. 1.\n";
        let shown = show(&read_all("f", text.as_bytes(), usize::MAX));
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert!(
            shown[0].starts_with("BAD f:2:4: unexpected \"x.\""),
            "{shown:?}"
        );
        assert_eq!(shown[1], "f:3 1234341221434321");
        let rows = "003020600\n900305001\n001806400\n008102900\n700000008\n\
                    006708200\n002609500\n800203009\n005010300\n";
        let text = format!("Grid 01\n123\nGrid 02\n{rows}");
        let shown = show(&read_all("f", text.as_bytes(), usize::MAX));
        assert_eq!(shown.len(), 2, "{shown:?}");
        assert!(
            shown[0].starts_with("BAD f:2:1: expected 9 cells"),
            "{shown:?}"
        );
        assert!(shown[1].starts_with("f:3 ..3.2.6.."), "{shown:?}");
        // A row too wide for any grid, then a good grid.
        let text = format!(
            "1234\n3412\n2143\n4321\n{}\n1234\n3412\n2143\n4321\n",
            "1".repeat(26)
        );
        let shown = show(&read_all("f", text.as_bytes(), usize::MAX));
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert!(
            shown[1].starts_with("BAD f:5:1: a 26x26 grid is too large"),
            "{shown:?}"
        );
        assert_eq!(shown[2], "f:6 1234341221434321");
        // Not UTF-8, and a grid cut short by the end of the file.
        let shown = show(&read_all("f", b"12|34\n\xff\n\n12|34\n34|12\n", usize::MAX));
        assert_eq!(
            shown,
            [
                "BAD f:2: not UTF-8 text",
                "BAD f:6:1: the puzzle ends after 2 rows: expected 4 rows of 4 cells"
            ]
        );
    }

    #[test]
    fn the_user_bytes_are_kept_and_first_counts_puzzles() {
        let text = format!("{P1}\r\n\n{P1}\n{P1}\n");
        let items = read_all("f", text.as_bytes(), 2);
        assert_eq!(items.len(), 2);
        let Item::Puzzle { text, .. } = &items[0] else {
            panic!()
        };
        assert_eq!(&**text, format!("{P1}\r\n"));
    }

    #[test]
    fn an_input_without_line_ends_is_given_up() {
        let input = Box::new(BufReader::new(std::io::repeat(b'1')));
        let mut reader = Reader::new("f".into(), input, usize::MAX);
        let shown = show(&std::iter::from_fn(|| reader.next()).collect::<Vec<_>>());
        assert_eq!(shown.len(), 1);
        assert!(
            shown[0].ends_with("the rest of the input is not read"),
            "{shown:?}"
        );
        assert_eq!(reader.bytes, MAX_LINE as u64 + 1 + MAX_SKIP);
        // A device is refused by name.
        #[cfg(unix)]
        {
            let err = open(Path::new("/dev/zero")).err().unwrap();
            assert_eq!(err.to_string(), "is a device, not a file");
        }
    }

    #[test]
    fn a_long_line_is_skipped_without_being_held() {
        let mut text = vec![b'1'; 3 * MAX_LINE];
        text.extend_from_slice(format!("\n{P1}\n").as_bytes());
        let items = read_all("f", &text, usize::MAX);
        let shown = show(&items);
        assert_eq!(
            shown[0],
            format!("BAD f:1: a line longer than {MAX_LINE} bytes")
        );
        assert_eq!(shown[1], format!("f:2 {P1}"));
    }
}
