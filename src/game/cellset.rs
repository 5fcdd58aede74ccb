//! [`CellSet`]: a fixed-size bitset over the padded cell indices, for the evaluator's
//! incremental threat lists (the cells where a side makes a five, an open four, a four, an
//! open three). Insert, remove, membership and a conditional toggle are one bit operation
//! each (the toggle without a branch); listing walks 28 words.

use super::pos::NCELLS;

const WORDS: usize = NCELLS.div_ceil(64);

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct CellSet {
    words: [u64; WORDS],
}

impl Default for CellSet {
    fn default() -> Self {
        CellSet { words: [0; WORDS] }
    }
}

impl CellSet {
    #[inline]
    pub fn insert(&mut self, i: usize) {
        self.words[i >> 6] |= 1u64 << (i & 63);
    }

    #[inline]
    pub fn remove(&mut self, i: usize) {
        self.words[i >> 6] &= !(1u64 << (i & 63));
    }

    /// Flips `i`'s membership when `flip` (without a branch).
    #[inline]
    pub fn toggle_if(&mut self, i: usize, flip: bool) {
        self.words[i >> 6] ^= (1u64 << (i & 63)) * flip as u64;
    }

    #[inline]
    pub fn contains(&self, i: usize) -> bool {
        self.words[i >> 6] >> (i & 63) & 1 != 0
    }

    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The cells in `self` or in `other`.
    #[inline]
    pub fn union(&self, other: &CellSet) -> CellSet {
        CellSet {
            words: std::array::from_fn(|k| self.words[k] | other.words[k]),
        }
    }

    /// The lowest cell index in the set.
    #[inline]
    pub fn first(&self) -> Option<usize> {
        self.words
            .iter()
            .enumerate()
            .find(|(_, &w)| w != 0)
            .map(|(k, &w)| k * 64 + w.trailing_zeros() as usize)
    }

    /// Cell indices in increasing order.
    #[inline]
    pub fn iter(&self) -> Cells<'_> {
        Cells {
            words: &self.words,
            at: 0,
            word: 0,
        }
    }
}

/// The cells of a [`CellSet`] in increasing order: a word at a time, empty words skipped.
/// (Against a `flat_map` over the words: the same cells, and no closure the profile shows.)
pub struct Cells<'a> {
    words: &'a [u64; WORDS],
    /// The next word to load.
    at: usize,
    /// What is left of the word before `at`.
    word: u64,
}

impl Iterator for Cells<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.word == 0 {
            self.word = *self.words.get(self.at)?;
            self.at += 1;
        }
        let b = self.word.trailing_zeros() as usize;
        self.word &= self.word - 1;
        Some((self.at - 1) * 64 + b)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate() {
        let mut s = CellSet::default();
        assert!(s.is_empty());
        for i in [3, 64, 65, 1000, NCELLS - 1] {
            s.insert(i);
        }
        s.remove(65);
        assert!(s.contains(64) && !s.contains(65));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![3, 64, 1000, NCELLS - 1]);
        assert_eq!(s.len(), 4);
        assert_eq!(s.first(), Some(3));
    }

    #[test]
    fn toggle_if_flips_only_when_asked() {
        for (was, flip) in [(false, false), (true, false), (false, true), (true, true)] {
            let mut s = CellSet::default();
            s.insert(129);
            if was {
                s.insert(130);
            }
            s.toggle_if(130, flip);
            assert_eq!(s.contains(130), was != flip, "{was} {flip}");
            assert!(s.contains(129), "a neighbour in the same word is kept");
            assert_eq!(s.len(), 1 + (was != flip) as usize);
        }
    }
}
