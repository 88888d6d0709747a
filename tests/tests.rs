//! End-to-end tests of the `pdp10` binary: one module per area.
