//! Typed-character interrupts (itstty.41, D/4): a character whose group
//! has %TGINT interrupts on the TTY input channel enabled in .MSK2 (or on
//! %PITYI); the reading .IOT waits for the interrupt (given with the PC
//! at the .IOT, which runs again after the dismiss) unless the channel
//! has %TIINT or .PICLR is 0; `.ITYIC` reads the interrupting characters.

mod mutants_support;
use mutants_support::run_typed;

/// An old-style handler (intrup.108): keeps the last interrupt word and
/// PC word, counts, and keeps what `.ITYIC` on channel 1 gives (or -1
/// when it does not skip) in ITY, ITY+1, ...
const TSINT: &str = "TSINT:\t0\n\t0\n\tMOVE C,TSINT\n\tMOVEM C,BITS\n\
                     \tMOVE C,TSINT+1\n\tMOVEM C,PCW\n\
                     \tMOVEI C,1\n\t.ITYIC C,\n\t SETO C,\n\tMOVE D,COUNT\n\tMOVEM C,ITY(D)\n\
                     \tAOS COUNT\n\t.DISMIS TSINT+1\n\
                     BITS:\t0\nPCW:\t0\nCOUNT:\t0\nITY:\tBLOCK 10\nGOT:\tBLOCK 10\n";

/// Opens channel 1 for TTY input with `mode` (left half), enables
/// `setup`, reads two characters into GOT and GOT+1 (the first .IOT at
/// label READ), then `.ITYIC`s once more into MORE (-1 if no skip).
fn program(mode: &str, setup: &str) -> String {
    format!(
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.OPEN 1,[{mode},,'TTY]\n\t .LOSE\n{setup}\
         READ:\t.IOT 1,A\n\tMOVEM A,GOT\n\t.IOT 1,A\n\tMOVEM A,GOT+1\n\
         \tMOVEI C,1\n\t.ITYIC C,\n\t SETO C,\n\tMOVEM C,MORE\n\t.LOGOUT 1,\nMORE:\t0\n{TSINT}"
    )
}

#[test]
fn each_typed_character_interrupts_on_the_channel_before_it_is_read() {
    let ran = run_typed(
        "typein-channel",
        &program("0", "\t.SUSET [.SMSK2,,[1_1]]\n"),
        b"ab",
    );
    ran.finished();
    assert_eq!(ran.word("COUNT"), 2);
    let ity = ran.address("ITY");
    let word = |a: u32| ran.job.cpu().read(a).unwrap().raw();
    assert_eq!((word(ity), word(ity + 1)), (b'a' as u64, b'b' as u64));
    // Second-word bits, old style: 4.9 set, channel 1's bit.
    assert_eq!(ran.word("BITS"), 1 << 35 | 0o2);
    // The .IOT still reads each character, once.
    let got = ran.address("GOT");
    assert_eq!((word(got), word(got + 1)), (b'a' as u64, b'b' as u64));
    assert_eq!(ran.word("MORE"), u64::MAX >> 28, "nothing left for .ITYIC");
    // The second interrupt came at the second .IOT, which ran again.
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("READ") as u64 + 2);
}

#[test]
fn only_groups_with_tgint_interrupt() {
    // TTYSET: letters (group 1) echo and activate but do not interrupt.
    let setup = "\t.SUSET [.SMSK2,,[1_1]]\n\
                 \t.CALL [SETZ ? SIXBIT /TTYSET/ ? %CLIMM,,1 ? [232223,,232323] ? SETZ [232323,,230323]]\n\t .LOSE\n";
    let ran = run_typed("typein-groups", &program("0", setup), b"a1");
    ran.finished();
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("ITY"), b'1' as u64);
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("READ") as u64 + 2);
}

#[test]
fn pityi_in_the_first_word_interrupts_too() {
    let ran = run_typed(
        "typein-pityi",
        &program("0", "\t.SUSET [.SMASK,,[%PITYI]]\n"),
        b"x",
    );
    // The second .IOT reads the end of input as ^C (group 0), which
    // interrupts too.
    ran.finished();
    assert_eq!(ran.word("BITS"), 1, "%PITYI alone");
    assert_eq!(ran.word("COUNT"), 2);
    assert_eq!(ran.word("ITY"), b'x' as u64);
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("READ") as u64 + 2);
}

#[test]
fn without_an_enabled_interrupt_nothing_interrupts() {
    let ran = run_typed("typein-off", &program("0", ""), b"ab");
    ran.finished();
    assert_eq!(ran.word("COUNT"), 0);
    assert_eq!(ran.word("MORE"), u64::MAX >> 28, ".ITYIC does not skip");
}

#[test]
fn with_tiint_the_iot_reads_first_and_the_interrupt_follows() {
    // %TIINT (2000 on the channel): the .IOT does not wait; the pending
    // interrupt is given on the way out of it, the PC after it.
    let ran = run_typed(
        "typein-tiint",
        &program("2000", "\t.SUSET [.SMSK2,,[1_1]]\n"),
        b"ab",
    );
    ran.finished();
    assert_eq!(ran.word("COUNT"), 2);
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("READ") as u64 + 3);
}

#[test]
fn with_interrupts_held_off_the_character_is_read_and_the_interrupt_waits() {
    // .PICLR 0: the .IOTs read at once; the two interrupts wait. Then
    // .PICLR -1: the first is given (old style: one at a time, .PICLR 0
    // again until the dismiss), then the second.
    let setup = "\t.SUSET [.SMSK2,,[1_1]]\n\t.SUSET [.SPICLR,,[0]]\n";
    let src = program("0", setup).replace(
        "\tMOVEI C,1\n\t.ITYIC C,\n\t SETO C,\n\tMOVEM C,MORE\n",
        "\tMOVE B,COUNT\n\tMOVEM B,BEFORE\n\t.SUSET [.SPICLR,,[-1]]\nON:\tMOVEI C,1\n\t.ITYIC C,\n\t SETO C,\n\tMOVEM C,MORE\n",
    );
    let ran = run_typed("typein-piclr", &format!("{src}BEFORE:\t0\n"), b"ab");
    ran.finished();
    assert_eq!(ran.word("BEFORE"), 0, "nothing given while held off");
    assert_eq!(ran.word("COUNT"), 2);
    assert_eq!(ran.word("GOT"), b'a' as u64);
}

#[test]
fn output_on_a_tty_channel_makes_no_character_arrive() {
    // Channel 2 for TTY output: its .IOT types, and reads nothing. The
    // input channel then reads the one character typed, which
    // interrupts once.
    let setup = "\t.OPEN 2,[1,,'TTY]\n\t .LOSE\n\t.SUSET [.SMSK2,,[1_1]]\n\t.IOT 2,[\"!]\n";
    let src = program("0", setup).replace("\t.IOT 1,A\n\tMOVEM A,GOT+1\n", "\t.IOT 2,[\"?]\n");
    let ran = run_typed("typein-output", &src, b"z");
    ran.finished();
    assert_eq!(ran.output, "!?");
    assert_eq!(ran.word("COUNT"), 1);
    assert_eq!(ran.word("GOT"), b'z' as u64);
    // The interrupt came at the input .IOT, not at an output one.
    assert_eq!(ran.word("PCW") & 0o777777, ran.address("READ") as u64);
}
