//! Time manager: a budget per move from `timeout_turn`, `timeout_match` and `time_left`, and
//! the rule by which iterative deepening (`iterative.rs`) decides, after each iteration,
//! whether to start another. The match-clock rules are those of Rapfi's classical engine,
//! written anew in Wuzi's units and inside Wuzi's safety margins.
//!
//! **Safety.** Nothing is planned past the per-move limit less its margin (a sixteenth of it,
//! 40 to 500 ms). From the match clock a margin of the same form is kept back, and
//! RESERVE_PER_MOVE_MS for each move we may still have to play (half the empty cells, rounded
//! up: our moves to go); what is left is the usable clock. The budget's maximum is the hard
//! deadline: no search thread runs past it.
//!
//! **The budget** (`TimeControl::budget`) has an optimum, a maximum and a plan:
//! * no match clock: optimum = maximum = the per-move limit less its margin (`Plan::Optimum`),
//!   so iterations start until the maximum, since an unfinished iteration still improves the
//!   move;
//! * with a match clock the maximum is also at most the usable clock / min(MATCH_SPACE_MIN,
//!   moves to go). The clock is ample when the per-move limit times our moves to go (at most
//!   MOVE_HORIZON of them) is less than the usable clock: then the optimum is
//!   ADVANCED_STOP of the maximum and the search stops after the first iteration that ends
//!   past it (`Plan::Optimum`);
//! * otherwise (`Plan::Clock`) the optimum is the least of ADVANCED_STOP of the maximum, the
//!   maximum / BRANCH_FACTOR × importance(stones on the board), and the usable clock /
//!   min(MATCH_SPACE, moves to go). `importance` is 1.10 on an empty board, 0.90 at 60
//!   stones, 0.61 at 100 and 0.37 at 150: early moves get more.
//!
//! **The stop rule** (`Budget::stop_after`, `Plan::Clock` only): after an iteration at depth
//! `d` the search stops once the time used passes
//! min(optimum × instability × stability × falling, maximum / (DIVISOR_BIAS + DIVISOR_SCALE ×
//! d^DIVISOR_POW)), where
//! * falling = FALLING_BIAS + FALLING_PER_POINT × (the previous search's score − this
//!   iteration's score), within FALLING_MIN..FALLING_MAX: a score that fell since our last
//!   move buys time, a steady one leaves about half the optimum (at the top with no earlier
//!   search in this game);
//! * stability = (the previous search's stable-move divisor)^PREVIOUS_STABLE_POW / (1 +
//!   STABLE_STEP × the iterations since the best move last changed): a settled best move
//!   shortens the move, and some of what a settled previous move saved comes back;
//! * instability = 1 + INSTABILITY_WEIGHT × the root's best-move changes, a sum halved before
//!   each iteration (CHANGES_DECAY);
//! * the depth's divisor keeps a deep iteration, which costs a multiple of the one before,
//!   from starting late in the maximum.
//!
//! What one search leaves for the next (`LastSearch`: its score and its divisor) is kept
//! with the move statistics of the game (`alphabeta.rs`, `MoveStats`) and forgotten at a new
//! game.
//!
//! Worth, at 24 s a game and 1 s a move on 15x15 against the two-level rule before it
//! (4c358e8): +12.5 ± 59.4 in self-play (111 games, stopped); against Rapfi's classical
//! engine 36.8 % on the board (38 games) where the two-level rule scored 28.8 % (40 games).
//! No game lost on time.

use std::time::Duration;

// ---------------------------------------------------------------------------------------
// Constants (Rapfi's classical values unless stated)
// ---------------------------------------------------------------------------------------

/// Match time kept back for each move we may still have to play (half the empty cells):
/// a move played with no budget still costs about a millisecond here and the manager's
/// pipe and scheduling on top. Without it a game that fills the board spends the whole
/// margin on those moves: in a c-gomoku-cli soak at `tc=12/0.5` (200 games, 056cd50)
/// board-full games ended with 2 ms of 12 s left. With 4 ms a move, a 15x15 game keeps
/// 450 ms back at the start (0.4 % of a 120 s clock) and the reserve shrinks as it goes.
pub const RESERVE_PER_MOVE_MS: i64 = 4;
/// The maximum is at most the usable clock over this many moves (fewer if fewer are left).
const MATCH_SPACE_MIN: i64 = 7;
/// The optimum is at most the usable clock over this many moves (fewer if fewer are left).
const MATCH_SPACE: i64 = 22;
/// "Ample" looks at most this many of our moves ahead.
const MOVE_HORIZON: i64 = 64;
/// The optimum is at most this share of the maximum (all of it under an ample clock).
const ADVANCED_STOP: f64 = 0.9;
/// The optimum is at most the maximum over this (the cost of one more iteration) × importance.
const BRANCH_FACTOR: f64 = 1.7;
/// Importance: the stone count at which the main curve is halfway down.
const IMPORTANCE_SHIFT: f64 = 50.0;
/// Importance: the stones over which the main curve falls by a factor of e.
const IMPORTANCE_SCALE: f64 = 8.0;
/// Importance: the main curve's exponent (how far it falls).
const IMPORTANCE_SKEW: f64 = 0.08;
/// Importance: the bonus of the first moves ...
const OPENING_BONUS: f64 = 0.1;
/// ... which decays by a factor of e every 1 / OPENING_DECAY stones.
const OPENING_DECAY: f64 = 0.04;
/// Importance never goes below this.
const IMPORTANCE_FLOOR: f64 = 0.01;
/// Falling factor for a score equal to the previous search's.
const FALLING_BIAS: f64 = 0.544;
/// Falling factor per point the score fell since the previous search: Rapfi's 0.0032 per
/// Rapfi unit, converted at 200 of its units a logit (its default scaling factor) against
/// Wuzi's 1,030 a logit (`params.rs`): a fall of one logit adds 0.64.
const FALLING_PER_POINT: f64 = 0.0032 * 200.0 / 1030.0;
/// Least falling factor (reached by a rise of about 70 points).
const FALLING_MIN: f64 = 0.5;
/// Greatest falling factor (reached by a fall of about 1.5 logits, and with no earlier
/// search in the game).
const FALLING_MAX: f64 = 1.5;
/// Stable-move divisor: added per iteration since the best move last changed.
const STABLE_STEP: f64 = 0.0125;
/// Power of the previous search's stable-move divisor carried into this one.
const PREVIOUS_STABLE_POW: f64 = 0.528;
/// Weight of the decaying count of best-move changes.
pub const INSTABILITY_WEIGHT: f64 = 2.0;
/// The count of best-move changes is multiplied by this before each iteration.
pub const CHANGES_DECAY: f64 = 0.5;
/// Depth divisor of the maximum: its constant part ...
const DIVISOR_BIAS: f64 = 1.25;
/// ... plus this ...
const DIVISOR_SCALE: f64 = 0.02;
/// ... times the depth to this power.
const DIVISOR_POW: f64 = 1.4;

/// Managers send this as "no match limit".
const UNLIMITED: i64 = 2_147_483_647;

/// Safety margin kept back from a limit of `ms`: I/O latency and scheduling jitter
/// on a busy machine, more for long limits where a few percent costs nothing.
pub fn margin(ms: i64) -> i64 {
    (ms / 16).clamp(40, 500)
}

/// How much a move at `stones` stones is worth thinking on, against the others.
fn importance(stones: usize) -> f64 {
    let s = stones as f64;
    let main = (1.0 + ((s - IMPORTANCE_SHIFT) / IMPORTANCE_SCALE).exp()).powf(-IMPORTANCE_SKEW);
    let opening = OPENING_BONUS * (-OPENING_DECAY * s).exp();
    (main + opening).max(IMPORTANCE_FLOOR)
}

/// The clock settings the manager sent (milliseconds).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Limit per move; 0 means "answer at once".
    pub turn_ms: i64,
    /// Limit for the whole game; 0 means none.
    pub match_ms: i64,
    /// Match time remaining, when the manager said so.
    pub left_ms: Option<i64>,
}

impl Default for TimeControl {
    fn default() -> Self {
        // The protocol's skeleton default when no INFO timeout_turn arrives.
        TimeControl {
            turn_ms: 30_000,
            match_ms: 0,
            left_ms: None,
        }
    }
}

/// How the iterations of a search stop (the hard deadline, `Budget::maximum`, applies to all).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plan {
    /// Stop after the first iteration that ends past the optimum (with no match clock to save
    /// for the optimum is the maximum: iterations start until it).
    Optimum,
    /// A match clock that can run short: the optimum scaled by the search's course
    /// (`Budget::stop_after`).
    Clock,
}

/// How long to think: aim for `optimum`, never pass `maximum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub optimum: Duration,
    pub maximum: Duration,
    pub plan: Plan,
}

/// What one search of a game leaves for the next one's stop rule.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LastSearch {
    /// Its score and the side it was for (`Color::index`); none before the first search.
    pub score: Option<(usize, i32)>,
    /// Its last stable-move divisor (1 where the stop rule did not compute one).
    pub stable_divisor: f64,
}

impl Default for LastSearch {
    fn default() -> Self {
        LastSearch {
            score: None,
            stable_divisor: 1.0,
        }
    }
}

/// The course of a search after one of its iterations, as the stop rule reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Course {
    /// The iteration's depth.
    pub depth: i32,
    /// The depth at which the best move last changed (the first iteration counts).
    pub changed_at: i32,
    /// The iteration's score, for `side`.
    pub score: i32,
    /// The side to move (`Color::index`).
    pub side: usize,
    /// The root's best-move changes: halved before each iteration, one added for each.
    pub changes: f64,
}

impl Budget {
    /// No match clock to save for: iterations start until `limit`, the hard deadline too
    /// (optimum = maximum is how `Plan::Optimum` spends the whole of it).
    pub fn whole(limit: Duration) -> Budget {
        Budget {
            optimum: limit,
            maximum: limit,
            plan: Plan::Optimum,
        }
    }

    /// No time limit worth the name (pondering, analysis until stopped).
    pub fn unlimited() -> Budget {
        Budget::whole(Duration::from_secs(86_400))
    }

    fn from_ms(optimum: i64, maximum: i64, plan: Plan) -> Budget {
        Budget {
            optimum: Duration::from_millis(optimum.max(0) as u64),
            maximum: Duration::from_millis(maximum.max(0) as u64),
            plan,
        }
    }

    /// After an iteration: the time past which no further iteration starts, and the
    /// stable-move divisor to leave for the next search (1 unless the plan is `Clock`).
    pub fn stop_after(&self, c: &Course, last: &LastSearch) -> (Duration, f64) {
        match self.plan {
            Plan::Optimum => (self.optimum, 1.0),
            Plan::Clock => {
                let previous = last.score.filter(|&(side, _)| side == c.side);
                let falling = match previous {
                    Some((_, p)) => (FALLING_BIAS + FALLING_PER_POINT * f64::from(p - c.score))
                        .clamp(FALLING_MIN, FALLING_MAX),
                    None => FALLING_MAX,
                };
                let divisor = 1.0 + STABLE_STEP * f64::from((c.depth - c.changed_at).max(0));
                let stability = last.stable_divisor.powf(PREVIOUS_STABLE_POW) / divisor;
                let instability = 1.0 + INSTABILITY_WEIGHT * c.changes;
                let scaled = self.optimum.mul_f64(instability * stability * falling);
                let depth_cap = self.maximum.div_f64(
                    DIVISOR_BIAS + DIVISOR_SCALE * f64::from(c.depth.max(1)).powf(DIVISOR_POW),
                );
                (scaled.min(depth_cap), divisor)
            }
        }
    }
}

impl TimeControl {
    /// The budget for one move. `stones` is the number of stones on the board (how far the
    /// game is); `empty` the empty cells, which bound how many moves we may still play.
    pub fn budget(&self, stones: usize, empty: usize) -> Budget {
        let turn_max = (self.turn_ms - margin(self.turn_ms)).max(0);
        let left = match self.left_ms {
            Some(l) if !(l >= UNLIMITED && self.match_ms == 0) => Some(l),
            Some(_) => None,
            None if self.match_ms > 0 => Some(self.match_ms),
            None => None,
        };
        let Some(left) = left else {
            return Budget::whole(Duration::from_millis(turn_max as u64));
        };
        let reserve = RESERVE_PER_MOVE_MS * (empty as i64 + 1) / 2;
        let usable = (left - margin(left) - reserve).max(0);
        // Our moves to go (Rapfi counts every empty cell, both sides' moves).
        let to_go = ((empty as i64 + 1) / 2).max(1);
        let maximum = turn_max.min(usable / to_go.min(MATCH_SPACE_MIN));
        let ample = self.turn_ms.saturating_mul(to_go.min(MOVE_HORIZON)) < usable;
        let advanced = (maximum as f64 * ADVANCED_STOP) as i64;
        if ample {
            return Budget::from_ms(advanced, maximum, Plan::Optimum);
        }
        let by_importance = (maximum as f64 / BRANCH_FACTOR * importance(stones)) as i64;
        let by_clock = usable / to_go.min(MATCH_SPACE);
        let optimum = advanced.min(by_importance).min(by_clock);
        Budget::from_ms(optimum, maximum, Plan::Clock)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(b: Budget) -> (u128, u128) {
        (b.optimum.as_millis(), b.maximum.as_millis())
    }

    fn tc(turn_ms: i64, match_ms: i64, left_ms: i64) -> TimeControl {
        TimeControl {
            turn_ms,
            match_ms,
            left_ms: Some(left_ms),
        }
    }

    #[test]
    fn per_move_limit_only() {
        let t = tc(1000, 0, UNLIMITED);
        assert_eq!(t.budget(10, 215), Budget::from_ms(938, 938, Plan::Optimum));
        let t = TimeControl {
            turn_ms: 200,
            match_ms: 0,
            left_ms: None,
        };
        assert_eq!(t.budget(0, 225), Budget::from_ms(160, 160, Plan::Optimum));
    }

    #[test]
    fn zero_or_negative_means_instant() {
        let t = TimeControl {
            turn_ms: 0,
            match_ms: 0,
            left_ms: None,
        };
        assert_eq!(ms(t.budget(0, 225)), (0, 0));
        assert_eq!(ms(tc(5000, 120_000, -500).budget(0, 225)), (0, 0));
        assert_eq!(ms(tc(5000, 120_000, 0).budget(0, 225)), (0, 0));
        assert_eq!(ms(tc(0, 120_000, 60_000).budget(0, 225)), (0, 0));
    }

    #[test]
    fn importance_falls_as_the_board_fills() {
        let at = |s| (importance(s) * 100.0).round() / 100.0;
        assert_eq!(
            [at(0), at(60), at(100), at(150), at(400)],
            [1.10, 0.90, 0.61, 0.37, 0.03]
        );
    }

    #[test]
    fn the_start_of_a_fast_game() {
        // Gomocup's fastgame: 5 s a move, 120 s a game, 15x15 empty.
        let b = tc(5000, 120_000, 120_000).budget(0, 225);
        let usable = 120_000 - 500 - 4 * 113;
        let maximum = 5000 - 312;
        assert!(maximum < usable / 7, "the per-move limit caps the maximum");
        // Not ample (5 s x 64 moves > 120 s): the least of 0.9 of the maximum, the
        // maximum / 1.7 x importance and the clock / 22; here the second, about 3 s.
        let by_importance = (maximum as f64 / 1.7 * importance(0)) as i64;
        assert!(by_importance < usable / 22 && by_importance < maximum * 9 / 10);
        assert_eq!(b, Budget::from_ms(by_importance, maximum, Plan::Clock));
        assert!((3000..3100).contains(&by_importance), "{by_importance}");
        // Later, with half the clock spent: the clock / 22 rules.
        let b = tc(5000, 120_000, 40_000).budget(60, 165);
        assert_eq!(b.optimum.as_millis() as i64, (40_000 - 500 - 4 * 83) / 22);
        // 24 s a game, 1 s a move: about 0.6 s.
        let b = tc(1000, 24_000, 24_000).budget(0, 225);
        assert_eq!(ms(b), ((938.0 / 1.7 * importance(0)) as u128, 938));
    }

    #[test]
    fn little_time_left_stays_far_below_it() {
        let b = tc(5000, 120_000, 1000).budget(100, 125);
        let (opt, max) = ms(b);
        assert_eq!(b.plan, Plan::Clock);
        assert!(opt <= 40 && max <= 100, "{opt} {max}");
    }

    #[test]
    fn an_ample_clock_stops_at_the_optimum() {
        // 1 s a move and 10 min a game: 64 moves at the full limit still fit.
        let b = tc(1000, 600_000, 600_000).budget(0, 225);
        assert_eq!(b, Budget::from_ms(844, 938, Plan::Optimum));
        // The same clock nearly spent is no longer ample.
        assert_eq!(tc(1000, 600_000, 50_000).budget(0, 225).plan, Plan::Clock);
    }

    #[test]
    fn match_limit_without_time_left() {
        let t = TimeControl {
            turn_ms: 30_000,
            match_ms: 180_000,
            left_ms: None,
        };
        let b = t.budget(0, 225);
        assert_eq!(b.plan, Plan::Clock);
        assert_eq!(b.optimum.as_millis() as i64, (180_000 - 500 - 4 * 113) / 22);
    }

    /// A game that fills the board under a match clock. Each of our moves takes what the
    /// budget allows plus 2 ms it does not know about (the depth-1 search, the pipe): at
    /// best its optimum, at worst its maximum. The clock must never run out and the margin
    /// must still be there at the end.
    #[test]
    fn a_full_board_game_keeps_its_margin() {
        let games = [
            (225usize, 500i64, 12_000i64),
            (400, 500, 12_000),
            (225, 500, 3_000),
            (225, 1000, 24_000),
            (400, 1000, 24_000),
            (225, 5000, 120_000),
            (400, 5000, 120_000),
        ];
        for (cells, turn_ms, match_ms) in games {
            for worst in [false, true] {
                let mut left = match_ms;
                let mut empty = cells;
                while empty > 0 {
                    let b = tc(turn_ms, match_ms, left).budget(cells - empty, empty);
                    let spent = if worst { b.maximum } else { b.optimum };
                    assert!(b.optimum <= b.maximum);
                    assert!(b.maximum.as_millis() as i64 <= turn_ms - margin(turn_ms));
                    left -= spent.as_millis() as i64 + 2;
                    assert!(left > 0, "{cells} cells, {turn_ms}/{match_ms}: out of time");
                    // The opponent's move.
                    empty = empty.saturating_sub(2);
                }
                assert!(
                    left >= 40,
                    "{cells} cells, {turn_ms}/{match_ms} (worst {worst}): {left} ms left"
                );
            }
        }
    }

    fn course(depth: i32, changed_at: i32, score: i32, changes: f64) -> Course {
        Course {
            depth,
            changed_at,
            score,
            side: 0,
            changes,
        }
    }

    fn last(score: i32, stable_divisor: f64) -> LastSearch {
        LastSearch {
            score: Some((0, score)),
            stable_divisor,
        }
    }

    /// 1 s optimum, 5 s maximum: the depth's cap (2.9 s at depth 10) is above the rule.
    fn clock() -> Budget {
        Budget::from_ms(1000, 5000, Plan::Clock)
    }

    /// Whether `d` is `ms` milliseconds, to within one (the factors are floating-point).
    fn near(d: Duration, ms: f64) -> bool {
        (d.as_secs_f64() * 1000.0 - ms).abs() <= 1.0
    }

    #[test]
    fn a_falling_score_lengthens_the_move() {
        let c = course(10, 10, 100, 0.0);
        let (steady, _) = clock().stop_after(&c, &last(100, 1.0));
        let (fell, _) = clock().stop_after(&c, &last(600, 1.0));
        let (rose, _) = clock().stop_after(&c, &last(-400, 1.0));
        // Steady: 0.544 of the optimum; a fall of 500 points: 0.544 + 0.31.
        assert!(near(steady, 544.0), "{steady:?}");
        assert!(near(
            fell,
            1000.0 * (0.544 + 0.0032 * 500.0 * 200.0 / 1030.0)
        ));
        assert!(near(rose, 500.0), "the least factor: {rose:?}");
        // A fall of two logits: the greatest factor, as with no earlier search.
        let (far, _) = clock().stop_after(&c, &last(2160, 1.0));
        let (first, _) = clock().stop_after(&c, &LastSearch::default());
        assert!(near(far, 1500.0) && near(first, 1500.0));
        // A score for the other side is not compared.
        let other = LastSearch {
            score: Some((1, 100)),
            stable_divisor: 1.0,
        };
        assert_eq!(clock().stop_after(&c, &other).0, first);
    }

    #[test]
    fn a_stable_best_move_shortens_the_move() {
        let just_changed = clock().stop_after(&course(10, 10, 0, 0.0), &last(0, 1.0));
        let stable = clock().stop_after(&course(10, 2, 0, 0.0), &last(0, 1.0));
        assert!(stable.0 < just_changed.0);
        assert!(
            (stable.1 - 1.1).abs() < 1e-9,
            "8 iterations without a change"
        );
        assert!(near(stable.0, 544.0 / 1.1));
        // A settled previous move gives some of its saving back.
        let after_stable = clock().stop_after(&course(10, 10, 0, 0.0), &last(0, 1.1));
        assert!(after_stable.0 > just_changed.0);
        // Best-move changes lengthen it: one change this iteration triples it.
        let unstable = clock().stop_after(&course(10, 10, 0, 1.0), &last(0, 1.0));
        assert!(near(unstable.0, 3.0 * 544.0));
    }

    #[test]
    fn deep_iterations_keep_below_the_maximum() {
        let b = clock();
        let wild = |depth| b.stop_after(&course(depth, depth, 0, 3.0), &LastSearch::default());
        // 1 s x 7 x 1.5 would be 10.5 s: the maximum over the depth's divisor rules.
        assert!(near(wild(1).0, 5000.0 / 1.27));
        assert!(near(wild(20).0, 5000.0 / (1.25 + 0.02 * 20f64.powf(1.4))));
        assert!(wild(20).0 < wild(10).0 && wild(10).0 < b.maximum);
    }

    #[test]
    fn the_optimum_plan_ignores_the_course() {
        let c = course(12, 3, -500, 2.0);
        let whole = Budget::whole(Duration::from_millis(938));
        assert_eq!(
            whole.stop_after(&c, &last(0, 1.2)),
            (Duration::from_millis(938), 1.0)
        );
        let ample = Budget::from_ms(844, 938, Plan::Optimum);
        assert_eq!(
            ample.stop_after(&c, &last(0, 1.2)),
            (Duration::from_millis(844), 1.0)
        );
    }
}
