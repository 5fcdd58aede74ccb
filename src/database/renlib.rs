//! Importing a Renlib library (`.lib`), the renju community's opening-tree format, into a
//! database, as Rapfi's `YXLIBTODB` does.
//!
//! The file: a 20-byte header starting `FF 'RenLib'`, then the tree in preorder, one node a
//! move: a move byte (low nibble column + 1, high nibble row; 0 a pass), a flag byte
//! (0x01 text, 0x08 comment, 0x40 no child, 0x80 a sibling follows), then for a text two
//! bytes, the comment, then the text, each a run of byte pairs ending at a zero byte.
//!
//! What a node's text means: `W`/`L` (optionally with the move number of the mate) a win or
//! loss for the player who made the move, `a` a win and `c` a loss (Rapfi's default marks),
//! `vN`/`mN` a value; any other text is a board label on the parent position. Comments are
//! kept as comments.

use super::key::{Key, Stones};
use super::record::{
    mask, may_overwrite, Bound, Overwrite, Record, DEPTH_BOUND_BIAS, EXACT_BIAS, LABEL_LOSE,
    LABEL_NONE, LABEL_WIN, MATE,
};
use super::tree::set_board_text_at;
use super::Database;
use crate::game::board::Color;
use std::fmt;

/// Why a library was not imported (what was read before the fault stays imported).
#[derive(Debug, PartialEq, Eq)]
pub struct LibError(pub String);

impl fmt::Display for LibError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

const TEXT: u8 = 0x01;
const COMMENT: u8 = 0x08;
const NO_CHILD: u8 = 0x40;
const SIBLING: u8 = 0x80;

struct Node {
    mv: Option<(u8, u8)>,
    flag: u8,
    text: Option<Vec<u8>>,
    comment: Option<Vec<u8>>,
}

struct Reader<'a> {
    data: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn byte(&mut self) -> Result<u8, LibError> {
        let b = self.data.get(self.at).copied().ok_or_else(|| {
            LibError(format!(
                "the library ends inside a node at byte {}",
                self.at
            ))
        })?;
        self.at += 1;
        Ok(b)
    }
    fn has_node(&self) -> bool {
        self.at + 1 < self.data.len()
    }
    fn string(&mut self) -> Result<Vec<u8>, LibError> {
        let mut s = Vec::new();
        loop {
            let (a, b) = (self.byte()?, self.byte()?);
            if a != 0 {
                s.push(a);
                if b != 0 {
                    s.push(b);
                }
            }
            if a == 0 || b == 0 {
                return Ok(s);
            }
        }
    }
    fn node(&mut self) -> Result<Node, LibError> {
        let mv = self.byte()?;
        let flag = self.byte()?;
        let mv = (mv != 0).then(|| ((mv & 0x0f).wrapping_sub(1), mv >> 4));
        if flag & TEXT != 0 {
            self.byte()?;
            self.byte()?;
        }
        let comment = if flag & COMMENT != 0 {
            Some(self.string()?)
        } else {
            None
        };
        let text = if flag & TEXT != 0 {
            Some(self.string()?)
        } else {
            None
        };
        Ok(Node {
            mv,
            flag,
            text,
            comment,
        })
    }
}

/// The position being walked: stones, plies played (passes included) and the moves.
struct Walk {
    s: Stones,
    moves: Vec<Option<(u8, u8)>>,
}

impl Walk {
    fn play(&mut self, mv: Option<(u8, u8)>) {
        if let Some(p) = mv {
            match self.s.side {
                Color::Black => self.s.black.push(p),
                Color::White => self.s.white.push(p),
            }
        }
        self.s.side = self.s.side.opp();
        self.moves.push(mv);
    }
    fn undo(&mut self) {
        if let Some(Some(_)) = self.moves.pop() {
            let list = match self.s.side.opp() {
                Color::Black => &mut self.s.black,
                Color::White => &mut self.s.white,
            };
            list.pop();
        }
        self.s.side = self.s.side.opp();
    }
    fn occupied(&self, p: (u8, u8)) -> bool {
        self.s.black.contains(&p) || self.s.white.contains(&p)
    }
}

/// C's `atoi`: an optional sign and the leading digits, 0 without any.
fn atoi(s: &[u8]) -> i32 {
    let (neg, digits) = match s.first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let v = digits
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .fold(0i32, |a, &c| {
            a.saturating_mul(10).saturating_add((c - b'0') as i32)
        });
    if neg {
        -v
    } else {
        v
    }
}

fn visit(db: &mut Database, w: &Walk, node: &Node, written: &mut usize) {
    let (key, _) = Key::of(&w.s);
    let old = db.get(&key).cloned();
    let mut new = Record::labelled(LABEL_NONE);
    let ply = w.moves.len() as i32;
    if node.text.is_none() && node.comment.is_none() {
        if old.is_none() {
            db.set(key, new, mask::LVDB);
            *written += 1;
        }
        return;
    }
    if let Some(t) = node.text.as_deref().filter(|t| !t.is_empty()) {
        match t[0] {
            b'W' | b'L' => {
                new.label = if t[0] == b'W' { LABEL_WIN } else { LABEL_LOSE };
                let n = if t.len() > 1 { atoi(&t[1..]) } else { 0 };
                if n > ply {
                    let mate = MATE - (n - ply);
                    new.value = if t[0] == b'W' { -mate } else { mate } as i16;
                    new.set_depth_bound(0, Bound::Exact);
                }
            }
            b'a' => new.label = LABEL_WIN,
            b'c' => new.label = LABEL_LOSE,
            b'v' | b'm' if t.len() > 1 => {
                let v = atoi(&t[1..]).clamp(-6000, 6000);
                new.value = if t[0] == b'v' { -v } else { v } as i16;
                new.set_depth_bound(0, Bound::Exact);
            }
            _ => {
                if let (Some(Some(last)), true) = (w.moves.last(), ply > 0) {
                    let mut parent = Walk {
                        s: w.s.clone(),
                        moves: w.moves.clone(),
                    };
                    parent.undo();
                    set_board_text_at(db, &parent.s, *last, t);
                }
            }
        }
    }
    if let Some(c) = &node.comment {
        let mut text = Vec::new();
        if let Some(o) = &old {
            text = o.comment();
            if !text.is_empty() && text.last() != Some(&8) {
                text.push(8);
            }
        }
        text.extend_from_slice(c);
        new.set_comment(&text);
    }
    if old.is_none()
        || old.as_ref().is_some_and(|o| {
            may_overwrite(
                o,
                &new,
                Overwrite::BetterValue,
                EXACT_BIAS,
                DEPTH_BOUND_BIAS,
            )
        })
    {
        let m = if node.text.is_some() { mask::LVDB } else { 0 }
            | if node.comment.is_some() {
                mask::TEXT
            } else {
                0
            };
        db.set(key, new, m);
        *written += 1;
    }
}

fn process(
    r: &mut Reader,
    db: &mut Database,
    w: &mut Walk,
    first: Node,
    record: bool,
    written: &mut usize,
    depth: usize,
) -> Result<(), LibError> {
    if depth > 4 * 1024 {
        return Err(LibError("the library's tree is deeper than a game".into()));
    }
    let size = w.s.width;
    let mut node = first;
    loop {
        let mut skip = false;
        match node.mv {
            None => {
                if w.moves.len() > 2 * size as usize * size as usize {
                    return Err(LibError("too many passes in the library".into()));
                }
                w.play(None);
            }
            Some(p) if p.0 < size && p.1 < size => {
                if w.occupied(p) {
                    skip = true;
                } else {
                    w.play(Some(p));
                    if record {
                        visit(db, w, &node, written);
                    }
                }
            }
            Some(p) => {
                return Err(LibError(format!(
                    "a move off the board ({},{}) at byte {}",
                    p.0, p.1, r.at
                )))
            }
        }
        if node.flag & NO_CHILD == 0 {
            if !r.has_node() {
                return Err(LibError(
                    "the library ends before a node's first child".into(),
                ));
            }
            let child = r.node()?;
            process(r, db, w, child, record && !skip, written, depth + 1)?;
        }
        if !skip {
            w.undo();
        }
        if node.flag & SIBLING == 0 {
            return Ok(());
        }
        if !r.has_node() {
            return Err(LibError("the library ends before a node's sibling".into()));
        }
        node = r.node()?;
    }
}

/// Imports the library `data` into `db` for `rule` (a rule code) on a `size` x `size`
/// board (at most 15, as the format's coordinates allow). Returns how many records were
/// written; on a fault, what was read before it stays.
pub fn import(db: &mut Database, data: &[u8], rule: u8, size: u8) -> Result<usize, LibError> {
    if size > 15 {
        return Err(LibError(
            "Renlib libraries hold boards up to 15 x 15".into(),
        ));
    }
    if !data.starts_with(b"\xffRenLib") {
        return Err(LibError("not a Renlib library (no RenLib header)".into()));
    }
    if data.len() < 22 {
        return Err(LibError("no root node in the library".into()));
    }
    let mut r = Reader { data, at: 20 };
    let mut root = r.node()?;
    if root.mv.is_none() {
        // Older libraries start with a "root" node that is no move.
        if !r.has_node() {
            return Ok(0);
        }
        root = r.node()?;
    }
    let mut w = Walk {
        s: Stones {
            rule,
            width: size,
            height: size,
            black: Vec::new(),
            white: Vec::new(),
            side: Color::Black,
        },
        moves: Vec::new(),
    };
    let mut written = 0;
    process(&mut r, db, &mut w, root, true, &mut written, 0)?;
    Ok(written)
}

/// The most nodes an export writes (a database is a graph: the same position reached in
/// different orders is written once per order).
const MAX_EXPORT_NODES: usize = 2_000_000;

struct Writer {
    out: Vec<u8>,
    nodes: usize,
}

impl Writer {
    fn string(&mut self, s: &[u8]) {
        let s: Vec<u8> = s.iter().copied().filter(|&c| c != 0).collect();
        self.out.extend_from_slice(&s);
        self.out
            .extend_from_slice(if s.len() % 2 == 1 { &[0] } else { &[0, 0] });
    }

    /// One node: the move (`None` for no move), its flags, text and comment.
    fn node(&mut self, mv: Option<(u8, u8)>, mut flag: u8, text: &[u8], comment: &[u8]) {
        if !text.is_empty() {
            flag |= TEXT;
        }
        if !comment.is_empty() {
            flag |= COMMENT;
        }
        self.out
            .push(mv.map_or(0, |(x, y)| (y << 4) | ((x + 1) & 0x0f)));
        self.out.push(flag);
        if !text.is_empty() {
            self.out.extend_from_slice(&[0, 1]);
        }
        if !comment.is_empty() {
            self.string(comment);
        }
        if !text.is_empty() {
            self.string(text);
        }
        self.nodes += 1;
    }
}

/// The text a record gives its node: the label shown on the board, in capitals.
fn node_text(rec: &Record) -> Vec<u8> {
    if rec.is_null() {
        Vec::new()
    } else {
        rec.display_label().to_ascii_uppercase().into_bytes()
    }
}

/// A node about to be written: move, flags, text, comment.
type PendingNode = (Option<(u8, u8)>, u8, Vec<u8>, Vec<u8>);

fn export_under(
    db: &Database,
    board: &mut crate::game::board::Board,
    rule: crate::game::rule::Rule,
    w: &mut Writer,
    current: PendingNode,
) -> Result<(), LibError> {
    if w.nodes > MAX_EXPORT_NODES {
        return Err(LibError(format!(
            "more than {MAX_EXPORT_NODES} nodes: export a smaller branch"
        )));
    }
    let children = super::tree::children(db, board, rule);
    let (mv, mut flag, text, comment) = current;
    if children.is_empty() {
        flag |= NO_CHILD;
    }
    if mv.is_some() || !text.is_empty() || !comment.is_empty() {
        w.node(mv, flag, &text, &comment);
    }
    if children.is_empty() {
        return Ok(());
    }
    let texts = super::tree::board_texts(db, board, rule);
    let last = children.len() - 1;
    for (i, ((x, y), rec)) in children.into_iter().enumerate() {
        let mut text = texts
            .iter()
            .find(|(c, _)| *c == (x, y))
            .map(|(_, t)| t.clone())
            .unwrap_or_default();
        text.extend(node_text(&rec));
        let flag = if i < last { SIBLING } else { 0 };
        let idx = crate::game::pos::Pos::new(x, y).idx();
        board.make(idx);
        let r = export_under(
            db,
            board,
            rule,
            w,
            (Some((x, y)), flag, text, rec.comment()),
        );
        board.undo();
        r?;
    }
    Ok(())
}

/// Exports the tree under the position on `board` as a Renlib library: the moves that led
/// to it, then every recorded child, depth first, with the labels shown on the board as
/// node texts and the comments. Returns the file's bytes and the number of nodes.
pub fn export(
    db: &Database,
    board: &crate::game::board::Board,
    rule: crate::game::rule::Rule,
) -> Result<(Vec<u8>, usize), LibError> {
    if board.width() != board.height() || board.width() > 15 {
        return Err(LibError(
            "Renlib libraries hold boards up to 15 x 15".into(),
        ));
    }
    let mut w = Writer {
        out: b"\xffRenLib\xff\x03\x00".to_vec(),
        nodes: 0,
    };
    w.out.resize(20, 0xff);
    let moves: Vec<(u8, u8)> = board
        .moves()
        .iter()
        .map(|&m| {
            let p = crate::game::pos::Pos::from_idx(m as usize);
            (p.x, p.y)
        })
        .collect();
    // The path: every move but the last as a node with one child.
    let mut b = crate::game::board::Board::new(board.width(), board.height());
    for (i, &(x, y)) in moves.iter().enumerate() {
        if i + 1 < moves.len() {
            w.node(Some((x, y)), 0, b"", b"");
        }
        b.make(crate::game::pos::Pos::new(x, y).idx());
    }
    let rec = super::tree::record(db, &b, rule)
        .cloned()
        .unwrap_or_default();
    let current = (moves.last().copied(), 0, node_text(&rec), rec.comment());
    export_under(db, &mut b, rule, &mut w, current)?;
    Ok((w.out, w.nodes))
}
