//! Property test: any sequence of moves, takebacks of the last or of an earlier stone, and
//! restarts leaves the board exactly as a board built fresh from the stones that remain, and
//! the incremental evaluator agrees with a fresh one on it.
use rand::{rngs::StdRng, Rng, SeedableRng};
use wuzi::game::board::{Board, Color, EMPTY};
use wuzi::game::pos::DIRS;
use wuzi::game::rule::Rule;
use wuzi::search::position::Position;

fn rebuilt(b: &Board) -> Board {
    let mut fresh = Board::new(b.width(), b.height());
    for &m in b.moves() {
        let c = if b.cell(m as usize) == 1 {
            Color::Black
        } else {
            Color::White
        };
        fresh.put(m as usize, c);
    }
    fresh.set_side_to_move(b.side_to_move());
    fresh
}

fn same(a: &Board, b: &Board) -> bool {
    a.hash() == b.hash()
        && a.stones() == b.stones()
        && a.all_cells().all(|i| {
            a.cell(i) == b.cell(i)
                && a.near(i) == b.near(i)
                && (0..DIRS.len()).all(|d| a.key(i, d) == b.key(i, d))
        })
}

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
