//! One module per subcommand: each has clap `Args` and `run`.

pub mod boot;
pub mod debug;
pub mod disasm;
pub mod midas;
pub mod run;
pub mod solve;
pub mod verify;
pub mod watch;
