#!/usr/bin/env python3
"""Engine-vs-engine matches over the Piskvork protocol, with clocks, openings, Elo and SPRT.

Standard library only. Each game starts both engines fresh, plays an opening from a file
(or a generated one) and enforces what a real manager enforces: per-move and per-game time
limits with INFO time_left, legality, five / exact five / renju (black fouls), draws on a
full board, and crashes, hangs and malformed replies as losses.

  scripts/match.py --engine1 target/release/pbrain-wuzi --engine2 /path/to/old \\
      --games 200 --concurrency 2 --size 15 --rule 0 --turn 200 --match 10000 \\
      --openings openings.txt

Balanced openings alone (no game; the judge searches each candidate to depth 6):

  scripts/match.py --openings-only 1000 --balance target/release/pbrain-wuzi \\
      --balance-margin 300 --balance-ms 300 --random-stones 4 --seed 1 --save-openings bal.txt

Each pair of games plays one opening with both colours. Records: one line per game in
--out (default matches/games.txt): `<n> black=<name> white=<name> result=<1-0|0-1|1/2>
reason=<...> opening=<k> moves=x,y x,y ...`.
"""
import argparse
import math
import os
import queue
import random
import subprocess
import sys
import threading
import time

# ---------------------------------------------------------------- rules

DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def run_len(b, size, x, y, dx, dy, c):
    n = 1
    for s in (1, -1):
        k = 1
        while True:
            px, py = x + s * k * dx, y + s * k * dy
            if 0 <= px < size and 0 <= py < size and b.get((px, py)) == c:
                n += 1
                k += 1
            else:
                break
    return n


def five_result(b, size, x, y, c, rule):
    """'five' if c's stone on (x,y) wins, 'overline' if it only makes six+, else None.
    Rules: 0 freestyle, 1 exact five, 4 renju (exact for black), 8 caro as GomocupJudge's
    ai_match.py plays it (six or more wins; exactly five wins unless opponent stones close
    both ends), 9 caro with exact five (exactly five, not closed at both ends). The board
    edge never closes an end."""
    exact = rule in (1, 9) or (rule == 4 and c == 1)
    best = None
    for dx, dy in DIRS:
        n = run_len(b, size, x, y, dx, dy, c)
        if rule in (8, 9) and n == 5:
            ends = []
            for s in (1, -1):
                k = 1
                while b.get((x + s * k * dx, y + s * k * dy)) == c:
                    k += 1
                ends.append(b.get((x + s * k * dx, y + s * k * dy)))
            if ends == [3 - c, 3 - c]:
                continue
            return "five"
        if n == 5 or (n > 5 and not exact):
            return "five"
        if n > 5:
            best = "overline"
    return best


def _five_points(b, size, x, y, dx, dy):
    def black(px, py):
        return 0 <= px < size and 0 <= py < size and b.get((px, py)) == 1

    def empty(px, py):
        return 0 <= px < size and 0 <= py < size and (px, py) not in b

    a = 0
    while black(x + (a - 1) * dx, y + (a - 1) * dy):
        a -= 1
    e = 0
    while black(x + (e + 1) * dx, y + (e + 1) * dy):
        e += 1
    length = e - a + 1
    res = []
    for end, out in ((a - 1, -1), (e + 1, 1)):
        px, py = x + end * dx, y + end * dy
        if not empty(px, py):
            res.append(False)
            continue
        n = length + 1
        k = end + out
        while black(x + k * dx, y + k * dy):
            n += 1
            k += out
        res.append(n == 5)
    return res[0], res[1], length


def _fours(b, size, x, y, dx, dy):
    l, r, n = _five_points(b, size, x, y, dx, dy)
    if l and r and n == 4:
        return 1
    return int(l) + int(r)


def forbidden(b, size, x, y, depth=0):
    """Renju: whether black may not play the empty point (x,y)."""
    if depth > 6 or (x, y) in b:
        return False
    b[(x, y)] = 1
    try:
        five = over = False
        for dx, dy in DIRS:
            n = run_len(b, size, x, y, dx, dy, 1)
            five |= n == 5
            over |= n > 5
        if five:
            return False
        if over:
            return True
        if sum(_fours(b, size, x, y, dx, dy) for dx, dy in DIRS) >= 2:
            return True
        threes = 0
        for dx, dy in DIRS:
            if _fours(b, size, x, y, dx, dy):
                continue
            for k in range(-4, 5):
                px, py = x + k * dx, y + k * dy
                if k == 0 or not (0 <= px < size and 0 <= py < size) or (px, py) in b:
                    continue
                b[(px, py)] = 1
                l, r, n = _five_points(b, size, x, y, dx, dy)
                del b[(px, py)]
                if l and r and n == 4 and not forbidden(b, size, px, py, depth + 1):
                    threes += 1
                    break
        return threes >= 2
    finally:
        del b[(x, y)]


# ---------------------------------------------------------------- engines


class Engine:
    def __init__(self, cmd, name):
        self.name = name
        self.proc = subprocess.Popen(cmd, shell=True, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, bufsize=0)
        self.lines = queue.Queue()
        self.messages = []
        self.eof = False
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for raw in iter(self.proc.stdout.readline, b""):
            self.lines.put(raw.decode("latin-1").rstrip("\n"))
        # Set before the end marker: a reader that sees the marker knows the pipe closed.
        self.eof = True
        self.lines.put(None)

    def send(self, line):
        try:
            self.proc.stdin.write((line + "\n").encode())
            self.proc.stdin.flush()
        except (BrokenPipeError, OSError):
            pass

    def reply(self, timeout):
        """Next non-MESSAGE/DEBUG line, or None on timeout/exit."""
        end = time.monotonic() + timeout
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return None
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                return None
            if line is None:
                return None
            if line.startswith("MESSAGE ") or line.startswith("DEBUG "):
                self.messages.append(line)
                continue
            return line

    def close(self):
        self.send("END")
        try:
            self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def parse_move(line):
    if line is None or "," not in line:
        return None
    a, _, b = line.partition(",")
    if not (a.isdigit() and b.isdigit()):
        return None
    return int(a), int(b)


# ---------------------------------------------------------------- one game

# The reasons play_game gives for a game decided on the board; any other reason is a side's
# failure (no OK, crash, timeout, bad reply, illegal move).
BOARD_ENDINGS = ("five", "board full", "renju move limit", "forbidden move")


def play_game(args, cmds, names, opening, opts=None):
    """cmds/names/opts (INFO key=value lists) indexed by colour (0 black, 1 white). Returns (result, reason, moves, stats)
    with result 1 = black wins, 0 = white wins, 0.5 = draw. A failing side loses: result = its index."""
    size, rule = args.size, args.rule
    engines = [Engine(cmds[0], names[0]), Engine(cmds[1], names[1])]
    board = {}
    moves = []
    # "at": for each side, (ply of its worst move, ms used, whether it was its first move).
    # "late_at": (ply, side, ms used, monotonic ms when the request was sent) of each move over
    # the limit, to line up with the engines' logs (Wuzi stamps its log with the same clock).
    stats = {"worst": [0.0, 0.0], "late": [0, 0], "at": [None, None], "late_at": []}
    left = [args.match, args.match]
    started = [False, False]
    try:
        for e in engines:
            e.send(f"START {size}")
            if e.reply(5.0) != "OK":
                return (engines.index(e), "no OK to START from " + e.name, moves, stats)
            e.send(f"INFO timeout_turn {args.turn}")
            e.send(f"INFO timeout_match {args.match}")
            e.send(f"INFO max_memory {args.memory}")
            e.send(f"INFO rule {rule}")
            e.send("INFO game_type 1")
            for opt in (opts[engines.index(e)] if opts else []):
                key, _, value = opt.partition("=")
                e.send(f"INFO {key} {value}")
        for (x, y) in opening:
            board[(x, y)] = 1 if len(moves) % 2 == 0 else 2
            moves.append((x, y))
        while True:
            side = len(moves) % 2  # 0 black to move
            colour = side + 1
            if len(board) >= size * size:
                return (0.5, "board full", moves, stats)
            e = engines[side]
            if args.match > 0:
                e.send(f"INFO time_left {max(left[side], 0)}")
            if not started[side]:
                started[side] = True
                e.send("BOARD")
                for k, (x, y) in enumerate(moves):
                    own = (k % 2) == side
                    e.send(f"{x},{y},{1 if own else 2}")
                t0 = time.monotonic()
                e.send("DONE")
            else:
                t0 = time.monotonic()
                x, y = moves[-1]
                e.send(f"TURN {x},{y}")
            limit_ms = args.turn if args.turn > 0 else 10**9
            if args.match > 0:
                limit_ms = min(limit_ms, max(left[side], 0))
            line = e.reply((limit_ms + args.tolerance) / 1000.0)
            used = (time.monotonic() - t0) * 1000.0
            if args.match > 0:
                left[side] -= int(used)
            ratio = used / max(limit_ms, 1)
            if ratio > stats["worst"][side]:
                stats["worst"][side] = ratio
                stats["at"][side] = (len(moves) + 1, used, len(moves) - len(opening) < 2)
            if used > limit_ms:
                stats["late"][side] += 1
                stats["late_at"].append((len(moves) + 1, side, used, t0 * 1000.0))
            if line is None:
                crashed = e.eof or e.proc.poll() is not None
                return (side, "crash" if crashed else "timeout", moves, stats)
            mv = parse_move(line)
            if mv is None:
                return (side, f"bad reply {line[:40]!r}", moves, stats)
            x, y = mv
            if not (0 <= x < size and 0 <= y < size) or (x, y) in board:
                return (side, f"illegal move {x},{y}", moves, stats)
            if rule == 4 and colour == 1:
                board[(x, y)] = 1
                won = five_result(board, size, x, y, 1, rule) == "five"
                del board[(x, y)]
                if not won and forbidden(board, size, x, y):
                    moves.append((x, y))
                    return (0, "forbidden move", moves, stats)
            board[(x, y)] = colour
            moves.append((x, y))
            if five_result(board, size, x, y, colour, rule) == "five":
                return (1 - side, "five", moves, stats)
            if rule == 4 and len(board) >= min(size * size, 225) - 25 and size == 15:
                return (0.5, "renju move limit", moves, stats)
    finally:
        for e in engines:
            e.close()


# ---------------------------------------------------------------- openings


def parse_pos(text):
    """Moves of a position in pos notation, `h8i9...` (column letter from a, row 1 = y 0)."""
    mv, i = [], 0
    while i < len(text):
        col = ord(text[i]) - ord("a")
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        mv.append((col, int(text[i + 1:j]) - 1))
        i = j
    return mv


def load_openings(path, size):
    out = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            if " | " in line:  # src/datafile.rs's format: id size rule to_move stones | task | notes
                head = line.split(" | ")[0].split()
                if int(head[1]) != size:
                    continue
                out.append([tuple(int(v) for v in s[1:].split(",")) for s in head[4:]])
            elif line[0].isalpha():
                out.append(parse_pos(line))
            else:  # offset notation: dx,dy, dx,dy ...
                nums = [int(v) for v in line.replace(" ", "").split(",") if v]
                c = size // 2
                out.append([(nums[k] + c, nums[k + 1] + c) for k in range(0, len(nums) - 1, 2)])
    return [o for o in out if all(0 <= x < size and 0 <= y < size for x, y in o) and len(set(o)) == len(o)]


def random_openings(n, size, stones, seed):
    rng = random.Random(seed)
    out = []
    c = size // 2
    while len(out) < n:
        mv = []
        while len(mv) < stones:
            p = (c + rng.randint(-3, 3), c + rng.randint(-3, 3))
            if p not in mv:
                mv.append(p)
        out.append(mv)
    return out


def engine_score(cmd, size, rule, stones, turn):
    """The score the engine reports (MESSAGE ... ev N) for the side to move, or None."""
    e = Engine(cmd, "judge")
    try:
        e.send(f"START {size}")
        if e.reply(5.0) != "OK":
            return None
        e.send(f"INFO timeout_turn {turn}")
        # A fixed depth makes the verdict reproducible (a clock-bound depth flips with load).
        e.send("INFO max_depth 6")
        e.send(f"INFO rule {rule}")
        e.send("BOARD")
        for k, (x, y) in enumerate(stones):
            e.send(f"{x},{y},{1 if (k % 2) == (len(stones) % 2) else 2}")
        e.send("DONE")
        if e.reply(turn / 1000.0 + 5) is None:
            return None
        for m in reversed(e.messages):
            words = m.split()
            if "ev" in words:
                v = words[words.index("ev") + 1]
                if v in ("win", "loss"):
                    return 10**6 if v == "win" else -10**6
                try:
                    return int(v)
                except ValueError:
                    return None
        return None
    finally:
        e.close()


def candidate_opening(size, stones, seed, j):
    """The `j`-th opening `balanced_openings` judges for `seed`."""
    return random_openings(1, size, stones, seed * 100003 + j)[0]


def balanced_openings(n, size, rule, stones, seed, judge, margin, turn=5000, jobs=1):
    """Random near-centre openings kept only when `judge` scores them within +/- margin.

    Candidates are judged `jobs` at a time but kept in candidate order, so the result does
    not depend on `jobs`."""
    out = []
    k = 0
    while len(out) < n and k < 50 * n:
        batch = [candidate_opening(size, stones, seed, j) for j in range(k, min(k + max(jobs, 1), 50 * n))]
        k += len(batch)
        scores = [None] * len(batch)

        def judge_one(j):
            scores[j] = engine_score(judge, size, rule, batch[j], turn)

        threads = [threading.Thread(target=judge_one, args=(j,)) for j in range(len(batch))]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        for cand, s in zip(batch, scores):
            if s is not None and abs(s) <= margin and len(out) < n:
                out.append(cand)
    return out


# ---------------------------------------------------------------- statistics


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def elo_interval(w, l, d):
    n = w + l + d
    if n == 0:
        return 0.0, 0.0
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + l * (0 - s) ** 2 + d * (0.5 - s) ** 2) / n
    margin = 1.96 * math.sqrt(var / n)
    return elo(s), (elo(min(s + margin, 1)) - elo(max(s - margin, 0))) / 2


def sprt_llr(w, l, d, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0), normal approximation."""
    n = w + l + d
    if n == 0 or w == 0 or l == 0:
        return 0.0
    s = (w + 0.5 * d) / n
    var = (w * (1 - s) ** 2 + l * s ** 2 + d * (0.5 - s) ** 2) / n
    if var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return (s1 - s0) * (2 * s - s0 - s1) * n / (2 * var)


def pair_stats(pairs):
    """Statistics of game pairs (the same opening with each colour), from engine 1's score
    in each finished pair (0, 0.5, 1, 1.5 or 2): (pairs, mean score per game, variance of
    a pair's mean). The two games of a pair are correlated (an opening often wins for the
    same colour both times), so counting pairs instead of games gives honest and narrower
    error bars (the pentanomial model of fishtest)."""
    n = len(pairs)
    if n == 0:
        return 0, 0.5, 0.0
    means = [p / 2 for p in pairs]
    m = sum(means) / n
    var = sum((x - m) ** 2 for x in means) / n
    return n, m, var


def pair_elo_interval(pairs):
    """Elo of engine 1 and the half-width of its 95% interval, from game pairs."""
    n, m, var = pair_stats(pairs)
    if n == 0:
        return 0.0, 0.0
    margin = 1.96 * math.sqrt(var / n)
    return elo(m), (elo(min(m + margin, 1)) - elo(max(m - margin, 0))) / 2


def pair_sprt_llr(pairs, elo0, elo1):
    """Log-likelihood ratio of H1 (elo1) against H0 (elo0) from game pairs, normal
    approximation (the same formula as sprt_llr, one sample per pair)."""
    n, m, var = pair_stats(pairs)
    if n < 2 or var <= 0:
        return 0.0
    s0 = 1 / (1 + 10 ** (-elo0 / 400))
    s1 = 1 / (1 + 10 ** (-elo1 / 400))
    return (s1 - s0) * (2 * m - s0 - s1) * n / (2 * var)


def write_psq(path, size, moves, names):
    """Piskvork's game record: a header, then one `x,y,ms` line per move (1-based)."""
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w", encoding="ascii", errors="replace") as f:
        f.write(f"Piskvork {size}x{size}, 11:11, 0\n")
        for x, y in moves:
            f.write(f"{x + 1},{y + 1},0\n")
        f.write(f"{names[0]}\n{names[1]}\n-1\n")


# ---------------------------------------------------------------- main


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine1")
    ap.add_argument("--engine2")
    ap.add_argument("--name1", default="engine1")
    ap.add_argument("--name2", default="engine2")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0, help="0 freestyle, 1 standard, 4 renju, 8 caro (six wins), 9 caro (exact five)")
    ap.add_argument("--turn", type=int, default=1000, help="ms per move")
    ap.add_argument("--match", type=int, default=0, help="ms per game, 0 = none")
    ap.add_argument("--tolerance", type=int, default=1000, help="ms allowed past the limit before a time loss")
    ap.add_argument("--memory", type=int, default=367001600)
    ap.add_argument("--openings", help="opening file (offset, pos or src/datafile.rs format)")
    ap.add_argument("--random-stones", type=int, default=3, help="stones per generated opening")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sprt", nargs=4, type=float, metavar=("ELO0", "ELO1", "ALPHA", "BETA"))
    ap.add_argument("--out", default="matches/games.txt")
    ap.add_argument("--option1", action="append", default=[], metavar="KEY=VALUE", help="INFO line for engine 1 (repeatable)")
    ap.add_argument("--option2", action="append", default=[], metavar="KEY=VALUE", help="INFO line for engine 2 (repeatable)")
    ap.add_argument("--psq-dir", help="also save each game as a Piskvork .psq file here")
    ap.add_argument("--balance", metavar="ENGINE", help="keep only generated openings this engine scores near 0 (judged --concurrency at a time)")
    ap.add_argument("--balance-margin", type=int, default=150, help="largest |score| kept with --balance")
    ap.add_argument("--balance-ms", type=int, default=5000,
                    help="the judge's turn limit per candidate with --balance (its search is depth 6; the limit "
                         "bounds its root threat searches, a tenth to a third of it each, so 300 judges 1,000 "
                         "openings in minutes instead of an hour)")
    ap.add_argument("--save-openings", help="write the openings used, in offset notation, to this file")
    ap.add_argument("--openings-only", type=int, metavar="N",
                    help="write N openings (generated, or balanced with --balance) to --save-openings and play no game")
    args = ap.parse_args()
    if args.openings_only is not None:
        if not args.save_openings:
            ap.error("--openings-only needs --save-openings")
    elif not (args.engine1 and args.engine2):
        ap.error("--engine1 and --engine2 are required to play")

    pairs = (args.games + 1) // 2 if args.openings_only is None else args.openings_only
    if args.openings:
        ops = load_openings(args.openings, args.size)
        if not ops:
            sys.exit("no usable openings in " + args.openings)
        rng = random.Random(args.seed)
        rng.shuffle(ops)
        openings = [ops[k % len(ops)] for k in range(pairs)]
    elif args.balance:
        openings = balanced_openings(pairs, args.size, args.rule, args.random_stones, args.seed, args.balance, args.balance_margin, turn=args.balance_ms, jobs=args.concurrency)
    else:
        openings = random_openings(pairs, args.size, args.random_stones, args.seed)
    if args.save_openings:
        c = args.size // 2
        with open(args.save_openings, "w") as f:
            for op in openings:
                f.write(", ".join(f"{x - c},{y - c}" for x, y in op) + "\n")
    if args.openings_only is not None:
        print(f"{len(openings)} openings written to {args.save_openings}")
        return

    jobs = queue.Queue()
    for k in range(args.games):
        jobs.put(k)
    lock = threading.Lock()
    score = {"w": 0, "l": 0, "d": 0, "reasons": {}, "worst": 0.0, "late": 0, "worst_at": ""}
    # Engine 1's points in each opening's pair of games (games 2j and 2j + 1 share opening j,
    # one with each colour), and the finished pairs' totals.
    halves = {}
    pairs = []
    stop = threading.Event()
    os.makedirs(os.path.dirname(args.out) or ".", exist_ok=True)
    record = open(args.out, "w", encoding="utf-8")
    bounds = None
    if args.sprt:
        e0, e1, a, b = args.sprt
        bounds = (math.log(b / (1 - a)), math.log((1 - b) / a))

    def worker():
        while not stop.is_set():
            try:
                k = jobs.get_nowait()
            except queue.Empty:
                return
            op = openings[k // 2]
            e1_black = k % 2 == 0
            cmds = [args.engine1, args.engine2] if e1_black else [args.engine2, args.engine1]
            names = [args.name1, args.name2] if e1_black else [args.name2, args.name1]
            opts = [args.option1, args.option2] if e1_black else [args.option2, args.option1]
            res, reason, moves, st = play_game(args, cmds, names, op, opts)
            e1_score = res if e1_black else 1 - res
            with lock:
                if e1_score == 1:
                    score["w"] += 1
                elif e1_score == 0:
                    score["l"] += 1
                else:
                    score["d"] += 1
                score["reasons"][reason] = score["reasons"].get(reason, 0) + 1
                halves.setdefault(k // 2, []).append(e1_score)
                if len(halves[k // 2]) == 2:
                    pairs.append(sum(halves.pop(k // 2)))
                for side in (0, 1):
                    if st["worst"][side] > score["worst"] and st["at"][side]:
                        score["worst"] = st["worst"][side]
                        ply, ms, first = st["at"][side]
                        score["worst_at"] = (f" (game {k + 1}, {names[side]}, ply {ply}, {ms:.0f} ms"
                                             f"{', its first move' if first else ''})")
                score["late"] += sum(st["late"])
                for ply, side, ms, sent in st["late_at"]:
                    print(f"late move: game {k + 1}, {names[side]}, ply {ply}, {ms:.0f} ms "
                          f"(request sent at monotonic {sent:.0f} ms)", flush=True)
                text = {1: "1-0", 0: "0-1", 0.5: "1/2"}[res]
                mv = " ".join(f"{x},{y}" for x, y in moves)
                record.write(f"{k + 1} black={names[0]} white={names[1]} result={text} reason={reason} "
                             f"opening={k // 2 + 1} moves={mv}\n")
                record.flush()
                if args.psq_dir:
                    write_psq(os.path.join(args.psq_dir, f"game{k + 1:04d}.psq"), args.size, moves, names)
                w, l, d = score["w"], score["l"], score["d"]
                e, err = elo_interval(w, l, d)
                line = f"[{w + l + d}/{args.games}] {args.name1} vs {args.name2}: +{w} -{l} ={d}  elo {e:+.1f} +/- {err:.1f}"
                pe, perr = pair_elo_interval(pairs)
                line += f"  pairs {len(pairs)}: elo {pe:+.1f} +/- {perr:.1f}"
                if bounds:
                    llr = pair_sprt_llr(pairs, args.sprt[0], args.sprt[1])
                    line += f"  llr {llr:.2f} ({bounds[0]:.2f}, {bounds[1]:.2f})"
                    if llr <= bounds[0] or llr >= bounds[1]:
                        stop.set()
                print(line, flush=True)

    threads = [threading.Thread(target=worker) for _ in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    w, l, d = score["w"], score["l"], score["d"]
    e, err = elo_interval(w, l, d)
    n = w + l + d
    print(f"Score of {args.name1} vs {args.name2}: {w} - {l} - {d}  [{(w + d / 2) / max(n, 1):.3f}] {n}")
    print(f"Elo difference: {e:+.1f} +/- {err:.1f} (95%, games counted one by one)")
    pe, perr = pair_elo_interval(pairs)
    print(f"Elo difference by pairs: {pe:+.1f} +/- {perr:.1f} (95%, {len(pairs)} finished pairs "
          f"of games on one opening, one with each colour)")
    if bounds:
        llr = pair_sprt_llr(pairs, args.sprt[0], args.sprt[1])
        verdict = "H1 accepted" if llr >= bounds[1] else "H0 accepted" if llr <= bounds[0] else "inconclusive"
        print(f"SPRT elo0={args.sprt[0]} elo1={args.sprt[1]}: llr {llr:.2f} -> {verdict}")
    print("Endings: " + ", ".join(f"{k} {v}" for k, v in sorted(score["reasons"].items())))
    print(f"Worst move time / limit: {score['worst']:.2f}{score['worst_at']}; "
          f"moves over the limit: {score['late']}")


if __name__ == "__main__":
    main()
