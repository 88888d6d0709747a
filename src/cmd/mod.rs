//! One module per subcommand: each has clap `Args` and `run`.

pub mod boot;
pub mod disasm;
pub mod midas;
pub mod oracle;
pub mod run;
pub mod solve;
pub mod verify;
