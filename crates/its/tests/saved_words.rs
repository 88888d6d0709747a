//! Words ITS saves for a job and gives back: what a new-style interrupt
//! pushes beyond the minimum and DISMIS pops again (`doc/sysdoc/intrup.108`,
//! "How Jobs Are Informed about Their Interrupts"), the PC word `.UUOH`
//! holds (`usets.120`; ITS's UUO trap is a JSR at 41 into SUUOH), and the
//! start instruction `.BREAK 12,` type 1 reads and writes (`info/ddt.33`).

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nE=5\nP=17\n";

fn prog(body: &str) -> String {
    format!("{HEAD}{body}\n")
}

/// An MPV handled by a table whose first word is `lh,,PDLP`; the handler
/// clobbers ACs 2-4, records the stack pointer, and dismisses with
/// `control`. ACs 2, 3 and 4 hold 222, 333 and 444 before the fault.
fn interrupted(name: &str, lh: &str, control: &str) -> Ran {
    let src = prog(&format!(
        "LOC 42\n\t-6,,TABLE\nLOC 100\n\
         GO:\t.SUSET [.SOPTION,,[%OPINT,,0]]\n\t.SUSET [.SMASK,,[%PIMPV]]\n\
         \tMOVEI B,222\n\tMOVEI C,333\n\tMOVEI D,444\n\
         JMP:\tJRST .+1\n\tMOVE A,377777\n\
         AFTER:\tMOVEM B,B2\n\tMOVEM C,C2\n\tMOVEM D,D2\n\tMOVE A,PDLP\n\tMOVEM A,PDLEND\n\
         \t.LOGOUT 1,\n\
         TABLE:\t{lh},,PDLP\n\t%PIMPV ? 0 ? %PIMPV ? 0 ? HANDLR\n\
         PDLP:\t-20,,PDL-1\n\
         HANDLR:\tMOVE A,PDLP\n\tMOVEM A,PDLIN\n\
         \tSETZB B,C\n\tSETZ D,\n\
         \t.CALL [SETZ ? SIXBIT /DISMIS/ ? {control} ? SETZ PDLP]\n\t .LOSE\n\
         B2:\t0\nC2:\t0\nD2:\t0\nPDLIN:\t0\nPDLEND:\t0\nPDL:\tBLOCK 20"
    ));
    let ran = run(name, &src);
    ran.finished();
    ran
}

#[test]
fn table_word_lh_pushes_acs_after_the_pc_and_dismis_restores_them() {
    // Bits 3.7-4.1 the first AC (2), bits 3.5-3.1 how many (3): ACs 2, 3, 4
    // go after the five minimum words; control bits 2*100+3 pop them back.
    let ran = interrupted("intacs", "<2_6>+3", "5000,,203");
    let pdl = ran.address("PDL") as u64;
    assert_eq!(ran.at("PDL", 4) & 0o777777, ran.address("AFTER") as u64);
    assert_eq!(ran.at("PDL", 5), 0o222);
    assert_eq!(ran.at("PDL", 6), 0o333);
    assert_eq!(ran.at("PDL", 7), 0o444);
    // Eight words on the stack in the handler, none after DISMIS.
    assert_eq!(ran.word("PDLIN") & 0o777777, pdl + 7);
    assert_eq!(ran.word("PDLIN") >> 18, 0o777770);
    assert_eq!(ran.word("PDLEND"), halves(0o777760, pdl - 1));
    // The handler zeroed the ACs; DISMIS put back what was pushed.
    assert_eq!(ran.word("B2"), 0o222);
    assert_eq!(ran.word("C2"), 0o333);
    assert_eq!(ran.word("D2"), 0o444);
}

#[test]
fn bit_4_9_pushes_three_debugging_words_that_bit_2_9_throws_away() {
    // 400000,,PDLP: .JPC, .SUUOH and LSPCL after the PC (no ACs); DISMIS
    // with control bit 2.9 discards them, and the ACs stay as the handler
    // left them.
    let ran = interrupted("intdbg", "400000", "5000,,400000");
    let pdl = ran.address("PDL") as u64;
    assert_eq!(ran.word("PDLIN") & 0o777777, pdl + 7);
    // .SUUOH: the PC word after the last system call before the fault
    // (the .SUSET of .MASK at GO+1), with the user-mode flag.
    let go = ran.address("GO") as u64;
    assert_eq!(ran.at("PDL", 6) & 0o777777, go + 2);
    // .JPC: the last jump before the fault (usr.102; the system calls
    // since do not change it).
    assert_eq!(ran.at("PDL", 5), ran.address("JMP") as u64);
    assert_ne!(ran.at("PDL", 6) >> 18 & ka10::flags::USER as u64, 0);
    assert_eq!(ran.word("PDLEND"), halves(0o777760, pdl - 1));
    assert_eq!(ran.word("B2"), 0);
    assert_eq!(ran.word("D2"), 0);
}

#[test]
fn without_control_bits_dismis_pops_only_the_five_words() {
    // The table asks for no extra words, DISMIS for none: five words on,
    // five off; the handler's zeroed ACs stay zero.
    let ran = interrupted("intnone", "0", "5000,,0");
    let pdl = ran.address("PDL") as u64;
    assert_eq!(ran.word("PDLIN") & 0o777777, pdl + 4);
    assert_eq!(ran.word("PDLEND"), halves(0o777760, pdl - 1));
    assert_eq!(ran.word("C2"), 0);
}

#[test]
fn jpc_is_the_last_jump_not_a_skip_or_a_system_call() {
    // usr.102 ".JPC - Last Jump Address": the address of the last jump
    // instruction executed; subroutine calls alter it, returnable UUOs
    // (system calls) do not. Skips are not jumps.
    let src = prog(
        "GO:\tMOVE P,[-10,,PDL-1]\n\tJRST L1\nL1:\tCAIA\n\tJFCL\n\
         L2:\tJUMPA .+1\n\tSKIPA\n\tJFCL\n\tJUMPN P,.+1\n\
         \t.SUSET [.RJPC,,X]\n\t.SUSET [.RJPC,,Y]\n\
         \tPUSHJ P,SUB\n\t.SUSET [.RJPC,,Z]\n\
         \t.SUSET [.SJPC,,[1234]]\n\t.SUSET [.RJPC,,W]\n\t.LOGOUT 1,\n\
         SUB:\tPOPJ P,\nX:\t0\nY:\t0\nZ:\t0\nW:\t0\nPDL:\tBLOCK 10",
    );
    let ran = run("jpc", &src);
    ran.finished();
    let l2 = ran.address("L2") as u64;
    // JUMPN P, jumps (P is not 0): the last jump is it, one after SKIPA's JFCL.
    assert_eq!(ran.word("X"), l2 + 3);
    assert_eq!(ran.word("Y"), l2 + 3, "a system call leaves .JPC");
    assert_eq!(ran.word("Z"), ran.address("SUB") as u64, "POPJ is a jump");
    assert_eq!(ran.word("W"), 0o1234, ".SJPC sets it");
}

#[test]
fn uuoh_is_the_pc_word_after_the_call() {
    // usets.120 .UUOH: the PC as of the last UUO that trapped to the
    // system; ITS keeps C(@41), what the JSR there saved: flags,,PC+1.
    let src = prog("GO:\tJFCL\nCALL:\t.SUSET [.RUUOH,,UUOH]\n\t.LOGOUT 1,\nUUOH:\t0");
    let ran = run("uuoh", &src);
    ran.finished();
    let w = ran.word("UUOH");
    assert_eq!(w & 0o777777, ran.address("CALL") as u64 + 1);
    assert_ne!(w >> 18 & ka10::flags::USER as u64, 0, "user mode flag");
}

#[test]
fn break_12_type_1_reads_and_writes_the_start_instruction() {
    // ddt.33: type 1 "reads or writes the start instruction, whose right
    // half is the start address, and whose left half should be JRST or
    // JUMPA"; 400001 writes it.
    let src = prog(
        "GO:\t.BREAK 12,[1,,STA]\n\t.BREAK 12,[400001,,NEW]\n\t.BREAK 12,[1,,STA2]\n\
         \t.LOGOUT 1,\nSTA:\t0\nSTA2:\t0\nNEW:\tJRST GO+1",
    );
    let ran = run("rsta", &src);
    ran.finished();
    let go = ran.address("GO") as u64;
    assert_eq!(ran.word("STA"), halves(0o254000, go));
    assert_eq!(ran.word("STA2"), halves(0o254000, go + 1));
}
