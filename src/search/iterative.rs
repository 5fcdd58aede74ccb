//! Iterative deepening at the root, the root's threat prelude, and the stopping rules of the
//! time manager.
//!
//! `think` first asks `Worker::root_moves` (`root.rs`) whether the move is settled (a five, a
//! forced block, an open four, a single candidate). Then the threat prelude, each step on a
//! share of the move's budget (of its time or of its node limit): our VCF wins at once; if the
//! opponent has a VCF, only the root moves after which it has none stay (one left is played
//! at once); where the opponent has none and the move may take at least VCT_MIN_TIME, a VCT
//! for us is played at once.
//!
//! `deepen` then searches depth 1, 2, ... with `root::aspirated`, with the helper threads of
//! `threads.rs` alongside when there are any (Lazy SMP: they share only the table, and a helper
//! that completes a deeper iteration supplies the answer). It stops at a proven result, at the
//! depth limit, at the node limit, or by the time manager's rule (`timeman.rs`,
//! `Budget::stop_after`), asked after each iteration with the search's course: the depth, the
//! depth at which the best move last changed, the score, and the main thread's root best-move
//! changes (`Worker::root_changes`, a sum halved before each iteration). With no match clock it
//! uses the whole per-move limit, since an unfinished iteration still improves the move; under
//! an ample clock it stops past the optimum; otherwise past the optimum scaled by how the score
//! moved since our previous move's search and how settled the best move is. The hard deadline
//! aborts a search in progress, except that the first iteration may run a little past it
//! (`alphabeta.rs`, FIRST_ITERATION_GRACE) so that there is always a move. A search other than
//! a ponder search leaves its score and its stable-move divisor for the next one
//! (`MoveStats::last_search`).
//!
//! `think_excluding` searches with some root moves left out (Yixin-Board's `yxblock`) or for
//! several lines (multi-PV): no shortcut, no prelude, every remaining move searched.

use super::alphabeta::{MoveStats, Worker};
use super::crumbs::Crumbs;
use super::position::Position;
use super::root::{aspirated, search_root_multi};
use super::threads::Helpers;
use super::timeman::{self, Course, LastSearch};
use super::tt::{TranspositionTable, WIN, WIN_BOUND};
use super::{Iteration, Limits, PvLine, SearchResult};
use crate::game::pos::Pos;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The root VCT runs only when a move may take at least this long. At 1 s a move the optimum
/// is 938 ms (`timeman::margin`), so it does not run at 1 s a move. With 900 ms here
/// (8871fec): 4 self-play games at 1 s, 71 searched moves, the VCT about 13 ms a move
/// on average (18 moves 10 to 98 ms, the rest under 5) and 2 wins proven; not measured in games.
const VCT_MIN_TIME: std::time::Duration = std::time::Duration::from_millis(1000);
/// Threes the root VCT may use.
const ROOT_VCT_THREES: i32 = 3;
/// Score of a proven VCT win whose length is not counted.
pub const VCT_WIN: i32 = WIN - 999;
/// Attacking fours the root VCF may use.
const ROOT_VCF_DEPTH: i32 = 40;
/// Root moves checked against an opponent VCF.
const MAX_DEFENCE_CHECKS: usize = 40;

/// Searches `pos` for the side to move. `report` is called after each completed depth.
pub fn think(
    pos: Position,
    tt: &TranspositionTable,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Iteration),
) -> SearchResult {
    think_excluding(
        pos,
        tt,
        limits,
        stop,
        report,
        &[],
        &mut MoveStats::default(),
    )
}

/// Like `think`, but the root may not play the cells in `excluded` (Yixin-Board's
/// `yxblock`). With exclusions, and for multi-PV analysis, the root takes no shortcut (no
/// move played at once because it wins or is forced, no threat prelude): it searches every
/// remaining move, so an analysis has its lines; if none is legal it plays an excluded one.
pub fn think_excluding(
    pos: Position,
    tt: &TranspositionTable,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Iteration),
    excluded: &[u16],
    stats: &mut MoveStats,
) -> SearchResult {
    if excluded.is_empty() && limits.multipv <= 1 {
        return think_all(pos, tt, limits, stop, report, stats);
    }
    tt.new_search();
    let crumbs = (limits.threads > 1).then(Crumbs::default);
    let mut w = Worker::new(pos, tt, stop, limits.deadline(), limits.max_nodes);
    w.crumbs = crumbs.as_ref();
    let mut root = w.root_list();
    root.retain(|m| !excluded.contains(m));
    let allowed: Vec<u16> = w
        .pos
        .board
        .all_cells()
        .filter(|&i| w.pos.is_legal(i) && !excluded.contains(&(i as u16)))
        .map(|i| i as u16)
        .collect();
    // A few squares left (all but a handful excluded): every one of them is searched, also
    // those the generator would not offer (a far square).
    if root.is_empty() || allowed.len() <= 16 {
        let (mut first, rest): (Vec<u16>, Vec<u16>) =
            allowed.into_iter().partition(|m| root.contains(m));
        first.sort_by_key(|m| root.iter().position(|r| r == m));
        first.extend(rest);
        root = first;
    }
    if root.is_empty() {
        return think_all(w.pos, tt, limits, stop, report, stats);
    }
    w.may_abort = false;
    stats.lend(&mut w);
    deepen_with_helpers(&mut w, tt, root, limits, report, stats)
}

fn think_all(
    pos: Position,
    tt: &TranspositionTable,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Iteration),
    stats: &mut MoveStats,
) -> SearchResult {
    tt.new_search();
    let deadline = limits.deadline();
    let crumbs = (limits.threads > 1).then(Crumbs::default);
    let mut w = Worker::new(pos, tt, stop, deadline, limits.max_nodes);
    w.crumbs = crumbs.as_ref();
    stats.lend(&mut w);
    let elapsed = || limits.start.elapsed();

    let mut root = match w.root_moves(limits.multipv > 1) {
        Ok((m, score)) => return decided(&[m], score, w.nodes, elapsed()),
        Err(list) => list,
    };
    if limits.ponder || limits.multipv > 1 {
        // Pondering: the threat prelude cannot be interrupted, and the real search redoes
        // it anyway. Multi-PV: the prelude answers with one line, analysis wants several.
        w.may_abort = limits.ponder;
        return deepen_with_helpers(&mut w, tt, root, limits, report, stats);
    }

    // Threat-space search at the root: our own VCF wins outright; an opponent VCF
    // restricts us to the moves that break it.
    // Budgets: about an eighth of the move's time for our VCF, a third for defence checks,
    // a tenth for the VCT; under a node limit (`INFO max_node`) the same shares of it, so
    // that the prelude cannot spend the whole limit and leave the search one iteration.
    // (Before: with `max_node 20000` and a long turn, 8 of 12 middle-game positions of
    // Wuzi's games spent 170k to 1.3M nodes here and searched to depth 1.)
    let budget_ms = limits.budget.optimum.as_millis() as u64;
    let share = |part: u64| limits.max_nodes / part;
    let vcf_nodes = (budget_ms * 100).clamp(2_000, 1_000_000).min(share(8));
    let vcf_deadline = limits.start + limits.budget.optimum / 8;
    if let Some((n, line)) = w.vcf_line(ROOT_VCF_DEPTH, vcf_nodes, vcf_deadline) {
        if !line.is_empty() {
            let r = decided(&line, WIN - n, w.nodes, elapsed());
            report(&r.as_iteration(n));
            return r;
        }
    }
    let defence_stop = w.nodes.saturating_add(share(3));
    let threatened = defend_vcf(
        &mut w,
        &root,
        vcf_nodes,
        limits.start + limits.budget.optimum / 3,
        defence_stop,
    );
    if threatened.is_none() && limits.budget.optimum >= VCT_MIN_TIME {
        // No opponent VCF: a win by threes and fours (VCT) is safe to play at once. Only with
        // time to spare: at 200 ms a move its cost in depth outweighed what it found
        // (-41 +/- 54 Elo over 161 games).
        let deadline = limits.start + limits.budget.optimum / 10;
        let node_stop = w.nodes.saturating_add(share(10));
        for threes in 1..=ROOT_VCT_THREES {
            let nodes = vcf_nodes.min(node_stop.saturating_sub(w.nodes));
            if nodes == 0 {
                break;
            }
            if let Some(m) = w.vct_first(threes, nodes, deadline) {
                let r = decided(&[m], VCT_WIN, w.nodes, elapsed());
                report(&r.as_iteration(0));
                return r;
            }
            if Instant::now() >= deadline {
                break;
            }
        }
    }
    if let Some(safe) = threatened {
        if safe.len() == 1 {
            return decided(&safe, 0, w.nodes, elapsed());
        }
        if !safe.is_empty() {
            root = safe;
        }
    }

    deepen_with_helpers(&mut w, tt, root, limits, report, stats)
}

/// Iterative deepening over `root`, with `limits.threads - 1` helper threads.
fn deepen_with_helpers(
    w: &mut Worker,
    tt: &TranspositionTable,
    root: Vec<u16>,
    limits: &Limits,
    report: &mut dyn FnMut(&Iteration),
    stats: &mut MoveStats,
) -> SearchResult {
    if limits.threads <= 1 {
        return deepen(w, root, limits, report, None, stats);
    }
    // Lazy SMP: helpers search the same root on their own copies, sharing only the
    // table; the main thread keeps the clock and gives the answer.
    let deadline = limits.deadline();
    let helpers = Helpers::new();
    let r = std::thread::scope(|s| {
        for id in 1..limits.threads {
            helpers.spawn(
                s,
                id,
                &w.pos,
                tt,
                w.crumbs,
                &root,
                deadline,
                limits.max_depth,
            );
        }
        // Stop the helpers however deepen ends: the scope joins them, and a panic here
        // must not leave it waiting for helpers that only stop at their deadline.
        let _stop = helpers.stop_on_drop();
        deepen(w, root, limits, report, Some(&helpers), stats)
    });
    // The helpers have all been joined: count every node they searched.
    SearchResult {
        nodes: w.nodes + helpers.nodes(),
        ..r
    }
}

/// Iterative deepening over `root` on the main thread; `helpers` (if any) search alongside.
/// The worker's move statistics go back to `stats` when it ends.
fn deepen(
    w: &mut Worker,
    mut root: Vec<u16>,
    limits: &Limits,
    report: &mut dyn FnMut(&Iteration),
    helpers: Option<&Helpers>,
    stats: &mut MoveStats,
) -> SearchResult {
    let elapsed = || limits.start.elapsed();
    let all_nodes = |w: &Worker| w.nodes + helpers.map_or(0, |h| h.nodes());
    let mut best = root[0];
    let mut best_score: i32 = 0;
    let mut best_depth = 0;
    let mut best_pv = vec![best];
    let mut scores = vec![0i32; root.len()];
    let max_depth = limits.max_depth.clamp(1, 100);
    let mut course = Course {
        depth: 0,
        changed_at: 0,
        score: 0,
        side: w.pos.side().index(),
        changes: 0.0,
    };
    let mut stable_divisor = 1.0;
    let multipv = limits.multipv.clamp(1, root.len());
    let mut lines: Vec<Vec<u16>> = vec![Vec::new(); root.len()];
    let mut best_lines: Vec<PvLine> = Vec::new();
    w.root_watch = limits.root_watch.clone();

    for depth in 1..=max_depth {
        if let Some(h) = helpers {
            h.main_at(depth);
        }
        course.changes *= timeman::CHANGES_DECAY;
        w.root_changes = 0;
        let (score, iter_best) = if multipv > 1 {
            search_root_multi(w, &mut root, &mut scores, &mut lines, depth, multipv)
        } else {
            aspirated(w, &mut root, &mut scores, depth, best_score)
        };
        if w.aborted {
            // A move that beat the previous best in the unfinished iteration is still an improvement.
            if let Some((m, s)) = iter_best {
                if m != best && s > best_score {
                    best = m;
                    best_score = s;
                    best_pv = w.pv[0].clone();
                }
            }
            break;
        }
        if depth == 1 || root[0] != best {
            course.changed_at = depth;
        }
        course.depth = depth;
        course.score = score;
        course.changes += f64::from(w.root_changes);
        best = root[0];
        best_score = score;
        best_depth = depth;
        best_pv = w.pv[0].clone();
        if best_pv.first() != Some(&best) {
            best_pv = vec![best];
        }
        w.may_abort = true;
        if multipv > 1 {
            best_lines = (0..multipv)
                .map(|k| PvLine {
                    score: scores[k],
                    pv: if lines[k].first() == Some(&root[k]) {
                        to_pos(&lines[k])
                    } else {
                        to_pos(&root[k..=k])
                    },
                })
                .collect();
        }
        report(&Iteration {
            depth,
            seldepth: w.seldepth,
            score,
            nodes: all_nodes(w),
            elapsed: elapsed(),
            pv: to_pos(&best_pv),
            lines: best_lines.clone(),
        });

        // A proven result needs no deeper look.
        if score.abs() > WIN_BOUND && WIN - score.abs() <= depth {
            break;
        }
        // The time manager's stop rule (`timeman.rs`). With no match clock to save for the
        // search goes on until the deadline: an unfinished iteration still improves the
        // move. Self-play at 100 ms/move: +4.3 +/- 33.9 Elo (400 games) against stopping at
        // 55 % of the limit when settled, 90 % when not.
        let (soft, divisor) = limits.budget.stop_after(&course, &stats.last_search);
        stable_divisor = divisor;
        if elapsed() >= soft || w.nodes >= limits.max_nodes {
            break;
        }
        w.poll();
        if w.aborted {
            break;
        }
    }
    if best_pv.first() != Some(&best) {
        best_pv = vec![best];
    }
    if let Some(h) = helpers {
        h.stop();
        // A helper that completed a deeper iteration knows more than we do (with one line).
        if let Some(d) = h.deepest().filter(|d| d.depth > best_depth && multipv == 1) {
            best_depth = d.depth;
            best_score = d.score;
            best_pv = d.pv;
        }
    }
    stats.take_back(w);
    // A ponder search is for the opponent's side and on no clock: it leaves nothing.
    if !limits.ponder && best_depth > 0 {
        stats.last_search = LastSearch {
            score: Some((course.side, best_score)),
            stable_divisor,
        };
    }
    let pv = to_pos(&best_pv);
    SearchResult {
        best: pv[0],
        score: best_score,
        depth: best_depth,
        nodes: all_nodes(w),
        elapsed: elapsed(),
        pv,
        lines: best_lines,
    }
}

fn to_pos(line: &[u16]) -> Vec<Pos> {
    line.iter().map(|&m| Pos::from_idx(m as usize)).collect()
}

/// A result settled before any iteration (forced move, proven win, only defence): `line`
/// starts with the move to play and is not empty.
fn decided(line: &[u16], score: i32, nodes: u64, elapsed: Duration) -> SearchResult {
    let pv = to_pos(line);
    SearchResult {
        best: pv[0],
        score,
        depth: 0,
        nodes,
        elapsed,
        pv,
        lines: Vec::new(),
    }
}

/// If the opponent has a VCF, the root moves after which it has none (in their order);
/// `None` when there is no threat.
fn defend_vcf(
    w: &mut Worker,
    root: &[u16],
    budget: u64,
    deadline: Instant,
    node_stop: u64,
) -> Option<Vec<u16>> {
    let me = w.pos.side();
    w.pos.board.set_side_to_move(me.opp());
    let threat = w.vcf_line(ROOT_VCF_DEPTH, budget, deadline);
    w.pos.board.set_side_to_move(me);
    threat?;
    let per_move = (budget / 8).max(1_000);
    let mut safe = Vec::new();
    for (k, &m) in root.iter().enumerate() {
        // Unchecked moves (out of time or beyond the limit) are kept: the search judges them.
        if k >= MAX_DEFENCE_CHECKS || Instant::now() >= deadline || w.nodes >= node_stop {
            safe.push(m);
            continue;
        }
        w.pos.make(m as usize);
        let refuted = w.vcf_line(ROOT_VCF_DEPTH, per_move, deadline).is_some();
        w.pos.undo();
        if !refuted {
            safe.push(m);
        }
    }
    Some(safe)
}
