//! One module per subcommand: each has clap `Args` and `run`.

pub mod boot;
pub mod completions;
pub mod disasm;
pub mod hostio;
pub mod interrupt;
pub mod midas;
pub mod run;
pub mod solve;
pub mod verify;
