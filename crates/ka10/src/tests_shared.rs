//! Pages shared within a job ([`Cpu::share_page`], ITS CORBLK of a job's
//! own page at another address): a store through either address is seen
//! through both, by instructions in the inner loop and by the host.

use super::*;

const PAGE: u32 = PAGE_WORDS;

/// A CPU with 8 pages, a program at 100, and page 5 sharing page 3.
fn shared_cpu(words: &[u64]) -> Cpu {
    let mut cpu = Cpu::new(8 * PAGE as usize);
    for (i, w) in words.iter().enumerate() {
        cpu.write(0o100 + i as u32, Word::new(*w));
    }
    cpu.write(3 * PAGE + 7, Word::new(0o123));
    assert!(cpu.share_page(3, 5));
    cpu.set_pc(0o100);
    cpu
}

fn run(cpu: &mut Cpu, steps: u64) {
    let exit = cpu.run(&mut NoHandler, &mut NoTrace, steps);
    assert!(
        matches!(&exit, Err(e) if matches!(e.kind, ErrorKind::BudgetExhausted { .. })),
        "{exit:?}"
    );
}

#[test]
fn sharing_copies_the_page_and_stores_through_either_address_reach_both() {
    // Pages are 2000 words: page 3 is 6000-7777, page 5 12000-13777.
    // MOVEI 1,42 ; MOVEM 1,12007 ; MOVEI 2,77 ; MOVEM 2,6010 ; MOVE 3,6007 ; MOVE 4,12010
    let mut cpu = shared_cpu(&[
        0o201040_000042,
        0o202040_012007,
        0o201100_000077,
        0o202100_006010,
        0o200140_006007,
        0o200200_012010,
    ]);
    assert_eq!(cpu.read(5 * PAGE + 7), Some(Word::new(0o123)), "copied");
    run(&mut cpu, 6);
    assert_eq!(cpu.ac(3), Word::new(0o42), "stored at 12007, read at 6007");
    assert_eq!(cpu.ac(4), Word::new(0o77), "stored at 6010, read at 12010");
    assert_eq!(cpu.next_sharer(3), Some(5));
    assert_eq!(cpu.next_sharer(5), Some(3));
    // The host's stores are shared too.
    cpu.write(5 * PAGE + 0o11, Word::new(0o555));
    assert_eq!(cpu.read(3 * PAGE + 0o11), Some(Word::new(0o555)));
}

#[test]
fn an_unshared_page_keeps_its_words_but_follows_no_more_stores() {
    // MOVEI 1,42 ; MOVEM 1,12007
    let mut cpu = shared_cpu(&[0o201040_000042, 0o202040_012007]);
    cpu.unshare_page(5);
    assert_eq!(cpu.next_sharer(3), None, "alone, no longer shared");
    run(&mut cpu, 2);
    assert_eq!(cpu.read(5 * PAGE + 7), Some(Word::new(0o42)));
    assert_eq!(cpu.read(3 * PAGE + 7), Some(Word::new(0o123)));
}

#[test]
fn three_sharers_and_write_protection_per_address() {
    // MOVEI 1,42 ; MOVEM 1,14007 (page 6) ; MOVEM 1,6007 (page 3, read-only)
    let mut cpu = shared_cpu(&[0o201040_000042, 0o202040_014007, 0o202040_006007]);
    assert!(cpu.share_page(5, 6));
    cpu.set_write_protected(3, true);
    let exit = cpu.run(&mut NoHandler, &mut NoTrace, 3);
    assert!(
        matches!(&exit, Err(e) if matches!(e.kind, ErrorKind::WriteProtected { .. })),
        "{exit:?}"
    );
    for page in [3, 5, 6] {
        assert_eq!(
            cpu.read(page * PAGE + 7),
            Some(Word::new(0o42)),
            "page {page}"
        );
    }
    // Page 0 holds the ACs at 0-17: it is never shared.
    assert!(!cpu.share_page(0, 4));
    assert!(!cpu.share_page(4, 0));
}
