#!/usr/bin/env python3
"""Memory of pbrain-wuzi under different `INFO max_memory` values (Linux /proc).

For each limit (and once with no max_memory at all) it plays a few searched moves and,
after every move, reads USS (unique set size: Private_Clean + Private_Dirty of
/proc/PID/smaps_rollup, what Gomocup measures after each move) and RSS; it reports the
peaks, VmHWM (peak resident as the kernel saw it) and VmPeak (peak virtual: the whole
hash table counts there even before it is touched), and whether the peak USS and RSS
stay under the limit.

  scripts/memory_check.py [--engine target/release/pbrain-wuzi] [--turn 2000] [--threads 1] [--limit 350]

The engine may be a wrapper that execs the brain (scripts/wine-brain.sh's: then the process
measured is wine's, which hosts pbrain-wuzi.exe, wine's own libraries included).
"""
import argparse
import subprocess

LIMITS_MIB = [32, 64, 128, 350, 1024, 2048, None]


def status(pid):
    out = {}
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            k, _, v = line.partition(":")
            out[k] = v.strip()
    return out


def kib(field):
    return int(field.split()[0])


def uss_rss_kib(pid):
    uss = rss = 0
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            k, _, v = line.partition(":")
            if k in ("Private_Clean", "Private_Dirty"):
                uss += kib(v)
            elif k == "Rss":
                rss = kib(v)
    return uss, rss


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--turn", type=int, default=2000)
    ap.add_argument("--threads", type=int, default=1)
    ap.add_argument("--limit", type=int, action="append",
                    help="only this max_memory in MiB (repeatable; 350 = Gomocup's 367001600 bytes)")
    args = ap.parse_args()
    moves = ["10,10", "11,11", "9,11", "12,9", "8,12"]
    for mib in args.limit or LIMITS_MIB:
        p = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        setup = f"INFO max_memory {mib << 20}\n" if mib else ""
        p.stdin.write(setup + f"INFO timeout_turn {args.turn}\nINFO thread_num {args.threads}\nSTART 20\n")
        p.stdin.flush()
        p.stdout.readline()
        peak_uss = peak_rss = 0
        for m in moves:
            p.stdin.write(f"TURN {m}\n")
            p.stdin.flush()
            while True:
                line = p.stdout.readline()
                if not line.startswith("MESSAGE"):
                    break
            uss, rss = uss_rss_kib(p.pid)
            peak_uss, peak_rss = max(peak_uss, uss), max(peak_rss, rss)
        st = status(p.pid)
        p.stdin.write("END\n")
        p.stdin.flush()
        p.wait()
        hwm = kib(st["VmHWM"]) / 1024
        peak = kib(st["VmPeak"]) / 1024
        uss, rss = peak_uss / 1024, peak_rss / 1024
        name = f"{mib:5d} MiB" if mib else "     none"
        limit = mib if mib else 256
        verdict = "ok" if max(uss, rss, hwm) < limit else "OVER"
        print(f"max_memory {name}: peak USS {uss:7.1f} MiB, peak RSS {rss:7.1f} MiB, VmHWM {hwm:7.1f} MiB, "
              f"VmPeak {peak:7.1f} MiB  {verdict}" + ("" if mib else " (against the 256 MiB default budget)"))


if __name__ == "__main__":
    main()
