//! Checks five detection and renju forbidden points against a rule file in the
//! shared data format (`<id> <size> <rule> <to_move> <stones> | <task> <answers> | notes`).
//! Usage: cargo run --release --example check_rules -- ../shared/data/rules_five_forbidden.txt
use wuzi::game::board::{Board, Color};
use wuzi::game::pos::Pos;
use wuzi::game::rule::{forbidden_points, is_forbidden, makes_five, Rule};

fn main() {
    let path = std::env::args().nth(1).expect("file");
    let text = std::fs::read_to_string(&path).expect("read");
    let (mut pass, mut fail) = (0, 0);
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split(" | ").collect();
        let head: Vec<&str> = f[0].split_whitespace().collect();
        let size: usize = head[1].parse().unwrap();
        let rule = match head[2] {
            "renju" => Rule::Renju,
            "standard" => Rule::Standard,
            _ => Rule::Freestyle,
        };
        let to_move = if head[3] == "b" {
            Color::Black
        } else {
            Color::White
        };
        let mut b = Board::new(size, size);
        for s in &head[4..] {
            let c = if s.starts_with('b') {
                Color::Black
            } else {
                Color::White
            };
            let (x, y) = s[1..].split_once(',').unwrap();
            b.put(Pos::new(x.parse().unwrap(), y.parse().unwrap()).idx(), c);
        }
        b.set_side_to_move(to_move);
        let task: Vec<&str> = f[1].split_whitespace().collect();
        let pts: Vec<Pos> = task[1..]
            .iter()
            .filter_map(|p| p.split_once(','))
            .map(|(x, y)| Pos::new(x.parse().unwrap(), y.parse().unwrap()))
            .collect();
        let ok = match task[0] {
            "five" => pts.iter().all(|p| makes_five(&b, p.idx(), to_move, rule)),
            "nowin" => pts.iter().all(|p| !makes_five(&b, p.idx(), to_move, rule)),
            "forbidden" => pts.iter().all(|p| is_forbidden(&b, p.idx())),
            "legal" => pts.iter().all(|p| !is_forbidden(&b, p.idx())),
            "forbidden_all" => {
                let mut got = forbidden_points(&b);
                let mut want = pts.clone();
                got.sort();
                want.sort();
                got == want
            }
            _ => continue,
        };
        if ok {
            pass += 1
        } else {
            fail += 1;
            println!("FAIL {}", head[0]);
        }
    }
    println!("{pass} passed, {fail} failed");
}
