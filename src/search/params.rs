//! Every constant of the search's rules in one place, grouped as Rapfi's `parameter.h`
//! groups its own: the aspiration window, static pruning, depth adjustments, extensions,
//! move-count pruning, late-move reductions, the horizon's VCF search, and the move
//! ordering's statistics. Those that SPSA may tune are read through `tune.rs`.
//!
//! Scores are in evaluation units: about 1,030 a logit of the win rate (the fitted K of
//! `pbrain-wuzi train`); an open three is worth about 30 to the side that can make it, a
//! four-three point about 300. A figure next to a constant is its worth in self-play
//! (`scripts/match.py`, 15x15 freestyle, balanced openings with both colours, against the
//! engine without it, 95 % bars; "by pairs" counts the two colours of an opening as one
//! sample), at 100 ms a move unless stated, with the commit that measured it. "SPSA
//! ce963c3" marks a value set by the tune of that commit (+31.6 ± 12.6 by pairs over 2,080
//! games for all its values together).
//!
//! The rules measured and kept that have no constant of their own (the score stack's
//! entries, hindsight, the TT-corrected score of static pruning, the move-count pruning of
//! threat moves, the setup moves, continued attacks and delaying fours of the reductions,
//! the attack history, the best move's statistics) carry their figures beside their code in
//! `alphabeta.rs`; the move statistics kept from one move to the next, at `MoveStats`
//! there. The ideas measured and left out are in [`crate::tried`]; the measurements' full
//! account, with commands and seeds, is in `git show 9eacd72:src/search/params.rs`.

// ---------------------------------------------------------------------------------------
// Aspiration window
// ---------------------------------------------------------------------------------------

/// Half-width of the root's first window around the previous iteration's score, from depth
/// 5; each fail widens it three times. SPSA ce963c3: 66, from 60.
pub const ASPIRATION: i32 = 66;

// ---------------------------------------------------------------------------------------
// Static pruning: reverse futility and razoring
// ---------------------------------------------------------------------------------------

/// Reverse futility pruning (Rapfi's form, any depth): a non-PV node not under an open three
/// whose score beats beta by `RFP_MARGIN * (depth - 1 - improving)` returns it. About +19 ±
/// 13 over 2,838 games against the depth-6 form with 80 a ply (7d4d015). SPSA ce963c3: 340.
pub const RFP_MARGIN: i32 = 340;
/// Razoring: a non-PV node at most this deep whose score is `RAZOR_MARGIN` a ply below alpha
/// is settled by the horizon's VCF search alone. With reverse futility, move-count pruning
/// and LMR: +144 ± 88 (74 games, 200 ms, 8363b72). SPSA ce963c3: 2, from 3.
pub const RAZOR_MAX_DEPTH: i32 = 2;
/// See RAZOR_MAX_DEPTH. SPSA ce963c3: 119, from 120.
pub const RAZOR_MARGIN: i32 = 119;

// ---------------------------------------------------------------------------------------
// Depth adjustments: internal iterative reduction, hindsight
// ---------------------------------------------------------------------------------------

/// Internal iterative reduction: a node at least this deep with no TT move is searched one ply
/// shallower. About +13 ± 10 over 2,983 games from depth 5 (12e4370). SPSA ce963c3: 6.
pub const IIR_MIN_DEPTH: i32 = 6;
/// The hindsight depth adjustment's margin for the shallower search (alphabeta.rs, where its
/// worth is): 0.58 of a logit (Stockfish's 175). Not tuned.
pub const HINDSIGHT_MARGIN: i32 = 500;

// ---------------------------------------------------------------------------------------
// Extensions
// ---------------------------------------------------------------------------------------

/// Singular extension with multi-cut: from this depth, when the TT move holds a lower bound
/// from at least depth - 3, the other moves are searched at half depth against its score less
/// `SE_MARGIN` a ply. +20 ± 51 (160 games, 200 ms, 8363b72). SPSA ce963c3: 6, from 7.
pub const SE_MIN_DEPTH: i32 = 6;
/// See SE_MIN_DEPTH. SPSA ce963c3: 2 (tuned 2.35, rounded).
pub const SE_MARGIN: i32 = 2;

// ---------------------------------------------------------------------------------------
// Move-count and history pruning
// ---------------------------------------------------------------------------------------

/// Move-count pruning: at a non-PV node not under an open three, quiet moves and threat moves
/// that are not fours after the first `(LMP_BASE + depth^2) / (2 - improving)` are skipped at
/// depths up to LMP_MAX_DEPTH.
/// SPSA ce963c3: 8, from 6.
pub const LMP_MAX_DEPTH: i32 = 8;
/// See LMP_MAX_DEPTH. SPSA ce963c3: 3, from 4.
pub const LMP_BASE: i32 = 3;
/// History pruning: at a non-PV node at most this deep, a quiet move whose history is below
/// `-HISTORY_PRUNE_MARGIN * depth` is skipped; 0 turns it off. Depth 4: +3.1 ± 10.2 by pairs
/// (2,000 games, 564c79d), left off; both are tunables for SPSA.
pub const HISTORY_PRUNE_DEPTH: i32 = 0;
/// See HISTORY_PRUNE_DEPTH (a cut-off at depth d gains about 46 d^2 of history).
pub const HISTORY_PRUNE_MARGIN: i32 = 8192;

// ---------------------------------------------------------------------------------------
// Late-move reductions
// ---------------------------------------------------------------------------------------

/// Late-move reductions: `ln(depth) * ln(move number) / LMR_DIVISOR` plies for the moves after
/// the first LMR_MIN_MOVES. SPSA ce963c3: 1.5053, from 1.6.
pub const LMR_DIVISOR: f64 = 1.5053;
/// See LMR_DIVISOR. SPSA ce963c3: 2, from 3.
pub const LMR_MIN_MOVES: usize = 2;
/// The terms of a reduction, in plies (summed in 1/1024 of a ply and rounded at the end,
/// 4a2f274): a threat move (an open three made or stopped) is reduced this much less than a
/// quiet move (+69 ± 68 over 102 games, 200 ms, 8363b72).
pub const LMR_THREAT: f64 = 1.0;
/// A quiet move that adds a four-three or double-three point of ours (a setup move): less.
pub const LMR_SETUP: f64 = 1.0;
/// A threat right after our own threat two plies up (a continued attack): less.
pub const LMR_CONTINUED: f64 = 1.0;
/// A move at a non-PV node whose static score is not improving: more.
pub const LMR_NOT_IMPROVING: f64 = 1.0;
/// A move at a PV node: less.
pub const LMR_PV: f64 = 0.0;
/// A quiet move: this many times its history (as a fraction of HISTORY_MAX) less.
pub const LMR_HISTORY: f64 = 0.0;
/// A root move is reduced this much less than a move inside the tree (LMR at the root:
/// +23 ± 65 over 107 games, 200 ms, 8363b72).
pub const LMR_ROOT: f64 = 1.0;
/// At the root, reductions start after this many moves. SPSA ce963c3: 9, from 5.
pub const ROOT_LMR_MIN_MOVES: usize = 9;

// ---------------------------------------------------------------------------------------
// The horizon: a VCF search
// ---------------------------------------------------------------------------------------

/// Attacking fours the horizon's VCF search may play in a row.
pub const QUIESCE_FOURS: i32 = 12;
/// Horizon levels (counted from the horizon) where a plain four, one that makes nothing else,
/// may be played; deeper, only fours that also make a three or more.
pub const QUIESCE_PLAIN_LEVELS: i32 = 2;
/// Delta pruning at the horizon (Rapfi's QVCF step 6): a zero-window horizon node whose stand
/// pat is more than `QUIESCE_DELTA + QUIESCE_DELTA_LEVEL * level` (at least QUIESCE_DELTA_MIN)
/// below alpha returns alpha; 0 turns it off. About +6.5 ± 8 over 4,000 games (46325f4).
pub const QUIESCE_DELTA: i32 = 9040;
/// See QUIESCE_DELTA (`level` counts down from 0 with each attacking four).
pub const QUIESCE_DELTA_LEVEL: i32 = 260;
/// See QUIESCE_DELTA. Rapfi's 2086 + 60 a level, at least 768, on this scale.
pub const QUIESCE_DELTA_MIN: i32 = 3330;

// ---------------------------------------------------------------------------------------
// Move ordering: history, killers, counter move
// ---------------------------------------------------------------------------------------

/// History: a cut-off at depth d gives `d^2 * HISTORY_SCALE` (gravity towards ±HISTORY_MAX)
/// to the move that cut and takes as much from the moves of its kind tried before it.
/// SPSA ce963c3: 46, from 32.
pub const HISTORY_SCALE: i32 = 46;
/// See HISTORY_SCALE.
pub const HISTORY_MAX: i32 = 1 << 16;
/// The weight in the ordering score of the attack history, the history our threat moves have
/// of their own (alphabeta.rs `reward`, where its worth is): a right shift; 7: -8.1 ± 15.3
/// (928f516).
pub const ATTACK_HISTORY_SHIFT: i32 = 8;
/// Ordering bonus of the quiet move that last refuted the opponent's previous move.
/// SPSA ce963c3: 360, from 300.
pub const COUNTER_BONUS: i32 = 360;
/// Ordering bonus of the two killers, among the threat moves instead of above them: about
/// +10.8 ± 8.6 by pairs over 4,200 games (032753a). SPSA ce963c3: [487, 499], from [450, 400].
pub const KILLER_BONUS: [i32; 2] = [487, 499];
