//! Learning the evaluation and the move ordering from games.
//!
//! The evaluation ([`crate::eval::weights`]) is linear in the counts of the empty cells'
//! shapes plus one threat-level indicator, so fitting it to games is a logistic regression,
//! as Texel tuning is for chess engines:
//!
//! 1. positions with a result (and, from self-play, a search score) come from
//!    [`selfplay`] (node-limited games of Wuzi against itself) or from any engine's games in
//!    c-gomoku-cli's sample formats ([`record`]);
//! 2. each position is replayed on a board with its evaluator, positions the search
//!    settles statically are left out, and the rest become sparse feature rows laid out
//!    like a table's parameters ([`features`]);
//! 3. [`fit`] fits the parameters (Adam on the cross-entropy of σ(score/K) against a mix of
//!    the result and the search score), starting from a table and pulled towards it;
//! 4. the result is written as a `.wzw` file, which `WUZI_EVAL_FILE` or the embedded
//!    tables of `src/eval/weights/` then use.
//!
//! The move-ordering corrections ([`crate::eval::policy`]) are fitted the same way to the
//! moves played ([`policy`]: a softmax over the candidate cells). [`cli`] holds the
//! `selfplay` and `train` subcommands; `scripts/learn.sh` runs one loop of self-play, fit
//! and a match against the table before.
//!
//! # The commands
//!
//! ```sh
//! # Self-play games (node-limited, reproducible by seed), one sample per position
//! pbrain-wuzi selfplay --rule freestyle --size 15 --games 1500 --threads 2 --nodes 20000 \
//!     --seed 1 --out data/free15.txt
//! # Fit the rule's table to them (logistic regression on result and search score)
//! pbrain-wuzi train --rule freestyle --data data/free15.txt --init builtin --out data/free15.wzw --seed 1
//! # Fit the move-ordering corrections to the moves played
//! pbrain-wuzi policy --rule freestyle --data data/free15.txt --out data/free15.wzp
//! # The loop in one: self-play, fit, then an SPRT of the new table against the current one
//! scripts/learn.sh freestyle 15 1
//! ```
//!
//! `train` also reads c-gomoku-cli's samples (`-sample`), and `scripts/games_to_samples.py`
//! turns match records and SGF files into samples, so a stronger engine's games can be the
//! data (`scripts/anchor_games.sh`, `scripts/teacher_games.py`, `scripts/teacher_label.py`).
//! Try a table with `WUZI_EVAL_FILE=data/free15.wzw`; ship it by copying it to
//! `src/eval/weights/` (the bench signature changes).
pub mod cli;
pub mod features;
pub mod fit;
pub mod policy;
pub mod record;
pub mod selfplay;
