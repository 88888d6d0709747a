//! Every user variable a job may set through `.SUSET` read back through
//! `.SUSET` and USRVAR, against ITS's `doc/sysdoc/usets.120` (the plain
//! variables keep what is set, the I variants inclusive-or into them, the
//! A variants clear bits) and `_calls.127` (USRVAR). Written for mutation
//! testing (docs/mutants.md): each arm of the variable table is met.

mod mutants_support;
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

/// Sets each variable of `sets` in turn, reading `reads` after each step;
/// the program's labels are R0, R1, ... in the order of `reads`.
fn program(steps: &[(&str, &str)]) -> String {
    let mut code = String::from(HEAD);
    // Interrupts off while requests and masks change (usets.120 .PICLR:
    // zero defers every interrupt), so that nothing is given.
    code.push_str("GO:\t.SUSET [.SPICLR,,[0]]\n");
    let mut data = String::new();
    for (k, (set, read)) in steps.iter().enumerate() {
        if !set.is_empty() {
            code.push_str(&format!("\t.SUSET [{set}]\n"));
        }
        if !read.is_empty() {
            code.push_str(&format!("\t.SUSET [{read},,R{k}]\n"));
            data.push_str(&format!("R{k}:\t0\n"));
        }
    }
    code.push_str("\t.LOGOUT 1,\n");
    code.push_str(&data);
    code
}

fn results(name: &str, steps: &[(&str, &str)]) -> Vec<u64> {
    let ran = run(name, &program(steps));
    ran.finished();
    (0..steps.len())
        .map(|k| {
            if steps[k].1.is_empty() {
                0
            } else {
                ran.word(&format!("R{k}"))
            }
        })
        .collect()
}

#[test]
fn plain_variables_keep_what_is_set() {
    let steps = [
        (".SVAL,,[123]", ".RVAL"),
        (".SSV40,,[0,,456]", ".RSV40"),
        (".SMARA,,[1,,2000]", ".RMARA"),
        (".SMARPC,,[3000]", ".RMARPC"),
        (".SJPC,,[4321]", ".RJPC"),
        (".SOPTION,,[%OPLKF,,0]", ".ROPTION"),
        (".SWHO2,,[765]", ".RWHO2"),
        (".SDF1,,[%PIIOC+%PIMPV]", ".RDF1"),
        (".SDF2,,[707]", ".RDF2"),
        (".SMSK2,,[70]", ".RMSK2"),
        (".SIFPIR,,[7]", ".RIFPIR"),
        (".SMASK,,[%PIMPV+%PIILO]", ".RMASK"),
        (".SPIRQC,,[%PIRLT]", ".RPIRQC"),
    ];
    let got = results("plainvars", &steps);
    let want = [
        0o123,
        0o456,
        0o1_002000,
        0o3000,
        0o4321,
        0o40_000000,
        0o765,
        0o20400,
        0o707,
        0o70,
        0o7,
        0o20040,
        0o200000_000000,
    ];
    for (k, w) in want.iter().enumerate() {
        assert_eq!(got[k], *w, "{}: {:o}", steps[k].1, got[k]);
    }
}

#[test]
fn names_read_back_as_set() {
    let steps = [
        (".SUNAME,,[SIXBIT /HACKER/]", ".RUNAME"),
        (".SJNAME,,[SIXBIT /JOBNAM/]", ".RJNAME"),
        (".SSNAM,,[SIXBIT /SNAME/]", ".RSNAM"),
        (".SHSNAM,,[SIXBIT /HOME/]", ".RHSNAM"),
        (".SXUNAM,,[SIXBIT /XUSER/]", ".RXUNAM"),
        (".SXJNAM,,[SIXBIT /XJOB/]", ".RXJNAM"),
    ];
    let got = results("names", &steps);
    let want = ["HACKER", "JOBNAM", "SNAME", "HOME", "XUSER", "XJOB"];
    for (k, w) in want.iter().enumerate() {
        assert_eq!(got[k], six(w), "{}", steps[k].1);
    }
}

#[test]
fn i_variants_set_bits_and_a_variants_clear_them() {
    // usets.120: .IPIRQC, .IIFPIR, .IMASK, .IMSK2, .IDF1, .IDF2 inclusive-or
    // into the variable; .APIRQC ... .ADF2 clear the bits given.
    let pairs = [
        ("PIRQC", "PIRQC", "PIRQC"),
        ("IFPIR", "IFPIR", "IFPIR"),
        ("MASK", "MASK", "MASK"),
        ("MSK2", "MSK2", "MSK2"),
        ("DF1", "DF1", "DF1"),
        ("DF2", "DF2", "DF2"),
    ];
    for (var, i, a) in pairs {
        // .SIPIRQ is .IPIRQC's setting name, as .SAPIRQ is .APIRQC's.
        let (i, a) = match var {
            "PIRQC" => ("IPIRQ".to_string(), "APIRQ".to_string()),
            "IFPIR" => ("IIFPI".to_string(), "AIFPI".to_string()),
            _ => (format!("I{i}"), format!("A{a}")),
        };
        let s0 = format!(".S{var},,[1,,300]");
        let s1 = format!(".S{i},,[4,,6]");
        let s2 = format!(".S{a},,[5,,200]");
        let r = format!(".R{var}");
        let steps = [(s0.as_str(), r.as_str()), (&s1, &r), (&s2, &r)];
        let got = results(&format!("ia{var}"), &steps);
        assert_eq!(got[0], 0o1_000300, "{var} set");
        assert_eq!(got[1], 0o5_000306, "{var} or-ed");
        assert_eq!(got[2], 0o0_000106, "{var} and-not-ed");
    }
}

#[test]
fn picl_r_is_minus_one_or_zero_by_the_sign() {
    // usets.120 .PICLR: setting converts the value to -1 or 0 by bit 4.9.
    let steps = [
        ("", ".RPICLR"),
        (".SPICLR,,[400000,,0]", ".RPICLR"),
        (".SPICLR,,[377777,,777777]", ".RPICLR"),
    ];
    let got = results("piclr", &steps);
    assert_eq!(got, [0, 0o777777_777777, 0]);
}

#[test]
fn memt_rounds_up_to_whole_pages() {
    // usets.120 .MEMT: one plus the highest legal address; set, the job's
    // core becomes the pages that hold the addresses below it.
    let steps = [
        (".SMEMT,,[3*2000+1]", ".RMEMT"),
        (".SMEMT,,[3*2000]", ".RMEMT"),
        (".SMEMT,,[2000]", ".RMEMT"),
    ];
    let got = results("memt", &steps);
    assert_eq!(got, [4 * 0o2000, 3 * 0o2000, 0o2000]);
}

#[test]
fn forty_addr_moves_where_user_uuos_go() {
    // usets.120 .40ADDR: the system's "40" is the 5-word block there, so a
    // returned UUO (opcode 050-077) goes to 500 and its handler is named
    // by 501; read back as set.
    let src = format!(
        "{HEAD}GO:\t.SUSET [.S40ADDR,,[500]]\n\t.SUSET [.R40ADDR,,ADDR]\n\
         \t060000,,123\n\t.LOGOUT 1,\n\
         ADDR:\t0\nHIT:\t0\n\
         LOC 500\n\t0\n\tJSR UUO\nUUO:\t0\n\tMOVE A,500\n\tMOVEM A,HIT\n\tJRST 2,@UUO\n"
    );
    let ran = run("fortyaddr", &src);
    ran.finished();
    assert_eq!(ran.word("ADDR"), 0o500);
    assert_eq!(ran.word("HIT"), 0o060000_000123);
    // Location 40 itself was not used.
    assert_eq!(ran.job.cpu().read(0o40).unwrap().raw(), 0);
}

#[test]
fn read_only_variables_can_be_read() {
    // usets.120: .UIND (the job's user index), .RUNT (run time in 4 µs
    // units, growing), .OPC, .UUOH, .MPVA (0 until a violation), .CNSL.
    let src = format!(
        "{HEAD}GO:\t.SUSET [.RUIND,,UIND]\n\t.SUSET [.RRUNT,,RUNT1]\n\
         \tMOVEI A,1000.\nLOOP:\tSOJG A,LOOP\n\t.SUSET [.RRUNT,,RUNT2]\n\
         \t.SUSET [.ROPC,,OPC]\n\t.SUSET [.RUUOH,,UUOH]\n\t.SUSET [.RMPVA,,MPVA]\n\
         \t.LOGOUT 1,\nUIND:\t-1\nRUNT1:\t-1\nRUNT2:\t-1\nOPC:\t-1\nUUOH:\t-1\nMPVA:\t-1\n"
    );
    let ran = run("readonly", &src);
    ran.finished();
    assert!(
        ran.word("UIND") < 0o100,
        "user index {:o}",
        ran.word("UIND")
    );
    // 1000 SOJGs take well over 4 µs on a KA10 (ka10::timing).
    assert!(ran.word("RUNT2") > ran.word("RUNT1"));
    let runt = ka10::timing::emulated_ns(ran.job.cpu().instructions()) / 4000;
    assert!(ran.word("RUNT2") <= runt, "{} > {runt}", ran.word("RUNT2"));
    assert_eq!(ran.word("MPVA"), 0);
    assert_ne!(ran.word("OPC"), 0o777777_777777);
    assert_ne!(ran.word("UUOH"), 0o777777_777777);
}

#[test]
fn a_zero_user_or_job_name_is_an_illegal_operation() {
    for var in ["UNAME", "JNAME"] {
        let src = format!("{HEAD}GO:\t.SUSET [.S{var},,[0]]\n\t.LOGOUT 1,\n");
        let ran = run(&format!("zero{var}"), &src);
        assert_eq!(ran.outcome.exit_status(), 2, "{var}: {:?}", ran.outcome);
    }
}

#[test]
fn usrvar_names_variables_by_number_or_sixbit() {
    // _calls.127 USRVAR: arg 1 the job (-1 this one), arg 2 the variable
    // by number or by SIXBIT name without the dot, arg 3 the value to set;
    // without it, the value is returned. An unknown name fails.
    let src = format!(
        "{HEAD}GO:\t.CALL [SETZ ? SIXBIT /USRVAR/ ? [-1] ? [SIXBIT /WHO1/] ? SETZ [4242]]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /USRVAR/ ? [-1] ? [.RWHO1] ? SETZM W1]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /USRVAR/ ? [-1] ? [.RIOS+1] ? SETZM IOS1]\n\t .LOSE\n\
         \t.CALL [SETZ ? SIXBIT /USRVAR/ ? [-1] ? [SIXBIT /NOSUCH/] ? %CLERR,,ERR ? SETZM W2]\n\
         \t SKIPA\n\t .LOSE\n\
         \t.LOGOUT 1,\nW1:\t0\nW2:\t0\nIOS1:\t-1\nERR:\t0\n"
    );
    let ran = run("usrvar", &src);
    ran.finished();
    assert_eq!(ran.word("W1"), 0o4242);
    assert_eq!(ran.word("IOS1"), 0, "channel 1 is closed");
    assert_ne!(ran.word("ERR"), 0);
}
