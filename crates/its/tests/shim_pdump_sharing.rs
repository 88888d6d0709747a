//! A PDUMP file's sharing entries (binfmt.101: `100000,,<access> <page #>`,
//! "a single data page ... loaded into two page slots (shared)"): ITS's
//! LOAD links the page to the lower one (its.1652 NLOAD3), so a store
//! through either address is seen through the other, and each address
//! has the access its own entry asks for.

mod mutants_support;
use its::Outcome;
use pdp10_isa::Word;
use std::collections::HashMap;

/// Stores through page 1 (2000-3777) and reads through page 2, stores
/// through page 2 and reads through page 1, adds through page 3 and reads
/// through page 1; the store at PURE goes through page 2 again.
const PROGRAM: &str = "TITLE T\nA=1\nB=2\nLOC 100\n\
    GO:\tMOVEI A,111\n\tMOVEM A,2005\n\tMOVE B,4005\n\tMOVEM B,SEEN4\n\
    \tMOVEI A,222\nSTORE2:\tMOVEM A,4006\n\tMOVE B,2006\n\tMOVEM B,SEEN2\n\
    \tMOVEI A,1\n\tADDM A,6005\n\tMOVE B,2005\n\tMOVEM B,ADDED\n\
    PURE:\tMOVEM A,4007\n\t.LOGOUT 1,\n\
    SEEN4:\t0\nSEEN2:\t0\nADDED:\t0\nEND GO\n";

/// The PDUMP file of `PROGRAM` (page 0, impure), page 1 an impure data
/// page of zeros, and the map entries `page2` and `page3` for pages 2 and 3.
fn pdump(page2: u64, page3: u64) -> (Vec<Word>, HashMap<String, u32>) {
    let (sblk, symbols) = mutants_support::image(PROGRAM);
    let mut file = vec![Word::ZERO; 1024];
    file[1] = Word::new(0o600000);
    file[2] = Word::new(0o600000);
    file[3] = Word::new(page2);
    file[4] = Word::new(page3);
    let mut page0 = vec![Word::ZERO; 1024];
    for (address, words) in &sblk.blocks {
        for (k, w) in words.iter().enumerate() {
            page0[*address as usize + k] = *w;
        }
    }
    file.extend(page0);
    file.extend(vec![Word::ZERO; 1024]);
    file.push(sblk.start);
    file.push(sblk.start);
    (file, symbols)
}

fn run(name: &str, file: &[Word]) -> (its::Job, Outcome) {
    let image = its::loader::load_words(file).unwrap();
    let config = its::JobConfig::captured(&mutants_support::scratch(name), "TEST", None);
    let mut job = its::Job::new(&image, config).unwrap();
    let outcome = job.run(10_000, &mut ka10::NoTrace).unwrap();
    (job, outcome)
}

fn word(job: &its::Job, a: u32) -> u64 {
    job.cpu().read(a).unwrap().raw()
}

#[test]
fn a_sharing_entry_is_the_same_page_at_two_addresses() {
    // Pages 2 and 3 share page 1 (3 through 2), read-write.
    let (file, symbols) = pdump(0o100000_600001, 0o100000_600002);
    let image = its::loader::load_words(&file).unwrap();
    assert_eq!(image.shared, vec![(2, 1), (3, 2)]);
    assert!(image.read_only.is_empty());
    let (job, outcome) = run("pdump-shared", &file);
    assert_eq!(outcome, Outcome::Finished { message: None });
    let at = |name: &str| word(&job, symbols[name]);
    assert_eq!(at("SEEN4"), 0o111, "stored at 2005, read at 4005");
    assert_eq!(at("SEEN2"), 0o222, "stored at 4006, read at 2006");
    assert_eq!(at("ADDED"), 0o112, "ADDM through 6005, read at 2005");
    for page in [1, 2, 3] {
        assert_eq!(word(&job, page * 0o2000 + 7), 1, "page {page}");
    }
}

#[test]
fn a_read_only_sharing_entry_is_read_only_at_its_own_address() {
    // Page 2 shares page 1 with access 200000: what page 1 stores is read
    // through page 2, whose own store is a write in a read-only page.
    let (file, symbols) = pdump(0o100000_200001, 0);
    let image = its::loader::load_words(&file).unwrap();
    assert_eq!(image.shared, vec![(2, 1)]);
    assert_eq!(image.read_only, vec![2]);
    let (job, outcome) = run("pdump-shared-pure", &file);
    assert_eq!(word(&job, symbols["SEEN4"]), 0o111);
    match outcome {
        Outcome::ProgramError { pc, message } => {
            assert_eq!(pc, symbols["STORE2"], "{message}");
            assert!(message.starts_with("PURPG;"), "{message}");
        }
        other => panic!("{other:?}"),
    }
}
