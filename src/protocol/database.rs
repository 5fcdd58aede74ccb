//! The Yixin database commands, as Rapfi answers them and Yixin-Board reads them:
//! `YXSETDATABASE`, `YXSAVEDATABASE`, the queries (`YXQUERYDATABASEALL/ALLT/ONE/TEXT`), the
//! edits (`YXEDITTVDDATABASE`, `YXEDITTEXTDATABASE`, `YXEDITLABELDATABASE`), deletions
//! (`YXDELETEDATABASEONE/ALL`), exports and imports (`YXDBTOTXT`, `YXDBTOTXTALL`,
//! `YXLIBTODB`, `YXDBTOLIB`), `YXDBSPLIT` and `YXDBMERGE`; `INFO usedatabase` and
//! `INFO database_readonly` are in `settings`.
//!
//! The queries and edits are blocks: the command, then the position's moves from the empty
//! board (`x,y` lines, black first) up to `DONE`; the game's own position is not touched.
//! Without a database every query finds nothing (`DATABASE REFRESH`, `DATABASE DONE`;
//! `DATABASE ONE 0 0 0 0`; `DATABASE TEXT ""`), as before one is opened, and edits are
//! answered `ERROR`.
//!
//! The database and the engine meet here too, before and after a search for a move (see
//! `Brain::database_root` and `Brain::database_write_back`): the search itself never
//! reads it, so with no database open every search is what it was.

use super::brain::{Brain, PathFor, NO_GAME};
use super::command::{DbFile, DbQuery, DELETE_FILTERS};
use crate::database::key::{rule_code, Key, Stones};
use crate::database::record::{
    self, is_determined, mask, may_overwrite, same_label, Bound, Overwrite, Record,
    DEPTH_BOUND_BIAS, EXACT_BIAS, LABEL_BLOCK, LABEL_FORCE, LABEL_LOSE, LABEL_NONE, LABEL_WIN,
};
use crate::database::text::write_csv;
use crate::database::{renlib, tree, Database};
use crate::game::board::{Board, EMPTY};
use crate::game::pos::Pos;
use crate::game::rule::makes_five;
use crate::search::tt::{WIN, WIN_BOUND};
use crate::search::SearchResult;
use std::time::{Duration, Instant};

/// Printable form of a path for messages.
fn shown(path: &str) -> String {
    path.chars().filter(|c| !c.is_control()).take(300).collect()
}

/// `ERROR <text>` (for where `self` is partly borrowed).
fn err(out: &super::output::Output, text: &str) {
    out.line(&format!("ERROR {text}"));
}

fn ms(d: Duration) -> u128 {
    d.as_millis()
}

/// Wuzi's score (for the side to move) as a database value: mates as Rapfi writes them
/// (30000 less the plies; beyond 500 plies, or a threat-sequence win of unknown length,
/// a mate without a count), other scores clamped to Rapfi's evaluation range.
pub fn db_value(score: i32) -> i16 {
    let mate = |plies: i32| {
        if plies < 500 {
            record::MATE - plies
        } else {
            record::MATE_IN_MAX
        }
    };
    let v = if score > WIN_BOUND {
        mate(WIN - score)
    } else if score < -WIN_BOUND {
        -mate(WIN + score)
    } else {
        score.clamp(-6000, 6000)
    };
    v as i16
}

/// The score, for the side to move at the root, of a child whose record holds `value`
/// (for the side to move in the child): a mate one ply longer, seen from the other side.
fn score_from_child(value: i16) -> i32 {
    let v = value as i32;
    if v.abs() > record::MATE_IN_MAX {
        let plies = record::MATE - v.abs() + 1;
        if v < 0 {
            WIN - plies
        } else {
            plies - WIN
        }
    } else if v.abs() == record::MATE_IN_MAX {
        // A win or loss of unknown length.
        if v < 0 {
            WIN_BOUND + 1
        } else {
            -WIN_BOUND - 1
        }
    } else {
        -v
    }
}

/// The score of the position one ply on, for its side to move (mate counts one shorter).
fn child_score(score: i32) -> i32 {
    if score > WIN_BOUND {
        -(score + 1).min(WIN)
    } else if score < -WIN_BOUND {
        (-score + 1).min(WIN)
    } else {
        -score
    }
}

/// The position of a database block: its moves played from the empty board (black
/// first); moves off the board or on taken squares are skipped, as Rapfi skips them.
fn block_board(w: usize, h: usize, stones: &[(i64, i64, Option<i64>)]) -> Board {
    let mut b = Board::new(w, h);
    for &(x, y, _) in stones {
        if b.contains(x, y) && b.at(Pos::new(x as u8, y as u8)) == EMPTY {
            b.make(Pos::new(x as u8, y as u8).idx());
        }
    }
    b
}

/// What the database says before a search for a move ([`Brain::database_root`]).
pub(super) enum DbRoot {
    /// A move chosen without searching.
    Play(SearchResult),
    /// Moves kept out of the search.
    Exclude(Vec<Pos>),
}

impl Brain {
    /// A database command naming a file: now, or when the path comes on the next line.
    pub(super) fn db_file(&mut self, what: DbFile, path: &str) {
        if path.is_empty() {
            self.awaiting_path = Some(PathFor::Db(what));
        } else {
            self.db_file_now(what, path);
        }
    }

    pub(super) fn db_file_now(&mut self, what: DbFile, path: &str) {
        let p = std::path::Path::new(path);
        let name = shown(path);
        if what == DbFile::Set {
            self.set_database(path);
            return;
        }
        let rule = self.rule();
        let (w, h) = self
            .board
            .as_ref()
            .map_or((15, 15), |b| (b.width(), b.height()));
        let Some(db) = self.db.db.as_mut().filter(|_| !self.db.disabled) else {
            err(
                &self.out,
                &format!("{} needs a database (YXSETDATABASE)", what.name()),
            );
            return;
        };
        match what {
            DbFile::Set => {}
            DbFile::ToText(all) => {
                let code = rule_code(rule);
                let keep = |k: &Key| {
                    all || (Some(k.rule()) == code
                        && k.width() as usize == w
                        && k.height() as usize == h)
                };
                let r = std::fs::File::create(p).and_then(|f| {
                    let mut out = std::io::BufWriter::new(f);
                    write_csv(&mut out, db.iter(), keep)?;
                    std::io::Write::flush(&mut out)
                });
                match r {
                    Ok(()) => self.out.message(&format!(
                        "Wrote {} database to csv-format text file {name}",
                        if all {
                            "(all)"
                        } else {
                            "(current boardsize and rule)"
                        }
                    )),
                    Err(e) => err(&self.out, &format!("Unable to write {name}: {e}")),
                }
            }
            DbFile::LibToDb => {
                let Some(code) = rule_code(rule) else {
                    err(&self.out, "the database has no caro rules");
                    return;
                };
                self.out.message(&format!(
                    "Importing from lib file {name}, this might take a while..."
                ));
                let t = Instant::now();
                let data = match std::fs::read(p) {
                    Ok(d) => d,
                    Err(e) => {
                        err(&self.out, &format!("Error when reading lib file: {e}"));
                        return;
                    }
                };
                let size = if w == h { w as u8 } else { 15 };
                match renlib::import(db, &data, code, size) {
                    Ok(n) => self.out.message(&format!(
                        "Imported {n} records from lib file using {} ms.",
                        ms(t.elapsed())
                    )),
                    Err(e) => err(&self.out, &format!("Error when reading lib file: {e}")),
                }
            }
            DbFile::DbToLib => {
                let Some(board) = self.board.as_ref() else {
                    err(&self.out, NO_GAME);
                    return;
                };
                self.out.message(&format!(
                    "Exporting to lib file {name}, this might take a while..."
                ));
                let t = Instant::now();
                match renlib::export(db, board, rule) {
                    Ok(bytes) => match std::fs::write(p, bytes.0) {
                        Ok(()) => self.out.message(&format!(
                            "Exported {} nodes to lib file using {} ms.",
                            bytes.1,
                            ms(t.elapsed())
                        )),
                        Err(e) => err(
                            &self.out,
                            &format!("Unable to open file {name} for writing: {e}"),
                        ),
                    },
                    Err(e) => err(&self.out, &format!("Failed to export database to lib: {e}")),
                }
            }
            DbFile::Split => {
                let Some(board) = self.board.as_ref() else {
                    err(&self.out, NO_GAME);
                    return;
                };
                let t = Instant::now();
                let mut dst = match Database::open(p) {
                    Ok((d, _)) => d,
                    Err(e) => {
                        err(
                            &self.out,
                            &format!("Failed to create yixin database: {name}: {e}"),
                        );
                        return;
                    }
                };
                let n = tree::split(db, &mut dst, board, rule);
                match dst.save() {
                    Ok(_) => self.out.message(&format!(
                        "Write {n} records into the split database using {} ms.",
                        ms(t.elapsed())
                    )),
                    Err(e) => err(&self.out, &format!("Failed to save {name}: {e}")),
                }
            }
            DbFile::Merge => {
                let src = match Database::open(p) {
                    Ok((d, _)) if p.exists() => d,
                    Ok(_) => {
                        err(
                            &self.out,
                            &format!("Failed to open yixin database {name}: no such file"),
                        );
                        return;
                    }
                    Err(e) => {
                        err(
                            &self.out,
                            &format!("Failed to open yixin database: {name}: {e}"),
                        );
                        return;
                    }
                };
                let n = tree::merge(db, &src);
                self.out.message(&format!(
                    "Merged {n} out of {} records into the database.",
                    src.len()
                ));
            }
        }
    }

    /// YXSETDATABASE: opens the file (a new database if there is none yet); a file that
    /// cannot be read is refused and the database in use stays.
    fn set_database(&mut self, path: &str) {
        let name = shown(path);
        let existing = std::path::Path::new(path).exists();
        self.out
            .message(&format!("Opening yixin database at {name} ..."));
        let t = Instant::now();
        match Database::open(path) {
            Ok((db, report)) => {
                if let Some(old) = &mut self.db.db {
                    if let Err(e) = old.save() {
                        err(
                            &self.out,
                            &format!(
                                "Failed to save {}: {e}",
                                shown(&old.path().to_string_lossy())
                            ),
                        );
                    }
                }
                let n = db.len();
                self.db.db = Some(db);
                self.db.disabled = false;
                if existing {
                    self.out.message(&format!(
                        "Loaded Yixin database ({n} records) using {} ms.",
                        ms(t.elapsed())
                    ));
                }
                if report.skipped > 0 {
                    self.out.message(&format!(
                        "{} unreadable records skipped (the next save leaves them out)",
                        report.skipped
                    ));
                }
            }
            Err(e) => err(
                &self.out,
                &format!(
                "Failed to create yixin database: {name}: {e}; the database in use is unchanged"
            ),
            ),
        }
    }

    /// YXSAVEDATABASE.
    pub(super) fn save_database(&mut self) {
        let Some(db) = self.db.db.as_mut() else {
            return;
        };
        let t = Instant::now();
        match db.save() {
            Ok(_) => self.out.message(&format!(
                "Saved database file using {} ms.",
                ms(t.elapsed())
            )),
            Err(e) => {
                let name = shown(&db.path().to_string_lossy());
                self.error(&format!("Failed to save the database to {name}: {e}"));
            }
        }
    }

    /// A database block ended by `DONE`.
    pub(super) fn finish_db_block(
        &mut self,
        q: DbQuery,
        text: &str,
        stones: &[(i64, i64, Option<i64>)],
    ) {
        let query = matches!(
            q,
            DbQuery::All | DbQuery::AllText | DbQuery::One | DbQuery::Text
        );
        if self.db.active().is_none() {
            // No database: every query finds nothing, in the shape Yixin-Board parses
            // (REFRESH clears its marks, DONE redraws; ONE: tag, value, depth, bound).
            match q {
                DbQuery::All | DbQuery::AllText => {
                    self.out.message("DATABASE REFRESH");
                    self.out.message("DATABASE DONE");
                }
                DbQuery::One => self.out.message("DATABASE ONE 0 0 0 0"),
                DbQuery::Text => self.out.message("DATABASE TEXT \"\""),
                _ => self.error("no database (YXSETDATABASE first)"),
            }
            return;
        }
        let Some((w, h)) = self.board.as_ref().map(|b| (b.width(), b.height())) else {
            self.error(NO_GAME);
            return;
        };
        let board = block_board(w, h, stones);
        let rule = self.rule();
        if !query && self.db.readonly {
            return;
        }
        match q {
            DbQuery::All => self.query_all(&board),
            DbQuery::AllText => {
                self.query_all(&board);
                self.query_text(&board);
            }
            DbQuery::One => self.query_one(&board),
            DbQuery::Text => self.query_text(&board),
            DbQuery::EditTvd {
                mask: m,
                label,
                value,
                depth,
            } => {
                let label = match label as u8 {
                    b'W' => LABEL_WIN,
                    b'L' => LABEL_LOSE,
                    b'D' => record::LABEL_DRAW,
                    b'X' => LABEL_BLOCK,
                    _ => label as i8,
                };
                let mut rec = Record {
                    label,
                    value: value.clamp(i16::MIN as i64, i16::MAX as i64) as i16,
                    ..Record::default()
                };
                rec.set_depth_bound(depth.clamp(0, 8000) as i32, Bound::Exact);
                if let (Some(db), Some(s)) = (self.db.writable(), tree::stones_of(&board, rule)) {
                    db.set(Key::of(&s).0, rec, (m & 0x0f) as u8);
                }
                self.query_one(&board);
            }
            DbQuery::EditText => {
                if let (Some(db), Some(s)) = (self.db.writable(), tree::stones_of(&board, rule)) {
                    let (key, _) = Key::of(&s);
                    let mut rec = db
                        .get(&key)
                        .cloned()
                        .unwrap_or_else(|| Record::labelled(LABEL_NONE));
                    rec.set_comment(text.as_bytes());
                    if rec.label == record::LABEL_NULL {
                        rec.label = LABEL_NONE;
                    }
                    db.set(key, rec, mask::ALL);
                }
            }
            DbQuery::EditLabel(x, y) => {
                if !board.contains(x, y) || board.at(Pos::new(x as u8, y as u8)) != EMPTY {
                    self.error("Coord is not valid or empty.");
                    return;
                }
                if let Some(db) = self.db.writable() {
                    tree::set_board_text(db, &board, rule, (x as u8, y as u8), text.as_bytes());
                }
            }
            DbQuery::DeleteOne => {
                if let (Some(db), Some(s)) = (self.db.writable(), tree::stones_of(&board, rule)) {
                    tree::delete_position(db, &s);
                }
            }
            DbQuery::DeleteAll { filter, step } => {
                self.out
                    .message("Deleting child records, this might take a while...");
                let t = Instant::now();
                let f = (filter > 0)
                    .then(|| tree::delete_filter(DELETE_FILTERS[filter as usize], step))
                    .flatten();
                let n = match self.db.writable() {
                    Some(db) => tree::delete_children(db, &board, rule, f.as_deref()),
                    None => 0,
                };
                self.out.message(&format!(
                    "Done deleting {n} records using {} ms.",
                    ms(t.elapsed())
                ));
                self.query_all(&board);
            }
        }
    }

    /// YXQUERYDATABASEALL: a line for every empty cell with a record or a board label,
    /// in row-major order, between REFRESH and DONE. The position itself gets an empty
    /// record if it has none (so the tree a user walks is kept), as Rapfi does.
    fn query_all(&mut self, board: &Board) {
        let rule = self.rule();
        let Some(db) = self.db.active() else {
            return;
        };
        let children = tree::children(db, board, rule);
        let texts = tree::board_texts(db, board, rule);
        let mut lines = vec!["MESSAGE DATABASE REFRESH".to_string()];
        let (mut ci, mut ti) = (0, 0);
        for y in 0..board.height() as u8 {
            for x in 0..board.width() as u8 {
                let mut rec = None;
                let mut text = Vec::new();
                if children.get(ci).is_some_and(|(c, _)| *c == (x, y)) {
                    rec = Some(&children[ci].1);
                    ci += 1;
                }
                if texts.get(ti).is_some_and(|(c, _)| *c == (x, y)) {
                    text.clone_from(&texts[ti].1);
                    ti += 1;
                }
                if rec.is_none() && text.is_empty() {
                    continue;
                }
                let null = Record::default();
                let r = rec.unwrap_or(&null);
                lines.push(format!(
                    "MESSAGE DATABASE {x} {y} {} {} {} {} {} {}",
                    r.display_label_code(),
                    r.value,
                    r.depth(),
                    r.bound() as i32,
                    i32::from(!r.comment().is_empty()),
                    String::from_utf8_lossy(&text)
                ));
            }
        }
        lines.push("MESSAGE DATABASE DONE".to_string());
        let refs: Vec<&str> = lines.iter().map(String::as_str).collect();
        self.out.lines(&refs);
        if board.stones() > 0 {
            if let (Some(db), Some(s)) = (self.db.writable(), tree::stones_of(board, rule)) {
                let (key, _) = Key::of(&s);
                if !db.contains(&key) {
                    db.set(key, Record::labelled(LABEL_NONE), mask::ALL);
                }
            }
        }
    }

    /// YXQUERYDATABASEONE: `DATABASE ONE label value depth bound shown-label`.
    fn query_one(&self, board: &Board) {
        let rec = self
            .db
            .active()
            .and_then(|db| tree::record(db, board, self.rule()));
        match rec {
            Some(r) => self.out.message(&format!(
                "DATABASE ONE {} {} {} {} {}",
                r.label,
                r.value,
                r.depth(),
                r.bound() as i32,
                r.display_label()
            )),
            None => self.out.message("DATABASE ONE 0 0 0 0"),
        }
    }

    /// YXQUERYDATABASETEXT: `DATABASE TEXT "comment"` (quoted as C++'s `std::quoted`).
    fn query_text(&self, board: &Board) {
        let rec = self
            .db
            .active()
            .and_then(|db| tree::record(db, board, self.rule()))
            .filter(|r| !r.is_null());
        let comment = rec.map(Record::comment).unwrap_or_default();
        let mut q = String::from("\"");
        for c in String::from_utf8_lossy(&comment).chars() {
            if c == '"' || c == '\\' {
                q.push('\\');
            }
            q.push(c);
        }
        q.push('"');
        self.out.message(&format!("DATABASE TEXT {q}"));
    }

    /// Before a search for a move, what the database says of the root's children. A child
    /// it marks won for us (the shortest win first) or marks `!` is played at once; failing
    /// that, the best child with a searched value (no label, an exact bound, a depth of at
    /// least 1) is played as a book move. Otherwise the children it marks lost for us or
    /// blocked (`x`), and those after which it marks a reply won for the opponent, are kept
    /// out of the search, unless that would leave no move besides `excluded`.
    pub(super) fn database_root(&self, board: &Board, excluded: &[Pos]) -> DbRoot {
        let Some(db) = self.db.active() else {
            return DbRoot::Exclude(Vec::new());
        };
        let children = tree::children(db, board, self.rule());
        let best_by = |f: &dyn Fn(Pos, &Record) -> bool| {
            children
                .iter()
                .filter(|&&((x, y), ref r)| f(Pos::new(x, y), r))
                .map(|(c, r)| (*c, score_from_child(r.value)))
                .max_by_key(|&(c, s)| (s, std::cmp::Reverse((c.1, c.0))))
        };
        if let Some((c, s)) = best_by(&|_, r| same_label(r.label, LABEL_WIN)) {
            // A win label without a mate distance still wins.
            return DbRoot::Play(self.database_play(c, s.max(WIN_BOUND + 1), "win"));
        }
        if let Some((c, s)) = best_by(&|_, r| r.label == LABEL_FORCE) {
            return DbRoot::Play(self.database_play(c, s, "forced move"));
        }
        // A book move: a searched value (no letter of the user's, an exact bound, a depth),
        // never one after which the database marks a reply of the opponent's won.
        let refuted = self.refuted_children(db, board, &children);
        let book = best_by(&|p, r| {
            r.label == LABEL_NONE
                && r.bound() == Bound::Exact
                && r.depth() > 0
                && !refuted.contains(&p)
        });
        if let Some((c, s)) = book {
            return DbRoot::Play(self.database_play(c, s, "book move"));
        }
        let lost = children
            .iter()
            .filter(|(_, r)| same_label(r.label, LABEL_LOSE) || same_label(r.label, LABEL_BLOCK))
            .map(|&((x, y), _)| Pos::new(x, y));
        let mut out: Vec<Pos> = Vec::new();
        for p in lost.chain(refuted) {
            if !excluded.contains(&p) && !out.contains(&p) {
                out.push(p);
            }
        }
        let free = board
            .all_cells()
            .filter(|&i| board.cell(i) == EMPTY)
            .count();
        if out.len() + excluded.len() >= free {
            return DbRoot::Exclude(Vec::new());
        }
        DbRoot::Exclude(out)
    }

    /// The answer for a move the database chose, said in a MESSAGE.
    fn database_play(&self, (x, y): (u8, u8), score: i32, tag: &str) -> SearchResult {
        let mv = Pos::new(x, y);
        // Not "database ...": Yixin-Board upper-cases what it reads, and takes any
        // `MESSAGE DATABASE` line it does not know for a cell line (an unchecked sscanf of
        // the coordinates, then a store at them).
        self.out.message(&format!(
            "Playing {mv} from the database ({tag}), no search"
        ));
        SearchResult {
            best: mv,
            score,
            depth: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: vec![mv],
            lines: Vec::new(),
        }
    }

    /// The children of the position on `board` (among `children`, those with a record)
    /// after which the database marks one of the opponent's replies won for the opponent:
    /// one ply deeper than the children's own labels, such a move loses as well. A move
    /// that makes five is never refuted.
    fn refuted_children(
        &self,
        db: &Database,
        board: &Board,
        children: &[((u8, u8), Record)],
    ) -> Vec<Pos> {
        let rule = self.rule();
        let side = board.side_to_move();
        children
            .iter()
            .map(|&((x, y), _)| Pos::new(x, y))
            .filter(|p| {
                if makes_five(board, p.idx(), side, rule) {
                    return false;
                }
                let mut after = board.clone();
                after.make(p.idx());
                tree::children(db, &after, rule)
                    .iter()
                    .any(|(_, r)| same_label(r.label, LABEL_WIN))
            })
            .collect()
    }

    /// After a search for a move or an analysis: its result written back (with
    /// `usedatabase` on and not read-only): the root position with the score, depth and an
    /// exact bound, and the position after each reported line's first move with the score
    /// from there; a win or loss as its label. A record is never replaced by a less certain
    /// one (a settled result by an open one, a deeper search by a shallower one), and a
    /// record's own letter and texts stay.
    pub(super) fn database_write_back(&mut self, root: &Board, r: &SearchResult) {
        if r.depth <= 0 {
            return;
        }
        let rule = self.rule();
        let Some(s) = tree::stones_of(root, rule) else {
            return;
        };
        let Some(db) = self.db.writable() else {
            return;
        };
        let mut lines: Vec<(Pos, i32)> = r
            .lines
            .iter()
            .filter_map(|l| Some((*l.pv.first()?, l.score)))
            .collect();
        if lines.is_empty() {
            lines.push((r.best, r.score));
        }
        let result = |score: i32, depth: i32| {
            // The label speaks for the player who moved into the position.
            let label = if score > WIN_BOUND {
                LABEL_LOSE
            } else if score < -WIN_BOUND {
                LABEL_WIN
            } else {
                LABEL_NONE
            };
            let mut rec = Record {
                label,
                value: db_value(score),
                ..Record::default()
            };
            rec.set_depth_bound(depth.max(0), Bound::Exact);
            rec
        };
        write_result(db, &s, result(r.score, r.depth));
        for (mv, score) in lines {
            let on = (mv.x as usize) < root.width() && (mv.y as usize) < root.height();
            if !on || root.at(mv) != EMPTY {
                continue;
            }
            let child = s.child(mv.x, mv.y);
            write_result(db, &child, result(child_score(score), r.depth - 1));
        }
    }
}

/// Writes `new` for `s` unless the record there is more certain; keeps a record's own
/// (not win/loss/draw) letter and its texts.
fn write_result(db: &mut Database, s: &Stones, mut new: Record) {
    let (key, _) = Key::of(s);
    match db.get(&key) {
        None => db.set(key, new, mask::ALL),
        Some(old) => {
            if !is_determined(new.label) && !is_determined(old.label) && !old.is_null() {
                new.label = old.label;
            }
            if may_overwrite(
                old,
                &new,
                Overwrite::BetterValueDepthBound,
                EXACT_BIAS,
                DEPTH_BOUND_BIAS,
            ) {
                db.set(key, new, mask::LVDB);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_database_values_convert_both_ways() {
        assert_eq!(db_value(WIN - 7), (record::MATE - 7) as i16);
        assert_eq!(db_value(-(WIN - 4)), -(record::MATE - 4) as i16);
        assert_eq!(db_value(123), 123);
        assert_eq!(db_value(9000), 6000);
        // A threat-sequence win of unknown length: a mate without a count.
        assert_eq!(db_value(WIN_BOUND + 1), record::MATE_IN_MAX as i16);
        // Our move into a child where the opponent is mated in 10 plies: we win in 11.
        assert_eq!(score_from_child(-(record::MATE as i16 - 10)), WIN - 11);
        assert_eq!(score_from_child(250), -250);
        assert_eq!(child_score(WIN - 11), -(WIN - 10));
        assert_eq!(child_score(-40), 40);
    }
}
