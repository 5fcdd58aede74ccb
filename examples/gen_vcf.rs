//! Generates test positions from random stone patterns (15x15 freestyle):
//!   gen_vcf vcf K SEED      - black to move, shortest VCF uses exactly K fours; prints the line
//!   gen_vcf plies N SEED    - black to move, shortest VCF is exactly N plies long
//!   gen_vcf defend SEED     - black to move, no black fours, white has a VCF, and exactly one
//!                             black move leaves white without one
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use wuzi::eval::pattern::Combo;
use wuzi::game::board::{Board, Color, EMPTY};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;
use wuzi::search::alphabeta::Worker;
use wuzi::search::moves::makes_four;
use wuzi::search::position::Position;
use wuzi::search::tt::TranspositionTable;

fn random_board(rng: &mut StdRng) -> Option<Board> {
    let mut b = Board::new(15, 15);
    let n = rng.gen_range(8..14);
    for s in 0..2 * n {
        loop {
            let p = Pos::new(rng.gen_range(3..12), rng.gen_range(3..12));
            if b.at(p) == EMPTY {
                b.put(
                    p.idx(),
                    if s % 2 == 0 {
                        Color::Black
                    } else {
                        Color::White
                    },
                );
                break;
            }
        }
    }
    b.set_side_to_move(Color::Black);
    let pos = Position::new(b.clone(), Rule::Freestyle);
    let quiet = pos.eval.count(Color::Black, Combo::Five) == 0
        && pos.eval.count(Color::White, Combo::Five) == 0;
    quiet.then_some(b)
}

fn vcf(b: &Board, depth: i32) -> Option<(i32, Vec<u16>)> {
    let stop = AtomicBool::new(false);
    let tt = TranspositionTable::new(1 << 12);
    let far = Instant::now() + Duration::from_secs(3600);
    let mut w = Worker::new(
        Position::new(b.clone(), Rule::Freestyle),
        &tt,
        &stop,
        far,
        u64::MAX,
    );
    w.vcf_line(depth, 2_000_000, far)
}

fn show(b: &Board) {
    let stones = |c: u8| {
        b.all_cells()
            .filter(|&i| b.cell(i) == c)
            .map(|i| Pos::from_idx(i).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    println!("black: {}\nwhite: {}", stones(1), stones(2));
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mode = args.first().map(String::as_str).unwrap_or("vcf");
    let num = |k: usize, d: u64| args.get(k).and_then(|s| s.parse().ok()).unwrap_or(d);
    let mut rng = StdRng::seed_from_u64(if mode == "defend" {
        num(1, 1)
    } else {
        num(2, 1)
    });
    for _ in 0..500_000 {
        let Some(b) = random_board(&mut rng) else {
            continue;
        };
        match mode {
            "defend" => {
                let pos = Position::new(b.clone(), Rule::Freestyle);
                if b.all_cells()
                    .any(|i| b.cell(i) == EMPTY && makes_four(&pos, i, Color::Black))
                {
                    continue;
                }
                let mut w = b.clone();
                w.set_side_to_move(Color::White);
                if vcf(&w, 20).is_none() {
                    continue;
                }
                let safe: Vec<usize> = b
                    .all_cells()
                    .filter(|&i| b.cell(i) == EMPTY)
                    .filter(|&i| {
                        let mut t = b.clone();
                        t.make(i);
                        vcf(&t, 20).is_none()
                    })
                    .collect();
                if safe.len() == 1 {
                    show(&b);
                    println!("only defence {}", Pos::from_idx(safe[0]));
                    return;
                }
            }
            _ => {
                let k = num(1, 3) as i32;
                let want_plies = mode == "plies";
                let limit = if want_plies { (k - 1) / 2 } else { k };
                let found = (1..=limit).find(|&d| vcf(&b, d).is_some());
                let Some(d) = found else { continue };
                let (plies, line) = vcf(&b, d).unwrap();
                if (want_plies && plies == k) || (!want_plies && d == k) {
                    show(&b);
                    println!(
                        "fours {d} plies {plies} line {}",
                        line.iter()
                            .map(|&m| Pos::from_idx(m as usize).to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    );
                    return;
                }
            }
        }
    }
    println!("none found");
}
