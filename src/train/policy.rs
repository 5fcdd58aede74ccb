//! `pbrain-wuzi policy`: fits the move-ordering corrections of [`Policy`] to the moves
//! played in games. Each sample's last move is the target and the moves before it the
//! position; every cell the search would list there is a candidate with the logit
//! `alpha * score / 1000 + own[shape for us] + opp[shape for them] + last[distance class
//! from the opponent's last stone] + prev[from our last stone]` (`--near 0`: without the
//! last two), `score` being the hand-set ordering score ([`score_move`]). A softmax over
//! the candidates against the move played (cross-entropy, L2 on the tables, full-batch
//! Adam); the tables are written in the ordering's units (`1000 / alpha` per logit), so the
//! search adds them to `score`. Positions with a five point for either side (the move is
//! forced) are left out.
//!
//! Games of a stronger engine teach more than Wuzi's own: the renju and standard tables
//! were fitted to the moves of Rapfi's classical engine playing itself, read from
//! c-gomoku-cli's samples ([`super::record`]).

use super::cli::{parse_rule, read_samples, replay, split_by_game, Args};
use super::record::Sample;
use crate::eval::pattern::Combo;
use crate::eval::policy::{near, Policy, NEAR};
use crate::eval::weights::NSHAPES;
use crate::game::rule::Rule;
use crate::search::moves::{candidates, is_listed, score_move};
use crate::search::position::Position;
use std::time::Instant;

/// Candidates of all positions, position by position.
#[derive(Default)]
struct Data {
    /// Per position: first candidate, number of candidates, index of the move played.
    rows: Vec<(u32, u16, u16)>,
    /// Per position: its game (the split keeps a game on one side).
    games: Vec<u64>,
    base: Vec<f32>,
    own: Vec<u16>,
    opp: Vec<u16>,
    cell: Vec<u16>,
    score: Vec<i32>,
    /// Distance classes from the opponent's last stone and from our own ([`near`]).
    last: Vec<u8>,
    prev: Vec<u8>,
}

fn build(samples: &[Sample], rule: Rule) -> Data {
    let mut d = Data::default();
    let (mut buf, mut listed) = (Vec::new(), Vec::new());
    for s in samples
        .iter()
        .filter(|s| s.rule == rule && s.moves.len() >= 2)
    {
        let (played, before) = s.moves.split_last().expect("two moves or more");
        let Some(board) = replay(s.size, before) else {
            continue;
        };
        let mut pos = Position::new(board, rule);
        let (me, them) = (pos.side(), pos.side().opp());
        let five = Combo::Five as usize;
        if pos.eval.counts(me)[five] > 0 || pos.eval.counts(them)[five] > 0 {
            continue;
        }
        candidates(&pos, &mut buf);
        let threatened = pos.has_open_four_point(them);
        listed.clear();
        listed.extend(
            buf.iter()
                .map(|&m| m as usize)
                .filter(|&i| is_listed(&mut pos, i, threatened)),
        );
        let n = listed.len();
        let Some(t) = listed.iter().position(|&i| i == played.idx()) else {
            continue;
        };
        if n < 2 || n > u16::MAX as usize {
            continue;
        }
        d.rows.push((d.base.len() as u32, n as u16, t as u16));
        d.games.push(s.game);
        let last = before.last().map(|p| p.idx());
        let prev = before.len().checked_sub(2).map(|k| before[k].idx());
        for &i in &listed {
            let sc = score_move(&pos, i, me);
            d.base.push(sc as f32 / 1000.0);
            d.score.push(sc);
            d.own.push(pos.eval.shape(i, me) as u16);
            d.opp.push(pos.eval.shape(i, them) as u16);
            d.cell.push(i as u16);
            d.last.push(near(i, last) as u8);
            d.prev.push(near(i, prev) as u8);
        }
    }
    d
}

/// Parameters: alpha, then own[NSHAPES], opp[NSHAPES], last[NEAR] and prev[NEAR].
const NP: usize = 1 + 2 * NSHAPES + 2 * NEAR;
const LAST: usize = 1 + 2 * NSHAPES;
const PREV: usize = LAST + NEAR;

/// Mean cross-entropy over `rows` and, into `grad` when given, its gradient (L2 added).
fn loss_grad(d: &Data, rows: &[usize], w: &[f64], l2: f64, mut grad: Option<&mut [f64]>) -> f64 {
    if let Some(g) = grad.as_deref_mut() {
        g.iter_mut().for_each(|x| *x = 0.0);
    }
    let mut total = 0.0;
    let mut z = Vec::new();
    for &r in rows {
        let (first, n, t) = d.rows[r];
        let (first, n) = (first as usize, n as usize);
        z.clear();
        for k in first..first + n {
            z.push(
                w[0] * d.base[k] as f64
                    + w[1 + d.own[k] as usize]
                    + w[1 + NSHAPES + d.opp[k] as usize]
                    + w[LAST + d.last[k] as usize]
                    + w[PREV + d.prev[k] as usize],
            );
        }
        let mx = z.iter().cloned().fold(f64::MIN, f64::max);
        let sum: f64 = z.iter().map(|v| (v - mx).exp()).sum();
        total += mx + sum.ln() - z[t as usize];
        if let Some(g) = grad.as_deref_mut() {
            for (j, k) in (first..first + n).enumerate() {
                let p = (z[j] - mx).exp() / sum - if j == t as usize { 1.0 } else { 0.0 };
                g[0] += p * d.base[k] as f64;
                g[1 + d.own[k] as usize] += p;
                g[1 + NSHAPES + d.opp[k] as usize] += p;
                g[LAST + d.last[k] as usize] += p;
                g[PREV + d.prev[k] as usize] += p;
            }
        }
    }
    let m = rows.len().max(1) as f64;
    let reg: f64 = w[1..].iter().map(|x| x * x).sum::<f64>() * l2;
    if let Some(g) = grad {
        g.iter_mut().for_each(|x| *x /= m);
        for (gi, wi) in g[1..].iter_mut().zip(&w[1..]) {
            *gi += 2.0 * l2 * wi;
        }
    }
    total / m + reg
}

/// Top-1 rate and mean rank (0 = first) of the move played when the candidates are ordered
/// as the search orders them: integer score (with `table` added) descending, then cell.
fn ranks(d: &Data, rows: &[usize], table: Option<&Policy>) -> (f64, f64) {
    let (mut top, mut rank) = (0usize, 0usize);
    for &r in rows {
        let (first, n, t) = d.rows[r];
        let (first, n) = (first as usize, n as usize);
        let key = |k: usize| {
            let bonus = table.map_or(0, |p| {
                p.own[d.own[k] as usize] as i32
                    + p.opp[d.opp[k] as usize] as i32
                    + p.last[d.last[k] as usize] as i32
                    + p.prev[d.prev[k] as usize] as i32
            });
            (-(d.score[k] + bonus), d.cell[k])
        };
        let kt = key(first + t as usize);
        let above = (first..first + n).filter(|&k| key(k) < kt).count();
        top += (above == 0) as usize;
        rank += above;
    }
    let m = rows.len().max(1) as f64;
    (top as f64 / m, rank as f64 / m)
}

/// `steps` full-batch Adam steps on the first `fitted` parameters (the rest stay as they are).
fn adam(d: &Data, rows: &[usize], w: &mut [f64], l2: f64, lr: f64, steps: usize, fitted: usize) {
    let (mut m1, mut m2, mut g) = (vec![0.0; NP], vec![0.0; NP], vec![0.0; NP]);
    for step in 1..=steps {
        loss_grad(d, rows, w, l2, Some(&mut g));
        let (b1, b2) = (0.9f64, 0.999f64);
        for k in 0..fitted {
            m1[k] = b1 * m1[k] + (1.0 - b1) * g[k];
            m2[k] = b2 * m2[k] + (1.0 - b2) * g[k] * g[k];
            let mh = m1[k] / (1.0 - b1.powi(step as i32));
            let vh = m2[k] / (1.0 - b2.powi(step as i32));
            w[k] -= lr * mh / (vh.sqrt() + 1e-8);
        }
    }
}

/// The fitted parameters in the ordering's units (`1000 / alpha` per logit), within
/// +/-`clamp`.
fn to_policy(rule: Rule, w: &[f64], clamp: i32) -> Policy {
    let unit = 1000.0 / w[0];
    let q = |x: &f64| (x * unit).round().clamp(-clamp as f64, clamp as f64) as i16;
    Policy {
        rule,
        own: w[1..=NSHAPES].iter().map(q).collect(),
        opp: w[1 + NSHAPES..LAST].iter().map(q).collect(),
        last: w[LAST..PREV].iter().map(q).collect(),
        prev: w[PREV..].iter().map(q).collect(),
    }
}

pub fn policy_main(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args)?;
    let rule = parse_rule(a.str("rule").unwrap_or("freestyle"))?;
    let size: usize = a.get("size", 15)?;
    let seed: u64 = a.get("seed", 1)?;
    let valid_frac: f64 = a.get("valid", 0.1)?;
    let l2: f64 = a.get("l2", 1e-4)?;
    let lr: f64 = a.get("lr", 0.05)?;
    let steps: usize = a.get("steps", 300)?;
    let clamp: i32 = a.get("clamp", 2000)?;
    let out = a.str("out").ok_or("--out FILE is required")?.to_string();
    // A table to rank beside the fit (e.g. the shipped one): read now, so that a bad path
    // fails before the minutes of fitting, not after them.
    let compare = a
        .str("compare")
        .map(|f| Policy::load(f).map(|q| (f.to_string(), q)))
        .transpose()?;
    let started = Instant::now();
    let samples = read_samples(&a, size, rule)?;
    let d = build(&samples, rule);
    drop(samples);
    if d.rows.is_empty() {
        return Err("no usable positions".into());
    }
    let (train, valid) = split_by_game(d.games.iter().copied(), seed, valid_frac);
    println!(
        "policy {}: {} train / {} validation positions, {:.1} candidates each ({:.1}s)",
        rule.name(),
        train.len(),
        valid.len(),
        d.base.len() as f64 / d.rows.len() as f64,
        started.elapsed().as_secs_f64()
    );
    let mut w = vec![0.0; NP];
    w[0] = 1.0;
    adam(&d, &train, &mut w, l2, 0.05, 200, 1);
    let fitted = if a.get("near", 1)? != 0 { NP } else { LAST };
    let (t0, r0) = ranks(&d, &valid, None);
    println!(
        "hand-set order: alpha {:.3}, validation loss {:.4}, top-1 {:.3}, mean rank {:.2}",
        w[0],
        loss_grad(&d, &valid, &w, 0.0, None),
        t0,
        r0
    );
    for round in 0..steps.div_ceil(50) {
        adam(&d, &train, &mut w, l2, lr, 50, fitted);
        println!(
            "step {:4}: alpha {:.3}, train loss {:.4}, validation loss {:.4} ({:.1}s)",
            (round + 1) * 50,
            w[0],
            loss_grad(&d, &train, &w, l2, None),
            loss_grad(&d, &valid, &w, 0.0, None),
            started.elapsed().as_secs_f64()
        );
    }
    if w[0] <= 0.0 {
        return Err(format!(
            "alpha {:.3} is not positive: no usable scale",
            w[0]
        ));
    }
    let p = to_policy(rule, &w, clamp);
    let (t1, r1) = ranks(&d, &valid, Some(&p));
    println!(
        "learned order: top-1 {t1:.3}, mean rank {r1:.2} (hand-set {t0:.3}, {r0:.2}); -> {out}"
    );
    p.save(&out)
        .map_err(|e| format!("cannot write '{out}': {e}"))?;
    if let Some((other, q)) = compare {
        let (t2, r2) = ranks(&d, &valid, Some(&q));
        println!("{other}: top-1 {t2:.3}, mean rank {r2:.2} on the same positions");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::pos::Pos;
    use rand::{rngs::StdRng, Rng, SeedableRng};

    /// Positions of 3 to 11 candidates with random shapes and scores; the move played is
    /// always the one whose own shape is `favourite`; its hand-set score is a little higher
    /// than the others' on average (the hand-set order is of some use).
    fn synthetic(rows: usize, favourite: u16, seed: u64) -> Data {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut d = Data::default();
        for r in 0..rows {
            let n = rng.gen_range(3..12usize);
            let t = rng.gen_range(0..n);
            d.rows.push((d.base.len() as u32, n as u16, t as u16));
            d.games.push(r as u64);
            for k in 0..n {
                let sc = if k == t {
                    rng.gen_range(300..1000)
                } else {
                    rng.gen_range(100..900)
                };
                d.score.push(sc);
                d.base.push(sc as f32 / 1000.0);
                let own = if k == t {
                    favourite
                } else {
                    rng.gen_range(0..40) + 100
                };
                d.own.push(own);
                d.opp.push(rng.gen_range(0..NSHAPES as u16));
                d.cell.push(k as u16);
                d.last.push(rng.gen_range(0..NEAR as u8));
                d.prev.push(rng.gen_range(0..NEAR as u8));
            }
        }
        d
    }

    #[test]
    fn the_gradient_is_the_loss_s_derivative() {
        let d = synthetic(40, 7, 3);
        let rows: Vec<usize> = (0..d.rows.len()).collect();
        let mut rng = StdRng::seed_from_u64(4);
        let w: Vec<f64> = (0..NP).map(|_| rng.gen_range(-0.5..0.5)).collect();
        let mut g = vec![0.0; NP];
        let l2 = 1e-3;
        loss_grad(&d, &rows, &w, l2, Some(&mut g));
        let used = [
            0,
            1 + 7,
            1 + 100,
            1 + NSHAPES + d.opp[0] as usize,
            1 + 1000,
            LAST + 2,
            PREV + 8,
        ];
        for k in used {
            let h = 1e-5;
            let (mut up, mut down) = (w.clone(), w.clone());
            up[k] += h;
            down[k] -= h;
            let num = (loss_grad(&d, &rows, &up, l2, None) - loss_grad(&d, &rows, &down, l2, None))
                / (2.0 * h);
            assert!(
                (num - g[k]).abs() < 1e-6,
                "parameter {k}: {num} against {}",
                g[k]
            );
        }
    }

    #[test]
    fn fitting_learns_the_shape_the_games_play() {
        let d = synthetic(300, 7, 5);
        let rows: Vec<usize> = (0..d.rows.len()).collect();
        // The hand-set order often misses the move played.
        let (top0, rank0) = ranks(&d, &rows, None);
        assert!(top0 < 0.6 && rank0 > 0.5, "{top0} {rank0}");
        let mut w = vec![0.0; NP];
        w[0] = 1.0;
        let before = loss_grad(&d, &rows, &w, 1e-4, None);
        adam(&d, &rows, &mut w, 1e-4, 0.05, 300, NP);
        assert!(loss_grad(&d, &rows, &w, 1e-4, None) < before / 2.0);
        let p = to_policy(Rule::Freestyle, &w, 2000);
        assert!(p.own[7] > 500, "{}", p.own[7]);
        assert_eq!(ranks(&d, &rows, Some(&p)).0, 1.0);
    }

    #[test]
    fn a_sample_s_last_move_is_the_target_among_the_listed_cells() {
        let at = |x, y| Pos::new(x, y);
        let sample = |moves: Vec<Pos>| Sample {
            game: 1,
            size: 15,
            rule: Rule::Freestyle,
            moves,
            result: 1,
            score: None,
        };
        let d = build(
            &[
                sample(vec![at(7, 7), at(8, 8), at(6, 8)]),
                // Far from every stone: not a candidate, so no row.
                sample(vec![at(7, 7), at(8, 8), at(0, 14)]),
                // Black has a five point: the move is forced, no row.
                sample(vec![
                    at(3, 3),
                    at(9, 9),
                    at(4, 3),
                    at(9, 10),
                    at(5, 3),
                    at(10, 12),
                    at(6, 3),
                    at(2, 3),
                ]),
            ],
            Rule::Freestyle,
        );
        assert_eq!(d.rows.len(), 1);
        let (first, n, t) = d.rows[0];
        assert_eq!(d.cell[first as usize + t as usize], at(6, 8).idx() as u16);
        // Every empty cell within two of the two stones: 24 + 24 - 14 shared - 2 stones.
        assert_eq!(n, 32);
        assert_eq!(d.base.len(), 32);
    }
}
