#!/usr/bin/env python3
"""Speed and memory probes of a Wuzi build over the Piskvork protocol: the depth and nodes/s
it reaches, and the memory it takes. Standard library only; any Wuzi build works.

  depth   Depth, selective depth and nodes/s on the first move of openings. Each opening is
          searched by a fresh process (as on the first move of a game) under
          `INFO timeout_turn MS` and `INFO max_memory` (default Gomocup's 350 MiB); the
          figures come from the engine's own log (RUST_LOG=info, WUZI_LOG_FILE). Prints one
          line per opening and the medians.
          --depth D: each opening is searched to depth D instead (`INFO max_depth`, a turn of
          a minute unless --ms says otherwise); the summary is the nodes it took (geometric
          mean and total), figures that do not depend on the machine's load.
          --nodes N: each search stops after N nodes (`INFO max_node`); the counts a
          `--features stats` build logs (src/search/stats.rs) are printed per opening.
          --games FILE (records as `scripts/match.py --out` writes them): `--count` positions
          from games instead, each after a random move from the tenth on (--seed), searched by
          one process one after the other as in a game (its hash table warm; the figures
          come from the `MESSAGE` before each move). Positions decided at once (a forced
          reply, a proven result) are left out of the median.
          --games FILE --along --depth D: one process plays through `--count` whole games of
          the record, searching every other position from ply 8 to ply 40 to depth D in
          order, the hash table carried from move to move; prints the searches that reached
          D without a proven result, their total time and nodes. Two settings of one binary
          with the same --seed search the same positions.

  nps     Nodes/s and depth of timed searches in one process, as a game runs them: `START`,
          `INFO timeout_turn MS`, `INFO timeout_match 0` and, with --memory, `INFO
          max_memory`, then a `BOARD` of each opening in turn, waiting --gap seconds between
          them as the engine waits while its opponent thinks (so the background prefault
          thread faults the table in as in a game). Prints the median and mean nodes/s and
          the mean depth. One run is noisy by several percent: interleave two builds' runs.

  memory  Memory under `INFO max_memory` values (Linux /proc): for each limit (and once with
          none) a few searched moves on 20x20, reading after every move USS (unique set size,
          Private_Clean + Private_Dirty of /proc/PID/smaps_rollup, what Gomocup measures) and
          RSS; prints the peaks, VmHWM and VmPeak and whether they stay under the limit. The
          engine may be a wrapper that execs the brain (scripts/wine-brain.sh's: then the
          process measured is wine's, hosting pbrain-wuzi.exe).

Openings (depth, nps): --openings FILE in any format scripts/match.py reads; without it,
--count openings of three random stones near the centre (--seed).

  scripts/probe.py depth target/release/pbrain-wuzi [--ms 1000] [--count 12] [--depth D]
      [--openings FILE] [--size 15] [--rule 0]
  scripts/probe.py depth target/release/pbrain-wuzi --games games.txt --ms 100 --count 40
  scripts/probe.py depth target/release/pbrain-wuzi --games games.txt --along --depth 13 --count 8
  scripts/probe.py nps target/release/pbrain-wuzi [--count 20] [--ms 1000] [--gap 0.7] [--memory BYTES]
  scripts/probe.py memory target/release/pbrain-wuzi [--turn 2000] [--threads 1] [--limit 350]
"""
import argparse
import math
import os
import random
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import load_openings, random_openings  # noqa: E402

GOMOCUP_MEMORY = 367001600  # 350 MiB, Gomocup's max_memory


def openings(a):
    """The first --count openings of --openings, or generated ones."""
    if a.openings:
        if not os.path.isfile(a.openings):
            sys.exit(f"probe: no openings file {a.openings}")
        return load_openings(a.openings, a.size)[: a.count]
    return random_openings(a.count, a.size, 3, a.seed)


# ---------------------------------------------------------------- depth

def setup(a):
    """The lines that set the engine up before a position: limits, rule, START."""
    limits = [f"INFO max_node {a.nodes}"] if a.nodes else []
    if a.along and a.depth:
        limits.append(f"INFO max_depth {a.depth}")
    memory = [f"INFO max_memory {a.memory}"] if a.memory else []
    return (memory + [f"INFO timeout_turn {a.ms}", "INFO timeout_match 0"]
            + limits + [f"INFO rule {a.rule}", f"START {a.size}"])


def load_games(a, min_moves):
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


def spawn(engine):
    """The engine, and a function that sends it lines."""
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

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


def along_games(a):
    """Whole games, every other position searched to `--depth` in order by one process."""
    games = load_games(a, 30)
    random.Random(a.seed).shuffle(games)
    p, send = spawn(a.engine)
    total_ms = total_nodes = searches = 0
    for g in games[: a.count]:
        send(setup(a))
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


def in_games(a):
    """Positions from game records, searched one after another by one process."""
    games = load_games(a, 14)
    rng = random.Random(a.seed)
    p, send = spawn(a.engine)
    send(setup(a))
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
        def med(i):
            return statistics.median(r[i] for r in rows)
        print(f"median depth {med(0)} (range {min(r[0] for r in rows)}-{max(r[0] for r in rows)}) "
              f"n/s {med(1):.0f} over {len(rows)} positions at {a.ms} ms; {skipped} more decided "
              "(a proven result or a forced move)")
    else:
        print(f"all {skipped} positions were decided at once (a proven result or a forced move)")


def depth_openings(a):
    """Each opening searched by a fresh process; the figures from the engine's log."""
    rows = []
    for k, opening in enumerate(openings(a)):
        log = tempfile.NamedTemporaryFile(prefix="depth-", suffix=".log", delete=False).name
        to_move = len(opening) % 2  # 0: black to move
        lines = setup(a)
        if a.depth:
            lines.insert(-2, f"INFO max_depth {a.depth}")
        lines.append("BOARD")
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
        def med(i):
            return statistics.median(r[i] for r in rows)
        print(f"median depth {med(0)} (range {min(r[0] for r in rows)}-{max(r[0] for r in rows)}) "
              f"seldepth {med(1)} n/s {med(2):.0f} over {len(rows)} openings at {a.ms} ms")


def depth_main(a):
    if a.ms is None:
        a.ms = 60000 if a.depth else 1000
    if a.along:
        if not (a.games and a.depth):
            sys.exit("probe: --along needs --games and --depth")
        along_games(a)
    elif a.games:
        in_games(a)
    else:
        depth_openings(a)


# ---------------------------------------------------------------- nps

def nps_main(a):
    ops = openings(a)
    p = subprocess.Popen(a.engine, shell=True, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    send(f"START {a.size}")
    if p.stdout.readline().strip() != "OK":
        raise SystemExit(f"the engine refused START {a.size}")
    send(f"INFO timeout_turn {a.ms}")
    send("INFO timeout_match 0")
    if a.memory:
        send(f"INFO max_memory {a.memory}")
    nps, depths = [], []
    for k, mv in enumerate(ops):
        send("BOARD")
        for i, (x, y) in enumerate(mv):
            # 1: the side to move's stones, 2: the other side's.
            send(f"{x},{y},{1 if (len(mv) - i) % 2 == 0 else 2}")
        send("DONE")
        while True:
            r = p.stdout.readline()
            if not r:
                raise SystemExit("the engine closed its output")
            m = re.search(r"depth (\d+).*n/s (\d+)", r)
            if m:
                depths.append(int(m.group(1)))
                nps.append(int(m.group(2)))
            if re.match(r"^\d+,\d+$", r.strip()):
                break
        if k + 1 < len(ops):
            time.sleep(a.gap)
    send("END")
    p.wait(timeout=10)
    if not nps:
        raise SystemExit("no search reported its nodes/s")
    print(f"{len(nps)} searches: median {statistics.median(nps):.0f} nodes/s, "
          f"mean {statistics.mean(nps):.0f}, mean depth {statistics.mean(depths):.2f}")


# ---------------------------------------------------------------- memory

LIMITS_MIB = [32, 64, 128, 350, 1024, 2048, None]


def status(pid):
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            out[k] = v.strip()
    return out


def kib(field):
    return int(field.split()[0])


def uss_rss_kib(pid):
    uss = rss = 0
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            k, _, v = line.partition(":")
            if k in ("Private_Clean", "Private_Dirty"):
                uss += kib(v)
            elif k == "Rss":
                rss = kib(v)
    return uss, rss


def memory_main(a):
    if not os.path.exists("/proc/self/smaps_rollup"):
        sys.exit("probe memory: needs Linux /proc (smaps_rollup)")
    moves = ["10,10", "11,11", "9,11", "12,9", "8,12"]
    for mib in a.limit or LIMITS_MIB:
        p = subprocess.Popen([a.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        setup_lines = f"INFO max_memory {mib << 20}\n" if mib else ""
        p.stdin.write(setup_lines + f"INFO timeout_turn {a.turn}\nINFO thread_num {a.threads}\nSTART 20\n")
        p.stdin.flush()
        p.stdout.readline()
        peak_uss = peak_rss = 0
        for m in moves:
            p.stdin.write(f"TURN {m}\n")
            p.stdin.flush()
            while True:
                line = p.stdout.readline()
                if not line.startswith("MESSAGE"):
                    break
            uss, rss = uss_rss_kib(p.pid)
            peak_uss, peak_rss = max(peak_uss, uss), max(peak_rss, rss)
        st = status(p.pid)
        p.stdin.write("END\n")
        p.stdin.flush()
        p.wait()
        hwm = kib(st["VmHWM"]) / 1024
        peak = kib(st["VmPeak"]) / 1024
        uss, rss = peak_uss / 1024, peak_rss / 1024
        name = f"{mib:5d} MiB" if mib else "     none"
        limit = mib if mib else 256
        verdict = "ok" if max(uss, rss, hwm) < limit else "OVER"
        print(f"max_memory {name}: peak USS {uss:7.1f} MiB, peak RSS {rss:7.1f} MiB, VmHWM {hwm:7.1f} MiB, "
              f"VmPeak {peak:7.1f} MiB  {verdict}" + ("" if mib else " (against the 256 MiB default budget)"))


# ---------------------------------------------------------------- command line

def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="probe", required=True, metavar="{depth,nps,memory}")

    def with_openings(p, count):
        p.add_argument("engine", help="the engine binary")
        p.add_argument("--openings", help="openings file (default: generated ones)")
        p.add_argument("--count", type=int, default=count, help="openings or positions")
        p.add_argument("--size", type=int, default=15)
        p.add_argument("--seed", type=int, default=1)

    d = sub.add_parser("depth", help="depth and nodes/s on the first move, or in game positions")
    with_openings(d, 12)
    d.add_argument("--ms", type=int, default=None, help="timeout_turn (default 1000; 60000 with --depth)")
    d.add_argument("--depth", type=int, default=None, help="search to this depth; report nodes")
    d.add_argument("--rule", type=int, default=0)
    d.add_argument("--memory", type=int, default=GOMOCUP_MEMORY,
                   help="INFO max_memory in bytes (default Gomocup's; 0: none sent)")
    d.add_argument("--nodes", type=int, default=None, help="INFO max_node: a node limit per search")
    d.add_argument("--games", default=None, help="positions from these game records (match.py --out)")
    d.add_argument("--along", action="store_true",
                   help="--games and --depth: play through whole games, searching every other position")
    d.add_argument("--warm", type=float, default=0.0,
                   help="--games: seconds to wait after START before the first position, so that the "
                        "background prefault has the hash table in memory (as between a game's moves)")
    d.set_defaults(run=depth_main)

    n = sub.add_parser("nps", help="nodes/s of timed searches in one process, with pauses between them")
    with_openings(n, 20)
    n.add_argument("--ms", type=int, default=1000, help="timeout_turn")
    n.add_argument("--gap", type=float, default=0.7, help="seconds between searches")
    n.add_argument("--memory", type=int, default=0, help="INFO max_memory in bytes (default none sent)")
    n.set_defaults(run=nps_main)

    m = sub.add_parser("memory", help="peak USS/RSS under INFO max_memory limits (Linux)")
    m.add_argument("engine", help="the engine binary, or a wrapper that execs it")
    m.add_argument("--turn", type=int, default=2000, help="timeout_turn")
    m.add_argument("--threads", type=int, default=1)
    m.add_argument("--limit", type=int, action="append",
                   help="only this max_memory in MiB (repeatable; 350 = Gomocup's 367001600 bytes)")
    m.set_defaults(run=memory_main)

    a = ap.parse_args()
    a.run(a)


if __name__ == "__main__":
    main()
