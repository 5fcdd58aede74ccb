#!/usr/bin/env python3
"""Pipes a scripted game through pbrain-wuzi and prints the conversation.

The scripted opponent (black, moving first) blocks the engine's fours and open threes and
otherwise plays its fixed list of moves; the engine answers each one. The game stops at a
five (freestyle) or after --moves engine moves. The transcript shows every line sent (>)
and received (<), then the final board.

  scripts/scripted_game.py [--engine target/release/pbrain-wuzi] [--moves 20] [--turn 300]
"""
import argparse
import subprocess

SCRIPT = [(7, 7), (8, 8), (6, 8), (9, 6), (5, 9), (10, 5), (4, 4), (11, 11), (3, 3), (12, 2),
          (2, 12), (13, 13), (1, 1), (0, 14), (14, 0), (6, 3), (3, 6), (11, 8), (8, 11), (12, 12)]


DIRS = [(1, 0), (0, 1), (1, 1), (1, -1)]


def five_at(stones, p):
    for dx, dy in DIRS:
        n = 1
        for s in (1, -1):
            k = 1
            while (p[0] + s * k * dx, p[1] + s * k * dy) in stones:
                n += 1
                k += 1
        if n >= 5:
            return True
    return False


def threat_block(mine, theirs, size=15):
    """A square that stops `theirs` making five next move, else one that stops an open four."""
    empty = [(x, y) for x in range(size) for y in range(size) if (x, y) not in mine and (x, y) not in theirs]
    for p in empty:
        if five_at(theirs | {p}, p):
            return p
    for p in empty:
        t = theirs | {p}
        # After p, would they have two different five-points (an open four)?
        points = [q for q in empty if q != p and five_at(t | {q}, q)]
        if len(points) >= 2:
            return p
    return None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--moves", type=int, default=20, help="engine moves to play")
    ap.add_argument("--turn", type=int, default=300)
    ap.add_argument("--opponent", help="take the scripted side's moves from this engine instead of the list")
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
    opp = None
    if args.opponent:
        opp = subprocess.Popen([args.opponent], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

        def ask(line):
            opp.stdin.write(line + "\n")
            opp.stdin.flush()
            while True:
                r = opp.stdout.readline().strip()
                if not r.startswith("MESSAGE"):
                    return r

        ask(f"INFO timeout_turn {args.turn}\nSTART 15")
    ours, engine = set(), set()
    last = None
    script = iter(SCRIPT * 12)
    result = f"no five after {args.moves} engine moves"
    for n in range(args.moves):
        if opp:
            mv = tuple(map(int, ask("BEGIN" if last is None else f"TURN {last[0]},{last[1]}").split(",")))
        else:
            mv = threat_block(ours, engine) or next(m for m in script if m not in ours and m not in engine)
        ours.add(mv)
        send(f"TURN {mv[0]},{mv[1]}")
        if five_at(ours, mv):
            result = "the scripted side made five"
            break
        r = reply()
        x, y = map(int, r.split(","))
        assert (x, y) not in ours and (x, y) not in engine, "engine played an occupied square"
        engine.add((x, y))
        last = (x, y)
        if five_at(engine, (x, y)):
            result = f"the engine made five with its move {n + 1}"
            break
    send("END")
    if opp:
        opp.stdin.write("END\n")
        opp.stdin.flush()
    p.wait(timeout=2)
    print(f"# {result}; engine exited with status {p.returncode}")
    for y in range(15):
        print("# " + " ".join("X" if (x, y) in ours else "O" if (x, y) in engine else "." for x in range(15)))


if __name__ == "__main__":
    main()
