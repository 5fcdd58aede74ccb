//! Tactical positions written for this project: the engine, given 1 s per move,
//! must play one of the listed answers.
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;
use wuzi::search::tt::WIN_BOUND;
use wuzi::search::SearchResult;

mod common;
use common::position::{points as pts, setup, think_1s};

fn think(b: Board, rule: Rule) -> SearchResult {
    think_1s(b, rule)
}

fn check(
    size: usize,
    rule: Rule,
    black: &str,
    white: &str,
    to_move: Color,
    answers: &str,
) -> SearchResult {
    let b = setup(size, black, white, to_move);
    let r = think(b, rule);
    let ok = pts(answers);
    assert!(
        ok.contains(&r.best),
        "played {} expected one of {answers} (score {})",
        r.best,
        r.score
    );
    r
}

use Color::{Black, White};
use Rule::{Freestyle, Renju, Standard};

// --- win in one -----------------------------------------------------------

#[test]
fn t01_open_four_completes() {
    let r = check(
        15,
        Freestyle,
        "3,7 4,7 5,7 6,7",
        "3,8 4,8 5,8",
        Black,
        "2,7 7,7",
    );
    assert!(r.score > WIN_BOUND);
}

#[test]
fn t02_split_four_fills_the_gap() {
    check(
        15,
        Freestyle,
        "3,7 4,7 6,7 7,7",
        "3,8 4,8 5,8 9,9",
        Black,
        "5,7",
    );
}

#[test]
fn t03_closed_diagonal_four() {
    check(
        20,
        Freestyle,
        "5,5 6,6 7,7 8,8",
        "4,4 10,3 11,3 12,3",
        Black,
        "9,9",
    );
}

#[test]
fn t04_standard_five_not_six() {
    // Black 2..5 and 7 on row 7: 6,7 would make six, only 1,7 makes exactly five.
    check(
        15,
        Standard,
        "2,7 3,7 4,7 5,7 7,7",
        "2,8 3,8 4,8 5,8 9,9",
        Black,
        "1,7",
    );
}

#[test]
fn t05_renju_white_wins_with_an_overline() {
    check(
        15,
        Renju,
        "2,8 3,8 4,8 5,8 9,9 10,10",
        "2,7 3,7 4,7 5,7 7,7",
        White,
        "1,7 6,7",
    );
}

#[test]
fn t06_renju_black_cannot_win_with_six() {
    // 5,7 gives black six (a foul, not a win); 0,7 gives exactly five.
    check(
        15,
        Renju,
        "1,7 2,7 3,7 4,7 6,7",
        "1,8 2,8 3,8 4,8 9,9",
        Black,
        "0,7",
    );
}

#[test]
fn t07_win_beats_blocking() {
    // Both sides have a four; the side to move completes its own.
    check(
        15,
        Freestyle,
        "3,3 3,4 3,5 3,6",
        "9,9 10,9 11,9 12,9 0,0",
        Black,
        "3,2 3,7",
    );
}

// --- forced blocks ---------------------------------------------------------

#[test]
fn t08_block_a_closed_four() {
    check(
        15,
        Freestyle,
        "7,7 8,8 2,2",
        "3,7 4,7 5,7 6,7",
        Black,
        "2,7",
    );
}

#[test]
fn t09_block_a_split_four() {
    check(15, Freestyle, "7,7 9,9", "3,5 4,5 6,5 7,5", Black, "5,5");
}

#[test]
fn t10_block_a_four_instead_of_extending_a_three() {
    check(
        15,
        Freestyle,
        "6,10 7,10 8,10 2,2",
        "10,3 10,4 10,5 10,6",
        Black,
        "10,2 10,7",
    );
}

#[test]
fn t11_white_blocks_in_renju() {
    check(
        15,
        Renju,
        "7,7 8,7 9,7 10,7 3,3",
        "11,7 5,5 5,6",
        White,
        "6,7",
    );
}

// --- make an open four / a winning combination -------------------------------

#[test]
fn t12_extend_an_open_three() {
    let r = check(15, Freestyle, "5,7 6,7 7,7", "5,9 9,12", Black, "4,7 8,7");
    assert!(r.score > WIN_BOUND, "an open four wins");
}

#[test]
fn t13_fill_a_split_three() {
    check(15, Freestyle, "5,7 7,7 8,7", "6,9 12,12", Black, "6,7");
}

#[test]
fn t14_open_three_on_a_large_board() {
    check(
        20,
        Freestyle,
        "9,9 10,10 11,11",
        "9,12 15,3",
        Black,
        "8,8 12,12",
    );
}

#[test]
fn t15_four_three() {
    // Row 7: white 4,7 closes black 5..7; column 8: 8,5 8,6 open. 8,7 makes a four and an
    // open three at once.
    let r = check(
        15,
        Freestyle,
        "5,7 6,7 7,7 8,5 8,6",
        "4,7 2,2 12,2 2,12 12,12",
        Black,
        "8,7",
    );
    assert!(r.score > WIN_BOUND);
}

// --- defend against an open three ---------------------------------------------

#[test]
fn t16_block_an_open_three_next_to_it() {
    // Far-end blocks (3,7 / 9,7) lose to an open four: only the adjacent ends hold.
    check(15, Freestyle, "7,3 11,11", "5,7 6,7 7,7", Black, "4,7 8,7");
}

#[test]
fn t17_block_a_split_three() {
    check(
        15,
        Freestyle,
        "7,3 11,11",
        "5,7 7,7 8,7",
        Black,
        "4,7 6,7 9,7",
    );
}

#[test]
fn t18_block_with_a_counter_four() {
    // White's open three 5..7 on row 7; black's closed three on column 8 (white 8,3).
    // 8,7 blocks and makes a four; 4,7 blocks too. 8,8 (a four elsewhere) loses.
    check(
        15,
        Freestyle,
        "8,4 8,5 8,6 1,1",
        "5,7 6,7 7,7 8,3",
        Black,
        "4,7 8,7",
    );
}

#[test]
fn t19_block_a_diagonal_three_on_a_large_board() {
    check(
        20,
        Freestyle,
        "3,3 16,16",
        "9,9 10,10 11,11 2,15",
        Black,
        "8,8 12,12",
    );
}

#[test]
fn t20_standard_block_three_instead_of_six() {
    // Spec case: white to move blocks black's open three instead of making six.
    check(
        15,
        Standard,
        "7,7 8,7 6,7 9,12 6,13 8,14",
        "7,8 7,9 7,10 7,11 7,13",
        White,
        "5,7 9,7",
    );
}

#[test]
fn t21_renju_black_avoids_the_forbidden_point() {
    // Black's only move on the left of row 7 would be a 3-3 foul at 6,8; any move but it.
    let b = setup(15, "7,7 8,6 7,9 8,10", "7,8 8,8 8,5 8,11", Black);
    let r = think(b, Renju);
    assert_ne!(r.best, Pos::new(6, 8));
}

#[test]
fn t21b_renju_black_never_blocks_on_a_forbidden_point() {
    // White's four 3,7..6,7 (closed by black 2,7) can only be blocked on 7,7, a double
    // three for black (7,5 7,6 and 8,8 9,9): black is lost, but still plays a legal move.
    let b = setup(
        15,
        "7,5 7,6 8,8 9,9 2,7 12,12",
        "3,7 4,7 5,7 6,7 12,1 13,1",
        Black,
    );
    assert!(wuzi::game::rule::is_forbidden(&b, Pos::new(7, 7).idx()));
    let r = think(b.clone(), Renju);
    assert_ne!(r.best, Pos::new(7, 7));
    assert!(b.is_empty(r.best));
    assert!(!wuzi::game::rule::is_forbidden(&b, r.best.idx()));
}

#[test]
fn t22_losing_side_still_blocks() {
    // White has two separate fours: black cannot stop both but must still block one.
    let r = check(
        15,
        Freestyle,
        "0,0 14,14 3,2 13,9",
        "3,3 3,4 3,5 3,6 9,9 10,9 11,9 12,9",
        Black,
        "3,7 8,9",
    );
    assert!(r.score < -WIN_BOUND);
}

/// A lost position (black has an open three and another open-four point, white no four) is
/// still defended: white blocks one of black's open-four points instead of playing the first
/// legal square (the corner), which it did when no defence held.
#[test]
fn a_lost_position_is_still_defended() {
    let b = common::position::setup(
        20,
        "8,11 13,7 9,10 10,11 11,10 10,10 11,9 11,11",
        "13,13 9,7 10,9 15,12 9,12 8,10 12,8",
        Color::White,
    );
    let r = common::position::think_1s(b, Rule::Freestyle);
    let blocks = ["11,8", "9,11", "11,12"];
    assert!(
        blocks.contains(&r.best.to_string().as_str()),
        "played {}",
        r.best
    );
}
