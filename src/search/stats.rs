//! Counts of the tree's shape, for studying move ordering and pruning (cargo feature
//! `stats`; without it every function here is empty and the search is unchanged).
//!
//! What is counted, at the main search's move loops (not the root, not a forced block of a
//! four, not a singular-extension probe), apart for the nodes where the opponent has an open
//! three (an open-four point) and the others:
//! * the move loops and the moves they searched, by depth, and the moves by kind (a four, an
//!   open three or better, anything else);
//! * the cut-offs by the rank of the move that cut off (first, second, third to fifth,
//!   later), and where the node had a TT move, whether the TT move cut off.
//!
//! `pbrain-wuzi bench` prints them after its summary in a build with the feature:
//!
//! ```sh
//! cargo build --release --features stats --target-dir target/stats
//! target/stats/release/pbrain-wuzi bench 12
//! ```
//!
//! Counts of nodes, not of time, so they do not depend on the machine's load. 31c35be
//! compared them with the same counts taken in Rapfi (`git show 9eacd72:src/search/params.rs`).

/// What a searched move does for its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveKind {
    Four = 0,
    Three = 1,
    Other = 2,
}

#[cfg(feature = "stats")]
mod imp {
    use super::MoveKind;
    use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

    const DEPTHS: usize = 24;

    /// Per node class (0: no open three against us, 1: under one).
    struct Class {
        loops: [AtomicU64; DEPTHS],
        moves: [AtomicU64; DEPTHS],
        kinds: [AtomicU64; 3],
        /// Cut-offs by the rank of the move that cut off: 1st, 2nd, 3rd-5th, later.
        cuts: [AtomicU64; 4],
        /// Cut nodes with a TT move, and those where the TT move cut off.
        tt_cuts: [AtomicU64; 2],
    }

    impl Class {
        const fn new() -> Class {
            Class {
                loops: [const { AtomicU64::new(0) }; DEPTHS],
                moves: [const { AtomicU64::new(0) }; DEPTHS],
                kinds: [const { AtomicU64::new(0) }; 3],
                cuts: [const { AtomicU64::new(0) }; 4],
                tt_cuts: [const { AtomicU64::new(0) }; 2],
            }
        }
    }

    static CLASSES: [Class; 2] = [Class::new(), Class::new()];

    fn depth_slot(depth: i32) -> usize {
        (depth.max(0) as usize).min(DEPTHS - 1)
    }

    pub fn searched(threatened: bool, depth: i32, kind: MoveKind) {
        let c = &CLASSES[threatened as usize];
        c.moves[depth_slot(depth)].fetch_add(1, Relaxed);
        c.kinds[kind as usize].fetch_add(1, Relaxed);
    }

    pub fn loop_done(threatened: bool, depth: i32, cut_rank: Option<usize>, tt: Option<bool>) {
        let c = &CLASSES[threatened as usize];
        c.loops[depth_slot(depth)].fetch_add(1, Relaxed);
        if let Some(n) = cut_rank {
            let slot = match n {
                0 => 0,
                1 => 1,
                2..=4 => 2,
                _ => 3,
            };
            c.cuts[slot].fetch_add(1, Relaxed);
            if let Some(tt_cut) = tt {
                c.tt_cuts[0].fetch_add(1, Relaxed);
                if tt_cut {
                    c.tt_cuts[1].fetch_add(1, Relaxed);
                }
            }
        }
    }

    pub fn reset() {
        for c in &CLASSES {
            for a in c.loops.iter().chain(&c.moves).chain(&c.kinds) {
                a.store(0, Relaxed);
            }
            for a in c.cuts.iter().chain(&c.tt_cuts) {
                a.store(0, Relaxed);
            }
        }
    }

    pub fn report() -> Option<String> {
        let get = |a: &AtomicU64| a.load(Relaxed);
        let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
        let mut out = String::new();
        for (k, c) in CLASSES.iter().enumerate() {
            let loops: u64 = c.loops.iter().map(get).sum();
            let kinds: Vec<u64> = c.kinds.iter().map(get).collect();
            let cuts: Vec<u64> = c.cuts.iter().map(get).collect();
            let all_cuts: u64 = cuts.iter().sum();
            let per = |x: u64| x as f64 / loops.max(1) as f64;
            out += &format!(
                "stats {}: {} move loops, moves per loop {:.2} (fours {:.2}, threes {:.2}, \
                 other {:.2}); {} cut-offs, by the move's rank {:.1} % first, {:.1} % second, \
                 {:.1} % third to fifth, {:.1} % later; TT move cut off at {:.1} % of {} cut \
                 nodes with one\n",
                if k == 0 {
                    "not under a three"
                } else {
                    "under a three"
                },
                loops,
                per(kinds.iter().sum()),
                per(kinds[0]),
                per(kinds[1]),
                per(kinds[2]),
                all_cuts,
                pct(cuts[0], all_cuts),
                pct(cuts[1], all_cuts),
                pct(cuts[2], all_cuts),
                pct(cuts[3], all_cuts),
                pct(get(&c.tt_cuts[1]), get(&c.tt_cuts[0])),
                get(&c.tt_cuts[0]),
            );
            out += "  moves per loop by depth:";
            for d in 1..DEPTHS {
                let l = get(&c.loops[d]);
                if l > 0 {
                    out += &format!(" {d}:{:.1}", get(&c.moves[d]) as f64 / l as f64);
                }
            }
            out += "\n";
        }
        Some(out)
    }
}

#[cfg(not(feature = "stats"))]
mod imp {
    use super::MoveKind;

    #[inline(always)]
    pub fn searched(_threatened: bool, _depth: i32, _kind: MoveKind) {}

    #[inline(always)]
    pub fn loop_done(_threatened: bool, _depth: i32, _cut_rank: Option<usize>, _tt: Option<bool>) {}

    #[inline(always)]
    pub fn reset() {}

    pub fn report() -> Option<String> {
        None
    }
}

/// A move searched in a move loop of `depth`.
#[inline(always)]
pub fn searched(threatened: bool, depth: i32, kind: MoveKind) {
    imp::searched(threatened, depth, kind)
}

/// A move loop of `depth` ended: `cut_rank` is the rank of the move that cut off (from 0),
/// if one did; `tt` whether that move was the TT move, if the node had one.
#[inline(always)]
pub fn loop_done(threatened: bool, depth: i32, cut_rank: Option<usize>, tt: Option<bool>) {
    imp::loop_done(threatened, depth, cut_rank, tt)
}

/// Sets every count to zero.
pub fn reset() {
    imp::reset()
}

/// The counts as text (several lines), or `None` in a build without the feature.
pub fn report() -> Option<String> {
    imp::report()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_build_without_the_feature_counts_nothing_and_one_with_it_counts() {
        reset();
        searched(false, 3, MoveKind::Other);
        loop_done(false, 3, Some(0), Some(true));
        let report = report();
        assert_eq!(report.is_some(), cfg!(feature = "stats"));
        if let Some(text) = report {
            // Other tests may be searching at the same time: at least what this one added.
            let loops: u64 = text
                .strip_prefix("stats not under a three: ")
                .and_then(|t| t.split(' ').next())
                .and_then(|n| n.parse().ok())
                .expect("the loop count first");
            assert!(loops >= 1, "{text}");
            assert!(text.contains("% first") && text.contains(" 3:"), "{text}");
        }
    }
}
