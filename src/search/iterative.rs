//! Iterative deepening with aspiration windows at the root, and the stopping rules
//! of the time manager (soft optimum, hard maximum, early exit on forced moves and wins).

use super::alphabeta::Worker;
use super::position::Position;
use super::tt::{TranspositionTable, WIN, WIN_BOUND};
use super::{Iteration, Limits, SearchResult};
use crate::game::pos::Pos;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

const ASPIRATION: i32 = 60;
/// A fall in score (from one depth to the next) that earns more thinking time.
const SCORE_DROP: i32 = 80;
/// The root VCT runs only when a move may take at least this long.
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
    tt: &mut TranspositionTable,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Iteration),
) -> SearchResult {
    tt.new_search();
    let deadline = limits.start + limits.budget.maximum;
    let mut w = Worker::new(pos, tt, stop, deadline, limits.max_nodes);
    let elapsed = || limits.start.elapsed();

    let mut root = match w.root_moves() {
        Ok((m, score)) => return decided(&[m], score, w.nodes, elapsed()),
        Err(list) => list,
    };

    // Threat-space search at the root: our own VCF wins outright; an opponent VCF
    // restricts us to the moves that break it.
    // Budgets: about an eighth of the move's time for our VCF, a third for defence checks.
    let budget_ms = limits.budget.optimum.as_millis() as u64;
    let vcf_nodes = (budget_ms * 100).clamp(2_000, 1_000_000);
    let vcf_deadline = limits.start + limits.budget.optimum / 8;
    if let Some((n, line)) = w.vcf_line(ROOT_VCF_DEPTH, vcf_nodes, vcf_deadline) {
        if !line.is_empty() {
            let r = decided(&line, WIN - n, w.nodes, elapsed());
            report(&r.as_iteration(n));
            return r;
        }
    }
    let threatened = defend_vcf(
        &mut w,
        &root,
        vcf_nodes,
        limits.start + limits.budget.optimum / 3,
    );
    if threatened.is_none() && limits.budget.optimum >= VCT_MIN_TIME {
        // No opponent VCF: a win by threes and fours (VCT) is safe to play at once. Only with
        // time to spare: at 200 ms a move its cost in depth outweighed what it found
        // (-41 +/- 54 Elo over 161 games).
        let deadline = limits.start + limits.budget.optimum / 10;
        for threes in 1..=ROOT_VCT_THREES {
            if let Some(m) = w.vct_first(threes, vcf_nodes, deadline) {
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

    let mut best = root[0];
    let mut best_score: i32 = 0;
    let mut best_depth = 0;
    let mut best_pv = vec![best];
    let mut scores = vec![0i32; root.len()];
    let max_depth = limits.max_depth.clamp(1, 100);
    let mut changes = 0;

    for depth in 1..=max_depth {
        let (mut lo, mut hi) = if depth >= 5 && best_score.abs() < WIN_BOUND {
            (best_score - ASPIRATION, best_score + ASPIRATION)
        } else {
            (-WIN, WIN)
        };
        let mut delta = ASPIRATION;
        let (score, iter_best) = loop {
            let (score, iter_best) = search_root(&mut w, &mut root, &mut scores, depth, lo, hi);
            if w.aborted {
                break (score, iter_best);
            }
            if score <= lo && lo > -WIN {
                lo = (lo - delta).max(-WIN);
                delta *= 3;
            } else if score >= hi && hi < WIN {
                hi = (hi + delta).min(WIN);
                delta *= 3;
            } else {
                break (score, iter_best);
            }
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
        if root[0] != best {
            changes += 1;
        }
        best = root[0];
        let dropped = depth > 4 && score < best_score - SCORE_DROP;
        best_score = score;
        best_depth = depth;
        best_pv = w.pv[0].clone();
        if best_pv.first() != Some(&best) {
            best_pv = vec![best];
        }
        w.may_abort = true;
        report(&Iteration {
            depth,
            seldepth: w.seldepth,
            score,
            nodes: w.nodes,
            elapsed: elapsed(),
            pv: best_pv.iter().map(|&m| Pos::from_idx(m as usize)).collect(),
        });

        // A proven result needs no deeper look.
        if score.abs() > WIN_BOUND && WIN - score.abs() <= depth {
            break;
        }
        // Stop when the next iteration would likely not finish in time; allow more
        // when the best move has just changed or the score has just fallen.
        let unsettled = (changes > 0 && depth > 4) || dropped;
        let soft = limits
            .budget
            .optimum
            .mul_f64(if unsettled { 0.9 } else { 0.55 });
        if elapsed() >= soft || w.nodes >= limits.max_nodes {
            break;
        }
        changes = 0;
        w.poll();
        if w.aborted {
            break;
        }
    }
    let best_pos = Pos::from_idx(best as usize);
    let pv = best_pv.iter().map(|&m| Pos::from_idx(m as usize)).collect();
    SearchResult {
        best: best_pos,
        score: best_score,
        depth: best_depth,
        nodes: w.nodes,
        elapsed: elapsed(),
        pv,
    }
}

/// A result settled before any iteration (forced move, proven win, only defence): `line`
/// starts with the move to play and is not empty.
fn decided(line: &[u16], score: i32, nodes: u64, elapsed: Duration) -> SearchResult {
    let pv: Vec<Pos> = line.iter().map(|&m| Pos::from_idx(m as usize)).collect();
    SearchResult {
        best: pv[0],
        score,
        depth: 0,
        nodes,
        elapsed,
        pv,
    }
}

/// If the opponent has a VCF, the root moves after which it has none (in their order);
/// `None` when there is no threat.
fn defend_vcf(w: &mut Worker, root: &[u16], budget: u64, deadline: Instant) -> Option<Vec<u16>> {
    let me = w.pos.side();
    w.pos.board.set_side_to_move(me.opp());
    let threat = w.vcf_line(ROOT_VCF_DEPTH, budget, deadline);
    w.pos.board.set_side_to_move(me);
    threat?;
    let per_move = (budget / 8).max(1_000);
    let mut safe = Vec::new();
    for (k, &m) in root.iter().enumerate() {
        // Unchecked moves (out of time or beyond the limit) are kept: the search judges them.
        if k >= MAX_DEFENCE_CHECKS || Instant::now() >= deadline {
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

/// One root iteration. Reorders `root` best-first. Returns the score and, if aborted,
/// the best fully searched move of this iteration.
fn search_root(
    w: &mut Worker,
    root: &mut [u16],
    scores: &mut [i32],
    depth: i32,
    mut alpha: i32,
    beta: i32,
) -> (i32, Option<(u16, i32)>) {
    let mut best = -WIN;
    let mut best_move: Option<(u16, i32)> = None;
    w.seldepth = 0;
    for (n, &m) in root.iter().enumerate() {
        let i = m as usize;
        w.pos.make(i);
        let mut s;
        if n == 0 {
            s = -w.search(depth - 1, -beta, -alpha, 1, true);
        } else {
            s = -w.search(depth - 1, -alpha - 1, -alpha, 1, false);
            if s > alpha && s < beta && !w.aborted {
                s = -w.search(depth - 1, -beta, -alpha, 1, true);
            }
        }
        w.pos.undo();
        if w.aborted {
            break;
        }
        scores[n] = s;
        if s > best {
            best = s;
            best_move = Some((m, s));
            if s > alpha {
                alpha = s;
                let (head, tail) = w.pv.split_at_mut(1);
                head[0].clear();
                head[0].push(m);
                head[0].extend_from_slice(&tail[0]);
            }
            if s >= beta {
                break;
            }
        } else if n > 0 {
            // Keep the old relative order of moves that failed low.
            scores[n] = scores[n].min(alpha - 1);
        }
    }
    if !w.aborted {
        // Stable sort: best move first, the rest by their (bound) scores.
        let mut order: Vec<(u16, i32)> = root.iter().copied().zip(scores.iter().copied()).collect();
        if let Some((bm, _)) = best_move {
            order.sort_by_key(|&(m, s)| if m == bm { i32::MIN } else { -s });
        }
        for (k, (m, s)) in order.into_iter().enumerate() {
            root[k] = m;
            scores[k] = s;
        }
    }
    (best, best_move)
}
