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

With `--nodes N` each search stops after N nodes (`INFO max_node`); the counts a `--features
stats` build logs (src/search/stats.rs) are printed for each opening.

With `--games FILE` (game records as `scripts/match.py --out` writes them) the positions are
taken from games instead: `--count` of them, each after a random move of its game from the
tenth on (`--seed`), all searched by one process one after the other, as in a game (its hash
table warm; the figures come from the `MESSAGE` before each move). This is the depth a time
control gives in play: on this machine a median of 8 at 100 ms a move and 13 at 1 s (session
44). Positions decided at once (a forced reply, a proven result) are left out of the median.

With `--games FILE --along --depth D` one process plays through `--count` whole games of the
record instead: every other position from ply 8 to ply 40 is searched to depth D in order, so
that the hash table carries over from move to move as in a game (the opponent's moves are the
record's). It prints the number of searches that reached D without a proven result, their
total time (the engine's `tm` of the last iteration) and nodes: two settings of one binary
with the same `--seed` search the same positions, so what differs is the table (`--memory`)
or the build.

    python3 scripts/depth.py target/release/pbrain-wuzi [--ms 1000] [--count 12] [--depth D]
        [--openings ../shared/data/openings/balanced_freestyle15_40_pos.txt] [--size 15] [--rule 0]
    python3 scripts/depth.py target/release/pbrain-wuzi --games match_games.txt --ms 100 --count 40
    python3 scripts/depth.py target/release/pbrain-wuzi --games match_games.txt --along --depth 13 --count 8
"""
import argparse, math, os, random, re, statistics, subprocess, sys, tempfile, time

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
ap.add_argument("--nodes", type=int, default=None, help="INFO max_node: a node limit per search")
ap.add_argument("--games", default=None, help="positions from these game records (match.py --out)")
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--along", action="store_true",
                help="--games and --depth: play through whole games, searching every other position")
ap.add_argument("--warm", type=float, default=0.0,
                help="--games: seconds to wait after START before the first position, so that "
                     "the engine's background prefault has the hash table in memory (as between "
                     "the moves of a game) and the searches do not fault it in themselves")
a = ap.parse_args()
if a.ms is None:
    a.ms = 60000 if a.depth else 1000


def setup():
    """The lines that set the engine up before a position: limits, rule, START."""
    limits = [f"INFO max_node {a.nodes}"] if a.nodes else []
    if a.along and a.depth:
        limits.append(f"INFO max_depth {a.depth}")
    return ([f"INFO max_memory {a.memory}", f"INFO timeout_turn {a.ms}", "INFO timeout_match 0"]
            + limits + [f"INFO rule {a.rule}", f"START {a.size}"])


def load_games(min_moves):
    """The move lists of the record's games with at least `min_moves` moves."""
    games = []
    with open(a.games, encoding="utf-8") as f:
        for line in f:
            if "moves=" in line:
                moves = line.split("moves=", 1)[1].split()
                if len(moves) >= min_moves:
                    games.append(moves)
    if not games:
        sys.exit(f"{a.games}: no game with {min_moves} moves or more")
    return games


def spawn():
    """The engine, and a function that sends it lines."""
    p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def send(lines):
        p.stdin.write("\n".join(lines) + "\n")
        p.stdin.flush()

    return p, send


def search(p, send, moves):
    """Sends the position after `moves` (the side to move's stones as 1) and returns the last
    depth report (a match of `depth N ev E n N n/s N tm Nms`, or None) once the move comes."""
    to_move = len(moves) % 2
    send(["BOARD"] + [f"{m},{1 if j % 2 == to_move else 2}" for j, m in enumerate(moves)] + ["DONE"])
    info = None
    while True:
        out = p.stdout.readline()
        if not out:
            sys.exit("the engine stopped")
        if out.startswith("MESSAGE"):
            info = re.search(r"depth (\d+) ev (.+?) n (\d+) n/s (\d+) tm (\d+)ms", out) or info
        elif re.fullmatch(r"\d+,\d+\s*", out):
            return info


def decided(info):
    """Whether a search ended at once: a forced reply (depth 0) or a proven result."""
    return not info or info.group(1) == "0" or "win" in info.group(2) or "loss" in info.group(2)


def along_games():
    """Whole games, every other position searched to `--depth` in order by one process."""
    games = load_games(30)
    random.Random(a.seed).shuffle(games)
    p, send = spawn()
    total_ms = total_nodes = searches = 0
    for g in games[: a.count]:
        send(setup())
        p.stdout.readline()
        time.sleep(a.warm)
        for ply in range(8, min(len(g), 40), 2):
            info = search(p, send, g[:ply])
            if not decided(info) and int(info.group(1)) == a.depth:
                searches += 1
                total_nodes += int(info.group(3))
                total_ms += int(info.group(5))
    send(["END"])
    p.wait(5)
    print(f"max_memory {a.memory >> 20} MiB, depth {a.depth}: {searches} searches, {total_ms} ms, "
          f"{total_nodes} nodes, {total_nodes / max(total_ms, 1) * 1000:.0f} nodes/s")


def in_games():
    """Positions from game records, searched one after another by one process."""
    games = load_games(14)
    rng = random.Random(a.seed)
    p, send = spawn()
    send(setup())
    p.stdout.readline()
    time.sleep(a.warm)
    rows, skipped = [], 0
    for k in range(a.count):
        moves = rng.choice(games)
        ply = rng.randint(10, len(moves) - 4)
        info = search(p, send, moves[:ply])
        if decided(info):
            skipped += 1
            continue
        d, _, n, nps, tm = info.groups()
        rows.append((int(d), int(nps), int(tm)))
        print(f"position {k + 1:2} (ply {ply:2}): depth {d:>2} nodes {n:>8} n/s {nps:>7} last iteration at {tm}ms")
    send(["END"])
    p.wait(5)
    if rows:
        med = lambda i: statistics.median(r[i] for r in rows)
        print(f"median depth {med(0)} (range {min(r[0] for r in rows)}-{max(r[0] for r in rows)}) "
              f"n/s {med(1):.0f} over {len(rows)} positions at {a.ms} ms; {skipped} more decided "
              "(a proven result or a forced move)")


if a.games and a.along:
    if not a.depth:
        sys.exit("--along needs --depth")
    along_games()
    sys.exit(0)
if a.games:
    in_games()
    sys.exit(0)

rows = []
for k, opening in enumerate(load_openings(a.openings, a.size)[: a.count]):
    log = tempfile.NamedTemporaryFile(prefix="depth-", suffix=".log", delete=False).name
    to_move = len(opening) % 2  # 0: black to move
    lines = setup() + ["BOARD"]
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
    last, counts = None, []
    with open(log, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = re.search(r"depth (\d+)-(\d+) ev (\S+) n (\d+) n/s (\d+) tm (\d+)ms", line)
            if m:
                last = m
            if "tree counts" in line:
                counts = []
            elif line.startswith(("stats ", "  moves per loop")):
                counts.append(line.rstrip())
    os.unlink(log)
    for line in counts:
        # A `--features stats` build logs the shape of its tree (src/search/stats.rs).
        print(f"opening {k + 1:2}: {line.strip()}")
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
