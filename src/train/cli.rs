//! The `selfplay` and `train` subcommands: argument parsing and the glue between samples,
//! features, the fitter and weight files. Progress goes to stderr (these are tools, not the
//! protocol), results to stdout.

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
        // The tables' state only: no network is built for data, whatever WUZI_NNUE_FILE says.
        let pos = Position::with_network(board, rule, None);
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

/// `netdata`: the network's training inputs for every position the search does not settle
/// statically. Writes `PREFIX.pos` (28-byte records: u64 game, u32 sample index in the input
/// order, u8 colour to move, u8 result (0 loss, 1 draw, 2 win, 3 unknown), u16 rows, i32
/// search score or `i32::MIN`, i32 classical score for the side to move, u32 first row) and
/// `PREFIX.cells` (6-byte rows: the four input codes of a cell sorted ascending, u16 number of
/// empty cells with them), little endian; and `PREFIX.moves`, the moves (`x,y`, black first)
/// of each position, one line each.
/// With `--keys 1` (freestyle only), the rows are the cells' four line keys instead
/// ([`canonical_key`], sorted, then the u16 count: 10-byte rows in `PREFIX.kcells`), and
/// `PREFIX.keymap` gives each of the 65,536 keys its pattern-pair code (one byte each), with
/// which the trainer starts a line-key network from a pattern-pair one.
/// `scripts/train_nnue.py` reads them.
pub fn netdata_main(args: &[String]) -> Result<(), String> {
    use crate::game::board::EMPTY;
    use std::io::Write;
    let a = Args::parse(args)?;
    let rule = parse_rule(a.str("rule").unwrap_or("freestyle"))?;
    let size: usize = a.get("size", 15)?;
    let prefix = a.str("out").ok_or("--out PREFIX is required")?.to_string();
    let samples = read_samples(&a, size, rule)?;
    let create = |ext: &str| create_output(&prefix, ext);
    let keys = a.get("keys", 0u8)? != 0;
    if a.get("shapes", 0u8)? != 0 {
        let net = match a.str("net") {
            Some(path) => Some(&*Box::leak(Box::new(crate::eval::network::Network::load(
                path,
            )?))),
            None => None,
        };
        return shapedata(&samples, rule, &prefix, net);
    }
    if keys && rule != Rule::Freestyle {
        return Err("--keys 1 reads the 8-cell line keys of freestyle only".into());
    }
    let (mut pos_out, mut cell_out) = (
        create("pos")?,
        create(if keys { "kcells" } else { "cells" })?,
    );
    if keys {
        let table = crate::eval::pattern::pair_table(rule);
        let map: Vec<u8> = (0..1u32 << 16)
            .map(|k| {
                let (b, w) = table.get(k << 2);
                crate::eval::network::code(b, w) as u8
            })
            .collect();
        std::fs::write(format!("{prefix}.keymap"), map).map_err(|e| e.to_string())?;
    }
    let mut moves_out = create("moves")?;
    let (mut kept, mut rows) = (0usize, 0u32);
    let mut cells: Vec<[u16; 4]> = Vec::with_capacity(1024);
    for (index, s) in samples.iter().enumerate() {
        let Some(pos) = fitted_position(s, rule) else {
            continue;
        };
        // Each empty cell's four inputs, sorted (the table is shared by the directions); the
        // cells sorted and written once per distinct row with their count.
        cells.clear();
        for i in pos.board.all_cells() {
            if pos.board.cell(i) == EMPTY {
                let mut c = if keys {
                    [0, 1, 2, 3].map(|d| canonical_key(pos.board.key(i, d)))
                } else {
                    pos.eval.network_codes(i).map(|x| x as u16)
                };
                c.sort_unstable();
                cells.push(c);
            }
        }
        cells.sort_unstable();
        let first = rows;
        let mut rec = Vec::with_capacity(10);
        for run in cells.chunk_by(|a, b| a == b) {
            rec.clear();
            for &v in &run[0] {
                if keys {
                    rec.extend_from_slice(&v.to_le_bytes());
                } else {
                    rec.push(v as u8);
                }
            }
            rec.extend_from_slice(&(run.len() as u16).to_le_bytes());
            cell_out.write_all(&rec).map_err(|e| e.to_string())?;
            rows += 1;
        }
        let side = pos.side();
        let mut rec = Vec::with_capacity(28);
        rec.extend_from_slice(&s.game.to_le_bytes());
        rec.extend_from_slice(&(index as u32).to_le_bytes());
        rec.push(side.index() as u8);
        rec.push(s.result);
        rec.extend_from_slice(&((rows - first) as u16).to_le_bytes());
        rec.extend_from_slice(&s.score.unwrap_or(i32::MIN).to_le_bytes());
        rec.extend_from_slice(&pos.eval.classical(side).to_le_bytes());
        rec.extend_from_slice(&first.to_le_bytes());
        pos_out.write_all(&rec).map_err(|e| e.to_string())?;
        let moves: Vec<String> = s.moves.iter().map(|m| format!("{},{}", m.x, m.y)).collect();
        writeln!(moves_out, "{}", moves.join(" ")).map_err(|e| e.to_string())?;
        kept += 1;
    }
    pos_out.flush().map_err(|e| e.to_string())?;
    cell_out.flush().map_err(|e| e.to_string())?;
    moves_out.flush().map_err(|e| e.to_string())?;
    println!(
        "netdata {}: {kept} positions of {} samples, {rows} cell rows -> {prefix}.pos/.cells/.moves",
        rule.name(),
        samples.len()
    );
    Ok(())
}

/// A buffered output file `PREFIX.EXT` of `netdata`.
fn create_output(prefix: &str, ext: &str) -> Result<std::io::BufWriter<std::fs::File>, String> {
    let path = format!("{prefix}.{ext}");
    std::fs::File::create(&path)
        .map(std::io::BufWriter::new)
        .map_err(|e| format!("cannot create '{path}': {e}"))
}

/// The position of a sample a network is fitted to: one of `rule` with a result or a score,
/// whose moves replay, and that the search does not settle statically. The tables' state
/// only: no network is built for data, whatever `WUZI_NNUE_FILE` says.
fn fitted_position(s: &Sample, rule: Rule) -> Option<Position> {
    if s.rule != rule || !s.has_target() {
        return None;
    }
    let pos = Position::with_network(replay(s.size, &s.moves)?, rule, None);
    (!features::is_static(&pos)).then_some(pos)
}

/// `netdata --shapes 1`: the evaluation's own inputs, for fitting a model on top of the
/// tables. Writes `PREFIX.spos` (24-byte records: u64 game, u8 colour to move, u8 result (as
/// in `.pos`), u16 rows, i32 search score or `i32::MIN`, i32 classical score for the side to
/// move, u16 threat-level index (`level(me) * NLEVELS + level(them)`), u16 zero) and
/// `PREFIX.scells` (6-byte rows: u16 shape of the cell for the side to move, u16 its shape
/// for the other side, u16 number of empty cells with that pair), little endian. The rows
/// of position k follow those of position k - 1. `scripts/shape_net.py` reads them. With
/// `--net FILE` (a network for the rule), also `PREFIX.snet`: the network's part of the
/// score for the side to move, i32 per position, to check an export against the trainer.
fn shapedata(
    samples: &[Sample],
    rule: Rule,
    prefix: &str,
    net: Option<&'static crate::eval::network::Network>,
) -> Result<(), String> {
    use crate::eval::weights::{threat_level, NLEVELS};
    use crate::game::board::EMPTY;
    use std::io::Write;
    let create = |ext: &str| create_output(prefix, ext);
    let (mut pos_out, mut cell_out) = (create("spos")?, create("scells")?);
    let mut net_out = match net {
        Some(n) if n.rule != rule => return Err(format!("--net is a {} network", n.rule.name())),
        Some(_) => Some(create("snet")?),
        None => None,
    };
    let (mut kept, mut rows) = (0usize, 0usize);
    let mut cells: Vec<[u16; 2]> = Vec::with_capacity(1024);
    for s in samples {
        let Some(pos) = fitted_position(s, rule) else {
            continue;
        };
        let (me, them) = (pos.side(), pos.side().opp());
        cells.clear();
        for i in pos.board.all_cells() {
            if pos.board.cell(i) == EMPTY {
                cells.push([pos.eval.shape(i, me) as u16, pos.eval.shape(i, them) as u16]);
            }
        }
        cells.sort_unstable();
        let mut n = 0u16;
        for run in cells.chunk_by(|a, b| a == b) {
            let mut rec = [0u8; 6];
            rec[0..2].copy_from_slice(&run[0][0].to_le_bytes());
            rec[2..4].copy_from_slice(&run[0][1].to_le_bytes());
            rec[4..6].copy_from_slice(&(run.len() as u16).to_le_bytes());
            cell_out.write_all(&rec).map_err(|e| e.to_string())?;
            n += 1;
        }
        rows += n as usize;
        let level =
            threat_level(pos.eval.counts(me)) * NLEVELS + threat_level(pos.eval.counts(them));
        let mut rec = Vec::with_capacity(24);
        rec.extend_from_slice(&s.game.to_le_bytes());
        rec.push(me.index() as u8);
        rec.push(s.result);
        rec.extend_from_slice(&n.to_le_bytes());
        rec.extend_from_slice(&s.score.unwrap_or(i32::MIN).to_le_bytes());
        rec.extend_from_slice(&pos.eval.classical(me).to_le_bytes());
        rec.extend_from_slice(&(level as u16).to_le_bytes());
        rec.extend_from_slice(&0u16.to_le_bytes());
        pos_out.write_all(&rec).map_err(|e| e.to_string())?;
        if let (Some(out), Some(n)) = (net_out.as_mut(), net) {
            let mut with = Position::with_network(pos.board.clone(), rule, Some(n));
            let v = with.eval.network_score(&with.board, me).unwrap_or(i32::MIN);
            out.write_all(&v.to_le_bytes()).map_err(|e| e.to_string())?;
        }
        kept += 1;
    }
    pos_out.flush().map_err(|e| e.to_string())?;
    cell_out.flush().map_err(|e| e.to_string())?;
    if let Some(out) = net_out.as_mut() {
        out.flush().map_err(|e| e.to_string())?;
    }
    println!(
        "netdata --shapes {}: {kept} positions of {} samples, {rows} rows -> {prefix}.spos/.scells",
        rule.name(),
        samples.len()
    );
    Ok(())
}

/// The 8-cell line key of freestyle (cells -4..-1 and +1..+4, 2 bits each) of a board key,
/// or its reversal if smaller: a line reads the same both ways.
pub fn canonical_key(key: u32) -> u16 {
    let k = ((key >> 2) & 0xFFFF) as u16;
    let mut r = 0u16;
    for j in 0..8 {
        r |= ((k >> (2 * j)) & 3) << (2 * (7 - j));
    }
    k.min(r)
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
