//! `.I`, the fixed-point arithmetic statement (node Arithmetic of
//! `.INFO.;MIDAS`). Every expected word is what real MIDAS 433 made of the
//! same statements (`pdp10 midas-oracle` on the ITS shim), with the
//! variables at other addresses.

mod support;
use support::{fails, words};

/// The accumulators and variables the statements use.
const SETUP: &str = "A0==1\nA1==2\nA2==3\nX==200\nY==201\nZ==202\nA==203\nB==204\nC==205\nE==206\n";

const MOVE: u64 = 0o200;
const MOVEI: u64 = 0o201;
const MOVEM: u64 = 0o202;
const MOVN: u64 = 0o210;
const MOVNI: u64 = 0o211;
const MOVNS: u64 = 0o213;
const IMUL: u64 = 0o220;
const IMULI: u64 = 0o221;
const IDIV: u64 = 0o230;
const IDIVI: u64 = 0o231;
const ADD: u64 = 0o270;
const ADDI: u64 = 0o271;
const SUB: u64 = 0o274;
const SUBI: u64 = 0o275;

fn ins(op: u64, ac: u64, address: u64) -> u64 {
    op << 27 | ac << 23 | address
}

fn dot_i(statements: &str) -> Vec<u64> {
    words(&format!("{SETUP}LOC 100\n{statements}"))
}

#[test]
fn a_store_of_a_variable_a_number_and_a_sum() {
    assert_eq!(
        dot_i(".I X=Y\n.I X=177\n.I X=Y-1\n.I X=A-B+1\n"),
        vec![
            ins(MOVE, 1, 0o201),
            ins(MOVEM, 1, 0o200),
            ins(MOVEI, 1, 0o177),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o201),
            ins(SUBI, 1, 1),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o203),
            ins(SUB, 1, 0o204),
            ins(ADDI, 1, 1),
            ins(MOVEM, 1, 0o200),
        ]
    );
}

#[test]
fn a_term_of_higher_precedence_on_the_right_goes_to_the_next_accumulator() {
    // A+B*C: B*C in A1, added to A0; A*B+C stays in A0; A-B*C/E.
    assert_eq!(
        dot_i(".I X=A+B*C\n.I X=A*B+C\n.I X=A-B*C/E\n.I X=Y/3\n"),
        vec![
            ins(MOVE, 1, 0o203),
            ins(MOVE, 2, 0o204),
            ins(IMUL, 2, 0o205),
            ins(ADD, 1, 2),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o203),
            ins(IMUL, 1, 0o204),
            ins(ADD, 1, 0o205),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o203),
            ins(MOVE, 2, 0o204),
            ins(IMUL, 2, 0o205),
            ins(IDIV, 2, 0o206),
            ins(SUB, 1, 2),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o201),
            ins(IDIVI, 1, 3),
            ins(MOVEM, 1, 0o200),
        ]
    );
}

#[test]
fn parentheses_and_minus_signs() {
    // A parenthesized variable is a variable; a negated one on the right
    // is computed in the next accumulator; -(A+B) is negated in place.
    assert_eq!(
        dot_i(".I X=A+(B)\n.I X=-(A+B)\n.I X=A+-B\n.I X=-A*B\n.I X=-5\n.I X=Y*3\n"),
        vec![
            ins(MOVE, 1, 0o203),
            ins(ADD, 1, 0o204),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o203),
            ins(ADD, 1, 0o204),
            ins(MOVNS, 0, 1),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o203),
            ins(MOVN, 2, 0o204),
            ins(ADD, 1, 2),
            ins(MOVEM, 1, 0o200),
            ins(MOVN, 1, 0o203),
            ins(IMUL, 1, 0o204),
            ins(MOVEM, 1, 0o200),
            ins(MOVNI, 1, 5),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o201),
            ins(IMULI, 1, 3),
            ins(MOVEM, 1, 0o200),
        ]
    );
}

#[test]
fn stores_come_last_the_last_target_first() {
    // X=A=B+1 stores A then X; X=A+B,Y=C*E,Z=1 computes each statement in
    // its own accumulator and stores Z, Y, X.
    assert_eq!(
        dot_i(".I X=A=B+1\n.I X=A+B,Y=C*E,Z=1\n.I Y+1\n"),
        vec![
            ins(MOVE, 1, 0o204),
            ins(ADDI, 1, 1),
            ins(MOVEM, 1, 0o203),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o203),
            ins(ADD, 1, 0o204),
            ins(MOVE, 2, 0o205),
            ins(IMUL, 2, 0o206),
            ins(MOVEI, 3, 1),
            ins(MOVEM, 3, 0o202),
            ins(MOVEM, 2, 0o201),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o201),
            ins(ADDI, 1, 1),
        ]
    );
}

#[test]
fn short_numbers_are_immediate_and_others_come_from_literals() {
    // 12345 and 10. are immediate; 123456, 1.5 and %C (a "number": it
    // begins before `@`) are literals; #Y is Y's address.
    let w = dot_i(".I X=12345\n.I X=10.\n.I X=123456\n.I X=A+1.5\n.I X=%C\n.I X=#Y\n%C==7\n");
    assert_eq!(
        w,
        vec![
            ins(MOVEI, 1, 0o12345),
            ins(MOVEM, 1, 0o200),
            ins(MOVEI, 1, 0o12),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o115),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o203),
            ins(ADD, 1, 0o116),
            ins(MOVEM, 1, 0o200),
            ins(MOVE, 1, 0o117),
            ins(MOVEM, 1, 0o200),
            ins(MOVEI, 1, 0o201),
            ins(MOVEM, 1, 0o200),
            0o123456,
            0o201_600_000_000,
            7,
        ]
    );
}

#[test]
fn a_vertical_tab_or_a_tilde_ends_a_statement() {
    assert_eq!(
        words("MOVEI 2,3\u{0B}4\nMOVEI 4,1~2\n~ MOVEI 5,\n"),
        vec![ins(MOVEI, 2, 3), 4, ins(MOVEI, 4, 1), 2, ins(MOVEI, 5, 0)]
    );
}

#[test]
fn forms_whose_code_was_not_checked_are_refused() {
    for (src, says) in [
        (".I X=A^B^2", "power of a power"),
        (".I X=-A^2", "minus before"),
        (".I X=A-Y=B,Z=C", "followed by another statement"),
        (".I X=B+SIN<Y=A,C>", "several arguments"),
        (".I X=/A", "integer unary divide"),
        (".I X=A\\B", "absolute value"),
        (".I X=A+$B", "`$`"),
        (".I X=A+$\nMOVEI 1,2", "continuation line"),
        (".I X=V(A*B)", "subscript"),
        (".I X=Y ? MOVEI 5,5", "`?`"),
        (".I X=(A", "without its `)`"),
        (".I X=SIN<A", "without its `>`"),
        (".I X=[A", "without its `]`"),
    ] {
        let e = fails(&format!("{SETUP}{src}"));
        assert!(e.contains(says), "{src}: {e}");
    }
}
