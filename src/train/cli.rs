//! The `selfplay` and `train` subcommands: argument parsing and the glue between samples,
//! features, the fitter and table files. `train` reads the samples, builds the feature rows
//! ([`super::features`]), holds out about a tenth of the games for validation, fits the
//! logistic scale K of the starting table to the results, mixes each target from the
//! result and the search score at that scale (`--lambda`), fits ([`super::fit`]) and writes
//! the table. Progress goes to stderr (these are tools, not the protocol), results to
//! stdout.

use super::features::{self, NPARAMS};
use super::fit::{self, Dataset, FitConfig};
use super::record::{self, Sample, RESULT_UNKNOWN};
use super::selfplay;
use crate::eval::weights::{self, Weights};
use crate::game::board::Board;
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use crate::search::position::Position;
use std::collections::HashMap;
use std::time::Instant;

/// `--key value` pairs.
pub(super) struct Args(HashMap<String, String>);

impl Args {
    pub(super) fn parse(args: &[String]) -> Result<Args, String> {
        let mut m = HashMap::new();
        let mut it = args.iter();
        while let Some(k) = it.next() {
            let Some(key) = k.strip_prefix("--") else {
                return Err(format!("unexpected argument '{k}'"));
            };
            let v = it.next().ok_or_else(|| format!("--{key} needs a value"))?;
            m.insert(key.to_string(), v.clone());
        }
        Ok(Args(m))
    }

    pub(super) fn get<T: std::str::FromStr>(&self, key: &str, default: T) -> Result<T, String> {
        match self.0.get(key) {
            None => Ok(default),
            Some(v) => v
                .parse()
                .map_err(|_| format!("bad value '{v}' for --{key}")),
        }
    }

    pub(super) fn str(&self, key: &str) -> Option<&str> {
        self.0.get(key).map(String::as_str)
    }
}

/// A rule by name or by its `INFO rule` value.
pub fn parse_rule(s: &str) -> Result<Rule, String> {
    Rule::from_name(s)
        .or_else(|| Rule::ALL.into_iter().find(|r| r.code().to_string() == s))
        .ok_or_else(|| format!("unknown rule '{s}' (freestyle, standard, renju, caro)"))
}

/// Installs the table named by `--weights` (for its rule) if given.
fn install_weights(a: &Args) -> Result<(), String> {
    if let Some(path) = a.str("weights") {
        let w = Weights::load(path)?;
        eprintln!("evaluation table {path} ({})", w.rule.name());
        weights::install(w);
    }
    Ok(())
}

/// Reads an openings file: Gomocup offset lines (`dx,dy, dx,dy, …`) or c-gomoku-cli `pos`
/// notation, converted to board points for `size`.
fn read_openings(path: &str, size: usize) -> Result<Vec<Vec<Pos>>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    let half = (size / 2) as i64;
    let mut out = Vec::new();
    for line in text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
    {
        let moves = if line.contains(',') {
            let nums: Vec<i64> = line
                .split(|c: char| c == ',' || c.is_whitespace())
                .filter(|s| !s.is_empty())
                .map(|s| s.parse().map_err(|_| format!("bad opening line '{line}'")))
                .collect::<Result<_, _>>()?;
            nums.chunks(2)
                .map(|p| {
                    let (x, y) = (p[0] + half, p.get(1).copied().unwrap_or(i64::MIN) + half);
                    ((0..size as i64).contains(&x) && (0..size as i64).contains(&y))
                        .then(|| Pos::new(x as u8, y as u8))
                })
                .collect::<Option<Vec<Pos>>>()
        } else {
            record::parse_pos_notation(line, size)
        };
        out.push(moves.ok_or_else(|| format!("opening '{line}' does not fit a {size} board"))?);
    }
    Ok(out)
}

pub fn selfplay_main(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args)?;
    install_weights(&a)?;
    let size: usize = a.get("size", 15)?;
    if !(5..=32).contains(&size) {
        return Err(format!("unsupported board size {size}"));
    }
    let cfg = selfplay::Config {
        rule: parse_rule(a.str("rule").unwrap_or("freestyle"))?,
        size,
        games: a.get("games", 100)?,
        threads: a.get("threads", 1)?,
        nodes: a.get("nodes", 20_000)?,
        seed: a.get("seed", 1)?,
        opening_stones: a.get("stones", 4)?,
        openings: match a.str("openings") {
            Some(p) => read_openings(p, size)?,
            None => Vec::new(),
        },
        extra_stones: a.get("extra", 0)?,
        node_jitter: a.get("jitter", 0.0)?,
    };
    if !(0.0..1.0).contains(&cfg.node_jitter) {
        return Err(format!("--jitter {} is not in [0, 1)", cfg.node_jitter));
    }
    let path = a.str("out").ok_or("--out FILE is required")?;
    let file = std::fs::File::create(path).map_err(|e| format!("cannot create '{path}': {e}"))?;
    let mut out = std::io::BufWriter::new(file);
    let started = Instant::now();
    let s = selfplay::run(&cfg, &mut out, &mut |line| eprintln!("{line}"))
        .map_err(|e| format!("writing '{path}': {e}"))?;
    println!(
        "selfplay {} {}x{}: {} games, {} positions in {:.1}s; black {} white {} draws {} -> {path}",
        cfg.rule.name(),
        size,
        size,
        s.games,
        s.positions,
        started.elapsed().as_secs_f64(),
        s.black_wins,
        s.white_wins,
        s.draws
    );
    Ok(())
}

/// What a training row keeps besides its features and result.
struct RowMeta {
    score: Option<i32>,
    game: u64,
}

fn game_hash(game: u64, seed: u64) -> u64 {
    let mut x = game ^ seed.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x
}

/// Row indices split into (training, validation) by their games (one game's rows all on one
/// side): about `valid_frac` of the games, chosen by `seed`, are held out.
pub(super) fn split_by_game(
    games: impl Iterator<Item = u64>,
    seed: u64,
    valid_frac: f64,
) -> (Vec<usize>, Vec<usize>) {
    let (mut train, mut valid) = (Vec::new(), Vec::new());
    for (row, game) in games.enumerate() {
        if (game_hash(game, seed) % 10_000) as f64 / 10_000.0 < valid_frac {
            valid.push(row);
        } else {
            train.push(row);
        }
    }
    (train, valid)
}

/// Builds the training rows of `samples` for `rule`: replays each position and skips those the
/// search settles statically. Each row's target is its result for now. With `offsets` > 0
/// the rows of tagged games (record::TAGGED_GAMES) get their engine-to-move bias feature.
fn build_rows(samples: &[Sample], rule: Rule, offsets: usize) -> (Dataset, Vec<RowMeta>) {
    let mut data = Dataset::new();
    let mut meta = Vec::new();
    let mut scratch = Vec::new();
    for s in samples.iter().filter(|s| s.rule == rule && s.has_target()) {
        let Some(board) = replay(s.size, &s.moves) else {
            continue;
        };
        let pos = Position::new(board, rule);
        if features::is_static(&pos) {
            continue;
        }
        // An unknown result is NaN: fit::loss leaves it out of the results-only loss and so
        // of the scale; its target is the score alone (below).
        let result = match s.result {
            RESULT_UNKNOWN => f32::NAN,
            r => r as f32 / 2.0,
        };
        let mut f = features::extract(&pos, &mut scratch);
        // `--side-offset N`: in a game between two engines, one bias per engine to move
        // and per ten stones (the last of the N buckets takes the rest), after the table's
        // parameters (`NPARAMS + 2 * bucket + tagged engine to move`).
        if let Some(tagged) = record::tagged_to_move(s).filter(|_| offsets > 0) {
            let bucket = (s.moves.len() / 10).min(offsets - 1);
            f.push(((NPARAMS + 2 * bucket) as u16 + tagged as u16, 1));
        }
        data.push(&f, result, result);
        meta.push(RowMeta {
            score: s.score,
            game: s.game,
        });
    }
    (data, meta)
}

pub fn train_main(args: &[String]) -> Result<(), String> {
    let a = Args::parse(args)?;
    let rule = parse_rule(a.str("rule").unwrap_or("freestyle"))?;
    let size: usize = a.get("size", 15)?;
    let seed: u64 = a.get("seed", 1)?;
    let lambda: f64 = a.get("lambda", 0.5)?;
    let valid_frac: f64 = a.get("valid", 0.1)?;
    let out = a.str("out").ok_or("--out FILE is required")?.to_string();
    let init = match a.str("init") {
        None | Some("handset") => Weights::handset(rule),
        Some("builtin") => weights::builtin(rule),
        Some(path) => Weights::load(path)?,
    };
    if init.rule != rule {
        return Err(format!(
            "--init table is for {}, not {}",
            init.rule.name(),
            rule.name()
        ));
    }
    let started = Instant::now();
    let samples = read_samples(&a, size, rule)?;
    let offsets: usize = a.get("side-offset", 0)?;
    if offsets > 8 {
        return Err("--side-offset takes 0 to 8 buckets of ten stones".into());
    }
    if offsets > 0 && !samples.iter().any(|s| record::tagged_to_move(s).is_some()) {
        return Err(
            "--side-offset: no game in the data says which engine played which colour \
             (scripts/games_to_samples.py --tag-engine NAME writes such games)"
                .into(),
        );
    }
    let (mut data, meta) = build_rows(&samples, rule, offsets);
    drop(samples);
    eprintln!(
        "{} positions kept for {} ({:.1}s)",
        data.len(),
        rule.name(),
        started.elapsed().as_secs_f64()
    );
    if data.is_empty() {
        return Err("no usable positions".into());
    }
    let (train, valid) = split_by_game(meta.iter().map(|m| m.game), seed, valid_frac);
    let mut w0 = features::params_of(&init);
    assert_eq!(w0.len(), NPARAMS);
    // The engine biases start at zero; they are fitted with the table and not written.
    w0.extend(std::iter::repeat_n(0.0, 2 * offsets));
    // The scale of the starting table, fitted to the results (unless given); then the targets
    // mix the results with the search scores at that scale.
    let scale = match a.get("scale", 0.0)? {
        s if s > 0.0 => s,
        _ if fit::known_results(&data, &train) == 0 => {
            return Err(
                "no training row has a game result to fit the scale to: give --scale".into(),
            )
        }
        _ => fit::best_scale(&data, &train, &w0),
    };
    let k = scale / init.divisor as f64;
    // Scores written by another engine (scripts/teacher_games.py) are in its own units:
    // `--score-k` is their logistic scale (Rapfi: 200), used instead of this table's K.
    let score_k: f64 = a.get("score-k", k)?;
    if score_k <= 0.0 {
        return Err("--score-k must be positive".into());
    }
    for (row, m) in meta.iter().enumerate() {
        if let Some(s) = m.score {
            let teacher = fit::sigmoid(s as f64 / score_k);
            let r = data.result[row] as f64;
            data.target[row] = if r.is_nan() {
                teacher
            } else {
                lambda * r + (1.0 - lambda) * teacher
            } as f32;
        }
    }
    let cfg = FitConfig {
        epochs: a.get("epochs", 20)?,
        lr: a.get("lr", 100.0)?,
        batch: a.get("batch", 4096)?,
        l2: a.get("l2", 1e-3)?,
        seed,
        scale,
        group_from: features::THREAT_FROM,
        group_lr: a.get("threat-lr", 5.0)?,
    };
    println!(
        "train {}: {} train / {} validation positions, lambda {lambda}, K {k:.1} (scale {scale:.1})",
        rule.name(),
        train.len(),
        valid.len()
    );
    println!(
        "start table: train loss {:.5} validation loss {:.5} (results only {:.5})",
        fit::loss(&data, &train, &w0, scale, false),
        fit::loss(&data, &valid, &w0, scale, false),
        fit::loss(&data, &valid, &w0, scale, true)
    );
    let fit_started = Instant::now();
    let best = fit::fit(&data, &train, &valid, &w0, &cfg, &mut |e| {
        println!(
            "epoch {:3}: train loss {:.5} validation loss {:.5} (results only {:.5}) {:.1}s",
            e.epoch,
            e.train_loss,
            e.valid_loss,
            e.valid_result_loss,
            fit_started.elapsed().as_secs_f64()
        );
    });
    if offsets > 0 {
        let o: Vec<String> = best[NPARAMS..].iter().map(|x| format!("{x:.0}")).collect();
        println!(
            "side offsets (other engine to move, tagged engine to move; per ten stones): {}",
            o.join(" ")
        );
    }
    let w = features::weights_of(rule, init.divisor, &best[..NPARAMS]);
    let mut q = features::params_of(&w);
    // The written table is scored as the engine will use it: without the engine biases.
    q.extend(std::iter::repeat_n(0.0, 2 * offsets));
    println!(
        "written table: validation loss {:.5} (results only {:.5}); {} bytes -> {out}",
        fit::loss(&data, &valid, &q, scale, false),
        fit::loss(&data, &valid, &q, scale, true),
        weights::FILE_BYTES
    );
    w.save(&out)
        .map_err(|e| format!("cannot write '{out}': {e}"))?;
    Ok(())
}

/// The samples of every file named by `--data` (comma-separated), in order.
pub(super) fn read_samples(a: &Args, size: usize, rule: Rule) -> Result<Vec<Sample>, String> {
    let mut samples = Vec::new();
    for path in a
        .str("data")
        .ok_or("--data FILE[,FILE…] is required")?
        .split(',')
    {
        let mut s = record::read_file(path, size, rule)?;
        eprintln!("{path}: {} samples", s.len());
        samples.append(&mut s);
    }
    Ok(samples)
}

/// The board after `moves` on a `size` board, if they are legal placements.
pub(super) fn replay(size: usize, moves: &[Pos]) -> Option<Board> {
    let mut board = Board::new(size, size);
    for m in moves {
        let i = m.idx();
        if board.cell(i) != crate::game::board::EMPTY {
            return None;
        }
        board.make(i);
    }
    Some(board)
}
