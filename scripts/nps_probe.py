#!/usr/bin/env python3
"""Nodes/s and depth of timed searches in one process, as a game runs them.

One engine process gets `START 15`, `INFO timeout_turn MS` and `INFO timeout_match 0` (no
`max_memory`, so the hash table is the size a per-move limit of MS gets), then a `BOARD` of
each of the first `--count` openings of `--openings` in turn. Between searches it waits
`--gap` seconds, as the engine waits while its opponent thinks, so that the background
prefault thread can fault the table in as it does in a game. Figures come from the final
`MESSAGE` of each search (`depth`, `n/s`). Prints the median and mean nodes/s and the mean
depth. Interleave two builds' runs to compare them: one run is noisy by a few percent.

    python3 scripts/nps_probe.py BIN [--count 20] [--ms 1000] [--gap 0.7] \\
        [--openings ../shared/data/openings/balanced_freestyle15_40_pos.txt]

Session 68 measured the hash table's 2 MiB pages with it (README, "How it works").
"""
import argparse
import re
import statistics
import subprocess
import time


def moves(line):
    return [(ord(c) - 97, int(r) - 1) for c, r in re.findall(r"([a-o])(\d+)", line)]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("engine")
    ap.add_argument("--openings", default="../shared/data/openings/balanced_freestyle15_40_pos.txt")
    ap.add_argument("--count", type=int, default=20)
    ap.add_argument("--ms", type=int, default=1000)
    ap.add_argument("--gap", type=float, default=0.7)
    ap.add_argument("--memory", type=int, default=0,
                    help="INFO max_memory in bytes (default none sent)")
    a = ap.parse_args()
    openings = [l for l in open(a.openings).read().split() if l][: a.count]
    p = subprocess.Popen(a.engine, shell=True, stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + "\n")
        p.stdin.flush()

    send("START 15")
    if p.stdout.readline().strip() != "OK":
        raise SystemExit("the engine refused START 15")
    send(f"INFO timeout_turn {a.ms}")
    send("INFO timeout_match 0")
    if a.memory:
        send(f"INFO max_memory {a.memory}")
    nps, depths = [], []
    for k, line in enumerate(openings):
        mv = moves(line)
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
