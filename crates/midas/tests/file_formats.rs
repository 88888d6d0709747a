//! The absolute file's formats: `RIM10`, `RIM`, `NOSYMS`, and where SBLK
//! data blocks begin. Every expected file is the one real MIDAS 433 wrote
//! for the same source (`pdp10 midas-oracle --keep`), word for word.

mod support;

fn file(source: &str) -> Vec<u64> {
    let a = midas::assemble_str("t.mid", source).unwrap_or_else(|e| panic!("{e}"));
    a.output_words().iter().map(|w| w.raw()).collect()
}

/// (address, length) of each data block of an SBLK file.
fn data_blocks(words: &[u64]) -> Vec<(u64, u64)> {
    let mut i = words.iter().position(|&w| w == 0o254000_000001).unwrap() + 1;
    let mut out = Vec::new();
    while words[i] >> 35 == 1 {
        let n = (1 << 18) - (words[i] >> 18);
        out.push((words[i] & 0o777777, n));
        i += n as usize + 2;
    }
    out
}

#[test]
fn rim10_is_the_loader_in_read_in_format_then_sblk_blocks() {
    let src = "TITLE R1\nRIM10\nLOC 1000\nGO:\tMOVEI 1,5\n\tJRST GO\nX:\t0\nEND GO\n";
    assert_eq!(
        file(src),
        vec![
            0o777761_000000,
            0o710600_000060,
            0o541440_000004,
            0o710740_000010,
            0o254000_000003,
            0o241011_777776,
            0o710471_000010,
            0o256011_000010,
            0o256011_000013,
            0o364440_000000,
            0o312000_000017,
            0o270017_000000,
            0o331740_000000,
            0o254200_000001,
            0o253740_000003,
            0o254000_000002,
            // The data block, its checksum, the start instruction.
            0o777775_001000,
            0o201040_000005,
            0o254000_001000,
            0o000000_000000,
            0o534150_012031,
            0o254000_001000,
            // The symbol table block (no assembly information), the start.
            0o777772_000000,
            0o015315_513316,
            0o777772_000000,
            0o115344_610000,
            0o000000_001000,
            0o131741_200000,
            0o000000_001002,
            0o313275_261744,
            0o254000_001000,
        ]
    );
}

#[test]
fn rim_pairs_each_word_with_datai_in_the_order_assembled() {
    let src = "TITLE R4\nRIM\nLOC 1000\nGO:\tMOVE 1,[5]\n\tJRST GO\nLOC 500\nX:\t0\n\t1\n\
               LOC 1002\n\tMOVE 2,[6]\nEND GO\n";
    assert_eq!(
        file(src),
        vec![
            0o710440_001000,
            0o200040_001003,
            0o710440_001001,
            0o254000_001000,
            0o710440_000500,
            0o000000_000000,
            0o710440_000501,
            0o000000_000001,
            0o710440_001002,
            0o200100_001004,
            0o710440_001003,
            0o000000_000005,
            0o710440_001004,
            0o000000_000006,
            0o254000_001000,
            0o777772_000000,
            0o015315_513316,
            0o777772_000000,
            0o131741_200000,
            0o000000_000500,
            0o115344_610000,
            0o000000_001000,
            0o426250_200342,
            0o254000_001000,
        ]
    );
}

#[test]
fn nosyms_ends_each_format_at_the_start_instruction() {
    let body = "NOSYMS\nLOC 1000\nGO:\tMOVEI 1,5\n\tJRST GO\nX:\t0\nEND GO\n";
    let sblk = file(&format!("TITLE N\n{body}"));
    assert_eq!(sblk.len(), 45);
    assert_eq!(
        sblk[38..],
        [
            0o254000_000001,
            0o777775_001000,
            0o201040_000005,
            0o254000_001000,
            0o000000_000000,
            0o534150_012031,
            0o254000_001000,
        ]
    );
    assert_eq!(file(&format!("TITLE N\nRIM10\n{body}")).len(), 22);
    assert_eq!(
        file(&format!("TITLE N\nRIM\n{body}")),
        vec![
            0o710440_001000,
            0o201040_000005,
            0o710440_001001,
            0o254000_001000,
            0o710440_001002,
            0,
            0o254000_001000,
        ]
    );
}

#[test]
fn loc_block_dot_offset_and_variables_begin_a_data_block() {
    // CONSTANTS does not; END's variables do, before its constants.
    let src = "TITLE B1\nLOC 100\nGO:\tMOVE 1,[5]\n\tMOVE 2,[6]\nCONSTANTS\n\tMOVE 3,[7]\n\
               \tMOVE 4,A\n\tMOVE 5,B\nVARIABLES\n\tJRST GO\nLOC .\n\tJRST GO\nBLOCK 0\n\
               \tJRST GO\n.=.\n\tJRST 1\nA:\t0\nB:\t.LENGTH /AB/\nEND GO\n";
    assert_eq!(
        data_blocks(&file(src)),
        vec![
            (0o100, 7),
            (0o107, 1),
            (0o110, 1),
            (0o111, 1),
            (0o112, 3),
            (0o115, 1)
        ]
    );
    // its.1648's `OFFSET -CLSTB` (the table after it starts a block).
    let src = "TITLE O\nLOC 100\nGO:\t0\nT:\t1\nOFFSET -T\n\t2\n\t3\nOFFSET 0\n\t4\nEND GO\n";
    assert_eq!(
        data_blocks(&file(src)),
        vec![(0o100, 2), (0o102, 2), (0o104, 1)]
    );
}

#[test]
fn word_puts_its_word_straight_into_the_file() {
    // RIM: between the word pairs.
    let src = "TITLE WD2\nRIM\nA:\tMOVEI 1,3\n\tWORD 5\n\tMOVEI 2,4\n\tWORD 6\nEND A\n";
    assert_eq!(
        file(src),
        support::halves(
            "710440,,000100 201040,,000003 000000,,000005 710440,,000101 201100,,000004 \
             000000,,000006 254000,,000100 777774,,000000 015315,,513316 777774,,000000 \
             110310,,700000 000000,,000100 373656,,733270 254000,,000100"
        )
    );
    // RIM10 (and SBLK): the data block ends, the word follows it, and the
    // next word begins a block.
    let src = "TITLE WD4\nRIM10\nA:\tMOVEI 1,3\n\tWORD 5\n\tMOVEI 2,4\nEND A\n";
    let words = file(src);
    assert_eq!(
        words[16..],
        support::halves(
            "777777,,000100 201040,,000003 201036,,000204 000000,,000005 777777,,000101 \
             201100,,000004 201076,,000207 254000,,000100 777774,,000000 015315,,513316 \
             777774,,000000 110310,,700000 000000,,000100 373656,,733270 254000,,000100"
        )[..]
    );
    // SBLK: a word before any data comes right after `JRST 1`; one after
    // the last data, before the start instruction.
    let src = "TITLE WD1\nWORD 123456,,654321\nA:\tMOVEI 1,3\n\tWORD <JRST 1>\n\tMOVEI 2,4\n\
               LOC 200\n\tWORD 5\nB:\t0\n\tWORD 7\nEND A\n";
    let words = file(src);
    let at = words.iter().position(|&w| w == 0o254000_000001).unwrap() + 1;
    assert_eq!(
        words[at..at + 16],
        support::halves(
            "123456,,654321 777777,,000100 201040,,000003 201036,,000204 254000,,000001 \
             777777,,000101 201100,,000004 201076,,000207 000000,,000005 777777,,000200 \
             000000,,000000 777776,,000401 000000,,000007 254000,,000100 777771,,000003 \
             777772,,000001"
        )[..]
    );
}

#[test]
fn ofnm2_names_the_output_file() {
    // clib's `.OFNM2=SIXBIT/STK/`: real MIDAS 433 writes OF STK.
    let a = midas::assemble_str("of.mid", "TITLE OF\n.OFNM2=SIXBIT/STK/\nA:\t1\nEND A\n").unwrap();
    assert_eq!(a.chosen_names("of"), Some(("OF".into(), "STK".into())));
    let a = midas::assemble_str("of.mid", "TITLE OF\n.OFNM1=SIXBIT/TS/\nA:\t1\nEND A\n").unwrap();
    assert_eq!(a.chosen_names("of"), Some(("TS".into(), "BIN".into())));
    let a = midas::assemble_str("of.mid", "TITLE OF\nA:\t1\nEND A\n").unwrap();
    assert_eq!(a.chosen_names("of"), None);
    // MIDAS's own variable is no symbol of the program's.
    assert!(a.symbols.iter().all(|s| !s.name.starts_with(".OFNM")));
}
