//! End-to-end tests: midas (to be written).
