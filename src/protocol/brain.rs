//! The brain's state: the game, the settings, the running search, the queue of lines
//! waiting behind it and the open block; the events the main loop hears. The behaviour
//! lives beside it, one concern a file: `dispatch` (the loop, one line at a time),
//! `settings`, `blocks`, `openings`, `thinking`.

use super::command::{DbFile, DbQuery};
use super::output::Output;
use crate::database::Database;
use crate::game::board::Board;
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use crate::search::engine::Engine;
use crate::search::timeman::{Budget, TimeControl};
use crate::search::SearchResult;
use std::collections::VecDeque;
use std::sync::mpsc::Sender;
use std::time::Instant;

/// What the brain hears: input lines (stamped when read), end of input, search results.
pub enum Event {
    Line(String, Instant),
    /// End of input, stamped when read.
    Eof(Instant),
    /// A search ended; the number says which one (results of abandoned searches are dropped).
    SearchDone(u64, SearchResult),
    /// The (shortened) time of this search is up: stop it if it still runs.
    Deadline(u64),
}

/// Whether to keep going.
#[derive(Debug, PartialEq, Eq)]
pub enum Flow {
    Continue,
    Exit,
}

/// What the running search is for.
pub(super) enum Pending {
    /// A move to play and report.
    Move { started: Instant },
    /// YXNBEST: report this many best lines and a move, do not play it.
    Analyse { lines: usize },
    /// A SWAP2BOARD decision with this many opening stones.
    Swap2 { stones: usize, yixin: bool },
    /// Thinking on the opponent's time: silent, abandoned at the next input line.
    Ponder,
    /// A Soosorv opening step (2..6) on the position in `board`: `n` is the number of
    /// fifth-move options, `options` (step 6) the ones the opponent offers.
    Soosorv {
        step: u8,
        n: usize,
        options: Vec<Pos>,
    },
    /// YXBALANCEONE / YXBALANCETWO: the stone (or two) leaving the position nearest `bias`
    /// for the side to move afterwards.
    Balance { two: bool, bias: i64 },
}

/// A command whose file path comes on the next line (Yixin-Board sends `yxhashdump`, then
/// the path).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum PathFor {
    Dump,
    Load,
    /// A database command (`yxsetdatabase`, then the path, as Yixin-Board sends it).
    Db(DbFile),
}

/// A line read while the engine thinks, waiting its turn.
pub(super) struct Queued {
    pub(super) line: String,
    /// When it was read.
    pub(super) read: Instant,
    /// Whether its clock starts when it is handled (a request of a piped burst), not when
    /// it was read.
    pub(super) clock_at_turn: bool,
}

/// What a block of stone lines (up to `DONE`) is for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum BlockKind {
    Board,
    YxBoard,
    Swap2,
    /// YXBLOCK (false) / YXBLOCKUNDO (true).
    Exclude(bool),
    /// YXBLOCKPATH (false) / YXBLOCKPATHUNDO (true).
    Path(bool),
    /// YXSOOSORVSTEP2..6 with its N.
    Soosorv(u8, usize),
    DbQuery(DbQuery),
}

/// An open block: its stone lines so far (`x,y` or `x,y,field`).
pub(super) struct Block {
    pub(super) kind: BlockKind,
    pub(super) stones: Vec<(i64, i64, Option<i64>)>,
    pub(super) started: Instant,
    /// The text a database edit carries (a comment or a board label).
    pub(super) text: String,
}

impl Block {
    /// An empty block of `kind`, opened by a command read at `started`.
    pub(super) fn new(kind: BlockKind, started: Instant) -> Block {
        Block {
            kind,
            stones: Vec::new(),
            started,
            text: String::new(),
        }
    }
}

/// The analysis database in use (`YXSETDATABASE`); saved, if changed, when the brain
/// ends.
#[derive(Default)]
pub(super) struct DbState {
    pub(super) db: Option<Database>,
    /// `INFO usedatabase 0` sets it aside (queries find nothing, searches ignore it).
    pub(super) disabled: bool,
    /// `INFO database_readonly 1`: nothing is written into it.
    pub(super) readonly: bool,
}

impl DbState {
    /// The database, when one is open and in use.
    pub(super) fn active(&self) -> Option<&Database> {
        self.db.as_ref().filter(|_| !self.disabled)
    }
    /// The database, when one is open, in use and not read-only.
    pub(super) fn writable(&mut self) -> Option<&mut Database> {
        if self.disabled || self.readonly {
            return None;
        }
        self.db.as_mut()
    }
}

impl Drop for DbState {
    fn drop(&mut self) {
        if let Some(db) = &mut self.db {
            // Nothing may be written to stderr; a failed save leaves the file as it was.
            let _ = db.save();
        }
    }
}

/// The error of a request that needs a game before `START`.
pub(super) const NO_GAME: &str = "no game has been started";
/// Most lines YXNBEST reports.
pub(super) const MAX_NBEST: usize = 64;

/// A protocol brain: one game at a time, driven line by line through [`Brain::handle`]
/// (or [`Brain::run`] on a channel), replies written to its [`Output`].
pub struct Brain {
    pub(super) out: Output,
    pub(super) tx: Sender<Event>,
    pub(super) board: Option<Board>,
    pub(super) rule_value: i64,
    pub(super) yixin: bool,
    pub(super) show_detail: i64,
    pub(super) tc: TimeControl,
    /// Our own count of match time used, for managers that never send time_left.
    pub(super) used_ms: i64,
    pub(super) max_depth: i32,
    pub(super) max_nodes: u64,
    pub(super) max_memory: u64,
    pub(super) threads: usize,
    pub(super) ponder: bool,
    /// Number of the latest search started.
    pub(super) search_id: u64,
    /// When the latest search's request was read, and the budget it runs under (lowered
    /// when the manager lowers the limits while it runs).
    pub(super) search_start: Instant,
    pub(super) search_budget: Budget,
    pub(super) engine: Engine,
    pub(super) pending: Option<Pending>,
    /// Lines read while thinking, in order.
    pub(super) queue: VecDeque<Queued>,
    /// When the line being handled was read, and the request the running search answers.
    pub(super) line_read: Instant,
    pub(super) search_read: Instant,
    /// When the current burst of input began, and when its latest line was read (none
    /// yet: the first line starts a burst, however soon it came).
    pub(super) burst_start: Instant,
    pub(super) last_read: Option<Instant>,
    /// When an `END` (or end of input) that waits for the requests of its burst stops
    /// waiting.
    pub(super) end_by: Option<Instant>,
    pub(super) block: Option<Block>,
    /// Cells the search may not play at the root (YXBLOCK), in protocol coordinates.
    pub(super) excluded: Vec<(i64, i64)>,
    /// Move sequences from the empty board (YXBLOCKPATH): in the position all but the last
    /// move reach, the last may not be played.
    pub(super) blocked_paths: Vec<Vec<(i64, i64)>>,
    /// Squares one side may not play (YXFORBID): (x, y, 0 first player / 1 second).
    pub(super) forbidden: Vec<(i64, i64, i64)>,
    /// A YXHASHDUMP / YXHASHLOAD waiting for its path line.
    pub(super) awaiting_path: Option<PathFor>,
    /// The score of our last move, for our side (YXDRAW, YXRESIGN).
    pub(super) last_score: Option<i32>,
    /// The analysis database.
    pub(super) db: DbState,
}

impl Brain {
    /// A brain with no game, default settings, writing to `out`; `tx` feeds its own
    /// channel (search results and deadlines come back through it).
    pub fn new(out: Output, tx: Sender<Event>) -> Brain {
        let now = Instant::now();
        Brain {
            out,
            tx,
            board: None,
            rule_value: 0,
            yixin: false,
            show_detail: 0,
            tc: TimeControl::default(),
            used_ms: 0,
            max_depth: 100,
            max_nodes: u64::MAX,
            max_memory: 0,
            threads: 1,
            ponder: false,
            search_id: 0,
            search_start: now,
            search_budget: Budget::unlimited(),
            engine: Engine::new(),
            pending: None,
            queue: VecDeque::new(),
            line_read: now,
            search_read: now,
            burst_start: now,
            last_read: None,
            end_by: None,
            block: None,
            excluded: Vec::new(),
            blocked_paths: Vec::new(),
            forbidden: Vec::new(),
            awaiting_path: None,
            last_score: None,
            db: DbState::default(),
        }
    }

    /// The current position, if a game has started.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// Whether a search is running that owes the manager a reply (pondering does not).
    pub fn is_busy(&self) -> bool {
        self.pending
            .as_ref()
            .is_some_and(|p| !matches!(p, Pending::Ponder))
    }

    /// The rule in force (`INFO rule`, read the Yixin-Board way once it has spoken).
    pub fn rule(&self) -> Rule {
        Rule::from_info(self.rule_value, self.yixin)
    }

    /// Whether Yixin-Board asked for live `MESSAGE REALTIME` lines (`show_detail` bit 1).
    pub(super) fn realtime(&self) -> bool {
        self.show_detail & 1 != 0
    }

    /// `ERROR <text>`, the reply to a request that cannot be served.
    pub(super) fn error(&self, text: &str) {
        self.out.line(&format!("ERROR {text}"));
    }
}
