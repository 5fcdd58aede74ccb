// The Wuzi board page: draws the game the server holds, sends the player's moves and
// commands to its JSON API (/api/...), and polls /api/status while the engine thinks.
"use strict";

const $ = (id) => document.getElementById(id);
const SVGNS = "http://www.w3.org/2000/svg";

let S = null;            // the latest status from the server
let polling = null;      // the poll timer while the engine thinks
let analysing = false;   // "Analyse" is on: analyse every position until stopped
let paused = true;       // the engine waits for the player (after undo, stop, a new game)
let shownLine = 0;       // which of the best lines is drawn on the board
let textVersion = -1;    // the game version the text box shows
let starting = false;    // a search request is on its way
let stopAsked = false;   // Stop was pressed while that request was on its way

// ---------- talking to the server ----------

async function api(path, body) {
  const opts = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  let r;
  try {
    r = await fetch(path, opts);
  } catch (e) {
    toast("The server cannot be reached: is pbrain-wuzi serve still running?");
    return null;
  }
  let data = null;
  try { data = await r.json(); } catch (e) { /* not JSON */ }
  if (!r.ok) {
    toast((data && data.error) || ("HTTP " + r.status));
    // Whatever was refused, the page shows what the server holds.
    if (path !== "/api/status") setTimeout(poll, 0);
    return null;
  }
  return data;
}

async function command(path, body) {
  const st = await api(path, body || {});
  if (st) {
    $("toast").hidden = true;
    update(st);
  }
  return st;
}

// Starts a search (to play, or to analyse) unless one is being asked for already.
async function think(play) {
  if (starting) return;
  starting = true;
  try {
    const st = await command("/api/think", thinkBody(play));
    // Stop was pressed while the request was on its way: the search it started stops too.
    if (stopAsked && st && st.thinking) await command("/api/stop", {});
  } finally {
    starting = false;
    stopAsked = false;
  }
}

async function poll() {
  polling = null;
  const st = await api("/api/status");
  if (st) update(st);
  else if (!polling) polling = setTimeout(poll, 1000);
}

let toastTimer = null;
function toast(msg) {
  const t = $("toast");
  t.textContent = msg;
  t.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.hidden = true; }, 4000);
}

// ---------- coordinates ----------

function colLabel(x) {
  return x < 26 ? String.fromCharCode(65 + x) : "A" + String.fromCharCode(65 + x - 26);
}
function label(p, size) { return colLabel(p[0]) + (size - p[1]); }

// ---------- state changes ----------

function update(st) {
  const changed = !S || S.version !== st.version;
  S = st;
  render();
  if (changed && textVersion !== st.version && document.activeElement !== $("text")) refreshText();
  if (st.thinking) {
    if (!polling) polling = setTimeout(poll, 200);
  } else {
    nextEngineAction();
  }
}

// The engine is to play here and nothing holds it back: its search runs, or is about to.
function engineDue() {
  return !!S && !S.over && !paused && engineSides()[S.to_move];
}

function engineSides() {
  const v = $("engine").value;
  return { black: v === "black" || v === "both", white: v === "white" || v === "both" };
}

function thinkBody(play) {
  const secs = parseFloat($("time").value);
  const ms = Math.round((isFinite(secs) && secs > 0 ? secs : 1) * 1000);
  return {
    play: play,
    time_ms: play ? Math.min(Math.max(ms, 10), 3600000) : 0,
    // Several lines cost the search strength: a move to play is searched for one.
    lines: play ? 1 : parseInt($("lines").value, 10) || 1,
    threads: parseInt($("threads").value, 10) || 1,
  };
}

// After every answer with no search running: the engine's turn, or the analysis, goes on.
function nextEngineAction() {
  if (!S || S.thinking || S.over || starting) return;
  if (!paused && engineSides()[S.to_move]) {
    think(true);
  } else if (analysing && !(S.analysis && S.analysis.final && S.analysis.ply === S.moves.length)) {
    think(false);
  }
}

async function play(x, y) {
  if (S && S.thinking && S.search && S.search.play) {
    toast("The engine is choosing its move: wait, or press Stop.");
    return;
  }
  paused = false;
  await command("/api/move", { x: x, y: y });
}

function undo() {
  if (!S) return;
  // Against the engine: back to the player's previous turn (the engine's reply goes too).
  const sides = engineSides();
  let n = 1;
  if (sides.black !== sides.white && !S.thinking) {
    const human = sides.black ? "white" : "black";
    if (S.to_move === human && S.moves.length >= 2) n = 2;
  }
  paused = true;
  command("/api/undo", { count: n });
}

function redo() { paused = true; command("/api/redo", { count: 1 }); }
function gotoPly(p) { paused = true; command("/api/goto", { ply: p }); }

function newGame() {
  paused = false;
  shownLine = 0;
  command("/api/new", { size: parseInt($("size").value, 10), rule: $("rule").value });
}

function engineMove() {
  if (!S || S.over) return;
  paused = false;
  if (S.thinking) return;
  think(true);
}

function toggleAnalyse() {
  analysing = !analysing;
  $("analyse").setAttribute("aria-pressed", String(analysing));
  if (analysing) {
    if (S && !S.thinking && !S.over) think(false);
  } else if (S && S.thinking && S.search && !S.search.play) {
    command("/api/stop", {});
  }
}

function stop() {
  paused = true;
  if (analysing) toggleAnalyse();
  if (S && S.thinking) command("/api/stop", {});
  else if (starting) stopAsked = true;
  render();
}

// ---------- drawing ----------

function el(name, attrs, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (text !== undefined) e.textContent = text;
  return e;
}

function starPoints(n) {
  if (n < 9) return [];
  const c = Math.floor(n / 2);
  const e = n >= 13 ? 3 : 2;
  const pts = [[c, c]];
  if (n % 2 === 1) pts.push([e, e], [n - 1 - e, e], [e, n - 1 - e], [n - 1 - e, n - 1 - e]);
  else pts.push([e, e], [n - 1 - e, e], [e, n - 1 - e], [n - 1 - e, n - 1 - e]);
  return pts;
}

function drawBoard() {
  const svg = $("board");
  const n = S.size;
  const m = 1.3;
  svg.setAttribute("viewBox", `${-m} ${-m} ${n - 1 + 2 * m} ${n - 1 + 2 * m}`);
  svg.replaceChildren();
  const defs = el("defs", {});
  const gb = el("radialGradient", { id: "g-black", cx: "35%", cy: "35%", r: "65%" });
  gb.append(el("stop", { offset: "0%", "stop-color": "#666" }), el("stop", { offset: "100%", "stop-color": "#050505" }));
  const gw = el("radialGradient", { id: "g-white", cx: "35%", cy: "35%", r: "70%" });
  gw.append(el("stop", { offset: "0%", "stop-color": "#ffffff" }), el("stop", { offset: "100%", "stop-color": "#cfcfcf" }));
  defs.append(gb, gw);
  svg.append(defs);
  svg.append(el("rect", { class: "bg", x: -m, y: -m, width: n - 1 + 2 * m, height: n - 1 + 2 * m, rx: 0.2 }));
  const g = el("g", { class: "grid" });
  for (let i = 0; i < n; i++) {
    g.append(el("line", { x1: 0, y1: i, x2: n - 1, y2: i }));
    g.append(el("line", { x1: i, y1: 0, x2: i, y2: n - 1 }));
  }
  svg.append(g);
  for (const [x, y] of starPoints(n)) svg.append(el("circle", { class: "star", cx: x, cy: y, r: 0.09 }));
  for (let i = 0; i < n; i++) {
    svg.append(el("text", { class: "label", x: i, y: n - 1 + 0.85 }, colLabel(i)));
    svg.append(el("text", { class: "label", x: -0.85, y: i }, String(n - i)));
  }
  const numbers = $("numbers").checked;
  const stones = el("g", {});
  S.moves.forEach(([x, y], k) => {
    const c = k % 2 === 0 ? "b" : "w";
    stones.append(el("circle", { class: "stone stone-" + c, cx: x, cy: y, r: 0.46, "data-move": k + 1 }));
    if (numbers) stones.append(el("text", { class: "num num-" + c, x: x, y: y }, String(k + 1)));
  });
  svg.append(stones);
  const last = S.moves[S.moves.length - 1];
  if (last && !numbers) svg.append(el("circle", { class: "last", cx: last[0], cy: last[1], r: 0.12 }));
  else if (last) svg.append(el("circle", { class: "five-ring", cx: last[0], cy: last[1], r: 0.5 }));
  if (S.five.length >= 2) {
    const a = S.five[0], b = S.five[S.five.length - 1];
    svg.append(el("line", { class: "five", x1: a[0], y1: a[1], x2: b[0], y2: b[1], id: "five-line" }));
    for (const [x, y] of S.five) svg.append(el("circle", { class: "five-ring", cx: x, cy: y, r: 0.5 }));
  }
  for (const [x, y] of S.forbidden) {
    const d = 0.16;
    const f = el("g", { class: "forbid", "data-x": x, "data-y": y });
    f.append(el("line", { x1: x - d, y1: y - d, x2: x + d, y2: y + d }), el("line", { x1: x - d, y1: y + d, x2: x + d, y2: y - d }));
    svg.append(f);
  }
  drawGhosts(svg);
  const cells = el("g", {});
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      cells.append(el("rect", { class: "cell", id: `c-${x}-${y}`, x: x - 0.5, y: y - 0.5, width: 1, height: 1, rx: 0.5, "data-x": x, "data-y": y }));
    }
  }
  svg.append(cells);
}

// The principal variation (or the best line picked in the table) as numbered ghost stones.
function drawGhosts(svg) {
  const a = S.analysis;
  if (!a || a.ply !== S.moves.length || S.over) return;
  let pv = a.pv;
  if (a.lines.length > 0 && a.lines[shownLine]) pv = a.lines[shownLine].pv;
  let c = a.side === "black" ? "b" : "w";
  const g = el("g", { id: "ghosts" });
  pv.slice(0, 12).forEach(([x, y], k) => {
    g.append(el("circle", { class: `ghost ghost-${c}`, cx: x, cy: y, r: 0.44 }));
    g.append(el("text", { class: `num num-${c}`, x: x, y: y }, String(k + 1)));
    c = c === "b" ? "w" : "b";
  });
  svg.append(g);
}

function fmtCount(n) {
  if (n >= 1e9) return (n / 1e9).toFixed(2) + " G";
  if (n >= 1e6) return (n / 1e6).toFixed(2) + " M";
  if (n >= 1e3) return (n / 1e3).toFixed(1) + " k";
  return String(n);
}

function cap(s) { return s.charAt(0).toUpperCase() + s.slice(1); }

function drawAnalysis() {
  const a = S.analysis;
  const set = (id, v) => { $(id).textContent = v; };
  const tbody = $("nbest").tBodies[0];
  if (!a) {
    for (const id of ["i-best", "i-score", "i-winrate", "i-depth", "i-nodes", "i-nps", "i-time"]) set(id, "–");
    $("pv").textContent = "";
    tbody.replaceChildren();
    $("nbest").hidden = true;
    return;
  }
  set("i-best", a.best_text || "–");
  set("i-score", a.score_text + " (" + cap(a.side) + ")");
  set("i-winrate", (a.winrate * 100).toFixed(1) + " % " + cap(a.side));
  set("i-depth", a.depth + "/" + a.seldepth);
  set("i-nodes", fmtCount(a.nodes));
  set("i-nps", fmtCount(a.nps) + "/s");
  set("i-time", (a.elapsed_ms / 1000).toFixed(1) + " s" + (a.final ? "" : " …"));
  const moves = a.pv_text ? a.pv_text.split(" ") : [];
  $("pv").textContent = moves.map((m, k) => (k + 1) + "." + m).join(" ");
  const rows = a.lines.map((l, k) => {
    const tr = document.createElement("tr");
    if (k === shownLine) tr.className = "shown";
    const cells = [String(k + 1), l.pv_text.split(" ")[0] || "", l.score_text, (l.winrate * 100).toFixed(1) + "%", l.pv_text];
    for (const c of cells) {
      const td = document.createElement("td");
      td.textContent = c;
      tr.append(td);
    }
    tr.addEventListener("mouseenter", () => { shownLine = k; render(); });
    tr.addEventListener("click", () => { shownLine = k; render(); });
    return tr;
  });
  tbody.replaceChildren(...rows);
  $("nbest").hidden = rows.length === 0;
}

function drawMoves() {
  const ol = $("moves");
  const items = [];
  const li0 = document.createElement("li");
  li0.textContent = "start";
  li0.dataset.ply = "0";
  if (S.moves.length === 0) li0.className = "current";
  items.push(li0);
  const all = S.moves.concat(S.redo.slice().reverse());
  all.forEach((p, k) => {
    const li = document.createElement("li");
    li.textContent = (k + 1) + ". " + label(p, S.size);
    li.dataset.ply = String(k + 1);
    if (k + 1 === S.moves.length) li.className = "current";
    else if (k >= S.moves.length) li.className = "future";
    items.push(li);
  });
  ol.replaceChildren(...items);
  const cur = ol.querySelector(".current");
  if (cur && cur.scrollIntoView) cur.scrollIntoView({ block: "nearest" });
}

function render() {
  if (!S) return;
  drawBoard();
  drawAnalysis();
  drawMoves();
  const turn = $("turn");
  const sides = engineSides();
  let text;
  if (S.winner) text = cap(S.winner) + " wins";
  else if (S.draw) text = "Draw: the board is full";
  else if ((S.thinking && S.search && S.search.play) || (!S.thinking && engineDue()))
    text = "Engine (" + S.to_move + ") is thinking…";
  else if (S.thinking) text = cap(S.to_move) + " to move · analysing…";
  else text = cap(S.to_move) + " to move" + (sides[S.to_move] && paused ? " (press Engine move)" : "");
  turn.textContent = text + " · " + S.rule + " " + S.size + "×" + S.size;
  const busy = S.thinking || starting || engineDue();
  turn.className = busy ? "thinking" : "";
  const banner = $("banner");
  if (S.over) {
    banner.replaceChildren(S.winner ? cap(S.winner) + " wins!" : "Draw");
    const small = document.createElement("small");
    small.textContent = "N: new game · ←: undo";
    banner.append(small);
    banner.hidden = false;
  } else {
    banner.hidden = true;
  }
  $("undo").disabled = S.moves.length === 0;
  $("redo").disabled = S.redo.length === 0 || S.over;
  $("stop").disabled = !busy;
  $("go").disabled = S.over || S.thinking;
  if (document.activeElement !== $("rule")) $("rule").value = S.rule;
  if (document.activeElement !== $("size")) $("size").value = String(S.size);
  $("settings-note").textContent = "";
}

// ---------- the position as text ----------

async function refreshText() {
  if (!S) return;
  const v = S.version;
  try {
    const r = await fetch("/api/position?format=" + $("format").value);
    if (r.ok) {
      $("text").value = await r.text();
      textVersion = v;
    }
  } catch (e) { /* the next change tries again */ }
}

async function loadText(text) {
  paused = true;
  const st = await command("/api/load", { text: text, rule: $("rule").value, size: parseInt($("size").value, 10) });
  if (st) { textVersion = -1; refreshText(); }
}

async function copyText() {
  const t = $("text");
  try {
    await navigator.clipboard.writeText(t.value);
    toast("Copied.");
  } catch (e) {
    t.select();
    document.execCommand("copy");
  }
}

function download() {
  const ext = { xy: "txt", psq: "psq", sgf: "sgf" }[$("format").value];
  const blob = new Blob([$("text").value], { type: "text/plain" });
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = "wuzi." + ext;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

// ---------- wiring ----------

function init() {
  const size = $("size");
  for (let n = 5; n <= 32; n++) {
    const o = document.createElement("option");
    o.value = o.textContent = String(n);
    size.append(o);
  }
  size.value = "15";
  const threads = $("threads");
  const cores = Math.min(Math.max(navigator.hardwareConcurrency || 1, 1), 64);
  for (let n = 1; n <= cores; n++) {
    const o = document.createElement("option");
    o.value = o.textContent = String(n);
    threads.append(o);
  }
  $("board").addEventListener("click", (ev) => {
    const t = ev.target;
    if (t.classList && t.classList.contains("cell")) play(+t.dataset.x, +t.dataset.y);
  });
  $("undo").onclick = undo;
  $("redo").onclick = redo;
  $("new").onclick = newGame;
  $("go").onclick = engineMove;
  $("analyse").onclick = toggleAnalyse;
  $("stop").onclick = stop;
  $("moves").addEventListener("click", (ev) => {
    const li = ev.target.closest("li");
    if (li) gotoPly(parseInt(li.dataset.ply, 10));
  });
  const applyIfEmpty = () => {
    if (S && S.moves.length === 0 && S.redo.length === 0) newGame();
    else $("settings-note").textContent = "Rule and size apply to the next new game.";
  };
  $("rule").onchange = applyIfEmpty;
  size.onchange = applyIfEmpty;
  $("engine").onchange = () => { paused = false; if (S && !S.thinking) nextEngineAction(); };
  $("numbers").onchange = render;
  $("format").onchange = () => { textVersion = -1; refreshText(); };
  $("copy").onclick = copyText;
  $("download").onclick = download;
  $("load").onclick = () => loadText($("text").value);
  $("file").onchange = async (ev) => {
    const f = ev.target.files[0];
    if (!f) return;
    if (f.size > 60000) { toast("That file is too large for a position."); return; }
    const text = await f.text();
    $("text").value = text;
    ev.target.value = "";
    loadText(text);
  };
  document.addEventListener("keydown", (ev) => {
    const tag = (ev.target.tagName || "").toLowerCase();
    const typing = tag === "textarea" || tag === "select" || (tag === "input" && ev.target.type !== "checkbox");
    if (typing || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const k = ev.key;
    const acts = {
      ArrowLeft: undo, u: undo, U: undo, Backspace: undo,
      ArrowRight: redo, r: redo, R: redo,
      Home: () => gotoPly(0),
      End: () => S && gotoPly(S.moves.length + S.redo.length),
      n: newGame, N: newGame,
      g: engineMove, G: engineMove, " ": engineMove,
      a: toggleAnalyse, A: toggleAnalyse,
      Escape: stop,
    };
    if (acts[k]) { ev.preventDefault(); acts[k](); }
  });
  poll();
}

init();
