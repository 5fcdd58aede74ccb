//! Lazy SMP helpers: extra threads that run iterative deepening on their own copy of the
//! root position and share only the transposition table (and the breadcrumbs of `crumbs.rs`)
//! with the main thread.
//!
//! Each helper keeps one or two plies ahead of the main thread's depth, and odd helpers look
//! at the root moves in a slightly different order, so that their entries are the ones the
//! main thread wants next. The main thread keeps the clock and stops them; a helper that
//! completes a deeper iteration than the main thread offers its line as the answer. A helper
//! that panics just stops helping.

use super::alphabeta::Worker;
use super::crumbs::{Crumbs, MAX_TID};
use super::position::Position;
use super::root::aspirated;
use super::tt::TranspositionTable;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, Ordering};
use std::sync::Mutex;
use std::thread::Scope;
use std::time::Instant;

/// Upper limit on `INFO thread_num`.
pub const MAX_THREADS: usize = 64;
const HELPER_STACK: usize = 64 << 20;

pub struct StopOnDrop<'a>(&'a Helpers);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}

/// The deepest iteration a helper completed.
#[derive(Clone, Debug)]
pub struct Completed {
    pub depth: i32,
    pub score: i32,
    /// Never empty; starts with the move to play.
    pub pv: Vec<u16>,
}

/// State shared between the main thread and its helpers.
#[derive(Default)]
pub struct Helpers {
    stop: AtomicBool,
    nodes: AtomicU64,
    /// The depth the main thread is searching now.
    main_depth: AtomicI32,
    deepest: Mutex<Option<Completed>>,
}

impl Helpers {
    pub fn new() -> Helpers {
        Helpers::default()
    }

    /// Tells every helper to finish now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// The main thread starts an iteration at `depth`.
    pub fn main_at(&self, depth: i32) {
        self.main_depth.store(depth, Ordering::Relaxed);
    }

    /// A guard that tells the helpers to stop when it goes out of scope.
    pub fn stop_on_drop(&self) -> StopOnDrop<'_> {
        StopOnDrop(self)
    }

    /// Nodes searched by helpers so far (exact once they have been joined).
    pub fn nodes(&self) -> u64 {
        self.nodes.load(Ordering::Relaxed)
    }

    pub fn deepest(&self) -> Option<Completed> {
        self.deepest.lock().ok().and_then(|d| d.clone())
    }

    fn publish(&self, c: Completed) {
        if let Ok(mut d) = self.deepest.lock() {
            if !matches!(d.as_ref(), Some(old) if c.depth <= old.depth) {
                *d = Some(c);
            }
        }
    }

    /// Starts helper `id` (1-based) searching `root` of `pos`. If the thread cannot be
    /// created the search simply goes on with fewer threads.
    #[allow(clippy::too_many_arguments)]
    pub fn spawn<'scope, 'env>(
        &'env self,
        s: &'scope Scope<'scope, 'env>,
        id: usize,
        pos: &Position,
        tt: &'env TranspositionTable,
        crumbs: Option<&'env Crumbs>,
        root: &[u16],
        deadline: Instant,
        max_depth: i32,
    ) {
        let pos = pos.clone();
        let mut root = root.to_vec();
        // Different helpers start at different depths (and so fill the table ahead of
        // the main thread) and look at the root moves in a slightly different order.
        if id % 2 == 1 && root.len() > 2 {
            root.swap(1, 2);
        }
        let ahead = 1 + (id % 2) as i32;
        let _ = std::thread::Builder::new()
            .name(format!("helper-{id}"))
            .stack_size(HELPER_STACK)
            .spawn_scoped(s, move || {
                // A helper's failure must not take the answer with it: it just stops helping.
                let _ = catch_unwind(AssertUnwindSafe(|| {
                    self.run(pos, tt, crumbs, id, root, deadline, ahead, max_depth)
                }));
            });
    }

    #[allow(clippy::too_many_arguments)]
    fn run(
        &self,
        pos: Position,
        tt: &TranspositionTable,
        crumbs: Option<&Crumbs>,
        id: usize,
        mut root: Vec<u16>,
        deadline: Instant,
        ahead: i32,
        max_depth: i32,
    ) {
        let mut w = Worker::new(pos, tt, &self.stop, deadline, u64::MAX);
        w.may_abort = true;
        w.crumbs = crumbs;
        w.tid = (id as u64 + 1).min(MAX_TID);
        let mut scores = vec![0i32; root.len()];
        let mut previous = 0;
        let mut counted = 0;
        let max_depth = max_depth.clamp(1, 100);
        let mut depth = 0;
        loop {
            // Stay ahead of the main thread: what we store is what it will want next.
            depth = (depth + 1).max(self.main_depth.load(Ordering::Relaxed) + ahead);
            if depth > max_depth {
                break;
            }
            let (score, _) = aspirated(&mut w, &mut root, &mut scores, depth, previous);
            self.nodes.fetch_add(w.nodes - counted, Ordering::Relaxed);
            counted = w.nodes;
            if w.aborted {
                break;
            }
            previous = score;
            let mut pv = w.pv[0].clone();
            if pv.first() != Some(&root[0]) {
                pv = vec![root[0]];
            }
            self.publish(Completed { depth, score, pv });
        }
        self.nodes.fetch_add(w.nodes - counted, Ordering::Relaxed);
    }
}
