//! End-to-end tests: solve (to be written).
