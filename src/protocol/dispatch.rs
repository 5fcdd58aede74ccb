//! The main loop: events off the brain's channel, one at a time, and each line to the
//! command it is. Commands are case-insensitive; blank lines are ignored; a line that is
//! no command gets `UNKNOWN command <word>`, a request that cannot be served `ERROR …`
//! with the state unchanged.
//!
//! While the engine thinks, `INFO` is applied at once, `YXSTOP`/`STOP` stops the search
//! (its best move so far is the answer), and every other request but `END` waits in a
//! queue and is answered in order (`INFO` and `STOP` too when requests wait ahead of
//! them). A request of a piped burst that waited behind a search (other requests queued
//! ahead of it, or read within 20 ms of the request being answered) has its clock
//! started when its own search can begin; a request a manager sends during a search
//! keeps the time it was read, as the manager counts from then.
//!
//! `END` and end of input end the process within about a second, whatever is queued.
//! Which requests they still answer:
//!
//! - When no search owes a reply (idle, or thinking on the opponent's time): none is
//!   owed; the process exits at once.
//! - When the request being answered came in the same burst of input as the `END`: that
//!   request and the ones queued behind it, in order, for at most 0.9 s from when `END`
//!   was read. A burst is a run of input lines each read less than 100 ms after the one
//!   before it (the reader stamps the lines of one read with the instant it returned, so
//!   lines written together are always one burst). Once the 0.9 s are up, the search
//!   then running is stopped and answered with its best move so far, the requests still
//!   queued get no reply, and the process exits. So a script piped at once,
//!   `printf 'START 15\nBEGIN\nTURN 3,3\nEND\n' | pbrain-wuzi`, gets `OK` and both
//!   moves, the second (at the default 30 s a move) from a search cut short at 0.9 s.
//! - Otherwise (a pause of 100 ms or more in the input after the request being answered,
//!   as from a manager, which waits for each reply before it sends more): none; the
//!   running search is dropped without a move (a manager that sends `END` then has given
//!   up on it), the queue with it, and the process exits at once.
//!
//! Lines after `END` are never read.

use super::blocks::ends_block;
use super::brain::{
    Block, BlockKind, Brain, Event, Flow, PathFor, Pending, Queued, MAX_NBEST, NO_GAME,
};
use super::command::{parse, Command, BAD_COORDS};
use super::openings::opening_three;
use crate::game::board::{Board, Color, EMPTY, WALL};
use crate::game::pos::{Pos, MAX_SIZE, MIN_SIZE};
use crate::game::rule::forbidden_points;
use crate::search::is_proven_loss;
use crate::search::threads::MAX_THREADS;
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// Lines read this soon after the request a search answers came in the same burst of
/// piped input, for their clocks (see [`Brain::clock_at_turn`]).
const PIPED_BURST: Duration = Duration::from_millis(20);
/// Input lines read less than this apart belong to one burst, for `END` (see the module
/// doc).
const BURST_GAP: Duration = Duration::from_millis(100);
/// The longest an `END` (or end of input) waits for the requests of its burst, from when
/// it was read. Then the running search is stopped and answered, and the process exits.
const END_WAIT: Duration = Duration::from_millis(900);

impl Brain {
    /// Runs until `END` or end of input (see the module doc for when that is).
    pub fn run(mut self, rx: Receiver<Event>) {
        loop {
            let ev = match self.end_by {
                None => rx.recv().map_err(|_| RecvTimeoutError::Disconnected),
                Some(by) => {
                    let left = by.saturating_duration_since(Instant::now());
                    if left.is_zero() {
                        self.end_now(&rx);
                        return;
                    }
                    rx.recv_timeout(left)
                }
            };
            match ev {
                Ok(ev) => {
                    if self.handle(ev) == Flow::Exit {
                        return;
                    }
                }
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => return,
            }
        }
    }

    /// Handles one event; [`Flow::Exit`] once the brain is to end. (Only [`Brain::run`]
    /// keeps the time limit of a waiting `END`.)
    pub fn handle(&mut self, ev: Event) -> Flow {
        match ev {
            Event::Eof(t) => {
                if self.end_by.is_some() {
                    return Flow::Continue;
                }
                self.note_read(t);
                if self.is_busy() {
                    self.end(t)
                } else {
                    Flow::Exit
                }
            }
            Event::Line(line, t) => {
                if self.end_by.is_some() {
                    // An END is waiting: nothing after it is read.
                    return Flow::Continue;
                }
                self.note_read(t);
                self.line_read = t;
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
                    let Some(q) = self.queue.pop_front() else {
                        break;
                    };
                    // A request of a piped burst waited behind the search before it: its
                    // clock starts now, when it can be answered (counted from when it was
                    // read, that search would have spent its time: a piped game's second
                    // move was answered from depth 1). A request a manager sent during a
                    // search keeps the time it was read: the manager counts from then.
                    let t = if q.clock_at_turn {
                        Instant::now()
                    } else {
                        q.read
                    };
                    self.line_read = q.read;
                    if self.process(&q.line, t) == Flow::Exit {
                        return Flow::Exit;
                    }
                }
                Flow::Continue
            }
        }
    }

    /// Keeps count of the bursts of input: a line (or end of input) read `BURST_GAP` or
    /// more after the one before it starts a new one.
    fn note_read(&mut self, t: Instant) {
        if self
            .last_read
            .is_none_or(|last| t.saturating_duration_since(last) >= BURST_GAP)
        {
            self.burst_start = t;
        }
        self.last_read = Some(t);
    }

    /// `END` or end of input, read at `t` while a search owes a reply: at once, unless the
    /// request that search answers came in the same burst (then everything queued after it
    /// did too): then it waits its turn, for at most `END_WAIT`.
    fn end(&mut self, t: Instant) -> Flow {
        if self.search_read < self.burst_start {
            return Flow::Exit;
        }
        self.queue.push_back(Queued {
            line: "END".into(),
            read: t,
            clock_at_turn: false,
        });
        self.end_by = Some(t + END_WAIT);
        Flow::Continue
    }

    /// The time of a waiting `END` is up: the running search is stopped and its answer
    /// written (the best move so far); what is still queued is dropped.
    fn end_now(&mut self, rx: &Receiver<Event>) {
        if !self.is_busy() {
            return;
        }
        self.engine.stop();
        self.engine.wait();
        let id = self.search_id;
        let done = rx.try_iter().find_map(|ev| match ev {
            Event::SearchDone(i, r) if i == id => Some(r),
            _ => None,
        });
        if let Some(r) = done {
            self.finish_search(r);
        }
    }

    /// Handles a line read while a search runs.
    fn while_thinking(&mut self, line: String, t: Instant) -> Flow {
        match parse(&line) {
            Ok(Command::End) => return self.end(t),
            Ok(Command::Stop) if self.queue_is_passive() => self.engine.stop(),
            Ok(Command::Info(k, v)) if self.queue_is_passive() => {
                self.info(&k, &v);
                self.shorten_search();
            }
            Ok(Command::Empty) => {}
            _ => {
                let clock_at_turn = self.clock_at_turn(t);
                self.queue.push_back(Queued {
                    line,
                    read: t,
                    clock_at_turn,
                });
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
        self.queue.iter().all(|q| {
            matches!(
                parse(&q.line),
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

    /// Whether a request read at `t` during a search gets its clock started when its turn
    /// comes rather than when it was read: when it belongs to the same burst of piped input
    /// as the request being answered (other requests wait ahead of it, or it came within
    /// [`PIPED_BURST`] of that request). That is a script piping its whole game at once,
    /// not a manager, which counts from when it sent the request.
    fn clock_at_turn(&self, t: Instant) -> bool {
        !self.queue.is_empty() || t.saturating_duration_since(self.search_start) < PIPED_BURST
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
                    match what {
                        PathFor::Db(f) => self.db_file_now(f, line.trim()),
                        _ => self.hash_file(what, line.trim()),
                    }
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
            Command::YxEditDatabase(q, text) => {
                self.yixin = true;
                let mut block = Block::new(BlockKind::DbQuery(q), t);
                block.text = text;
                self.block = Some(block);
            }
            Command::YxDatabaseFile(what, path) => {
                self.yixin = true;
                self.db_file(what, &path);
            }
            Command::YxSaveDatabase => {
                self.yixin = true;
                self.save_database();
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
            PathFor::Db(f) => return self.db_file_now(f, path),
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
            (PathFor::Db(_), _) => {}
        }
    }

    /// `START` / `RECTSTART`: a new game on an empty board of that size.
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

    /// `TAKEBACK x,y`: removes the named stone.
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

    /// `YXSHOWFORBID`: the forbidden points of the side to move (renju, black).
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
}

fn path_command(what: PathFor) -> &'static str {
    match what {
        PathFor::Dump => "YXHASHDUMP",
        PathFor::Load => "YXHASHLOAD",
        PathFor::Db(f) => f.name(),
    }
}

/// The reply to `ABOUT`.
pub fn about() -> String {
    format!(
        "name=\"{}\", version=\"{}\", author=\"Wuzi developers\", country=\"International\", www=\"none\"",
        crate::NAME,
        crate::VERSION
    )
}
