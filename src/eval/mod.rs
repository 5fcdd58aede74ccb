//! Pattern tables, the incremental evaluator and its (learned) weights.
pub mod accumulator;
pub mod binfile;
pub mod evaluator;
pub mod network;
pub mod pattern;
pub mod policy;
pub mod shapenet;
pub mod simd;
pub mod weights;
