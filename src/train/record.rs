//! Training samples: a position (as the move sequence that led to it, black first), the game's
//! result for the side to move, and the search score when one was recorded.
//!
//! Three formats are read:
//! - Wuzi's own, written by `pbrain-wuzi selfplay`, one sample per line:
//!   `<game> <size> <rule> <result> <score|-> <x,y> <x,y> …` (rule as `INFO rule`, result
//!   0 loss / 1 draw / 2 win for the side to move, or `?` where it is not known, as for a
//!   position a teacher scored off the game path; score in evaluation units from its side);
//! - c-gomoku-cli's `-sample format=csv`: `<position>,<move>,<result>` with the position in
//!   "pos" notation (`h8i9…`: column letter from `a`, row number from 1), board size given by
//!   the caller, rule freestyle unless told;
//! - c-gomoku-cli's `-sample format=bin` (not `bin_lz4`): per entry a u16 `result:2 ply:9
//!   size:5`, a u16 `rule:3 move:13`, then `ply` u16 moves `x << 5 | y`.

use crate::game::pos::Pos;
use crate::game::pos::{MAX_SIZE, MIN_SIZE};
use crate::game::rule::Rule;

#[derive(Clone, Debug, PartialEq)]
pub struct Sample {
    /// Identifies the game (positions of one game are kept on one side of a split).
    pub game: u64,
    pub size: usize,
    pub rule: Rule,
    pub moves: Vec<Pos>,
    /// 0 loss, 1 draw, 2 win, for the side to move; [`RESULT_UNKNOWN`] where no game decided
    /// it (written `?`).
    pub result: u8,
    pub score: Option<i32>,
}

/// The `result` of a sample whose game result is not known: a position off the game path that
/// a teacher scored (scripts/teacher_label.py). Training fits its score alone, and leaves it
/// out of everything fitted to results (the evaluation's scale, results-only losses).
pub const RESULT_UNKNOWN: u8 = 3;

/// Game ids from here on (up to 2^20 of them) mark a game between two different engines
/// (`scripts/games_to_samples.py --tag-engine NAME`): the lowest bit says whether the tagged
/// engine had black. `train --side-offset N` then fits a bias for each engine to move beside
/// the table and leaves it out of the table it writes, so that the stronger engine's wins
/// are not learnt as the value of the positions its style reaches.
pub const TAGGED_GAMES: u64 = 1 << 40;
const TAGGED_RANGE: u64 = 1 << 20;

/// The id of the `k`-th tagged game (`k < 2^19`).
pub fn tagged_game(k: u64, tagged_black: bool) -> u64 {
    TAGGED_GAMES + 2 * k + tagged_black as u64
}

/// Whether the tagged engine is to move in `sample`, if its game is a tagged one.
pub fn tagged_to_move(sample: &Sample) -> Option<bool> {
    let g = sample.game.checked_sub(TAGGED_GAMES)?;
    if g >= TAGGED_RANGE {
        return None;
    }
    let black_to_move = sample.moves.len().is_multiple_of(2);
    Some(black_to_move == (g & 1 == 1))
}

fn point(s: &str, size: usize) -> Option<Pos> {
    crate::datafile::point(s).filter(|p| (p.x as usize) < size && (p.y as usize) < size)
}

impl Sample {
    /// A sample from another program's games: no search score, and the opening stands in for
    /// the game's id.
    fn unscored(size: usize, rule: Rule, moves: Vec<Pos>, result: u8) -> Sample {
        Sample {
            game: opening_id(&moves),
            size,
            rule,
            moves,
            result,
            score: None,
        }
    }

    /// Whether training can fit this sample: it has a game result or a search score.
    pub fn has_target(&self) -> bool {
        self.result != RESULT_UNKNOWN || self.score.is_some()
    }

    /// Wuzi's line format.
    pub fn to_line(&self) -> String {
        let result = match self.result {
            RESULT_UNKNOWN => "?".to_string(),
            r => r.to_string(),
        };
        let mut s = format!("{} {} {} {result} ", self.game, self.size, self.rule.code());
        match self.score {
            Some(v) => s.push_str(&v.to_string()),
            None => s.push('-'),
        }
        for m in &self.moves {
            s.push_str(&format!(" {},{}", m.x, m.y));
        }
        s
    }

    pub fn parse_line(line: &str) -> Option<Sample> {
        let f: Vec<&str> = line.split_whitespace().collect();
        if f.len() < 5 {
            return None;
        }
        let size: usize = f[1].parse().ok()?;
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let rule = Rule::from_code(u8::try_from(f[2].parse::<i64>().ok()?).ok()?)?;
        let result: u8 = match f[3] {
            "?" => RESULT_UNKNOWN,
            r => r.parse().ok().filter(|&r| r <= 2)?,
        };
        let score = match f[4] {
            "-" => None,
            s => Some(s.parse().ok()?),
        };
        let moves = f[5..]
            .iter()
            .map(|m| point(m, size))
            .collect::<Option<Vec<Pos>>>()?;
        Some(Sample {
            game: f[0].parse().ok()?,
            size,
            rule,
            moves,
            result,
            score,
        })
    }
}

/// Parses a "pos" notation move list (`h8i9j10`).
pub fn parse_pos_notation(s: &str, size: usize) -> Option<Vec<Pos>> {
    let b = s.trim().as_bytes();
    let mut moves = Vec::new();
    let mut k = 0;
    while k < b.len() {
        let c = b[k].to_ascii_lowercase();
        if !c.is_ascii_lowercase() {
            return None;
        }
        let x = (c - b'a') as usize;
        k += 1;
        let start = k;
        while k < b.len() && b[k].is_ascii_digit() {
            k += 1;
        }
        let y: usize = std::str::from_utf8(&b[start..k]).ok()?.parse().ok()?;
        if y == 0 || x >= size || y > size {
            return None;
        }
        moves.push(Pos::new(x as u8, (y - 1) as u8));
    }
    Some(moves)
}

/// A game id for samples without one: a hash of the first moves (positions sharing an
/// opening stay on one side of the train/validation split).
fn opening_id(moves: &[Pos]) -> u64 {
    moves.iter().take(8).fold(0xcbf2_9ce4_8422_2325u64, |h, m| {
        (h ^ (m.x as u64 * 64 + m.y as u64)).wrapping_mul(0x100_0000_01b3)
    })
}

/// Reads a c-gomoku-cli CSV sample file.
pub fn parse_cli_csv(text: &str, size: usize, rule: Rule) -> Vec<Sample> {
    text.lines()
        .filter_map(|line| {
            let f: Vec<&str> = line.trim().split(',').collect();
            if f.len() != 3 {
                return None;
            }
            let moves = parse_pos_notation(f[0], size)?;
            let result: u8 = f[2].trim().parse().ok().filter(|&r| r <= 2)?;
            Some(Sample::unscored(size, rule, moves, result))
        })
        .collect()
}

/// Reads a c-gomoku-cli binary sample file; stops at the first malformed entry.
pub fn parse_cli_bin(bytes: &[u8]) -> Vec<Sample> {
    let mut out = Vec::new();
    let mut at = 0;
    let word = |o: usize| u16::from_le_bytes([bytes[o], bytes[o + 1]]);
    while at + 4 <= bytes.len() {
        let (h0, h1) = (word(at), word(at + 2));
        let result = (h0 & 3) as u8;
        let ply = ((h0 >> 2) & 0x1ff) as usize;
        let size = (h0 >> 11) as usize;
        let Some(rule) = Rule::from_code((h1 & 7) as u8) else {
            break;
        };
        if result > 2 || !(MIN_SIZE..=MAX_SIZE).contains(&size) || at + 4 + 2 * ply > bytes.len() {
            break;
        }
        let moves: Option<Vec<Pos>> = (0..ply)
            .map(|k| {
                let m = word(at + 4 + 2 * k);
                let (x, y) = ((m >> 5) as usize & 31, m as usize & 31);
                (x < size && y < size).then(|| Pos::new(x as u8, y as u8))
            })
            .collect();
        let Some(moves) = moves else {
            break;
        };
        at += 4 + 2 * ply;
        out.push(Sample::unscored(size, rule, moves, result));
    }
    out
}

/// Reads a sample file of any supported format (by extension: `.csv`, `.bin`, else Wuzi's).
/// `size` and `rule` apply to CSV files, which do not record them.
pub fn read_file(path: &str, size: usize, rule: Rule) -> Result<Vec<Sample>, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
    if path.ends_with(".bin") {
        return Ok(parse_cli_bin(&bytes));
    }
    let text = String::from_utf8_lossy(&bytes);
    if path.ends_with(".csv") {
        Ok(parse_cli_csv(&text, size, rule))
    } else {
        Ok(text.lines().filter_map(Sample::parse_line).collect())
    }
}
