#!/usr/bin/env python3
"""Training samples from scripts/match.py game records.

Every position of every game after its first `--skip` stones (the opening's: the records do
not say how many there were) becomes one line of Wuzi's
sample format (`pbrain-wuzi train --data`): `<game> <size> <rule> <result> - <x,y> ...`,
the result (0 loss, 1 draw, 2 win) for the side to move, no search score. Games without a
decided result (a crash, a forfeit on time) are left out.

    python3 scripts/games_to_samples.py --size 15 --rule 0 --skip 4 --out samples.txt a_games.txt
"""
import argparse
import sys


def samples(lines, size, rule, skip, first_id):
    gid = first_id
    for line in lines:
        head, sep, tail = line.partition(" moves=")
        if not sep:
            continue
        fields = dict(t.split("=", 1) for t in head.split() if "=" in t)
        winner = {"1-0": 0, "0-1": 1, "1/2": None}.get(fields.get("result"), "none")
        if winner == "none":
            continue
        moves = tail.split()
        gid += 1
        for n in range(min(skip, len(moves)), len(moves)):
            side = n % 2  # 0: black to move
            result = 1 if winner is None else (2 if winner == side else 0)
            yield f"{gid} {size} {rule} {result} - {' '.join(moves[:n])}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", nargs="+", help="match.py --out files")
    ap.add_argument("--out", required=True)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--skip", type=int, default=4, help="stones of the opening (default 4)")
    args = ap.parse_args()
    n = 0
    with open(args.out, "w") as out:
        gid = 0
        for path in args.games:
            with open(path) as f:
                for s in samples(f, args.size, args.rule, args.skip, gid):
                    out.write(s + "\n")
                    gid = max(gid, int(s.split()[0]))
                    n += 1
    print(f"{gid} games, {n} positions -> {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
