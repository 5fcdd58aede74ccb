#!/usr/bin/env python3
"""Peak memory of pbrain-wuzi under different `INFO max_memory` values (Linux /proc).

For each limit it plays a few searched moves and reports VmHWM (peak resident) and VmPeak
(peak virtual: the whole hash table counts there even before it is touched).

  scripts/memory_check.py [--engine target/release/pbrain-wuzi] [--turn 2000] [--threads 1]
"""
import argparse
import subprocess

LIMITS_MIB = [32, 64, 128, 350, 1024]


def status(pid):
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            out[k] = v.strip()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--turn", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=1)
    args = ap.parse_args()
    moves = ["10,10", "11,11", "9,11", "12,9", "8,12"]
    for mib in LIMITS_MIB:
        p = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        p.stdin.write(f"INFO max_memory {mib << 20}\nINFO timeout_turn {args.turn}\nINFO thread_num {args.threads}\nSTART 20\n")
        p.stdin.flush()
        p.stdout.readline()
        for m in moves:
            p.stdin.write(f"TURN {m}\n")
            p.stdin.flush()
            while True:
                line = p.stdout.readline()
                if not line.startswith("MESSAGE"):
                    break
        st = status(p.pid)
        p.stdin.write("END\n")
        p.stdin.flush()
        p.wait()
        hwm = int(st["VmHWM"].split()[0]) / 1024
        peak = int(st["VmPeak"].split()[0]) / 1024
        verdict = "ok" if hwm < mib else "OVER"
        print(f"max_memory {mib:5d} MiB: peak resident {hwm:7.1f} MiB, peak virtual {peak:7.1f} MiB  {verdict}")


if __name__ == "__main__":
    main()
