//! Principal-variation search (negamax, fail-soft) over the incremental position: the
//! `Worker` that every search thread owns, with its move statistics and per-ply scratch.
//!
//! A node of `Worker::search` takes these steps, in order:
//! 1. **Threats decide.** Our five-point wins; the opponent's five-point is blocked at once
//!    (two of them, or a forbidden block, lose), the block searched at the same depth: that
//!    is the four extension. Then the static wins the threat counts prove without search: an
//!    open four (or double four) wins in 3; a four-three wins in 5 when the forced block makes
//!    no four for the opponent (checked by playing it); a double three wins in 5 when the
//!    opponent can make neither a four nor an open four. Renju black's combinations are not
//!    taken on trust, only its open four.
//! 2. **Horizon.** At depth 0 `quiesce` runs a VCF search: the side to move stands pat on the
//!    static score or plays fours near its previous stone (plain fours in the first
//!    QUIESCE_PLAIN_LEVELS levels, then only fours that make a three or more, at most
//!    QUIESCE_FOURS in a row), the forced blocks handled at their own nodes. A zero-window node
//!    hopelessly below alpha returns at once (delta pruning, QUIESCE_DELTA).
//! 3. **Transposition table.** A non-PV node whose entry is deep enough and whose bound
//!    settles the window returns its score.
//! 4. **The score stack.** The node's static score goes on the stack that `improving` reads
//!    (the score two plies up); at a forced block or under an open three the entry is the
//!    parent's score negated. Hindsight then moves the depth by a ply where the parent's
//!    reduction looks too large or too small.
//! 5. **Static pruning**, at non-PV nodes not under an open three, on the static score
//!    corrected by the TT's bound: reverse futility returns a score that
//!    beats beta by `RFP_MARGIN * (depth - 1 - improving)`; razoring settles a shallow node far
//!    below alpha by the horizon's VCF alone.
//! 6. **Internal iterative reduction**: a deep node without a TT move is searched a ply
//!    shallower (IIR_MIN_DEPTH).
//! 7. **Moves.** The TT move is tried before the list is generated (when it cuts off, the list
//!    never is); the rest are listed by `moves::fill` and taken best first by
//!    `moves::pick_next`. Under the opponent's open three only our fours and real defences are
//!    listed; no move at all means the node is lost.
//! 8. **Singular extension**: where the TT move's lower bound is much better than every other
//!    move (they all fail low against it less SE_MARGIN a ply, searched at half depth), it is
//!    searched a ply deeper; where even the others beat beta, the node fails high at once
//!    (multi-cut).
//! 9. **The move loop.** Move-count pruning skips quiet moves (and threat moves that are not
//!    fours) past `(LMP_BASE + depth^2) / (2 - improving)` at shallow non-PV nodes. Late moves
//!    are searched with a logarithmic reduction whose terms (in 1/1024 of a ply) favour threat
//!    moves, setup moves that add a four-three point, continued attacks, and moves with good
//!    history; fours and real defences are never reduced, fours that only delay a defence are.
//!    A reduced move that beats alpha is searched again at full depth, then with the full
//!    window (PVS). A thread that meets a node another thread is searching (`crumbs.rs`)
//!    reduces its quiet moves a ply more.
//! 10. **Statistics.** A cut-off, or the best move of an exact node, rewards its move in the
//!     quiet or the attack history (with gravity), sets the killers and counter move for a
//!     quiet move, and takes as much history from the moves of its kind tried before it
//!     (`reward`). The node is stored in the table with its bound.
//!
//! The constants of these rules, what each is worth and the ideas left out are in
//! [`super::params`] and [`crate::tried`]; a rule measured and kept that has no constant of
//! its own (the score stack's entries, hindsight, the TT-corrected score, the move-count
//! pruning of threat moves, the setup moves, continued attacks and delaying fours of the
//! reductions, the attack history, the best move's statistics) has its worth in a comment
//! beside its code here.

use super::crumbs::Crumbs;
use super::moves::{
    adds_win_threat, fill, first_with, is_attack, is_playable_early, is_quiet, makes_four,
    pick_next, win_threat_points,
};
use super::params::*;
use super::position::Position;
use super::stats::{self, MoveKind};
use super::threat::VcfCache;
use super::timeman::LastSearch;
use super::tt::{
    from_tt, to_tt, TranspositionTable, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, WIN, WIN_BOUND,
};
use super::tune;
use crate::eval::evaluator::Threat;
use crate::eval::pattern::Combo;
use crate::game::board::Color;
use crate::game::pos::{distances, NCELLS};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub const MAX_PLY: usize = 128;

/// Whether `b` is within two steps of `a` in every direction, or within four along a line.
#[inline]
fn near_line(a: usize, b: usize) -> bool {
    let (dx, dy) = distances(a, b);
    let d = dx.max(dy);
    d <= 2 || (d <= 4 && (dx == 0 || dy == 0 || dx == dy))
}

/// Breadcrumbs are left at nodes this deep or deeper, this near the root.
const CRUMB_DEPTH: i32 = 3;
const CRUMB_PLY: usize = 8;
/// Nodes between two looks at the clock (about 1 ms of search).
const POLL_INTERVAL: u64 = 512;
/// How far past the hard deadline an unfinished first iteration may run.
const FIRST_ITERATION_GRACE: std::time::Duration = std::time::Duration::from_millis(20);

/// The ordering score a move gets in its node's list once history pruning skipped it, so
/// that the history maluses leave it alone (it was not searched).
const PRUNED: i32 = i32::MIN;

/// Moves a history score towards +/-HISTORY_MAX by `bonus` (gravity: the closer to the
/// limit, the smaller the step).
#[inline]
fn update_history(h: &mut i32, bonus: i32) {
    *h += bonus - *h * bonus.abs() / HISTORY_MAX;
}

/// The static score `eval` corrected by a TT entry's `(score, depth, bound)`: its score where
/// the bound says `eval` is too low (a lower bound above it) or too high (an upper bound below
/// it); `eval` otherwise, and against a win or loss score (those decide elsewhere).
#[inline]
fn tt_corrected(eval: i32, tt: Option<(i32, i32, u8)>) -> i32 {
    match tt {
        Some((s, _, bound)) if s.abs() < WIN_BOUND => {
            let needed = if s > eval { BOUND_LOWER } else { BOUND_UPPER };
            if bound & needed != 0 {
                s
            } else {
                eval
            }
        }
        _ => eval,
    }
}

/// Late-move reductions are summed in 1/1024 of a ply ([`LMR_UNIT`]) and rounded to whole
/// plies at the end, so that their terms (params.rs, `LMR_THREAT` and the others) can be
/// fractions of a ply as Rapfi's and Stockfish's are.
const LMR_UNIT: i32 = 1024;

/// A reduction term of `plies` plies in [`LMR_UNIT`]s.
#[inline(always)]
fn lmr_units(plies: f64) -> i32 {
    (plies * LMR_UNIT as f64).round() as i32
}

/// The whole plies of a reduction summed in [`LMR_UNIT`]s (rounded half up).
#[inline(always)]
fn lmr_round(units: i32) -> i32 {
    (units + LMR_UNIT / 2).div_euclid(LMR_UNIT)
}

/// Late-move reduction for the `n`-th move (from 0) at `depth`, in [`LMR_UNIT`]s.
#[inline]
fn lmr_base(depth: i32, n: usize) -> i32 {
    static TABLE: std::sync::OnceLock<Vec<[i32; 64]>> = std::sync::OnceLock::new();
    let t = TABLE.get_or_init(|| {
        (0..64)
            .map(|d| {
                let mut row = [0i32; 64];
                for (k, r) in row.iter_mut().enumerate() {
                    if d > 0 && k > 0 {
                        let v = (d as f64).ln() * ((k + 1) as f64).ln() / tune::lmr_divisor();
                        *r = lmr_units(v.clamp(0.0, 60.0));
                    }
                }
                row
            })
            .collect()
    });
    t[(depth as usize).min(63)][n.min(63)]
}

/// Late-move reduction for the `n`-th move (from 0) at `depth`, in whole plies.
#[inline]
fn lmr(depth: i32, n: usize) -> i32 {
    lmr_round(lmr_base(depth, n))
}

/// What the searches of a game learn about moves that outlives one search: the history
/// scores and the counter moves. The engine keeps them from one move to the next, the
/// history halved at each search: +7.8 ± 14.9 (2,000 games, 90d5c2b) against starting each
/// move from empty ones, kept as the better start. `think` starts from empty ones.
/// The time manager's memory of the last search (`timeman::LastSearch`) travels with them.
#[derive(Clone, Debug, PartialEq)]
pub struct MoveStats {
    pub history: Vec<[i32; 4]>,
    pub counters: Vec<[u16; 2]>,
    pub last_search: LastSearch,
}

impl Default for MoveStats {
    fn default() -> Self {
        MoveStats {
            history: vec![[0; 4]; NCELLS],
            counters: vec![[0; 2]; NCELLS],
            last_search: LastSearch::default(),
        }
    }
}

impl MoveStats {
    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        *self = MoveStats::default();
    }

    /// Into `w` for its search: history halved, counter moves as they are.
    pub fn lend(&self, w: &mut Worker) {
        for (h, s) in w.history.iter_mut().zip(&self.history) {
            *h = s.map(|v| v / 2);
        }
        w.counters.copy_from_slice(&self.counters);
    }

    /// Back from `w` after its search.
    pub fn take_back(&mut self, w: &Worker) {
        self.history.copy_from_slice(&w.history);
        self.counters.copy_from_slice(&w.counters);
    }
}

pub struct Worker<'a> {
    pub pos: Position,
    pub tt: &'a TranspositionTable,
    pub history: Vec<[i32; 4]>,
    pub killers: Vec<[u16; 2]>,
    /// The quiet reply that last refuted each opponent move, per side to move.
    pub counters: Vec<[u16; 2]>,
    pub pv: Vec<Vec<u16>>,
    pub nodes: u64,
    pub seldepth: i32,
    /// Root moves other than the first that became the best (raised alpha) since the
    /// iterative loop last reset it: the time manager's measure of instability.
    pub root_changes: u32,
    pub aborted: bool,
    /// Set once the first iteration is complete: before that nothing may stop the search,
    /// so there is always a move to answer with.
    pub may_abort: bool,
    pub(super) stop: &'a AtomicBool,
    deadline: Instant,
    max_nodes: u64,
    pub(super) bufs: Vec<Vec<u16>>,
    qbufs: Vec<Vec<(i32, u16)>>,
    lists: Vec<Vec<(u16, i32)>>,
    /// The move a singular-extension probe leaves out, per ply (0: none).
    excluded: Vec<u16>,
    /// Static score of the node at each ply of the current line.
    evals: Vec<i32>,
    /// Whether the move played at each ply of the current line made an open three or more
    /// for its side (for the continued attack of the reductions).
    attacks: Vec<bool>,
    /// The late-move reduction the move into each ply was searched with (for hindsight).
    reductions: Vec<i32>,
    pub vcf_cache: VcfCache,
    pub vcf_nodes: u64,
    next_poll: u64,
    /// Shared with the other search threads, if any; `tid` is this thread's mark.
    pub crumbs: Option<&'a Crumbs>,
    pub tid: u64,
    /// Told of the root moves as they are searched (the main thread's, when asked).
    pub root_watch: Option<crate::search::RootWatch>,
}

impl<'a> Worker<'a> {
    pub fn new(
        pos: Position,
        tt: &'a TranspositionTable,
        stop: &'a AtomicBool,
        deadline: Instant,
        max_nodes: u64,
    ) -> Worker<'a> {
        Worker {
            pos,
            tt,
            history: vec![[0; 4]; NCELLS],
            killers: vec![[0; 2]; MAX_PLY + 1],
            counters: vec![[0; 2]; NCELLS],
            pv: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            root_changes: 0,
            aborted: false,
            may_abort: false,
            stop,
            deadline,
            max_nodes,
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            qbufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(32)).collect(),
            lists: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            excluded: vec![0; MAX_PLY + 1],
            evals: vec![0; MAX_PLY + 1],
            attacks: vec![false; MAX_PLY + 1],
            reductions: vec![0; MAX_PLY + 1],
            vcf_cache: VcfCache::new(18),
            vcf_nodes: 0,
            next_poll: POLL_INTERVAL,
            crumbs: None,
            tid: 1,
            root_watch: None,
        }
    }

    /// Writes the root's static score at the bottom of the score stack, so that the nodes
    /// two plies down compare with it (before, with 0): +16.2 ± 12.4 by pairs (2,000 games,
    /// a721183).
    pub(super) fn set_root_eval(&mut self) {
        self.evals[0] = self.pos.evaluate();
    }

    /// Checks the clock and the stop flag.
    #[inline]
    pub fn poll(&mut self) {
        let now = Instant::now();
        if self.may_abort
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.max_nodes
                || now >= self.deadline)
        {
            self.aborted = true;
        }
        // Even the first iteration must end: the caller then answers with its best move so
        // far (the first of the ordered root moves at worst).
        if now >= self.deadline + FIRST_ITERATION_GRACE {
            self.aborted = true;
        }
    }

    /// Tells the root watcher, if any, of `e`.
    #[inline]
    pub fn watch(&self, e: crate::search::RootEvent) {
        if let Some(w) = &self.root_watch {
            w(e);
        }
    }

    fn update_pv(&mut self, ply: usize, m: u16) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Negamax PVS. Scores are from the side to move's point of view.
    pub fn search(
        &mut self,
        depth: i32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        pv_node: bool,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply as i32);
        self.pv[ply].clear();
        // A threshold, not a bit mask: VCF calls add nodes in bulk and would skip a mask test.
        if self.nodes >= self.next_poll {
            self.next_poll = self.nodes + POLL_INTERVAL;
            self.poll();
        }
        if self.aborted {
            return 0;
        }
        let me = self.pos.side();
        let opp = me.opp();
        let ply_i = ply as i32;

        // Threats decide before anything else.
        if self.pos.eval.count(me, Combo::Five) > 0 {
            return WIN - ply_i - 1;
        }
        if self.pos.board.is_full() {
            return 0;
        }
        if ply >= MAX_PLY - 1 {
            return self.pos.evaluate();
        }
        let opp_fives = self.pos.eval.count(opp, Combo::Five);
        if opp_fives > 0 {
            if opp_fives > 1 {
                return -(WIN - ply_i - 2);
            }
            let Some(b) = first_with(&self.pos, opp, Threat::Five) else {
                return self.pos.evaluate();
            };
            if !self.pos.is_legal(b) {
                return -(WIN - ply_i - 2);
            }
            // A forced reply costs no depth: this is the four extension.
            self.attacks[ply] = false;
            // The forced block's entry on the score stack: see `chained` below.
            if ply >= 1 {
                self.evals[ply] = -self.evals[ply - 1];
            }
            self.pos.make(b);
            let s = -self.search(depth, -beta, -alpha, ply + 1, pv_node);
            self.pos.undo();
            if s > alpha {
                self.update_pv(ply, b as u16);
            }
            return s;
        }
        if let Some(win) = self.static_win(me) {
            return WIN - ply_i - win;
        }
        if depth <= 0 {
            return self.quiesce(depth, alpha, beta, ply);
        }

        let key = self.pos.board.hash();
        let mut tt_move = 0u16;
        let excluded = self.excluded[ply];
        let mut tt_hit = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            let s = from_tt(e.score as i32, ply_i);
            tt_hit = Some((s, e.depth as i32, e.bound()));
            if !pv_node && excluded == 0 && e.depth as i32 >= depth {
                let cut = match e.bound() {
                    BOUND_EXACT => true,
                    BOUND_LOWER => s >= beta,
                    BOUND_UPPER => s <= alpha,
                    _ => false,
                };
                if cut {
                    return s;
                }
            }
        }

        // The opponent has an open three (or a double-four point): only defences and our
        // fours are generated, and nothing is pruned on the static score.
        let threatened = self.pos.has_open_four_point(opp);
        // Rapfi's score stack through forced nodes: at a forced block (above) or under an open
        // three the node's entry is its parent's score negated, and the node is not
        // improving. With the root's static score at the bottom (`set_root_eval`) about +14.8
        // ± 9.9 (3,262 games); alone +3.3 ± 12.1 (2,000 games, a721183). A chained node's own
        // static score would go unused (its entry is the parent's, it is not improving and
        // nothing is pruned on it under a threat), so it is not computed: with a network
        // that saves a catch-up of the accumulators.
        let chained = threatened && ply >= 1;
        let static_eval = if chained {
            -self.evals[ply - 1]
        } else {
            self.pos.evaluate()
        };
        self.evals[ply] = static_eval;
        // Hindsight depth adjustment (Stockfish's `priorReduction`): the reduction this node
        // was searched with, judged by its static score against the parent's. A node reduced
        // by 3 plies or more that is no better off than its parent thought searches one ply
        // deeper; one reduced by 2 or more and better off by HINDSIGHT_MARGIN one ply
        // shallower. About +6.4 ± 8.3 (4,000 games, ccb2a7e). Read once: a singular probe of
        // this node finds none.
        let prior = std::mem::take(&mut self.reductions[ply]);
        let mut depth = depth;
        if ply >= 1 && !chained {
            let sum = static_eval + self.evals[ply - 1];
            if prior >= 3 && sum <= 0 {
                depth += 1;
            }
            if prior >= 2 && depth >= 2 && sum > HINDSIGHT_MARGIN {
                depth -= 1;
            }
        }
        // The root's children have no entry two plies up: never improving.
        let improving = !chained && ply >= 2 && static_eval > self.evals[ply - 2];
        if !pv_node && !threatened && beta.abs() < WIN_BOUND && alpha.abs() < WIN_BOUND {
            // The pruning below judges the node by the TT's score where the entry's bound
            // says the static score is too low or too high (Stockfish, Rapfi): +12.5 ± 9.6
            // (4,800 games, 9c65f6f).
            let eval = tt_corrected(static_eval, tt_hit);
            // Reverse futility pruning, at any depth (see RFP_MARGIN).
            if eval - (tune::rfp_margin() * (depth - 1 - improving as i32)).max(0) >= beta {
                return eval;
            }
            // Razoring: far below alpha, only a four sequence can save the node.
            if depth <= tune::razor_max_depth() && eval + tune::razor_margin() * depth < alpha {
                let v = self.quiesce(0, alpha, alpha + 1, ply);
                if v <= alpha {
                    return v;
                }
            }
        }

        // Internal iterative reduction: a node this deep with no TT move is searched one ply
        // shallower (see IIR_MIN_DEPTH).
        let depth = if tt_move == 0 && excluded == 0 && depth >= tune::iir_min_depth() {
            depth - 1
        } else {
            depth
        };

        let counter = self
            .pos
            .board
            .last_move()
            .map_or(0, |l| self.counters[l][me.index()]);
        let killers = [self.killers[ply][0], self.killers[ply][1], counter];
        let mut list = std::mem::take(&mut self.lists[ply]);
        list.clear();
        // The TT move is searched before the other moves are generated: when it cuts off,
        // they never are. (It would be first in the list anyway; the moves after it are
        // ordered with the history as its subtree left it.) With the lazy picking of
        // `pick_next` and the ties broken by cell: `bench 12` 1.73M to 1.81M nodes/s; in
        // self-play at 100 ms/move -0.9 +/- 19.2 Elo (1,206 games, seed 2101, stopped):
        // kept for the speed and an order that no sort implementation changes.
        let staged = tt_move != 0
            && tt_move != excluded
            && is_playable_early(&mut self.pos, tt_move, threatened);
        if staged {
            list.push((tt_move, 0));
        } else {
            self.fill_list(ply, &mut list, killers, tt_move);
            if list.is_empty() {
                self.lists[ply] = list;
                // Nothing to play: every point is forbidden for black, or the board is
                // blocked.
                return if self.pos.board.is_full() {
                    0
                } else {
                    -(WIN - ply_i - 1)
                };
            }
            pick_next(&mut list, 0);
        }
        // Singular extension: when the TT move is much better than every other move (they all
        // fail low against a bound below its score), it is searched one ply deeper; when
        // even the others beat beta, the node fails high at once (multi-cut).
        let mut singular = false;
        if let Some((tt_score, tt_depth, bound)) = tt_hit {
            if excluded == 0
                && ply > 0
                && depth >= tune::se_min_depth()
                && tt_move != 0
                && list[0].0 == tt_move
                && bound & BOUND_LOWER != 0
                && tt_depth >= depth - 3
                && tt_score.abs() < WIN_BOUND
            {
                let sbeta = tt_score - tune::se_margin() * depth;
                self.excluded[ply] = tt_move;
                self.lists[ply] = Vec::new();
                let v = self.search((depth - 1) / 2, sbeta - 1, sbeta, ply, false);
                self.excluded[ply] = 0;
                self.pv[ply].clear();
                if self.aborted {
                    self.lists[ply] = list;
                    return 0;
                }
                if v < sbeta {
                    singular = true;
                } else if !pv_node && sbeta >= beta {
                    self.lists[ply] = list;
                    return sbeta;
                }
            }
        }

        let (busy, owned) = match self.crumbs {
            Some(c) if excluded == 0 && depth >= CRUMB_DEPTH && ply <= CRUMB_PLY => {
                c.enter(key, self.tid)
            }
            _ => (false, false),
        };

        let alpha_orig = alpha;
        // The rank of the move that cut off and whether it was the TT move (stats only).
        let mut cut: Option<(usize, bool)> = None;
        let mut best = -WIN;
        let mut best_move = list[0].0;
        // The rank of the best move and how far down the list moves were searched.
        let mut best_rank = 0;
        let mut tried = 0;
        let mut next = 0;
        loop {
            let n = next;
            next += 1;
            if n == 1 && staged {
                // The TT move did not cut off: the rest of the list, the TT move kept first.
                self.fill_list(ply, &mut list, killers, tt_move);
                match list.iter().position(|e| e.0 == tt_move) {
                    Some(k) => list.swap(0, k),
                    None => list.insert(0, (tt_move, 0)),
                }
            }
            if n >= list.len() {
                break;
            }
            if n > 0 {
                pick_next(&mut list, n);
            }
            let m = list[n].0;
            if m == excluded {
                continue;
            }
            let i = m as usize;
            let quiet = !threatened && is_quiet(&self.pos, i, me);
            let forcing = makes_four(&self.pos, i, me);
            // Move-count pruning: moves far down the list rarely matter at low depth. A quiet
            // move ends the list (the moves after it are ordered below it, mostly quiet); a
            // threat move that is not a four (an open three made or stopped) is skipped and
            // the fours after it are still searched. Skipping the threat moves too: with the
            // delaying fours reduced (below) +28.6 ± 17.5 (1,460 games, 067e45d); alone +11.2
            // ± 33.6 (400 games).
            if !pv_node
                && !threatened
                && !forcing
                && depth <= tune::lmp_max_depth()
                && best > -WIN_BOUND
                && n as i32 >= (tune::lmp_base() + depth * depth) / (2 - improving as i32)
            {
                if quiet {
                    break;
                }
                continue;
            }
            // History pruning: see HISTORY_PRUNE_DEPTH.
            if quiet
                && !pv_node
                && n > 0
                && depth <= tune::history_prune_depth()
                && best > -WIN_BOUND
                && self.history[i][me.index()] < -tune::history_prune_margin() * depth
            {
                // Marked as not searched: no malus for it (`reward`).
                list[n].1 = PRUNED;
                continue;
            }
            // Where late-move reductions may apply at all.
            let may_reduce = depth >= 2 && n >= tune::lmr_min_moves();
            // A four that does not defend against the opponent's open three only delays the
            // defence (the opponent blocks and its three is still there): it is reduced like a
            // quiet move instead of never, about +11 ± 17 over 1,600 games (891ea2e); with
            // the move-count pruning of threat moves see above. Asked (before the move: the
            // test reads this position) only where LMR may apply.
            let delaying =
                threatened && forcing && may_reduce && !super::moves::is_defence(&mut self.pos, i);
            if depth > 1 {
                // The child will probe the table (at depth 1 it is a horizon node, which
                // does not): its bucket is fetched while the move is made.
                self.tt.prefetch(self.pos.board.hash_after(i));
            }
            // Our four-three and double-three points before the move: a quiet move after which
            // we have more (a setup move: it threatens to win next move) is reduced LMR_SETUP
            // less, about +17 ± 12 over 1,850 games (337533e).
            let points = (quiet && may_reduce).then(|| win_threat_points(&self.pos, me));
            let attack = is_attack(&self.pos, i, me);
            self.attacks[ply] = attack;
            if excluded == 0 {
                let kind = if forcing {
                    MoveKind::Four
                } else if attack {
                    MoveKind::Three
                } else {
                    MoveKind::Other
                };
                stats::searched(threatened, depth, kind);
            }
            // A threat right after our own threat two plies up (a continued attack; the root's
            // move does not count) is reduced LMR_CONTINUED less: about +15 ± 10 over 2,541
            // games (179acf1).
            let continued = !threatened && attack && ply >= 2 && self.attacks[ply - 2];
            self.pos.make(i);
            let s = if n == 0 {
                let ext = (singular && m == tt_move) as i32;
                -self.search(depth - 1 + ext, -beta, -alpha, ply + 1, pv_node)
            } else {
                // Threat moves (an open three made or stopped) are reduced LMR_THREAT less,
                // delaying fours like quiet moves, other fours and defences against an open
                // three not at all; a quiet move that gives us a new four-three or
                // double-three point (a threat to win next move) LMR_SETUP less (the terms:
                // params.rs).
                let reducible = quiet || delaying || (!threatened && !forcing && lmr(depth, n) > 1);
                let setup =
                    points.is_some_and(|p| adds_win_threat(p, win_threat_points(&self.pos, me)));
                let r = if reducible && may_reduce {
                    let mut r = lmr_base(depth, n);
                    if !quiet && !delaying {
                        r -= lmr_units(tune::lmr_threat());
                    }
                    if setup {
                        r -= lmr_units(tune::lmr_setup());
                    }
                    if continued {
                        r -= lmr_units(tune::lmr_continued());
                    }
                    if pv_node {
                        r -= lmr_units(tune::lmr_pv());
                    } else if !improving {
                        r += lmr_units(tune::lmr_not_improving());
                    }
                    if quiet {
                        // History: a quiet move that refuted elsewhere is reduced less (see
                        // LMR_HISTORY).
                        let h = self.history[i][me.index()] as i64;
                        r -=
                            (h * lmr_units(tune::lmr_history()) as i64 / HISTORY_MAX as i64) as i32;
                    }
                    lmr_round(r).clamp(0, depth - 1)
                } else {
                    0
                } + (busy && quiet) as i32;
                self.reductions[ply + 1] = r;
                let mut s = -self.search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
                self.reductions[ply + 1] = 0;
                if s > alpha && r > 0 {
                    s = -self.search(depth - 1, -alpha - 1, -alpha, ply + 1, false);
                }
                if s > alpha && s < beta {
                    s = -self.search(depth - 1, -beta, -alpha, ply + 1, true);
                }
                s
            };
            self.pos.undo();
            if self.aborted {
                break;
            }
            tried = n + 1;
            if s > best {
                best = s;
                best_move = m;
                best_rank = n;
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        cut = Some((n, m == tt_move));
                        self.reward(ply, &list, n, n, depth, threatened, excluded);
                        break;
                    }
                }
            }
        }
        if cut.is_none() && !self.aborted && best > alpha_orig {
            // An exact node: its best move is rewarded as a cut-off's, the statistics not
            // only updated at a cut-off: about +15 ± 12 over 1,902 games (fb61f4a).
            self.reward(ply, &list, best_rank, tried, depth, threatened, excluded);
        }
        self.lists[ply] = list;
        if owned {
            if let Some(c) = self.crumbs {
                c.leave(key);
            }
        }
        if self.aborted {
            return 0;
        }
        if excluded == 0 {
            let tt_cut = (tt_move != 0).then(|| cut.is_some_and(|c| c.1));
            stats::loop_done(threatened, depth, cut.map(|c| c.0), tt_cut);
        }
        if excluded != 0 {
            // A singular-extension probe: its result is not this position's value.
            return best;
        }
        let bound = if best >= beta {
            BOUND_LOWER
        } else if best > alpha_orig {
            BOUND_EXACT
        } else {
            BOUND_UPPER
        };
        self.tt
            .store(key, best_move, to_tt(best, ply_i), depth, bound);
        best
    }

    /// The statistics of a node whose move `list[best]` cut off or was the best of an exact
    /// node: history with gravity, where the best move gains and
    /// the moves of its kind among `list[..tried]` (other than it) lose; killers and the
    /// counter move for a quiet best move. A singular probe's excluded move was not searched
    /// there and is left alone.
    #[allow(clippy::too_many_arguments)]
    fn reward(
        &mut self,
        ply: usize,
        list: &[(u16, i32)],
        best: usize,
        tried: usize,
        depth: i32,
        threatened: bool,
        excluded: u16,
    ) {
        let me = self.pos.side();
        let m = list[best].0;
        let i = m as usize;
        let bonus = (depth * depth * tune::history_scale()).min(HISTORY_MAX / 4);
        let others = list[..tried]
            .iter()
            .enumerate()
            .filter(|&(k, &(q, s))| k != best && s != PRUNED && q != excluded)
            .map(|(_, &(q, _))| q as usize);
        let quiet = !threatened && is_quiet(&self.pos, i, me);
        if quiet {
            let k = &mut self.killers[ply];
            if k[0] != m {
                k[1] = k[0];
                k[0] = m;
            }
            if let Some(l) = self.pos.board.last_move() {
                self.counters[l][me.index()] = m;
            }
        }
        if quiet {
            update_history(&mut self.history[i][me.index()], bonus);
            for q in others.clone() {
                if !threatened && is_quiet(&self.pos, q, me) {
                    update_history(&mut self.history[q][me.index()], -bonus);
                }
            }
        }
        // Threat moves: the attack history (Rapfi's `HIST_ATTACK`), which orders our threat
        // moves (`fill`) and only threat moves update: +11.6 ± 11.2 by pairs (2,000 games,
        // c5014da).
        let slot = 2 + me.index();
        if is_attack(&self.pos, i, me) {
            update_history(&mut self.history[i][slot], bonus);
        }
        for q in others {
            if is_attack(&self.pos, q, me) {
                update_history(&mut self.history[q][slot], -bonus);
            }
        }
    }

    /// The moves of the node at `ply`, unordered, into `list` (see [`fill`]).
    fn fill_list(&mut self, ply: usize, list: &mut Vec<(u16, i32)>, killers: [u16; 3], tt: u16) {
        let mut buf = std::mem::take(&mut self.bufs[ply]);
        fill(&mut self.pos, &mut buf, list, &self.history, killers, tt);
        self.bufs[ply] = buf;
    }

    /// Late-move reduction of root move `i`, the `n`-th in order: quiet moves only (no
    /// threat for either side), after the first ROOT_LMR_MIN_MOVES, LMR_ROOT plies less
    /// than the table's reduction.
    pub fn root_reduction(&self, i: usize, depth: i32, n: usize) -> i32 {
        if is_quiet(&self.pos, i, self.pos.side()) && depth >= 3 && n >= tune::root_lmr_min_moves()
        {
            lmr_round(lmr_base(depth, n) - lmr_units(tune::lmr_root())).clamp(0, depth - 2)
        } else {
            0
        }
    }

    /// Plies to a win for `me` (to move) that the threat counts prove without search, if
    /// any. The opponent has no five-point here (the caller checked), so:
    /// * an open four or double four wins in 3 (the opponent can stop one five-point only,
    ///   and a four of its own comes too late);
    /// * a four-three wins in 5 when the forced block of the four makes no four for the
    ///   opponent (the block is on the four's line, so the three stays open);
    /// * a double open three wins in 5 when the opponent can make neither a four nor an
    ///   open four.
    ///
    /// Renju black's combinations may be forbidden: only its open four is trusted, after the
    /// exact check.
    fn static_win(&mut self, me: Color) -> Option<i32> {
        let opp = me.opp();
        if self.pos.has_open_four_point(me) {
            return Some(3);
        }
        if self.pos.rule().has_fouls(me) {
            return None;
        }
        let e = &self.pos.eval;
        // Asked only where a combination needs it (most nodes have none): the set's emptiness
        // is a pass over all its words.
        let opp_fours = || !e.cells(opp, Threat::Four).is_empty();
        if e.count(me, Combo::Block4Flex3) > 0 {
            if !opp_fours() {
                return Some(5);
            }
            // Play each four-three and look at the block.
            let mut cells = [0u16; 8];
            let mut n = 0;
            for i in e.cells(me, Threat::Four).iter() {
                if e.combo(i, me) == Combo::Block4Flex3 && n < cells.len() {
                    cells[n] = i as u16;
                    n += 1;
                }
            }
            for &c in &cells[..n] {
                self.pos.make(c as usize);
                let block = first_with(&self.pos, me, Threat::Five);
                let safe = block.is_some_and(|b| !makes_four(&self.pos, b, opp));
                self.pos.undo();
                if safe {
                    return Some(5);
                }
            }
        }
        let e = &self.pos.eval;
        if e.count(me, Combo::DoubleFlex3) > 0
            && e.cells(opp, Threat::Four).is_empty()
            && e.cells(opp, Threat::Flex4).is_empty()
        {
            return Some(5);
        }
        None
    }

    /// The horizon: the side to move stands pat on the static score or makes fours (a VCF
    /// search, the opponent's forced block handled at its node). `depth` counts down from 0
    /// with each attacking four. Plain fours are tried in the first two levels only, then
    /// only fours that also make a three or more.
    fn quiesce(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        let me = self.pos.side();
        let stand = self.pos.evaluate();
        if stand >= beta || depth <= -QUIESCE_FOURS {
            return stand;
        }
        if QUIESCE_DELTA > 0
            && beta - alpha == 1
            && stand + (QUIESCE_DELTA + QUIESCE_DELTA_LEVEL * depth).max(QUIESCE_DELTA_MIN) < alpha
        {
            return alpha;
        }
        let mut fours = std::mem::take(&mut self.qbufs[ply]);
        fours.clear();
        let plain_ok = depth > -QUIESCE_PLAIN_LEVELS;
        // Our previous stone: fours are looked for around it only (a VCF grows where it started).
        let moves = self.pos.board.moves();
        let anchor = (moves.len() >= 2).then(|| moves[moves.len() - 2] as usize);
        for i in self.pos.eval.cells(me, Threat::Four).iter() {
            let c = self.pos.eval.combo(i, me);
            if c == Combo::Block4 && !plain_ok {
                continue;
            }
            if let Some(a) = anchor {
                if !near_line(a, i) {
                    continue;
                }
            }
            fours.push((c as i32 * 0x10000 + self.pos.eval.value(i, me), i as u16));
        }
        // Stronger combinations first, then the cell's value; ties by index (deterministic).
        fours.sort_unstable_by_key(|&(v, i)| (std::cmp::Reverse(v), i));
        let mut best = stand;
        alpha = alpha.max(stand);
        for &(_, m) in fours.iter() {
            let i = m as usize;
            if self.pos.is_foul(me, i) {
                continue;
            }
            self.pos.make(i);
            let s = -self.search(depth - 1, -beta, -alpha, ply + 1, false);
            self.pos.undo();
            if self.aborted {
                break;
            }
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    if s >= beta {
                        break;
                    }
                }
            }
        }
        self.qbufs[ply] = fours;
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::tt::BOUND_NONE;

    #[test]
    fn tt_score_corrects_the_static_score_only_in_its_bound_direction() {
        // A lower bound above the static score raises it; below it says nothing.
        assert_eq!(tt_corrected(100, Some((250, 5, BOUND_LOWER))), 250);
        assert_eq!(tt_corrected(100, Some((50, 5, BOUND_LOWER))), 100);
        // An upper bound below the static score lowers it; above it says nothing.
        assert_eq!(tt_corrected(100, Some((-40, 5, BOUND_UPPER))), -40);
        assert_eq!(tt_corrected(100, Some((300, 5, BOUND_UPPER))), 100);
        // An exact score replaces it either way.
        assert_eq!(tt_corrected(100, Some((300, 5, BOUND_EXACT))), 300);
        assert_eq!(tt_corrected(100, Some((-300, 5, BOUND_EXACT))), -300);
        // No entry, no bound, or a win/loss score: the static score stands.
        assert_eq!(tt_corrected(100, None), 100);
        assert_eq!(tt_corrected(100, Some((300, 5, BOUND_NONE))), 100);
        assert_eq!(tt_corrected(100, Some((WIN - 7, 5, BOUND_EXACT))), 100);
        assert_eq!(tt_corrected(100, Some((-(WIN - 7), 5, BOUND_EXACT))), 100);
    }

    /// Reductions summed in fractions of a ply round as whole plies did: with whole-ply
    /// terms the reduction is the old table's entry plus the terms, for every depth and
    /// move number (except where the formula lies within a unit of a half ply, which the
    /// units may round either way); half a ply rounds up, and a fraction moves the result
    /// only across a half.
    #[test]
    fn fractional_reductions_round_as_whole_plies_did() {
        let divisor = tune::lmr_divisor();
        for d in 1..64i32 {
            for n in 1..64usize {
                let v = (d as f64).ln() * ((n + 1) as f64).ln() / divisor;
                let whole = (v + 0.5).clamp(0.0, 60.0) as i32;
                if ((v + 0.5) - (v + 0.5).round()).abs() * LMR_UNIT as f64 <= 1.0 {
                    continue;
                }
                assert_eq!(lmr(d, n), whole, "depth {d}, move {n}");
                for k in [-2, -1, 1, 2] {
                    let units = lmr_base(d, n) + lmr_units(k as f64);
                    assert_eq!(lmr_round(units), whole + k, "depth {d}, move {n}, {k}");
                }
            }
        }
        assert_eq!(lmr(0, 5), 0);
        assert_eq!(lmr(5, 0), 0);
        assert_eq!(lmr_round(lmr_units(0.5)), 1);
        assert_eq!(lmr_round(lmr_units(0.49)), 0);
        assert_eq!(lmr_round(lmr_units(-0.49)), 0);
        assert_eq!(lmr_round(lmr_units(-0.51)), -1);
        assert_eq!(lmr_round(lmr_units(2.3) - lmr_units(0.75)), 2);
    }
}
