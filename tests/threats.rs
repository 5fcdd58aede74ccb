//! The VCF solver on positions made for this project: lines of 3, 5, 7, 9 and 15 plies with the
//! line replayed and checked move by move, "no VCF" answers, renju fouls on both sides, and
//! defence against an opponent VCF.
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use wuzi::eval::pattern::Combo;
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::{is_forbidden, makes_five, Rule};
use wuzi::search::alphabeta::Worker;
use wuzi::search::engine::Engine;
use wuzi::search::position::Position;
use wuzi::search::tt::{TranspositionTable, WIN_BOUND};
use wuzi::search::Limits;

mod common;
use common::position::points as pts;

fn setup(black: &str, white: &str, to_move: Color) -> Board {
    common::position::setup(15, black, white, to_move)
}

/// Runs the solver with at most `depth` attacking fours; returns (plies, line).
fn vcf(b: &Board, rule: Rule, depth: i32) -> Option<(i32, Vec<Pos>)> {
    let stop = AtomicBool::new(false);
    let tt = TranspositionTable::new(1 << 16);
    let far = Instant::now() + Duration::from_secs(60);
    let mut w = Worker::new(Position::new(b.clone(), rule), &tt, &stop, far, u64::MAX);
    w.vcf_line(depth, 5_000_000, far)
        .map(|(n, l)| (n, l.iter().map(|&m| Pos::from_idx(m as usize)).collect()))
}

/// Replays a VCF line and checks it is one: every attacker move but the last makes a four,
/// every defender move blocks the only five-point, and the attacker wins at the end (a five,
/// two five-points, or a block black may not play).
fn check_line(b: &Board, rule: Rule, line: &[Pos]) {
    let mut pos = Position::new(b.clone(), rule);
    let attacker = pos.side();
    for (k, &m) in line.iter().enumerate() {
        assert!(pos.board.is_empty(m), "move {k} {m} on an occupied square");
        if k % 2 == 0 {
            assert!(pos.is_legal(m.idx()), "attacker move {k} {m} is illegal");
            if makes_five(&pos.board, m.idx(), attacker, rule) {
                assert_eq!(k, line.len() - 1, "five before the end of the line");
                return;
            }
            pos.make(m.idx());
            assert!(
                pos.eval.count(attacker, Combo::Five) >= 1,
                "attacker move {k} {m} is not a four"
            );
        } else {
            assert_eq!(
                pos.eval.combo(m.idx(), attacker),
                Combo::Five,
                "defender move {k} {m} does not block"
            );
            pos.make(m.idx());
        }
    }
    // The line stops after a four the defender cannot meet.
    let fives: Vec<usize> = pos
        .board
        .all_cells()
        .filter(|&i| pos.board.cell(i) == 0 && pos.eval.combo(i, attacker) == Combo::Five)
        .collect();
    let blocked = fives.len() == 1
        && attacker == Color::White
        && rule == Rule::Renju
        && is_forbidden(&pos.board, fives[0]);
    assert!(
        fives.len() >= 2 || blocked,
        "line ends without a decisive four: {fives:?}"
    );
}

#[test]
fn vcf_of_three_plies_from_an_open_three() {
    let b = setup("5,7 6,7 7,7", "5,9 9,12", Color::Black);
    let (n, line) = vcf(&b, Rule::Freestyle, 1).expect("vcf");
    assert_eq!(n, 3);
    assert!(pts("4,7 8,7").contains(&line[0]));
    check_line(&b, Rule::Freestyle, &line);
}

#[test]
fn vcf_of_five_plies_through_a_four_three() {
    let b = setup(
        "5,7 6,7 7,7 8,5 8,6",
        "4,7 2,2 12,2 2,12 12,12",
        Color::Black,
    );
    let (n, line) = vcf(&b, Rule::Freestyle, 4).expect("vcf");
    assert_eq!(n, 5);
    assert_eq!(line[0], Pos::new(8, 7));
    check_line(&b, Rule::Freestyle, &line);
}

#[test]
fn vcf_of_nine_plies() {
    let black = "3,4 4,4 6,5 6,6 8,6 5,7 6,7 9,7 4,9 8,9 7,10 4,11";
    let white = "6,3 5,4 6,4 9,6 10,6 5,8 7,8 8,8 3,11 6,11 9,11 10,11";
    let b = setup(black, white, Color::Black);
    assert!(vcf(&b, Rule::Freestyle, 2).is_none(), "no shorter VCF");
    let (n, line) = vcf(&b, Rule::Freestyle, 3).expect("vcf");
    assert_eq!(n, 9);
    check_line(&b, Rule::Freestyle, &line);
}

#[test]
fn vcf_of_fifteen_plies() {
    let black = "10,5 9,7 8,8 8,9 11,9 6,10 3,11 9,11";
    let white = "3,3 6,3 4,4 7,4 3,5 5,5 5,6 10,6";
    let b = setup(black, white, Color::Black);
    assert!(vcf(&b, Rule::Freestyle, 6).is_none(), "no shorter VCF");
    let (n, line) = vcf(&b, Rule::Freestyle, 7).expect("vcf");
    assert!(n >= 15, "{n}");
    check_line(&b, Rule::Freestyle, &line);
    // The engine plays it as a proven win.
    let r = Engine::new().search_sync(b, Rule::Freestyle, Limits::depth(1), &mut |_| {});
    assert!(r.score > WIN_BOUND);
    assert_eq!(r.best, line[0]);
}

#[test]
fn no_vcf_means_none() {
    // One closed three and scattered stones: fours exist but lead nowhere.
    let b = setup("5,7 6,7 7,7 11,11 2,12", "4,7 9,9 9,10 12,2", Color::Black);
    assert!(vcf(&b, Rule::Freestyle, 20).is_none());
    // The defender's counter-four refutes: white's four 9,1..9,4 must be answered first,
    // and black's blocking move makes no four.
    let b = setup("5,7 6,7 7,7 8,5 8,6", "4,7 9,1 9,2 9,3 9,4", Color::Black);
    let r = vcf(&b, Rule::Freestyle, 20);
    // Black must block 9,0 or 9,5 first; 9,5 is no four for black, 9,0 neither.
    assert!(r.is_none(), "{r:?}");
}

#[test]
fn renju_black_double_four_is_no_win() {
    // 7,7 is a double four: a win in freestyle, a foul for black in renju.
    let black = "7,4 7,5 7,6 8,7 9,7 10,7";
    let white = "7,3 11,7 0,0 14,14 0,14 14,0";
    let b = setup(black, white, Color::Black);
    let (n, line) = vcf(&b, Rule::Freestyle, 5).expect("freestyle vcf");
    assert_eq!((n, line[0]), (3, Pos::new(7, 7)));
    assert!(
        vcf(&b, Rule::Renju, 10).is_none(),
        "the only winning point is forbidden for black"
    );
}

#[test]
fn renju_white_wins_by_forcing_a_forbidden_block() {
    // Black: column 7,5 7,6 and diagonal 8,8 9,9 make 7,7 a double three (forbidden).
    // White: 3,7 4,7 5,7 with black on 2,7; white 6,7 makes a four whose only block is 7,7.
    let black = "7,5 7,6 8,8 9,9 2,7";
    let white = "3,7 4,7 5,7 12,1 13,1";
    let b = setup(black, white, Color::White);
    let (_, line) = vcf(&b, Rule::Renju, 5).expect("renju vcf");
    assert_eq!(line[0], Pos::new(6, 7));
    check_line(&b, Rule::Renju, &line);
    // In freestyle black simply blocks on 7,7.
    assert!(vcf(&b, Rule::Freestyle, 5).map(|(_, l)| l[0]) != Some(Pos::new(6, 7)));
}

#[test]
fn the_engine_breaks_an_opponent_vcf() {
    // White threatens the 4-3 at 8,7 (row 5..7 closed by black 4,7; column 8,5 8,6).
    // Black to move, with nothing of its own: whatever it plays must leave white no VCF.
    let black = "4,7 1,1 13,1 1,13";
    let white = "5,7 6,7 7,7 8,5 8,6";
    let mut b = setup(black, white, Color::Black);
    let r = common::position::think_1s(b.clone(), Rule::Freestyle);
    // A move far away would lose to the VCF.
    let mut careless = b.clone();
    careless.make(Pos::new(13, 13).idx());
    assert!(vcf(&careless, Rule::Freestyle, 10).is_some());
    b.make(r.best.idx());
    assert!(
        vcf(&b, Rule::Freestyle, 20).is_none(),
        "{} leaves white a VCF",
        r.best
    );
}

fn vct(b: &Board, rule: Rule, threes: i32) -> Option<Pos> {
    let stop = AtomicBool::new(false);
    let tt = TranspositionTable::new(1 << 16);
    let far = Instant::now() + Duration::from_secs(60);
    let mut w = Worker::new(Position::new(b.clone(), rule), &tt, &stop, far, u64::MAX);
    w.vct_first(threes, 2_000_000, far)
        .map(|m| Pos::from_idx(m as usize))
}

#[test]
fn vct_through_a_double_three() {
    // 7,7 makes two open threes (column 7,5 7,6; row 8,7 9,7): no defence stops both.
    let b = setup("7,5 7,6 8,7 9,7", "0,0 14,0 0,14 14,14", Color::Black);
    assert!(
        vcf(&b, Rule::Freestyle, 20).is_none(),
        "no fours to start with"
    );
    assert_eq!(vct(&b, Rule::Freestyle, 1), Some(Pos::new(7, 7)));
    // The engine plays it at once.
    let r = Engine::new().search_sync(b.clone(), Rule::Freestyle, Limits::depth(2), &mut |_| {});
    assert_eq!(r.best, Pos::new(7, 7));
    assert!(r.score > WIN_BOUND);
    // In renju 7,7 is a foul for black, so that is no VCT.
    assert_ne!(vct(&b, Rule::Renju, 1), Some(Pos::new(7, 7)));
}

#[test]
fn a_counter_four_refutes_a_three() {
    // Black's double three at 7,7 as above, but white has an open three on column 12 and a
    // closed three on row 2: white answers 7,7 with an open four (12,9 or 12,13). Black must
    // not treat 7,7 as a proven win here.
    let b = setup(
        "7,5 7,6 8,7 9,7 0,2",
        "1,2 2,2 3,2 12,10 12,11 12,12",
        Color::Black,
    );
    let first = vct(&b, Rule::Freestyle, 1);
    assert_ne!(first, Some(Pos::new(7, 7)));
    if let Some(m) = first {
        // Any claimed VCT must survive every answer the engine itself can find.
        let mut after = b.clone();
        after.make(m.idx());
        assert!(
            vcf(&after, Rule::Freestyle, 20).is_none(),
            "white refutes {m} with fours"
        );
    }
}

#[test]
fn no_vct_from_a_lone_two() {
    let b = setup("7,7 8,8", "0,0 14,14", Color::Black);
    assert_eq!(vct(&b, Rule::Freestyle, 2), None);
}

#[test]
fn vcf_of_seven_plies() {
    let black = "4,3 6,3 3,4 8,4 3,5 6,5 11,5 6,7 5,8 9,10 3,11";
    let white = "7,3 11,3 5,4 9,4 9,8 4,9 7,9 4,10 7,10 5,11 9,11";
    let b = setup(black, white, Color::Black);
    assert!(vcf(&b, Rule::Freestyle, 2).is_none(), "no shorter VCF");
    let (n, line) = vcf(&b, Rule::Freestyle, 3).expect("vcf");
    assert_eq!(n, 7);
    check_line(&b, Rule::Freestyle, &line);
}

#[test]
fn only_one_move_stops_the_opponent_vcf() {
    // White (not to move) has a VCF; black has no four of its own, and of all 207 empty
    // squares only 7,3 leaves white without a VCF (checked exhaustively with the solver).
    let black = "3,3 6,3 10,5 5,7 6,7 8,8 9,9 8,10 11,10";
    let white = "6,4 8,4 6,5 8,5 9,5 10,6 4,8 5,8 10,10";
    let b = setup(black, white, Color::Black);
    let mut w = b.clone();
    w.set_side_to_move(Color::White);
    assert!(
        vcf(&w, Rule::Freestyle, 20).is_some(),
        "white threatens a VCF"
    );
    let safe: Vec<Pos> = b
        .all_cells()
        .filter(|&i| b.cell(i) == 0)
        .filter(|&i| {
            let mut t = b.clone();
            t.make(i);
            vcf(&t, Rule::Freestyle, 20).is_none()
        })
        .map(Pos::from_idx)
        .collect();
    assert_eq!(safe, vec![Pos::new(7, 3)]);
    let r = common::position::think_1s(b, Rule::Freestyle);
    assert_eq!(r.best, Pos::new(7, 3));
}
