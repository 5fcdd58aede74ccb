#!/usr/bin/env python3
"""Forced wins Wuzi missed in its own games, found by a stronger engine, and how many nodes
Wuzi's search needs to see them.

Two steps, standard library only:

  find   Replays games from c-gomoku-cli SGF files (Wuzi against an analyser such as Rapfi) and
         asks the analyser, on the position after each of Wuzi's moves, for its evaluation
         (`MESSAGE ... Eval +M<n>` is a mate in n plies). In every game Wuzi lost, the first
         position where the side to move (Wuzi's opponent) has a mate of at least --min-mate
         plies is kept: Wuzi's previous move let it in. Written as JSON lines (id, moves, mate).

  kind   Asks the analyser for its principal variation on each kept position and says what kind
         of win it is, from the attacker's moves along it: each one a four (4), an open three
         (3), the forced block of a defender's four (b) or something else (q, a quiet move).
         VCF: fours and blocks only; VCT: threes too; VCT+1: a VCT after one quiet first move;
         quietN: N quiet moves in the line. --puzzles FILE also writes them in the puzzle format
         of src/datafile.rs (`win ?` tasks) for `pbrain-wuzi solve`. The PV is read from Rapfi's
         `MESSAGE Depth ... | Eval +M.. | ... | H8 I9 ...` lines (column letter = x from A,
         row number = y + 1); other analysers' lines are not read.

  bench  Searches each kept position with Wuzi (fresh process, `INFO max_node CAP`, no time
         limit) and reads its log (RUST_LOG=info) for the first iteration that reports a win:
         solved or not, and the nodes it took. Positions where the engine answers at once with
         a forced move (a four to block) are listed and left out of the count.

  scripts/missed_wins.py find --sgf games.sgf [--sgf more.sgf] --wuzi-name A \\
      --analyser /path/to/pbrain-rapfi --ms 500 --out missed.jsonl
  scripts/missed_wins.py kind --positions missed.jsonl --analyser /path/to/pbrain-rapfi \\
      --ms 1000 [--puzzles missed_puzzles.txt]
  scripts/missed_wins.py bench --positions missed.jsonl --engine target/release/pbrain-wuzi \\
      --cap 3000000

Positions come from Wuzi's own games; keep them outside the repository with the games.
Node counts do not depend on the machine's load, so `bench` compares two builds fairly on a
busy machine (the analyser's `find` step does depend on its time per position).
"""
import argparse, json, os, re, statistics, subprocess, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import match  # noqa: E402  (the referee's line counting)


def read_games(path, wuzi_name):
    """(game number, Wuzi's colour, result, [(colour, x, y)]) per game of a c-gomoku-cli SGF."""
    text = open(path).read()
    for g in text.split("(;FF[4]")[1:]:
        pb = re.search(r"PB\[([^\]]*)\]", g)
        res = re.search(r"RE\[([^\]]*)\]", g)
        gn = re.search(r"GN\[(\d+)\]", g)
        if not (pb and res and gn):
            continue
        wuzi = "B" if pb.group(1) == wuzi_name else "W"
        moves = [(c, ord(m[0]) - 97, ord(m[1]) - 97) for c, m in re.findall(r";([BW])\[([a-z]{2})\]", g)]
        yield int(gn.group(1)), wuzi, res.group(1), moves


def board_lines(moves):
    side = "B" if len(moves) % 2 == 0 else "W"
    return ["BOARD"] + [f"{x},{y},{1 if c == side else 2}" for c, x, y in moves] + ["DONE"]


class Analyser:
    """A protocol engine kept running; RESTART before each position (a fresh board and table)."""

    def __init__(self, cmd, ms, size):
        self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                  cwd=os.path.dirname(os.path.abspath(cmd)))
        self.send(f"START {size}")
        self.wait_ok()
        for l in (f"INFO timeout_turn {ms}", "INFO timeout_match 0", "INFO max_memory 367001600"):
            self.send(l)

    def send(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()

    def wait_ok(self):
        while True:
            l = self.p.stdout.readline()
            if not l or l.strip() == "OK":
                return

    def evaluate(self, moves):
        return self.analyse(moves)[0]

    def analyse(self, moves):
        """(evaluation, principal variation as [(x, y)]) from the analyser's last report."""
        self.send("RESTART")
        self.wait_ok()
        for l in board_lines(moves):
            self.send(l)
        ev, pv = None, []
        while True:
            l = self.p.stdout.readline()
            if not l:
                break
            l = l.strip()
            m = re.search(r"Eval ([-+]?\w+)", l)
            if m:
                ev = m.group(1)
            if m and "|" in l and "Speed" not in l:
                pv = [(ord(t[0]) - 65, int(t[1:]) - 1) for t in l.split("|")[-1].split()
                      if re.fullmatch(r"[A-Z]\d+", t)]
            if re.fullmatch(r"\d+,\d+", l):
                break
        # Some engines finish their search after answering: let them settle before the next
        # command, or it may be read as input to the search.
        time.sleep(0.15)
        return ev, pv


def five_through(stones, x, y, c, size):
    """Whether colour c has five or more in a row through (x, y) (its stone there)."""
    return any(match.run_len(stones, size, x, y, dx, dy, c) >= 5 for dx, dy in match.DIRS)


def five_points(stones, c, x, y, d, size):
    """The empty cells within four steps of (x, y) along d where c would make five."""
    dx, dy = d
    pts = set()
    for k in range(-4, 5):
        e = (x + k * dx, y + k * dy)
        if 0 <= e[0] < size and 0 <= e[1] < size and e not in stones:
            stones[e] = c
            if five_through(stones, e[0], e[1], c, size):
                pts.add(e)
            del stones[e]
    return pts


def move_kind(stones, x, y, c, size):
    """What c's move at (x, y), already on `stones`, made: '4' a four (a five point on one of
    its lines), '3' an open three (a cell on one of its lines that makes two five points
    there), 'b' the block of a five point of the opponent, 'q' none of those."""
    if any(five_points(stones, c, x, y, d, size) for d in match.DIRS):
        return "4"
    for d in match.DIRS:
        dx, dy = d
        for k in range(-4, 5):
            e = (x + k * dx, y + k * dy)
            if 0 <= e[0] < size and 0 <= e[1] < size and e not in stones:
                stones[e] = c
                open_four = len(five_points(stones, c, e[0], e[1], d, size)) >= 2
                del stones[e]
                if open_four:
                    return "3"
    other = "W" if c == "B" else "B"
    stones[(x, y)] = other
    blocked = five_through(stones, x, y, other, size)
    stones[(x, y)] = c
    return "b" if blocked else "q"


def line_kind(moves, pv, size):
    """The tags of a principal variation played from `moves` and the kind of win they make."""
    stones = {(x, y): c for c, x, y in moves}
    col = "B" if len(moves) % 2 == 0 else "W"
    tags = []
    for x, y in pv:
        stones[(x, y)] = col
        tags.append(move_kind(stones, x, y, col, size))
        col = "W" if col == "B" else "B"
    att = tags[0::2]
    if all(t in "4b" for t in att):
        kind = "VCF"
    elif all(t in "34b" for t in att):
        kind = "VCT"
    elif all(t in "34b" for t in att[1:]):
        kind = "VCT+1"
    else:
        kind = f"quiet{sum(t == 'q' for t in att)}"
    return "".join(tags), kind


def find(a):
    an = Analyser(a.analyser, a.ms, a.size)
    out = open(a.out, "w")
    kept = 0
    for path in a.sgf:
        for gn, wuzi, res, moves in read_games(path, a.wuzi_name):
            if res[:1] not in ("B", "W") or res.startswith(wuzi):
                continue  # Wuzi won or drew
            for k in range(a.from_ply, len(moves)):
                side = "B" if k % 2 == 0 else "W"
                if side == wuzi:
                    continue  # the opponent to move: after one of Wuzi's moves
                ev = an.evaluate(moves[:k])
                if ev and ev.startswith("+M"):
                    if int(ev[2:]) >= a.min_mate:
                        out.write(json.dumps(dict(id=f"{os.path.basename(os.path.dirname(path))}.g{gn}.k{k}",
                                                  moves=moves[:k], mate=int(ev[2:]))) + "\n")
                        out.flush()
                        kept += 1
                    break
    print(f"{kept} positions written to {a.out}")


def kind(a):
    an = Analyser(a.analyser, a.ms, a.size)
    rows = [json.loads(l) for l in open(a.positions) if l.strip()]
    puzzles = open(a.puzzles, "w") if a.puzzles else None
    counts = {}
    for p in rows:
        ev, pv = an.analyse(p["moves"])
        if not (ev and ev.startswith("+M") and pv):
            print(f"{p['id']:32} no mate in the analyser's line ({ev})", flush=True)
            continue
        tags, k = line_kind(p["moves"], pv, a.size)
        counts[k] = counts.get(k, 0) + 1
        print(f"{p['id']:32} {ev:5} {k:7} {tags}", flush=True)
        if puzzles:
            to_move = "b" if len(p["moves"]) % 2 == 0 else "w"
            stones = " ".join(f"{c.lower()}{x},{y}" for c, x, y in p["moves"])
            puzzles.write(f"missed{p['id']}.{k} {a.size} freestyle {to_move} {stones} | win ? | "
                          f"mate={ev[2:]} pv_kind={k}\n")
    print("kinds: " + ", ".join(f"{k} {n}" for k, n in sorted(counts.items())))


def bench(a):
    rows = [json.loads(l) for l in open(a.positions) if l.strip()]
    log = tempfile.NamedTemporaryFile(prefix="missed-", suffix=".log", delete=False).name
    solved, unsolved, forced = [], 0, 0
    for p in rows:
        lines = [f"START {a.size}", "INFO timeout_turn 3600000", "INFO timeout_match 0",
                 "INFO max_memory 367001600", f"INFO max_node {a.cap}"] + board_lines(p["moves"])
        open(log, "w").close()
        env = dict(os.environ, RUST_LOG="info", WUZI_LOG_FILE=log)
        pr = subprocess.Popen(a.engine.split(), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
        pr.stdin.write("\n".join(lines) + "\n")
        pr.stdin.flush()
        said = []
        while True:
            l = pr.stdout.readline().strip()
            said.append(l)
            if not l or re.fullmatch(r"\d+,\d+", l):
                break
        pr.stdin.write("END\n")
        pr.stdin.flush()
        pr.wait()
        found, is_forced = None, False
        for l in list(open(log)) + said:
            if re.search(r"depth 0 ev", l):
                is_forced = True
            m = re.search(r"depth (\d+)-(\d+) ev (.*?) n (\d+)", l)
            if m and "win" in m.group(3) and found is None:
                found = (int(m.group(1)), int(m.group(4)))
        if is_forced and not found:
            forced += 1
            what = "forced move, left out"
        elif found:
            solved.append(found[1])
            what = f"win seen at depth {found[0]} after {found[1]} nodes"
        else:
            unsolved += 1
            what = f"not seen in {a.cap} nodes"
        print(f"{p['id']:32} mate {p['mate']:3}  {what}", flush=True)
    n = len(solved) + unsolved
    med = statistics.median(solved) if solved else 0
    print(f"seen {len(solved)}/{n} within {a.cap} nodes (forced moves left out: {forced}); "
          f"median nodes of those seen {med:.0f}")


ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
sub = ap.add_subparsers(dest="cmd", required=True)
f = sub.add_parser("find")
f.add_argument("--sgf", action="append", required=True)
f.add_argument("--wuzi-name", default="A", help="Wuzi's engine name in the SGF (PB/PW)")
f.add_argument("--analyser", required=True)
f.add_argument("--ms", type=int, default=500)
f.add_argument("--min-mate", type=int, default=7)
f.add_argument("--from-ply", type=int, default=10)
f.add_argument("--size", type=int, default=15)
f.add_argument("--out", required=True)
k = sub.add_parser("kind")
k.add_argument("--positions", required=True)
k.add_argument("--analyser", required=True)
k.add_argument("--ms", type=int, default=1000)
k.add_argument("--size", type=int, default=15)
k.add_argument("--puzzles")
b = sub.add_parser("bench")
b.add_argument("--positions", required=True)
b.add_argument("--engine", required=True, help="command line (e.g. 'env VAR=1 path/to/pbrain-wuzi')")
b.add_argument("--cap", type=int, default=3000000)
b.add_argument("--size", type=int, default=15)
if __name__ == "__main__":
    a = ap.parse_args()
    {"find": find, "kind": kind, "bench": bench}[a.cmd](a)
