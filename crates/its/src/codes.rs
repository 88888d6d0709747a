//! The error codes ITS returns to programs: the "open loss" codes of
//! failing system calls (`doc/sysdoc/_calls.127`, ERROR CODES) and the I/O
//! channel (IOC) error codes that interrupt a job (SETIOC in the same file).

/// A system-call failure code, as stored through a `%CLERR` argument and in
/// bits 3.6-3.1 of the channel's status word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)] // Each constant is ITS's own name for the code.
pub struct CallError(pub u8);

#[allow(missing_docs)]
impl CallError {
    /// The code bits.117 names `name` (`%ENSDV` = 1).
    const fn named(name: &str) -> CallError {
        CallError(pdp10_isa::its::bit_symbol(name) as u8)
    }

    pub const NO_SUCH_DEVICE: CallError = CallError::named("%ENSDV");
    pub const WRONG_DIRECTION: CallError = CallError::named("%ENSIO");
    pub const FILE_NOT_FOUND: CallError = CallError::named("%ENSFL");
    pub const DEVICE_FULL: CallError = CallError::named("%EFLDV");
    pub const ILLEGAL_FILE_NAME: CallError = CallError::named("%EBDFN");
    pub const MODE_NOT_AVAILABLE: CallError = CallError::named("%ENSMD");
    pub const FILE_EXISTS: CallError = CallError::named("%EEXFL");
    pub const BAD_CHANNEL: CallError = CallError::named("%EBDCH");
    pub const TOO_MANY_ARGS: CallError = CallError::named("%ETMRG");
    pub const NO_SUCH_DIRECTORY: CallError = CallError::named("%ENSDR");
    pub const FILE_LOCKED: CallError = CallError::named("%ENAFL");
    pub const TOO_FEW_ARGS: CallError = CallError::named("%ETFRG");
    pub const DEVICE_WRITE_LOCKED: CallError = CallError::named("%ERODV");
    pub const CANT_GET_ACCESS: CallError = CallError::named("%EROPG");
    pub const MEANINGLESS_ARGS: CallError = CallError::named("%EBDRG");
    pub const WRONG_TYPE_DEVICE: CallError = CallError::named("%EBDDV");
    pub const NO_CORE: CallError = CallError::named("%ENACR");
    pub const BAD_CALL_NAME: CallError = CallError::named("%ENSCL");
    pub const CHANNEL_NOT_OPEN: CallError = CallError::named("%ENSCH");
    pub const UNRECOGNIZABLE_FILE: CallError = CallError::named("%EBDFL");

    /// The message the ERR device gives for the code.
    pub fn message(self) -> &'static str {
        match self.0 {
            0o1 => "NO SUCH DEVICE",
            0o2 => "WRONG DIRECTION",
            0o3 => "TOO MANY TRANSLATIONS",
            0o4 => "FILE NOT FOUND",
            0o5 => "DIRECTORY FULL",
            0o6 => "DEVICE FULL",
            0o7 => "DEVICE NOT READY",
            0o10 => "DEVICE NOT AVAILABLE",
            0o11 => "ILLEGAL FILE NAME",
            0o12 => "MODE NOT AVAILABLE",
            0o13 => "FILE ALREADY EXISTS",
            0o14 => "BAD CHANNEL NUMBER",
            0o15 => "TOO MANY ARGUMENTS (CALL)",
            0o16 => "PACK NOT MOUNTED",
            0o17 => "DIRECTORY NOT AVAIL",
            0o20 => "NON-EXISTENT DIRECTORY",
            0o21 => "LOCAL DEVICE ONLY",
            0o22 => "SELF-CONTRADICTORY OPEN",
            0o23 => "FILE LOCKED",
            0o24 => "M.F.D. FULL",
            0o25 => "DEVICE NOT ASSIGNABLE TO THIS PROCESSOR",
            0o26 => "DEVICE WRITE-LOCKED",
            0o27 => "LINK DEPTH EXCEEDED",
            0o30 => "TOO FEW ARGUMENTS (CALL)",
            0o31 => "CAN'T MODIFY JOB",
            0o32 => "CAN'T GET THAT ACCESS TO PAGE",
            0o33 => "MEANINGLESS ARGS",
            0o34 => "WRONG TYPE DEVICE",
            0o35 => "NO SUCH JOB",
            0o36 => "VALID CLEAR OR STORED SET",
            0o37 => "NO CORE AVAILABLE",
            0o40 => "NOT TOP LEVEL",
            0o41 => "OTHER END OF PIPELINE GONE OR NOT OPEN",
            0o42 => "JOB GONE OR GOING AWAY",
            0o43 => "ILLEGAL SYSTEM CALL NAME",
            0o44 => "CHANNEL NOT OPEN",
            0o45 => "INPUT BUFFER EMPTY OR OUTPUT BUFFER FULL",
            0o46 => "UNRECOGNIZABLE FILE",
            0o47 => "LINK TO NON-EXISTENT FILE",
            _ => "OPEN TYPE NOT DETERMINED",
        }
    }
}

/// An I/O channel error: the job gets a %PIIOC interrupt, fatal when it has
/// no handler; the code goes in bits 4.5-4.1 of the channel's status word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub struct IocError(pub u8);

#[allow(missing_docs)]
impl IocError {
    pub const ILLEGAL_OPERATION: IocError = IocError(0o1);
    pub const PAST_END_OF_FILE: IocError = IocError(0o2);
    pub const DATA_ERROR: IocError = IocError(0o3);
    pub const CHANNEL_NOT_OPEN: IocError = IocError(0o10);
    pub const DEVICE_FULL: IocError = IocError(0o11);
    pub const ILLEGAL_MODE: IocError = IocError(0o12);
    pub const ILLEGAL_DISPLAY_CODE: IocError = IocError(0o13);

    /// ITS's message for the code.
    pub fn message(self) -> &'static str {
        match self.0 {
            0o1 => "ILLEGAL HARDWARE OPERATION ATTEMPTED",
            0o2 => "ATTEMPTED RANDOM ACCESS TO ADDRESS BEYOND END OF FILE",
            0o3 => "NON-RECOVERABLE DATA ERROR",
            0o4 => "NON-EXISTENT SUB-DEVICE",
            0o5 => "OVER IOPOP",
            0o6 => "OVER IOPUSH",
            0o7 => "USR OP CHNL DOES NOT HAVE USR OPEN",
            0o10 => "CHNL NOT OPEN",
            0o11 => "DEVICE FULL",
            0o12 => "CHNL IN ILLEGAL MODE ON IOT",
            0o13 => "ILLEGAL CHR AFTER CNTRL P ON TTY DISPLAY",
            0o14 => "DIRECTORY FULL",
            0o15 => "DIRECTORY'S ALLOCATION EXHAUSTED",
            _ => "UNKNOWN IOC ERROR",
        }
    }

    /// The ERR device's text for the code (ERMST3 in ITS, which words
    /// some codes differently from the documentation's list above).
    pub fn err_device_text(self) -> &'static str {
        match self.0 {
            0o1 => "DEVICE HUNG OR REPORTING NON-DATA ERROR",
            0o2 => "END OF FILE",
            0o4 => "NON-EXISTENT SUB DEVICE",
            0o3 | 0o5..=0o15 => self.message(),
            _ => "IOT OR OPR TYPE NOT DETERMINED",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_match_the_err_device_table() {
        assert_eq!(CallError::FILE_NOT_FOUND.message(), "FILE NOT FOUND");
        assert_eq!(CallError(0o14).message(), "BAD CHANNEL NUMBER");
        assert_eq!(IocError::CHANNEL_NOT_OPEN.message(), "CHNL NOT OPEN");
    }
}
