//! Threat-space search: VCF (victory by continuous fours). Every attacking move makes a
//! four, so the defender's reply is forced; the defender may instead complete its own five,
//! and a four the defender makes while blocking must be answered first. Rule-aware: black's
//! fours on forbidden points do not count in renju, and white wins when black's only block
//! is a forbidden point.

use super::moves::makes_four;
use super::position::Position;
use crate::eval::pattern::Combo;
use crate::game::board::{Color, EMPTY};
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
}

/// The first empty cell near the stones where `c` would complete a five.
fn five_cell(pos: &Position, c: Color) -> Option<usize> {
    let b = &pos.board;
    b.play_area()
        .find(|&i| b.cell(i) == EMPTY && b.near(i) > 0 && pos.eval.combo(i, c) == Combo::Five)
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
        }
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
            if let Some(d) = self.deadline {
                if Instant::now() >= d {
                    self.max_nodes = self.nodes;
                    return true;
                }
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
        {
            let b = &self.pos.board;
            for i in b.play_area() {
                if b.cell(i) == EMPTY && b.near(i) > 0 && makes_four(self.pos, i, me) {
                    let combo = self.pos.eval.combo(i, me);
                    fours.push((i as u16, combo as i32 * 1000 + self.pos.eval.value(i, me)));
                }
            }
        }
        fours.sort_unstable_by_key(|f| std::cmp::Reverse(f.1));
        let mut result = None;
        for &(m, _) in fours.iter() {
            let i = m as usize;
            if me == Color::Black && self.pos.is_forbidden(i) {
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
        if d == Color::Black && self.pos.is_forbidden(b) {
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
