#!/usr/bin/env python3
"""Nodes/s and depth of timed searches in one process, as a game runs them.

One engine process gets `START SIZE`, `INFO timeout_turn MS`, `INFO timeout_match 0` and, with
`--memory`, `INFO max_memory` (without it the hash table is the size a per-move limit of MS
gets within the default budget), then a `BOARD` of each of the first `--count` openings of
`--openings` in turn (any format `match.py` reads). Between searches it waits `--gap` seconds,
as the engine waits while its opponent thinks, so that the background prefault thread can
fault the table in as it does in a game. Figures come from the final `MESSAGE` of each search
(`depth`, `n/s`). Prints the median and mean nodes/s and the mean depth. Interleave two
builds' runs to compare them: one run is noisy by several percent. `depth.py --games` is the
same in one process over positions from game records, with no pause between them.

    python3 scripts/nps_probe.py BIN [--count 20] [--ms 1000] [--gap 0.7] [--memory BYTES]
        [--openings ../shared/data/openings/balanced_freestyle15_40_pos.txt] [--size 15]

Session 68 measured the hash table's 2 MiB pages with it (README, "How it works").
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from match import load_openings  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine")
    ap.add_argument("--openings", default=os.path.join(os.path.dirname(__file__), "..", "..", "shared",
                                                       "data", "openings", "balanced_freestyle15_40_pos.txt"))
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--ms", type=int, default=1000)
    ap.add_argument("--gap", type=float, default=0.7)
    ap.add_argument("--memory", type=int, default=0,
                    help="INFO max_memory in bytes (default none sent)")
    a = ap.parse_args()
    openings = load_openings(a.openings, a.size)[: a.count]
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
    for k, mv in enumerate(openings):
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
        if k + 1 < len(openings):
            time.sleep(a.gap)
    send("END")
    p.wait(timeout=10)
    print(f"{len(nps)} searches: median {statistics.median(nps):.0f} nodes/s, "
          f"mean {statistics.mean(nps):.0f}, mean depth {statistics.mean(depths):.2f}")


if __name__ == "__main__":
    main()
