//! `pbrain-wuzi bench`: fixed positions searched to a fixed depth. Prints nodes,
//! time, nodes/s and a node-count signature that must stay identical across runs
//! (the regression yardstick for every change to search or evaluation).

use crate::game::board::Board;
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use crate::search::engine::Engine;
use crate::search::{score_text, Limits};
use std::time::Instant;

/// Built-in positions: (board size, rule, moves in play order as "x,y" pairs).
pub const POSITIONS: &[(usize, Rule, &str)] = &[
    (15, Rule::Freestyle, "7,7"),
    (15, Rule::Freestyle, "7,7 8,8 8,6 6,8 9,5 10,4 9,7"),
    (
        15,
        Rule::Freestyle,
        "7,7 7,8 8,7 6,7 8,9 8,8 9,8 6,6 5,5 6,9 6,8 7,10",
    ),
    (
        15,
        Rule::Standard,
        "7,7 8,6 6,8 8,8 8,7 6,7 9,9 7,9 5,8 4,8 6,6 5,5",
    ),
    (15, Rule::Renju, "7,7 8,8 6,8 6,6 7,9 7,8 8,9 9,10 5,9 4,10"),
    (
        15,
        Rule::Renju,
        "7,7 7,6 8,8 6,6 9,9 10,10 8,6 9,7 6,9 5,10 8,10",
    ),
    (
        20,
        Rule::Freestyle,
        "10,10 11,11 9,11 9,9 11,9 8,12 12,8 13,7 10,9 10,8",
    ),
    (
        20,
        Rule::Freestyle,
        "10,10 10,11 11,10 9,10 11,12 11,11 12,11 9,9 8,8 9,12 9,11 12,13 13,12",
    ),
];

/// Parses "x,y x,y ..." into a board with the moves played in order.
pub fn board_from_moves(size: usize, moves: &str) -> Board {
    let mut b = Board::new(size, size);
    for m in moves.split_whitespace() {
        let mut it = m.split(',').filter_map(|v| v.parse::<u8>().ok());
        if let (Some(x), Some(y)) = (it.next(), it.next()) {
            let p = Pos::new(x, y);
            if b.is_empty(p) {
                b.make(p.idx());
            }
        }
    }
    b
}

pub struct BenchReport {
    pub nodes: u64,
    pub seconds: f64,
    pub signature: u64,
}

/// Runs the bench at `depth`, printing one line per position and a summary.
pub fn run(depth: i32, print: &mut dyn FnMut(&str)) -> BenchReport {
    let mut total = 0u64;
    let mut signature = 0xcbf2_9ce4_8422_2325u64;
    let t0 = Instant::now();
    for (n, &(size, rule, moves)) in POSITIONS.iter().enumerate() {
        let mut engine = Engine::new();
        engine.set_hash_bytes(16 << 20);
        let board = board_from_moves(size, moves);
        let t = Instant::now();
        let r = engine.search_sync(board, rule, Limits::depth(depth), &mut |_| {});
        total += r.nodes;
        signature = (signature ^ r.nodes).wrapping_mul(0x100_0000_01b3);
        print(&format!(
            "position {:2} {}x{} {:9} depth {:2} best {:5} ev {:>10} nodes {:10} time {:6}ms",
            n + 1,
            size,
            size,
            rule.name(),
            r.depth,
            r.best.to_string(),
            score_text(r.score),
            r.nodes,
            t.elapsed().as_millis()
        ));
    }
    let seconds = t0.elapsed().as_secs_f64();
    print(&format!(
        "total nodes {} time {:.3}s nodes/s {} signature {:016x}",
        total,
        seconds,
        (total as f64 / seconds.max(1e-9)) as u64,
        signature
    ));
    BenchReport {
        nodes: total,
        seconds,
        signature,
    }
}
