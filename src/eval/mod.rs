//! The static evaluation and what the search reads from it, in dependency order:
//!
//! - [`binfile`]: the framing (magic, version, checksum) of the evaluation's data files;
//! - [`pattern`]: line keys to line patterns (precomputed tables), four patterns to a
//!   combination, the tuple coding;
//! - [`weights`]: the evaluation tables per shape and threat level (learned or hand-set;
//!   the `.wzw` format);
//! - [`evaluator`]: the incremental per-cell state kept with every stone, its threat lists
//!   and the static score;
//! - [`policy`]: learned corrections of the move-ordering score (the `.wzp` format).
//!
//! The evaluation is pattern-based, as Rapfi's classical one: the score is a sum of learned
//! values over the empty cells' shapes plus a threat term, kept as running totals, so a
//! node costs a few table look-ups per changed cell.
pub mod binfile;
pub mod evaluator;
pub mod pattern;
pub mod policy;
pub mod weights;
