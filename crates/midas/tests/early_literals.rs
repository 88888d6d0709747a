//! Assignments inside a literal that a conditional after them needs, done
//! as real MIDAS 433 does them while it reads the literal. Each source was
//! assembled by real MIDAS 433 on the ITS shim (`pdp10 midas-oracle`) and
//! the expected words are what it made.

mod support;
use support::whole_placed as placed;

#[test]
fn dot_in_an_assignment_in_a_literal_is_the_statements_location() {
    // `.` is where the MOVE goes (100, 101, 102), on pass 1 too.
    let src = "\tMOVE 1,[T==.\nIFN T,[1]\n2]\n\tMOVE 2,[T==.-101\nIFN T,[1]\n2]\n\
               \tMOVE 3,[U==.+1\nIFE U-103,[7]\nU]\nEND\n";
    assert_eq!(
        placed(src),
        vec![
            (0o100, 0o200040_000103),
            (0o101, 0o200100_000104),
            (0o102, 0o200140_000105),
            (0o103, 1),
            (0o104, 2),
            (0o105, 7),
            (0o106, 0o103),
        ]
    );
}

#[test]
fn an_assignment_of_a_literal_makes_the_symbol_undefined_on_pass_1() {
    // On pass 1 a literal is a reference to a constant not yet placed, so
    // `Y==<[5]>` leaves Y undefined, though it was 3 (IFNDEF is true); on
    // pass 2 it is the literal's address.
    let src = "LOC 100\nY==3\nY==<[5]>\nIF1 [IFNDEF Y, W==1\nIFDEF Y, W==2\n]\nA: W\nY\nEND A\n";
    assert_eq!(placed(src), vec![(0o100, 1), (0o101, 0o102), (0o102, 5)]);
}

#[test]
fn a_literal_in_an_assignment_in_a_literal_comes_first() {
    // calret-like argument lists: the IRP assigns `.ARG.==<[8.]>` inside
    // the outer literal and tests it with IFNDEF and IFE; [8.] is entered
    // into the constants before the outer literal, as real MIDAS does.
    let src = "LOC 100\nP=17\n.CF.=16\nDEFINE CALL ROUTINE?A,B\n MOVEI 1,[ IRP ARG,,[[A],[B]]\n\
   IFSE [ARG], .ISTOP\n   .ARG.==<ARG>\n   IF1 IFNDEF .ARG., .ARG.==.\n\
   .TAG.==<.ARG._-18.>&17\n   .IND.==.ARG.&<@>\n   .ARG.==.ARG.&777777\n\
   IFE .TAG.-.CF., .ARG.==0 .ARG.(17)\n   .ARG.+.IND.\n  TERMIN\n ]\n PUSHJ P,ROUTINE\nTERMIN\n\
A: CALL FOO,3,[8.]\n CALL FOO,@5(16)\nFOO: 0\nBAR: 0\nEND A\n";
    assert_eq!(
        placed(src),
        vec![
            (0o100, 0o201040_000107),
            (0o101, 0o260740_000104),
            (0o102, 0o201040_000111),
            (0o103, 0o260740_000104),
            (0o104, 0),
            (0o105, 0),
            (0o106, 0o10),
            (0o107, 3),
            (0o110, 0o106),
            (0o111, 0o37_000005),
        ]
    );
}
