//! The opcode table, the ITS symbols MIDAS predefines and the
//! disassembler's treatment of ITS UUOs, checked against DEC's System
//! Reference Manual (opcode map, instruction format) and ITS's
//! `doc/sysdoc/uuos.114` (.OPER members are told apart by E, .CALL members
//! by the AC field). Written for mutation testing (docs/mutants.md).

use pdp10_isa::its::{predefined, uuo_name};
use pdp10_isa::opcodes::{all_names, lookup, OpName, ALIASES, IO_FUNCTIONS, MNEMONICS};
use pdp10_isa::{disassemble, Instruction, NoSymbols, Word};

fn value(name: &str) -> Option<u64> {
    predefined().find(|(n, _)| *n == name).map(|(_, v)| v)
}

fn d(w: u64) -> String {
    disassemble(Word::new(w), &NoSymbols).to_string()
}

#[test]
fn every_its_uuo_is_its_opcode() {
    for (name, op) in [
        (".IOT", 0o040u64),
        (".OPEN", 0o041),
        (".OPER", 0o042),
        (".CALL", 0o043),
        (".USET", 0o044),
        (".BREAK", 0o045),
        (".STATUS", 0o046),
        (".ACCESS", 0o047),
    ] {
        assert_eq!(value(name), Some(op << 27), "{name}");
    }
}

#[test]
fn call_family_members_are_told_apart_by_ac() {
    // .CALL with AC 1-16: .DISMIS 1, ... .POTSET 16.
    assert_eq!(value(".DISMIS"), Some(0o043040_000000));
    assert_eq!(value(".LOSE"), Some(0o043100_000000));
    assert_eq!(value(".CORE"), Some(0o043300_000000));
    assert_eq!(value(".POTSET"), Some(0o043700_000000));
    // .CALL itself is the UUO with AC 0, defined once.
    assert_eq!(predefined().filter(|(n, _)| *n == ".CALL").count(), 1);
}

#[test]
fn oper_members_are_told_apart_by_e() {
    assert_eq!(value(".ITYI"), Some(0o042000_000001));
    assert_eq!(value(".NETINT"), Some(0o042000_000111));
    assert_eq!(value(".IOPUSH"), Some(0o042000_000013));
}

#[test]
fn uuo_names_for_the_disassembler() {
    assert_eq!(uuo_name(0o040, 3, false, 0o100), Some((".IOT", false)));
    assert_eq!(uuo_name(0o047, 0, true, 0), Some((".ACCESS", false)));
    assert_eq!(uuo_name(0o043, 0, false, 5), Some((".CALL", false)));
    assert_eq!(uuo_name(0o043, 0o17, false, 5), Some((".CALL", false)));
    assert_eq!(uuo_name(0o043, 0o16, false, 5), Some((".POTSET", false)));
    // E computed through @ or an index register is not the member's number.
    assert_eq!(uuo_name(0o042, 1, true, 7), Some((".OPER", false)));
    assert_eq!(uuo_name(0o042, 1, false, 7), Some((".CLOSE", true)));
    assert_eq!(uuo_name(0o037, 0, false, 0), None);
    assert_eq!(uuo_name(0o050, 0, false, 0), None);
    // As the disassembler shows them.
    assert_eq!(d(0o042060_000007), ".OPER 1,@7");
    assert_eq!(d(0o042041_000007), ".OPER 1,7(1)");
    assert_eq!(d(0o042000_000007), ".CLOSE");
    assert_eq!(d(0o042000_000000), ".OPER");
    assert_eq!(d(0o046000_000100), ".STATUS 100");
    assert_eq!(d(0o043017_000000), ".CALL (17)");
}

#[test]
fn names_stand_for_their_words() {
    // Bits 0-8 the opcode, 9-12 the AC; I/O: 7 in bits 0-2, function 10-12.
    assert_eq!(
        OpName::Instruction {
            opcode: 0o777,
            ac: 0o17
        }
        .word(),
        0o777740_000000
    );
    assert_eq!(OpName::Io { function: 7 }.word(), 0o700340_000000);
    assert_eq!(lookup("BLKI"), Some(OpName::Io { function: 0 }));
    assert_eq!(lookup("CONSO"), Some(OpName::Io { function: 7 }));
    assert_eq!(
        lookup("CLEAR"),
        Some(OpName::Instruction {
            opcode: 0o400,
            ac: 0
        })
    );
    assert_eq!(
        lookup("JCRY"),
        Some(OpName::Instruction {
            opcode: 0o255,
            ac: 6
        })
    );
    // An opcode without a name is not found by the empty name.
    assert_eq!(lookup(""), None);
    assert_eq!(lookup("move"), None, "names are upper case");
}

#[test]
fn all_names_lists_every_instruction_alias_and_io_function() {
    let all: Vec<(&str, u64)> = all_names().collect();
    let named = MNEMONICS.iter().filter(|m| !m.is_empty()).count();
    assert_eq!(all.len(), named + ALIASES.len() + IO_FUNCTIONS.len());
    for (name, word) in [
        ("MOVE", 0o200000_000000u64),
        ("TSON", 0o677000_000000),
        ("HALT", 0o254200_000000),
        ("JOV", 0o255400_000000),
        ("DATAO", 0o700140_000000),
        ("CONSO", 0o700340_000000),
    ] {
        assert!(all.contains(&(name, word)), "{name}");
    }
    // Each name's word looks itself up.
    for (name, word) in &all {
        assert_eq!(lookup(name).map(|n| n.word()), Some(*word), "{name}");
    }
}

#[test]
fn instruction_fields_from_the_format() {
    //  0      8 9  12 13 14  17 18     35
    // | opcode |  AC | I |  X  |    Y    |
    let i = Instruction(Word::new(0o777777_777777));
    assert_eq!(i.opcode(), 0o777);
    assert_eq!(i.ac(), 0o17);
    assert!(i.indirect());
    assert_eq!(i.index(), 0o17);
    assert_eq!(i.y(), 0o777777);
    let i = Instruction(Word::new(0o000020_000000));
    assert!(i.indirect());
    assert_eq!((i.opcode(), i.ac(), i.index(), i.y()), (0, 0, 0, 0));
    let i = Instruction(Word::new(0o000740_000000));
    assert!(!i.indirect());
    assert_eq!((i.opcode(), i.ac(), i.index()), (0, 0o17, 0));
    // I/O: bits 0-2 all ones; device bits 3-9; function bits 10-12.
    let io = Instruction(Word::new(0o777774_000000));
    assert!(io.is_io());
    assert_eq!(io.device(), 0o774);
    assert_eq!(io.io_function(), 0o7);
    let io = Instruction(Word::new(0o700000_000000));
    assert!(io.is_io());
    assert_eq!((io.device(), io.io_function()), (0, 0));
    assert!(!Instruction(Word::new(0o677777_777777)).is_io());
    let io = Instruction(Word::new(0o700600_000000));
    assert_eq!((io.device(), io.io_function()), (0o4, 4), "CONO PI,");
    let io = Instruction(Word::new(0o700040_000000));
    assert_eq!((io.device(), io.io_function()), (0, 1), "DATAI APR,");
}
