//! The evaluation as a linear model: a position's features are the counts of each shape over
//! the empty cells (for the side to move and for the other side, per colour) and one
//! threat-situation indicator, laid out like the parameters of a [`Weights`] file, so that
//! `features · parameters / divisor` is exactly the evaluator's score.

use crate::eval::pattern::Combo;
use crate::eval::weights::{threat_level, Weights, NLEVELS, NSHAPES};
use crate::game::board::EMPTY;
use crate::game::rule::Rule;
use crate::search::position::Position;

/// Number of parameters: `own[2][shapes]`, `opp[2][shapes]`, `threat[2][levels²]`.
pub const NPARAMS: usize = 4 * NSHAPES + 2 * NLEVELS * NLEVELS;
/// Index of the first threat-table parameter.
pub const THREAT_FROM: usize = 4 * NSHAPES;

/// Whether the colours share one table (every rule but renju, where black and white differ).
pub fn tied(rule: Rule) -> bool {
    rule != Rule::Renju
}

/// Whether the evaluation decides nothing here: the search settles such positions statically
/// (five points, an open four the opponent cannot answer with a five), so they are not fitted.
pub fn is_static(pos: &Position) -> bool {
    let (me, them) = (pos.side(), pos.side().opp());
    let (mine, theirs) = (pos.eval.counts(me), pos.eval.counts(them));
    let five = Combo::Five as usize;
    mine[five] > 0 || theirs[five] >= 2 || (mine[Combo::Flex4 as usize] > 0 && theirs[five] == 0)
}

/// Sparse features of a position: (parameter index, count), indices ascending.
pub fn extract(pos: &Position, scratch: &mut Vec<u16>) -> Vec<(u16, u16)> {
    scratch.clear();
    scratch.resize(NPARAMS, 0);
    let tie = tied(pos.rule());
    let (me, them) = (pos.side(), pos.side().opp());
    let slot = |c: crate::game::board::Color| if tie { 0 } else { c.index() };
    let (sm, st) = (slot(me), slot(them));
    let mut touched: Vec<u16> = Vec::with_capacity(256);
    let mut bump = |k: usize, scratch: &mut Vec<u16>| {
        if scratch[k] == 0 {
            touched.push(k as u16);
        }
        scratch[k] += 1;
    };
    let board = &pos.board;
    for i in board.all_cells() {
        if board.cell(i) != EMPTY {
            continue;
        }
        bump(sm * NSHAPES + pos.eval.shape(i, me), scratch);
        bump((2 + st) * NSHAPES + pos.eval.shape(i, them), scratch);
    }
    let level = threat_level(pos.eval.counts(me)) * NLEVELS + threat_level(pos.eval.counts(them));
    bump(4 * NSHAPES + sm * NLEVELS * NLEVELS + level, scratch);
    touched.sort_unstable();
    touched.iter().map(|&k| (k, scratch[k as usize])).collect()
}

/// The parameters of a table, in feature order (colour 0's when tied).
pub fn params_of(w: &Weights) -> Vec<f32> {
    let mut p = Vec::with_capacity(NPARAMS);
    for t in w.own.iter().chain(&w.opp).chain(&w.threat) {
        p.extend(t.iter().map(|&x| x as f32));
    }
    p
}

/// A table from parameters (rounded, clamped to i16; colour 0's copied to colour 1 when tied).
pub fn weights_of(rule: Rule, divisor: u8, p: &[f32]) -> Weights {
    let q = |x: f32| x.round().clamp(i16::MIN as f32, i16::MAX as f32) as i16;
    let part = |start: usize, n: usize| -> Vec<i16> {
        p[start..start + n].iter().map(|&x| q(x)).collect()
    };
    let nt = NLEVELS * NLEVELS;
    let (o0, o1) = (part(0, NSHAPES), part(NSHAPES, NSHAPES));
    let (p0, p1) = (part(2 * NSHAPES, NSHAPES), part(3 * NSHAPES, NSHAPES));
    let (t0, t1) = (part(4 * NSHAPES, nt), part(4 * NSHAPES + nt, nt));
    if tied(rule) {
        Weights::new(
            rule,
            divisor,
            [o0.clone(), o0],
            [p0.clone(), p0],
            [t0.clone(), t0],
        )
    } else {
        Weights::new(rule, divisor, [o0, o1], [p0, p1], [t0, t1])
    }
}
