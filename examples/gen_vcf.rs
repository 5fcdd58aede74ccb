//! Finds random positions whose shortest VCF uses exactly K attacking fours (a generator of
//! test positions). Usage: cargo run --release --example gen_vcf -- K SEED
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use wuzi::game::board::{Board, Color, EMPTY};
use wuzi::game::pos::Pos;
use wuzi::game::rule::Rule;
use wuzi::search::alphabeta::Worker;
use wuzi::search::position::Position;
use wuzi::search::tt::TranspositionTable;

fn main() {
    let k: i32 = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let seed: u64 = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(1);
    let mut rng = StdRng::seed_from_u64(seed);
    let stop = AtomicBool::new(false);
    let mut tt = TranspositionTable::new(1 << 16);
    let far = Instant::now() + Duration::from_secs(3600);
    for _ in 0..200000 {
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
        if pos
            .eval
            .count(Color::Black, wuzi::eval::pattern::Combo::Five)
            > 0
            || pos
                .eval
                .count(Color::White, wuzi::eval::pattern::Combo::Five)
                > 0
        {
            continue;
        }
        let mut w = Worker::new(pos, &mut tt, &stop, far, u64::MAX);
        let found = (1..=k).find(|&d| w.vcf_line(d, 2_000_000, far).is_some());
        if found == Some(k) {
            let (plies, line) = w.vcf_line(k, 2_000_000, far).unwrap();
            let stones = |c: u8| {
                b.all_cells()
                    .filter(|&i| b.cell(i) == c)
                    .map(|i| Pos::from_idx(i).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            };
            println!(
                "black: {}\nwhite: {}\nplies {} line {}",
                stones(1),
                stones(2),
                plies,
                line.iter()
                    .map(|&m| Pos::from_idx(m as usize).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            );
            return;
        }
    }
    println!("none found");
}
