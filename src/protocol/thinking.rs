//! Starting searches and writing their answers. A request that needs a search (`BEGIN`,
//! `TURN`, `BOARD`, the analyses and opening decisions) becomes a `Pending` and a
//! search on the engine's thread, with a budget from the time control (counted from when
//! the request was read, or for a request of a piped burst from when its turn came), the
//! node and depth limits, and the root moves it may not play (`YXBLOCK` squares,
//! `YXBLOCKPATH` ends, `YXFORBID` squares, or for Soosorv step 6 everything but the
//! offered moves). Its result comes back as a `SearchDone` event; the answer is written
//! then, in one write with the `MESSAGE` summary before it, and before the search thread
//! is joined, so the thread's end is not on the manager's clock.
//!
//! Pondering (`INFO pondering 1`): after a move, the engine searches the opponent's
//! position with no limit and prints nothing; the next input line of any kind stops it
//! and is then handled as usual. Only the hash table carries over.

use super::blocks::path_reaches;
use super::brain::{Brain, Event, Pending, MAX_NBEST, NO_GAME};
use super::database::DbRoot;
use super::openings::swap2_budget;
use super::report::{pv_text, reporter, root_watch, send_realtime, summary_text};
use crate::game::board::EMPTY;
use crate::game::pos::Pos;
use crate::search::timeman::Budget;
use crate::search::{score_text, Limits, SearchResult};
use std::time::Instant;

impl Brain {
    /// Starts thinking about our move on the current board.
    pub(super) fn think_move(&mut self, t: Instant) {
        match &self.board {
            None => self.error(NO_GAME),
            Some(b) if b.is_full() => self.error("board is full"),
            Some(_) => self.start_search(Pending::Move { started: t }, t),
        }
    }

    /// Starts the search a request needs; its result comes back as a `SearchDone` event.
    pub(super) fn start_search(&mut self, what: Pending, t: Instant) {
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
        self.search_read = self.line_read;
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
        let detail = self.show_detail > 0 && !ponder;
        let reporter = reporter(self.out.clone(), detail, self.realtime() && !ponder);
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
        let mut excluded = excluded;
        if let Pending::Move { .. } = what {
            // The database, when one is open: a proven win, a forced or a book move is
            // played without searching; moves it marks lost stay out of the search.
            match self.database_root(&board, &excluded) {
                DbRoot::Play(r) => {
                    self.pending = Some(what);
                    self.finish_search(r);
                    return;
                }
                DbRoot::Exclude(lost) => excluded.extend(lost),
            }
        }
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

    /// A search ended: writes its answer, then joins its thread.
    pub(super) fn finish_search(&mut self, r: SearchResult) {
        // The reply goes out before the search thread is joined: its end (freeing the
        // search's memory, the thread's exit) is not on the manager's clock. (Where the
        // answer started another search, pondering, `Engine::start` has joined it.)
        self.answer(r);
        if self.pending.is_none() {
            self.engine.wait();
        }
    }

    /// Writes the answer the ended search owes (none for pondering).
    fn answer(&mut self, r: SearchResult) {
        let Some(what) = self.pending.take() else {
            return;
        };
        // With a database open to writing, the result goes into it after the answer.
        let write_back = matches!(what, Pending::Move { .. } | Pending::Analyse { .. })
            && self.db.writable().is_some();
        let root = if write_back { self.board.clone() } else { None };
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
            Pending::Balance { two, bias } => self.balance_reply(two, bias, &r),
            Pending::Soosorv { step, n, options } => self.soosorv_reply(step, n, &options, &r),
            Pending::Swap2 { stones, yixin } => self.swap2_reply(stones, yixin, &r),
        }
        if let Some(root) = root {
            self.database_write_back(&root, &r);
        }
    }
}
