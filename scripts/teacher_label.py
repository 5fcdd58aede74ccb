#!/usr/bin/env python3
"""Positions off the game path, scored by a teacher: the kind of position a search evaluates.

A search spends most of its evaluations on positions one or two plies after a poor move (a
reduced quiet move, a move that ignores a threat), which games between good players never
reach. This takes positions from game records (c-gomoku-cli `-sample format=csv` files or
Wuzi's sample format), plays one or two random moves near the stones on each (seeded), asks
the teacher engine (a Gomocup brain such as Rapfi classical, built outside this repository)
for its search score of the new position over the Piskvork protocol (`BOARD`, then its
`MESSAGE ... Eval N` lines, as scripts/teacher_games.py reads them), and writes each in
Wuzi's sample format with that score and result `?` (unknown: `train` fits the teacher's
score alone on such a row, and leaves it out of the scale it fits to the game results):

    <game> <size> <rule> ? <score> <x,y> <x,y> ...

    scripts/teacher_label.py --engine /path/to/pbrain-rapfi --data data/rapfi_free40.csv \
        --count 40000 --ms 60 --seed 4101 --out data/off41.txt
    pbrain-wuzi train --rule freestyle --size 15 --data data/rapfi_free40.csv,data/off41.txt \
        --lambda 0 --score-k 200 --init builtin --seed 1 --lr 10 --epochs 30 --out off.wzw

`--plies 1,2,3,4 --local 0.5` draws one to four moves, each an answer to the last stone
(within two cells of it) half of the time. Files written before commit f29bb49 have
result 1 (a draw) in place of `?`; convert them with
`sed -i 's/^\([0-9]* [0-9]* [0-9]*\) 1 /\1 ? /' FILE`, or give `train` the `--scale` the
game rows alone fit.
"""
import argparse
import multiprocessing
import random
import sys

sys.path.insert(0, __import__("os").path.dirname(__file__))
from match import five_result, parse_pos  # noqa: E402
from teacher_games import Teacher  # noqa: E402


def parse_positions(path, size):
    """Move lists (black first) of every sample in a csv or Wuzi sample file."""
    out = []
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        if path.endswith(".csv"):
            moves = parse_pos(line.split(",")[0])
        else:
            moves = [tuple(map(int, t.split(","))) for t in line.split()[5:]]
        if all(0 <= x < size and 0 <= y < size for x, y in moves):
            out.append(moves)
    return out


def perturb(moves, size, rule, rng, plies, local=0.0):
    """`moves` with `plies` random moves added, each on an empty cell within two cells of a
    stone (the area a move generator offers) that does not end the game; with probability
    `local` a move is drawn only from the cells within two of the last stone (an answer to
    it, as most moves of a search are); None if the game is over or no such cell is left."""
    moves = list(moves)
    board = {m: 1 + k % 2 for k, m in enumerate(moves)}  # 1 black, 2 white
    if any(five_result(board, size, x, y, c, rule) == "five" for (x, y), c in board.items()):
        return None
    for _ in range(plies):
        around = moves[-1:] if moves and rng.random() < local else moves
        near = {(x + dx, y + dy) for x, y in around for dx in range(-2, 3) for dy in range(-2, 3)}
        colour = 1 + len(moves) % 2
        cells = sorted(c for c in near if 0 <= c[0] < size and 0 <= c[1] < size
                       and c not in board and five_result(board, size, *c, colour, rule) != "five")
        if not cells:
            return None
        m = rng.choice(cells)
        board[m] = colour
        moves.append(m)
    return moves


def label(task):
    args, chunk = task
    t = Teacher(args.engine, args.size, args.rule, args.ms, args.memory)
    lines = []
    try:
        for gid, moves in chunk:
            try:
                _, ev = t.play(moves)
            except RuntimeError:  # an answer that is not a move (Rapfi: "-5,-5" now and then)
                continue
            if ev is None:
                continue
            score = max(-args.clamp, min(args.clamp, ev))
            pos = " ".join(f"{x},{y}" for x, y in moves)
            lines.append(f"{gid} {args.size} {args.rule} ? {score} {pos}")
    finally:
        t.close()
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="teacher command line")
    ap.add_argument("--data", required=True, help="game records (.csv or Wuzi's format)")
    ap.add_argument("--count", type=int, required=True, help="positions to write")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--ms", type=int, default=60, help="teacher's time a position (timeout_turn)")
    ap.add_argument("--memory", type=int, default=367001600)
    ap.add_argument("--clamp", type=int, default=3000, help="teacher scores clamped to +/- this")
    ap.add_argument("--min-stones", type=int, default=8, help="skip positions with fewer stones")
    ap.add_argument("--max-stones", type=int, default=150, help="skip positions with more stones")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", default="1,2", help="numbers of random moves to draw from")
    ap.add_argument("--local", type=float, default=0.0,
                    help="chance that a random move answers the last stone (within two cells)")
    ap.add_argument("--first-id", type=int, default=1_000_000_000, help="id of the first position")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    rng = random.Random(args.seed)
    plies = tuple(int(p) for p in args.plies.split(","))
    source = [m for m in parse_positions(args.data, args.size)
              if args.min_stones <= len(m) <= args.max_stones]
    if not source:
        sys.exit("no positions read")
    picked = []
    while len(picked) < args.count:
        m = perturb(rng.choice(source), args.size, args.rule, rng, rng.choice(plies), args.local)
        if m is not None:
            picked.append(m)
    jobs = [(args.first_id + k, m) for k, m in enumerate(picked)]
    chunks = [jobs[k:k + 500] for k in range(0, len(jobs), 500)]
    written = 0
    with open(args.out, "w") as out, multiprocessing.Pool(args.concurrency) as pool:
        for lines in pool.imap(label, [(args, c) for c in chunks]):
            out.write("".join(line + "\n" for line in lines))
            out.flush()
            written += len(lines)
            print(f"{written}/{args.count}", flush=True)
    print(f"done: {written} positions -> {args.out}", flush=True)


if __name__ == "__main__":
    main()
