//! The game itself: coordinates, the board and the rules. Depends on nothing else in the
//! crate; the evaluation, the search and the protocol build on it.
//!
//! - [`pos`]: the protocol's `Pos` and the padded cell index everything else works on;
//! - [`zobrist`]: the fixed random keys of the board's hash;
//! - [`board`]: cells, side to move, make/undo, the hash and the per-cell line keys;
//! - [`rule`]: the rules (freestyle, standard, renju, caro), fives and renju's fouls;
//! - [`cellset`]: a bitset of cells, for the evaluator's threat lists.
pub mod board;
pub mod cellset;
pub mod pos;
pub mod rule;
pub mod zobrist;
