//! The engine: owns the transposition table and runs each search on its own
//! thread, so the protocol loop stays responsive. A stop flag ends a search
//! early; the result comes back through a callback.

use super::iterative::think;
use super::position::Position;
use super::tt::TranspositionTable;
use super::{Iteration, Limits, SearchResult};
use crate::game::board::{Board, EMPTY};
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// Memory assumed when the manager sends no `max_memory`.
pub const DEFAULT_MEMORY: u64 = 256 << 20;
/// What the process needs besides the hash table: pattern tables, boards, stacks, code.
const OVERHEAD: u64 = 24 << 20;
const MIN_TT: usize = 64 << 10;
const MAX_TT: usize = 1 << 34;

/// Hash-table bytes that fit in `max_memory` (0 = no limit given: use the default).
pub fn tt_bytes_for(max_memory: u64) -> usize {
    let total = if max_memory == 0 {
        DEFAULT_MEMORY
    } else {
        max_memory
    };
    let usable = total.saturating_sub(OVERHEAD) / 4 * 3;
    (usable as usize).clamp(MIN_TT, MAX_TT)
}

pub type Reporter = Box<dyn FnMut(&Iteration) + Send>;
pub type OnDone = Box<dyn FnOnce(SearchResult) + Send>;

pub struct Engine {
    tt: Option<Arc<TranspositionTable>>,
    tt_bytes: usize,
    stop: Arc<AtomicBool>,
    /// Set while a search runs: the table's background prefault waits meanwhile.
    busy: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine {
            tt: None,
            tt_bytes: tt_bytes_for(0),
            stop: Arc::new(AtomicBool::new(false)),
            busy: Arc::new(AtomicBool::new(false)),
            thread: None,
        }
    }

    /// Sizes the hash table for a process limit of `max_memory` bytes (applied at the next search).
    pub fn set_max_memory(&mut self, max_memory: u64) {
        self.tt_bytes = tt_bytes_for(max_memory);
    }

    /// Sets the hash table size directly in bytes.
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.tt_bytes = bytes.clamp(MIN_TT, MAX_TT);
    }

    pub fn clear_hash(&mut self) {
        if let Some(tt) = self.tt.as_ref() {
            tt.clear();
        }
    }

    pub fn is_thinking(&self) -> bool {
        self.thread.is_some()
    }

    /// Asks a running search to return its best move now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether `tt` has the size the settings ask for.
    fn fits(&self, tt: &TranspositionTable) -> bool {
        tt.bytes() == TranspositionTable::bytes_for(self.tt_bytes)
    }

    /// The table for the next search: the current one if its size is still right.
    fn table(&mut self) -> Arc<TranspositionTable> {
        match &self.tt {
            Some(tt) if self.fits(tt) => tt.clone(),
            _ => {
                // Free the old table before allocating the new one: never hold both.
                self.tt = None;
                let tt = Arc::new(TranspositionTable::new(self.tt_bytes));
                self.tt = Some(tt.clone());
                tt
            }
        }
    }

    /// Allocates the table now (if its size changed) and has a background thread fault its
    /// pages in while no search runs, so the first searches do not pay for it on the clock.
    /// Measured: touching a 180 MiB table costs 75-100 ms of CPU, and up to 270 ms when two
    /// search threads fault it in together. It pauses during searches: run beside one it
    /// took CPU from the search (a 1000-game soak at 100 ms/move on an overloaded machine
    /// had first moves over the limit).
    pub fn prepare(&mut self) {
        if matches!(&self.tt, Some(tt) if self.fits(tt)) {
            return;
        }
        let tt = self.table();
        let weak = Arc::downgrade(&tt);
        drop(tt);
        let busy = self.busy.clone();
        let _ = std::thread::Builder::new()
            .name("tt-prefault".into())
            .spawn(move || TranspositionTable::prefault(&weak, &busy));
    }

    /// Starts thinking about `board` for its side to move. `done` runs on the search thread.
    pub fn start(
        &mut self,
        board: Board,
        rule: Rule,
        limits: Limits,
        mut report: Reporter,
        done: OnDone,
    ) {
        self.wait();
        let tt = self.table();
        let stop = self.stop.clone();
        stop.store(false, Ordering::Relaxed);
        let busy = self.busy.clone();
        busy.store(true, Ordering::Relaxed);
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let fallback = board.clone();
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    let pos = Position::new(board, rule);
                    think(pos, &tt, &limits, &stop, &mut *report)
                }));
                let result = match outcome {
                    Ok(r) => r,
                    Err(_) => {
                        log::error!("search panicked; answering with a fallback move");
                        tt.clear();
                        fallback_result(&fallback)
                    }
                };
                busy.store(false, Ordering::Relaxed);
                done(result);
            });
        match handle {
            Ok(h) => self.thread = Some(h),
            Err(_) => {
                self.busy.store(false, Ordering::Relaxed);
                log::error!("could not start the search thread");
            }
        }
    }

    /// Waits for the search thread to end.
    pub fn wait(&mut self) {
        if let Some(h) = self.thread.take() {
            let _ = h.join();
        }
    }

    /// Runs a search on the calling thread (benchmarks, tests, tools).
    pub fn search_sync(
        &mut self,
        board: Board,
        rule: Rule,
        limits: Limits,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
        self.wait();
        let tt = self.table();
        self.stop.store(false, Ordering::Relaxed);
        self.busy.store(true, Ordering::Relaxed);
        let r = think(Position::new(board, rule), &tt, &limits, &self.stop, report);
        self.busy.store(false, Ordering::Relaxed);
        r
    }
}

impl Drop for Engine {
    /// A search (or ponder search) must not outlive its engine.
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

/// A legal move without searching: the empty square nearest the centre.
pub fn fallback_result(board: &Board) -> SearchResult {
    let c = Pos::from_idx(board.center());
    let best = board
        .all_cells()
        .filter(|&i| board.cell(i) == EMPTY)
        .map(Pos::from_idx)
        .min_by_key(|p| {
            (p.x as i32 - c.x as i32)
                .abs()
                .max((p.y as i32 - c.y as i32).abs())
        })
        .unwrap_or(c);
    SearchResult {
        best,
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: vec![best],
        lines: Vec::new(),
    }
}
