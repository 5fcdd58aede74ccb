//! `pbrain-wuzi bench`: fixed positions, each searched to a fixed depth by a fresh engine
//! (a 16 MiB hash table unless told otherwise). Prints nodes, time, nodes/s and a
//! signature of the node counts, which with one thread and the default table size is the
//! same on every run and machine: the regression yardstick for every change to the search
//! or the evaluation ([`REFERENCE_SIGNATURE`] at depth [`REFERENCE_DEPTH`]; a change that
//! alters the tree changes it and says so in its commit). Also `pbrain-wuzi solve`, the
//! threat solver over a puzzle file ([`crate::datafile`]).

use crate::game::board::Board;
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use crate::search::engine::Engine;
use crate::search::{score_text, Limits};
use std::time::Instant;

/// The depth and node-count signature of the reference bench: every change to the search or
/// the evaluation that changes the tree changes it, and must update it here (and say so in
/// its commit message), as Rapfi checks its bench hash. `cargo test` compares.
pub const REFERENCE_DEPTH: i32 = 7;
pub const REFERENCE_SIGNATURE: u64 = 0x8105_a9bb_c4f6_43b3;

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

/// Runs the bench at `depth` with `threads` search threads, printing one line per position
/// and a summary. The signature is reproducible with one thread only (helpers race).
pub fn run(depth: i32, threads: usize, print: &mut dyn FnMut(&str)) -> BenchReport {
    run_with_hash(depth, threads, BENCH_HASH_BYTES, print)
}

/// The bench's hash table: small enough to stay in a large cache, which keeps the
/// signature's tree independent of the machine.
pub const BENCH_HASH_BYTES: usize = 16 << 20;

/// [`run`] with a hash table of `hash_bytes` (a Gomocup-size table shows what memory
/// latency costs; the tree, and so the signature, depends on the size).
pub fn run_with_hash(
    depth: i32,
    threads: usize,
    hash_bytes: usize,
    print: &mut dyn FnMut(&str),
) -> BenchReport {
    let mut total = 0u64;
    let mut signature = 0xcbf2_9ce4_8422_2325u64;
    crate::search::stats::reset();
    let t0 = Instant::now();
    for (n, &(size, rule, moves)) in POSITIONS.iter().enumerate() {
        let mut engine = Engine::new();
        engine.set_hash_bytes(hash_bytes);
        let board = board_from_moves(size, moves);
        let t = Instant::now();
        let limits = Limits {
            threads,
            ..Limits::depth(depth)
        };
        let r = engine.search_sync(board, rule, limits, &mut |_| {});
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
    if let Some(stats) = crate::search::stats::report() {
        for line in stats.lines() {
            print(line);
        }
    }
    BenchReport {
        nodes: total,
        seconds,
        signature,
    }
}

/// Largest number of threes the puzzle solver's VCT may use.
const VCT_MAX_THREES: i32 = 4;

/// `pbrain-wuzi solve FILE [NODES]`: runs the VCF solver on every `vcf`/`vct`/`win` line of a
/// puzzle file ([`crate::datafile`]) and prints, per position, solved or not, the move,
/// nodes and time; then the solve rate, median and worst time and nodes.
pub fn solve_file(path: &str, max_nodes: u64, print: &mut dyn FnMut(&str)) -> anyhow::Result<()> {
    use crate::search::alphabeta::Worker;
    use crate::search::position::Position;
    use crate::search::tt::TranspositionTable;
    use std::sync::atomic::AtomicBool;

    let text = std::fs::read_to_string(path)?;
    let mut rows: Vec<(bool, u64, f64)> = Vec::new();
    let stop = AtomicBool::new(false);
    let tt = TranspositionTable::new(1 << 16);
    for line in text.lines() {
        let Some(entry) = crate::datafile::parse_line(line) else {
            continue;
        };
        if !matches!(entry.task.as_str(), "vcf" | "vct" | "win") {
            continue;
        }
        let (b, rule, answers, task0) = (entry.board, entry.rule, entry.answers, entry.task);
        let t = Instant::now();
        let mut w = Worker::new(
            Position::new(b, rule),
            &tt,
            &stop,
            t + std::time::Duration::from_secs(3600),
            u64::MAX,
        );
        let far = t + std::time::Duration::from_secs(3600);
        let found = w.vcf_line(60, max_nodes, far);
        let mut first = found
            .as_ref()
            .and_then(|(_, l)| l.first())
            .map(|&m| Pos::from_idx(m as usize));
        if first.is_none() && task0 != "vcf" {
            // Not a VCF: try threats (fours and threes), deepening the number of threes.
            for d in 1..=VCT_MAX_THREES {
                if let Some(m) = w.vct_first(d, max_nodes, far) {
                    first = Some(Pos::from_idx(m as usize));
                    break;
                }
            }
        }
        let secs = t.elapsed().as_secs_f64();
        let ok = first.is_some_and(|m| answers.is_empty() || answers.contains(&m));
        let shown = first.map(|m| m.to_string()).unwrap_or_else(|| "-".into());
        print(&format!(
            "{:40} {:8} move {:6} nodes {:8} time {:8.2}ms",
            entry.id,
            if ok { "solved" } else { "unsolved" },
            shown,
            w.vcf_nodes,
            secs * 1000.0
        ));
        rows.push((ok, w.vcf_nodes, secs));
    }
    let solved = rows.iter().filter(|r| r.0).count();
    let mut times: Vec<f64> = rows.iter().map(|r| r.2).collect();
    let mut nodes: Vec<u64> = rows.iter().map(|r| r.1).collect();
    times.sort_by(|a, b| a.total_cmp(b));
    nodes.sort_unstable();
    let mid = |n: usize| n / 2;
    print(&format!(
        "solved {}/{} ({:.1}%) median time {:.2}ms worst {:.2}ms median nodes {} worst {}",
        solved,
        rows.len(),
        100.0 * solved as f64 / rows.len().max(1) as f64,
        times.get(mid(times.len())).copied().unwrap_or(0.0) * 1000.0,
        times.last().copied().unwrap_or(0.0) * 1000.0,
        nodes.get(mid(nodes.len())).copied().unwrap_or(0),
        nodes.last().copied().unwrap_or(0)
    ));
    Ok(())
}
