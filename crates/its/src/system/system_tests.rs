//! Tests of the trap handler ([`super`]).

use super::*;

use crate::machine::tests::Core;
use crate::names::tests::scratch;
use crate::tty::{Input, Output};

fn six(s: &str) -> Sixbit {
    Sixbit::new(s).unwrap()
}

fn system(jcl: Option<&str>) -> System {
    let dir = scratch("sys");
    std::fs::create_dir(dir.join("data")).unwrap();
    std::fs::write(dir.join("data/a.b"), "AB\n").unwrap();
    let mut vars = Vars::new(six("ME"), six("PROG"), six("DATA"), 0);
    vars.hsname = six("DATA");
    let terminal = Terminal::new(
        Input::Bytes(Default::default()),
        Output::Capture(Vec::new()),
    );
    let dsk = DskRoot::new(&dir).unwrap();
    System::new(
        dsk,
        terminal,
        vars,
        jcl,
        Clock::Fixed(0),
        Image::default(),
        FileName::default(),
    )
}

/// Runs the UUO `word` (at 100, effective address `e`): Ok(skipped).
fn uuo(sys: &mut System, core: &mut Core, word: u64, e: u32) -> Result<bool, Outcome> {
    let trap = ka10::Trap {
        kind: ka10::TrapKind::MonitorUuo,
        pc: 0o100,
        instruction: Word::new(word),
        effective_address: e,
    };
    match sys.handle(core, trap) {
        Ok(ka10::Resume::Skip) => Ok(true),
        Ok(ka10::Resume::Next) => Ok(false),
        Ok(_) => panic!("unexpected resume"),
        Err(Ending::Outcome(o)) => Err(o),
        Err(Ending::Host(e)) => panic!("host error {e}"),
        Err(Ending::Reslice(_)) => panic!("unexpected reslice"),
    }
}

fn core() -> Core {
    Core(vec![Word::ZERO; 0o2000])
}

#[test]
fn rjcl_stops_at_a_fence_or_a_zero_word() {
    let mut sys = system(Some("ABCDEFGHIJKLMNOP"));
    let mut c = core();
    c.0[0o300] = Word::new(0o000005_000200); // ..RJCL,,200
    c.0[0o203] = Word::new(0o777); // the fence
    assert_eq!(uuo(&mut sys, &mut c, 0o045500_000300, 0o300), Ok(false));
    let words = jcl_words("ABCDEFGHIJKLMNOP");
    assert_eq!(&c.0[0o200..0o203], &words[..3]);
    assert_eq!(c.0[0o203], Word::new(0o777), "the fence is kept");
    // No fence: up to and including the zero word.
    let mut c = core();
    c.0[0o300] = Word::new(0o000005_000200);
    uuo(&mut sys, &mut c, 0o045500_000300, 0o300).unwrap();
    assert_eq!(&c.0[0o200..0o205], &words[..]);
    // No JCL: one zero word.
    let mut sys = system(None);
    let mut c = core();
    c.0[0o300] = Word::new(0o000005_000200);
    c.0[0o200] = Word::new(5);
    uuo(&mut sys, &mut c, 0o045500_000300, 0o300).unwrap();
    assert_eq!(c.0[0o200], Word::ZERO);
    assert_eq!(c.0[0o201], Word::ZERO);
}

#[test]
fn rstp_gives_minus_the_symbol_table_length() {
    let mut sys = system(None);
    sys.image.symbols = vec![(0o100, "GO".into()), (0o200, "LOOP".into())];
    let mut c = core();
    c.0[0o300] = Word::new(0o000003_000310); // ..RSTP,,310
    assert_eq!(uuo(&mut sys, &mut c, 0o045500_000300, 0o300), Ok(false));
    assert_eq!(c.0[0o310], Word::from_halves(0o777774, 0));
    sys.image.symbols.clear();
    uuo(&mut sys, &mut c, 0o045500_000300, 0o300).unwrap();
    assert_eq!(c.0[0o310], Word::ZERO);
}

#[test]
fn suset_block_mode_updates_the_pointer() {
    let mut sys = system(None);
    let mut c = core();
    c.0[0o300] = Word::new(0o777776_000310); // -2,,310 with bit 4.8 set below
    c.0[0o300] = Word::new(c.0[0o300].raw() | 0o200000_000000);
    c.0[0o310] = Word::new(0o000004_000320); // .RUNAME,,320
    c.0[0o311] = Word::new(0o000005_000321); // .RJNAME,,321
    assert_eq!(uuo(&mut sys, &mut c, 0o043540_000300, 0o300), Ok(false));
    assert_eq!(c.0[0o320], six("ME").0);
    assert_eq!(c.0[0o321], six("PROG").0);
    assert_eq!(c.0[0o300].left() & 0o177777, 0, "counted out");
    // Writing .SNAME, then reading it back.
    c.0[0o330] = six("OTHER").0;
    c.0[0o301] = Word::new(0o400016_000330);
    uuo(&mut sys, &mut c, 0o043540_000301, 0o301).unwrap();
    assert_eq!(sys.vars.sname, six("OTHER"));
    // A variable ITS has but the shim does not keep.
    c.0[0o302] = Word::new(0o000070_000331); // .RMBOX
    assert!(matches!(
        uuo(&mut sys, &mut c, 0o043540_000302, 0o302),
        Err(Outcome::Unimplemented { .. })
    ));
}

#[test]
fn call_open_errors_reach_the_program() {
    let mut sys = system(None);
    let mut c = core();
    let block = [
        0o400000_000000,
        six("OPEN").0.raw(),
        0o003000_000400, // %CLERR,,400
        0o001000_000002, // %CLIMM,,2
        0o000000_000401, // device at 401
        0o000000_000402,
        0o400000_000403,
    ];
    for (k, w) in block.iter().enumerate() {
        c.0[0o300 + k] = Word::new(*w);
    }
    c.0[0o401] = six("DSK").0;
    c.0[0o402] = six("NONE").0;
    c.0[0o403] = six("B").0;
    assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(false));
    assert_eq!(c.0[0o400], Word::new(4));
    assert_eq!(sys.status_word(2), Word::new(0o000004_000000));
    assert_eq!(sys.vars.bchn, 2);
    // The file that exists: skip, error argument zeroed.
    c.0[0o402] = six("A").0;
    assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(true));
    assert_eq!(c.0[0o400], Word::ZERO);
    assert_eq!(sys.status_word(2), Word::new(0o43), "DSK, unit ASCII input");
    // Too few arguments: 30.
    c.0[0o303] = Word::new(0o401000_000002);
    assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(false));
    assert_eq!(c.0[0o400], Word::new(0o30));
    // A name ITS does not have: 43; one it has: not implemented.
    c.0[0o301] = six("NOSUCH").0;
    assert_eq!(uuo(&mut sys, &mut c, 0o043000_000300, 0o300), Ok(false));
    assert_eq!(c.0[0o400], Word::new(0o43));
    c.0[0o301] = six("DETACH").0;
    assert!(matches!(
        uuo(&mut sys, &mut c, 0o043000_000300, 0o300),
        Err(Outcome::Unimplemented { .. })
    ));
    // Not SETZ first: an illegal operation.
    c.0[0o300] = Word::ZERO;
    assert!(matches!(
        uuo(&mut sys, &mut c, 0o043000_000300, 0o300),
        Err(Outcome::ProgramError { .. })
    ));
}

#[test]
fn non_ka10_opcodes_and_io_instructions_are_illegal() {
    let mut sys = system(None);
    let mut c = core();
    for (kind, word) in [
        (ka10::TrapKind::Unimplemented, 0o100000_000000u64),
        (ka10::TrapKind::Io, 0o700200_000000),
    ] {
        let trap = ka10::Trap {
            kind,
            pc: 0o100,
            instruction: Word::new(word),
            effective_address: 0,
        };
        match sys.handle(&mut c, trap) {
            Err(Ending::Outcome(Outcome::ProgramError { message, .. })) => {
                assert!(message.starts_with("ILOPR; 100>>"), "{message}")
            }
            _ => panic!("{word:o} should be an illegal instruction"),
        }
    }
}

#[test]
fn tty_status_and_uuo_errors() {
    let mut sys = system(None);
    let mut c = core();
    c.0[0o300] = Word::new(0o000001_646471); // .UAO,,'TTY
    assert_eq!(uuo(&mut sys, &mut c, 0o041040_000300, 0o300), Ok(true));
    uuo(&mut sys, &mut c, 0o046040_000310, 0o310).unwrap(); // .STATUS 1,310
    assert_eq!(c.0[0o310], Word::new(0o010102), "output, owned, display");
    // .IOT on a closed channel: an IOC error, fatal.
    assert!(matches!(
        uuo(&mut sys, &mut c, 0o040140_000001, 1),
        Err(Outcome::ProgramError { .. })
    ));
    // .USET: no USR channel can exist.
    assert!(matches!(
        uuo(&mut sys, &mut c, 0o044040_000300, 0o300),
        Err(Outcome::ProgramError { .. })
    ));
    // Opcode 050: no system call.
    assert!(matches!(
        uuo(&mut sys, &mut c, 0o050000_000000, 0),
        Err(Outcome::ProgramError { .. })
    ));
}

#[test]
fn jcl_is_packed_ascii_ending_in_cr() {
    let words = jcl_words("PUZZL1");
    // "PUZZL" "1^M" then the zero word.
    assert_eq!(words.len(), 3);
    assert_eq!(words[0], pdp10_isa::evacuated::text_to_words(b"PUZZL")[0]);
    assert_eq!(words[1].raw(), (0o061u64 << 29) | (0o015 << 22));
    assert_eq!(words[2], Word::ZERO);
    assert_eq!(
        jcl_words("ABCD").len(),
        2,
        "ABCD^M fills one word, then zero"
    );
}
