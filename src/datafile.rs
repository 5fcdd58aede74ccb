//! The one-position-per-line format of test positions and puzzles (read by
//! `pbrain-wuzi solve` and the tests): `<id> <size> <rule> <to_move> <stones…> | <task>
//! <answers…> | <notes>`, with stones `b<x>,<y>` / `w<x>,<y>` and answers `x,y`, in
//! protocol coordinates.

use crate::game::board::{Board, Color};
use crate::game::pos::{Pos, MAX_SIZE, MIN_SIZE};
use crate::game::rule::Rule;

pub struct DataLine {
    pub id: String,
    pub rule: Rule,
    /// The stones, with the side to move set.
    pub board: Board,
    /// `vcf`, `vct`, `five`, `forbidden`, `opening`, …
    pub task: String,
    /// The answer points (empty for `-` or `?`).
    pub answers: Vec<Pos>,
}

/// Parses `x,y` (protocol coordinates, each below the largest board side).
pub fn point(s: &str) -> Option<Pos> {
    let (x, y) = s.split_once(',')?;
    let (x, y): (usize, usize) = (x.trim().parse().ok()?, y.trim().parse().ok()?);
    (x < MAX_SIZE && y < MAX_SIZE).then(|| Pos::new(x as u8, y as u8))
}

/// Parses one line; `None` for comments, blank lines and anything malformed.
pub fn parse_line(line: &str) -> Option<DataLine> {
    if line.starts_with('#') || line.trim().is_empty() {
        return None;
    }
    let fields: Vec<&str> = line.split(" | ").collect();
    let head: Vec<&str> = fields[0].split_whitespace().collect();
    let task: Vec<&str> = fields.get(1)?.split_whitespace().collect();
    if head.len() < 4 || task.is_empty() {
        return None;
    }
    let size: usize = head[1].parse().ok()?;
    if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
        return None;
    }
    let rule = match head[2] {
        "renju" => Rule::Renju,
        "standard" => Rule::Standard,
        _ => Rule::Freestyle,
    };
    let mut board = Board::new(size, size);
    for s in &head[4..] {
        let colour = if s.starts_with('b') {
            Color::Black
        } else {
            Color::White
        };
        let p = point(s.get(1..)?)?;
        if !board.is_empty(p) {
            return None;
        }
        board.put(p.idx(), colour);
    }
    board.set_side_to_move(if head[3] == "b" {
        Color::Black
    } else {
        Color::White
    });
    let answers = task[1..].iter().filter_map(|p| point(p)).collect();
    Some(DataLine {
        id: head[0].to_string(),
        rule,
        board,
        task: task[0].to_string(),
        answers,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_line() {
        let l = parse_line("x.1 15 renju w b7,7 w8,8 b9,9 | vcf 1,2 3,4 | src=here").unwrap();
        assert_eq!(
            (l.id.as_str(), l.rule, l.task.as_str()),
            ("x.1", Rule::Renju, "vcf")
        );
        assert_eq!(l.board.stones(), 3);
        assert_eq!(l.board.side_to_move(), Color::White);
        assert_eq!(l.answers, vec![Pos::new(1, 2), Pos::new(3, 4)]);
        assert!(parse_line("# comment").is_none());
        assert!(parse_line("bad line").is_none());
    }
}
