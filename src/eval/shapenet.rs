//! The state of a shape network ([`Inputs::Shapes`]): per colour, the sums over the empty
//! cells of the rows of that colour's shape there, once from the side-to-move table and once
//! from the other side's. A cell's shape is what the evaluation tables already read, so
//! there is nothing to keep per cell: a change of shape moves the sums by the difference of
//! two rows, and the evaluator applies the changes lazily, when a score is asked for (see
//! `Evaluator::flush_shapes`).
//!
//! Score for the side to move `s` (other side `o`): the head of [`Network::output`] on
//! `x = pool[s].own + pool[o].opp` (16 features). The rows are at the head input's own
//! scale (×32 where the pattern networks' activations are ×1024, so that the head's
//! `(pool + 16) >> 5` reads the sum as it is) and the sums are i16: with every row within
//! ±[`ROW_LIMIT`] no sum over the cells of a 32×32 board leaves it, and an i16 sum moves by
//! one SSE2 instruction per eight features.
//!
//! Rows in the file and in memory: shape `s`'s side-to-move row is `embed[2s]`, its
//! other-side row `embed[2s + 1]` (one cache line for both).
//!
//! [`Inputs::Shapes`]: super::network::Inputs::Shapes

use super::network::{Network, FEATURES};
use super::weights::NSHAPES;

/// Per colour: the side-to-move rows' sum, then the other side's.
pub type Pools = [[i16; 2 * FEATURES]; 2];

/// Largest |row entry| of a shape network: 1,024 empty cells at most, so the sums stay
/// within ±31,744.
pub const ROW_LIMIT: i16 = 31;

#[derive(Clone)]
pub struct ShapeAccumulator {
    net: &'static Network,
    pool: Pools,
}

impl ShapeAccumulator {
    pub fn new(net: &'static Network) -> ShapeAccumulator {
        debug_assert_eq!(net.embed.len(), 2 * NSHAPES);
        ShapeAccumulator {
            net,
            pool: [[0; 2 * FEATURES]; 2],
        }
    }

    pub fn network(&self) -> &'static Network {
        self.net
    }

    /// Colour index `c`'s shape on a cell went from `old` to `new` (`None`: the cell was not
    /// empty before / is not empty now).
    #[inline(always)]
    pub fn change(&mut self, c: usize, old: Option<usize>, new: Option<usize>) {
        if old == new {
            return;
        }
        let e = &self.net.embed;
        let p = &mut self.pool[c];
        if let Some(s) = old {
            let (own, opp) = (&e[2 * s], &e[2 * s + 1]);
            for j in 0..FEATURES {
                p[j] = p[j].wrapping_sub(own[j]);
                p[FEATURES + j] = p[FEATURES + j].wrapping_sub(opp[j]);
            }
        }
        if let Some(s) = new {
            let (own, opp) = (&e[2 * s], &e[2 * s + 1]);
            for j in 0..FEATURES {
                p[j] = p[j].wrapping_add(own[j]);
                p[FEATURES + j] = p[FEATURES + j].wrapping_add(opp[j]);
            }
        }
    }

    /// The network's score for the side to move of colour index `stm`.
    #[inline]
    pub fn output(&self, stm: usize) -> i32 {
        let (me, them) = (&self.pool[stm], &self.pool[1 - stm]);
        let mut x = [0i32; FEATURES];
        for j in 0..FEATURES {
            x[j] = (me[j] as i32 + them[FEATURES + j] as i32) << 5;
        }
        self.net.output(&x, stm)
    }

    pub fn pools(&self) -> &Pools {
        &self.pool
    }

    /// Puts back sums saved before (an undo).
    #[inline]
    pub fn set_pools(&mut self, pool: &Pools) {
        self.pool = *pool;
    }

    /// Forgets every cell (before a rebuild).
    pub fn clear(&mut self) {
        self.pool = [[0; 2 * FEATURES]; 2];
    }
}
