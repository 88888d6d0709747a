//! The DDT symbol table after the start instruction (kind-0 block:
//! block-name entries `SQUOZE 0,name` and `-length,,level`, each followed
//! by its symbols as `SQUOZE flags,name` and value). Every expected table
//! here is the one real MIDAS 433 wrote for the same source, run on the
//! ITS shim with `pdp10 midas-oracle --keep`.

use pdp10_isa::sblk::Sblk;
use pdp10_isa::squoze;

const LOCAL: u64 = squoze::LOCAL;
const GLOBAL: u64 = squoze::GLOBAL;
const HALF_KILLED: u64 = squoze::HALF_KILLED;

/// The symbol table of `source` as (flags, name, value), a block-name
/// entry having flags 0.
fn table(source: &str) -> Vec<(u64, String, u64)> {
    let a = midas::assemble_str("t.mid", source).unwrap();
    let sblk = Sblk::parse(&a.sblk_words()).unwrap();
    let block = sblk
        .trailer
        .iter()
        .find(|b| b.address == 0)
        .expect("a symbol table block");
    block
        .words
        .chunks(2)
        .map(|p| {
            let name = p[0].raw();
            (
                name & !squoze::NAME_MASK,
                squoze::decode(name & squoze::NAME_MASK),
                p[1].raw(),
            )
        })
        .collect()
}

fn e(flags: u64, name: &str, value: u64) -> (u64, String, u64) {
    (flags, name.to_string(), value)
}

#[test]
fn without_blocks_one_global_block_sorted_by_value_negatives_first() {
    let src = "TITLE FLAT\nX:\t0\nY\":\t1\nZ==1\nQ==-1\nR==400000,,5\nEND X\n";
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777764_000000),
            e(LOCAL | HALF_KILLED, "R", 0o400000_000005),
            e(LOCAL | HALF_KILLED, "Q", 0o777777_777777),
            e(LOCAL | HALF_KILLED, "Z", 1),
            e(LOCAL, "X", 0o100),
            // `Y":` defines a global.
            e(GLOBAL, "Y", 0o101),
        ]
    );
}

#[test]
fn begin_blocks_come_before_the_program_block_and_global_last() {
    let src = "TITLE PROG\nA:\t0\nB\":\t1\n.BEGIN INNER\nC:\t2\nD==5\n\
               .BEGIN DEEP\nE:\t3\n.END DEEP\n.END INNER\n\
               .BEGIN OTHER\nF:\t4\n.END\nG:\tJRST A\nEND G\n";
    assert_eq!(
        table(src),
        vec![
            // Level = MIDAS level + 1; length counts the name entry.
            e(0, "DEEP", 0o777774_000004),
            e(LOCAL, "E", 0o103),
            e(0, "INNER", 0o777772_000003),
            e(LOCAL | HALF_KILLED, "D", 5),
            e(LOCAL, "C", 0o102),
            e(0, "OTHER", 0o777774_000003),
            e(LOCAL, "F", 0o104),
            // The program's block, named by TITLE.
            e(0, "PROG", 0o777772_000002),
            e(LOCAL, "A", 0o100),
            e(LOCAL, "G", 0o105),
            // Globals go in GLOBAL, level 0.
            e(0, "GLOBAL", 0o777774_000000),
            e(GLOBAL, "B", 0o101),
        ]
    );
}

#[test]
fn expunge_after_a_label_on_its_line_removes_that_label() {
    // surgiv.mmb012's macro ends `EXIT:: IF2 EXPUNGE OK,TEXIT,EEXIT,EXIT`:
    // MIDAS defines the label before it reads the EXPUNGE, so neither B
    // nor C is left (MIDAS 433 wrote this table).
    let src = "TITLE T\nA: 0\nB:: 1\nC:: IF2 EXPUNGE B,C\nD: 2\nEND A\n";
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(LOCAL, "A", 0o100),
            e(LOCAL, "D", 0o102),
        ]
    );
}

// The symbols of equal value come out in the order of real MIDAS's hash
// table (each written here `==0`, which the sort does not move). GAY, GJR
// and TMG start their search at slot 8, FNO at 9, AXA at 10 (all free
// before the program starts); each table below is the one real MIDAS 433
// wrote (`pdp10 midas-oracle --keep`).

#[test]
fn a_macro_takes_a_slot_of_the_hash_table() {
    // The macro GAY takes slot 8, so FNO gets 9 and GJR goes on to 10.
    let src = "TITLE T\nDEFINE GAY\nTERMIN\nFNO==0\nGJR==0\nEND\n";
    let z = LOCAL | HALF_KILLED;
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "FNO", 0),
            e(z, "GJR", 0)
        ]
    );
}

#[test]
fn a_killed_symbol_keeps_its_slot() {
    let src = "TITLE T\nGAY==0\n.KILL GAY\nFNO==0\nGJR==0\nEND\n";
    let z = LOCAL | HALF_KILLED;
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "FNO", 0),
            e(z, "GJR", 0)
        ]
    );
}

#[test]
fn an_expunged_slot_goes_to_the_next_entry_whose_search_reaches_it() {
    // GJR takes GAY's slot 8 again, before FNO (9).
    let z = LOCAL | HALF_KILLED;
    let src = "TITLE T\nGAY==0\nFNO==0\nEXPUNGE GAY\nGJR==0\nEND\n";
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "GJR", 0),
            e(z, "FNO", 0)
        ]
    );
    // An initial symbol's slot too: XOR (595) of the program takes the
    // slot of the expunged instruction, before AJL (605).
    let src = "TITLE T\nAJL==0\nEXPUNGE XOR\nXOR==0\nEND\n";
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "XOR", 0),
            e(z, "AJL", 0)
        ]
    );
}

#[test]
fn a_variable_takes_its_slot_when_first_used() {
    // GAY' makes GAY's entry (slot 8) where it is used, before FNO and
    // GJR; VARIABLES only gives it its value (0 here, after LOC 0).
    let src = "TITLE T\n\tMOVEI GAY'\nFNO==0\nGJR==0\nLOC 0\n\tVARIAB\nEND\n";
    let z = LOCAL | HALF_KILLED;
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777770_000000),
            e(LOCAL, "GAY", 0),
            e(z, "FNO", 0),
            e(z, "GJR", 0)
        ]
    );
}

#[test]
fn a_copy_of_a_pseudo_op_takes_a_slot() {
    // EQUALS makes GAY an entry (slot 8), the pseudo-op END.
    let src = "TITLE T\nEQUALS GAY,END\nFNO==0\nGJR==0\nGAY\n";
    let z = LOCAL | HALF_KILLED;
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "FNO", 0),
            e(z, "GJR", 0)
        ]
    );
}

#[test]
fn an_expunged_pseudo_op_leaves_its_slot() {
    // END's slot is 1109, the run of initial symbols after it ends at
    // 1116; AHF's first slot is 1117. ACN (1109) takes END's slot.
    let src = "TITLE T\nIF1,[EQUALS %END,END\nEXPUNGE END\n]\nAHF==0\nACN==0\n%END\n";
    let z = LOCAL | HALF_KILLED;
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "ACN", 0),
            e(z, "AHF", 0)
        ]
    );
}

#[test]
fn symtab_gives_the_table_its_size() {
    // In 2707 slots AM (313) comes before CL (590); in 3001, CL (121)
    // before AM (219).
    let src = ".SYMTAB 3001.\nTITLE T\nCL==0\nAM==0\nEND\n";
    let z = LOCAL | HALF_KILLED;
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "CL", 0),
            e(z, "AM", 0)
        ]
    );
}

#[test]
fn setting_midass_own_variable_makes_no_entry() {
    // .TTYFLG (slot 646) is real MIDAS's; setting it is not a symbol of
    // the program: CLO (647) and AIT (648) keep their first slots.
    let src = "TITLE T\nAIT==0\n.TTYFLG==1\nCLO==0\nEND\n";
    let z = LOCAL | HALF_KILLED;
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777772_000000),
            e(z, "CLO", 0),
            e(z, "AIT", 0)
        ]
    );
}

#[test]
fn a_reference_with_a_quote_makes_the_label_global() {
    // chprog;ocaux's `PUSHJ P,FILEST"` before `FILEST:` (real MIDAS 433's
    // table: FOO global, the others local).
    let src = "TITLE GR\nP=17\nA:\tPUSHJ P,FOO\"\nFOO:\tPOPJ P,\nB:\t0\nEND A\n";
    assert_eq!(
        table(src),
        vec![
            e(0, "GLOBAL", 0o777766_000000),
            e(LOCAL, "P", 0o17),
            e(LOCAL, "A", 0o100),
            e(GLOBAL, "FOO", 0o101),
            e(LOCAL, "B", 0o102)
        ]
    );
}

/// The table of a source whose only errors are undefined symbols (real
/// MIDAS writes its binary after them).
fn table_after_undefined(source: &str) -> Vec<(u64, String, u64)> {
    let e = midas::assemble_str("t.mid", source).expect_err("undefined symbols");
    let a = e.written.expect("written as real MIDAS writes it");
    let sblk = Sblk::parse(&a.sblk_words()).unwrap();
    let block = sblk.trailer.iter().find(|b| b.address == 0).unwrap();
    block
        .words
        .chunks(2)
        .map(|p| {
            let name = p[0].raw();
            let name_part = squoze::decode(name & squoze::NAME_MASK);
            (name & !squoze::NAME_MASK, name_part, p[1].raw())
        })
        .collect()
}

#[test]
fn with_no_symbol_the_first_slots_block_says_two_words_more() {
    // Real MIDAS 433's BKCNT counts the written symbols in a loop that runs
    // once when there are none, on the entry in slot 0 of its table
    // (ANDCBM, in .INIT): GLOBAL says -4 and holds only its own 2 words.
    assert_eq!(
        table("TITLE X\n0\nEND\n"),
        vec![e(0, "GLOBAL", 0o777774_000000)]
    );
    assert_eq!(
        table(".BEGIN FOO\n0\n.END\n.BEGIN BAR\n0\n.END\nEND\n"),
        vec![
            e(0, "FOO", 0o777776_000003),
            e(0, "BAR", 0o777776_000003),
            e(0, ".MAIN", 0o777776_000002),
            e(0, "GLOBAL", 0o777774_000000),
        ]
    );
}

#[test]
fn with_no_symbol_a_program_entry_in_slot_0_counts_in_its_block() {
    // After EXPUNGE ANDCBM, an undefined ANDCBM takes slot 0: in .MAIN
    // (written only when there are blocks), or in FOO for FOO"ANDCBM.
    assert_eq!(
        table_after_undefined("EXPUNGE ANDCBM\n.BEGIN FOO\nANDCBM\n.END\nEND\n"),
        vec![
            e(0, "FOO", 0o777776_000003),
            e(0, ".MAIN", 0o777774_000002),
            e(0, "GLOBAL", 0o777776_000000),
        ]
    );
    assert_eq!(
        table_after_undefined("EXPUNGE ANDCBM\nANDCBM\nEND\n"),
        vec![e(0, "GLOBAL", 0o777776_000000)]
    );
    assert_eq!(
        table_after_undefined("EXPUNGE ANDCBM\n.BEGIN FOO\nFOO\"ANDCBM\n.END\nEND\n"),
        vec![
            e(0, "FOO", 0o777774_000003),
            e(0, ".MAIN", 0o777776_000002),
            e(0, "GLOBAL", 0o777776_000000),
        ]
    );
}
