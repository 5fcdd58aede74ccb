#!/usr/bin/env python3
"""Random protocol streams against pbrain-wuzi, checking the invariants every manager relies on:
nothing on stderr, only well-formed lines on stdout (LF endings, no CR, no empty lines, no
trailing blanks, known keywords or moves), the process alive until END, then exit status 0.

  scripts/fuzz_protocol.py [--engine target/release/pbrain-wuzi] [--sessions 200] [--seed 1]

A failing session is written to fuzz-failures/ as the exact bytes sent, to replay with
`pbrain-wuzi < file`.
"""
import argparse
import os
import random
import re
import subprocess
import sys
import threading
import time

WORDS = ["START", "RECTSTART", "RESTART", "BEGIN", "TURN", "BOARD", "INFO", "ABOUT", "TAKEBACK", "PLAY",
         "YXBOARD", "YXSTOP", "STOP", "YXSHOWFORBID", "YXHASHCLEAR", "YXSHOWINFO", "YXNBEST", "SWAP2BOARD",
         "DONE", "FOO", "yxblock", "start", "turn", "board", "info"]
KEYS = ["timeout_turn", "timeout_match", "time_left", "max_memory", "rule", "game_type", "folder", "evaluate",
        "max_depth", "max_node", "hash_size", "thread_num", "show_detail", "pondering", "caution_factor", "zzz"]
NUMS = ["0", "1", "2", "4", "5", "9", "15", "20", "32", "33", "-1", "-500", "+7", "07", "2147483647",
        "99999999999999999999", "abc", "", "1.5", "3,4", "8589934592"]
REPLY = re.compile(r"^(OK|\d+,\d+|(\d+,\d+ )*\d+,\d+|SWAP|FORBID (\d{4})*\.|(ERROR|UNKNOWN|MESSAGE|DEBUG) \S.*|name=\".*)$")


def coord(rng):
    return rng.choice([f"{rng.randint(-2, 34)},{rng.randint(-2, 34)}", f"{rng.randint(0, 14)},{rng.randint(0, 14)}",
                       f"{rng.randint(0, 19)} , {rng.randint(0, 19)}", "a,b", "1,2,3", ",", ""])


def session(rng):
    lines = [f"INFO timeout_turn {rng.choice(['0', '5', '30', '50'])}", "INFO timeout_match 0"]
    for _ in range(rng.randint(5, 60)):
        w = rng.choice(WORDS)
        up = w.upper()
        if up in ("START", "YXNBEST"):
            lines.append(f"{w} {rng.choice(NUMS)}")
        elif up == "RECTSTART":
            lines.append(f"{w} {rng.choice(NUMS)},{rng.choice(NUMS)}")
        elif up in ("TURN", "TAKEBACK", "PLAY"):
            lines.append(f"{w} {coord(rng)}")
        elif up == "INFO":
            key = rng.choice(KEYS)
            if key in ("timeout_turn", "time_left"):
                lines.append(f"{w} {key} {rng.choice(['0', '1', '20', '-5', 'x'])}")
            else:
                lines.append(f"{w} {key} {rng.choice(NUMS)}")
        elif up in ("BOARD", "YXBOARD", "SWAP2BOARD", "YXBLOCK"):
            lines.append(w)
            for _ in range(rng.randint(0, 30)):
                lines.append(rng.choice([f"{coord(rng)},{rng.choice(['1', '2', '3', '0', 'x'])}", coord(rng), "", "garbage"]))
            if rng.random() < 0.95:
                lines.append(rng.choice(["DONE", "done"]))
        else:
            lines.append(w)
        if rng.random() < 0.05:
            lines.append("x" * rng.randint(1, 200000))
        if rng.random() < 0.05:
            lines.append(bytes(rng.randint(0, 255) for _ in range(20)).decode("latin-1"))
    ends = ["\n", "\r\n", "\r"]
    end = rng.choice(ends)
    data = end.join(lines).encode("latin-1") + end.encode()
    return data + (b"END\n" if rng.random() < 0.7 else b"")


def run(engine, data, slow, timeout=60):
    p = subprocess.Popen([engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    out, err = [], []
    t1 = threading.Thread(target=lambda: out.append(p.stdout.read()))
    t2 = threading.Thread(target=lambda: err.append(p.stderr.read()))
    t1.start()
    t2.start()
    try:
        if slow:
            # Line by line with pauses, so requests are searched and answered, not cut by END.
            for chunk in data.split(b"\n"):
                p.stdin.write(chunk + b"\n")
                p.stdin.flush()
                time.sleep(0.003)
        else:
            p.stdin.write(data)
        p.stdin.close()
    except BrokenPipeError:
        pass
    try:
        p.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.kill()
        return "did not exit after END/EOF"
    t1.join()
    t2.join()
    if p.returncode != 0:
        return f"exit status {p.returncode}"
    if err[0]:
        return f"stderr: {err[0][:200]!r}"
    raw = out[0]
    if raw and not raw.endswith(b"\n"):
        return "unterminated last line"
    if b"\r" in raw:
        return "CR on stdout"
    for line in raw.decode("latin-1").split("\n")[:-1]:
        if not line or line != line.rstrip() or not REPLY.match(line):
            return f"bad line {line[:80]!r}"
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--sessions", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    failures = 0
    for k in range(args.sessions):
        data = session(rng)
        problem = run(args.engine, data, rng.random() < 0.5)
        if problem:
            failures += 1
            os.makedirs("fuzz-failures", exist_ok=True)
            path = f"fuzz-failures/session-{args.seed}-{k}.txt"
            with open(path, "wb") as f:
                f.write(data)
            print(f"session {k}: {problem} (saved {path})", flush=True)
    print(f"{args.sessions - failures} passed, {failures} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
