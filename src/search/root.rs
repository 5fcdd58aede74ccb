//! One pass over the root moves, the root's move lists, and the root's threat searches.
//!
//! `aspirated` searches an iteration inside a window around the previous iteration's score
//! (half-width ASPIRATION from depth 5; a full window before), widening the side that failed
//! by a step that triples with each fail, until the score falls inside. `search_root` is the root's move loop: the
//! first move with the full window, the others with a null window and a late-move reduction
//! for quiet moves (`Worker::root_reduction`), searched again where they beat alpha; it
//! reorders the root moves best first for the next iteration (the best move, then the others
//! by their fail-soft bounds). `search_root_multi` finds exact scores for the best `k` moves
//! for multi-PV analysis.
//!
//! `Worker::root_moves` settles the root without search where it can (our five, the
//! opponent's five to block, our open four, a single candidate) and otherwise lists the
//! candidates in order; a lost root still plays the most resistant legal move.
//! `Worker::vcf_line` and `Worker::vct_first` run the solvers of `threat.rs` for the root's
//! threat prelude (`iterative.rs`).

use super::alphabeta::Worker;
use super::moves::{find_all, first_with, generate};
use super::threat::{Vcf, Vct};
use super::tt::{WIN, WIN_BOUND};
use super::tune::aspiration;
use super::RootEvent;
use crate::eval::evaluator::Threat;
use crate::game::pos::Pos;
use std::time::Instant;

/// One iteration inside an aspiration window around `previous`, widened until the score
/// falls inside it (or the search is aborted).
pub(super) fn aspirated(
    w: &mut Worker,
    root: &mut [u16],
    scores: &mut [i32],
    depth: i32,
    previous: i32,
) -> (i32, Option<(u16, i32)>) {
    let mut delta = aspiration();
    let (mut lo, mut hi) = if depth >= 5 && previous.abs() < WIN_BOUND {
        (previous - delta, previous + delta)
    } else {
        (-WIN, WIN)
    };
    loop {
        let (score, iter_best) = search_root(w, root, scores, depth, lo, hi);
        if w.aborted {
            return (score, iter_best);
        }
        if score <= lo && lo > -WIN {
            lo = (lo - delta).max(-WIN);
            delta *= 3;
        } else if score >= hi && hi < WIN {
            hi = (hi + delta).min(WIN);
            delta *= 3;
        } else {
            return (score, iter_best);
        }
    }
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
    w.set_root_eval();
    w.watch(RootEvent::Pass { depth });
    for (n, &m) in root.iter().enumerate() {
        let i = m as usize;
        let r = w.root_reduction(i, depth, n);
        w.watch(RootEvent::Start(Pos::from_idx(i)));
        w.pos.make(i);
        let mut s;
        if n == 0 {
            s = -w.search(depth - 1, -beta, -alpha, 1, true);
        } else {
            s = -w.search(depth - 1 - r, -alpha - 1, -alpha, 1, false);
            if s > alpha && r > 0 && !w.aborted {
                s = -w.search(depth - 1, -alpha - 1, -alpha, 1, false);
            }
            if s > alpha && s < beta && !w.aborted {
                s = -w.search(depth - 1, -beta, -alpha, 1, true);
            }
        }
        w.pos.undo();
        if w.aborted {
            break;
        }
        w.watch(RootEvent::Done(Pos::from_idx(i)));
        scores[n] = s;
        if s > best {
            best = s;
            best_move = Some((m, s));
            if s > alpha {
                if n > 0 {
                    w.root_changes += 1;
                }
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
            // A move that failed low (here s <= best <= alpha) is ranked by its (fail-soft)
            // bound, below alpha (Stockfish and Rapfi keep the previous order instead:
            // tried, see `tried.rs`).
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

/// One root iteration that finds exact scores for the best `k` moves (multi-PV): each
/// move is tested against the k-th best exact score so far and searched with an open
/// window when it beats it. Reorders `root`, `scores` and `lines` best-first.
pub(super) fn search_root_multi(
    w: &mut Worker,
    root: &mut [u16],
    scores: &mut [i32],
    lines: &mut [Vec<u16>],
    depth: i32,
    k: usize,
) -> (i32, Option<(u16, i32)>) {
    let mut top: Vec<i32> = Vec::with_capacity(k + 1);
    let mut best_move: Option<(u16, i32)> = None;
    w.seldepth = 0;
    w.set_root_eval();
    w.watch(RootEvent::Pass { depth });
    for (n, &m) in root.iter().enumerate() {
        let bar = (top.len() == k).then(|| top[k - 1]);
        w.watch(RootEvent::Start(Pos::from_idx(m as usize)));
        w.pos.make(m as usize);
        let s = match bar {
            None => -w.search(depth - 1, -WIN, WIN, 1, true),
            Some(bar) => {
                let s = -w.search(depth - 1, -bar - 1, -bar, 1, false);
                if s > bar && !w.aborted {
                    -w.search(depth - 1, -WIN, -bar, 1, true)
                } else {
                    s
                }
            }
        };
        w.pos.undo();
        if w.aborted {
            break;
        }
        w.watch(RootEvent::Done(Pos::from_idx(m as usize)));
        scores[n] = s;
        if !matches!(bar, Some(bar) if s <= bar) {
            lines[n].clear();
            lines[n].push(m);
            lines[n].extend_from_slice(&w.pv[1]);
            let at = top.partition_point(|&t| t >= s);
            top.insert(at, s);
            top.truncate(k);
        }
        if !matches!(best_move, Some((_, b)) if s <= b) {
            best_move = Some((m, s));
        }
    }
    if w.aborted {
        return (best_move.map_or(-WIN, |b| b.1), best_move);
    }
    // Stable sort of the three lists together, best score first.
    let mut order: Vec<(u16, i32, Vec<u16>)> = (0..root.len())
        .map(|i| (root[i], scores[i], std::mem::take(&mut lines[i])))
        .collect();
    order.sort_by_key(|e| -e.1);
    for (k, (m, s, l)) in order.into_iter().enumerate() {
        (root[k], scores[k], lines[k]) = (m, s, l);
    }
    w.pv[0] = lines[0].clone();
    (scores[0], best_move)
}

/// The root's move lists, its shortcuts (a five, a forced block, an open four) and its
/// threat searches.
impl Worker<'_> {
    /// The full VCF line for the side to move, if one exists within the budget and before `deadline`.
    pub fn vcf_line(
        &mut self,
        depth: i32,
        max_nodes: u64,
        deadline: Instant,
    ) -> Option<(i32, Vec<u16>)> {
        let mut v = Vcf::new(&mut self.pos, &mut self.vcf_cache, max_nodes)
            .with_deadline(deadline)
            .with_stop(self.stop);
        let r = v.solve(depth);
        self.nodes += v.nodes;
        self.vcf_nodes += v.nodes;
        r.map(|n| (n, v.line))
    }

    /// A VCT for the side to move using at most `depth` threes: its first move.
    pub fn vct_first(&mut self, depth: i32, max_nodes: u64, deadline: Instant) -> Option<u16> {
        let mut v = Vct::new(&mut self.pos, max_nodes, deadline).with_stop(self.stop);
        let won = v.solve(depth);
        self.nodes += v.nodes;
        self.vcf_nodes += v.nodes;
        if won {
            v.first
        } else {
            None
        }
    }

    /// Every root move the generator offers, with no decision taken at the root (for a
    /// search that must leave some moves out: a forced move may be one of them). When the
    /// generator offers none, the `fallback_squares`.
    pub fn root_list(&mut self) -> Vec<u16> {
        let mut buf = std::mem::take(&mut self.bufs[0]);
        let list = generate(&mut self.pos, &mut buf, &self.history, [0, 0, 0], 0);
        self.bufs[0] = buf;
        if list.is_empty() {
            return self
                .fallback_squares()
                .into_iter()
                .map(|i| i as u16)
                .collect();
        }
        list.into_iter().map(|(m, _)| m).collect()
    }

    /// The legal squares near the stones, in index order, or every legal square when none
    /// is near: what a root plays from when the generator offers nothing sensible.
    fn fallback_squares(&self) -> Vec<usize> {
        let b = &self.pos.board;
        let near: Vec<usize> = b
            .play_area()
            .filter(|&i| b.near(i) > 0 && self.pos.is_legal(i))
            .collect();
        if !near.is_empty() {
            return near;
        }
        b.all_cells().filter(|&i| self.pos.is_legal(i)).collect()
    }

    /// A legal square for a lost root, near the stones first.
    fn any_legal(&self) -> Option<usize> {
        self.fallback_squares().first().copied()
    }

    /// Root move list with the tactical shortcuts applied: `Ok(m)` when the move is forced
    /// or wins at once, else the ordered candidates. With `all_lines` (multi-PV analysis)
    /// an open four is searched with the other moves instead of being played at once.
    pub fn root_moves(&mut self, all_lines: bool) -> Result<(u16, i32), Vec<u16>> {
        let me = self.pos.side();
        let opp = me.opp();
        let mut buf = std::mem::take(&mut self.bufs[0]);
        let result = (|| {
            if let Some(i) = first_with(&self.pos, me, Threat::Five) {
                return Ok((i as u16, WIN - 1));
            }
            let blocks = find_all(&self.pos, opp, Threat::Five);
            if !blocks.is_empty() {
                let legal: Vec<usize> = blocks
                    .iter()
                    .copied()
                    .filter(|&i| self.pos.is_legal(i))
                    .collect();
                let score = if blocks.len() > 1 || legal.is_empty() {
                    -(WIN - 2)
                } else {
                    0
                };
                // No legal block (renju black, forbidden point): lost either way, but a foul
                // is never played; any legal move is (near the stones first).
                let pick = legal.first().copied().or_else(|| self.any_legal());
                return Ok((pick.unwrap_or(blocks[0]) as u16, score));
            }
            for i in find_all(&self.pos, me, Threat::Flex4) {
                if self.pos.is_legal(i) && !all_lines {
                    return Ok((i as u16, WIN - 3));
                }
            }
            let list = generate(&mut self.pos, &mut buf, &self.history, [0, 0, 0], 0);
            if list.len() == 1 {
                return Ok((list[0].0, 0));
            }
            if list.is_empty() {
                // Lost (no defence holds), or every sensible move is forbidden or the
                // neighbourhood is full. Resist anyway: block one of the opponent's open-four
                // points, else one of its four points, else a legal square near the stones,
                // else any (it used to be the first legal square: the corner, to a watcher an
                // engine that gave up).
                let legal = |i: &usize| self.pos.is_legal(*i);
                let any = find_all(&self.pos, opp, Threat::Flex4)
                    .into_iter()
                    .find(legal)
                    .or_else(|| {
                        find_all(&self.pos, opp, Threat::Four)
                            .into_iter()
                            .find(legal)
                    })
                    .or_else(|| self.any_legal());
                let fallback = any.or_else(|| {
                    self.pos
                        .board
                        .all_cells()
                        .find(|&i| self.pos.board.cell(i) == 0)
                });
                return Ok((fallback.unwrap_or(0) as u16, -(WIN - 2)));
            }
            Err(list.into_iter().map(|(m, _)| m).collect())
        })();
        self.bufs[0] = buf;
        result
    }
}
