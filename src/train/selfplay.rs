//! Self-play for training data: many node-limited games from random near-centre openings
//! (or from a list of openings, with random extra stones) on several threads, each position
//! written with the game's result and the search score (the [`record`](super::record)
//! format). Every game is a function of (seed, game number) alone (node limits, a fresh
//! hash table per game), and games are written in order, so a run is reproducible whatever
//! the number of threads.

use super::record::Sample;
use crate::game::board::{Board, Color, EMPTY};
use crate::game::pos::Pos;
use crate::game::rule::{self, Rule};
use crate::search::engine::Engine;
use crate::search::{tt, Limits};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use std::collections::BTreeMap;
use std::io::Write;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Instant;

#[derive(Clone, Debug)]
pub struct Config {
    pub rule: Rule,
    pub size: usize,
    pub games: usize,
    pub threads: usize,
    /// Node limit per move.
    pub nodes: u64,
    pub seed: u64,
    /// Stones of the random opening (alternating colours, near the centre).
    pub opening_stones: usize,
    /// Openings to start from instead of random ones (move lists, black first); each is
    /// also played mirrored/rotated at random.
    pub openings: Vec<Vec<Pos>>,
    /// Random stones added to a listed opening (alternating colours, each within two cells
    /// of a stone already there), so that a few hundred openings give thousands of different
    /// games: the search is deterministic at a node limit, and the evaluation's shapes do
    /// not tell a game from its rotations. They unbalance the opening: 2,600 games from 1,000
    /// balanced 4-stone openings with 2 extra stones, 20,000 nodes a move: black 1,771,
    /// white 757, draws 72 (the first extra stone, black's, is worth more than the reply).
    pub extra_stones: usize,
    /// Each move's node limit is drawn from `nodes · (1 ± node_jitter)` (uniform, from the
    /// game's seed), so that one opening gives different games without unbalancing it: a
    /// node-limited search is otherwise deterministic. 0: every move gets `nodes`.
    pub node_jitter: f64,
}

/// Counts of one finished run.
#[derive(Clone, Copy, Debug, Default)]
pub struct Summary {
    pub games: usize,
    pub positions: usize,
    pub black_wins: usize,
    pub white_wins: usize,
    pub draws: usize,
}

/// One of the eight symmetries of the square board.
fn transform(p: Pos, size: usize, t: u32) -> Pos {
    let (x, y, m) = (p.x as usize, p.y as usize, size - 1);
    let (x, y) = match t & 7 {
        0 => (x, y),
        1 => (m - y, x),
        2 => (m - x, m - y),
        3 => (y, m - x),
        4 => (m - x, y),
        5 => (x, m - y),
        6 => (y, x),
        _ => (m - y, m - x),
    };
    Pos::new(x as u8, y as u8)
}

/// Whether playing `i` now would end the game or be illegal for a plain opening stone.
fn bad_opening_stone(board: &Board, i: usize, rule: Rule) -> bool {
    let c = board.side_to_move();
    rule::makes_five(board, i, c, rule) || (rule.has_fouls(c) && rule::is_forbidden(board, i))
}

fn opening(cfg: &Config, rng: &mut StdRng) -> Option<Board> {
    let mut board = Board::new(cfg.size, cfg.size);
    if !cfg.openings.is_empty() {
        let line = &cfg.openings[rng.gen_range(0..cfg.openings.len())];
        let t = rng.gen_range(0..8);
        for &p in line {
            let p = transform(p, cfg.size, t);
            if (p.x as usize) >= cfg.size || (p.y as usize) >= cfg.size {
                return None;
            }
            let i = p.idx();
            if board.cell(i) != EMPTY || bad_opening_stone(&board, i, cfg.rule) {
                return None;
            }
            board.make(i);
        }
        for _ in 0..cfg.extra_stones {
            if !place_near(&mut board, cfg.rule, rng) {
                return None;
            }
        }
        return Some(board);
    }
    let c = (cfg.size / 2) as i32;
    let r = 3.min(c);
    for _ in 0..cfg.opening_stones {
        let mut placed = false;
        for _ in 0..100 {
            let x = rng.gen_range(c - r..=c + r);
            let y = rng.gen_range(c - r..=c + r);
            let i = Pos::new(x as u8, y as u8).idx();
            if board.cell(i) == EMPTY && !bad_opening_stone(&board, i, cfg.rule) {
                board.make(i);
                placed = true;
                break;
            }
        }
        if !placed {
            return None;
        }
    }
    Some(board)
}

/// Puts a stone of the side to move on a random empty cell within two cells (either way, on
/// both axes) of a random stone; false when 100 tries found none.
fn place_near(board: &mut Board, rule: Rule, rng: &mut StdRng) -> bool {
    let stones: Vec<Pos> = board
        .moves()
        .iter()
        .map(|&m| Pos::from_idx(m as usize))
        .collect();
    if stones.is_empty() {
        return false;
    }
    let size = board.width() as i32;
    for _ in 0..100 {
        let s = stones[rng.gen_range(0..stones.len())];
        let x = s.x as i32 + rng.gen_range(-2..=2);
        let y = s.y as i32 + rng.gen_range(-2..=2);
        if !(0..size).contains(&x) || !(0..board.height() as i32).contains(&y) {
            continue;
        }
        let i = Pos::new(x as u8, y as u8).idx();
        if board.cell(i) == EMPTY && !bad_opening_stone(board, i, rule) {
            board.make(i);
            return true;
        }
    }
    false
}

/// Whether the game is over after a stone on `i`: `Some(winner)` or `Some(None)` for a draw.
fn finished(board: &Board, i: usize, rule: Rule) -> Option<Option<Color>> {
    let mover = board.side_to_move().opp();
    if rule::makes_five(board, i, mover, rule) {
        return Some(Some(mover));
    }
    if board.is_full() {
        return Some(None);
    }
    None
}

/// Plays game number `g`; returns its samples (result filled in).
fn play(cfg: &Config, engine: &mut Engine, g: usize) -> Vec<Sample> {
    let mut rng = StdRng::seed_from_u64(cfg.seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ g as u64);
    let board = loop {
        if let Some(b) = opening(cfg, &mut rng) {
            break b;
        }
    };
    let mut board = board;
    engine.clear_hash();
    let mut samples: Vec<(Color, Option<i32>)> = Vec::new();
    let mut moves: Vec<Vec<Pos>> = Vec::new();
    let start_moves: Vec<Pos> = board
        .moves()
        .iter()
        .map(|&m| Pos::from_idx(m as usize))
        .collect();
    let mut history = start_moves;
    let winner = loop {
        if board.is_full() {
            break None;
        }
        let mut limits = Limits::depth(64);
        limits.max_nodes = if cfg.node_jitter > 0.0 {
            let j = cfg.node_jitter.min(0.9);
            (cfg.nodes as f64 * rng.gen_range(1.0 - j..=1.0 + j)).max(1.0) as u64
        } else {
            cfg.nodes
        };
        let side = board.side_to_move();
        let r = engine.search_sync(board.clone(), cfg.rule, limits, &mut |_| {});
        let i = r.best.idx();
        if board.cell(i) != EMPTY {
            break None;
        }
        let score = (r.score.abs() <= tt::WIN_BOUND).then_some(r.score);
        samples.push((side, score));
        moves.push(history.clone());
        // Renju: a forbidden move loses (the search only plays one when it has no other).
        if cfg.rule.has_fouls(side) && rule::is_forbidden(&board, i) {
            break Some(Color::White);
        }
        board.make(i);
        history.push(r.best);
        if let Some(end) = finished(&board, i, cfg.rule) {
            break end;
        }
    };
    samples
        .into_iter()
        .zip(moves)
        .map(|((side, score), moves)| Sample {
            game: g as u64,
            size: cfg.size,
            rule: cfg.rule,
            moves,
            result: match winner {
                None => 1,
                Some(w) if w == side => 2,
                Some(_) => 0,
            },
            score,
        })
        .collect()
}

/// Plays `cfg.games` games and writes their samples to `out` in game order; `progress` gets
/// a status line every few seconds.
pub fn run(
    cfg: &Config,
    out: &mut dyn Write,
    progress: &mut dyn FnMut(&str),
) -> std::io::Result<Summary> {
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<(usize, Vec<Sample>)>();
    let started = Instant::now();
    let mut summary = Summary::default();
    std::thread::scope(|scope| -> std::io::Result<()> {
        for _ in 0..cfg.threads.max(1) {
            let tx = tx.clone();
            let next = &next;
            scope.spawn(move || {
                let mut engine = Engine::new();
                engine.set_hash_bytes(16 << 20);
                loop {
                    let g = next.fetch_add(1, Ordering::Relaxed);
                    if g >= cfg.games {
                        break;
                    }
                    if tx.send((g, play(cfg, &mut engine, g))).is_err() {
                        break;
                    }
                }
            });
        }
        drop(tx);
        let mut pending = BTreeMap::new();
        let mut written = 0;
        let mut last_report = Instant::now();
        for (g, samples) in rx {
            pending.insert(g, samples);
            while let Some(samples) = pending.remove(&written) {
                for s in &samples {
                    writeln!(out, "{}", s.to_line())?;
                }
                summary.games += 1;
                summary.positions += samples.len();
                if let Some(s) = samples.first() {
                    let first_black = s.moves.len() % 2 == 0;
                    match (s.result, first_black) {
                        (1, _) => summary.draws += 1,
                        (2, true) | (0, false) => summary.black_wins += 1,
                        _ => summary.white_wins += 1,
                    }
                }
                written += 1;
            }
            if last_report.elapsed().as_secs_f64() >= 5.0 || written == cfg.games {
                last_report = Instant::now();
                let secs = started.elapsed().as_secs_f64().max(1e-3);
                let rate = summary.games as f64 / secs;
                let eta = (cfg.games - summary.games) as f64 / rate.max(1e-9);
                progress(&format!(
                    "games {}/{} positions {} ({:.2} games/s, {:.0} positions/h) black {} white {} draws {} eta {:.0}s",
                    summary.games,
                    cfg.games,
                    summary.positions,
                    rate,
                    summary.positions as f64 / secs * 3600.0,
                    summary.black_wins,
                    summary.white_wins,
                    summary.draws,
                    eta
                ));
            }
        }
        out.flush()
    })?;
    Ok(summary)
}
