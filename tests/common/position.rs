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

/// The engine's answer under `INFO timeout_turn 1000` (the budget it would use in a game).
pub fn think_1s(b: Board, rule: wuzi::game::rule::Rule) -> wuzi::search::SearchResult {
    use wuzi::search::{engine::Engine, timeman::TimeControl, Limits};
    let tc = TimeControl {
        turn_ms: 1000,
        match_ms: 0,
        left_ms: None,
    };
    let limits = Limits {
        start: std::time::Instant::now(),
        budget: tc.budget(b.stones(), b.empty_count()),
        max_depth: 100,
        max_nodes: u64::MAX,
        threads: 1,
        ponder: false,
        multipv: 1,
        root_watch: None,
    };
    let mut e = Engine::new();
    e.set_hash_bytes(16 << 20);
    e.search_sync(b, rule, limits, &mut |_| {})
}

/// One step of a random walk over positions: a takeback with probability `undo` (or when
/// the board is nearly full), else a stone, mostly next to the others so real patterns form.
pub fn random_step(
    pos: &mut wuzi::search::position::Position,
    rng: &mut rand::rngs::StdRng,
    undo: f64,
) {
    use rand::Rng;
    use wuzi::game::board::EMPTY;
    if pos.board.stones() > 0 && (rng.gen_bool(undo) || pos.board.empty_count() < 3) {
        pos.undo();
        return;
    }
    let cells: Vec<usize> = pos
        .board
        .all_cells()
        .filter(|&i| pos.board.cell(i) == EMPTY)
        .collect();
    let near: Vec<usize> = cells
        .iter()
        .copied()
        .filter(|&i| pos.board.near(i) > 0)
        .collect();
    let pool = if near.is_empty() || rng.gen_bool(0.1) {
        &cells
    } else {
        &near
    };
    pos.make(pool[rng.gen_range(0..pool.len())]);
}
