//! The rules: freestyle (five or more wins), standard (exactly five), renju (black: exactly
//! five, and overlines, double fours and double threes are fouls) and caro (a five closed by
//! the opponent at both ends does not count), with their `INFO rule` codes and names.
//!
//! [`makes_five`] decides a win by walking the lines from the cell. [`is_forbidden`] decides
//! renju fouls exactly, with the recursive definition of a three (a three is only a three if
//! the four it makes can become an open four through a point that is not itself forbidden).
//! This is the slow, exact check; the evaluator's patterns flag the cells where it may be
//! needed ([`crate::eval::pattern::ComboInfo`]).

use super::board::{Board, Color, BLACK, EMPTY};
use super::pos::{step, Pos, DIRS, NCELLS};

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Rule {
    /// Five or more in a row wins.
    Freestyle,
    /// Exactly five wins; six or more wins for nobody.
    Standard,
    /// Black: exactly five wins, overline / double-four / double-three are forbidden.
    /// White: five or more wins.
    Renju,
    /// Caro as the Gomocup judges play it (GomocupJudge's `ai_match.py` and Piskvork, rule
    /// 8): six or more wins; exactly five wins unless opponent stones close both of its ends
    /// (the board edge does not close an end).
    Caro,
    /// Caro with exact five (the judges' rule 9): exactly five wins unless opponent stones
    /// close both of its ends; six or more wins for nobody.
    CaroExact,
}

impl Rule {
    /// Maps the protocol's `INFO rule` bitmask. Bit 4 (renju) wins over bit 8 (caro); bit 1
    /// (exact five) makes caro [`Rule::CaroExact`] and anything else standard. In
    /// Yixin-Board mode the value 2 means renju.
    pub fn from_info(value: i64, yixin_mode: bool) -> Rule {
        if yixin_mode && value == 2 {
            return Rule::Renju;
        }
        if value & 4 != 0 {
            Rule::Renju
        } else if value & 8 != 0 {
            if value & 1 != 0 {
                Rule::CaroExact
            } else {
                Rule::Caro
            }
        } else if value & 1 != 0 {
            Rule::Standard
        } else {
            Rule::Freestyle
        }
    }

    /// Whether a run longer than five fails to win for `c`.
    pub fn exact_five(self, c: Color) -> bool {
        match self {
            Rule::Freestyle | Rule::Caro => false,
            Rule::Standard | Rule::CaroExact => true,
            Rule::Renju => c == Color::Black,
        }
    }

    /// Whether `c` has forbidden points (fouls) under this rule: black in renju only.
    pub fn has_fouls(self, c: Color) -> bool {
        self == Rule::Renju && c == Color::Black
    }

    /// Whether a five closed at both ends by opponent stones fails to win (the caro rules).
    pub fn is_caro(self) -> bool {
        matches!(self, Rule::Caro | Rule::CaroExact)
    }

    /// Number of rules.
    pub const COUNT: usize = 5;

    /// Every rule, in [`Rule::index`] order.
    pub const ALL: [Rule; Rule::COUNT] = [
        Rule::Freestyle,
        Rule::Standard,
        Rule::Renju,
        Rule::Caro,
        Rule::CaroExact,
    ];

    /// A dense index, for per-rule tables.
    pub fn index(self) -> usize {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 2,
            Rule::Caro => 3,
            Rule::CaroExact => 4,
        }
    }

    /// The protocol's `INFO rule` value naming this rule (0, 1, 4, 8, 9), as data files
    /// record it.
    pub fn code(self) -> u8 {
        match self {
            Rule::Freestyle => 0,
            Rule::Standard => 1,
            Rule::Renju => 4,
            Rule::Caro => 8,
            Rule::CaroExact => 9,
        }
    }

    /// The rule whose [`Rule::code`] is `code`.
    pub fn from_code(code: u8) -> Option<Rule> {
        Rule::ALL.into_iter().find(|r| r.code() == code)
    }

    /// The rule whose [`Rule::name`] is `name` (any case).
    pub fn from_name(name: &str) -> Option<Rule> {
        Rule::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(name))
    }

    pub fn name(self) -> &'static str {
        match self {
            Rule::Freestyle => "freestyle",
            Rule::Standard => "standard",
            Rule::Caro => "caro",
            Rule::CaroExact => "caro-exact",
            Rule::Renju => "renju",
        }
    }
}

/// Length of the run of `v` through `i` along `dir` (counting `i` itself as `v`).
#[inline]
pub fn run_len(cells: &[u8], i: usize, dir: isize, v: u8) -> usize {
    let mut n = 1;
    let mut k = 1;
    while cells[step(i, dir, k)] == v {
        n += 1;
        k += 1;
    }
    k = 1;
    while cells[step(i, dir, -k)] == v {
        n += 1;
        k += 1;
    }
    n
}

/// The run of `c`'s stones through `i` along `dir` (counting `i` itself as `c`'s), as the
/// steps `(back, ahead)` from `i` to the run's last stone each way, when the run wins under
/// `rule`.
#[inline]
fn winning_run(cells: &[u8], i: usize, dir: isize, c: Color, rule: Rule) -> Option<(isize, isize)> {
    let own = c.cell();
    let mut back = 0;
    while cells[step(i, dir, -(back + 1))] == own {
        back += 1;
    }
    let mut ahead = 0;
    while cells[step(i, dir, ahead + 1)] == own {
        ahead += 1;
    }
    let n = back + ahead + 1;
    let wins = if rule.is_caro() && n == 5 {
        // Both cells beyond the run: blocked only if both hold opponent stones.
        let opp = c.opp().cell();
        !(cells[step(i, dir, -(back + 1))] == opp && cells[step(i, dir, ahead + 1)] == opp)
    } else {
        n == 5 || (n > 5 && !rule.exact_five(c))
    };
    wins.then_some((back, ahead))
}

/// Whether a stone of `c` on `i` (empty or already holding `c`) makes a winning five.
pub fn makes_five(board: &Board, i: usize, c: Color, rule: Rule) -> bool {
    let cells = board.cells();
    DIRS.iter()
        .any(|&d| winning_run(cells, i, d, c, rule).is_some())
}

/// The stones of the winning line a stone of `c` on `i` makes under `rule` (the first
/// direction that wins), if it makes one.
pub fn five_line(board: &Board, i: usize, c: Color, rule: Rule) -> Option<Vec<Pos>> {
    let cells = board.cells();
    DIRS.iter().find_map(|&d| {
        let (back, ahead) = winning_run(cells, i, d, c, rule)?;
        Some(
            (-back..=ahead)
                .map(|k| Pos::from_idx(step(i, d, k)))
                .collect(),
        )
    })
}

/// Whether black may not play on the empty cell `i` under renju.
pub fn is_forbidden(board: &Board, i: usize) -> bool {
    if board.cell(i) != EMPTY {
        return false;
    }
    let mut cells = [0u8; NCELLS];
    cells.copy_from_slice(board.cells());
    forbidden_at(&mut cells, i, 0)
}

/// All of black's forbidden points on the board (empty when white is to move is the caller's choice).
pub fn forbidden_points(board: &Board) -> Vec<Pos> {
    let mut cells = [0u8; NCELLS];
    cells.copy_from_slice(board.cells());
    let mut out = Vec::new();
    for i in board.all_cells() {
        if cells[i] == EMPTY && forbidden_at(&mut cells, i, 0) {
            out.push(Pos::from_idx(i));
        }
    }
    out
}

/// Deeper than this the recursion assumes "not forbidden"; real positions never get close.
const MAX_DEPTH: usize = 6;

fn forbidden_at(cells: &mut [u8; NCELLS], i: usize, depth: usize) -> bool {
    if depth > MAX_DEPTH {
        return false;
    }
    cells[i] = BLACK;
    let mut five = false;
    let mut overline = false;
    for &d in &DIRS {
        match run_len(cells, i, d, BLACK) {
            5 => five = true,
            n if n > 5 => overline = true,
            _ => {}
        }
    }
    let result = if five {
        false
    } else if overline {
        true
    } else {
        let fours: usize = DIRS.iter().map(|&d| fours_in_line(cells, i, d)).sum();
        if fours >= 2 {
            true
        } else {
            let mut threes = 0;
            for &d in &DIRS {
                if fours_in_line(cells, i, d) == 0 && is_real_three(cells, i, d, depth) {
                    threes += 1;
                }
            }
            threes >= 2
        }
    };
    cells[i] = EMPTY;
    result
}

/// Black's five-points next to the run through `i` along `d`: (left, right) if they exist.
fn five_points(cells: &[u8; NCELLS], i: usize, d: isize) -> (Option<usize>, Option<usize>, usize) {
    let mut a = 0isize;
    while cells[step(i, d, a - 1)] == BLACK {
        a -= 1;
    }
    let mut b = 0isize;
    while cells[step(i, d, b + 1)] == BLACK {
        b += 1;
    }
    let len = (b - a + 1) as usize;
    let exact = |e: isize, outward: isize| {
        // Run length after filling `e`: the run, `e`, and the stones beyond `e`.
        let mut n = len + 1;
        let mut k = e + outward;
        while cells[step(i, d, k)] == BLACK {
            n += 1;
            k += outward;
        }
        n == 5
    };
    let left = (cells[step(i, d, a - 1)] == EMPTY && exact(a - 1, -1)).then(|| step(i, d, a - 1));
    let right = (cells[step(i, d, b + 1)] == EMPTY && exact(b + 1, 1)).then(|| step(i, d, b + 1));
    (left, right, len)
}

/// Number of fours through the black stone on `i` along `d` (0, 1 or 2; a straight four counts once).
fn fours_in_line(cells: &[u8; NCELLS], i: usize, d: isize) -> usize {
    match five_points(cells, i, d) {
        (Some(_), Some(_), 4) => 1,
        (l, r, _) => l.is_some() as usize + r.is_some() as usize,
    }
}

/// A real three along `d`: one more black stone, on a point that is itself not forbidden,
/// turns it into a straight four (both ends make exactly five).
fn is_real_three(cells: &mut [u8; NCELLS], i: usize, d: isize, depth: usize) -> bool {
    for k in -4isize..=4 {
        let e = step(i, d, k);
        if k == 0 || cells[e] != EMPTY {
            continue;
        }
        cells[e] = BLACK;
        let straight = matches!(five_points(cells, i, d), (Some(_), Some(_), 4));
        cells[e] = EMPTY;
        if straight && !forbidden_at(cells, e, depth + 1) {
            return true;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rule_bits() {
        assert_eq!(Rule::from_info(0, false), Rule::Freestyle);
        assert_eq!(Rule::from_info(1, false), Rule::Standard);
        assert_eq!(Rule::from_info(4, false), Rule::Renju);
        assert_eq!(Rule::from_info(5, false), Rule::Renju);
        assert_eq!(Rule::from_info(2, false), Rule::Freestyle);
        assert_eq!(Rule::from_info(2, true), Rule::Renju);
        assert_eq!(Rule::from_info(8, false), Rule::Caro);
        assert_eq!(Rule::from_info(9, false), Rule::CaroExact);
        assert_eq!(Rule::from_info(12, false), Rule::Renju);
    }

    #[test]
    fn only_renju_black_has_fouls() {
        for rule in Rule::ALL {
            assert_eq!(
                rule.has_fouls(Color::Black),
                rule == Rule::Renju,
                "{rule:?}"
            );
            assert!(!rule.has_fouls(Color::White), "{rule:?}");
        }
    }
}
