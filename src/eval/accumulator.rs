//! The network's incremental state: each empty cell's activation and their sum. The evaluator
//! calls it exactly where its own per-cell state changes (a cell filled, emptied, or one of its
//! line patterns changed), so a move costs one activation per changed cell, never a rescan.

use super::network::{code, Network, Source, FEATURES};
use crate::game::pos::NCELLS;

#[derive(Clone)]
pub struct Accumulator {
    net: &'static Network,
    /// Per cell: its activation while it is empty (stale while occupied).
    act: Vec<[i16; FEATURES]>,
    /// Sum of the activations of the empty cells.
    pool: [i32; FEATURES],
}

/// The four input codes of a cell from its line patterns `[colour][direction]`.
#[inline]
pub fn codes(pat: &[[u8; 4]; 2]) -> [usize; 4] {
    [0, 1, 2, 3].map(|d| code(pat[0][d], pat[1][d]))
}

impl Accumulator {
    pub fn new(net: &'static Network) -> Accumulator {
        Accumulator {
            net,
            act: vec![[0; FEATURES]; NCELLS],
            pool: [0; FEATURES],
        }
    }

    pub fn network(&self) -> &'static Network {
        self.net
    }

    /// Cell `i` is counted for the first time, with its inputs read from `src`.
    #[inline]
    pub fn add(&mut self, i: usize, src: Source) {
        self.act[i] = [0; FEATURES];
        self.net
            .update(self.net.cell_rows(src, i), &mut self.act[i], &mut self.pool);
    }

    /// Cell `i` was filled: its activation leaves the sum.
    #[inline]
    pub fn remove(&mut self, i: usize) {
        let old = self.act[i];
        super::simd::pool_replace(&mut self.pool, &old, &[0; FEATURES]);
    }

    /// The inputs of the empty cells `cells` changed (each listed once; read from `src`):
    /// with `journal`, each one's activation is pushed there before it changes, in the order
    /// of `cells`.
    #[inline]
    pub fn update_cells(
        &mut self,
        cells: &[u16],
        src: Source,
        journal: Option<&mut Vec<[i16; FEATURES]>>,
    ) {
        super::simd::cells_update(self.net, cells, src, &mut self.act, &mut self.pool, journal);
    }

    /// The network's score for the side to move of colour index `stm`.
    #[inline]
    pub fn output(&self, stm: usize) -> i32 {
        self.net.output(&self.pool, stm)
    }

    pub fn pool(&self) -> &[i32; FEATURES] {
        &self.pool
    }

    /// Puts back the activation cell `i` had (an undo; the pool is put back whole with
    /// [`Accumulator::set_pool`]).
    #[inline]
    pub fn set_activation(&mut self, i: usize, act: &[i16; FEATURES]) {
        self.act[i] = *act;
    }

    /// Puts back a pool saved before a move (an undo).
    #[inline]
    pub fn set_pool(&mut self, pool: &[i32; FEATURES]) {
        self.pool = *pool;
    }

    /// The activation kept for cell `i`.
    pub fn activation(&self, i: usize) -> &[i16; FEATURES] {
        &self.act[i]
    }
}
