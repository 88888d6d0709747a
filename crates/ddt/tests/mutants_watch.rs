//! The watch view (`pdp10 run --watch`): `--watch`'s SPEC as the README
//! describes it (`SYM[,N][/MODE]`), and sudoku.mid's board read from
//! memory (clues, singles, guesses from the guess stack, the first
//! solution once the job has finished, boxes of any shape). Written for
//! mutation testing (docs/mutants.md).

use ddt::watch::{buffer_text, draw, Figures, View};
use ddt::{Mode, SymbolTable, TypeOut};
use ka10::Cpu;
use pdp10_isa::Word;
use ratatui::backend::TestBackend;
use ratatui::style::{Color, Modifier};
use ratatui::Terminal;

fn symbols() -> SymbolTable {
    SymbolTable::new([("X", 0o100, false), ("FAR", 0o3_000200, false)])
}

fn region(start: u32, count: u32, typeout: TypeOut) -> View {
    View::Region {
        start,
        count,
        typeout,
    }
}

fn mode(mode: Mode) -> TypeOut {
    TypeOut {
        mode,
        ..TypeOut::default()
    }
}

#[test]
fn a_spec_names_a_place_a_count_and_a_mode() {
    let s = symbols();
    let parse = |spec: &str| View::parse(spec, &s);
    // An octal address, sixteen words (20 octal) by default, symbolic.
    assert_eq!(parse("100"), Ok(region(0o100, 0o20, TypeOut::default())));
    // A symbol's right half is its address.
    assert_eq!(parse("FAR"), Ok(region(0o200, 0o20, TypeOut::default())));
    // The count is octal, at least one word.
    assert_eq!(parse("X,12"), Ok(region(0o100, 0o12, TypeOut::default())));
    assert_eq!(parse("X,0"), Ok(region(0o100, 1, TypeOut::default())));
    assert!(parse("X,9").is_err());
    // DDT's mode letters, either case, and byte sizes 1-36.
    assert_eq!(parse("X/s"), Ok(region(0o100, 0o20, TypeOut::default())));
    assert_eq!(parse("X/h"), Ok(region(0o100, 0o20, mode(Mode::Halfword))));
    assert_eq!(parse("X/C"), Ok(region(0o100, 0o20, mode(Mode::Constant))));
    assert_eq!(parse("X/\""), Ok(region(0o100, 0o20, mode(Mode::Ascii))));
    assert_eq!(parse("X/'"), Ok(region(0o100, 0o20, mode(Mode::Sixbit))));
    assert_eq!(parse("X/#"), Ok(region(0o100, 0o20, mode(Mode::Character))));
    assert_eq!(parse("X/7"), Ok(region(0o100, 0o20, mode(Mode::Bytes(7)))));
    assert_eq!(
        parse("X/36"),
        Ok(region(0o100, 0o20, mode(Mode::Bytes(36))))
    );
    let absolute = TypeOut {
        absolute: true,
        ..TypeOut::default()
    };
    assert_eq!(parse("X/A"), Ok(region(0o100, 0o20, absolute)));
    assert!(parse("X/0").is_err());
    assert!(parse("X/37").is_err());
    // BOARD (or nothing) is the sudoku board, when the program has one.
    assert_eq!(parse("board"), Ok(View::AroundPc));
}

/// sudoku.mid's variables for a test board.
const N: u32 = 0o1000;
const NE: u32 = 0o1001;
const NGUESS: u32 = 0o1002;
const NBACK: u32 = 0o1003;
const BR: u32 = 0o1004;
const BC: u32 = 0o1005;
const NSOL: u32 = 0o1006;
const GIV: u32 = 0o1100;
const VAL: u32 = 0o1200;
const EMP: u32 = 0o1300;
const POS: u32 = 0o1400;
const STK: u32 = 0o1500;
const SOL: u32 = 0o1600;
const S: u8 = 0o16;

fn board_symbols() -> SymbolTable {
    let names = [
        ("N", N),
        ("NE", NE),
        ("NGUESS", NGUESS),
        ("NBACK", NBACK),
        ("BR", BR),
        ("BC", BC),
        ("NSOL", NSOL),
        ("GIV", GIV),
        ("VAL", VAL),
        ("EMP", EMP),
        ("POS", POS),
        ("STK", STK),
        ("SOL", SOL),
        ("S", S as u32),
    ];
    SymbolTable::new(names.iter().map(|&(n, v)| (n, v as u64, false)))
}

fn put(cpu: &mut Cpu, a: u32, v: u64) {
    assert!(cpu.write(a, Word::new(v)));
}

/// A 4x4 board (boxes 2x2): clue 1 at cell 0; cell 1 guessed 2 (the
/// first frame), cell 2 guessed 3 (the second), cell 3 a single 4 placed
/// after them; the rest empty. EMP holds the empty cells first, the
/// placed ones from NE on, the latest placed first.
fn searching() -> Cpu {
    let mut cpu = Cpu::new(0o10000);
    put(&mut cpu, N, 4);
    put(&mut cpu, BR, 2);
    put(&mut cpu, BC, 2);
    put(&mut cpu, GIV, 1);
    let mut order: Vec<u64> = (4..16).collect();
    order.extend([3, 2, 1]);
    for (i, &c) in order.iter().enumerate() {
        put(&mut cpu, EMP + i as u32, c);
        put(&mut cpu, POS + c as u32, i as u64);
    }
    put(&mut cpu, NE, 12);
    put(&mut cpu, VAL + 1, 1 << 1);
    put(&mut cpu, VAL + 2, 1 << 2);
    put(&mut cpu, VAL + 3, 1 << 3);
    // Two frames, each with NE before its guess first: 15 (EMP[14] is
    // cell 1), then 14 (EMP[13] is cell 2).
    put(&mut cpu, STK, 15);
    put(&mut cpu, STK + 2, 14);
    put(&mut cpu, S as u32, (STK + 3) as u64);
    put(&mut cpu, NGUESS, 5);
    put(&mut cpu, NBACK, 2);
    cpu
}

fn drawn(cpu: &Cpu, ended: Option<&str>) -> (String, ratatui::buffer::Buffer) {
    let mut terminal = Terminal::new(TestBackend::new(60, 24)).unwrap();
    let figures = Figures {
        instructions: 42,
        mips: 1.0,
        speed: "full speed".into(),
        ended: ended.map(str::to_string),
    };
    let symbols = board_symbols();
    terminal
        .draw(|f| draw(f, cpu, &symbols, &View::Sudoku, &figures, ""))
        .unwrap();
    let buffer = terminal.backend().buffer().clone();
    (buffer_text(&buffer), buffer)
}

/// The symbol and colour of the board's cells in the first row.
fn first_row(buffer: &ratatui::buffer::Buffer) -> Vec<(String, Color, bool)> {
    [1u16, 3, 6, 8]
        .iter()
        .map(|&x| {
            let c = &buffer[(x, 3)];
            (
                c.symbol().to_string(),
                c.fg,
                c.modifier.contains(Modifier::BOLD),
            )
        })
        .collect()
}

#[test]
fn guesses_come_from_the_guess_stack() {
    let (text, buffer) = drawn(&searching(), None);
    assert!(text.contains("│1 2  3 4 "), "{text}");
    assert!(text.contains("│. .  . . "), "{text}");
    assert!(text.contains("depth 2  guesses 5  backtracks 2"), "{text}");
    assert!(text.contains("full speed"), "{text}");
    assert_eq!(
        first_row(&buffer),
        [
            ("1".to_string(), Color::Reset, true),
            ("2".to_string(), Color::Yellow, false),
            ("3".to_string(), Color::Yellow, false),
            ("4".to_string(), Color::Green, false),
        ]
    );
}

#[test]
fn a_finished_job_shows_its_first_solution() {
    let mut cpu = searching();
    // The search went on after the first solution, kept in SOL.
    for c in 0..16u32 {
        put(&mut cpu, SOL + c, 1 << (c % 4));
    }
    put(&mut cpu, NSOL, 1);
    let (text, buffer) = drawn(&cpu, Some("logged out"));
    assert!(text.contains("logged out"), "{text}");
    assert!(text.contains("│1 2  3 4 "), "{text}");
    assert_eq!(text.matches("│1 2  3 4 ").count(), 4, "{text}");
    // Every cell found is a single now, no guess.
    assert_eq!(
        first_row(&buffer)[1],
        ("2".to_string(), Color::Green, false)
    );
    // Finished without a solution: the board as it stands.
    put(&mut cpu, NSOL, 0);
    let (text, buffer) = drawn(&cpu, Some("logged out"));
    assert!(text.contains("│. .  . . "), "{text}");
    assert_eq!(
        first_row(&buffer)[1],
        ("2".to_string(), Color::Yellow, false)
    );
}

#[test]
fn boxes_of_two_rows_and_three_columns() {
    let mut cpu = Cpu::new(0o10000);
    put(&mut cpu, N, 6);
    put(&mut cpu, BR, 2);
    put(&mut cpu, BC, 3);
    for c in 0..36u32 {
        put(&mut cpu, GIV + c, (c % 6 + 1) as u64);
    }
    put(&mut cpu, S as u32, (STK - 1) as u64);
    let (text, _) = drawn(&cpu, None);
    let rows: Vec<&str> = text.lines().skip(3).take(8).collect();
    let row = "│1 2 3  4 5 6";
    for (k, line) in rows.iter().enumerate() {
        if k == 2 || k == 5 {
            assert!(line.trim_matches([' ', '│']).is_empty(), "{text}");
        } else {
            assert!(line.starts_with(row), "{text}");
        }
    }
    assert!(text.contains("depth 0  "), "{text}");
}

#[test]
fn no_board_before_the_puzzle_is_read() {
    let mut cpu = searching();
    put(&mut cpu, N, 0);
    let (text, _) = drawn(&cpu, None);
    assert!(text.contains("(no puzzle read yet)"), "{text}");
    put(&mut cpu, N, 26);
    let (text, _) = drawn(&cpu, None);
    assert!(text.contains("(no puzzle read yet)"), "{text}");
}
