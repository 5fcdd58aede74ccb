//! Checks five detection and renju forbidden points against a rule file in the shared data
//! format (`five`, `nowin`, `forbidden`, `legal`, `forbidden_all` tasks).
//! Usage: cargo run --release --example check_rules -- ../shared/data/rules_five_forbidden.txt
use wuzi::datafile::parse_line;
use wuzi::game::rule::{forbidden_points, is_forbidden, makes_five};

fn main() {
    let path = std::env::args().nth(1).expect("usage: check_rules FILE");
    let text = std::fs::read_to_string(&path).expect("readable file");
    let (mut pass, mut fail) = (0, 0);
    for entry in text.lines().filter_map(parse_line) {
        let (b, rule, pts) = (&entry.board, entry.rule, &entry.answers);
        let side = b.side_to_move();
        let ok = match entry.task.as_str() {
            "five" => pts.iter().all(|p| makes_five(b, p.idx(), side, rule)),
            "nowin" => pts.iter().all(|p| !makes_five(b, p.idx(), side, rule)),
            "forbidden" => pts.iter().all(|p| is_forbidden(b, p.idx())),
            "legal" => pts.iter().all(|p| !is_forbidden(b, p.idx())),
            "forbidden_all" => {
                let mut got = forbidden_points(b);
                let mut want = pts.clone();
                got.sort();
                want.sort();
                got == want
            }
            _ => continue,
        };
        if ok {
            pass += 1;
        } else {
            fail += 1;
            println!("FAIL {}", entry.id);
        }
    }
    println!("{pass} passed, {fail} failed");
}
