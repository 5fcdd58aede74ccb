//! `INFO key value`: the settings (time control, memory, rule, limits, threads,
//! pondering, Yixin-Board's `show_detail`, `usedatabase` and `database_readonly`). Never answered; unknown keys and bad values
//! are ignored, keeping the old value.
//!
//! `INFO` is applied at once, also while the engine thinks (unless requests wait in the
//! queue ahead of it: then it waits its turn). One that leaves the running search less
//! time than it started with (`timeout_turn`, `time_left`, `timeout_match`) shortens it,
//! counted from the same request: Piskvork's "stop thinking" sends `INFO timeout_turn 0`
//! and the move comes at once. A repeated or larger value (Yixin-Board repeats
//! `time_left` while the engine thinks) changes nothing. A setting the hash table's size
//! depends on (`timeout_turn`, `max_memory`, `hash_size`, `thread_num`) makes the new
//! table at once during a game, so the next search does not wait for it.

use super::brain::{Brain, Event, Pending};
use super::command::parse_int;
use super::openings::swap2_budget;
use crate::search::threads::MAX_THREADS;
use crate::search::timeman::TimeControl;
use std::time::Instant;

impl Brain {
    /// Applies one `INFO key value`.
    pub(super) fn info(&mut self, key: &str, value: &str) {
        let int = || parse_int(value).ok();
        match key {
            "timeout_turn" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.tc.turn_ms = v;
                    self.engine.set_turn_time(v as u64);
                    self.table_setting_changed();
                }
            }
            "timeout_match" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.tc.match_ms = v;
                }
            }
            "time_left" => {
                if let Some(v) = int() {
                    self.tc.left_ms = Some(v);
                }
            }
            "max_memory" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.max_memory = v as u64;
                    self.engine.set_max_memory(v as u64);
                    self.table_setting_changed();
                }
            }
            "hash_size" => {
                // Yixin-Board: KiB. Never beyond what max_memory allows; without one (Yixin-
                // Board never sends it), up to what the machine can hold.
                if let Some(v) = int().filter(|&v| v > 0) {
                    let cap = crate::search::engine::tt_bytes_for(if self.max_memory == 0 {
                        u64::MAX
                    } else {
                        self.max_memory
                    });
                    self.engine
                        .set_hash_bytes(((v as u64).saturating_mul(1024) as usize).min(cap));
                    self.table_setting_changed();
                }
            }
            "rule" => {
                if let Some(v) = int().filter(|&v| v >= 0) {
                    self.rule_value = v;
                    crate::search::engine::warm_up(self.rule());
                }
            }
            "max_depth" => {
                if let Some(v) = int().filter(|&v| v > 0) {
                    self.max_depth = v.min(100) as i32;
                }
            }
            "max_node" => {
                if let Some(v) = int() {
                    self.max_nodes = if v <= 0 { u64::MAX } else { v as u64 };
                }
            }
            "thread_num" => {
                if let Some(v) = int() {
                    self.threads = v.clamp(1, MAX_THREADS as i64) as usize;
                    self.engine.set_threads(self.threads);
                    self.table_setting_changed();
                }
            }
            "pondering" => {
                if let Some(v) = int() {
                    self.ponder = v != 0;
                }
            }
            "show_detail" => {
                self.yixin = true;
                if let Some(v) = int() {
                    self.show_detail = v;
                }
            }
            // Yixin-Board's "Use Database": a database set aside is neither queried nor
            // used by the search (it stays open and is saved as usual).
            "usedatabase" => {
                if let Some(v) = int() {
                    self.db.disabled = v == 0;
                }
            }
            "database_readonly" => {
                if let Some(v) = int() {
                    self.db.readonly = v != 0;
                }
            }
            // game_type, evaluate, folder, caution_factor, ...: nothing to do.
            _ => {}
        }
    }

    /// A setting the hash table's size depends on changed: in a game the table of the new
    /// size is made now and faulted in in the background, not by the next search (before
    /// `START` the game's first `prepare` does it).
    fn table_setting_changed(&mut self) {
        if self.board.is_some() {
            self.engine.prepare();
        }
    }

    /// After an INFO while thinking: if the limits now give the running search less time
    /// than it started with (Piskvork's "stop" sends `INFO timeout_turn 0`; a GUI user may
    /// lower `timeout_turn` or `time_left`), the search ends by the new limit, counted from
    /// the same request: at once if that is past, else at that moment. More time never
    /// lengthens a running search.
    pub(super) fn shorten_search(&mut self) {
        if !self.is_busy() {
            return;
        }
        let Some(b) = &self.board else { return };
        let mut budget = self.time_control().budget(b.stones(), b.empty_count());
        if let Some(Pending::Swap2 { .. } | Pending::Soosorv { .. }) = self.pending {
            budget = swap2_budget(budget);
        }
        if budget.maximum >= self.search_budget.maximum {
            return;
        }
        self.search_budget = budget;
        let deadline = self.search_start + budget.maximum;
        let now = Instant::now();
        if deadline <= now {
            self.engine.stop();
            return;
        }
        let (tx, id) = (self.tx.clone(), self.search_id);
        let timer = std::thread::Builder::new()
            .name("deadline".into())
            .spawn(move || {
                std::thread::sleep(deadline - now);
                let _ = tx.send(Event::Deadline(id));
            });
        if timer.is_err() {
            // No thread for the timer: better too early than too late.
            self.engine.stop();
        }
    }

    /// The time control for the next search: the manager's, with our own count of the
    /// match time used where it never sends `time_left`.
    pub(super) fn time_control(&self) -> TimeControl {
        let mut tc = self.tc;
        if tc.left_ms.is_none() && tc.match_ms > 0 {
            tc.left_ms = Some(tc.match_ms - self.used_ms);
        }
        tc
    }
}
