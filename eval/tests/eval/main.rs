//! The evaluation's tests, in one test program.

#[path = "../../src/test_support.rs"]
mod test_support;

mod ablation;
mod eval;
mod variant_trace;
