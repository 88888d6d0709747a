//! The error codes and their messages as ITS's `doc/sysdoc/_calls.127`
//! lists them (the failure codes of system calls, and the IOC error codes
//! of SETIOC). Written for mutation testing (docs/mutants.md).

use its::codes::{CallError, IocError};

#[rustfmt::skip]
const CALL_ERRORS: [(u8, &str); 39] = [
    (0o1, "NO SUCH DEVICE"),
    (0o2, "WRONG DIRECTION"),
    (0o3, "TOO MANY TRANSLATIONS"),
    (0o4, "FILE NOT FOUND"),
    (0o5, "DIRECTORY FULL"),
    (0o6, "DEVICE FULL"),
    (0o7, "DEVICE NOT READY"),
    (0o10, "DEVICE NOT AVAILABLE"),
    (0o11, "ILLEGAL FILE NAME"),
    (0o12, "MODE NOT AVAILABLE"),
    (0o13, "FILE ALREADY EXISTS"),
    (0o14, "BAD CHANNEL NUMBER"),
    (0o15, "TOO MANY ARGUMENTS (CALL)"), // as ITS words it (bits.117, .INFO.;ITS)
    (0o16, "PACK NOT MOUNTED"),
    (0o17, "DIRECTORY NOT AVAIL"),
    (0o20, "NON-EXISTENT DIRECTORY"),
    (0o21, "LOCAL DEVICE ONLY"),
    (0o22, "SELF-CONTRADICTORY OPEN"),
    (0o23, "FILE LOCKED"),
    (0o24, "M.F.D. FULL"),
    (0o25, "DEVICE NOT ASSIGNABLE TO THIS PROCESSOR"),
    (0o26, "DEVICE WRITE-LOCKED"),
    (0o27, "LINK DEPTH EXCEEDED"),
    (0o30, "TOO FEW ARGUMENTS (CALL)"),
    (0o31, "CAN'T MODIFY JOB"),
    (0o32, "CAN'T GET THAT ACCESS TO PAGE"),
    (0o33, "MEANINGLESS ARGS"),
    (0o34, "WRONG TYPE DEVICE"),
    (0o35, "NO SUCH JOB"),
    (0o36, "VALID CLEAR OR STORED SET"),
    (0o37, "NO CORE AVAILABLE"),
    (0o40, "NOT TOP LEVEL"),
    (0o41, "OTHER END OF PIPELINE GONE OR NOT OPEN"),
    (0o42, "JOB GONE OR GOING AWAY"),
    (0o43, "ILLEGAL SYSTEM CALL NAME"),
    (0o44, "CHANNEL NOT OPEN"),
    (0o45, "INPUT BUFFER EMPTY OR OUTPUT BUFFER FULL"),
    (0o46, "UNRECOGNIZABLE FILE"),
    (0o47, "LINK TO NON-EXISTENT FILE"),
];

#[rustfmt::skip]
const IOC_ERRORS: [(u8, &str); 13] = [
    (0o1, "ILLEGAL HARDWARE OPERATION ATTEMPTED"),
    (0o2, "ATTEMPTED RANDOM ACCESS TO ADDRESS BEYOND END OF FILE"),
    (0o3, "NON-RECOVERABLE DATA ERROR"),
    (0o4, "NON-EXISTENT SUB-DEVICE"),
    (0o5, "OVER IOPOP"),
    (0o6, "OVER IOPUSH"),
    (0o7, "USR OP CHNL DOES NOT HAVE USR OPEN"),
    (0o10, "CHNL NOT OPEN"),
    (0o11, "DEVICE FULL"),
    (0o12, "CHNL IN ILLEGAL MODE ON IOT"),
    (0o13, "ILLEGAL CHR AFTER CNTRL P ON TTY DISPLAY"),
    (0o14, "DIRECTORY FULL"),
    (0o15, "DIRECTORY'S ALLOCATION EXHAUSTED"),
];

#[test]
fn every_failure_code_has_its_message() {
    for (code, message) in CALL_ERRORS {
        assert_eq!(CallError(code).message(), message, "{code:o}");
    }
    // Codes outside the table are not mistaken for one of them.
    for code in [0, 0o50, 0o77] {
        let m = CallError(code).message();
        assert!(CALL_ERRORS.iter().all(|(_, t)| *t != m), "{code:o}: {m}");
    }
}

#[test]
fn every_ioc_code_has_its_message() {
    for (code, message) in IOC_ERRORS {
        assert_eq!(IocError(code).message(), message, "{code:o}");
    }
    for code in [0, 0o16, 0o77] {
        let m = IocError(code).message();
        assert!(IOC_ERRORS.iter().all(|(_, t)| *t != m), "{code:o}: {m}");
    }
}

#[test]
fn named_codes_have_the_documented_numbers() {
    assert_eq!(CallError::NO_SUCH_DEVICE.0, 0o1);
    assert_eq!(CallError::FILE_NOT_FOUND.0, 0o4);
    assert_eq!(CallError::ILLEGAL_FILE_NAME.0, 0o11);
    assert_eq!(CallError::NO_SUCH_DIRECTORY.0, 0o20);
    assert_eq!(CallError::BAD_CALL_NAME.0, 0o43);
    assert_eq!(CallError::CHANNEL_NOT_OPEN.0, 0o44);
    assert_eq!(IocError::PAST_END_OF_FILE.0, 0o2);
    assert_eq!(IocError::CHANNEL_NOT_OPEN.0, 0o10);
    assert_eq!(IocError::ILLEGAL_DISPLAY_CODE.0, 0o13);
}
