//! Move generation and ordering for a node.
//!
//! Candidates: the empty cells next to a stone (the 5x5 box around each; the centre on an empty
//! board). Under the opponent's open three (or a 4-4 point) only our fours and the moves that
//! really defend are listed: the opponent's four-points on the threat's lines, each checked
//! (from the patterns, under renju by playing it) to leave the opponent no open-four point;
//! the walk covers the two sides' four-point sets instead of the whole neighbourhood.
//!
//! Ordering score: the static part by shape (what the cell is worth to us and what taking it
//! from the opponent is worth, from the evaluation's weights plus a learned per-shape
//! correction, read from `order.rs`'s table), plus the quiet history or, for our threat moves,
//! the attack history, plus the bonuses of the killers and the counter move; the TT move comes
//! first. `pick_next` takes the moves best first lazily (a few one at a time, then a chunk
//! sorted, the rest only when reached) in a total order, score then cell, so that the tree does
//! not depend on the sort's algorithm.
//!
//! Also the move classes the search asks about: quiet, attack (an open three or more for us),
//! four, defence, and the four-three and double-three points a setup move adds.

use super::order::{ATTACK, DEFEND};
use super::params::ATTACK_HISTORY_SHIFT;
use super::position::Position;
use super::tune::{counter_bonus, killer_bonus_first, killer_bonus_second};
use crate::eval::evaluator::{CellState, Evaluator, Threat};
use crate::eval::pattern::{Combo, Pattern};
use crate::eval::policy;
use crate::eval::weights::{HANDSET_OPP, HANDSET_OWN};
use crate::game::board::{Color, EMPTY};
use crate::game::pos::{line_offset, NCELLS, PAD, STRIDE};
use crate::game::rule::Rule;

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
    // Branch-free: every cell of the play area is written and the count advances for the
    // empty ones with a stone nearby (which they are is unpredictable: a branch on it was
    // mispredicted often). Same cells, same order (by index).
    let ((x0, x1), (y0, y1)) = b.play_bounds();
    out.resize((x1 - x0) * (y1 - y0), 0);
    let mut n = 0;
    for y in y0..y1 {
        let row = (y + PAD) * STRIDE + PAD;
        for i in row + x0..row + x1 {
            if let Some(slot) = out.get_mut(n) {
                *slot = i as u16;
            }
            n += ((b.cell(i) == EMPTY) & (b.near(i) > 0)) as usize;
        }
    }
    out.truncate(n);
    if out.is_empty() {
        // Only blocked squares nearby (or none at all): any empty square will do.
        out.extend(
            b.all_cells()
                .filter(|&i| b.cell(i) == EMPTY)
                .map(|i| i as u16),
        );
    }
}

/// The candidates a node under an open three of the opponent can list ([`is_listed`]):
/// our four-points and the opponent's (every real defence is one of the latter), in index
/// order. They are [`candidates`] too: a four-point has a stone within two cells on its
/// line. Walking these two threat lists instead of the whole neighbourhood (about seventy
/// cells, each checked for a four and a defence) gives the same lists (test
/// `threatened_nodes_list_what_the_whole_neighbourhood_gives`) and the same tree, with
/// `bench 10` under callgrind 3.234 G -> 3.067 G instructions (-5.2 %, the bench's start-up
/// included) and `bench 12` 4 % less time (52b3b16: nine interleaved runs each, median
/// 1.102 s -> 1.054 s).
pub fn threat_candidates(pos: &Position, out: &mut Vec<u16>) {
    out.clear();
    let e = &pos.eval;
    let me = pos.side();
    let fours = e
        .cells(me, Threat::Four)
        .union(e.cells(me.opp(), Threat::Four));
    out.extend(fours.iter().map(|i| i as u16));
}

/// Whether `c` can make a four (or better) along some line by playing `i`.
#[inline]
pub fn makes_four(pos: &Position, i: usize, c: Color) -> bool {
    pos.eval.cells(c, Threat::Four).contains(i)
}

/// Whether playing `i` is quiet for the side `me`: it makes no threat (no three, no four)
/// for either side.
#[inline]
pub fn is_quiet(pos: &Position, i: usize, me: Color) -> bool {
    pos.eval.combo(i, me) == Combo::None && pos.eval.combo(i, me.opp()) == Combo::None
}

/// Whether playing `i` makes a threat for `me` (an open three or more, fours included): the
/// moves the attack history orders and the continued attack follows (alphabeta.rs). One
/// definition with `fill`'s scoring loop, which reads the cell states directly.
#[inline]
pub fn is_attack(pos: &Position, i: usize, me: Color) -> bool {
    Evaluator::makes_threat(pos.eval.cell_states()[i].combo[me.index()])
}

/// `c`'s four-three and double-three points: the empty cells where one more stone of `c`
/// makes a four and an open three, or two open threes (a win on the move after, unless the
/// opponent has fours of its own). A quiet move that adds to either threatens to win and
/// is reduced LMR_SETUP (params.rs) less.
#[inline]
pub fn win_threat_points(pos: &Position, c: Color) -> (u16, u16) {
    (
        pos.eval.count(c, Combo::Block4Flex3),
        pos.eval.count(c, Combo::DoubleFlex3),
    )
}

/// Whether `after` has more of either kind of point than `before` (see [`win_threat_points`]).
#[inline]
pub fn adds_win_threat(before: (u16, u16), after: (u16, u16)) -> bool {
    after.0 > before.0 || after.1 > before.1
}

/// Whether `q` defends against the opponent's open-four point `f` by the lines: it is `f`
/// itself, or a cell within five steps of `f` on a line where `f` makes a four for `opp`.
/// Every defence of an open three or a 4-4 point that is not a counter-four is such a
/// cell and also one of the opponent's four-points.
#[inline]
fn on_threat_line(pos: &Position, opp: Color, f: usize, q: usize) -> bool {
    f == q || line_offset(f, q).is_some_and(|(d, _)| pos.eval.pattern(f, opp, d) >= Pattern::B4)
}

/// Whether `i` may defend the side to move against the opponent's open three (or 4-4
/// point): a four-point of the opponent on the line of one of its open-four points.
#[inline]
fn may_defend(
    pos: &Position,
    opp: Color,
    i: usize,
    mut points: impl Iterator<Item = usize>,
) -> bool {
    makes_four(pos, i, opp) && points.any(|f| on_threat_line(pos, opp, f, i))
}

/// The opponent's open-four points, listed once for a node that asks [`is_defence_among`]
/// about many cells (walking the set passes over all its words each time): `bench 10`
/// 3.067 G -> 3.043 G instructions, same tree (5a089b1).
pub struct ThreatPoints {
    cells: [u16; Self::CAP],
    /// How many; more than `CAP` (not listed) is `CAP + 1`.
    n: usize,
}

impl ThreatPoints {
    const CAP: usize = 32;

    /// The open-four points of the side not to move in `pos`.
    pub fn of(pos: &Position) -> ThreatPoints {
        let mut p = ThreatPoints {
            cells: [0; Self::CAP],
            n: 0,
        };
        for f in pos.eval.cells(pos.side().opp(), Threat::Flex4).iter() {
            if p.n == Self::CAP {
                p.n += 1;
                break;
            }
            p.cells[p.n] = f as u16;
            p.n += 1;
        }
        p
    }

    fn listed(&self) -> Option<&[u16]> {
        self.cells.get(..self.n)
    }
}

/// Whether playing `i` really defends the side to move against the opponent's open threes
/// and 4-4 points: afterwards the opponent has no open-four point left. Tried only on the
/// cells `may_defend` keeps: read from the patterns ([`Evaluator::flex4_survives`]),
/// under renju by a make and an undo (the make cost 11 % of the bench's instructions).
///
/// [`Evaluator::flex4_survives`]: crate::eval::evaluator::Evaluator::flex4_survives
pub fn is_defence(pos: &mut Position, i: usize) -> bool {
    let opp = pos.side().opp();
    if !may_defend(pos, opp, i, pos.eval.cells(opp, Threat::Flex4).iter()) {
        return false;
    }
    if pos.rule() != Rule::Renju {
        return !pos.eval.flex4_survives(&pos.board, i, opp);
    }
    defends_by_making(pos, i)
}

/// [`is_defence`] with the opponent's open-four points listed once ([`ThreatPoints::of`]
/// this position): the same answer.
pub fn is_defence_among(pos: &mut Position, i: usize, points: &ThreatPoints) -> bool {
    let Some(points) = points.listed() else {
        return is_defence(pos, i);
    };
    let opp = pos.side().opp();
    let each = points.iter().map(|&f| f as usize);
    if !may_defend(pos, opp, i, each.clone()) {
        return false;
    }
    if pos.rule() != Rule::Renju {
        return !pos.eval.flex4_survives_among(&pos.board, i, opp, each);
    }
    defends_by_making(pos, i)
}

/// Whether the opponent has no open-four point left once `i` is played (renju: white's
/// stones change black's fouls, so the patterns alone cannot say).
fn defends_by_making(pos: &mut Position, i: usize) -> bool {
    let opp = pos.side().opp();
    pos.make(i);
    let ok = !pos.has_open_four_point(opp);
    pos.undo();
    ok
}

/// Whether `i`, an empty cell next to a stone, is a move [`fill`] lists for the side to
/// move: when the opponent can make an open four (`threatened`), only our fours and real
/// defences ([`is_defence`]); never a renju foul for black.
#[inline]
pub fn is_listed(pos: &mut Position, i: usize, threatened: bool) -> bool {
    let me = pos.side();
    if threatened && !makes_four(pos, i, me) && !is_defence(pos, i) {
        return false;
    }
    // Not a renju foul for black (`i` is empty).
    pos.is_legal(i)
}

/// [`is_listed`] with the opponent's open-four points given when `threatened`.
#[inline]
fn is_listed_among(pos: &mut Position, i: usize, threats: Option<&ThreatPoints>) -> bool {
    let me = pos.side();
    if let Some(points) = threats {
        if !makes_four(pos, i, me) && !is_defence_among(pos, i, points) {
            return false;
        }
    }
    pos.is_legal(i)
}

/// Whether the search may play `m` (a TT move) before the list is generated: it is a move
/// [`fill`] would list (an empty cell next to a stone that passes [`is_listed`]). A move
/// from another position (a key collision) is refused.
pub fn is_playable_early(pos: &mut Position, m: u16, threatened: bool) -> bool {
    let i = m as usize;
    i < crate::game::pos::NCELLS
        && pos.board.cell(i) == EMPTY
        && pos.board.near(i) > 0
        && is_listed(pos, i, threatened)
}

/// Moves for a node with their ordering scores, unordered, into `list` (cleared first):
/// the [`candidates`] that pass [`is_listed`]. `killers` holds the two killers and the
/// counter move; `buf` is scratch space. The search takes them in order with
/// [`pick_next`]; [`generate`] sorts them.
pub fn fill(
    pos: &mut Position,
    buf: &mut Vec<u16>,
    list: &mut Vec<(u16, i32)>,
    history: &[[i32; 4]],
    killers: [u16; 3],
    tt_move: u16,
) {
    let me = pos.side();
    let threatened = pos.has_open_four_point(me.opp());
    // The candidates `is_listed` keeps: under an open three only our fours and real
    // defences; never a renju foul for black (elsewhere every candidate passes).
    if threatened {
        let threats = ThreatPoints::of(pos);
        threat_candidates(pos, buf);
        buf.retain(|&m| is_listed_among(pos, m as usize, Some(&threats)));
    } else {
        candidates(pos, buf);
        if pos.rule().has_fouls(me) {
            buf.retain(|&m| is_listed_among(pos, m as usize, None));
        }
    }
    // The static score with the learned correction (eval/policy.rs: +32.2 +/- 18.8 over 781
    // games at 100 ms, SPRT [0, 10] H1, 767edac) and the history, in one tight loop.
    let f = FreeScores::of(pos, history);
    list.clear();
    list.extend(buf.iter().map(|&mv| (mv, f.score(mv))));
    // By the distances from the last two stones: none shipped (+5.2 +/- 16.7, 3e9b334).
    if let Some(p) = policy::for_rule(pos.rule()).filter(|_| policy::uses_near(pos.rule())) {
        let played = pos.board.moves();
        let last = played.last().map(|&m| m as usize);
        let prev = played.len().checked_sub(2).map(|k| played[k] as usize);
        for e in list.iter_mut() {
            e.1 += p.near_bonus(e.0 as usize, last, prev);
        }
    }
    // The TT move, killers and counter move, found by bisection (the list is in index
    // order, as the candidates are), each given the first of these bonuses it qualifies for.
    let special = [tt_move, killers[0], killers[1], killers[2]];
    let bonus = [
        1 << 28,
        killer_bonus_first(),
        killer_bonus_second(),
        counter_bonus(),
    ];
    for (k, &mv) in special.iter().enumerate() {
        if !special[..k].contains(&mv) {
            if let Ok(at) = buf.binary_search(&mv) {
                list[at].1 += bonus[k];
            }
        }
    }
}

/// [`fill`]'s scores before the corrections by distances and the TT move's, killers' and
/// counter move's bonuses: the tables read once, the loop over the moves kept to loads and
/// adds, and those bonuses added after it to the four moves they concern (four compares a
/// candidate before). Where the node is not under an open three `fill` scores 68 moves on
/// average and the search takes 6.7 of them (`bench 12`: 7.35 M moves listed at 107,347
/// nodes, 616,691 taken after the first; 5e09038), so this loop is most of the list's
/// cost. Same scores (test `fill_scores_as_the_general_formula`), same tree. (Not kept, same
/// commit: listing the threat moves first from the threat lists and the quiet rest only
/// when a move taken might score below the best quiet one. The quiet moves' bound, 3,255
/// on the freestyle table, is above most threat moves' scores, whose learned parts are
/// often negative: 19,347 of the 24,122 moves asked for before the rest was listed needed
/// it, 14,478 of them a node's first move, and `bench 10` ran 0.8 % more instructions.)
struct FreeScores<'a> {
    cells: &'a [CellState; NCELLS],
    own: &'a [i32],
    theirs: &'a [i32],
    history: &'a [[i32; 4]],
    m: usize,
    o: usize,
}

impl FreeScores<'_> {
    fn of<'a>(pos: &'a Position, history: &'a [[i32; 4]]) -> FreeScores<'a> {
        let me = pos.side();
        let (own, theirs) = pos.order().parts(me);
        FreeScores {
            cells: pos.eval.cell_states(),
            own,
            theirs,
            history,
            m: me.index(),
            o: me.opp().index(),
        }
    }

    /// [`fill`]'s score of the move `mv` before the TT move's, killers' and counter move's
    /// bonuses.
    #[inline(always)]
    fn score(&self, mv: u16) -> i32 {
        let i = mv as usize;
        let c = &self.cells[i];
        let s = self.own[c.shape[self.m] as usize] + self.theirs[c.shape[self.o] as usize];
        s + if Evaluator::makes_threat(c.combo[self.m]) {
            self.history[i][2 + self.m] >> ATTACK_HISTORY_SHIFT
        } else {
            self.history[i][self.m] >> 8
        }
    }
}

/// The order of a move list: higher score first, then lower cell index. A total order,
/// so the order does not depend on the sort's algorithm (an unstable sort may order ties
/// differently from one standard library to the next; its algorithm changed in Rust 1.81),
/// and picking the best one at a time ([`pick_next`]) gives the order a sort gives.
/// (One integer: the score's distance below the largest `i32`, then the cell.)
#[inline]
fn order_key(e: &(u16, i32)) -> u64 {
    ((i32::MAX as i64 - e.1 as i64) as u64) << 16 | e.0 as u64
}

/// Moves `list[n..]`'s first move in `order_key` order to `n`, the list before `n`
/// being the moves already taken. The first moves are picked one at a time (most nodes
/// cut off on their first or second move); when the `LAZY_PICKS`-th is asked for, the next
/// `CHUNK` are split off the rest (a selection) and sorted, and the rest only when a move
/// past them is asked for. (f6e2202, 12 freestyle middle-game searches under cachegrind,
/// same tree: 6 picks one at a time cost 0.4 % more instructions than 3, 12 picks 0.7 %
/// more. d4520d3, the chunk against sorting all the rest at once, same tree: `bench 10`
/// 2.786 G -> 2.743 G instructions, `bench 12` 8.123 G -> 7.969 G; chunks of 5, 8, 12 and
/// 24 saved less.)
#[inline]
pub fn pick_next(list: &mut [(u16, i32)], n: usize) {
    const LAZY_PICKS: usize = 3;
    const CHUNK: usize = 16;
    if n < LAZY_PICKS {
        let best = (n..list.len()).min_by_key(|&k| order_key(&list[k]));
        if let Some(k) = best {
            list.swap(n, k);
        }
    } else if n == LAZY_PICKS && list.len() > n + CHUNK {
        let rest = &mut list[n..];
        rest.select_nth_unstable_by_key(CHUNK - 1, order_key);
        rest[..CHUNK].sort_unstable_by_key(order_key);
    } else if n == LAZY_PICKS || n == LAZY_PICKS + CHUNK {
        list[n..].sort_unstable_by_key(order_key);
    }
}

/// Moves for a node, best first, with their ordering scores: [`fill`], sorted.
pub fn generate(
    pos: &mut Position,
    buf: &mut Vec<u16>,
    history: &[[i32; 4]],
    killers: [u16; 3],
    tt_move: u16,
) -> Vec<(u16, i32)> {
    let mut list = Vec::with_capacity(buf.len());
    fill(pos, buf, &mut list, history, killers, tt_move);
    list.sort_unstable_by_key(order_key);
    list
}

/// Static ordering score of `i` for the side `me`.
#[inline]
pub fn score_move(pos: &Position, i: usize, me: Color) -> i32 {
    let opp = me.opp();
    let a = pos.eval.combo(i, me) as usize;
    let d = pos.eval.combo(i, opp) as usize;
    // The cell's worth in the evaluation's own units: its shape for us as the side to move
    // (hand-set tables weigh it 9 x value) and the opponent's shape there against us (-8 x).
    // Against the hand-set values: +12.2 +/- 33.6 Elo (400 games, 100 ms/move, balanced
    // openings, SPRT [0,10] inconclusive at LLR 0.25) and 26 % fewer nodes to depth 9 on the
    // bench (326,148 against 439,713).
    let own = pos.eval.learned(i, me)[0] as i32 / HANDSET_OWN;
    let theirs = -(pos.eval.learned(i, opp)[1] as i32) / HANDSET_OPP;
    ATTACK[a] + DEFEND[d] + own * 2 + theirs
}

/// The first cell where `c` gets threat class `t` (no allocation, no scan: the threat
/// solvers call this at every node).
#[inline]
pub fn first_with(pos: &Position, c: Color, t: Threat) -> Option<usize> {
    pos.eval.cells(c, t).first()
}

/// All empty cells where `c` gets threat class `t`, in index order.
pub fn find_all(pos: &Position, c: Color, t: Threat) -> Vec<usize> {
    pos.eval.cells(c, t).iter().collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    #[test]
    fn a_quiet_move_that_makes_a_four_three_point_is_told_from_other_quiet_moves() {
        use crate::game::board::Board;
        use crate::game::pos::Pos;
        let at = |x, y| Pos::new(x, y).idx();
        let mut pos = Position::new(Board::new(15, 15), Rule::Freestyle);
        // Black: an open two on row 7, and two stones on column 8 that white closes from
        // above; white's stones far away in between.
        for (x, y) in [
            (5, 7),
            (0, 0),
            (6, 7),
            (0, 2),
            (8, 4),
            (8, 3),
            (8, 5),
            (0, 4),
        ] {
            pos.make(at(x, y));
        }
        let me = pos.side();
        assert_eq!(me, Color::Black);
        let before = win_threat_points(&pos, me);
        // 8,6 makes a closed three on column 8 and nothing else (a quiet move), but 8,7 is
        // then a four-three point: a four on column 8 and the split three 5,6,_,8 on row 7.
        let setup = at(8, 6);
        assert!(is_quiet(&pos, setup, me));
        pos.make(setup);
        assert_eq!(pos.eval.combo(at(8, 7), me), Combo::Block4Flex3);
        assert!(adds_win_threat(before, win_threat_points(&pos, me)));
        pos.undo();
        // A quiet stone far from the others threatens nothing.
        let far = at(12, 12);
        assert!(is_quiet(&pos, far, me));
        pos.make(far);
        assert!(!adds_win_threat(before, win_threat_points(&pos, me)));
        pos.undo();
        assert!(!adds_win_threat((2, 1), (2, 0)));
        assert!(adds_win_threat((2, 1), (1, 2)));
    }

    #[test]
    fn candidates_are_the_empty_cells_next_to_a_stone_in_index_order() {
        use crate::game::board::Board;
        let mut rng = StdRng::seed_from_u64(5);
        for size in [5, 15, 20, 32] {
            let mut pos = Position::new(Board::new(size, size), Rule::Freestyle);
            let mut buf = Vec::new();
            for _ in 0..(size * size / 2) {
                candidates(&pos, &mut buf);
                let b = &pos.board;
                let want: Vec<u16> = b
                    .all_cells()
                    .filter(|&i| b.cell(i) == EMPTY && b.near(i) > 0)
                    .map(|i| i as u16)
                    .collect();
                if b.stones() > 0 {
                    assert_eq!(buf, want, "size {size}, {} stones", b.stones());
                }
                // Anywhere on the board, the edges included.
                let empty: Vec<usize> = b.all_cells().filter(|&i| b.cell(i) == EMPTY).collect();
                pos.make(empty[rng.gen_range(0..empty.len())]);
            }
        }
    }

    /// Plays a random legal move among the [`candidates`] (`buf` is scratch space); false when
    /// there is none.
    fn play_random_candidate(pos: &mut Position, rng: &mut StdRng, buf: &mut Vec<u16>) -> bool {
        candidates(pos, buf);
        let legal: Vec<u16> = buf
            .iter()
            .copied()
            .filter(|&m| pos.is_legal(m as usize))
            .collect();
        if legal.is_empty() {
            return false;
        }
        pos.make(legal[rng.gen_range(0..legal.len())] as usize);
        true
    }

    /// Under an open three of the opponent, the cells listed from the two sides' four-points
    /// are the ones listed from the whole neighbourhood, under every rule and board size,
    /// in random games (stones near the others, so that threes and fours come often).
    #[test]
    fn threatened_nodes_list_what_the_whole_neighbourhood_gives() {
        use crate::game::board::Board;
        let mut rng = StdRng::seed_from_u64(47);
        let mut threatened = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            for size in [9, 15, 20] {
                for _ in 0..12 {
                    let mut pos = Position::new(Board::new(size, size), rule);
                    let mut all = Vec::new();
                    let mut fours = Vec::new();
                    for _ in 0..size * size / 2 {
                        let opp = pos.side().opp();
                        if pos.eval.count(opp, Combo::Five) > 0
                            || pos.eval.count(pos.side(), Combo::Five) > 0
                        {
                            break;
                        }
                        if pos.has_open_four_point(opp) {
                            threatened += 1;
                            candidates(&pos, &mut all);
                            all.retain(|&m| is_listed(&mut pos, m as usize, true));
                            threat_candidates(&pos, &mut fours);
                            let points = ThreatPoints::of(&pos);
                            fours.retain(|&m| is_listed_among(&mut pos, m as usize, Some(&points)));
                            assert_eq!(fours, all, "{rule:?} {size}x{size}");
                        }
                        if !play_random_candidate(&mut pos, &mut rng, &mut all) {
                            break;
                        }
                    }
                }
            }
        }
        assert!(threatened > 1000, "only {threatened} threatened positions");
    }

    /// The ordering table gives every cell the hand-set score plus the learned correction,
    /// for both sides, under every rule, in random games.
    #[test]
    fn the_order_table_scores_as_the_shapes_do() {
        use crate::game::board::Board;
        let mut rng = StdRng::seed_from_u64(471);
        let mut checked = 0;
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            let learned = policy::for_rule(rule);
            for _ in 0..6 {
                let mut pos = Position::new(Board::new(15, 15), rule);
                let mut cells = Vec::new();
                for _ in 0..60 {
                    candidates(&pos, &mut cells);
                    for &m in &cells {
                        let i = m as usize;
                        for me in [Color::Black, Color::White] {
                            let want = score_move(&pos, i, me)
                                + learned.map_or(0, |p| p.shape_bonus(&pos.eval, i, me));
                            assert_eq!(pos.order().score(&pos.eval, i, me), want, "{rule:?}");
                            checked += 1;
                        }
                    }
                    if pos.eval.count(pos.side(), Combo::Five) > 0
                        || !play_random_candidate(&mut pos, &mut rng, &mut cells)
                    {
                        break;
                    }
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// `fill`'s list as its general formula writes it, move by move: the candidates that
    /// pass `is_listed`, each scored with the order table, the corrections by distances, the
    /// first bonus it qualifies for (TT move, killer, second killer, counter move) and its
    /// history (the attack history for a move that makes a threat).
    fn reference_fill(
        pos: &mut Position,
        history: &[[i32; 4]],
        killers: [u16; 3],
        tt_move: u16,
    ) -> Vec<(u16, i32)> {
        let me = pos.side();
        let threatened = pos.has_open_four_point(me.opp());
        let mut all = Vec::new();
        candidates(pos, &mut all);
        let near = policy::for_rule(pos.rule()).filter(|_| policy::uses_near(pos.rule()));
        let played = pos.board.moves().to_vec();
        let last = played.last().map(|&m| m as usize);
        let prev = played.len().checked_sub(2).map(|k| played[k] as usize);
        let mut list = Vec::new();
        for m in all {
            let i = m as usize;
            if !is_listed(pos, i, threatened) {
                continue;
            }
            let mut s = pos.order().score(&pos.eval, i, me);
            s += near.map_or(0, |p| p.near_bonus(i, last, prev));
            if m == tt_move {
                s += 1 << 28;
            } else if m == killers[0] {
                s += killer_bonus_first();
            } else if m == killers[1] {
                s += killer_bonus_second();
            } else if m == killers[2] {
                s += counter_bonus();
            }
            s += if is_attack(pos, i, me) {
                history[i][2 + me.index()] >> ATTACK_HISTORY_SHIFT
            } else {
                history[i][me.index()] >> 8
            };
            list.push((m, s));
        }
        list
    }

    /// `fill` lists the moves its general formula lists, with the same scores and in the
    /// same order, with random histories and random TT moves, killers and counter moves
    /// (repeated, missing, or none), in random games under every rule and board size, under
    /// an open three and not.
    #[test]
    fn fill_scores_as_the_general_formula() {
        use crate::game::board::Board;
        let mut rng = StdRng::seed_from_u64(60);
        let (mut buf, mut list) = (Vec::new(), Vec::new());
        let (mut free, mut threatened) = (0, 0);
        for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro] {
            for size in [9, 15, 20] {
                for _ in 0..8 {
                    let mut pos = Position::new(Board::new(size, size), rule);
                    let mut history = vec![[0i32; 4]; crate::game::pos::NCELLS];
                    for h in history.iter_mut().flatten() {
                        *h = rng.gen_range(-(1 << 16)..=1 << 16);
                    }
                    for _ in 0..size * size / 2 {
                        let me = pos.side();
                        if pos.eval.count(me.opp(), Combo::Five) > 0
                            || pos.eval.count(me, Combo::Five) > 0
                        {
                            break;
                        }
                        candidates(&pos, &mut buf);
                        // The TT move, killers and counter move: candidates, repeats, none.
                        let mut pick = || match rng.gen_range(0..4) {
                            0 => 0,
                            _ => buf[rng.gen_range(0..buf.len())],
                        };
                        let (tt, killers) = (pick(), [pick(), pick(), pick()]);
                        fill(&mut pos, &mut buf, &mut list, &history, killers, tt);
                        let want = reference_fill(&mut pos, &history, killers, tt);
                        assert_eq!(list, want, "{rule:?} {size}x{size}");
                        if pos.has_open_four_point(me.opp()) {
                            threatened += 1;
                        } else {
                            free += 1;
                        }
                        if !play_random_candidate(&mut pos, &mut rng, &mut buf) {
                            break;
                        }
                    }
                }
            }
        }
        assert!(
            free > 1000 && threatened > 100,
            "{free} free, {threatened} threatened"
        );
    }

    #[test]
    fn picking_one_at_a_time_gives_the_sorted_order() {
        let mut rng = StdRng::seed_from_u64(21);
        for len in [0, 1, 2, 3, 4, 5, 9, 40, 120] {
            for _ in 0..50 {
                // Few distinct scores, the extremes among them: many ties, broken by the cell.
                let scores = [i32::MIN, -(1 << 28), -1, 0, 1, 1 << 28, i32::MAX];
                let list: Vec<(u16, i32)> = (0..len)
                    .map(|k| {
                        let s = scores[rng.gen_range(0..scores.len())];
                        (k as u16 * 7 % 1000 + rng.gen_range(0..5), s)
                    })
                    .collect();
                let mut sorted = list.clone();
                sorted.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
                let mut picked = list.clone();
                for n in 0..picked.len() {
                    pick_next(&mut picked, n);
                }
                assert_eq!(picked, sorted, "length {len}");
            }
        }
    }
}
