//! ITS's names for its system calls, user variables and interrupt bits, as
//! ITS itself defines them (`src/system/its.1652`: the `.OPER` list in
//! OPRIRP, the user variables in USTIRP, the table SYSYMB that `.GETSYS`
//! area CALLS gives; `src/system/bits.117`; `doc/sysdoc/usets.120`).
//! Written for mutation testing (docs/mutants.md).

use pdp10_isa::its::{bit_symbol, oper_number, system_symbol_table, uset_number};
use pdp10_isa::squoze::{encode, GLOBAL, HALF_KILLED};

#[test]
fn uset_variable_numbers() {
    // USTIRP's order: UPC 0, VAL 1, ..., SNAME 16, PICLR 17; reading is
    // the number, setting adds 400000 (usets.120: bit 4.9 of the spec).
    assert_eq!(uset_number(".RUPC"), 0);
    assert_eq!(uset_number(".RUNAME"), 4);
    assert_eq!(uset_number(".RPICLR"), 0o17);
    // Six characters count: SNAME reads as .RSNAM.
    assert_eq!(uset_number(".RSNAM"), 0o16);
    assert_eq!(uset_number(".SPICLR"), 0o400017);
}

#[test]
fn oper_numbers() {
    // OPRIRP counts from 1: ITYI 1, CLOSE 7, RDTIME 17, LOGOUT 33, IOPDL 57.
    assert_eq!(oper_number(".ITYI"), 1);
    assert_eq!(oper_number(".CLOSE"), 7);
    assert_eq!(oper_number(".LOGOUT"), 0o33);
    assert_eq!(oper_number(".IOPDL"), 0o57);
}

#[test]
fn interrupt_bits() {
    // bits.117: %PIMPV==:20000, %PIPDL==:200000, %PIILO==:40.
    assert_eq!(bit_symbol("%PIMPV"), 0o20000);
    assert_eq!(bit_symbol("%PIPDL"), 0o200000);
    assert_eq!(bit_symbol("%PIILO"), 0o40);
}

#[test]
fn the_system_symbol_table() {
    // SYSYMB: `SQUOZE 44,` (half-killed global) for the user variables
    // and the bits, `SQUOZE 4,` (global) for the UUOs and their families.
    let table = system_symbol_table();
    let entry = |name: &str| {
        let sq = encode(name).unwrap();
        let found: Vec<_> = table
            .iter()
            .filter(|(w, _)| w & ((1 << 32) - 1) == sq)
            .collect();
        assert_eq!(found.len(), 1, "{name} once");
        *found[0]
    };
    let hk = HALF_KILLED | GLOBAL;
    assert_eq!(entry(".RPICLR"), (hk | encode(".RPICLR").unwrap(), 0o17));
    assert_eq!(
        entry(".SPICLR"),
        (hk | encode(".SPICLR").unwrap(), 0o400017)
    );
    assert_eq!(entry("%PIMPV"), (hk | encode("%PIMPV").unwrap(), 0o20000));
    assert_eq!(
        entry(".IOT"),
        (GLOBAL | encode(".IOT").unwrap(), 0o040000_000000)
    );
    assert_eq!(
        entry(".IOPDL"),
        (GLOBAL | encode(".IOPDL").unwrap(), 0o042000_000057)
    );
    assert_eq!(
        entry(".LOSE"),
        (GLOBAL | encode(".LOSE").unwrap(), 0o043100_000000)
    );
    assert_eq!(
        entry(".POTSET"),
        (GLOBAL | encode(".POTSET").unwrap(), 0o043700_000000)
    );
    assert_eq!(
        entry(".ACCESS"),
        (GLOBAL | encode(".ACCESS").unwrap(), 0o047000_000000)
    );
    // The user variables come first, .RUPC at the head.
    assert_eq!(table[0], (hk | encode(".RUPC").unwrap(), 0));
}
