//! A board compared with one built fresh from its stones: catches any drift in the
//! incremental state (line keys, neighbourhood counts, hash).
use wuzi::game::board::{Board, Color, WALL};
use wuzi::game::pos::Pos;
use wuzi::game::pos::DIRS;

/// The same stones (and blocked squares) placed on an empty board.
pub fn rebuilt(b: &Board) -> Board {
    let mut fresh = Board::new(b.width(), b.height());
    for y in 0..b.height() {
        for x in 0..b.width() {
            let i = Pos::new(x as u8, y as u8).idx();
            if b.cell(i) == WALL {
                fresh.put_blocked(i);
            }
        }
    }
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

/// Identical cells, keys, counts and hash.
pub fn same(a: &Board, b: &Board) -> bool {
    a.hash() == b.hash()
        && a.stones() == b.stones()
        && a.all_cells().all(|i| {
            a.cell(i) == b.cell(i)
                && a.near(i) == b.near(i)
                && (0..DIRS.len()).all(|d| a.key(i, d) == b.key(i, d))
        })
}
