//! Yixin-Board conversations, sent as its `main.c` sends them (lower case, LF endings,
//! `start w h` + `board` before every move, `INFO rule 2` for renju), with the replies
//! its parser expects.
mod common;
use common::*;
use std::time::Duration;

/// `init_engine()`: `info show_detail 1`, `yxshowinfo`, `START %d %d` (boardsizew,
/// boardsizeh), then the limits (`set_level`), `caution_factor`, `thread_num`,
/// `hash_size`, `pondering`, `vcthread`; `set_rule()` sends `INFO rule %d`.
fn yixin_startup(b: &mut Brain, w: u32, h: u32, rule: u32) {
    b.send_raw(b"info show_detail 1\nyxshowinfo\n");
    // "MESSAGE INFO MAX_THREAD_NUM %d" and "MESSAGE INFO MAX_HASH_SIZE %d" are parsed.
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE INFO MAX_THREAD_NUM "), "{l}");
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE INFO MAX_HASH_SIZE "), "{l}");
    b.send_raw(format!("START {w} {h}\n").as_bytes());
    b.expect("OK");
    for line in [
        "INFO timeout_turn 300",
        "INFO timeout_match 100000000",
        "INFO time_left 100000000",
        "INFO max_node 500000000",
        "INFO max_depth 225",
        "INFO time_increment 0",
        "INFO caution_factor 1",
        "INFO thread_num 1",
        "INFO hash_size 65536",
        "INFO pondering 0",
        "INFO vcthread 0",
        &format!("INFO rule {rule}"),
        "info usedatabase 0",
    ] {
        b.send_raw(format!("{line}\n").as_bytes());
    }
}

/// One engine move the way Yixin-Board asks for it: `INFO time_left`, `start w h`,
/// `board`, the stones in move order as `row,col,field` (1 = side to move), `done`.
fn yixin_move(b: &mut Brain, w: u32, h: u32, moves: &[(u32, u32)]) -> (u32, u32) {
    let mut text = format!("INFO time_left 100000000\nstart {w} {h}\nboard\n");
    let n = moves.len();
    for (i, &(r, c)) in moves.iter().enumerate() {
        let field = if n % 2 == i % 2 { 1 } else { 2 };
        text.push_str(&format!("{r},{c},{field}\n"));
    }
    text.push_str("done\n");
    b.send_raw(text.as_bytes());
    b.expect("OK");
    b.expect_move(LONG)
}

#[test]
fn yixin_board_start_up_and_moves_are_accepted() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    let mut moves: Vec<(u32, u32)> = Vec::new();
    for k in 0..4 {
        let m = yixin_move(&mut b, 15, 15, &moves);
        assert!(m.0 < 15 && m.1 < 15 && !moves.contains(&m), "{m:?}");
        moves.push(m);
        // A "human" reply somewhere empty.
        let h = (0..15)
            .flat_map(|r| (0..15).map(move |c| (r, c)))
            .find(|p| !moves.contains(p) && (p.0 + p.1 + k) % 5 == 0)
            .unwrap();
        moves.push(h);
    }
    b.finish();
}

#[test]
fn yixin_rectangular_boards_are_row_first() {
    // `start 20 15`: 20 columns, 15 rows; Yixin-Board's stones are `row,col`, so the first
    // coordinate goes up to 14 and the second up to 19, and so must the reply's.
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 20, 15, 0);
    let moves = [(14, 19), (13, 18), (0, 19), (12, 17)];
    let m = yixin_move(&mut b, 20, 15, &moves);
    assert!(m.0 < 15 && m.1 < 20, "{m:?}");
    assert!(!moves.contains(&m));
    // Our five-point on the diagonal (14,19)-(13,18)-(12,17): four of ours make a five.
    let moves = [
        (14, 19),
        (0, 0),
        (13, 18),
        (0, 2),
        (12, 17),
        (0, 4),
        (11, 16),
        (0, 6),
    ];
    let m = yixin_move(&mut b, 20, 15, &moves);
    assert_eq!(m, (10, 15));
    b.finish();
}

#[test]
fn yixin_rule_2_is_renju() {
    // Spec case 25's position, black to move: 6,8 is a double three. Yixin-Board asks for
    // the forbidden points with `yxshowforbid` after a yxboard; its parser reads
    // `FORBID ` then 4 digits per point up to the '.'.
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 2);
    b.send_raw(b"start 15 15\n");
    b.expect("OK");
    b.send_raw(b"yxboard\n7,7,1\n7,8,2\n8,6,1\n8,8,2\n7,9,1\n8,5,2\n8,10,1\n8,11,2\ndone\n");
    b.send_raw(b"yxshowforbid\n");
    assert_eq!(b.reply(LONG).unwrap(), "FORBID 0608.");
    let m = yixin_move(
        &mut b,
        15,
        15,
        &[
            (7, 7),
            (7, 8),
            (8, 6),
            (8, 8),
            (7, 9),
            (8, 5),
            (8, 10),
            (8, 11),
        ],
    );
    assert_ne!(m, (6, 8));
    b.expect_silence(Duration::from_millis(100));
    b.finish();
}

/// `info show_detail 1` (what `init_engine()` sends): live `MESSAGE REALTIME` lines in
/// the shape main.c parses (`BEST` + `%d,%d`, `VAL` + `%d`, `PV` + text), a few per
/// second at most, the last BEST being the move; the per-depth summary lines stay.
/// Also the root moves as they are searched: `REFRESH` (main.c clears its marks), `POS r,c`
/// (`sscanf(p, "%d,%d", &y, &x); boardpos[y][x] = 2`), `DONE r,c` (that mark becomes 1 if it
/// was 2): each DONE right after the POS of the same move, POS on empty squares only, at most
/// one per 20 ms. Without show_detail, none.
#[test]
fn live_analysis_lines_when_show_detail_asks() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    b.send_raw(b"INFO timeout_turn 1200\n");
    let t = std::time::Instant::now();
    b.send_raw(b"start 15 15\nboard\n7,7,2\n8,8,1\n6,8,2\ndone\n");
    b.expect("OK");
    let mut realtime = Vec::new();
    let mut roots = Vec::new();
    let mut summaries = 0;
    let mv = loop {
        let l = b.recv_line(LONG).expect("a move");
        if let Some(rest) = l.strip_prefix("MESSAGE REALTIME ") {
            if ["POS ", "DONE ", "REFRESH"]
                .iter()
                .any(|k| rest.starts_with(k))
            {
                roots.push(rest.to_string());
            } else {
                realtime.push(rest.to_string());
            }
        } else if l.starts_with("MESSAGE depth ") {
            summaries += 1;
        } else if !l.starts_with("MESSAGE ") {
            break parse_move(&l).unwrap_or_else(|| panic!("{l}"));
        }
    };
    let took = t.elapsed().as_millis() as usize;
    assert!(summaries >= 2, "{summaries}");
    assert!(!realtime.is_empty());
    assert_eq!(realtime.len() % 3, 0, "{realtime:?}");
    // At most one report per 150 ms, plus the first and the final one.
    assert!(
        realtime.len() / 3 <= 2 + took / 150,
        "{} reports in {took} ms",
        realtime.len() / 3
    );
    for r in realtime.chunks(3) {
        let best = r[0].strip_prefix("BEST ").expect("BEST first");
        assert!(parse_move(best).is_some(), "{r:?}");
        let val = r[1].strip_prefix("VAL ").expect("then VAL");
        val.parse::<i32>().expect("VAL is an integer");
        let pv = r[2].strip_prefix("PV ").expect("then PV");
        assert!(pv.split(' ').all(|m| parse_move(m).is_some()), "{r:?}");
        assert!(pv.starts_with(best), "{r:?}");
    }
    // The root moves: a 1.2 s search passes over them several times after the first 250 ms.
    let pos: Vec<(u32, u32)> = roots
        .iter()
        .filter_map(|r| r.strip_prefix("POS "))
        .map(|m| parse_move(m).unwrap_or_else(|| panic!("{m}")))
        .collect();
    assert!(roots.iter().any(|r| r == "REFRESH"), "{roots:?}");
    assert!(pos.len() >= 5, "{roots:?}");
    assert!(pos.len() <= 1 + took / 20, "{} POS in {took} ms", pos.len());
    let stones = [(7, 7), (8, 8), (6, 8)];
    assert!(pos
        .iter()
        .all(|p| !stones.contains(p) && p.0 < 15 && p.1 < 15));
    for (k, r) in roots.iter().enumerate() {
        if let Some(m) = r.strip_prefix("DONE ") {
            assert_eq!(roots[k - 1], format!("POS {m}"), "{roots:?}");
        }
    }
    assert!(roots.iter().any(|r| r.starts_with("DONE ")), "{roots:?}");
    let last = &realtime[realtime.len() - 3];
    assert_eq!(parse_move(last.strip_prefix("BEST ").unwrap()), Some(mv));
    // show_detail 0: the move and one summary MESSAGE only.
    b.send_raw(b"INFO show_detail 0\nINFO timeout_turn 300\n");
    b.send_raw(b"start 15 15\nboard\n7,7,2\n8,8,1\n6,8,2\ndone\n");
    b.expect("OK");
    loop {
        let l = b.recv_line(LONG).expect("a move");
        assert!(!l.starts_with("MESSAGE REALTIME"), "{l}");
        assert!(
            !l.starts_with("MESSAGE depth ") || l.contains(" tm "),
            "{l}"
        );
        if parse_move(&l).is_some() {
            break;
        }
    }
    b.finish();
}

/// Starts a 15x15 game in Yixin mode and loads `stones` (`row,col,field`) with yxboard.
fn yixin_position(b: &mut Brain, stones: &str) {
    b.send_raw(b"start 15 15\n");
    b.expect("OK");
    let mut text = String::from("yxboard\n");
    for s in stones.split_whitespace() {
        text.push_str(s);
        text.push('\n');
    }
    text.push_str("done\n");
    b.send_raw(text.as_bytes());
}

/// Moves to a position where black (to move) has an open four on row 7, columns 3..6
/// (Yixin-Board's row,col): 7,2 and 7,7 both win.
const OPEN_FOUR: [(u32, u32); 8] = [
    (7, 3),
    (0, 0),
    (7, 4),
    (0, 2),
    (7, 5),
    (0, 4),
    (7, 6),
    (0, 6),
];

/// `yxblock` / `yxblockundo` (`x,y` lines + `done`, main.c's "block" command) are points
/// the search must not play, until `yxblockreset`; answered with nothing.
#[test]
fn blocked_points_are_not_played() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    let four = OPEN_FOUR;
    // (Yixin-Board's row,col: the four is on row 7, columns 3..6; its ends are 7,2 and 7,7.)
    b.send_raw(b"yxblock\n7,7\ndone\n");
    b.expect_silence(Duration::from_millis(100));
    assert_eq!(yixin_move(&mut b, 15, 15, &four), (7, 2));
    b.send_raw(b"yxblockreset\nyxblock\n7,7\ndone\nyxblock\n7,2\ndone\n");
    let m = yixin_move(&mut b, 15, 15, &four);
    assert!(m != (7, 7) && m != (7, 2), "{m:?}");
    // Also for an analysis.
    yixin_position(&mut b, "7,3,1 0,0,2 7,4,1 0,2,2 7,5,1 0,4,2 7,6,1 0,6,2");
    b.send_raw(b"yxnbest 2\n");
    let m = b.expect_move(LONG);
    assert!(m != (7, 7) && m != (7, 2), "{m:?}");
    b.send_raw(b"yxblockundo\n7,7\ndone\n");
    assert_eq!(yixin_move(&mut b, 15, 15, &four), (7, 7));
    b.send_raw(b"yxblockreset\n");
    let m = yixin_move(&mut b, 15, 15, &four);
    assert!(m == (7, 7) || m == (7, 2), "{m:?}");
    b.finish();
}

/// `yxblockpath` (the game's moves, then the user's, as `row,col` lines + `done`, main.c's
/// "blockpath" command): in the position all but the last move reach, the last one is not
/// played; `yxblockpathundo` takes one path back, `yxblockpathreset` all. `yxforbid add|del
/// row col side` (main.c's "forbid"): a square the first (0) or second (1) player may not
/// play.
#[test]
fn blocked_paths_and_forbidden_squares_are_not_played() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    let four = OPEN_FOUR;
    let path = |last: &str| {
        let mut t = String::from("yxblockpath\n");
        for (r, c) in four {
            t.push_str(&format!("{r},{c}\n"));
        }
        t + last + "\ndone\n"
    };
    let either = |m: (u32, u32)| m == (7, 7) || m == (7, 2);
    b.send_raw(path("7,2").as_bytes());
    b.expect_silence(Duration::from_millis(100));
    assert_eq!(yixin_move(&mut b, 15, 15, &four), (7, 7));
    b.send_raw(path("7,7").as_bytes());
    let m = yixin_move(&mut b, 15, 15, &four);
    assert!(!either(m), "{m:?}");
    b.send_raw(
        path("7,2")
            .replace("yxblockpath", "yxblockpathundo")
            .as_bytes(),
    );
    assert_eq!(yixin_move(&mut b, 15, 15, &four), (7, 2));
    b.send_raw(b"yxblockpathreset\n");
    assert!(either(yixin_move(&mut b, 15, 15, &four)));
    // A path that leads elsewhere (another first move) blocks nothing here.
    b.send_raw(b"yxblockpath\n1,1\n7,2\ndone\nyxblockpath\n7,3\n0,0\n7,7\ndone\n");
    assert!(either(yixin_move(&mut b, 15, 15, &four)));
    b.send_raw(b"yxblockpathreset\n");

    // Both winning squares forbidden to the first player (black, to move here).
    b.send_raw(b"yxforbid add 7 7 0\nyxforbid add 7 2 0\n");
    b.expect_silence(Duration::from_millis(100));
    let m = yixin_move(&mut b, 15, 15, &four);
    assert!(!either(m), "{m:?}");
    b.send_raw(b"yxforbid del 7 2 0\n");
    assert_eq!(yixin_move(&mut b, 15, 15, &four), (7, 2));
    // Forbidden to the second player only: black may still take it.
    b.send_raw(b"yxforbid del 7 7 0\nyxforbid add 7 2 1\n");
    assert!(either(yixin_move(&mut b, 15, 15, &four)));
    b.send_raw(b"yxforbid add 7 2 2\n");
    assert!(b.expect_error().contains("YXFORBID"));
    b.send_raw(b"yxforbid add 40 2 0\n");
    b.expect_error();
    b.finish();
}

/// Without a database every query finds nothing, in the shapes main.c parses:
/// `MESSAGE DATABASE REFRESH` (clears its marks) and `MESSAGE DATABASE DONE` (redraws) for
/// yxquerydatabaseall, `MESSAGE DATABASE ONE tag val depth ...` (sscanf "%d %d %d" after
/// "ONE ") for yxquerydatabaseone. The position lines (`row,col`) and `done` are consumed.
#[test]
fn database_queries_find_nothing() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    b.send_raw(b"yxquerydatabaseall\n7,7\n8,8\ndone\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DATABASE REFRESH");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DATABASE DONE");
    b.send_raw(b"yxquerydatabaseone\n7,7\ndone\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DATABASE ONE 0 0 0 0");
    b.send_raw(b"yxquerydatabasetext\ndone\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DATABASE TEXT \"\"");
    b.expect_silence(Duration::from_millis(100));
    b.finish();
}

fn hash_usage(b: &Brain) -> (f64, u64) {
    let l = b.recv_line(LONG).unwrap();
    let rest = l
        .strip_prefix("MESSAGE hash usage ")
        .unwrap_or_else(|| panic!("{l}"));
    let (pct, kib) = rest.split_once("% of ").unwrap();
    (
        pct.parse().unwrap(),
        kib.strip_suffix(" KiB").unwrap().parse().unwrap(),
    )
}

/// `yxshowhashusage`, and `yxhashdump` / `yxhashload` with the path on the next line (as
/// main.c sends them) or on the same line; a bad file is refused with its reason and the
/// table is left alone.
#[test]
fn hash_usage_dump_and_load() {
    let dir = std::env::temp_dir().join(format!("wuzi-hash-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("t.hash");
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    b.send_raw(b"INFO hash_size 1024\nyxshowhashusage\n");
    assert_eq!(hash_usage(&b), (0.0, 1024));
    yixin_move(&mut b, 15, 15, &[(7, 7), (8, 8), (6, 8)]);
    b.send_raw(b"yxshowhashusage\n");
    let (used, _) = hash_usage(&b);
    assert!(used > 0.0, "{used}");
    b.send_raw(format!("yxhashdump\n{}\n", file.display()).as_bytes());
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE hash table dumped to "), "{l}");
    assert_eq!(
        std::fs::metadata(&file).unwrap().len(),
        1024 * 1024 + 40,
        "header, table, checksum"
    );
    b.send_raw(b"yxhashclear\nyxshowhashusage\n");
    assert_eq!(hash_usage(&b).0, 0.0);
    b.send_raw(format!("yxhashload {}\nyxshowhashusage\n", file.display()).as_bytes());
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE hash table loaded from "), "{l}");
    assert_eq!(hash_usage(&b).0, used);
    // Refused: another table size, a damaged file, not a dump, no file, no path.
    b.send_raw(b"INFO hash_size 2048\n");
    b.send_raw(format!("yxhashload\n{}\n", file.display()).as_bytes());
    let e = b.expect_error();
    assert!(e.contains("refused") && e.contains("1024 KiB"), "{e}");
    b.send_raw(b"INFO hash_size 1024\n");
    let mut bytes = std::fs::read(&file).unwrap();
    bytes[5000] ^= 1;
    let bad = dir.join("bad.hash");
    std::fs::write(&bad, &bytes).unwrap();
    b.send_raw(format!("yxhashload {}\n", bad.display()).as_bytes());
    assert!(b.expect_error().contains("checksum"));
    std::fs::write(&bad, b"hello").unwrap();
    b.send_raw(format!("yxhashload {}\n", bad.display()).as_bytes());
    assert!(b.expect_error().contains("not a Wuzi hash file"));
    b.send_raw(format!("yxhashload {}\n", dir.join("none").display()).as_bytes());
    assert!(b.expect_error().contains("cannot open"));
    b.send_raw(b"yxhashdump\nABOUT\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "ERROR YXHASHDUMP needs a file path"
    );
    assert!(b.recv_line(LONG).unwrap().starts_with("name="));
    b.finish();
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `yxdraw` / `yxresign` (main.c's "draw" and "resign" commands; it logs the reply):
/// the engine's opinion from its last move's score.
#[test]
fn draw_and_resign_answers() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    b.send_raw(b"yxdraw\nyxresign\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DRAW REFUSE");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE RESIGN NO");
    // White to move against black's open four on row 7: lost.
    let lost = [(7, 3), (0, 0), (7, 4), (0, 2), (7, 5), (0, 4), (7, 6)];
    yixin_move(&mut b, 15, 15, &lost);
    b.send_raw(b"yxdraw\nyxresign\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DRAW ACCEPT");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE RESIGN YES");
    // Black to move with it: won.
    yixin_move(&mut b, 15, 15, &OPEN_FOUR);
    b.send_raw(b"yxdraw\nyxresign\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DRAW REFUSE");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE RESIGN NO");
    b.finish();
}

/// main.c's "balance1 s" / "balance2 s": `start`, `yxboard` ... `done`, then
/// `yxbalanceone s` / `yxbalancetwo s`; the reply is read like a move line. Black to
/// move has a four (7,3..7,6, white on 7,2): 7,7 wins at once, which is the least
/// balanced stone there is; any other leaves white to block.
#[test]
fn balance_one_and_two() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    let pos = "7,3,1 7,2,2 7,4,1 0,2,2 7,5,1 0,4,2 7,6,1 0,6,2";
    let stones: Vec<(u32, u32)> = pos
        .split_whitespace()
        .map(|s| {
            let v: Vec<u32> = s.split(',').map(|n| n.parse().unwrap()).collect();
            (v[0], v[1])
        })
        .collect();
    yixin_position(&mut b, pos);
    b.send_raw(b"yxbalanceone 0\n");
    let l = b.reply(LONG).unwrap();
    let m = parse_move(&l).unwrap_or_else(|| panic!("{l}"));
    assert!(m != (7, 7) && !stones.contains(&m), "{m:?}");
    yixin_position(&mut b, pos);
    b.send_raw(b"yxbalancetwo 0\n");
    let l = b.reply(LONG).unwrap();
    let pair: Vec<(u32, u32)> = l.split(' ').map(|p| parse_move(p).unwrap()).collect();
    assert_eq!(pair.len(), 2, "{l}");
    assert!(pair[0] != pair[1] && pair[0] != (7, 7), "{l}");
    assert!(pair.iter().all(|p| !stones.contains(p)), "{l}");
    b.send_raw(b"yxbalanceone x\n");
    assert!(b.expect_error().contains("bias"));
    b.finish();
}

/// `yxsearchdefend` (main.c's "searchdefend"): a multi-PV analysis of every move, then a
/// move; against an open three only the defences (and our own fours) keep the game.
#[test]
fn search_defend_answers_with_lines_and_a_move() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    yixin_position(&mut b, "7,7,2 0,0,1 7,8,2 0,14,1 7,9,2");
    b.send_raw(b"yxsearchdefend\n");
    let mut lines = 0;
    let m = loop {
        let l = b.recv_line(LONG).unwrap();
        if l.starts_with("MESSAGE nbest ") {
            lines += 1;
        } else if !l.starts_with("MESSAGE ") {
            break parse_move(&l).unwrap_or_else(|| panic!("{l}"));
        }
    };
    assert!(lines >= 2, "{lines}");
    assert!([(7, 6), (7, 10), (7, 5), (7, 11)].contains(&m), "{m:?}");
    b.finish();
}

/// Yixin-Board never sends max_memory: its `hash_size` is honoured up to what the machine
/// can hold (no longer capped by the 256 MiB default budget); with a max_memory, by that.
#[test]
fn hash_size_without_max_memory_is_honoured() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    let machine = (wuzi::search::engine::tt_bytes_for(u64::MAX) >> 10) as u64;
    b.send_raw(b"INFO hash_size 524288\nyxshowhashusage\n");
    let (_, kib) = hash_usage(&b);
    assert_eq!(kib, machine.min(524288), "machine allows {machine} KiB");
    if machine >= 524288 {
        assert!(kib > 256 * 1024);
    }
    b.send_raw(b"INFO max_memory 268435456\nINFO hash_size 524288\nyxshowhashusage\n");
    let (_, kib) = hash_usage(&b);
    let capped = (wuzi::search::engine::tt_bytes_for(268435456) >> 10) as u64;
    assert_eq!(kib, capped);
    assert!(kib < 256 * 1024);
    b.finish();
}

/// Yixin-Board's swap2 dialogue (main.c): `yxswap2step1` on an empty board wants
/// `MESSAGE SWAP2 MOVE1/2/3 r c` (read with `%d %d`); `yxswap2step2` after a yxboard of
/// three stones wants `MESSAGE SWAP2 SWAP1 YES` (we take black), `... SWAP1 NO` (we stay
/// white; it then sends the position for our move) or `MESSAGE SWAP2 MOVE4 r c` +
/// `MOVE5 r c` (two more stones, the opener chooses); `yxswap2step3` after five stones
/// wants `MESSAGE SWAP2 SWAP2 YES` (we take black) or `... SWAP2 NO`.
#[test]
fn swap2_steps() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 1);
    b.send_raw(b"INFO timeout_turn 1000\nstart 15 15\n");
    b.expect("OK");
    b.send_raw(b"yxswap2step1\n");
    let mut three = Vec::new();
    for k in 1..=3 {
        let l = swap_line(&b);
        let rest = l
            .strip_prefix(&format!("MESSAGE SWAP2 MOVE{k} "))
            .unwrap_or_else(|| panic!("{l}"));
        let (r, c) = rest.split_once(' ').unwrap();
        let p: (u32, u32) = (r.parse().unwrap(), c.parse().unwrap());
        assert!(p.0 < 15 && p.1 < 15 && !three.contains(&p), "{l}");
        three.push(p);
    }
    // Three black... white... black stones scattered to the corners around a white centre
    // stone: white (to move) is far ahead, so we stay white.
    yixin_position(&mut b, "0,0,2 7,7,1 14,14,2");
    b.send_raw(b"yxswap2step2\n");
    assert_eq!(swap_line(&b), "MESSAGE SWAP2 SWAP1 NO");
    // Any three stones: one of the three answers, in its shape.
    yixin_position(&mut b, "7,7,2 6,9,1 11,11,2");
    b.send_raw(b"yxswap2step2\n");
    let l = swap_line(&b);
    if let Some(rest) = l.strip_prefix("MESSAGE SWAP2 MOVE4 ") {
        let l5 = swap_line(&b);
        let rest5 = l5
            .strip_prefix("MESSAGE SWAP2 MOVE5 ")
            .expect("MOVE5 after MOVE4");
        let taken = [(7, 7), (6, 9), (11, 11)];
        let p4 = rest.replace(' ', ",");
        let p5 = rest5.replace(' ', ",");
        let (p4, p5) = (parse_move(&p4).unwrap(), parse_move(&p5).unwrap());
        assert!(
            p4 != p5 && !taken.contains(&p4) && !taken.contains(&p5),
            "{l} {l5}"
        );
    } else {
        assert!(
            l == "MESSAGE SWAP2 SWAP1 YES" || l == "MESSAGE SWAP2 SWAP1 NO",
            "{l}"
        );
    }
    // Five stones, white to move: black has an open three and white nothing, so we take
    // black; the other way round we stay white.
    yixin_position(&mut b, "7,7,2 0,0,1 7,8,2 0,14,1 7,9,2");
    b.send_raw(b"yxswap2step3\n");
    assert_eq!(swap_line(&b), "MESSAGE SWAP2 SWAP2 YES");
    yixin_position(&mut b, "0,0,2 7,7,1 0,14,2 7,8,1 14,0,2");
    b.send_raw(b"yxswap2step3\n");
    assert_eq!(swap_line(&b), "MESSAGE SWAP2 SWAP2 NO");
    // The wrong number of stones is an error.
    yixin_position(&mut b, "7,7,2");
    b.send_raw(b"yxswap2step2\n");
    assert!(swap_line(&b).contains("3 opening stones"));
    b.finish();
}

/// The next line that is not search output (depth summaries, live analysis).
fn swap_line(b: &Brain) -> String {
    loop {
        let l = b.recv_line(LONG).unwrap();
        if !l.starts_with("MESSAGE depth ") && !l.starts_with("MESSAGE REALTIME ") {
            return l;
        }
    }
}

/// Yixin-Board's Soosorv-8 dialogue (main.c): step 1 wants `MESSAGE SOOSORV MOVE1..3 r c`;
/// steps 2..6 come with the stones (`r,c` lines in move order + `done`): step 2 wants
/// `SOOSORV SWAP1 Y…|N…`, step 3 `SOOSORV MOVE4 r c N` (read with `%d %d %d`), step 4 N
/// `SOOSORV SWAP2 Y…|N…`, step 5 N the N options as `SOOSORV MOVE5 r c` then
/// `SOOSORV MOVE5 DONE`, step 6 the chosen option as `SOOSORV MOVE5C r c` (main.c looks
/// for the `C` right after `MOVE5`).
#[test]
fn soosorv_steps() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 2);
    b.send_raw(b"INFO timeout_turn 1000\nstart 15 15\n");
    b.expect("OK");
    b.send_raw(b"yxsoosorvstep1\n");
    for k in 1..=3 {
        let l = swap_line(&b);
        assert!(l.starts_with(&format!("MESSAGE SOOSORV MOVE{k} ")), "{l}");
    }
    let opening = "7,7\n7,8\n8,8\n";
    b.send_raw(format!("yxsoosorvstep2\n{opening}done\n").as_bytes());
    let l = swap_line(&b);
    assert!(
        l == "MESSAGE SOOSORV SWAP1 YES" || l == "MESSAGE SOOSORV SWAP1 NO",
        "{l}"
    );
    b.send_raw(format!("yxsoosorvstep3\n{opening}done\n").as_bytes());
    let l = swap_line(&b);
    let v: Vec<u32> = l
        .strip_prefix("MESSAGE SOOSORV MOVE4 ")
        .unwrap_or_else(|| panic!("{l}"))
        .split(' ')
        .map(|n| n.parse().unwrap())
        .collect();
    assert_eq!(v.len(), 3, "{l}");
    assert!(
        ![(7, 7), (7, 8), (8, 8)].contains(&(v[0], v[1])) && (1..=8).contains(&v[2]),
        "{l}"
    );
    let four = "7,7\n7,8\n8,8\n6,9\n";
    b.send_raw(format!("yxsoosorvstep4 3\n{four}done\n").as_bytes());
    let l = swap_line(&b);
    assert!(
        l == "MESSAGE SOOSORV SWAP2 YES" || l == "MESSAGE SOOSORV SWAP2 NO",
        "{l}"
    );
    b.send_raw(format!("yxsoosorvstep5 3\n{four}done\n").as_bytes());
    let mut options = Vec::new();
    loop {
        let l = swap_line(&b);
        if l == "MESSAGE SOOSORV MOVE5 DONE" {
            break;
        }
        let rest = l
            .strip_prefix("MESSAGE SOOSORV MOVE5 ")
            .unwrap_or_else(|| panic!("{l}"));
        let p = parse_move(&rest.replace(' ', ",")).unwrap();
        assert!(
            ![(7, 7), (7, 8), (8, 8), (6, 9)].contains(&p) && !options.contains(&p),
            "{l}"
        );
        options.push(p);
    }
    assert_eq!(options.len(), 3);
    // Offered: two moves by the stones and one in the corner; white takes the corner.
    b.send_raw(format!("yxsoosorvstep6\n{four}9,9\n0,0\n6,7\ndone\n").as_bytes());
    assert_eq!(swap_line(&b), "MESSAGE SOOSORV MOVE5C 0 0");
    b.send_raw(b"yxsoosorvstep4\n");
    assert!(swap_line(&b).contains("1..8"));
    b.send_raw(b"yxsoosorvstep6\n7,7\ndone\n");
    assert!(swap_line(&b).starts_with("ERROR YXSOOSORVSTEP6 needs"));
    b.finish();
}

/// A Yixin block that never gets its `done` is abandoned like a BOARD block: one MESSAGE,
/// nothing from it applied, the command answered.
#[test]
fn yixin_blocks_without_done_are_abandoned() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    b.send_raw(b"yxblock\n7,7\nABOUT\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE YXBLOCK block abandoned at ABOUT (no DONE), blocked points unchanged"
    );
    assert!(b.recv_line(LONG).unwrap().starts_with("name="));
    // 7,7 was not blocked: the open four is completed there or at 7,2.
    let four = OPEN_FOUR;
    b.send_raw(b"yxblock\n7,2\ndone\n");
    assert_eq!(yixin_move(&mut b, 15, 15, &four), (7, 7));
    b.send_raw(b"yxquerydatabaseall\n7,7\nyxsoosorvstep6\n7,7\nTRACEBOARD\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE YXQUERYDATABASE block abandoned at YXSOOSORVSTEP6 (no DONE), position unchanged"
    );
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE YXSOOSORVSTEP block abandoned at TRACEBOARD (no DONE), position unchanged"
    );
    assert!(b
        .recv_line(LONG)
        .unwrap()
        .starts_with("MESSAGE board 15x15"));
    for _ in 0..15 {
        assert!(b.recv_line(LONG).unwrap().starts_with("MESSAGE "));
    }
    b.finish();
}

/// Yixin-Board's Stop button, as the real GUI sends it (seen in a trace of Yixin-Board under
/// Xvfb): the request is followed at once by `yxquerydatabaseall` with the position, so the
/// `yxstop` arrives behind a waiting query. It must still end the running search at once
/// (main.c then reads the move with `sscanf(string, "%d,%d", &y, &x)`).
#[test]
fn yxstop_behind_a_database_query_stops_the_search() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    b.send_raw(b"info show_detail 0\nINFO timeout_turn 2000000\n");
    b.send_raw(
        b"INFO time_left 100000000\nstart 15 15\nboard\n7,7,2\ndone\nyxquerydatabaseall\n7,7\ndone\n",
    );
    b.expect("OK");
    std::thread::sleep(Duration::from_millis(400));
    let t = std::time::Instant::now();
    b.send_raw(b"yxstop\n");
    let mv = loop {
        let l = b.recv_line(LONG).expect("a move after yxstop");
        if let Some(m) = parse_move(&l) {
            break m;
        }
        assert!(l.starts_with("MESSAGE"), "{l}");
    };
    // Without the stop the search would run for minutes (2,000 s per move).
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
    assert_ne!(mv, (7, 7));
    // The query is answered after the move, in order.
    assert_eq!(
        b.recv_line(LONG).as_deref(),
        Some("MESSAGE DATABASE REFRESH")
    );
    assert_eq!(b.recv_line(LONG).as_deref(), Some("MESSAGE DATABASE DONE"));
    b.finish();
}

// ---------------------------------------------------------------------------------------
// The analysis database. Yixin-Board's `main.c` reads these replies (lines 5247-5276 of
// accreator/Yixin-Board at 609c060): `if (strncmp(string, "MESSAGE DATABASE", 16) == 0)`,
// then on the text after it: `'R'` (REFRESH) `memset(boardtag, 0, sizeof(boardtag));`,
// `'D'` (DONE) `refresh_board();`, `'O'` (ONE) `sscanf(p+4, "%d %d %d", &tag, &val,
// &depth);`, anything else `sscanf(p, "%d %d %d %*d %*d", &y, &x, &tag); boardtag[y][x]
// = tag;`. It draws a tag as one or two characters (`tag / 256`, `tag % 256`). It
// upper-cases each line first, so no other line may start `MESSAGE DATABASE` in any case.
// `yxquerydatabasetext`/`allt` and `yxedittextdatabase` are not in that main.c (later
// Yixin-Board versions send them to Rapfi): their forms are Rapfi's, `DATABASE TEXT "..."`
// quoted as C++'s `std::quoted` writes, and the text read the same way.

fn db_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("wuzi-yixin-db-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A brain with a 15 x 15 freestyle game (as Yixin-Board starts one) and `path` open as
/// its database, path on the line after `yxsetdatabase` (`send_command("yxsetdatabase\n");
/// send_command(_filename);` in `show_dialog_dbset`).
fn brain_with_database(path: &std::path::Path) -> Brain {
    let mut b = Brain::spawn();
    b.send_raw(b"START 15 15\n");
    b.expect("OK");
    b.send_raw(b"INFO rule 0\ninfo timeout_turn 300\ninfo usedatabase 1\n");
    b.send_raw(format!("yxsetdatabase\n{}\n", path.display()).as_bytes());
    let l = b.recv_line(LONG).unwrap();
    assert_eq!(
        l,
        format!("MESSAGE Opening yixin database at {} ...", path.display())
    );
    b
}

fn lines_until(b: &Brain, last: &str) -> Vec<String> {
    let mut v = Vec::new();
    loop {
        let l = b.recv_line(LONG).expect("a reply line");
        let done = l == last;
        v.push(l);
        if done {
            return v;
        }
    }
}

#[test]
fn database_edits_and_queries_answer_in_yixin_boards_shapes_and_survive_a_restart() {
    let dir = db_dir("edits");
    let path = dir.join("study.db");
    let mut b = brain_with_database(&path);
    // `dbedittag`: `sprintf(_command, "yxedittvddatabase 1 %hhd 0 0\n", ...)`, then the
    // moves as `%d,%d` (row, col) and `done`; the reply is the ONE line.
    b.send_raw(b"yxedittvddatabase 1 87 0 0\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 119 0 0 3 w*"
    );
    // `dbeditval`: `"yxedittvddatabase 2 -1 %d 0\n"` (value only); `dbeditdep`: mask 4.
    b.send_raw(b"yxedittvddatabase 2 -1 -40 0\n7,7\n9,6\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE -1 -40 0 3 54%"
    );
    b.send_raw(b"yxedittvddatabase 4 -1 0 17\n7,7\n9,6\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE -1 -40 17 3 54%"
    );
    // `dbeditlabel`: `sprintf(_command, "yxeditlabeldatabase %s", command + 11 + 1);`.
    b.send_raw(b"yxeditlabeldatabase 9,9 A\n7,7\n8,8\ndone\n");
    b.send_raw(b"yxedittextdatabase \"two \\\"quoted\\\" words\"\n7,7\n8,8\ndone\n");
    b.expect_silence(SHORT);

    // `show_database()`: `yxquerydatabaseall`, the moves, `done`. Around a lone centre
    // stone every record shows at each of its mirror images: (8,8) at four cells (tag "w*"
    // is ('w' << 8) | '*'; its comment flag 1), (9,6) at eight (tag "54%", the win rate
    // of -40 for the player moving there on Rapfi's scale).
    b.send_raw(b"yxquerydatabaseall\n7,7\ndone\n");
    let w = (b'w' as i32) << 8 | b'*' as i32;
    let pct = (b'5' as i32) << 16 | (b'4' as i32) << 8 | b'%' as i32;
    let mut want = vec!["MESSAGE DATABASE REFRESH".to_string()];
    for (x, y) in [
        (6, 5),
        (8, 5),
        (5, 6),
        (6, 6),
        (8, 6),
        (9, 6),
        (5, 8),
        (6, 8),
        (8, 8),
        (9, 8),
        (6, 9),
        (8, 9),
    ] {
        want.push(if (x - 7i32).abs() == 1 && (y - 7i32).abs() == 1 {
            format!("MESSAGE DATABASE {x} {y} {w} 0 0 3 1")
        } else {
            format!("MESSAGE DATABASE {x} {y} {pct} -40 17 3 0")
        });
    }
    want.push("MESSAGE DATABASE DONE".to_string());
    assert_eq!(lines_until(&b, "MESSAGE DATABASE DONE"), want);
    // ALLT: the children (the board label A at (9,9), on a record of its own), then the
    // position's comment, quoted.
    b.send_raw(b"yxquerydatabaseallt\n7,7\n8,8\ndone\n");
    assert_eq!(
        lines_until(&b, "MESSAGE DATABASE DONE"),
        vec![
            "MESSAGE DATABASE REFRESH",
            "MESSAGE DATABASE 9 9 -1 0 0 0 0 A",
            "MESSAGE DATABASE DONE"
        ]
    );
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE TEXT \"two \\\"quoted\\\" words\""
    );
    // `dbval`: `yxquerydatabaseone`, the moves, `done`.
    b.send_raw(b"yxquerydatabaseone\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 119 0 0 3 w*"
    );
    b.send_raw(b"yxsavedatabase\n");
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE Saved database file using "), "{l}");
    b.finish();

    // A new process reads the file back: the same answers.
    let mut b = brain_with_database(&path);
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE Loaded Yixin database ("), "{l}");
    b.send_raw(b"yxquerydatabaseone\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 119 0 0 3 w*"
    );
    b.send_raw(b"yxquerydatabaseone\n7,7\n9,6\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE -1 -40 17 3 54%"
    );
    b.send_raw(b"yxquerydatabasetext\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE TEXT \"two \\\"quoted\\\" words\""
    );
    // `dbdel one`: `yxdeletedatabaseone`, the moves, `done`: silent, and gone.
    b.send_raw(b"yxdeletedatabaseone\n7,7\n9,6\ndone\n");
    b.send_raw(b"yxquerydatabaseone\n7,7\n9,6\ndone\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DATABASE ONE 0 0 0 0");
    // `dbdel all wl`: `yxdeletedatabaseall wl`: the W/L records under (7,7) go with
    // everything under them (the record (9,9) made for the board label); the answer ends
    // with the position's children.
    b.send_raw(b"yxdeletedatabaseall wl\n7,7\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE Deleting child records, this might take a while..."
    );
    let l = b.recv_line(LONG).unwrap();
    assert!(
        l.starts_with("MESSAGE Done deleting 2 records using "),
        "{l}"
    );
    assert_eq!(
        lines_until(&b, "MESSAGE DATABASE DONE"),
        vec!["MESSAGE DATABASE REFRESH", "MESSAGE DATABASE DONE"]
    );
    b.finish();
    // The saves on exit kept the version before as a backup.
    assert!(dir.join("study_bak1.db").exists());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn without_use_or_in_read_only_mode_the_database_is_left_alone() {
    let dir = db_dir("modes");
    let path = dir.join("ro.db");
    let mut b = brain_with_database(&path);
    b.send_raw(b"yxedittvddatabase 1 76 0 0\n7,7\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 108 0 0 3 l*"
    );
    // Read-only: edits do nothing and say nothing.
    b.send_raw(b"info database_readonly 1\nyxedittvddatabase 1 87 0 0\n7,7\ndone\n");
    b.expect_silence(SHORT);
    b.send_raw(b"yxquerydatabaseone\n7,7\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 108 0 0 3 l*"
    );
    // `use_database()`: `sprintf(command, "info usedatabase %d\n", usedatabase);`: off,
    // the queries find nothing; on again, the record is there.
    b.send_raw(b"info usedatabase 0\nyxquerydatabaseone\n7,7\ndone\n");
    assert_eq!(b.recv_line(LONG).unwrap(), "MESSAGE DATABASE ONE 0 0 0 0");
    b.send_raw(b"info usedatabase 1\nyxquerydatabaseone\n7,7\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 108 0 0 3 l*"
    );
    b.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_damaged_database_file_is_refused_and_the_open_one_stays() {
    let dir = db_dir("refused");
    let good = dir.join("good.db");
    let mut b = brain_with_database(&good);
    b.send_raw(b"yxedittvddatabase 1 87 0 0\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 119 0 0 3 w*"
    );
    b.send_raw(b"yxsavedatabase\n");
    b.recv_line(LONG).unwrap();
    let bytes = std::fs::read(&good).unwrap();
    let cut = dir.join("cut.db");
    std::fs::write(&cut, &bytes[..bytes.len() - 3]).unwrap();
    b.send_raw(format!("yxsetdatabase {}\n", cut.display()).as_bytes());
    b.recv_line(LONG).unwrap();
    let l = b.recv_line(LONG).unwrap();
    assert!(
        l.starts_with("ERROR Failed to create yixin database: ")
            && l.contains("cut short")
            && l.ends_with("the database in use is unchanged"),
        "{l}"
    );
    b.send_raw(b"yxquerydatabaseone\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 119 0 0 3 w*"
    );
    // A Renlib library is not a database: refused with what it is.
    let lib = dir.join("book.lib");
    std::fs::write(
        &lib,
        b"\xffRenLib\xff\x03\x00\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff",
    )
    .unwrap();
    b.send_raw(format!("yxsetdatabase\n{}\n", lib.display()).as_bytes());
    b.recv_line(LONG).unwrap();
    assert!(b.recv_line(LONG).unwrap().contains("a Renlib library"));
    b.finish();
    assert_eq!(std::fs::read(&cut).unwrap(), &bytes[..bytes.len() - 3]);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn database_files_export_import_split_and_merge() {
    let dir = db_dir("files");
    let path = dir.join("main.db");
    let mut b = brain_with_database(&path);
    b.send_raw(b"yxedittvddatabase 1 87 0 0\n7,7\n8,8\ndone\n");
    b.recv_line(LONG).unwrap();
    b.send_raw(b"yxedittvddatabase 7 -1 25 12\n7,7\n9,6\ndone\n");
    b.recv_line(LONG).unwrap();
    // `dbtotxt`: `send_command("yxdbtotxt\n"); send_command(_command);` (the path).
    let txt = dir.join("out.csv");
    b.send_raw(format!("yxdbtotxt\n{}\n", txt.display()).as_bytes());
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        format!(
            "MESSAGE Wrote (current boardsize and rule) database to csv-format text file {}",
            txt.display()
        )
    );
    let csv = std::fs::read_to_string(&txt).unwrap();
    assert!(
        csv.starts_with("index,key,label,value,depth,bound,text\n"),
        "{csv}"
    );
    assert!(csv.contains(",w,0,0,exact,\"\"\n"), "{csv}");
    b.send_raw(format!("yxdbtotxtall {}\n", txt.display()).as_bytes());
    assert!(b.recv_line(LONG).unwrap().contains("(all)"));
    // Split the branch under (7,7),(8,8) into a file of its own: the path and the branch.
    let part = dir.join("part.db");
    b.send_raw(b"yxboard\n7,7,1\n8,8,2\ndone\n");
    b.send_raw(format!("yxdbsplit {}\n", part.display()).as_bytes());
    let l = b.recv_line(LONG).unwrap();
    assert!(
        l.starts_with("MESSAGE Write 1 records into the split database"),
        "{l}"
    );
    // Export the tree under the empty board as a library, import it into another file.
    // Browsing (7,7) in Yixin-Board (`show_database()`) records it, which links the tree.
    b.send_raw(b"start 15 15\n");
    b.expect("OK");
    b.send_raw(b"yxquerydatabaseall\n7,7\ndone\n");
    lines_until(&b, "MESSAGE DATABASE DONE");
    let lib = dir.join("tree.lib");
    b.send_raw(format!("yxdbtolib {}\n", lib.display()).as_bytes());
    assert!(b
        .recv_line(LONG)
        .unwrap()
        .starts_with("MESSAGE Exporting to lib file"));
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE Exported "), "{l}");
    b.finish();

    let other = dir.join("other.db");
    let mut b = brain_with_database(&other);
    b.send_raw(format!("yxlibtodb {}\n", lib.display()).as_bytes());
    assert!(b
        .recv_line(LONG)
        .unwrap()
        .starts_with("MESSAGE Importing from lib file"));
    let l = b.recv_line(LONG).unwrap();
    assert!(l.starts_with("MESSAGE Imported "), "{l}");
    b.send_raw(b"yxquerydatabaseone\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 119 0 0 0 w*"
    );
    // Merge the split part in: its win record is not more certain than the one there.
    b.send_raw(format!("yxdbmerge {}\n", part.display()).as_bytes());
    let l = b.recv_line(LONG).unwrap();
    assert!(
        l.starts_with("MESSAGE Merged ") && l.ends_with("records into the database."),
        "{l}"
    );
    b.send_raw(b"yxquerydatabaseone\n7,7\n8,8\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE DATABASE ONE 119 0 0 3 w*"
    );
    b.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_search_plays_a_database_win_and_writes_its_analysis_back() {
    let dir = db_dir("search");
    let path = dir.join("play.db");
    let mut b = brain_with_database(&path);
    // After black (7,7), white (8,9): black to move; (5,9) is marked won for black.
    b.send_raw(b"yxedittvddatabase 1 87 0 0\n7,7\n8,9\n5,9\ndone\n");
    b.recv_line(LONG).unwrap();
    b.send_raw(b"board\n7,7,1\n8,9,2\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        "MESSAGE Playing 5,9 from the database (win), no search"
    );
    assert_eq!(b.reply(LONG).unwrap(), "5,9");
    // An ordinary move: its result goes into the database with depth and bound.
    b.send_raw(b"board\n7,7,2\n6,9,1\ndone\n");
    let (x, y) = b.expect_move(LONG);
    // We are black: (6,9) was black's move, (7,7) white's.
    b.send_raw(format!("yxquerydatabaseone\n6,9\n7,7\n{x},{y}\ndone\n").as_bytes());
    let l = b.recv_line(LONG).unwrap();
    let f: Vec<&str> = l.split(' ').collect();
    assert_eq!(&f[..3], &["MESSAGE", "DATABASE", "ONE"], "{l}");
    assert!(f[5].parse::<i32>().unwrap() > 0, "a depth: {l}");
    assert_eq!(f[6], "3", "an exact bound: {l}");
    // The same position again: the analysis written back is now a book move.
    b.send_raw(b"board\n7,7,2\n6,9,1\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        format!("MESSAGE Playing {x},{y} from the database (book move), no search")
    );
    assert_eq!(b.reply(LONG).unwrap(), format!("{x},{y}"));
    // Marked lost for the player moving there (`L`), it is kept out of the search.
    b.send_raw(format!("yxedittvddatabase 1 76 0 0\n6,9\n7,7\n{x},{y}\ndone\n").as_bytes());
    assert!(b
        .recv_line(LONG)
        .unwrap()
        .starts_with("MESSAGE DATABASE ONE 108 "));
    b.send_raw(b"board\n7,7,2\n6,9,1\ndone\n");
    assert_ne!(b.expect_move(LONG), (x, y));
    b.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// One ply deeper than the children's labels: a move after which the database marks a reply
/// of the opponent's won (for the opponent) is neither played as a book move nor searched.
#[test]
fn a_move_whose_reply_the_database_marks_won_is_not_played() {
    let dir = db_dir("refuted");
    let path = dir.join("refuted.db");
    let mut b = brain_with_database(&path);
    b.send_raw(b"board\n7,7,2\n6,9,1\ndone\n");
    let (x, y) = b.expect_move(LONG);
    // The search's result was written back: the same position now plays it as a book move.
    b.send_raw(b"board\n7,7,2\n6,9,1\ndone\n");
    assert_eq!(
        b.recv_line(LONG).unwrap(),
        format!("MESSAGE Playing {x},{y} from the database (book move), no search")
    );
    assert_eq!(b.reply(LONG).unwrap(), format!("{x},{y}"));
    // White's reply (0,0) after it marked won (`W`): the move loses one ply deeper.
    b.send_raw(format!("yxedittvddatabase 1 87 0 0\n6,9\n7,7\n{x},{y}\n0,0\ndone\n").as_bytes());
    assert!(b
        .recv_line(LONG)
        .unwrap()
        .starts_with("MESSAGE DATABASE ONE 119 "));
    b.send_raw(b"board\n7,7,2\n6,9,1\ndone\n");
    assert_ne!(b.expect_move(LONG), (x, y));
    b.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

/// The file Rapfi (built from its public source at 3aedf3a, 2026-05-31, `compressed_save =
/// false`) wrote after exactly this conversation: six records in its key order, a UTF-8
/// metadata record first. Wuzi, given the same conversation, writes the same bytes.
const RAPFI_FILE: &str =
    "07000000030000000014000000000000636861727365743d225554462d38220500000f0f0707\
0500ff000000000700000f0f070705060e00ffddff33004042545854404234710700000f0f070706062600770000030040\
425458544034345a08636f6d6d656e742066726f6d20746865207363726970740900000f0f03040707090605\
00ff000000000900000f0f04040707050805006c1c750f000900000f0f0404070706060500ff00000000";

#[test]
fn the_same_conversation_writes_the_file_rapfi_writes() {
    let dir = db_dir("rapfi");
    let path = dir.join("same.db");
    let mut b = brain_with_database(&path);
    for block in [
        "yxedittvddatabase 1 87 0 0\n7,7\n8,8\ndone\n",
        "yxedittvddatabase 7 -1 -35 12\n7,7\n9,6\ndone\n",
        "yxedittvddatabase 7 108 29980 3\n7,7\n9,6\n10,10\ndone\n",
    ] {
        b.send_raw(block.as_bytes());
        b.recv_line(LONG).unwrap();
    }
    b.send_raw(b"yxedittextdatabase \"comment from the script\"\n7,7\n8,8\ndone\n");
    b.send_raw(b"yxeditlabeldatabase 10,10 Z\n7,7\n8,8\ndone\n");
    b.send_raw(b"yxeditlabeldatabase 3,4 q\n7,7\n9,6\ndone\n");
    for position in ["7,7\n", "7,7\n8,8\n", "7,7\n9,6\n"] {
        b.send_raw(format!("yxquerydatabaseall\n{position}done\n").as_bytes());
        lines_until(&b, "MESSAGE DATABASE DONE");
    }
    b.send_raw(b"yxsavedatabase\n");
    b.recv_line(LONG).unwrap();
    b.finish();
    let want: Vec<u8> = (0..RAPFI_FILE.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&RAPFI_FILE[i..i + 2], 16).unwrap())
        .collect();
    assert_eq!(std::fs::read(&path).unwrap(), want);
    let _ = std::fs::remove_dir_all(&dir);
}
