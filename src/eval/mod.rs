//! Pattern tables and the incremental evaluator.
pub mod evaluator;
pub mod pattern;
