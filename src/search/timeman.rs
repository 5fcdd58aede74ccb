//! Time manager: a budget per move from `timeout_turn`, `timeout_match` and `time_left`.
//!
//! Gomocup style: never use more than the per-move limit minus a safety margin (a sixteenth of
//! it, 40 to 500 ms), spread the match clock over the moves still expected (12 to 32 to go, by
//! the stones on the board, after a reserve of a few milliseconds for each move that may still
//! come), and cap a move at a fifth of the clock left. The budget is an optimum, which
//! `iterative.rs` aims at, and a maximum (at most four times the optimum), past which no
//! search thread runs.

use std::time::Duration;

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

/// How long to think: aim for `optimum`, never pass `maximum`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    pub optimum: Duration,
    pub maximum: Duration,
}

impl Budget {
    /// No time limit worth the name (pondering, analysis until stopped).
    pub fn unlimited() -> Budget {
        let day = Duration::from_secs(86_400);
        Budget {
            optimum: day,
            maximum: day,
        }
    }
}

/// Managers send this as "no match limit".
const UNLIMITED: i64 = 2_147_483_647;

/// Safety margin kept back from a limit of `ms`: I/O latency and scheduling jitter
/// on a busy machine, more for long limits where a few percent costs nothing.
pub fn margin(ms: i64) -> i64 {
    (ms / 16).clamp(40, 500)
}

/// Match time kept back for each move we may still have to play (half the empty cells):
/// a move played with no budget still costs about a millisecond here and the manager's
/// pipe and scheduling on top. Without it a game that fills the board spends the whole
/// margin on those moves: in a c-gomoku-cli soak at `tc=12/0.5` (200 games, 056cd50)
/// board-full games ended with 2 ms of 12 s left. With 4 ms a move, a 15x15 game keeps
/// 450 ms back at the start (0.4 % of a 120 s clock) and the reserve shrinks as it goes.
pub const RESERVE_PER_MOVE_MS: i64 = 4;

impl TimeControl {
    /// The budget for one move. `stones` is the number of stones on the board, used to
    /// guess how many more moves this game will need from us; `empty` the empty cells,
    /// which bound how many it can.
    pub fn budget(&self, stones: usize, empty: usize) -> Budget {
        let turn_max = (self.turn_ms - margin(self.turn_ms)).max(0);
        let mut optimum = turn_max;
        let mut maximum = turn_max;
        let left = match self.left_ms {
            Some(l) if !(l >= UNLIMITED && self.match_ms == 0) => Some(l),
            Some(_) => None,
            None if self.match_ms > 0 => Some(self.match_ms),
            None => None,
        };
        if let Some(left) = left {
            let reserve = RESERVE_PER_MOVE_MS * (empty as i64 + 1) / 2;
            let usable = (left - margin(left) - reserve).max(0);
            // Games rarely last beyond ~60 moves a side; assume at least 12 to go.
            let moves_to_go = (32 - stones as i64 / 4).clamp(12, 32);
            optimum = optimum.min(usable / moves_to_go);
            maximum = maximum.min(usable / 5);
        }
        // Think up to 4x the optimum when the position asks for it, within the hard cap.
        maximum = maximum.min(optimum.saturating_mul(4));
        Budget {
            optimum: Duration::from_millis(optimum.max(0) as u64),
            maximum: Duration::from_millis(maximum.max(0) as u64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(b: Budget) -> (u128, u128) {
        (b.optimum.as_millis(), b.maximum.as_millis())
    }

    #[test]
    fn per_move_limit_only() {
        let tc = TimeControl {
            turn_ms: 1000,
            match_ms: 0,
            left_ms: Some(UNLIMITED),
        };
        assert_eq!(ms(tc.budget(10, 215)), (938, 938));
        let tc = TimeControl {
            turn_ms: 200,
            match_ms: 0,
            left_ms: None,
        };
        assert_eq!(ms(tc.budget(0, 225)), (160, 160));
    }

    #[test]
    fn zero_or_negative_means_instant() {
        let tc = TimeControl {
            turn_ms: 0,
            match_ms: 0,
            left_ms: None,
        };
        assert_eq!(ms(tc.budget(0, 225)), (0, 0));
        let tc = TimeControl {
            turn_ms: 5000,
            match_ms: 120_000,
            left_ms: Some(-500),
        };
        assert_eq!(ms(tc.budget(0, 225)), (0, 0));
        let tc = TimeControl {
            turn_ms: 5000,
            match_ms: 120_000,
            left_ms: Some(0),
        };
        assert_eq!(ms(tc.budget(0, 225)), (0, 0));
    }

    #[test]
    fn match_clock_is_spread() {
        // Fastgame: 5 s per move, 120 s per game.
        let tc = TimeControl {
            turn_ms: 5000,
            match_ms: 120_000,
            left_ms: Some(120_000),
        };
        let (opt, max) = ms(tc.budget(0, 225));
        assert_eq!(opt, (120_000 - 500 - 4 * 113) / 32);
        assert_eq!(max, 5000 - 312, "capped by the turn limit");
        // Little time left: stay far below it.
        let tc = TimeControl {
            turn_ms: 5000,
            match_ms: 120_000,
            left_ms: Some(1000),
        };
        let (opt, max) = ms(tc.budget(100, 125));
        assert!(opt <= 80 && max <= 200, "{opt} {max}");
    }

    /// A game that fills the board under a short match clock: each move takes its optimum
    /// plus 2 ms the budget does not know about (the depth-1 search, the pipe). The
    /// clock must never run out and the margin must still be there at the end.
    #[test]
    fn a_full_board_game_keeps_its_margin() {
        for (cells, match_ms) in [(225usize, 12_000i64), (400, 12_000), (225, 3_000)] {
            let mut left = match_ms;
            let mut empty = cells;
            while empty > 0 {
                let tc = TimeControl {
                    turn_ms: 500,
                    match_ms,
                    left_ms: Some(left),
                };
                let b = tc.budget(cells - empty, empty);
                left -= b.optimum.as_millis() as i64 + 2;
                assert!(left > 0, "{cells} cells, {match_ms} ms: out of time");
                // The opponent's move.
                empty = empty.saturating_sub(2);
            }
            assert!(
                left >= 40,
                "{cells} cells, {match_ms} ms: {left} ms left at the end"
            );
        }
    }

    #[test]
    fn match_limit_without_time_left() {
        let tc = TimeControl {
            turn_ms: 30_000,
            match_ms: 180_000,
            left_ms: None,
        };
        let (opt, _) = ms(tc.budget(0, 225));
        assert_eq!(opt, (180_000 - 500 - 4 * 113) / 32);
    }
}
