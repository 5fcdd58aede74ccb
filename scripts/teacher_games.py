#!/usr/bin/env python3
"""Training data with a teacher's evaluation: a stronger engine (a Gomocup "pbrain" brain
such as Rapfi classical, built outside this repository) plays itself from an openings file,
and every position is written with the game result AND the teacher's search score of that
position, in Wuzi's sample format (`pbrain-wuzi train --data FILE` reads it):

    <game> <size> <rule> <result> <score|-> <x,y> <x,y> ...

The score is the teacher's last reported evaluation (`MESSAGE ... Eval N` lines, Rapfi's
normal message mode; a mate as +/-(30000 - n)), clamped to +/- --clamp, in the teacher's own
units: `train --score-k 200` reads Rapfi's scores on Rapfi's scale (win rate
sigmoid(eval / 200)) and `--lambda` mixes them with the results.
Positions where the teacher printed no evaluation (a move played without search) get `-`:
result only.

One fresh teacher process per game, the whole position sent with BOARD before each move (so
one process plays both colours); c-gomoku-cli's `-sample` cannot record the evaluation.

    scripts/teacher_games.py --engine /path/to/pbrain-rapfi --openings OPENINGS \
        --games 1500 --ms 60 --out data/rapfi_t1.txt
"""
import argparse
import multiprocessing
import random
import re
import sys
import time

from match import Engine, five_result, load_openings, parse_move

EVAL = re.compile(r"\bEval ([+-]?M?)(\d+)")  # "Eval -35", "Eval +M3" (mate in 3), "Eval -M4"


class Teacher(Engine):
    """match.py's engine, used for self-play with BOARD before each move."""

    def __init__(self, cmd, size, rule, ms, memory):
        super().__init__(cmd, "teacher")
        self.timeout = max(5.0, 20 * ms / 1000)  # a teacher that stops answering
        self.send(f"START {size}")
        if self.reply(self.timeout) != "OK":
            raise RuntimeError("no OK to START")
        for line in (f"INFO rule {rule}", f"INFO timeout_turn {ms}", "INFO timeout_match 0",
                     f"INFO max_memory {memory}", "INFO time_left 2147483647"):
            self.send(line)

    def play(self, moves):
        """Sends the position; returns (move, evaluation or None) for the side to move."""
        me = len(moves) % 2
        # Rapfi prints its move a moment before it accepts commands again, and drops what
        # comes in between (a BOARD sent at once after the move was read as unknown lines):
        # wait a little, as a manager sending the opponent's move would.
        time.sleep(0.005)
        self.messages.clear()
        self.send("BOARD")
        for k, (x, y) in enumerate(moves):
            self.send(f"{x},{y},{1 if k % 2 == me else 2}")
        self.send("DONE")
        line = self.reply(self.timeout)
        move = parse_move(line)
        if move is None:
            raise RuntimeError(f"no move from the teacher: {line!r}")
        ev = None
        for m in map(EVAL.search, self.messages):
            if m:
                sign, n = m.group(1), int(m.group(2))
                ev = (30000 - n if "M" in sign else n) * (-1 if "-" in sign else 1)
        return move, ev


def play_game(args, gid, opening):
    size = args.size
    moves = list(opening)
    board = {m: 1 + k % 2 for k, m in enumerate(moves)}  # match.py's board: 1 black, 2 white
    evals = []
    winner = None  # colour index 0 black, 1 white, None draw
    t = Teacher(args.engine, size, args.rule, args.ms, args.memory)
    try:
        while len(moves) < size * size:
            (x, y), ev = t.play(moves)
            if not (0 <= x < size and 0 <= y < size) or (x, y) in board:
                raise RuntimeError(f"illegal move {x},{y} in game {gid}")
            evals.append(ev)
            side = len(moves) % 2
            board[(x, y)] = 1 + side
            moves.append((x, y))
            if five_result(board, size, x, y, 1 + side, args.rule) == "five":
                winner = side
                break
    finally:
        t.close()
    lines = []
    for k, ev in enumerate(evals):
        ply = len(opening) + k
        stm = ply % 2
        result = 1 if winner is None else (2 if winner == stm else 0)
        if ev is None:
            score = "-"
        else:
            score = str(max(-args.clamp, min(args.clamp, ev)))
        pos = " ".join(f"{x},{y}" for x, y in moves[:ply])
        lines.append(f"{gid} {size} {args.rule} {result} {score} {pos}")
    return lines, winner


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--engine", required=True, help="teacher command line")
    ap.add_argument("--openings", required=True, help="openings file (as scripts/match.py reads)")
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--rule", type=int, default=0)
    ap.add_argument("--ms", type=int, default=60, help="ms a move (timeout_turn)")
    ap.add_argument("--memory", type=int, default=367001600)
    ap.add_argument("--clamp", type=int, default=3000, help="teacher scores clamped to +/- this")
    ap.add_argument("--concurrency", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1, help="opening order")
    ap.add_argument("--first-id", type=int, default=1, help="game id of the first game")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    ops = load_openings(args.openings, args.size)
    if not ops:
        sys.exit("no openings read")
    random.Random(args.seed).shuffle(ops)
    # One process plays both colours, so each opening is played once (a repeat would
    # differ only by the teacher's timing); openings are reused only past the end of the list.
    stats = {"black": 0, "white": 0, "draw": 0, "lost": 0, "positions": 0}
    # One worker process per concurrent game, each running its own teacher.
    with open(args.out, "w") as out, multiprocessing.Pool(args.concurrency) as pool:
        tasks = [(args, args.first_id + k, ops[k % len(ops)]) for k in range(args.games)]
        for done, (lines, winner, err) in enumerate(pool.imap_unordered(run_game, tasks), 1):
            if err:
                print(err, file=sys.stderr, flush=True)
                stats["lost"] += 1
                continue
            out.write("\n".join(lines) + "\n")
            out.flush()
            stats["positions"] += len(lines)
            stats[{0: "black", 1: "white", None: "draw"}[winner]] += 1
            if done % 50 == 0:
                print(f"{done}/{args.games} {stats}", flush=True)
    print(f"done {stats}", flush=True)


def run_game(task):
    args, gid, opening = task
    try:
        lines, winner = play_game(args, gid, opening)
        return lines, winner, None
    except Exception as e:  # a teacher crash loses that game only
        return [], None, f"game {gid}: {e}"


if __name__ == "__main__":
    main()
