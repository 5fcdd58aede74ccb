//! In-process fuzzing of the whole session: random command streams (every command, BOARD
//! blocks with garbage, INFO values at the extremes, hostile numbers, binary bytes, very
//! long lines) fed to `Brain` exactly as the stdin reader would, with these oracles:
//! no panic on any thread (search threads included, whose panics the engine would
//! otherwise hide behind a fallback move), no hang (a search that owes a reply ends
//! within seconds of STOP), every output line well-formed, every move reply on the
//! board, and the brain's board identical to one rebuilt from its stones after every
//! line. Not coverage-guided (that needs cargo-fuzz and a nightly compiler); it is fast
//! instead: a few thousand commands a second.
//!
//! Default: 150 sessions, seed 1. Long runs:
//! `WUZI_FUZZ_SESSIONS=20000 WUZI_FUZZ_SEED=7 cargo test --release --test fuzz -- --nocapture`
mod common;
use common::consistency::{rebuilt, same};
use rand::{rngs::StdRng, Rng, SeedableRng};
use std::io::Write;
use std::sync::mpsc::{channel, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use wuzi::protocol::brain::{Brain, Event, Flow};
use wuzi::protocol::output::Output;

#[derive(Clone, Default)]
struct Sink(Arc<Mutex<Vec<u8>>>);

impl Write for Sink {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

const WORDS: &[&str] = &[
    "START",
    "RECTSTART",
    "RESTART",
    "BEGIN",
    "TURN",
    "BOARD",
    "INFO",
    "ABOUT",
    "TAKEBACK",
    "PLAY",
    "YXBOARD",
    "YXSTOP",
    "STOP",
    "YXSHOWFORBID",
    "YXHASHCLEAR",
    "YXSHOWINFO",
    "YXNBEST",
    "SWAP2BOARD",
    "TRACEBOARD",
    "DONE",
    "FOO",
    "yxblock",
    "YXBLOCKUNDO",
    "YXBLOCKRESET",
    "yxquerydatabaseall",
    "YXQUERYDATABASEONE",
    "YXSHOWHASHUSAGE",
    // Only a load: a dump would write a file named by whatever line comes next.
    "YXHASHLOAD",
    "YXSEARCHDEFEND",
    "YXBALANCEONE",
    "yxbalancetwo",
    "YXDRAW",
    "YXRESIGN",
    "yxswap2step1",
    "YXSWAP2STEP2",
    "YXSWAP2STEP3",
    "yxsoosorvstep1",
    "YXSOOSORVSTEP2",
    "YXSOOSORVSTEP4",
    "YXSOOSORVSTEP6",
    "start",
    "turn",
    "board",
    "info",
];
const KEYS: &[&str] = &[
    "timeout_turn",
    "timeout_match",
    "time_left",
    "max_memory",
    "rule",
    "game_type",
    "folder",
    "evaluate",
    "max_depth",
    "max_node",
    "hash_size",
    "thread_num",
    "show_detail",
    "pondering",
    "caution_factor",
    "zzz",
];
const NUMS: &[&str] = &[
    "0",
    "1",
    "2",
    "3",
    "4",
    "5",
    "8",
    "9",
    "15",
    "20",
    "32",
    "33",
    "-1",
    "-500",
    "+7",
    "07",
    "2147483647",
    "99999999999999999999",
    "abc",
    "",
    "1.5",
    "3,4",
    "8589934592",
];

fn coord(rng: &mut StdRng) -> String {
    match rng.gen_range(0..8) {
        0 => format!("{},{}", rng.gen_range(-2..35), rng.gen_range(-2..35)),
        1..=4 => format!("{},{}", rng.gen_range(0..15), rng.gen_range(0..15)),
        5 => format!("{} , {}", rng.gen_range(0..20), rng.gen_range(0..20)),
        6 => "1,2,3".into(),
        _ => ["a,b", ",", "", "99999999999,1"][rng.gen_range(0..4)].into(),
    }
}

fn pick<'a>(rng: &mut StdRng, from: &[&'a str]) -> &'a str {
    from[rng.gen_range(0..from.len())]
}

/// One random command (a block command brings its lines).
fn command(rng: &mut StdRng, out: &mut Vec<String>) {
    let w = pick(rng, WORDS);
    match w.to_ascii_uppercase().as_str() {
        "START" | "YXNBEST" | "YXBALANCEONE" | "YXBALANCETWO" => {
            out.push(format!("{w} {}", pick(rng, NUMS)))
        }
        "RECTSTART" => out.push(format!("{w} {},{}", pick(rng, NUMS), pick(rng, NUMS))),
        "TURN" | "TAKEBACK" | "PLAY" => out.push(format!("{w} {}", coord(rng))),
        "INFO" => {
            let key = pick(rng, KEYS);
            // Time limits stay small so searches end by themselves; STOP covers the rest.
            let v = match key {
                "timeout_turn" | "time_left" => pick(rng, &["0", "1", "20", "-5", "x", "60"]),
                "thread_num" => pick(rng, &["1", "2", "3", "0", "-4", "1000000"]),
                "max_memory" => pick(rng, &["0", "1", "40000000", "1000000000", "-9", "x"]),
                _ => pick(rng, NUMS),
            };
            out.push(format!("{w} {key} {v}"));
        }
        "BOARD" | "YXBOARD" | "SWAP2BOARD" | "YXBLOCK" | "YXBLOCKUNDO" | "YXQUERYDATABASEALL"
        | "YXQUERYDATABASEONE" | "YXSOOSORVSTEP2" | "YXSOOSORVSTEP4" | "YXSOOSORVSTEP6" => {
            if w == "YXSOOSORVSTEP4" {
                out.push(format!("{w} {}", pick(rng, NUMS)));
            } else {
                out.push(w.to_string());
            }
            for _ in 0..rng.gen_range(0..30) {
                let field = pick(rng, &["1", "2", "3", "0", "x", "1", "2"]);
                out.push(match rng.gen_range(0..6) {
                    0 => coord(rng),
                    1 => String::new(),
                    // A bad stone line (skipped), rarely a command word (ends the block).
                    2 if rng.gen_bool(0.9) => "3,x,1".into(),
                    2 => "garbage".into(),
                    _ => format!("{},{field}", coord(rng)),
                });
            }
            if rng.gen_bool(0.95) {
                out.push(pick(rng, &["DONE", "done"]).into());
            }
        }
        _ => out.push(w.to_string()),
    }
    if rng.gen_bool(0.02) {
        out.push("x".repeat(rng.gen_range(1..100_000)));
    }
    if rng.gen_bool(0.03) {
        out.push((0..20).map(|_| rng.gen_range(0..=255u8) as char).collect());
    }
}

/// Checks one output line; returns the moves it contains.
fn check_line(line: &str) -> Vec<(i64, i64)> {
    assert!(!line.is_empty(), "empty line");
    assert!(!line.contains('\r'), "CR in {line:?}");
    assert_eq!(line.trim_end(), line, "trailing blanks in {line:?}");
    for word in ["OK", "SWAP"] {
        if line == word {
            return Vec::new();
        }
    }
    for prefix in ["ERROR ", "UNKNOWN ", "MESSAGE ", "name=\""] {
        if line.starts_with(prefix) {
            return Vec::new();
        }
    }
    if let Some(f) = line.strip_prefix("FORBID ") {
        let digits = f.strip_suffix('.').expect("FORBID ends with a dot");
        assert!(
            digits.len() % 4 == 0 && digits.bytes().all(|c| c.is_ascii_digit()),
            "{line}"
        );
        return Vec::new();
    }
    line.split(' ')
        .map(|m| {
            let (x, y) = m
                .split_once(',')
                .unwrap_or_else(|| panic!("bad line {line:?}"));
            (x.parse().expect(line), y.parse().expect(line))
        })
        .collect()
}

struct Run {
    brain: Brain,
    rx: Receiver<Event>,
    sink: Sink,
    seen: usize,
}

impl Run {
    fn new() -> Run {
        let (tx, rx) = channel();
        let sink = Sink::default();
        let brain = Brain::new(Output::new(Box::new(sink.clone())), tx);
        Run {
            brain,
            rx,
            sink,
            seen: 0,
        }
    }

    /// Feeds one line; false once the session has ended.
    fn feed(&mut self, line: String) -> bool {
        self.brain.handle(Event::Line(line, Instant::now())) == Flow::Continue
    }

    /// Delivers search results until nothing owes a reply; STOPs a search that takes long.
    fn settle(&mut self, ctx: &str) -> bool {
        let mut stops = 0;
        while self.brain.is_busy() {
            match self.rx.recv_timeout(Duration::from_secs(3)) {
                Ok(ev) => {
                    if self.brain.handle(ev) == Flow::Exit {
                        return false;
                    }
                }
                // Limits are small: a search still running after seconds is stopped (a STOP
                // behind queued requests applies in turn, so allow a few rounds).
                Err(RecvTimeoutError::Timeout) if stops < 5 => {
                    stops += 1;
                    if !self.feed("YXSTOP".into()) {
                        return false;
                    }
                }
                Err(e) => panic!("search hangs after STOP ({e:?}) in {ctx}"),
            }
        }
        true
    }

    /// Checks the output written since the last call and the board's consistency.
    fn check(&mut self, ctx: &str) {
        let bytes = self.sink.0.lock().unwrap().clone();
        let text = String::from_utf8(bytes[self.seen..].to_vec()).expect("ASCII output");
        assert!(
            text.is_empty() || text.ends_with('\n'),
            "unterminated output in {ctx}"
        );
        self.seen = bytes.len();
        for line in text.lines() {
            for (x, y) in check_line(line) {
                let ok = (0..32).contains(&x) && (0..32).contains(&y);
                assert!(ok, "move {x},{y} off any board in {ctx}");
            }
        }
        if let Some(b) = self.brain.board() {
            assert!(same(b, &rebuilt(b)), "board drifted in {ctx}");
        }
    }
}

#[test]
fn random_command_streams_never_break_the_session() {
    let sessions: u64 = std::env::var("WUZI_FUZZ_SESSIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(150);
    let seed: u64 = std::env::var("WUZI_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1);
    // Any panic on any thread fails the run (the engine's own hook would hide it).
    let panics: Arc<Mutex<Vec<String>>> = Arc::default();
    let log = panics.clone();
    std::panic::set_hook(Box::new(move |info| {
        log.lock().unwrap().push(info.to_string())
    }));
    let t = Instant::now();
    let mut lines_fed = 0u64;
    for s in 0..sessions {
        let mut rng = StdRng::seed_from_u64(seed.wrapping_mul(1_000_003).wrapping_add(s));
        let turn = pick(&mut rng, &["0", "5", "30", "50"]);
        let mut lines = vec![
            format!("INFO timeout_turn {turn}"),
            "INFO timeout_match 0".into(),
        ];
        if rng.gen_bool(0.8) {
            lines.push(format!(
                "START {}",
                pick(&mut rng, &["15", "20", "5", "32", "7"])
            ));
        }
        for _ in 0..rng.gen_range(5..60) {
            command(&mut rng, &mut lines);
        }
        let mut run = Run::new();
        let mut ended = false;
        for (n, line) in lines.into_iter().enumerate() {
            let ctx = format!("seed {seed} session {s} line {n} ({:.40?})", line);
            lines_fed += 1;
            // Sometimes the next line arrives while the brain is still thinking.
            let wait = rng.gen_bool(0.8);
            if !run.feed(line) || (wait && !run.settle(&ctx)) {
                ended = true;
                break;
            }
            run.check(&ctx);
            let p = panics.lock().unwrap();
            assert!(p.is_empty(), "panic in {ctx}: {p:?}");
        }
        // In step whatever came before: an ABOUT is answered (an open block, a queue
        // behind a search, nothing may leave the manager waiting).
        if !ended {
            let ctx = format!("seed {seed} session {s}: ABOUT at the end");
            if run.feed("ABOUT".into()) && run.settle(&ctx) {
                run.check(&ctx);
                let out = run.sink.0.lock().unwrap().clone();
                let last = String::from_utf8_lossy(&out)
                    .lines()
                    .last()
                    .map(str::to_owned);
                assert!(
                    last.as_deref().is_some_and(|l| l.starts_with("name=\"")),
                    "no answer to ABOUT in {ctx}: last line {last:?}"
                );
            }
        }
        // End as a manager would; a running search is abandoned.
        let _ = run.feed("END".into());
    }
    let _ = std::panic::take_hook();
    println!(
        "{sessions} sessions, {lines_fed} lines in {:.1}s",
        t.elapsed().as_secs_f64()
    );
}
