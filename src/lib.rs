//! Wuzi (五子): a Gomoku / Renju engine for the Piskvork (Gomocup) brain protocol.
//!
//! Layers, each knowing only the ones below it:
//! `game` (board and rules) → `eval` (patterns) → `search` (engine) → `protocol` (text);
//! `train` (self-play data and the evaluation's fit) sits beside `protocol`;
//! `database` (the Yixin analysis database) knows only `game`, and `protocol` uses it.

pub mod bench;
pub mod database;
pub mod datafile;
pub mod eval;
pub mod game;
pub mod protocol;
pub mod search;
pub mod train;

pub const NAME: &str = "Wuzi";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
