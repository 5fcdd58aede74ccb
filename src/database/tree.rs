//! The database seen from a board: a position's record, its children (the records of the
//! positions one move on), the labels drawn on its empty cells, and the edits Yixin-Board
//! asks for, with Rapfi's semantics.

use super::key::{canonical_cell, rule_code, symmetries_to_key, Key, Stones};
use super::record::{
    is_determined, mask, may_overwrite, same_label, Overwrite, Record, EXACT_BIAS, LABEL_LOSE,
    LABEL_NONE, LABEL_WIN, MATE_IN_MAX,
};
use super::Database;
use crate::game::board::{Board, Color, BLACK, EMPTY, WHITE};
use crate::game::pos::Pos;
use crate::game::rule::{is_forbidden, Rule};

/// The position on `board` under `rule`; `None` under the caro rules, which the file
/// format has no code for.
pub fn stones_of(board: &Board, rule: Rule) -> Option<Stones> {
    let code = rule_code(rule)?;
    let (w, h) = (board.width() as u8, board.height() as u8);
    let mut s = Stones {
        rule: code,
        width: w,
        height: h,
        black: Vec::new(),
        white: Vec::new(),
        side: board.side_to_move(),
    };
    for y in 0..h {
        for x in 0..w {
            match board.cell(Pos::new(x, y).idx()) {
                BLACK => s.black.push((x, y)),
                WHITE => s.white.push((x, y)),
                _ => {}
            }
        }
    }
    Some(s)
}

/// The record of the position on `board`.
pub fn record<'a>(db: &'a Database, board: &Board, rule: Rule) -> Option<&'a Record> {
    db.get(&Key::of(&stones_of(board, rule)?).0)
}

/// The empty cells of `board`, in row-major order (y, then x).
fn empty_cells(board: &Board) -> Vec<(u8, u8)> {
    let mut v = Vec::new();
    for y in 0..board.height() as u8 {
        for x in 0..board.width() as u8 {
            if board.cell(Pos::new(x, y).idx()) == EMPTY {
                v.push((x, y));
            }
        }
    }
    v
}

/// Whether the side to move may not play (x, y): black's forbidden points under renju
/// (checked only for cells that have something to show, the check being the costly part).
fn foul(board: &Board, rule: Rule, (x, y): (u8, u8)) -> bool {
    rule.has_fouls(board.side_to_move()) && is_forbidden(board, Pos::new(x, y).idx())
}

/// The children of the position on `board` that have a record, in row-major order
/// (y, then x), with their records.
pub fn children(db: &Database, board: &Board, rule: Rule) -> Vec<((u8, u8), Record)> {
    let Some(mut s) = stones_of(board, rule) else {
        return Vec::new();
    };
    let mover = s.side;
    s.side = mover.opp();
    let mut buf = Vec::new();
    let mut out = Vec::new();
    for (x, y) in empty_cells(board) {
        let list = match mover {
            Color::Black => &mut s.black,
            Color::White => &mut s.white,
        };
        list.push((x, y));
        Key::encode_into(&s, &mut buf);
        let list = match mover {
            Color::Black => &mut s.black,
            Color::White => &mut s.white,
        };
        list.pop();
        if let Some(r) = db.get_bytes(&buf) {
            if !foul(board, rule, (x, y)) {
                out.push(((x, y), r.clone()));
            }
        }
    }
    out
}

/// The board texts of the position on `board`, by cell, in row-major order.
pub fn board_texts(db: &Database, board: &Board, rule: Rule) -> Vec<((u8, u8), Vec<u8>)> {
    let Some(s) = stones_of(board, rule) else {
        return Vec::new();
    };
    let Some(rec) = db.get(&Key::of(&s).0) else {
        return Vec::new();
    };
    let texts = rec.board_texts();
    if texts.is_empty() {
        return Vec::new();
    }
    let syms = symmetries_to_key(&s);
    empty_cells(board)
        .into_iter()
        .filter_map(|(x, y)| {
            let c = canonical_cell(&s, &syms, x, y);
            texts
                .iter()
                .find(|(tc, _)| *tc == c)
                .filter(|_| !foul(board, rule, (x, y)))
                .map(|(_, t)| ((x, y), t.clone()))
        })
        .collect()
}

/// Sets the board text of the empty cell (x, y) of the position on `board` (an empty
/// text removes it). A child record is made for a new text, as Rapfi does.
pub fn set_board_text(db: &mut Database, board: &Board, rule: Rule, cell: (u8, u8), text: &[u8]) {
    let Some(s) = stones_of(board, rule) else {
        return;
    };
    let (x, y) = cell;
    if x as usize >= board.width()
        || y as usize >= board.height()
        || board.cell(Pos::new(x, y).idx()) != EMPTY
    {
        return;
    }
    set_board_text_at(db, &s, cell, text);
}

/// [`set_board_text`] for a position given by its stones (the cell must be empty).
pub fn set_board_text_at(db: &mut Database, s: &Stones, (x, y): (u8, u8), text: &[u8]) {
    let (key, _) = Key::of(s);
    let mut rec = db
        .get(&key)
        .cloned()
        .unwrap_or_else(|| Record::labelled(LABEL_NONE));
    if !text.is_empty() {
        let (child, _) = Key::of(&s.child(x, y));
        if !db.contains(&child) {
            db.set(child, Record::labelled(LABEL_NONE), mask::ALL);
        }
    }
    let c = canonical_cell(s, &symmetries_to_key(s), x, y);
    rec.set_board_text(c, text);
    db.set(key, rec, mask::ALL);
}

/// The positions one move after `s`, one for each empty cell in row-major order (y, then
/// x), with their keys; made one at a time, as the caller walks them.
fn child_positions(s: &Stones) -> impl Iterator<Item = (Stones, Key)> + '_ {
    let (w, h) = (s.width, s.height);
    let mut occupied = vec![false; w as usize * h as usize];
    for &(x, y) in s.black.iter().chain(&s.white) {
        occupied[y as usize * w as usize + x as usize] = true;
    }
    (0..h)
        .flat_map(move |y| (0..w).map(move |x| (x, y)))
        .filter(move |&(x, y)| !occupied[y as usize * w as usize + x as usize])
        .map(move |(x, y)| {
            let child = s.child(x, y);
            let (key, _) = Key::of(&child);
            (child, key)
        })
}

/// The positions one move before `s`: one for each stone of the player who moved last,
/// with that stone (in the parent's own frame, as its key names cells).
fn parents(s: &Stones) -> Vec<(Stones, (u8, u8))> {
    let mover = s.side.opp();
    let stones = match mover {
        Color::Black => &s.black,
        Color::White => &s.white,
    };
    (0..stones.len())
        .map(|i| {
            let mut p = s.clone();
            p.side = mover;
            let list = match mover {
                Color::Black => &mut p.black,
                Color::White => &mut p.white,
            };
            let stone = list.remove(i);
            (p, stone)
        })
        .collect()
}

/// Deletes the record of `s`, and the board text its parents hold for the move into it.
pub fn delete_position(db: &mut Database, s: &Stones) {
    db.remove(&Key::of(s).0);
    for (p, (x, y)) in parents(s) {
        let (pk, _) = Key::of(&p);
        let Some(mut rec) = db.get(&pk).cloned() else {
            continue;
        };
        let c = canonical_cell(&p, &symmetries_to_key(&p), x, y);
        if !rec.board_text(c).is_empty() {
            rec.set_board_text(c, b"");
            db.set(pk, rec, mask::TEXT);
        }
    }
}

/// What a deletion filter says of one child record.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Delete {
    /// Keep it and what lies under it.
    Keep,
    /// Keep it, look at its children.
    KeepLookUnder,
    /// Delete it and everything under it (that no other kept position leads to).
    All,
}

/// A deletion filter.
pub type Filter = Box<dyn Fn(&Record) -> Delete>;

/// The filters of `YXDELETEDATABASEALL` by name (any case): `W`, `L`, `WL`, `WLD`,
/// `NONWL`, `NONWLD`, `WLNOSTEP`, each also with `RECURSIVE` (look under kept records), and
/// `WLINSTEP N`. `None` for an unknown name.
pub fn delete_filter(name: &str, step: i32) -> Option<Filter> {
    let name = name.to_ascii_uppercase();
    let (base, keep) = match name.strip_suffix("RECURSIVE") {
        Some(b) => (b.to_string(), Delete::KeepLookUnder),
        None => (name.clone(), Delete::Keep),
    };
    let wl = |r: &Record| same_label(r.label, LABEL_WIN) || same_label(r.label, LABEL_LOSE);
    let mate_known = |r: &Record| {
        let v = -(r.value as i32);
        (same_label(r.label, LABEL_WIN) && v > MATE_IN_MAX)
            || (same_label(r.label, LABEL_LOSE) && v < -MATE_IN_MAX)
    };
    let pick = move |hit: bool| if hit { Delete::All } else { keep };
    let f: Filter = match base.as_str() {
        // The NONWL filters keep W/L records and delete the rest: their own "keep" is the
        // one that does not look under (Rapfi's NoDelete) unless RECURSIVE is named.
        "NONWL" => Box::new(move |r| if wl(r) { keep } else { Delete::All }),
        "NONWLD" => Box::new(move |r| {
            if is_determined(r.label) {
                keep
            } else {
                Delete::All
            }
        }),
        "W" => Box::new(move |r| pick(same_label(r.label, LABEL_WIN))),
        "L" => Box::new(move |r| pick(same_label(r.label, LABEL_LOSE))),
        "WL" => Box::new(move |r| pick(wl(r))),
        "WLD" => Box::new(move |r| pick(is_determined(r.label))),
        "WLNOSTEP" => Box::new(move |r| pick(wl(r) && !mate_known(r))),
        "WLINSTEP" => Box::new(move |r| {
            let steps = super::record::MATE + 1 - (r.value as i32).abs();
            pick(mate_known(r) && steps <= step)
        }),
        _ => return None,
    };
    Some(f)
}

/// Whether a position other than `except` leads to `s` (so deleting `s` would cut it off
/// from a kept position).
fn referenced(db: &Database, s: &Stones, except: Option<&Key>) -> bool {
    parents(s).into_iter().any(|(p, _)| {
        let (pk, _) = Key::of(&p);
        Some(&pk) != except && db.contains(&pk)
    })
}

fn delete_under(
    db: &mut Database,
    s: &Stones,
    filter: Option<&dyn Fn(&Record) -> Delete>,
    this: Option<&Key>,
) {
    for (child, ck) in child_positions(s) {
        let Some(rec) = db.get(&ck) else {
            continue;
        };
        match filter.map_or(Delete::All, |f| f(rec)) {
            Delete::Keep => {}
            Delete::KeepLookUnder => delete_under(db, &child, filter, Some(&ck)),
            Delete::All => {
                if !referenced(db, &child, this) {
                    db.remove(&ck);
                    delete_under(db, &child, None, None);
                }
            }
        }
    }
}

/// Deletes the records under the position on `board` that `filter` picks (all of them
/// without one), then the position's board texts. Returns how many records went.
pub fn delete_children(
    db: &mut Database,
    board: &Board,
    rule: Rule,
    filter: Option<&dyn Fn(&Record) -> Delete>,
) -> usize {
    let Some(s) = stones_of(board, rule) else {
        return 0;
    };
    let before = db.len();
    let (key, _) = Key::of(&s);
    delete_under(db, &s, filter, Some(&key));
    if let Some(mut rec) = db.get(&key).cloned() {
        if rec.has_board_text() {
            rec.clear_board_texts();
            db.set(key, rec, mask::ALL);
        }
    }
    before - db.len()
}

/// Copies into `dst` every record of `src` under the position on `board` and on the path
/// of moves that led to it, keeping what `dst` already has. Returns how many were added.
pub fn split(src: &Database, dst: &mut Database, board: &Board, rule: Rule) -> usize {
    let Some(s) = stones_of(board, rule) else {
        return 0;
    };
    let before = dst.len();
    copy_under(src, dst, &s);
    // The path: the positions after each move of the game so far.
    let mut p = Stones {
        black: Vec::new(),
        white: Vec::new(),
        side: Color::Black,
        ..s.clone()
    };
    for &m in board.moves() {
        let pos = Pos::from_idx(m as usize);
        let colour = if board.cell(m as usize) == WHITE {
            Color::White
        } else {
            Color::Black
        };
        match colour {
            Color::Black => p.black.push((pos.x, pos.y)),
            Color::White => p.white.push((pos.x, pos.y)),
        }
        p.side = colour.opp();
        let (k, _) = Key::of(&p);
        if let Some(r) = src.get(&k) {
            if !dst.contains(&k) {
                dst.set(k, r.clone(), mask::ALL);
            }
        }
    }
    dst.len() - before
}

fn copy_under(src: &Database, dst: &mut Database, s: &Stones) {
    for (child, ck) in child_positions(s) {
        if let Some(r) = src.get(&ck) {
            if !dst.contains(&ck) {
                dst.set(ck, r.clone(), mask::ALL);
                copy_under(src, dst, &child);
            }
        }
    }
}

/// Merges `src` into `dst`: a record of `src` replaces `dst`'s when it is more certain
/// (a settled result over an open one, a longer-known mate, a deeper search); board texts
/// and comments are kept from both. Returns how many records were written.
pub fn merge(dst: &mut Database, src: &Database) -> usize {
    let mut written = 0;
    for (key, new) in src.iter() {
        let old = dst.get(key).cloned();
        let old_rec = old.clone().unwrap_or_default();
        if old.is_none()
            || may_overwrite(
                &old_rec,
                new,
                Overwrite::BetterValueDepthBound,
                EXACT_BIAS,
                0,
            )
        {
            let mut rec = new.clone();
            rec.merge_board_texts(&old_rec, false);
            let oc = old_rec.comment();
            if !oc.is_empty() && rec.comment().is_empty() {
                rec.set_comment(&oc);
            }
            dst.set(key.clone(), rec, mask::ALL);
            written += 1;
        } else {
            let mut rec = old_rec;
            rec.merge_board_texts(new, false);
            let nc = new.comment();
            if rec.comment().is_empty() && !nc.is_empty() {
                rec.set_comment(&nc);
            }
            if Some(&rec) != old.as_ref() {
                dst.set(key.clone(), rec, mask::TEXT);
            }
        }
    }
    written
}
