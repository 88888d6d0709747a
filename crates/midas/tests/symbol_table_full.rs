//! Real MIDAS's symbol table holds 2707 entries, its initial symbols
//! included; the name that finds no room stops the assembly with the fatal
//! error "Symbol table full" and no binary (MIDAS 433 on the ITS shim,
//! `pdp10 midas-oracle`: 1286 assignments fit, 100% used, the 1287th makes
//! the label after them the one without room).

fn program(names: usize) -> String {
    let mut s = String::from("TITLE T\n");
    for i in 0..names {
        s.push_str(&format!("S{i:04}=={i}\n"));
    }
    s.push_str("X: 0\nEND X\n");
    s
}

#[test]
fn the_last_entry_fills_the_table() {
    let a = midas::assemble_str("full.mid", &program(1286)).expect("fits");
    assert_eq!(a.words.len(), 1);
}

#[test]
fn one_more_name_is_a_fatal_error() {
    let e = midas::assemble_str("full.mid", &program(1287)).unwrap_err();
    let text = e.to_string();
    assert!(text.contains("Symbol table full: no room for X"), "{text}");
}
