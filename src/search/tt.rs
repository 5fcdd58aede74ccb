//! Transposition table, shared by all search threads without locks.
//!
//! Layout: buckets of four 16-byte entries, one 64-byte cache line each (the table starts on a
//! 64-byte boundary, on a 2 MiB one when large). An entry is two atomic words: `key ^ data` and
//! `data`, where `data` packs the move (16 bits), the score (16, a win or loss stored as its
//! distance from this node, `to_tt` / `from_tt`), the depth (8) and the bound and search
//! generation (8). A torn write (two threads storing into one slot at once) then fails the key
//! check instead of returning another position's data.
//!
//! Replacement: a position already in the bucket reuses its slot; otherwise the slot with the
//! lowest depth less four plies per generation of age. A shallower non-exact result does not
//! overwrite a result more than two plies deeper from the same search, and a store without a
//! move keeps the entry's move.
//!
//! Size: from the memory the manager allows (`INFO max_memory`) and, under a per-move limit,
//! no more than the search can fill (`engine.rs`). The table is a zeroed allocation (its pages
//! come in on first touch), faulted in by a background thread between searches, in 2 MiB pages
//! where Linux gives them; the child's bucket is prefetched while a move is made.

use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

pub const BOUND_NONE: u8 = 0;
pub const BOUND_UPPER: u8 = 1;
pub const BOUND_LOWER: u8 = 2;
pub const BOUND_EXACT: u8 = 3;

/// Scores beyond this are wins/losses at a known distance.
pub const WIN: i32 = 30000;
pub const WIN_BOUND: i32 = WIN - 1000;

#[derive(Clone, Copy, Default, Debug, PartialEq, Eq)]
pub struct Entry {
    key: u64,
    pub mv: u16,
    pub score: i16,
    pub depth: i8,
    /// Low 2 bits: bound; upper 6 bits: generation.
    flags: u8,
}

impl Entry {
    pub fn bound(&self) -> u8 {
        self.flags & 3
    }

    fn pack(&self) -> [u64; 2] {
        let data = self.mv as u64
            | (self.score as u16 as u64) << 16
            | (self.depth as u8 as u64) << 32
            | (self.flags as u64) << 40;
        [self.key, data]
    }

    fn unpack(w: [u64; 2]) -> Entry {
        let d = w[1];
        Entry {
            key: w[0],
            mv: d as u16,
            score: (d >> 16) as u16 as i16,
            depth: (d >> 32) as u8 as i8,
            flags: (d >> 40) as u8,
        }
    }
}

const BUCKET: usize = 4;
const ENTRY_BYTES: usize = 16;

pub struct TranspositionTable {
    /// Two words per entry: `key ^ data`, `data`, from word `base` of `alloc` on (`len`
    /// words). A zeroed allocation: the OS supplies the pages lazily, so a large table costs
    /// nothing until it is used. It has one bucket's worth of words more than the table, so
    /// that the table can start on a 64-byte boundary and each 64-byte bucket is one cache
    /// line: the allocator returns large blocks 16 bytes past a page boundary, where every
    /// bucket straddled two lines (two memory fetches per probe).
    alloc: Box<[AtomicU64]>,
    base: usize,
    len: usize,
    buckets: usize,
    generation: AtomicU8,
}

// Huge pages, what was tried. 99a42cc asked Linux for 2 MiB pages (madvise MADV_HUGEPAGE,
// transparent huge pages in `madvise` mode) and left them out: once the table was faulted in
// it gave +5 % nodes/s (725k against 690k, 1 s searches of 8 balanced openings in one
// process), but a search that starts before the table is faulted in (the first move after
// `START`) then zeroes whole 2 MiB pages on its first touches: on the development VM 64 % of
// its time went to clear_page, 194k nodes/s against 624k, with the 350 MB table of those days.
// e011cba marked the table 2 MiB chunk by chunk from the background prefault thread
// instead: in games at 100 ms 1.376M against 1.309M nodes/s (+5 %, 30 games), yet in
// self-play against the engine without it -28.2 +/- 23.2 (470 games, seed 3410, stopped at
// LLR -2.40). Since afea55c the table is sized to the time control (64 MiB a second of
// `timeout_turn`, 16 MiB at 100 ms), so a fresh process faults in 8 to 32 huge pages, not 175;
// fccdf43 advises the whole table at allocation (`advise_huge_pages`, figures there).
/// `n` zeroed words, or `None` when the allocator refuses (an address-space or data limit,
/// strict overcommit). Asked of the allocator as zeroed memory, so a large table is mapped
/// in microseconds and its pages come in on first touch, whatever the optimiser does.
fn zeroed_words(n: usize) -> Option<Box<[AtomicU64]>> {
    let layout = std::alloc::Layout::array::<AtomicU64>(n).ok()?;
    if layout.size() == 0 {
        return Some(Box::new([]));
    }
    // SAFETY: the layout has a non-zero size; a null result is handled; all-zero bytes
    // are a valid `AtomicU64`; the box frees with the same layout (`Layout::array` of `n`
    // elements is exactly what `Box<[AtomicU64]>` of length `n` uses).
    unsafe {
        let ptr = std::alloc::alloc_zeroed(layout) as *mut AtomicU64;
        if ptr.is_null() {
            return None;
        }
        Some(Box::from_raw(std::ptr::slice_from_raw_parts_mut(ptr, n)))
    }
}

/// The size of a transparent huge page on x86-64 Linux.
const HUGE_PAGE: usize = 2 << 20;

/// Asks Linux to back `words` (huge-page aligned, as `try_new` places a large table) with
/// 2 MiB pages where it can: transparent huge pages in `madvise` mode, the usual default, give
/// a process them only where it asks. A probe of a table of 4 KiB pages misses the TLB nearly
/// every time (16,384 pages in a 64 MiB table against a second-level TLB of about 1,500
/// entries), and the page walk, slow in a virtual machine, stalls the search at the probe's
/// prefetch: 15 % of a 1 s search's samples under `perf` (4.6 % with huge pages). Measured
/// (fccdf43, 1 s searches of the first 20 balanced openings in one process, 0.7 s apart so
/// that the prefault thread runs between them, `scripts/probe.py nps BIN --memory 367001600`,
/// three interleaved runs each): mean 1,018k, 1,029k and 980k nodes/s against 964k, 917k and
/// 904k (+8.7 %; single runs range from +0 % to +15 %), the first search of a fresh process
/// (`--count 1`) 856k-1,139k against 761k-832k (three runs each). In self-play at 100 ms a
/// move against the engine without it (a 16 MiB table; `scripts/match.py --engine1 NEW
/// --engine2 OLD --games 2000 --concurrency 2 --turn 100 --match 0 --openings bal_s6501.txt
/// --sprt 0 10 0.05 0.05 --seed 6801`): **+17.0 +/- 12.6** by pairs (1,550 games, SPRT H1).
/// Elsewhere, or where the kernel says no, nothing changes.
fn advise_huge_pages(words: &[AtomicU64]) {
    #[cfg(target_os = "linux")]
    {
        extern "C" {
            fn madvise(addr: *mut std::ffi::c_void, len: usize, advice: i32) -> i32;
        }
        const MADV_HUGEPAGE: i32 = 14;
        // SAFETY: madvise with MADV_HUGEPAGE only changes how the kernel backs the range (our
        // own allocation, whose contents it keeps); it cannot invalidate memory, and a refusal
        // (an old kernel, huge pages off) is an error code we ignore. The C library `std`
        // links on Linux provides the symbol. Measured reason: above.
        unsafe {
            madvise(
                words.as_ptr() as *mut std::ffi::c_void,
                std::mem::size_of_val(words),
                MADV_HUGEPAGE,
            );
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

impl TranspositionTable {
    /// A table using at most `bytes` bytes (at least one bucket); when that much cannot be
    /// allocated, the largest of `bytes / 2`, `bytes / 4`, ... that can (as Rapfi does).
    pub fn new(bytes: usize) -> TranspositionTable {
        let mut want = bytes;
        loop {
            if let Some(tt) = Self::try_new(want) {
                return tt;
            }
            if want <= BUCKET * ENTRY_BYTES {
                // Not even one bucket: the allocator will report the failure itself.
                return Self::try_new(BUCKET * ENTRY_BYTES).unwrap_or_else(|| {
                    std::alloc::handle_alloc_error(std::alloc::Layout::new::<[u64; 8]>())
                });
            }
            want /= 2;
        }
    }

    /// A table of exactly `bytes_for(bytes)` bytes, or `None` if the memory is refused.
    pub fn try_new(bytes: usize) -> Option<TranspositionTable> {
        let buckets = Self::bytes_for(bytes) / (BUCKET * ENTRY_BYTES);
        let len = buckets.checked_mul(BUCKET * 2)?;
        // A table of at least two huge pages starts on a huge-page boundary (the padding is
        // address space, never touched); a smaller one on a cache line.
        let align = if len >= 2 * HUGE_PAGE / 8 {
            HUGE_PAGE
        } else {
            BUCKET * ENTRY_BYTES
        };
        let alloc = zeroed_words(len.checked_add(align / 8)?)?;
        let base = (align - alloc.as_ptr() as usize % align) % align / 8;
        let tt = TranspositionTable {
            alloc,
            base,
            len,
            buckets,
            generation: AtomicU8::new(0),
        };
        if align == HUGE_PAGE {
            advise_huge_pages(tt.words());
        }
        Some(tt)
    }

    /// The size a table asked to use `bytes` really has.
    pub fn bytes_for(bytes: usize) -> usize {
        let bucket = BUCKET * ENTRY_BYTES;
        (bytes / bucket).max(1) * bucket
    }

    pub fn bytes(&self) -> usize {
        self.len * 8
    }

    /// The table's words (without the alignment padding).
    #[inline]
    fn words(&self) -> &[AtomicU64] {
        &self.alloc[self.base..self.base + self.len]
    }

    /// Writes to every page of the table of `tt` (without changing a value, so a search may
    /// run meanwhile) so the OS backs it with memory now. Pauses while `busy` is set (a
    /// search is running: it must have the CPU to itself); stops early once nobody else
    /// holds the table.
    pub fn prefault(
        tt: &std::sync::Weak<TranspositionTable>,
        busy: &std::sync::atomic::AtomicBool,
    ) {
        const PAGE_WORDS: usize = 4096 / 8;
        const CHUNK: usize = 512 * PAGE_WORDS;
        let mut start = 0;
        loop {
            if busy.load(Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(2));
                if tt.strong_count() == 0 {
                    return;
                }
                continue;
            }
            let Some(tt) = tt.upgrade() else { return };
            if start >= tt.words().len() {
                return;
            }
            let end = (start + CHUNK).min(tt.words().len());
            for w in tt.words()[start..end].iter().step_by(PAGE_WORDS) {
                // black_box: an add of a known zero would be optimised into a plain load,
                // which leaves the page unbacked.
                w.fetch_add(std::hint::black_box(0), Relaxed);
            }
            start = end;
        }
    }

    /// Entries in use, in tenths of a percent, from a sample of up to 4000 entries spread
    /// over the table (any generation: what a dump would carry).
    pub fn usage_permille(&self) -> u32 {
        let entries = self.buckets * BUCKET;
        let n = entries.min(4000);
        if n == 0 {
            return 0;
        }
        let step = entries / n;
        let used = (0..n)
            .filter(|&k| self.words()[2 * (k * step) + 1].load(Relaxed) != 0)
            .count();
        (used * 1000 / n) as u32
    }

    /// Writes the table: the header (`DUMP_MAGIC`, format version, table bytes,
    /// generation), every word little-endian, then an FNV-1a checksum of the words.
    pub fn dump(&self, w: &mut impl std::io::Write) -> std::io::Result<()> {
        w.write_all(DUMP_MAGIC)?;
        w.write_all(&DUMP_VERSION.to_le_bytes())?;
        w.write_all(&(self.bytes() as u64).to_le_bytes())?;
        w.write_all(&(self.generation.load(Relaxed) as u64).to_le_bytes())?;
        let mut sum = Fnv::default();
        for word in self.words().iter() {
            let v = word.load(Relaxed);
            sum.add(v);
            w.write_all(&v.to_le_bytes())?;
        }
        w.write_all(&sum.0.to_le_bytes())
    }

    /// Reads and checks a dump's header: its generation if it fits this table.
    fn read_header(&self, r: &mut impl std::io::Read) -> Result<u8, String> {
        let mut magic = [0u8; 8];
        r.read_exact(&mut magic)
            .map_err(|_| "not a Wuzi hash file (too short)".to_string())?;
        if &magic != DUMP_MAGIC {
            return Err("not a Wuzi hash file (bad magic)".into());
        }
        let version = read_u64(r)?;
        if version != DUMP_VERSION {
            return Err(format!(
                "hash file format version {version}, this engine reads version {DUMP_VERSION}"
            ));
        }
        let bytes = read_u64(r)?;
        if bytes != self.bytes() as u64 {
            return Err(format!(
                "the file holds a table of {} KiB, the table now is {} KiB (send the INFO hash_size or max_memory it was saved with)",
                bytes >> 10,
                self.bytes() >> 10
            ));
        }
        let gen = read_u64(r)?;
        u8::try_from(gen)
            .ok()
            .filter(|&g| g < 64)
            .ok_or_else(|| "corrupt hash file (bad generation)".to_string())
    }

    /// Checks a whole dump (header, length, checksum) without changing the table.
    pub fn check_dump(&self, r: &mut impl std::io::Read) -> Result<(), String> {
        self.read_header(r)?;
        let mut sum = Fnv::default();
        for _ in 0..self.words().len() {
            sum.add(read_u64(r)?);
        }
        if read_u64(r)? != sum.0 {
            return Err("corrupt hash file (checksum mismatch)".into());
        }
        let mut extra = [0u8; 1];
        if r.read(&mut extra).map_err(|e| e.to_string())? != 0 {
            return Err("corrupt hash file (data after the checksum)".into());
        }
        Ok(())
    }

    /// Loads a dump checked by `check_dump` (checked again: on a mismatch the table is
    /// cleared rather than left half loaded).
    pub fn load(&self, r: &mut impl std::io::Read) -> Result<(), String> {
        let gen = self.read_header(r)?;
        let mut sum = Fnv::default();
        for word in self.words().iter() {
            let v = match read_u64(r) {
                Ok(v) => v,
                Err(e) => {
                    self.clear();
                    return Err(format!("{e}; table cleared"));
                }
            };
            sum.add(v);
            word.store(v, Relaxed);
        }
        if read_u64(r).ok() != Some(sum.0) {
            self.clear();
            return Err("the hash file changed while loading; table cleared".into());
        }
        self.generation.store(gen, Relaxed);
        Ok(())
    }

    pub fn clear(&self) {
        self.words().iter().for_each(|w| w.store(0, Relaxed));
        self.generation.store(0, Relaxed);
    }

    /// Called once per search so older entries lose replacement priority.
    pub fn new_search(&self) {
        let g = self.generation.load(Relaxed);
        self.generation.store((g + 1) & 63, Relaxed);
    }

    /// Asks the processor to start loading the bucket of `key` into its cache, so that a
    /// probe of `key` soon after finds it there. The search calls it before making a move
    /// whose position it will probe: the make (the evaluator's updates, hundreds of cycles)
    /// then overlaps the memory access. A no-op off x86-64.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
            let word = &self.alloc[self.base + 2 * self.bucket(key)];
            // SAFETY: a prefetch is only a hint to the cache: it reads nothing into the
            // program and cannot fault whatever the address (here one inside the table), and
            // SSE, which provides it, is part of every x86-64 processor. Measured reason: a
            // 3 s search from one position with a 350 MB table already faulted in (as in a
            // game: the table is faulted in while no search runs), eight interleaved runs
            // each: 1.63-1.73M nodes/s (median 1.68M) against 1.57-1.69M (median 1.63M)
            // without, +3 %. (`bench N 1 350` does not show it: each of its positions gets a
            // fresh table whose first-touch page faults dominate, which is why an earlier
            // `bench` measurement showed nothing.)
            unsafe { _mm_prefetch::<_MM_HINT_T0>(word as *const AtomicU64 as *const i8) }
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        ((key as u128 * self.buckets as u128) >> 64) as usize * BUCKET
    }

    #[inline]
    fn entry(&self, slot: usize) -> Entry {
        let data = self.alloc[self.base + 2 * slot + 1].load(Relaxed);
        let key = self.alloc[self.base + 2 * slot].load(Relaxed) ^ data;
        Entry::unpack([key, data])
    }

    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.bucket(key);
        (b..b + BUCKET)
            .map(|s| self.entry(s))
            .find(|e| e.key == key && e.flags != 0)
    }

    pub fn store(&self, key: u64, mv: u16, score: i32, depth: i32, bound: u8) {
        let b = self.bucket(key);
        let gen = self.generation.load(Relaxed);
        let age = |e: &Entry| ((gen as i32 - (e.flags >> 2) as i32) & 63) * 4;
        let bucket: [Entry; BUCKET] = std::array::from_fn(|s| self.entry(b + s));
        let slot = match bucket.iter().position(|e| e.key == key) {
            Some(s) => s,
            None => (0..BUCKET)
                .min_by_key(|&s| bucket[s].depth as i32 - age(&bucket[s]))
                .unwrap_or(0),
        };
        let e = bucket[slot];
        // Keep a deeper result for the same position from this search unless the new one is exact.
        if e.key == key
            && bound != BOUND_EXACT
            && e.depth as i32 > depth + 2
            && (e.flags >> 2) == gen
        {
            return;
        }
        let mv = if mv == 0 && e.key == key { e.mv } else { mv };
        let new = Entry {
            key,
            mv,
            score: score.clamp(-WIN, WIN) as i16,
            depth: depth.clamp(-1, 127) as i8,
            flags: bound | (gen << 2),
        };
        let w = new.pack();
        self.alloc[self.base + 2 * (b + slot)].store(w[0] ^ w[1], Relaxed);
        self.alloc[self.base + 2 * (b + slot) + 1].store(w[1], Relaxed);
    }
}

/// First bytes of a hash dump (`YXHASHDUMP`), then the format version.
pub const DUMP_MAGIC: &[u8; 8] = b"WUZIHASH";
pub const DUMP_VERSION: u64 = 1;

fn read_u64(r: &mut impl std::io::Read) -> Result<u64, String> {
    let mut b = [0u8; 8];
    r.read_exact(&mut b)
        .map_err(|_| "truncated hash file".to_string())?;
    Ok(u64::from_le_bytes(b))
}

/// FNV-1a over 64-bit words.
struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    fn add(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// Win/loss scores are stored relative to the node, not the root.
pub fn to_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score + ply
    } else if score < -WIN_BOUND {
        score - ply
    } else {
        score
    }
}

pub fn from_tt(score: i32, ply: i32) -> i32 {
    if score > WIN_BOUND {
        score - ply
    } else if score < -WIN_BOUND {
        score + ply
    } else {
        score
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_start_on_cache_lines() {
        // Large blocks come 16 bytes past a page boundary from the allocator.
        for bytes in [1 << 10, 1 << 16, 16 << 20, 256 << 20] {
            let tt = TranspositionTable::new(bytes);
            assert_eq!(tt.words().as_ptr() as usize % 64, 0, "{bytes}");
            assert_eq!(tt.bytes(), TranspositionTable::bytes_for(bytes));
            assert_eq!(tt.words().len() * 8, tt.bytes());
        }
    }

    #[test]
    fn large_tables_start_on_huge_pages() {
        // From two huge pages up the table is aligned for them (and advised), below on a line.
        for bytes in [4 << 20, 16 << 20, 64 << 20, (64 << 20) + 64] {
            let tt = TranspositionTable::new(bytes);
            assert_eq!(tt.words().as_ptr() as usize % HUGE_PAGE, 0, "{bytes}");
            assert_eq!(tt.bytes(), TranspositionTable::bytes_for(bytes));
            // The key u64::MAX lands in the last bucket: the padding is before the table,
            // so that bucket is still inside the allocation (an index past it would panic).
            tt.store(u64::MAX, 1, 5, 1, BOUND_EXACT);
            assert_eq!(tt.probe(u64::MAX).map(|e| e.score), Some(5));
        }
        let small = TranspositionTable::new(1 << 20);
        assert_eq!(small.alloc.len() - small.words().len(), BUCKET * 2);
    }

    #[test]
    fn store_and_probe() {
        let tt = TranspositionTable::new(1 << 16);
        tt.store(42, 7, 123, 5, BOUND_EXACT);
        let e = tt.probe(42).unwrap();
        assert_eq!(
            (e.mv, e.score, e.depth, e.bound()),
            (7, 123, 5, BOUND_EXACT)
        );
        assert!(tt.probe(43).is_none());
    }

    #[test]
    fn replacement_prefers_shallow_and_old() {
        // One bucket: five keys compete for four slots.
        let tt = TranspositionTable::new(64);
        for k in 1..=4u64 {
            tt.store(k, k as u16, 0, 10 + k as i32, BOUND_LOWER);
        }
        tt.store(99, 9, 0, 20, BOUND_LOWER);
        assert!(tt.probe(1).is_none(), "shallowest entry is replaced");
        assert!(tt.probe(99).is_some() && tt.probe(4).is_some());
        // In a later search, old deep entries give way.
        for _ in 0..10 {
            tt.new_search();
        }
        tt.store(100, 1, 0, 1, BOUND_UPPER);
        assert!(tt.probe(100).is_some());
    }

    #[test]
    fn a_torn_entry_is_never_returned() {
        let tt = TranspositionTable::new(64);
        tt.store(5, 1, 100, 3, BOUND_EXACT);
        // Another thread's half-finished store: its data word lands next to our key word.
        let other = Entry {
            key: 6,
            mv: 2,
            score: -100,
            depth: 9,
            flags: BOUND_LOWER,
        }
        .pack();
        let slot = (0..BUCKET).find(|&s| tt.entry(s).key == 5).unwrap();
        tt.words()[2 * slot + 1].store(other[1], Relaxed);
        assert!(tt.probe(5).is_none() && tt.probe(6).is_none());
    }

    /// Keys like Zobrist keys: spread over all 64 bits.
    fn spread(k: u64) -> u64 {
        k.wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }

    #[test]
    fn shared_between_threads() {
        let tt = TranspositionTable::new(1 << 20);
        std::thread::scope(|s| {
            for t in 0..4u64 {
                let tt = &tt;
                s.spawn(move || {
                    for k in 1..2000u64 {
                        let key = spread(k * 4 + t);
                        tt.store(key, key as u16, (key % 1000) as i32, 4, BOUND_EXACT);
                    }
                });
            }
        });
        // Whatever survived replacement is intact.
        let mut found = 0;
        for key in (4..8000u64).map(spread) {
            if let Some(e) = tt.probe(key) {
                assert_eq!((e.mv, e.score as i32), (key as u16, (key % 1000) as i32));
                found += 1;
            }
        }
        assert!(found > 7000, "{found}");
    }

    #[test]
    fn mate_scores_are_node_relative() {
        let s = WIN - 7;
        assert_eq!(from_tt(to_tt(s, 3), 3), s);
        assert_eq!(from_tt(to_tt(-s, 5), 5), -s);
        assert_eq!(to_tt(100, 9), 100);
    }

    #[test]
    fn a_refused_size_falls_back_by_halving() {
        assert!(TranspositionTable::try_new(usize::MAX / 2).is_none());
        // More than any address space: halved until the allocator agrees.
        let tt = TranspositionTable::new(1 << 62);
        assert!(tt.bytes() <= 1 << 61 && tt.bytes() >= 64);
        tt.store(7, 1, 2, 3, BOUND_EXACT);
        assert_eq!(tt.probe(7).map(|e| e.mv), Some(1));
    }

    #[test]
    fn a_dump_loads_back_and_bad_files_are_refused() {
        let tt = TranspositionTable::new(64 << 10);
        assert_eq!(tt.usage_permille(), 0);
        for k in 1..300u64 {
            tt.store(
                k.wrapping_mul(0x9E37_79B9_7F4A_7C15),
                k as u16,
                k as i32,
                5,
                BOUND_EXACT,
            );
        }
        assert!(tt.usage_permille() > 0);
        let mut file = Vec::new();
        tt.dump(&mut file).unwrap();
        assert_eq!(file.len(), 8 * 4 + tt.bytes() + 8);
        let back = TranspositionTable::new(64 << 10);
        back.check_dump(&mut file.as_slice()).unwrap();
        back.load(&mut file.as_slice()).unwrap();
        for k in 1..300u64 {
            let e = back.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15));
            assert_eq!(e, tt.probe(k.wrapping_mul(0x9E37_79B9_7F4A_7C15)));
        }
        // Refused, each with its reason: another size, a flipped bit, a cut file, another
        // version, not a dump at all.
        let other = TranspositionTable::new(128 << 10);
        assert!(other
            .check_dump(&mut file.as_slice())
            .unwrap_err()
            .contains("KiB"));
        let mut flipped = file.clone();
        flipped[100] ^= 4;
        assert!(back
            .check_dump(&mut flipped.as_slice())
            .unwrap_err()
            .contains("checksum"));
        let cut = &file[..file.len() - 9];
        assert!(back
            .check_dump(&mut &cut[..])
            .unwrap_err()
            .contains("truncated"));
        let mut v2 = file.clone();
        v2[8] = 2;
        assert!(back
            .check_dump(&mut v2.as_slice())
            .unwrap_err()
            .contains("version 2"));
        assert!(back
            .check_dump(&mut &b"hello world"[..])
            .unwrap_err()
            .contains("not a Wuzi hash file"));
        let mut longer = file.clone();
        longer.push(0);
        assert!(back.check_dump(&mut longer.as_slice()).is_err());
    }

    #[test]
    fn size_follows_budget() {
        let tt = TranspositionTable::new(1 << 20);
        assert!(tt.bytes() <= 1 << 20 && tt.bytes() > (1 << 20) - 64);
    }
}
