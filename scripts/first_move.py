#!/usr/bin/env python3
"""The first move of a game the way c-gomoku-cli starts it, timed, on a loaded machine.

c-gomoku-cli reuses the engine process and, for every game, sends `START n`, waits for `OK`,
then `INFO rule`, `INFO timeout_turn`, `INFO timeout_match`, `INFO max_memory 367001600`
(its default) and, per move, `INFO time_left` and `BEGIN` / `BOARD ... DONE`. So the table
may be resized after START, right before the first request (issue 14: a first-move time
forfeit at 1 s/move). This script sends exactly that, in one write as c-gomoku-cli does,
and reports the time from the request to the move against the limit, the engine's own
`tm` (counted from when it read the request), and what lies between (the protocol thread
busy before it could read the request).

It starts its own CPU hog (`--hog N` busy processes, default: one per core) and stops it.

--previous-memory M: each process first plays a game with max_memory M and idles 3 s (its
table faulted in), so the timed games start by changing the table's size.
--hashclear: YXHASHCLEAR right before each timed request (as Yixin-Board may send).

  scripts/first_move.py [--engine target/release/pbrain-wuzi] [--turn 1000] [--runs 10]
                        [--games 3] [--hog 2] [--memory 367001600]
                        [--previous-memory 1073741824] [--hashclear]
"""
import argparse
import os
import re
import subprocess
import time

OPENING = [(7, 7, 2), (8, 8, 1), (8, 7, 2)]


def start_hog(n):
    return [subprocess.Popen(["sh", "-c", "exec yes > /dev/null"]) for _ in range(n)]


def one_process(args):
    p = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    p.stdin.write("ABOUT\n")
    p.stdin.flush()
    p.stdout.readline()
    rows = []
    if args.previous_memory:
        p.stdin.write(f"START 15\nINFO timeout_turn 300\nINFO max_memory {args.previous_memory}\n")
        # Replies are read up to ABOUT's, which comes after them all.
        p.stdin.write("TURN 7,7\nTURN 3,3\nTURN 12,12\nABOUT\n")
        p.stdin.flush()
        while not p.stdout.readline().startswith("name="):
            pass
        time.sleep(3)
    for g in range(args.games):
        p.stdin.write("START 15\n")
        p.stdin.flush()
        assert p.stdout.readline().strip() == "OK"
        lines = ["INFO rule 0", f"INFO timeout_turn {args.turn}", "INFO timeout_match 0",
                 f"INFO max_memory {args.memory}", "INFO time_left 2147483647"]
        if args.hashclear:
            lines.append("YXHASHCLEAR")
        if g % 2 == 0:
            lines += ["BOARD"] + [f"{x},{y},{f}" for x, y, f in OPENING] + ["DONE"]
        else:
            lines += ["BEGIN"]
        t = time.monotonic()
        p.stdin.write("\n".join(lines) + "\n")
        p.stdin.flush()
        tm = None
        while True:
            line = p.stdout.readline()
            m = re.search(r" tm (\d+)ms", line)
            if m:
                tm = int(m.group(1))
            if not line.startswith("MESSAGE"):
                break
        ms = (time.monotonic() - t) * 1000
        rows.append((g, ms, tm if tm is not None else 0, line.strip()))
        # The rest of a short game, so the next START finds a used table.
        for mv in ["TURN 3,3", "TURN 12,12"]:
            p.stdin.write("INFO time_left 2147483647\n" + mv + "\n")
            p.stdin.flush()
            while p.stdout.readline().startswith("MESSAGE"):
                pass
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait()
    return rows


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--turn", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--games", type=int, default=3)
    ap.add_argument("--hog", type=int, default=os.cpu_count() or 2)
    ap.add_argument("--memory", type=int, default=367001600)
    ap.add_argument("--previous-memory", type=int, default=0)
    ap.add_argument("--hashclear", action="store_true")
    args = ap.parse_args()
    hog = start_hog(args.hog)
    worst = (0, 0)
    try:
        for r in range(args.runs):
            for g, ms, tm, reply in one_process(args):
                gap = ms - tm
                print(f"run {r} game {g}: move after {ms:7.1f} ms = {ms / args.turn:.2f} of the limit; "
                      f"engine tm {tm} ms; before the request was read {gap:6.1f} ms ({reply})", flush=True)
                worst = max(worst, (ms, gap))
    finally:
        for h in hog:
            h.kill()
            h.wait()
    print(f"worst first move {worst[0]:.1f} ms = {worst[0] / args.turn:.2f} of timeout_turn {args.turn} ms "
          f"(hog {args.hog}, max_memory {args.memory})")


if __name__ == "__main__":
    main()
