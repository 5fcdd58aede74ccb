//! Board coordinates: the protocol's [`Pos`] (x = column, y = row, from 0) and the internal
//! cell index the board and the evaluator work on.
//!
//! Every board, whatever its size, lives in one fixed array of [`STRIDE`]² cells: the board
//! in the top-left corner of a [`MAX_SIZE`]² square surrounded by [`PAD`] wall cells on
//! every side. A step along a line is a constant index offset ([`DIRS`]), and any walk of up
//! to five steps from a real cell stays inside the array, so the pattern code never checks
//! bounds: off the board it reads walls.

use std::fmt;

/// Largest supported board side.
pub const MAX_SIZE: usize = 32;
/// Smallest supported board side.
pub const MIN_SIZE: usize = 5;
/// Wall cells around the board: the pattern window looks 5 cells each way,
/// so every walk of up to 5 steps from a real cell stays inside the array.
pub const PAD: usize = 5;
/// Row length of the padded array.
pub const STRIDE: usize = MAX_SIZE + 2 * PAD;
/// Number of cells in the padded array.
pub const NCELLS: usize = STRIDE * STRIDE;
/// Index steps for the four line directions: horizontal, vertical, diagonal, anti-diagonal.
pub const DIRS: [isize; 4] = [1, STRIDE as isize, STRIDE as isize + 1, STRIDE as isize - 1];

/// A point on the board in protocol coordinates.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Pos {
    pub x: u8,
    pub y: u8,
}

impl Pos {
    pub const fn new(x: u8, y: u8) -> Pos {
        Pos { x, y }
    }

    /// Padded array index of this point.
    #[inline]
    pub fn idx(self) -> usize {
        (self.y as usize + PAD) * STRIDE + self.x as usize + PAD
    }

    /// Inverse of [`Pos::idx`]; only meaningful for indices of real cells.
    #[inline]
    pub fn from_idx(i: usize) -> Pos {
        Pos::new((i % STRIDE - PAD) as u8, (i / STRIDE - PAD) as u8)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The column and row distances between the cells of padded indices `a` and `b`.
#[inline]
pub fn distances(a: usize, b: usize) -> (usize, usize) {
    (
        (a % STRIDE).abs_diff(b % STRIDE),
        (a / STRIDE).abs_diff(b / STRIDE),
    )
}

/// Walks `k` steps from index `i` along direction step `d`.
#[inline]
pub fn step(i: usize, d: isize, k: isize) -> usize {
    (i as isize + d * k) as usize
}

/// The direction (index into [`DIRS`]) and signed step count by which `to` lies from
/// `from` on one of the four lines, when it is 1 to 5 steps away (the pattern window).
/// The padding keeps such a walk on one board line, and no offset of up to 5 steps is a
/// multiple of two directions, so the answer is unique.
#[inline]
pub fn line_offset(from: usize, to: usize) -> Option<(usize, isize)> {
    let delta = to as isize - from as isize;
    DIRS.iter().enumerate().find_map(|(d, &dir)| {
        let k = delta / dir;
        (delta != 0 && delta % dir == 0 && k.abs() <= 5).then_some((d, k))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn distances_count_columns_and_rows() {
        let a = Pos::new(3, 7).idx();
        let b = Pos::new(6, 2).idx();
        assert_eq!(distances(a, b), (3, 5));
        assert_eq!(distances(b, a), (3, 5));
        assert_eq!(distances(a, a), (0, 0));
    }

    #[test]
    fn line_offset_names_the_one_line_within_five_steps() {
        let c = Pos::new(15, 15).idx();
        for (d, &dir) in DIRS.iter().enumerate() {
            for k in (-5..=5).filter(|&k| k != 0) {
                assert_eq!(line_offset(c, step(c, dir, k)), Some((d, k)));
            }
            assert_eq!(line_offset(c, step(c, dir, 6)), None);
        }
        assert_eq!(line_offset(c, c), None);
        assert_eq!(
            line_offset(c, Pos::new(16, 17).idx()),
            None,
            "a knight's move"
        );
    }

    #[test]
    fn idx_round_trip() {
        for y in 0..MAX_SIZE as u8 {
            for x in 0..MAX_SIZE as u8 {
                let p = Pos::new(x, y);
                assert_eq!(Pos::from_idx(p.idx()), p);
            }
        }
        assert_eq!(Pos::new(7, 3).to_string(), "7,3");
    }

    #[test]
    fn walks_stay_inside_the_array() {
        let far = Pos::new(MAX_SIZE as u8 - 1, MAX_SIZE as u8 - 1).idx();
        let near = Pos::new(0, 0).idx();
        for d in DIRS {
            for k in -(PAD as isize)..=PAD as isize {
                assert!((far as isize + d * k) < NCELLS as isize);
                assert!((near as isize + d * k) >= 0);
            }
        }
    }
}
