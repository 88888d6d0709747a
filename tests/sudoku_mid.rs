//! End-to-end tests: sudoku_mid (to be written).
