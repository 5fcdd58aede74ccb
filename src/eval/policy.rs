//! Learned move-ordering corrections, added to the hand-set ordering score of a cell.
//!
//! The search orders a node's candidate cells by a static score from the evaluator's state
//! (the hand-set value of the cell's shape for us and for the opponent, in
//! `crate::search::moves`). A [`Policy`] refines it per rule: per shape (the four line
//! patterns a cell gets, as a multiset), a value for playing there ourselves (`own`) and
//! one for taking the cell from the opponent (`opp`), plus a value per distance class from
//! the opponent's last stone (`last`) and from our own (`prev`) ([`near`]). All are in the
//! ordering's own units and simply added ([`Policy::shape_bonus`], [`Policy::near_bonus`]).
//!
//! The values are fitted by `pbrain-wuzi policy` ([`crate::train::policy`]) to the moves
//! played in games, as Rapfi fits its classical ordering scores: a softmax over the
//! candidate cells against the move played. A rule's built-in table is embedded from
//! `src/eval/weights/<rule>.wzp` where one was fitted (freestyle, renju, standard; the
//! other rules order by the hand-set score alone); `WUZI_POLICY_FILE=path` replaces the
//! table of the file's rule, and a bad file is refused with a reason ([`load_error`]).
//!
//! # The `.wzp` file format
//!
//! Little endian, framed by [`crate::eval::binfile`]: `WUZIPOLI` magic, u32 version (2), u8
//! rule code, three zero bytes, then the i16 tables `own[NSHAPES]`, `opp[NSHAPES]`,
//! `last[NEAR]` and `prev[NEAR]`, then the u32 FNV-1a checksum ([`FILE_BYTES`] in all).
//! Version 2 added the two distance tables.

use super::binfile;
use super::evaluator::Evaluator;
use super::weights::NSHAPES;
use crate::game::board::Color;
use crate::game::pos::distances;
use crate::game::rule::Rule;
use std::sync::OnceLock;

const MAGIC: &[u8; 8] = b"WUZIPOLI";
const VERSION: u32 = 2;
const HEADER: usize = 16;
/// Distance classes from a stone ([`near`]).
pub const NEAR: usize = 9;
/// Size of a policy file in bytes.
pub const FILE_BYTES: usize = HEADER + (2 * NSHAPES + 2 * NEAR) * 2 + 4;

/// The distance class of the cell `i` from the stone at `s`: 2 * (d - 1) for a distance
/// (the larger of the column and row differences) d of 1 to 4 on one of the stone's four
/// lines, one more off them, and 8 for 5 or more (or no stone).
#[inline]
pub fn near(i: usize, s: Option<usize>) -> usize {
    let Some(s) = s else { return NEAR - 1 };
    let (dx, dy) = distances(i, s);
    let d = dx.max(dy);
    if d >= 5 || d == 0 {
        return NEAR - 1;
    }
    let off_line = dx != 0 && dy != 0 && dx != dy;
    2 * (d - 1) + off_line as usize
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Policy {
    pub rule: Rule,
    /// Per shape of the cell for the side to move: what playing there is worth beyond the
    /// hand-set ordering score.
    pub own: Vec<i16>,
    /// Per shape of the cell for the opponent: what taking it from them is worth.
    pub opp: Vec<i16>,
    /// Per distance class from the opponent's last stone.
    pub last: Vec<i16>,
    /// Per distance class from our own last stone.
    pub prev: Vec<i16>,
}

impl Policy {
    /// The correction of the ordering score of the empty cell `i` for the side `me` by the
    /// cell's shapes.
    #[inline]
    pub fn shape_bonus(&self, eval: &Evaluator, i: usize, me: Color) -> i32 {
        self.own[eval.shape(i, me)] as i32 + self.opp[eval.shape(i, me.opp())] as i32
    }

    /// Whether the distance values are used at all (the shipped file has them at zero).
    pub fn has_near(&self) -> bool {
        self.last.iter().chain(&self.prev).any(|&v| v != 0)
    }

    /// The correction of the ordering score of the empty cell `i` by its distances from the
    /// opponent's last stone `last` and from ours, `prev`.
    #[inline]
    pub fn near_bonus(&self, i: usize, last: Option<usize>, prev: Option<usize>) -> i32 {
        self.last[near(i, last)] as i32 + self.prev[near(i, prev)] as i32
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(FILE_BYTES);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.extend_from_slice(&[self.rule.code(), 0, 0, 0]);
        for v in self
            .own
            .iter()
            .chain(&self.opp)
            .chain(&self.last)
            .chain(&self.prev)
        {
            b.extend_from_slice(&v.to_le_bytes());
        }
        binfile::seal(b)
    }

    pub fn from_bytes(b: &[u8]) -> Result<Policy, String> {
        binfile::check_head(b, MAGIC, VERSION, HEADER, "policy")?;
        binfile::check_body(b, FILE_BYTES)?;
        let rule = Rule::from_code(b[12]).ok_or_else(|| format!("unknown rule code {}", b[12]))?;
        let vals: Vec<i16> = b[HEADER..FILE_BYTES - 4]
            .chunks_exact(2)
            .map(|c| i16::from_le_bytes([c[0], c[1]]))
            .collect();
        let (own, rest) = vals.split_at(NSHAPES);
        let (opp, rest) = rest.split_at(NSHAPES);
        let (last, prev) = rest.split_at(NEAR);
        Ok(Policy {
            rule,
            own: own.to_vec(),
            opp: opp.to_vec(),
            last: last.to_vec(),
            prev: prev.to_vec(),
        })
    }

    pub fn load(path: &str) -> Result<Policy, String> {
        let b = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        Policy::from_bytes(&b).map_err(|e| format!("'{path}': {e}"))
    }

    pub fn save(&self, path: &str) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }
}

/// The policy file shipped for a rule, if there is one.
fn embedded(rule: Rule) -> Option<&'static [u8]> {
    match rule {
        // Fitted to the moves of both sides in 5,130 games of Wuzi's self-play matches
        // (196,896 positions): +32.2 ± 18.8 by pairs in self-play at 100 ms against the
        // engine without it (781 games, SPRT [0, 10] H1). Commit 767edac.
        Rule::Freestyle => Some(include_bytes!("weights/freestyle.wzp")),
        // Fitted to Rapfi classical's moves in 5,689 renju games against itself, with the
        // distance values: move played first 30.4 % -> 36.3 %, mean rank 9.92 -> 4.27 on
        // held-out games. On the first 2,136 games it measured +20.9 ± 14.4 by pairs in
        // renju self-play at 100 ms (1,534 games, SPRT [0, 10] H1); refitted to all of them
        // with the renju table, the two together +41.2 ± 21.9 (weights.rs). Commit 6982d08.
        Rule::Renju => Some(include_bytes!("weights/renju.wzp")),
        // Fitted to Rapfi's moves in 2,000 standard games: move played first 29.9 % ->
        // 35.4 %, mean rank 7.43 -> 4.55; shipped with the standard table of the same games,
        // the two together +118.8 ± 42.4 by pairs (weights.rs). Commit 88a01e6.
        Rule::Standard => Some(include_bytes!("weights/standard.wzp")),
        _ => None,
    }
}

struct Registry {
    tables: [Option<Policy>; Rule::COUNT],
    /// Per rule, whether its table has any distance value (decided once, not per node).
    near: [bool; Rule::COUNT],
    error: Option<String>,
}

fn registry() -> &'static Registry {
    static R: OnceLock<Registry> = OnceLock::new();
    R.get_or_init(|| {
        let mut error = None;
        let from_env = std::env::var_os("WUZI_POLICY_FILE").and_then(|p| {
            Policy::load(&p.to_string_lossy())
                .map_err(|e| {
                    log::error!("WUZI_POLICY_FILE refused: {e}; using the built-in ordering");
                    error = Some(e);
                })
                .ok()
        });
        let tables = Rule::ALL.map(|r| match &from_env {
            Some(p) if p.rule == r => Some(p.clone()),
            _ => embedded(r)
                .and_then(|b| Policy::from_bytes(b).ok())
                .filter(|p| p.rule == r),
        });
        let near = Rule::ALL.map(|r| tables[r.index()].as_ref().is_some_and(Policy::has_near));
        Registry {
            tables,
            near,
            error,
        }
    })
}

/// The ordering corrections searches of `rule` use: `WUZI_POLICY_FILE` when it names a
/// valid file for that rule, else the embedded one, else none. Read once per process.
#[inline]
pub fn for_rule(rule: Rule) -> Option<&'static Policy> {
    registry().tables[rule.index()].as_ref()
}

/// Whether the table of `rule` has distance values to add ([`Policy::near_bonus`]).
#[inline]
pub fn uses_near(rule: Rule) -> bool {
    registry().near[rule.index()]
}

/// Why `WUZI_POLICY_FILE` was refused, if it was.
pub fn load_error() -> Option<String> {
    registry().error.clone()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_policy_file_round_trips_and_a_corrupted_one_is_refused() {
        let p = Policy {
            rule: Rule::Freestyle,
            own: (0..NSHAPES).map(|k| k as i16 - 300).collect(),
            opp: (0..NSHAPES).map(|k| 7 - k as i16).collect(),
            last: (0..NEAR as i16).collect(),
            prev: (0..NEAR as i16).map(|k| -k).collect(),
        };
        let b = p.to_bytes();
        assert_eq!(b.len(), FILE_BYTES);
        assert_eq!(Policy::from_bytes(&b), Ok(p));
        let mut bad = b.clone();
        bad[HEADER + 5] ^= 1;
        assert!(Policy::from_bytes(&bad).unwrap_err().contains("checksum"));
        assert!(Policy::from_bytes(&b[..b.len() - 1]).is_err());
        assert!(Policy::from_bytes(b"WUZIEVAL\x01\0\0\0").is_err());
    }

    #[test]
    fn distance_classes_follow_the_lines() {
        use crate::game::pos::Pos;
        let at = |x, y| Pos::new(x, y).idx();
        let s = Some(at(7, 7));
        assert_eq!(near(at(8, 7), s), 0);
        assert_eq!(near(at(6, 6), s), 0);
        assert_eq!(near(at(7, 9), s), 2);
        assert_eq!(near(at(8, 9), s), 3);
        assert_eq!(near(at(3, 11), s), 6);
        assert_eq!(near(at(4, 11), s), 7);
        assert_eq!(near(at(2, 7), s), 8);
        assert_eq!(near(at(0, 0), None), 8);
    }

    #[test]
    fn the_shipped_files_read_as_their_rules() {
        for r in [Rule::Freestyle, Rule::Renju, Rule::Standard] {
            let p = Policy::from_bytes(embedded(r).expect("shipped")).expect("valid");
            assert_eq!(p.rule, r);
            assert!(p.own.iter().chain(&p.opp).any(|&v| v != 0));
            // The renju file has distance values; the freestyle one has them at zero.
            match r {
                Rule::Freestyle => assert!(!p.has_near()),
                Rule::Renju => assert!(p.has_near()),
                _ => {}
            }
        }
        for r in [Rule::Caro, Rule::CaroExact] {
            assert!(embedded(r).is_none());
        }
    }
}
