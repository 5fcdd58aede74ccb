//! Positions as the database sees them: the stones of each colour, the side to move, the
//! rule and the board size, with every symmetric image of a position mapped to one key.
//!
//! A key is the smallest of the position's images under the board's symmetries (the eight
//! rotations and reflections of a square board; on a rectangle only its own four: identity,
//! half turn and the two mirrors), compared the way the Yixin database orders its records:
//! rule, width, height, number of stones, then the stones (black sorted by (x, y), then white
//! sorted by (x, y)) byte by byte, then the side to move. Because the smallest image of an
//! orbit does not depend on the order the symmetries are tried in, a key built here is the
//! key Rapfi builds for the same position, and files written by either read in the other.
//!
//! In memory a key is one small byte string whose byte order is that order:
//! `rule, width, height, n (u16 big-endian), x0, y0, …, side, black count (u16 big-endian)`.

use crate::game::board::Color;
use crate::game::rule::Rule;

/// The rule byte of the file format: 0 freestyle, 1 standard, 2 renju (the Yixin and Rapfi
/// numbering). The caro rules have no code there and are not kept in a database.
pub fn rule_code(rule: Rule) -> Option<u8> {
    match rule {
        Rule::Freestyle => Some(0),
        Rule::Standard => Some(1),
        Rule::Renju => Some(2),
        Rule::Caro | Rule::CaroExact => None,
    }
}

/// The rule named by a file's rule byte.
pub fn rule_from_code(code: u8) -> Option<Rule> {
    match code {
        0 => Some(Rule::Freestyle),
        1 => Some(Rule::Standard),
        2 => Some(Rule::Renju),
        _ => None,
    }
}

/// The largest board side a key may name (the format stores sides in a signed byte; Wuzi
/// plays up to 32).
pub const MAX_SIDE: u8 = 32;

/// A symmetry of the board, numbered as Rapfi numbers them: identity, quarter turn, half
/// turn, three-quarter turn, the mirror in the horizontal mid-line (x, s-y), in the
/// vertical mid-line (s-x, y), in the main diagonal (y, x) and in the anti-diagonal.
pub const SYMMETRIES: usize = 8;

/// Whether symmetry `t` maps a `w` x `h` board onto itself.
pub fn symmetry_fits(t: usize, w: u8, h: u8) -> bool {
    w == h || matches!(t, 0 | 2 | 4 | 5)
}

/// Point (x, y) under symmetry `t` on a `w` x `h` board (`t` must fit the board).
#[inline]
pub fn transform(t: usize, x: u8, y: u8, w: u8, h: u8) -> (u8, u8) {
    let (sx, sy) = (w - 1, h - 1);
    match t {
        1 => (y, sx - x),
        2 => (sx - x, sy - y),
        3 => (sy - y, x),
        4 => (x, sy - y),
        5 => (sx - x, y),
        6 => (y, x),
        7 => (sy - y, sx - x),
        _ => (x, y),
    }
}

/// A position in plain form: what a key is made from and turned back into.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stones {
    pub rule: u8,
    pub width: u8,
    pub height: u8,
    pub black: Vec<(u8, u8)>,
    pub white: Vec<(u8, u8)>,
    pub side: Color,
}

impl Stones {
    /// The side to move when nobody passed: black after an even number of stones.
    pub fn natural_side(&self) -> Color {
        if (self.black.len() + self.white.len()).is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        }
    }

    /// The position after `side` plays (x, y).
    pub fn child(&self, x: u8, y: u8) -> Stones {
        let mut c = self.clone();
        match self.side {
            Color::Black => c.black.push((x, y)),
            Color::White => c.white.push((x, y)),
        }
        c.side = self.side.opp();
        c
    }
}

/// One position up to symmetry, ready to look up.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Key(Box<[u8]>);

impl std::borrow::Borrow<[u8]> for Key {
    fn borrow(&self) -> &[u8] {
        &self.0
    }
}

/// Header bytes before the stones: rule, width, height and the stone count.
const HEAD: usize = 5;

impl Key {
    /// The key of `s`, and the symmetry that carries `s` onto it (the first such in
    /// [`SYMMETRIES`] order).
    pub fn of(s: &Stones) -> (Key, usize) {
        let mut buf = Vec::with_capacity(HEAD + 2 * (s.black.len() + s.white.len()) + 3);
        let t = encode_smallest(s, &mut buf);
        (Key(buf.into_boxed_slice()), t)
    }

    /// The key bytes of `s`, written into `buf` (cleared first): a lookup without a
    /// new allocation.
    pub fn encode_into(s: &Stones, buf: &mut Vec<u8>) -> usize {
        encode_smallest(s, buf)
    }

    /// A key from its bytes as [`Key::as_bytes`] gives them; `None` if they are not a key.
    pub fn from_bytes(bytes: &[u8]) -> Option<Key> {
        let k = Key(bytes.into());
        k.check().then_some(k)
    }

    fn check(&self) -> bool {
        let b = &self.0;
        if b.len() < HEAD + 3 {
            return false;
        }
        let n = u16::from_be_bytes([b[3], b[4]]) as usize;
        b.len() == HEAD + 2 * n + 3 && self.black_count() <= n && b[HEAD + 2 * n] <= 1
    }

    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    pub fn rule(&self) -> u8 {
        self.0[0]
    }
    pub fn width(&self) -> u8 {
        self.0[1]
    }
    pub fn height(&self) -> u8 {
        self.0[2]
    }
    fn count(&self) -> usize {
        u16::from_be_bytes([self.0[3], self.0[4]]) as usize
    }
    fn black_count(&self) -> usize {
        let b = &self.0;
        u16::from_be_bytes([b[b.len() - 2], b[b.len() - 1]]) as usize
    }
    pub fn side(&self) -> Color {
        if self.0[HEAD + 2 * self.count()] == 0 {
            Color::Black
        } else {
            Color::White
        }
    }
    fn stone(&self, i: usize) -> (u8, u8) {
        (self.0[HEAD + 2 * i], self.0[HEAD + 2 * i + 1])
    }
    /// Black's stones, sorted by (x, y).
    pub fn black(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (0..self.black_count()).map(|i| self.stone(i))
    }
    /// White's stones, sorted by (x, y).
    pub fn white(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        (self.black_count()..self.count()).map(|i| self.stone(i))
    }

    /// The position this key stands for (in its smallest image).
    pub fn stones(&self) -> Stones {
        Stones {
            rule: self.rule(),
            width: self.width(),
            height: self.height(),
            black: self.black().collect(),
            white: self.white().collect(),
            side: self.side(),
        }
    }
}

/// Writes the smallest image of `s` into `buf` and returns the symmetry that gives it.
fn encode_smallest(s: &Stones, buf: &mut Vec<u8>) -> usize {
    let n = s.black.len() + s.white.len();
    let (w, h) = (s.width, s.height);
    let nb = s.black.len();
    // Stones compare as (x, y) pairs, which is the byte order of the file.
    let mut best: Vec<(u8, u8)> = Vec::with_capacity(n);
    let mut img: Vec<(u8, u8)> = Vec::with_capacity(n);
    let mut best_t = usize::MAX;
    for t in 0..SYMMETRIES {
        if !symmetry_fits(t, w, h) {
            continue;
        }
        img.clear();
        img.extend(s.black.iter().map(|&(x, y)| transform(t, x, y, w, h)));
        img.sort_unstable();
        img.extend(s.white.iter().map(|&(x, y)| transform(t, x, y, w, h)));
        img[nb..].sort_unstable();
        if best_t == usize::MAX || img < best {
            std::mem::swap(&mut best, &mut img);
            best_t = t;
        }
    }
    buf.clear();
    buf.push(s.rule);
    buf.push(w);
    buf.push(h);
    buf.extend_from_slice(&(n as u16).to_be_bytes());
    for &(x, y) in &best {
        buf.push(x);
        buf.push(y);
    }
    buf.push(u8::from(s.side == Color::White));
    buf.extend_from_slice(&(nb as u16).to_be_bytes());
    best_t
}

/// Every symmetry that carries `s` onto its key, the first one included: more than one
/// when the position is symmetric. A cell of the position is named in the key's frame by
/// the smallest of its images under these (as Rapfi names board texts).
pub fn symmetries_to_key(s: &Stones) -> Vec<usize> {
    let (key, _) = Key::of(s);
    let (w, h) = (s.width, s.height);
    (0..SYMMETRIES)
        .filter(|&t| symmetry_fits(t, w, h))
        .filter(|&t| {
            let mut img = Stones {
                black: s
                    .black
                    .iter()
                    .map(|&(x, y)| transform(t, x, y, w, h))
                    .collect(),
                white: s
                    .white
                    .iter()
                    .map(|&(x, y)| transform(t, x, y, w, h))
                    .collect(),
                ..s.clone()
            };
            img.black.sort_unstable();
            img.white.sort_unstable();
            // The identity image of an already sorted stone list is the key's own order.
            key.black().eq(img.black.iter().copied()) && key.white().eq(img.white.iter().copied())
        })
        .collect()
}

/// The name of cell (x, y) of `s` in its key's frame: the smallest, in row-major order
/// (y first, then x), of its images under the symmetries that carry `s` onto its key.
pub fn canonical_cell(s: &Stones, syms: &[usize], x: u8, y: u8) -> (u8, u8) {
    syms.iter()
        .map(|&t| transform(t, x, y, s.width, s.height))
        .min_by_key(|&(cx, cy)| (cy, cx))
        .unwrap_or((x, y))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(black: &[(u8, u8)], white: &[(u8, u8)], w: u8, h: u8) -> Stones {
        let mut s = Stones {
            rule: 0,
            width: w,
            height: h,
            black: black.to_vec(),
            white: white.to_vec(),
            side: Color::Black,
        };
        s.side = s.natural_side();
        s
    }

    #[test]
    fn the_eight_images_of_a_square_position_share_one_key() {
        let s = pos(&[(7, 7), (8, 9)], &[(3, 10)], 15, 15);
        let (k, _) = Key::of(&s);
        for t in 0..8 {
            let img = Stones {
                black: s
                    .black
                    .iter()
                    .map(|&(x, y)| transform(t, x, y, 15, 15))
                    .collect(),
                white: s
                    .white
                    .iter()
                    .map(|&(x, y)| transform(t, x, y, 15, 15))
                    .collect(),
                ..s.clone()
            };
            assert_eq!(Key::of(&img).0, k, "symmetry {t}");
        }
        let other = pos(&[(7, 7), (8, 9)], &[(3, 11)], 15, 15);
        assert_ne!(Key::of(&other).0, k);
    }

    #[test]
    fn a_rectangle_has_only_its_own_four_symmetries() {
        let s = pos(&[(1, 2)], &[], 20, 15);
        let (k, _) = Key::of(&s);
        for t in [0, 2, 4, 5] {
            let (x, y) = transform(t, 1, 2, 20, 15);
            assert_eq!(Key::of(&pos(&[(x, y)], &[], 20, 15)).0, k);
        }
        // The diagonal mirror of (1, 2) is (2, 1): another position on a rectangle.
        assert_ne!(Key::of(&pos(&[(2, 1)], &[], 20, 15)).0, k);
        // On a square board it is the same one.
        assert_eq!(
            Key::of(&pos(&[(2, 1)], &[], 15, 15)).0,
            Key::of(&pos(&[(1, 2)], &[], 15, 15)).0
        );
    }

    #[test]
    fn side_rule_and_size_are_part_of_the_key() {
        let s = pos(&[(7, 7)], &[], 15, 15);
        let mut passed = s.clone();
        passed.side = Color::Black;
        assert_ne!(Key::of(&s).0, Key::of(&passed).0);
        let mut renju = s.clone();
        renju.rule = 2;
        assert_ne!(Key::of(&s).0, Key::of(&renju).0);
        assert_ne!(Key::of(&s).0, Key::of(&pos(&[(7, 7)], &[], 16, 16)).0);
    }

    #[test]
    fn a_key_gives_back_its_position() {
        let s = pos(&[(0, 1), (4, 4)], &[(2, 3)], 15, 15);
        let (k, t) = Key::of(&s);
        let back = k.stones();
        assert_eq!(back.side, Color::White);
        assert_eq!(back.black.len(), 2);
        let mut img: Vec<_> = s
            .black
            .iter()
            .map(|&(x, y)| transform(t, x, y, 15, 15))
            .collect();
        img.sort_unstable();
        assert_eq!(back.black, img);
        assert_eq!(Key::from_bytes(k.as_bytes()), Some(k));
        assert_eq!(Key::from_bytes(&[0, 15, 15, 0, 1, 7]), None);
    }

    #[test]
    fn the_smallest_image_is_the_yixin_order() {
        // Stones compare by x then y: (0, 14) < (14, 0); the key holds the smallest image.
        let s = pos(&[(14, 14)], &[], 15, 15);
        let (k, _) = Key::of(&s);
        assert_eq!(k.black().collect::<Vec<_>>(), vec![(0, 0)]);
    }
}
