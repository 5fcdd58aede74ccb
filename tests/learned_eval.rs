//! The learned evaluation: tables as data (file round trip, refusal of bad files), the
//! incremental sums with arbitrary tables, the linear-model view the trainer fits, the
//! trainer itself on data whose true parameters are known, and the sample formats.

mod common;

use common::position::random_step;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use wuzi::eval::evaluator::Evaluator;
use wuzi::eval::weights::{self, Weights, FILE_BYTES, NLEVELS, NSHAPES};
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;
use wuzi::search::position::Position;
use wuzi::train::features::{self, NPARAMS};
use wuzi::train::fit::{self, Dataset, FitConfig};
use wuzi::train::record::{self, Sample};

/// A table with random values everywhere (colours differ), leaked for evaluators.
fn random_weights(rule: Rule, seed: u64) -> &'static Weights {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut t = |n: usize| -> Vec<i16> { (0..n).map(|_| rng.gen_range(-3000..3000)).collect() };
    let (o0, o1, p0, p1) = (t(NSHAPES), t(NSHAPES), t(NSHAPES), t(NSHAPES));
    let (t0, t1) = (t(NLEVELS * NLEVELS), t(NLEVELS * NLEVELS));
    Box::leak(Box::new(Weights::new(
        rule,
        7,
        [o0, o1],
        [p0, p1],
        [t0, t1],
    )))
}

fn position_with(rule: Rule, w: &'static Weights) -> Position {
    let board = Board::new(15, 15);
    let mut pos = Position::new(board.clone(), rule);
    pos.eval = Evaluator::with_weights(&board, rule, w);
    pos
}

#[test]
fn incremental_sums_match_a_fresh_evaluator_with_any_table() {
    for (n, rule) in [Rule::Freestyle, Rule::Standard, Rule::Renju, Rule::Caro]
        .into_iter()
        .enumerate()
    {
        let w = random_weights(rule, 11 + n as u64);
        let mut pos = position_with(rule, w);
        let mut rng = StdRng::seed_from_u64(5 + n as u64);
        for step in 0..1500 {
            random_step(&mut pos, &mut rng, 0.3);
            if step % 25 == 0 {
                assert!(pos.eval.matches_fresh(&pos.board), "{rule:?} step {step}");
                let fresh = Evaluator::with_weights(&pos.board, rule, w);
                for c in [Color::Black, Color::White] {
                    assert_eq!(
                        pos.eval.evaluate(&pos.board, c),
                        fresh.evaluate(&pos.board, c)
                    );
                }
            }
        }
    }
}

#[test]
fn features_times_parameters_is_the_evaluators_score() {
    for (n, rule) in [Rule::Freestyle, Rule::Renju].into_iter().enumerate() {
        // Renju keeps the colours apart; the other rules tie them, so test with a tied table.
        let w = if rule == Rule::Renju {
            random_weights(rule, 40)
        } else {
            let r = random_weights(rule, 41);
            Box::leak(Box::new(features::weights_of(
                rule,
                7,
                &features::params_of(r),
            )))
        };
        let p = features::params_of(w);
        assert_eq!(p.len(), NPARAMS);
        let mut pos = position_with(rule, w);
        let mut rng = StdRng::seed_from_u64(77 + n as u64);
        let mut scratch = Vec::new();
        let mut checked = 0;
        for _ in 0..600 {
            random_step(&mut pos, &mut rng, 0.2);
            let f = features::extract(&pos, &mut scratch);
            let dot: i64 = f
                .iter()
                .map(|&(k, c)| p[k as usize] as i64 * c as i64)
                .sum();
            let expect = (dot / w.divisor as i64) as i32;
            assert_eq!(
                pos.eval.evaluate(&pos.board, pos.side()),
                expect,
                "{rule:?}"
            );
            checked += 1;
        }
        assert_eq!(checked, 600);
    }
}

#[test]
fn the_handset_table_scores_as_the_handset_evaluation_did() {
    // (me·9 − them·8) / 8 with `me`, `them` the sums of the hand-set cell values.
    let board = common::position::setup(15, "7,7 8,8 6,8", "7,8 8,7", Color::White);
    let w: &'static Weights = Box::leak(Box::new(Weights::handset(Rule::Freestyle)));
    let e = Evaluator::with_weights(&board, Rule::Freestyle, w);
    let (mut me, mut them) = (0, 0);
    for i in board
        .all_cells()
        .filter(|&i| board.cell(i) == wuzi::game::board::EMPTY)
    {
        me += e.value(i, Color::White);
        them += e.value(i, Color::Black);
    }
    assert_ne!(me, 0);
    assert_eq!(e.evaluate(&board, Color::White), (me * 9 - them * 8) / 8);
}

#[test]
fn a_table_file_round_trips() {
    let w = random_weights(Rule::Renju, 3);
    let bytes = w.to_bytes();
    assert_eq!(bytes.len(), FILE_BYTES);
    let back = Weights::from_bytes(&bytes).expect("reads back");
    assert_eq!(&back, w);
    let path = std::env::temp_dir().join(format!("wuzi-roundtrip-{}.wzw", std::process::id()));
    let path = path.to_string_lossy().to_string();
    w.save(&path).unwrap();
    let loaded: &'static Weights = Box::leak(Box::new(Weights::load(&path).unwrap()));
    let _ = std::fs::remove_file(&path);
    let mut a = position_with(Rule::Renju, w);
    let mut rng = StdRng::seed_from_u64(9);
    for _ in 0..200 {
        random_step(&mut a, &mut rng, 0.2);
        let b = Evaluator::with_weights(&a.board, Rule::Renju, loaded);
        assert_eq!(
            a.eval.evaluate(&a.board, a.side()),
            b.evaluate(&a.board, a.side())
        );
    }
}

/// A file of the earlier format, 54 threat levels per side (before the open-three points
/// were counted), is read with every level given the value of its level without them.
#[test]
fn a_table_file_without_open_three_levels_is_read_as_it_scored() {
    use wuzi::eval::weights::OLD_LEVELS;
    let mut rng = StdRng::seed_from_u64(21);
    let mut t = |n: usize| -> Vec<i16> { (0..n).map(|_| rng.gen_range(-3000..3000)).collect() };
    let (own, opp) = ([t(NSHAPES), t(NSHAPES)], [t(NSHAPES), t(NSHAPES)]);
    let old = [t(OLD_LEVELS * OLD_LEVELS), t(OLD_LEVELS * OLD_LEVELS)];
    let mut b = b"WUZIEVAL".to_vec();
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&[Rule::Renju.code(), 5]);
    for x in [NSHAPES as u16, OLD_LEVELS as u16, 0] {
        b.extend_from_slice(&x.to_le_bytes());
    }
    for table in own.iter().chain(&opp).chain(&old) {
        for x in table {
            b.extend_from_slice(&x.to_le_bytes());
        }
    }
    let b = wuzi::eval::binfile::seal(b);
    let w = Weights::from_bytes(&b).expect("an old-format file reads");
    assert_eq!((w.own.clone(), w.opp.clone()), (own, opp));
    let per = NLEVELS / OLD_LEVELS;
    for (c, old) in old.iter().enumerate() {
        for (me, them) in [(0, 0), (5, 161), (161, 7), (80, 81), (3 * 17 + 2, 3 * 17)] {
            assert_eq!(
                w.threat(c, me, them),
                old[me / per * OLD_LEVELS + them / per] as i32,
                "colour {c}, levels {me}/{them}"
            );
        }
    }
    // Written back, it is a file of the current format.
    assert_eq!(w.to_bytes().len(), FILE_BYTES);
    assert_eq!(Weights::from_bytes(&w.to_bytes()).unwrap(), w);
}

#[test]
fn bad_table_files_are_refused_with_a_reason() {
    let good = Weights::handset(Rule::Standard).to_bytes();
    let mut corrupt = good.clone();
    corrupt[100] ^= 0x40;
    let mut version = good.clone();
    version[8] = 9;
    let mut rule = good.clone();
    rule[12] = 3;
    let mut magic = good.clone();
    magic[0] = b'X';
    let cases: [(&[u8], &str); 6] = [
        (&corrupt, "checksum"),
        (&good[..good.len() - 10], "truncated"),
        (&version, "version 9"),
        (&rule, "rule code 3"),
        (&magic, "magic"),
        (&[], "magic"),
    ];
    for (bytes, why) in cases {
        let err = Weights::from_bytes(bytes).expect_err(why);
        assert!(err.contains(why), "'{err}' should mention '{why}'");
    }
    let err = Weights::load("/nonexistent/wuzi.wzw").unwrap_err();
    assert!(err.contains("cannot read"), "{err}");
}

/// The first move of an engine started with `var` naming a file of `bytes`: its `START`
/// reply must say why the file was refused (the first line, returned) and the engine must
/// still answer `OK` and a move on the board, with nothing on stderr.
fn refused_file_message(var: &str, ext: &str, bytes: &[u8]) -> String {
    let path = std::env::temp_dir().join(format!("wuzi-bad-{}.{ext}", std::process::id()));
    std::fs::write(&path, bytes).unwrap();
    let (got, stderr) = common::first_move_with_env(var, path.as_os_str());
    let _ = std::fs::remove_file(&path);
    assert!(
        got[0].starts_with(&format!("MESSAGE {var} refused:")),
        "{got:?}"
    );
    assert_eq!(got[1], "OK");
    let mv = got.last().unwrap();
    let (x, y) = mv.split_once(',').unwrap();
    assert!(x.parse::<u8>().unwrap() < 15 && y.parse::<u8>().unwrap() < 15);
    assert!(stderr.is_empty());
    got[0].clone()
}

#[test]
fn the_engine_plays_with_a_refused_table_file_and_says_why() {
    let msg = refused_file_message("WUZI_EVAL_FILE", "wzw", b"WUZIEVAL garbage");
    assert!(msg.contains("bytes") || msg.contains("sizes"), "{msg}");
}

#[test]
fn the_engine_plays_with_a_refused_policy_file_and_says_why() {
    let msg = refused_file_message(
        "WUZI_POLICY_FILE",
        "wzp",
        b"WUZIPOLI\x02\0\0\0\0\0\0\0 short",
    );
    assert!(msg.contains("bytes"), "{msg}");
}

#[test]
fn the_fitter_recovers_known_parameters() {
    // 40 parameters, rows of 6 random features with counts 1..3, labels σ(x·w/s) (noise-free
    // soft targets): the fit from zero must land close to the true parameters.
    let mut rng = StdRng::seed_from_u64(2024);
    let n = 40;
    let truth: Vec<f32> = (0..n).map(|_| rng.gen_range(-200.0..200.0)).collect();
    let scale = 300.0;
    let mut data = Dataset::new();
    for _ in 0..6000 {
        let mut feats: Vec<(u16, u16)> = Vec::new();
        while feats.len() < 6 {
            let k = rng.gen_range(0..n) as u16;
            if !feats.iter().any(|f| f.0 == k) {
                feats.push((k, rng.gen_range(1..4)));
            }
        }
        feats.sort_unstable();
        let z: f32 = feats
            .iter()
            .map(|&(k, c)| truth[k as usize] * c as f32)
            .sum();
        let y = fit::sigmoid(z as f64 / scale) as f32;
        data.push(&feats, y, y);
    }
    let rows: Vec<usize> = (0..5000).collect();
    let valid: Vec<usize> = (5000..6000).collect();
    let cfg = FitConfig {
        epochs: 60,
        lr: 4.0,
        batch: 64,
        l2: 0.0,
        seed: 1,
        scale,
        group_from: n,
        group_lr: 1.0,
    };
    let mut losses = Vec::new();
    let w = fit::fit(&data, &rows, &valid, &vec![0.0; n], &cfg, &mut |e| {
        losses.push(e.valid_loss)
    });
    let worst = w
        .iter()
        .zip(&truth)
        .map(|(a, b)| (a - b).abs())
        .fold(0f32, f32::max);
    assert!(worst < 15.0, "largest error {worst}");
    assert!(losses.last().unwrap() < &losses[0]);
    // The recovered scale of a table that predicts perfectly is the true one.
    let s = fit::best_scale(&data, &valid, &truth);
    assert!((s / scale - 1.0).abs() < 0.02, "scale {s}");
}

#[test]
fn sample_formats_are_read() {
    let s = Sample {
        game: 12,
        size: 15,
        rule: Rule::Renju,
        moves: vec![Pos::new(7, 7), Pos::new(8, 6)],
        result: 2,
        score: Some(-35),
    };
    assert_eq!(s.to_line(), "12 15 4 2 -35 7,7 8,6");
    assert_eq!(Sample::parse_line(&s.to_line()), Some(s.clone()));
    assert_eq!(
        Sample::parse_line("1 15 0 3 - 7,7"),
        None,
        "result out of range"
    );
    assert_eq!(Sample::parse_line("1 15 0 1 - 7,15"), None, "off the board");
    // `?`: a position a teacher scored off the game path, no game result.
    let off = Sample::parse_line("9 15 0 ? 120 7,7 8,6").expect("unknown result read");
    assert_eq!((off.result, off.score), (record::RESULT_UNKNOWN, Some(120)));
    assert_eq!(off.to_line(), "9 15 0 ? 120 7,7 8,6");
    // c-gomoku-cli CSV: "pos" notation (column letter, row number from 1), move, result.
    let csv = record::parse_cli_csv("h8i7,j6,2\nbad line\nh8,i9,1\n", 15, Rule::Freestyle);
    assert_eq!(csv.len(), 2);
    assert_eq!(csv[0].moves, vec![Pos::new(7, 7), Pos::new(8, 6)]);
    assert_eq!((csv[0].result, csv[1].result), (2, 1));
    // c-gomoku-cli binary: u16 result:2 ply:9 size:5, u16 rule:3 move:13, ply × u16 x<<5|y.
    let mut bin = Vec::new();
    let h0: u16 = 1 | (2 << 2) | (15 << 11);
    let h1: u16 = 4 | (((9 << 5) | 9) << 3);
    for w in [h0, h1, (7 << 5) | 7, (8 << 5) | 6] {
        bin.extend_from_slice(&w.to_le_bytes());
    }
    bin.extend_from_slice(&[1, 2, 3]); // a torn entry at the end is ignored
    let b = record::parse_cli_bin(&bin);
    assert_eq!(b.len(), 1);
    assert_eq!((b[0].size, b[0].rule, b[0].result), (15, Rule::Renju, 1));
    assert_eq!(b[0].moves, vec![Pos::new(7, 7), Pos::new(8, 6)]);
}

#[test]
fn selfplay_is_reproducible_whatever_the_threads() {
    use wuzi::train::selfplay::{run, Config};
    let cfg = |threads| Config {
        rule: Rule::Standard,
        size: 15,
        games: 4,
        threads,
        nodes: 1500,
        seed: 7,
        opening_stones: 3,
        openings: Vec::new(),
        extra_stones: 0,
        node_jitter: 0.0,
    };
    let play = |threads| {
        let mut out = Vec::new();
        let s = run(&cfg(threads), &mut out, &mut |_| {}).unwrap();
        (s.games, String::from_utf8(out).unwrap())
    };
    let (g1, a) = play(1);
    let (g2, b) = play(2);
    assert_eq!((g1, g2), (4, 4));
    assert_eq!(a, b);
    let samples: Vec<Sample> = a.lines().map(|l| Sample::parse_line(l).unwrap()).collect();
    assert!(samples.len() > 4 * 5);
    // Results alternate with the side to move within a decided game.
    for w in samples.windows(2) {
        if w[0].game == w[1].game && w[0].result != 1 {
            assert_eq!(w[0].result + w[1].result, 2);
            assert_eq!(w[0].moves.len() + 1, w[1].moves.len());
        }
    }
    let _ = weights::for_rule(Rule::Standard);
}

/// With `extra_stones`, every game starts from the listed opening (in one of its eight
/// symmetries) plus that many stones, each within two cells of another, alternating colours;
/// one opening then gives different games.
#[test]
fn selfplay_adds_random_stones_near_a_listed_opening() {
    use std::collections::HashSet;
    use wuzi::train::selfplay::{run, Config};
    let opening = vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 8)];
    let cfg = Config {
        rule: Rule::Freestyle,
        size: 15,
        games: 8,
        threads: 1,
        nodes: 800,
        seed: 3,
        opening_stones: 4,
        openings: vec![opening],
        extra_stones: 2,
        node_jitter: 0.0,
    };
    let mut out = Vec::new();
    let s = run(&cfg, &mut out, &mut |_| {}).unwrap();
    assert_eq!(s.games, 8);
    let samples: Vec<Sample> = std::str::from_utf8(&out)
        .unwrap()
        .lines()
        .map(|l| Sample::parse_line(l).unwrap())
        .collect();
    let mut starts = HashSet::new();
    let mut seen = HashSet::new();
    for smp in samples.iter().filter(|smp| seen.insert(smp.game)) {
        // The first sample of a game is the position after its opening: 3 + 2 stones.
        let m = &smp.moves;
        assert_eq!(m.len(), 5, "{m:?}");
        // The opening's shape, up to symmetry: the three stones' distances are kept.
        let d = |a: Pos, b: Pos| {
            (a.x as i32 - b.x as i32)
                .abs()
                .max((a.y as i32 - b.y as i32).abs())
        };
        assert_eq!((d(m[0], m[1]), d(m[0], m[2]), d(m[1], m[2])), (1, 1, 2));
        for k in 3..5 {
            assert!((0..k).any(|j| d(m[j], m[k]) <= 2), "{m:?}");
        }
        starts.insert(m[3..].to_vec());
    }
    assert_eq!(seen.len(), 8);
    assert!(
        starts.len() >= 6,
        "{} different extra stones in 8 games",
        starts.len()
    );
}

/// With `node_jitter`, one listed opening gives different games (each move's node limit is
/// drawn from the game's seed); without it, nearly every game is the same game up to symmetry.
#[test]
fn node_jitter_gives_different_games_from_one_opening() {
    use std::collections::{BTreeMap, HashSet};
    use wuzi::train::selfplay::{run, Config};
    let games = |jitter: f64| {
        let cfg = Config {
            rule: Rule::Freestyle,
            size: 15,
            games: 8,
            threads: 1,
            nodes: 2500,
            seed: 5,
            opening_stones: 4,
            openings: vec![vec![Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 8)]],
            extra_stones: 0,
            node_jitter: jitter,
        };
        let mut out = Vec::new();
        run(&cfg, &mut out, &mut |_| {}).unwrap();
        // Each game's last sample holds all its moves but the last; a move's distances
        // from the centre, unordered, do not change under the board's symmetries.
        let mut last: BTreeMap<u64, Vec<Pos>> = BTreeMap::new();
        for l in std::str::from_utf8(&out).unwrap().lines() {
            let smp = Sample::parse_line(l).unwrap();
            last.insert(smp.game, smp.moves);
        }
        let shapes: HashSet<Vec<(i32, i32)>> = last
            .values()
            .map(|m| {
                m.iter()
                    .map(|p| {
                        let (dx, dy) = ((p.x as i32 - 7).abs(), (p.y as i32 - 7).abs());
                        (dx.min(dy), dx.max(dy))
                    })
                    .collect()
            })
            .collect();
        (last.len(), shapes.len())
    };
    // Without jitter only the symmetry varies, and the search's ties (broken by cell index)
    // seldom turn on it (at most 4 of 8 games differed with the searches measured). The node
    // limit is 2,500 (with the constants tuned at ce963c3, at 1,500 the jittered limits
    // happened to reach the same moves: 2 different games; at 1,000, 2,500 and 4,000, 8 of
    // 8 with jitter and 2 or 3 without).
    let (n, plain) = games(0.0);
    assert_eq!(n, 8);
    let (n, jittered) = games(0.3);
    assert_eq!(n, 8);
    assert!(plain <= 4, "{plain} different games of 8 without jitter");
    assert!(
        jittered >= 6 && jittered > plain,
        "{jittered} different games of 8 with jitter ({plain} without)"
    );
}

#[test]
fn the_trained_tables_are_built_in() {
    // Every rule has a trained table (caro's from its own self-play, 5fa9d27).
    for rule in Rule::ALL {
        assert!(weights::is_trained(rule), "{rule:?}");
        let builtin = weights::builtin(rule);
        assert_ne!(builtin, Weights::handset(rule));
        assert_eq!(builtin.rule, rule);
    }
    // Renju's colours differ (black has forbidden points); the tied rules' do not.
    let renju = weights::builtin(Rule::Renju);
    assert_ne!(renju.own[0], renju.own[1]);
    let free = weights::builtin(Rule::Freestyle);
    assert_eq!(free.own[0], free.own[1]);
    // Caro with exact five plays with caro's values under its own rule.
    let (caro, exact) = (
        weights::builtin(Rule::Caro),
        weights::builtin(Rule::CaroExact),
    );
    assert_eq!(
        (&exact.own, &exact.opp, &exact.threat),
        (&caro.own, &caro.opp, &caro.threat)
    );
}

/// `n` distinct random cells near the centre of a 15x15 board, as "x,y" move strings.
fn random_moves(rng: &mut StdRng, n: usize) -> Vec<String> {
    let mut moves: Vec<(u8, u8)> = Vec::new();
    while moves.len() < n {
        let m = (rng.gen_range(4..11), rng.gen_range(4..11));
        if !moves.contains(&m) {
            moves.push(m);
        }
    }
    moves.iter().map(|(x, y)| format!("{x},{y}")).collect()
}

/// A fresh scratch directory for one test (`tag` and the process id in its name).
fn scratch_dir(tag: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wuzi-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `pbrain-wuzi train --rule freestyle --data DATA --out DIR/t.wzw`, more arguments to add.
fn train_command(data: &std::path::Path, dir: &std::path::Path) -> std::process::Command {
    let mut cmd = std::process::Command::new(env!("CARGO_BIN_EXE_pbrain-wuzi"));
    cmd.args(["train", "--rule", "freestyle", "--data"])
        .arg(data)
        .arg("--out")
        .arg(dir.join("t.wzw"));
    cmd
}

/// `train --score-k K` reads recorded scores on another engine's scale (teacher data from
/// scripts/teacher_games.py): the targets, and so the starting loss, follow K; a K that is
/// not positive is refused.
#[test]
fn teacher_scores_are_read_at_their_own_scale() {
    let dir = scratch_dir("score-k");
    let data = dir.join("teacher.txt");
    let mut rng = StdRng::seed_from_u64(5);
    let mut lines = String::new();
    for game in 0..40u64 {
        let list = random_moves(&mut rng, 6);
        let score = rng.gen_range(-400..400);
        let result = rng.gen_range(0..3);
        lines.push_str(&format!(
            "{game} 15 0 {result} {score} {}\n",
            list.join(" ")
        ));
    }
    std::fs::write(&data, lines).unwrap();
    let start_loss = |k: &str| -> Result<String, String> {
        let out = train_command(&data, &dir)
            .args([
                "--init", "handset", "--epochs", "1", "--lambda", "0", "--valid", "0.3",
            ])
            .args(["--score-k", k])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        if !out.status.success() {
            return Err(String::from_utf8_lossy(&out.stderr).to_string());
        }
        let line = text
            .lines()
            .find(|l| l.starts_with("start table"))
            .unwrap_or_default();
        Ok(line.to_string())
    };
    let narrow = start_loss("20").expect("trains");
    let wide = start_loss("20000").expect("trains");
    assert!(narrow.contains("train loss"), "{narrow}");
    assert_ne!(narrow, wide, "the targets did not follow --score-k");
    let refused = start_loss("0").expect_err("a zero scale is refused");
    assert!(refused.contains("score-k"), "{refused}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Rows whose game result is unknown (`?`: a teacher's score off the game path) are fitted on
/// their score and left out of what is fitted to results: adding them changes neither the
/// scale `train` fits nor the results-only validation loss, and with no result anywhere the
/// scale must be given.
#[test]
fn rows_without_a_result_do_not_move_the_scale() {
    let dir = scratch_dir("unknown");
    let mut rng = StdRng::seed_from_u64(7);
    let mut row = |game: u64, result: &str| {
        let list = random_moves(&mut rng, 7);
        let result = match result {
            "?" => "?".to_string(),
            _ => rng.gen_range(0..3).to_string(),
        };
        let score = rng.gen_range(-900..900);
        format!("{game} 15 0 {result} {score} {}\n", list.join(" "))
    };
    let games: String = (0..60).map(|g| row(g, "known")).collect();
    let off: String = (1000..1060).map(|g| row(g, "?")).collect();
    let (only_games, with_off, only_off) = (
        dir.join("games.txt"),
        dir.join("with_off.txt"),
        dir.join("off.txt"),
    );
    std::fs::write(&only_games, &games).unwrap();
    std::fs::write(&with_off, format!("{games}{off}")).unwrap();
    std::fs::write(&only_off, &off).unwrap();
    let train = |data: &std::path::Path| {
        let out = train_command(data, &dir)
            .args(["--init", "handset", "--epochs", "1", "--lambda", "0.5"])
            .args(["--valid", "0.3", "--score-k", "200"])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        let field = |start: &str, from: &str| {
            let line = text.lines().find(|l| l.starts_with(start))?;
            Some(line[line.find(from)?..].to_string())
        };
        (
            out.status.success(),
            field("train freestyle", " K "),
            field("start table", "(results only"),
            text.clone(),
        )
    };
    let (ok_a, scale_a, results_a, _) = train(&only_games);
    let (ok_b, scale_b, results_b, _) = train(&with_off);
    assert!(ok_a && ok_b);
    assert!(
        scale_a.is_some() && results_a.is_some(),
        "{scale_a:?} {results_a:?}"
    );
    assert_eq!(
        scale_a, scale_b,
        "the unknown results moved the fitted scale"
    );
    assert_eq!(
        results_a, results_b,
        "the unknown results counted in the results-only loss"
    );
    let (ok_c, _, _, said) = train(&only_off);
    assert!(!ok_c, "no result to fit a scale to, and none given");
    assert!(said.contains("--scale"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Games between two engines (`scripts/games_to_samples.py --tag-engine`): the id says which
/// colour the tagged engine had, and so whether it is to move in each position.
#[test]
fn a_tagged_game_says_which_engine_is_to_move() {
    let at = |game: u64, stones: usize| Sample {
        game,
        size: 15,
        rule: Rule::Freestyle,
        moves: vec![Pos::new(7, 7); stones],
        result: 1,
        score: None,
    };
    let black = record::tagged_game(3, true);
    let white = record::tagged_game(3, false);
    assert_eq!(record::tagged_to_move(&at(black, 4)), Some(true));
    assert_eq!(record::tagged_to_move(&at(black, 5)), Some(false));
    assert_eq!(record::tagged_to_move(&at(white, 4)), Some(false));
    assert_eq!(record::tagged_to_move(&at(white, 7)), Some(true));
    assert_eq!(record::tagged_to_move(&at(5, 4)), None);
    assert_eq!(record::tagged_to_move(&at(u64::MAX, 4)), None);
    assert_eq!(
        record::tagged_to_move(&at(record::TAGGED_GAMES + (1 << 20), 4)),
        None
    );
}

/// `train --side-offset N` fits a bias per engine to move in tagged games and leaves it out
/// of the table: where the tagged engine wins every game, from random positions, its bias
/// comes out positive and the other engine's negative, one pair per bucket of ten stones.
#[test]
fn side_offsets_take_up_one_engines_wins() {
    let dir = scratch_dir("offsets");
    let data = dir.join("tagged.txt");
    let mut rng = StdRng::seed_from_u64(11);
    let mut lines = String::new();
    for k in 0..200u64 {
        let tagged_black = k % 2 == 0;
        let game = record::tagged_game(k, tagged_black);
        let list = random_moves(&mut rng, 14);
        for n in 4..14 {
            let black_to_move = n % 2 == 0;
            let result = if black_to_move == tagged_black { 2 } else { 0 };
            lines.push_str(&format!("{game} 15 0 {result} - {}\n", list[..n].join(" ")));
        }
    }
    std::fs::write(&data, lines).unwrap();
    let train = |offsets: &str| {
        let out = train_command(&data, &dir)
            .args([
                "--init", "builtin", "--epochs", "8", "--lr", "10", "--batch", "256",
            ])
            .args(["--scale", "7000", "--side-offset", offsets])
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout).to_string();
        // The tools report a refused argument on stdout (`error: ...`).
        let said = format!("{text}{}", String::from_utf8_lossy(&out.stderr));
        let biases: Vec<f64> = text
            .lines()
            .find_map(|l| l.strip_prefix("side offsets"))
            .and_then(|l| l.split(": ").nth(1))
            .map(|l| {
                l.split_whitespace()
                    .filter_map(|x| x.parse().ok())
                    .collect()
            })
            .unwrap_or_default();
        (out.status.success(), biases, said)
    };
    let (ok, one, said) = train("1");
    assert!(ok, "{said}");
    assert_eq!(one.len(), 2, "{one:?}");
    assert!(one[0] < -100.0 && one[1] > 100.0, "{one:?}");
    let (ok, two, said) = train("2");
    assert!(ok, "{said}");
    assert_eq!(two.len(), 4, "{two:?}");
    assert!(two[0] < -100.0 && two[1] > 100.0 && two[2] < -100.0 && two[3] > 100.0);
    let (ok, none, _) = train("0");
    assert!(ok && none.is_empty(), "{none:?}");
    let (ok, _, said) = train("9");
    assert!(!ok && said.contains("side-offset"), "{said}");
    // Without a tagged game there is nothing to fit the biases to: refused with the reason.
    let untagged: String = std::fs::read_to_string(&data)
        .unwrap()
        .lines()
        .map(|l| {
            let (_, rest) = l.split_once(' ').unwrap();
            format!("7 {rest}\n")
        })
        .collect();
    std::fs::write(&data, untagged).unwrap();
    let (ok, _, said) = train("1");
    assert!(!ok && said.contains("--tag-engine"), "{said}");
    let _ = std::fs::remove_dir_all(&dir);
}
