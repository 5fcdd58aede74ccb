//! Wuzi (五子): a Gomoku / Renju engine for the Piskvork (Gomocup) brain protocol.
//!
//! Layers, each knowing only the ones below it:
//! [`game`] (board and rules) → [`eval`] (patterns, the learned evaluation) → [`search`]
//! (engine) → [`protocol`] (text); [`train`] (self-play data and the fits of the evaluation
//! and the move ordering) and [`web`] (the board in a browser, `pbrain-wuzi serve`) sit
//! beside `protocol`. [`bench`](mod@bench) is the fixed-depth benchmark
//! whose signature guards every change; [`datafile`] the test-position format;
//! [`database`] the Yixin analysis database (it knows only `game`; `protocol` uses it);
//! [`tried`] the ideas measured and left out.

pub mod bench;
pub mod database;
pub mod datafile;
pub mod eval;
pub mod game;
pub mod protocol;
pub mod search;
pub mod train;
pub mod tried;
pub mod web;

pub const NAME: &str = "Wuzi";
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
