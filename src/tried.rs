//! Ideas measured and left out (search, evaluation, network, speed), one row each, so that
//! they are not tried again blindly. This module holds no code.
//!
//! Self-play is Wuzi against Wuzi at 100 ms a move unless the time control says otherwise,
//! against the engine without the idea, on balanced openings with both colours, with 95 %
//! bars ("by pairs": the two colours of an opening counted as one sample; "stopped": ended
//! before the SPRT [0, 10] decided; LLR: its log-likelihood ratio at the end; H0/H1: the
//! SPRT's verdict). "Rapfi 1 s" is against Rapfi's classical engine at 1 s a move each.
//! "Missed wins" counts the forced wins seen among `scripts/missed_wins.py`'s positions; "not
//! played" rows were judged from the bench's node counts or such screens alone. The commit is
//! the one that recorded the measurement; the prose with its commands is in
//! `git show 9eacd72:src/search/params.rs` and `git show 9eacd72:README.md`. The network
//! evaluation (the rows that name a network) was removed after 9eacd72, which holds its code.
//! The ideas that went in are in [`crate::search::params`] and the module docs.
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
//! | Rapfi's razoring under an open three: every non-PV node under a three at depth <= 2 settled by the horizon's VCF search alone (no margin, no defences searched) | -20.9 ± 34.4 by pairs (stopped, LLR -0.85) | 202 | 200 ms | 2026-12-02 |
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
//! | The root's move counted as our threat two plies up for the continued-attack rule | +8.7 ± 10.6 (2,000, LLR 1.27), then -11.3 ± 17.7 (766, 3aa3b8a): about +3 | 2,766 | 100 ms | 12e4370 |
//! | ProbCut: our four best threat moves searched four plies shallower against beta + 160 (non-PV, depth >= 5) | -3.8 ± 15.9 (stopped, LLR -1.34) | 1,017 | 100 ms | 0b3bdc7 |
//! | ttPv: a PV flag kept in the TT entry, every move at such a node reduced one ply less | -11.0 ± 16.9 (stopped, LLR -2.15) | 1,103 | 100 ms | 0b3bdc7 |
//! | Quiet moves reduced one ply more where the TT move is a threat of ours (Stockfish's ttCapture) | +3.8 ± 11.9 (LLR -0.32 at the cap) | 2,000 | 100 ms | 0b3bdc7 |
//! | IIR_MIN_DEPTH 4 instead of 5 | -2.3 ± 14.5 (stopped, LLR -1.34) | 1,337 | 100 ms | 0b3bdc7 |
//! | A quiet setup move counted as a threat for the continued-attack rule | -1.5 ± 16.2 (stopped, LLR -0.95) | 907 | 100 ms | 3aa3b8a |
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
//! | Prefetch the child's TT bucket (first form) | 914k vs 930k nodes/s, no gain (later kept: abdf0f5) | — | `bench 11`, 350 MiB table | 0387220 (2026-11-23) |
//! | Profile-guided build (PGO) | 1.39M vs 1.60M nodes/s: slower | — | `bench 12` | 45d15ab (2026-11-24) |
//! | Smaller hash table for short turns (first try) | 2.14M vs 1.93M nodes/s but mean depth 11.9 vs 12.4 (later kept: 6afc566) | 30 positions | 500 ms | 45d15ab (2026-11-24) |
//! | Evaluator per-cell recombination forced inline | 1.82M vs 1.84M nodes/s | — | `bench 12` | abdf0f5 (2026-11-24) |
//! | 24 KB table indexed by unordered pair of pattern pairs | 1.17–1.21 s vs 1.13–1.22 s CPU | — | `bench 12` | 5b267cc (2026-11-25) |
//! | Branch-free update of counts and threat lists | 1.32–1.36 s vs 1.13–1.22 s CPU | — | `bench 12` | 5b267cc (2026-11-25) |
//! | Recombine both colours whenever a cell changes | 1.19–1.26 s vs 1.13–1.22 s CPU | — | `bench 12` | 5b267cc (2026-11-25) |
//! | One branch for "occupied or unchanged" | same speed as kept form | — | `bench 12` | 5b267cc (2026-11-25) |
//! | Read neighbours' new pattern pairs first, branch-free | +8 % instructions, +13 % misses | — | 12 middle-game searches, 150k nodes | 3138d43 (2026-11-26) |
//! | 4-byte tuple entry, weights in a per-shape table | 47.7 M vs 46.4 M read misses | — | 12 middle-game searches, 150k nodes | 3138d43 (2026-11-26) |
//! | Tuple digits renumbered by pattern frequency | 53.9 M vs 53.6 M misses, +2 % instructions | — | 12 middle-game searches, 150k nodes | 3138d43 (2026-11-26) |
//! | PGO and `x86-64-v3` builds (second try) | no faster; PGO +7 % branches | — | `bench 12`, middle games | 3138d43 (2026-11-26) |
//! | Freestyle board writing line keys four cells each way | −0.6 % instructions, −0.1 % misses: not worth a second board | — | cachegrind | 3138d43 (2026-11-26) |
//! | Root aspiration window 120 instead of 60 | +3.6 ± 11.8 by pairs, SPRT inconclusive at cap | 2,000 | 100 ms | ab2c98f (2026-11-26) |
//! | Shape from four patterns by sorting network, 11 KiB table | −36 % L1 misses, +21 % instructions, 25 % slower | — | 12 middle-game searches | c494f3c (2026-11-26) |
//! | Prefetch every neighbour's pair-table entry | +8.6 % instructions, no faster (0.71 vs 0.72 s) | — | 12 middle-game searches | c494f3c (2026-11-26) |
//! | Empty neighbours walked from the stone's line keys | no faster | — | callgrind `bench 10` | f45515f (2026-11-27) |
//! | Both colours recombined without a branch (again) | 2 % slower | — | callgrind `bench 10` | f45515f (2026-11-27) |
//! | Undo journal replay with parts borrowed apart (first form) | no fewer instructions (later kept: 6afc566) | — | callgrind `bench 10` | f45515f (2026-11-27) |
//! | Journal keeps flipped threat-list bits, not combinations | +0.1 % instructions, −2.8 % mispredictions: too little | — | cachegrind | f45515f (2026-11-27) |
//! | Cells read through fixed-size windows | more instructions | — | callgrind `bench 10` | 6afc566 (2026-11-27) |
//! | Journal entries gathered in a local array | slower | — | `bench 12` | 6afc566 (2026-11-27) |
//! | Two-level shape table behind the tuple index | −15 % L1 read misses, no faster | — | cachegrind, `bench 12` | 6afc566 (2026-11-27) |
//! | List threat moves first, quiet moves only when needed | +0.8 % instructions | — | callgrind `bench 10` | b493f85 (2026-11-28) |
//! | Threat lists walked only over a 20x20 board's words | −0.5 % instructions: not worth a bound per call | — | callgrind `bench 10` | b493f85 (2026-11-28) |
//! | Huge pages for 175–250 MiB tables, marked chunk by chunk | −28.2 ± 23.2 despite +5 % nodes/s; first search 3x slower (later kept: fccdf43) | 470 | 100 ms | e011cba (2026-11-25); first try 99a42cc (2026-11-22) |
//! | Hash table sized to the time control (first try) | +5.3 ± 25.0; first 1 s search 30 % faster (later kept: 6afc566) | 528 | 100 ms | 119194f (2026-11-25) |
//! | Evaluator pair/tuple tables in a huge page too | 954k, 1,007k vs 981k, 983k nodes/s: nothing | 20 searches × 2 runs | 1 s searches | fccdf43 (2026-11-29) |
//! | Default build for the host CPU (`target-cpu=native`) | +4.7 ± 11.0 by pairs, LLR −0.10 at cap; +4.4 % nodes/s | 2,000 | 100 ms | 8eac6eb (2026-11-29) |
//! | Windows `x86-64-v3` (AVX2) flavour as the Gomocup entry | 661k, 659k vs 657k, 654k nodes/s under wine: nothing | — | `bench 11` | ab32e40 (2026-11-22) |
//! | SPSA of LMR terms in fractions of a ply | +7.8 ± 12.3 and −2.4 ± 11.9 by pairs (≈ +3 ± 9) | 4,000 (2 × 2,000) | 100 ms | 4a2f274 (2026-11-27) |
//! | SPSA of all 23 constants at 150 ms | −3.8 ± 18.2 by pairs | 740 | 150 ms | d2fd251 (2026-11-27) |
//! | SPSA re-tune of the four `improving` constants | −0.9 ± 16.1 | 1,181 | 100 ms | 0572466 (2026-11-28) |
//! | Freestyle refit adding 2,000 random-opening games | −17.4 ± 27.8 (validation loss 0.549 → 0.495) | 600 | 100 ms | 2026-11-23 (0c7ef8b) |
//! | Renju refit to first 2,136 Rapfi games | +11.6 ± 27.8, SPRT inconclusive (later kept with 4,272 games: 2e755ad) | 600 | 100 ms, renju | 578f629 (2026-11-23) |
//! | Caro ordering corrections fitted to own games | move played first 33.1 % vs 33.9 % hand-set: not played | — | — | 5fa9d27 (2026-11-26) |
//! | Caro third self-play loop (1,600 games) | validation 0.5548 → 0.5534: converged, not played | — | — | 5fa9d27 (2026-11-26) |
//! | Renju refit with a second batch of 1,914 Rapfi games | validation 0.4797 vs 0.4801: not played | — | — | 6982d08 (2026-11-26) |
//! | Standard ordering refit to both Rapfi sets | move played first 35.4 % vs 35.3 %: not shipped | — | — | 2026-11-26 (d519ce6) |
//! | Freestyle table refit to 2,000 new Rapfi games | +4.7 ± 17.3 by pairs, stopped at LLR −0.03 | 1,027 | 100 ms | 88a01e6 (2026-11-26) |
//! | Freestyle ordering fit to Rapfi's moves | move played first 33.3 % vs 33.2 %: not played | — | — | 88a01e6 (2026-11-26) |
//! | Freestyle table refit to both new Rapfi batches | joint-split loss 0.54375 → 0.54307: not played | — | — | 7250bdf (2026-11-26) |
//! | Freestyle ordering refit to Rapfi's moves, both batches | −8.7 ± 17.2 by pairs, stopped at LLR −1.78 | 1,123 | 100 ms | 7250bdf (2026-11-26) |
//! | Linear model plus same-cell class pairs, developing-line counts | validation 0.56628 → 0.56612 / 0.56611: nothing | — | — | 88423ba (2026-11-26) |
//! | Freestyle refit with off-path positions scored by Rapfi | +15.6 ± 12.5 (LLR 2.61 at cap), +37.9 ± 20.9 H1; Rapfi 1 s 21 % vs 29 %: withdrawn | 2,000 + 775; Rapfi 240 vs 240 | 100 ms; Rapfi 1 s | 0a00d14 (2026-11-26) |
//! | Third off-path batch (1–4 random plies, 127,819 positions) | +2.1 ± 16.3 by pairs, stopped at LLR −0.43 | 1,176 | 100 ms | 0a00d14 (2026-11-26) |
//! | Second off-path batch, table refit to four sets | +0.7 ± 17.7 by pairs, stopped at LLR −0.52 | 966 | 100 ms | fd79cfc (2026-11-26) |
//! | Refit to Wuzi's own games against Rapfi | −47.9 ± 26.7 by pairs, H0; Rapfi 1 s 38.8 % vs 44.7 % | 497; Rapfi 160 vs 160 | 100 ms; Rapfi 1 s, other 80 openings | d2fd251 (2026-11-27) |
//! | Freestyle refit to 2,000 more Rapfi games | −15.1 ± 20.7 by pairs (LLR −1.81); Rapfi 1 s 33.1 % vs 31.9 % (+1.3 ± 10 points paired) | 644; Rapfi 80 vs 80 | 100 ms; Rapfi 1 s | 8401bce (2026-11-27) |
//! | Refit to games against Rapfi, no per-engine bias | −5.4 ± 5.4 points paired (≈ −40 Elo): 36.9 % vs 42.3 % | 400 | vs Rapfi, 100 ms each | 5ed9498 (2026-11-28) |
//! | Refit to games against Rapfi with a per-engine bias | +0.3 ± 5.5 points paired; 43.0 % vs 44.6 % shipped | 800 | vs Rapfi, 100 ms each | 5ed9498 (2026-11-28) |
//! | Per-engine bias refit plus 2,000 new Rapfi games | 44.0 % vs shipped 47.0 % on the same seed | 400 | vs Rapfi, 100 ms each | 5ed9498 (2026-11-28) |
//! | Freestyle refit to four times the Rapfi games (8,000) | +3.0 ± 14.4 by pairs (LLR −0.38); Rapfi 1 s +16 −55 =9 (25.6 %) vs 31.8 % over 480 | 1,403; Rapfi 80 | 100 ms; Rapfi 1 s | 344641c (2026-11-28) |
//! | Rapfi's 14 line patterns (F2A, F3S), table refit | −5.7 ± 14.8 by pairs (LLR −1.88); validation 0.50856 vs 0.50908; +1.3 % instructions | 1,352 | 100 ms | 344641c (2026-11-28) |
//! | Renju table refit to 2,000 new Rapfi games | +1.9 ± 11.7 by pairs, LLR −0.86 at cap | 2,000 | 100 ms, renju | 822c19a (2026-11-28) |
//! | Renju with Rapfi's 14 line patterns | validation 0.50722 vs 0.50723: nothing, not played | — | — | 344641c (2026-11-28) |
//! | Rapfi's two-ply evaluation damping, shipped table | −126 Elo (games not recorded) | — | 100 ms | 2026-11-25 (610f07a) |
//! | Two-ply damping with the table refit to it | −83.7 ± 35.6 by pairs, H0 (validation 0.54281 vs 0.54647) | 254 | 100 ms | 5b8efe5 (2026-11-29) |
//! | A quarter more tempo in the tables | −9.3 ± 15.5 | 1,264 | 100 ms | 5b8efe5 (2026-11-29) |
//! | Plain refit to 2,600 new Rapfi games | −6.0 ± 15.9 | 1,277 | 100 ms | 5b8efe5 (2026-11-29) |
//! | Teacher's search score as target (λ 0.5), 1,500 Rapfi games | −22.0 ± 27.7 | 600 | 100 ms | 4383d79 (2026-11-23) |
//! | Same 1,500 teacher games, results only (λ 1) | −37.8 ± 38.6, stopped | 314 | 100 ms | 4383d79 (2026-11-23) |
//! | Teacher target λ 0.5, gentler refit (lr 10) | −12.7 ± 27.4 | 600 | 100 ms | 0d81931 (2026-11-23) |
//! | Teacher data at six times the volume, λ 0.5 | +0.6 ± 27.6 | 600 | 100 ms | b7ff91e (2026-11-23) |
//! | Teacher data at six times the volume, λ 1 | −0.0 ± 27.6 | 600 | 100 ms | b7ff91e (2026-11-23) |
//! | Finer pattern alphabet (14 patterns, 2,380 shapes) | +2.5 ± 17.3, stopped at LLR −0.32; 3.5 % slower | 1,510 | 100 ms | abdf0f5 (2026-11-24) |
//! | Ordering learned from Rapfi's moves, as the ordering | −4.9 ± 28.2 | 600 | 100 ms | f5d1a42 (2026-11-23) |
//! | Learned ordering as an extra quiet-move reduction | +2.3 ± 27.0 | 600 | 100 ms | f5d1a42 (2026-11-23) |
//! | Ordering values per distance class from the last stones | +5.2 ± 16.7 by pairs, stopped at LLR 0.03 | 1,065 | 100 ms | 3e9b334 (2026-11-25) |
//! | One more ply of reduction for ordering score below −2,500 | −9.1 ± 20.9 by pairs, stopped at LLR −1.25 | 690 | 100 ms | 3e9b334 (2026-11-25) |
//! | Ordering refit on three times the games (14,549) | −5.1 ± 21.5 by pairs, stopped at LLR −0.84 | 620 | 100 ms | c494f3c (2026-11-26) |
//! | Ordering fitted to the search's own beta cut-offs | top-1 63.9 % vs shipped file 66.5 %: not played | — | — | c494f3c (2026-11-26) |
//! | Ordering fitted to cut-offs by non-TT moves | top-1 68.1 % vs shipped file 72.8 %: not played | — | — | d2fd251 (2026-11-27) |
//! | Open-three threat bit as plain-three count 0/1/2+ | validation 0.5519 vs 0.5497 kept form: not played | — | — | 610f07a (2026-11-25) |
//! | Open-three threat bits kept apart (324 levels) | validation 0.5511 vs 0.5497 kept form: not played | — | — | 610f07a (2026-11-25) |
//! | Own-games refit keeping the old 54 threat levels | −33.1 ± 32.2, stopped | 390 | 100 ms | 63a41a0 (2026-11-25) |
//! | Network: pattern pairs, 32 features, own self-play | −29.0 ± 27.5; +12.7 ± 39.3 at 20k nodes; 506k vs 659k nodes/s | 600; 300 | 100 ms; 20k nodes | f82ad7b (2026-11-22) |
//! | Network: same, every intermediate rounded as the engine | −54.9 ± 28.7, LLR −2.93 | 562 | 100 ms | 92bc907 (2026-11-22) |
//! | Network `net_b` at a true node limit | +32.5 ± 39.0 | 300 | 20k nodes | fc90e79 (2026-11-23) |
//! | Network on Rapfi's scores over the refit table | −32.5 ± 27.7 | 600 | 100 ms | b7ff91e (2026-11-23) |
//! | Network on Rapfi's scores over the shipped table | −40.1 ± 27.8; +18.0 ± 27.5 at 20k nodes; −43.1 ± 39.2 at 300 ms | 600; 600; 300 | 100 ms; 20k nodes; 300 ms | b7ff91e, c71496f (2026-11-23) |
//! | Network `n16`: random 5-stone-opening self-play | −102.0 ± 35.4 at 20k nodes; −43.2 ± 41.2 at 100 ms, stopped | 340; 186 | 20k nodes; 100 ms | 0e0baa7 (2026-11-25) |
//! | Network `n16` with its output halved | −6.9 ± 30.0 | 300 | 20k nodes | 0e0baa7 (2026-11-25) |
//! | Network `sp`: SPRT match games, results only | +20.9 ± 31.3 at 20k nodes; −7.8 ± 22.4 at 100 ms, stopped | 300; 584 | 20k nodes; 100 ms | 0e0baa7 (2026-11-25) |
//! | Network `spbx`: `sp` plus extra-stone self-play | +19.2 ± 34.6 (20k), +16.2 ± 31.2 (100k nodes), −28.7 ± 20.8 H0 (100 ms); Rapfi 1 s +6 −34 =0 | 290; 300; 645; 40 | 20k / 100k nodes; 100 ms; Rapfi 1 s | 0e0baa7 (2026-11-25) |
//! | Network `spbx` against tables given 92 ms | −16.7 ± 25.1 | 500 | 100 ms vs 92 ms | 0e0baa7 (2026-11-25) |
//! | Network with 32 features on `n16`'s data | validation 0.5302 vs 0.5294: no better | — | — | 0e0baa7 (2026-11-25) |
//! | Network `kq`: line-key inputs (residual L2 1e-4) | +15.1 ± 34.3 | 300 | 20k nodes | e011cba (2026-11-25) |
//! | Network `kr`: line keys, 9,000 more self-play games | +12.2 ± 41.2 at 20k nodes; −83.9 ± 42.1 at 100 ms (with gate), stopped | 200; 190 | 20k nodes; 100 ms | e011cba (2026-11-25) |
//! | Network evaluated only near the window (stand-pat gate) | −51.3 ± 28.0 (`spbx`; ungated −28.7 ± 20.8) | 396 | 100 ms | e011cba (2026-11-25) |
//! | Network `kj`: line keys on jittered self-play | −37.6 ± 23.8, H0 | 595 | 100 ms | 4ed382f (2026-11-25) |
//! | Network (pattern pairs) on off-path positions | validation 0.50585 → 0.50047: not played | — | — | 0a00d14 (2026-11-26) |
//! | Shape network (pooled shape rows, no per-cell trunk) | −19.7 ± 18.8 (20k); halved +11.1 ± 17.6 (20k); −54.1 ± 28.4 H0 (100 ms); +33 % instructions | 988; 1,005; 304 | 20k nodes; 100 ms | 8401bce (2026-11-27) |
//! | Two wider prunings measured at longer time controls | first: +19 −55 =6 (27.5 %) at 1 s vs Rapfi 200 ms | 80 | 1 s vs Rapfi 200 ms | 337533e (2026-11-24) |
//! | Reverse futility where the opponent has an open three | −73.6 ± 32.7 | — | 100 ms | 03c3da6 (2026-11-24) |
//! | Defences against opponent four-three points ordered first | −9.9 ± 14.5 | — | 100 ms | edaddfd (2026-11-24) |
//! | Only those defences and our fours at a four-three point | −31.5 ± 22.0 | — | 100 ms | edaddfd (2026-11-24) |
//! | A four that costs no depth | fewer missed wins seen at 1 s; not played | — | — | edaddfd (2026-11-24) |
//! | Defences against an open three reduced | +12.9 ± 11.9, then −15.3 ± 18.1: not accepted | 2,000 + 773 | 100 ms | edaddfd (2026-11-24) |
//! | Quiet moves making two open twos searched as threats | −9.6 ± 16.4 | — | 100 ms | edaddfd (2026-11-24) |
//! | Root's move counted for the continued attack | +8.7 ± 10.6, not accepted | 2,000 | 100 ms | 12e4370 (2026-11-24) |
//! | ProbCut | no gain (figure in params.rs) | — | 100 ms | 0b3bdc7 (2026-11-25) |
//! | Rapfi's ttPv reduction | no gain (figure in params.rs) | — | 100 ms | 0b3bdc7 (2026-11-25) |
//! | Quiet moves reduced more behind a threatening TT move | no gain (figure in params.rs) | — | 100 ms | 0b3bdc7 (2026-11-25) |
//! | Internal iterative reduction from depth 4 | no gain (figure in params.rs) | — | 100 ms | 0b3bdc7 (2026-11-25) |
//! | Root's move in the continued attack (again) | within a few Elo of nothing | — | 100 ms | 3aa3b8a (2026-11-25) |
//! | Quiet four-three setup moves counted in the continued attack | within a few Elo of nothing | — | 100 ms | 3aa3b8a (2026-11-25) |
//! | One more ply of reduction for quiet moves worth little | within a few Elo of nothing | — | 100 ms | 3aa3b8a (2026-11-25) |
//! | Null move from depth 4 | within a few Elo of nothing | — | 100 ms | 3aa3b8a (2026-11-25) |
//! | Correction history keyed by line shapes, four forms | none gaining | — | 100 ms | 40df5b4 (2026-11-25) |
//! | Threat moves never reduced | missed-wins screen 5 of 32 (base 5) | — | 1.5M-node screen | b9ca974 (2026-11-23) |
//! | Rapfi's move-count limit at every depth | missed-wins screen 5 of 32 (base 5) | — | 1.5M-node screen | b9ca974 (2026-11-23) |
//! | A four that also makes a three answered one ply deeper | missed-wins screen 4 of 32 (base 4) | — | 1.5M-node screen | b9ca974 (2026-11-23) |
//! | Threat moves after our own threat not reduced | missed-wins screen 2 of 32 (base 4) | — | 1.5M-node screen | b9ca974 (2026-11-23) |
//! | Both of the two rows above | missed-wins screen 3 of 32 (base 4) | — | 1.5M-node screen | b9ca974 (2026-11-23) |
//! | A four extended one ply | missed-wins screen 12 and 14 of 56 (base 13), twice the nodes a depth | — | node-limited screen | 067e45d (2026-11-23) |
//! | Futility pruning at the parent | −1.9 ± 11.0 by pairs | 2,000 | 100 ms | 932e843 (2026-11-29) |
//! | The forced block of a four 5/16 ply deeper, the fraction carried down the line (OPPO5_EXT 1.3) | +9.5 ± 27.9; Rapfi 1 s: 30.6 % on the board (−142 [−203, −90]) against the tree's 27.8 % (160 games): level | 514; 157 | 250k nodes a move; Rapfi 1 s | 2026-12-02 |
//! | Rapfi's tree as a package: move count `(3 + d^1.32) / (2 - improving)` at every depth, a cut node's non-killers reduced 1.8 plies more (cut nodes tracked), razoring under an open three (depth <= 2, the VCF search alone), LMR divisor 1.0 | −98.1 ± 77.5; without the razoring −15.2 ± 50.2; without the cut-node term −52.5 ± 50.1 | 80; 160; 160 | 100 ms | 2026-12-02 |
//! | The same package with LMR divisor 1.5053 (36 % fewer nodes to depth 12) | +19.6 ± 52.1; Rapfi 1 s: +47 −106 =7, 31.6 % (−134 [−195, −81]) against the tree's 27.8 % (160 games): level | 160; 160 | 100 ms; Rapfi 1 s | 2026-12-02 |
//! | Rapfi's move count at every depth alone, again (3 % fewer nodes to depth 12) | +4.3 ± 51.4 | 160 | 100 ms | 2026-12-02 |
//! | Rapfi's stale-PV reduction at 1 s: a PV node whose TT move is `k` plies stale searched `round(0.28 k)` plies shallower, at most 3 (16 % fewer nodes to depth 12) | Rapfi 1 s: +37 −97 =26, 31.2 %; on the board +36 −98 =26, 30.6 % (−142 [−198, −92]) against the tree's 27.8 % (160 games): level | 160 | Rapfi 1 s | 2026-12-02 |
