//! End-to-end tests: boot (to be written).
