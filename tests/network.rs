//! The network evaluation: its file format, its SIMD kernels against the scalar ones, its
//! incremental state against a recomputation, and the exported network against the trainer.
use rand::{rngs::StdRng, Rng, SeedableRng};
use wuzi::eval::evaluator::CellState;
use wuzi::eval::network::{
    file_bytes, Head, Inputs, Network, Source, ACT_MAX, EMBED_LIMIT, FEATURES, HIDDEN, H_MAX,
    NCODES, W1_LIMIT,
};
use wuzi::eval::simd;
use wuzi::game::board::{Board, EMPTY};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;
use wuzi::search::position::Position;

mod common;

/// A network with random weights in ranges that exercise every clamp.
fn random_network(rule: Rule, seed: u64) -> Network {
    random_network_with(rule, Inputs::Patterns, seed)
}

fn random_network_with(rule: Rule, inputs: Inputs, seed: u64) -> Network {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut net = Network::zero_with(rule, inputs);
    // Shape networks' rows are sums' terms kept in i16: their own bound.
    let lim = if inputs == Inputs::Shapes {
        wuzi::eval::shapenet::ROW_LIMIT
    } else {
        500
    };
    for row in net.embed.iter_mut() {
        row.iter_mut().for_each(|x| *x = rng.gen_range(-lim..=lim));
    }
    net.bias0
        .iter_mut()
        .for_each(|x| *x = rng.gen_range(-300..=600));
    for h in net.heads.iter_mut() {
        for row in h.w1.iter_mut() {
            row.iter_mut()
                .for_each(|x| *x = rng.gen_range(-W1_LIMIT..=W1_LIMIT));
        }
        h.b1.iter_mut().for_each(|x| *x = rng.gen_range(-127..=127));
        h.w2.iter_mut()
            .for_each(|x| *x = rng.gen_range(-3000..=3000));
        h.b2 = rng.gen_range(-100_000..=100_000);
    }
    net
}

fn leak(net: Network) -> &'static Network {
    Box::leak(Box::new(net))
}

#[test]
fn network_file_round_trips_and_bad_files_are_refused() {
    let net = random_network(Rule::Renju, 7);
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes), Ok(net.clone()));

    let mut flipped = bytes.clone();
    flipped[100] ^= 0x10;
    let e = Network::from_bytes(&flipped).unwrap_err();
    assert!(e.contains("checksum"), "{e}");

    let e = Network::from_bytes(&bytes[..bytes.len() - 7]).unwrap_err();
    assert!(e.contains("truncated"), "{e}");

    let e = Network::from_bytes(b"WUZIEVAL\x01\x00\x00\x00").unwrap_err();
    assert!(e.contains("magic"), "{e}");

    let mut version = bytes.clone();
    version[8] = 9;
    let e = Network::from_bytes(&version).unwrap_err();
    assert!(e.contains("version 9"), "{e}");

    let mut rule = bytes.clone();
    rule[12] = 3;
    let e = Network::from_bytes(&rule).unwrap_err();
    assert!(e.contains("rule"), "{e}");

    // A weight beyond what the integer sums were sized for, with a valid checksum.
    let mut big = net.clone();
    big.heads[1].w1[3][5] = W1_LIMIT + 1;
    let e = Network::from_bytes(&big.to_bytes()).unwrap_err();
    assert!(e.contains("first-layer"), "{e}");
    let mut big = net;
    big.embed[NCODES - 1][0] = -EMBED_LIMIT - 1;
    let e = Network::from_bytes(&big.to_bytes()).unwrap_err();
    assert!(e.contains("input weight"), "{e}");

    // A line-key network: 65,536 rows, freestyle only.
    let keys = random_network_with(Rule::Freestyle, Inputs::LineKeys, 9);
    let kb = keys.to_bytes();
    assert_eq!(kb.len(), file_bytes(Inputs::LineKeys));
    assert_eq!(Network::from_bytes(&kb), Ok(keys.clone()));
    let mut renju = keys.clone();
    renju.rule = Rule::Renju;
    let e = Network::from_bytes(&renju.to_bytes()).unwrap_err();
    assert!(e.contains("freestyle only"), "{e}");
    let mut kind = kb.clone();
    kind[13] = 0; // says pattern pairs, holds line keys (the header is checked first)
    let e = Network::from_bytes(&kind).unwrap_err();
    assert!(e.contains("dimensions"), "{e}");
    kind[13] = 7;
    let e = Network::from_bytes(&kind).unwrap_err();
    assert!(e.contains("unknown inputs"), "{e}");

    // A shape network: a side-to-move row and an other-side row per shape, any rule.
    let shapes = random_network_with(Rule::Renju, Inputs::Shapes, 10);
    let sb = shapes.to_bytes();
    assert_eq!(sb.len(), file_bytes(Inputs::Shapes));
    assert_eq!(Network::from_bytes(&sb), Ok(shapes));
    let mut big = random_network_with(Rule::Freestyle, Inputs::Shapes, 11);
    big.embed[5][3] = wuzi::eval::shapenet::ROW_LIMIT + 1;
    let e = Network::from_bytes(&big.to_bytes()).unwrap_err();
    assert!(e.contains("shape row"), "{e}");
    let mut kind = sb.clone();
    kind[13] = 1; // says line keys, holds shapes
    let e = Network::from_bytes(&kind).unwrap_err();
    assert!(e.contains("freestyle only"), "{e}");

    let dir = std::env::temp_dir().join(format!("wuzi-net-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("n.wzn");
    let path = path.to_str().unwrap();
    let net = random_network(Rule::Freestyle, 8);
    net.save(path).unwrap();
    assert_eq!(Network::load(path), Ok(net));
    std::fs::write(path, b"garbage").unwrap();
    let e = Network::load(path).unwrap_err();
    assert!(e.contains(path) && e.contains("magic"), "{e}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(target_arch = "x86_64")]
#[test]
fn simd_kernels_give_the_scalar_results() {
    if !simd::avx2() {
        eprintln!(
            "no AVX2 here (or WUZI_NO_SIMD set): the AVX2 kernels fall back to the scalar ones"
        );
    }
    let mut rng = StdRng::seed_from_u64(11);
    let arr = |rng: &mut StdRng, lo: i16, hi: i16| {
        let mut a = [0i16; FEATURES];
        a.iter_mut().for_each(|x| *x = rng.gen_range(lo..=hi));
        a
    };
    for round in 0..2000 {
        // Large rows sometimes, so that the saturating adds saturate.
        let lim = if round % 4 == 0 { i16::MAX } else { 300 };
        let rows = [0; 4].map(|_| arr(&mut rng, -lim, lim));
        let bias = arr(&mut rng, -lim, lim);
        let mut a = [0; FEATURES];
        let refs = [&rows[0], &rows[1], &rows[2], &rows[3]];
        simd::scalar::cell_activation(refs, &bias, &mut a);

        let old = arr(&mut rng, 0, ACT_MAX);
        let new = arr(&mut rng, 0, ACT_MAX);
        let mut p = [0i32; FEATURES];
        p.iter_mut()
            .for_each(|x| *x = rng.gen_range(ACT_MAX as i32..=1024 * 1024 - ACT_MAX as i32));
        let mut q = p;
        simd::scalar::pool_replace(&mut p, &old, &new);
        simd::x86::pool_replace(&mut q, &old, &new);
        assert_eq!(p, q, "pool_replace, round {round}");

        let (mut act_s, mut act_v) = (old, old);
        simd::scalar::cell_update(refs, &bias, &mut act_s, &mut p);
        simd::x86::cell_update(refs, &bias, &mut act_v, &mut q);
        assert_eq!((act_s, p), (act_v, q), "cell_update, round {round}");
        assert_eq!(act_s, a);

        let net = random_network(Rule::Freestyle, round);
        for h in &net.heads {
            assert_eq!(
                simd::scalar::head(&p, h),
                simd::x86::head(&p, h),
                "head, round {round}"
            );
        }
    }
    // The largest input a 32x32 board can give (every cell empty and saturated).
    let full = [1024 * ACT_MAX as i32; FEATURES];
    let h = Head {
        w1: [[W1_LIMIT; FEATURES]; HIDDEN],
        b1: [-127; HIDDEN],
        w2: [i16::MAX; HIDDEN],
        b2: 0,
    };
    assert_eq!(simd::scalar::head(&full, &h), simd::x86::head(&full, &h));
    let hk = H_MAX as i32 * i16::MAX as i32;
    assert_eq!(
        simd::scalar::head(&full, &h),
        (HIDDEN as i32 * hk + 1024) >> 11
    );
}

/// The batched update of a move's changed cells (one AVX2 call for all of them) gives the
/// scalar loop's activations, pool and journal, in the same order.
#[cfg(target_arch = "x86_64")]
#[test]
fn batched_cell_updates_match_the_scalar_loop_and_journal_in_order() {
    use wuzi::game::pos::NCELLS;
    let mut rng = StdRng::seed_from_u64(12);
    for round in 0..200 {
        // Odd rounds: a line-key network reading a random board's keys.
        let keys = round % 2 == 1;
        let inputs = if keys {
            Inputs::LineKeys
        } else {
            Inputs::Patterns
        };
        let net = random_network_with(Rule::Freestyle, inputs, 100 + round);
        let mut board = Board::new(15, 15);
        for _ in 0..rng.gen_range(0..120) {
            let i = Pos::new(rng.gen_range(0..15), rng.gen_range(0..15)).idx();
            if board.cell(i) == EMPTY {
                board.make(i);
            }
        }
        let mut pat = vec![CellState::default(); NCELLS];
        for cell in pat.iter_mut() {
            for colour in cell.pat.iter_mut() {
                colour.iter_mut().for_each(|p| *p = rng.gen_range(0..12));
            }
        }
        let mut act = vec![[0i16; FEATURES]; NCELLS];
        for a in act.iter_mut() {
            a.iter_mut().for_each(|x| *x = rng.gen_range(0..=ACT_MAX));
        }
        let mut pool = [0i32; FEATURES];
        pool.iter_mut()
            .for_each(|x| *x = rng.gen_range(64 * ACT_MAX as i32..=512 * ACT_MAX as i32));
        // Up to 40 distinct cells, as a move under renju changes.
        let mut cells: Vec<u16> = (0..NCELLS as u16).collect();
        for k in 0..40 {
            let j = rng.gen_range(k..cells.len());
            cells.swap(k, j);
        }
        cells.truncate(rng.gen_range(0..=40));
        let src = if keys {
            Source::Keys(&board)
        } else {
            Source::Patterns(&pat)
        };
        let (mut act_s, mut pool_s, mut journal_s) = (act.clone(), pool, Vec::new());
        let (mut act_v, mut pool_v, mut journal_v) = (act.clone(), pool, Vec::new());
        simd::scalar::cells_update(
            &net,
            &cells,
            src,
            &mut act_s,
            &mut pool_s,
            Some(&mut journal_s),
        );
        simd::x86::cells_update(
            &net,
            &cells,
            src,
            &mut act_v,
            &mut pool_v,
            Some(&mut journal_v),
        );
        assert_eq!((&act_s, pool_s), (&act_v, pool_v), "round {round}");
        assert_eq!(journal_s, journal_v, "round {round}");
        let expected: Vec<_> = cells.iter().map(|&q| act[q as usize]).collect();
        assert_eq!(
            journal_s, expected,
            "the journal holds the old activations in order"
        );
        // Without a journal the same state results.
        let (mut act_n, mut pool_n) = (act.clone(), pool);
        simd::x86::cells_update(&net, &cells, src, &mut act_n, &mut pool_n, None);
        assert_eq!((&act_n, pool_n), (&act_s, pool_s));
        // And each cell's activation is its four rows' clamped sum.
        for &q in &cells {
            let mut a = [0; FEATURES];
            let rows = if keys {
                net.key_rows(board.keys(q as usize))
            } else {
                net.rows(&pat[q as usize].pat)
            };
            simd::scalar::cell_activation(rows, &net.bias0, &mut a);
            assert_eq!(act_s[q as usize], a);
        }
    }
}

/// The network's score and state computed from scratch for the position's board.
fn fresh_score(pos: &Position, net: &'static Network) -> i32 {
    let mut fresh = Position::with_network(pos.board.clone(), pos.rule(), Some(net));
    fresh.eval.network_score(&fresh.board, pos.side()).unwrap()
}

#[test]
fn incremental_network_state_equals_a_recomputation_after_random_play() {
    let mut rng = StdRng::seed_from_u64(2027);
    for (k, (size, rule, inputs)) in [
        (15, Rule::Freestyle, Inputs::Patterns),
        (20, Rule::Renju, Inputs::Patterns),
        (9, Rule::Standard, Inputs::Patterns),
        (15, Rule::Freestyle, Inputs::LineKeys),
        (7, Rule::Freestyle, Inputs::LineKeys),
        (15, Rule::Freestyle, Inputs::Shapes),
        (20, Rule::Renju, Inputs::Shapes),
        (9, Rule::Standard, Inputs::Shapes),
    ]
    .into_iter()
    .enumerate()
    {
        let net = leak(random_network_with(rule, inputs, 100 + k as u64));
        let mut pos = Position::with_network(Board::new(size, size), rule, Some(net));
        let mut scores = std::collections::HashSet::new();
        for step in 0..600 {
            let empty: Vec<usize> = pos
                .board
                .all_cells()
                .filter(|&i| pos.board.cell(i) == EMPTY)
                .collect();
            let undo = pos.board.stones() > 0 && (empty.is_empty() || rng.gen_bool(0.35));
            if undo {
                pos.undo();
            } else {
                pos.make(empty[rng.gen_range(0..empty.len())]);
            }
            // The network catches up lazily: it is asked for a score after some steps only,
            // so batches of several stones are applied, and undone across.
            if rng.gen_bool(0.4) {
                assert!(pos.eval.matches_fresh(&pos.board), "step {step}");
                let s = pos.eval.network_score(&pos.board, pos.side()).unwrap();
                assert_eq!(s, fresh_score(&pos, net), "step {step}");
                scores.insert(s);
            }
        }
        // The random network really reacts to the position.
        assert!(scores.len() > 50, "{} distinct scores", scores.len());
    }
}

/// Stones that were on the board when the evaluator was built are taken back without a
/// journal (a manager's BOARD, then TAKEBACK): the network follows those too, mixed with
/// journalled stones and lazy batches.
#[test]
fn the_network_follows_stones_taken_back_that_it_did_not_see_placed() {
    let mut rng = StdRng::seed_from_u64(31);
    for inputs in [Inputs::Patterns, Inputs::LineKeys, Inputs::Shapes] {
        takeback_unseen(
            &mut rng,
            leak(random_network_with(Rule::Freestyle, inputs, 41)),
        );
    }
}

fn takeback_unseen(rng: &mut StdRng, net: &'static Network) {
    let mut board = Board::new(15, 15);
    for _ in 0..30 {
        let empty: Vec<usize> = board
            .all_cells()
            .filter(|&i| board.cell(i) == EMPTY)
            .collect();
        board.make(empty[rng.gen_range(0..empty.len())]);
    }
    let mut pos = Position::with_network(board, Rule::Freestyle, Some(net));
    for step in 0..200 {
        // Undo more often than make, so that the stones of the starting board come off.
        common::position::random_step(&mut pos, rng, 0.55);
        if rng.gen_bool(0.5) {
            assert!(pos.eval.matches_fresh(&pos.board), "step {step}");
            let s = pos.eval.network_score(&pos.board, pos.side()).unwrap();
            assert_eq!(s, fresh_score(&pos, net), "step {step}");
        }
    }
    assert!(
        pos.board.stones() < 30,
        "the starting stones were taken back"
    );
}

#[test]
fn the_score_is_the_tables_plus_the_network() {
    let net = leak(random_network(Rule::Freestyle, 5));
    let mut pos = Position::with_network(Board::new(15, 15), Rule::Freestyle, Some(net));
    let mut plain = Position::with_network(Board::new(15, 15), Rule::Freestyle, None);
    for (x, y) in [(7, 7), (8, 8), (7, 8), (6, 9)] {
        pos.make(Pos::new(x, y).idx());
    }
    let side = pos.side();
    let n = pos.eval.network_score(&pos.board, side).unwrap();
    assert_ne!(n, 0);
    assert_eq!(
        pos.eval.evaluate(&pos.board, side),
        pos.eval.classical(side) + n
    );
    assert_eq!(plain.eval.network_score(&plain.board, side), None);
    assert_eq!(
        plain.eval.evaluate(&plain.board, side),
        plain.eval.classical(side)
    );
}

/// The network `scripts/train_nnue.py` exported, run by the engine on positions of its
/// validation set: the integer output equals the trainer's numpy emulation of the engine's
/// arithmetic exactly, and the float model's within a few evaluation units (the trainer
/// printed mean 0.29, max 2.67 over its whole validation set of 16,229 positions for this
/// network, 16 features, 4 epochs on session 33's self-play; its outputs average 308 in size).
#[test]
fn exported_network_reproduces_the_trainer() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/");
    let net = leak(Network::load(&format!("{dir}network_check.wzn")).unwrap());
    let text = std::fs::read_to_string(format!("{dir}network_check.txt")).unwrap();
    let mut n = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
    {
        let f: Vec<&str> = line.split_whitespace().collect();
        let (int, float): (i32, f64) = (f[0].parse().unwrap(), f[1].parse().unwrap());
        let mut board = Board::new(15, 15);
        for m in &f[2..] {
            let (x, y) = m.split_once(',').unwrap();
            board.make(Pos::new(x.parse().unwrap(), y.parse().unwrap()).idx());
        }
        let mut pos = Position::with_network(board, net.rule, Some(net));
        let got = pos.eval.network_score(&pos.board, pos.side()).unwrap();
        assert_eq!(got, int, "{line}");
        assert!((got as f64 - float).abs() <= 8.0, "{line}: float {float}");
        n += 1;
    }
    assert!(n >= 16, "{n} vectors");
}

/// A network file the engine refuses: it says why on `START` (a `MESSAGE`, which managers
/// show or ignore), plays with the built-in evaluation, and writes nothing to stderr.
#[test]
fn the_engine_plays_with_a_refused_network_file_and_says_why() {
    let path = std::env::temp_dir().join(format!("wuzi-bad-{}.wzn", std::process::id()));
    let mut bytes = random_network(Rule::Freestyle, 3).to_bytes();
    let n = bytes.len();
    bytes[n / 2] ^= 1;
    std::fs::write(&path, &bytes).unwrap();
    let (got, stderr) = common::first_move_with_env("WUZI_NNUE_FILE", path.as_os_str());
    let _ = std::fs::remove_file(&path);
    assert!(
        got[0].starts_with("MESSAGE WUZI_NNUE_FILE refused:") && got[0].contains("checksum"),
        "{got:?}"
    );
    assert_eq!(got[1], "OK");
    let (x, y) = got.last().unwrap().split_once(',').unwrap();
    assert!(x.parse::<u8>().unwrap() < 15 && y.parse::<u8>().unwrap() < 15);
    assert!(stderr.is_empty());
}

/// A network is for the board size it was trained on: the pool sums over the empty cells, so
/// a 15x15 network would read a 20x20 board as a different input. (Installed for caro, which
/// no other test here gives a network.)
#[test]
fn a_network_is_used_only_on_its_board_size() {
    let mut net = random_network(Rule::Caro, 77);
    net.size = 15;
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).map(|n| n.size), Ok(15));
    wuzi::eval::network::install(Rule::Caro, Some(net));
    for (size, used) in [(15, true), (20, false), (9, false)] {
        let mut board = Board::new(size, size);
        board.make(Pos::new(4, 4).idx());
        let mut pos = Position::new(board, Rule::Caro);
        let side = pos.side();
        assert_eq!(
            pos.eval.network_score(&pos.board, side).is_some(),
            used,
            "{size}x{size}"
        );
    }
    wuzi::eval::network::install(Rule::Caro, None);
}

/// `netdata --shapes 1` writes each position's shapes (counted over its empty cells) and
/// threat level, and with `--net` the engine's own shape-network score of it: what
/// `scripts/shape_net.py` fits and checks an export against.
#[test]
fn shape_data_lists_every_empty_cell_and_the_engines_network_score() {
    use wuzi::eval::weights::NSHAPES;
    let dir = std::env::temp_dir().join(format!("wuzi-shapes-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let data = dir.join("games.txt");
    // Wuzi's sample format: game, size, rule, result for the side to move, score, moves.
    let games = [
        "1 15 0 2 - 7,7 8,8 7,8",
        "1 15 0 0 120 7,7 8,8 7,8 9,9",
        "2 15 0 1 - 3,3 4,4 5,3 6,6 4,2",
    ];
    std::fs::write(&data, games.join("\n") + "\n").unwrap();
    let net = random_network_with(Rule::Freestyle, Inputs::Shapes, 12);
    let net_path = dir.join("s.wzn");
    net.save(net_path.to_str().unwrap()).unwrap();
    let prefix = dir.join("out");
    let args: Vec<String> = [
        "--data",
        data.to_str().unwrap(),
        "--out",
        prefix.to_str().unwrap(),
        "--shapes",
        "1",
        "--size",
        "15",
        "--net",
        net_path.to_str().unwrap(),
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    wuzi::train::cli::netdata_main(&args).unwrap();
    let read = |ext: &str| std::fs::read(format!("{}.{ext}", prefix.to_str().unwrap())).unwrap();
    let (spos, scells, snet) = (read("spos"), read("scells"), read("snet"));
    assert_eq!((spos.len(), snet.len()), (3 * 24, 3 * 4));
    let net = leak(net);
    let mut row = 0;
    for (k, line) in games.iter().enumerate() {
        let r = &spos[24 * k..24 * (k + 1)];
        let rows = u16::from_le_bytes([r[10], r[11]]) as usize;
        let mut board = Board::new(15, 15);
        let moves: Vec<&str> = line.split(' ').skip(5).collect();
        for m in &moves {
            let (x, y) = m.split_once(',').unwrap();
            board.make(Pos::new(x.parse().unwrap(), y.parse().unwrap()).idx());
        }
        assert_eq!(
            r[8] as usize,
            board.side_to_move().index(),
            "colour to move"
        );
        // Every empty cell is counted once, with shapes the tables know.
        let mut cells = 0;
        for j in row..row + rows {
            let c = &scells[6 * j..6 * j + 6];
            let (me, them) = (
                u16::from_le_bytes([c[0], c[1]]) as usize,
                u16::from_le_bytes([c[2], c[3]]) as usize,
            );
            assert!(me < NSHAPES && them < NSHAPES);
            cells += u16::from_le_bytes([c[4], c[5]]) as usize;
        }
        assert_eq!(cells, 225 - moves.len(), "position {k}");
        row += rows;
        let mut pos = Position::with_network(board, Rule::Freestyle, Some(net));
        let side = pos.side();
        let engine = pos.eval.network_score(&pos.board, side).unwrap();
        let written = i32::from_le_bytes(snet[4 * k..4 * k + 4].try_into().unwrap());
        assert_eq!(written, engine, "position {k}");
    }
    assert_eq!(row * 6, scells.len());
    std::fs::remove_dir_all(&dir).ok();
}
