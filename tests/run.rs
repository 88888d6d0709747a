//! End-to-end tests: run (to be written).
