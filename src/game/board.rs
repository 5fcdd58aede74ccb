//! [`Board`]: cells, side to move, move stack, make/undo, the Zobrist hash, and the per-cell
//! line keys the pattern tables read.
//!
//! # Line keys
//!
//! For every cell and each of the four directions the board keeps a 20-bit key: the
//! contents of the five cells on each side along that line, 2 bits each (the cell codes
//! [`EMPTY`], [`BLACK`], [`WHITE`], [`WALL`]), nearest neighbours in the middle bits
//! ([`slot`]). The cell's own content is not in its keys, so an empty cell's key says what
//! the line would be with a stone of either colour there. Placing or removing a stone ORs or
//! masks its 2-bit code into the keys of the 40 cells within five steps along its lines;
//! the evaluator then reads the patterns of those cells afresh
//! ([`crate::eval::evaluator`]).
//!
//! The board also counts the stones in the 5×5 box around every cell (candidate moves are
//! the empty cells near a stone) and per row and column (the bounding box of play).
//! Coordinates are the padded indices of [`crate::game::pos`]; cells off the board read as
//! walls, and so do the blocked squares of a continuous game (`put_blocked`).

use super::pos::{step, Pos, DIRS, MAX_SIZE, MIN_SIZE, NCELLS, PAD, STRIDE};
use super::zobrist::zobrist;

/// Cell contents. The numeric values are the 2-bit codes used in line keys.
pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;
/// Off-board, or a square that belongs to nobody (FIELD 3 in continuous games).
pub const WALL: u8 = 3;

#[derive(Copy, Clone, PartialEq, Eq, Debug, Hash)]
pub enum Color {
    Black = 1,
    White = 2,
}

impl Color {
    #[inline]
    pub fn opp(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Black,
        }
    }
    #[inline]
    pub fn cell(self) -> u8 {
        self as u8
    }
    #[inline]
    pub fn index(self) -> usize {
        self as usize - 1
    }
}

/// Bit position (in a line key) of the neighbour `k` steps away, k in -5..=5, k != 0.
#[inline]
pub const fn slot(k: isize) -> u32 {
    if k < 0 {
        ((k + 5) * 2) as u32
    } else {
        ((k + 4) * 2) as u32
    }
}

/// How far (in cell indices) a line key's window reaches from its centre: five steps along
/// the longest direction.
const REACH: usize = 5 * (STRIDE + 1);

/// The line keys within `REACH` of the real cell `i`, as a fixed-size window centred on it
/// (index `REACH` is `i`): indexed with constant offsets, its reads and writes need no bounds
/// check of their own (one for the window), where the whole array's took one each (`set` and
/// `clear` write forty keys). Same tree; `bench 10` 2.982 G -> 2.911 G instructions, the two
/// functions 130 M -> 73 M (callgrind, commit 81ff66f).
#[inline]
fn line_keys_around(keys: &mut [[u32; 4]; NCELLS], i: usize) -> &mut [[u32; 4]; 2 * REACH + 1] {
    let window: &mut [[u32; 4]] = &mut keys[i - REACH..=i + REACH];
    window
        .try_into()
        .expect("a real cell's window lies inside the padded array")
}

#[derive(Clone)]
pub struct Board {
    width: usize,
    height: usize,
    cells: Box<[u8; NCELLS]>,
    /// Line keys per cell and direction (20 bits used).
    keys: Box<[[u32; 4]; NCELLS]>,
    /// Number of stones in the 5x5 box around each cell.
    near: Box<[u8; NCELLS]>,
    hash: u64,
    side: Color,
    moves: Vec<u16>,
    stones: usize,
    blocked: usize,
    /// Occupied cells per row and per column, for the bounding box of play.
    rows: [u8; MAX_SIZE],
    cols: [u8; MAX_SIZE],
}

impl Board {
    /// An empty `width` x `height` board, black to move. Sizes are clamped to the supported range;
    /// callers validate user input first.
    pub fn new(width: usize, height: usize) -> Board {
        let width = width.clamp(MIN_SIZE, MAX_SIZE);
        let height = height.clamp(MIN_SIZE, MAX_SIZE);
        let mut b = Board {
            width,
            height,
            cells: Box::new([WALL; NCELLS]),
            keys: Box::new([[0; 4]; NCELLS]),
            near: Box::new([0; NCELLS]),
            hash: 0,
            side: Color::Black,
            moves: Vec::with_capacity(width * height),
            stones: 0,
            blocked: 0,
            rows: [0; MAX_SIZE],
            cols: [0; MAX_SIZE],
        };
        for y in 0..height {
            for x in 0..width {
                b.cells[Pos::new(x as u8, y as u8).idx()] = EMPTY;
            }
        }
        for i in 0..NCELLS {
            if b.cells[i] == WALL {
                continue;
            }
            for (d, &dir) in DIRS.iter().enumerate() {
                let mut key = 0u32;
                for k in -5isize..=5 {
                    if k != 0 {
                        key |= (b.cells[step(i, dir, k)] as u32) << slot(k);
                    }
                }
                b.keys[i][d] = key;
            }
        }
        b
    }

    pub fn width(&self) -> usize {
        self.width
    }
    pub fn height(&self) -> usize {
        self.height
    }
    pub fn side_to_move(&self) -> Color {
        self.side
    }
    /// Forces the side to move (used when a position is loaded from BOARD).
    pub fn set_side_to_move(&mut self, c: Color) {
        if c != self.side {
            self.hash ^= zobrist().side;
            self.side = c;
        }
    }
    pub fn hash(&self) -> u64 {
        self.hash
    }
    /// The hash after the side to move plays `i` (what [`Board::make`] would make it).
    #[inline]
    pub fn hash_after(&self, i: usize) -> u64 {
        self.hash ^ zobrist().cell[self.side.cell() as usize][i] ^ zobrist().side
    }
    #[inline]
    pub fn cell(&self, i: usize) -> u8 {
        self.cells[i]
    }
    pub fn cells(&self) -> &[u8] {
        &self.cells[..]
    }
    /// Every cell's content, the padding included (what [`Board::cell`] reads).
    #[inline]
    pub fn cell_array(&self) -> &[u8; NCELLS] {
        &self.cells
    }
    /// Every cell's count of stones within two cells (what [`Board::near`] reads).
    #[inline]
    pub fn near_array(&self) -> &[u8; NCELLS] {
        &self.near
    }
    /// Every cell's line keys (what [`Board::key`] reads).
    #[inline]
    pub fn key_array(&self) -> &[[u32; 4]; NCELLS] {
        &self.keys
    }
    #[inline]
    pub fn key(&self, i: usize, d: usize) -> u32 {
        self.keys[i][d]
    }
    /// The line keys of cell `i` in the four directions.
    #[inline]
    pub fn keys(&self, i: usize) -> &[u32; 4] {
        &self.keys[i]
    }
    #[inline]
    pub fn near(&self, i: usize) -> u8 {
        self.near[i]
    }
    pub fn stones(&self) -> usize {
        self.stones
    }
    pub fn moves(&self) -> &[u16] {
        &self.moves
    }
    pub fn last_move(&self) -> Option<usize> {
        self.moves.last().map(|&m| m as usize)
    }
    pub fn empty_count(&self) -> usize {
        self.width * self.height - self.stones - self.blocked
    }
    pub fn is_full(&self) -> bool {
        self.empty_count() == 0
    }
    pub fn contains(&self, x: i64, y: i64) -> bool {
        x >= 0 && y >= 0 && (x as usize) < self.width && (y as usize) < self.height
    }
    pub fn at(&self, p: Pos) -> u8 {
        self.cells[p.idx()]
    }
    pub fn is_empty(&self, p: Pos) -> bool {
        (p.x as usize) < self.width && (p.y as usize) < self.height && self.at(p) == EMPTY
    }
    /// Indices of all real (on-board) cells.
    pub fn all_cells(&self) -> impl Iterator<Item = usize> + '_ {
        (0..self.height)
            .flat_map(move |y| (0..self.width).map(move |x| (y + PAD) * STRIDE + x + PAD))
    }
    /// Cells within two steps of the bounding box of all occupied cells (empty when the
    /// board is empty): every cell with a stone in its 5x5 neighbourhood is among them.
    pub fn play_area(&self) -> impl Iterator<Item = usize> + '_ {
        let ((x0, x1), (y0, y1)) = self.play_bounds();
        (y0..y1).flat_map(move |y| (x0..x1).map(move |x| (y + PAD) * STRIDE + x + PAD))
    }

    /// The [`Board::play_area`] as column and row ranges `((x0, x1), (y0, y1))`, ends
    /// excluded (empty when the board is).
    pub fn play_bounds(&self) -> ((usize, usize), (usize, usize)) {
        let span = |counts: &[u8], n: usize| {
            let lo = counts[..n].iter().position(|&c| c > 0);
            let hi = counts[..n].iter().rposition(|&c| c > 0);
            match (lo, hi) {
                (Some(lo), Some(hi)) => (lo.saturating_sub(2), (hi + 2).min(n - 1) + 1),
                _ => (0, 0),
            }
        };
        (span(&self.cols, self.width), span(&self.rows, self.height))
    }

    pub fn center(&self) -> usize {
        Pos::new((self.width / 2) as u8, (self.height / 2) as u8).idx()
    }

    fn set(&mut self, i: usize, v: u8) {
        debug_assert_eq!(self.cells[i], EMPTY);
        self.cells[i] = v;
        self.hash ^= zobrist().cell[v as usize][i];
        let keys = line_keys_around(&mut self.keys, i);
        for (d, &dir) in DIRS.iter().enumerate() {
            for k in 1..=5isize {
                keys[step(REACH, dir, k)][d] |= (v as u32) << slot(-k);
                keys[step(REACH, dir, -k)][d] |= (v as u32) << slot(k);
            }
        }
        self.touch_near(i, 1);
        self.rows[i / STRIDE - PAD] += 1;
        self.cols[i % STRIDE - PAD] += 1;
    }

    fn clear(&mut self, i: usize) {
        let v = self.cells[i];
        debug_assert!(v == BLACK || v == WHITE);
        self.cells[i] = EMPTY;
        self.hash ^= zobrist().cell[v as usize][i];
        let keys = line_keys_around(&mut self.keys, i);
        for (d, &dir) in DIRS.iter().enumerate() {
            for k in 1..=5isize {
                keys[step(REACH, dir, k)][d] &= !(3u32 << slot(-k));
                keys[step(REACH, dir, -k)][d] &= !(3u32 << slot(k));
            }
        }
        self.touch_near(i, -1);
        self.rows[i / STRIDE - PAD] -= 1;
        self.cols[i % STRIDE - PAD] -= 1;
    }

    /// Adds `delta` (+1 or -1) to the 25 counts of the 5x5 box around `i`, a row of five
    /// bytes at a time: each row is one 64-bit add over eight bytes of which the last three
    /// get zero. No byte carries into the next (a count never passes 25) or borrows from it
    /// (a count taken down was put up by the same stone). Against 25 byte updates (whose
    /// read-modify-writes stalled): make and undo went from 9.5 % of `bench 13`'s time to
    /// 3.4 % (perf), and `bench 12` from 1.49-1.54M to 1.62-1.70M nodes/s (five interleaved
    /// runs each), same tree.
    fn touch_near(&mut self, i: usize, delta: i8) {
        const ROW: u64 = 0x01_01_01_01_01;
        for dy in -2isize..=2 {
            let a = (i as isize + dy * STRIDE as isize - 2) as usize;
            if let Some(bytes) = self.near.get_mut(a..a + 8) {
                let mut word = [0u8; 8];
                word.copy_from_slice(bytes);
                let v = u64::from_le_bytes(word);
                let v = if delta > 0 {
                    v.wrapping_add(ROW)
                } else {
                    v.wrapping_sub(ROW)
                };
                bytes.copy_from_slice(&v.to_le_bytes());
            }
        }
    }

    /// Plays the side to move on the empty cell `i` and passes the turn.
    pub fn make(&mut self, i: usize) {
        self.set(i, self.side.cell());
        self.stones += 1;
        self.moves.push(i as u16);
        self.side = self.side.opp();
        self.hash ^= zobrist().side;
    }

    /// Takes back the last move.
    pub fn undo(&mut self) -> Option<usize> {
        let i = self.moves.pop()? as usize;
        self.clear(i);
        self.stones -= 1;
        self.side = self.side.opp();
        self.hash ^= zobrist().side;
        Some(i)
    }

    /// Puts a stone of colour `c` on `i` without touching the side to move
    /// (position set-up). It joins the move stack so TAKEBACK can remove it.
    pub fn put(&mut self, i: usize, c: Color) {
        self.set(i, c.cell());
        self.stones += 1;
        self.moves.push(i as u16);
    }

    /// Marks `i` as a square nobody may play (FIELD 3).
    pub fn put_blocked(&mut self, i: usize) {
        self.set(i, WALL);
        self.blocked += 1;
    }

    /// Removes the stone on `i` wherever it is in the history, keeping the
    /// other stones and the side to move consistent. Returns false if `i` holds no stone.
    pub fn remove(&mut self, i: usize) -> bool {
        let Some(pos) = self.moves.iter().rposition(|&m| m as usize == i) else {
            return false;
        };
        if pos + 1 == self.moves.len() {
            self.undo();
            return true;
        }
        let colour = self.cells[i];
        self.clear(i);
        self.stones -= 1;
        self.moves.remove(pos);
        // The player who owned the stone gets the move: that is what a takeback means.
        let c = if colour == BLACK {
            Color::Black
        } else {
            Color::White
        };
        self.set_side_to_move(c);
        true
    }

    /// Text picture for debugging: `X` black, `O` white, `#` blocked, `.` empty.
    pub fn render(&self) -> String {
        let mut s = String::new();
        for y in 0..self.height {
            for x in 0..self.width {
                s.push(match self.at(Pos::new(x as u8, y as u8)) {
                    BLACK => 'X',
                    WHITE => 'O',
                    WALL => '#',
                    _ => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn make_undo_restores_everything() {
        let mut b = Board::new(15, 15);
        let start = b.clone();
        let moves = [
            Pos::new(7, 7),
            Pos::new(8, 8),
            Pos::new(0, 0),
            Pos::new(14, 14),
        ];
        for m in moves {
            let after = b.hash_after(m.idx());
            b.make(m.idx());
            assert_eq!(b.hash(), after, "hash_after says what make makes");
        }
        assert_eq!(b.stones(), 4);
        assert_eq!(b.side_to_move(), Color::Black);
        for _ in moves {
            b.undo();
        }
        assert_eq!(b.cells, start.cells);
        assert_eq!(b.keys, start.keys);
        assert_eq!(b.near, start.near);
        assert_eq!(b.hash(), start.hash());
    }

    #[test]
    fn near_counts_the_stones_of_the_five_by_five_box() {
        // Stones on the edges and corners (the box reaches into the padding) and in clusters
        // (counts above one), checked against counting after every make and undo.
        let mut b = Board::new(20, 20);
        let mut cells = vec![];
        let mut seed = 12345u64;
        for n in 0..160 {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let (x, y) = ((seed >> 33) % 20, (seed >> 45) % 20);
            let i = Pos::new(x as u8, y as u8).idx();
            if b.cell(i) != EMPTY {
                continue;
            }
            b.make(i);
            cells.push(i);
            if n % 3 == 0 {
                b.undo();
                cells.pop();
            }
            for q in b.all_cells() {
                let expect = (-2isize..=2)
                    .flat_map(|dy| (-2isize..=2).map(move |dx| dy * STRIDE as isize + dx))
                    .filter(|&o| {
                        let c = b.cell((q as isize + o) as usize);
                        c == BLACK || c == WHITE
                    })
                    .count();
                assert_eq!(b.near(q) as usize, expect, "cell {q} after {n} steps");
            }
        }
        assert!(cells.len() > 60, "the board got crowded: {}", cells.len());
    }

    #[test]
    fn remove_from_the_middle_of_history() {
        let mut b = Board::new(15, 15);
        for m in [Pos::new(7, 7), Pos::new(8, 8), Pos::new(6, 6)] {
            b.make(m.idx());
        }
        assert!(b.remove(Pos::new(8, 8).idx()));
        assert_eq!(b.side_to_move(), Color::White);
        assert_eq!(b.stones(), 2);
        assert!(!b.remove(Pos::new(8, 8).idx()));
    }
}
