//! The incremental evaluator: the pattern state of every empty cell, kept up to date stone
//! by stone, from which the static score, the threat lists and the move-ordering values are
//! read without scanning the board.
//!
//! # State
//!
//! For every cell and colour a [`CellState`] holds the four line patterns that colour would
//! make by playing there (read from the rule's [`PairTable`] by the cell's line keys), their
//! tuple index, the combination ([`Combo`]), the shape, and the shape's two evaluation
//! weights from the rule's [`Weights`]. Over the empty cells the evaluator keeps:
//!
//! - the running sums of the weights per colour (`own` and `opp`), so the static score
//!   ([`Evaluator::evaluate`]) is the two sums, one threat-table look-up and a division;
//! - per colour the number of empty cells of each combination class (the threat levels of
//!   the evaluation, [`weights::threat_level`]);
//! - per colour and [`Threat`] class (five point, open-four point, four point, open-three
//!   point) a [`CellSet`] of the cells, so "does the opponent have a five point" or "where
//!   are my fours" is a count or a walk over a bitset, never a scan of the board.
//!
//! # Incremental update
//!
//! A stone changes the line keys of the 40 cells up to five steps away along its four lines
//! (under freestyle only the 32 within four steps can change pattern:
//! [`PairTable::reach`]). [`Evaluator::after_place`] re-reads their pattern pairs and
//! recombines only the colours whose pattern really changed: the tuple index moves by the
//! pattern's place value, one look-up in the weights' tuple entries gives the new weights,
//! shape and combination, and the sums, counts and threat lists move by the difference.
//! Each changed cell's previous state goes on a journal, and the totals before the stone on
//! a mark. [`Evaluator::after_remove`] of the last stone placed (what a search does)
//! replays that journal backwards and takes the totals back from the mark: no line key or
//! table is read. A stone that was on the board when the evaluator was built is taken off
//! by re-reading the cells instead.
//!
//! Renju black's likely fouls keep their threat class (the search checks them exactly
//! before playing one, and white may defend on them) but count as no combination
//! ([`FOUL_FLAG`]).
//!
//! [`matches_fresh`](Evaluator::matches_fresh) compares the state with one built from
//! scratch; the tests run it after every move and undo.

use super::pattern::{
    pair_mask, pair_shift, pair_table, tuple_index, Combo, PairTable, Pattern, COMBO_MASK,
    FORBID_FLAG, FOUL_FLAG, NCOMBOS, NPATTERNS,
};
use super::weights::{self, handset_value, threat_level, TupleEntry, Weights};
use crate::game::board::{slot, Board, Color, EMPTY, WALL};
use crate::game::cellset::CellSet;
use crate::game::pos::{line_offset, step, DIRS, NCELLS};
use crate::game::rule::Rule;
use std::sync::OnceLock;

/// The hand-set value of every shape ([`weights::shapes`]): move ordering reads it by the
/// cell's shape.
fn shape_values() -> &'static [i16] {
    static T: OnceLock<Vec<i16>> = OnceLock::new();
    T.get_or_init(|| {
        weights::shapes()
            .iter()
            .map(|p| handset_value(p.map(Pattern::from_u8)) as i16)
            .collect()
    })
}

/// The count (threat level) class of a stored combination: none for a likely foul.
#[inline]
fn count_class(combo: u8) -> usize {
    if combo & FOUL_FLAG != 0 {
        0
    } else {
        (combo & COMBO_MASK) as usize
    }
}

/// What one step of the pattern in each direction is worth in a tuple index.
const TUPLE_PLACE: [u16; 4] = [
    (NPATTERNS * NPATTERNS * NPATTERNS) as u16,
    (NPATTERNS * NPATTERNS) as u16,
    NPATTERNS as u16,
    1,
];

/// The steps along a line to the cells a stone's line keys reach (4 or 5 each way).
const STEPS4: [isize; 8] = [-4, -3, -2, -1, 1, 2, 3, 4];
const STEPS5: [isize; 10] = [-5, -4, -3, -2, -1, 1, 2, 3, 4, 5];

#[derive(Clone)]
pub struct Evaluator {
    rule: Rule,
    table: &'static PairTable,
    /// Per cell: its line patterns, tuple indices, combinations, shapes and weights, side by
    /// side (see [`CellState`]).
    cells: Box<[CellState; NCELLS]>,
    /// The evaluation tables.
    weights: &'static Weights,
    /// Sums of the cells' `learned` over empty cells: `[colour][own/opp]`.
    lsum: [[i32; 2]; 2],
    /// Number of empty cells with each combo, per colour.
    count: [[u16; NCOMBOS]; 2],
    /// Empty cells per colour and threat class (see [`Threat`]).
    sets: [[CellSet; NTHREATS]; 2],
    /// What each `after_place` changed, so that its `after_remove` puts it back without a
    /// single table read: the empty cells' previous state, in the order they changed.
    journal: Vec<Saved>,
    /// Per stone placed through this evaluator and still on the board: where its journal
    /// starts and the running totals before it.
    marks: Vec<Mark>,
}

/// What `after_remove` needs to undo one `after_place` besides the journalled cells.
#[derive(Clone)]
struct Mark {
    journal: u32,
    lsum: [[i32; 2]; 2],
    count: [[u16; NCOMBOS]; 2],
}

/// What the evaluator keeps of one cell, for each colour: everything a pattern change
/// reads and writes, in one 32-byte block (one cache line holds two cells). As five arrays
/// (patterns, tuple indices, combinations, values, weights) a recombination touched five
/// lines. The journal keeps a cell's state whole from before a stone nearby changed it.
/// Commit 2a50533, same tree: `bench 11` under cachegrind 7.70 G -> 7.23 G instructions, 66.0 M
/// -> 57.8 M first-level data misses; `bench 12` CPU time median 1.43 s -> 1.30 s (12
/// interleaved runs each). (Reading all the cells' new pattern pairs first without a branch
/// and applying the changes after, on top of this: 8 % more instructions and 13 % more
/// data misses. Not kept.)
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[repr(C, align(32))]
pub struct CellState {
    /// Line patterns: `[colour][direction]`.
    pub pat: [[u8; 4]; 2],
    /// Per colour: its `[own, opp]` evaluation weights.
    pub learned: [[i16; 2]; 2],
    /// Per colour: the index of its four line patterns in the tuple tables (`tuple_index`
    /// of `pat`), kept up to date with each pattern change instead of recomputed from the
    /// four at every look-up.
    pub tidx: [u16; 2],
    /// Per colour: the shape (the four patterns as a multiset, [`weights::shapes`]): the
    /// learned ordering corrections and the hand-set value are read by it. (Until commit
    /// 2b3ee25 the cell kept the value here and the shape was looked up from the tuple index in
    /// a 41 KiB table at every ordering: 5 % of the data misses of freestyle middle games.)
    pub shape: [u16; 2],
    /// Per colour: the combination (high bit: renju black may be forbidden here).
    pub combo: [u8; 2],
    /// The cell's own index (so that a journalled copy says where it goes back).
    pub cell: u16,
    /// In a journalled copy only (on the board it means nothing: an undo puts the copy back
    /// whole, this field with it, rather than spend a store per cell clearing it): the
    /// combinations the change left, so that the undo knows which threat lists to flip
    /// without reading the cell first. The
    /// cell holds them again when the undo comes: every later change to it has been undone.
    /// Reading them from the cell missed the cache (the subtree searched in between evicts
    /// it): a quarter of `after_remove`'s time waited on that load (perf). With the entry
    /// pushed whole after the change (the state before kept in registers), 12 freestyle
    /// middle-game searches of 150,000 nodes under cachegrind: 8.20 G -> 7.97 G
    /// instructions, 53.6 M -> 52.9 M first-level data misses (same tree).
    pub after: [u8; 2],
}

// Two cells to a cache line.
const _: () = assert!(std::mem::size_of::<CellState>() == 32);

type Saved = CellState;

/// Threat classes with an incremental cell list each: where a side makes a five, an open
/// four (or double four), any four (five included), an open three (without a four).
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Threat {
    Five = 0,
    Flex4 = 1,
    Four = 2,
    Three = 3,
}

pub const NTHREATS: usize = 4;

/// Bit mask of the threat classes a combo belongs to.
const fn threat_mask(combo: u8) -> u8 {
    let five = (combo == Combo::Five as u8) as u8;
    let flex4 = (combo == Combo::Flex4 as u8) as u8;
    let four = (combo >= Combo::Block4 as u8) as u8;
    let three = (combo >= Combo::Flex3 as u8 && combo <= Combo::DoubleFlex3 as u8) as u8;
    five | flex4 << 1 | four << 2 | three << 3
}

/// `threat_mask` of every combo (without the renju flag), looked up rather than computed:
/// the evaluator asks for it on every combo change (through [`threat_bits`]).
const THREAT_MASKS: [u8; NCOMBOS] = {
    let mut t = [0u8; NCOMBOS];
    let mut k = 0;
    while k < NCOMBOS {
        t[k] = threat_mask(k as u8);
        k += 1;
    }
    t
};

/// The threat classes of a stored combination (renju flag and all).
#[inline]
fn threat_bits(combo: u8) -> u8 {
    THREAT_MASKS[(combo & COMBO_MASK) as usize]
}

/// The running totals a pattern change updates, borrowed apart from the cells (see
/// `Evaluator::refresh_within`).
struct Totals<'a> {
    lsum: &'a mut [[i32; 2]; 2],
    count: &'a mut [[u16; NCOMBOS]; 2],
    sets: &'a mut [[CellSet; NTHREATS]; 2],
}

impl Totals<'_> {
    /// The pattern of colour index `C` along direction `d` at the empty cell `q` went from
    /// `old` to `new` (already in `cell.pat`): moves its tuple index by the difference,
    /// recomputes its combination and value and applies the change to the running totals,
    /// counts and threat lists. Called only for a colour whose pattern changed (on the bench
    /// 21.0 M tuple look-ups instead of 27.4 M). One inlined copy per colour, the tuple index
    /// kept instead of recomputed from the four patterns, and the threat lists' bits flipped
    /// where they differ: `bench 10` 6.18 G → 5.20 G instructions with the same tree, about
    /// 5 % less time (commit 5b267cc).
    #[inline(always)]
    fn recombine<const C: usize>(
        &mut self,
        cell: &mut CellState,
        q: usize,
        d: usize,
        old: u8,
        new: u8,
        tuples: &[TupleEntry],
    ) {
        let step = (new as u16).wrapping_sub(old as u16);
        cell.tidx[C] = cell.tidx[C].wrapping_add(step.wrapping_mul(TUPLE_PLACE[d]));
        let e = tuples[cell.tidx[C] as usize];
        cell.shape[C] = e.shape;
        let (new_w, old_w) = (e.weights, cell.learned[C]);
        cell.learned[C] = new_w;
        self.lsum[C][0] += new_w[0] as i32 - old_w[0] as i32;
        self.lsum[C][1] += new_w[1] as i32 - old_w[1] as i32;
        let (new, old) = (e.combo, cell.combo[C]);
        if new == old {
            return;
        }
        cell.combo[C] = new;
        if (old ^ new) & !FORBID_FLAG == 0 {
            return;
        }
        let (o, n) = (count_class(old), count_class(new));
        self.count[C][o] -= 1;
        self.count[C][n] += 1;
        flip_sets(&mut self.sets[C], q, threat_bits(old) ^ threat_bits(new));
    }
}

/// Flips `i`'s membership in the threat lists whose bit is set in `flip`, without a branch
/// (see `Evaluator::move_sets`).
#[inline(always)]
fn flip_sets(sets: &mut [CellSet; NTHREATS], i: usize, flip: u8) {
    for (t, set) in sets.iter_mut().enumerate() {
        set.toggle_if(i, flip >> t & 1 != 0);
    }
}

/// The evaluator's parts a pattern refresh reads and writes, borrowed apart (see
/// `Evaluator::refresh_within`).
struct Refresh<'a> {
    pat: &'a [u8],
    tuples: [&'a [TupleEntry]; 2],
    on_board: &'a [u8; NCELLS],
    keys: &'a [[u32; 4]; NCELLS],
    cells: &'a mut [CellState; NCELLS],
    totals: Totals<'a>,
    journal: &'a mut Vec<Saved>,
}

impl Refresh<'_> {
    /// The cells up to `R` steps from the stone `i` along direction `D`: each empty one whose
    /// pattern pair changed is recombined (and journalled when `SAVE`).
    #[inline(always)]
    fn line<const R: isize, const SAVE: bool, const D: usize>(&mut self, i: usize) {
        let steps: &[isize] = if R == 4 { &STEPS4 } else { &STEPS5 };
        for &k in steps {
            let q = step(i, DIRS[D], k);
            if self.on_board[q] != EMPTY {
                continue;
            }
            let key = self.keys[q][D];
            let (shift, mask) = (pair_shift(R as usize), pair_mask(R as usize));
            let v = self.pat[((key >> shift) & mask) as usize];
            let (p0, p1) = (v & 15, v >> 4);
            let cell = &mut self.cells[q];
            let (o0, o1) = (cell.pat[0][D], cell.pat[1][D]);
            if p0 == o0 && p1 == o1 {
                continue;
            }
            let before = *cell;
            cell.pat[0][D] = p0;
            cell.pat[1][D] = p1;
            if p0 != o0 {
                self.totals
                    .recombine::<0>(cell, q, D, o0, p0, self.tuples[0]);
            }
            if p1 != o1 {
                self.totals
                    .recombine::<1>(cell, q, D, o1, p1, self.tuples[1]);
            }
            if SAVE {
                self.journal.push(CellState {
                    after: cell.combo,
                    ..before
                });
            }
        }
    }
}

/// Puts the empty cell of `saved` back in its journalled state and in the threat lists of
/// that state (the running totals and counts are restored whole by the caller).
#[inline(always)]
fn restore(cells: &mut [CellState; NCELLS], sets: &mut [[CellSet; NTHREATS]; 2], saved: &Saved) {
    let q = saved.cell as usize;
    cells[q] = *saved;
    // Most changes leave both combinations as they were: one test for the two (`bench 10`
    // 2.573 G -> 2.529 G instructions, commit cc543f7).
    if saved.combo == saved.after {
        return;
    }
    for (c, set) in sets.iter_mut().enumerate() {
        let (new, old) = (saved.combo[c], saved.after[c]);
        if new != old {
            flip_sets(set, q, threat_bits(old) ^ threat_bits(new));
        }
    }
}

impl Evaluator {
    /// An evaluator of `board` scoring with the tables `rule` uses now
    /// ([`weights::for_rule`]).
    pub fn new(board: &Board, rule: Rule) -> Evaluator {
        Evaluator::with_weights(board, rule, weights::for_rule(rule))
    }

    /// An evaluator of `board` scoring with the given tables.
    pub fn with_weights(board: &Board, rule: Rule, weights: &'static Weights) -> Evaluator {
        let mut e = Evaluator {
            rule,
            table: pair_table(rule),
            cells: {
                let mut cells = Box::new([CellState::default(); NCELLS]);
                for (i, c) in cells.iter_mut().enumerate() {
                    c.cell = i as u16;
                }
                cells
            },
            weights,
            lsum: [[0; 2]; 2],
            count: [[0; NCOMBOS]; 2],
            sets: Default::default(),
            journal: Vec::with_capacity(64 * 32),
            marks: Vec::with_capacity(64),
        };
        for i in board.all_cells() {
            if board.cell(i) == WALL {
                continue;
            }
            e.reread(board, i);
            if board.cell(i) == EMPTY {
                e.add(i, 1);
            }
        }
        e
    }

    pub fn rule(&self) -> Rule {
        self.rule
    }

    /// The evaluation tables this evaluator scores with.
    pub fn weights(&self) -> &'static Weights {
        self.weights
    }

    #[inline]
    fn refresh_line(&mut self, board: &Board, i: usize, d: usize) {
        let key = board.key(i, d);
        let (p0, p1) = self.table.get(key);
        self.cells[i].pat[0][d] = p0;
        self.cells[i].pat[1][d] = p1;
    }

    /// Reads the four line patterns of `i` and its combination, shape and weights afresh
    /// (running totals untouched).
    fn reread(&mut self, board: &Board, i: usize) {
        for d in 0..4 {
            self.refresh_line(board, i, d);
        }
        self.refresh_cell(i);
    }

    #[inline]
    fn refresh_cell(&mut self, i: usize) {
        let cell = &mut self.cells[i];
        for c in 0..2 {
            cell.tidx[c] = tuple_index(&cell.pat[c]) as u16;
            let e = *self.weights.tuple(c, cell.tidx[c] as usize);
            cell.combo[c] = e.combo;
            cell.shape[c] = e.shape;
            cell.learned[c] = e.weights;
        }
    }

    #[inline]
    fn add(&mut self, i: usize, sign: i32) {
        for c in 0..2 {
            let cell = &self.cells[i];
            self.lsum[c][0] += sign * cell.learned[c][0] as i32;
            self.lsum[c][1] += sign * cell.learned[c][1] as i32;
            let k = count_class(cell.combo[c]);
            self.count[c][k] = (self.count[c][k] as i32 + sign) as u16;
            let mask = threat_bits(cell.combo[c]);
            if sign > 0 {
                self.move_sets(c, i, 0, mask);
            } else {
                self.move_sets(c, i, mask, 0);
            }
        }
    }

    /// Moves `i` from the threat lists of colour index `c` named by the bits of `old` to
    /// those named by `new` (it is in exactly those of `old`): the lists whose bit differs
    /// flip it. Branch-free: with it the bench mispredicts 14 % fewer branches (cachegrind).
    #[inline]
    fn move_sets(&mut self, c: usize, i: usize, old: u8, new: u8) {
        flip_sets(&mut self.sets[c], i, old ^ new);
    }

    /// Call after a stone was put on `i` (the board already shows it).
    pub fn after_place(&mut self, board: &Board, i: usize) {
        self.marks.push(Mark {
            journal: self.journal.len() as u32,
            lsum: self.lsum,
            count: self.count,
        });
        self.add(i, -1);
        self.refresh_neighbours(board, i, true);
    }

    /// Call after the stone on `i` was removed (the board already shows `i` empty).
    ///
    /// Undoing the last stone placed through this evaluator (what a search does) replays
    /// its journal backwards: no line key or table is read, the cells get back exactly the
    /// state they had (the bench tree is the same). A stone the evaluator did not see placed
    /// (it was on the board when the evaluator was built) is taken off by reading afresh.
    /// Measured on `pbrain-wuzi bench 10` (same tree, interleaved runs): about 4 % more nodes/s
    /// than re-reading the cells (673k–707k against 658k–664k). Taking the totals and
    /// counts back whole from the mark instead of cell by cell, and recombining only the
    /// colours whose patterns changed, cut the bench's instructions by 11.7 % (callgrind:
    /// 6.93 G to 6.12 G, same tree) and its CPU time by 13 % (0.462 s to 0.402 s, five
    /// interleaved runs each).
    pub fn after_remove(&mut self, board: &Board, i: usize) {
        if let Some(mark) = self.marks.pop() {
            // Nothing was written to `i` while it was occupied (`refresh_neighbours` skips
            // occupied cells and every later stone has been taken back): its state is
            // still the one it had when the stone came. The totals and counts are the
            // ones saved with the mark, so only the threat lists follow each cell.
            // The journal is read in place, newest first, and cut once at the end, with the
            // cells and threat lists borrowed apart: `bench 10` 2.695 G -> 2.634 G
            // instructions, same tree (callgrind, commit cc543f7; popping the entries one by one
            // into a method of `self` wrote the vector's length and reloaded its parts at
            // each cell; a plain index loop over the journal: 2.717 G).
            let from = (mark.journal as usize).min(self.journal.len());
            let Evaluator {
                cells,
                sets,
                journal,
                ..
            } = self;
            for saved in journal[from..].iter().rev() {
                restore(cells, sets, saved);
            }
            journal.truncate(from);
            self.lsum = mark.lsum;
            self.count = mark.count;
            for c in 0..2 {
                self.move_sets(c, i, 0, threat_bits(self.cells[i].combo[c]));
            }
            return;
        }
        self.reread(board, i);
        self.add(i, 1);
        self.refresh_neighbours(board, i, false);
    }

    /// Re-reads the line patterns of the empty cells whose keys a stone on `i` changed.
    /// Only cells whose pattern really changed are recombined, and their totals, counts and
    /// threat lists are updated by the difference (their old state journalled when `save`).
    /// Occupied cells are left as they are (no one reads them; a cell that becomes empty
    /// gets its state back from the journal, or is re-read).
    fn refresh_neighbours(&mut self, board: &Board, i: usize, save: bool) {
        match (self.table.reach() == 4, save) {
            (true, true) => self.refresh_within::<4, true>(board, i),
            (true, false) => self.refresh_within::<4, false>(board, i),
            (false, true) => self.refresh_within::<5, true>(board, i),
            (false, false) => self.refresh_within::<5, false>(board, i),
        }
    }

    /// `refresh_neighbours` for cells up to `R` steps away along the four lines. The
    /// evaluator's parts are borrowed apart (cells, totals, counts, threat lists, journal)
    /// and the tables read through plain slices, so that the loop keeps them in registers:
    /// through `self` every write to a cell made the compiler load them again. Same tree;
    /// `bench 10` 2.911 G -> 2.786 G instructions, this function 1.261 G -> 1.136 G
    /// (callgrind, commit 7a507e6). Commit cc543f7, each same tree: the pair table's shift
    /// and mask as constants of the reach, and the table cut to the mask's length (no bounds
    /// check on its index),
    /// 2.734 G -> 2.695 G; whether to journal (`SAVE`) as a constant, 2.634 G -> 2.606 G; each
    /// direction a constant (`Refresh::line`: its step and tuple place are immediates),
    /// 2.595 G -> 2.573 G. (Not kept: the cells, keys and board read through fixed-size
    /// windows around `i` as `Board::set` does, 2.767 G with the cell's index read from its
    /// state and 2.743 G computed, against 2.734 G; the journal's new entries gathered in a
    /// local array and appended at once, slower; a shape table behind the tuple index (41 KiB
    /// and 11 KiB instead of one 166 KiB table: 15 % fewer first-level read misses under
    /// cachegrind, 1.8 % more instructions, the same `bench 12` time).
    #[inline(always)]
    fn refresh_within<const R: isize, const SAVE: bool>(&mut self, board: &Board, i: usize) {
        // The table's shift and mask are those of its reach (`pair_table` builds it with
        // them): constants here.
        let pat = self.table.raw();
        let Evaluator {
            cells,
            lsum,
            count,
            sets,
            journal,
            weights,
            ..
        } = self;
        let mut r = Refresh {
            // The table cut to its reach's mask, so that the index needs no bounds check.
            pat: &pat[..=pair_mask(R as usize) as usize],
            tuples: [weights.tuples(0), weights.tuples(1)],
            on_board: board.cell_array(),
            keys: board.key_array(),
            cells,
            totals: Totals { lsum, count, sets },
            journal,
        };
        r.line::<R, SAVE, 0>(i);
        r.line::<R, SAVE, 1>(i);
        r.line::<R, SAVE, 2>(i);
        r.line::<R, SAVE, 3>(i);
    }

    /// Whether `c` would still have an open-four (or double-four) point after the other
    /// colour plays the empty cell `i`, read from the patterns without making the move:
    /// only the points on a line through `i` can change, and each is recombined with its
    /// line key as it would be. Exact for the rules whose patterns a stone of the other
    /// colour can only weaken (every rule but renju, where black's fouls change with
    /// white's stones; `tests/threat_state.rs` checks it against making the move).
    pub fn flex4_survives(&self, board: &Board, i: usize, c: Color) -> bool {
        self.flex4_survives_among(
            board,
            i,
            c,
            self.sets[c.index()][Threat::Flex4 as usize].iter(),
        )
    }

    /// [`Evaluator::flex4_survives`] with `c`'s open-four points given (all of them, as
    /// `cells(c, Threat::Flex4)` lists them), for a caller that asks about many cells.
    #[inline]
    pub fn flex4_survives_among(
        &self,
        board: &Board,
        i: usize,
        c: Color,
        points: impl IntoIterator<Item = usize>,
    ) -> bool {
        let ci = c.index();
        let stone = c.opp().cell() as u32;
        points.into_iter().any(|f| {
            if f == i {
                return false;
            }
            // A point off every line through `i` keeps its patterns.
            let Some((d, k)) = line_offset(f, i) else {
                return true;
            };
            let mut pats = self.cells[f].pat[ci];
            let (p0, p1) = self.table.get(board.key(f, d) | stone << slot(k));
            pats[d] = if ci == 0 { p0 } else { p1 };
            self.weights.tuple(ci, tuple_index(&pats)).combo & COMBO_MASK == Combo::Flex4 as u8
        })
    }

    /// The line pattern `c` gets along direction `d` by playing `i`.
    #[inline]
    pub fn pattern(&self, i: usize, c: Color, d: usize) -> Pattern {
        Pattern::from_u8(self.cells[i].pat[c.index()][d])
    }

    /// The combination `c` gets by playing `i`.
    #[inline]
    pub fn combo(&self, i: usize, c: Color) -> Combo {
        // SAFETY-free conversion: values come from `Combo as u8`.
        COMBOS[(self.cells[i].combo[c.index()] & COMBO_MASK) as usize]
    }

    /// Whether the patterns at `i` leave room for a renju foul by black (a cheap filter
    /// in front of the exact recursive check).
    #[inline]
    pub fn maybe_forbidden(&self, i: usize) -> bool {
        self.rule == Rule::Renju && self.cells[i].combo[0] & FORBID_FLAG != 0
    }

    /// The evaluation's weights `[as the side to move, as the other side]` of the shape
    /// `c` has at the empty cell `i`.
    #[inline]
    pub fn learned(&self, i: usize, c: Color) -> [i16; 2] {
        self.cells[i].learned[c.index()]
    }

    #[inline]
    pub fn value(&self, i: usize, c: Color) -> i32 {
        shape_values()[self.cells[i].shape[c.index()] as usize] as i32
    }

    /// Number of empty cells where `c` gets exactly `combo` (renju black's likely fouls,
    /// [`FOUL_FLAG`], counted as none).
    #[inline]
    pub fn count(&self, c: Color, combo: Combo) -> u16 {
        self.count[c.index()][combo as usize]
    }

    /// Every cell's state (what [`Evaluator::shape`] and [`Evaluator::combo`] read), for
    /// loops over many cells; an occupied cell's state is stale but well-formed.
    #[inline]
    pub fn cell_states(&self) -> &[CellState; NCELLS] {
        &self.cells
    }

    /// Whether the combination byte of a [`CellState`] makes any threat (an open three or
    /// more: [`Evaluator::combo`] is not [`Combo::None`]).
    #[inline]
    pub fn makes_threat(combo: u8) -> bool {
        combo & COMBO_MASK != Combo::None as u8
    }

    /// The empty cells where `c` gets threat class `t`.
    #[inline]
    pub fn cells(&self, c: Color, t: Threat) -> &CellSet {
        &self.sets[c.index()][t as usize]
    }

    /// Static score from the side to move's point of view: the tables' sums over the empty
    /// cells and the threat term of both sides' threat levels, over the divisor
    /// ([`Weights`]). Nothing is computed here but the sum: the totals follow the stones
    /// (`_board` is not read).
    #[inline]
    pub fn evaluate(&self, _board: &Board, side: Color) -> i32 {
        let (s, o) = (side.index(), side.opp().index());
        let w = self.weights;
        let threat = w.threat(
            s,
            threat_level(&self.count[s]),
            threat_level(&self.count[o]),
        );
        let sum = self.lsum[s][0] + self.lsum[o][1] + threat;
        // Every shipped table has divisor 8: as a constant the division is two shifts and an
        // add instead of an integer division (about 1 % of the search's time, perf).
        match w.divisor {
            8 => sum / 8,
            d => sum / d as i32,
        }
    }

    /// The evaluation shape (see [`weights::shapes`]) `c` has on the empty cell `i`.
    #[inline]
    pub fn shape(&self, i: usize, c: Color) -> usize {
        self.cells[i].shape[c.index()] as usize
    }

    /// Number of empty cells per combination class for `c` (threat levels).
    #[inline]
    pub fn counts(&self, c: Color) -> &[u16; NCOMBOS] {
        &self.count[c.index()]
    }

    /// Compares against a from-scratch computation (used by tests).
    pub fn matches_fresh(&self, board: &Board) -> bool {
        let fresh = Evaluator::with_weights(board, self.rule, self.weights);
        if fresh.lsum != self.lsum || fresh.count != self.count || fresh.sets != self.sets {
            return false;
        }
        board
            .all_cells()
            .filter(|&i| board.cell(i) == EMPTY)
            .all(|i| {
                // (`after` means nothing on the board.)
                fresh.cells[i]
                    == CellState {
                        after: fresh.cells[i].after,
                        ..self.cells[i]
                    }
            })
    }
}

const COMBOS: [Combo; NCOMBOS] = [
    Combo::None,
    Combo::Flex3,
    Combo::Flex3Plus,
    Combo::DoubleFlex3,
    Combo::Block4,
    Combo::Block4Plus,
    Combo::Block4Flex3,
    Combo::Flex4,
    Combo::Five,
];
