//! Blocks: a command followed by stone lines up to `DONE`. `BOARD` (fields 1 own,
//! 2 opponent, 3 blocked; then our move), `YXBOARD` (the same position, no move),
//! `SWAP2BOARD` (see `openings`), Yixin-Board's `YXBLOCK`/`YXBLOCKUNDO`
//! (squares no later search may play), `YXBLOCKPATH`/`YXBLOCKPATHUNDO` (a move sequence
//! from the empty board whose last move may not be played once the board shows the
//! position the others reach), its database queries (there is no database: every query
//! finds nothing) and `YXSOOSORVSTEP2`–`6`.
//!
//! Blocks never wait for a `DONE` that is not coming. Inside a block only stone lines
//! (`x,y,field` or `x,y`; a bad one such as `25,3,1` or `3,3,x` is skipped), blank lines
//! and `DONE` belong to it; `END` exits. Any other line (a command word, known or not,
//! with or without valid arguments) means the manager is out of step: the block is
//! abandoned with its stones, the state stays as it was before it, one line says so (an
//! `ERROR` for `BOARD` and `SWAP2BOARD`, which owe a reply; a `MESSAGE` for the others),
//! and the line is then handled as the command it is. So a stray `BOARD 1` followed by
//! `TURN 18,13` gets that `ERROR` and then a move, never silence.

use super::brain::{Block, BlockKind, Brain, Flow, NO_GAME};
use super::command::{sanitise, Command, ParseError};
use crate::game::board::{Board, Color, EMPTY};
use crate::game::pos::{Pos, MAX_SIZE};

impl Brain {
    /// A line inside a BOARD / YXBOARD / SWAP2BOARD block.
    pub(super) fn block_line(&mut self, cmd: Result<Command, ParseError>) -> Flow {
        match cmd {
            Ok(Command::End) => return Flow::Exit,
            Ok(Command::Done) => {
                if let Some(block) = self.block.take() {
                    self.finish_block(block);
                }
            }
            Ok(Command::Stone(x, y, f)) => {
                if let Some(block) = self.block.as_mut() {
                    block.stones.push((x, y, f));
                }
            }
            // Blank lines and bad stone lines inside a block are skipped silently.
            _ => {}
        }
        Flow::Continue
    }

    /// A block ended by a command instead of DONE: its stones are dropped. BOARD and
    /// SWAP2BOARD owe the manager one reply, and this ERROR is it; YXBOARD owes none, so
    /// it only gets a MESSAGE. No such MESSAGE may begin with `DATABASE`: Yixin-Board reads
    /// every `MESSAGE DATABASE` line it does not know as a cell's label, at whatever
    /// coordinates it last read, and can write out of its board.
    pub(super) fn abandon_block(&self, block: &Block, line: &str) {
        let (name, owes_reply, kept) = match block.kind {
            BlockKind::Board => ("BOARD", true, "position"),
            BlockKind::YxBoard => ("YXBOARD", false, "position"),
            BlockKind::Swap2 => ("SWAP2BOARD", true, "position"),
            BlockKind::Exclude(false) => ("YXBLOCK", false, "blocked points"),
            BlockKind::Exclude(true) => ("YXBLOCKUNDO", false, "blocked points"),
            BlockKind::Path(false) => ("YXBLOCKPATH", false, "blocked paths"),
            BlockKind::Path(true) => ("YXBLOCKPATHUNDO", false, "blocked paths"),
            BlockKind::DbQuery(_) => ("YXQUERYDATABASE", false, "position"),
            BlockKind::Soosorv(..) => ("YXSOOSORVSTEP", false, "position"),
        };
        let word = line.split_whitespace().next().unwrap_or("");
        let text = format!(
            "{name} block abandoned at {} (no DONE), {kept} unchanged",
            sanitise(word).to_ascii_uppercase()
        );
        if owes_reply {
            self.error(&text);
        } else {
            self.out.message(&text);
        }
    }

    /// A block ended by `DONE`: its stones take effect.
    fn finish_block(&mut self, block: Block) {
        match block.kind {
            BlockKind::Exclude(undo) => {
                for &(x, y, _) in &block.stones {
                    let on = (0..MAX_SIZE as i64).contains(&x) && (0..MAX_SIZE as i64).contains(&y);
                    if undo {
                        self.excluded.retain(|&c| c != (x, y));
                    } else if on && !self.excluded.contains(&(x, y)) {
                        self.excluded.push((x, y));
                    }
                }
                return;
            }
            BlockKind::Path(undo) => {
                let path: Vec<(i64, i64)> = block.stones.iter().map(|&(x, y, _)| (x, y)).collect();
                if undo {
                    self.blocked_paths.retain(|p| *p != path);
                } else if !path.is_empty() && !self.blocked_paths.contains(&path) {
                    self.blocked_paths.push(path);
                }
                return;
            }
            BlockKind::DbQuery(q) => {
                self.finish_db_block(q, &block.text, &block.stones);
                return;
            }
            _ => {}
        }
        let Some(old) = &self.board else {
            self.error(NO_GAME);
            return;
        };
        let (w, h) = (old.width(), old.height());
        match block.kind {
            BlockKind::Board | BlockKind::YxBoard => {
                self.board = Some(load_position(w, h, &block.stones));
                if block.kind == BlockKind::Board {
                    self.think_move(block.started);
                }
            }
            BlockKind::Swap2 => self.swap2(w, h, &block.stones, block.started),
            BlockKind::Soosorv(step, n) => self.soosorv(step, n, &block.stones, block.started),
            BlockKind::Exclude(_) | BlockKind::Path(_) | BlockKind::DbQuery(_) => {}
        }
    }
}

/// Whether a line read inside a block ends it without DONE: any line that is not blank,
/// not `DONE`, not `END` (which exits) and not shaped like a stone line (it starts with a
/// digit or a sign). So every command word ends the block, known (TURN, BOARD, INFO, ...,
/// also with bad arguments) or not (it is owed an UNKNOWN); bad stone lines (`25,3,1`,
/// `3,3,x`) are still skipped silently.
pub(super) fn ends_block(line: &str, cmd: &Result<Command, ParseError>) -> bool {
    match cmd {
        Ok(Command::Empty | Command::Done | Command::End | Command::Stone(..)) => false,
        Ok(Command::Unknown(_)) => !line
            .trim_start_matches(|c: char| c.is_whitespace() || c == '\0')
            .starts_with(|c: char| c.is_ascii_digit() || c == '+' || c == '-'),
        _ => true,
    }
}

/// Whether playing all but the last move of `path` from the empty board (first player
/// first, alternating) gives exactly the stones of `board`, with the same side to move.
pub(super) fn path_reaches(path: &[(i64, i64)], board: &Board) -> bool {
    let Some((_, prefix)) = path.split_last() else {
        return false;
    };
    let mut b = Board::new(board.width(), board.height());
    for &(x, y) in prefix {
        if !b.contains(x, y) {
            return false;
        }
        let p = Pos::new(x as u8, y as u8);
        if b.at(p) != EMPTY || board.at(p) == EMPTY {
            return false;
        }
        b.make(p.idx());
    }
    b.side_to_move() == board.side_to_move()
        && board.stones() == prefix.len()
        && b.all_cells()
            .all(|i| b.cell(i) == EMPTY || b.cell(i) == board.cell(i))
}

/// Loads BOARD stones: field 1 ours, 2 theirs, 3 blocked. We are the side to move.
/// Invalid, duplicate and out-of-range lines are skipped.
pub fn load_position(w: usize, h: usize, stones: &[(i64, i64, Option<i64>)]) -> Board {
    let valid: Vec<(Pos, i64)> = {
        let mut seen = std::collections::HashSet::new();
        stones
            .iter()
            .filter_map(|&(x, y, f)| {
                let f = f.unwrap_or(2);
                let on = x >= 0 && y >= 0 && (x as usize) < w && (y as usize) < h;
                (on && (1..=3).contains(&f) && seen.insert((x, y)))
                    .then(|| (Pos::new(x as u8, y as u8), f))
            })
            .collect()
    };
    let own = valid.iter().filter(|s| s.1 == 1).count();
    let opp = valid.iter().filter(|s| s.1 == 2).count();
    let we_are_black = if own == opp {
        true
    } else if own + 1 == opp {
        false
    } else {
        // Inconsistent counts (GUI editing): whoever owns the first stone played first.
        valid
            .iter()
            .find(|s| s.1 != 3)
            .map(|s| s.1 == 1)
            .unwrap_or(true)
    };
    let (ours, theirs) = if we_are_black {
        (Color::Black, Color::White)
    } else {
        (Color::White, Color::Black)
    };
    let mut b = Board::new(w, h);
    for (p, f) in valid {
        match f {
            1 => b.put(p.idx(), ours),
            2 => b.put(p.idx(), theirs),
            _ => b.put_blocked(p.idx()),
        }
    }
    b.set_side_to_move(ours);
    b
}
