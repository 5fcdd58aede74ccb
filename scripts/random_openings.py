#!/usr/bin/env python3
"""Random near-centre openings in Gomocup offset notation (one per line, black first), for
data generation where variety matters more than balance (scripts/anchor_games.sh).

    python3 scripts/random_openings.py --count 2000 --seed 2026 > data/rand2000_offset.txt

Each opening has 2 to 6 distinct stones (4 twice as often as the others) within --radius of
the centre; no opening is repeated. Reproducible by --seed."""
import argparse
import random

ap = argparse.ArgumentParser()
ap.add_argument("--count", type=int, default=2000)
ap.add_argument("--seed", type=int, default=2026)
ap.add_argument("--radius", type=int, default=3)
a = ap.parse_args()
rng = random.Random(a.seed)
seen, out = set(), []
while len(out) < a.count:
    n = rng.choice([2, 3, 4, 4, 5, 6])
    cells = set()
    while len(cells) < n:
        cells.add((rng.randint(-a.radius, a.radius), rng.randint(-a.radius, a.radius)))
    seq = list(cells)
    rng.shuffle(seq)
    if tuple(seq) in seen:
        continue
    seen.add(tuple(seq))
    out.append(", ".join(f"{x},{y}" for x, y in seq))
print("\n".join(out))
