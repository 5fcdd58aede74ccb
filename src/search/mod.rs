//! The search: iterative-deepening principal-variation search over the incremental position,
//! with a shared transposition table, threat-space solvers, Lazy SMP helper threads and a time
//! manager. It knows nothing of protocol text: `engine.rs` is its face to the protocol.
//!
//! How a move is found, file by file (each file's own documentation says how it works):
//! * `engine.rs` owns the transposition table and the move statistics kept between moves, and
//!   runs each search on its own thread; `timeman.rs` turns the clock into a budget and
//!   says, after each iteration, whether another may start.
//! * `iterative.rs` decides what the root may play (a five, a forced block, our VCF, the
//!   moves that break the opponent's VCF, a VCT), then deepens one ply at a time until the
//!   budget says stop; `threads.rs` runs the helper threads alongside it.
//! * `root.rs` runs one pass over the root moves inside an aspiration window, builds the
//!   root's move list and runs the root's threat searches.
//! * `alphabeta.rs` is the tree search proper: threats first, TT cut-offs, static pruning,
//!   IIR, singular extension, the move loop with move-count pruning and late-move reductions,
//!   and at the horizon a VCF search.
//! * `moves.rs` generates and orders a node's moves (exact defences under an open three);
//!   `order.rs` holds the static part of the ordering score; `position.rs` is the board and
//!   its evaluator made and unmade together.
//! * `threat.rs` proves wins by fours (VCF) and by fours and threes (VCT).
//! * `tt.rs` is the lock-free transposition table; `crumbs.rs` marks the nodes each thread is
//!   in.
//! * `params.rs` holds every constant of the search's rules, `tune.rs` the ones SPSA may tune,
//!   [`crate::tried`] the ideas measured and left out; `stats.rs` counts the tree's shape in a
//!   `--features stats` build.
//!
//! No two of these files name each other: the dependencies run from `engine` through
//! `iterative`, `threads`, `root` and `alphabeta` down to `moves`, `threat`, `position`,
//! `order`, `tt` and `crumbs`.

pub mod alphabeta;
pub mod crumbs;
pub mod engine;
pub mod iterative;
pub mod moves;
pub mod order;
pub mod params;
pub mod position;
pub mod root;
pub mod stats;
pub mod threads;
pub mod threat;
pub mod timeman;
pub mod tt;
pub mod tune;

use crate::game::pos::Pos;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What the main thread's root loop is doing, for live displays (Yixin-Board marks the moves
/// being searched and those done).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RootEvent {
    /// A pass over the root moves begins (a new depth, or a re-search of the same depth with
    /// a wider window).
    Pass { depth: i32 },
    /// The search of this root move begins ...
    Start(Pos),
    /// ... and is complete (not sent for a move whose search was interrupted).
    Done(Pos),
}

/// Called by the main search thread on each [`RootEvent`]; it must return quickly.
pub type RootWatch = Arc<dyn Fn(RootEvent) + Send + Sync>;

/// What one search may spend.
#[derive(Clone)]
pub struct Limits {
    /// When the move request was read; all budgets count from here.
    pub start: Instant,
    pub budget: timeman::Budget,
    pub max_depth: i32,
    pub max_nodes: u64,
    /// Search threads (main thread included).
    pub threads: usize,
    /// Thinking on the opponent's time: no threat prelude, stoppable from the first node.
    pub ponder: bool,
    /// Principal variations wanted (YXNBEST); 1 for play.
    pub multipv: usize,
    /// Told of the main thread's root moves as they are searched, if set.
    pub root_watch: Option<RootWatch>,
}

impl Limits {
    /// The hard limit: no search thread runs past it.
    pub fn deadline(&self) -> Instant {
        self.start + self.budget.maximum
    }

    /// A search bounded only by depth (benchmarks, tests).
    pub fn depth(d: i32) -> Limits {
        Limits {
            start: Instant::now(),
            budget: timeman::Budget::whole(Duration::from_secs(3600)),
            max_depth: d,
            max_nodes: u64::MAX,
            threads: 1,
            ponder: false,
            multipv: 1,
            root_watch: None,
        }
    }
}

/// Summary of one completed iteration, for analysis output.
#[derive(Clone, Debug)]
pub struct Iteration {
    pub depth: i32,
    pub seldepth: i32,
    pub score: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Pos>,
    /// With multi-PV: the best lines, best first (the first is `pv`); else empty.
    pub lines: Vec<PvLine>,
}

/// One principal variation of a multi-PV search, with its exact score.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PvLine {
    pub score: i32,
    pub pv: Vec<Pos>,
}

impl Iteration {
    pub fn nps(&self) -> u64 {
        let us = self.elapsed.as_micros().max(1) as u64;
        self.nodes.saturating_mul(1_000_000) / us
    }
}

/// Final answer of a search.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Pos,
    pub score: i32,
    pub depth: i32,
    pub nodes: u64,
    pub elapsed: Duration,
    pub pv: Vec<Pos>,
    /// With multi-PV: the best lines of the last completed iteration; else empty.
    pub lines: Vec<PvLine>,
}

impl SearchResult {
    /// The result as an analysis report (for results settled without iterating).
    pub fn as_iteration(&self, seldepth: i32) -> Iteration {
        Iteration {
            depth: self.depth,
            seldepth,
            score: self.score,
            nodes: self.nodes,
            elapsed: self.elapsed,
            pv: self.pv.clone(),
            lines: self.lines.clone(),
        }
    }
}

/// Whether a score is a proven loss for the side it belongs to.
pub fn is_proven_loss(score: i32) -> bool {
    score < -tt::WIN_BOUND
}

/// Describes a score for people: `+12`, `win in 5`, `loss in 4`.
pub fn score_text(score: i32) -> String {
    if score > tt::WIN_BOUND && tt::WIN - score >= 999 {
        "win (threat sequence)".to_string()
    } else if score > tt::WIN_BOUND {
        format!("win in {}", tt::WIN - score)
    } else if score < -tt::WIN_BOUND {
        format!("loss in {}", tt::WIN + score)
    } else {
        format!("{score:+}")
    }
}
