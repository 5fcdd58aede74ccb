//! Line patterns: what a colour would make along one line by playing a cell, read from a
//! precomputed table, and how a cell's four line patterns combine into a threat.
//!
//! # Line keys and the pattern table
//!
//! The board keeps for every cell and direction a 20-bit *line key*: its five neighbours on
//! each side, 2 bits each (empty, black, white, wall; [`crate::game::board`]). A
//! [`LineTable`] maps every key to the [`Pattern`] one colour would have on that line by
//! playing the cell: a five, an open four, a four, an open three, and so on down to dead.
//! It is filled once per colour and kind of five (free, exact, caro) by dynamic programming
//! from the largest key down: a line short of a five is one stone short of the best pattern
//! obtained by filling one more empty neighbour, and that key is numerically larger, so it
//! is already known. Keys with anything beyond a wall are copies of the walled key, so only
//! 13 % of the 4¹⁰ keys are computed (a table builds in about 10 ms).
//!
//! A [`PairTable`] packs both colours' patterns of a key into one byte, so the evaluator
//! reads one cache line per cell and direction. Under freestyle a cell's pattern depends on
//! the four cells each side only (every five through it lies within them), so its table is
//! indexed by those eight cells (64 KiB instead of 1 MiB) and a stone changes the patterns
//! of 32 cells instead of 40 ([`PairTable::reach`]).
//!
//! # Combinations and tuples
//!
//! [`combine`] turns a cell's four patterns into a [`Combo`] class for move ordering and
//! threat handling (a five, an open four or double four, a four-three, a four, a double
//! three, an open three, ...), with whether renju black may be forbidden there and whether
//! the lines alone make it a foul. The four patterns in direction order are one *tuple
//! index* ([`tuple_index`], 12⁴ values); the evaluator keeps it per cell and colour and
//! moves it by a place value when one pattern changes. [`tuple_combo`] gives the stored
//! combination byte of every tuple (the class in the low bits, [`FORBID_FLAG`] and
//! [`FOUL_FLAG`] above it), which the evaluation tables copy into their tuple entries.

use crate::game::board::{slot, Color};
use crate::game::rule::Rule;
use std::sync::OnceLock;

/// Per-line pattern for the stone that would be placed at the centre, weakest first.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum Pattern {
    /// Nothing: no five can ever be made through this cell along this line.
    Dead = 0,
    /// Six or more where only exactly five counts.
    Overline,
    B1,
    F1,
    B2,
    F2,
    /// Two different ways to make an open three.
    F2B,
    /// Three that can become a four but not an open four.
    B3,
    /// Open three: one more stone makes an open four.
    F3,
    /// Four: one five-point.
    B4,
    /// Open four (or two fours in one line): two five-points.
    F4,
    /// Five.
    F5,
}

pub const NPATTERNS: usize = 12;

impl Pattern {
    pub const ALL: [Pattern; NPATTERNS] = [
        Pattern::Dead,
        Pattern::Overline,
        Pattern::B1,
        Pattern::F1,
        Pattern::B2,
        Pattern::F2,
        Pattern::F2B,
        Pattern::B3,
        Pattern::F3,
        Pattern::B4,
        Pattern::F4,
        Pattern::F5,
    ];

    #[inline]
    pub fn from_u8(v: u8) -> Pattern {
        Pattern::ALL[v as usize]
    }

    /// The pattern one stone weaker: what a line is if filling one point gives `self`.
    fn one_less(self) -> Pattern {
        match self {
            Pattern::F4 => Pattern::F3,
            Pattern::B4 => Pattern::B3,
            Pattern::F3 => Pattern::F2,
            Pattern::B3 => Pattern::B2,
            Pattern::F2 | Pattern::F2B => Pattern::F1,
            Pattern::B2 => Pattern::B1,
            _ => Pattern::Dead,
        }
    }
}

/// Number of distinct line keys.
pub const KEY_SPACE: usize = 1 << 20;

/// Patterns of one colour for every line key.
pub struct LineTable {
    pat: Vec<u8>,
}

impl LineTable {
    #[inline]
    pub fn get(&self, key: u32) -> Pattern {
        Pattern::from_u8(self.pat[key as usize])
    }

    fn build(colour: u8, five: FiveRule) -> LineTable {
        let mut pat = vec![0u8; KEY_SPACE];
        for key in (0..KEY_SPACE as u32).rev() {
            // Nothing beyond a wall counts: a key with anything but wall there has the
            // pattern of the key walled from that point on, which is larger (a wall is 3 in
            // every slot) and so already done. Only 364^2 of the 4^10 keys (13 %) are
            // computed: a table builds in 10 ms instead of 32 (a renju game's first search
            // waited for two of them; see `weights::warm_up`).
            let walled = canonical(key);
            pat[key as usize] = if walled != key {
                pat[walled as usize]
            } else {
                Self::pattern_of(key, colour, five, &pat) as u8
            };
        }
        LineTable { pat }
    }

    /// The pattern of `key` for `colour`, given those of every larger key in `pat`.
    fn pattern_of(key: u32, colour: u8, five: FiveRule, pat: &[u8]) -> Pattern {
        // Line positions 0..11, centre 5; index i maps to the neighbour offset i - 5.
        const OWN: u8 = 1;
        const OTHER: u8 = 2;
        const WALL: u8 = 3;
        let off_slot = |i: usize| slot(i as isize - 5);
        let mut line = [0u8; 11];
        for (i, cell) in line.iter_mut().enumerate() {
            if i == 5 {
                *cell = OWN;
                continue;
            }
            let v = ((key >> off_slot(i)) & 3) as u8;
            *cell = if v == 0 {
                0
            } else if v == colour {
                OWN
            } else if v == 3 {
                WALL
            } else {
                OTHER
            };
        }
        // Whether own stones on a..=b (with empty cells filled) make a winning five.
        let valid_run = |a: usize, b: usize| {
            let n = b - a + 1;
            match five {
                FiveRule::Free => n >= 5,
                FiveRule::Exact => n == 5,
                // Caro (the judges' rule 8): six or more, or exactly five not shut in by
                // opponent stones at both ends (an edge is open). A five spans at most
                // 1..=9, so both of its ends are inside the window.
                FiveRule::Caro | FiveRule::CaroExact => {
                    (n > 5 && five == FiveRule::Caro)
                        || (n == 5
                            && !(a > 0 && line[a - 1] == OTHER && b < 10 && line[b + 1] == OTHER))
                }
            }
        };
        // The run of own stones through the centre.
        let mut a = 5;
        while a > 0 && line[a - 1] == OWN {
            a -= 1;
        }
        let mut b = 5;
        while b < 10 && line[b + 1] == OWN {
            b += 1;
        }
        let len = b - a + 1;
        if valid_run(a, b) {
            Pattern::F5
        } else if len > 5 {
            Pattern::Overline
        } else {
            // Five-points are the empty cells right next to the centre's run.
            let mut fives = 0;
            if a > 0 && line[a - 1] == 0 {
                let mut k = a - 1;
                while k > 0 && line[k - 1] == OWN {
                    k -= 1;
                }
                fives += valid_run(k, b) as usize;
            }
            if b < 10 && line[b + 1] == 0 {
                let mut k = b + 1;
                while k < 10 && line[k + 1] == OWN {
                    k += 1;
                }
                fives += valid_run(a, k) as usize;
            }
            match fives {
                2 => Pattern::F4,
                1 => Pattern::B4,
                _ => {
                    let mut best = Pattern::Dead;
                    let mut open_threes = 0;
                    for i in 0..11 {
                        if i == 5 || line[i] != 0 {
                            continue;
                        }
                        let next = Pattern::from_u8(
                            pat[(key | ((colour as u32) << off_slot(i))) as usize],
                        );
                        if next == Pattern::F3 {
                            open_threes += 1;
                        }
                        best = best.max(next.one_less());
                    }
                    if best == Pattern::F2 && open_threes >= 2 {
                        Pattern::F2B
                    } else {
                        best
                    }
                }
            }
        }
    }
}

/// `key` with every cell beyond the nearest wall on each side made wall too.
#[inline]
fn canonical(key: u32) -> u32 {
    let mut k = key;
    // Towards -5: slots -1 (bits 8..10) down to -5 (bits 0..2).
    for d in 1..5 {
        let s = slot(-d);
        if (k >> s) & 3 == 3 {
            k |= (1 << s) - 1;
            break;
        }
    }
    // Towards +5: slots +1 (bits 10..12) up to +5 (bits 18..20).
    for d in 1..5 {
        let s = slot(d);
        if (k >> s) & 3 == 3 {
            k |= (KEY_SPACE as u32 - 1) & !((4 << s) - 1);
            break;
        }
    }
    k
}

/// What counts as a five for one colour.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum FiveRule {
    /// Five or more.
    Free = 0,
    /// Exactly five.
    Exact = 1,
    /// Six or more, or exactly five not blocked by opponent stones at both ends.
    Caro = 2,
    /// Exactly five not blocked by opponent stones at both ends.
    CaroExact = 3,
}

const NFIVERULES: usize = 4;

/// Table for `c` under `rule`; built on first use (a few tens of milliseconds) and shared.
pub fn line_table(rule: Rule, c: Color) -> &'static LineTable {
    static TABLES: [OnceLock<LineTable>; 2 * NFIVERULES] =
        [const { OnceLock::new() }; 2 * NFIVERULES];
    let five = if rule == Rule::Caro {
        FiveRule::Caro
    } else if rule == Rule::CaroExact {
        FiveRule::CaroExact
    } else if rule.exact_five(c) {
        FiveRule::Exact
    } else {
        FiveRule::Free
    };
    let black = &TABLES[five as usize];
    let black = black.get_or_init(|| LineTable::build(Color::Black.cell(), five));
    match c {
        Color::Black => black,
        // White's table is black's with the two colours swapped in every key.
        Color::White => TABLES[NFIVERULES + five as usize].get_or_init(|| {
            let pat = (0..KEY_SPACE as u32)
                .map(|k| black.pat[(((k & 0x55555) << 1) | ((k & 0xAAAAA) >> 1)) as usize])
                .collect();
            LineTable { pat }
        }),
    }
}

/// Both colours' patterns for every line key under one rule, black's in the low nibble:
/// one look-up (one cache line) per cell and direction instead of two.
///
/// Under freestyle (five or more, both colours) a cell's line pattern depends only on the
/// four cells each side of it: every five through the cell lies within them, and so do the
/// ends of every four it can make. Its table is indexed by those eight cells alone (64K
/// entries, 64 KiB, which stay in the L2 cache; the full key space is 1 MiB), and the
/// evaluator refreshes only the cells four steps away. `bench 10`: the same tree, 2 % less
/// time (`perf stat -r 8`: 0.664 s against 0.677 s).
pub struct PairTable {
    pat: Vec<u8>,
    shift: u32,
    mask: u32,
    reach: usize,
}

impl PairTable {
    #[inline]
    pub fn get(&self, key: u32) -> (u8, u8) {
        let v = self.pat[((key >> self.shift) & self.mask) as usize];
        (v & 15, v >> 4)
    }

    /// The table itself: [`PairTable::get`] of a key is `table[(key >> shift) & mask]`, with
    /// [`pair_shift`] and [`pair_mask`] of [`PairTable::reach`], black's pattern in the low
    /// nibble.
    #[inline]
    pub fn raw(&self) -> &[u8] {
        &self.pat
    }

    /// How far along a line a stone changes other cells' patterns: 4 under freestyle,
    /// 5 under the rules that need to see overlines or blocked ends.
    #[inline]
    pub fn reach(&self) -> usize {
        self.reach
    }
}

/// The shift that makes a line key the index of a pair table reaching `reach` cells each
/// way (the slots beyond it are the key's low bits and its high ones).
pub const fn pair_shift(reach: usize) -> u32 {
    2 * (5 - reach) as u32
}

/// The mask that, after [`pair_shift`], keeps the slots within `reach` cells each way.
pub const fn pair_mask(reach: usize) -> u32 {
    (KEY_SPACE as u32 >> (2 * pair_shift(reach))) - 1
}

/// Every rule's pair table, once built.
static PAIR_TABLES: [OnceLock<PairTable>; Rule::COUNT] = [const { OnceLock::new() }; Rule::COUNT];

/// The pair table of `rule`, built on first use from the two colours' tables.
pub fn pair_table(rule: Rule) -> &'static PairTable {
    PAIR_TABLES[rule.index()].get_or_init(|| {
        let (b, w) = (
            line_table(rule, Color::Black),
            line_table(rule, Color::White),
        );
        // Only freestyle has five-or-more for both colours; the others must see the fifth
        // cell each side (overlines, blocked ends). Dropping the cells beyond `reach`
        // drops the low bits of the key (slots -5) and the high ones (slots +5).
        let reach: usize = if rule == Rule::Freestyle { 4 } else { 5 };
        let (shift, mask) = (pair_shift(reach), pair_mask(reach));
        PairTable {
            pat: (0..=mask as usize)
                .map(|k| b.pat[k << shift] | w.pat[k << shift] << 4)
                .collect(),
            shift,
            mask,
            reach,
        }
    })
}

/// Whether `rule`'s tables are built already ([`crate::eval::weights::warm_up`] builds
/// them).
pub fn is_warm(rule: Rule) -> bool {
    PAIR_TABLES[rule.index()].get().is_some()
}

/// What a cell is worth to one colour, combining its four line patterns.
#[derive(Copy, Clone, PartialEq, Eq, PartialOrd, Ord, Debug, Hash)]
#[repr(u8)]
pub enum Combo {
    None = 0,
    /// Three plus something that can grow (three with a two or block-three).
    Flex3,
    Flex3Plus,
    /// Two open threes (3-3).
    DoubleFlex3,
    /// A four.
    Block4,
    /// A four and another three-ish line.
    Block4Plus,
    /// A four and an open three (4-3).
    Block4Flex3,
    /// An open four or two fours: wins unless the opponent has a five.
    Flex4,
    /// A five.
    Five,
}

/// Number of [`Combo`] classes.
pub const NCOMBOS: usize = 9;

/// Combination of four line patterns, with whether black could be forbidden here under renju.
#[derive(Copy, Clone, Debug)]
pub struct ComboInfo {
    pub combo: Combo,
    pub maybe_forbidden: bool,
    /// A renju black stone here is a foul by these lines alone (no five, and an overline,
    /// two fours, or two open threes): always for an overline or a double four; a double
    /// three may still be allowed when one of its threes can only become an open four
    /// through a forbidden point (the exact check, `rule::is_forbidden`). An open four on
    /// one line alone is not one (it is almost always allowed), so this is `maybe_forbidden`
    /// without it.
    pub foul: bool,
}

pub fn combine(p: [Pattern; 4]) -> ComboInfo {
    let mut n = [0usize; NPATTERNS];
    for x in p {
        n[x as usize] += 1;
    }
    use Pattern::*;
    let fours = n[B4 as usize] + n[F4 as usize];
    let combo = if n[F5 as usize] > 0 {
        Combo::Five
    } else if n[F4 as usize] > 0 || n[B4 as usize] >= 2 {
        Combo::Flex4
    } else if n[B4 as usize] == 1 {
        if n[F3 as usize] > 0 {
            Combo::Block4Flex3
        } else if n[B3 as usize] + n[F2 as usize] + n[F2B as usize] > 0 {
            Combo::Block4Plus
        } else {
            Combo::Block4
        }
    } else if n[F3 as usize] >= 2 {
        Combo::DoubleFlex3
    } else if n[F3 as usize] == 1 {
        if n[B3 as usize] + n[F2 as usize] + n[F2B as usize] > 0 {
            Combo::Flex3Plus
        } else {
            Combo::Flex3
        }
    } else {
        Combo::None
    };
    let foul =
        n[F5 as usize] == 0 && (n[Overline as usize] > 0 || fours >= 2 || n[F3 as usize] >= 2);
    let maybe_forbidden = foul || (n[F5 as usize] == 0 && n[F4 as usize] > 0);
    ComboInfo {
        combo,
        maybe_forbidden,
        foul,
    }
}

// Tuples: a cell's four line patterns as one index, and the stored combination byte.

/// In a stored combination byte: renju black may be forbidden here
/// ([`ComboInfo::maybe_forbidden`]).
pub const FORBID_FLAG: u8 = 0x80;
/// Renju black only (the tables clear it elsewhere, `Weights::new`): the lines alone make
/// a stone here a foul ([`ComboInfo::foul`]). Such a cell keeps its threat class (its
/// lists: the search checks it exactly before playing it, and the other side may defend on
/// it) but is counted as no combination (the threat levels of the evaluation, the setup
/// points), as Rapfi's FORBID class is.
pub const FOUL_FLAG: u8 = 0x40;
/// The combination's bits of a stored combo byte.
pub const COMBO_MASK: u8 = 0x0f;

/// The combination (with the renju flags) of every 4-tuple of line patterns.
fn combo_table() -> &'static [u8] {
    static T: OnceLock<Vec<u8>> = OnceLock::new();
    T.get_or_init(|| {
        (0..NPATTERNS.pow(4))
            .map(|idx| {
                let info = combine(tuple_patterns(idx).map(Pattern::from_u8));
                info.combo as u8
                    | if info.maybe_forbidden { FORBID_FLAG } else { 0 }
                    | if info.foul { FOUL_FLAG } else { 0 }
            })
            .collect()
    })
}

/// Combination (with the renju flags) of an ordered 4-tuple index.
pub fn tuple_combo(k: usize) -> u8 {
    combo_table()[k]
}

/// The index of four line patterns (by direction) in the tuple tables: the patterns as the
/// digits of a base-[`NPATTERNS`] number, the first direction most significant.
#[inline]
pub fn tuple_index(p: &[u8; 4]) -> usize {
    ((p[0] as usize * NPATTERNS + p[1] as usize) * NPATTERNS + p[2] as usize) * NPATTERNS
        + p[3] as usize
}

/// The four line patterns (by direction) of a 4-tuple index: the inverse of [`tuple_index`].
pub fn tuple_patterns(k: usize) -> [u8; 4] {
    let n = NPATTERNS;
    [
        (k / (n * n * n)) as u8,
        (k / (n * n) % n) as u8,
        (k / n % n) as u8,
        (k % n) as u8,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The build computes only keys with nothing but wall beyond a wall and copies the rest;
    /// the full computation of those others must give what was copied.
    #[test]
    fn cells_beyond_a_wall_change_nothing() {
        for five in [
            FiveRule::Free,
            FiveRule::Exact,
            FiveRule::Caro,
            FiveRule::CaroExact,
        ] {
            for colour in [1u8, 2] {
                let t = LineTable::build(colour, five);
                let mut copied = 0;
                for key in (0..KEY_SPACE as u32).step_by(37) {
                    if canonical(key) == key {
                        continue;
                    }
                    copied += 1;
                    assert_eq!(
                        LineTable::pattern_of(key, colour, five, &t.pat),
                        t.get(key),
                        "{five:?} colour {colour} key {key:#07x}"
                    );
                }
                assert!(copied > 20_000, "{copied}");
            }
        }
    }

    #[test]
    fn walled_keys() {
        // Wall at -2: slots -3..-5 become wall; wall at +1: +2..+5 become wall.
        let k = (3 << slot(-2)) | (1 << slot(-3)) | (3 << slot(1)) | (2 << slot(4));
        let want = (3 << slot(-2))
            | (3 << slot(-3))
            | (3 << slot(-4))
            | (3 << slot(-5))
            | (3 << slot(1))
            | (3 << slot(2))
            | (3 << slot(3))
            | (3 << slot(4))
            | (3 << slot(5));
        assert_eq!(canonical(k), want);
        // Walls only at the far ends, or none: unchanged.
        let k = (3 << slot(-5)) | (3 << slot(5)) | (1 << slot(-1)) | (2 << slot(2));
        assert_eq!(canonical(k), k);
        assert_eq!(canonical(0), 0);
    }

    /// Key for a line given as text around the centre `*`: `x` own, `o` other, `#` wall, `.` empty.
    fn key_of(s: &str, own: u32) -> u32 {
        let chars: Vec<char> = s.chars().collect();
        let c = chars.iter().position(|&ch| ch == '*').unwrap() as isize;
        let mut key = 0;
        for k in -5isize..=5 {
            if k == 0 {
                continue;
            }
            let i = c + k;
            let v = if i < 0 || i >= chars.len() as isize {
                3
            } else {
                match chars[i as usize] {
                    'x' => own,
                    'o' => 3 - own,
                    '.' => 0,
                    _ => 3,
                }
            };
            key |= v << slot(k);
        }
        key
    }

    /// The compact freestyle table is exact: every full key (walls and stones five steps
    /// away included) gives the same pair as the full tables.
    #[test]
    fn freestyle_patterns_need_only_four_cells_each_side() {
        let (b, w) = (
            line_table(Rule::Freestyle, Color::Black),
            line_table(Rule::Freestyle, Color::White),
        );
        let t = pair_table(Rule::Freestyle);
        assert_eq!(t.reach(), 4);
        for key in 0..KEY_SPACE as u32 {
            let (p0, p1) = t.get(key);
            assert_eq!(
                (p0, p1),
                (b.pat[key as usize], w.pat[key as usize]),
                "key {key:#x}"
            );
        }
        // Under exact five a stone five steps away matters: it makes an overline.
        assert_eq!(pair_table(Rule::Standard).reach(), 5);
        assert_eq!(pat("*xxxx.", Rule::Standard), Pattern::F5);
        assert_eq!(pat("*xxxxx", Rule::Standard), Pattern::Overline);
        assert_eq!(pat("*xxxxx", Rule::Freestyle), Pattern::F5);
    }

    fn pat(s: &str, rule: Rule) -> Pattern {
        line_table(rule, Color::Black).get(key_of(s, 1))
    }

    #[test]
    fn classic_shapes() {
        let r = Rule::Freestyle;
        assert_eq!(pat("...xx*xx...", r), Pattern::F5);
        assert_eq!(pat("....x*xx...", r), Pattern::F4);
        assert_eq!(pat("...ox*xx...", r), Pattern::B4);
        assert_eq!(pat("....x*x....", r), Pattern::F3);
        assert_eq!(pat("...ox*x....", r), Pattern::B3);
        assert_eq!(pat("....x*.x...", r), Pattern::F3);
        assert_eq!(pat(".....*x....", r), Pattern::F2B);
        assert_eq!(pat("....o*x.o..", r), Pattern::Dead);
        assert_eq!(pat(".x.x.*.....", r), Pattern::B3);
        assert_eq!(pat("..xxx*xx...", r), Pattern::F5);
        assert_eq!(pat("..x.x*x.x..", r), Pattern::F4);
    }

    #[test]
    fn exact_five_rules() {
        let s = Rule::Standard;
        assert_eq!(pat("..xxx*xx...", s), Pattern::Overline);
        assert_eq!(pat("...xx*xx...", s), Pattern::F5);
        // xxxx*. : the only five-point would make six.
        assert_eq!(pat("x.xx*x.....", s), Pattern::B4);
        assert_eq!(pat("..xxx*.x...", s), Pattern::B4);
        assert_eq!(pat("..xxx*.x...", Rule::Freestyle), Pattern::F4);
    }

    #[test]
    fn caro_shapes() {
        let c = Rule::Caro;
        assert_eq!(
            pat("..oxx*xxo..", c),
            Pattern::Dead,
            "a five shut in by white is nothing"
        );
        assert_eq!(
            pat("..#xx*xxo..", c),
            Pattern::F5,
            "the edge does not block"
        );
        assert_eq!(pat("...xx*xxo..", c), Pattern::F5);
        assert_eq!(
            pat("..o.x*xxo..", c),
            Pattern::Dead,
            "its only five-point would be shut in"
        );
        assert_eq!(pat("...ox*xx...", c), Pattern::B4);
        // Six or more wins (GomocupJudge's rule 8), even shut in at both ends.
        assert_eq!(pat("..xxx*xx...", c), Pattern::F5);
        assert_eq!(pat(".oxxx*xxo..", c), Pattern::F5);
        // Both five-points count, the one making six too.
        assert_eq!(pat("..xxx*.x...", c), Pattern::F4);
        assert_eq!(pat("..xxx*.x...", Rule::Standard), Pattern::B4);
    }

    #[test]
    fn caro_exact_shapes() {
        let c = Rule::CaroExact;
        assert_eq!(pat("..oxx*xxo..", c), Pattern::Dead);
        assert_eq!(pat("..#xx*xxo..", c), Pattern::F5);
        assert_eq!(pat("...xx*xxo..", c), Pattern::F5);
        // Six is no win, shut in or not; the five-point that would make six does not count.
        assert_eq!(pat("..xxx*xx...", c), Pattern::Overline);
        assert_eq!(pat(".oxxx*xxo..", c), Pattern::Overline);
        assert_eq!(pat("..xxx*.x...", c), Pattern::B4);
        // Its only five-point would make six.
        assert_eq!(pat("..oxx*x.x..", c), Pattern::Dead);
        assert_eq!(pat("..oxx*x..o.", c), Pattern::B4);
        assert_eq!(pat("..oxx*x.o..", c), Pattern::Dead);
    }

    #[test]
    fn combos() {
        use Pattern::*;
        assert_eq!(combine([F5, Dead, Dead, Dead]).combo, Combo::Five);
        assert_eq!(combine([B4, B4, Dead, Dead]).combo, Combo::Flex4);
        assert_eq!(combine([B4, F3, Dead, Dead]).combo, Combo::Block4Flex3);
        assert_eq!(combine([F3, F3, Dead, Dead]).combo, Combo::DoubleFlex3);
        assert!(combine([F3, F3, Dead, Dead]).maybe_forbidden);
        assert!(!combine([B4, F3, Dead, Dead]).maybe_forbidden);
        assert!(combine([F3, F3, Dead, Dead]).foul);
        assert!(combine([B4, F4, Dead, Dead]).foul);
        assert!(!combine([F4, Dead, Dead, Dead]).foul);
        assert!(combine([F4, Dead, Dead, Dead]).maybe_forbidden);
        assert!(!combine([F5, F3, F3, Dead]).foul);
    }
}
