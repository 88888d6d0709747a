//! Whole DDT sessions over a small ITS job (COUNT: a loop calling a
//! subroutine five times), in the ddt crate's own tests: examining in every
//! type-out mode, depositing, defining symbols, bad commands, breakpoints
//! with proceed counts, single steps, $X, and text type-in. The expected
//! transcripts are those of the end-to-end tests (tests/ddt.rs, reviewed
//! against ITS DDT's documentation, `doc/info/ddt.*` and DDT ORDER), so
//! that a change in this crate is caught by this crate's tests. Written for
//! mutation testing (docs/mutants.md).

mod mutants_support;
use mutants_support::*;

#[test]
fn examine_in_every_mode() {
    let commands = "GO/\n^J\n^J\n^\n\nTOTAL\t\nTEXT/\n$C\nTEXT/\n$\"\nTEXT/\n$7T\nTEXT/\n\
        $1T\nTEXT[\nTEXT/\n$'\nNAME/\n$#\nTEXT+1/\n$H\nHALVES/\n$A\nHALVES/\n\nHALVES[\n\
        $10R\nHALVES[\n\n$$C\nGO/\nGO]\n\nGO/\n$$S\nGO/\nPDL-1,,PDL=\n:KILL\n";
    let expected = r##"GO/   MOVE P,PDL+20   
GO+1/   .OPEN A,PDL+21   
GO+2/   .LOSE 1400   
^
GO+1/   .OPEN A,PDL+21   

TOTAL
TOTAL/   0   
TEXT/   ANDCBM B,@446236(11)   
$C
TEXT/   442131446236   
$"
TEXT/   $0"HELLO$   
$7T
TEXT/   110 105 114 114 117 0   
$1T
TEXT[   442131446236   
TEXT/   1 0 0 1 0 0 0 1 0 0 0 1 0 1 1 0 0 1 1 0 0 1 0 0 1 1 0 0 1 0 0 1 1 1 1 0   
$'
NAME/   $1'COUNT $   
$#
TEXT+1/   IORI P,@566400(5) $1#^@   
$H
HALVES/   3,,TEXT   
$A
HALVES/   3,,121   

HALVES[   3000121   
$10R
HALVES[   786513.   

$$C
GO/   200740000144   
GO]   MOVE P,PDL+20   

GO/   200740000144   
$$S
GO/   MOVE P,PDL+20   
PDL-1,,PDL=123000124   
:KILL
--- exit status 0
"##;
    assert_eq!(count_session("examine_in_e", commands), expected);
}

#[test]
fn deposit_define_and_bad_commands() {
    let commands = "TOTAL/\n42\nTOTAL/\n7^J\nTOTAL/\nTOTAL+1/\nHERE: 100\nHERE=\n\
        200 THERE:\nTHERE=\nNOSUCH/\n$Z\n1+*2\n(5\n.=\n:NOSUCH\n:KILL\n";
    let expected = r##"TOTAL/   0   
42
TOTAL/   42   
7
TEXT/   ANDCBM B,@446236(11)   
TOTAL/   7   
TOTAL+1/   ANDCBM B,@446236(11)   
HERE: 100
HERE=121   
200 THERE:
THERE=200   
NOSUCH/?U?   
$Z?   
1+*2?   
(5?   
.=121   
:NOSUCH?   
:KILL
--- exit status 0
"##;
    assert_eq!(count_session("deposit_defi", commands), expected);
}

/// The job's "6" and its CR LF come from the captured terminal here (in
/// the end-to-end test they go to the host's standard output).
#[test]
fn breakpoints_proceed_counts_step_execute_and_value() {
    let commands = "BUMP$B\nLOOP+1$5B\n$B\n0$5B\n$B\n$G\nTOTAL/\nP/\n3$P\nTOTAL/\nA/\n\
        ^N\n^N\n3^N\n$B\nAOS TOTAL$X\nTOTAL/\nCAIE A,2$X\nCAIE A,1$X\n\
        0$B\n$P\nA/\n$P\n$P\n";
    let expected = r##"BUMP$B
LOOP+1$5B
$B
BUMP$1B
LOOP+1$5B
0$5B
$B
BUMP$1B
$G
$1B; BUMP>>AOS TOTAL   TOTAL/   0   
TOTAL/   0   
P/   -17,,PDL   
3$P
$1B; BUMP>>AOS TOTAL   TOTAL/   3   
TOTAL/   3   
A/   2   
^N   TOTAL/   4
BUMP+1>>AOS B   B/   3   
^N   B/   4
BUMP+2>>POPJ P,   P/   -17,,PDL   
3^N   P/   -20,,HALVES
LOOP+1>>SOJG A,LOOP   A/   1
LOOP>>PUSHJ P,BUMP   P/   -17,,PDL
BUMP>>AOS TOTAL   TOTAL/   4   
$B
BUMP$1B
AOS TOTAL$X   TOTAL/   5   
TOTAL/   5   
CAIE A,2$X   
CAIE A,1$X   <SKIP>   
0$B
$P
.VAL 0; LOOP+2>>.VALUE   .VALUE at PC 000106   
A/   0   
$P6
:KILL   
$P?   
--- exit status 0
"##;
    assert_eq!(count_session("breakpoints_", commands), expected);
}

#[test]
fn text_type_in() {
    let commands = "TEXT/\n$0\"WORLD$\n$\"\nTEXT/\n\nNAME/\n$1'SUDOKU$\n$'\nNAME/\n\n\
        $1#A=\n$1\"AB$=\nPDL/\n$$0\"HELLO, WORLD$\n$\"\nPDL/\n^J\n^J\n:KILL\n";
    let expected = r##"TEXT/   ANDCBM B,@446236(11)   
$0"WORLD$
$"
TEXT/   $0"WORLD$   

NAME/   IORI P,@566400(5)   
$1'SUDOKU$
$'
NAME/   $1'SUDOKU$   

$1#A=101   
$1"AB$=406040000001   
PDL/   0   
$$0"HELLO, WORLD$
$"
PDL/   $0"HELLO$   
PDL+1/   $0", WOR$   
PDL+2/   $0"LD^@^@^@$   
:KILL
--- exit status 0
"##;
    assert_eq!(count_session("text_type_in", commands), expected);
}

/// `$L`'s loader, as the `pdp10` command's: an SBLK file in the evacuated
/// encoding, with its symbols.
fn load_sblk(name: &str) -> Result<ddt::Program, String> {
    let bytes = std::fs::read(name).map_err(|e| format!("{name}: {e}"))?;
    let image = its::loader::load_bytes(&bytes).map_err(|e| e.to_string())?;
    let words = pdp10_isa::evacuated::decode(&bytes).map_err(|e| e.to_string())?;
    let sblk = pdp10_isa::sblk::Sblk::parse(&words).map_err(|e| e.to_string())?;
    let symbols = sblk.symbols();
    Ok(ddt::Program {
        start: image.start_address(),
        core: image.core,
        blocks: image.blocks,
        symbols: ddt::SymbolTable::new(symbols.iter().map(|s| {
            (
                s.name.as_str(),
                s.value.raw(),
                s.flags & pdp10_isa::squoze::HALF_KILLED != 0,
            )
        })),
        read_only: image.read_only,
        shared: image.shared,
    })
}

/// `$L` keeps a PDUMP file's page kinds: a pure page stays read-only (a
/// store into it stops the job, %PIWRO) and a sharing entry stays one page
/// at two addresses (a store through one is seen at the other).
#[test]
fn load_keeps_pure_and_shared_pages() {
    const STORES: &str = "LOC 2000\nX: 0\nLOC 100\nGO: AOS X\nMOVE 1,4000\n.VALUE\nEND GO\n";
    let assembly = midas::assemble_str("t.mid", STORES).unwrap();
    let image = its::loader::load_bytes(&assembly.to_bytes()).unwrap();
    let program = move |read_only: Vec<usize>, shared: Vec<(usize, usize)>| ddt::Program {
        start: image.start_address(),
        core: 0o6000,
        blocks: image.blocks.clone(),
        symbols: ddt::SymbolTable::new(std::iter::empty()),
        read_only,
        shared,
    };
    let mut s = session("load-pages", COUNT);
    s.set_loader(Box::new(move |name: &str| {
        Ok(match name {
            "PURE" => program(vec![1], Vec::new()),
            _ => program(Vec::new(), vec![(2, 1)]),
        })
    }));
    let out = typed(&mut s, "$L PURE\n$G\n");
    assert!(!out.contains(".VALUE"), "{out}");
    assert!(
        out.contains("PURPG; 100>>AOS 2000") && out.contains("%PIWRO"),
        "{out}"
    );
    let out = typed(&mut s, "$L SHARED\n$G\n1/\n");
    assert!(out.contains(".VALUE"), "{out}");
    assert!(out.contains("1/   1   "), "{out}");
}

#[test]
fn dump_then_load_revives_the_job() {
    // DDT ORDER: $Y dumps the job's core and symbols; $L loads a program
    // in its place, ready to start again ($G) even after the job logged
    // out.
    let dir = scratch("dumpload");
    let dump = dir.join("count.bin").to_string_lossy().into_owned();
    let mut s = session("dumpload-job", COUNT);
    s.set_loader(Box::new(load_sblk));
    let out = typed(&mut s, &format!("$G\n$Y {dump}\n$P\n"));
    assert!(out.ends_with("$P5\n:KILL   \n"), "{out}");
    let out = typed(&mut s, &format!("$L {dump}\nTOTAL/\nBUMP/\n$G\n"));
    assert_eq!(
        out,
        format!(
            "$L {dump}\nTOTAL/   5   \nBUMP/   AOS TOTAL   \n$G\n.VAL 0; LOOP+2>>.VALUE   .VALUE at PC 000106   \n"
        )
    );
    // A file that is not there: its name and the host's reason, then `?`.
    let out = typed(&mut s, "$L /nonexistent/x.bin\n");
    assert!(out.contains("/nonexistent/x.bin: No such file"), "{out}");
    assert!(out.trim_end().ends_with('?'), "{out}");
}

/// DDT's output going nowhere is the crate's error, the host's reason its
/// source.
#[test]
fn a_failing_output_is_an_error_with_its_cause() {
    struct Broken;
    impl std::io::Write for Broken {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(std::io::Error::other("gone"))
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let assembly = midas::assemble_str("t.mid", COUNT).unwrap();
    let image = its::loader::load_bytes(&assembly.to_bytes()).unwrap();
    let job = its::Job::new(
        &image,
        its::JobConfig::captured(&scratch("broken2"), "COUNT", None),
    )
    .unwrap();
    let mut s = ddt::Session::new(
        ddt::ItsJob::new(job),
        ddt::SymbolTable::new([("GO", 0o100, false)]),
        Broken,
        true,
    );
    let quiet = std::sync::atomic::AtomicBool::new(false);
    let e = s.line("GO/", &quiet).expect_err("writing fails");
    assert!(e.to_string().contains("gone"), "{e}");
    let source = std::error::Error::source(&e).expect("a source");
    assert_eq!(source.to_string(), "gone");
}
