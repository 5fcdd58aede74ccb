//! Candidate generation and ordering: threats first, then the TT move, killers,
//! history, and pattern values.

use super::position::Position;
use crate::eval::pattern::{Combo, Pattern};
use crate::game::board::{Color, EMPTY};

/// Ordering weight of what a move does for the mover.
const ATTACK: [i32; 9] = [0, 400, 500, 3000, 300, 600, 5000, 10000, 100_000];
/// Ordering weight of what it takes away from the opponent.
const DEFEND: [i32; 9] = [0, 300, 350, 2000, 150, 200, 2500, 6000, 50_000];

/// All empty cells inside the stones' neighbourhood (or the centre on an empty board).
pub fn candidates(pos: &Position, out: &mut Vec<u16>) {
    out.clear();
    let b = &pos.board;
    if b.stones() == 0 {
        let c = b.center();
        if b.cell(c) == EMPTY {
            out.push(c as u16);
            return;
        }
    }
    for i in b.play_area() {
        if b.cell(i) == EMPTY && b.near(i) > 0 {
            out.push(i as u16);
        }
    }
    if out.is_empty() {
        // Only blocked squares nearby (or none at all): any empty square will do.
        out.extend(
            b.all_cells()
                .filter(|&i| b.cell(i) == EMPTY)
                .map(|i| i as u16),
        );
    }
}

/// Whether `c` can make a four (or better) along some line by playing `i`.
#[inline]
pub fn makes_four(pos: &Position, i: usize, c: Color) -> bool {
    (0..4).any(|d| pos.eval.pattern(i, c, d) >= Pattern::B4)
}

/// Moves for a node. When the opponent can make an open four next move, only moves
/// that make our own four or that stand on the opponent's four-making points are kept
/// (every defence of an open three or a 4-4 point is among them).
pub fn generate(
    pos: &Position,
    buf: &mut Vec<u16>,
    history: &[[i32; 2]],
    killers: [u16; 2],
    tt_move: u16,
) -> Vec<(u16, i32)> {
    let me = pos.side();
    let opp = me.opp();
    candidates(pos, buf);
    let threatened = pos.eval.count(opp, Combo::Flex4) > 0;
    let mut list = Vec::with_capacity(buf.len());
    for &m in buf.iter() {
        let i = m as usize;
        if threatened && !makes_four(pos, i, me) && !makes_four(pos, i, opp) {
            continue;
        }
        let mut s = score_move(pos, i, me);
        if me == Color::Black && pos.eval.maybe_forbidden(i) && pos.is_forbidden(i) {
            continue;
        }
        if m == tt_move {
            s += 1 << 28;
        } else if m == killers[0] {
            s += 20_000;
        } else if m == killers[1] {
            s += 15_000;
        }
        s += history[i][me.index()] >> 4;
        list.push((m, s));
    }
    list.sort_unstable_by_key(|m| std::cmp::Reverse(m.1));
    list
}

/// Static ordering score of `i` for the side `me`.
#[inline]
pub fn score_move(pos: &Position, i: usize, me: Color) -> i32 {
    let opp = me.opp();
    let a = pos.eval.combo(i, me) as usize;
    let d = pos.eval.combo(i, opp) as usize;
    ATTACK[a] + DEFEND[d] + pos.eval.value(i, me) * 2 + pos.eval.value(i, opp)
}

/// The first empty cell near the stones where `c` gets `combo` (no allocation: the threat
/// solvers call this at every node).
pub fn first_with(pos: &Position, c: Color, combo: Combo) -> Option<usize> {
    let b = &pos.board;
    b.play_area()
        .find(|&i| b.cell(i) == EMPTY && b.near(i) > 0 && pos.eval.combo(i, c) == combo)
}

/// All empty cells where `c` gets `combo`.
pub fn find_all(pos: &Position, c: Color, combo: Combo, buf: &mut Vec<u16>) -> Vec<usize> {
    candidates(pos, buf);
    buf.iter()
        .map(|&m| m as usize)
        .filter(|&i| pos.eval.combo(i, c) == combo)
        .collect()
}
