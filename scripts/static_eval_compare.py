#!/usr/bin/env python3
"""How well two static evaluations predict game results: Wuzi's tables against a teacher's.

Reads the positions of `pbrain-wuzi netdata --out PREFIX` (PREFIX.pos: the game result and
Wuzi's classical score for the side to move; PREFIX.moves: the moves, black first), asks the
teacher engine for its static evaluation of each position over the Piskvork protocol (Rapfi:
`YXBOARD` ... `DONE`, then `TRACESEARCH`, whose `MESSAGE Static Eval[Black]: N` line is the
evaluation its search uses; `ABOUT` marks the end of the answer), fits each score's logistic
scale K to the results and prints the results-only cross-entropy of both on the same
positions (lower predicts better). Standard library only (with match.py's engine driver).

    pbrain-wuzi netdata --rule freestyle --size 15 --data data/rapfi_free41.csv --out /tmp/f41
    scripts/static_eval_compare.py --data /tmp/f41 --teacher ~/anchors/bin/pbrain-rapfi

The teacher's scores are cached in PREFIX.teacher (one per line) and reused when present.
"""
import argparse
import math
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(__file__))
from match import Engine  # noqa: E402

POS_RECORD = struct.Struct("<QIBBHiiI")  # netdata's 28-byte .pos record
STATIC_EVAL = re.compile(r"MESSAGE Static Eval\[Black\]: (-?\d+)")
REPLY_TIMEOUT = 10.0  # seconds for an answer that needs no search


def teacher_scores(engine, positions, size, rule):
    """The teacher's static score for the side to move of each position (a `.moves` line)."""
    t = Engine(engine, "teacher")
    t.send(f"START {size}")
    if t.reply(REPLY_TIMEOUT) != "OK":
        raise SystemExit("the teacher did not answer START with OK")
    t.send(f"INFO rule {rule}")
    scores = []
    for line in positions:
        moves = [tuple(map(int, s.split(","))) for s in line.split()]
        side = len(moves) % 2  # 0: black to move
        t.messages.clear()
        t.send("YXBOARD")
        for k, (x, y) in enumerate(moves):
            t.send(f"{x},{y},{1 if k % 2 == side else 2}")
        for cmd in ("DONE", "TRACESEARCH", "ABOUT"):
            t.send(cmd)
        # ABOUT's answer is the first line that is not a MESSAGE: the trace came before it.
        if t.reply(REPLY_TIMEOUT) is None:
            raise SystemExit("the teacher stopped answering")
        found = [m for m in map(STATIC_EVAL.match, t.messages) if m]
        if not found:
            raise SystemExit(f"no static evaluation for: {line.strip()}")
        black = int(found[-1].group(1))
        scores.append(black if side == 0 else -black)
    t.close()
    return scores


def cross_entropy(scores, results, k):
    total = 0.0
    for v, y in zip(scores, results):
        p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, v / k))))
        p = min(max(p, 1e-7), 1 - 1e-7)
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(scores)


def best_scale(scores, results):
    """The logistic scale with the lowest cross-entropy (ternary search on 10..20,000)."""
    lo, hi = 10.0, 20000.0
    for _ in range(60):
        a, b = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        if cross_entropy(scores, results, a) < cross_entropy(scores, results, b):
            hi = b
        else:
            lo = a
    return lo, cross_entropy(scores, results, lo)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", required=True, help="netdata prefix (PREFIX.pos, PREFIX.moves)")
    ap.add_argument("--teacher", required=True, help="teacher engine binary (Rapfi)")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0, help="INFO rule for the teacher")
    a = ap.parse_args()
    raw = open(a.data + ".pos", "rb").read()
    rows = [POS_RECORD.unpack_from(raw, i) for i in range(0, len(raw), POS_RECORD.size)]
    # Result 3 is unknown (a teacher-scored position off the game path): nothing to predict,
    # so the teacher is not asked about it (the cache holds the known positions' scores).
    known = [r[3] <= 2 for r in rows]
    rows = [r for r, k in zip(rows, known) if k]
    n = len(rows)
    if n == 0:
        raise SystemExit("no position with a game result")
    results = [r[3] / 2 for r in rows]
    ours = [r[6] for r in rows]
    cache = a.data + ".teacher"
    if os.path.exists(cache):
        theirs = [int(x) for x in open(cache)]
    else:
        with open(a.data + ".moves") as f:
            positions = [line for line, k in zip(f, known) if k]
        theirs = teacher_scores(a.teacher, positions, a.size, a.rule)
        with open(cache, "w") as f:
            f.write("".join(f"{v}\n" for v in theirs))
    if len(theirs) != n:
        raise SystemExit(f"{cache} has {len(theirs)} scores for {n} positions with a result")
    mean_ours, mean_theirs = sum(ours) / n, sum(theirs) / n
    cov = sum((x - mean_ours) * (y - mean_theirs) for x, y in zip(ours, theirs))
    var_o = sum((x - mean_ours) ** 2 for x in ours)
    var_t = sum((y - mean_theirs) ** 2 for y in theirs)
    print(f"{n} positions; constant prediction {cross_entropy([0] * n, results, 1.0):.5f}")
    for name, scores in (("wuzi tables", ours), ("teacher", theirs)):
        k, loss = best_scale(scores, results)
        print(f"{name:12s} K {k:7.1f}  cross-entropy {loss:.5f}")
    print(f"correlation of the two scores {cov / math.sqrt(var_o * var_t):.3f}")


if __name__ == "__main__":
    main()
