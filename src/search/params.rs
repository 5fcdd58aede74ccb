//! Every tunable constant of the search in one place, with the Elo each one was measured
//! at in self-play (scripts/match.py, 15x15 freestyle, 200 ms a move, the 40 balanced
//! openings with both colours, concurrency 2, against the engine without it; 95% bars).
//! Scores are in evaluation units: an open three is worth about 30 to the side that can
//! make it, a four-three point about 300.
//!
//! Measured steps (each against the one before):
//! * horizon VCF + static wins alone: -44 +/- 62 (120 games): no gain by itself at this
//!   speed; it is what razoring falls into, and it finds what the depth misses;
//! * then reverse futility, razoring, move-count pruning, log LMR: +144 +/- 88 (74 games,
//!   against the engine before this work);
//! * exact defences, 4-3 static win with a checked block: -8 +/- 75 (85), kept for exactness;
//! * pair table, history with gravity and malus, counter move: 0 +/- 85 (63);
//! * LMR for threat moves (one ply less than quiet moves): +69 +/- 68 (102);
//! * LMR at the root: +23 +/- 65 (107);
//! * singular extension: +20 +/- 51 (160);
//! * move-count pruning of threat moves, delaying fours reduced (session 17, 100 ms a move):
//!   +28.6 +/- 17.5 (1,460; SPRT [0, 10] accepted);
//! * reverse futility and razoring on the TT's score where its bound corrects the static
//!   score (session 18, 100 ms a move): +12.5 +/- 9.6 (4,800; SPRT [0, 10] accepted).
//! * a threat right after our own threat two plies up reduced one ply less (session 25,
//!   100 ms a move): +15 +/- 10 (2,541 over two runs; SPRT [0, 10] on the two as one stream).
//! * internal iterative reduction, a deep node without a TT move one ply shallower (session
//!   26, 100 ms a move): +13 +/- 10 (2,983 over two runs; SPRT [0, 10] on the two as one
//!   stream).
//! * killers ordered among the threat moves instead of above them (KILLER_BONUS, session
//!   31, 100 ms a move): +10.8 +/- 8.6 (4,200 over three runs; SPRT [0, 10] on the three as
//!   one stream).
//! * learned per-shape corrections of the ordering score (eval/policy.rs, session 32,
//!   100 ms a move): +32.2 +/- 18.8 (781; SPRT [0, 10] accepted).
//! * reverse futility pruning in Rapfi's form, at any depth (RFP_MARGIN, session 36, 100 ms
//!   a move): +26.9 +/- 16.9 (1,023; SPRT [0, 10] accepted), about +19 +/- 13 over 2,838
//!   games in three runs.
//! * the score stack `improving` reads made right: the root's static score written, and the
//!   parent's negated at forced nodes (ROOT_STATIC_EVAL, EVAL_FROM_PARENT; session 56, 100 ms a
//!   move): +27.5 +/- 17.0 (1,078; SPRT [0, 10] accepted).
//! * hindsight depth adjustment, a reduced node one ply deeper or shallower by its static
//!   score against its parent's (HINDSIGHT, session 65, 100 ms a move): +6.4 +/- 8.3 (4,000
//!   over two runs; SPRT [0, 10] inconclusive in both, in on the positive estimate).

//
// Tried in session 5 and left out (self-play, 100 ms/move, against the engine without it;
// "random" = 4 random near-centre stones, "balanced" = 200 openings the engine scores
// within +/-300 at depth 6; with random openings 82 % of the pairs are won by the same
// colour both times, with balanced ones 66 %, so balanced openings are twice as sensitive):
// * reverse futility 200, razoring 300 per ply (learned-evaluation scale, K ~ 1,500 per
//   logit): +11.0 +/- 27.7 (600 random); with the move-ordering and time changes together
//   +5.2 +/- 33.7 (400 balanced): not significant, margins kept;
// * internal iterative reduction (no TT move, depth >= 4: one ply less): -9.7 +/- 30.3 (500)
//   (in since session 26 from depth 5: IIR_MIN_DEPTH);
// * cut-node tracking with one more LMR ply for non-killers at cut nodes and a fail-high
//   reduction (Rapfi-style, margin -70 + 110 * depth): -12.9 +/- 41.5 (270, stopped);
// * LMR divisor 1.3: +1.7 +/- 33.7 (400);
// * move-count pruning with Rapfi's count (3 + depth^1.32) / (2 - improving) to depth 10:
//   -7.3 +/- 43.7 (239 balanced, stopped).

//
// Tried in session 9 on a lent 16-core machine (each candidate against this engine, 100 ms
// a move, 1,068 balanced openings (the engine scores them within +/-300 at depth 6) with
// both colours, 4 matches of concurrency 4 side by side for 490 s; 95 % bars):
// * LMR from the third move instead of the fourth (LMR_MIN_MOVES 2): +21.1 +/- 20.9 (1,041),
//   then here (2 cores, concurrency 2, other opening orders) +10.4 +/- 27.4 and
//   +2.9 +/- 27.5 (600 each; SPRT [0, 10] inconclusive both times): about +12 +/- 14 over
//   2,241 games, not accepted; session 11, with the Rapfi-fitted table: -8.1 +/- 27.4
//   (600, seed 204), about +8 +/- 12 over 2,841 games: still not accepted;
// * reverse futility to depth 8: +14.2 +/- 21.4 (977);
// * history in LMR, r -= history / 16384 within +/-2 for quiet moves: +13.7 +/- 21.0 (1,013);
// * move-count pruning to depth 8: +11.8 +/- 20.8 (1,033);
// * Rapfi's stale-PV reduction (above): -1.7 +/- 21.2 (994);
// * alpha raised: the rest one ply shallower (2 < depth < 12): -1.3 +/- 20.4 (1,081);
// * PV nodes reduced one ply less: -6.2 +/- 20.6 (1,059);
// * razoring to depth 4: -7.9 +/- 20.8 (1,051).
// The four best together measured -11.9 +/- 15.3 (1,954 games; a second run of the same
// pairing lost its log): with eight candidates at +/-21, the best four are what noise
// alone gives (the expected best of eight null results is about +15). None went in.

//
// Tried in session 15 at a fixed 50,000 nodes a move (self-play, balanced openings, concurrency
// 1, SPRT [0, 10]; node counts do not depend on the busy machine, and since the node-limit fix
// of that session a node limit really bounds the move), each against the engine without it:
// * LMR divisor 1.0 (instead of LMR_DIVISOR): -9.6 +/- 33.4 (400);
// * a move that makes two open twos (or better) at once treated as a threat move (no move-count
//   pruning, one ply less LMR): +4.3 +/- 33.5 (400).
// On scripts/missed_wins.py's 32 positions (forced wins Wuzi missed against Rapfi, 1.5M-node cap)
// no variant saw more than two more wins than its base (README, "Where the games are lost").
// None went in.

//
// Tried in session 16 (each against the engine without it; 50,000 nodes a move at concurrency 1,
// or 100 ms a move at concurrency 2; balanced openings; scripts/missed_wins.py at a 1.5M-node
// cap on its two sets, 56 positions, where the engine without it sees 13):
// * where the opponent has an open three, our fours that do not defend (they only delay) reduced
//   like quiet moves instead of never: missed wins 17 of 56; +26.1 +/- 33.6 and +4.3 +/- 33.2 at
//   50,000 nodes, +3.5 +/- 33.5 and +11.3 +/- 33.5 at 100 ms (400 games each; about +11 +/- 17
//   over the 1,600): SPRT [0, 10] inconclusive, not accepted then (in since session 17 with
//   LMP_THREATS: REDUCE_DELAYING below);
// * on top of that, one ply more for those fours: missed wins 12; or one ply less for a three
//   made right after our own three (Rapfi's "continuous attack"): 11; neither played;
// * defences against an open three reduced like threat moves: missed wins 14 (14 with the
//   first as well); -6.0 +/- 44.2 at 50,000 nodes (232 games, stopped);
// * double singular extension (two plies at a non-PV node when the others fail 100 below the
//   singular bound, at most 8 such plies on a line): missed wins 10, twice the bench's nodes to
//   the same depth; not played.
// The missed-wins counts move by +/-3 with changes that should not matter (the iteration that
// finds a win shifts), so they screen, they do not decide.
// None went in.

//
// Tried in session 17 (100 ms a move, concurrency 2, balanced openings, 400 games each, against
// the engine without it):
// * threat moves (an open three made or stopped, not fours) reduced as much as quiet moves, and
//   from the LMR_MIN_MOVES-th move whatever the table says: -14.8 +/- 33.6 (35 % fewer nodes to
//   depth 12 on the bench);
// * a four extended one ply (at depth >= 3, not under an open three, at most 6 plies on a line;
//   or only near our previous stone): missed wins 12 and 14 of 56 against 13, 2.3 and 1.8 times
//   the bench's nodes to the same depth; not played;
// * quiet moves that make not even a two for either side skipped at depth <= 4 (Rapfi's trivial
//   moves): the same nodes on the bench (move-count pruning already takes them); not played;
// then on top of LMP_THREATS and REDUCE_DELAYING:
// * delaying fours also skipped by move-count pruning (depth <= 4): -13.7 +/- 32.9 (407 games,
//   stopped);
// * reverse futility to depth 8 (+14.2 +/- 21.4 in session 9): -13.3 +/- 31.8 (443, stopped);
// * move-count pruning to depth 8 (+11.8 +/- 20.8 in session 9): +0.7 +/- 30.1 (483, stopped);
// * threat moves pruned two moves earlier than quiet ones ((LMP_BASE - 2 + depth^2) / (2 -
//   improving)): -1.4 +/- 29.4 (510, stopped);
// * QUIESCE_PLAIN_LEVELS 1 (21 % fewer nodes to depth 12 on the bench): +22.3 +/- 31.9 after
//   437 games, then +4.9 +/- 16.7 after 1,574 (stopped, SPRT [0, 10] at LLR -0.02).
// (100 ms a move, concurrency 2, balanced openings, seeds 1704 to 1708.)
// The VCT solver with the exact defences of an open three (moves::is_defence) instead of every
// four-point of the attacker solved 1 of 40 of the missed-wins positions against 2 (300,000
// nodes, 4 threes); with 10 threes and 2M nodes the old one solves 6: those wins are not short
// VCTs. Not kept.

//
// Tried in session 18 (100 ms a move, concurrency 2, balanced openings, against the engine
// without it):
// * history in LMR again (quiet moves: r -= history / 16384 within +/-2; +13.7 +/- 21.0 in
//   session 9): -20.6 +/- 40.3 (270 games, seed 1801, stopped);
// * Rapfi's move-count limit, (3 + depth^1.32) / (2 - improving), at every depth instead of
//   (LMP_BASE + depth^2) / (2 - improving) to depth 6, for quiet and threat moves (not fours):
//   +5.2 +/- 16.7 (1,594 games, seed 1802, stopped at LLR 0.03), with 58 % fewer nodes to
//   depth 12 on the bench (0.92M against 2.20M): as strong at 100 ms on far fewer nodes, not
//   better.
// then on top of TT_CORRECTS_EVAL:
// * fours (not under an open three) reduced like threat moves, one ply less than quiet moves
//   where the table gives more than one: +1.7 +/- 19.0 (1,239 games, seed 1805, stopped at
//   LLR -0.35); 9 % fewer nodes to depth 12 on the bench.

//
// Tried in session 19 (100 ms a move, concurrency 2, balanced openings, against the engine
// without it; `pbrain-wuzi bench 12`: 2.29M nodes to depth 12 without any of them):
// * Rapfi's fail-high reduction: at a non-PV cut node (cut nodes tracked as in Stockfish)
//   whose score (TT-corrected) is at least beta - 10 + 20 * depth (+110 under an open three),
//   every move but a four searched one ply shallower: -4.2 +/- 22.2 (907 games, seed 1901,
//   stopped); 2.08M nodes;
// * the horizon VCF reads the TT (cut-off on a bound that settles the window, its move
//   first) and stores its result at depth -1, as Rapfi's VCF search does: +3.9 +/- 17.2
//   (1,505 games, seed 1902, stopped at LLR -0.14); 1.82M nodes;
// * one ply more LMR at cut nodes for moves that are not killers (Rapfi: +1.8 plies):
//   +0.7 +/- 21.4 (964 games, seed 1903, stopped); 2.20M nodes;
// * negative singular extension (the TT move a ply shallower when the others are not all
//   below the singular bound, the bound is below beta and the TT score is above it):
//   +5.7 +/- 14.6 (2,079 games, seed 1904, stopped at LLR 0.12); 2.42M nodes;
// * the horizon TT and the negative extension together, with Rapfi's move-count limit at
//   every depth (session 18, +5.2 +/- 16.7 alone): +1.5 +/- 19.4 (1,176 games, seed 1905,
//   stopped at LLR -0.36); 0.77M nodes;
// * the static score also stored at a node that answers a forced block, so that `improving`
//   two plies below compares with this line's score instead of a stale one: -0.8 +/- 15.8
//   (1,768 games, seed 1906, stopped at LLR -0.89); 2.53M nodes.
// Each alone is within a few Elo of nothing at 100 ms, and together they do not add up.

//
// Session 20. First what depth is worth: the engine at 200 ms a move against itself at 100 ms
// (160 ms of thought against 60 ms after the time manager's margin): +106.6 +/- 35.1 (400
// games, seed 2002), about +75 Elo per doubling of time. The tries of sessions 18 and 19
// reached depth 12 on up to a third of the nodes and gained nothing, so what they saved in
// nodes they lost in accuracy. Then, with fractional extensions owed along the line in
// sixteenths of a ply (Rapfi counts depth in fractions; kept outside the repository), each
// against the engine without it (100 ms a move, concurrency 2, balanced openings):
// * the forced block of a four extended 1.3 plies instead of 1 (Rapfi's OPPO5_EXT): a four
//   costs its side 0.7 of a ply instead of 1: -18.1 +/- 44.2 (231 games, seed 2001,
//   stopped); 2.40M nodes to depth 12 on the bench instead of 2.29M;
// * the TT move extended 0.25 of a ply at PV nodes and 0.08 elsewhere where no singular
//   extension applies (Rapfi's TTM_EXT_PV, TTM_EXT_NONPV): -0.6 +/- 19.2 (1,202 games, seed
//   2003, stopped at LLR -0.58), though it needed only 1.76M nodes to depth 12 and saw 20 of
//   `scripts/missed_wins.py`'s 56 forced wins at 1.5M nodes against 14 (the four extension:
//   16 at 0.3, 15 at 0.5, 6 at a whole ply; Rapfi's futility form below: 14). The
//   missed-wins count again did not predict the games.
// Not played: futility in Rapfi's form (margin 250 per ply beyond the first, any depth):
// 2.92M nodes to depth 12.
// The horizon is most of the tree (bench 12: of 2.27M search entries 740k are forced blocks
// of a four and 828k horizon nodes; 309k reach the move loop). A narrower horizon:
// * the horizon TT of session 19 (+3.9 +/- 17.2 alone) with plain fours at the first horizon
//   level only (QUIESCE_PLAIN_LEVELS 1; +4.9 +/- 16.7 alone in session 17): -13.5 +/- 19.9
//   (1,105 games, seed 2005, stopped at LLR -1.80), although it reached depth 12 in 11 % less
//   time (1.74M nodes).
// A wider one, then: plain fours at the first three horizon levels (QUIESCE_PLAIN_LEVELS 3):
// -3.8 +/- 18.7 (1,272 games, seed 2006, stopped at LLR -0.97); 2.50M nodes, 3 % more time
// to depth 12. The horizon's width is where it should be within what 100 ms games can tell.

//
// Session 23: what time is worth against Rapfi, and two wider prunings measured at longer
// time. Rapfi keeps about 30 ms of every move back (at 50 / 100 / 200 ms a move it used 20 /
// 70 / 170 ms), Wuzi 1/16 of it (at least 40 ms). Under c-gomoku-cli (`odds.py`, the 40
// balanced openings with both colours, 80 games each): Wuzi 250 ms against Rapfi 50 ms
// +43 -37 =0 (54 %, +26 [-50, +105]); 500 against 100 +33 -42 =5 (44 %, -39 [-116, +34]);
// 1,000 against 200 27-33 % over sessions 18-22. Wuzi is level with Rapfi at ten times its
// thinking time when both think briefly and falls behind as both think longer: Rapfi gains
// more per doubling, so 100 ms self-play measures Wuzi where Rapfi is not yet ahead (read
// again in session 24, below: mostly Rapfi's 30 ms reserve). Where
// the nodes go at longer times (a counting build, kept outside the repository): on the first
// move of an opening searched for 4 s, of 6.9M node entries 34 % are forced blocks of a four
// and 37 % horizon nodes, and the 1.05M that reach the move loop are 45 % under an open three
// of the opponent; in a middle game from a lost game (1 s), 76 % of the move loops are under
// an open three and 61 % of the moves they search are our own fours. Each against the engine
// without it:
// * delaying fours (our fours that do not defend against the opponent's open three) skipped
//   by move count at any depth with Rapfi's count, (3 + depth^1.32) / (2 - improving), once a
//   move that does not lose is found: 42 % fewer nodes to depth 12 on the bench (1.56M
//   against 2.69M; 36 % less time), the forced wins of `scripts/missed_wins.py` seen with a
//   median of 284k nodes instead of 1.6M (5 of 23 either way); self-play at 100 ms
//   -8.3 +/- 22.3 by pairs (627 games, seed 2301, stopped); against Rapfi at 1,000 / 200 ms
//   +19 -55 =6 (27.5 %, -168 [-261, -94]; seed 42), the same as without it;
// * Rapfi's move-count limit at every depth (session 18) with LMR_DIVISOR 1.0: a quarter of
//   the nodes to depth 14 on the bench (2.05M against 8.05M), half a ply deeper in 1 s on the
//   first move of 12 openings (`scripts/depth.py`: median 15.5 against 15.0); against Rapfi at
//   500 / 100 ms +29 -44 =7 (41 %, -66 [-144, +6]; seed 41, partly beside another job);
//   self-play at 400 ms a move -27.4 +/- 37.8 by pairs (178 games, seed 2302, stopped).
// Neither went in.

//
// Session 24: where the opponent threatens, and the quiet moves the move count skips. Each
// against the engine without it (self-play at 100 ms a move, concurrency 2, `bal_s2201.txt`
// with both colours, SPRT [0, 10] counted by pairs; `pbrain-wuzi bench 12`: 2.17M nodes to
// depth 12 without any of them):
// * reverse futility and razoring also where the opponent has an open three (Rapfi prunes
//   there too): **-73.6 +/- 32.7** (206 games, seed 2402, H0 accepted at LLR -3.06);
//   2.15M nodes. The static score is no guide where a three must be answered;
// * razoring alone there (reverse futility still off): +3.3 +/- 16.2 (1,143 games, seed
//   2405, stopped at LLR -0.24); 2.09M nodes. So it is reverse futility that must stay off
//   under an open three;
// * the other way, neither of them where the opponent has a four-three or double-three
//   point (a win threatened for its next move): -20.7 +/- 19.6 (874 games, seed 2403,
//   stopped at LLR -2.60); 2.99M nodes;
// * a horizon node (depth 0) facing an open three searched one ply (its defences and our
//   fours; once on a line) instead of standing pat: -3.3 +/- 16.1 (1,156 games, seed 2404,
//   stopped at LLR -1.24); 2.30M nodes;
// * quiet moves past the move count searched when they give us a new four-three or
//   double-three point (SETUP_MOVES; each quiet move that could, by the lines of our
//   three- and four-points within four cells, made to find out): -22.0 +/- 24.6 (508 games,
//   seed 2401, stopped); 2.57M nodes and 1.3 times the time to depth 12 (the makes of the
//   moves that turn out not to set up cost as much as the nodes);
// * a quiet move that gives us no new point to make a three or four on and takes none from
//   the opponent (43 % of the reducible quiet moves on the bench) reduced one ply more:
//   -3.8 +/- 14.6 (1,109 games, seed 2408, stopped at LLR -1.57); the same nodes to depth
//   12 (2.17M);
// * reverse futility margin 100 per ply instead of RFP_MARGIN 80: -3.8 +/- 15.6 (1,109
//   games, seed 2406, stopped at LLR -1.39); 60: -1.5 +/- 14.4 (1,368 games, seed 2407,
//   stopped at LLR -1.21): the margin is flat between 60 and 100.
// None went in. Reverse futility stays off under an open three.
// On the time-odds curve of session 23: Rapfi's real thinking time goes 20 -> 70 -> 170 ms
// (x3.5, then x2.4) where Wuzi's goes 210 -> 460 -> 938 ms (x2.2, x2.0). At about 75 Elo a
// doubling, Rapfi's larger first step explains most of the first drop (+26 to -39); the
// second (-39 to about -150) is larger than the time alone explains (about -20), but each
// point carries +/-75. So "Rapfi gains more per doubling" is mostly its 30 ms reserve.

//
// Session 25: the opponent's four-three and double-three points, the four extension, and the
// defender's side of a lost position. On `bench 12` 11 % of the nodes that reach the move
// loop (33k of 299k) have the opponent holding a four-three or double-three point (and no
// open-four point); they search 4.2 of about 70 listed moves, 47 % of those searched are
// moves that take every such point away or fours of ours, and 37 % of their cut-offs come
// from other moves (a counter-threat, or a double three the horizon does not see through).
// Each against the engine without it (self-play at 100 ms a move, concurrency 2,
// `bal_s2201.txt` with both colours, SPRT [0, 10] counted by pairs; `bench 12`: 2.17M nodes
// to depth 12 without any of them):
// * at those nodes, the moves after which the opponent has no such point left (read from
//   the patterns, as the open-three defence check is; renju excepted) ordered first (+4000 on
//   their ordering score, above our open threes, below our four-threes and the killers):
//   -9.9 +/- 14.5 (1,341 games, seed 2501, stopped at LLR -2.73); 2.21M nodes;
// * with that, against a four-three point only those moves and our fours generated (Rapfi's
//   C_BLOCK4_FLEX3 case; all moves where blocking the four would make a four of ours):
//   **-31.5 +/- 22.0** (608 games, seed 2502, H0 accepted at LLR -2.96); 2.23M nodes. The
//   other moves there are worth searching;
// * the forced block of a four (not one played against our open three, not at the horizon)
//   searched one ply deeper, so that a four costs no depth, at most 2 / 4 / 8 times on a
//   line: 6.5M / 11.9M / 18.2M nodes to depth 12; on the first 30 of session 23's
//   missed-wins positions (22 that are not a forced reply) at 1 s a position, 3 and 2 of the
//   wins seen (2 and 4 fours) against 5 without it; not played;
// * where the opponent has an open three, every move after the first (its defences and our
//   fours) reduced by the table's reduction less one, at least one ply, at non-PV nodes of
//   depth 3 or more (Rapfi reduces every move after the first; Wuzi never reduced the
//   defences): +12.9 +/- 11.9 (2,000 games, +982 -908 =110, seed 2503, LLR 2.15 at the cap),
//   then -15.3 +/- 18.1 (773 games, seed 2504, stopped at LLR -2.39): about +3 over the 2,773
//   games, not accepted; 1.63M nodes. (Session 16's form, like threat moves from the fourth
//   move: -6.0 +/- 44.2.)
// * a quiet move that makes two lines of at least an open two for us searched as a threat
//   move (one ply less reduction; past the move count skipped, not ending the list):
//   -9.6 +/- 16.4 (1,014 games, seed 2505, stopped at LLR -2.09); 2.56M nodes (session 15:
//   +4.3 +/- 33.5 over 400 games at 50,000 nodes a move).
// * a threat right after our own threat reduced one ply less: in (CONTINUED_ATTACK below).
// The rest did not go in. Where Wuzi loses to Rapfi: in one of session 23's positions
// (`.g10.k37`) Rapfi proves the defender lost two plies after the mistake (after the attacker's open
// three) at depth 10 in 45 ms; Wuzi does not at depth 11 (153k nodes), though of the
// defender's seven replies (three defences, four fours), each made at the root, three are
// refuted in 17k to 55k nodes (depth 6 to 8) and the others by a forced block or the root's
// VCF: a refutation costs far more inside the tree than at the root, which searches every
// move to the full depth.

//
// Session 26 (self-play at 100 ms a move, concurrency 2, `bal_s2201.txt` with both colours,
// SPRT [0, 10] counted by pairs, each against the engine without it; `bench 12`: 2.98M nodes
// to depth 12 without any of them):
// * the root's move counted as "our threat two plies up" for the continued attack (the
//   root marks its move before making it, as the tree does): +8.7 +/- 10.6 (2,000 games,
//   +973 -923 =104, seed 2601, LLR 1.27 at the cap: inconclusive, not accepted); 3.02M
//   nodes;
// * internal iterative reduction (a node of depth 5 or more without a TT move searched one
//   ply shallower): in (IIR_MIN_DEPTH below).

//
// Session 27 (self-play at 100 ms a move, concurrency 2, `bal_s2201.txt` with both colours,
// SPRT [0, 10] counted by pairs, each against the engine with IIR; `bench 12`: 2.44M nodes
// to depth 12 without any of them):
// * ProbCut (Stockfish): at a non-PV node of depth 5 or more, not under an open three, our
//   four best threat moves (fours, then open threes, by combination and value) each searched
//   four plies shallower against beta + 160; one that holds proves the node fails high
//   (stored as a lower bound at depth - 3; skipped where the TT already has a score below
//   that bound from depth - 3): -3.8 +/- 15.9 (1,017 games, +472 -484 =61, seed 2701,
//   stopped at LLR -1.34); 2.56M nodes;
// * Stockfish's and Rapfi's ttPv: a flag kept in the TT entry (set when the position was
//   searched as a PV node, and kept by every later store of it), and every move at such a
//   node reduced one ply less (Rapfi -0.97 ply, "~10 Elo"): -11.0 +/- 16.9 (1,103 games,
//   +502 -538 =63, seed 2702, stopped at LLR -2.15); 2.05M nodes. (Session 9: PV nodes
//   alone reduced one ply less, -6.2 +/- 20.6);
// * quiet moves reduced one ply more where the TT move is a threat of ours (an open three or
//   more; Stockfish's ttCapture): +3.8 +/- 11.9 (2,000 games, +945 -923 =132, seed 2703,
//   LLR -0.32 at the cap: inconclusive); 2.49M nodes;
// * IIR_MIN_DEPTH 4 instead of 5: -2.3 +/- 14.5 (1,337 games, +626 -634 =77, seed 2704,
//   stopped at LLR -1.34); 2.39M nodes.
// None went in.

//
// Session 28 (self-play at 100 ms a move, concurrency 1, two matches side by side on the two
// cores; the first 200 games of the first run shared a core with builds and profiling),
// `bal_s2201.txt` with both colours, SPRT [0, 10] counted by pairs, each against the engine
// of session 26; `bench 12`: 2.44M nodes to depth 12 without any of them):
// * the root's move counted for the continued attack (session 26, before IIR: +8.7 +/- 10.6
//   over 2,000 games): -11.3 +/- 17.7 (766 games, +354 -379 =33, seed 2801, stopped at LLR
//   -2.01); 2.50M nodes. About +3 over the 2,766 games of the two sessions: not accepted;
// * a quiet move that gives us a new four-three or double-three point (SETUP_MOVES) also
//   counted as a threat for the continued attack, both as the move reduced one ply less
//   and as the threat two plies up: -1.5 +/- 16.2 (907 games, +425 -428 =54, seed 2802,
//   stopped at LLR -0.95); 2.75M nodes;
// * a reduced quiet move whose ordering score is below 10 (a cell worth little to either
//   side: a quarter of the reduced quiet moves on the bench, which raise alpha 0.3 % of the
//   time against 1.2 % for the others) reduced one ply more (after Rapfi's policy term in
//   LMR): -4.6 +/- 13.1 (1,371 games, +638 -655 =78, seed 2803, stopped at LLR -2.14);
//   2.49M nodes. (Session 8's form, one ply more below 32: -2.9 +/- 27.5);
// * null move (Rapfi has it from depth 10, "~3 Elo"): at a non-PV node of depth 4 or more,
//   not under an open three, not right after another null move, whose static score (and
//   TT-corrected score) is at least beta, the opponent moves again and the node is searched
//   3 + depth / 4 plies shallower against beta; a fail high returns (a proven win as beta):
//   -1.7 +/- 10.7 (2,000 games, +943 -953 =104, seed 2804, LLR -2.26 at the cap), then
//   +1.0 +/- 16.2 (1,012 games, +483 -480 =49, seed 2805, stopped at LLR -0.58): about -1
//   over 3,012 games; 2.41M nodes (from depth 8: 2.440M, almost never tried). Reverse
//   futility (to depth 6) already takes most nodes where a null move would hold;
// * Rapfi's useless-defence reduction (under an open three, a delaying four more than four
//   cells from the opponent's last stone one ply more): 2.439M nodes against 2.441M, too
//   rare to measure; not played.
// None went in. Of the 10 variants played since session 26, one gained (IIR); the rest are
// within a few Elo of nothing, below what 2,000 games at 100 ms can tell apart (+/-11).

//
// Session 29: correction history (Stockfish), keyed the Gomoku way. A table per side to move
// of 2^14 slots, a slot being a hash of the four line keys through the last stone (the shape
// of the stones and walls up to five cells from it along its lines, wherever it is on the
// board); a node's static score gets the slot's correction added, and where the node's
// result bounds its static score on the side it says something about (not under an open
// three, not a proven result, a quiet best move or none), the correction moves toward it by
// (result - static) * depth / 8 with gravity, within +/-96 evaluation units; kept from one
// move to the next like the history. Self-play at 100 ms a move, concurrency 1, two matches
// side by side, `bal_s2201.txt` with both colours, SPRT [0, 10] counted by pairs, each against
// the engine of this session's speed-up (same tree as session 26's); `bench 12` 2.44M nodes:
// * the correction in the main search's static score only (the pruning, `improving`):
//   -18.9 +/- 19.7 (663 games, +296 -333 =34, seed 2901, stopped at LLR -2.38); 2.55M nodes;
// * also in the horizon's stand pat: +8.5 +/- 11.9 (2,000 games, +970 -921 =109, seed 2902,
//   LLR 0.96 at the cap), then -5.2 +/- 19.9 (799 games, +377 -389 =32, seed 2904, stopped
//   at LLR -1.00): about +4 over 2,799 games; 2.57M nodes;
// * that with a second table keyed by both sides' numbers of cells per combination (each at
//   most 3; Stockfish's material-like keys), the two averaged: -18.0 +/- 21.0 (639 games,
//   +286 -318 =35, seed 2903, stopped at LLR -2.02); 2.64M nodes;
// * the correction in the stand pat only (the main search prunes on the plain static score;
//   the table learns the plain score's error): +1.6 +/- 19.1 (882 games, +421 -417 =44, seed
//   2905, stopped at LLR -0.36) and -1.8 +/- 17.8 (945 games, +452 -456 =37, seed 2906,
//   stopped at LLR -0.83), the two side by side: about 0 over 1,827 games; 2.69M nodes.
// None went in (the code, a `search/correction.rs` with its tests, is kept outside the
// repository). The tables' static score is no worse in one local shape than another in a
// way that a search of the same game can learn and use within a few hundred thousand nodes.

//
// Session 30 (self-play at 100 ms a move, concurrency 1, two matches side by side,
// `bal_s2201.txt` with both colours, SPRT [0, 10] counted by pairs, each against the engine
// of session 29; `bench 12`: 2.44M nodes to depth 12 without any of them):
// * Rapfi's two-ply damping of the static score (the line part averaged with the previous
//   position's, from the journal's totals; the threat part the current one's), in the main
//   search and the stand pat: **-126.1 +/- 46.0** (184 games, +56 -120 =8,
//   seed 3001, H0 accepted at LLR -3.00); 2.84M nodes. Averaging takes the tempo out of the
//   tables' own/opponent split, and the threat term alone does not carry it;
// * a PV node facing an open three searched one ply deeper (at most twice on a line):
//   -5.2 +/- 24.3 (473 games, +217 -223 =33, seed 3002, stopped at LLR -0.66); 2.94M nodes
//   (6.08M with at most four such plies);
// * LMR_DIVISOR 1.9 instead of 1.6 (less reduction; 1.0 to 1.3 measured no better before):
//   +7.6 +/- 13.5 (1,565 games, +758 -724 =83, seed 3003, stopped at LLR 0.54); 1.96M nodes.
// None went in.

//
// Session 31 (self-play at 100 ms a move, concurrency 2, `bal_s2201.txt` with both colours,
// SPRT [0, 10] counted by pairs):
// * killers ordered among the threat moves: in (KILLER_BONUS below);
// * then, on top of it, LMR_DIVISOR 1.9 instead of 1.6 (+7.6 +/- 13.5 in session 30, before
//   it): -3.4 +/- 17.6 (928 games, +432 -441 =55, seed 3104, stopped for time at LLR -1.04);
//   1.36M nodes to depth 12 on the bench instead of 1.83M. About +3 over the 2,493 games of
//   the two sessions: not accepted.

//
// Session 32 (self-play at 100 ms a move, concurrency 2, `bal_s2201.txt` with both colours,
// SPRT [0, 10] counted by pairs):
// * learned per-shape corrections of the ordering score (eval/policy.rs): in, +32.2 +/- 18.8
//   (781 games, +408 -335 =38, seed 3201, H1 at LLR 2.99);
// * then, on top of it, the same fit with a value per distance class from the opponent's
//   last stone and from our own (policy file version 2's `last` and `prev`; validation
//   cross-entropy 2.362 -> 2.316, move played first 32.2 % -> 33.0 %): +5.2 +/- 16.7 (1,065
//   games, +511 -496 =58, seed 3202, stopped for time at LLR 0.03). Not accepted: the
//   shipped file has them at zero.
// * then one ply more of LMR for a quiet move whose ordering score (corrections, killers and
//   history included) is below -2,500: the cells both tables call useless, half of the
//   quiet moves reduced on `bench 12` (median score -2,779): -9.1 +/- 20.9 (690 games, +318
//   -336 =36, seed 3203, stopped at LLR -1.25). Not accepted.
// * then the history at twice its weight in the ordering (>> 7 instead of >> 8, up to 512
//   instead of 256): -1.0 +/- 21.3 (674 games, +317 -319 =38, seed 3204, stopped at LLR
//   -0.51). Not accepted.

//
// Session 36 (self-play at 100 ms a move, concurrency 2, `bal_s2201.txt` with both colours,
// SPRT [0, 10] counted by pairs, each against the engine of session 35; `bench 12`: 1.80M
// nodes to depth 12 without any of them):
// * double singular extension: at a non-PV node where the other moves all fail 300 or more
//   below the singular bound, the TT move searched two plies deeper instead of one, at most
//   four times on a line: +1.0 +/- 11.8 (2,000 games, +955 -949 =96, seed 3602, LLR -1.09
//   at the cap); 2.00M nodes. Of the bench's 1,367 singular extensions at non-PV nodes,
//   1,150 have the others more than 100 below the bound and 658 more than 300: most
//   singular moves are the only move that does not lose (the others fail by a forced
//   win), so the margin hardly selects. (SE_MARGIN 5 instead of 2 changes the bench by
//   1 %: 1.78M nodes; not played.) Where the probe proves that every other move loses by
//   force (its score a loss), searching only the TT move would be sound, but on the bench
//   that is 7 of the 980 singular extensions (130 have the others below -1,500): one node
//   fewer to depth 12; not played.
// None went in.
//
// Session 37, screened on a lent 16-core machine (the `device` tool's H200 host; its CPUs
// only): four candidates at once, each against the engine of session 36 at 100 ms a move,
// concurrency 4 each (16 games at a time), balanced openings `bal_s2201.txt` with both
// colours, 7.5 minutes (`scripts/match.py --engine1 CAND --engine2 BASE --concurrency 4
// --turn 100 --match 0 --openings bal_s2201.txt --seed 3701..3704`); Elo by pairs.
// `bench 12`: 2.00M nodes to depth 12 without any of them.
// * Rapfi's move-count limit, (3 + depth^1.32) / (2 - improving), at every depth (quiet and
//   threat moves, not fours), on top of this reverse futility (sessions 18 and 23 measured
//   it with the old one): +9.6 +/- 18.5 (940 games), then four more runs of 5 minutes
//   (seeds 3711-3714): all together **-1.6 +/- 9.5** (3,363 games, +1,619 -1,633 =111).
//   1.20M nodes to depth 12: as strong on 40 % fewer nodes, not stronger, as in session 18;
// * Rapfi's fail-high reduction (cut nodes tracked as in Stockfish; at a cut node whose
//   TT-corrected score is at least beta - 46 + 77 * depth, which is Rapfi's -9 + 15 a ply
//   converted to this scale, every move but a four a ply shallower): -10.9 +/- 17.5 (896 games); 1.22M nodes
//   (session 19, margin -10 + 20 a ply: -4.2 +/- 22.2);
// * RFP_MARGIN 450 instead of 325: -8.4 +/- 16.4 (910 games); 2.12M nodes (220: -4.5 +/-
//   15.5, session 36);
// * the move-count limit and the fail-high reduction together: -4.1 +/- 16.3 (940 games);
//   0.67M nodes.
// Not played: Rapfi's trivial-move pruning (quiet moves that give neither side more than a
// closed two along any line, after the first move, depth <= 4; session 17 measured it):
// 2.003M nodes to depth 12 instead of 2.005M, so it hardly ever applies here (the move
// generator and the move count already leave such cells out).
// Then on the 2-core machine (`scripts/match.py --games 2000 --concurrency 2 --turn 100
// --match 0 --openings bal_s2201.txt --sprt 0 10 0.05 0.05`, against the same engine):
// * a reduced move that beats alpha re-searched a ply deeper when it beat alpha by more
//   than 175 + 57 per ply of reduction, a ply shallower when it is not 5 a ply above the
//   best score so far (Stockfish's and Rapfi's do-deeper / do-shallower; the margin is
//   Rapfi's 34 + 11 a ply converted to this scale; session 8 tried the deeper half alone:
//   -8.9 +/- 32.4): +4.2 +/- 11.6 (2,000 games, +972 -948 =80, seed 3701, LLR -0.24 at the cap); 1.83M nodes;
// * a reduced move searched at depth 1 at least instead of at the horizon (Rapfi's LMR
//   never reduces into its VCF search; so nothing is reduced at depth 2): -10.7 +/- 15.9
//   (1,006 games, +467 -498 =41, seed 3702, stopped at LLR -2.40); 2.13M nodes.
// None went in. The code of each is kept outside the repository.
//
// Session 41, not played: Rapfi's exception to its reverse futility pruning (none where our
// moves two and four plies up were both fours: in a four attack the static score says
// little) changes `bench 12` by 0.8 % (1.99M nodes to depth 12 instead of 1.98M), too rare
// to measure in 2,000 games. The session's two cores went to the evaluation instead (its
// off-path positions: README, "Positions off the game path").

//
// Session 43: SPSA over the sixteen constants of `search/tune.rs` at once (`scripts/spsa.py
// --engine TUNE_BUILD --iterations 2000 --minutes 8.3 --r-end 0.02 --concurrency 15 --turn
// 100 --openings bal_s4001.txt --seed 4301`, on the lent 16-core machine: 1,958 pairs of
// games in 8.3 minutes, starting from the constants as they were). The values it ended on
// (rounded as the engine rounds them, so the engine is the one that was played) against
// the constants before, same machine, 100 ms a move, concurrency 15, balanced openings
// `bal_s4005.txt` with both colours (`scripts/match.py --engine1 "WUZI_TUNE=... BIN"
// --engine2 BIN --games 4000 --concurrency 15 --turn 100 --match 0 --memory 67108864
// --openings bal_s4005.txt --seed 4302`, stopped after 285 s): **+31.6 +/- 12.6** by pairs
// (2,080 games, +1,088 -902 =90). In: every constant below marked "SPSA (session 43)". The
// ones that moved most in steps of the tuner (and kept moving one way through the run):
// ROOT_LMR_MIN_MOVES 5 -> 9, LMP_MAX_DEPTH 6 -> 8, HISTORY_SCALE 32 -> 46, RAZOR_MAX_DEPTH
// 3 -> 2, LMR_DIVISOR 1.6 -> 1.5053; the rest moved within a step or two, about what noise
// does in a run this short. Which of them carry the gain was not measured one by one.
// Against Rapfi classical at 1 s each (`odds.py`, 80 games a run, seeds 431 and 432): +33
// -108 =19, 26.6 % over 160 games, against 29.0 % over 240 for the constants before: about
// half a standard error lower, no measurable change either way at that yardstick.
// At 300 ms a move, self-play against the constants before (`scripts/match.py --engine1 NEW
// --engine2 OLD --games 2000 --concurrency 2 --turn 300 --match 0 --openings bal_s4003.txt
// --sprt 0 10 0.05 0.05 --seed 4303`, stopped for time): +14.2 +/- 19.6 by pairs (540 games,
// +261 -239 =40, LLR 0.93). The gain looks smaller with more time, as a tune made at 100 ms
// may well be.

//
// Session 44: Wuzi's tree against Rapfi's, counted. Wuzi's counts come from a `--features
// stats` build (search/stats.rs; `scripts/depth.py BUILD --ms 60000 --nodes 1500000 --count
// 8` prints them), Rapfi's from the same counts patched into its public source (kept outside
// the repository); each searched the first move of balanced openings 1 and 8
// (`balanced_freestyle15_40_pos.txt`) to 1.5M nodes. Move loops of the main search: not the
// root, not a forced block of a four, not a singular probe; "under a three": the opponent has
// an open-four point. Wuzi / Rapfi, openings 1 and 8:
// * moves searched per loop not under a three: 9.3 and 8.6 / 2.7 and 3.0; of them neither a
//   four nor an open three 6.9 and 5.9 / 1.1 and 1.2. By depth (opening 1): 4.7 / 1.4 at
//   depth 1, 6.3 / 2.2 at 3, 9.8 / 3.1 at 6, 16 / 4.0 at 8, 25 to 31 / 4.2 to 7.5 at 9 to 15
//   (Wuzi prunes by move count to LMP_MAX_DEPTH and not fours; Rapfi's count, (3 + d^1.32) /
//   (2 - improving), applies at every depth to every move, fours and PV nodes included);
// * under a three both search few: 2.7 and 2.4 / 2.1 and 1.8 moves a loop; but Wuzi has 2.2
//   such loops for each loop not under a three, Rapfi 0.84: Wuzi plays half again as many
//   open threes where it is free to (1.5 / 1.0 a loop), and each is a subtree to refute;
// * the first move cuts off at 78 % and 74 % of the cut nodes not under a three / 87 % and
//   85 % (under a three 87 % and 90 % / 90 % and 92 %); where the node has a TT move, the
//   TT move at 90 % and 86 % / 94 % and 92 %. Of the cut-offs after the first move there
//   (an ad-hoc count, opening 1, in the build with the fail-low change below), 37 % come
//   from our fours, 39 % from open threes and 24 % from other moves; the quiet moves in the
//   search's own sense (`is_quiet`: neither a threat nor a block of one) are 45 % of the
//   moves searched after the first and make 2.4 % of those cut-offs. Rapfi's tree is narrow
//   everywhere but under a three, and its order finds the cut-off first more often.
// * What a time control is in play (`scripts/depth.py BIN --games GAMES --ms T --count N
//   --seed 45`, positions from this session's self-play games searched by one process, quiet
//   machine; positions decided at once, a forced reply or a proven result, left out): median
//   completed depth 8 (6 to 12, 41 positions) at 100 ms, 10 (8 to 13, 9) at 400 ms, 13 (9 to
//   15, 22) at 1 s. So the 100 ms self-play of sessions 5 to 43 measured searches about five
//   plies shorter than Rapfi's yardstick (1 s) plays: what acts at depth 9 and more (the deep
//   nodes' LMR, the move count's absence beyond LMP_MAX_DEPTH) was hardly exercised, and the
//   SPSA of session 43 tuned the constants for the short searches (LMP_MAX_DEPTH went to 8,
//   the depth a 100 ms search reaches).
// Measured (self-play, concurrency 2, SPRT [0, 10] by pairs, against session 43's engine):
// * a node that fails low stores no move in the TT, which keeps the move it had (as
//   Stockfish and Rapfi do; Wuzi stores the move with the highest fail-soft bound): 0.97M
//   nodes to depth 12 on the bench instead of 1.23M; the TT move's cut-off rate 90 % instead
//   of 89 % (opening 1). At 100 ms: **-0.7 +/- 12.4** (2,000 games, +952 -956 =92, seed
//   4401, `bal_s4005.txt`, LLR -1.43 at the cap); at 400 ms
//   (completed depth about 10 instead of 8): +4.3 +/- 19.5 (401 games, +188 -184 =29,
//   seed 4403, `bal_s4003.txt`, stopped at LLR -0.07). Not kept;
// * the root's moves that fail low kept in their previous order (Stockfish, Rapfi) instead of
//   sorted by their fail-soft bounds (the code's comment said the former; it now says what
//   the code does): stopped after 106 games (-13.4 +/- 49.3, seed 4402) to give the two
//   cores to the 400 ms runs; not measured;
// * Rapfi's move-count limit at every depth, (3 + d^1.32) / (2 - improving) moves, quiet and
//   threat moves (not fours, not at PV nodes), as session 37 measured it at 100 ms (-1.6 +/-
//   9.5 over 3,363 games), now at 400 ms to see whether a narrower tree pays in deeper
//   searches: **+1.4 +/- 20.5** (483 games, +226 -223 =34, seed 4404, `bal_s4005.txt`, stopped
//   at LLR -0.33 for time); 0.94M nodes to depth 12 on the bench instead of 1.23M. Not kept:
//   no sign yet that it pays with depth, though the bar is wide.
//
// Session 45: at Rapfi's yardstick itself (c-gomoku-cli, 1 s a move each, 15x15 freestyle, the
// 40 balanced openings with both colours, `odds.py ... --games 80`; the base is session 43's
// engine, this tree: +16 -54 =10 with seed 431 and +17 -54 =9 with 432, 26.6 %):
// * Rapfi's move-count limit at every depth (the 400 ms run above): +18 -55 =7 (seed 431) and
//   +19 -56 =5 (432): 26.9 % over 160 games, the base's 26.6 %. A tree a quarter narrower
//   changes nothing at 1 s either. Not kept;
// * open threes of ours reduced in LMR as much as quiet moves (not one ply less; fours,
//   defences and CONTINUED_ATTACK as before): +13 -57 =10 (seed 431, 22.5 %; two of the losses
//   are forfeits on the first move after the opening, the pattern the README's "First-move
//   forfeits" traces to Rapfi refusing START; odds.py keeps no stderr to tell), the base
//   +16 -54 =10 on the same openings; then the first 40 games of seed 432: +15 -21 =4 (two of
//   the wins are such forfeits by Rapfi), the base +9 -26 =5 on them. Over the 120 games
//   29.2 % against the base's 27.1 %: level. Why it was tried: of 150 positions of the games
//   above that Rapfi (300,000 nodes) scores within +/-500, Wuzi at 800,000 nodes makes an
//   open three in 35 and Rapfi in 24 (fours: 13 and 18), and plays Rapfi's move in 86
//   (`scripts/regret.py`; session 44 counted half again as many open threes per node inside
//   the tree). With this change: 27 open threes, Rapfi's move in 92. Closer to Rapfi's
//   choices, not measurably to its strength. Not kept.
// The losses are drifts (the README's "Where the games are lost", session 45): in 32 of 40
// lost games Rapfi already scored Wuzi's position -300 or worse before a forced loss appeared,
// and Wuzi's own search agreed that it was worse.
//
// Session 46: the reduction's terms in fractions of a ply (LMR_THREAT and the others, summed
// in 1/1024 of a ply and rounded at the end; with whole-ply values the tree is the one
// before, `bench 12` 1,226,501 nodes), then SPSA over them and LMR_DIVISOR on this 2-core
// machine (`scripts/spsa.py --engine TUNE_BUILD --params lmr_divisor,lmr_threat,lmr_setup,
// lmr_continued,lmr_not_improving,lmr_pv,lmr_history,lmr_root --iterations 1800 --minutes
// 62 --r-end 0.02 --concurrency 2 --turn 100 --memory 67108864 --openings bal_s4003.txt
// --seed 4601`: 1,744 pairs of games in 62 minutes). It ended on LMR_DIVISOR 1.9067 (from
// 1.5053: less reduction, as sessions 30-31 tried with 1.9 alone), LMR_THREAT 0.5555 (threat
// moves reduced almost as much as quiet ones, the direction of session 45's open-threes
// test), LMR_NOT_IMPROVING 1.387, LMR_ROOT 1.2697, LMR_SETUP 1.1938, LMR_CONTINUED 1.0945,
// LMR_PV 0.0863, LMR_HISTORY 0.0222 (the last four within about a step of where they
// started); `bench 12` 1,957,103 nodes to depth 12. Against the constants (self-play, 100 ms
// a move, `scripts/match.py --engine1 CAND --engine2 BASE --games 2000 --concurrency 2
// --turn 100 --match 0 --openings bal_s4005.txt --sprt 0 10 0.05 0.05 --seed 4602`):
// **+7.8 +/- 12.3** by pairs (2,000 games, +985 -940 =75, LLR 0.71 at the cap); continued on
// another opening set (`bal_s4001.txt`, seed 4603): -2.4 +/- 11.9 (2,000 games, +949 -963
// =88, LLR -2.01 at the cap). About +3 +/- 9 over the 4,000 games, the SPRT's LLRs added
// -1.30: not proven, not kept. The mechanism stays (same tree) for the next tune.
// Read in Rapfi's source the same session: its policy pruning and policy reduction ("~10" and
// "~59 Elo") apply only where `MovePicker::hasPolicyScore()`, which is true only with a
// network's policy (search/movepick.cpp); Rapfi classical, the yardstick, searches without
// them. The tries above "after Rapfi's policy term" copied a term its classical engine lacks.
//
// Session 47: no constant changed; the same tree about 8 % faster (README, "Speed"), and in
// self-play at 100 ms against the session's first engine **+15.7 +/- 11.7** by pairs (1,903
// games, seed 4701, SPRT [0, 10] H1). Counted on `bench 12` before choosing it (a counting
// build, not kept): of 1.205 M search entries, 399 k go straight to the horizon, 384 k end
// on a threat (a five-point, a forced block, a static win) and 422 k reach the TT probe, of
// which 27.8 k cut off there. Probing the child's entry before making the move (to skip the
// make when it would cut) would save about 2 % of the makes: not done. Where a move's time
// goes at 1 s under c-gomoku-cli: the root's threat searches (our VCF, the opponent's, the
// VCT) took about 2 ms of each move in 30 positions of self-play games; the first move of a
// fresh process ran at 378 k nodes/s against 1.2 M afterwards (the 350 MB table faulted in
// while searching), but c-gomoku-cli keeps the processes for all games, so that is one
// move in about 750. Against Rapfi classical at 1 s (`odds.py`, 80 games a run): +19 -56 =5
// (seed 471) and +21 -53 =6 (seed 472), 28.4 % over 160, session 43's engine 26.6 %.
//
// Session 48: no constant changed. The evaluator 7.5 % fewer instructions (same tree; README,
// "Speed"), and the hash table capped by the per-move limit (`search/engine.rs`,
// `table_cap_for_turn`): +31.3 +/- 18.4 by pairs at 100 ms (759 games, seed 4802, SPRT H1).
// Checked offline before choosing, not played: whether the evaluation wants a table per game
// phase. Refit from the shipped table to Rapfi's 3,200 games of sessions 40-41 (118,497
// positions, one validation split by opening, the scale pinned at 6933.7), a table refit to
// the positions with fewer than 20 stones, with the shipped table for the rest (a refit to
// the rest fitted them no better), scores 0.5372 on the validation positions against 0.5431
// for one table refit to all of them; but the whole gain is in the
// positions with fewer than 16 stones (0.6008 -> 0.5861; from 16 to 31 stones the early
// tables are no better: 0.4794 for the one table, 0.4839 and 0.4804 for tables fitted to
// fewer than 24 and 30 stones; from 30 stones on 0.5490 against 0.5918 and 0.6040). Those
// are the positions right after the opening, which a search meets only in its first plies:
// the leaves of a search from them have 15 to 30 stones, where one table serves as well.
// Against Rapfi classical at 1 s (80 games a run): +23 -52 =5 (`odds.py`, seed 481) and +26
// -46 =8 (`cgomoku_soak.py`, seed 482), 34.7 % over 160, session 47's engine 28.4 %.

//
// Session 49: SPSA again, on the lent 16-core machine (its CPUs), over all 23 tunables from
// the constants as they are, at 150 ms a move (`scripts/spsa.py --engine TUNE_BUILD
// --iterations 2000 --minutes 8.7 --r-end 0.02 --concurrency 15 --turn 150 --openings
// bal_s4001.txt --seed 4901`: 1,033 pairs of games). It ended within about two steps of the
// start everywhere (the largest moves: razor_margin +2.5 steps, lmr_setup +2.3,
// killer_bonus_first +2.1, lmp_base +1.8), about what noise does in a run this short. Against the
// constants, same machine, 150 ms a move (`scripts/match.py --engine1 "WUZI_TUNE=... BIN"
// --engine2 BIN --games 740 --concurrency 15 --turn 150 --match 0 --openings bal_s4001.txt
// --seed 4902`): **-3.8 +/- 18.2** by pairs (740 games, +342 -350 =48); here at 150 ms
// (`--concurrency 2 --openings bal_s4005.txt --sprt 0 10 0.05 0.05 --seed 4903`, stopped):
// +0.0 +/- 45.0 (158 games). Not kept: session 43's tune left nothing a second run of this
// size can find.
//
// Session 51: Rapfi's candidate area (its default `square3_line4`: every empty cell within
// three steps of a stone in any direction, or four along one of the eight lines, where Wuzi
// lists the 5x5 box around each stone). Same move ordering and pruning; `bench 12` 1.34M
// nodes to depth 12 instead of 1.23M (7x7 alone 1.47M, 5x5 with lines to 3 1.31M). Self-play
// at 100 ms (`scripts/match.py --engine1 NEW --engine2 OLD --games 2000 --concurrency 2 --turn
// 100 --match 0 --openings bal_s5003.txt --sprt 0 10 0.05 0.05 --seed 5101`): **-19.7 +/-
// 18.0** by pairs (797 games, +353 -397 =47, SPRT H0). Not kept; the code is not kept either.
// Also measured: Rapfi at 1 s searches about 1.1M nodes (depth 20-24 by its count), Wuzi
// 2.0-2.4M (depth 15-19) on the first move of the bar's first three openings.
// In: the attack history (ATTACK_HISTORY below). Then, on top of it, Rapfi's TT-move
// statistics: a quiet TT move that settles a node at the table probe gains quiet history
// when its score is a lower bound at or above beta and loses as much otherwise (Rapfi's
// `updateTTMoveStats`; `bench 12` 1.31M nodes): **+2.1 +/- 12.5** by pairs (1,475 games,
// +687 -679 =109, seed 5103, `bal_s5001.txt`, stopped at LLR -0.71 to free the cores for the
// games against Rapfi). Not kept.
//
// Session 52: the move statistics, after the attack history of session 51 gained. In:
// BEST_MOVE_STATS (a PV node's best move rewarded as a cut-off's, +32.4 +/- 18.9 over 753
// games, SPRT H1; about +15 +/- 12 with a second run, 1,902 games). On top of it, each
// against the engine with it: history pruning (HISTORY_PRUNE_DEPTH, +3.1 +/- 10.2 over
// 2,000 games, off), the quiet history updated for every move it orders (QUIET_HISTORY_ALL,
// -1.5 +/- 15.1 over 1,146, off), the root's statistics (ROOT_STATS, +1.9 +/- 14.5 over
// 1,127, off).
//
// Session 53: two of Rapfi's horizon rules (its `vcfsearch`), each against the engine before it
// at 100 ms a move, on 1,000 new balanced openings each (`bal_s5301.txt`, `bal_s5303.txt`:
// `scripts/match.py --balance BIN --balance-margin 300 --random-stones 4 --seed 5301/5303
// --save-openings FILE`). In: delta pruning at the horizon (QUIESCE_DELTA: about +6.5 +/- 8
// over 4,000 games in two runs, not proven). Off: razoring that returns the horizon's score
// when the fours lift it above alpha (RAZOR_TRUSTS_FOURS: -1.2 +/- 16.0 over 1,156 games).
// Against Rapfi classical at 1 s (`cgomoku_soak.py ... --games 80 --concurrency 2 --seed
// 502`, the bar's 80 games): +25 -54 =1 (31.9 %), session 52's engine 28.1 % on the same games.
//
// Session 54: four more of Stockfish's and Rapfi's rules, screened side by side on the lent
// 16-core machine's CPUs (100 ms a move, concurrency 4 each, 540 s, about 1,070 games each),
// the two best then played on this machine. None went in (each constant's comment has its
// figures): the root's failed moves kept in their previous order (ROOT_KEEPS_ORDER, +0.7 +/-
// 17.1), a shallower root search after a fail high (FAIL_HIGH_SHALLOWER, -5.5 +/- 17.3),
// reverse futility's damped return (RFP_DAMPED, about +3 +/- 9 over 4,171 games in three
// runs), our fours pruned by move count (LMP_FOURS, about +2 +/- 12 over 2,007 games in two).
// The two that led the screen (+13.4 and +10.9) fell back to about nothing when played again,
// what the best of four null results does at +/-17. The same tree against Rapfi classical at
// 1 s (`odds.py ... --games 80 --seed 543`): +25 -51 =4 (33.8 %).
//
// Session 55: three more of Rapfi's rules, screened side by side on the lent 16-core
// machine's CPUs (100 ms a move, concurrency 5 each, 530 s, about 1,250 games each,
// `bal_s5303.txt`), then played again. None went in (each constant's comment has its
// figures): Rapfi's "useless defence" reduction of a delaying four far from the last stones
// (DISTANT_DELAY, about +2.3 +/- 7.3 over 5,055 games in three runs), the moves after one
// that raised alpha a ply shallower (ALPHA_RAISED_SHALLOWER, about -3 +/- 12 over 2,074
// games in two), no reverse futility in a four sequence of ours (RFP_NOT_IN_VCF, -2.8 +/-
// 13.3). As in session 54, the screen's leader (DISTANT_DELAY, +12.1 +/- 14.5) fell back
// when played again. The same tree against Rapfi classical at 1 s (`odds.py ... --games 80
// --seed 551`): +21 -56 =3 (28.1 %); 31.3 % over the three runs of sessions 53-55.
//
// Session 56: the score stack (`Worker::evals`, what `improving` compares with) made right.
// In: ROOT_STATIC_EVAL (the root's static score written; the nodes two plies down had
// compared with 0) and EVAL_FROM_PARENT (Rapfi's parent's score, negated, at forced blocks and
// under an open three), together **+27.5 +/- 17.0** by pairs against the engine before (1,078
// games, SPRT [0, 10] H1; about +14.8 +/- 9.9 over 3,262 games in three runs); ROOT_STATIC_EVAL
// alone +16.2 +/- 12.4 (2,000), EVAL_FROM_PARENT on top of it +3.3 +/- 12.1 (2,000). Against
// Rapfi classical at 1 s (`odds.py ... --games 80 --seed 561`): +23 -51 =6 (32.5 %).
//
// Session 57: three more of Rapfi's rules, each against the engine before at 100 ms a move,
// two matches side by side on this 2-core machine. None went in (each constant's comment has
// its figures): the grandchildren's killers cleared (KILLER_RESET, +5.3 +/- 15.2 over 1,247
// games, stopped), the root's children compared with the root's score negated for `improving`
// (PLY1_IMPROVING, -8.9 +/- 20.8 over 700, stopped), mate-distance pruning (MATE_DISTANCE,
// -26.6 +/- 20.4 over 576, SPRT H0). Then SPSA over the four constants that read `improving`,
// tuned before session 56 with the wrong score stack (`scripts/spsa.py --engine TUNE_BUILD
// --params rfp_margin,lmp_base,lmr_not_improving,lmp_max_depth --iterations 1000 --minutes 36
// --r-end 0.02 --concurrency 2 --turn 100 --memory 67108864 --openings bal_s5301.txt --seed
// 5704`: 1,000 pairs in 35 minutes). It wandered within a step of the start and ended on
// rfp_margin 355.6, lmp_base 3.14, lmr_not_improving 0.909, lmp_max_depth 7.24 (`bench 12`
// 1.23M nodes); against the constants, both sides the tuning build (`scripts/match.py
// --engine1 "WUZI_TUNE=... BIN" --engine2 BIN --games 2000 --concurrency 2 --turn 100 --match
// 0 --openings bal_s5303.txt --sprt 0 10 0.05 0.05 --seed 5705`): **-0.9 +/- 16.1** by pairs
// (1,181 games, +564 -566 =51, stopped at LLR -0.87). Not kept: no shift of these constants'
// optimum under the fixed stack that a tune of 1,000 pairs at 100 ms can find.
//
// Session 58: the four rules left off with a positive point estimate, played together in case
// their small gains add up: KILLER_RESET (+5.3 +/- 15.2), RFP_DAMPED (about +3 +/- 9),
// DISTANT_DELAY (about +2.3 +/- 7.3) and history pruning (HISTORY_PRUNE_DEPTH 4, margin 8,192:
// +3.1 +/- 10.2). `bench 12` 985,852 nodes (signature 052917ac3dc4ad7f) against 1,136,151.
// Against the engine without them (`scripts/match.py --engine1 NEW --engine2 BASE --games 2000
// --concurrency 2 --turn 100 --match 0 --openings bal_s5501.txt --sprt 0 10 0.05 0.05 --seed
// 5801`): **-5.5 +/- 17.0** by pairs (1,083 games, +514 -532 =37, stopped at LLR -1.39). They
// do not add up; all four stay off.
// Then the bar's opponent at three time controls on one opening pool (README "Matches",
// session 58). After its first 80 games at 1 s (42.8 % at 100 ms, 41.7 % at 300 ms, 36.9 % at
// 1 s) Rapfi seemed to gain more from time than Wuzi, which would point at selectivity tuned
// at 100 ms; 80 more at 1 s made it 39.7 %, within the error. LMR_DIVISOR 1.25
// (more reduction; `bench 12` 924,750 nodes) in self-play at 300 ms a move (`--turn 300
// --openings bal_s5303.txt --seed 5802`, otherwise the command above): **+2.8 +/- 22.7** by
// pairs (500 games, +237 -233 =30, stopped at LLR -0.17 for the games against Rapfi). Not
// changed.
//
// Session 62: two move rules keyed by where the last two stones fell, neither tried before in
// this form (session 32's distance classes were an ordering term, DISTANT_DELAY is for
// delaying fours), each against the shipped engine at 100 ms a move (`scripts/match.py
// --engine1 NEW --engine2 BASE --games 2000 --concurrency 2 --turn 100 --match 0 --openings
// bal_s6101.txt --sprt 0 10 0.05 0.05 --seed 6201/6202`; the code of each is kept outside the
// repository):
// * a reduced quiet move more than three steps (the larger of the column and row
//   distances) from both last stones, the opponent's and ours, reduced one ply more
//   (`bench 12` 1,316,465 nodes to depth 12 against 1,136,151): **-4.0 +/- 15.4** by pairs
//   (1,031 games, +490 -501 =40, stopped at LLR -1.47);
// * a follow-up move, the counter move's twin keyed by our own stone two plies up (the
//   quiet move that last refuted after it, ordered with a bonus of 300 below the counter
//   move's 360; Stockfish's follow-up history reduced to one move, an attack building on
//   its own stones): `bench 12` 936,089 nodes to depth 12 (-18 %), **-3.6 +/- 15.0** by
//   pairs (1,256 games, +600 -613 =43, stopped at LLR -1.47). Fewer nodes to a depth and no
//   stronger, as sessions 18, 37 and 44 found for Rapfi's move count.
// Neither went in.
//
// Session 63: the horizon TT of session 19 again (+3.9 +/- 17.2 then, at 100 ms), on today's
// engine and also at three times the time, where a larger tree meets more transpositions. A
// horizon node with fours to try probes the table (a cut-off on a bound that settles the
// window from an entry of this level or deeper, its move first) and stores its result at
// depth `level - 1`; nodes with no four touch nothing (the code is kept outside the
// repository). `bench 12` 987,438 nodes to depth 12 instead of 1,136,151 (-13 %). Against
// the shipped engine (`scripts/match.py --engine1 NEW --engine2 BASE --games 2000
// --concurrency 2 --turn T --match 0 --openings bal_s6301.txt --sprt 0 10 0.05 0.05`, the
// openings from `--openings-only 1000 --balance BASE --balance-margin 300 --balance-ms 300
// --random-stones 4 --seed 6301`):
// * 100 ms a move (seed 6301): **0.0 +/- 14.5** by pairs (1,352 games, +635 -635 =82,
//   stopped at LLR -0.92);
// * 300 ms a move (seed 6302): **-1.1 +/- 19.6** by pairs (607 games, +280 -283 =44,
//   stopped at LLR -0.61; +19.5 +/- 25.5 after 358 games).
// Three runs within a few Elo of nothing: the horizon's transpositions are not where this
// search loses to Rapfi's. Not kept.

//
// Session 64: futility pruning at the parent, Stockfish's (Rapfi's futility is the child's,
// reverse futility here; no earlier session had played a parent's). At a non-PV node of
// depth 6 or less, once a move has been searched (and not every move loses), a quiet move
// (`is_quiet`) is skipped where the node's static score, TT-corrected as the reverse futility
// reads it, plus 340 a ply (RFP_MARGIN's scale) is still at most alpha; skipped moves get no
// history malus, as history pruning's. `bench 12` 1,059,613 nodes to depth 12 instead of
// 1,136,151 (-6.7 %). Against the shipped engine (`scripts/match.py --engine1 NEW --engine2
// BASE --games 2000 --concurrency 2 --turn 100 --match 0 --openings bal_s6401.txt --sprt 0 10
// 0.05 0.05 --seed 6402`, the openings from `--openings-only 1000 --balance BASE
// --balance-margin 300 --balance-ms 300 --random-stones 4 --seed 6401`): **-1.9 +/- 11.0** by
// pairs (2,000 games, +948 -959 =93, LLR -2.20 at the cap; +9.9 +/- 17.5 after 842 games).
// Not kept (the code is kept outside the repository): a quiet move at a node this far below
// alpha was already cut short by the move count and LMR, so skipping it saves little and
// what it misses costs as much.
//
// Session 65: a continuation history (Stockfish's, one ply deep), where until now the counter
// move kept one reply per opponent cell. Per side to move, a table of i16 indexed by the
// opponent's last cell and our cell (`y * width + x`: 99 KiB a colour on 15x15), updated at
// every node `reward` updates (the best move gains the quiet history's bonus over 4, every
// move searched before it loses as much, with gravity to +/-16,384), carried from move to
// move as the history is (halved), and added to every listed move's ordering score (`>> 6`,
// the history's +/-256). `bench 12` 1,015,901 nodes to depth 12 instead of 1,136,151
// (-10.6 %). Against the shipped engine (`scripts/match.py --engine1 NEW --engine2 BASE
// --games 2000 --concurrency 2 --turn 100 --match 0 --openings bal_s6501.txt --sprt 0 10
// 0.05 0.05 --seed 6502`, the openings from `--openings-only 1000 --balance BASE
// --balance-margin 300 --balance-ms 300 --random-stones 4 --seed 6501`): **-11.7 +/- 14.6**
// by pairs (1,303 games, +599 -644 =60, SPRT H0 at LLR -3.01). Not kept (the code is kept
// outside the repository): the pattern scores already say which replies matter near the
// last stone, and a reply that refuted in one line of play is often wrong in the next, as
// session 62's follow-up move found (-3.6); fewer nodes to a depth, again, and weaker.
// In: Stockfish's hindsight depth adjustment (HINDSIGHT below), about +6.4 +/- 8.3 over
// 4,000 games in two runs; the first search rule in since session 56.
//
// Session 66: three more rules, each against the shipped engine at 100 ms a move
// (`scripts/match.py --engine1 NEW --engine2 BASE --games N --concurrency 2 --turn 100
// --match 0 --openings bal_s6501.txt --sprt 0 10 0.05 0.05 --seed S`, session 65's pool):
// * the root's first aspiration window at least half the score's recent swing
//   (ASPIRATION_SWING below, seed 6601): **+0.5 +/- 12.1** by pairs (2,000 games, +954 -951
//   =95, LLR -1.17 at the cap), with 8.7 % fewer nodes to depth 13 on the first moves of
//   the 40 balanced openings. Off;
// * Stockfish's "small ProbCut": a non-PV node whose TT entry holds a lower bound from at
//   most four plies shallower that is 1,200 or more above beta (about 3.5 plies of
//   RFP_MARGIN, Stockfish's 413 against its futility step) returns beta + 1,200 without a
//   search (seed 6602; `bench 12` 1,072,254 nodes to depth 12 instead of 999,300): **+3.1
//   +/- 11.1** by pairs (2,000 games, +960 -942 =98, LLR -0.59 at the cap). Not kept (the
//   code is kept outside the repository): the table settles few nodes at all (on `bench
//   12`, 30,322 of the 421,348 nodes that reach the probe cut off there, a counting
//   build), and this adds a few more;
// * Stockfish's "opponent worsening" in reverse futility: where the node's static score plus
//   its parent's is above 0 (the opponent's last move left its side worse off, as
//   HINDSIGHT reads it), the margin a third of RFP_MARGIN smaller (seed 6603, at most 1,600
//   games; `bench 12` 896,354 nodes to depth 12 instead of 999,300): **-15.5 +/- 16.4** by
//   pairs (1,031 games, +466 -513 =52, SPRT H0 at LLR -2.96). Not kept (the code is kept
//   outside the repository): reverse futility's margin was tuned with `improving` alone
//   (SPSA, sessions 43 and 57), and a smaller one where the parent's move was poor prunes
//   nodes the search still needed.
// None went in.
//
// Session 67: the evaluation's form, where the root score's swing of about 130 to 190 a ply
// (session 66) comes from: the tables value a shape apart for the side to move and for the
// side that just moved, so a position's score and its parent's differ by the tempo. Each
// against the shipped engine at 100 ms a move (the command of session 66, `bal_s6501.txt`,
// seeds 6701 to 6703; the code of each is kept outside the repository). Data for the
// refits: 2,000 games of Rapfi classical against itself (`RULE=0 SEED=6701 MS=60
// scripts/anchor_games.sh ~/anchors/bin/pbrain-rapfi bal_s6401.txt 2000 free671.csv`, 17
// minutes, 78,090 samples) and the first 600 of a second run (`SEED=6702 ... bal_s6301.txt`,
// stopped for time, 22,898 samples): 93,412 positions kept.
// * Rapfi's two-ply damping once more (session 30 measured -126.1 +/- 46.0 with the table
//   fitted to the plain form), now with the table refit to the damped form: the score for
//   the side to move `(line part now - line part of the position before the last stone for
//   its own side to move + 2 * threat part) / (2 * divisor)`, the trainer's features the
//   same difference (a test checked the search's incremental score against them, random
//   play and take-backs, freestyle and renju). Refit from the shipped table (`train ...
//   --init builtin --seed 1 --lr 10 --epochs 30 --damped 1`): validation loss 0.55564 ->
//   0.54281, where the same refit in the plain form reaches only 0.54647 (from 0.55257). It
//   predicts the results better and plays far worse: **-83.7 +/- 35.6** by pairs (254
//   games, +93 -153 =8, SPRT H0 at LLR -2.99). Validation loss does not rank evaluation
//   forms either. Nor did the root score swing less (the first moves of 12 openings searched
//   2 s each, iterations from depth 5, with the table refit to the first batch alone:
//   median 149 a ply, the shipped engine 151; one run each, the damped one beside the
//   data's generation);
// * the other way, the tempo made larger. The damped form is `now - (now + before) / 2`,
//   where `now + before` is the line part's change over the last ply from the side to
//   move's view; this adds a quarter of it instead, `now + (now + before) / 4`, with the
//   shipped table (`bench 9` 175,692 nodes instead of 204,576): **-9.3 +/- 15.5** by pairs
//   (1,264 games, +590 -624 =50, stopped at LLR -2.30). With the damped run, the plain
//   form's tempo is about where the games want it;
// * the shipped table refit in its own form to the same games (`train ... --lr 10 --epochs
//   30`, validation 0.55257 -> 0.54647): **-6.0 +/- 15.9** by pairs (1,277 games, +605 -628
//   =44, stopped at LLR -1.67), as sessions 38, 50 and 61 found for new batches of Rapfi's
//   games (+4.7, -15.1, +3.0); session 40's +29.6 remains the only batch that gained.
// None went in.
//
// Session 68: no constant changed. The same tree faster: the hash table in 2 MiB pages
// (`search/tt.rs`, `advise_huge_pages`; README "How it works", speed), +17.0 +/- 12.6 by
// pairs in self-play at 100 ms (1,550 games, seed 6801, SPRT H1), for about 9 % more nodes/s
// at 1 s (`scripts/nps_probe.py`; 0 to 15 % in single runs). `perf record` of 1 s searches
// had put 15 % of the samples on the child's TT prefetch: the TLB's page walk, not the
// search's rules.
//
// Session 69, neither kept (the code of each is kept outside the repository):
// * Stockfish's cutoff count: each node clears the count of cut-offs two plies below it
//   (the root clears plies 1 and 2), a node's beta cut-off adds one to its ply's count, and
//   a late move (LMR) is reduced one ply more where more than three nodes one ply below
//   have cut off since the count was cleared (the node's own and its earlier siblings'
//   children: its moves keep being refuted, so it is likely an all-node). `bench 12`
//   945,932 nodes to depth 12 instead of 999,300. Against the shipped engine
//   (`scripts/match.py --engine1 NEW --engine2 BASE --games 2000 --concurrency 2 --turn 100
//   --match 0 --openings bal_s6501.txt --sprt 0 10 0.05 0.05 --seed 6901`): **-3.4 +/-
//   15.5** by pairs (1,211 games, +572 -583 =56, stopped at LLR -1.35);
// * the evaluator's tuple index over unordered pairs of directions (the class of the first
//   two directions' patterns times 78 plus the second two's: 6,084 entries, 48 KiB,
//   instead of 20,736 ordered tuples, 166 KiB; a pattern change adds the difference of two
//   entries of a 288-byte table): the same tree (`bench 12` 999,300 nodes, `bench 7`
//   signature 8105a9bbc4f643b3) and no faster: `scripts/nps_probe.py BIN --memory
//   367001600`, two interleaved runs each, mean 1,013k and 954k nodes/s against the
//   shipped build's 1,090k and 1,006k. As session 48's two-level shape table found, the
//   tuple table's size is not what its look-ups cost.
//
// Session 70: no rule tried. How far the bar is in time, the same tree against Rapfi classical
// under `odds.py` (README "Matches"): with twice Rapfi's time (2 s against 1 s, seeds 701 and
// 703) **+25 -44 =11 and +26 -41 =13 (39.4 % over 160)**, against 30.2 % over 640 games at
// equal time: a doubling is worth about 70 Elo there, so the bar would need about four times
// Rapfi's time. At 1 s against Rapfi's 500 ms (seed 702) **+36 -39 =5 (48.1 %)**: the same odds
// one doubling lower cost Wuzi about 60 Elo less, Rapfi gaining more from each doubling. The
// rules above were measured at 100 ms, where Rapfi's better scaling with time (session 23) does
// not show; an SPRT at 1 s takes about 17 hours of the two cores. Issue 12 is marked blocked
// (README, "What the bar would take").

/// Attacking fours the horizon VCF may play in a row.
pub const QUIESCE_FOURS: i32 = 12;
/// Delta pruning at the horizon (Rapfi's QVCF step 6): a zero-window horizon node whose
/// stand-pat score is more than `QUIESCE_DELTA + QUIESCE_DELTA_LEVEL * level` (`level`
/// counts down from 0 with each attacking four, at least `QUIESCE_DELTA_MIN`) below alpha
/// returns alpha without looking for fours. Rapfi's 2086 + 60 a level, at least 768, in its
/// units (win rate sigma(v / 200)), converted to this scale (sigma(v / 867)): 9,040 + 260 a
/// level, at least 3,330. 0 turns it off. Razoring's call into the horizon meets it too, so
/// a node hopelessly below alpha no longer looks for a four sequence there either.
/// `bench 12` 1.30M nodes to depth 12 instead of 1.51M (half the margins: 1.21M). Session 53,
/// self-play at 100 ms a move against the engine without it (`scripts/match.py --engine1 NEW
/// --engine2 OLD --games 2000 --concurrency 2 --turn 100 --match 0 --openings OPENINGS --sprt
/// 0 10 0.05 0.05 --seed N`): **+6.3 +/- 11.5** by pairs (2,000 games, +982 -946 =72, seed
/// 5311, `bal_s5303.txt`, LLR 0.37 at the cap) and **+6.6 +/- 11.4** (2,000 games, +969 -931
/// =100, seed 5313, `bal_s5301.txt`, LLR 0.48 at the cap): about +6.5 +/- 8 over the 4,000
/// games, the two LLRs added 0.85. Not proven; kept for two positive runs, 14 % fewer nodes
/// and Rapfi's form. Its margins, each against these (same command): half of them (4,520,
/// 130, 1,665; 1.21M nodes) **-50.5 +/- 27.4** (375 games, +150 -205 =20, seed 5314,
/// `bal_s5303.txt`, H0); half as much again (13,560, 390, 4,995; 1.34M nodes) -5.5 +/- 14.7
/// (1,073 games, +500 -516 =57, seed 5315, `bal_s5301.txt`, stopped at LLR -1.86 for time).
pub const QUIESCE_DELTA: i32 = 9040;
pub const QUIESCE_DELTA_LEVEL: i32 = 260;
pub const QUIESCE_DELTA_MIN: i32 = 3330;
/// Horizon VCF levels (counted from the horizon) where a plain four, one that makes
/// nothing else, may be played; deeper only fours that also make a three or more.
pub const QUIESCE_PLAIN_LEVELS: i32 = 2;

// Tried in session 34, not kept: the horizon's stand-pat score without the network (tables
// alone) where the tables' score is more than 600 outside the window (network outputs in
// games: 90 % within ±650, 95 % within ±800; the tables' score is more than 800 outside the
// window at 76 % of the evaluations). The network's extra instructions per node fell from
// +10.4 % to +3.9 % (callgrind, bench 10, `spbx`), but at 100 ms against the tables alone
// `spbx` scored -51.3 +/- 28.0 (396 games, seed 3407) where it scored -28.7 +/- 20.8
// ungated (session 33), and the line-key network `kr` -83.9 +/- 42.1 (190 games, seed 3403,
// stopped): skipped corrections cost more than the time saved.

/// Reverse futility pruning: a non-PV node whose static score (TT-corrected) beats beta by
/// `RFP_MARGIN * (depth - 1 - improving)` (at least 0) returns it, at any depth; not when the
/// opponent has an open three (allowing it there measured -73.6 +/- 32.7 in session 24, see
/// above). Rapfi's form: its freestyle margin, 63 per ply on its scale of 200 a logit, is
/// 325 on this evaluation's scale (about 1,030 a logit: the fitted K of `pbrain-wuzi
/// train`). So a node one ply from the horizon that is not improving returns when its
/// static score reaches beta, and deeper nodes need far more than before.
/// Until session 36: `RFP_MARGIN * (depth - improving)` with a margin of 80, to depth 6
/// (about a quarter of Rapfi's margin per ply; 60 and 100 measured the same in session 24).
/// Session 36, self-play at 100 ms a move against that (`scripts/match.py --engine1 NEW
/// --engine2 OLD --games 2000 --concurrency 2 --turn 100 --match 0 --openings bal_s2201.txt
/// --sprt 0 10 0.05 0.05 --seed 3603`): **+26.9 +/- 16.9** by pairs (1,023 games, +529 -451
/// =43, H1 at LLR 2.97). Again with seed 3604 (1,000 games, beside builds and test runs
/// that took the cores for most of it): -1.7 +/- 16.9 (+472 -477 =51, LLR -0.91); with
/// seed 3605 on a quiet machine: +33.8 +/- 19.3 (815 games, +433 -353 =29, H1 at LLR
/// 3.02). All three, 2,838 games: +1,434 -1,281 =123, about **+19 +/- 13**. `bench 12`:
/// 2.00M nodes to depth 12 instead of 1.80M. A margin of 220 against 325 (seed 3606):
/// -4.5 +/- 15.5 by pairs (1,011 games, +470 -482 =59, stopped at LLR -1.51; 1.88M nodes).
/// SPSA (session 43): 340, from 325.
pub const RFP_MARGIN: i32 = 340;

/// Razoring: a non-PV node this shallow whose static score is this far below alpha per
/// ply is settled by the horizon VCF alone.
/// SPSA (session 43): 2, from 3.
pub const RAZOR_MAX_DEPTH: i32 = 2;
/// SPSA (session 43): 119, from 120.
pub const RAZOR_MARGIN: i32 = 119;

/// Reverse futility and razoring judge a node by its TT score instead of its static score
/// where the TT's bound says the static score is too low (a lower bound above it) or too
/// high (an upper bound below it), as Stockfish and Rapfi do. Session 18 (100 ms a move,
/// concurrency 2, balanced openings, against the engine without it): **+12.5 +/- 9.6**
/// (4,800 games, 2,383 - 2,210 - 207; SPRT [0, 10] run on with a second opening order
/// after 2,400 games at LLR 1.46, H1 accepted at LLR 3.13). On the bench: 2.29M nodes to
/// depth 12 instead of 2.20M.
pub const TT_CORRECTS_EVAL: bool = true;

/// Late-move reductions (with the pruning above: +144 +/- 88; for threat moves +69 +/- 68):
/// reduction = ln(depth) * ln(move number) / LMR_DIVISOR
/// (rounded), for moves after the first `LMR_MIN_MOVES`. A divisor of 1.1 (one ply
/// deeper in 1 s) measured -11 +/- 54 (154 games) against 1.6.
/// SPSA (session 43): 1.5053, from 1.6 (1.505 would round a few entries of the table
/// differently).
pub const LMR_DIVISOR: f64 = 1.5053;
/// SPSA (session 43): 2, from 3.
pub const LMR_MIN_MOVES: usize = 2;
// Left out (session 8): one ply more for a reduced move whose ordering score without
// history and killer bonuses is low (quiet below 32, threat moves below 256: on the bench
// they raise alpha in 0.16 % and 0.38 % of their searches), after Rapfi's policy term:
// -2.9 +/- 27.5 (600 balanced, 100 ms).
/// The terms of a late-move reduction, in plies (summed in 1/1024 of a ply and rounded at
/// the end, since session 46; until then whole plies): a threat move (an open three made
/// or stopped) is reduced `LMR_THREAT` less than a quiet move, a quiet move that makes a
/// new four-three or double-three point of ours `LMR_SETUP` less (SETUP_MOVES), a threat
/// right after our own threat two plies up `LMR_CONTINUED` less (CONTINUED_ATTACK); a
/// non-PV node whose static score is not improving `LMR_NOT_IMPROVING` more; a PV node
/// `LMR_PV` less; a quiet move `LMR_HISTORY` times its history (as a fraction of
/// HISTORY_MAX) less. The values are the whole plies of the code before (same tree); SPSA's
/// values for them (session 46, below) did not measure better.
pub const LMR_THREAT: f64 = 1.0;
pub const LMR_SETUP: f64 = 1.0;
pub const LMR_CONTINUED: f64 = 1.0;
pub const LMR_NOT_IMPROVING: f64 = 1.0;
pub const LMR_PV: f64 = 0.0;
pub const LMR_HISTORY: f64 = 0.0;
/// A root move is reduced `LMR_ROOT` plies less than a move inside the tree.
pub const LMR_ROOT: f64 = 1.0;
/// At the root reductions start later and are one ply smaller.
/// SPSA (session 43): 9, from 5.
pub const ROOT_LMR_MIN_MOVES: usize = 9;

/// Move-count pruning: quiet moves after the first (LMP_BASE + depth^2) / (2 - improving)
/// are skipped at depths up to LMP_MAX_DEPTH.
/// SPSA (session 43): 8, from 6.
pub const LMP_MAX_DEPTH: i32 = 8;
/// SPSA (session 43): 3, from 4.
pub const LMP_BASE: i32 = 3;
/// Move-count pruning for threat moves too (moves that make or stop an open three, not
/// fours), with the same count, where the opponent has no open three.
/// With REDUCE_DELAYING (session 17, the two together against the engine without either):
/// **+28.6 +/- 17.5** (1,460 games, 100 ms a move, concurrency 2, balanced openings, SPRT
/// [0, 10] H1 accepted at LLR 2.99). Alone: +11.2 +/- 33.6 (400 games). At depth-1 nodes that
/// fail low the engine without it searched 9 threat moves on average (and 0.2 quiet ones):
/// most of the horizon's work. To depth 12 on the bench: 2.20M nodes instead of 2.62M.
pub const LMP_THREATS: bool = true;

/// A quiet move after which we have more four-three or double-three points than before (it
/// threatens to win on the next move: the wins Rapfi finds against Wuzi are mostly such lines
/// of threes, fours and quiet threats, README "Where the games are lost") is reduced one ply
/// less than other quiet moves, as threat moves are. Session 23, self-play at 100 ms a move
/// against the engine without it (`scripts/match.py --games 2000 --concurrency 2 --turn 100
/// --match 0 --openings bal_s2201.txt --seed 2303 --sprt 0 10 0.05 0.05`): **+23.9 +/- 15.7**
/// by pairs (949 games, +481 -417 =51; by games +23.5 +/- 21.6), SPRT [0, 10] H1 accepted at
/// LLR 2.98. Run again with the engine as committed (seed 2304, stopped at 901 games):
/// +10.8 +/- 18.1 by pairs (+441 -414 =46): together about +17 +/- 12 over 1,850 games.
/// On the bench: 2.17M nodes to depth 12 instead of 2.69M. Against Rapfi
/// (1 s against 200 ms, 80 games, seed 43): +23 -54 =3 (30.6 %), within the error of the
/// 27-33 % before.
pub const SETUP_MOVES: bool = true;

/// Where the opponent has an open three, our fours that do not defend against it (they only
/// delay the defence) are reduced like quiet moves instead of never. Alone (session 16):
/// about +11 +/- 17 over 1,600 games; with LMP_THREATS see above.
pub const REDUCE_DELAYING: bool = true;
/// The root's static score is written at the bottom of the score stack (`Worker::evals`), so
/// that the nodes two plies down compare with it for `improving`. Until session 56 nothing
/// wrote it: those nodes, the deepest below the root, compared their static score with 0.
/// `bench 12` 1.18M nodes to depth 12 instead of 1.30M. Session 56, alone against the engine
/// before (`scripts/match.py --engine1 NEW --engine2 BASE --games 2000 --concurrency 1 --turn
/// 100 --match 0 --openings bal_s5501.txt --sprt 0 10 0.05 0.05 --seed 5601`, beside a second
/// match): **+16.2 +/- 12.4** by pairs (2,000 games, +1,009 -916 =75, LLR 2.79 at the cap).
pub const ROOT_STATIC_EVAL: bool = true;
/// Rapfi's score stack through forced nodes: where the opponent has a five point (the forced
/// block) or an open three, the node's entry on the stack is its parent's negated instead of
/// its own static score (which counts the opponent's threat just made against us, or is not
/// written at all at a forced block: until session 56 that entry was left from an earlier
/// node), and a node under an open three is not `improving` (Rapfi's improvement is 0 there).
/// With ROOT_STATIC_EVAL, against the engine before both (same command, `bal_s5303.txt`,
/// seed 5602): **+27.5 +/- 17.0** by pairs (1,078 games, +555 -470 =53, SPRT [0, 10] H1 at
/// LLR 3.01); again on `bal_s5301.txt` (seed 5603, stopped for the games against Rapfi):
/// +10.3 +/- 20.5 (776 games, +385 -362 =29); once more there (`--concurrency 2 --seed 5605`,
/// stopped at the session's end): +7.7 +/- 15.1 (1,408 games, +690 -659 =59); about **+14.8
/// +/- 9.9** over the 3,262 games of the three runs. Against
/// ROOT_STATIC_EVAL alone (`--concurrency 2 --openings bal_s5501.txt --seed 5604`): +3.3 +/-
/// 12.1 (2,000 games, +962 -943 =95, LLR -0.44 at the cap): the root's entry carries most of
/// the gain; this one is kept because the entries it replaces were wrong (stale, or counting
/// the threat just made), not for a proven gain of its own. `bench 12` 1.14M nodes to depth 12.
pub const EVAL_FROM_PARENT: bool = true;

// Left out (session 8): futility pruning of quiet moves (after the first, non-PV, depth <= 4,
// static score + 50 + 70 per ply <= alpha): +8.7 +/- 27.5 (600 balanced, 100 ms), then
// -8.1 +/- 27.4 (600 more, another opening order): together +0.3 +/- 19 over 1,200 games.

/// History: bonus depth^2 * HISTORY_SCALE for a quiet move that refutes, the same malus for
/// the quiet moves tried before it; scores stay within +/-HISTORY_MAX.
/// SPSA (session 43): 46, from 32.
pub const HISTORY_SCALE: i32 = 46;
pub const HISTORY_MAX: i32 = 1 << 16;
/// Attack history (Rapfi's `HIST_ATTACK`, session 51): a second history per cell and colour
/// for our threat moves (an open three or more for us, fours included), which orders them
/// among themselves. The threat move that cuts off gains `depth^2 * HISTORY_SCALE` (capped
/// as the quiet history's bonus), every threat move tried before it at that node loses as
/// much (whatever the kind of the move that cut); a threat move is ordered by this history
/// (`>> ATTACK_HISTORY_SHIFT`) instead of the quiet one. Before, the threat moves were
/// ordered by the quiet history, which only the quiet moves update. Self-play at 100 ms
/// against the engine without it (`scripts/match.py --engine1 NEW --engine2 OLD --games 2000
/// --concurrency 2 --turn 100 --match 0 --openings bal_s5003.txt --sprt 0 10 0.05 0.05 --seed
/// 5102`): **+11.6 +/- 11.2** by pairs (2,000 games, +967 -900 =133, LLR 2.04 at the cap).
/// `bench 12`: 1.37M nodes to depth 12 instead of 1.23M (shifts 7 and 10: 1.40M and 1.28M,
/// not played). Shift 7 instead of 8 (Rapfi weighs its attack history twice its quiet one),
/// against shift 8, same command on `bal_s5003.txt`, seed 5104: -8.1 +/- 15.3 (1,077 games,
/// +491 -517 =69, stopped at LLR -2.15 for time). Not changed.
pub const ATTACK_HISTORY: bool = true;
/// The attack history's weight in the ordering score (a right shift).
pub const ATTACK_HISTORY_SHIFT: i32 = 8;
/// The histories, killers and counter move also updated at an exact node (a PV node whose
/// best move raised alpha without a cut-off), for its best move as at a cut-off, the other
/// moves searched there losing (Stockfish's `update_all_stats` on any best move; Rapfi
/// likewise); and a singular probe's excluded move, which that probe did not search, no
/// longer charged with the maluses. Before, only a cut-off updated them, and a PV node's
/// best move taught the next searches nothing. `bench 12`: 1.51M nodes to depth 12 instead
/// of 1.37M. Session 52, self-play at 100 ms against the engine without it
/// (`scripts/match.py --engine1 NEW --engine2 OLD --games 2000 --concurrency 2 --turn 100
/// --match 0 --openings bal_s5001.txt --sprt 0 10 0.05 0.05 --seed 5201`): **+32.4 +/-
/// 18.9** by pairs (753 games, +383 -314 =56, SPRT H1 at LLR 3.00; an SPRT that stops early
/// overstates its gain). Again, same command on `bal_s5003.txt`, seed 5206, without SPRT:
/// +4.5 +/- 15.5 (1,149 games, +544 -530 =75, stopped for time). About +15 +/- 12 over the
/// 1,902 games (+927 -844 =131).
pub const BEST_MOVE_STATS: bool = true;

// Not played (session 52): the threat moves that move-count pruning skips spared the
// history maluses (Stockfish charges only the moves it searched): `bench 12` 1,514,243 nodes
// against 1,514,193, so rarely does such a move come before a node's best one.

/// History pruning (Stockfish's): at a non-PV node of depth at most HISTORY_PRUNE_DEPTH not
/// under an open three, once a move has been searched, a quiet move whose history is below
/// `-HISTORY_PRUNE_MARGIN * depth` is skipped (the moves after it are still looked at). 0:
/// off. Session 52, depth 4 and margin 8,192 (`bench 12` 1.30M nodes to depth 12 instead
/// of 1.51M) against the engine without it (`scripts/match.py --engine1 NEW --engine2 OLD
/// --games 2000 --concurrency 2 --turn 100 --match 0 --openings bal_s5003.txt --sprt 0 10
/// 0.05 0.05 --seed 5202`): +3.1 +/- 10.2 by pairs (2,000 games, +942 -924 =134, LLR -0.69
/// at the cap): not proven, left off. Both are tunables (`tune.rs`) for a later SPSA.
pub const HISTORY_PRUNE_DEPTH: i32 = 0;
/// See HISTORY_PRUNE_DEPTH (history units: a cut-off at depth d gains about 46 d^2, the
/// history stays within +/-65,536).
pub const HISTORY_PRUNE_MARGIN: i32 = 8192;
// Left out: reducing by history / (HISTORY_MAX / 8) plies more or less in LMR measured
// -4 +/- 66 over 98 games.

/// Ordering bonus of the quiet move that last refuted the opponent's previous move.
/// SPSA (session 43): 360, from 300.
pub const COUNTER_BONUS: i32 = 360;

/// Ordering bonus of the two killers (the quiet moves that last refuted a sibling at this
/// ply). It was 20,000 and 15,000, above every move but the TT move and a five: a quiet
/// killer came before our open threes and fours and before the blocks of the opponent's
/// threes. With 450 and 400 it takes its place among the threats (on a middle-game list our
/// open threes score about 600 to 900, the blocks of the opponent's 400 to 550, quiet moves
/// at most about 250 and history up to 256 more), as Stockfish takes good captures before its
/// killers and Rapfi orders by the cells' values with no killer at all. `bench 12`: 1.83M
/// nodes to depth 12 instead of 2.39M (no bonus at all: 1.72M). Session 31, self-play at
/// 100 ms a move against the engine with 20,000 / 15,000 (`scripts/match.py --games 2000
/// --concurrency 2 --turn 100 --match 0 --openings bal_s2201.txt --sprt 0 10 0.05 0.05`):
/// +10.4 +/- 12.0 by pairs (seed 3101, 2,000 games, +981 -921 =98, LLR 1.46 at the cap),
/// continued on other opening orders: +8.7 +/- 12.7 (seed 3102, 2,000 games, +973 -923 =104,
/// LLR 0.88 at the cap), then +35.2 +/- 43.3 (seed 3103, 200 games, +103 -85 =12, LLR 0.63,
/// stopped there): the SPRT on the three runs as one stream (their LLRs add) accepted H1 at
/// 2.97. About **+10.8 +/- 8.6** by pairs over the 4,200 games (+2,057 -1,929 =214).
/// Against Rapfi (1 s against 200 ms, c-gomoku-cli, 80 games each, seeds 57 and 58): +70 -79
/// =11, 47.2 %, against 41.9 % for the engine before it (seed 56): within the error.
/// SPSA (session 43): [487, 499], from [450, 400].
pub const KILLER_BONUS: [i32; 2] = [487, 499];

/// The history and counter moves kept from one move of a game to the next (the history
/// halved at each search) instead of starting each search from nothing: self-play at
/// 100 ms a move against the engine without it (session 22, 1,000 new balanced openings
/// with both colours, seed 2203): +7.8 +/- 14.9 (2,000 games, SPRT [0, 10] inconclusive at
/// LLR 0.49). Not proven; kept as the better start (what the previous move's search
/// learnt about this game), as strong engines do, and as the base of the next tests.
pub const KEEP_MOVE_STATS: bool = true;
// Left out (session 22, self-play at 100 ms a move, 1,000 balanced openings of seed 2201
// with both colours, against the engine without it):
// * a continuation history (the history of a move by its offset, within 4 cells, from the
//   previous move and from our move before it, added to the butterfly history in the
//   ordering and updated with it): 6 % fewer nodes to depth 12 on the bench, -26.6 +/- 27.4
//   (588 games, seed 2202, stopped);
// * then, with the statistics kept between moves, Rapfi's split of the history: threat
//   moves (not quiet) get their own table, rewarded and punished like the quiet moves'
//   (where the opponent has no open three), and ordered by it instead of the quiet one:
//   15 % fewer nodes to depth 12 on the bench, +0.4 +/- 23.3 (821 games, seed 2204,
//   stopped);
// * a quiet TT move that cuts off gains history, one that fails low loses it (Rapfi): 3 %
//   more nodes to depth 12 on the bench, -11.5 +/- 24.3 (754 games; by pairs -10.6 +/- 19.2;
//   seed 2205, stopped);
// * history in LMR a third time, now that it lasts between moves (quiet moves: r -=
//   history / 16384 within +/-2): -5.7 +/- 22.9 (856 games; by pairs -5.7 +/- 17.4; seed
//   2206, stopped);
// * LMR from the third move (LMR_MIN_MOVES 2) once more, the SPRT counted by pairs:
//   +2.5 +/- 14.2 (2,198 games; by pairs +2.2 +/- 11.3; seed 2207, stopped at LLR -0.88);
//   with sessions 9 and 11 about +6 +/- 9 over 5,000 games: not accepted.

// Left out (session 8): re-searching a reduced move that beat alpha by more than 40 + 10 per
// ply of reduction one ply deeper than its full depth (Stockfish's "do deeper"): -8.9 +/- 32.4
// after 428 of 600 balanced games at 100 ms (run cut off, LLR -0.51).

// Left out: searching the moves after one that raised alpha a ply shallower (depths 3..12)
// measured -5 +/- 58 over 130 games.

// Left out (session 8): a PV node whose TT move was stored at a depth well below this one
// searched (depth - tt depth) * 0.28 plies shallower, at most 3 (Rapfi's stale-PV
// reduction): +6.4 +/- 27.4 (600 balanced, 100 ms), SPRT inconclusive.

/// Singular extension (+20 +/- 51): from this depth, when the TT move holds a lower bound from at least
/// depth - 3, the other moves are searched at half depth against its score minus
/// SE_MARGIN per ply.
/// SPSA (session 43): 6, from 7.
pub const SE_MIN_DEPTH: i32 = 6;
/// SPSA (session 43): 2 (tuned 2.35, which the engine rounds to 2).
pub const SE_MARGIN: i32 = 2;

/// A threat move (an open three or more for us) right after our own threat two plies up (a
/// continued attack; the root's move does not count: counting it measured +8.7 +/- 10.6 over
/// 2,000 games in session 26, not accepted) is reduced one ply less, as Rapfi's
/// LMR does by 0.53 of a ply. Long forced wins are lines of such threats mixed with quiet
/// moves (README, "Where the games are lost"). 2.98M nodes to depth 12 on the bench instead
/// of 2.17M. Session 25, self-play at 100 ms a move against the engine without it
/// (`scripts/match.py --games 2000 --concurrency 2 --turn 100 --match 0 --openings
/// bal_s2201.txt --sprt 0 10 0.05 0.05`): **+16.6 +/- 12.6** by pairs (seed 2506, 1,612
/// games, +808 -731 =73, LLR 2.84 when the run ended), continued on another opening order
/// (seed 2507): +12.0 +/- 16.4 (929 games, +458 -425 =46, LLR 1.00). The SPRT on the two
/// runs as one stream (their LLRs add) accepted H1 early in the second; about +15 +/- 10
/// over the 2,541 games.
pub const CONTINUED_ATTACK: bool = true;

/// Internal iterative reduction: a node of at least this depth with no TT move (not a
/// singular-extension probe) is searched one ply shallower, after the static pruning and
/// before the moves; the table stores it at that depth. Without a TT move the node's
/// ordering is a guess, and a shallower search both costs less and leaves a move for the
/// next visit. 2.44M nodes to depth 12 on the bench instead of 2.98M. Session 26, self-play
/// at 100 ms a move against the engine without it (`scripts/match.py --games 2000
/// --concurrency 2 --turn 100 --match 0 --openings bal_s2201.txt --sprt 0 10 0.05 0.05`):
/// **+15.3 +/- 11.8** by pairs (seed 2602, 2,000 games, +993 -905 =102, LLR 2.83 at the
/// cap), continued on another opening order (seed 2603): +9.6 +/- 17.0 (983 games, +477
/// -451 =55, LLR 0.61 when stopped for time). The SPRT on the two runs as one stream crossed
/// 2.94 at the second run's 316th game and ended at 3.44; about +13 +/- 10 over the 2,983
/// games. (Session 5, with a search far from today's: -9.7 +/- 30.3 over 500 games.)
/// SPSA (session 43): 6, from 5.
pub const IIR_MIN_DEPTH: i32 = 6;

/// Half-width of the root's first window from depth 5 (widened by 3x on each fail).
/// 120 instead (session 35, self-play at 100 ms a move against 60, `scripts/match.py
/// --games 2000 --concurrency 2 --turn 100 --match 0 --openings bal_s2201.txt --sprt 0 10
/// 0.05 0.05 --seed 3502`): +3.6 +/- 11.8 by pairs (+956 -935 =109, LLR -0.37 at the cap:
/// inconclusive), though `bench 12` reached depth 12 on 0.99M nodes instead of 1.80M (most
/// of it one renju position). Not changed.
/// SPSA (session 43): 66, from 60.
pub const ASPIRATION: i32 = 66;

/// Hindsight depth adjustment (Stockfish 17's, from its `priorReduction`): a node that its
/// parent searched with a late-move reduction judges that reduction by its own static score
/// against the parent's (negated). Reduced by 3 plies or more and not better off than the
/// parent thought (the sum of the two scores at most 0): one ply deeper, the reduction was
/// too much. Reduced by 2 or more and better than the parent thought by more than
/// HINDSIGHT_MARGIN (the parent's move looks bad for it): one ply shallower. The reduction is
/// read once (a singular probe of the node finds none); not at a node that takes its score
/// from the parent (EVAL_FROM_PARENT), where the sum is 0 by construction. `bench 12`
/// 999,300 nodes to depth 12 instead of 1,136,151. Session 65, against the engine without it
/// (`scripts/match.py --engine1 NEW --engine2 BASE --games 2000 --concurrency 2 --turn 100
/// --match 0 --openings bal_s6501.txt --sprt 0 10 0.05 0.05`):
/// * seed 6503: +6.9 +/- 11.9 by pairs (2,000 games, +982 -942 =76, LLR 0.53 at the cap;
///   +15.6 +/- 14.9 after 1,248 games);
/// * seed 6504: +5.9 +/- 11.7 by pairs (2,000 games, +979 -945 =76, LLR 0.25 at the cap;
///   +14.3 +/- 21.3 after 609 games).
///
/// About **+6.4 +/- 8.3** over the 4,000 games (+1,961 -1,887 =152): not proven, in as
/// QUIESCE_DELTA went in (+6.5 +/- 8 over 4,000), on a positive estimate from two runs.
pub const HINDSIGHT: bool = true;
/// HINDSIGHT's margin for the shallower search: Stockfish's is 175 (about half a pawn in its
/// units); 500 here is 0.58 of a logit on this scale (sigma(v / 867), as QUIESCE_DELTA
/// reads it). Not tuned.
pub const HINDSIGHT_MARGIN: i32 = 500;
