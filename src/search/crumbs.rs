//! Breadcrumbs for Lazy SMP: which thread is searching which node near the root right now.
//!
//! A fixed table of 4,096 atomic words indexed by the node's hash; a word holds the key's high
//! bits and the thread's mark. `alphabeta.rs` enters the nodes at least three plies deep and at
//! most eight from the root; a thread that finds another thread's mark on its node reduces
//! its quiet moves one ply more, so that the threads spread over the tree instead of searching
//! it in lockstep. Races only cost a missed or doubled mark.

use std::sync::atomic::{AtomicU64, Ordering};

/// Breadcrumbs: which thread is searching which node near the root right now. A thread
/// that arrives at a node another thread is already searching reduces its later moves
/// one ply more, so the threads spread over the tree instead of searching it in lockstep.
pub struct Crumbs {
    slots: Box<[AtomicU64]>,
}

const CRUMB_SLOTS: usize = 4096;
const TID_BITS: u64 = 0xff;
/// The largest thread mark `Crumbs::enter` tells apart.
pub const MAX_TID: u64 = TID_BITS;

impl Default for Crumbs {
    fn default() -> Self {
        Crumbs {
            slots: (0..CRUMB_SLOTS).map(|_| AtomicU64::new(0)).collect(),
        }
    }
}

impl Crumbs {
    /// Thread `tid` (1..=255) enters the node `key`. Returns whether another thread is
    /// searching it, and whether we took the slot (then `leave` must follow).
    #[inline]
    pub fn enter(&self, key: u64, tid: u64) -> (bool, bool) {
        let slot = &self.slots[key as usize & (CRUMB_SLOTS - 1)];
        let cur = slot.load(Ordering::Relaxed);
        if cur == 0 {
            // A race here only costs a missed or doubled mark, never correctness.
            slot.store((key & !TID_BITS) | tid, Ordering::Relaxed);
            (false, true)
        } else {
            let other = cur & !TID_BITS == key & !TID_BITS && cur & TID_BITS != tid;
            (other, false)
        }
    }

    #[inline]
    pub fn leave(&self, key: u64) {
        self.slots[key as usize & (CRUMB_SLOTS - 1)].store(0, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breadcrumbs_tell_threads_apart() {
        let c = Crumbs::default();
        let key = 0x1234_5678_9abc_de00u64;
        assert_eq!(c.enter(key, 1), (false, true));
        // The same thread again (a transposition inside its own search) is not "another".
        assert_eq!(c.enter(key, 1), (false, false));
        assert_eq!(c.enter(key, 2), (true, false));
        // A different position in the same slot is not marked.
        assert_eq!(c.enter(key ^ (1 << 40), 2), (false, false));
        c.leave(key);
        assert_eq!(c.enter(key, 2), (false, true));
    }
}
