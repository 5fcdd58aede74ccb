//! The static part of the move ordering: what a cell is worth to the side that plays it
//! and what taking it from the opponent is worth, by shape.

use crate::eval::evaluator::Evaluator;
use crate::eval::policy::Policy;
use crate::eval::weights::{Weights, HANDSET_OPP, HANDSET_OWN, NSHAPES, NTUPLES};
use crate::game::board::Color;
use std::sync::Mutex;

/// Ordering weight of what a move does for the mover.
pub const ATTACK: [i32; 9] = [0, 400, 500, 3000, 300, 600, 5000, 10000, 100_000];
/// Ordering weight of what it takes away from the opponent.
pub const DEFEND: [i32; 9] = [0, 300, 350, 2000, 150, 200, 2500, 6000, 50_000];

/// The static part of the ordering score (`moves::score_move` plus the learned correction,
/// [`Policy::shape_bonus`]) by shape: it depends on nothing but the cell's shape for each
/// colour (its combination and evaluation weights are the shape's), so `fill` reads it in
/// two look-ups. One table per evaluation and correction table, built on first use and
/// kept (a few per process). Same scores (test `the_order_table_scores_as_the_shapes_do`),
/// same tree; `bench 10` 3.043 G -> 2.982 G instructions (309a48f).
///
/// [`Policy::shape_bonus`]: crate::eval::policy::Policy::shape_bonus
pub struct OrderTable {
    /// `[colour][0]`: what a cell of that shape is worth to `colour` playing there;
    /// `[colour][1]`: what taking it from `colour` (the opponent) is worth.
    part: [[Vec<i32>; 2]; 2],
}

impl OrderTable {
    /// The table of evaluation `w` with the corrections `p`.
    pub fn of(w: &'static Weights, p: Option<&'static Policy>) -> &'static OrderTable {
        type Cache = Vec<(usize, usize, &'static OrderTable)>;
        static CACHE: Mutex<Cache> = Mutex::new(Vec::new());
        let key = (
            w as *const Weights as usize,
            p.map_or(0, |p| p as *const Policy as usize),
        );
        let mut cache = CACHE.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&(_, _, t)) = cache.iter().find(|e| (e.0, e.1) == key) {
            return t;
        }
        let t: &'static OrderTable = Box::leak(Box::new(OrderTable::build(w, p)));
        cache.push((key.0, key.1, t));
        t
    }

    fn build(w: &Weights, p: Option<&Policy>) -> OrderTable {
        let mut part: [[Vec<i32>; 2]; 2] = Default::default();
        for (c, part) in part.iter_mut().enumerate() {
            let (mut mine, mut theirs) = (vec![0; NSHAPES], vec![0; NSHAPES]);
            for t in 0..NTUPLES {
                let e = w.tuple(c, t);
                let s = e.shape as usize;
                // The combination without the evaluator's renju flags, as `Evaluator::combo`
                // reads it (a `Combo`'s discriminant is its index).
                let combo = (e.combo & 0x0f) as usize;
                mine[s] = ATTACK[combo]
                    + 2 * (e.weights[0] as i32 / HANDSET_OWN)
                    + p.map_or(0, |p| p.own[s] as i32);
                theirs[s] = DEFEND[combo] - e.weights[1] as i32 / HANDSET_OPP
                    + p.map_or(0, |p| p.opp[s] as i32);
            }
            *part = [mine, theirs];
        }
        OrderTable { part }
    }

    /// The two parts [`OrderTable::score`] adds for the side `me`, by shape: what a cell is
    /// worth to `me` (indexed by `me`'s shape there) and what taking it from the opponent
    /// is worth (indexed by the opponent's shape).
    #[inline]
    pub fn parts(&self, me: Color) -> (&[i32], &[i32]) {
        (&self.part[me.index()][0], &self.part[me.opp().index()][1])
    }

    /// The static ordering score of the empty cell `i` for the side `me`.
    #[inline]
    pub fn score(&self, eval: &Evaluator, i: usize, me: Color) -> i32 {
        let (m, o) = (me.index(), me.opp().index());
        self.part[m][0][eval.shape(i, me)] + self.part[o][1][eval.shape(i, me.opp())]
    }
}
