#!/usr/bin/env python3
"""How well two static evaluations predict game results: Wuzi's tables against a teacher's.

Reads the positions of `pbrain-wuzi netdata --out PREFIX` (PREFIX.pos: the game result and
Wuzi's classical score for the side to move; PREFIX.moves: the moves, black first), asks the
teacher engine for its static evaluation of each position over the Piskvork protocol (Rapfi:
`YXBOARD` ... `DONE`, then `TRACESEARCH`, whose `MESSAGE Static Eval[Black]: N` line is the
evaluation its search uses; `ABOUT` marks the end of the answer), fits each score's logistic
scale K to the results and prints the results-only cross-entropy of both on the same
positions (lower predicts better). Standard library only.

    pbrain-wuzi netdata --rule freestyle --size 15 --data data/rapfi_free41.csv --out /tmp/f41
    scripts/static_eval_compare.py --data /tmp/f41 --teacher ~/anchors/bin/pbrain-rapfi

The teacher's scores are cached in PREFIX.teacher (one per line) and reused when present.
"""
import argparse
import math
import os
import re
import struct
import subprocess

POS_RECORD = struct.Struct("<QIBBHiiI")  # netdata's 28-byte .pos record


def teacher_scores(engine, moves_path, size, rule):
    """The teacher's static score for the side to move of every position of moves_path."""
    p = subprocess.Popen([engine], cwd=os.path.dirname(os.path.abspath(engine)),
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         stderr=subprocess.STDOUT, text=True, bufsize=1)

    def send(text):
        p.stdin.write(text + "\n")
        p.stdin.flush()

    send(f"START {size}")
    send(f"INFO rule {rule}")
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit("the teacher ended before answering START")
        if line.strip() == "OK":
            break
    scores = []
    with open(moves_path) as f:
        for line in f:
            moves = [tuple(map(int, t.split(","))) for t in line.split()]
            side = len(moves) % 2  # 0: black to move
            cmds = ["YXBOARD"]
            cmds += [f"{x},{y},{1 if k % 2 == side else 2}" for k, (x, y) in enumerate(moves)]
            cmds += ["DONE", "TRACESEARCH", "ABOUT"]
            send("\n".join(cmds))
            black = None
            while True:
                out = p.stdout.readline()
                if not out:
                    raise SystemExit("the teacher ended mid-answer")
                m = re.match(r"MESSAGE Static Eval\[Black\]: (-?\d+)", out)
                if m:
                    black = int(m.group(1))
                if out.startswith("name="):
                    break
            if black is None:
                raise SystemExit(f"no static evaluation for: {line.strip()}")
            scores.append(black if side == 0 else -black)
    send("END")
    p.wait(timeout=10)
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
    results = [r[3] / 2 for r in rows]
    ours = [r[6] for r in rows]
    cache = a.data + ".teacher"
    if os.path.exists(cache):
        theirs = [int(x) for x in open(cache)]
    else:
        theirs = teacher_scores(a.teacher, a.data + ".moves", a.size, a.rule)
        with open(cache, "w") as f:
            f.write("".join(f"{v}\n" for v in theirs))
    if len(theirs) != len(rows):
        raise SystemExit(f"{cache} has {len(theirs)} scores for {len(rows)} positions")
    n = len(rows)
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
