//! The watch view drawn on a fixed memory image, as text.

use super::*;
use ratatui::backend::TestBackend;
use ratatui::Terminal;

/// A 4x4 sudoku in sudoku.mid's layout: clues at cells 0 and 5, a single
/// at cell 1, a guess at cell 2 (one frame on the stack), the rest empty.
fn machine() -> (Cpu, SymbolTable) {
    let names = [
        ("N", 0o1000),
        ("BR", 0o1004),
        ("BC", 0o1005),
        ("GIV", 0o1100),
        ("VAL", 0o1200),
        ("EMP", 0o1300),
        ("POS", 0o1400),
        ("NE", 0o1001),
        ("STK", 0o1500),
        ("NGUESS", 0o1002),
        ("NBACK", 0o1003),
        ("NSOL", 0o1006),
        ("SOL", 0o1600),
        ("S", 0o16),
        ("LOOP", 0o100),
    ];
    let symbols = SymbolTable::new(names.iter().map(|&(n, v)| (n, v, false)));
    let mut cpu = Cpu::new(0o10000);
    let mut put = |a: u32, v: u64| assert!(cpu.write(a, Word::new(v)));
    put(0o1000, 4);
    put(0o1004, 2);
    put(0o1005, 2);
    put(0o1100, 1); // clue 1 at cell 0
    put(0o1105, 3); // clue 3 at cell 5
                    // Empty cells 1, 2, 3, 4, 6..15: EMP holds them, the placed ones last.
    let empty: Vec<u64> = (0..16).filter(|c| *c != 0 && *c != 5).collect();
    // Place cell 1 (a single) then cell 2 (a guess): they go to the end.
    let mut order: Vec<u64> = empty
        .iter()
        .copied()
        .filter(|c| *c != 1 && *c != 2)
        .collect();
    order.push(2); // EMP[12]: the guess
    order.push(1); // EMP[13]: the single, placed first
    for (i, c) in order.iter().enumerate() {
        put(0o1300 + i as u32, *c);
        put(0o1400 + *c as u32, i as u64);
    }
    put(0o1001, 12); // NE: EMP[0..12] still empty
    put(0o1201, 1 << 1); // cell 1 = 2
    put(0o1202, 1 << 3); // cell 2 = 4
    put(0o1500, 13); // frame: NE before the guess, so EMP[12] is the guess
    put(0o1501, 0);
    put(0o16, 0o1501); // AC S: the top of the guess stack
    put(0o1002, 7);
    put(0o1003, 3);
    cpu.write(0o102, Word::new(0o200040_001000)); // MOVE 1,N
    cpu.set_pc(0o102);
    (cpu, symbols)
}

fn drawn(view: &View) -> (String, ratatui::buffer::Buffer) {
    let (cpu, symbols) = machine();
    let mut terminal = Terminal::new(TestBackend::new(60, 20)).unwrap();
    let figures = Figures {
        instructions: 1234567,
        mips: 150.0,
        speed: "full speed".into(),
        ended: None,
    };
    terminal
        .draw(|f| draw(f, &cpu, &symbols, view, &figures, "SOLVING\r\nLINE 2\n"))
        .unwrap();
    let buffer = terminal.backend().buffer().clone();
    (buffer_text(&buffer), buffer)
}

#[test]
fn the_board_in_colours() {
    let (text, buffer) = drawn(&View::Sudoku);
    insta::assert_snapshot!(text);
    // Row 0 is "1 2 4 ." after the border: clue bold, single green, guess yellow.
    let row = 3;
    let cell = |x: u16| buffer[(x, row)].clone();
    assert_eq!(cell(1).symbol(), "1");
    assert!(cell(1).modifier.contains(Modifier::BOLD));
    assert_eq!((cell(3).symbol(), cell(3).fg), ("2", Color::Green));
    assert_eq!((cell(6).symbol(), cell(6).fg), ("4", Color::Yellow));
    assert_eq!((cell(8).symbol(), cell(8).fg), (".", Color::DarkGray));
}

#[test]
fn a_region_in_a_ddt_mode() {
    let (cpu, symbols) = machine();
    let _ = cpu;
    let view = View::parse("NE,3/C", &symbols).unwrap();
    let (text, _) = drawn(&view);
    insta::assert_snapshot!(text);
    assert_eq!(
        View::parse("NOSUCH", &symbols),
        Err("no symbol NOSUCH in the program".to_string())
    );
    assert!(View::parse("N/Q", &symbols).is_err());
    assert_eq!(View::parse("", &symbols), Ok(View::Sudoku));
    assert_eq!(View::parse("", &SymbolTable::default()), Ok(View::AroundPc));
    let (text, _) = drawn(&View::AroundPc);
    assert!(text.contains("│LOOP+2/   MOVE 1,N "), "{text}");
}
