#!/usr/bin/env python3
"""How much worse than a judge engine's own choice an engine's moves are, in the judge's eyes.

The positions come from game records (c-gomoku-cli's `-sgf` files, e.g. the games `odds.py`
leaves behind, or `scripts/match.py --out` records): `--count` of them, drawn with `--seed`
from the moves after each game's opening, kept only where the judge scores the side to move
within +/-`--window` (an undecided position). For each, the judge (a strong engine, e.g.
Rapfi classical) searches `--judge-nodes` nodes and names its move; each engine searches
`--nodes` nodes (`INFO max_node`, a fresh process per position) and names its own. The
judge then scores the position after each distinct move with the same search (from the
mover's side, clamped to +/-`--clamp`; where the judge answers a forced reply without a
score, its reply is played and the next position scored), and an engine's regret at a
position is the score after the judge's move less the score after the engine's. Node limits
make every figure independent of the machine's load (beside a timed match it still takes
CPU from the match: run it with `nice`, or after).

Prints, per engine: how often it plays the judge's move, its mean regret with a 95 % bar,
how many of its moves lose more than 100 and 300, and how many are fours and open threes
(as `missed_wins.py` classes moves); then, for each engine after the first, the paired
difference of mean regret against the first (negative: closer to the judge).

A diagnostic, not a strength screen: an engine can play well by moves the judge does not
like, and the judge's scores are noisy (session 45, 150 positions, Rapfi at 300,000 nodes:
four times the nodes moved Wuzi's mean regret by +11.4 +/- 23.6, a quarter by +19.3 +/- 24.3;
the judge's move was played 89, 86 and 76 times). It was made because Wuzi's losses to Rapfi
at 1 s are drifts, not blunders (the README's "Where the games are lost"). Judge scores are
cached in `--cache` (JSON) between runs.

    python3 scripts/regret.py --judge ~/anchors/bin/pbrain-rapfi --games /tmp/odds-*/games.sgf \\
        --count 120 --nodes 800000 --jobs 2 target/release/pbrain-wuzi "WZ_X=1 other/pbrain-wuzi"
"""
import argparse, json, math, os, random, re, shlex, sys
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import Engine, parse_move  # noqa: E402
import missed_wins  # noqa: E402  (its move classes)

ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
ap.add_argument("engines", nargs="+",
                help="engine commands (a shell line each; '@N cmd' searches N nodes instead of --nodes)")
ap.add_argument("--judge", required=True, help="the judge engine's binary (run in its own folder)")
ap.add_argument("--games", nargs="+", required=True, help="game records (.sgf or match.py --out)")
ap.add_argument("--count", type=int, default=100)
ap.add_argument("--seed", type=int, default=1)
ap.add_argument("--nodes", type=int, default=800000, help="each engine's node limit")
ap.add_argument("--judge-nodes", type=int, default=300000)
ap.add_argument("--window", type=int, default=500, help="judge score of kept positions, +/-")
ap.add_argument("--clamp", type=int, default=2000, help="judge scores are clamped to +/-this")
ap.add_argument("--size", type=int, default=15)
ap.add_argument("--rule", type=int, default=0)
ap.add_argument("--memory", type=int, default=367001600)
ap.add_argument("--jobs", type=int, default=1)
ap.add_argument("--cache", default="regret_cache.json")
a = ap.parse_args() if __name__ == "__main__" else None


def sgf_games(text, size):
    """(moves, opening length) of each game of a c-gomoku-cli SGF file on the board size."""
    out = []
    for g in text.split("(;")[1:]:
        sz = re.search(r"SZ\[(\d+)\]", g)
        if sz and int(sz.group(1)) != size:
            continue
        moves, opening = [], 0
        for mv, comment in re.findall(r";[BW]\[(\w\w)\](?:C\[([^\]]*)\])?", g):
            moves.append((ord(mv[0]) - 97, ord(mv[1]) - 97))
            opening += comment == "opening move"
        out.append((moves, opening))
    return out


def record_games(text):
    """(moves, opening length) of match.py records; the opening is not marked there, so the
    first six moves count as one."""
    out = []
    for line in text.splitlines():
        if "moves=" in line:
            moves = [tuple(int(v) for v in m.split(",")) for m in line.split("moves=", 1)[1].split()]
            out.append((moves, min(6, len(moves))))
    return out


def positions():
    games = []
    for path in a.games:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        games += sgf_games(text, a.size) if text.lstrip().startswith("(;") else record_games(text)
    cands = [tuple(m[:k]) for m, op in games for k in range(op, len(m))]
    random.Random(a.seed).shuffle(cands)
    return cands


def search(cmd, moves, nodes, cwd=None):
    """The move an engine plays in `moves` under a node limit, and its last MESSAGE line."""
    e = Engine(f"cd {shlex.quote(cwd)} && exec {cmd}" if cwd else cmd, "e")
    side = len(moves) % 2
    lines = [f"START {a.size}", f"INFO max_memory {a.memory}", "INFO timeout_turn 600000",
             "INFO timeout_match 0", f"INFO rule {a.rule}", f"INFO max_node {nodes}", "BOARD"]
    lines += [f"{x},{y},{1 if n % 2 == side else 2}" for n, (x, y) in enumerate(moves)] + ["DONE"]
    for line in lines:
        e.send(line)
    mv, reply = None, e.reply(30)
    while reply is not None and mv is None:
        mv = parse_move(reply)
        if mv is None:
            reply = e.reply(600)
    msgs = e.messages
    e.close()
    return mv, (msgs[-1] if msgs else "")


def judge_score(msg):
    """The judge's score from its `MESSAGE ... Eval N` line (Rapfi's form; mates as +/-M),
    clamped."""
    m = re.search(r"Eval ([-+]?M?\d+)", msg)
    if not m:
        return None
    v = m.group(1)
    s = (a.clamp if not v.startswith("-") else -a.clamp) if "M" in v else int(v)
    return max(-a.clamp, min(a.clamp, s))


cache = {}
if a and os.path.exists(a.cache):
    with open(a.cache, encoding="utf-8") as f:
        cache = json.load(f)
judge_dir = os.path.dirname(os.path.abspath(a.judge)) if a else None


def key(moves):
    return f"{a.judge}:{a.judge_nodes}:" + " ".join(f"{x},{y}" for x, y in moves)


def judge(moves):
    """(judge's move, its score for the side to move) in `moves`; cached."""
    k = key(moves)
    if k not in cache:
        mv, msg = search(shlex.quote(a.judge), moves, a.judge_nodes, judge_dir)
        cache[k] = [list(mv) if mv else None, judge_score(msg)]
    mv, s = cache[k]
    return (tuple(mv) if mv else None), s


def value(moves, plies=8):
    """The judge's score of `moves` for the side to move. Where the judge answers without a
    search (a forced reply: no score), its reply is played and the next position scored."""
    mv, s = judge(moves)
    if s is None and mv is not None and plies > 0:
        s = value(moves + (mv,), plies - 1)
        return None if s is None else -s
    return s


def value_after(moves, mv):
    """The judge's score of the position after `mv`, for the side that played it."""
    s = value(moves + (mv,))
    return None if s is None else -s


def move_kind(moves, mv, size):
    """'four', 'three' (an open three) or 'other': the side to move's move `mv` in `moves`,
    classed by missed_wins.py's `move_kind` (its blocks and quiet moves are 'other')."""
    stones = {m: "BW"[n % 2] for n, m in enumerate(moves)}
    c = "BW"[len(moves) % 2]
    stones[mv] = c
    kind = missed_wins.move_kind(stones, mv[0], mv[1], c, size)
    return {"4": "four", "3": "three"}.get(kind, "other")


def kinds(moves_list, kept):
    k = [move_kind(p[0], m, a.size) for p, m in zip(kept, moves_list) if m]
    return f"fours {k.count('four')}, open threes {k.count('three')}"


def mean_bar(xs):
    """The mean of `xs` and the half-width of its 95 % bar."""
    n = max(len(xs), 1)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / max(len(xs) - 1, 1))
    return mean, 1.96 * sd / math.sqrt(n)


def save():
    with open(a.cache, "w", encoding="utf-8") as f:
        json.dump(cache, f)


def main():
    with ThreadPoolExecutor(a.jobs) as pool:
        kept, cands = [], iter(positions())
        while len(kept) < a.count:
            batch = [c for _, c in zip(range(a.count - len(kept)), cands)]
            if not batch:
                break
            for pos, (mv, s) in zip(batch, pool.map(judge, batch)):
                if mv is not None and s is not None and abs(s) < a.window:
                    kept.append((pos, mv))
        save()
        print(f"{len(kept)} positions (judge within +/-{a.window}); the judge's moves: "
              f"{kinds([p[1] for p in kept], kept)}", flush=True)
        # The judge's score after its own move: the same reference for every engine.
        best = list(pool.map(lambda p: value_after(p[0], p[1]), kept))
        regrets = []
        for cmd in a.engines:
            nodes, line = a.nodes, cmd
            if cmd.startswith("@"):
                n, line = cmd[1:].split(None, 1)
                nodes = int(n)
            moves = list(pool.map(lambda p: search(line, p[0], nodes)[0], kept))
            got = list(pool.map(lambda pm: value_after(pm[0][0], pm[1]) if pm[1] else None,
                                zip(kept, moves)))
            r = [b - g if b is not None and g is not None else None for b, g in zip(best, got)]
            regrets.append(r)
            ok = [x for x in r if x is not None]
            same = sum(m == p[1] for m, p in zip(moves, kept))
            mean, bar = mean_bar(ok)
            print(f"{cmd}: judge's move {same}/{len(kept)}, regret {mean:.1f} +/- {bar:.1f}, >100 {sum(x > 100 for x in ok)}, "
                  f">300 {sum(x > 300 for x in ok)} (of {len(ok)}); {kinds(moves, kept)}", flush=True)
            save()
        for cmd, r in zip(a.engines[1:], regrets[1:]):
            d = [x - y for x, y in zip(r, regrets[0]) if x is not None and y is not None]
            mean, bar = mean_bar(d)
            print(f"{cmd} - {a.engines[0]}: {mean:+.1f} +/- {bar:.1f} ({len(d)} positions)")


if __name__ == "__main__":
    main()
