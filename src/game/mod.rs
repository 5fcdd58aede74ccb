//! The rules of the game: coordinates, board, rules. Knows nothing of search.
pub mod board;
pub mod cellset;
pub mod pos;
pub mod rule;
pub mod zobrist;
