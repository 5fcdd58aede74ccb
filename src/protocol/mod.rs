//! Text in, text out: commands, the session loop, the output writer, the input reader.
//! Knows commands, not search internals.
pub mod command;
pub mod input;
pub mod output;
pub mod session;
