//! Openings: Gomocup's `SWAP2BOARD`, Yixin-Board's swap2 (`YXSWAP2STEP1`–`3`) and
//! Soosorv-8 (`YXSOOSORVSTEP1`–`6`) dialogues, and its balanced-move requests
//! (`YXBALANCEONE`, `YXBALANCETWO`).
//!
//! Swap2: on an empty board, three stones near the centre. After 3 or 5 stones (we are
//! white to move) a short search (1.5 s aim, 3 s at most) decides: white's score below
//! `SWAP_BELOW`: swap (we take black); after 3 stones within `PUT_TWO_WITHIN` of
//! level: the white and black stone pair that keeps it nearest level (from a 64-line
//! multi-PV search), if it stays within -`SWAP_BELOW`, and the opener chooses; otherwise
//! our move as white. Yixin-Board gets the same decisions as `MESSAGE SWAP2 …` lines.
//!
//! Soosorv: step 1, we open with the same three stones; 2, white after 3 stones: swap if
//! white's score is below `SWAP_BELOW`; 3, white's fourth stone and N = 2 - score/100
//! within 1..8 (the more black leads, the more options it owes); 4, black after 4 stones:
//! swap if black's N-th best fifth move scores below `SWAP_BELOW`; 5, black's N best
//! fifth moves; 6, white picks, among the offered fifth moves, the one worst for black.
//! Each search: 1.5 s aim, 3 s at most.
//!
//! Balance: the stone (one, for the side to move) or the pair (that stone and the
//! opponent's best reply on its line) leaving the value nearest the bias for the side to
//! move afterwards, chosen among the lines of a 64-line multi-PV search.

use super::brain::{Brain, Pending, NO_GAME};
use crate::game::board::{Board, EMPTY};
use crate::game::pos::Pos;
use crate::search::timeman::{Budget, Plan};
use crate::search::{score_text, SearchResult};
use std::time::{Duration, Instant};

/// Three opening stones (black, white, black) near the centre that leave the position
/// roughly level.
pub(super) fn opening_three(w: usize, h: usize) -> [(i64, i64); 3] {
    let (cx, cy) = (w as i64 / 2, h as i64 / 2);
    [(cx, cy), (cx + 1, cy - 1), (cx + 1, cy + 1)]
}

/// A swap decision of the player who is white to move after the opening stones.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum SwapChoice {
    /// Take black.
    Swap,
    /// Stay white and play the search's move.
    Play,
    /// (After three stones only) put a white and a black stone and let the opponent choose.
    PutTwo(Pos, Pos),
}

/// White's score below which we take black.
const SWAP_BELOW: i32 = -30;

/// After three stones, a position this close to level gets two more stones (the pair that
/// keeps it nearest level, if it stays within `-SWAP_BELOW`): whichever colour the opener
/// then takes, we get a level game.
const PUT_TWO_WITHIN: i32 = 15;

fn swap_choice(r: &SearchResult, stones: usize, board: Option<&Board>) -> SwapChoice {
    if stones != 3 && stones != 5 {
        return SwapChoice::Play;
    }
    if r.score < SWAP_BELOW {
        return SwapChoice::Swap;
    }
    if stones == 3 && r.score.abs() <= PUT_TWO_WITHIN {
        let (pair, value) = balanced(r, true, 0, board);
        if let [a, b] = pair[..] {
            if value.abs() <= -SWAP_BELOW {
                return SwapChoice::PutTwo(a, b);
            }
        }
    }
    SwapChoice::Play
}

impl Brain {
    pub(super) fn swap2(
        &mut self,
        w: usize,
        h: usize,
        stones: &[(i64, i64, Option<i64>)],
        t: Instant,
    ) {
        let mut board = Board::new(w, h);
        for &(x, y, _) in stones {
            if board.contains(x, y) && board.at(Pos::new(x as u8, y as u8)) == EMPTY {
                board.make(Pos::new(x as u8, y as u8).idx());
            }
        }
        let n = board.stones();
        if n == 0 {
            let sq = opening_three(w, h);
            let text: Vec<String> = sq.iter().map(|(x, y)| format!("{x},{y}")).collect();
            self.out.line(&text.join(" "));
            return;
        }
        self.board = Some(board);
        self.start_search(
            Pending::Swap2 {
                stones: n,
                yixin: false,
            },
            t,
        );
    }

    /// Yixin-Board's Soosorv opening dialogue, steps 2..6 (main.c sends the stones in move
    /// order, no fields). Step 2: we are white after three stones: swap? Step 3: we are
    /// white after three stones: our fourth stone and N. Step 4: we are black after four
    /// stones, N declared: swap? Step 5: we are black: N fifth-move options. Step 6: we are
    /// white: which of the offered fifth moves (the stones after the fourth) is played.
    pub(super) fn soosorv(
        &mut self,
        step: u8,
        n: usize,
        stones: &[(i64, i64, Option<i64>)],
        t: Instant,
    ) {
        let Some(old) = &self.board else { return };
        let (w, h) = (old.width(), old.height());
        let want = if step <= 3 { 3 } else { 4 };
        let mut board = Board::new(w, h);
        let mut options = Vec::new();
        for &(x, y, _) in stones {
            if !board.contains(x, y) || board.at(Pos::new(x as u8, y as u8)) != EMPTY {
                continue;
            }
            let p = Pos::new(x as u8, y as u8);
            if board.stones() < want {
                board.make(p.idx());
            } else if step == 6 && !options.contains(&p) {
                options.push(p);
            }
        }
        if board.stones() != want || (step == 6 && options.is_empty()) {
            let extra = if step == 6 {
                " and the fifth-move options"
            } else {
                ""
            };
            self.error(&format!(
                "YXSOOSORVSTEP{step} needs the {want} opening stones{extra}"
            ));
            return;
        }
        self.board = Some(board);
        self.start_search(Pending::Soosorv { step, n, options }, t);
    }

    /// Yixin-Board's swap2 dialogue: step 1, we open (three stones); step 2, we answer the
    /// three stones of a YXBOARD (swap, play white, or put two more); step 3, we choose a
    /// colour after the five stones of a YXBOARD. Replies are `MESSAGE SWAP2 …` lines
    /// with the coordinates as `first second`, which main.c reads with `%d %d`.
    pub(super) fn yx_swap2(&mut self, step: u8, t: Instant) {
        let Some(b) = &self.board else {
            self.error(NO_GAME);
            return;
        };
        if step == 1 {
            for (k, (x, y)) in opening_three(b.width(), b.height()).iter().enumerate() {
                self.out.message(&format!("SWAP2 MOVE{} {x} {y}", k + 1));
            }
            return;
        }
        let want = if step == 2 { 3 } else { 5 };
        if b.stones() != want {
            let n = b.stones();
            self.error(&format!(
                "YXSWAP2STEP{step} needs the {want} opening stones (send YXBOARD first), the board has {n}"
            ));
            return;
        }
        self.start_search(
            Pending::Swap2 {
                stones: want,
                yixin: true,
            },
            t,
        );
    }

    /// The reply to a swap decision: SWAP2BOARD's `SWAP`, move or two squares, or
    /// Yixin-Board's `MESSAGE SWAP2 …` lines.
    pub(super) fn swap2_reply(&mut self, stones: usize, yixin: bool, r: &SearchResult) {
        let choice = swap_choice(r, stones, self.board.as_ref());
        match (choice, yixin, stones) {
            (SwapChoice::Swap, false, _) => self.out.line("SWAP"),
            (SwapChoice::Play, false, _) => self.out.line(&r.best.to_string()),
            (SwapChoice::PutTwo(a, b), false, _) => self.out.line(&format!("{a} {b}")),
            // Yixin-Board: after SWAP1 NO / SWAP2 NO it sends the position for our
            // move as white; after YES the human (white) moves.
            (SwapChoice::Swap, true, 3) => self.out.message("SWAP2 SWAP1 YES"),
            (SwapChoice::Play, true, 3) => self.out.message("SWAP2 SWAP1 NO"),
            (SwapChoice::Swap, true, _) => self.out.message("SWAP2 SWAP2 YES"),
            (SwapChoice::Play, true, _) => self.out.message("SWAP2 SWAP2 NO"),
            (SwapChoice::PutTwo(a, b), true, _) => {
                self.out.message(&format!("SWAP2 MOVE4 {} {}", a.x, a.y));
                self.out.message(&format!("SWAP2 MOVE5 {} {}", b.x, b.y));
            }
        }
    }

    /// The reply to YXBALANCEONE / YXBALANCETWO: `MESSAGE balance …`, then the stone(s).
    pub(super) fn balance_reply(&mut self, two: bool, bias: i64, r: &SearchResult) {
        let (moves, value) = balanced(r, two, bias, self.board.as_ref());
        let text: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        self.out.message(&format!(
            "balance {} leaves {} for the side to move",
            text.join(" "),
            score_text(value)
        ));
        self.out.line(&text.join(" "));
    }

    /// The reply to a Soosorv step from its search (see `soosorv`), in the lines main.c
    /// parses: `MESSAGE SOOSORV SWAP1|SWAP2 YES|NO` (YES: we take the other colour),
    /// `MESSAGE SOOSORV MOVE4 r c N`, `MESSAGE SOOSORV MOVE5 r c` per option then
    /// `MESSAGE SOOSORV MOVE5 DONE`, and `MESSAGE SOOSORV MOVE5C r c` (main.c checks the
    /// character right after `MOVE5` for `C`).
    pub(super) fn soosorv_reply(&mut self, step: u8, n: usize, options: &[Pos], r: &SearchResult) {
        // Black's value after black's best / n-th best fifth move: the opponent picks the
        // option that suits it, so black is worth its n-th best option.
        let nth = |k: usize| {
            r.lines
                .get(k.saturating_sub(1))
                .or(r.lines.last())
                .map_or(r.score, |l| l.score)
        };
        match step {
            2 => self.out.message(if r.score < SWAP_BELOW {
                "SOOSORV SWAP1 YES"
            } else {
                "SOOSORV SWAP1 NO"
            }),
            3 => {
                // White's fourth stone; the more black leads, the more options it must offer.
                let n = (2 - r.score / 100).clamp(1, 8);
                self.out
                    .message(&format!("SOOSORV MOVE4 {} {} {n}", r.best.x, r.best.y));
            }
            4 => self.out.message(if nth(n) < SWAP_BELOW {
                "SOOSORV SWAP2 YES"
            } else {
                "SOOSORV SWAP2 NO"
            }),
            5 => {
                let mut picks: Vec<Pos> = r
                    .lines
                    .iter()
                    .filter_map(|l| l.pv.first().copied())
                    .collect();
                if picks.is_empty() {
                    picks.push(r.best);
                }
                if let Some(b) = &self.board {
                    // Too few lines (a forced position): the empty squares nearest the centre.
                    let c = Pos::from_idx(b.center());
                    let mut rest: Vec<Pos> = b
                        .all_cells()
                        .filter(|&i| b.cell(i) == EMPTY)
                        .map(Pos::from_idx)
                        .filter(|p| !picks.contains(p))
                        .collect();
                    rest.sort_by_key(|p| {
                        (p.x as i32 - c.x as i32)
                            .abs()
                            .max((p.y as i32 - c.y as i32).abs())
                    });
                    picks.extend(rest);
                }
                for p in picks.iter().take(n) {
                    self.out.message(&format!("SOOSORV MOVE5 {} {}", p.x, p.y));
                }
                self.out.message("SOOSORV MOVE5 DONE");
            }
            _ => {
                // Black's worst offered option is ours.
                let pick = r
                    .lines
                    .iter()
                    .filter(|l| l.pv.first().is_some_and(|m| options.contains(m)))
                    .min_by_key(|l| l.score)
                    .and_then(|l| l.pv.first().copied())
                    .filter(|m| options.contains(m))
                    .or_else(|| options.contains(&r.best).then_some(r.best))
                    .unwrap_or(options[0]);
                self.out
                    .message(&format!("SOOSORV MOVE5C {} {}", pick.x, pick.y));
            }
        }
    }
}

/// The balancing stone(s) from a multi-PV result, and the value they leave for the side to
/// move afterwards. One stone: after it the opponent moves, whose value is minus the line's
/// score. Two stones (ours, then the opponent's reply on the line): we move again, at the
/// line's score. The line whose value is nearest `bias` wins.
fn balanced(r: &SearchResult, two: bool, bias: i64, board: Option<&Board>) -> (Vec<Pos>, i32) {
    let value = |score: i32| if two { score } else { -score };
    let usable = |pv: &[Pos]| !two || pv.len() >= 2;
    let best = r
        .lines
        .iter()
        .filter(|l| !l.pv.is_empty() && usable(&l.pv))
        .min_by_key(|l| (value(l.score) as i64 - bias).abs());
    let (pv, score) = match best {
        Some(l) => (l.pv.clone(), l.score),
        None => (r.pv.clone(), r.score),
    };
    let first = pv.first().copied().unwrap_or(r.best);
    if !two {
        return (vec![first], value(score));
    }
    let second = pv.get(1).copied().or_else(|| {
        // No reply known: the empty square nearest the first stone.
        let b = board?;
        b.all_cells()
            .filter(|&i| b.cell(i) == EMPTY && i != first.idx())
            .map(Pos::from_idx)
            .min_by_key(|p| {
                (p.x as i32 - first.x as i32)
                    .abs()
                    .max((p.y as i32 - first.y as i32).abs())
            })
    });
    match second {
        Some(s) => (vec![first, s], value(score)),
        None => (vec![first], value(score)),
    }
}

/// The swap decision needs a rough verdict, not a deep one: the search stops after the
/// first iteration that ends past the optimum, at most 1.5 s.
pub(super) fn swap2_budget(mut budget: Budget) -> Budget {
    budget.optimum = budget.optimum.min(Duration::from_millis(1500));
    budget.maximum = budget.maximum.min(Duration::from_millis(3000));
    budget.plan = Plan::Optimum;
    budget
}
