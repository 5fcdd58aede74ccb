#!/usr/bin/env python3
"""How fast pbrain-wuzi ends on END, on EOF and when its stdout is closed, idle and while
thinking (on a 60 s move limit) and while pondering. The time runs from the event to the
process being gone (all threads with it).

  scripts/exit_timing.py [--engine target/release/pbrain-wuzi] [--runs 10] [--how END --how EOF ...]
"""
import argparse
import subprocess
import time


def once(engine, how, state):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    setup = b"INFO timeout_turn 60000\n" if state != "pondering" else b"INFO timeout_turn 100\nINFO pondering 1\n"
    p.stdin.write(setup + b"START 20\n")
    p.stdin.flush()
    p.stdout.readline()
    if state == "thinking":
        p.stdin.write(b"BOARD\n10,10,2\n11,11,1\n9,11,2\nDONE\n")
        p.stdin.flush()
        time.sleep(0.2)
    elif state == "pondering":
        p.stdin.write(b"TURN 10,10\n")
        p.stdin.flush()
        while p.stdout.readline().startswith(b"MESSAGE"):
            pass
        time.sleep(0.2)
    t = time.monotonic()
    if how == "END":
        p.stdin.write(b"END\n")
        p.stdin.flush()
    elif how == "EOF":
        p.stdin.close()
    else:
        p.stdout.close()
    while p.poll() is None:
        if time.monotonic() - t > 10:
            p.kill()
            p.wait()
            return float("inf"), "still running after 10 s (killed)"
        time.sleep(0.0005)
    return (time.monotonic() - t) * 1000, p.returncode


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--runs", type=int, default=10)
    ap.add_argument("--how", action="append", choices=["END", "EOF", "closed stdout"],
                    help="only these events (repeatable; default: all three)")
    args = ap.parse_args()
    for how in args.how or ("END", "EOF", "closed stdout"):
        for state in ("idle", "thinking", "pondering"):
            r = [once(args.engine, how, state) for _ in range(args.runs)]
            ms = sorted(x[0] for x in r)
            codes = sorted(set(x[1] for x in r))
            print(f"{how:13s} while {state:9s}: median {ms[len(ms) // 2]:5.1f} ms, max {ms[-1]:5.1f} ms, exit status {codes}")


if __name__ == "__main__":
    main()
