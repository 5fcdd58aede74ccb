//! The evaluation tables: what the static score is made of, as data.
//!
//! # What is scored
//!
//! A cell's *shape* for a colour is the unordered multiset of the four line patterns that
//! colour would make by playing there ([`shapes`]: 1,365 of them out of the 12⁴ ordered
//! tuples). Per rule and colour a table gives each shape a value when it belongs to the side
//! to move (`own`) and one when it belongs to the side that just moved (`opp`); a second
//! table adds a term for both sides' threat situations together (`threat`, indexed by the
//! two [`threat_level`]s: five points, open-four points, a four-three or double-three point,
//! four points and open-three points, 162 levels per side). The static score for the side
//! to move is
//!
//! ```text
//! (Σ own[stm][shape] + Σ opp[other][shape] + threat[stm][level(stm), level(other)]) / divisor
//! ```
//!
//! over the empty cells, each counted once per colour. The evaluator
//! ([`crate::eval::evaluator`]) keeps the two sums as running totals, so a node's score is
//! two additions, a look-up and a division. Under every rule but renju both colours share
//! one table (renju black's forbidden points make its shapes worth other values).
//!
//! For speed the per-shape values are expanded once into the ordered 4-tuple index the
//! evaluator keeps per cell ([`TupleEntry`]: both weights, the shape and the combination
//! byte in 8 bytes), so a pattern change costs one look-up per colour.
//!
//! # Where the tables come from
//!
//! A rule's built-in table is the file embedded from `src/eval/weights/<rule>.wzw` when one
//! was trained for it ([`is_trained`]), else the hand-set values written as a table
//! ([`Weights::handset`]: line values plus combination bonuses, the side to move weighted
//! 9/8). The trained files are fitted to game results and search scores by
//! `pbrain-wuzi train` ([`crate::train`]): the evaluation is linear in the shape counts, so
//! the fit is a logistic regression. `WUZI_EVAL_FILE=path` replaces the table of the file's
//! rule; a bad file is refused with a reason ([`load_error`], which the protocol reports at
//! `START`) and the built-in table stays. Tools and tests swap tables with [`install`].
//!
//! # The `.wzw` file format
//!
//! Little endian, framed as every evaluation data file is ([`crate::eval::binfile`]):
//! `WUZIEVAL` magic, u32 version (1), u8 rule (the protocol's `INFO rule` value: 0, 1, 4 or
//! 8), u8 divisor, u16 number of shapes (1,365), u16 number of threat levels, u16 reserved;
//! then the i16 tables `own[2][shapes]`, `opp[2][shapes]`, `threat[2][levels²]` (index 0 =
//! black, 1 = white); then a u32 FNV-1a checksum of everything before it (115,920 bytes in
//! all). Files of 54 threat levels (written before the open-three points were counted) are
//! read by giving each level the value of its level without them, so they score exactly as
//! they did.
//!
//! The move-ordering corrections beside them (`.wzp`) are [`crate::eval::policy`]'s.

use super::binfile;
use super::pattern::{
    self, combine, tuple_combo, tuple_patterns, Combo, Pattern, FOUL_FLAG, NCOMBOS, NPATTERNS,
};
use crate::game::rule::Rule;
use std::sync::{OnceLock, RwLock};

/// Distinct multisets of four line patterns.
pub const NSHAPES: usize = 1365;
/// Threat levels per side (see [`threat_level`]).
pub const NLEVELS: usize = 162;
/// Threat levels per side of the files written before the open-three points counted
/// (read by giving each level the value of its level without them).
pub const OLD_LEVELS: usize = 54;
/// Number of ordered 4-tuples of patterns (the evaluator's combo index).
pub const NTUPLES: usize = NPATTERNS * NPATTERNS * NPATTERNS * NPATTERNS;

const MAGIC: &[u8; 8] = b"WUZIEVAL";
pub const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 1 + 1 + 2 + 2 + 2;
/// Size in bytes of a weights file.
pub const FILE_BYTES: usize = file_bytes(NLEVELS);

/// Size in bytes of a weights file with `levels` threat levels per side.
const fn file_bytes(levels: usize) -> usize {
    HEADER + 2 * (4 * NSHAPES + 2 * levels * levels) + 4
}

/// Evaluation tables of one rule. The static score of a position is
/// `(Σ own[stm][shape] + Σ opp[other][shape] + threat[stm][level(stm)·N + level(other)]) / divisor`
/// over the empty cells, each cell counted once per colour with that colour's shape there.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    pub rule: Rule,
    pub divisor: u8,
    /// Per colour: a shape's value to the side to move.
    pub own: [Vec<i16>; 2],
    /// Per colour: a shape's value, counted for the side that just moved.
    pub opp: [Vec<i16>; 2],
    /// Per colour of the side to move: by (its threat level, the other side's).
    pub threat: [Vec<i16>; 2],
    /// `own`/`opp` expanded to the evaluator's ordered 4-tuple index, with the tuple's
    /// combination and shape beside them: one look-up (8 bytes) per cell and
    /// colour when a cell's patterns change. Black's tuples first, then white's when they
    /// differ (renju); otherwise both colours read the one copy (half the cache lines).
    /// Against three tables (combination, value, weights per colour): `bench 10` the same
    /// tree, 0.649 s against 0.671 s (`perf stat -r 6`, commit 117f30d).
    full: Vec<TupleEntry>,
    /// Where white's tuples start in `full`: 0 when both colours share them.
    white_at: usize,
}

/// What the evaluator needs of an ordered 4-tuple of line patterns, for one colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TupleEntry {
    /// `[own, opp]` evaluation weights of the tuple's shape.
    pub weights: [i16; 2],
    /// The tuple's shape (its patterns as a multiset; [`shapes`]).
    pub shape: u16,
    /// Combination, with the evaluator's renju flag.
    pub combo: u8,
}

/// The four patterns of every shape, weakest first, in shape order.
pub fn shapes() -> &'static [[u8; 4]] {
    static S: OnceLock<Vec<[u8; 4]>> = OnceLock::new();
    S.get_or_init(|| {
        let n = NPATTERNS as u8;
        let mut v = Vec::with_capacity(NSHAPES);
        for a in 0..n {
            for b in a..n {
                for c in b..n {
                    for d in c..n {
                        v.push([a, b, c, d]);
                    }
                }
            }
        }
        v
    })
}

/// The shape of every ordered 4-tuple index.
pub fn shape_of_tuple() -> &'static [u16] {
    static T: OnceLock<Vec<u16>> = OnceLock::new();
    T.get_or_init(|| {
        let mut rank = std::collections::HashMap::with_capacity(NSHAPES);
        for (s, p) in shapes().iter().enumerate() {
            rank.insert(*p, s as u16);
        }
        (0..NTUPLES)
            .map(|k| {
                let mut p = tuple_patterns(k);
                p.sort_unstable();
                rank[&p]
            })
            .collect()
    })
}

/// A side's threat situation from its per-combination counts of empty cells: five points
/// (0, 1, 2+), open-four points (0, 1–2, 3+), a four-three or double-three point (no, yes),
/// four points (0, 1–2, 3+), and open-three points (since 610f07a): none, only plain
/// ones, one that also makes a three-ish second line (`Flex3Plus`), as Rapfi's threat mask
/// tells its "three" from its "three-plus". Whether the side to move can make an open three
/// at all is worth more than the sum of the cells' values says: only one can be made a move.
#[inline]
pub fn threat_level(count: &[u16; 9]) -> usize {
    let five = (count[Combo::Five as usize] as usize).min(2);
    let bucket = |n: usize| match n {
        0 => 0,
        1 | 2 => 1,
        _ => 2,
    };
    let flex4 = bucket(count[Combo::Flex4 as usize] as usize);
    let combo =
        (count[Combo::Block4Flex3 as usize] + count[Combo::DoubleFlex3 as usize] > 0) as usize;
    let fours =
        bucket((count[Combo::Block4 as usize] + count[Combo::Block4Plus as usize]) as usize);
    let threes = if count[Combo::Flex3Plus as usize] > 0 {
        2
    } else {
        (count[Combo::Flex3 as usize] > 0) as usize
    };
    (((five * 3 + flex4) * 2 + combo) * 3 + fours) * 3 + threes
}

/// Value of each line pattern to the colour that can make it.
const PATTERN_VALUE: [i32; NPATTERNS] = [0, 0, 1, 3, 4, 10, 14, 12, 30, 32, 100, 200];
/// Extra value for combinations that make a threat stronger than its lines.
const COMBO_VALUE: [i32; NCOMBOS] = [0, 0, 20, 120, 0, 30, 300, 600, 2000];

/// The hand-set value of a cell to the colour with these four line patterns (move ordering,
/// and the evaluation when no trained table is used).
pub fn handset_value(p: [Pattern; 4]) -> i32 {
    let lines: i32 = p.iter().map(|&x| PATTERN_VALUE[x as usize]).sum();
    lines + COMBO_VALUE[combine(p).combo as usize]
}

/// The hand-set table weighs a cell's value this much for the side to move (tempo) ...
pub const HANDSET_OWN: i32 = 9;
/// ... and this much (negated) for the other side; divisor 8. Move ordering divides the
/// learned weights by the same factors to read them as hand-set values.
pub const HANDSET_OPP: i32 = 8;

impl Weights {
    /// Tables from their parts (lengths must be `NSHAPES` and `NLEVELS²`).
    pub fn new(
        rule: Rule,
        divisor: u8,
        own: [Vec<i16>; 2],
        opp: [Vec<i16>; 2],
        threat: [Vec<i16>; 2],
    ) -> Weights {
        let shape = shape_of_tuple();
        // Renju black's likely fouls keep their flag in its own copy of the tuples; every
        // other copy clears it.
        let renju = rule == Rule::Renju;
        let shared = !renju && own[0] == own[1] && opp[0] == opp[1];
        let colours: &[usize] = if shared { &[0] } else { &[0, 1] };
        let full: Vec<TupleEntry> = colours
            .iter()
            .flat_map(|&c| {
                let (own, opp) = (&own[c], &opp[c]);
                let keep = if renju && c == 0 { !0 } else { !FOUL_FLAG };
                shape.iter().enumerate().map(move |(k, &s)| TupleEntry {
                    weights: [own[s as usize], opp[s as usize]],
                    shape: s,
                    combo: tuple_combo(k) & keep,
                })
            })
            .collect();
        Weights {
            rule,
            divisor: divisor.max(1),
            own,
            opp,
            threat,
            white_at: if shared { 0 } else { shape.len() },
            full,
        }
    }

    /// The hand-set evaluation (line values plus combination bonuses; the side to move's
    /// cells weighted 9/8 for tempo) written as a table: it scores exactly as it did.
    pub fn handset(rule: Rule) -> Weights {
        let v: Vec<i32> = shapes()
            .iter()
            .map(|p| handset_value(p.map(Pattern::from_u8)))
            .collect();
        let own: Vec<i16> = v.iter().map(|&x| (HANDSET_OWN * x) as i16).collect();
        let opp: Vec<i16> = v.iter().map(|&x| (-HANDSET_OPP * x) as i16).collect();
        let zero = vec![0i16; NLEVELS * NLEVELS];
        Weights::new(
            rule,
            8,
            [own.clone(), own],
            [opp.clone(), opp],
            [zero.clone(), zero],
        )
    }

    /// Weights, value and combination of colour index `c` for an ordered 4-tuple index.
    #[inline]
    pub fn tuple(&self, c: usize, tuple: usize) -> &TupleEntry {
        &self.full[c * self.white_at + tuple]
    }

    /// Colour index `c`'s entries for all the ordered 4-tuples ([`Weights::tuple`] of each).
    #[inline]
    pub fn tuples(&self, c: usize) -> &[TupleEntry] {
        &self.full[c * self.white_at..c * self.white_at + NTUPLES]
    }

    #[inline]
    pub fn threat(&self, c: usize, level_me: usize, level_them: usize) -> i32 {
        self.threat[c][level_me * NLEVELS + level_them] as i32
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        let mut b = Vec::with_capacity(FILE_BYTES);
        b.extend_from_slice(MAGIC);
        b.extend_from_slice(&VERSION.to_le_bytes());
        b.push(self.rule.code());
        b.push(self.divisor);
        b.extend_from_slice(&(NSHAPES as u16).to_le_bytes());
        b.extend_from_slice(&(NLEVELS as u16).to_le_bytes());
        b.extend_from_slice(&0u16.to_le_bytes());
        for t in self.own.iter().chain(&self.opp).chain(&self.threat) {
            for &x in t {
                b.extend_from_slice(&x.to_le_bytes());
            }
        }
        binfile::seal(b)
    }

    /// Reads a weights file; the error says what is wrong with it.
    pub fn from_bytes(b: &[u8]) -> Result<Weights, String> {
        binfile::check_head(b, MAGIC, VERSION, HEADER, "evaluation")?;
        let u16_at = |o: usize| u16::from_le_bytes([b[o], b[o + 1]]);
        let rule = Rule::from_code(b[12]).ok_or_else(|| format!("unknown rule code {}", b[12]))?;
        let divisor = b[13];
        if divisor == 0 {
            return Err("divisor 0".into());
        }
        let (shapes, levels) = (u16_at(14) as usize, u16_at(16) as usize);
        if shapes != NSHAPES || (levels != NLEVELS && levels != OLD_LEVELS) {
            return Err(format!(
                "table sizes {shapes}/{levels}, expected {NSHAPES}/{NLEVELS}"
            ));
        }
        binfile::check_body(b, file_bytes(levels))?;
        let mut at = HEADER;
        let mut table = |n: usize| {
            let t: Vec<i16> = (0..n)
                .map(|k| i16::from_le_bytes([b[at + 2 * k], b[at + 2 * k + 1]]))
                .collect();
            at += 2 * n;
            t
        };
        let own = [table(NSHAPES), table(NSHAPES)];
        let opp = [table(NSHAPES), table(NSHAPES)];
        let mut threat = [table(levels * levels), table(levels * levels)];
        if levels == OLD_LEVELS {
            let per = NLEVELS / OLD_LEVELS;
            for t in threat.iter_mut() {
                let old = std::mem::take(t);
                *t = (0..NLEVELS * NLEVELS)
                    .map(|k| old[(k / NLEVELS / per) * OLD_LEVELS + (k % NLEVELS) / per])
                    .collect();
            }
        }
        Ok(Weights::new(rule, divisor, own, opp, threat))
    }

    pub fn load(path: &str) -> Result<Weights, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("cannot read '{path}': {e}"))?;
        Weights::from_bytes(&bytes).map_err(|e| format!("'{path}': {e}"))
    }

    pub fn save(&self, path: &str) -> std::io::Result<()> {
        std::fs::write(path, self.to_bytes())
    }
}

/// The trained table shipped for a rule, if there is one.
fn embedded(rule: Rule) -> Option<&'static [u8]> {
    // Each measured in self-play at 100 ms a move against the table before it, by pairs of
    // games from balanced openings (Elo ± 95 % bar).
    match rule {
        // Fitted to 2,000 games of Rapfi classical against itself (from the table fitted to
        // 48,145 games of Wuzi's self-play matches): +29.6 ± 18.0 (931 games, SPRT [0, 10]
        // H1), +21.5 ± 16.8 on 600 other openings (1,200 games). Commit 88423ba. A refit
        // that added positions off the game path scored by Rapfi's search measured
        // +15.6 ± 12.5 over it in self-play but 21 % against Rapfi at 1 s where this one
        // scores 29 % (240 games each): withdrawn (0a00d14).
        Rule::Freestyle => Some(include_bytes!("weights/freestyle.wzw")),
        // Fitted to 5,689 games of Rapfi classical against itself, with black's likely fouls
        // counted as no combination (`FOUL_FLAG`): +120.4 ± 42.7 against the table before
        // the flag (211 games), of which the flag alone +32.6 ± 19.0 (951 games); with the
        // ordering refitted to the same games, +41.2 ± 21.9 over that (781 games). Commit
        // 6982d08.
        Rule::Renju => Some(include_bytes!("weights/renju.wzw")),
        // Fitted to 4,041 games of Rapfi classical against itself: with the ordering fitted
        // to the same games +118.8 ± 42.4 against the engine before (159 games), the table
        // alone +99.3 ± 37.6 (285 games); the last 2,041 games +14.9 ± 12.4 more (2,000
        // games). Commit 88fe921.
        Rule::Standard => Some(include_bytes!("weights/standard.wzw")),
        // Two loops of Wuzi's own self-play (1,800 games with the hand-set table, 3,400 with
        // the first loop's; Rapfi does not play caro): +267.6 ± 94.4 against the hand-set
        // table (102 games). Commit 5fa9d27.
        Rule::Caro => Some(include_bytes!("weights/caro.wzw")),
        _ => None,
    }
}

/// The embedded trained table of a rule, if it has one (and it reads as that rule's).
/// Caro with exact five reads caro's: the two differ only where a line would pass five,
/// and the shapes' values carry over (+223.6 ± 75.9 against the hand-set table, 105 games).
fn trained(rule: Rule) -> Option<Weights> {
    let source = if rule.is_caro() { Rule::Caro } else { rule };
    embedded(source)
        .and_then(|b| Weights::from_bytes(b).ok())
        .filter(|w| w.rule == source)
        .map(|w| {
            if source == rule {
                w
            } else {
                Weights::new(rule, w.divisor, w.own, w.opp, w.threat)
            }
        })
}

/// Whether a rule's built-in table was trained (else it is the hand-set one).
pub fn is_trained(rule: Rule) -> bool {
    trained(rule).is_some()
}

/// A rule's built-in table: the embedded file, or the hand-set values.
pub fn builtin(rule: Rule) -> Weights {
    trained(rule).unwrap_or_else(|| Weights::handset(rule))
}

struct Registry {
    tables: [&'static Weights; Rule::COUNT],
    error: Option<String>,
}

fn registry() -> &'static RwLock<Registry> {
    static R: OnceLock<RwLock<Registry>> = OnceLock::new();
    R.get_or_init(|| {
        let mut reg = Registry {
            tables: Rule::ALL.map(|r| &*Box::leak(Box::new(builtin(r)))),
            error: None,
        };
        if let Some(path) = std::env::var_os("WUZI_EVAL_FILE") {
            match Weights::load(&path.to_string_lossy()) {
                Ok(w) => {
                    let slot = w.rule.index();
                    reg.tables[slot] = Box::leak(Box::new(w));
                }
                Err(e) => {
                    log::error!("WUZI_EVAL_FILE refused: {e}; using the built-in tables");
                    reg.error = Some(e);
                }
            }
        }
        RwLock::new(reg)
    })
}

/// Builds the tables `rule` needs (its pattern pair table and the evaluation tables), so its
/// first search does not pay for them. A renju game's first search used to wait for tables
/// built for every rule, its own last: on a loaded machine that made first moves at 100 ms
/// a move 20-30 % late (renju self-play at commit b63dad9: depth 1 of the first search
/// reported after 101 ms). [`pattern::is_warm`] says whether it has run.
pub fn warm_up(rule: Rule) {
    pattern::pair_table(rule);
    for_rule(rule);
}

/// The tables searches of `rule` use now.
pub fn for_rule(rule: Rule) -> &'static Weights {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    reg.tables[rule.index()]
}

/// Makes `w` the table of its rule for every evaluator created from now on (tools, tests).
/// Each call keeps its table for the life of the process.
pub fn install(w: Weights) {
    let w: &'static Weights = Box::leak(Box::new(w));
    let mut reg = registry().write().unwrap_or_else(|e| e.into_inner());
    reg.tables[w.rule.index()] = w;
}

/// Why `WUZI_EVAL_FILE` was refused, if it was.
pub fn load_error() -> Option<String> {
    let reg = registry().read().unwrap_or_else(|e| e.into_inner());
    reg.error.clone()
}
