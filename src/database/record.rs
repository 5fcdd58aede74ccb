//! What the database holds for a position: a label, a value, a depth with its bound, and a
//! text (a comment, and labels drawn on the board's empty cells).
//!
//! Perspectives, as Yixin and Rapfi use them: the label speaks for the player who moved
//! into the position (`w`: that move wins, `l`: it loses), the value for the side to move in
//! it (so a win label comes with a negative value); a value beyond ±[`MATE_IN_MAX`] is a
//! mate, `30000 - plies` from the side that mates. Depth and bound share a 16-bit field:
//! `depth << 2 | bound`.
//!
//! The text holds, in order, an optional board-text segment `@BTXT@` with one `XYtext` entry
//! per labelled cell (X and Y in base 32 digits 0-9A-V, in the key's frame, entries split
//! by `\n`), a `\b`, then the comment. Texts are kept as bytes: files from older Yixin
//! versions carry a legacy code page, and what was read is written back unchanged.

/// No record content (a key kept on its own).
pub const LABEL_NULL: i8 = 0;
/// A record without a result.
pub const LABEL_NONE: i8 = -1;
/// The move into this position wins.
pub const LABEL_WIN: i8 = b'w' as i8;
/// The move into this position loses.
pub const LABEL_LOSE: i8 = b'l' as i8;
/// A draw.
pub const LABEL_DRAW: i8 = b'd' as i8;
/// The move to play (Rapfi plays it without searching).
pub const LABEL_FORCE: i8 = b'!' as i8;
/// A move not to consider.
pub const LABEL_BLOCK: i8 = b'x' as i8;

/// A mate score: 30000 less the plies to it.
pub const MATE: i32 = 30000;
/// Values beyond this magnitude are mates.
pub const MATE_IN_MAX: i32 = MATE - 500;

/// The bound of a recorded value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    None = 0,
    /// The value is at most this.
    Upper = 1,
    /// The value is at least this.
    Lower = 2,
    Exact = 3,
}

impl Bound {
    pub fn from_bits(b: i16) -> Bound {
        match b & 3 {
            1 => Bound::Upper,
            2 => Bound::Lower,
            3 => Bound::Exact,
            _ => Bound::None,
        }
    }
    pub fn name(self) -> &'static str {
        match self {
            Bound::None => "none",
            Bound::Upper => "upper",
            Bound::Lower => "lower",
            Bound::Exact => "exact",
        }
    }
}

/// Which parts of a record an update writes.
pub mod mask {
    pub const LABEL: u8 = 1;
    pub const VALUE: u8 = 2;
    pub const DEPTH_BOUND: u8 = 4;
    pub const TEXT: u8 = 8;
    pub const LVDB: u8 = LABEL | VALUE | DEPTH_BOUND;
    pub const ALL: u8 = LVDB | TEXT;
}

const BOARD_TEXT_HEADER: &[u8] = b"@BTXT@";

/// One position's record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    pub label: i8,
    pub value: i16,
    pub depth_bound: i16,
    pub text: Vec<u8>,
}

/// Labels compare without case (`W` is `w`), as Rapfi compares them.
pub fn same_label(a: i8, b: i8) -> bool {
    (a as u8).eq_ignore_ascii_case(&(b as u8))
}

/// Win, loss or draw: a label that settles the result.
pub fn is_determined(label: i8) -> bool {
    [LABEL_WIN, LABEL_LOSE, LABEL_DRAW]
        .iter()
        .any(|&l| same_label(label, l))
}

fn hex_digit(c: u8) -> char {
    if c < 10 {
        (b'0' + c) as char
    } else {
        (b'A' + c - 10) as char
    }
}

fn digit_value(c: u8) -> u8 {
    if c <= b'9' {
        c.wrapping_sub(b'0')
    } else {
        c.wrapping_sub(b'A').wrapping_add(10)
    }
}

impl Record {
    /// A record with a label only.
    pub fn labelled(label: i8) -> Record {
        Record {
            label,
            ..Record::default()
        }
    }

    pub fn depth(&self) -> i32 {
        (self.depth_bound as i32) >> 2
    }
    pub fn bound(&self) -> Bound {
        Bound::from_bits(self.depth_bound)
    }
    pub fn set_depth_bound(&mut self, depth: i32, bound: Bound) {
        self.depth_bound = ((depth << 2) | bound as i32) as i16;
    }
    pub fn is_null(&self) -> bool {
        self.label == LABEL_NULL
    }

    /// Copies the parts named by `m` (a [`mask`] set) from `other`.
    pub fn update(&mut self, other: &Record, m: u8) {
        if m & mask::LABEL != 0 {
            self.label = other.label;
        }
        if m & mask::VALUE != 0 {
            self.value = other.value;
        }
        if m & mask::DEPTH_BOUND != 0 {
            self.depth_bound = other.depth_bound;
        }
        if m & mask::TEXT != 0 {
            self.text.clone_from(&other.text);
            if self.label == LABEL_NULL && !self.text.is_empty() {
                self.label = LABEL_NONE;
            }
        }
    }

    pub fn has_board_text(&self) -> bool {
        self.text.starts_with(BOARD_TEXT_HEADER)
    }

    /// The end of the board-text segment (where the `\b` before the comment is).
    fn segment_end(&self) -> usize {
        self.text
            .iter()
            .position(|&c| c == 8)
            .unwrap_or(self.text.len())
    }

    /// The comment, with `\b` shown as a new line.
    pub fn comment(&self) -> Vec<u8> {
        let start = if self.has_board_text() {
            match self.text.iter().position(|&c| c == 8) {
                Some(i) => i + 1,
                None => return Vec::new(),
            }
        } else {
            0
        };
        self.text[start..]
            .iter()
            .map(|&c| if c == 8 { b'\n' } else { c })
            .collect()
    }

    /// Replaces the comment (trimmed, CRLF as LF), keeping the board texts.
    pub fn set_comment(&mut self, comment: &[u8]) {
        if self.has_board_text() {
            let end = self.segment_end();
            self.text.truncate(end);
        } else {
            self.text.clear();
        }
        let mut c = Vec::with_capacity(comment.len());
        let mut i = 0;
        while i < comment.len() {
            if comment[i] == b'\r' && comment.get(i + 1) == Some(&b'\n') {
                i += 1;
                continue;
            }
            if comment[i] == 0 {
                break;
            }
            c.push(comment[i]);
            i += 1;
        }
        let trimmed = c.trim_ascii();
        if trimmed.is_empty() {
            return;
        }
        if !self.text.is_empty() {
            self.text.push(8);
        }
        self.text.extend_from_slice(trimmed);
    }

    /// Every board text: (cell in the key's frame, text).
    pub fn board_texts(&self) -> Vec<((u8, u8), Vec<u8>)> {
        if !self.has_board_text() {
            return Vec::new();
        }
        let seg = &self.text[BOARD_TEXT_HEADER.len()..self.segment_end()];
        seg.split(|&c| c == b'\n')
            .filter(|e| e.len() > 2)
            .map(|e| {
                let t = if e.last() == Some(&0) {
                    &e[2..e.len() - 1]
                } else {
                    &e[2..]
                };
                ((digit_value(e[0]), digit_value(e[1])), t.to_vec())
            })
            .collect()
    }

    /// The board text of `cell` (in the key's frame), empty if none.
    pub fn board_text(&self, cell: (u8, u8)) -> Vec<u8> {
        self.board_texts()
            .into_iter()
            .find(|(c, _)| *c == cell)
            .map(|(_, t)| t)
            .unwrap_or_default()
    }

    /// Sets (or with an empty text removes) the board text of `cell`; white space and line
    /// breaks are dropped from the text.
    pub fn set_board_text(&mut self, cell: (u8, u8), text: &[u8]) {
        let text: Vec<u8> = text
            .iter()
            .copied()
            .take_while(|&c| c != 0)
            .filter(|c| !c.is_ascii_whitespace() && *c != 8)
            .collect();
        let mut seg = BOARD_TEXT_HEADER.to_vec();
        let mut count = 0;
        for (c, t) in self.board_texts() {
            if c != cell {
                seg.push(hex_digit(c.0) as u8);
                seg.push(hex_digit(c.1) as u8);
                seg.extend_from_slice(&t);
                seg.push(b'\n');
                count += 1;
            }
        }
        self.clear_board_texts();
        if !text.is_empty() {
            seg.push(hex_digit(cell.0) as u8);
            seg.push(hex_digit(cell.1) as u8);
            seg.extend_from_slice(&text);
            count += 1;
        }
        if count == 0 {
            return;
        }
        if !self.text.is_empty() {
            seg.push(8);
        }
        seg.extend_from_slice(&self.text);
        self.text = seg;
    }

    /// Removes the board-text segment.
    pub fn clear_board_texts(&mut self) {
        if !self.has_board_text() {
            return;
        }
        let mut end = self.segment_end();
        if end < self.text.len() {
            end += 1;
        }
        self.text.drain(..end);
    }

    /// Adds the board texts of `other` that this record lacks (or, with `overwrite`, all
    /// of them).
    pub fn merge_board_texts(&mut self, other: &Record, overwrite: bool) {
        for (cell, t) in other.board_texts() {
            if overwrite || self.board_text(cell).is_empty() {
                self.set_board_text(cell, &t);
            }
        }
    }

    /// The label shown on the board: the label letter, then for a win or loss the plies
    /// to mate (or `*` without one); for a record without a label but with an exact value,
    /// the win rate of the player who moved into it (`NN%`, with Rapfi's scale of 200).
    pub fn display_label(&self) -> String {
        let mut s = String::new();
        if self.label > 0 {
            s.push(self.label as u8 as char);
            let (win, lose) = (
                same_label(self.label, LABEL_WIN),
                same_label(self.label, LABEL_LOSE),
            );
            if win || lose {
                let mate = -(self.value as i32);
                if (win && mate > MATE_IN_MAX) || (lose && mate < -MATE_IN_MAX) {
                    s.push_str(&(MATE + 1 - mate.abs()).to_string());
                } else {
                    s.push('*');
                }
            }
        } else if self.label == LABEL_NONE && self.bound() == Bound::Exact {
            let v = -(self.value as i32);
            let rate = if v >= MATE_IN_MAX {
                1.0
            } else if v <= -MATE_IN_MAX {
                0.0
            } else {
                1.0 / (1.0 + (-(v as f32) / 200.0).exp())
            };
            let pct = ((rate * 100.0) as i32).clamp(0, 99);
            s = format!("{pct}%");
        }
        s
    }

    /// The display label packed into an integer, one byte a character (at most four), as
    /// the `MESSAGE DATABASE` lines carry it; -1 for none.
    pub fn display_label_code(&self) -> i32 {
        let l = self.display_label();
        if l.is_empty() {
            return -1;
        }
        l.bytes()
            .take(4)
            .fold(0i32, |acc, c| (acc << 8) | (c as i8 as i32))
    }
}

/// When a new result may replace a recorded one.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Overwrite {
    /// Only a null record is replaced.
    Disabled,
    Always,
    /// A settled result over an open one.
    BetterLabel,
    /// A settled result, or a longer-known mate.
    BetterValue,
    /// A settled result, or a deeper search.
    BetterDepthBound,
    /// A settled result, a longer-known mate, or a deeper search (the default).
    BetterValueDepthBound,
}

/// Rapfi's defaults: an exact bound counts as 3 plies deeper, and a new result must be at
/// least one ply less deep than the old one to replace it.
pub const EXACT_BIAS: i32 = 3;
pub const DEPTH_BOUND_BIAS: i32 = -1;

fn label_compare(new: i8, old: i8) -> i32 {
    if !same_label(new, old) {
        if is_determined(new) {
            return 1;
        }
        if is_determined(old) {
            return -1;
        }
    }
    0
}

fn depth_rank(r: &Record, exact_bias: i32, db_bias: i32) -> i32 {
    r.depth() + (exact_bias - db_bias.min(0)) * i32::from(r.bound() == Bound::Exact)
}

fn mate_rank(r: &Record) -> i32 {
    (r.value as i32).abs() * 2 + i32::from(r.bound() == Bound::Exact)
}

/// Whether `new` may replace `old` under `rule`: never a settled result by an open one,
/// never a deeper search by a shallower one.
pub fn may_overwrite(
    old: &Record,
    new: &Record,
    rule: Overwrite,
    exact_bias: i32,
    db_bias: i32,
) -> bool {
    if old.is_null() {
        return true;
    }
    let lc = label_compare(new.label, old.label);
    let deeper =
        || depth_rank(new, exact_bias, db_bias) >= depth_rank(old, exact_bias, db_bias) + db_bias;
    match rule {
        Overwrite::Disabled => false,
        Overwrite::Always => true,
        Overwrite::BetterLabel => lc > 0,
        Overwrite::BetterValue => {
            lc > 0 || (lc == 0 && is_determined(old.label) && mate_rank(new) > mate_rank(old))
        }
        Overwrite::BetterDepthBound => lc > 0 || (lc == 0 && !is_determined(old.label) && deeper()),
        Overwrite::BetterValueDepthBound => {
            lc > 0
                || (lc == 0
                    && if is_determined(old.label) {
                        mate_rank(new) > mate_rank(old)
                    } else {
                        deeper()
                    })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comment_and_board_texts_live_side_by_side() {
        let mut r = Record::labelled(LABEL_NONE);
        r.set_comment(b"  good shape\r\nfor black ");
        assert_eq!(r.comment(), b"good shape\nfor black");
        r.set_board_text((3, 12), b"A");
        r.set_board_text((10, 1), b"b 2");
        assert_eq!(r.board_text((3, 12)), b"A");
        assert_eq!(r.board_text((10, 1)), b"b2");
        assert_eq!(r.comment(), b"good shape\nfor black");
        assert_eq!(r.text, b"@BTXT@3CA\nA1b2\x08good shape\nfor black");
        r.set_board_text((3, 12), b"");
        assert_eq!(r.board_texts(), vec![((10, 1), b"b2".to_vec())]);
        r.clear_board_texts();
        assert_eq!(r.text, b"good shape\nfor black");
    }

    #[test]
    fn display_labels() {
        let mut r = Record::labelled(LABEL_WIN);
        r.value = -(MATE - 10) as i16;
        assert_eq!(r.display_label(), "w11");
        r.value = -100;
        assert_eq!(r.display_label(), "w*");
        let mut n = Record::labelled(LABEL_NONE);
        n.set_depth_bound(20, Bound::Exact);
        assert_eq!(n.display_label(), "50%");
        assert_eq!(
            n.display_label_code(),
            (b'5' as i32) << 16 | (b'0' as i32) << 8 | b'%' as i32
        );
        assert_eq!(Record::labelled(LABEL_NONE).display_label_code(), -1);
        assert_eq!(
            Record::labelled(b'a' as i8).display_label_code(),
            b'a' as i32
        );
    }

    #[test]
    fn a_settled_or_deeper_record_is_not_overwritten_by_a_weaker_one() {
        let mut deep = Record::labelled(LABEL_NONE);
        deep.set_depth_bound(30, Bound::Exact);
        let mut shallow = Record::labelled(LABEL_NONE);
        shallow.set_depth_bound(10, Bound::Exact);
        let ow = Overwrite::BetterValueDepthBound;
        assert!(!may_overwrite(
            &deep,
            &shallow,
            ow,
            EXACT_BIAS,
            DEPTH_BOUND_BIAS
        ));
        assert!(may_overwrite(
            &shallow,
            &deep,
            ow,
            EXACT_BIAS,
            DEPTH_BOUND_BIAS
        ));
        let win = Record::labelled(LABEL_WIN);
        assert!(may_overwrite(&deep, &win, ow, EXACT_BIAS, DEPTH_BOUND_BIAS));
        assert!(!may_overwrite(
            &win,
            &deep,
            ow,
            EXACT_BIAS,
            DEPTH_BOUND_BIAS
        ));
    }
}
