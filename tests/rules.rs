//! Five detection under the three rules, and renju forbidden points in positions
//! constructed by hand (each comment says why the answer is what it is).
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::{forbidden_points, is_forbidden, makes_five, Rule};

mod common;
use common::position::{points as pts, setup};

/// A 15x15 board with the given stones, black to move.
fn board(black: &str, white: &str) -> Board {
    setup(15, black, white, Color::Black)
}

fn forbidden(b: &Board, p: &str) -> bool {
    is_forbidden(b, pts(p)[0].idx())
}

fn sorted(mut v: Vec<Pos>) -> Vec<Pos> {
    v.sort();
    v
}

#[test]
fn five_or_more_under_each_rule() {
    // Black: four in a row on row 7 (3..6); 7,7 makes five. With 8,7 black as well, 7,7 makes six.
    let four = board("3,7 4,7 5,7 6,7", "0,0");
    let split = board("2,7 3,7 4,7 5,7 7,7", "0,0");
    let p = Pos::new(7, 7).idx();
    let q = Pos::new(6, 7).idx();
    for rule in [Rule::Freestyle, Rule::Standard, Rule::Renju] {
        assert!(makes_five(&four, p, Color::Black, rule), "{rule:?}");
    }
    assert!(
        makes_five(&split, q, Color::Black, Rule::Freestyle),
        "six wins in freestyle"
    );
    assert!(
        !makes_five(&split, q, Color::Black, Rule::Standard),
        "six does not win in standard"
    );
    assert!(
        !makes_five(&split, q, Color::Black, Rule::Renju),
        "six does not win for black in renju"
    );
    // The same shape for white: renju lets white win with six, standard does not.
    let mut w = Board::new(15, 15);
    for s in pts("2,7 3,7 4,7 5,7 7,7") {
        w.put(s.idx(), Color::White);
    }
    assert!(makes_five(&w, q, Color::White, Rule::Renju));
    assert!(!makes_five(&w, q, Color::White, Rule::Standard));
    // Five on the edge, diagonally.
    let diag = board("0,0 1,1 2,2 3,3", "5,5");
    assert!(makes_five(
        &diag,
        Pos::new(4, 4).idx(),
        Color::Black,
        Rule::Standard
    ));
    assert!(!makes_five(
        &diag,
        Pos::new(5, 6).idx(),
        Color::Black,
        Rule::Freestyle
    ));
}

#[test]
fn caro_five_must_not_be_shut_in_at_both_ends() {
    // Row 7: white 2,7 and 8,7 around black 3..6; 7,7 fills the five between them.
    let shut = board("3,7 4,7 5,7 6,7", "2,7 8,7");
    assert!(!makes_five(
        &shut,
        Pos::new(7, 7).idx(),
        Color::Black,
        Rule::Caro
    ));
    assert!(makes_five(
        &shut,
        Pos::new(7, 7).idx(),
        Color::Black,
        Rule::Standard
    ));
    // One end open: a win.
    let open = board("3,7 4,7 5,7 6,7", "2,7");
    assert!(makes_five(
        &open,
        Pos::new(7, 7).idx(),
        Color::Black,
        Rule::Caro
    ));
    // The board edge does not block: 0..4 against the edge with white on 5,7.
    let edge = board("0,7 1,7 2,7 3,7", "5,7");
    assert!(makes_five(
        &edge,
        Pos::new(4, 7).idx(),
        Color::Black,
        Rule::Caro
    ));
    // GomocupJudge's ai_match.py, rule 8: `c > 5 or (c == 5 and blocked < 2)`: six wins...
    let six = board("2,7 3,7 4,7 5,7 7,7", "");
    assert!(makes_five(
        &six,
        Pos::new(6, 7).idx(),
        Color::Black,
        Rule::Caro
    ));
    // ... also shut in at both ends, and for white too.
    let shut_six = board("2,7 3,7 4,7 5,7 7,7", "1,7 8,7");
    assert!(makes_five(
        &shut_six,
        Pos::new(6, 7).idx(),
        Color::Black,
        Rule::Caro
    ));
    let white_six = board("1,7 8,7", "2,7 3,7 4,7 5,7 7,7");
    assert!(makes_five(
        &white_six,
        Pos::new(6, 7).idx(),
        Color::White,
        Rule::Caro
    ));
    // A shut-in five along a diagonal is no win; one end open is.
    let diag = board("3,3 4,4 5,5 6,6", "2,2 8,8");
    assert!(!makes_five(
        &diag,
        Pos::new(7, 7).idx(),
        Color::Black,
        Rule::Caro
    ));
    let diag_open = board("3,3 4,4 5,5 6,6", "2,2");
    assert!(makes_five(
        &diag_open,
        Pos::new(7, 7).idx(),
        Color::Black,
        Rule::Caro
    ));
    // Rule 8 is caro, 9 caro with exact five; renju still wins over the caro bit.
    assert_eq!(Rule::from_info(8, false), Rule::Caro);
    assert_eq!(Rule::from_info(9, false), Rule::CaroExact);
    assert_eq!(Rule::from_info(12, false), Rule::Renju);
    assert_eq!(Rule::from_info(13, false), Rule::Renju);
}

/// Rule 9 as the judges play it (GomocupJudge's `ai_match.py`: for rule 9 a win is exactly
/// five not blocked at both ends; Piskvork the same): six or more wins for nobody, shut in or
/// not; a five wins unless opponent stones close both ends; the edge closes nothing.
#[test]
fn caro_exact_five_wins_only_unshut_and_never_as_six() {
    let r = Rule::CaroExact;
    let wins = |black: &str, white: &str, at: (u8, u8), c: Color| {
        makes_five(&board(black, white), Pos::new(at.0, at.1).idx(), c, r)
    };
    assert!(!wins("3,7 4,7 5,7 6,7", "2,7 8,7", (7, 7), Color::Black));
    assert!(wins("3,7 4,7 5,7 6,7", "2,7", (7, 7), Color::Black));
    assert!(wins("0,7 1,7 2,7 3,7", "5,7", (4, 7), Color::Black));
    assert!(!wins("2,7 3,7 4,7 5,7 7,7", "", (6, 7), Color::Black));
    assert!(!wins(
        "2,7 3,7 4,7 5,7 7,7",
        "1,7 8,7",
        (6, 7),
        Color::Black
    ));
    assert!(!wins(
        "1,7 8,7",
        "2,7 3,7 4,7 5,7 7,7",
        (6, 7),
        Color::White
    ));
    assert!(wins("1,7 9,7", "2,7 3,7 4,7 5,7", (6, 7), Color::White));
    assert!(!wins("3,3 4,4 5,5 6,6", "2,2 8,8", (7, 7), Color::Black));
    assert!(wins("3,3 4,4 5,5 6,6", "2,2", (7, 7), Color::Black));
    assert_eq!(Rule::from_name("caro-exact"), Some(Rule::CaroExact));
    assert_eq!(Rule::from_code(9), Some(Rule::CaroExact));
}

#[test]
fn double_three_cross() {
    // Vertical 7,5 7,6 and horizontal 8,7 9,7: 7,7 makes two open threes. Nothing else is forbidden.
    let b = board("7,5 7,6 8,7 9,7", "");
    assert_eq!(forbidden_points(&b), pts("7,7"));
}

#[test]
fn double_three_with_split_threes() {
    // 7,4 _ 7,6 [7,7]: a split three vertically; 5,7 _ [7,7] 8,7: a split three horizontally.
    let b = board("7,4 7,6 5,7 8,7", "");
    assert!(forbidden(&b, "7,7"));
    // 7,5 fills the vertical gap: one three only (with 7,4 7,6), legal.
    assert!(!forbidden(&b, "7,5"));
}

#[test]
fn double_four_in_two_lines() {
    // Vertical 7,4..7,6 closed by white at 7,3; horizontal 8,7..10,7 closed by white at 11,7.
    // 7,7 makes two fours (each with one five-point): forbidden although neither is open.
    let b = board("7,4 7,5 7,6 8,7 9,7 10,7", "7,3 11,7");
    assert!(forbidden(&b, "7,7"));
}

#[test]
fn double_four_in_one_line() {
    // X _ X X [X] _ X on row 7: 4,7 and 8,7 each complete a different five.
    let b = board("3,7 5,7 6,7 9,7", "");
    assert!(forbidden(&b, "7,7"));
    // XX_XX_XX: 7,7 makes 3..7 and 6..10 fours.
    let b = board("3,7 4,7 6,7 9,7 10,7", "");
    assert!(forbidden(&b, "7,7"));
    // A straight four _XXXX_ is one four, not two: legal.
    let b = board("4,7 5,7 6,7", "");
    assert!(!forbidden(&b, "7,7"));
}

#[test]
fn overline_is_forbidden_exact_five_is_not() {
    let b = board("3,7 4,7 5,7 7,7 8,7", "");
    assert!(forbidden(&b, "6,7"), "six in a row");
    let b = board("2,7 3,7 4,7 5,7 6,7 8,7 9,7 10,7", "0,0 14,14");
    assert!(forbidden(&b, "7,7"), "nine in a row");
    let b = board("3,7 4,7 5,7 6,7", "");
    assert!(!forbidden(&b, "7,7"), "exactly five");
}

#[test]
fn five_wins_over_a_double_four() {
    // 7,7 makes exactly five on row 7 and a four on column 7 at once: a five, so legal.
    let b = board("3,7 4,7 5,7 6,7 7,4 7,5 7,6", "7,3");
    assert!(!forbidden(&b, "7,7"));
}

#[test]
fn four_three_is_legal() {
    // Four on column 7 (closed by 7,3) and an open three on row 7.
    let b = board("7,4 7,5 7,6 8,7 9,7", "7,3");
    assert!(!forbidden(&b, "7,7"));
}

#[test]
fn a_closed_three_does_not_count() {
    // Column 7: 7,5 7,6 with white on 7,4 is a closed three; row 7 is open: one three, legal.
    let b = board("7,5 7,6 8,7 9,7", "7,4");
    assert!(!forbidden(&b, "7,7"));
    // White on both far ends: O _ X X [X] _ O cannot become a straight four.
    let b = board("7,5 7,6 8,7 9,7", "7,3 7,9");
    assert!(!forbidden(&b, "7,7"));
}

#[test]
fn a_three_against_the_edge_does_not_count() {
    // Row 7 from the edge: 0,7 1,7 [2,7] is closed by the wall; the diagonal 3,8 4,9 is open.
    let b = board("0,7 1,7 3,8 4,9", "");
    assert!(!forbidden(&b, "2,7"));
}

#[test]
fn a_three_whose_straight_four_would_be_an_overline_is_false() {
    // Row 7: X _ _ X X [X] _ _ X (2,7 5,7 6,7 10,7). Every way to a four leaves one end
    // that makes six, so no straight four exists: only the vertical three (7,5 7,6) is real.
    let b = board("2,7 5,7 6,7 10,7 7,5 7,6", "");
    assert!(!forbidden(&b, "7,7"));
    // Without the far stone on 10,7 the row three is real: double three.
    let b = board("2,7 5,7 6,7 7,5 7,6", "");
    assert!(forbidden(&b, "7,7"));
}

#[test]
fn a_three_whose_four_points_are_forbidden_is_false() {
    // 7,7 would make a vertical three (7,5 7,6) and a row three (8,7 9,7). The row three
    // only becomes a straight four on 6,7 or 10,7, and both of those are themselves
    // double threes (6,7: anti-diagonal 8,5 7,6 and column 6,9 6,10; 10,7: diagonal 8,5 9,6
    // and column 10,9 10,10). So the row three is not real and 7,7 is legal.
    let stones = "7,5 8,5 7,6 9,6 8,7 9,7 6,9 6,10 10,9 10,10";
    let b = board(stones, "");
    assert!(!forbidden(&b, "7,7"));
    assert!(forbidden(&b, "6,7") && forbidden(&b, "10,7"));
    assert_eq!(
        sorted(forbidden_points(&b)),
        sorted(pts("7,4 9,4 8,6 6,7 10,7"))
    );
    // Remove the column stones: with 7,7 played, 6,7 and 10,7 are a four plus a three
    // (legal), so the row three is real and 7,7 is a double three.
    let b = board("7,5 8,5 7,6 9,6 8,7 9,7", "");
    assert!(forbidden(&b, "7,7"));
    let mut with_p = b.clone();
    with_p.put(Pos::new(7, 7).idx(), Color::Black);
    assert!(!forbidden(&with_p, "6,7") && !forbidden(&with_p, "10,7"));
}

#[test]
fn double_three_from_two_split_lines() {
    // Row: 5,7 _ [7,7] 8,7; column: 7,5 _ [7,7] 7,8.
    let b = board("5,7 8,7 7,5 7,8", "");
    assert!(forbidden(&b, "7,7"));
}

#[test]
fn empty_board_has_no_forbidden_points() {
    assert!(forbidden_points(&Board::new(15, 15)).is_empty());
    assert!(forbidden_points(&Board::new(5, 5)).is_empty());
}
