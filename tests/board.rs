//! Property test: any sequence of moves, takebacks of the last or of an earlier stone, and
//! restarts leaves the board exactly as a board built fresh from the stones that remain, and
//! the incremental evaluator agrees with a fresh one on it.
mod common;
use common::consistency::{rebuilt, same};
use rand::{rngs::StdRng, Rng, SeedableRng};
use wuzi::game::board::{Board, EMPTY};
use wuzi::game::rule::Rule;
use wuzi::search::position::Position;

#[test]
fn moves_takebacks_and_restarts_keep_the_board_consistent() {
    let mut rng = StdRng::seed_from_u64(2026);
    for (w, h) in [(15, 15), (20, 20), (5, 5), (32, 7)] {
        let mut b = Board::new(w, h);
        for step in 0..4000 {
            let r = rng.gen_range(0..100);
            if r < 55 || b.stones() == 0 {
                let empty: Vec<usize> = b.all_cells().filter(|&i| b.cell(i) == EMPTY).collect();
                if empty.is_empty() {
                    b = Board::new(w, h);
                    continue;
                }
                b.make(empty[rng.gen_range(0..empty.len())]);
            } else if r < 80 {
                b.undo();
            } else if r < 98 {
                // TAKEBACK of any stone, as the protocol allows.
                let moves = b.moves().to_vec();
                let victim = moves[rng.gen_range(0..moves.len())] as usize;
                assert!(b.remove(victim));
                assert_eq!(b.cell(victim), EMPTY);
            } else {
                b = Board::new(w, h);
            }
            if step % 5 == 0 {
                assert!(same(&b, &rebuilt(&b)), "{w}x{h} step {step}");
                let pos = Position::new(b.clone(), Rule::Renju);
                let mut moved = pos.clone();
                if let Some(i) = b.all_cells().find(|&i| b.cell(i) == EMPTY) {
                    moved.make(i);
                    moved.undo();
                    assert!(moved.eval.matches_fresh(&moved.board));
                }
            }
        }
    }
}
