//! The rules of the game: coordinates, board, rules. Knows nothing of search.
pub mod board;
pub mod pos;
pub mod rule;
pub mod zobrist;
