//! The game the board page shows: size, rule, the moves played and those taken back (for
//! redo), whether it is over (the winning five), and the position as text: the protocol's
//! `x,y` list, Piskvork's PSQ file, SGF, and the GUIs' `H8 I9` coordinates.

use crate::game::board::{Board, Color, EMPTY};
use crate::game::pos::{Pos, MAX_SIZE, MIN_SIZE};
use crate::game::rule::{self, Rule};

/// Why a move or a position is refused: the HTTP status and a message for the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub status: u16,
    pub message: String,
}

impl Refusal {
    pub fn new(status: u16, message: impl Into<String>) -> Refusal {
        Refusal {
            status,
            message: message.into(),
        }
    }
}

/// How the game stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    Playing,
    /// The winner and the stones of the winning line.
    Win(Color, Vec<Pos>),
    /// The board is full.
    Draw,
}

pub struct Game {
    size: usize,
    rule: Rule,
    board: Board,
    /// Moves taken back, the latest last: redo plays them again.
    redo: Vec<Pos>,
    outcome: Outcome,
    /// Black's forbidden points (renju, black to move), computed once per position.
    forbidden: Vec<Pos>,
}

impl Game {
    /// An empty `size` x `size` board (5..=32) under `rule`.
    pub fn new(size: usize, rule: Rule) -> Result<Game, Refusal> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return Err(Refusal::new(
                400,
                format!("board size {size} is outside {MIN_SIZE}..{MAX_SIZE}"),
            ));
        }
        let mut g = Game {
            size,
            rule,
            board: Board::new(size, size),
            redo: Vec::new(),
            outcome: Outcome::Playing,
            forbidden: Vec::new(),
        };
        g.settle();
        Ok(g)
    }

    pub fn size(&self) -> usize {
        self.size
    }
    pub fn rule(&self) -> Rule {
        self.rule
    }
    pub fn board(&self) -> &Board {
        &self.board
    }
    pub fn outcome(&self) -> &Outcome {
        &self.outcome
    }
    pub fn forbidden(&self) -> &[Pos] {
        &self.forbidden
    }
    pub fn redo_moves(&self) -> &[Pos] {
        &self.redo
    }
    pub fn is_over(&self) -> bool {
        self.outcome != Outcome::Playing
    }

    /// The moves played, in order.
    pub fn moves(&self) -> Vec<Pos> {
        self.board
            .moves()
            .iter()
            .map(|&m| Pos::from_idx(m as usize))
            .collect()
    }

    /// Whether the side to move may play `p` now; the refusal says why not.
    pub fn check(&self, x: i64, y: i64) -> Result<Pos, Refusal> {
        if self.is_over() {
            return Err(Refusal::new(
                409,
                "the game is over: undo or start a new game",
            ));
        }
        if !self.board.contains(x, y) {
            return Err(Refusal::new(
                400,
                format!("{x},{y} is off the {0}x{0} board", self.size),
            ));
        }
        let p = Pos::new(x as u8, y as u8);
        if self.board.at(p) != EMPTY {
            return Err(Refusal::new(
                409,
                format!("{} is occupied", label(p, self.size)),
            ));
        }
        if self.forbidden.contains(&p) {
            return Err(Refusal::new(
                400,
                format!("{} is forbidden for black under renju", label(p, self.size)),
            ));
        }
        Ok(p)
    }

    /// Plays `(x, y)` for the side to move (the redo list is dropped unless the move is
    /// the one it would replay).
    pub fn play(&mut self, x: i64, y: i64) -> Result<(), Refusal> {
        let p = self.check(x, y)?;
        if self.redo.last() == Some(&p) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.board.make(p.idx());
        self.settle();
        Ok(())
    }

    /// Takes back up to `n` moves; returns how many were.
    pub fn undo(&mut self, n: usize) -> usize {
        let mut done = 0;
        while done < n {
            let Some(i) = self.board.undo() else { break };
            self.redo.push(Pos::from_idx(i));
            done += 1;
        }
        self.settle();
        done
    }

    /// Plays up to `n` taken-back moves again; returns how many were.
    pub fn redo(&mut self, n: usize) -> usize {
        let mut done = 0;
        while done < n && !self.is_over() {
            let Some(p) = self.redo.pop() else { break };
            self.board.make(p.idx());
            self.settle();
            done += 1;
        }
        done
    }

    /// Goes to the position after `ply` moves of the game (the moves after it can be redone).
    pub fn goto(&mut self, ply: usize) -> Result<(), Refusal> {
        let now = self.board.stones();
        if ply > now + self.redo.len() {
            return Err(Refusal::new(
                400,
                format!(
                    "move {ply} is beyond the game's {} moves",
                    now + self.redo.len()
                ),
            ));
        }
        if ply < now {
            self.undo(now - ply);
        } else {
            self.redo(ply - now);
        }
        Ok(())
    }

    /// Outcome and forbidden points of the new position.
    fn settle(&mut self) {
        self.outcome = match self.board.last_move() {
            Some(m) => {
                let mover = self.board.side_to_move().opp();
                match rule::five_line(&self.board, m, mover, self.rule) {
                    Some(line) => Outcome::Win(mover, line),
                    None if self.board.is_full() => Outcome::Draw,
                    None => Outcome::Playing,
                }
            }
            None => Outcome::Playing,
        };
        self.forbidden =
            if self.outcome == Outcome::Playing && self.rule.has_fouls(self.board.side_to_move()) {
                rule::forbidden_points(&self.board)
            } else {
                Vec::new()
            };
    }

    /// A game of `size` under `rule` with `moves` played from the empty board, each checked.
    pub fn from_moves(size: usize, rule: Rule, moves: &[(i64, i64)]) -> Result<Game, Refusal> {
        let mut g = Game::new(size, rule)?;
        for (k, &(x, y)) in moves.iter().enumerate() {
            g.play(x, y).map_err(|r| {
                Refusal::new(400, format!("move {} ({x},{y}): {}", k + 1, r.message))
            })?;
        }
        Ok(g)
    }
}

/// The column's letters as the GUIs write them: A..Z, then AA, AB, ...
pub fn column_label(x: usize) -> String {
    if x < 26 {
        ((b'A' + x as u8) as char).to_string()
    } else {
        format!("A{}", (b'A' + (x - 26) as u8) as char)
    }
}

/// A point as the GUIs show it: column letter, row number counted from the bottom (`H8`
/// is the centre of 15x15).
pub fn label(p: Pos, size: usize) -> String {
    format!("{}{}", column_label(p.x as usize), size - p.y as usize)
}

/// The text formats of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One `x,y` per line (the protocol's coordinates, 0-based, y down).
    Xy,
    /// Piskvork's record: `Piskvorky WxH, 11:11, 0`, then `x,y,time` 1-based.
    Psq,
    /// SGF with Gomoku's game number 4.
    Sgf,
}

impl Format {
    pub fn from_name(name: &str) -> Option<Format> {
        match name {
            "xy" | "text" => Some(Format::Xy),
            "psq" => Some(Format::Psq),
            "sgf" => Some(Format::Sgf),
            _ => None,
        }
    }
}

/// Writes the moves of `game` in `format`.
pub fn export(game: &Game, format: Format) -> String {
    let moves = game.moves();
    let n = game.size();
    match format {
        Format::Xy => moves.iter().map(|p| format!("{p}\n")).collect(),
        Format::Psq => {
            let mut s = format!("Piskvorky {n}x{n}, 11:11, 0\n");
            for p in &moves {
                s.push_str(&format!("{},{},0\n", p.x + 1, p.y + 1));
            }
            s.push_str("-1\n");
            s
        }
        Format::Sgf => {
            let ru = match game.rule() {
                Rule::Freestyle => "freestyle",
                Rule::Standard => "standard",
                Rule::Renju => "renju",
                Rule::Caro | Rule::CaroExact => "caro",
            };
            let mut s = format!("(;GM[4]FF[4]CA[UTF-8]AP[Wuzi]SZ[{n}]RU[{ru}]");
            for (k, p) in moves.iter().enumerate() {
                let c = if k % 2 == 0 { 'B' } else { 'W' };
                s.push_str(&format!(";{c}[{}{}]", sgf_char(p.x), sgf_char(p.y)));
            }
            s.push_str(")\n");
            s
        }
    }
}

fn sgf_char(v: u8) -> char {
    (b'a' + v) as char
}

/// A position read from text: the board size it names (if any) and the moves.
#[derive(Debug, PartialEq, Eq)]
pub struct Parsed {
    pub size: Option<usize>,
    pub moves: Vec<(i64, i64)>,
}

/// Reads a position in any of the formats (told apart by their look): SGF (`(;`), PSQ
/// (`Piskvorky` first line), the `x,y` list, or GUI coordinates (`H8 I9 J10`, rows counted
/// from the bottom of a board of `size`).
pub fn parse_position(text: &str, size: usize) -> Result<Parsed, String> {
    let t = text.trim();
    if t.is_empty() {
        return Ok(Parsed {
            size: None,
            moves: Vec::new(),
        });
    }
    if t.starts_with('(') {
        return parse_sgf(t);
    }
    if t.get(..9)
        .is_some_and(|h| h.eq_ignore_ascii_case("piskvorky"))
    {
        return parse_psq(t);
    }
    if !t.contains(|c: char| c.is_ascii_alphabetic()) {
        let mut moves = Vec::new();
        for (k, line) in t.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            let nums: Vec<&str> = line.split(',').map(str::trim).collect();
            if !(2..=3).contains(&nums.len()) {
                return Err(format!("line {}: expected x,y", k + 1));
            }
            let x = nums[0].parse::<i64>();
            let y = nums[1].parse::<i64>();
            match (x, y) {
                (Ok(x), Ok(y)) => moves.push((x, y)),
                _ => return Err(format!("line {}: '{line}' is not x,y", k + 1)),
            }
        }
        return Ok(Parsed { size: None, moves });
    }
    let mut moves = Vec::new();
    for word in t.split(|c: char| c.is_whitespace() || c == ',' || c == ';') {
        if word.is_empty() {
            continue;
        }
        // Move numbers from a pasted list ("1." "2.") are skipped.
        if word.ends_with('.') && word[..word.len() - 1].chars().all(|c| c.is_ascii_digit()) {
            continue;
        }
        moves.push(
            parse_label(word, size).ok_or_else(|| format!("'{word}' is not a point like H8"))?,
        );
    }
    Ok(Parsed { size: None, moves })
}

/// `H8` (any case) on a board of `size`: column letters, row from the bottom.
fn parse_label(word: &str, size: usize) -> Option<(i64, i64)> {
    let split = word.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = word.split_at(split);
    let letters = letters.to_ascii_uppercase();
    let x = match letters.as_bytes() {
        [c @ b'A'..=b'Z'] => (c - b'A') as i64,
        [b'A', c @ b'A'..=b'Z'] => 26 + (c - b'A') as i64,
        _ => return None,
    };
    let row: i64 = digits.parse().ok()?;
    Some((x, size as i64 - row))
}

fn parse_psq(t: &str) -> Result<Parsed, String> {
    let mut lines = t.lines();
    let head = lines.next().unwrap_or("");
    // "Piskvorky 20x20, 11:11, 0"
    let dims = head
        .split_whitespace()
        .nth(1)
        .map(|d| d.trim_end_matches(','))
        .ok_or("PSQ: the first line names no board size")?;
    let (w, h) = dims.split_once('x').ok_or("PSQ: board size is not WxH")?;
    let (w, h) = (
        w.parse::<usize>().map_err(|_| "PSQ: bad board width")?,
        h.parse::<usize>().map_err(|_| "PSQ: bad board height")?,
    );
    if w != h {
        return Err(format!("PSQ: only square boards are shown here ({w}x{h})"));
    }
    let mut moves = Vec::new();
    for line in lines {
        let nums: Vec<Option<i64>> = line.split(',').map(|v| v.trim().parse().ok()).collect();
        match nums.as_slice() {
            [Some(x), Some(y), Some(_)] | [Some(x), Some(y)] => moves.push((x - 1, y - 1)),
            // The move list ends at the first other line (engine names, "-1").
            _ => break,
        }
    }
    Ok(Parsed {
        size: Some(w),
        moves,
    })
}

fn parse_sgf(t: &str) -> Result<Parsed, String> {
    let mut size = None;
    let mut moves = Vec::new();
    let b = t.as_bytes();
    let mut i = 0;
    // Property identifiers (upper-case letters) followed by one or more [values].
    let mut ident = String::new();
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_uppercase() {
            ident.push(c as char);
            i += 1;
        } else if c == b'[' {
            let end = t[i..].find(']').ok_or("SGF: unterminated value")? + i;
            let value = &t[i + 1..end];
            match ident.as_str() {
                "SZ" => {
                    let v = value.split(':').next().unwrap_or("");
                    size = Some(v.trim().parse::<usize>().map_err(|_| "SGF: bad SZ")?);
                }
                "B" | "W" => {
                    let v = value.as_bytes();
                    match v {
                        [x @ b'a'..=b'z', y @ b'a'..=b'z'] => {
                            moves.push(((x - b'a') as i64, (y - b'a') as i64))
                        }
                        _ => return Err(format!("SGF: '{value}' is not a point")),
                    }
                }
                _ => {}
            }
            i = end + 1;
            // Further values of the same property keep its name.
            if b.get(i) != Some(&b'[') {
                ident.clear();
            }
        } else {
            if !c.is_ascii_whitespace() {
                ident.clear();
            }
            i += 1;
        }
    }
    Ok(Parsed { size, moves })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_five_ends_the_game_and_is_reported() {
        let moves = [
            (7, 7),
            (7, 8),
            (8, 7),
            (8, 8),
            (9, 7),
            (9, 8),
            (10, 7),
            (10, 8),
            (11, 7),
        ];
        let g = Game::from_moves(15, Rule::Freestyle, &moves).unwrap();
        let Outcome::Win(c, line) = g.outcome() else {
            panic!("no win")
        };
        assert_eq!(*c, Color::Black);
        assert_eq!(line.len(), 5);
        assert!(line.contains(&Pos::new(7, 7)) && line.contains(&Pos::new(11, 7)));
        let mut g = g;
        assert_eq!(g.play(0, 0).unwrap_err().status, 409);
        g.undo(1);
        assert!(!g.is_over());
        assert_eq!(g.play(7, 7).unwrap_err().status, 409);
        assert_eq!(g.play(15, 0).unwrap_err().status, 400);
        assert_eq!(g.play(-1, 0).unwrap_err().status, 400);
    }

    #[test]
    fn formats_round_trip() {
        let moves = [(7, 7), (8, 8), (6, 9)];
        let g = Game::from_moves(15, Rule::Renju, &moves).unwrap();
        for f in [Format::Xy, Format::Psq, Format::Sgf] {
            let text = export(&g, f);
            let p = parse_position(&text, 15).unwrap();
            assert_eq!(p.moves, moves, "{f:?}: {text}");
            if f != Format::Xy {
                assert_eq!(p.size, Some(15));
            }
        }
        assert_eq!(label(Pos::new(7, 7), 15), "H8");
        let p = parse_position("1. H8 2. i9 J10", 15).unwrap();
        assert_eq!(p.moves, [(7, 7), (8, 6), (9, 5)]);
        assert!(parse_position("H8 zz", 15).is_err());
        assert!(parse_position("1,2,3,4", 15).is_err());
        assert!(parse_position("(;SZ[15];B[h", 15).is_err());
        // Text that is not ASCII is refused, never cut inside a character.
        for odd in ["Piskvork€€", "H8 €9", "(;SZ[é];B[€])", "ｈ８", "7,7\n€,1"] {
            assert!(parse_position(odd, 15).is_err(), "{odd}");
        }
    }

    #[test]
    fn renju_forbids_black_a_double_three() {
        // Black stones at (5,7),(6,7) and (8,5),(8,6): (8,7) makes two open threes.
        let moves = [
            (5, 7),
            (0, 0),
            (6, 7),
            (0, 2),
            (8, 5),
            (0, 4),
            (8, 6),
            (0, 6),
        ];
        let g = Game::from_moves(15, Rule::Renju, &moves).unwrap();
        assert!(g.forbidden().contains(&Pos::new(8, 7)));
        let r = g.check(8, 7).unwrap_err();
        assert_eq!(r.status, 400);
        assert!(r.message.contains("forbidden"));
    }
}
