#!/usr/bin/env python3
"""Pipes a scripted game through pbrain-wuzi and prints the conversation.

The scripted opponent plays fixed moves (skipping squares already taken) and the engine
answers each one; the transcript shows every line sent (>) and received (<).

  scripts/scripted_game.py [--engine target/release/pbrain-wuzi] [--moves 20] [--turn 300]
"""
import argparse
import subprocess

SCRIPT = [(7, 7), (8, 8), (6, 8), (9, 6), (5, 9), (10, 5), (4, 4), (11, 11), (3, 3), (12, 2),
          (2, 12), (13, 13), (1, 1), (0, 14), (14, 0), (6, 3), (3, 6), (11, 8), (8, 11), (12, 12)]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--moves", type=int, default=20, help="engine moves to play")
    ap.add_argument("--turn", type=int, default=300)
    args = ap.parse_args()
    p = subprocess.Popen([args.engine], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(line):
        print("> " + line)
        p.stdin.write(line + "\n")
        p.stdin.flush()

    def reply():
        while True:
            line = p.stdout.readline().rstrip("\n")
            print("< " + line)
            if not line.startswith("MESSAGE") and not line.startswith("DEBUG"):
                return line

    send("ABOUT")
    reply()
    send(f"INFO timeout_turn {args.turn}")
    send("START 15")
    reply()
    taken = set()
    script = iter(SCRIPT * 12)
    for _ in range(args.moves):
        mv = next(m for m in script if m not in taken)
        taken.add(mv)
        send(f"TURN {mv[0]},{mv[1]}")
        r = reply()
        x, y = map(int, r.split(","))
        assert (x, y) not in taken, "engine played an occupied square"
        taken.add((x, y))
    send("END")
    p.wait(timeout=2)
    print(f"# engine exited with status {p.returncode}")


if __name__ == "__main__":
    main()
