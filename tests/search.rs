//! Search-core checks: incremental evaluation against a fresh computation, forced wins
//! reported as win-in-N, determinism of the bench.
use rand::{rngs::StdRng, SeedableRng};
use wuzi::eval::pattern::Combo;
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;
use wuzi::search::engine::Engine;
use wuzi::search::position::Position;
use wuzi::search::tt::WIN;
use wuzi::search::Limits;

mod common;

#[test]
fn incremental_patterns_match_a_fresh_computation() {
    let mut rng = StdRng::seed_from_u64(12345);
    for (size, rule) in [
        (15, Rule::Freestyle),
        (15, Rule::Standard),
        (15, Rule::Renju),
        (20, Rule::Freestyle),
        (7, Rule::Standard),
    ] {
        let mut pos = Position::new(Board::new(size, size), rule);
        let mut checks = 0;
        for step in 0..3000 {
            common::position::random_step(&mut pos, &mut rng, 0.4);
            if step % 7 == 0 {
                assert!(
                    pos.eval.matches_fresh(&pos.board),
                    "{size} {rule:?} step {step}"
                );
                checks += 1;
            }
        }
        assert!(checks > 400);
    }
}

fn board(size: usize, black: &[(u8, u8)], white: &[(u8, u8)], to_move: Color) -> Board {
    let mut b = Board::new(size, size);
    for &(x, y) in black {
        b.put(Pos::new(x, y).idx(), Color::Black);
    }
    for &(x, y) in white {
        b.put(Pos::new(x, y).idx(), Color::White);
    }
    b.set_side_to_move(to_move);
    b
}

#[test]
fn a_four_three_is_reported_as_a_forced_win() {
    // Black: closed three on row 7 (white 4,7), open two on column 8; 8,7 is a 4-3.
    let b = board(
        15,
        &[(5, 7), (6, 7), (7, 7), (8, 5), (8, 6)],
        &[(4, 7), (2, 2), (12, 2), (2, 12), (12, 12)],
        Color::Black,
    );
    let mut e = Engine::new();
    let r = e.search_sync(b, Rule::Freestyle, Limits::depth(6), &mut |_| {});
    assert_eq!(r.best, Pos::new(8, 7));
    // 8,7 four; forced block 9,7; open four on column 8; any reply; five: win in 5 plies.
    assert_eq!(r.score, WIN - 5, "score {}", r.score);
}

#[test]
fn a_lost_position_is_reported_as_a_loss() {
    // White has an open four: whatever black does (no four of its own), white makes five.
    let b = board(
        15,
        &[(0, 0), (14, 14), (0, 14)],
        &[(5, 5), (6, 5), (7, 5), (8, 5)],
        Color::Black,
    );
    let mut e = Engine::new();
    let r = e.search_sync(b, Rule::Freestyle, Limits::depth(4), &mut |_| {});
    assert!(r.score <= -(WIN - 10), "score {}", r.score);
}

#[test]
fn bench_is_deterministic() {
    let a = wuzi::bench::run(4, 1, &mut |_| {});
    let b = wuzi::bench::run(4, 1, &mut |_| {});
    assert_eq!(a.signature, b.signature);
    assert_eq!(a.nodes, b.nodes);
    assert!(a.nodes > 1000);
}

#[test]
fn bench_signature_is_the_reference_one() {
    let r = wuzi::bench::run(wuzi::bench::REFERENCE_DEPTH, 1, &mut |_| {});
    assert_eq!(
        r.signature,
        wuzi::bench::REFERENCE_SIGNATURE,
        "the search tree changed: update bench::REFERENCE_SIGNATURE to {:#018x} if that is intended",
        r.signature
    );
}

#[test]
fn helper_threads_agree_on_a_forced_win() {
    let b = board(
        15,
        &[(5, 7), (6, 7), (7, 7), (8, 5), (8, 6)],
        &[(4, 7), (2, 2), (12, 2), (2, 12), (12, 12)],
        Color::Black,
    );
    for threads in [2, 3] {
        let mut e = Engine::new();
        let limits = Limits {
            threads,
            ..Limits::depth(6)
        };
        let r = e.search_sync(b.clone(), Rule::Freestyle, limits, &mut |_| {});
        assert_eq!((r.best, r.score), (Pos::new(8, 7), WIN - 5), "{threads}");
        assert_eq!(r.pv.first(), Some(&r.best));
    }
}

/// The root watcher sees every pass over the root moves, each move's start and (when its
/// search completed) its end right after, on the main thread only.
#[test]
fn the_root_watcher_sees_each_pass_and_move() {
    use std::sync::{Arc, Mutex};
    use wuzi::search::RootEvent;
    let b = board(
        15,
        &[(7, 7), (8, 8), (6, 8)],
        &[(7, 8), (8, 7)],
        Color::White,
    );
    for (threads, multipv) in [(1, 1), (2, 1), (1, 3)] {
        let events = Arc::new(Mutex::new(Vec::new()));
        let sink = events.clone();
        let limits = Limits {
            threads,
            multipv,
            root_watch: Some(Arc::new(move |e| sink.lock().unwrap().push(e))),
            ..Limits::depth(5)
        };
        let mut e = Engine::new();
        let r = e.search_sync(b.clone(), Rule::Freestyle, limits, &mut |_| {});
        assert_eq!(r.depth, 5);
        let events = events.lock().unwrap();
        assert_eq!(events[0], RootEvent::Pass { depth: 1 });
        let mut depth = 0;
        let mut seen = std::collections::HashSet::new();
        for (k, ev) in events.iter().enumerate() {
            match *ev {
                RootEvent::Pass { depth: d } => {
                    assert!(d == depth || d == depth + 1, "{events:?}");
                    depth = d;
                    seen.clear();
                }
                RootEvent::Start(p) => {
                    assert!(b.is_empty(p));
                    assert!(seen.insert(p), "{p} twice in one pass");
                }
                RootEvent::Done(p) => assert_eq!(events[k - 1], RootEvent::Start(p)),
            }
        }
        assert_eq!(depth, 5, "{threads} {multipv}");
        // The first pass searches every root move, the best one included.
        let first_pass: Vec<_> = events
            .iter()
            .skip(1)
            .take_while(|e| !matches!(e, RootEvent::Pass { .. }))
            .collect();
        assert!(first_pass.contains(&&RootEvent::Done(r.best)));
    }
}

#[test]
fn multipv_gives_distinct_lines_best_first() {
    // A quiet middle game: white to move.
    let b = board(
        15,
        &[(7, 7), (8, 8), (6, 8)],
        &[(7, 8), (8, 7)],
        Color::White,
    );
    let mut e = Engine::new();
    let limits = Limits {
        multipv: 4,
        ..Limits::depth(5)
    };
    let r = e.search_sync(b.clone(), Rule::Freestyle, limits, &mut |_| {});
    assert_eq!(r.depth, 5);
    assert_eq!(r.lines.len(), 4);
    assert_eq!(r.lines[0].pv.first(), Some(&r.best));
    assert_eq!(r.lines[0].score, r.score);
    let firsts: std::collections::HashSet<Pos> = r.lines.iter().map(|l| l.pv[0]).collect();
    assert_eq!(firsts.len(), 4);
    for w in r.lines.windows(2) {
        assert!(w[0].score >= w[1].score, "{:?}", r.lines);
    }
    for l in &r.lines {
        assert!(b.is_empty(l.pv[0]));
    }
}

/// A node limit (`INFO max_node`) holds for the whole move, the root threat searches
/// included: with a turn long enough for the root VCT, middle-game positions of random
/// walks searched with a 4,000-node limit stay within twice the limit (the first iteration
/// always completes) and iterate past depth 1. Before, the root VCF, defence and VCT checks
/// had budgets of their own (up to a million nodes each) and could leave the search a
/// single iteration.
#[test]
fn a_node_limit_covers_the_root_threat_searches() {
    use wuzi::search::timeman::{Budget, Plan};
    const LIMIT: u64 = 4_000;
    let mut rng = StdRng::seed_from_u64(1515);
    let mut searched = 0;
    for _ in 0..16 {
        // 30 stones, none of them making a four: threes everywhere, nothing forced yet.
        let mut pos = Position::new(Board::new(15, 15), Rule::Freestyle);
        while pos.board.stones() < 30 {
            common::position::random_step(&mut pos, &mut rng, 0.0);
            let fives = |c| pos.eval.count(c, Combo::Five);
            if fives(Color::Black) + fives(Color::White) > 0 {
                pos.undo();
            }
        }
        let limits = Limits {
            budget: Budget {
                optimum: std::time::Duration::from_secs(10),
                maximum: std::time::Duration::from_secs(20),
                plan: Plan::Optimum,
            },
            max_nodes: LIMIT,
            ..Limits::depth(100)
        };
        let mut e = Engine::new();
        e.set_hash_bytes(1 << 20);
        let r = e.search_sync(pos.board.clone(), Rule::Freestyle, limits, &mut |_| {});
        assert!(
            r.nodes <= 2 * LIMIT,
            "{} nodes\n{}",
            r.nodes,
            pos.board.render()
        );
        // Depth 0: settled by the threat searches (a VCF or VCT win, a single defence).
        if r.depth > 0 {
            assert!(r.depth >= 2, "depth {}\n{}", r.depth, pos.board.render());
            searched += 1;
        }
    }
    assert!(searched >= 2, "{searched}");
}

/// `pbrain-wuzi params` lists every tunable with the constant in force. A normal build
/// ignores WUZI_TUNE (its search is the constants'); a `--features tune` build uses it.
#[test]
fn params_lists_the_tunables_and_a_normal_build_ignores_wuzi_tune() {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-wuzi"))
        .arg("params")
        .env("WUZI_TUNE", "rfp_margin=250")
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout).to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines.len(),
        1 + wuzi::search::tune::TUNABLES.len(),
        "{text}"
    );
    let rfp = lines.iter().find(|l| l.starts_with("rfp_margin ")).unwrap();
    let value: i32 = rfp.split_whitespace().nth(1).unwrap().parse().unwrap();
    if wuzi::search::tune::ENABLED {
        assert!(lines[0].starts_with("tune on"), "{text}");
        assert_eq!(value, 250);
    } else {
        assert!(lines[0].starts_with("tune off"), "{text}");
        assert_eq!(value, wuzi::search::params::RFP_MARGIN);
    }
    assert!(out.stderr.is_empty());
}
