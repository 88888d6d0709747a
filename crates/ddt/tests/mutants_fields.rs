//! The fields of the words DDT puts in and types out: the `.BREAK` that
//! stands for a breakpoint (its AC field is the breakpoint's number, as in
//! ITS DDT, which decodes a `.BREAK` by that field), and the AC and index
//! fields of an instruction in absolute mode (`$A`: DDT ORDER says
//! "addresses will be typed as numbers", and ITS DDT types an
//! instruction's AC and index fields as addresses). Written for mutation
//! testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

/// PEEK reads two words of its own code that hold breakpoints, without
/// running them, then stops.
const PEEK: &str = "TITLE PEEK
A=1
B=2
GO:\tMOVE A,X
\tMOVE B,Y
\t.VALUE
X:\tJFCL
Y:\tJFCL
\t.LOGOUT 1,
END GO
";

#[test]
fn a_breakpoint_is_a_break_with_its_number_in_the_ac_field() {
    let mut s = session("breakac", PEEK);
    let out = typed(&mut s, "X$3B\nY$1B\n$G\n$$C\nA/\nB/\n");
    // .BREAK is op-code 045; .BREAK 3, is 045140,,0 and .BREAK 1, 045040,,0.
    assert!(out.contains("A/   45140000000   "), "{out}");
    assert!(out.contains("B/   45040000000   "), "{out}");
    // Once the job stops the original words are back.
    let out = typed(&mut s, "X/\n");
    assert!(out.contains("X/   255000000000   "), "{out}");
}

#[test]
fn the_eighth_breakpoint_is_break_eight() {
    // Breakpoint 8, the last: its number fits the AC field.
    let mut s = session("break8", PEEK);
    let out = typed(&mut s, "X$8B\n$G\n$$C\nA/\n");
    assert!(out.contains("A/   45400000000   "), "{out}");
}

#[test]
fn absolute_mode_types_ac_and_index_fields_as_numbers() {
    // COUNT: A=1, B=2, C=3; LOOP is 104 and TEXT 121.
    let mut s = session("absac", COUNT);
    let out = typed(
        &mut s,
        "LOOP+1/\n$A\nLOOP+1/\n\nTOTAL/\nMOVE C,TEXT(B)\nTOTAL/\n$$A\nTOTAL/\n",
    );
    assert!(out.contains("LOOP+1/   SOJG A,LOOP   \n"), "{out}");
    assert!(out.contains("$A\nLOOP+1/   SOJG 1,104   \n"), "{out}");
    assert!(out.contains("TOTAL/   MOVE C,TEXT(B)   \n"), "{out}");
    assert!(out.ends_with("$$A\nTOTAL/   MOVE 3,121(2)   \n"), "{out}");
}

#[test]
fn breakpoint_commands_set_move_list_and_clear() {
    // DDT ORDER: ADDR$B sets the first free breakpoint, ADDR$nB
    // breakpoint n; a location holds one breakpoint; ADDR$0B clears the
    // one at ADDR; $B lists them.
    let mut s = session("bpts", COUNT);
    let out = typed(&mut s, "BUMP$B\nLOOP$B\nBUMP$4B\n$B\n");
    assert!(out.ends_with("$B\nLOOP$2B\nBUMP$4B\n"), "{out}");
    let out = typed(&mut s, "LOOP$0B\n$B\n");
    assert!(out.ends_with("$B\nBUMP$4B\n"), "{out}");
    // The next free one is the first free number.
    let out = typed(&mut s, "TOTAL$B\n$B\n");
    assert!(out.ends_with("$B\nTOTAL$1B\nBUMP$4B\n"), "{out}");
    // 0$nB clears breakpoint n only.
    let out = typed(&mut s, "0$4B\n$B\n");
    assert!(out.ends_with("$B\nTOTAL$1B\n"), "{out}");
}

#[test]
fn bad_breakpoint_commands_are_refused() {
    let mut s = session("badbpts", COUNT);
    // No breakpoint 9; a number without an address; no memory there.
    let out = typed(&mut s, "BUMP$9B\n$3B\n400000$B\n$B\n");
    assert_eq!(out, "BUMP$9B?   \n$3B?   \n400000$B?   \n$B\n");
    // Eight breakpoints at most.
    let out = typed(
        &mut s,
        "GO$B\nGO+1$B\nGO+2$B\nGO+3$B\nGO+4$B\nGO+5$B\nGO+6$B\nGO+7$B\nGO+10$B\n",
    );
    assert!(out.ends_with("GO+7$B\nGO+10$B?   \n"), "{out}");
}

#[test]
fn a_break_of_the_programs_own_is_no_breakpoint() {
    // Only the .BREAKs DDT put in are its breakpoints: the program's own
    // `.BREAK 16,160000` still asks ITS to kill the job (ITS DDT treats a
    // .BREAK 16, with 4.6 or 4.5 set and 4.3 clear as suicide).
    let src = "TITLE SUICID\nGO:\tJFCL\n\t.BREAK 16,160000\n\t.VALUE\nEND GO\n";
    let mut s = session("suicide", src);
    let out = typed(&mut s, "GO+2$B\n$G\n");
    assert_eq!(out, "GO+2$B\n$G\n:KILL   \n");
}
