#!/usr/bin/env python3
"""The slow-start cases of a fresh process: how long the very first move takes against its
limit, with the request sent the moment START is answered (so nothing has warmed up: the
pattern tables, the hash table being faulted in, thread start-up).

Cases: board size 15 / 20 / 32, default memory / max_memory 1 GiB (a 750 MiB hash table),
1 / 2 threads. Each case runs --runs times in a new process; the worst reply time is shown
as a fraction of timeout_turn.

  scripts/slow_start.py [--engine target/release/pbrain-wuzi] [--turn 1000] [--runs 3] [--rule 0]

--rule is sent as INFO rule (4: renju, whose first search once waited ~70 ms for tables built
for every rule, its own last).
"""
import argparse
import subprocess
import time


def first_move(engine, size, memory, threads, turn, rule=0):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
    t0 = time.monotonic()
    setup = [f"INFO timeout_turn {turn}", "INFO timeout_match 0", f"INFO thread_num {threads}",
             f"INFO rule {rule}"]
    if memory:
        setup.append(f"INFO max_memory {memory}")
    p.stdin.write("\n".join(setup + [f"START {size}"]) + "\n")
    p.stdin.flush()
    ok = p.stdout.readline().strip()
    start_ms = (time.monotonic() - t0) * 1000
    c = size // 2
    t = time.monotonic()
    p.stdin.write(f"TURN {c},{c}\n")
    p.stdin.flush()
    while True:
        line = p.stdout.readline()
        if not line or not line.startswith("MESSAGE"):
            break
    reply_ms = (time.monotonic() - t) * 1000
    p.stdin.write("END\n")
    p.stdin.flush()
    p.wait()
    return ok, start_ms, reply_ms, line.strip()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--turn", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--rule", type=int, default=0)
    args = ap.parse_args()
    worst_all = 0.0
    for size in (15, 20, 32):
        for memory in (0, 1 << 30):
            for threads in (1, 2):
                results = [first_move(args.engine, size, memory, threads, args.turn, args.rule) for _ in range(args.runs)]
                assert all(r[0] == "OK" for r in results), results
                worst_start = max(r[1] for r in results)
                worst = max(r[2] for r in results)
                worst_all = max(worst_all, worst / args.turn)
                mem = "1 GiB  " if memory else "default"
                print(f"{size:2d}x{size:<2d} memory {mem} threads {threads}: START answered in <= {worst_start:5.1f} ms, "
                      f"first move in <= {worst:6.1f} ms = {worst / args.turn:.2f} of the limit ({results[-1][3]})")
    print(f"worst first move: {worst_all:.2f} of timeout_turn {args.turn} ms")


if __name__ == "__main__":
    main()
