//! A debugger's slices of a run (`Job::run_slice`): a memory violation
//! ends the job as `Job::run` would unless the job handles it (then the
//! slice ends and the handler runs next); a call that enables %PIPDL ends
//! the slice with the job ready to go on. Written for mutation testing
//! (docs/mutants.md).

mod mutants_support;
use its::{Job, JobConfig, Outcome, Slice};
use mutants_support::*;

const HEAD: &str = "TITLE T\nA=1\nB=2\nC=3\nD=4\nP=17\n";

fn job(name: &str, body: &str) -> (Job, std::collections::HashMap<String, u32>) {
    let (image, symbols) = image(&format!("{HEAD}{body}\n"));
    let config = JobConfig::captured(&scratch(name), "TEST", None);
    (Job::new(&image, config).unwrap(), symbols)
}

#[test]
fn an_unhandled_mpv_ends_the_slice_as_it_ends_a_run() {
    let (mut job, _) = job("slicempv", "GO:\tMOVE A,377777\n\t.LOGOUT 1,");
    let slice = job.run_slice(100, &mut ka10::NoTrace, |_| false).unwrap();
    match slice {
        Slice::Ended(Outcome::ProgramError { message, .. }) => {
            assert!(message.starts_with("MPV;"), "{message}")
        }
        s => panic!("{s:?}"),
    }
}

#[test]
fn a_handled_mpv_goes_to_the_handler() {
    let (mut job, symbols) = job(
        "slicempvh",
        "LOC 42\n\tJSR TSINT\nLOC 100\n\
         GO:\t.SUSET [.SMASK,,[%PIMPV]]\n\tMOVE A,377777\n\t.LOGOUT 1,\n\
         TSINT:\t0\n\t0\n\tMOVEI B,1\n\t.DISMIS TSINT+1",
    );
    let mut slices = 0;
    loop {
        slices += 1;
        match job.run_slice(100, &mut ka10::NoTrace, |_| false).unwrap() {
            Slice::Budget => assert!(slices < 10),
            Slice::Ended(o) => {
                assert_eq!(o, Outcome::Finished { message: None });
                break;
            }
            s => panic!("{s:?}"),
        }
    }
    assert_eq!(job.cpu().ac(2).raw(), 1, "the handler ran");
    assert!(job.cpu().read(symbols["TSINT"]).unwrap().raw() != 0);
    job.close_files().unwrap();
}

#[test]
fn enabling_pdl_overflow_ends_the_slice_ready_to_go_on() {
    let (mut job, symbols) = job(
        "slicepdl",
        "GO:\t.SUSET [.SMASK,,[%PIPDL]]\nNEXT:\tMOVEI A,1\n\t.LOGOUT 1,",
    );
    let slice = job.run_slice(100, &mut ka10::NoTrace, |_| false).unwrap();
    assert_eq!(slice, Slice::Budget);
    assert_eq!(job.cpu().pc(), symbols["NEXT"]);
    let slice = job.run_slice(100, &mut ka10::NoTrace, |_| false).unwrap();
    assert_eq!(slice, Slice::Ended(Outcome::Finished { message: None }));
    assert_eq!(job.cpu().ac(1).raw(), 1);
}

#[test]
fn load_puts_each_word_of_each_block_in_place() {
    // DDT's $L: the new program's blocks where they say, word by word,
    // memory and ACs cleared first, the PC at its start.
    let (mut job, _) = job("loadblocks", "GO:\tMOVEI A,7\n\t.VALUE\n\t.LOGOUT 1,");
    assert!(matches!(
        job.run_slice(100, &mut ka10::NoTrace, |_| false).unwrap(),
        Slice::Ended(Outcome::Value { .. })
    ));
    let (other, symbols) = image(&format!(
        "{HEAD}LOC 300\nW:\t11\n\t22\n\t33\nLOC 2000\nGO:\tMOVE B,W+2\n\t.LOGOUT 1,\n"
    ));
    job.load(&other);
    assert_eq!(job.cpu().pc(), symbols["GO"]);
    assert_eq!(job.cpu().ac(1).raw(), 0, "ACs cleared");
    assert_eq!(job.cpu().read(0o100).unwrap().raw(), 0, "old code cleared");
    for (k, v) in [0o11u64, 0o22, 0o33].into_iter().enumerate() {
        assert_eq!(job.cpu().read(0o300 + k as u32).unwrap().raw(), v);
    }
    assert_eq!(job.image().start_address(), symbols["GO"]);
    let ended = job.run_slice(100, &mut ka10::NoTrace, |_| false).unwrap();
    assert_eq!(ended, Slice::Ended(Outcome::Finished { message: None }));
    assert_eq!(job.cpu().ac(2).raw(), 0o33);
}
