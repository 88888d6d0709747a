//! The live view (`pdp10 run --watch`).
