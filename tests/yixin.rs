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
/// Without show_detail, none.
#[test]
fn live_analysis_lines_when_show_detail_asks() {
    let mut b = Brain::spawn();
    yixin_startup(&mut b, 15, 15, 0);
    b.send_raw(b"INFO timeout_turn 1200\n");
    let t = std::time::Instant::now();
    b.send_raw(b"start 15 15\nboard\n7,7,2\n8,8,1\n6,8,2\ndone\n");
    b.expect("OK");
    let mut realtime = Vec::new();
    let mut summaries = 0;
    let mv = loop {
        let l = b.recv_line(LONG).expect("a move");
        if let Some(rest) = l.strip_prefix("MESSAGE REALTIME ") {
            realtime.push(rest.to_string());
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
