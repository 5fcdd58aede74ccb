//! Principal-variation search with threat-aware move selection, TT cut-offs,
//! killers, history, late-move reductions and late-move pruning.

use super::moves::{find_all, generate, makes_four};
use super::position::Position;
use super::threads::Crumbs;
use super::threat::{Vcf, VcfCache, Vct};
use super::tt::{from_tt, to_tt, TranspositionTable, BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, WIN};
use crate::eval::pattern::Combo;
use crate::game::board::Color;
use crate::game::pos::NCELLS;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

pub const MAX_PLY: usize = 128;

/// Moves searched at full depth before reductions start.
const FULL_DEPTH_MOVES: usize = 3;
/// Breadcrumbs are left at nodes this deep or deeper, this near the root.
const CRUMB_DEPTH: i32 = 3;
const CRUMB_PLY: usize = 8;
/// Nodes between two looks at the clock (about 1 ms of search).
const POLL_INTERVAL: u64 = 512;

pub struct Worker<'a> {
    pub pos: Position,
    pub tt: &'a TranspositionTable,
    pub history: Vec<[i32; 2]>,
    pub killers: Vec<[u16; 2]>,
    pub pv: Vec<Vec<u16>>,
    pub nodes: u64,
    pub seldepth: i32,
    pub aborted: bool,
    /// Set once the first iteration is complete: before that nothing may stop the search,
    /// so there is always a move to answer with.
    pub may_abort: bool,
    stop: &'a AtomicBool,
    deadline: Instant,
    max_nodes: u64,
    bufs: Vec<Vec<u16>>,
    pub vcf_cache: VcfCache,
    pub vcf_nodes: u64,
    next_poll: u64,
    /// Shared with the other search threads, if any; `tid` is this thread's mark.
    pub crumbs: Option<&'a Crumbs>,
    pub tid: u64,
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
            history: vec![[0; 2]; NCELLS],
            killers: vec![[0; 2]; MAX_PLY + 1],
            pv: vec![Vec::new(); MAX_PLY + 1],
            nodes: 0,
            seldepth: 0,
            aborted: false,
            may_abort: false,
            stop,
            deadline,
            max_nodes,
            bufs: (0..=MAX_PLY).map(|_| Vec::with_capacity(256)).collect(),
            vcf_cache: VcfCache::new(18),
            vcf_nodes: 0,
            next_poll: POLL_INTERVAL,
            crumbs: None,
            tid: 1,
        }
    }

    /// Checks the clock and the stop flag.
    #[inline]
    pub fn poll(&mut self) {
        if self.may_abort
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.max_nodes
                || Instant::now() >= self.deadline)
        {
            self.aborted = true;
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
            return self.pos.eval.evaluate(me);
        }
        let opp_fives = self.pos.eval.count(opp, Combo::Five);
        if opp_fives > 0 {
            if opp_fives > 1 {
                return -(WIN - ply_i - 2);
            }
            let mut buf = std::mem::take(&mut self.bufs[ply]);
            let block = find_all(&self.pos, opp, Combo::Five, &mut buf);
            self.bufs[ply] = buf;
            let Some(&b) = block.first() else {
                return self.pos.eval.evaluate(me);
            };
            if !self.pos.is_legal(b) {
                return -(WIN - ply_i - 2);
            }
            // A forced reply costs no depth: this is the four extension.
            self.pos.make(b);
            let s = -self.search(depth, -beta, -alpha, ply + 1, pv_node);
            self.pos.undo();
            if s > alpha {
                self.update_pv(ply, b as u16);
            }
            return s;
        }
        if self.pos.eval.count(me, Combo::Flex4) > 0 {
            let wins = me != Color::Black || {
                let mut buf = std::mem::take(&mut self.bufs[ply]);
                let cells = find_all(&self.pos, me, Combo::Flex4, &mut buf);
                self.bufs[ply] = buf;
                cells.iter().any(|&i| !self.pos.is_forbidden(i))
            };
            if wins {
                return WIN - ply_i - 3;
            }
        }

        if depth <= 0 {
            // No VCF here: each VCF node scans the play area for fours, so even a 100-node
            // leaf VCF cost more depth than it found (measured: -74 +/- 70 Elo at 100 ms/move).
            return self.pos.eval.evaluate(me);
        }

        let key = self.pos.board.hash();
        let mut tt_move = 0u16;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.mv;
            let s = from_tt(e.score as i32, ply_i);
            if !pv_node && e.depth as i32 >= depth {
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

        let mut buf = std::mem::take(&mut self.bufs[ply]);
        let list = generate(
            &self.pos,
            &mut buf,
            &self.history,
            self.killers[ply],
            tt_move,
        );
        self.bufs[ply] = buf;
        if list.is_empty() {
            // Nothing to play: every point is forbidden for black, or the board is blocked.
            return if self.pos.board.is_full() {
                0
            } else {
                -(WIN - ply_i - 1)
            };
        }
        let threatened = self.pos.eval.count(opp, Combo::Flex4) > 0;
        let (busy, owned) = match self.crumbs {
            Some(c) if depth >= CRUMB_DEPTH && ply <= CRUMB_PLY => c.enter(key, self.tid),
            _ => (false, false),
        };

        let alpha_orig = alpha;
        let mut best = -WIN;
        let mut best_move = list[0].0;
        for (n, &(m, _)) in list.iter().enumerate() {
            let i = m as usize;
            let quiet = !threatened
                && self.pos.eval.combo(i, me) < Combo::Flex3
                && self.pos.eval.combo(i, opp) < Combo::Flex3
                && !makes_four(&self.pos, i, me);
            // Late-move pruning: quiet moves far down the list rarely matter at low depth.
            if !pv_node && quiet && depth <= 3 && n >= 4 + 4 * depth as usize && best > -WIN + 1000
            {
                break;
            }
            self.pos.make(i);
            let s = if n == 0 {
                -self.search(depth - 1, -beta, -alpha, ply + 1, pv_node)
            } else {
                let r = if quiet && depth >= 3 && n >= FULL_DEPTH_MOVES {
                    1 + (n >= 10) as i32 + (depth >= 6 && n >= 16) as i32
                } else {
                    0
                } + (busy && quiet) as i32;
                let mut s = -self.search(depth - 1 - r, -alpha - 1, -alpha, ply + 1, false);
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
            if s > best {
                best = s;
                best_move = m;
                if s > alpha {
                    alpha = s;
                    self.update_pv(ply, m);
                    if s >= beta {
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != m {
                                k[1] = k[0];
                                k[0] = m;
                            }
                            let h = &mut self.history[i][me.index()];
                            *h += depth * depth;
                            if *h > 1 << 20 {
                                for e in self.history.iter_mut() {
                                    e[0] /= 2;
                                    e[1] /= 2;
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        if owned {
            if let Some(c) = self.crumbs {
                c.leave(key);
            }
        }
        if self.aborted {
            return 0;
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

    /// The full VCF line for the side to move, if one exists within the budget and before `deadline`.
    pub fn vcf_line(
        &mut self,
        depth: i32,
        max_nodes: u64,
        deadline: Instant,
    ) -> Option<(i32, Vec<u16>)> {
        let mut v = Vcf::new(&mut self.pos, &mut self.vcf_cache, max_nodes).with_deadline(deadline);
        let r = v.solve(depth);
        self.nodes += v.nodes;
        self.vcf_nodes += v.nodes;
        r.map(|n| (n, v.line))
    }

    /// A VCT for the side to move using at most `depth` threes: its first move.
    pub fn vct_first(&mut self, depth: i32, max_nodes: u64, deadline: Instant) -> Option<u16> {
        let mut v = Vct::new(&mut self.pos, max_nodes, deadline);
        let won = v.solve(depth);
        self.nodes += v.nodes;
        self.vcf_nodes += v.nodes;
        if won {
            v.first
        } else {
            None
        }
    }

    /// Root move list with the tactical shortcuts applied: `Ok(m)` when the move is forced
    /// or wins at once, else the ordered candidates. With `all_lines` (multi-PV analysis)
    /// an open four is searched with the other moves instead of being played at once.
    pub fn root_moves(&mut self, all_lines: bool) -> Result<(u16, i32), Vec<u16>> {
        let me = self.pos.side();
        let opp = me.opp();
        let mut buf = std::mem::take(&mut self.bufs[0]);
        let result = (|| {
            let fives = find_all(&self.pos, me, Combo::Five, &mut buf);
            if let Some(&i) = fives.first() {
                return Ok((i as u16, WIN - 1));
            }
            let blocks = find_all(&self.pos, opp, Combo::Five, &mut buf);
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
                return Ok((*legal.first().unwrap_or(&blocks[0]) as u16, score));
            }
            for i in find_all(&self.pos, me, Combo::Flex4, &mut buf) {
                if self.pos.is_legal(i) && !all_lines {
                    return Ok((i as u16, WIN - 3));
                }
            }
            let list = generate(&self.pos, &mut buf, &self.history, [0, 0], 0);
            if list.len() == 1 {
                return Ok((list[0].0, 0));
            }
            if list.is_empty() {
                // Every sensible move is forbidden or the neighbourhood is full: any legal square.
                let any = self.pos.board.all_cells().find(|&i| self.pos.is_legal(i));
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
