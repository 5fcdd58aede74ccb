//! Pattern tables, the incremental evaluator and its (learned) weights.
pub mod binfile;
pub mod evaluator;
pub mod pattern;
pub mod policy;
pub mod weights;
