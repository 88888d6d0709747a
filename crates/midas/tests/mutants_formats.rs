//! Word formats (`doc/info/midas`, node Words) for I/O instructions and the
//! rarer patterns, each word checked against real MIDAS 433 (`pdp10
//! midas-oracle`); the patterns the format table leaves undefined are
//! errors (real MIDAS: "Undefined format"). Written for mutation testing
//! (docs/mutants.md).

mod support;
use support::*;

#[test]
fn io_instructions_take_a_device_field() {
    // An I/O instruction's first field after the opcode is its device
    // (bits 3-9), its low two bits dropped.
    assert_eq!(
        words("CONO 200,5\nDATAI 4,1\nCONSZ 774,1000\nCONO 200,\nDATAO 124,\nBLKO 60,@3(4)"),
        vec![
            0o720200_000005,
            0o700440_000001,
            0o777700_001000,
            0o720200_000000,
            0o712540_000000,
            0o706124_000003,
        ]
    );
}

#[test]
fn the_rarer_defined_formats() {
    assert_eq!(
        words("5,\n1 2,\n1 2,3\n,5\n,,5\n1 2 3 4"),
        vec![5, 0o000100_000001, 0o000100_000004, 5, 5, 0o12]
    );
}

#[test]
fn undefined_formats_are_errors() {
    for p in [",1 2", ",1,", ",1,2", "1,2 3", "1,2,", "1,2,3"] {
        let e = midas::assemble_str("t.mid", &format!("{p}\nEND\n")).unwrap_err();
        assert!(
            e.to_string().contains("not a MIDAS word format"),
            "{p}: {e}"
        );
    }
}
