//! End-to-end tests of the `pdp10` binary: one module per area.

mod boot;
mod character_mode;
mod common;
mod ddt;
mod dsk_files;
mod hostile;
mod interrupt;
mod main_command;
mod midas;
mod midas_op;
mod run;
mod solve;
mod streams;
mod sudoku_mid;
mod unix;
