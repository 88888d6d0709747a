//! Tests of [`super`].

use super::*;

fn render(chars: &[u8], image: bool, display: bool) -> String {
    let mut t = Terminal::new(
        Input::Bytes(Default::default()),
        Output::Capture(Vec::new()),
    );
    let mut esc = Escape::None;
    for &c in chars {
        t.put(c, image, display, &mut esc).unwrap();
    }
    String::from_utf8(t.take_captured()).unwrap()
}

#[test]
fn crlf_is_the_host_line_end() {
    assert_eq!(render(b"HI\r\nTHERE\r\n", false, false), "HI\nTHERE\n");
    assert_eq!(render(b"A\rB\nC", false, false), "A\nB\nC");
    assert_eq!(render(b"\x01\x1b\x7f\t\x07", false, false), "^A$^?\t\x07");
    assert_eq!(render(b"A\r\n", true, false), "A\r\n");
}

#[test]
fn display_codes_become_ansi() {
    assert_eq!(render(b"\x10C", false, true), "\x1b[H\x1b[2J");
    // ^PV with line 2, ^PH with column 5.
    assert_eq!(
        render(b"\x10V\x0a\x10H\x0dX", false, true),
        "\x1b[3d\x1b[6GX"
    );
    assert_eq!(render(b"AB\x10A\x10A", false, true), "AB\n");
    // Without %TJDIS, ^P is just a control character.
    assert_eq!(render(b"\x10C", false, false), "^PC");
    let mut t = Terminal::new(
        Input::Bytes(Default::default()),
        Output::Capture(Vec::new()),
    );
    let mut esc = Escape::None;
    t.put(0o020, false, true, &mut esc).unwrap();
    assert!(matches!(
        t.put(b'9', false, true, &mut esc),
        Err(TtyError::Ioc(IocError::ILLEGAL_DISPLAY_CODE))
    ));
}

#[test]
fn host_line_ends_read_as_one_cr_and_non_ascii_is_refused() {
    let mut t = Terminal::new(
        Input::Bytes(b"a\r\nb\rc\n\nd\r\r\n\xc3\xa9".iter().copied().collect()),
        Output::Capture(Vec::new()),
    );
    let mut got = Vec::new();
    let error = loop {
        match t.get() {
            Ok(c) => got.push(c),
            Err(e) => break e,
        }
    };
    assert_eq!(got, b"a\rb\rc\r\rd\r\r");
    let TtyError::NotAscii { byte, offset } = error else {
        panic!("{error}")
    };
    assert_eq!((byte, offset), (0xc3, 12));
    assert!(
        error.to_string().contains("byte 13: 0xc3 is not ASCII"),
        "{error}"
    );
}

#[test]
fn input_line_end_is_cr_and_eof_is_one_control_c() {
    let mut t = Terminal::new(
        Input::Bytes(b"a\n".iter().copied().collect()),
        Output::Capture(Vec::new()),
    );
    assert_eq!(t.pending(), 2);
    assert_eq!(t.get().unwrap(), b'a');
    assert_eq!(t.get().unwrap(), 0o15);
    assert_eq!(t.get().unwrap(), 0o3);
    // Once: reading on would wait for ever on ITS.
    assert!(matches!(t.get(), Err(TtyError::InputEnded)));
    assert!(matches!(t.get(), Err(TtyError::InputEnded)));
}

/// Reads all of `typed` through a console with echo `on` and groups
/// `groups`; what was read and what the console showed.
fn typed(typed: &[u8], on: bool, groups: (u64, u64)) -> (Vec<u8>, String) {
    let mut t = Terminal::new(
        Input::Bytes(typed.to_vec().into()),
        Output::Capture(Vec::new()),
    );
    t.set_echo(on);
    t.set_groups(groups.0, groups.1);
    let read = (0..typed.len()).map(|_| t.get().unwrap()).collect();
    (read, String::from_utf8(t.take_captured()).unwrap())
}

#[test]
fn character_groups_are_itstty_s() {
    // itstty.41 G/1/a, one character of each group and the odd ones.
    let cases: &[(u8, usize)] = &[
        (0o000, 0),
        (0o006, 0),
        (0o013, 0),
        (0o014, 0),
        (0o016, 0),
        (0o022, 0),
        (0o024, 0),
        (0o032, 0),
        (0o034, 0),
        (0o036, 0),
        (0o037, 0),
        (b'A', 1),
        (b'z', 1),
        (b'0', 2),
        (b'9', 2),
        (b'!', 3),
        (b'"', 3),
        (b'#', 3),
        (b'$', 3),
        (b'%', 3),
        (b'&', 3),
        (b'\'', 3),
        (b',', 3),
        (b'.', 3),
        (b':', 3),
        (b';', 3),
        (b'?', 3),
        (b'@', 3),
        (b'\\', 3),
        (b'`', 3),
        (b'|', 3),
        (b'~', 3),
        (b'*', 4),
        (b'+', 4),
        (b'-', 4),
        (b'/', 4),
        (b'=', 4),
        (b'^', 4),
        (b'_', 4),
        (b'<', 5),
        (b'>', 5),
        (b'[', 5),
        (b']', 5),
        (b'(', 5),
        (b')', 5),
        (b'{', 5),
        (b'}', 5),
        (0o007, 0o6),
        (0o023, 0o6),
        (0o012, 0o7),
        (0o011, 0o7),
        (0o033, 0o10),
        (0o015, 0o11),
        (0o177, 0o12),
        (b' ', 0o13),
        (0o010, 0o13),
    ];
    for &(c, g) in cases {
        assert_eq!(group(c), g, "character {c:o}");
    }
}

#[test]
fn group_bits_come_from_the_group_s_byte() {
    // Group 1 (letters) is TTYST1's second byte, group 12 (rubout)
    // TTYST2's fifth.
    let groups = (0o000100_000000, 0o000000_004400);
    assert_eq!(group_bits(groups, b'Q'), 0o01);
    assert_eq!(group_bits(groups, b'7'), 0o00);
    assert_eq!(group_bits(groups, 0o177), 0o44);
    assert_eq!(group_bits(groups, b' '), 0o00);
    assert_eq!(group_bits(groups, 0o015), 0o00);
}

#[test]
fn character_mode_echoes_as_its_output_shows_it_but_not_rubout() {
    let (read, shown) = typed(b"a1\x01\x1b\x7f\r", true, DEFAULT_GROUPS);
    assert_eq!(read, b"a1\x01\x1b\x7f\r");
    assert_eq!(shown, "a1^A$\n");
}

#[test]
fn without_character_mode_nothing_is_echoed() {
    let (_, shown) = typed(b"abc\r", false, DEFAULT_GROUPS);
    assert_eq!(shown, "");
}

#[test]
fn a_group_without_pi_echo_is_not_echoed() {
    // TTYSET with group 1 (letters) only activating: digits echo,
    // letters do not.
    let groups = (0o230223_232323, DEFAULT_GROUPS.1);
    let (_, shown) = typed(b"a1b2", true, groups);
    assert_eq!(shown, "12");
}
