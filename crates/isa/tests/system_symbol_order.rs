//! `.GETSYS CALLS` gives ITS's SYSYMB table in the order ITS keeps it
//! (`src/system/its.1652`: "SYMBOLS SHOULD BE LEFT IN CURRENT ORDER OR DDT
//! WILL LOSE"): the `.R` then `.S` user variables, `.IOT .OPEN .OPER`, the
//! bits.117 symbols, the `.OPER` family, `.CALL` and its family, and last
//! `.USET .BREAK .STATUS .ACCESS`.

use pdp10_isa::its::system_symbol_table;
use pdp10_isa::squoze;

/// The table's names (SQUOZE keeps six characters: `.STATUS` is `.STATU`).
fn names() -> Vec<String> {
    system_symbol_table()
        .iter()
        .map(|&(sq, _)| squoze::decode(sq & 0o37777777777).trim().to_string())
        .collect()
}

fn at(names: &[String], name: &str) -> usize {
    names
        .iter()
        .position(|n| n == name)
        .unwrap_or_else(|| panic!("{name} missing"))
}

#[test]
fn sysymb_order() {
    let n = names();
    assert_eq!(n[0], ".RUPC");
    let order = [
        ".RUPC", ".RIOC", ".RIOS", ".RIOP", ".RPMAP", ".SUPC", ".IOT", ".OPEN", ".OPER", "%PIMPV",
        ".SLEEP", ".CALL", ".LOSE", ".USET", ".BREAK", ".STATU", ".ACCES",
    ];
    for pair in order.windows(2) {
        assert!(
            at(&n, pair[0]) < at(&n, pair[1]),
            "{} should come before {}",
            pair[0],
            pair[1]
        );
    }
    assert_eq!(n.last().map(String::as_str), Some(".ACCES"));
}
