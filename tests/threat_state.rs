//! The incremental threat state (per-side cell lists of five, open-four, four and
//! open-three points), static win detection, the VCF at the search horizon, and the
//! defence generator, on positions made for this project.
use rand::{rngs::StdRng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use wuzi::eval::evaluator::Threat;
use wuzi::eval::pattern::{combine, Combo, Pattern};
use wuzi::game::board::{Board, Color, EMPTY};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;
use wuzi::search::alphabeta::Worker;
use wuzi::search::moves::generate;
use wuzi::search::position::Position;
use wuzi::search::tt::{TranspositionTable, WIN, WIN_BOUND};

mod common;

fn setup(black: &str, white: &str, to_move: Color) -> Board {
    common::position::setup(15, black, white, to_move)
}

/// The threat classes of `i` for `c`, computed from its four line patterns alone.
fn classes_from_patterns(pos: &Position, i: usize, c: Color) -> [bool; 4] {
    let p: Vec<Pattern> = (0..4).map(|d| pos.eval.pattern(i, c, d)).collect();
    let n = |x: Pattern| p.iter().filter(|&&q| q == x).count();
    let five = n(Pattern::F5) > 0;
    let flex4 = !five && (n(Pattern::F4) > 0 || n(Pattern::B4) >= 2);
    let four = p.iter().any(|&q| q >= Pattern::B4);
    let three = !four && n(Pattern::F3) > 0;
    [five, flex4, four, three]
}

#[test]
fn threat_lists_match_the_line_patterns_after_random_play() {
    let mut rng = StdRng::seed_from_u64(2026);
    let classes = [Threat::Five, Threat::Flex4, Threat::Four, Threat::Three];
    for (size, rule) in [
        (15, Rule::Freestyle),
        (15, Rule::Standard),
        (15, Rule::Renju),
        (15, Rule::Caro),
        (20, Rule::Freestyle),
        (9, Rule::Standard),
    ] {
        let mut pos = Position::new(Board::new(size, size), rule);
        let mut seen = [0usize; 4];
        for step in 0..2500 {
            common::position::random_step(&mut pos, &mut rng, 0.35);
            if step % 5 != 0 {
                continue;
            }
            assert!(pos.eval.matches_fresh(&pos.board), "{rule:?} step {step}");
            for c in [Color::Black, Color::White] {
                for i in pos.board.all_cells() {
                    let want = if pos.board.cell(i) == EMPTY {
                        classes_from_patterns(&pos, i, c)
                    } else {
                        [false; 4]
                    };
                    for (k, t) in classes.iter().enumerate() {
                        assert_eq!(
                            pos.eval.cells(c, *t).contains(i),
                            want[k],
                            "{rule:?} step {step} {c:?} {t:?} at {}",
                            Pos::from_idx(i)
                        );
                        seen[k] += want[k] as usize;
                    }
                }
                // Counts per combination agree with the lists.
                let fives = pos.eval.cells(c, Threat::Five).len();
                assert_eq!(fives, pos.eval.count(c, Combo::Five) as usize);
                // And with the cells' combinations, renju black's fouls by the lines
                // counted as none.
                let mut want = [0u16; 9];
                for i in pos.board.all_cells() {
                    if pos.board.cell(i) != EMPTY {
                        continue;
                    }
                    let p = [0, 1, 2, 3].map(|d| pos.eval.pattern(i, c, d));
                    let foul = rule == Rule::Renju && c == Color::Black && combine(p).foul;
                    want[if foul {
                        0
                    } else {
                        pos.eval.combo(i, c) as usize
                    }] += 1;
                }
                assert_eq!(pos.eval.counts(c), &want, "{rule:?} step {step} {c:?}");
            }
        }
        assert!(
            seen.iter().all(|&n| n > 20),
            "{rule:?}: every class occurred: {seen:?}"
        );
    }
}

/// A worker over `b` with a small table and no time limit.
fn with_worker<T>(b: &Board, rule: Rule, f: impl FnOnce(&mut Worker) -> T) -> T {
    let stop = AtomicBool::new(false);
    let tt = TranspositionTable::new(1 << 20);
    let far = Instant::now() + Duration::from_secs(60);
    let mut w = Worker::new(Position::new(b.clone(), rule), &tt, &stop, far, u64::MAX);
    f(&mut w)
}

/// The score of a depth-1 search from the root of `b`.
fn depth1(b: &Board, rule: Rule) -> i32 {
    with_worker(b, rule, |w| w.search(1, -WIN, WIN, 0, true))
}

#[test]
fn a_four_three_is_a_static_win_unless_the_block_makes_a_four() {
    // Black: 5,7 6,7 7,7 closed by white 4,7; 8,5 8,6 on column 8. 8,7 is a 4-3.
    let black = "5,7 6,7 7,7 8,5 8,6";
    let b = setup(black, "4,7 2,2 12,2 2,12 12,12", Color::Black);
    assert_eq!(depth1(&b, Rule::Freestyle), WIN - 5);
    assert_eq!(depth1(&b, Rule::Standard), WIN - 5);
    // White can make a four (10,8..10,10 open at 10,11 and 10,7), but its forced block on
    // 9,7 makes none: still a win in 5.
    let b = setup(black, "4,7 10,8 10,9 10,10 12,12", Color::Black);
    assert_eq!(depth1(&b, Rule::Freestyle), WIN - 5);
    // White's stones 9,8 9,9 9,10 (closed at 9,11): the block on 9,7 makes a white four, so
    // nothing is proven statically (a depth-1 search has no time to prove the rest).
    let b = setup(black, "4,7 9,8 9,9 9,10 9,11 0,0", Color::Black);
    let b = {
        let mut b = b;
        // 9,11 is black so white's column is closed at one end.
        b.remove(Pos::new(9, 11).idx());
        b.put(Pos::new(9, 11).idx(), Color::Black);
        b.set_side_to_move(Color::Black);
        b
    };
    assert!(depth1(&b, Rule::Freestyle) < WIN - 5);
}

#[test]
fn renju_black_fouls_keep_their_lists_and_count_as_nothing() {
    // 7,7 makes two open threes (column 7,5 7,6 and row 8,7 9,7): a foul for renju black.
    let three3 = "7,5 7,6 8,7 9,7";
    let far = "0,0 14,0 0,14 14,14";
    let at = Pos::new(7, 7).idx();
    for (rule, c, black, white) in [
        (Rule::Renju, Color::Black, three3, far),
        (Rule::Renju, Color::White, far, three3),
        (Rule::Freestyle, Color::Black, three3, far),
    ] {
        let pos = Position::new(setup(black, white, Color::Black), rule);
        let foul = rule == Rule::Renju && c == Color::Black;
        assert_eq!(pos.eval.combo(at, c), Combo::DoubleFlex3, "{rule:?} {c:?}");
        assert!(
            pos.eval.cells(c, Threat::Three).contains(at),
            "{rule:?} {c:?}"
        );
        assert_eq!(
            pos.eval.count(c, Combo::DoubleFlex3),
            u16::from(!foul),
            "{rule:?} {c:?}"
        );
        assert_eq!(pos.combo(at, c) == Combo::None, foul, "{rule:?} {c:?}");
        // The foul is black's alone: the same point is playable for white whatever the rule.
        assert_eq!(pos.is_foul(c, at), foul, "{rule:?} {c:?}");
        assert!(!pos.is_foul(Color::White, at), "{rule:?} {c:?}");
        assert_eq!(pos.is_legal(at), !foul, "{rule:?} {c:?}: black to move");
    }
    // A double four for renju black: listed as an open-four point but not counted (the
    // open threes' other open-four points, 7,3 and 3,7, are); for white it counts.
    let four4 = "7,4 7,5 7,6 4,7 5,7 6,7";
    for (c, black, white) in [(Color::Black, four4, far), (Color::White, far, four4)] {
        let pos = Position::new(setup(black, white, c), Rule::Renju);
        let listed = pos.eval.cells(c, Threat::Flex4);
        assert!(listed.contains(at), "{c:?}");
        let counted = listed.len() - usize::from(c == Color::Black);
        assert_eq!(pos.eval.count(c, Combo::Flex4) as usize, counted, "{c:?}");
    }
}

#[test]
fn a_double_three_is_a_static_win_only_against_no_threats() {
    // White to move: 7,7 makes two open threes (column 7,5 7,6 and row 8,7 9,7).
    let white = "7,5 7,6 8,7 9,7";
    let b = setup("0,0 14,0 0,14 14,14 1,1", white, Color::White);
    assert_eq!(depth1(&b, Rule::Freestyle), WIN - 5);
    assert_eq!(
        depth1(&b, Rule::Renju),
        WIN - 5,
        "white may play a 3-3 in renju"
    );
    // Black has an open two it can turn into an open three... that is no threat yet, but an
    // open three of its own (2,10 3,10 4,10) would make an open four first.
    let b = setup("2,10 3,10 4,10 14,0 0,14", white, Color::White);
    assert!(depth1(&b, Rule::Freestyle) < WIN_BOUND);
    // The same shape for black in renju is a forbidden double three.
    let b = setup(white, "0,0 14,0 0,14 14,14", Color::Black);
    assert_eq!(depth1(&b, Rule::Freestyle), WIN - 5);
    assert!(depth1(&b, Rule::Renju) < WIN_BOUND);
}

#[test]
fn a_vcf_beyond_the_horizon_is_found_by_a_depth_one_search() {
    // Nine plies of fours (tests/threats.rs proves it is the shortest VCF).
    let black = "3,4 4,4 6,5 6,6 8,6 5,7 6,7 9,7 4,9 8,9 7,10 4,11";
    let white = "6,3 5,4 6,4 9,6 10,6 5,8 7,8 8,8 3,11 6,11 9,11 10,11";
    let b = setup(black, white, Color::Black);
    let s = depth1(&b, Rule::Freestyle);
    assert!(s > WIN_BOUND, "depth 1 sees the VCF: {s}");
}

/// Whether the side to move has a VCF.
fn has_vcf(b: &Board, rule: Rule) -> bool {
    with_worker(b, rule, |w| {
        w.vcf_line(30, 2_000_000, Instant::now() + Duration::from_secs(30))
            .is_some()
    })
}

/// Checks the defence generator on `b` (side to move threatened by an open three or a 4-4
/// point, with no four of its own): every generated move leaves the opponent without a VCF,
/// every other legal move near the stones lets the opponent win by fours.
fn check_defences(b: &Board, rule: Rule, expect: &str) {
    let mut pos = Position::new(b.clone(), rule);
    let me = pos.side();
    assert!(
        pos.eval.cells(me, Threat::Four).is_empty(),
        "no own four in the test"
    );
    let mut buf = Vec::new();
    let gen: Vec<Pos> = generate(&mut pos, &mut buf, &vec![[0; 4]; 2000], [0, 0, 0], 0)
        .into_iter()
        .map(|(m, _)| Pos::from_idx(m as usize))
        .collect();
    let mut want = common::position::points(expect);
    let mut got = gen.clone();
    want.sort();
    got.sort();
    assert_eq!(got, want, "generated defences");
    for i in b.all_cells() {
        if b.cell(i) != EMPTY || b.near(i) == 0 || !pos.is_legal(i) {
            continue;
        }
        let mut after = b.clone();
        after.make(i);
        let p = Pos::from_idx(i);
        assert_eq!(
            has_vcf(&after, rule),
            !gen.contains(&p),
            "{p}: generated {} but the opponent's VCF says otherwise",
            gen.contains(&p)
        );
    }
}

#[test]
fn open_three_defences_are_exact() {
    // White's open three 6,7 7,7 8,7 with room on both sides: only 5,7 and 9,7 stop it
    // (4,7 and 10,7 leave an open four on the other side).
    let b = setup("0,0 14,14 0,14", "6,7 7,7 8,7", Color::Black);
    check_defences(&b, Rule::Freestyle, "5,7 9,7");
    // Closed on the left two cells away (black 4,7): 10,7 now defends too.
    let b = setup("4,7 14,14 0,14", "6,7 7,7 8,7", Color::Black);
    check_defences(&b, Rule::Freestyle, "5,7 9,7 10,7");
    // A split three 6,7 8,7 9,7: the gap and both ends.
    let b = setup("0,0 14,14 0,14", "6,7 8,7 9,7", Color::Black);
    check_defences(&b, Rule::Freestyle, "5,7 7,7 10,7");
}

#[test]
fn four_four_point_defences_are_exact() {
    // White: 4,7 5,7 6,7 closed by black 3,7; 8,4 8,5 8,6 closed by black 8,3. 8,7 is a
    // double-four point (each three makes a four through it). Defences: the point itself,
    // 7,7 (the row is then shut in) and 8,8 (the column is).
    let b = setup("3,7 8,3 14,14", "4,7 5,7 6,7 8,4 8,5 8,6", Color::Black);
    check_defences(&b, Rule::Freestyle, "7,7 8,7 8,8");
}

/// `Evaluator::flex4_survives` (the defence check read from the patterns) says the same as
/// making the move and asking for an open-four point, for every empty cell in every
/// position of a random walk where the side to move faces an open three or a 4-4 point,
/// under every rule it is used for.
#[test]
fn flex4_survival_read_from_patterns_matches_making_the_move() {
    let mut rng = StdRng::seed_from_u64(1414);
    for (size, rule) in [
        (15, Rule::Freestyle),
        (15, Rule::Standard),
        (15, Rule::Caro),
        (20, Rule::Freestyle),
        (9, Rule::Standard),
    ] {
        let mut pos = Position::new(Board::new(size, size), rule);
        let (mut defences, mut not) = (0, 0);
        for step in 0..3000 {
            common::position::random_step(&mut pos, &mut rng, 0.35);
            let opp = pos.side().opp();
            if !pos.has_open_four_point(opp) {
                continue;
            }
            let empty: Vec<usize> = pos
                .board
                .all_cells()
                .filter(|&i| pos.board.cell(i) == EMPTY)
                .collect();
            for i in empty {
                let read = pos.eval.flex4_survives(&pos.board, i, opp);
                pos.make(i);
                let made = pos.has_open_four_point(opp);
                pos.undo();
                assert_eq!(read, made, "{rule:?} {size} step {step} cell {i}");
                if made {
                    not += 1;
                } else {
                    defences += 1;
                }
            }
        }
        // Both answers occur often, or the comparison proves little.
        assert!(
            defences > 100 && not > 1000,
            "{rule:?} {size}: {defences} {not}"
        );
    }
}

#[test]
fn a_tt_move_is_played_before_generation_exactly_when_the_generator_lists_it() {
    use wuzi::game::pos::NCELLS;
    use wuzi::search::moves::{fill, is_playable_early};
    let mut rng = StdRng::seed_from_u64(2027);
    let history = vec![[0; 4]; NCELLS];
    for rule in Rule::ALL {
        let mut pos = Position::new(Board::new(15, 15), rule);
        let (mut threatened_nodes, mut refused_near) = (0, 0);
        for step in 0..900 {
            common::position::random_step(&mut pos, &mut rng, 0.3);
            if step % 3 != 0 {
                continue;
            }
            let threatened = pos.has_open_four_point(pos.side().opp());
            threatened_nodes += threatened as usize;
            let (mut buf, mut list) = (Vec::new(), Vec::new());
            fill(&mut pos, &mut buf, &mut list, &history, [0; 3], 0);
            // Every index, off the board and past the array's end included (a TT move from
            // a key collision can be anything).
            for m in 0..NCELLS as u16 + 40 {
                let i = m as usize;
                let near = i < NCELLS && pos.board.near(i) > 0 && pos.board.cell(i) == EMPTY;
                let want = near && list.iter().any(|e| e.0 == m);
                refused_near += (near && !want) as usize;
                assert_eq!(
                    is_playable_early(&mut pos, m, threatened),
                    want,
                    "{rule:?} step {step}: cell {m} (threatened {threatened})"
                );
            }
        }
        // The positions reached both filters: the defence one and (renju) the fouls.
        assert!(threatened_nodes > 10, "{rule:?}: {threatened_nodes}");
        assert!(refused_near > 100, "{rule:?}: {refused_near}");
    }
}

#[test]
fn threat_moves_are_ordered_by_the_attack_history_and_the_others_by_the_quiet_one() {
    use wuzi::eval::pattern::Combo;
    use wuzi::game::pos::NCELLS;
    use wuzi::search::moves::fill;
    use wuzi::search::params::ATTACK_HISTORY_SHIFT;
    let mut rng = StdRng::seed_from_u64(2051);
    let none = vec![[0; 4]; NCELLS];
    // Quiet slots (one per colour) worth 3 ordering units, attack slots worth 7.
    let some = vec![
        [
            3 << 8,
            3 << 8,
            7 << ATTACK_HISTORY_SHIFT,
            7 << ATTACK_HISTORY_SHIFT
        ];
        NCELLS
    ];
    let (mut threats, mut others) = (0, 0);
    for rule in Rule::ALL {
        let mut pos = Position::new(Board::new(15, 15), rule);
        for step in 0..600 {
            common::position::random_step(&mut pos, &mut rng, 0.3);
            if step % 4 != 0 {
                continue;
            }
            let me = pos.side();
            let (mut buf, mut plain, mut with) = (Vec::new(), Vec::new(), Vec::new());
            fill(&mut pos, &mut buf, &mut plain, &none, [0; 3], 0);
            fill(&mut pos, &mut buf, &mut with, &some, [0; 3], 0);
            assert_eq!(plain.len(), with.len());
            for (a, b) in plain.iter().zip(&with) {
                assert_eq!(a.0, b.0);
                let threat = pos.eval.combo(a.0 as usize, me) != Combo::None;
                let want = if threat { 7 } else { 3 };
                threats += threat as usize;
                others += !threat as usize;
                assert_eq!(b.1 - a.1, want, "{rule:?} cell {} threat {threat}", a.0);
            }
        }
    }
    assert!(threats > 100 && others > 1000, "{threats} {others}");
}
