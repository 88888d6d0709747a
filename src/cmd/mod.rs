//! One module per subcommand: each has clap `Args` and `run`.

pub mod boot;
pub mod character_mode;
pub mod completions;
pub mod debug;
pub mod disasm;
pub mod hostio;
pub mod interrupt;
pub mod jobs;
pub mod load;
pub mod midas;
pub mod oracle;
pub mod oracle_symbols;
pub mod oracle_symtab;
pub mod puzzles;
pub mod run;
pub mod solve;
pub mod verify;
pub mod watch;
