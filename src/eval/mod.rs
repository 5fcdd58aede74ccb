//! Pattern tables, the incremental evaluator and its (learned) weights.
pub mod evaluator;
pub mod pattern;
pub mod weights;
