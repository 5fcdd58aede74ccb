//! Threat-space search, used at the root (`iterative.rs`) to play proven wins at once and
//! to keep only the moves that break the opponent's.
//!
//! `Vcf`: victory by continuous fours. Every attacking move makes a four, so the defender's
//! reply is forced; the defender may instead complete its own five, and a four the defender
//! makes while blocking must be answered first. Rule-aware: black's fours on forbidden
//! points do not count in renju, and white wins when black's only block is a forbidden
//! point. Positions proven not to win are kept in `VcfCache`, with the attacking moves that
//! were left.
//!
//! `Vct`: victory by continuous threats, fours and open threes. The defender answers a three
//! on any of the attacker's four-points (every real defence is one) or with a counter-four,
//! which the attacker must block before going on; each step checks for a VCF first.

use super::moves::{first_with, makes_four};
use super::position::Position;
use crate::eval::evaluator::Threat;
use crate::eval::pattern::Combo;
use crate::game::board::{Color, EMPTY};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

/// Proven failures: (position key, remaining attacker moves) in a direct-mapped table.
pub struct VcfCache {
    slots: Vec<(u64, u8)>,
}

impl VcfCache {
    pub fn new(bits: u32) -> VcfCache {
        VcfCache {
            slots: vec![(0, 0); 1 << bits],
        }
    }
    fn index(&self, key: u64) -> usize {
        (key >> 40) as usize & (self.slots.len() - 1)
    }
    fn known_fail(&self, key: u64, depth: i32) -> bool {
        let (k, d) = self.slots[self.index(key)];
        k == key && d as i32 >= depth
    }
    fn store_fail(&mut self, key: u64, depth: i32) {
        let i = self.index(key);
        self.slots[i] = (key, depth.clamp(0, 255) as u8);
    }
}

pub struct Vcf<'a> {
    pos: &'a mut Position,
    cache: &'a mut VcfCache,
    pub nodes: u64,
    max_nodes: u64,
    path: Vec<u16>,
    /// The winning line (attacker and defender moves alternating) once found.
    pub line: Vec<u16>,
    bufs: Vec<Vec<(u16, i32)>>,
    deadline: Option<Instant>,
    /// The search's stop flag: a manager's stop ends the solver too.
    stop: Option<&'a AtomicBool>,
}

/// Where `c` would complete a five.
fn five_cell(pos: &Position, c: Color) -> Option<usize> {
    first_with(pos, c, Threat::Five)
}

impl<'a> Vcf<'a> {
    pub fn new(pos: &'a mut Position, cache: &'a mut VcfCache, max_nodes: u64) -> Vcf<'a> {
        Vcf {
            pos,
            cache,
            nodes: 0,
            max_nodes,
            path: Vec::new(),
            line: Vec::new(),
            bufs: Vec::new(),
            deadline: None,
            stop: None,
        }
    }

    /// Also stop (as if out of nodes) when `stop` is set.
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Also stop (as if out of nodes) at `deadline`.
    pub fn with_deadline(mut self, deadline: Instant) -> Self {
        self.deadline = Some(deadline);
        self
    }

    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.max_nodes {
            return true;
        }
        if self.nodes & 255 == 0 {
            let stopped = self.stop.is_some_and(|s| s.load(Ordering::Relaxed));
            if stopped || self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.max_nodes = self.nodes;
                return true;
            }
        }
        false
    }

    /// Searches a VCF for the side to move with at most `depth` attacking fours. Returns the
    /// number of plies to the five (the first move is `line[0]`).
    pub fn solve(&mut self, depth: i32) -> Option<i32> {
        self.attack(depth)
    }

    fn play(&mut self, i: usize) {
        self.pos.make(i);
        self.path.push(i as u16);
    }

    fn unplay(&mut self) {
        self.pos.undo();
        self.path.pop();
    }

    fn attack(&mut self, depth: i32) -> Option<i32> {
        self.nodes += 1;
        let me = self.pos.side();
        let opp = me.opp();
        if self.pos.eval.count(me, Combo::Five) > 0 {
            if self.line.is_empty() {
                self.line = self.path.clone();
                if let Some(f) = five_cell(self.pos, me) {
                    self.line.push(f as u16);
                }
            }
            return Some(1);
        }
        if self.out_of_budget() {
            return None;
        }
        if self.pos.eval.count(opp, Combo::Five) > 0 {
            // The defender has a four: block it, and go on only if the block is a four too.
            if self.pos.eval.count(opp, Combo::Five) > 1 {
                return None;
            }
            let b = five_cell(self.pos, opp)?;
            if !self.pos.is_legal(b) || !makes_four(self.pos, b, me) {
                return None;
            }
            self.play(b);
            let r = self.defend(depth);
            self.unplay();
            return r.map(|n| n + 1);
        }
        if depth <= 0 {
            return None;
        }
        let key = self.pos.board.hash();
        if self.cache.known_fail(key, depth) {
            return None;
        }
        let level = self.path.len();
        if self.bufs.len() <= level {
            self.bufs.resize_with(level + 1, Vec::new);
        }
        let mut fours = std::mem::take(&mut self.bufs[level]);
        fours.clear();
        for i in self.pos.eval.cells(me, Threat::Four).iter() {
            let combo = self.pos.eval.combo(i, me);
            fours.push((i as u16, combo as i32 * 1000 + self.pos.eval.value(i, me)));
        }
        fours.sort_unstable_by_key(|f| std::cmp::Reverse(f.1));
        let mut result = None;
        for &(m, _) in fours.iter() {
            let i = m as usize;
            if self.pos.is_foul(me, i) {
                continue;
            }
            if self.pos.eval.combo(i, me) == Combo::Flex4 {
                // An open four (or double four): the defender can stop only one five.
                if self.line.is_empty() {
                    self.line = self.path.clone();
                    self.line.push(m);
                }
                result = Some(3);
                break;
            }
            self.play(i);
            let r = self.defend(depth - 1);
            self.unplay();
            if let Some(n) = r {
                result = Some(n + 1);
                break;
            }
            if self.nodes >= self.max_nodes {
                break;
            }
        }
        self.bufs[level] = fours;
        if result.is_none() && self.nodes < self.max_nodes {
            self.cache.store_fail(key, depth);
        }
        result
    }

    /// The defender's forced reply to a four.
    fn defend(&mut self, depth: i32) -> Option<i32> {
        self.nodes += 1;
        let d = self.pos.side();
        let a = d.opp();
        if self.pos.eval.count(d, Combo::Five) > 0 {
            return None;
        }
        let fives = self.pos.eval.count(a, Combo::Five);
        if fives == 0 {
            return None;
        }
        if fives > 1 {
            if self.line.is_empty() {
                self.line = self.path.clone();
            }
            return Some(2);
        }
        let b = five_cell(self.pos, a)?;
        if self.pos.is_foul(d, b) {
            // Black cannot block on a forbidden point: white's five comes next.
            if self.line.is_empty() {
                self.line = self.path.clone();
            }
            return Some(2);
        }
        self.play(b);
        let r = self.attack(depth);
        self.unplay();
        r.map(|n| n + 1)
    }
}

/// VCT: victory by continuous threats (fours and open threes). The defender answers a
/// three with any point where the attacker could make a four (every real defence is among
/// them) or with a counter-four, which the attacker must block before going on.
pub struct Vct<'a> {
    pos: &'a mut Position,
    cache: VcfCache,
    vcf_cache: VcfCache,
    pub nodes: u64,
    max_nodes: u64,
    deadline: Instant,
    /// The search's stop flag, if any.
    stop: Option<&'a AtomicBool>,
    path: Vec<u16>,
    /// The attacker's first move once a VCT is proven.
    pub first: Option<u16>,
}

/// Attacking fours allowed inside each VCF call made by the VCT search.
const VCT_VCF_DEPTH: i32 = 12;
const VCT_VCF_NODES: u64 = 2_000;

impl<'a> Vct<'a> {
    pub fn new(pos: &'a mut Position, max_nodes: u64, deadline: Instant) -> Vct<'a> {
        Vct {
            pos,
            cache: VcfCache::new(16),
            vcf_cache: VcfCache::new(16),
            nodes: 0,
            max_nodes,
            deadline,
            stop: None,
            path: Vec::new(),
            first: None,
        }
    }

    /// Also stop (as if out of nodes) when `stop` is set.
    pub fn with_stop(mut self, stop: &'a AtomicBool) -> Self {
        self.stop = Some(stop);
        self
    }

    fn out_of_budget(&mut self) -> bool {
        if self.nodes >= self.max_nodes {
            return true;
        }
        if self.nodes & 63 == 0
            && (Instant::now() >= self.deadline
                || self.stop.is_some_and(|s| s.load(Ordering::Relaxed)))
        {
            self.max_nodes = self.nodes;
            return true;
        }
        false
    }

    /// Whether the side to move wins by threats using at most `depth` threes.
    pub fn solve(&mut self, depth: i32) -> bool {
        let me = self.pos.side();
        if self.pos.eval.count(me.opp(), Combo::Five) > 0 {
            return false;
        }
        self.attack(depth)
    }

    fn record(&mut self, m: u16) {
        if self.path.is_empty() && self.first.is_none() {
            self.first = Some(m);
        }
    }

    fn attack(&mut self, depth: i32) -> bool {
        self.nodes += 1;
        let me = self.pos.side();
        let opp = me.opp();
        if self.pos.eval.count(me, Combo::Five) > 0 {
            return true;
        }
        if self.pos.eval.count(opp, Combo::Five) > 0 || self.out_of_budget() {
            return false;
        }
        // Fours first: a VCF from here settles it.
        {
            let mut vcf = Vcf::new(self.pos, &mut self.vcf_cache, VCT_VCF_NODES);
            let found = vcf.solve(VCT_VCF_DEPTH).is_some();
            self.nodes += vcf.nodes;
            if found {
                if let Some(&m) = vcf.line.first() {
                    self.record(m);
                }
                return true;
            }
        }
        if depth <= 0 {
            return false;
        }
        let key = self.pos.board.hash();
        if self.cache.known_fail(key, depth) {
            return false;
        }
        let mut moves: Vec<(u16, i32)> = Vec::new();
        {
            let b = &self.pos.board;
            for i in b.play_area() {
                if b.cell(i) != EMPTY || b.near(i) == 0 {
                    continue;
                }
                let threat = (0..4)
                    .any(|d| self.pos.eval.pattern(i, me, d) >= crate::eval::pattern::Pattern::F3);
                if threat {
                    moves.push((
                        i as u16,
                        self.pos.eval.combo(i, me) as i32 * 1000 + self.pos.eval.value(i, me),
                    ));
                }
            }
        }
        moves.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
        for (m, _) in moves {
            let i = m as usize;
            if self.pos.is_foul(me, i) {
                continue;
            }
            self.pos.make(i);
            self.path.push(m);
            let win = if self.pos.eval.count(me, Combo::Five) > 0 {
                self.answer_four(depth - 1)
            } else {
                self.answer_three(depth - 1)
            };
            self.path.pop();
            self.pos.undo();
            if win {
                if self.path.is_empty() {
                    self.first = Some(m);
                }
                return true;
            }
            if self.out_of_budget() {
                return false;
            }
        }
        if self.nodes < self.max_nodes {
            self.cache.store_fail(key, depth);
        }
        false
    }

    /// Defender to move against a four: block it (or lose).
    fn answer_four(&mut self, depth: i32) -> bool {
        self.nodes += 1;
        let d = self.pos.side();
        let a = d.opp();
        if self.pos.eval.count(d, Combo::Five) > 0 {
            return false;
        }
        if self.pos.eval.count(a, Combo::Five) > 1 {
            return true;
        }
        let Some(b) = five_cell(self.pos, a) else {
            return false;
        };
        if self.pos.is_foul(d, b) {
            return true;
        }
        self.pos.make(b);
        let r = self.attack(depth);
        self.pos.undo();
        r
    }

    /// Defender to move against a three: every four-point of the attacker and every
    /// counter-four must fail for the attacker to win.
    fn answer_three(&mut self, depth: i32) -> bool {
        self.nodes += 1;
        let d = self.pos.side();
        let a = d.opp();
        if self.pos.eval.count(d, Combo::Five) > 0 {
            return false;
        }
        if self.pos.eval.count(a, Combo::Five) > 0 {
            return self.answer_four(depth);
        }
        if self.out_of_budget() {
            return false;
        }
        let mut replies: Vec<u16> = Vec::new();
        {
            let b = &self.pos.board;
            for i in b.play_area() {
                if b.cell(i) == EMPTY
                    && b.near(i) > 0
                    && (makes_four(self.pos, i, a) || makes_four(self.pos, i, d))
                {
                    replies.push(i as u16);
                }
            }
        }
        if replies.is_empty() {
            // No four-point for the attacker: this was no real threat, the defender is free.
            return false;
        }
        for m in replies {
            let i = m as usize;
            if self.pos.is_foul(d, i) {
                continue;
            }
            self.pos.make(i);
            let win = if self.pos.eval.count(d, Combo::Five) > 0 {
                // A counter-four: the attacker blocks, then the defender moves again.
                self.block_counter_four(depth)
            } else {
                self.attack(depth)
            };
            self.pos.undo();
            if !win {
                return false;
            }
        }
        true
    }

    /// Attacker to move after the defender's counter-four.
    fn block_counter_four(&mut self, depth: i32) -> bool {
        self.nodes += 1;
        let a = self.pos.side();
        let d = a.opp();
        if self.pos.eval.count(a, Combo::Five) > 0 {
            return true;
        }
        if self.pos.eval.count(d, Combo::Five) > 1 || self.out_of_budget() {
            return false;
        }
        let Some(b) = five_cell(self.pos, d) else {
            return false;
        };
        if !self.pos.is_legal(b) {
            return false;
        }
        self.pos.make(b);
        let r = self.answer_three(depth);
        self.pos.undo();
        r
    }
}
