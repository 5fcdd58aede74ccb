#!/usr/bin/env python3
"""Wuzi against a reference engine under c-gomoku-cli: the match that decides a strength claim.

Plays ENGINE against OPPONENT from an openings file, each opening with both colours, and
prints the score (wins, losses, draws), Wuzi's share with an Elo estimate and its 95 % bar,
the score by colour, and every game lost other than on the board (time, crash, illegal or
forbidden move) with the engine at fault. c-gomoku-cli charges a START that an engine
refused (Rapfi drops one that arrives just after its winning move) to the side to move of
the next game, whichever engine refused: such a game counts here against the engine that
refused it (`cgomoku_soak.blame`). The games (SGF), c-gomoku-cli's output (cli.txt,
cli_err.txt) and a summary are kept in --out.

  scripts/yardstick.py --engine target/release/pbrain-wuzi --opponent /path/to/pbrain-rapfi \\
      --openings openings.txt --type pos --games 160 --tc 0/1 --concurrency 2 --out runs/free15

Openings: --type pos (c-gomoku-cli's `h8i9...` notation), offset (Gomocup's `dx,dy, dx,dy`),
or xy (each line's absolute `x,y` pairs, black first, anything else on the line ignored:
for example the 26 renju openings as `D1 name 7,7 6,7 5,7`), converted here to offset.
--concurrency N plays N games at once, one c-gomoku-cli each, every N-th opening of the
(--seed-shuffled) file to each: on a machine with more cores give it half the cores (each
game runs one engine at a time). Runs on other machines add up: each summary.json holds its
counts. Renju: Rapfi's classical engine (0.43) run two games at once under c-gomoku-cli
loses its first moves on time on a 2-core machine, by either form of concurrency; play
renju with --concurrency 1 there.

The clock: --tc MATCH/TURN in seconds as c-gomoku-cli takes it (`0/1` is 1 s a move with no
game clock; `24/1` is 24 s a game and 1 s a move). A move past its limit loses by time under
c-gomoku-cli's tolerance (--tolerance, ms).

c-gomoku-cli is found by --cli, else $CGOMOKU_CLI, else on PATH.
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import cgomoku_soak  # noqa: E402


def tally(text, name, err=""):
    """Wins, losses and draws of `name` in one c-gomoku-cli's output (`err`: its stderr), the
    same by colour, and the games that did not end on the board, each with the engine at
    fault. A game c-gomoku-cli charged to the wrong engine (a START refused by the other one,
    which it charges to the side to move: `cgomoku_soak.blame`) counts for the right one."""
    culprits = {g: culprit for g, _, culprit, _, _ in cgomoku_soak.blame(text, err)}
    w = l = d = 0
    by_colour = {"black": [0, 0, 0], "white": [0, 0, 0]}
    odd = []
    for _, num, black, white, result, why in cgomoku_soak.FINISHED.findall(text):
        colour = "black" if black == name else "white"
        if result == "1/2-1/2":
            d += 1
            by_colour[colour][2] += 1
            if not re.search(r"fullfilled board|adjudication", why):
                odd.append(f"{black} vs {white}: {result} {why}")
            continue
        won = (result == "1-0") == (black == name)
        culprit = culprits.get(int(num))
        if "five connection" not in why:
            if culprit is not None:
                won = culprit != name
            odd.append(f"{black} vs {white}: {result} {why} (at fault: {culprit or 'not named'})")
        if won:
            w += 1
            by_colour[colour][0] += 1
        else:
            l += 1
            by_colour[colour][1] += 1
    return w, l, d, by_colour, odd


def xy_to_offset(src, dst, size):
    """Each line's absolute `x,y` pairs as Gomocup offsets from the centre."""
    c = size // 2
    n = 0
    with open(src) as f, open(dst, "w") as out:
        for line in f:
            if line.lstrip().startswith("#"):
                continue
            pairs = re.findall(r"(?<![\d,])(\d+),(\d+)(?![\d,])", line)
            if not pairs:
                continue
            out.write(", ".join(f"{int(x) - c},{int(y) - c}" for x, y in pairs) + "\n")
            n += 1
    return n


def find_cli(given):
    for c in (given, os.environ.get("CGOMOKU_CLI"), shutil.which("c-gomoku-cli")):
        if c and os.path.isfile(c) and os.access(c, os.X_OK):
            return os.path.abspath(c)
    sys.exit("c-gomoku-cli not found: give --cli, set CGOMOKU_CLI or put it on PATH")


def main():
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--engine", required=True, help="the Wuzi binary")
    ap.add_argument("--opponent", required=True, help="the reference engine's binary")
    ap.add_argument("--name", default="wuzi")
    ap.add_argument("--opponent-name", default="ref")
    ap.add_argument("--openings", required=True)
    ap.add_argument("--type", choices=["pos", "offset", "xy"], default="pos")
    ap.add_argument("--games", type=int, default=160, help="games, both colours of each opening")
    ap.add_argument("--tc", default="0/1", help="MATCH/TURN in seconds (default 0/1)")
    ap.add_argument("--rule", type=int, default=0, help="0 freestyle, 1 standard, 4 renju")
    ap.add_argument("--size", type=int, default=15)
    ap.add_argument("--concurrency", type=int, default=1)
    ap.add_argument("--tolerance", type=int, default=1000, help="ms past a limit (default 1000)")
    ap.add_argument("--seed", type=int, default=1, help="shuffles the openings")
    ap.add_argument("--memory", type=int, default=0, help="max_memory in bytes for both (0: theirs)")
    ap.add_argument("--out", default="yardstick")
    ap.add_argument("--cli")
    ap.add_argument("--log", action="store_true", help="c-gomoku-cli's I/O log in each shard's folder")
    a = ap.parse_args()

    cli = find_cli(a.cli)
    out = os.path.abspath(a.out)
    os.makedirs(out, exist_ok=True)
    openings, kind = os.path.abspath(a.openings), a.type
    if kind == "xy":
        conv = os.path.join(out, "openings_offset.txt")
        if xy_to_offset(openings, conv, a.size) == 0:
            sys.exit(f"no x,y openings in {a.openings}")
        openings, kind = conv, "offset"

    def engine(name, path):
        e = ["-engine", f"name={name}", f"cmd={os.path.abspath(path)}", f"tc={a.tc}"]
        e.append(f"tolerance={a.tolerance / 1000:g}")
        if a.memory:
            e.append(f"maxmemory={a.memory}")
        return e

    # Shards: one c-gomoku-cli per concurrent game, each with every k-th opening, played in
    # the file's order; a machine's runs and several machines' runs add up the same way.
    with open(openings) as f:
        lines = [x for x in f if x.strip() and not x.lstrip().startswith("#")]
    shards = max(1, min(a.concurrency, len(lines), a.games // 2))
    rng = random.Random(a.seed)
    rng.shuffle(lines)
    procs = []
    t0 = time.time()
    for k in range(shards):
        folder = os.path.join(out, f"shard{k}")
        os.makedirs(folder, exist_ok=True)
        part = os.path.join(folder, "openings.txt")
        with open(part, "w") as f:
            f.writelines(lines[k::shards])
        n = 2 * ((a.games // 2) // shards + (k < (a.games // 2) % shards))
        cmd = [cli] + engine(a.name, a.engine) + engine(a.opponent_name, a.opponent)
        cmd += ["-rule", str(a.rule), "-boardsize", str(a.size), "-games", str(n), "-repeat"]
        cmd += ["-drawafter", str(a.size * a.size), "-sgf", os.path.join(folder, "games.sgf")]
        cmd += ["-openings", f"file={part}", f"type={kind}"] + (["-log"] if a.log else [])
        with open(os.path.join(folder, "command.txt"), "w") as f:
            f.write(" ".join(cmd) + "\n")
        # stderr apart: written unbuffered, it would split the lines of the buffered stdout.
        with open(os.path.join(folder, "cli.txt"), "w") as o, \
                open(os.path.join(folder, "cli_err.txt"), "w") as e:
            procs.append((subprocess.Popen(cmd, stdout=o, stderr=e, cwd=folder), folder))
    w = l = d = 0
    by_colour = {"black": [0, 0, 0], "white": [0, 0, 0]}
    odd = []
    for p, folder in procs:
        p.wait()
        with open(os.path.join(folder, "cli.txt")) as f, open(os.path.join(folder, "cli_err.txt")) as e:
            sw, sl, sd, sc, so = tally(f.read(), a.name, e.read())
        w, l, d, odd = w + sw, l + sl, d + sd, odd + so
        for c in by_colour:
            by_colour[c] = [x + y for x, y in zip(by_colour[c], sc[c])]
    if w + l + d == 0:
        sys.exit(f"no game finished: see {out}/shard*/cli*.txt")
    n = w + l + d
    lines = [
        f"{a.name} vs {a.opponent_name}: size {a.size} rule {a.rule} tc {a.tc}, {n} games "
        f"({time.time() - t0:.0f} s)",
        f"  +{w} -{l} ={d}  {100 * (w + d / 2) / n:.1f} %  Elo {cgomoku_soak.elo(w, l, d)}",
    ]
    for colour, (cw, cl, cd) in by_colour.items():
        lines.append(f"  as {colour}: +{cw} -{cl} ={cd}")
    lines.append(f"  games not ended on the board: {len(odd)}")
    lines += ["    " + o for o in odd]
    print("\n".join(lines))
    with open(os.path.join(out, "summary.json"), "w") as f:
        json.dump(
            {"wins": w, "losses": l, "draws": d, "by_colour": by_colour, "odd": odd,
             "args": vars(a)},
            f,
            indent=1,
        )


if __name__ == "__main__":
    main()
