//! Prints black's renju forbidden points for a diagram read from stdin
//! (rows of `X` black, `O` white, `.` empty; black to move).
//! Usage: cargo run --release --example forbid_map < diagram.txt
use std::io::Read;
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::forbidden_points;

fn main() {
    let mut s = String::new();
    std::io::stdin().read_to_string(&mut s).expect("stdin");
    let rows: Vec<&str> = s.lines().filter(|l| !l.trim().is_empty()).collect();
    let size = rows
        .len()
        .max(rows.iter().map(|r| r.len()).max().unwrap_or(0));
    let mut b = Board::new(size, size);
    for (y, r) in rows.iter().enumerate() {
        for (x, ch) in r.chars().enumerate() {
            match ch {
                'X' => b.put(Pos::new(x as u8, y as u8).idx(), Color::Black),
                'O' => b.put(Pos::new(x as u8, y as u8).idx(), Color::White),
                _ => {}
            }
        }
    }
    b.set_side_to_move(Color::Black);
    let f = forbidden_points(&b);
    for y in 0..size {
        let line: String = (0..size)
            .map(|x| {
                let p = Pos::new(x as u8, y as u8);
                if f.contains(&p) {
                    '*'
                } else {
                    rows.get(y).and_then(|r| r.chars().nth(x)).unwrap_or('.')
                }
            })
            .collect();
        println!("{line}");
    }
    println!("{:?}", f.iter().map(|p| p.to_string()).collect::<Vec<_>>());
}
