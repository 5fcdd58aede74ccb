//! `Position`: the board plus its incremental evaluator, made and unmade together, with the
//! rule's legality tests (renju fouls) and the static ordering table of its evaluation
//! (`order.rs`). The evaluator keeps, per side and threat class (five point, open-four point,
//! four point, open-three point), the set of empty cells, so that the search asks "does the
//! opponent have a five point" or "where are my fours" for the price of a count or a walk over
//! a bitset.

use super::order::OrderTable;
use crate::eval::evaluator::{Evaluator, Threat};
use crate::eval::pattern::Combo;
use crate::eval::policy;
use crate::game::board::{Board, Color, EMPTY};
use crate::game::rule::{self, Rule};

#[derive(Clone)]
pub struct Position {
    pub board: Board,
    pub eval: Evaluator,
    rule: Rule,
    /// The static ordering scores of this evaluation's shapes ([`OrderTable`]).
    order: &'static OrderTable,
}

impl Position {
    pub fn new(board: Board, rule: Rule) -> Position {
        let eval = Evaluator::new(&board, rule);
        Position::from_parts(board, eval, rule)
    }

    fn from_parts(board: Board, eval: Evaluator, rule: Rule) -> Position {
        let order = OrderTable::of(eval.weights(), policy::for_rule(rule));
        Position {
            board,
            eval,
            rule,
            order,
        }
    }

    /// The static ordering scores of this position's evaluation.
    #[inline]
    pub fn order(&self) -> &'static OrderTable {
        self.order
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The static score for the side to move (tables plus network).
    #[inline]
    pub fn evaluate(&mut self) -> i32 {
        let side = self.side();
        self.eval.evaluate(&self.board, side)
    }

    #[inline]
    pub fn side(&self) -> Color {
        self.board.side_to_move()
    }

    #[inline]
    pub fn make(&mut self, i: usize) {
        self.board.make(i);
        self.eval.after_place(&self.board, i);
    }

    #[inline]
    pub fn undo(&mut self) {
        if let Some(i) = self.board.undo() {
            self.eval.after_remove(&self.board, i);
        }
    }

    /// Whether black may not play `i` (always false outside renju).
    #[inline]
    pub fn is_forbidden(&self, i: usize) -> bool {
        self.eval.maybe_forbidden(i) && rule::is_forbidden(&self.board, i)
    }

    /// Whether `i` is a foul for `c`: a renju forbidden point and `c` black (never for white,
    /// nor outside renju). The one test behind every "this side may not play there" of the
    /// search (`is_legal`, the horizon, the threat solvers), whichever side it asks about.
    #[inline]
    pub fn is_foul(&self, c: Color, i: usize) -> bool {
        c == Color::Black && self.is_forbidden(i)
    }

    /// Whether the side to move may play `i`.
    #[inline]
    pub fn is_legal(&self, i: usize) -> bool {
        self.board.cell(i) == EMPTY && !self.is_foul(self.side(), i)
    }

    /// Whether `c` can make an open four (or a double four) with its next move: a point of
    /// that class, not a forbidden one for renju black.
    #[inline]
    pub fn has_open_four_point(&self, c: Color) -> bool {
        if !self.rule.has_fouls(c) {
            return self.eval.count(c, Combo::Flex4) > 0;
        }
        // Black's likely fouls are not counted (`FOUL_FLAG`) but stay listed: a false
        // double three with an open four is still an open-four point.
        self.eval
            .cells(c, Threat::Flex4)
            .iter()
            .any(|i| !self.is_forbidden(i))
    }

    /// The combination `c` makes by playing `i`, with black's renju fouls worth nothing.
    #[inline]
    pub fn combo(&self, i: usize, c: Color) -> Combo {
        let k = self.eval.combo(i, c);
        if k >= Combo::DoubleFlex3 && k != Combo::Five && self.is_foul(c, i) {
            Combo::None
        } else {
            k
        }
    }
}
