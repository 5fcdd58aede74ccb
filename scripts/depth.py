#!/usr/bin/env python3
"""Depth, selective depth and nodes/s an engine reaches on the first move of balanced openings.

Each opening is searched by a fresh process (as on the first move of a game) under
`INFO timeout_turn MS` with `INFO max_memory` (default the Gomocup 350 MB); the figures come
from the engine's own log (RUST_LOG=info, WUZI_LOG_FILE), so any Wuzi build works, old ones
included. Prints one line per opening and the medians.

With `--depth D` each opening is searched to depth D instead (`INFO max_depth`, a turn of a
minute unless --ms says otherwise) and the summary is the nodes it took: their geometric mean
and total, figures that do not depend on the machine's load (a screen for ordering changes;
the games decide).

    python3 scripts/depth.py target/release/pbrain-wuzi [--ms 1000] [--count 12] [--depth D]
        [--openings ../shared/data/openings/balanced_freestyle15_40_pos.txt] [--size 15] [--rule 0]
"""
import argparse, math, os, re, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import load_openings  # noqa: E402

ap = argparse.ArgumentParser()
ap.add_argument("engine")
ap.add_argument("--ms", type=int, default=None)
ap.add_argument("--depth", type=int, default=None, help="search to this depth; report nodes")
ap.add_argument("--count", type=int, default=12)
ap.add_argument("--openings", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data",
                                                   "openings", "balanced_freestyle15_40_pos.txt"))
ap.add_argument("--size", type=int, default=15)
ap.add_argument("--rule", type=int, default=0)
ap.add_argument("--memory", type=int, default=367001600)
a = ap.parse_args()
if a.ms is None:
    a.ms = 60000 if a.depth else 1000

rows = []
for k, opening in enumerate(load_openings(a.openings, a.size)[: a.count]):
    log = tempfile.NamedTemporaryFile(prefix="depth-", suffix=".log", delete=False).name
    to_move = len(opening) % 2  # 0: black to move
    lines = [f"INFO max_memory {a.memory}", f"INFO timeout_turn {a.ms}", "INFO timeout_match 0",
             f"INFO rule {a.rule}", f"START {a.size}", "BOARD"]
    if a.depth:
        lines.insert(3, f"INFO max_depth {a.depth}")
    for n, (x, y) in enumerate(opening):
        lines.append(f"{x},{y},{1 if n % 2 == to_move else 2}")
    lines.append("DONE")
    env = dict(os.environ, RUST_LOG="info", WUZI_LOG_FILE=log)
    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    p.stdin.write("\n".join(lines) + "\n")
    p.stdin.flush()
    t0 = time.time()
    move = None
    while True:
        out = p.stdout.readline()
        if not out:
            break
        if re.fullmatch(r"\d+,\d+\s*", out):
            move = out.strip()
            break
    spent = time.time() - t0
    p.stdin.write("END\n")
    p.stdin.close()
    p.wait(5)
    last = None
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.search(r"depth (\d+)-(\d+) ev (\S+) n (\d+) n/s (\d+) tm (\d+)ms", line)
            if m:
                last = m
    os.unlink(log)
    if not last:
        print(f"opening {k + 1:2}: no iteration logged (move {move}, {spent:.2f}s)")
        continue
    d, sd, ev, n, nps, tm = last.groups()
    rows.append((int(d), int(sd), int(nps), int(n)))
    print(f"opening {k + 1:2}: depth {d:>2} seldepth {sd:>2} ev {ev:>6} nodes {n:>8} n/s {nps:>7} "
          f"last iteration at {tm}ms, move {move} after {spent * 1000:.0f}ms")
if rows and a.depth:
    logs = sum(math.log(max(r[3], 1)) for r in rows) / len(rows)
    print(f"nodes to depth {a.depth}: geometric mean {math.exp(logs):.0f}, total "
          f"{sum(r[3] for r in rows)} over {len(rows)} openings")
elif rows:
    med = lambda i: statistics.median(r[i] for r in rows)
    print(f"median depth {med(0)} (range {min(r[0] for r in rows)}-{max(r[0] for r in rows)}) "
          f"seldepth {med(1)} n/s {med(2):.0f} over {len(rows)} openings at {a.ms} ms")
