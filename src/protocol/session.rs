//! The protocol session: reads lines, keeps the game and its settings, drives the
//! engine, writes replies. Requests that arrive while the engine thinks are queued
//! and answered in order; INFO applies at once; STOP/YXSTOP ends the search; END
//! and EOF end the session (during a search at once, unless they came in the same burst of
//! piped input as the request: then after the requests before them are answered).

use super::command::{parse, parse_int, sanitise, Command, DbQuery, ParseError, BAD_COORDS};
use super::output::Output;
use crate::game::board::{Board, Color, EMPTY, WALL};
use crate::game::pos::{Pos, MAX_SIZE, MIN_SIZE};
use crate::game::rule::{forbidden_points, Rule};
use crate::search::engine::{Engine, Reporter};
use crate::search::threads::MAX_THREADS;
use crate::search::timeman::{Budget, TimeControl};
use crate::search::{
    is_proven_loss, score_text, Iteration, Limits, RootEvent, RootWatch, SearchResult,
};
use std::collections::VecDeque;
use std::sync::mpsc::{Receiver, Sender};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Lines read this soon after the request a search answers came in the same burst of
/// piped input (see [`Session::piped_burst`]).
const PIPED_BURST: Duration = Duration::from_millis(20);

/// What the session hears: input lines (stamped when read), end of input, search results.
pub enum Event {
    Line(String, Instant),
    Eof,
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
enum Pending {
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
enum PathFor {
    Dump,
    Load,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum BlockKind {
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

struct Block {
    kind: BlockKind,
    stones: Vec<(i64, i64, Option<i64>)>,
    started: Instant,
}

impl Block {
    /// An empty block of `kind`, opened by a command read at `started`.
    fn new(kind: BlockKind, started: Instant) -> Block {
        Block {
            kind,
            stones: Vec::new(),
            started,
        }
    }
}

const NO_GAME: &str = "no game has been started";
const PV_SHOWN: usize = 16;
/// Shortest interval between two live analysis reports (`MESSAGE REALTIME`).
const REALTIME_EVERY: Duration = Duration::from_millis(150);
/// Most lines YXNBEST reports.
const MAX_NBEST: usize = 64;

pub struct Session {
    out: Output,
    tx: Sender<Event>,
    board: Option<Board>,
    rule_value: i64,
    yixin: bool,
    show_detail: i64,
    tc: TimeControl,
    /// Our own count of match time used, for managers that never send time_left.
    used_ms: i64,
    max_depth: i32,
    max_nodes: u64,
    max_memory: u64,
    threads: usize,
    ponder: bool,
    /// Number of the latest search started.
    search_id: u64,
    /// When the latest search's request was read, and the budget it runs under (lowered
    /// when the manager lowers the limits while it runs).
    search_start: Instant,
    search_budget: Budget,
    engine: Engine,
    pending: Option<Pending>,
    /// Lines read while thinking, with when they were read; `None` for a line of a piped
    /// burst, whose clock starts when it is processed (see [`Session::piped_burst`]).
    queue: VecDeque<(String, Option<Instant>)>,
    block: Option<Block>,
    /// Cells the search may not play at the root (YXBLOCK), in protocol coordinates.
    excluded: Vec<(i64, i64)>,
    /// Move sequences from the empty board (YXBLOCKPATH): in the position all but the last
    /// move reach, the last may not be played.
    blocked_paths: Vec<Vec<(i64, i64)>>,
    /// Squares one side may not play (YXFORBID): (x, y, 0 first player / 1 second).
    forbidden: Vec<(i64, i64, i64)>,
    /// A YXHASHDUMP / YXHASHLOAD waiting for its path line.
    awaiting_path: Option<PathFor>,
    /// The score of our last move, for our side (YXDRAW, YXRESIGN).
    last_score: Option<i32>,
}

impl Session {
    pub fn new(out: Output, tx: Sender<Event>) -> Session {
        Session {
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
            search_start: Instant::now(),
            search_budget: Budget::unlimited(),
            engine: Engine::new(),
            pending: None,
            queue: VecDeque::new(),
            block: None,
            excluded: Vec::new(),
            blocked_paths: Vec::new(),
            forbidden: Vec::new(),
            awaiting_path: None,
            last_score: None,
        }
    }

    /// Runs until END or EOF.
    pub fn run(mut self, rx: Receiver<Event>) {
        while let Ok(ev) = rx.recv() {
            if self.handle(ev) == Flow::Exit {
                return;
            }
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

    pub fn rule(&self) -> Rule {
        Rule::from_info(self.rule_value, self.yixin)
    }

    pub fn handle(&mut self, ev: Event) -> Flow {
        match ev {
            Event::Eof => {
                let now = Instant::now();
                if self.is_busy() && self.piped_burst(now) {
                    // A script's input ran out right after its last request: answer what
                    // it asked, then end.
                    self.queue.push_back(("END".into(), None));
                    Flow::Continue
                } else {
                    Flow::Exit
                }
            }
            Event::Line(line, t) => {
                if matches!(self.pending, Some(Pending::Ponder)) {
                    // Whatever the manager says, the ponder search has served its purpose.
                    self.engine.stop();
                    self.engine.wait();
                    self.pending = None;
                }
                if self.pending.is_some() {
                    self.while_thinking(line, t)
                } else {
                    self.process(&line, t)
                }
            }
            Event::Deadline(id) => {
                if id == self.search_id && self.is_busy() {
                    self.engine.stop();
                }
                Flow::Continue
            }
            Event::SearchDone(id, _) if id != self.search_id => Flow::Continue,
            Event::SearchDone(_, r) => {
                self.finish_search(r);
                while self.pending.is_none() {
                    let Some((line, t)) = self.queue.pop_front() else {
                        break;
                    };
                    // A request of a piped burst waited behind the search before it: its
                    // clock starts now, when it can be answered (counted from when it was
                    // read, that search would have spent its time: a piped game's second
                    // move was answered from depth 1). A request a manager sent during a
                    // search keeps the time it was read: the manager counts from then.
                    let t = t.unwrap_or_else(Instant::now);
                    if self.process(&line, t) == Flow::Exit {
                        return Flow::Exit;
                    }
                }
                Flow::Continue
            }
        }
    }

    fn while_thinking(&mut self, line: String, t: Instant) -> Flow {
        match parse(&line) {
            Ok(Command::End) if !self.piped_burst(t) => return Flow::Exit,
            Ok(Command::Stop) if self.queue_is_passive() => self.engine.stop(),
            Ok(Command::Info(k, v)) if self.queue_is_passive() => {
                self.info(&k, &v);
                self.shorten_search();
            }
            Ok(Command::Empty) => {}
            _ => {
                let burst = self.piped_burst(t);
                self.queue.push_back((line, (!burst).then_some(t)));
            }
        }
        Flow::Continue
    }

    /// Whether every line waiting in the queue leaves the running search the current one
    /// (queries, settings, stray block lines): then a `STOP` or an `INFO` read now is meant
    /// for this search. Yixin-Board sends `yxquerydatabaseall` with the position right
    /// after each request, so its Stop button (`yxstop`) always arrives behind such lines.
    /// Behind anything else (a request, a new game, a position change) they wait their turn.
    fn queue_is_passive(&self) -> bool {
        self.queue.iter().all(|(line, _)| {
            matches!(
                parse(line),
                Ok(Command::YxQueryDatabase(_)
                    | Command::Stone(..)
                    | Command::Done
                    | Command::Empty
                    | Command::Info(..)
                    | Command::YxShowForbid
                    | Command::YxShowHashUsage
                    | Command::YxShowInfo
                    | Command::About
                    | Command::TraceBoard)
            )
        })
    }

    /// Whether a line read at `t` during a search belongs to the same burst of input as the
    /// request being answered: other requests wait ahead of it, or it came within
    /// [`PIPED_BURST`] of that request. That is a script piping its whole game at once
    /// (`printf 'START 15\nBEGIN\nTURN 7,7\nEND\n' | pbrain-wuzi`), not a manager: a
    /// manager's `END` during a search comes long after its request and ends the process at
    /// once, while a script's `END` (or end of input) waits until every request before it
    /// is answered in full.
    fn piped_burst(&self, t: Instant) -> bool {
        !self.queue.is_empty() || t.saturating_duration_since(self.search_start) < PIPED_BURST
    }

    /// After an INFO while thinking: if the limits now give the running search less time
    /// than it started with (Piskvork's "stop" sends `INFO timeout_turn 0`; a GUI user may
    /// lower `timeout_turn` or `time_left`), the search ends by the new limit, counted from
    /// the same request: at once if that is past, else at that moment. More time never
    /// lengthens a running search.
    fn shorten_search(&mut self) {
        if !self.is_busy() {
            return;
        }
        let Some(b) = &self.board else { return };
        let mut budget = self.time_control().budget(b.stones(), b.empty_count());
        if let Some(Pending::Swap2 { .. } | Pending::Soosorv { .. }) = self.pending {
            budget = swap2_budget(budget);
        }
        if budget.maximum >= self.search_budget.maximum {
            return;
        }
        self.search_budget = budget;
        let deadline = self.search_start + budget.maximum;
        let now = Instant::now();
        if deadline <= now {
            self.engine.stop();
            return;
        }
        let (tx, id) = (self.tx.clone(), self.search_id);
        let timer = std::thread::Builder::new()
            .name("deadline".into())
            .spawn(move || {
                std::thread::sleep(deadline - now);
                let _ = tx.send(Event::Deadline(id));
            });
        if timer.is_err() {
            // No thread for the timer: better too early than too late.
            self.engine.stop();
        }
    }

    /// Handles one line when no search is running.
    fn process(&mut self, line: &str, t: Instant) -> Flow {
        let cmd = parse(line);
        if let Some(what) = self.awaiting_path.take() {
            match &cmd {
                Ok(Command::Empty) => {
                    self.awaiting_path = Some(what);
                    return Flow::Continue;
                }
                // Not a path but a command: the path never came.
                Ok(Command::Unknown(_)) | Ok(Command::Stone(..)) | Ok(Command::Done) => {
                    self.hash_file(what, line.trim());
                    return Flow::Continue;
                }
                _ => self.error(&format!("{} needs a file path", path_command(what))),
            }
        }
        if let Some(block) = self.block.take() {
            if !ends_block(line, &cmd) {
                self.block = Some(block);
                return self.block_line(cmd);
            }
            // The manager is out of step (a stray block start, a lost DONE): say so, leave
            // the position as it was, then handle the line as the command it is.
            self.abandon_block(&block, line);
        }
        let cmd = match cmd {
            Ok(c) => c,
            Err(e) => {
                self.error(&e.0);
                return Flow::Continue;
            }
        };
        match cmd {
            Command::Empty | Command::Done | Command::Stone(..) | Command::Stop => {}
            Command::End => return Flow::Exit,
            Command::About => self.out.line(&about()),
            Command::Info(k, v) => self.info(&k, &v),
            Command::Start(n) => self.start(n, n),
            Command::RectStart(w, h) => self.start(w, h),
            Command::Restart => match &self.board {
                Some(b) => {
                    self.board = Some(Board::new(b.width(), b.height()));
                    self.used_ms = 0;
                    self.engine.new_game();
                    self.out.line("OK");
                }
                None => self.error(NO_GAME),
            },
            Command::Begin => {
                if self.board.is_some() {
                    self.think_move(t);
                } else {
                    self.error(NO_GAME);
                }
            }
            Command::Turn(x, y) => {
                if let Some(i) = self.checked_empty(x, y) {
                    if let Some(b) = self.board.as_mut() {
                        b.make(i);
                    }
                    self.think_move(t);
                }
            }
            Command::Play(x, y) => {
                if let Some(i) = self.checked_empty(x, y) {
                    if let Some(b) = self.board.as_mut() {
                        b.make(i);
                    }
                    self.out.line(&format!("{x},{y}"));
                }
            }
            Command::Takeback(x, y) => self.takeback(x, y),
            Command::Board => self.block = Some(Block::new(BlockKind::Board, t)),
            Command::YxBoard => {
                self.yixin = true;
                self.block = Some(Block::new(BlockKind::YxBoard, t));
            }
            Command::Swap2Board => self.block = Some(Block::new(BlockKind::Swap2, t)),
            Command::YxShowForbid => {
                self.yixin = true;
                self.show_forbid();
            }
            Command::YxHashClear => {
                self.yixin = true;
                self.engine.clear_hash();
            }
            Command::YxShowInfo => {
                self.yixin = true;
                self.out
                    .message(&format!("INFO MAX_THREAD_NUM {MAX_THREADS}"));
                // Yixin-Board reads it as log2 of the largest hash_size in KiB.
                let most = crate::search::engine::tt_bytes_for(u64::MAX) >> 10;
                self.out
                    .message(&format!("INFO MAX_HASH_SIZE {}", most.max(1).ilog2()));
            }
            Command::YxNbest(n) => {
                self.yixin = true;
                let lines = n.clamp(1, MAX_NBEST as i64) as usize;
                self.analyse(Pending::Analyse { lines }, t);
            }
            Command::YxSearchDefend => {
                self.yixin = true;
                self.analyse(Pending::Analyse { lines: MAX_NBEST }, t);
            }
            Command::YxBalance(two, bias) => {
                self.yixin = true;
                self.analyse(Pending::Balance { two, bias }, t);
            }
            Command::YxBlock(undo) => {
                self.yixin = true;
                self.block = Some(Block::new(BlockKind::Exclude(undo), t));
            }
            Command::YxBlockReset => {
                self.yixin = true;
                self.excluded.clear();
            }
            Command::YxBlockPath(undo) => {
                self.yixin = true;
                self.block = Some(Block::new(BlockKind::Path(undo), t));
            }
            Command::YxBlockPathReset => {
                self.yixin = true;
                self.blocked_paths.clear();
            }
            Command::YxForbid(add, x, y, s) => {
                self.yixin = true;
                let on = (0..MAX_SIZE as i64).contains(&x) && (0..MAX_SIZE as i64).contains(&y);
                if !on {
                    self.error(BAD_COORDS);
                } else if add {
                    if !self.forbidden.contains(&(x, y, s)) {
                        self.forbidden.push((x, y, s));
                    }
                } else {
                    self.forbidden.retain(|&f| f != (x, y, s));
                }
            }
            Command::YxQueryDatabase(q) => {
                self.yixin = true;
                self.block = Some(Block::new(BlockKind::DbQuery(q), t));
            }
            Command::YxShowHashUsage => {
                self.yixin = true;
                let (permille, bytes) = self.engine.hash_usage();
                self.out.message(&format!(
                    "hash usage {}.{}% of {} KiB",
                    permille / 10,
                    permille % 10,
                    bytes >> 10
                ));
            }
            Command::YxHashDump(path) => {
                self.yixin = true;
                self.hash_command(PathFor::Dump, &path);
            }
            Command::YxHashLoad(path) => {
                self.yixin = true;
                self.hash_command(PathFor::Load, &path);
            }
            Command::YxSwap2Step(step) => {
                self.yixin = true;
                self.yx_swap2(step, t);
            }
            Command::YxSoosorv(1, _) => {
                self.yixin = true;
                match &self.board {
                    None => self.error(NO_GAME),
                    Some(b) => {
                        for (k, (x, y)) in opening_three(b.width(), b.height()).iter().enumerate() {
                            self.out.message(&format!("SOOSORV MOVE{} {x} {y}", k + 1));
                        }
                    }
                }
            }
            Command::YxSoosorv(step, n) => {
                self.yixin = true;
                self.block = Some(Block::new(BlockKind::Soosorv(step, n), t));
            }
            Command::YxDraw => {
                self.yixin = true;
                // Accepted when our last search saw us no better than level.
                let accept = self.last_score.is_some_and(|s| s <= 0);
                self.out
                    .message(if accept { "DRAW ACCEPT" } else { "DRAW REFUSE" });
            }
            Command::YxResign => {
                self.yixin = true;
                let resign = self.last_score.is_some_and(is_proven_loss);
                self.out
                    .message(if resign { "RESIGN YES" } else { "RESIGN NO" });
            }
            Command::TraceBoard => match &self.board {
                None => self.error(NO_GAME),
                Some(b) => {
                    let side = if b.side_to_move() == Color::Black {
                        "X (black)"
                    } else {
                        "O (white)"
                    };
                    self.out.message(&format!(
                        "board {}x{}, {} stones, {side} to move, rule {}",
                        b.width(),
                        b.height(),
                        b.stones(),
                        self.rule().name()
                    ));
                    for row in b.render().lines() {
                        self.out.message(row);
                    }
                }
            },
            Command::Unknown(w) => self.out.line(&format!("UNKNOWN command {w}")),
        }
        Flow::Continue
    }

    /// Starts an analysis of the current position (YXNBEST, YXSEARCHDEFEND, YXBALANCE*).
    fn analyse(&mut self, what: Pending, t: Instant) {
        match &self.board {
            None => self.error(NO_GAME),
            Some(b) if b.is_full() => self.error("board is full"),
            Some(_) => self.start_search(what, t),
        }
    }

    /// YXHASHDUMP / YXHASHLOAD: the path on the same line, or on the next one.
    fn hash_command(&mut self, what: PathFor, path: &str) {
        if path.is_empty() {
            self.awaiting_path = Some(what);
        } else {
            self.hash_file(what, path);
        }
    }

    /// YXHASHDUMP / YXHASHLOAD on `path`.
    fn hash_file(&mut self, what: PathFor, path: &str) {
        let shown: String = path
            .chars()
            .filter(|c| c.is_ascii_graphic() || *c == ' ')
            .take(200)
            .collect();
        let p = std::path::Path::new(path);
        let r = match what {
            PathFor::Dump => self.engine.dump_hash(p),
            PathFor::Load => self.engine.load_hash(p),
        };
        match (what, r) {
            (PathFor::Dump, Ok(bytes)) => self.out.message(&format!(
                "hash table dumped to {shown} ({} KiB)",
                bytes >> 10
            )),
            (PathFor::Load, Ok(bytes)) => self.out.message(&format!(
                "hash table loaded from {shown} ({} KiB)",
                bytes >> 10
            )),
            (PathFor::Dump, Err(e)) => self.error(&format!("hash dump to {shown} failed: {e}")),
            (PathFor::Load, Err(e)) => self.error(&format!(
                "hash load from {shown} refused: {e}; table unchanged"
            )),
        }
    }

    /// Whether Yixin-Board asked for live `MESSAGE REALTIME` lines (`show_detail` bit 1).
    fn realtime(&self) -> bool {
        self.show_detail & 1 != 0
    }

    fn error(&self, text: &str) {
        self.out.line(&format!("ERROR {text}"));
    }

    fn start(&mut self, w: i64, h: i64) {
        let ok = |n: i64| (MIN_SIZE as i64..=MAX_SIZE as i64).contains(&n);
        if !ok(w) || !ok(h) {
            let shown = if w == h {
                w.to_string()
            } else {
                format!("{w},{h}")
            };
            self.error(&format!("unsupported board size {shown}, supported {MIN_SIZE}..{MAX_SIZE} (15 and 20 recommended)"));
            return;
        }
        self.board = Some(Board::new(w as usize, h as usize));
        self.used_ms = 0;
        self.engine.new_game();
        self.engine.prepare();
        if let Some(e) = crate::eval::weights::load_error() {
            self.out.line(&format!(
                "MESSAGE WUZI_EVAL_FILE refused: {e}; playing with the built-in evaluation"
            ));
        }
        if let Some(e) = crate::eval::policy::load_error() {
            self.out.line(&format!(
                "MESSAGE WUZI_POLICY_FILE refused: {e}; playing with the built-in move ordering"
            ));
        }
        self.out.line("OK");
    }

    /// Validates a coordinate pair against the current board; reports the error itself.
    fn checked_empty(&self, x: i64, y: i64) -> Option<usize> {
        let Some(b) = &self.board else {
            self.error(NO_GAME);
            return None;
        };
        if !b.contains(x, y) {
            self.error(BAD_COORDS);
            return None;
        }
        let i = Pos::new(x as u8, y as u8).idx();
        if b.cell(i) != EMPTY {
            self.error(&format!("square {x},{y} is occupied"));
            return None;
        }
        Some(i)
    }

    fn takeback(&mut self, x: i64, y: i64) {
        let Some(b) = self.board.as_mut() else {
            self.error(NO_GAME);
            return;
        };
        if !b.contains(x, y) {
            self.error(BAD_COORDS);
            return;
        }
        let i = Pos::new(x as u8, y as u8).idx();
        let v = b.cell(i);
        if v == EMPTY || v == WALL || !b.remove(i) {
            self.error(&format!("square {x},{y} is empty"));
            return;
        }
        self.out.line("OK");
    }

    /// A setting the hash table's size depends on changed: in a game the table of the new
    /// size is made now and faulted in in the background, not by the next search (before
    /// `START` the game's first `prepare` does it).
    fn table_setting_changed(&mut self) {
        if self.board.is_some() {
            self.engine.prepare();
        }
    }

    fn info(&mut self, key: &str, value: &str) {
        let int = || parse_int(value).ok();
        match key {
            "timeout_turn" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.tc.turn_ms = v;
                    self.engine.set_turn_time(v as u64);
                    self.table_setting_changed();
                }
            }
            "timeout_match" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.tc.match_ms = v;
                }
            }
            "time_left" => {
                if let Some(v) = int() {
                    self.tc.left_ms = Some(v);
                }
            }
            "max_memory" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.max_memory = v as u64;
                    self.engine.set_max_memory(v as u64);
                    self.table_setting_changed();
                }
            }
            "hash_size" => {
                // Yixin-Board: KiB. Never beyond what max_memory allows; without one (Yixin-
                // Board never sends it), up to what the machine can hold.
                if let Some(v) = int().filter(|&v| v > 0) {
                    let cap = crate::search::engine::tt_bytes_for(if self.max_memory == 0 {
                        u64::MAX
                    } else {
                        self.max_memory
                    });
                    self.engine
                        .set_hash_bytes(((v as u64).saturating_mul(1024) as usize).min(cap));
                    self.table_setting_changed();
                }
            }
            "rule" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.rule_value = v;
                    crate::search::engine::warm_up(self.rule());
                }
            }
            "max_depth" => {
                if let Some(v) = int().filter(|&v| v > 0) {
                    self.max_depth = v.min(100) as i32;
                }
            }
            "max_node" => {
                if let Some(v) = int() {
                    self.max_nodes = if v <= 0 { u64::MAX } else { v as u64 };
                }
            }
            "thread_num" => {
                if let Some(v) = int() {
                    self.threads = v.clamp(1, MAX_THREADS as i64) as usize;
                    self.engine.set_threads(self.threads);
                    self.table_setting_changed();
                }
            }
            "pondering" => {
                if let Some(v) = int() {
                    self.ponder = v != 0;
                }
            }
            "show_detail" => {
                self.yixin = true;
                if let Some(v) = int() {
                    self.show_detail = v;
                }
            }
            // game_type, evaluate, folder, caution_factor, ...: nothing to do.
            _ => {}
        }
    }

    /// A line inside a BOARD / YXBOARD / SWAP2BOARD block.
    fn block_line(&mut self, cmd: Result<Command, ParseError>) -> Flow {
        match cmd {
            Ok(Command::End) => return Flow::Exit,
            Ok(Command::Done) => {
                if let Some(block) = self.block.take() {
                    self.finish_block(block);
                }
            }
            Ok(Command::Stone(x, y, f)) => {
                if let Some(block) = self.block.as_mut() {
                    block.stones.push((x, y, f));
                }
            }
            // Blank lines and bad stone lines inside a block are skipped silently.
            _ => {}
        }
        Flow::Continue
    }

    /// A block ended by a command instead of DONE: its stones are dropped. BOARD and
    /// SWAP2BOARD owe the manager one reply, and this ERROR is it; YXBOARD owes none, so
    /// it only gets a MESSAGE.
    fn abandon_block(&self, block: &Block, line: &str) {
        let (name, owes_reply, kept) = match block.kind {
            BlockKind::Board => ("BOARD", true, "position"),
            BlockKind::YxBoard => ("YXBOARD", false, "position"),
            BlockKind::Swap2 => ("SWAP2BOARD", true, "position"),
            BlockKind::Exclude(false) => ("YXBLOCK", false, "blocked points"),
            BlockKind::Exclude(true) => ("YXBLOCKUNDO", false, "blocked points"),
            BlockKind::Path(false) => ("YXBLOCKPATH", false, "blocked paths"),
            BlockKind::Path(true) => ("YXBLOCKPATHUNDO", false, "blocked paths"),
            BlockKind::DbQuery(_) => ("database query", false, "position"),
            BlockKind::Soosorv(..) => ("YXSOOSORVSTEP", false, "position"),
        };
        let word = line.split_whitespace().next().unwrap_or("");
        let text = format!(
            "{name} block abandoned at {} (no DONE), {kept} unchanged",
            sanitise(word).to_ascii_uppercase()
        );
        if owes_reply {
            self.error(&text);
        } else {
            self.out.message(&text);
        }
    }

    fn finish_block(&mut self, block: Block) {
        match block.kind {
            BlockKind::Exclude(undo) => {
                for &(x, y, _) in &block.stones {
                    let on = (0..MAX_SIZE as i64).contains(&x) && (0..MAX_SIZE as i64).contains(&y);
                    if undo {
                        self.excluded.retain(|&c| c != (x, y));
                    } else if on && !self.excluded.contains(&(x, y)) {
                        self.excluded.push((x, y));
                    }
                }
                return;
            }
            BlockKind::Path(undo) => {
                let path: Vec<(i64, i64)> = block.stones.iter().map(|&(x, y, _)| (x, y)).collect();
                if undo {
                    self.blocked_paths.retain(|p| *p != path);
                } else if !path.is_empty() && !self.blocked_paths.contains(&path) {
                    self.blocked_paths.push(path);
                }
                return;
            }
            BlockKind::DbQuery(q) => {
                // No database: every query finds nothing, in the shape Yixin-Board parses
                // (REFRESH clears its marks, DONE redraws; ONE: tag, value, depth, bound).
                match q {
                    DbQuery::All => {
                        self.out.message("DATABASE REFRESH");
                        self.out.message("DATABASE DONE");
                    }
                    DbQuery::One => self.out.message("DATABASE ONE 0 0 0 0"),
                    DbQuery::Text => self.out.message("DATABASE TEXT \"\""),
                }
                return;
            }
            _ => {}
        }
        let Some(old) = &self.board else {
            self.error(NO_GAME);
            return;
        };
        let (w, h) = (old.width(), old.height());
        match block.kind {
            BlockKind::Board | BlockKind::YxBoard => {
                self.board = Some(load_position(w, h, &block.stones));
                if block.kind == BlockKind::Board {
                    self.think_move(block.started);
                }
            }
            BlockKind::Swap2 => self.swap2(w, h, &block.stones, block.started),
            BlockKind::Soosorv(step, n) => self.soosorv(step, n, &block.stones, block.started),
            BlockKind::Exclude(_) | BlockKind::Path(_) | BlockKind::DbQuery(_) => {}
        }
    }

    fn swap2(&mut self, w: usize, h: usize, stones: &[(i64, i64, Option<i64>)], t: Instant) {
        let mut board = Board::new(w, h);
        for &(x, y, _) in stones {
            if board.contains(x, y) && board.at(Pos::new(x as u8, y as u8)) == EMPTY {
                board.make(Pos::new(x as u8, y as u8).idx());
            }
        }
        let n = board.stones();
        if n == 0 {
            let sq = opening_three(w, h);
            let text: Vec<String> = sq.iter().map(|(x, y)| format!("{x},{y}")).collect();
            self.out.line(&text.join(" "));
            return;
        }
        self.board = Some(board);
        self.start_search(
            Pending::Swap2 {
                stones: n,
                yixin: false,
            },
            t,
        );
    }

    /// Yixin-Board's Soosorv opening dialogue, steps 2..6 (main.c sends the stones in move
    /// order, no fields). Step 2: we are white after three stones: swap? Step 3: we are
    /// white after three stones: our fourth stone and N. Step 4: we are black after four
    /// stones, N declared: swap? Step 5: we are black: N fifth-move options. Step 6: we are
    /// white: which of the offered fifth moves (the stones after the fourth) is played.
    fn soosorv(&mut self, step: u8, n: usize, stones: &[(i64, i64, Option<i64>)], t: Instant) {
        let Some(old) = &self.board else { return };
        let (w, h) = (old.width(), old.height());
        let want = if step <= 3 { 3 } else { 4 };
        let mut board = Board::new(w, h);
        let mut options = Vec::new();
        for &(x, y, _) in stones {
            if !board.contains(x, y) || board.at(Pos::new(x as u8, y as u8)) != EMPTY {
                continue;
            }
            let p = Pos::new(x as u8, y as u8);
            if board.stones() < want {
                board.make(p.idx());
            } else if step == 6 && !options.contains(&p) {
                options.push(p);
            }
        }
        if board.stones() != want || (step == 6 && options.is_empty()) {
            let extra = if step == 6 {
                " and the fifth-move options"
            } else {
                ""
            };
            self.error(&format!(
                "YXSOOSORVSTEP{step} needs the {want} opening stones{extra}"
            ));
            return;
        }
        self.board = Some(board);
        self.start_search(Pending::Soosorv { step, n, options }, t);
    }

    /// Yixin-Board's swap2 dialogue: step 1, we open (three stones); step 2, we answer the
    /// three stones of a YXBOARD (swap, play white, or put two more); step 3, we choose a
    /// colour after the five stones of a YXBOARD. Replies are `MESSAGE SWAP2 …` lines
    /// with the coordinates as `first second`, which main.c reads with `%d %d`.
    fn yx_swap2(&mut self, step: u8, t: Instant) {
        let Some(b) = &self.board else {
            self.error(NO_GAME);
            return;
        };
        if step == 1 {
            for (k, (x, y)) in opening_three(b.width(), b.height()).iter().enumerate() {
                self.out.message(&format!("SWAP2 MOVE{} {x} {y}", k + 1));
            }
            return;
        }
        let want = if step == 2 { 3 } else { 5 };
        if b.stones() != want {
            let n = b.stones();
            self.error(&format!(
                "YXSWAP2STEP{step} needs the {want} opening stones (send YXBOARD first), the board has {n}"
            ));
            return;
        }
        self.start_search(
            Pending::Swap2 {
                stones: want,
                yixin: true,
            },
            t,
        );
    }

    fn show_forbid(&self) {
        let mut text = String::from("FORBID ");
        if let Some(b) = &self.board {
            if self.rule().has_fouls(b.side_to_move()) {
                for p in forbidden_points(b) {
                    text.push_str(&format!("{:02}{:02}", p.x, p.y));
                }
            }
        }
        text.push('.');
        self.out.line(&text);
    }

    /// Starts thinking about our move on the current board.
    fn think_move(&mut self, t: Instant) {
        match &self.board {
            None => self.error(NO_GAME),
            Some(b) if b.is_full() => self.error("board is full"),
            Some(_) => self.start_search(Pending::Move { started: t }, t),
        }
    }

    fn time_control(&self) -> TimeControl {
        let mut tc = self.tc;
        if tc.left_ms.is_none() && tc.match_ms > 0 {
            tc.left_ms = Some(tc.match_ms - self.used_ms);
        }
        tc
    }

    fn start_search(&mut self, what: Pending, t: Instant) {
        let Some(board) = self.board.clone() else {
            return;
        };
        let mut budget = self
            .time_control()
            .budget(board.stones(), board.empty_count());
        if let Pending::Swap2 { .. } | Pending::Soosorv { .. } = what {
            budget = swap2_budget(budget);
        }
        let ponder = matches!(what, Pending::Ponder);
        if ponder {
            budget = Budget::unlimited();
        }
        self.search_start = t;
        self.search_budget = budget;
        let root_watch = (self.realtime() && !ponder).then(|| root_watch(self.out.clone(), t));
        let limits = Limits {
            root_watch,
            start: t,
            budget,
            max_depth: self.max_depth,
            max_nodes: if ponder { u64::MAX } else { self.max_nodes },
            threads: self.threads,
            ponder,
            multipv: match &what {
                Pending::Analyse { lines } => *lines,
                // Every line: the most balanced one may be worth putting on the board.
                Pending::Balance { .. } | Pending::Swap2 { stones: 3, .. } => MAX_NBEST,
                Pending::Soosorv { step: 4 | 5, n, .. } => *n,
                Pending::Soosorv {
                    step: 6, options, ..
                } => options.len(),
                _ => 1,
            },
        };
        let out = self.out.clone();
        let detail = self.show_detail > 0 && !ponder;
        let realtime = self.realtime() && !ponder;
        let mut last_realtime: Option<Instant> = None;
        let mut lost: Vec<Pos> = Vec::new();
        let reporter: Reporter = Box::new(move |it: &Iteration| {
            let text = iteration_text(it);
            log::info!("{text}");
            if detail {
                out.message(&text);
            }
            if realtime {
                // Yixin-Board's live view: moves proven lost as soon as they are known,
                // the best move, its value and line at most every REALTIME_EVERY.
                for l in &it.lines {
                    if let Some(&m) = l.pv.first() {
                        if is_proven_loss(l.score) && !lost.contains(&m) {
                            lost.push(m);
                            out.message(&format!("REALTIME LOSE {m}"));
                        }
                    }
                }
                if last_realtime.is_none_or(|t| t.elapsed() >= REALTIME_EVERY) {
                    last_realtime = Some(Instant::now());
                    if let Some(&best) = it.pv.first() {
                        send_realtime(&out, best, it.score, &it.pv);
                    }
                }
            }
        });
        let excluded: Vec<Pos> = match &what {
            Pending::Ponder => Vec::new(),
            // Soosorv step 6: only the offered fifth moves may be searched.
            Pending::Soosorv {
                step: 6, options, ..
            } => board
                .all_cells()
                .filter(|&i| board.cell(i) == EMPTY)
                .map(Pos::from_idx)
                .filter(|p| !options.contains(p))
                .collect(),
            _ => {
                let side = board.side_to_move().index() as i64;
                let forbidden = self
                    .forbidden
                    .iter()
                    .filter(|f| f.2 == side)
                    .map(|&(x, y, _)| (x, y));
                let path_ends = self
                    .blocked_paths
                    .iter()
                    .filter(|p| path_reaches(p, &board))
                    .filter_map(|p| p.last().copied());
                let mut cells: Vec<Pos> = Vec::new();
                for (x, y) in self
                    .excluded
                    .iter()
                    .copied()
                    .chain(forbidden)
                    .chain(path_ends)
                {
                    if board.contains(x, y) {
                        let p = Pos::new(x as u8, y as u8);
                        if board.at(p) == EMPTY && !cells.contains(&p) {
                            cells.push(p);
                        }
                    }
                }
                cells
            }
        };
        self.engine.set_excluded(&excluded);
        let tx = self.tx.clone();
        self.search_id += 1;
        let id = self.search_id;
        self.pending = Some(what);
        let rule = self.rule();
        self.engine.start(
            board,
            rule,
            limits,
            reporter,
            Box::new(move |r| {
                let _ = tx.send(Event::SearchDone(id, r));
            }),
        );
        if !self.engine.is_thinking() {
            // Could not start a thread: answer without searching rather than hang.
            if let Some(b) = &self.board {
                let r = crate::search::engine::fallback_result(b);
                self.finish_search(r);
            }
        }
    }

    /// After our move: search the opponent's position until the next command arrives, so
    /// the table is full of it when the reply comes.
    fn start_ponder(&mut self) {
        let Some(b) = &self.board else { return };
        let rule = self.rule();
        let mover = b.side_to_move().opp();
        let over = b.is_full()
            || b.last_move()
                .is_some_and(|m| crate::game::rule::makes_five(b, m, mover, rule));
        if over {
            return;
        }
        self.start_search(Pending::Ponder, Instant::now());
    }

    fn finish_search(&mut self, r: SearchResult) {
        // The reply goes out before the search thread is joined: its end (freeing the
        // search's memory, the thread's exit) is not on the manager's clock. (Where the
        // answer started another search, pondering, `Engine::start` has joined it.)
        self.answer(r);
        if self.pending.is_none() {
            self.engine.wait();
        }
    }

    fn answer(&mut self, r: SearchResult) {
        let Some(what) = self.pending.take() else {
            return;
        };
        let mv = r.best;
        match what {
            Pending::Move { started } => {
                if let Some(b) = self.board.as_mut() {
                    if b.at(mv) == EMPTY
                        && (mv.x as usize) < b.width()
                        && (mv.y as usize) < b.height()
                    {
                        b.make(mv.idx());
                    }
                }
                self.used_ms += started.elapsed().as_millis() as i64;
                if self.realtime() {
                    send_realtime(&self.out, mv, r.score, &r.pv);
                }
                self.last_score = Some(r.score);
                let summary = format!("MESSAGE {}", summary_text(&r));
                self.out.lines(&[&summary, &mv.to_string()]);
                // Not when the manager has already sent more: that is answered first.
                if self.ponder && self.queue.is_empty() {
                    self.start_ponder();
                }
            }
            Pending::Ponder => {}
            Pending::Analyse { .. } => {
                if self.realtime() {
                    send_realtime(&self.out, mv, r.score, &r.pv);
                }
                self.out.message(&summary_text(&r));
                for (k, l) in r.lines.iter().enumerate() {
                    self.out.message(&format!(
                        "nbest {} ev {} pv {}",
                        k + 1,
                        score_text(l.score),
                        pv_text(&l.pv)
                    ));
                }
                self.out.line(&mv.to_string());
            }
            Pending::Balance { two, bias } => {
                let (moves, value) = balanced(&r, two, bias, self.board.as_ref());
                let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
                self.out.message(&format!(
                    "balance {} leaves {} for the side to move",
                    text.join(" "),
                    score_text(value)
                ));
                self.out.line(&text.join(" "));
            }
            Pending::Soosorv { step, n, options } => self.soosorv_reply(step, n, &options, &r),
            Pending::Swap2 { stones, yixin } => {
                let choice = swap_choice(&r, stones, self.board.as_ref());
                match (choice, yixin, stones) {
                    (SwapChoice::Swap, false, _) => self.out.line("SWAP"),
                    (SwapChoice::Play, false, _) => self.out.line(&mv.to_string()),
                    (SwapChoice::PutTwo(a, b), false, _) => self.out.line(&format!("{a} {b}")),
                    // Yixin-Board: after SWAP1 NO / SWAP2 NO it sends the position for our
                    // move as white; after YES the human (white) moves.
                    (SwapChoice::Swap, true, 3) => self.out.message("SWAP2 SWAP1 YES"),
                    (SwapChoice::Play, true, 3) => self.out.message("SWAP2 SWAP1 NO"),
                    (SwapChoice::Swap, true, _) => self.out.message("SWAP2 SWAP2 YES"),
                    (SwapChoice::Play, true, _) => self.out.message("SWAP2 SWAP2 NO"),
                    (SwapChoice::PutTwo(a, b), true, _) => {
                        self.out.message(&format!("SWAP2 MOVE4 {} {}", a.x, a.y));
                        self.out.message(&format!("SWAP2 MOVE5 {} {}", b.x, b.y));
                    }
                }
            }
        }
    }
}

/// Three opening stones (black, white, black) near the centre that leave the position
/// roughly level.
fn opening_three(w: usize, h: usize) -> [(i64, i64); 3] {
    let (cx, cy) = (w as i64 / 2, h as i64 / 2);
    [(cx, cy), (cx + 1, cy - 1), (cx + 1, cy + 1)]
}

/// A swap decision of the player who is white to move after the opening stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SwapChoice {
    /// Take black.
    Swap,
    /// Stay white and play the search's move.
    Play,
    /// (After three stones only) put a white and a black stone and let the opponent choose.
    PutTwo(Pos, Pos),
}

/// White's score below which we take black.
const SWAP_BELOW: i32 = -30;
/// After three stones, a position this close to level gets two more stones (the pair that
/// keeps it nearest level, if it stays within `-SWAP_BELOW`): whichever colour the opener
/// then takes, we get a level game.
const PUT_TWO_WITHIN: i32 = 15;

fn swap_choice(r: &SearchResult, stones: usize, board: Option<&Board>) -> SwapChoice {
    if stones != 3 && stones != 5 {
        return SwapChoice::Play;
    }
    if r.score < SWAP_BELOW {
        return SwapChoice::Swap;
    }
    if stones == 3 && r.score.abs() <= PUT_TWO_WITHIN {
        let (pair, value) = balanced(r, true, 0, board);
        if let [a, b] = pair[..] {
            if value.abs() <= -SWAP_BELOW {
                return SwapChoice::PutTwo(a, b);
            }
        }
    }
    SwapChoice::Play
}

impl Session {
    /// The reply to a Soosorv step from its search (see `soosorv`), in the lines main.c
    /// parses: `MESSAGE SOOSORV SWAP1|SWAP2 YES|NO` (YES: we take the other colour),
    /// `MESSAGE SOOSORV MOVE4 r c N`, `MESSAGE SOOSORV MOVE5 r c` per option then
    /// `MESSAGE SOOSORV MOVE5 DONE`, and `MESSAGE SOOSORV MOVE5C r c` (main.c checks the
    /// character right after `MOVE5` for `C`).
    fn soosorv_reply(&mut self, step: u8, n: usize, options: &[Pos], r: &SearchResult) {
        // Black's value after black's best / n-th best fifth move: the opponent picks the
        // option that suits it, so black is worth its n-th best option.
        let nth = |k: usize| {
            r.lines
                .get(k.saturating_sub(1))
                .or(r.lines.last())
                .map_or(r.score, |l| l.score)
        };
        match step {
            2 => self.out.message(if r.score < SWAP_BELOW {
                "SOOSORV SWAP1 YES"
            } else {
                "SOOSORV SWAP1 NO"
            }),
            3 => {
                // White's fourth stone; the more black leads, the more options it must offer.
                let n = (2 - r.score / 100).clamp(1, 8);
                self.out
                    .message(&format!("SOOSORV MOVE4 {} {} {n}", r.best.x, r.best.y));
            }
            4 => self.out.message(if nth(n) < SWAP_BELOW {
                "SOOSORV SWAP2 YES"
            } else {
                "SOOSORV SWAP2 NO"
            }),
            5 => {
                let mut picks: Vec<Pos> = r
                    .lines
                    .iter()
                    .filter_map(|l| l.pv.first().copied())
                    .collect();
                if picks.is_empty() {
                    picks.push(r.best);
                }
                if let Some(b) = &self.board {
                    // Too few lines (a forced position): the empty squares nearest the centre.
                    let c = Pos::from_idx(b.center());
                    let mut rest: Vec<Pos> = b
                        .all_cells()
                        .filter(|&i| b.cell(i) == EMPTY)
                        .map(Pos::from_idx)
                        .filter(|p| !picks.contains(p))
                        .collect();
                    rest.sort_by_key(|p| {
                        (p.x as i32 - c.x as i32)
                            .abs()
                            .max((p.y as i32 - c.y as i32).abs())
                    });
                    picks.extend(rest);
                }
                for p in picks.iter().take(n) {
                    self.out.message(&format!("SOOSORV MOVE5 {} {}", p.x, p.y));
                }
                self.out.message("SOOSORV MOVE5 DONE");
            }
            _ => {
                // Black's worst offered option is ours.
                let pick = r
                    .lines
                    .iter()
                    .filter(|l| l.pv.first().is_some_and(|m| options.contains(m)))
                    .min_by_key(|l| l.score)
                    .and_then(|l| l.pv.first().copied())
                    .filter(|m| options.contains(m))
                    .or_else(|| options.contains(&r.best).then_some(r.best))
                    .unwrap_or(options[0]);
                self.out
                    .message(&format!("SOOSORV MOVE5C {} {}", pick.x, pick.y));
            }
        }
    }
}

fn path_command(what: PathFor) -> &'static str {
    match what {
        PathFor::Dump => "YXHASHDUMP",
        PathFor::Load => "YXHASHLOAD",
    }
}

/// The balancing stone(s) from a multi-PV result, and the value they leave for the side to
/// move afterwards. One stone: after it the opponent moves, whose value is minus the line's
/// score. Two stones (ours, then the opponent's reply on the line): we move again, at the
/// line's score. The line whose value is nearest `bias` wins.
fn balanced(r: &SearchResult, two: bool, bias: i64, board: Option<&Board>) -> (Vec<Pos>, i32) {
    let value = |score: i32| if two { score } else { -score };
    let usable = |pv: &[Pos]| !two || pv.len() >= 2;
    let best = r
        .lines
        .iter()
        .filter(|l| !l.pv.is_empty() && usable(&l.pv))
        .min_by_key(|l| (value(l.score) as i64 - bias).abs());
    let (pv, score) = match best {
        Some(l) => (l.pv.clone(), l.score),
        None => (r.pv.clone(), r.score),
    };
    let first = pv.first().copied().unwrap_or(r.best);
    if !two {
        return (vec![first], value(score));
    }
    let second = pv.get(1).copied().or_else(|| {
        // No reply known: the empty square nearest the first stone.
        let b = board?;
        b.all_cells()
            .filter(|&i| b.cell(i) == EMPTY && i != first.idx())
            .map(Pos::from_idx)
            .min_by_key(|p| {
                (p.x as i32 - first.x as i32)
                    .abs()
                    .max((p.y as i32 - first.y as i32).abs())
            })
    });
    match second {
        Some(s) => (vec![first, s], value(score)),
        None => (vec![first], value(score)),
    }
}

/// Root moves are shown only once a search has run this long (the first depths take
/// microseconds each: nobody could see them) ...
const REALTIME_POS_AFTER: Duration = Duration::from_millis(250);
/// ... and at most one `POS` per this interval, so a GUI redrawing on each line keeps up.
const REALTIME_POS_EVERY: Duration = Duration::from_millis(20);

/// Yixin-Board's per-root-move view (main.c: `REFRESH` clears the marks, `POS r,c` marks the
/// move being searched, `DONE r,c` turns that mark into "searched"): a `REFRESH` at each pass
/// over the root moves, then `POS` and `DONE` for the moves searched, rate-limited as above
/// (a `DONE` only for the move whose `POS` was sent).
fn root_watch(out: Output, start: Instant) -> RootWatch {
    struct Shown {
        last_pos: Option<Instant>,
        current: Option<Pos>,
    }
    let shown = std::sync::Mutex::new(Shown {
        last_pos: None,
        current: None,
    });
    Arc::new(move |e: RootEvent| {
        if start.elapsed() < REALTIME_POS_AFTER {
            return;
        }
        let mut s = shown.lock().unwrap_or_else(|e| e.into_inner());
        match e {
            RootEvent::Pass { .. } => {
                s.current = None;
                out.message("REALTIME REFRESH");
            }
            RootEvent::Start(p) => {
                s.current = None;
                if s.last_pos.is_none_or(|t| t.elapsed() >= REALTIME_POS_EVERY) {
                    s.last_pos = Some(Instant::now());
                    s.current = Some(p);
                    out.message(&format!("REALTIME POS {p}"));
                }
            }
            RootEvent::Done(p) => {
                if s.current == Some(p) {
                    s.current = None;
                    out.message(&format!("REALTIME DONE {p}"));
                }
            }
        }
    })
}

/// Yixin-Board's live analysis (its main.c reads `MESSAGE REALTIME BEST r,c`, `VAL n`
/// with `%d`, and keeps the text after `PV ` as the best line).
fn send_realtime(out: &Output, best: Pos, score: i32, pv: &[Pos]) {
    out.message(&format!("REALTIME BEST {best}"));
    out.message(&format!("REALTIME VAL {score}"));
    let line = if pv.first() == Some(&best) {
        pv_text(pv)
    } else {
        best.to_string()
    };
    out.message(&format!("REALTIME PV {line}"));
}

/// The swap decision needs a rough verdict, not a deep one.
fn swap2_budget(mut budget: Budget) -> Budget {
    budget.optimum = budget.optimum.min(Duration::from_millis(1500));
    budget.maximum = budget.maximum.min(Duration::from_millis(3000));
    budget
}

/// Whether a line read inside a block ends it without DONE: any line that is not blank,
/// not `DONE`, not `END` (which exits) and not shaped like a stone line (it starts with a
/// digit or a sign). So every command word ends the block, known (TURN, BOARD, INFO, ...,
/// also with bad arguments) or not (it is owed an UNKNOWN); bad stone lines (`25,3,1`,
/// `3,3,x`) are still skipped silently.
fn ends_block(line: &str, cmd: &Result<Command, ParseError>) -> bool {
    match cmd {
        Ok(Command::Empty | Command::Done | Command::End | Command::Stone(..)) => false,
        Ok(Command::Unknown(_)) => !line
            .trim_start_matches(|c: char| c.is_whitespace() || c == '\0')
            .starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-'),
        _ => true,
    }
}

/// Whether playing all but the last move of `path` from the empty board (first player
/// first, alternating) gives exactly the stones of `board`, with the same side to move.
fn path_reaches(path: &[(i64, i64)], board: &Board) -> bool {
    let Some((_, prefix)) = path.split_last() else {
        return false;
    };
    let mut b = Board::new(board.width(), board.height());
    for &(x, y) in prefix {
        if !b.contains(x, y) {
            return false;
        }
        let p = Pos::new(x as u8, y as u8);
        if b.at(p) != EMPTY || board.at(p) == EMPTY {
            return false;
        }
        b.make(p.idx());
    }
    b.side_to_move() == board.side_to_move()
        && board.stones() == prefix.len()
        && b.all_cells()
            .all(|i| b.cell(i) == EMPTY || b.cell(i) == board.cell(i))
}

/// Loads BOARD stones: field 1 ours, 2 theirs, 3 blocked. We are the side to move.
/// Invalid, duplicate and out-of-range lines are skipped.
pub fn load_position(w: usize, h: usize, stones: &[(i64, i64, Option<i64>)]) -> Board {
    let valid: Vec<(Pos, i64)> = {
        let mut seen = std::collections::HashSet::new();
        stones
            .iter()
            .filter_map(|&(x, y, f)| {
                let f = f.unwrap_or(2);
                let on = x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h;
                (on && (1..=3).contains(&f) && seen.insert((x, y)))
                    .then(|| (Pos::new(x as u8, y as u8), f))
            })
            .collect()
    };
    let own = valid.iter().filter(|s| s.1 == 1).count();
    let opp = valid.iter().filter(|s| s.1 == 2).count();
    let we_are_black = if own == opp {
        true
    } else if own + 1 == opp {
        false
    } else {
        // Inconsistent counts (GUI editing): whoever owns the first stone played first.
        valid
            .iter()
            .find(|s| s.1 != 3)
            .map(|s| s.1 == 1)
            .unwrap_or(true)
    };
    let (ours, theirs) = if we_are_black {
        (Color::Black, Color::White)
    } else {
        (Color::White, Color::Black)
    };
    let mut b = Board::new(w, h);
    for (p, f) in valid {
        match f {
            1 => b.put(p.idx(), ours),
            2 => b.put(p.idx(), theirs),
            _ => b.put_blocked(p.idx()),
        }
    }
    b.set_side_to_move(ours);
    b
}

pub fn about() -> String {
    format!(
        "name=\"{}\", version=\"{}\", author=\"Wuzi developers\", country=\"International\", www=\"none\"",
        crate::NAME,
        crate::VERSION
    )
}

fn pv_text(pv: &[Pos]) -> String {
    pv.iter()
        .take(PV_SHOWN)
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn iteration_text(it: &Iteration) -> String {
    format!(
        "depth {}-{} ev {} n {} n/s {} tm {}ms pv {}",
        it.depth,
        it.seldepth,
        score_text(it.score),
        it.nodes,
        it.nps(),
        it.elapsed.as_millis(),
        pv_text(&it.pv)
    )
}

fn summary_text(r: &SearchResult) -> String {
    let nps = r.nodes.saturating_mul(1_000_000) / (r.elapsed.as_micros().max(1) as u64);
    format!(
        "depth {} ev {} n {} n/s {} tm {}ms pv {}",
        r.depth,
        score_text(r.score),
        r.nodes,
        nps,
        r.elapsed.as_millis(),
        pv_text(&r.pv)
    )
}
