//! Channel modes, status words, byte sizes and block-mode transfers, checked
//! through small hand-assembled jobs against ITS's documentation:
//! `doc/sysdoc/uuos.114` (.OPEN, .IOT, .ACCESS), `doc/sysdoc/_calls.127`
//! (STATUS, FILLEN, RFPNTR, the .CALL block) and the end-of-file rules of
//! `.IOT` (unit ASCII input at end of file gives -1,,^C; unit image input
//! past the end is an I/O channel error). Written for mutation testing
//! (docs/mutants.md): TTY/DSK mode decoding was never checked before.

use its::{Job, JobConfig, Outcome, Sixbit};
use pdp10_isa::evacuated;
use pdp10_isa::Word;
use std::fs;
use std::path::{Path, PathBuf};

/// Where the code starts, where literals go, and a data area.
const CODE: u32 = 0o100;
const LITS: u32 = 0o1000;
const DATA: u32 = 0o1400;

/// A program under construction: code at 100, literals at 1000.
struct Program {
    code: Vec<u64>,
    lits: Vec<u64>,
}

fn sixbit(s: &str) -> u64 {
    Sixbit::new(s).unwrap().0.raw()
}

/// Three SIXBIT characters right-justified, as in word 0 of a .OPEN block.
fn device(s: &str) -> u64 {
    sixbit(s) >> 18
}

fn ins(op: u64, ac: u64, y: u32) -> u64 {
    op << 27 | ac << 23 | y as u64
}

impl Program {
    fn new() -> Program {
        Program {
            code: Vec::new(),
            lits: Vec::new(),
        }
    }

    /// The address of a literal holding `words`.
    fn lit(&mut self, words: &[u64]) -> u32 {
        let at = LITS + self.lits.len() as u32;
        self.lits.extend_from_slice(words);
        at
    }

    fn emit(&mut self, word: u64) -> &mut Program {
        self.code.push(word);
        self
    }

    /// `.OPEN ch,[mode,,dev ? fn1 ? fn2]` then `.LOSE %LSFIL` if it fails.
    fn open(&mut self, ch: u64, mode: u64, dev: &str, fn1: &str, fn2: &str) -> &mut Program {
        let block = self.lit(&[mode << 18 | device(dev), sixbit(fn1), sixbit(fn2)]);
        self.emit(ins(0o041, ch, block));
        self.emit(0o043100_001400)
    }

    /// `.IOT ch,addr`.
    fn iot(&mut self, ch: u64, addr: u32) -> &mut Program {
        self.emit(ins(0o040, ch, addr))
    }

    /// `.IOT ch,[word]` for output.
    fn out(&mut self, ch: u64, word: u64) -> &mut Program {
        let at = self.lit(&[word]);
        self.iot(ch, at)
    }

    /// `.STATUS ch,addr`.
    fn status(&mut self, ch: u64, addr: u32) -> &mut Program {
        self.emit(ins(0o046, ch, addr))
    }

    /// `.ACCESS ch,[pointer]`.
    fn access(&mut self, ch: u64, pointer: u64) -> &mut Program {
        let at = self.lit(&[pointer]);
        self.emit(ins(0o047, ch, at))
    }

    /// `.CALL [SETZ ? SIXBIT /name/ ? 1000,,ch ? 2000,,out ? ... ]` with one
    /// output value per address in `outs`, then `.LOSE` if it fails.
    fn call(&mut self, name: &str, ch: u64, outs: &[u32]) -> &mut Program {
        let mut block = vec![0o400000_000000, sixbit(name), 0o001000 << 18 | ch];
        for &o in outs {
            block.push(0o002000 << 18 | o as u64);
        }
        *block.last_mut().unwrap() |= 1 << 35;
        let at = self.lit(&block);
        self.emit(ins(0o043, 0, at));
        self.emit(0o043100_001000)
    }

    /// `.CALL [SETZ ? SIXBIT /name/ ? args...]` (the last arg gets SETZ),
    /// then `.LOSE` if it fails.
    fn call_args(&mut self, name: &str, args: &[u64]) -> &mut Program {
        let mut block = vec![0o400000_000000, sixbit(name)];
        block.extend_from_slice(args);
        *block.last_mut().unwrap() |= 1 << 35;
        let at = self.lit(&block);
        self.emit(ins(0o043, 0, at));
        self.emit(0o043100_001000)
    }

    /// `.CLOSE ch,`.
    fn close(&mut self, ch: u64) -> &mut Program {
        self.emit(ins(0o042, ch, 0o7))
    }

    /// `MOVE 1,addr`, then `.IOT ch,1`: types the word at addr.
    fn type_word(&mut self, ch: u64, addr: u32) -> &mut Program {
        self.emit(ins(0o200, 1, addr));
        self.emit(ins(0o040, ch, 1))
    }

    /// `.LOGOUT 1,`, then runs the job on `dsk` with `input` as terminal
    /// input and directory `D`.
    fn run(&mut self, dsk: &Path, input: &[u8]) -> (Job, Outcome) {
        self.emit(0o042040_000033);
        assert!(self.code.len() < (LITS - CODE) as usize);
        let image = its::loader::Image {
            blocks: vec![
                (CODE, self.code.iter().map(|&w| Word::new(w)).collect()),
                (LITS, self.lits.iter().map(|&w| Word::new(w)).collect()),
            ],
            start: Word::new(0o254000_000000 | CODE as u64),
            core: its::loader::PAGE,
            symbols: vec![],
            read_only: vec![],
            shared: vec![],
        };
        let mut config = JobConfig::captured(dsk, "TEST", None);
        config.sname = Sixbit::new("D").unwrap();
        config.terminal = its::tty::Terminal::new(
            its::tty::Input::Bytes(input.iter().copied().collect()),
            its::tty::Output::Capture(Vec::new()),
        );
        let mut job = Job::new(&image, config).unwrap();
        let outcome = job.run(100_000, &mut ka10::NoTrace).unwrap();
        (job, outcome)
    }
}

fn word(job: &Job, addr: u32) -> u64 {
    job.cpu().read(addr).unwrap().raw()
}

/// A fresh DSK folder with a directory `d` holding `files`.
fn dsk(tag: &str, files: &[(&str, &[u8])]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("its-mutants-{}-{tag}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(dir.join("d")).unwrap();
    for (name, bytes) in files {
        fs::write(dir.join("d").join(name), bytes).unwrap();
    }
    dir
}

fn finished(outcome: &Outcome) {
    assert_eq!(outcome.exit_status(), 0, "{outcome:?}");
}

#[test]
fn status_words_give_mode_and_device() {
    // 1.9-1.7: image, block, output as opened; 1.6-1.1 the device code:
    // 0 TTY input, 1 or 2 TTY output, 21 NUL, 43 DSK; 2.4 the job has the TTY.
    let d = dsk("status", &[("in.txt", b"HELLO\n")]);
    let mut p = Program::new();
    p.open(1, 0o1, "TTY", "", "")
        .open(2, 0o0, "TTY", "", "")
        .open(3, 0o0, "DSK", "IN", "TXT")
        .open(4, 0o6, "DSK", "IN", "TXT")
        .open(5, 0o3, "DSK", "OUT", "TXT")
        .open(6, 0o4, "NUL", "", "")
        .open(7, 0o5, "NUL", "", "");
    for ch in 1..=7 {
        p.status(ch, DATA + ch as u32);
    }
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    let status = |ch: u32| word(&job, DATA + ch);
    let tty_out = status(1);
    assert_eq!(tty_out & 0o777, 0o100 | (tty_out & 0o77), "{tty_out:o}");
    assert!(matches!(tty_out & 0o77, 1 | 2), "{tty_out:o}");
    assert_ne!(tty_out & 0o10000, 0, "2.4: the job has the TTY");
    let tty_in = status(2);
    assert_eq!(tty_in & 0o777, 0, "{tty_in:o}");
    assert_ne!(tty_in & 0o10000, 0, "2.4: the job has the TTY");
    assert_eq!(status(3) & 0o777, 0o043);
    assert_eq!(status(4) & 0o777, 0o600 | 0o043);
    assert_eq!(status(5) & 0o777, 0o300 | 0o043);
    assert_eq!(status(6) & 0o777, 0o400 | 0o021);
    assert_eq!(status(7) & 0o777, 0o500 | 0o021);
    // No error numbers in bits 4.5-3.1 of a healthy channel.
    for ch in 1..=7 {
        assert_eq!(status(ch) >> 18 & 0o37777, 0, "channel {ch}");
    }
}

#[test]
fn unit_ascii_reads_characters_with_7_bit_bytes() {
    // "AB" LF on the host is A B CR LF in ITS: four characters, then -1,,^C.
    let d = dsk("unit", &[("in.txt", b"AB\n")]);
    let mut p = Program::new();
    p.open(1, 0o0, "DSK", "IN", "TXT");
    for k in 0..6 {
        p.iot(1, DATA + k);
    }
    p.call("FILLEN", 1, &[DATA + 0o10, DATA + 0o11]);
    p.call("RFPNTR", 1, &[DATA + 0o12, DATA + 0o13]);
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    let got: Vec<u64> = (0..6).map(|k| word(&job, DATA + k)).collect();
    assert_eq!(
        got,
        vec![0o101, 0o102, 0o015, 0o012, 0o777777_000003, 0o777777_000003]
    );
    // FILLEN: the length in bytes of the channel's size, and that size.
    assert_eq!(word(&job, DATA + 0o10), 4);
    assert_eq!(word(&job, DATA + 0o11), 7);
    // RFPNTR: at the end, in 7-bit bytes.
    assert_eq!(word(&job, DATA + 0o12), 4);
    assert_eq!(word(&job, DATA + 0o13), 7);
}

#[test]
fn image_mode_reads_words_with_36_bit_bytes() {
    let text = b"HELLO, WORLD\n";
    let words = evacuated::decode(text).unwrap();
    assert_eq!(words.len(), 3);
    let d = dsk("image", &[("in.txt", text)]);
    let mut p = Program::new();
    p.open(1, 0o4, "DSK", "IN", "TXT")
        .iot(1, DATA)
        .call("RFPNTR", 1, &[DATA + 0o12, DATA + 0o13])
        .call("FILLEN", 1, &[DATA + 0o10, DATA + 0o11])
        .access(1, 2)
        .iot(1, DATA + 1)
        .access(1, 0)
        .iot(1, DATA + 2);
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(word(&job, DATA), words[0].raw());
    assert_eq!(word(&job, DATA + 0o12), 1, "one word read");
    assert_eq!(word(&job, DATA + 0o13), 36);
    assert_eq!(word(&job, DATA + 0o10), 3, "three words long");
    assert_eq!(word(&job, DATA + 0o11), 36);
    // .ACCESS counts words on an image channel.
    assert_eq!(word(&job, DATA + 1), words[2].raw());
    assert_eq!(word(&job, DATA + 2), words[0].raw());
}

#[test]
fn access_counts_characters_on_a_unit_ascii_channel() {
    let d = dsk("access", &[("in.txt", b"ABCDEFGHIJ")]);
    let mut p = Program::new();
    p.open(1, 0o0, "DSK", "IN", "TXT")
        .access(1, 7)
        .iot(1, DATA)
        .access(1, 0)
        .iot(1, DATA + 1)
        .access(1, 10)
        .iot(1, DATA + 2);
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(word(&job, DATA), b'H' as u64);
    assert_eq!(word(&job, DATA + 1), b'A' as u64);
    assert_eq!(word(&job, DATA + 2), 0o777777_000003, "at the end: -1,,^C");
}

#[test]
fn unit_image_input_past_the_end_stops_the_job() {
    let d = dsk("pastend", &[("in.txt", b"HELLO")]);
    let mut p = Program::new();
    p.open(1, 0o4, "DSK", "IN", "TXT").iot(1, DATA).iot(1, DATA);
    let (_, outcome) = p.run(&d, b"");
    assert_eq!(outcome.exit_status(), 2, "{outcome:?}");
    // Setting the pointer beyond the end is also refused at the next .IOT.
    let mut p = Program::new();
    p.open(1, 0o0, "DSK", "IN", "TXT").access(1, 9).iot(1, DATA);
    let (_, outcome) = p.run(&d, b"");
    assert_eq!(outcome.exit_status(), 2, "{outcome:?}");
}

#[test]
fn block_ascii_output_writes_whole_words_and_counts_the_pointer_out() {
    let d = dsk("blockout", &[]);
    let text = evacuated::decode(b"HELLO WORLD\n").unwrap();
    let mut p = Program::new();
    let data = p.lit(&text.iter().map(|w| w.raw()).collect::<Vec<_>>());
    let pointer = p.lit(&[(0o1000000 - text.len() as u64) << 18 | data as u64]);
    p.open(1, 0o3, "DSK", "OUT", "TXT")
        .iot(1, pointer)
        .emit(ins(0o200, 2, pointer)) // MOVE 2,pointer
        .emit(ins(0o202, 2, DATA)) // MOVEM 2,DATA
        .close(1);
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    // "the pointer will have been fully counted out"
    assert_eq!(word(&job, DATA), data as u64 + text.len() as u64);
    // An ASCII file reads on the host as text (the ^C padding dropped).
    assert_eq!(fs::read(d.join("d/out.txt")).unwrap(), b"HELLO WORLD\n");
}

#[test]
fn block_image_output_keeps_every_word() {
    let d = dsk("blockimage", &[]);
    let words = [0o123456_654321u64, 0o000000_000003 << 1, 0o777777_777777];
    let mut p = Program::new();
    let data = p.lit(&words);
    let pointer = p.lit(&[(0o1000000 - 3) << 18 | data as u64]);
    p.open(1, 0o7, "DSK", "OUT", "BIN").iot(1, pointer).close(1);
    let (_, outcome) = p.run(&d, b"");
    finished(&outcome);
    let back = evacuated::decode(&fs::read(d.join("d/out.bin")).unwrap()).unwrap();
    let back: Vec<u64> = back.iter().map(|w| w.raw()).collect();
    assert_eq!(back, words);
}

#[test]
fn block_input_stops_at_the_end_without_counting_out() {
    let d = dsk("blockin", &[("in.txt", b"ABCDEFG")]);
    let mut p = Program::new();
    let pointer = p.lit(&[(0o1000000 - 4) << 18 | DATA as u64]);
    p.open(1, 0o2, "DSK", "IN", "TXT").iot(1, pointer);
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    let words = evacuated::decode(b"ABCDEFG").unwrap();
    assert_eq!(word(&job, DATA), words[0].raw());
    assert_eq!(word(&job, DATA + 1), words[1].raw(), "padded with ^C");
    assert_eq!(
        word(&job, pointer),
        (0o1000000 - 2) << 18 | (DATA as u64 + 2)
    );
}

#[test]
fn unit_ascii_output_and_partial_words() {
    // Characters written one by one, the file closed after a partial word:
    // the host file is the text, the ITS file padded with ^C.
    let d = dsk("unitout", &[]);
    let mut p = Program::new();
    p.open(1, 0o1, "DSK", "OUT", "TXT");
    for &c in b"ABCDEFG\r\n" {
        p.out(1, c as u64);
    }
    p.close(1);
    let (_, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(fs::read(d.join("d/out.txt")).unwrap(), b"ABCDEFG\n");
}

#[test]
fn block_mode_tty_output_drops_the_control_c_padding() {
    let d = dsk("ttyblock", &[]);
    let text = evacuated::decode(b"HI\n").unwrap(); // H I CR LF ^C
    let mut p = Program::new();
    let data = p.lit(&text.iter().map(|w| w.raw()).collect::<Vec<_>>());
    let pointer = p.lit(&[(0o1000000 - 1) << 18 | data as u64]);
    p.open(1, 0o3, "TTY", "", "")
        .iot(1, pointer)
        .emit(ins(0o200, 2, pointer))
        .emit(ins(0o202, 2, DATA));
    let (mut job, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(job.take_output(), b"HI\n");
    assert_eq!(word(&job, DATA), data as u64 + 1);
}

#[test]
fn tty_unit_ascii_and_image_output_differ() {
    // ASCII mode shows a control character as ^X; image mode passes it.
    let d = dsk("ttymode", &[]);
    let mut p = Program::new();
    p.open(1, 0o1, "TTY", "", "")
        .open(2, 0o5, "TTY", "", "")
        .out(1, 0o001)
        .out(2, 0o001)
        .out(1, b'A' as u64)
        .out(2, b'B' as u64);
    let (mut job, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(job.take_output(), b"^A\x01AB");
}

#[test]
fn tty_input_in_unit_and_block_mode() {
    // Unit mode: one character, host LF read as CR; block mode packs five
    // characters a word and stops after the ^C that ends the input.
    let d = dsk("ttyin", &[]);
    let mut p = Program::new();
    let pointer = p.lit(&[(0o1000000 - 3) << 18 | (DATA as u64 + 2)]);
    p.open(1, 0o0, "TTY", "", "")
        .open(2, 0o2, "TTY", "", "")
        .iot(1, DATA)
        .iot(1, DATA + 1)
        .iot(2, pointer);
    let (job, outcome) = p.run(&d, b"X\nABCDEFG");
    finished(&outcome);
    assert_eq!(word(&job, DATA), b'X' as u64);
    assert_eq!(word(&job, DATA + 1), 0o015);
    let pack = |c: &[u8]| c.iter().fold(0u64, |w, &b| (w << 7) | b as u64) << 1;
    assert_eq!(word(&job, DATA + 2), pack(b"ABCDE"));
    assert_eq!(word(&job, DATA + 3), pack(b"FG\x03\x03\x03"));
    assert_eq!(
        word(&job, pointer),
        (0o1000000 - 1) << 18 | (DATA as u64 + 4)
    );
}

#[test]
fn the_nul_device_reads_zeros_and_swallows_output() {
    let d = dsk("nul", &[]);
    let mut p = Program::new();
    let pointer = p.lit(&[(0o1000000 - 2) << 18 | (DATA as u64 + 1)]);
    // Fill the data area with ones first.
    p.emit(ins(0o474, 0, DATA)) // SETOM DATA
        .emit(ins(0o474, 0, DATA + 1))
        .emit(ins(0o474, 0, DATA + 2))
        .open(1, 0o4, "NUL", "", "")
        .open(2, 0o6, "NUL", "", "")
        .open(3, 0o1, "NUL", "", "")
        .iot(1, DATA)
        .iot(2, pointer)
        .out(3, b'A' as u64)
        .type_word(3, DATA);
    let (mut job, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(word(&job, DATA), 0);
    assert_eq!(word(&job, DATA + 1), 0);
    assert_eq!(word(&job, DATA + 2), 0);
    assert_eq!(word(&job, pointer), DATA as u64 + 3);
    assert_eq!(job.take_output(), b"");
}

#[test]
fn opening_a_dsk_file_needs_both_names() {
    let d = dsk("names", &[("in.txt", b"X")]);
    for (fn1, fn2) in [("", "TXT"), ("IN", "")] {
        let mut p = Program::new();
        p.open(1, 0o0, "DSK", fn1, fn2);
        let (_, outcome) = p.run(&d, b"");
        assert_eq!(outcome.exit_status(), 2, "{fn1:?} {fn2:?}: {outcome:?}");
    }
}

#[test]
fn display_mode_is_open_bit_1_5_or_tjdis() {
    // On a channel opened in display mode ^P starts a display command (^PC
    // clears the screen); otherwise it prints as ^P.
    let d = dsk("display", &[]);
    for (mode, display) in [(0o1, false), (0o21, true), (0o4001, true), (0o5, false)] {
        let mut p = Program::new();
        p.open(1, mode, "TTY", "", "")
            .out(1, 0o020)
            .out(1, b'C' as u64);
        let (mut job, outcome) = p.run(&d, b"");
        finished(&outcome);
        let out = job.take_output();
        if display {
            assert_eq!(out, b"\x1b[H\x1b[2J", "mode {mode:o}");
        } else if mode & 4 != 0 {
            assert_eq!(out, b"\x10C", "mode {mode:o}");
        } else {
            assert_eq!(out, b"^PC", "mode {mode:o}");
        }
    }
}

#[test]
fn sys_and_com_are_dsk_directories() {
    // SYS: is DSK:SYS; and COM: is DSK:COMMON; whatever .SNAME says.
    let dir = dsk("syscom", &[]);
    fs::create_dir(dir.join("sys")).unwrap();
    fs::create_dir(dir.join("common")).unwrap();
    fs::write(dir.join("sys/ts.x"), b"S").unwrap();
    fs::write(dir.join("common/ts.x"), b"C").unwrap();
    fs::write(dir.join("d/ts.x"), b"D").unwrap();
    let mut p = Program::new();
    p.open(1, 0, "SYS", "TS", "X")
        .open(2, 0, "COM", "TS", "X")
        .open(3, 0, "DSK", "TS", "X")
        .iot(1, DATA)
        .iot(2, DATA + 1)
        .iot(3, DATA + 2);
    let (job, outcome) = p.run(&dir, b"");
    finished(&outcome);
    assert_eq!(word(&job, DATA), b'S' as u64);
    assert_eq!(word(&job, DATA + 1), b'C' as u64);
    assert_eq!(word(&job, DATA + 2), b'D' as u64);
    // A device the shim does not have is refused.
    let mut p = Program::new();
    p.open(1, 0, "LPT", "", "");
    let (_, outcome) = p.run(&dir, b"");
    assert_eq!(outcome.exit_status(), 2, "{outcome:?}");
}

#[test]
fn siot_moves_exactly_count_bytes() {
    // SIOT: channel, byte pointer, byte count; the pointer and the count
    // are updated as bytes move.
    let d = dsk("siot", &[("in.txt", b"ABCDEFGH")]);
    let mut p = Program::new();
    let bp = DATA + 0o10;
    let count = DATA + 0o11;
    let init = p.lit(&[0o440700_000000 | DATA as u64, 3]);
    p.emit(ins(0o200, 1, init)) // MOVE 1,[440700,,DATA]
        .emit(ins(0o202, 1, bp)) // MOVEM 1,bp
        .emit(ins(0o200, 1, init + 1)) // MOVE 1,[3]
        .emit(ins(0o202, 1, count)) // MOVEM 1,count
        .open(1, 0, "DSK", "IN", "TXT")
        .call_args("SIOT", &[0o001000 << 18 | 1, bp as u64, count as u64])
        .iot(1, DATA + 1);
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    let pack = |c: &[u8]| c.iter().fold(0u64, |w, &b| (w << 7) | b as u64) << 1;
    assert_eq!(word(&job, DATA), pack(b"ABC\0\0"));
    assert_eq!(word(&job, count), 0);
    // Three increments from 44: P is 35, 26, then 17 (octal).
    assert_eq!(word(&job, bp), 0o170700_000000 | DATA as u64);
    // The next .IOT reads the fourth character.
    assert_eq!(word(&job, DATA + 1), b'D' as u64);
}

#[test]
fn access_on_an_output_channel_rewrites_in_place() {
    let d = dsk("rewrite", &[]);
    let mut p = Program::new();
    p.open(1, 0o1, "DSK", "OUT", "TXT");
    for &c in b"ABC" {
        p.out(1, c as u64);
    }
    p.access(1, 1).out(1, b'X' as u64).close(1);
    let (_, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(fs::read(d.join("d/out.txt")).unwrap(), b"AXC");
}

#[test]
fn a_raw_word_counts_five_characters() {
    // Text, a word stored raw (bit 35 set), more text: the file is three
    // words, and eleven characters in unit ASCII mode.
    let mut bytes = b"ABCDE".to_vec();
    bytes.extend_from_slice(&[0o360, 0, 0, 0, 1]);
    bytes.push(b'F');
    let d = dsk("raw", &[("in.bin", &bytes)]);
    let mut p = Program::new();
    p.open(1, 0o0, "DSK", "IN", "BIN")
        .open(2, 0o4, "DSK", "IN", "BIN")
        .call("FILLEN", 1, &[DATA])
        .call("FILLEN", 2, &[DATA + 1])
        .access(1, 10)
        .iot(1, DATA + 2)
        .iot(1, DATA + 3);
    let (job, outcome) = p.run(&d, b"");
    finished(&outcome);
    assert_eq!(word(&job, DATA), 11);
    assert_eq!(word(&job, DATA + 1), 3);
    assert_eq!(word(&job, DATA + 2), b'F' as u64);
    assert_eq!(word(&job, DATA + 3), 0o777777_000003);
}
