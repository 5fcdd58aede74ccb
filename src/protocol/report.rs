//! The text of search reports. Each completed depth is logged (`RUST_LOG=info`) and, with
//! `INFO show_detail` above 0, written as `MESSAGE depth D-SEL ev E n N n/s R tm Tms pv …`;
//! a move reply comes after a `MESSAGE depth …` summary of its search.
//!
//! With `show_detail` bit 1 set (Yixin-Board sends 1), also Yixin-Board's live analysis:
//! `MESSAGE REALTIME BEST x,y`, `REALTIME VAL n`, `REALTIME PV …` after the first completed
//! depth, then at most every 150 ms, and once more for the move played; `REALTIME LOSE x,y`
//! for each root move a multi-PV analysis proves lost. Once a search has run 250 ms, the
//! root moves as they are searched: `REALTIME REFRESH` at each pass over them,
//! `REALTIME POS x,y` when a move's search starts (at most one per 20 ms) and
//! `REALTIME DONE x,y` when it is complete.

use super::output::Output;
use crate::game::pos::Pos;
use crate::search::engine::Reporter;
use crate::search::{is_proven_loss, score_text, Iteration, RootEvent, RootWatch, SearchResult};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Moves of a principal variation shown in a report.
const PV_SHOWN: usize = 16;
/// Shortest interval between two live analysis reports (`MESSAGE REALTIME`).
const REALTIME_EVERY: Duration = Duration::from_millis(150);

/// Root moves are shown only once a search has run this long (the first depths take
/// microseconds each: nobody could see them) ...
const REALTIME_POS_AFTER: Duration = Duration::from_millis(250);
/// ... and at most one `POS` per this interval, so a GUI redrawing on each line keeps up.
const REALTIME_POS_EVERY: Duration = Duration::from_millis(20);

/// The per-depth reporter of a search: each completed depth logged (`RUST_LOG=info`),
/// written as `MESSAGE depth …` when `detail`, and with `realtime` Yixin-Board's live
/// view as well.
pub(super) fn reporter(out: Output, detail: bool, realtime: bool) -> Reporter {
    let mut last_realtime: Option<Instant> = None;
    let mut lost: Vec<Pos> = Vec::new();
    Box::new(move |it: &Iteration| {
        let text = iteration_text(it);
        log::info!("{text}");
        if detail {
            out.message(&text);
        }
        if realtime {
            // Yixin-Board's live view: moves proven lost as soon as they are known,
            // the best move, its value and line at most every REALTIME_EVERY.
            for l in &it.lines {
                if let Some(&m) = l.pv.first() {
                    if is_proven_loss(l.score) && !lost.contains(&m) {
                        lost.push(m);
                        out.message(&format!("REALTIME LOSE {m}"));
                    }
                }
            }
            if last_realtime.is_none_or(|t| t.elapsed() >= REALTIME_EVERY) {
                last_realtime = Some(Instant::now());
                if let Some(&best) = it.pv.first() {
                    send_realtime(&out, best, it.score, &it.pv);
                }
            }
        }
    })
}

/// Yixin-Board's per-root-move view (main.c: `REFRESH` clears the marks, `POS r,c` marks the
/// move being searched, `DONE r,c` turns that mark into "searched"): a `REFRESH` at each pass
/// over the root moves, then `POS` and `DONE` for the moves searched, rate-limited as above
/// (a `DONE` only for the move whose `POS` was sent).
pub(super) fn root_watch(out: Output, start: Instant) -> RootWatch {
    struct Shown {
        last_pos: Option<Instant>,
        current: Option<Pos>,
    }
    let shown = std::sync::Mutex::new(Shown {
        last_pos: None,
        current: None,
    });
    Arc::new(move |e: RootEvent| {
        if start.elapsed() < REALTIME_POS_AFTER {
            return;
        }
        let mut s = shown.lock().unwrap_or_else(|e| e.into_inner());
        match e {
            RootEvent::Pass { .. } => {
                s.current = None;
                out.message("REALTIME REFRESH");
            }
            RootEvent::Start(p) => {
                s.current = None;
                if s.last_pos.is_none_or(|t| t.elapsed() >= REALTIME_POS_EVERY) {
                    s.last_pos = Some(Instant::now());
                    s.current = Some(p);
                    out.message(&format!("REALTIME POS {p}"));
                }
            }
            RootEvent::Done(p) => {
                if s.current == Some(p) {
                    s.current = None;
                    out.message(&format!("REALTIME DONE {p}"));
                }
            }
        }
    })
}

/// Yixin-Board's live analysis (its main.c reads `MESSAGE REALTIME BEST r,c`, `VAL n`
/// with `%d`, and keeps the text after `PV ` as the best line).
pub(super) fn send_realtime(out: &Output, best: Pos, score: i32, pv: &[Pos]) {
    out.message(&format!("REALTIME BEST {best}"));
    out.message(&format!("REALTIME VAL {score}"));
    let line = if pv.first() == Some(&best) {
        pv_text(pv)
    } else {
        best.to_string()
    };
    out.message(&format!("REALTIME PV {line}"));
}

/// The first moves of a line, `x,y` each.
pub(super) fn pv_text(pv: &[Pos]) -> String {
    pv.iter()
        .take(PV_SHOWN)
        .map(|p| p.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// One completed depth, as logged and reported.
fn iteration_text(it: &Iteration) -> String {
    format!(
        "depth {}-{} ev {} n {} n/s {} tm {}ms pv {}",
        it.depth,
        it.seldepth,
        score_text(it.score),
        it.nodes,
        it.nps(),
        it.elapsed.as_millis(),
        pv_text(&it.pv)
    )
}

/// The summary of a whole search, written before its answer.
pub(super) fn summary_text(r: &SearchResult) -> String {
    let nps = r.nodes.saturating_mul(1_000_000) / (r.elapsed.as_micros().max(1) as u64);
    format!(
        "depth {} ev {} n {} n/s {} tm {}ms pv {}",
        r.depth,
        score_text(r.score),
        r.nodes,
        nps,
        r.elapsed.as_millis(),
        pv_text(&r.pv)
    )
}
