#!/usr/bin/env python3
"""Games under GomocupJudge's own match code: Wuzi against itself through
`client/ai_match.py` of a GomocupJudge checkout you fetched yourself (outside this
repository), with the tournament server's socket stubbed out. The judge's engine wrapper
(`new_protocol.py`) suspends each engine between its moves (psutil: SIGSTOP / SIGCONT),
measures its memory as USS after every move and scores time-outs, crashes, illegal moves
and renju fouls as losses, exactly as in Gomocup.

  scripts/gomocupjudge_games.py --judge /path/to/GomocupJudge [--engine BIN] [--games 2]
      [--turn 1000] [--match 60000] [--configs freestyle,standard,renju,caro,caro9,swap2,free20]

Needs psutil (the judge imports it). Prints one line per game and a summary; exit status 1
when any game ended other than by a five or a full board (the judge's `endby` 0).
"""
import argparse
import contextlib
import io
import os
import sys
import tempfile
import time

CONFIGS = {
    # name: (board size, rule, special rule, opening)
    "freestyle": (15, 0, "", [(7, 7), (8, 8), (6, 8)]),
    "standard": (15, 1, "", [(7, 7), (7, 8), (9, 7)]),
    "renju": (15, 4, "", [(7, 7), (8, 7), (8, 8)]),
    "caro": (15, 8, "", [(7, 7), (6, 8), (8, 6)]),
    "caro9": (15, 9, "", [(7, 7), (6, 8), (8, 6)]),
    "swap2": (15, 0, "swap2", []),
    "free20": (20, 0, "", [(10, 10), (11, 11), (9, 11)]),
}
ENDBY = {0: "five or draw", 1: "foul", 2: "timeout", 3: "illegal move", 4: "crash"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--judge", required=True, help="GomocupJudge checkout (its client/ folder is imported)")
    ap.add_argument("--engine", default="target/release/pbrain-wuzi")
    ap.add_argument("--games", type=int, default=2, help="games per configuration (the same engine on both sides)")
    ap.add_argument("--turn", type=int, default=1000, help="timeout_turn, ms")
    ap.add_argument("--match", type=int, default=60000, help="timeout_match, ms")
    ap.add_argument("--configs", default=",".join(CONFIGS))
    args = ap.parse_args()
    sys.path.insert(0, os.path.join(os.path.abspath(args.judge), "client"))
    from ai_match import ai_match  # noqa: E402 (the judge's module)

    engine = os.path.abspath(args.engine)
    settings = {"send": lambda _msg: None, "recv": lambda _n: b"received"}
    bad, total = 0, 0
    for name in args.configs.split(","):
        size, rule, special, opening = CONFIGS[name]
        for g in range(args.games):
            with tempfile.TemporaryDirectory() as d1, tempfile.TemporaryDirectory() as d2:
                match = ai_match(
                    board_size=size, opening=[tuple(p) for p in opening], cmd_1=engine, cmd_2=engine,
                    protocol_1="new", protocol_2="new", timeout_turn_1=args.turn, timeout_turn_2=args.turn,
                    timeout_match_1=args.match, timeout_match_2=args.match, game_type=1, rule=rule,
                    folder_1=d1, folder_2=d2, working_dir_1=d1, working_dir_2=d2, tolerance=1000,
                    settings=settings, special_rule=special,
                )
                started = time.time()
                chatter = io.StringIO()
                with contextlib.redirect_stdout(chatter):
                    msg, psq, result, endby = match.play()
                # psq: (x, y, time used so far by the side that moved, ms)
                worst, last = 0, [0, 0]
                for k, (_x, _y, t) in enumerate(psq):
                    side = k % 2
                    worst = max(worst, t - last[side])
                    last[side] = t
            total += 1
            bad += endby != 0
            winner = {0: "draw", 1: "first engine", 2: "second engine"}.get(result, result)
            # With swap2 the engines trade sides during the opening, so the record's running
            # times do not alternate by move: no per-move figure.
            slowest = "n/a (swap2)" if special else f"{worst} ms of {args.turn}"
            print(f"{name} game {g + 1}: {len(psq)} moves, winner {winner}, ended by {ENDBY.get(endby, endby)}, "
                  f"slowest move {slowest}, {time.time() - started:.0f}s", flush=True)
    print(f"gomocupjudge_games: {total} games, {bad} not ended by a five or a full board")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
