//! The Piskvork/Gomocup brain protocol: text lines in on stdin, text lines out on
//! stdout. Knows commands and their replies, not search internals.
//!
//! How a request flows:
//!
//! 1. [`input`]: a reader thread cuts stdin into lines, stamps each with the instant it
//!    was read and sends it as an [`brain::Event`] into one channel.
//! 2. [`dispatch`]: the main thread takes the events off that channel one at a time.
//!    Idle, it handles a line at once ([`command`] parses it); while a search runs, most
//!    lines wait in a queue and are handled in order when it ends. `END` and end of
//!    input end the process within about a second, whatever is queued (the exact rule
//!    is in [`dispatch`]).
//! 3. A line changes state ([`settings`] for `INFO`, [`blocks`] for `BOARD` … `DONE` and
//!    the other blocks, [`openings`] for the swap2, Soosorv and balance dialogues) or
//!    starts a search ([`thinking`]) on the engine's own thread.
//! 4. While it runs, the search reports each completed depth through [`report`]; when it
//!    ends, a `SearchDone` event comes through the same channel, [`thinking`] writes the
//!    answer, and [`dispatch`] goes on with the queue.
//! 5. [`output`]: the one writer of stdout, whole lines, one write and flush per reply.
//!
//! The files in dependency order (each names only files before it): `command`, `output`;
//! `brain` (the state: the [`brain::Brain`] type, its events and requests); `input`,
//! `report`, `openings`, `database`, `blocks`, `settings`, `thinking`, `dispatch`. The requests of
//! one concern are methods of `Brain` in that concern's file.
//!
//! Nothing is written before the first command, and nothing at all to stderr (logging is
//! off unless `RUST_LOG` is set).
pub mod blocks;
pub mod brain;
pub mod command;
pub mod database;
pub mod dispatch;
pub mod input;
pub mod openings;
pub mod output;
pub mod report;
pub mod settings;
pub mod thinking;
