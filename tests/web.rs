//! The board server's API over real HTTP (`pbrain-wuzi serve`, started in-process on a
//! free port): a whole game, the engine's moves and analysis, and every refusal with its
//! status and message.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};
use wuzi::web::json::{parse, Value};
use wuzi::web::Server;

fn start() -> SocketAddr {
    let server = Server::bind("127.0.0.1", 0).expect("bind a free port");
    let addr = server.addr();
    assert!(server.url().starts_with("http://127.0.0.1:"));
    std::thread::spawn(move || server.run());
    addr
}

/// Sends one request (raw bytes after the request line's headers) and returns the status
/// and the body.
fn raw(addr: SocketAddr, request: &[u8]) -> (u16, String) {
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    // The server may answer (and close) before reading all of an oversize body.
    let _ = s.write_all(request);
    // Nothing more comes: an incomplete request is answered at once, not after a timeout.
    let _ = s.shutdown(std::net::Shutdown::Write);
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    let status = text
        .split(' ')
        .nth(1)
        .and_then(|c| c.parse().ok())
        .unwrap_or(0);
    let body = text
        .split_once("\r\n\r\n")
        .map(|(_, b)| b.to_string())
        .unwrap_or_default();
    (status, body)
}

fn request(addr: SocketAddr, method: &str, path: &str, extra: &str, body: &str) -> (u16, String) {
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n{extra}\r\n",
        body.len()
    );
    raw(addr, format!("{head}{body}").as_bytes())
}

/// A POST that must succeed; its status JSON.
fn post(addr: SocketAddr, path: &str, body: &str) -> Value {
    let (status, text) = request(addr, "POST", path, "", body);
    assert_eq!(status, 200, "{path} {body}: {text}");
    parse(&text).expect("JSON answer")
}

/// A request that must be refused with `status` and a message containing `words`.
fn refused(
    addr: SocketAddr,
    method: &str,
    path: &str,
    extra: &str,
    body: &str,
    status: u16,
    words: &str,
) {
    let (got, text) = request(addr, method, path, extra, body);
    assert_eq!(got, status, "{method} {path} {body}: {text}");
    let v = parse(&text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let msg = v.get("error").and_then(Value::as_str).unwrap_or("");
    assert!(
        msg.contains(words),
        "{path} {body}: '{msg}' lacks '{words}'"
    );
}

fn status(addr: SocketAddr) -> Value {
    let (code, text) = request(addr, "GET", "/api/status", "", "");
    assert_eq!(code, 200, "{text}");
    parse(&text).unwrap()
}

fn moves(v: &Value) -> usize {
    match v.get("moves") {
        Some(Value::Arr(a)) => a.len(),
        _ => panic!("no moves in {v}"),
    }
}

fn flag(v: &Value, key: &str) -> bool {
    v.get(key)
        .and_then(Value::as_bool)
        .unwrap_or_else(|| panic!("no {key} in {v}"))
}

/// Polls until no search runs.
fn until_idle(addr: SocketAddr) -> Value {
    let t = Instant::now();
    loop {
        let v = status(addr);
        if !flag(&v, "thinking") {
            return v;
        }
        assert!(t.elapsed() < Duration::from_secs(20), "search never ended");
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn the_engine_plays_a_whole_game_against_itself() {
    let addr = start();
    let v = post(addr, "/api/new", r#"{"size":15,"rule":"standard"}"#);
    assert_eq!(v.get("rule").and_then(Value::as_str), Some("standard"));
    let mut ply = 0;
    let end = loop {
        // Short searches (a node limit): the game, not the engine's strength, is tested.
        let v = post(
            addr,
            "/api/think",
            r#"{"play":true,"time_ms":100,"nodes":3000}"#,
        );
        assert!(flag(&v, "thinking") || moves(&v) == ply + 1);
        let v = until_idle(addr);
        assert_eq!(moves(&v), ply + 1, "the engine played one move: {v}");
        // The analysis names the move played (the first one is settled without a search).
        let a = v.get("analysis").expect("analysis");
        let Some(Value::Arr(played)) = v.get("moves") else {
            panic!("no moves")
        };
        assert_eq!(a.get("best"), played.last(), "{v}");
        assert!(a.get("winrate").and_then(Value::as_f64).is_some());
        ply += 1;
        if flag(&v, "over") {
            break v;
        }
        assert!(ply < 225, "no result");
    };
    let winner = end.get("winner").and_then(Value::as_str);
    assert!(winner.is_some() || flag(&end, "draw"), "{end}");
    if winner.is_some() {
        let Some(Value::Arr(five)) = end.get("five") else {
            panic!("no five")
        };
        assert_eq!(five.len(), 5, "standard: exactly five");
    }
    // After the end: no move, no search.
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":0,"y":0}"#,
        409,
        "game is over",
    );
    refused(addr, "POST", "/api/think", "", "{}", 409, "game is over");
    // Undo reopens it; the record goes out and comes back in every format.
    let v = post(addr, "/api/undo", r#"{"count":1}"#);
    assert!(!flag(&v, "over"));
    for format in ["xy", "psq", "sgf"] {
        let (code, text) = request(
            addr,
            "GET",
            &format!("/api/position?format={format}"),
            "",
            "",
        );
        assert_eq!(code, 200);
        let body = Value::obj([("text", Value::from(text.as_str()))]).to_string();
        let back = post(addr, "/api/load", &body);
        assert_eq!(moves(&back), ply - 1, "{format}: {text}");
    }
    // The loaded record has no redo list: the last move is played again.
    let Some(Value::Arr(all)) = end.get("moves") else {
        panic!("no moves")
    };
    let last = all.last().map(|m| m.to_string()).unwrap_or_default();
    let (x, y) = last.trim_matches(['[', ']']).split_once(',').unwrap();
    let v = post(addr, "/api/move", &format!(r#"{{"x":{x},"y":{y}}}"#));
    assert_eq!(moves(&v), ply);
    assert_eq!(v.get("winner").and_then(Value::as_str), winner);
}

#[test]
fn a_game_by_hand_with_takebacks_and_its_win() {
    let addr = start();
    post(addr, "/api/new", r#"{"size":20,"rule":"freestyle"}"#);
    // Black builds a row on y=9 while white plays below it.
    for k in 0..4 {
        post(addr, "/api/move", &format!(r#"{{"x":{},"y":9}}"#, 5 + k));
        post(addr, "/api/move", &format!(r#"{{"x":{},"y":12}}"#, 5 + k));
    }
    let v = post(addr, "/api/undo", r#"{"count":2}"#);
    assert_eq!(moves(&v), 6);
    let v = post(addr, "/api/goto", r#"{"ply":8}"#);
    assert_eq!(moves(&v), 8);
    let v = post(addr, "/api/move", r#"{"x":9,"y":9}"#);
    assert!(flag(&v, "over"));
    assert_eq!(v.get("winner").and_then(Value::as_str), Some("black"));
    let five = v.get("five").map(|f| f.to_string()).unwrap_or_default();
    assert_eq!(five, "[[5,9],[6,9],[7,9],[8,9],[9,9]]");
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":0,"y":0}"#,
        409,
        "game is over",
    );
    refused(
        addr,
        "POST",
        "/api/goto",
        "",
        r#"{"ply":99}"#,
        400,
        "beyond",
    );
    // The GUIs' coordinates load too: H8 is the centre of 15x15.
    let v = post(addr, "/api/load", r#"{"text":"1. H8 2. I9","size":15}"#);
    assert_eq!(
        v.get("moves").map(|m| m.to_string()).as_deref(),
        Some("[[7,7],[8,6]]")
    );
}

#[test]
fn misuse_gets_a_4xx_with_a_message() {
    let addr = start();
    post(addr, "/api/new", r#"{"size":15,"rule":"renju"}"#);
    post(addr, "/api/move", r#"{"x":7,"y":7}"#);
    // An occupied point, a point off the board, malformed and wrong bodies.
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":7,"y":7}"#,
        409,
        "occupied",
    );
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":15,"y":3}"#,
        400,
        "off the",
    );
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":-1,"y":3}"#,
        400,
        "off the",
    );
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":7,"y":"#,
        400,
        "malformed JSON",
    );
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"[1,2]"#,
        400,
        "JSON object",
    );
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":1.5,"y":3}"#,
        400,
        "whole number",
    );
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"y":3}"#,
        400,
        "'x' is missing",
    );
    refused(
        addr,
        "POST",
        "/api/new",
        "",
        r#"{"size":40}"#,
        400,
        "from 5 to 32",
    );
    refused(
        addr,
        "POST",
        "/api/new",
        "",
        r#"{"rule":"go"}"#,
        400,
        "'rule' must be",
    );
    refused(
        addr,
        "POST",
        "/api/load",
        "",
        r#"{"text":"H8 Z99 what"}"#,
        400,
        "not a point",
    );
    refused(
        addr,
        "POST",
        "/api/load",
        "",
        r#"{"text":"7,7\n7,7"}"#,
        400,
        "occupied",
    );
    refused(
        addr,
        "POST",
        "/api/think",
        "",
        r#"{"lines":0}"#,
        400,
        "'lines'",
    );
    refused(
        addr,
        "GET",
        "/api/position?format=doc",
        "",
        "",
        400,
        "unknown format",
    );
    refused(addr, "GET", "/api/nothing", "", "", 404, "no such API call");
    refused(addr, "GET", "/api/move", "", "", 405, "takes POST");
    let head = format!("POST /api/move HTTP/1.1\r\nHost: {addr}\r\nContent-Type: text/plain\r\nContent-Length: 2\r\n\r\n{{}}");
    let (code, text) = raw(addr, head.as_bytes());
    assert_eq!(code, 415, "{text}");
    // Over the size limit.
    let big = format!(r#"{{"text":"{}"}}"#, "7,7\\n".repeat(30_000));
    refused(addr, "POST", "/api/load", "", &big, 413, "over the limit");
    let (code, text) = raw(addr, b"not http at all\r\n\r\n");
    assert_eq!(code, 400, "{text}");
    // Other sites: a foreign Origin, a Host that is a domain name (DNS rebinding), a
    // browser's cross-site fetch.
    refused(
        addr,
        "POST",
        "/api/move",
        "Origin: http://evil.example\r\n",
        r#"{"x":1,"y":1}"#,
        403,
        "cross-origin",
    );
    let head = format!(
        "GET /api/status HTTP/1.1\r\nHost: evil.example:{}\r\n\r\n",
        addr.port()
    );
    let (code, text) = raw(addr, head.as_bytes());
    assert_eq!(code, 403, "{text}");
    assert!(text.contains("not this server"), "{text}");
    refused(
        addr,
        "GET",
        "/api/status",
        "Sec-Fetch-Site: cross-site\r\n",
        "",
        403,
        "cross-site",
    );
    // The page's own origin is welcome.
    let own = format!("Origin: http://{addr}\r\nSec-Fetch-Site: same-origin\r\n");
    let (code, _) = request(addr, "POST", "/api/move", &own, r#"{"x":12,"y":12}"#);
    assert_eq!(code, 200);
    assert_eq!(moves(&status(addr)), 2, "nothing refused was played");
    // Renju: black's double three is forbidden and listed.
    for (x, y) in [(5, 7), (0, 0), (8, 5), (0, 2), (8, 6), (0, 4)] {
        post(addr, "/api/move", &format!(r#"{{"x":{x},"y":{y}}}"#));
    }
    let v = status(addr);
    assert_eq!(v.get("to_move").and_then(Value::as_str), Some("black"));
    let forbidden = v
        .get("forbidden")
        .map(|f| f.to_string())
        .unwrap_or_default();
    assert!(forbidden.contains("[8,7]"), "{forbidden}");
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":8,"y":7}"#,
        400,
        "forbidden for black",
    );
}

#[test]
fn one_search_at_a_time_and_stop_plays_the_best_move() {
    let addr = start();
    post(addr, "/api/new", r#"{"size":15,"rule":"freestyle"}"#);
    for (x, y) in [(7, 7), (8, 8), (8, 6)] {
        post(addr, "/api/move", &format!(r#"{{"x":{x},"y":{y}}}"#));
    }
    // An analysis until stopped, with three lines.
    let v = post(
        addr,
        "/api/think",
        r#"{"play":false,"time_ms":0,"lines":3}"#,
    );
    assert!(flag(&v, "thinking"));
    refused(
        addr,
        "POST",
        "/api/think",
        "",
        "{}",
        409,
        "one search at a time",
    );
    // Its live report arrives while it runs.
    let t = Instant::now();
    let live = loop {
        let v = status(addr);
        if let Some(a) = v.get("analysis").filter(|a| **a != Value::Null) {
            if matches!(a.get("lines"), Some(Value::Arr(l)) if l.len() == 3) {
                break v;
            }
        }
        assert!(t.elapsed() < Duration::from_secs(10), "no live analysis");
        std::thread::sleep(Duration::from_millis(10));
    };
    assert!(flag(&live, "thinking"), "analysis until stopped");
    let a = live.get("analysis").unwrap();
    assert!(a
        .get("pv_text")
        .and_then(Value::as_str)
        .is_some_and(|t| !t.is_empty()));
    assert_eq!(a.get("final").and_then(Value::as_bool), Some(false));
    // A refused request leaves the analysis running.
    refused(
        addr,
        "POST",
        "/api/load",
        "",
        r#"{"text":"Q99"}"#,
        400,
        "off the",
    );
    refused(
        addr,
        "POST",
        "/api/new",
        "",
        r#"{"size":4}"#,
        400,
        "from 5 to 32",
    );
    assert!(flag(&status(addr), "thinking"));
    // A player's move stops an analysis.
    let v = post(addr, "/api/move", r#"{"x":6,"y":6}"#);
    assert_eq!(moves(&v), 4);
    assert!(!flag(&v, "thinking"));
    // While the engine chooses its move the player may not move; Stop plays its best.
    post(addr, "/api/think", r#"{"play":true,"time_ms":30000}"#);
    refused(
        addr,
        "POST",
        "/api/move",
        "",
        r#"{"x":0,"y":0}"#,
        409,
        "thinking about its move",
    );
    std::thread::sleep(Duration::from_millis(50));
    let v = post(addr, "/api/stop", "{}");
    assert!(!flag(&v, "thinking"));
    assert_eq!(moves(&v), 5, "stop played the best move so far: {v}");
    assert!(v.get("engine_move").is_some_and(|m| *m != Value::Null));
    // Undo cancels a search that would play: nothing is played afterwards.
    post(addr, "/api/think", r#"{"play":true,"time_ms":30000}"#);
    let v = post(addr, "/api/undo", "{}");
    assert_eq!(moves(&v), 4);
    std::thread::sleep(Duration::from_millis(30));
    assert_eq!(moves(&until_idle(addr)), 4);
}

#[test]
fn the_page_and_its_files_are_served() {
    let addr = start();
    let (code, html) = request(addr, "GET", "/", "", "");
    assert_eq!(code, 200);
    assert!(html.contains(r#"<svg id="board""#) && html.contains("/app.js"));
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "no network fetch"
    );
    let (code, js) = request(addr, "GET", "/app.js", "", "");
    assert_eq!(code, 200);
    assert!(js.contains("/api/status"));
    let (code, css) = request(addr, "GET", "/style.css", "", "");
    assert_eq!(code, 200);
    assert!(css.contains("#board"));
    refused(addr, "GET", "/etc/passwd", "", "", 404, "no such page");
}

#[test]
fn odd_requests_get_answers_and_the_server_lives_on() {
    let addr = start();
    let paths = [
        "/api/new",
        "/api/move",
        "/api/undo",
        "/api/redo",
        "/api/goto",
        "/api/load",
        "/api/think",
        "/api/stop",
    ];
    let bodies = [
        "null",
        "1e999",
        "\"x\"",
        "{}",
        "{\"x\":1e300,\"y\":-1e300}",
        "{\"x\":null}",
        "{\"size\":5.5}",
        "{\"count\":-1}",
        "{\"ply\":1e20}",
        "{\"text\":7}",
        "{\"text\":\"\\u0000\\uffff(;SZ[99];B[zz])\"}",
        "{\"text\":\"Piskvorky 999x999, 1:1, 0\"}",
        "{\"time_ms\":-5}",
        "{\"nodes\":0}",
        "{\"threads\":1000}",
        "{\"play\":\"yes\"}",
        "{\"x\":3,\"y\":3,\"x\":4}",
        "[[[[[]]]]]",
        "{\"a\":{\"b\":{\"c\":[1,2,{\"d\":[]}]}}}",
        "\u{feff}{}",
        "{\"text\":\"Piskvork€€\"}",
        "{\"text\":\"(;SZ[€];W[é€])\"}",
        "{\"rule\":\"RENJU\",\"size\":5}",
    ];
    for path in paths {
        for body in bodies {
            let (code, text) = request(addr, "POST", path, "", body);
            assert!(
                code == 200 || (400..500).contains(&code),
                "{path} {body}: {code} {text}"
            );
            if code != 200 {
                assert!(text.contains("\"error\""), "{path} {body}: {text}");
            }
        }
        until_idle(addr);
    }
    for junk in [
        &b"\r\n\r\n"[..],
        b"GET\r\n\r\n",
        b"GET / HTTP/2\r\n\r\n",
        &[0xff; 64],
        b"GET /api/status HTTP/1.1\r\n",
    ] {
        let (code, _) = raw(addr, junk);
        assert!(code == 0 || (400..500).contains(&code), "{junk:?}: {code}");
    }
    post(addr, "/api/new", r#"{"size":15}"#);
    assert_eq!(moves(&status(addr)), 0);
}
