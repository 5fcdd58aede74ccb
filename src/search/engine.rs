//! The engine: owns the transposition table and runs each search on its own
//! thread, so the protocol loop stays responsive. A stop flag ends a search
//! early; the result comes back through a callback.
//!
//! It also keeps what outlives one search: the table (sized from `INFO max_memory` and,
//! under a per-move limit, no larger than the search can fill: `table_cap_for_turn`;
//! faulted in by a background thread between searches, and replaced on another thread), and
//! the move statistics (history and counter moves) carried from one move of a game to the
//! next and forgotten at a new game.

use super::alphabeta::MoveStats;
use super::iterative::{think, think_excluding};
use super::position::Position;
use super::tt::TranspositionTable;
use super::{Iteration, Limits, SearchResult};
use crate::game::board::{Board, EMPTY};
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

/// Memory assumed when the manager sends no `max_memory`.
pub const DEFAULT_MEMORY: u64 = 256 << 20;
/// What the process needs besides the hash table: pattern tables, boards, stacks, code.
const OVERHEAD: u64 = 24 << 20;
const MIN_TT: usize = 64 << 10;
const MAX_TT: usize = 1 << 34;

/// What the machine has, in bytes (`u64::MAX` where unknown).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemInfo {
    /// `MemAvailable` of /proc/meminfo: what can be had without swapping.
    pub available: u64,
    /// The memory cgroup's limit, if one is set.
    pub cgroup_limit: u64,
    /// The memory cgroup's current usage (counts against its limit).
    pub cgroup_usage: u64,
}

impl MemInfo {
    pub const UNKNOWN: MemInfo = MemInfo {
        available: u64::MAX,
        cgroup_limit: u64::MAX,
        cgroup_usage: 0,
    };

    /// Reads /proc/meminfo and the memory cgroup (v2 `memory.max`/`memory.current`, v1
    /// `memory.limit_in_bytes`/`memory.usage_in_bytes`). Anything unreadable is unknown.
    #[cfg(not(windows))]
    pub fn read() -> MemInfo {
        let mut m = MemInfo::UNKNOWN;
        if let Ok(text) = std::fs::read_to_string("/proc/meminfo") {
            if let Some(kib) = meminfo_kib(&text, "MemAvailable") {
                m.available = kib.saturating_mul(1024);
            }
        }
        if let Some((limit, usage)) = cgroup_memory() {
            m.cgroup_limit = limit;
            m.cgroup_usage = usage;
        }
        m
    }

    /// Windows: the physical memory free now (`GlobalMemoryStatusEx`), or the commit charge
    /// still available if that is smaller (Windows does not overcommit: a table that cannot
    /// be committed is refused). Unknown if the call fails.
    #[cfg(windows)]
    pub fn read() -> MemInfo {
        let mut m = MemInfo::UNKNOWN;
        if let Some(s) = windows_memory_status() {
            m.available = s.avail_phys.min(s.avail_page_file);
        }
        m
    }

    /// What a new allocation can take before the machine (or the cgroup) runs short.
    pub fn free(&self) -> u64 {
        self.available
            .min(self.cgroup_limit.saturating_sub(self.cgroup_usage))
    }
}

/// `MEMORYSTATUSEX` of the Windows API (sysinfoapi.h).
#[cfg(windows)]
#[repr(C)]
struct MemoryStatusEx {
    length: u32,
    memory_load: u32,
    total_phys: u64,
    avail_phys: u64,
    total_page_file: u64,
    avail_page_file: u64,
    total_virtual: u64,
    avail_virtual: u64,
    avail_extended_virtual: u64,
}

#[cfg(windows)]
#[link(name = "kernel32")]
extern "system" {
    fn GlobalMemoryStatusEx(buffer: *mut MemoryStatusEx) -> i32;
}

#[cfg(windows)]
fn windows_memory_status() -> Option<MemoryStatusEx> {
    let mut s = MemoryStatusEx {
        length: std::mem::size_of::<MemoryStatusEx>() as u32,
        memory_load: 0,
        total_phys: 0,
        avail_phys: 0,
        total_page_file: 0,
        avail_page_file: 0,
        total_virtual: 0,
        avail_virtual: 0,
        avail_extended_virtual: 0,
    };
    // SAFETY: `s` is a valid, exclusively borrowed MEMORYSTATUSEX with its length field set,
    // as the call requires; it only writes into that struct. std has no way to ask Windows
    // for the free physical memory, and kernel32 is linked into every Windows program.
    let ok = unsafe { GlobalMemoryStatusEx(&mut s) };
    (ok != 0).then_some(s)
}

/// A `Key:   123 kB` line of /proc/meminfo.
#[cfg(not(windows))]
fn meminfo_kib(text: &str, key: &str) -> Option<u64> {
    text.lines().find_map(|l| {
        let rest = l.strip_prefix(key)?.strip_prefix(':')?;
        rest.split_whitespace().next()?.parse().ok()
    })
}

/// The memory cgroup's (limit, usage), if it has a limit.
#[cfg(not(windows))]
fn cgroup_memory() -> Option<(u64, u64)> {
    let read = |p: &str| -> Option<u64> {
        let t = std::fs::read_to_string(p).ok()?;
        // "max" (v2) or a huge number (v1) both mean no limit.
        t.trim().parse::<u64>().ok().filter(|&v| v < 1 << 60)
    };
    let own = std::fs::read_to_string("/proc/self/cgroup").unwrap_or_default();
    let mut candidates = Vec::new();
    for line in own.lines() {
        let mut parts = line.splitn(3, ':');
        let (_, ctrl, path) = (parts.next()?, parts.next()?, parts.next()?);
        if ctrl.is_empty() {
            candidates.push((
                format!("/sys/fs/cgroup{path}"),
                "memory.max",
                "memory.current",
            ));
        } else if ctrl.split(',').any(|c| c == "memory") {
            candidates.push((
                format!("/sys/fs/cgroup/memory{path}"),
                "memory.limit_in_bytes",
                "memory.usage_in_bytes",
            ));
        }
    }
    // Inside a container the own cgroup is often mounted as the root.
    candidates.push(("/sys/fs/cgroup".into(), "memory.max", "memory.current"));
    candidates.push((
        "/sys/fs/cgroup/memory".into(),
        "memory.limit_in_bytes",
        "memory.usage_in_bytes",
    ));
    candidates.into_iter().find_map(|(dir, limit, usage)| {
        let l = read(&format!("{}/{limit}", dir.trim_end_matches('/')))?;
        let u = read(&format!("{}/{usage}", dir.trim_end_matches('/'))).unwrap_or(0);
        Some((l, u))
    })
}

/// Hash-table bytes for a process limit of `max_memory` (0 = none given: the default budget)
/// on a machine in the state `mem`: the smaller of the manager's word and half of what the
/// machine (or the cgroup) has free (rounded down to a power of two), so a `max_memory` of 1 TiB on a 24 GiB machine, or a
/// busy machine, never gets a table it cannot back. The other half stays for the others.
pub fn table_bytes(max_memory: u64, mem: &MemInfo) -> usize {
    let manager = if max_memory == 0 {
        DEFAULT_MEMORY
    } else {
        max_memory
    };
    // Rounded down to a power of two so that the size stays put while the free memory
    // wanders (c-gomoku-cli repeats max_memory every game; a new size is a new table).
    let machine = match mem.free() / 2 {
        0 => 0,
        half => 1 << half.ilog2(),
    };
    let total = manager.min(machine);
    let usable = total.saturating_sub(OVERHEAD) / 4 * 3;
    usable.min(MAX_TT as u64).max(MIN_TT as u64) as usize
}

// Tried and not kept (119194f): a table no larger than the time control can fill (64 MiB
// per second a move, at least 16 MiB). A fresh process's first 1 s search runs 1.16-1.28M
// nodes/s with a 32 MB `max_memory` against 0.83-0.94M with 350 MB (the search faults the
// large table's pages in itself; `scripts/probe.py depth --count 10 --memory N` on middle-game
// positions), but over whole games at 100 ms an 18 MiB table against 257 MiB measured
// +5.3 +/- 25.0 (528 games, seed 3411, `match.py --option1 max_memory=50331648`, stopped):
// after the first move the prefault thread has the table in between searches.

/// Hash-table bytes per second of the per-move limit (see [`table_cap_for_turn`]).
const TT_BYTES_PER_SECOND: u128 = 64 << 20;
/// The smallest table a per-move limit asks for.
const MIN_TIMED_TT: usize = 16 << 20;

/// The largest hash table worth having when a move may take `turn_ms` (`timeout_turn`, times
/// the number of search threads): 64 MiB per second, rounded down to a power of two (so that
/// a manager repeating the same limit keeps the same table), at least 16 MiB. Below what
/// `max_memory` allows; never above it.
/// A one-second search stores about a million entries (16 MiB); a table many times larger
/// holds little the next moves need that this one cannot, and costs every probe more cache
/// and TLB misses, and a fresh process more pages to fault in. Measured (afea55c):
/// * self-play at 100 ms a move, fresh processes each game as `scripts/match.py` starts them,
///   this cap (16 MiB) against the 250 MiB table of Gomocup's 350 MB (`match.py --engine1 BIN
///   --engine2 BIN --option2 hash_size=256000 --games 2000 --concurrency 2 --turn 100 --match
///   0 --openings bal_s4005.txt --sprt 0 10 0.05 0.05 --seed 4802`): **+31.3 +/- 18.4** by
///   pairs (759 games, +396 -327 =36, H1). Even a 64 KiB table (`--option1
///   max_memory=16777216`, all of it the 24 MiB allowance) beat the 250 MiB one: +17.7 +/-
///   12.7 (1,493 games, seed 4801, `bal_s4003.txt`, H1);
/// * one process playing through whole games (the table carried from move to move, as
///   c-gomoku-cli keeps its engines), each of its positions searched to depth 13
///   (`scripts/probe.py depth BIN --games GAMES --along --depth 13 --count 8 --warm 2 --seed 3`,
///   then `--seed 4`, with `--memory 114642261` for the 64 MiB table): the same trees with a 64 MiB table as with 250 MiB (33,697,071 and
///   15,284,913 nodes against 33,697,061 and 15,285,890), in 20.8 s and 9.99 s against
///   22.2 s and 10.06 s; 1 s searches of middle-game positions with the table in memory
///   (`scripts/probe.py depth BIN --games GAMES --ms 1000 --count 24 --warm 3 --memory M`): about
///   +6 % nodes/s with 64 MiB, +10 % with 32 MiB (this machine, whose 260 MiB last-level
///   cache holds the smaller tables whole).
///
/// An earlier measurement (2026-11-23) had gone the other way at 500 ms (a 19 MB table, 30 positions of one game:
/// 2.14M against 1.93M nodes/s, mean depth 11.9 against 12.4); the cap at 500 ms is 32 MiB.
pub fn table_cap_for_turn(turn_ms: u64) -> usize {
    let bytes = (TT_BYTES_PER_SECOND * turn_ms as u128 / 1000).min(MAX_TT as u128) as usize;
    let rounded = if bytes == 0 { 0 } else { 1 << bytes.ilog2() };
    rounded.max(MIN_TIMED_TT)
}

/// Hash-table bytes that fit in `max_memory` on this machine now.
pub fn tt_bytes_for(max_memory: u64) -> usize {
    table_bytes(max_memory, &MemInfo::read())
}

/// Builds the evaluation tables of `rule` on a background thread, unless they are built
/// already: about 25 ms of CPU for a rule, which the first search of a game would otherwise
/// spend on its clock. A search that needs them meanwhile waits for that build.
pub fn warm_up(rule: Rule) {
    if crate::eval::pattern::is_warm(rule) {
        return;
    }
    let _ = std::thread::Builder::new()
        .name("warm-up".into())
        .spawn(move || crate::eval::weights::warm_up(rule));
}

pub type Reporter = Box<dyn FnMut(&Iteration) + Send>;
pub type OnDone = Box<dyn FnOnce(SearchResult) + Send>;

pub struct Engine {
    tt: Option<Arc<TranspositionTable>>,
    /// The size `tt` was asked for (it may be smaller: an allocation refused is halved).
    tt_asked: usize,
    /// What the memory settings allow (`max_memory`, or `hash_size`).
    memory_bytes: usize,
    /// The per-move limit (ms; `None`: none sent) and the search threads: what the table
    /// is capped by ([`table_cap_for_turn`] of their product).
    turn_ms: Option<u64>,
    threads: usize,
    /// The size was given outright (Yixin-Board's `hash_size`): no cap by the time limit.
    size_given: bool,
    stop: Arc<AtomicBool>,
    /// Set while a search runs: the table's background prefault waits meanwhile.
    busy: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
    /// Cells the root may not play (Yixin-Board's `yxblock`).
    excluded: Vec<u16>,
    /// History and counter moves, from one search of the game to the next (locked by the
    /// search thread while it runs).
    stats: Arc<Mutex<MoveStats>>,
    /// A new game began: the next search starts from empty statistics.
    new_game: bool,
}

impl Default for Engine {
    fn default() -> Self {
        Engine::new()
    }
}

impl Engine {
    pub fn new() -> Engine {
        Engine {
            tt: None,
            tt_asked: 0,
            memory_bytes: tt_bytes_for(0),
            turn_ms: None,
            threads: 1,
            size_given: false,
            stop: Arc::new(AtomicBool::new(false)),
            busy: Arc::new(AtomicBool::new(false)),
            thread: None,
            excluded: Vec::new(),
            stats: Arc::new(Mutex::new(MoveStats::default())),
            new_game: false,
        }
    }

    /// A new game: the next search forgets what the searches learnt about moves (the
    /// table is kept). Never waits: a search (pondering) may be running.
    pub fn new_game(&mut self) {
        self.new_game = true;
    }

    /// Cells the next searches may not play at the root (empty: none).
    pub fn set_excluded(&mut self, cells: &[Pos]) {
        self.excluded = cells.iter().map(|p| p.idx() as u16).collect();
    }

    /// How full the table is, in tenths of a percent (sampled), and its size in bytes.
    pub fn hash_usage(&self) -> (u32, usize) {
        self.tt
            .as_ref()
            .map_or((0, self.tt_bytes()), |tt| (tt.usage_permille(), tt.bytes()))
    }

    /// Writes the table to `path` (see `TranspositionTable::dump`).
    pub fn dump_hash(&mut self, path: &std::path::Path) -> Result<usize, String> {
        let tt = self.table();
        let f = std::fs::File::create(path).map_err(|e| format!("cannot create the file: {e}"))?;
        let mut w = std::io::BufWriter::new(f);
        tt.dump(&mut w)
            .and_then(|_| std::io::Write::flush(&mut w))
            .map_err(|e| format!("cannot write the file: {e}"))?;
        Ok(tt.bytes())
    }

    /// Reads a table written by `dump_hash` into the current one (same size only); a bad
    /// file is refused with the reason and leaves the table as it was.
    pub fn load_hash(&mut self, path: &std::path::Path) -> Result<usize, String> {
        let tt = self.table();
        let open = || {
            std::fs::File::open(path)
                .map(std::io::BufReader::new)
                .map_err(|e| format!("cannot open the file: {e}"))
        };
        // First pass: the whole file checks out; only then the second pass stores it.
        tt.check_dump(&mut open()?)?;
        tt.load(&mut open()?)?;
        Ok(tt.bytes())
    }

    /// Sizes the hash table for a process limit of `max_memory` bytes (applied at the next search).
    pub fn set_max_memory(&mut self, max_memory: u64) {
        self.memory_bytes = tt_bytes_for(max_memory);
        self.size_given = false;
    }

    /// Sets the hash table size directly in bytes.
    pub fn set_hash_bytes(&mut self, bytes: usize) {
        self.memory_bytes = bytes.clamp(MIN_TT, MAX_TT);
        self.size_given = true;
    }

    /// The per-move limit (`timeout_turn`, ms; 0: answer at once): the table is no larger
    /// than such a move can use ([`table_cap_for_turn`]), unless its size was given outright.
    pub fn set_turn_time(&mut self, turn_ms: u64) {
        self.turn_ms = Some(turn_ms);
    }

    /// The number of search threads: they fill the table that many times faster, so the
    /// per-move limit's cap grows with them.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.max(1);
    }

    /// The size the next search's table should have: what the memory settings allow, capped
    /// by the per-move limit ([`table_cap_for_turn`]) unless the size was given outright
    /// (`hash_size`).
    fn tt_bytes(&self) -> usize {
        let cap = match self.turn_ms {
            Some(ms) if !self.size_given => {
                table_cap_for_turn(ms.saturating_mul(self.threads as u64))
            }
            _ => usize::MAX,
        };
        self.memory_bytes.min(cap)
    }

    /// Empties the table (and starts the next search from empty move statistics): a fresh
    /// zeroed one replaces it (microseconds; its pages come in as they are used) and the
    /// old one is freed off this thread. Clearing 250 MiB in
    /// place would cost a search 50-100 ms and fault every page in at once.
    pub fn clear_hash(&mut self) {
        self.new_game = true;
        if let Some(old) = self.tt.take() {
            free_in_background(old);
            self.prepare();
        }
    }

    /// The move statistics the next search of this game starts from (`None` while a search
    /// holds them).
    pub fn move_stats(&self) -> Option<MoveStats> {
        self.stats.try_lock().ok().map(|g| g.clone())
    }

    pub fn is_thinking(&self) -> bool {
        self.thread.is_some()
    }

    /// Asks a running search to return its best move now.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
    }

    /// Whether the table has the size the settings ask for.
    fn fits(&self) -> bool {
        self.tt.is_some() && self.tt_asked == self.tt_bytes()
    }

    /// The table for the next search: the current one if its size is still right. A new
    /// one is a zeroed allocation (microseconds, halved while refused); the old one is
    /// freed on another thread (unmapping a faulted-in 250 MiB table takes tens of
    /// milliseconds), never both in use: the new one has no pages yet.
    fn table(&mut self) -> Arc<TranspositionTable> {
        if !self.fits() {
            if let Some(old) = self.tt.take() {
                free_in_background(old);
            }
            let bytes = self.tt_bytes();
            self.tt = Some(Arc::new(TranspositionTable::new(bytes)));
            self.tt_asked = bytes;
        }
        match &self.tt {
            Some(tt) => tt.clone(),
            None => Arc::new(TranspositionTable::new(MIN_TT)),
        }
    }

    /// Bytes of the table now in use (0 before the first one).
    pub fn hash_bytes(&self) -> usize {
        self.tt.as_ref().map_or(0, |tt| tt.bytes())
    }

    /// Allocates the table now (if its size changed) and has a background thread fault its
    /// pages in while no search runs, so the first searches do not pay for it on the clock.
    /// Measured: touching a 180 MiB table costs 75-100 ms of CPU, and up to 270 ms when two
    /// search threads fault it in together. It pauses during searches: run beside one it
    /// took CPU from the search (a 1000-game soak at 100 ms/move on an overloaded machine
    /// had first moves over the limit).
    pub fn prepare(&mut self) {
        if self.fits() {
            return;
        }
        let tt = self.table();
        let weak = Arc::downgrade(&tt);
        drop(tt);
        let busy = self.busy.clone();
        let _ = std::thread::Builder::new()
            .name("tt-prefault".into())
            .spawn(move || TranspositionTable::prefault(&weak, &busy));
    }

    /// Starts thinking about `board` for its side to move. `done` runs on the search thread.
    pub fn start(
        &mut self,
        board: Board,
        rule: Rule,
        limits: Limits,
        mut report: Reporter,
        done: OnDone,
    ) {
        self.wait();
        let tt = self.table();
        let stop = self.stop.clone();
        stop.store(false, Ordering::Relaxed);
        let busy = self.busy.clone();
        busy.store(true, Ordering::Relaxed);
        let excluded = self.excluded.clone();
        let stats = self.stats.clone();
        let fresh = std::mem::take(&mut self.new_game);
        let handle = std::thread::Builder::new()
            .name("search".into())
            .stack_size(64 << 20)
            .spawn(move || {
                let fallback = board.clone();
                let outcome = catch_unwind(AssertUnwindSafe(|| {
                    let pos = Position::new(board, rule);
                    let mut stats = lock(&stats);
                    if fresh {
                        stats.clear();
                    }
                    think_excluding(
                        pos,
                        &tt,
                        &limits,
                        &stop,
                        &mut *report,
                        &excluded,
                        &mut stats,
                    )
                }));
                let result = match outcome {
                    Ok(r) => r,
                    Err(_) => {
                        log::error!("search panicked; answering with a fallback move");
                        tt.clear();
                        fallback_result(&fallback)
                    }
                };
                // A `stats` build logs the tree's counts so far (search/stats.rs).
                if let Some(counts) = super::stats::report() {
                    log::info!("tree counts since the process started:\n{counts}");
                }
                busy.store(false, Ordering::Relaxed);
                done(result);
            });
        match handle {
            Ok(h) => self.thread = Some(h),
            Err(_) => {
                self.busy.store(false, Ordering::Relaxed);
                log::error!("could not start the search thread");
            }
        }
    }

    /// Waits for the search thread to end.
    pub fn wait(&mut self) {
        if let Some(h) = self.thread.take() {
            let _ = h.join();
        }
    }

    /// Runs a search on the calling thread (benchmarks, tests, tools).
    pub fn search_sync(
        &mut self,
        board: Board,
        rule: Rule,
        limits: Limits,
        report: &mut dyn FnMut(&Iteration),
    ) -> SearchResult {
        self.wait();
        let tt = self.table();
        self.stop.store(false, Ordering::Relaxed);
        self.busy.store(true, Ordering::Relaxed);
        let r = think(Position::new(board, rule), &tt, &limits, &self.stop, report);
        self.busy.store(false, Ordering::Relaxed);
        r
    }
}

impl Drop for Engine {
    /// A search (or ponder search) must not outlive its engine.
    fn drop(&mut self) {
        self.stop();
        self.wait();
    }
}

/// The lock of `m`, also when a panicking search poisoned it (the statistics are hints).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

/// Drops `tt` on a thread of its own (on this one if no thread can be started).
fn free_in_background(tt: Arc<TranspositionTable>) {
    let _ = std::thread::Builder::new()
        .name("tt-free".into())
        .spawn(move || drop(tt));
}

/// A legal move without searching: the empty square nearest the centre.
pub fn fallback_result(board: &Board) -> SearchResult {
    let c = Pos::from_idx(board.center());
    let best = board
        .all_cells()
        .filter(|&i| board.cell(i) == EMPTY)
        .map(Pos::from_idx)
        .min_by_key(|p| {
            (p.x as i32 - c.x as i32)
                .abs()
                .max((p.y as i32 - c.y as i32).abs())
        })
        .unwrap_or(c);
    SearchResult {
        best,
        score: 0,
        depth: 0,
        nodes: 0,
        elapsed: Duration::ZERO,
        pv: vec![best],
        lines: Vec::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Runs one search of `board` to `depth` on the engine's thread and waits for it.
    fn search(e: &mut Engine, board: &Board, depth: i32) {
        e.start(
            board.clone(),
            Rule::Freestyle,
            Limits::depth(depth),
            Box::new(|_| {}),
            Box::new(|_| {}),
        );
        e.wait();
    }

    #[test]
    fn move_statistics_last_for_the_game_and_not_beyond() {
        let mut board = Board::new(15, 15);
        for (x, y) in [(7, 7), (8, 8), (5, 9), (10, 4)] {
            board.make(Pos::new(x, y).idx());
        }
        let mut e = Engine::new();
        e.set_hash_bytes(1 << 20);
        search(&mut e, &board, 6);
        let first = e.move_stats().unwrap_or_default();
        assert_ne!(first, MoveStats::default());
        // What a depth-4 search leaves when it starts from nothing.
        let mut fresh = Engine::new();
        fresh.set_hash_bytes(1 << 20);
        search(&mut fresh, &board, 4);
        let alone = fresh.move_stats().unwrap_or_default();
        // The game's next search starts from the first one's statistics (the table is
        // emptied, as the fresh engine's is, so that only the statistics differ).
        e.clear_hash();
        e.new_game = false;
        search(&mut e, &board, 4);
        let second = e.move_stats().unwrap_or_default();
        assert_ne!(second, alone);
        // A new game starts from nothing.
        e.clear_hash();
        search(&mut e, &board, 4);
        assert_eq!(e.move_stats().unwrap_or_default(), alone);
    }

    const MIB: u64 = 1 << 20;
    const GIB: u64 = 1 << 30;

    fn machine(available: u64, cgroup_limit: u64, cgroup_usage: u64) -> MemInfo {
        MemInfo {
            available,
            cgroup_limit,
            cgroup_usage,
        }
    }

    #[test]
    fn the_manager_limit_rules_on_a_roomy_machine() {
        let big = machine(24 * GIB, u64::MAX, 0);
        // Gomocup's 350 MB: three quarters of what is left after the overhead.
        let t = table_bytes(367_001_600, &big) as u64;
        assert_eq!(t, (367_001_600 - OVERHEAD) / 4 * 3);
        assert!(t + OVERHEAD < 367_001_600);
        assert_eq!(
            table_bytes(0, &big) as u64,
            (DEFAULT_MEMORY - OVERHEAD) / 4 * 3
        );
        assert_eq!(
            table_bytes(MemInfo::UNKNOWN.available, &MemInfo::UNKNOWN),
            MAX_TT
        );
    }

    #[test]
    fn the_machine_caps_a_manager_asking_too_much() {
        // 1 TiB asked on a machine with 24 GiB free: half of the free memory at most.
        let t = table_bytes(1 << 40, &machine(24 * GIB, u64::MAX, 0)) as u64;
        assert_eq!(t, (8 * GIB - OVERHEAD) / 4 * 3);
        // Steady while the free memory wanders.
        let t2 = table_bytes(1 << 40, &machine(20 * GIB, u64::MAX, 0)) as u64;
        assert_eq!(t, t2);
        // A busy machine: 600 MiB free.
        let t = table_bytes(2 * GIB, &machine(600 * MIB, u64::MAX, 0)) as u64;
        assert_eq!(t, (256 * MIB - OVERHEAD) / 4 * 3);
        // No max_memory on a machine with 100 MiB free: less than the default.
        let t = table_bytes(0, &machine(100 * MIB, u64::MAX, 0)) as u64;
        assert_eq!(t, (32 * MIB - OVERHEAD) / 4 * 3);
    }

    #[test]
    fn a_cgroup_limit_counts_with_its_usage() {
        // 1 GiB cgroup of which 700 MiB are used: 324 MiB free, half of it usable.
        let m = machine(24 * GIB, GIB, 700 * MIB);
        assert_eq!(m.free(), 324 * MIB);
        let t = table_bytes(367_001_600, &m) as u64;
        assert_eq!(t, (128 * MIB - OVERHEAD) / 4 * 3);
        // Over its limit already, or nearly out of memory: the smallest table, never zero.
        assert_eq!(table_bytes(0, &machine(24 * GIB, GIB, 2 * GIB)), MIN_TT);
        assert_eq!(table_bytes(32 * MIB, &machine(0, u64::MAX, 0)), MIN_TT);
    }

    #[test]
    #[cfg(not(windows))]
    fn meminfo_lines_are_parsed() {
        let text = "MemTotal:       24684084 kB\nMemFree:  100 kB\nMemAvailable:   24226064 kB\n";
        assert_eq!(meminfo_kib(text, "MemAvailable"), Some(24_226_064));
        assert_eq!(meminfo_kib(text, "MemTotal"), Some(24_684_084));
        assert_eq!(meminfo_kib(text, "Mem"), None);
        assert_eq!(meminfo_kib("MemAvailable: x kB", "MemAvailable"), None);
        let here = MemInfo::read();
        assert!(here.free() > 0);
    }

    #[test]
    fn a_new_size_replaces_the_table_and_clearing_empties_it() {
        let mut e = Engine::new();
        e.set_hash_bytes(1 << 20);
        e.prepare();
        assert_eq!(e.hash_bytes(), 1 << 20);
        let tt = e.table();
        tt.store(99, 3, 4, 5, super::super::tt::BOUND_EXACT);
        assert!(e.table().probe(99).is_some());
        e.clear_hash();
        assert!(e.table().probe(99).is_none());
        assert!(
            tt.probe(99).is_some(),
            "the old table lives while someone holds it"
        );
        e.set_hash_bytes(2 << 20);
        assert_eq!(e.table().bytes(), 2 << 20);
    }

    #[test]
    fn the_per_move_limit_caps_the_table() {
        assert_eq!(table_cap_for_turn(0), MIN_TIMED_TT);
        assert_eq!(table_cap_for_turn(100), MIN_TIMED_TT);
        assert_eq!(table_cap_for_turn(1000), 64 * MIB as usize);
        assert_eq!(table_cap_for_turn(1999), 64 * MIB as usize);
        assert_eq!(table_cap_for_turn(2000), 128 * MIB as usize);
        assert_eq!(table_cap_for_turn(u64::MAX), MAX_TT);
        let mut e = Engine::new();
        e.set_max_memory(1 << 30);
        // (On a machine with less than about 150 MiB free the memory rules alone.)
        let by_memory = tt_bytes_for(1 << 30);
        // 1 s a move: 64 MiB, whatever the memory allows beyond it.
        e.set_turn_time(1000);
        assert_eq!(
            e.table().bytes(),
            TranspositionTable::bytes_for(by_memory.min(64 << 20))
        );
        // A longer limit: as much as the memory allows.
        e.set_turn_time(600_000);
        assert_eq!(e.table().bytes(), TranspositionTable::bytes_for(by_memory));
        // Never more than max_memory allows.
        e.set_turn_time(1000);
        e.set_max_memory(32 << 20);
        assert_eq!(
            e.table().bytes(),
            TranspositionTable::bytes_for(tt_bytes_for(32 << 20))
        );
        // A size given outright (hash_size) is kept whatever the limit.
        e.set_hash_bytes(20 << 20);
        e.set_turn_time(100);
        assert_eq!(e.table().bytes(), TranspositionTable::bytes_for(20 << 20));
        // max_memory again: the limit's cap is back.
        e.set_max_memory(1 << 30);
        assert_eq!(
            e.table().bytes(),
            TranspositionTable::bytes_for(by_memory.min(16 << 20))
        );
        // Two threads at 1 s a move fill as much as one at 2 s.
        e.set_turn_time(1000);
        e.set_threads(2);
        assert_eq!(
            e.table().bytes(),
            TranspositionTable::bytes_for(by_memory.min(128 << 20))
        );
    }
}
