//! Positions for the library-level tests.
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;

/// Parses "x,y x,y ..." into points.
pub fn points(s: &str) -> Vec<Pos> {
    s.split_whitespace()
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            Pos::new(x.parse().unwrap(), y.parse().unwrap())
        })
        .collect()
}

/// A `size` x `size` board with the given stones and side to move.
pub fn setup(size: usize, black: &str, white: &str, to_move: Color) -> Board {
    let mut b = Board::new(size, size);
    for p in points(black) {
        b.put(p.idx(), Color::Black);
    }
    for p in points(white) {
        b.put(p.idx(), Color::White);
    }
    b.set_side_to_move(to_move);
    b
}
