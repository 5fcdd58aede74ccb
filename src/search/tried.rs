//! Search ideas measured and left out, one row each, so that they are not tried again
//! blindly. Self-play is at 100 ms a move unless the time control says otherwise, against
//! the engine without the idea, on balanced openings with both colours, with 95 % bars
//! ("by pairs": the two colours of an opening counted as one sample; "stopped": ended before
//! the SPRT [0, 10] decided; LLR: its log-likelihood ratio at the end). "Missed wins" counts
//! the forced wins seen among `scripts/missed_wins.py`'s positions; "not played" rows were
//! judged from the bench's node counts or such screens alone. The commit is the one that
//! recorded the measurement; its prose, with the commands and seeds, is in
//! `git show 9eacd72:src/search/params.rs`. The ideas that went in are in `params.rs`.
//!
//! | idea | result ± error | games | time control | commit or date |
//! |---|---|---|---|---|
//! | Reverse futility 200 and razoring 300 a ply (learned-evaluation scale) | +11.0 ± 27.7 (random openings); with the ordering and time changes +5.2 ± 33.7 (balanced) | 600; 400 | 100 ms | 93b360f |
//! | Internal iterative reduction from depth 4 (no TT move: one ply less) | -9.7 ± 30.3 (later in from depth 5, 12e4370) | 500 | 100 ms | 93b360f |
//! | Cut-node tracking: one more LMR ply for non-killers at cut nodes, and Rapfi's fail-high reduction (margin -70 + 110 a ply) | -12.9 ± 41.5 (stopped) | 270 | 100 ms | 93b360f |
//! | LMR divisor 1.3 | +1.7 ± 33.7 | 400 | 100 ms | 93b360f |
//! | Rapfi's move count, (3 + depth^1.32) / (2 - improving), to depth 10 | -7.3 ± 43.7 (stopped) | 239 | 100 ms | 93b360f |
//! | Re-search a reduced move that beat alpha by more than 40 + 10 a ply of reduction one ply deeper (Stockfish's do-deeper) | -8.9 ± 32.4 (stopped, LLR -0.51) | 428 | 100 ms | 99a42cc |
//! | Rapfi's stale-PV reduction: a PV node whose TT move is from a much shallower search, (depth - TT depth) * 0.28 plies shallower, at most 3 | +6.4 ± 27.4 (SPRT inconclusive) | 600 | 100 ms | 99a42cc |
//! | One ply more LMR where the ordering score without history and killers is low (quiet below 32, threat moves below 256) | -2.9 ± 27.5 | 600 | 100 ms | 99a42cc |
//! | Futility pruning of quiet moves (non-PV, depth <= 4, static score + 50 + 70 a ply <= alpha) | +8.7 ± 27.5, then -8.1 ± 27.4; together +0.3 ± 19 | 1,200 | 100 ms | 99a42cc |
//! | The moves after one that raised alpha a ply shallower (depths 3 to 12) | -5 ± 58 | 130 | 200 ms | 8363b72 |
//! | LMR less or more by history / (HISTORY_MAX / 8) plies | -4 ± 66 | 98 | 200 ms | d5a8767 |
//! | LMR divisor 1.1 (one ply deeper in 1 s) against 1.6 | -11 ± 54 | 154 | 200 ms | d5a8767 |
//! | LMR from the third move (LMR_MIN_MOVES 2, from 3) | +21.1 ± 20.9 (1,041, 16 cores), then +10.4 ± 27.4 and +2.9 ± 27.5 (600 each): about +12 ± 14 | 2,241 | 100 ms | c5c0837 |
//! | LMR_MIN_MOVES 2 again, with the Rapfi-fitted table | -8.1 ± 27.4; about +8 ± 12 over 2,841 with the runs before | 600 | 100 ms | 2e755ad |
//! | LMR_MIN_MOVES 2 a third time, SPRT by pairs | +2.5 ± 14.2 (by pairs +2.2 ± 11.3, stopped at LLR -0.88); about +6 ± 9 over 5,000 with the runs before (later 2 by SPSA, ce963c3) | 2,198 | 100 ms | 90d5c2b |
//! | Reverse futility to depth 8 | +14.2 ± 21.4 | 977 | 100 ms | c5c0837 |
//! | History in LMR: r -= history / 16384 within ±2 for quiet moves | +13.7 ± 21.0 | 1,013 | 100 ms | c5c0837 |
//! | Move-count pruning to depth 8 | +11.8 ± 20.8 | 1,033 | 100 ms | c5c0837 |
//! | Rapfi's stale-PV reduction, again | -1.7 ± 21.2 | 994 | 100 ms | c5c0837 |
//! | Alpha raised: the rest of the moves one ply shallower (2 < depth < 12) | -1.3 ± 20.4 | 1,081 | 100 ms | c5c0837 |
//! | PV nodes reduced one ply less | -6.2 ± 20.6 | 1,059 | 100 ms | c5c0837 |
//! | Razoring to depth 4 | -7.9 ± 20.8 | 1,051 | 100 ms | c5c0837 |
//! | The four best of the eight rows above together | -11.9 ± 15.3 | 1,954 | 100 ms | c5c0837 |
//! | LMR divisor 1.0 | -9.6 ± 33.4 | 400 | 50,000 nodes | 686c52d |
//! | A move that makes two open twos (or better) at once treated as a threat move | +4.3 ± 33.5 | 400 | 50,000 nodes | 686c52d |
//! | Delaying fours under an open three reduced one ply more than quiet moves | not played: missed wins 12 of 56 (13 without) | — | 1.5M nodes a position | 891ea2e |
//! | Defences against an open three reduced like threat moves | -6.0 ± 44.2 (stopped); missed wins 14 of 56 | 232 | 50,000 nodes | 891ea2e |
//! | Double singular extension (two plies at a non-PV node when the others fail 100 below, at most 8 on a line) | not played: missed wins 10 of 56, twice the bench's nodes | — | 1.5M nodes a position | 891ea2e |
//! | Threat moves reduced as much as quiet moves, from the LMR_MIN_MOVES-th move whatever the table says | -14.8 ± 33.6 | 400 | 100 ms | 067e45d |
//! | A four extended one ply (depth >= 3, not under an open three, at most 6 on a line; or only near our previous stone) | not played: missed wins 12 and 14 of 56 (13 without), 2.3 and 1.8 times the bench's nodes | — | 1.5M nodes a position | 067e45d |
//! | Rapfi's trivial moves: quiet moves that make not even a two skipped at depth <= 4 | not played: the same nodes on the bench | — | — | 067e45d |
//! | Delaying fours also skipped by move-count pruning (depth <= 4) | -13.7 ± 32.9 (stopped) | 407 | 100 ms | 067e45d |
//! | Reverse futility to depth 8, again | -13.3 ± 31.8 (stopped) | 443 | 100 ms | 067e45d |
//! | Move-count pruning to depth 8, again | +0.7 ± 30.1 (stopped) | 483 | 100 ms | 067e45d |
//! | Threat moves pruned two moves earlier than quiet ones | -1.4 ± 29.4 (stopped) | 510 | 100 ms | 067e45d |
//! | QUIESCE_PLAIN_LEVELS 1 (21 % fewer nodes to depth 12) | +22.3 ± 31.9 after 437 games, then +4.9 ± 16.7 (stopped, LLR -0.02) | 1,574 | 100 ms | 8a35bfa |
//! | Root VCT with the exact defences of an open three instead of every four-point | 1 of 40 missed-wins positions solved against 2 | — | 300,000 nodes a position | 067e45d |
//! | History in LMR, again | -20.6 ± 40.3 (stopped) | 270 | 100 ms | 9c65f6f |
//! | Rapfi's move count, (3 + depth^1.32) / (2 - improving), at every depth for quiet and threat moves | +5.2 ± 16.7 (stopped, LLR 0.03); 58 % fewer nodes to depth 12 | 1,594 | 100 ms | 9c65f6f |
//! | Fours (not under an open three) reduced like threat moves | +1.7 ± 19.0 (stopped, LLR -0.35) | 1,239 | 100 ms | 9c65f6f |
//! | Rapfi's fail-high reduction at cut nodes (beta - 10 + 20 a ply, +110 under an open three) | -4.2 ± 22.2 (stopped) | 907 | 100 ms | 3876deb |
//! | Horizon TT: the horizon's VCF search reads the table and stores at depth -1 (Rapfi) | +3.9 ± 17.2 (stopped, LLR -0.14) | 1,505 | 100 ms | 3876deb |
//! | One ply more LMR at cut nodes for moves that are not killers | +0.7 ± 21.4 (stopped) | 964 | 100 ms | 3876deb |
//! | Negative singular extension (the TT move a ply shallower when the others are not all below the bound, the bound below beta) | +5.7 ± 14.6 (stopped, LLR 0.12) | 2,079 | 100 ms | 3876deb |
//! | Horizon TT, negative extension and Rapfi's move count together | +1.5 ± 19.4 (stopped, LLR -0.36) | 1,176 | 100 ms | 3876deb |
//! | The static score also stored at a node that answers a forced block | -0.8 ± 15.8 (stopped, LLR -0.89) | 1,768 | 100 ms | 3876deb |
//! | The forced block of a four extended 1.3 plies (Rapfi's OPPO5_EXT) | -18.1 ± 44.2 (stopped) | 231 | 100 ms | 45d15ab |
//! | The TT move extended 0.25 of a ply at PV nodes, 0.08 elsewhere (Rapfi's TTM_EXT) | -0.6 ± 19.2 (stopped, LLR -0.58); missed wins 20 of 56 against 14 | 1,202 | 100 ms | 45d15ab |
//! | A four extended 0.3, 0.5 or a whole ply | not played: missed wins 16, 15 and 6 of 56 against 14 | — | 1.5M nodes a position | 45d15ab |
//! | Futility in Rapfi's form (margin 250 a ply beyond the first, any depth) | not played: 2.92M nodes to depth 12 against 2.29M | — | — | 45d15ab |
//! | Horizon TT with plain fours at the first horizon level only | -13.5 ± 19.9 (stopped, LLR -1.80) | 1,105 | 100 ms | 64b1b4b |
//! | QUIESCE_PLAIN_LEVELS 3 | -3.8 ± 18.7 (stopped, LLR -0.97) | 1,272 | 100 ms | 64b1b4b |
//! | Continuation history by offset (within 4 cells of the previous move and of ours before it) | -26.6 ± 27.4 (stopped) | 588 | 100 ms | 90d5c2b |
//! | Rapfi's split history: threat moves ordered by a table of their own, rewarded like the quiet one | +0.4 ± 23.3 (stopped) | 821 | 100 ms | 90d5c2b |
//! | A quiet TT move that cuts off gains history, one that fails low loses it | -11.5 ± 24.3 (by pairs -10.6 ± 19.2, stopped) | 754 | 100 ms | 90d5c2b |
//! | History in LMR a third time, with the statistics kept between moves | -5.7 ± 22.9 (by pairs -5.7 ± 17.4, stopped) | 856 | 100 ms | 90d5c2b |
//! | Delaying fours skipped by Rapfi's move count at any depth | -8.3 ± 22.3 by pairs (stopped); against Rapfi at 1 s / 200 ms +19 -55 =6 (27.5 %) | 627; 80 | 100 ms; Rapfi | 337533e |
//! | Rapfi's move count at every depth with LMR_DIVISOR 1.0 | against Rapfi at 500 / 100 ms +29 -44 =7 (41 %); self-play -27.4 ± 37.8 by pairs (stopped) | 80; 178 | Rapfi; 400 ms | 337533e |
//! | Reverse futility and razoring also under the opponent's open three | -73.6 ± 32.7 (SPRT H0) | 206 | 100 ms | 03c3da6 |
//! | Razoring alone under the opponent's open three | +3.3 ± 16.2 (stopped, LLR -0.24) | 1,143 | 100 ms | 03c3da6 |
//! | Neither reverse futility nor razoring where the opponent has a four-three or double-three point | -20.7 ± 19.6 (stopped, LLR -2.60) | 874 | 100 ms | 03c3da6 |
//! | A horizon node facing an open three searched one ply instead of standing pat | -3.3 ± 16.1 (stopped, LLR -1.24) | 1,156 | 100 ms | 03c3da6 |
//! | Quiet moves past the move count searched when they set up a four-three or double-three point | -22.0 ± 24.6 (stopped) | 508 | 100 ms | 03c3da6 |
//! | A quiet move that gives neither side a new three- or four-point reduced one ply more | -3.8 ± 14.6 (stopped, LLR -1.57) | 1,109 | 100 ms | 03c3da6 |
//! | Reverse futility margin 100 a ply instead of 80 | -3.8 ± 15.6 (stopped, LLR -1.39) | 1,109 | 100 ms | 03c3da6 |
//! | Reverse futility margin 60 a ply instead of 80 | -1.5 ± 14.4 (stopped, LLR -1.21) | 1,368 | 100 ms | 03c3da6 |
//! | Against a four-three or double-three point, the moves that remove every such point ordered first (+4000) | -9.9 ± 14.5 (stopped, LLR -2.73) | 1,341 | 100 ms | edaddfd |
//! | With that, only those moves and our fours generated against a four-three point (Rapfi's C_BLOCK4_FLEX3 case) | -31.5 ± 22.0 (SPRT H0) | 608 | 100 ms | edaddfd |
//! | The forced block of a four searched one ply deeper (at most 2, 4 or 8 times on a line) | not played: 6.5M, 11.9M, 18.2M nodes to depth 12; 3 and 2 of 30 missed wins against 5 | — | 1 s a position | edaddfd |
//! | Under an open three, every move after the first reduced (the table's reduction less one, at least one ply; non-PV, depth >= 3) | +12.9 ± 11.9 (2,000), then -15.3 ± 18.1 (773): about +3 | 2,773 | 100 ms | edaddfd |
//! | A quiet move that makes two lines of at least an open two searched as a threat move | -9.6 ± 16.4 (stopped, LLR -2.09) | 1,014 | 100 ms | edaddfd |
//! | The root's move counted as our threat two plies up for CONTINUED_ATTACK | +8.7 ± 10.6 (2,000, LLR 1.27), then -11.3 ± 17.7 (766, 3aa3b8a): about +3 | 2,766 | 100 ms | 12e4370 |
//! | ProbCut: our four best threat moves searched four plies shallower against beta + 160 (non-PV, depth >= 5) | -3.8 ± 15.9 (stopped, LLR -1.34) | 1,017 | 100 ms | 0b3bdc7 |
//! | ttPv: a PV flag kept in the TT entry, every move at such a node reduced one ply less | -11.0 ± 16.9 (stopped, LLR -2.15) | 1,103 | 100 ms | 0b3bdc7 |
//! | Quiet moves reduced one ply more where the TT move is a threat of ours (Stockfish's ttCapture) | +3.8 ± 11.9 (LLR -0.32 at the cap) | 2,000 | 100 ms | 0b3bdc7 |
//! | IIR_MIN_DEPTH 4 instead of 5 | -2.3 ± 14.5 (stopped, LLR -1.34) | 1,337 | 100 ms | 0b3bdc7 |
//! | A quiet setup move (SETUP_MOVES) counted as a threat for CONTINUED_ATTACK | -1.5 ± 16.2 (stopped, LLR -0.95) | 907 | 100 ms | 3aa3b8a |
//! | A reduced quiet move whose ordering score is below 10 reduced one ply more | -4.6 ± 13.1 (stopped, LLR -2.14) | 1,371 | 100 ms | 3aa3b8a |
//! | Null move (non-PV, depth >= 4, not under an open three, reduction 3 + depth / 4) | -1.7 ± 10.7 (2,000), then +1.0 ± 16.2 (1,012): about -1 | 3,012 | 100 ms | 3aa3b8a |
//! | Rapfi's useless-defence reduction (under an open three, a delaying four far from the last stone one ply more) | not played: 2.439M nodes against 2.441M | — | — | 3aa3b8a |
//! | Correction history (per side, keyed by the line keys through the last stone) in the main search's static score | -18.9 ± 19.7 (stopped, LLR -2.38) | 663 | 100 ms | 40df5b4 |
//! | Correction history also in the horizon's stand pat | +8.5 ± 11.9 (2,000), then -5.2 ± 19.9 (799): about +4 | 2,799 | 100 ms | 40df5b4 |
//! | Correction history with a second table keyed by the cells per combination, the two averaged | -18.0 ± 21.0 (stopped, LLR -2.02) | 639 | 100 ms | 40df5b4 |
//! | Correction history in the stand pat only | +1.6 ± 19.1 (882) and -1.8 ± 17.8 (945): about 0 | 1,827 | 100 ms | 40df5b4 |
//! | Rapfi's two-ply damping of the static score | -126.1 ± 46.0 (SPRT H0) | 184 | 100 ms | 610f07a |
//! | A PV node facing an open three searched one ply deeper (at most twice on a line) | -5.2 ± 24.3 (stopped, LLR -0.66) | 473 | 100 ms | 610f07a |
//! | LMR_DIVISOR 1.9 instead of 1.6 | +7.6 ± 13.5 (stopped, LLR 0.54) | 1,565 | 100 ms | 610f07a |
//! | LMR_DIVISOR 1.9 on top of KILLER_BONUS | -3.4 ± 17.6 (stopped, LLR -1.04); about +3 over 2,493 with the run before | 928 | 100 ms | 80015d6 |
//! | Ordering corrections by distance class from the last two stones (policy file version 2) | +5.2 ± 16.7 (stopped, LLR 0.03) | 1,065 | 100 ms | 3e9b334 |
//! | One ply more LMR for a quiet move whose ordering score is below -2,500 | -9.1 ± 20.9 (stopped, LLR -1.25) | 690 | 100 ms | 3e9b334 |
//! | The history at twice its weight in the ordering (>> 7) | -1.0 ± 21.3 (stopped, LLR -0.51) | 674 | 100 ms | 3e9b334 |
//! | Horizon stand pat without the network where the tables' score is more than 600 outside the window | network spbx -51.3 ± 28.0 against the tables alone (-28.7 ± 20.8 ungated); network kr -83.9 ± 42.1 (stopped) | 396; 190 | 100 ms | 6ebc663 |
//! | ASPIRATION 120 instead of 60 | +3.6 ± 11.8 by pairs (LLR -0.37 at the cap) | 2,000 | 100 ms | ab2c98f |
//! | RFP_MARGIN 220 instead of 325 | -4.5 ± 15.5 by pairs (stopped, LLR -1.51) | 1,011 | 100 ms | b0282e0 |
//! | Double singular extension (two plies where the others fail 300 below the bound, at most four on a line) | +1.0 ± 11.8 (LLR -1.09 at the cap) | 2,000 | 100 ms | 7d4d015 |
//! | SE_MARGIN 5 instead of 2 | not played: 1 % change in the bench's nodes | — | — | 7d4d015 |
//! | Only the TT move searched where the singular probe proves every other move lost | not played: 7 of 980 singular extensions, one node fewer | — | — | 7d4d015 |
//! | Rapfi's move count at every depth, on top of Rapfi's reverse futility | +9.6 ± 18.5 (940), then all runs -1.6 ± 9.5 by pairs | 3,363 | 100 ms | 867b77d |
//! | Rapfi's fail-high reduction (beta - 46 + 77 a ply) | -10.9 ± 17.5 | 896 | 100 ms | 867b77d |
//! | RFP_MARGIN 450 instead of 325 | -8.4 ± 16.4 | 910 | 100 ms | 867b77d |
//! | Rapfi's move count and fail-high reduction together | -4.1 ± 16.3 | 940 | 100 ms | 867b77d |
//! | Rapfi's trivial-move pruning (neither side more than a closed two, depth <= 4) | not played: 2.003M nodes against 2.005M | — | — | 867b77d |
//! | Do-deeper / do-shallower re-search of a reduced move (Stockfish, Rapfi: 175 + 57 a ply deeper, 5 a ply shallower) | +4.2 ± 11.6 (LLR -0.24 at the cap) | 2,000 | 100 ms | 867b77d |
//! | A reduced move searched at depth 1 at least, never at the horizon | -10.7 ± 15.9 (stopped, LLR -2.40) | 1,006 | 100 ms | 867b77d |
//! | No reverse futility where our moves two and four plies up were fours (Rapfi; RFP_NOT_IN_VCF) | -2.8 ± 13.3 by pairs (too rare to play at fd79cfc) | 1,251 | 100 ms | 4c7a8bc |
//! | A node that fails low stores no move in the TT | -0.7 ± 12.4 (LLR -1.43 at the cap); +4.3 ± 19.5 at 400 ms (401, stopped) | 2,000 | 100 ms | 31c35be |
//! | Rapfi's move count at every depth, at 400 ms | +1.4 ± 20.5 (stopped, LLR -0.33) | 483 | 400 ms | 31c35be |
//! | Rapfi's move count at every depth, against Rapfi | +18 -55 =7 and +19 -56 =5, 26.9 % (base 26.6 %) | 160 | 1 s, against Rapfi | a5a4ce3 |
//! | Our open threes reduced as much as quiet moves | 29.2 % (base 27.1 %) | 120 | 1 s, against Rapfi | a5a4ce3 |
//! | SPSA over the LMR terms and LMR_DIVISOR (1.9067, LMR_THREAT 0.5555, LMR_NOT_IMPROVING 1.387, ...) | +7.8 ± 12.3 by pairs, then -2.4 ± 11.9: about +3 ± 9 | 4,000 | 100 ms | 4a2f274 |
//! | Probing the child's TT entry before making the move | not played: would save about 2 % of the makes | — | — | da730de |
//! | An evaluation table per game phase (fewer than 20 stones) | not played: validation 0.5372 against 0.5431, the gain only below 16 stones | — | offline fit | 6afc566 |
//! | SPSA over all 23 tunables, again | -3.8 ± 18.2 by pairs (740, 15 cores); +0.0 ± 45.0 (158) | 898 | 150 ms | d2fd251 |
//! | Rapfi's candidate area (square3_line4) instead of the 5x5 box | -19.7 ± 18.0 by pairs (SPRT H0) | 797 | 100 ms | c5014da |
//! | Rapfi's TT-move statistics (updateTTMoveStats) | +2.1 ± 12.5 by pairs (stopped, LLR -0.71) | 1,475 | 100 ms | 24443e9 |
//! | History pruning, depth 4, margin 8,192 (HISTORY_PRUNE_DEPTH, left at 0) | +3.1 ± 10.2 by pairs (LLR -0.69 at the cap) | 2,000 | 100 ms | 564c79d |
//! | The quiet history updated for every move it orders, blocks included (QUIET_HISTORY_ALL) | -1.5 ± 15.1 by pairs (stopped, LLR -1.10) | 1,146 | 100 ms | 564c79d |
//! | The root's best move rewarded like any node's (ROOT_STATS) | +1.9 ± 14.5 by pairs (stopped, LLR -0.57) | 1,127 | 100 ms | 564c79d |
//! | Threat moves skipped by move count spared the history maluses | not played: 1,514,243 nodes against 1,514,193 | — | — | 564c79d |
//! | Razoring returns the horizon's score whatever it is, as Rapfi's step 7 (RAZOR_TRUSTS_FOURS) | -1.2 ± 16.0 by pairs (stopped, LLR -0.94) | 1,156 | 100 ms | 46325f4 |
//! | QUIESCE_DELTA's margins halved | -50.5 ± 27.4 (SPRT H0) | 375 | 100 ms | 356eaa0 |
//! | QUIESCE_DELTA's margins half as much again | -5.5 ± 14.7 (stopped, LLR -1.86) | 1,073 | 100 ms | 356eaa0 |
//! | The root's failed moves kept in their previous order (Stockfish, Rapfi; ROOT_KEEPS_ORDER) | +0.7 ± 17.1 by pairs (1,051, 16 cores); first try -13.4 ± 49.3 (106, 31c35be) | 1,157 | 100 ms | 62e3aa0 |
//! | A shallower root search after each fail high (Stockfish's failedHighCnt; FAIL_HIGH_SHALLOWER) | -5.5 ± 17.3 by pairs | 1,071 | 100 ms | 62e3aa0 |
//! | Reverse futility returns the mean of score and beta (Stockfish; RFP_DAMPED) | +10.9 ± 16.8, +3.5 ± 12.1, -7.9 ± 17.8: about +3 ± 9; with LMP_FOURS -10.7 ± 13.1 (1,724) | 4,171 | 100 ms | 62e3aa0 |
//! | Move-count pruning also skips our fours (LMP_FOURS) | +13.4 ± 15.2, then -10.7 ± 18.7: about +2 ± 12 | 2,007 | 100 ms | 62e3aa0 |
//! | Rapfi's useless-defence reduction: a delaying four more than four steps from the last stones 1.93 / 0.96 plies more (DISTANT_DELAY) | +12.1 ± 14.5, -1.9 ± 11.9, -0.0 ± 11.8: about +2.3 ± 7.3 | 5,055 | 100 ms | 4c7a8bc |
//! | The moves after one that raised alpha a ply shallower, depth 3 to 11, score within 8,670 of even (ALPHA_RAISED_SHALLOWER) | +6.6 ± 15.2, then -19.1 ± 20.0: about -3 ± 12 | 2,074 | 100 ms | 4c7a8bc |
//! | The grandchildren's killers cleared (KILLER_RESET) | +5.3 ± 15.2 by pairs (stopped, LLR 0.05) | 1,247 | 100 ms | 3fd9ece |
//! | The root's children improving against the root's score negated (PLY1_IMPROVING) | -8.9 ± 20.8 by pairs (stopped, LLR -1.24) | 700 | 100 ms | 3fd9ece |
//! | Mate-distance pruning (Rapfi's step 3; MATE_DISTANCE) | -26.6 ± 20.4 by pairs (SPRT H0) | 576 | 100 ms | 3fd9ece |
//! | SPSA over RFP_MARGIN, LMP_BASE, LMR_NOT_IMPROVING, LMP_MAX_DEPTH after the score-stack fix | -0.9 ± 16.1 by pairs (stopped, LLR -0.87) | 1,181 | 100 ms | 3fd9ece |
//! | KILLER_RESET, RFP_DAMPED, DISTANT_DELAY and history pruning together | -5.5 ± 17.0 by pairs (stopped, LLR -1.39) | 1,083 | 100 ms | 16aaa8e |
//! | LMR_DIVISOR 1.25 (more reduction) | +2.8 ± 22.7 by pairs (stopped, LLR -0.17) | 500 | 300 ms | 16aaa8e |
//! | A reduced quiet move more than three steps from both last stones reduced one ply more | -4.0 ± 15.4 by pairs (stopped, LLR -1.47) | 1,031 | 100 ms | 4a63949 |
//! | A follow-up move: the quiet move that last refuted after our own stone two plies up, bonus 300 | -3.6 ± 15.0 by pairs (stopped, LLR -1.47) | 1,256 | 100 ms | 4a63949 |
//! | Horizon TT again (a horizon node with fours probes the table and stores at depth level - 1) | 0.0 ± 14.5 by pairs (1,352); -1.1 ± 19.6 at 300 ms (607) | 1,959 | 100 ms; 300 ms | 71af58d |
//! | Futility pruning at the parent (non-PV, depth <= 6: a quiet move skipped where the score + 340 a ply is at most alpha) | -1.9 ± 11.0 by pairs (LLR -2.20 at the cap) | 2,000 | 100 ms | 932e843 |
//! | Continuation history one ply deep (the opponent's last cell and ours, >> 6 in the ordering) | -11.7 ± 14.6 by pairs (SPRT H0) | 1,303 | 100 ms | bcd0fb5 |
//! | A first aspiration window of at least half the root score's recent swing (ASPIRATION_SWING) | +0.5 ± 12.1 by pairs (LLR -1.17 at the cap); 8.7 % fewer nodes to depth 13 | 2,000 | 100 ms | c55a482 |
//! | Stockfish's small ProbCut: a TT lower bound 1,200 above beta returns beta + 1,200 | +3.1 ± 11.1 by pairs (LLR -0.59 at the cap) | 2,000 | 100 ms | c55a482 |
//! | Stockfish's opponent worsening: the reverse futility margin a third smaller where the parent's move left it worse off | -15.5 ± 16.4 by pairs (SPRT H0) | 1,031 | 100 ms | c55a482 |
//! | Rapfi's two-ply damping with the table refit to the damped form | -83.7 ± 35.6 by pairs (SPRT H0) | 254 | 100 ms | 5b8efe5 |
//! | A larger tempo: the line part's change over the last ply added a quarter | -9.3 ± 15.5 by pairs (stopped, LLR -2.30) | 1,264 | 100 ms | 5b8efe5 |
//! | The evaluation table refit in its own form to 2,600 games of Rapfi against itself | -6.0 ± 15.9 by pairs (stopped, LLR -1.67) | 1,277 | 100 ms | 5b8efe5 |
//! | Stockfish's cutoff count: one ply more LMR where more than three nodes one ply below cut off | -3.4 ± 15.5 by pairs (stopped, LLR -1.35) | 1,211 | 100 ms | 8eac6eb |
//! | The evaluator's tuple index over unordered pairs of directions (48 KiB instead of 166 KiB) | not faster: 1,013k and 954k nodes/s against 1,090k and 1,006k, same tree | — | speed | 8eac6eb |
