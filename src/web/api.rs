//! The board server's JSON API: one game per server, and at most one search at a time,
//! run by the engine on its own thread while the page polls `/api/status` for its live
//! analysis.
//!
//! | request | body | does |
//! |---|---|---|
//! | `GET /api/status` | | the game and the engine's analysis (every answer below returns it too) |
//! | `GET /api/position?format=xy\|psq\|sgf` | | the moves as text |
//! | `POST /api/new` | `{"size":15,"rule":"renju"}` | a new game (both optional: as before) |
//! | `POST /api/move` | `{"x":7,"y":7}` | plays for the side to move |
//! | `POST /api/undo`, `/api/redo` | `{"count":1}` | takes back, or replays, moves |
//! | `POST /api/goto` | `{"ply":12}` | the position after that many moves |
//! | `POST /api/load` | `{"text":"...","rule":"..."}` | a position from text (any format of [`super::game::parse_position`]) |
//! | `POST /api/think` | `{"play":true,"time_ms":1000,"lines":1}` | starts a search (also `nodes`, `depth`, `threads`); `play:false` analyses, `time_ms:0` until stopped |
//! | `POST /api/stop` | | ends the search; a playing search plays its best move so far |
//!
//! Misuse gets a 4xx status with `{"error": message}`: 400 for a malformed body or a
//! point off the board or forbidden, 409 for an occupied point, a move after the game
//! ended, a second search while one runs, or a move while the engine is playing one. A
//! move, undo, new game or load while an analysis runs stops the analysis first; undo, new
//! game and load also cancel a search that would play.

use super::game::{export, label, parse_position, Format, Game, Outcome, Refusal};
use super::http::{Request, Response};
use super::json::{self, Value};
use crate::game::board::Color;
use crate::game::pos::Pos;
use crate::game::rule::Rule;
use crate::search::engine::Engine;
use crate::search::timeman::{Budget, TimeControl};
use crate::search::{score_text, tt, Iteration, Limits, PvLine, SearchResult};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Most best lines one search reports.
pub const MAX_LINES: usize = 20;
/// Longest time per move the page may ask for.
const MAX_TIME_MS: u64 = 3_600_000;
/// How long a request waits for a search it stopped to end.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// What the server keeps: the game, the engine and the search in progress.
pub struct Shared {
    state: Mutex<State>,
}

struct State {
    game: Game,
    /// Counts changes of the game, so the page knows when to redraw.
    version: u64,
    engine: Engine,
    search: Option<Running>,
    /// The latest analysis (of the running search, or of the last one).
    analysis: Option<Analysis>,
    next_id: u64,
    /// The engine's last move, for the page's note.
    engine_move: Option<Pos>,
}

struct Running {
    id: u64,
    play: bool,
    /// Set by undo/new/load: the result is dropped, no move is played.
    cancelled: bool,
    started: Instant,
    lines: usize,
}

#[derive(Clone)]
struct Analysis {
    /// The position's move count (the page draws the PV only on that position).
    ply: usize,
    side: Color,
    depth: i32,
    seldepth: i32,
    score: i32,
    nodes: u64,
    elapsed: Duration,
    pv: Vec<Pos>,
    lines: Vec<PvLine>,
    done: bool,
}

impl Shared {
    pub fn new() -> Arc<Shared> {
        let mut engine = Engine::new();
        engine.set_turn_time(1000);
        let game = match Game::new(15, Rule::Freestyle) {
            Ok(g) => g,
            Err(_) => unreachable!("15x15 is a supported size"),
        };
        Arc::new(Shared {
            state: Mutex::new(State {
                game,
                version: 0,
                engine,
                search: None,
                analysis: None,
                next_id: 1,
                engine_move: None,
            }),
        })
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        self.state.lock().unwrap_or_else(|p| p.into_inner())
    }
}

/// What a request does with a search in progress before it may go on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Policy {
    /// Refuse while any search runs (another search).
    Refuse,
    /// Stop an analysis; refuse while the engine is choosing its move (a player's move).
    StopAnalysis,
    /// Stop any search, dropping a move it would play (undo, new game, load).
    Cancel,
}

/// The state with no search running, after dealing with one as `policy` says.
fn idle<'a>(shared: &'a Shared, policy: Policy) -> Result<MutexGuard<'a, State>, Refusal> {
    let deadline = Instant::now() + STOP_WAIT;
    loop {
        let mut st = shared.lock();
        let Some(s) = st.search.as_mut() else {
            // Join the finished search thread (it has run its last callback).
            st.engine.wait();
            return Ok(st);
        };
        match policy {
            Policy::Refuse => {
                return Err(Refusal::new(
                    409,
                    "the engine is already thinking: one search at a time (stop it first)",
                ))
            }
            Policy::StopAnalysis if s.play => {
                return Err(Refusal::new(
                    409,
                    "the engine is thinking about its move: wait for it or stop it",
                ))
            }
            _ => {}
        }
        s.cancelled = true;
        st.engine.stop();
        drop(st);
        if Instant::now() > deadline {
            return Err(Refusal::new(503, "the search did not stop in time"));
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

/// Answers one API request (`req.path` starts with `/api/`).
pub fn handle(shared: &Arc<Shared>, req: &Request) -> Response {
    match route(shared, req) {
        Ok(r) => r,
        Err(e) => Response::error(e.status, &e.message),
    }
}

fn route(shared: &Arc<Shared>, req: &Request) -> Result<Response, Refusal> {
    let path = req.path.as_str();
    let get = matches!(path, "/api/status" | "/api/position");
    let want = if get { "GET" } else { "POST" };
    let known = matches!(
        path,
        "/api/status"
            | "/api/position"
            | "/api/new"
            | "/api/move"
            | "/api/undo"
            | "/api/redo"
            | "/api/goto"
            | "/api/load"
            | "/api/think"
            | "/api/stop"
    );
    if !known {
        return Err(Refusal::new(404, format!("no such API call: {path}")));
    }
    if req.method != want {
        return Err(Refusal::new(
            405,
            format!("{path} takes {want}, not {}", req.method),
        ));
    }
    if path == "/api/status" {
        return Ok(status(&shared.lock()));
    }
    if path == "/api/position" {
        let name = req.query_param("format").unwrap_or("xy");
        let format = Format::from_name(name).ok_or_else(|| {
            Refusal::new(400, format!("unknown format '{name}' (xy, psq or sgf)"))
        })?;
        let text = export(&shared.lock().game, format);
        return Ok(Response::new(200, "text/plain; charset=utf-8", text));
    }
    let body = body_of(req)?;
    match path {
        "/api/new" => {
            // The request is checked before a search is stopped for it.
            let (size, rule) = (opt_int(&body, "size", 5, 32)?, opt_rule(&body)?);
            let (size, rule) = current(shared, size, rule);
            let game = Game::new(size, rule)?;
            let mut st = idle(shared, Policy::Cancel)?;
            st.game = game;
            st.engine.new_game();
            changed(&mut st);
            Ok(status(&st))
        }
        "/api/move" => {
            let x = int(&body, "x")?;
            let y = int(&body, "y")?;
            let mut st = idle(shared, Policy::StopAnalysis)?;
            st.game.play(x, y)?;
            changed(&mut st);
            Ok(status(&st))
        }
        "/api/undo" | "/api/redo" => {
            let n = opt_int(&body, "count", 0, 1024)?.unwrap_or(1) as usize;
            let mut st = idle(shared, Policy::Cancel)?;
            if path == "/api/undo" {
                st.game.undo(n);
            } else {
                st.game.redo(n);
            }
            changed(&mut st);
            Ok(status(&st))
        }
        "/api/goto" => {
            let ply = opt_int(&body, "ply", 0, 1024)?
                .ok_or_else(|| Refusal::new(400, "'ply' is missing"))?;
            let mut st = idle(shared, Policy::Cancel)?;
            st.game.goto(ply as usize)?;
            changed(&mut st);
            Ok(status(&st))
        }
        "/api/load" => {
            let text = body
                .get("text")
                .and_then(Value::as_str)
                .ok_or_else(|| Refusal::new(400, "'text' (the position as text) is missing"))?;
            let (size, rule) = (opt_int(&body, "size", 5, 32)?, opt_rule(&body)?);
            let (size, rule) = current(shared, size, rule);
            let parsed = parse_position(text, size).map_err(|m| Refusal::new(400, m))?;
            let game = Game::from_moves(parsed.size.unwrap_or(size), rule, &parsed.moves)?;
            let mut st = idle(shared, Policy::Cancel)?;
            st.game = game;
            st.engine.new_game();
            changed(&mut st);
            Ok(status(&st))
        }
        "/api/think" => think(shared, &body),
        _ => {
            // "/api/stop": the search ends; one that plays plays its best move so far.
            let deadline = Instant::now() + STOP_WAIT;
            loop {
                let mut st = shared.lock();
                if st.search.is_none() {
                    st.engine.wait();
                    return Ok(status(&st));
                }
                st.engine.stop();
                drop(st);
                if Instant::now() > deadline {
                    return Err(Refusal::new(503, "the search did not stop in time"));
                }
                std::thread::sleep(Duration::from_millis(2));
            }
        }
    }
}

/// The game changed: the page redraws; an old analysis no longer applies.
fn changed(st: &mut State) {
    st.version += 1;
    st.analysis = None;
    st.engine_move = None;
}

fn body_of(req: &Request) -> Result<Value, Refusal> {
    let ct = req.header("content-type").unwrap_or("");
    if req.body.is_empty() {
        return Ok(Value::Obj(Vec::new()));
    }
    if !ct.to_ascii_lowercase().starts_with("application/json") {
        return Err(Refusal::new(
            415,
            "send the body as JSON (Content-Type: application/json)",
        ));
    }
    let text = std::str::from_utf8(&req.body)
        .map_err(|_| Refusal::new(400, "the body is not UTF-8 text"))?;
    let v = json::parse(text).map_err(|m| Refusal::new(400, m))?;
    match v {
        Value::Obj(_) => Ok(v),
        _ => Err(Refusal::new(400, "the body must be a JSON object")),
    }
}

fn int(body: &Value, key: &str) -> Result<i64, Refusal> {
    match body.get(key) {
        None => Err(Refusal::new(400, format!("'{key}' is missing"))),
        Some(v) => v
            .as_i64()
            .ok_or_else(|| Refusal::new(400, format!("'{key}' must be a whole number"))),
    }
}

fn opt_int(body: &Value, key: &str, lo: i64, hi: i64) -> Result<Option<i64>, Refusal> {
    match body.get(key) {
        None | Some(Value::Null) => Ok(None),
        Some(v) => match v.as_i64() {
            Some(n) if (lo..=hi).contains(&n) => Ok(Some(n)),
            _ => Err(Refusal::new(
                400,
                format!("'{key}' must be a whole number from {lo} to {hi}"),
            )),
        },
    }
}

/// The `rule` of a body, if it names one.
fn opt_rule(body: &Value) -> Result<Option<Rule>, Refusal> {
    match body.get("rule") {
        None | Some(Value::Null) => Ok(None),
        Some(v) => rule_of(v).map(Some),
    }
}

/// A size and rule, the current game's where not given.
fn current(shared: &Shared, size: Option<i64>, rule: Option<Rule>) -> (usize, Rule) {
    let st = shared.lock();
    (
        size.map_or(st.game.size(), |s| s as usize),
        rule.unwrap_or(st.game.rule()),
    )
}

fn rule_of(v: &Value) -> Result<Rule, Refusal> {
    v.as_str().and_then(Rule::from_name).ok_or_else(|| {
        Refusal::new(
            400,
            "'rule' must be freestyle, standard, renju, caro or caro-exact",
        )
    })
}

fn think(shared: &Arc<Shared>, body: &Value) -> Result<Response, Refusal> {
    let play = match body.get("play") {
        None | Some(Value::Null) => true,
        Some(v) => v
            .as_bool()
            .ok_or_else(|| Refusal::new(400, "'play' must be true or false"))?,
    };
    let time_ms = opt_int(body, "time_ms", 0, MAX_TIME_MS as i64)?.unwrap_or(1000) as u64;
    let lines = opt_int(body, "lines", 1, MAX_LINES as i64)?.unwrap_or(1) as usize;
    let nodes = opt_int(body, "nodes", 1, i64::MAX)?;
    let depth = opt_int(body, "depth", 1, 100)?;
    let max_threads = crate::search::threads::MAX_THREADS as i64;
    let threads = opt_int(body, "threads", 1, max_threads)?.unwrap_or(1) as usize;
    let mut st = idle(shared, Policy::Refuse)?;
    if st.game.is_over() {
        return Err(Refusal::new(409, "the game is over: nothing to search"));
    }
    let board = st.game.board().clone();
    let rule = st.game.rule();
    let start = Instant::now();
    let budget = if time_ms == 0 && !play {
        Budget::unlimited()
    } else {
        TimeControl {
            turn_ms: time_ms as i64,
            match_ms: 0,
            left_ms: None,
        }
        .budget(board.stones(), board.empty_count())
    };
    let limits = Limits {
        start,
        budget,
        max_depth: depth.unwrap_or(100) as i32,
        max_nodes: nodes.map_or(u64::MAX, |n| n as u64),
        threads,
        ponder: false,
        multipv: lines,
        root_watch: None,
    };
    st.engine.set_threads(threads);
    st.engine
        .set_turn_time(if time_ms == 0 { 10_000 } else { time_ms });
    let id = st.next_id;
    st.next_id += 1;
    let ply = board.stones();
    let side = board.side_to_move();
    st.search = Some(Running {
        id,
        play,
        cancelled: false,
        started: start,
        lines,
    });
    st.analysis = None;
    st.engine_move = None;
    let reporter_shared = shared.clone();
    let done_shared = shared.clone();
    st.engine.start(
        board,
        rule,
        limits,
        Box::new(move |it: &Iteration| {
            let mut st = reporter_shared.lock();
            if st.search.as_ref().is_some_and(|s| s.id == id) {
                st.analysis = Some(Analysis {
                    ply,
                    side,
                    depth: it.depth,
                    seldepth: it.seldepth,
                    score: it.score,
                    nodes: it.nodes,
                    elapsed: it.elapsed,
                    pv: it.pv.clone(),
                    lines: it.lines.clone(),
                    done: false,
                });
            }
        }),
        Box::new(move |r: SearchResult| finish(&done_shared, id, ply, side, r)),
    );
    if !st.engine.is_thinking() {
        st.search = None;
        return Err(Refusal::new(503, "could not start the search thread"));
    }
    Ok(status(&st))
}

/// The search `id` ended (on its thread): record its result; play its move if it was to.
fn finish(shared: &Shared, id: u64, ply: usize, side: Color, r: SearchResult) {
    let mut st = shared.lock();
    let Some(s) = st.search.take_if(|s| s.id == id) else {
        return;
    };
    let seldepth = st.analysis.as_ref().map_or(r.depth, |a| a.seldepth);
    let mut lines = if r.lines.is_empty() {
        st.analysis.as_ref().map_or(Vec::new(), |a| a.lines.clone())
    } else {
        r.lines.clone()
    };
    // The lines come from the last complete iteration; an unfinished one may have found a
    // better move since: the line of the move chosen goes first.
    if let Some(k) = lines.iter().position(|l| l.pv.first() == Some(&r.best)) {
        let chosen = lines.remove(k);
        lines.insert(0, chosen);
    }
    st.analysis = Some(Analysis {
        ply,
        side,
        depth: r.depth,
        seldepth,
        score: r.score,
        nodes: r.nodes,
        elapsed: r.elapsed,
        pv: r.pv.clone(),
        lines,
        done: true,
    });
    if s.play && !s.cancelled && st.game.board().stones() == ply {
        let best = r.best;
        if st.game.play(best.x as i64, best.y as i64).is_ok() {
            st.version += 1;
            st.engine_move = Some(best);
        }
    }
}

/// A score for the side to move as its chance to win, 0..1 (the evaluation's logistic
/// scale: sigma(score / 867); proven results are 0 or 1).
fn win_rate(score: i32) -> f64 {
    if score > tt::WIN_BOUND {
        1.0
    } else if score < -tt::WIN_BOUND {
        0.0
    } else {
        1.0 / (1.0 + (-(score as f64) / 867.0).exp())
    }
}

fn point(p: Pos) -> Value {
    Value::Arr(vec![p.x.into(), p.y.into()])
}

fn points(ps: &[Pos]) -> Value {
    Value::Arr(ps.iter().map(|&p| point(p)).collect())
}

fn color_name(c: Color) -> &'static str {
    match c {
        Color::Black => "black",
        Color::White => "white",
    }
}

fn status(st: &State) -> Response {
    let g = &st.game;
    let (winner, five, draw) = match g.outcome() {
        Outcome::Win(c, line) => (Value::from(color_name(*c)), points(line), false),
        Outcome::Draw => (Value::Null, Value::Arr(Vec::new()), true),
        Outcome::Playing => (Value::Null, Value::Arr(Vec::new()), false),
    };
    let size = g.size();
    let search = st.search.as_ref().map_or(Value::Null, |s| {
        Value::obj([
            ("play", s.play.into()),
            ("lines", s.lines.into()),
            (
                "elapsed_ms",
                (s.started.elapsed().as_millis() as u64).into(),
            ),
        ])
    });
    let analysis = st.analysis.as_ref().map_or(Value::Null, |a| {
        let us = a.elapsed.as_micros().max(1) as u64;
        let nps = a.nodes.saturating_mul(1_000_000) / us;
        let line = |l: &PvLine| {
            Value::obj([
                ("score", l.score.into()),
                ("score_text", score_text(l.score).into()),
                ("winrate", win_rate(l.score).into()),
                ("pv", points(&l.pv)),
                (
                    "pv_text",
                    l.pv.iter()
                        .map(|&p| label(p, size))
                        .collect::<Vec<_>>()
                        .join(" ")
                        .into(),
                ),
            ])
        };
        Value::obj([
            ("ply", a.ply.into()),
            ("side", color_name(a.side).into()),
            ("depth", a.depth.into()),
            ("seldepth", a.seldepth.into()),
            ("score", a.score.into()),
            ("score_text", score_text(a.score).into()),
            ("winrate", win_rate(a.score).into()),
            ("nodes", a.nodes.into()),
            ("nps", nps.into()),
            ("elapsed_ms", (a.elapsed.as_millis() as u64).into()),
            ("best", a.pv.first().map_or(Value::Null, |&p| point(p))),
            ("best_text", a.pv.first().map(|&p| label(p, size)).into()),
            ("pv", points(&a.pv)),
            (
                "pv_text",
                a.pv.iter()
                    .map(|&p| label(p, size))
                    .collect::<Vec<_>>()
                    .join(" ")
                    .into(),
            ),
            ("lines", Value::Arr(a.lines.iter().map(line).collect())),
            ("final", a.done.into()),
        ])
    });
    let v = Value::obj([
        ("version", st.version.into()),
        ("size", size.into()),
        ("rule", g.rule().name().into()),
        ("moves", points(&g.moves())),
        ("redo", points(g.redo_moves())),
        ("to_move", color_name(g.board().side_to_move()).into()),
        ("over", g.is_over().into()),
        ("winner", winner),
        ("draw", draw.into()),
        ("five", five),
        ("forbidden", points(g.forbidden())),
        ("thinking", st.search.is_some().into()),
        ("search", search),
        ("analysis", analysis),
        ("engine_move", st.engine_move.map_or(Value::Null, point)),
    ]);
    Response::json(200, v.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_rates_follow_the_score() {
        assert_eq!(win_rate(0), 0.5);
        assert!(win_rate(867) > 0.73 && win_rate(867) < 0.74);
        assert_eq!(win_rate(tt::WIN - 3), 1.0);
        assert_eq!(win_rate(-tt::WIN + 3), 0.0);
    }
}
